package encode

import (
	"errors"
	"fmt"
	"strings"

	"github.com/sudokusat/sudokusat"
)

// Encoding builds a formula from a puzzle.
type Encoding func(g *sudokusat.Grid) (*Formula, error)

// Default is the name of the encoding sudokusat uses unless told otherwise.
// Reduced wins on every size measured: it is the smallest formula and the
// only one that scales to large grids.
const Default = "reduced"

// ErrUnknownEncoding reports an encoding name that Lookup does not know.
var ErrUnknownEncoding = errors.New("unknown encoding")

// Info describes one encoding.
type Info struct {
	Name  string   // the name Lookup takes
	Doc   string   // one line, for help texts
	Build Encoding // the encoding itself
}

// Encodings describes every encoding Lookup knows, in order of growing
// strength, reduced-pairwise (as strong as reduced) last. It is the one
// list of encodings: Names, Describe, Resolve and Lookup all read it. The
// slice is new on each call, so that no caller can change another's.
func Encodings() []Info {
	return []Info{
		{"minimal", "cell at-least-one and pairwise at-most-one per row, column and box (Lynce & Ouaknine)", Minimal},
		{"efficient", "minimal plus at most one digit per cell (Weber)", Efficient},
		{"extended", "exactly one digit per cell and per row, column and box (Lynce & Ouaknine)", Extended},
		{"reduced", "givens propagated first; only the candidates left are variables (the default)", Reduced},
		{"reduced-pairwise", "reduced with pairwise at-most-one in every group: more clauses, no auxiliary variables", ReducedPairwise},
	}
}

// Names lists the encodings Lookup knows, in the order of Encodings.
func Names() []string {
	var names []string
	for _, e := range Encodings() {
		names = append(names, e.Name)
	}
	return names
}

// Describe returns the encoding with the given name; the empty name means
// Default. An unknown name gives an error wrapping ErrUnknownEncoding that
// lists the known ones.
func Describe(name string) (Info, error) {
	if name == "" {
		name = Default
	}
	for _, e := range Encodings() {
		if e.Name == name {
			return e, nil
		}
	}
	return Info{}, fmt.Errorf("%w %q (want one of %s)", ErrUnknownEncoding, name, strings.Join(Names(), ", "))
}

// Resolve returns the canonical name of an encoding: Default for the empty
// name, the name itself for a known one, and an error for any other.
func Resolve(name string) (string, error) {
	e, err := Describe(name)
	return e.Name, err
}

// Lookup returns the encoding with the given name, as Describe does.
func Lookup(name string) (Encoding, error) {
	e, err := Describe(name)
	return e.Build, err
}
