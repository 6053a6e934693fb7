// Package variant describes variant Sudoku puzzles: a grid of givens whose
// boxes may be replaced by irregular regions, with rules over its cells
// (killer cages, thermometers, arrows, Kropki dots, XV, diagonals,
// anti-knight, anti-king, non-consecutive, even and odd cells), and reads
// them, with classic grids, from every input format (Reader).
//
// Kinds is the table of the kinds of rule, each with its meaning in one
// sentence; rules.go holds each kind's validator, checker and f-puzzles
// form.
//
// A puzzle is a sudokusat.Puzzle, whose Rules this package gives their
// meaning: the importers, the CNF encoder, the independent search engine
// and the validator share it, and none of them may keep their own idea of
// what a rule means beyond what is written here.
package variant

// Kind names a kind of rule: a sudokusat.Rule's Kind. The names are the
// ones written in messages, in JSON and on the command line.
type Kind = string
