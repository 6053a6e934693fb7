// Package search counts the solutions of variant Sudoku puzzles by
// constraint propagation over candidate bitmasks and depth-first search.
// It is the second opinion on variants: it reads the constraint list of
// package variant directly and shares no code with the CNF encodings or
// the SAT path, so that two different methods answer the same puzzle.
//
// Each cell holds the set of digits it may still take, a bitmask. Every
// rule narrows these sets in its own way:
//
//   - rows, columns, regions, extra regions, diagonals, killer cages and
//     the chess moves of anti-knight and anti-king make pairs of cells that
//     must differ: a placed digit leaves its peers;
//   - a group of N cells that must differ holds every digit: a digit that
//     only one of its cells can take goes there (a hidden single);
//   - Kropki dots, XV and the negative rules (non-consecutive, no black
//     dot, no X or V) relate two cells: each keeps only the digits that
//     some candidate of the other accepts;
//   - a thermometer keeps each cell above the smallest candidate before it
//     and below the largest after it;
//   - killer sums, arrows and little killers bound each cell by what the
//     other cells can still add up to; a killer cage keeps only the digits
//     of the digit sets that still make its sum (a large cage, with too
//     many sets to list, those that distinct digits leave in reach), and
//     an arrow or a little killer only the digits of the fillings of its
//     cells that make it true (listed when they are few);
//   - a sandwich or an x-sum keeps the digits of the ways to split its row
//     into pieces that hold sets of digits making the clue (the crusts,
//     the digits between, the rest), a skyscraper those of its reading
//     as an automaton along the row;
//   - even and odd cells start with the digits of their parity.
//
// A digit that two or three cells of a group of N can hold also leaves
// every cell that sees all of them (pointing and claiming, generalised to
// any peers).
//
// When nothing more narrows, the search branches on one cell, trying each
// of its candidates in turn, and propagates again. The cell is chosen by
// dom/wdeg: the fewest candidates per weight, a cell's weight counting the
// failures of the rules that read it, so that the search turns to the
// cells where its choices keep failing (see searcher.choose). A complete
// filling counts only once a checker that reads the puzzle's constraints
// themselves, not the propagation's tables, accepts it.
package search

import (
	"context"
	"errors"
	"fmt"

	"github.com/sudokusat/sudokusat"
)

// MaxSize is the largest grid side Count takes: a cell's candidates are
// one 64-bit word.
const MaxSize = 64

// ErrUnsupported reports a puzzle that is well formed but beyond what the
// engine takes, such as a grid larger than MaxSize.
var ErrUnsupported = errors.New("puzzle beyond the engine")

// Result is the outcome of a count.
type Result struct {
	// Count is the number of solutions found, at most the limit given.
	Count int
	// Solutions are the solutions found, distinct, in the order the
	// search met them.
	Solutions []*sudokusat.Grid
	// Nodes is the search effort: the branches the search tried, each a
	// digit placed in a cell and the propagation it set off.
	Nodes int
}

// Count looks for up to limit solutions of p (limit ≥ 1), which it does
// not modify; Count(ctx, p, 2) proves a puzzle unique when it returns a
// Count of 1. A puzzle without a solution, clashing givens included,
// gives Count 0 and no error. A puzzle Count cannot read (cells or digits
// outside the grid, malformed regions, unknown constraint kinds) gives an
// error, one it cannot take an error wrapping ErrUnsupported. When ctx ends
// first, Count returns what it found so far and an error wrapping
// ctx.Err(), setting up included. Counts may run in parallel: each builds
// its own tables.
func Count(ctx context.Context, p *sudokusat.Puzzle, limit int) (Result, error) {
	return count(ctx, p, limit, maxCombos)
}

