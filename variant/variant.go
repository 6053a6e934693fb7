// Package variant describes variant Sudoku puzzles: a grid of givens whose
// boxes may be replaced by irregular regions, with constraints over its
// cells (killer cages, thermometers, arrows, Kropki dots, XV, diagonals,
// anti-knight, anti-king, non-consecutive, even and odd cells).
//
// The package is the model alone, shared by the importers, the CNF encoder,
// the independent search engine and the validator; none of them may keep
// their own idea of what a constraint means beyond what is written here.
package variant

import (
	"github.com/sudokusat/sudokusat"
)

// Kind names a kind of constraint. The names are the ones written in
// messages, in JSON and on the command line.
type Kind string

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

// Constraint is one rule of a variant puzzle. Which fields matter depends
// on Kind; see the constants.
type Constraint struct {
	Kind  Kind
	Cells []int
	// Lines are the arrow's lines, each from the cell next to the circle
	// outwards.
	Lines [][]int
	// Value is the killer cage's sum (0: none) or the XV pair's sum.
	Value int
}

// Puzzle is a variant Sudoku: the size and the givens, the regions that
// replace the boxes, and the constraints.
type Puzzle struct {
	// Grid holds the size and the givens (0 for a blank). Its box shape
	// is ignored when Regions is set.
	Grid *sudokusat.Grid
	// Regions, when not nil, gives each cell's region (0..N-1) in place
	// of the grid's boxes: a jigsaw puzzle. Each region has N cells.
	Regions []int
	// Constraints are the puzzle's rules beyond rows, columns and
	// regions, in the order the puzzle gave them.
	Constraints []Constraint
}

// Size returns N, the grid's side.
func (p *Puzzle) Size() int { return p.Grid.Size() }

// Region returns the region of a cell: Regions[cell] when set, else the
// grid's box.
func (p *Puzzle) Region(cell int) int {
	if p.Regions != nil {
		return p.Regions[cell]
	}
	n := p.Size()
	return p.Grid.Box(cell/n, cell%n)
}

// Classic reports whether p is a classic Sudoku: no constraint and the
// grid's own boxes, so that every classic engine can solve it.
func (p *Puzzle) Classic() bool { return p.Regions == nil && len(p.Constraints) == 0 }
