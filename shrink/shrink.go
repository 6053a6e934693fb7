// Package shrink makes a failing case smaller while it still fails: the
// delta debugging of Zeller and Hildebrandt ("Simplifying and Isolating
// Failure-Inducing Input", 2002), over a puzzle's givens and rules or over
// a formula's clauses. What "still fails" means is the caller's test, run
// on each candidate; the package only decides which candidates to try.
package shrink

import (
	"context"
	"slices"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
)

// Min returns a subset of items, in their order, on which fails is still
// true, found by ddmin: it tries removing chunks of items, halving the
// chunks when no removal keeps the failure, until no single item can go
// (the result is 1-minimal). fails(items) is taken to be true and is not
// tried. Min stops early when ctx ends and returns the smallest failing
// subset found by then; the count of fails calls made is returned too.
//
// fails must not keep the slice it is given.
func Min[T any](ctx context.Context, items []T, fails func([]T) bool) (kept []T, tests int) {
	cur := slices.Clone(items)
	try := func(c []T) bool {
		tests++
		return fails(c)
	}
	n := 2
	for len(cur) >= 2 && ctx.Err() == nil {
		n = min(n, len(cur))
		chunk := (len(cur) + n - 1) / n
		reduced := false
		// A chunk alone first: when a small part of the input is what
		// fails, this halves the input with each test.
		for start := 0; start < len(cur) && ctx.Err() == nil; start += chunk {
			part := cur[start:min(start+chunk, len(cur))]
			if len(part) < len(cur) && try(part) {
				cur, n, reduced = slices.Clone(part), 2, true
				break
			}
		}
		if reduced {
			continue
		}
		// Then each complement: the input without one chunk.
		for start := 0; start < len(cur) && ctx.Err() == nil && n > 2; start += chunk {
			rest := slices.Concat(cur[:start], cur[min(start+chunk, len(cur)):])
			if try(rest) {
				cur, n, reduced = rest, max(n-1, 2), true
				break
			}
		}
		if reduced {
			continue
		}
		if n >= len(cur) {
			break // every single item is needed
		}
		n = min(2*n, len(cur))
	}
	if len(cur) == 1 && ctx.Err() == nil && try(nil) {
		cur = nil
	}
	return cur, tests
}

// Part is one piece of a puzzle that Puzzle may drop: a given (Rule < 0)
// or a rule (Cell < 0).
type Part struct {
	Cell int // the given's cell, row-major from 0
	Rule int // the rule's index in the puzzle's Rules
}

// Parts lists the pieces of p that can be dropped: its givens, then its
// rules. Regions are kept: a jigsaw without its regions is another kind of
// puzzle.
func Parts(p *sudokusat.Puzzle) []Part {
	var ps []Part
	for i := 0; i < p.Grid.Len(); i++ {
		if p.Grid.Cell(i) != 0 {
			ps = append(ps, Part{Cell: i, Rule: -1})
		}
	}
	for i := range p.Rules {
		ps = append(ps, Part{Cell: -1, Rule: i})
	}
	return ps
}

// Keep returns a copy of p with only the parts in keep: the other givens
// blanked, the other rules dropped. Published is dropped, since the
// smaller puzzle's solution need not be it.
func Keep(p *sudokusat.Puzzle, keep []Part) *sudokusat.Puzzle {
	q := *p
	q.Grid = p.Grid.Clone()
	for i := 0; i < q.Grid.Len(); i++ {
		q.Grid.SetCell(i, 0)
	}
	q.Rules = nil
	for _, k := range keep {
		if k.Rule < 0 {
			q.Grid.SetCell(k.Cell, p.Grid.Cell(k.Cell))
		} else {
			q.Rules = append(q.Rules, p.Rules[k.Rule])
		}
	}
	q.Published, q.Warnings = nil, nil
	return &q
}

// Puzzle shrinks p while fails holds: it drops givens and rules (see Min)
// and returns the smallest failing puzzle found before ctx ends, and the
// number of puzzles tried.
func Puzzle(ctx context.Context, p *sudokusat.Puzzle, fails func(*sudokusat.Puzzle) bool) (*sudokusat.Puzzle, int) {
	parts, tests := Min(ctx, Parts(p), func(keep []Part) bool { return fails(Keep(p, keep)) })
	return Keep(p, parts), tests
}

// Formula shrinks f while fails holds: it drops clauses (see Min) and
// returns the smallest failing formula found before ctx ends, and the
// number of formulas tried. The formulas keep f's variables, their number
// and their map, so that a model of one still decodes.
func Formula(ctx context.Context, f *encode.Formula, fails func(*encode.Formula) bool) (*encode.Formula, int) {
	var clauses [][]int32
	for c := range f.Clauses() {
		clauses = append(clauses, slices.Clone(c))
	}
	kept, tests := Min(ctx, clauses, func(cs [][]int32) bool { return fails(Clauses(f, cs)) })
	return Clauses(f, kept), tests
}

// Clauses returns a formula over f's variables, with f's map, whose
// clauses are cs.
func Clauses(f *encode.Formula, cs [][]int32) *encode.Formula {
	g := &encode.Formula{VarMap: f.VarMap, Vars: f.Vars}
	for _, c := range cs {
		g.Add(c...)
	}
	return g
}

// Falsifying returns the clauses of f that model falsifies (see
// Falsified), as a formula over f's variables.
func Falsifying(f *encode.Formula, model []int) *encode.Formula {
	var cs [][]int32
	for c := range f.Clauses() {
		g := Clauses(f, [][]int32{c})
		if g.Falsified(model) >= 0 {
			cs = append(cs, slices.Clone(c))
		}
	}
	return Clauses(f, cs)
}
