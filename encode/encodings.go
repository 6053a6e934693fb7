package encode

import (
	"context"
	"errors"
	"fmt"
	"math"
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
	Build Encoding // the encoding itself, refusing past DefaultMaxClauses

	build func(ctx context.Context, g *sudokusat.Grid, maxClauses int) (*Formula, error)
}

// Encodings describes every encoding Lookup knows, in order of growing
// strength, reduced-pairwise (as strong as reduced) last. It is the one
// list of encodings: Names, Describe, Resolve and Lookup all read it. The
// slice is new on each call, so that no caller can change another's.
func Encodings() []Info {
	es := []Info{
		{Name: "minimal", Doc: "cell at-least-one and pairwise at-most-one per row, column and box (Lynce & Ouaknine)",
			build: func(ctx context.Context, g *sudokusat.Grid, max int) (*Formula, error) {
				return direct(ctx, g, "minimal", false, false, max)
			}},
		{Name: "efficient", Doc: "minimal plus at most one digit per cell (Weber)",
			build: func(ctx context.Context, g *sudokusat.Grid, max int) (*Formula, error) {
				return direct(ctx, g, "efficient", true, false, max)
			}},
		{Name: "extended", Doc: "exactly one digit per cell and per row, column and box (Lynce & Ouaknine)",
			build: func(ctx context.Context, g *sudokusat.Grid, max int) (*Formula, error) {
				return direct(ctx, g, "extended", true, true, max)
			}},
		{Name: "reduced", Doc: "givens propagated first; only the candidates left are variables (the default)",
			build: func(ctx context.Context, g *sudokusat.Grid, max int) (*Formula, error) {
				return reduced(ctx, g, productThreshold, "reduced", max)
			}},
		{Name: "reduced-pairwise", Doc: "reduced with pairwise at-most-one in every group: more clauses, no auxiliary variables",
			build: func(ctx context.Context, g *sudokusat.Grid, max int) (*Formula, error) {
				return reduced(ctx, g, math.MaxInt, "reduced-pairwise", max)
			}},
	}
	for i := range es {
		build := es[i].build
		es[i].Build = func(g *sudokusat.Grid) (*Formula, error) { return build(context.Background(), g, DefaultMaxClauses) }
	}
	return es
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

// Options says how Puzzle encodes a puzzle.
type Options struct {
	// Encoding names a classic puzzle's encoding (see Encodings); empty
	// means Default.
	Encoding string
	// Sums is how a puzzle with rules writes killer and arrow sums.
	Sums SumForm
	// MaxClauses is the most clauses the formula may have; 0 means
	// DefaultMaxClauses. Past it the encoding builds nothing and the
	// error wraps ErrTooLarge.
	MaxClauses int
}

// Puzzle encodes p: a classic puzzle in the encoding o names, and a puzzle
// with rules or regions with Variant, the one encoding that knows them (o's
// encoding is not used then). It is the one way from a puzzle to a
// formula, for the engines, the encode command and the page. The map's
// Puzzle is p (its grid, regions, rules and layout), so that a solution
// decoded from the formula is checked against p and written back in p's
// notation.
func Puzzle(p *sudokusat.Puzzle, o Options) (*Formula, error) {
	return PuzzleContext(context.Background(), p, o)
}

// PuzzleContext is Puzzle given up when ctx ends first, with an error
// wrapping ctx.Err(): a formula of millions of clauses takes seconds to
// build, and an engine with a deadline must not build one for nothing.
func PuzzleContext(ctx context.Context, p *sudokusat.Puzzle, o Options) (*Formula, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("encoding: %w", err)
	}
	var f *Formula
	var err error
	maxClauses := o.MaxClauses
	if maxClauses <= 0 {
		maxClauses = DefaultMaxClauses
	}
	if p.Classic() {
		var e Info
		if e, err = Describe(o.Encoding); err != nil {
			return nil, err
		}
		f, err = e.build(ctx, p.Grid, maxClauses)
	} else {
		f, err = variantFormula(ctx, p, o.Sums, maxClauses)
	}
	if err != nil {
		return nil, err
	}
	f.Puzzle.Layout = p.Layout
	return f, nil
}