// count is Count with killer cages' tables of up to maxCombos digit sets.
func count(ctx context.Context, p *sudokusat.Puzzle, limit, maxCombos int) (Result, error) {
	if limit < 1 {
		return Result{}, fmt.Errorf("search: limit %d, want at least 1", limit)
	}
	if err := ctx.Err(); err != nil {
		return Result{}, fmt.Errorf("search: not started: %w", err)
	}
	m, err := compile(ctx, p, maxCombos)
	if err != nil {
		return Result{}, err
	}
	if err := ctx.Err(); err != nil {
		return Result{}, fmt.Errorf("search: not started: %w", err)
	}
	var r Result
	if m.impossible {
		return r, nil
	}
	s := &searcher{
		state:  newState(m, ctx.Done()),
		check:  newChecker(p),
		grid:   p.Grid,
		limit:  limit,
		digits: make([]int, m.nn),
	}
	s.wakeAll()
	if s.propagate() {
		s.search()
	}
	r.Count, r.Solutions, r.Nodes = len(s.found), s.found, s.nodes
	if s.stopped {
		return r, fmt.Errorf("search: stopped after %d nodes: %w", s.nodes, ctx.Err())
	}
	return r, nil
}

// searcher is the depth-first search over a state.
type searcher struct {
	*state
	check  *checker
	grid   *sudokusat.Grid
	limit  int
	nodes  int
	found  []*sudokusat.Grid
	digits []int // scratch: the filling a leaf hands to the checker
}

// search explores the subtree of the current, propagated state. It
// returns with the state as it found it.
func (s *searcher) search() {
	best := s.choose()
	if best < 0 {
		s.leaf()
		return
	}
	for rest := s.cand[best]; rest != 0; rest &= rest - 1 {
		s.nodes++
		// The context is looked at every node: a look costs nanoseconds,
		// a node microseconds on a 9×9 grid but half a millisecond on a
		// 64×64 one, where looking every 256 nodes, as this did, let a
		// search run 100 to 200 ms past its deadline.
		select {
		case <-s.done:
			s.stopped = true
			return
		default:
		}
		mark := len(s.trail)
		if s.narrow(best, rest&-rest) && s.propagate() {
			s.search()
		}
		s.backtrack(mark)
		if s.stopped || len(s.found) == s.limit {
			return
		}
	}
}

// choose returns the open cell to branch on, or -1 when every cell is
// placed: the one with the fewest candidates per weight (dom/wdeg), the
// first in cell order on a tie. Until a rule fails every weight is 1 and
// this is the plain fewest-candidates choice (MRV).
//
// MRV alone, which this search used first, kept choosing by the grid's
// order among equally narrow cells, so a wrong choice high in the tree
// whose conflict shows only deep down was refuted again under every
// choice in between: on Anti-Ratio Coverage (no ratio-2 pair but the
// seven dots, four givens) it took 38.8 million nodes, 97 s, to count to
// 2. Weighing the cells by their failures steers the search to the cells
// that cause them, and the same count takes about 3,000 nodes. It also
// replaces branching on the places of a digit that two or three cells of
// a unit can hold, which MRV had needed: beside dom/wdeg that branching
// scattered the search (Whispering Rains took 413,786 nodes with both,
// 225 with dom/wdeg alone).
func (s *searcher) choose() int32 {
	best, fewest, weight := int32(-1), uint64(0), uint64(0)
	for c, v := range s.cand {
		if v&(v-1) == 0 {
			continue
		}
		// k/w < fewest/weight, in integers: k ≤ 64 and weights grow by
		// one a failure, far from overflow.
		k, w := uint64(popcount(v)), s.weight[c]
		if best < 0 || k*weight < fewest*w {
			best, fewest, weight = int32(c), k, w
		}
	}
	return best
}

// leaf records the filling of a state where every cell has one candidate,
// if the checker accepts it.
func (s *searcher) leaf() {
	for c, v := range s.cand {
		s.digits[c] = digitOf(v)
	}
	if !s.check.holds(s.digits) {
		return
	}
	g := s.grid.Clone()
	for c, d := range s.digits {
		g.SetCell(c, d)
	}
	s.found = append(s.found, g)
}
