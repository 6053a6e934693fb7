// Package variant describes variant Sudoku puzzles: a grid of givens whose
// boxes may be replaced by irregular regions, with constraints over its
// cells (killer cages, thermometers, arrows, Kropki dots, XV, diagonals,
// anti-knight, anti-king, non-consecutive, even and odd cells).
//
// A puzzle is a sudokusat.Puzzle, whose Rules this package gives their
// meaning: the importers, the CNF encoder, the independent search engine
// and the validator share it, and none of them may keep their own idea of
// what a rule means beyond what is written here.
package variant

// Kind names a kind of rule: a sudokusat.Rule's Kind. The names are the
// ones written in messages, in JSON and on the command line.
type Kind = string

// The constraint kinds. Cells are numbered row-major from 0 (cell = r·N+c).
// A kind marked "global" has no cells: it applies to the whole grid.
const (
	// Region: the cells (at most N) hold distinct digits. Extra regions
	// of variant puzzles, and the two diagonals, are regions.
	Region Kind = "region"
	// DiagonalMain: the cells of the diagonal from r1c1 to rNcN hold
	// distinct digits. Cells lists them.
	DiagonalMain Kind = "diagonal-"
	// DiagonalAnti: the cells of the diagonal from rNc1 to r1cN hold
	// distinct digits. Cells lists them.
	DiagonalAnti Kind = "diagonal+"
	// Killer: the cells hold distinct digits that sum to Value, or to
	// anything when Value is 0.
	Killer Kind = "killer"
	// Thermo: the digits strictly increase along Cells, from the bulb
	// (Cells[0]).
	Thermo Kind = "thermo"
	// Arrow: the digits along each of Lines sum, all lines together, to
	// the number that Cells (the circle, one cell or a pill of several
	// read left to right, top to bottom, as decimal digits) makes.
	Arrow Kind = "arrow"
	// White: the two Cells hold consecutive digits (a white Kropki dot).
	White Kind = "white"
	// Black: one of the two Cells holds twice the other (a black Kropki
	// dot).
	Black Kind = "black"
	// XV: the two Cells sum to Value, 5 (V) or 10 (X).
	XV Kind = "xv"
	// Even and Odd: the one cell of Cells holds an even or an odd digit.
	Even Kind = "even"
	Odd  Kind = "odd"
	// AntiKnight (global): two cells a chess knight's move apart hold
	// different digits.
	AntiKnight Kind = "anti-knight"
	// AntiKing (global): two cells a king's move apart (diagonally
	// touching included) hold different digits.
	AntiKing Kind = "anti-king"
	// NonConsecutive (global): orthogonally adjacent cells do not hold
	// consecutive digits. It is the negative rule of white dots: a pair
	// with a Kropki dot, of either colour, is exempt (an edge holds one
	// dot, and a 1–2 pair, both consecutive and of ratio 2, may carry
	// either, as Kropki puzzles have it).
	NonConsecutive Kind = "non-consecutive"
	// NoBlack (global): orthogonally adjacent cells without a Kropki dot,
	// of either colour, do not hold digits of ratio 2 (the black dots'
	// negative rule).
	NoBlack Kind = "no-black"
	// NoXV (global): orthogonally adjacent cells without an X or a V do
	// not sum to 5 or to 10 (the negative rule of XV).
	NoXV Kind = "no-xv"
)
