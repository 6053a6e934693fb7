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
//   - killer sums and arrows bound each cell by what the other cells can
//     still add up to; a killer cage keeps only the digits of the digit
//     sets that still make its sum, and an arrow only the digits of the
//     fillings of its cells that make it true (listed when they are few);
//   - even and odd cells start with the digits of their parity.
//
// A digit that two or three cells of a group of N can hold also leaves
// every cell that sees all of them (pointing and claiming, generalised to
// any peers).
//
// When nothing more narrows, the search branches on the narrowest choice
// (MRV): a cell with the fewest candidates, trying each in turn, or, when
// a digit has fewer places left in a group of N than that, each of its
// places; then it propagates again. A complete filling counts only once a
// checker that reads the puzzle's constraints themselves, not the
// propagation's tables, accepts it.
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

// checkEvery is how many search nodes pass between two looks at the
// context: a node costs at most a few microseconds on a 9×9 grid, so a
// cancelled search stops within about a millisecond.
const checkEvery = 256

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
// ctx.Err(). Counts may run in parallel: each builds its own tables.
func Count(ctx context.Context, p *sudokusat.Puzzle, limit int) (Result, error) {
	if limit < 1 {
		return Result{}, fmt.Errorf("search: limit %d, want at least 1", limit)
	}
	m, err := compile(p)
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
		state:  newState(m),
		check:  newChecker(p),
		grid:   p.Grid,
		limit:  limit,
		done:   ctx.Done(),
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
	check   *checker
	grid    *sudokusat.Grid
	limit   int
	done    <-chan struct{}
	stopped bool
	nodes   int
	found   []*sudokusat.Grid
	digits  []int // scratch: the filling a leaf hands to the checker
}

// search explores the subtree of the current, propagated state. It
// returns with the state as it found it.
func (s *searcher) search() {
	best, fewest := -1, 65
	for c, v := range s.cand {
		if k := popcount(v); k > 1 && k < fewest {
			best, fewest = c, k
			if k == 2 {
				break
			}
		}
	}
	if best < 0 {
		s.leaf()
		return
	}
	// A digit that only two or three cells of a unit can hold is a
	// narrower choice than a cell with more candidates: exactly one of
	// them holds it, so these branches too cover every solution once.
	var branches [64]int32
	var values [64]uint64
	k := 0
	if unit, digit := s.fewPlaces(fewest); unit >= 0 {
		for _, c := range s.m.units[unit] {
			if s.cand[c]&digit != 0 {
				branches[k], values[k] = c, digit
				k++
			}
		}
	} else {
		for rest := s.cand[best]; rest != 0; rest &= rest - 1 {
			branches[k], values[k] = int32(best), rest&-rest
			k++
		}
	}
	for i := range k {
		s.nodes++
		if s.nodes%checkEvery == 0 {
			select {
			case <-s.done:
				s.stopped = true
			default:
			}
		}
		if s.stopped {
			return
		}
		mark := len(s.trail)
		if s.narrow(branches[i], values[i]) && s.propagate() {
			s.search()
		}
		s.backtrack(mark)
		if s.stopped || len(s.found) == s.limit {
			return
		}
	}
}

// fewPlaces returns a full unit and a digit that only two, or else
// three, of the unit's cells can hold, when that is fewer than the best
// cell's candidates (fewest); unit is -1 when there is none. Counting
// only up to four keeps the scan to a few operations a cell.
func (s *searcher) fewPlaces(fewest int) (unit int, digit uint64) {
	unit = -1
	if fewest <= 2 {
		return
	}
	for u, cells := range s.m.units {
		var once, twice, thrice, more uint64
		for _, c := range cells {
			v := s.cand[c]
			more |= thrice & v
			thrice |= twice & v
			twice |= once & v
			once |= v
		}
		if two := twice &^ thrice; two != 0 {
			return u, two & -two
		}
		if three := thrice &^ more; three != 0 && unit < 0 && fewest > 3 {
			unit, digit = u, three&-three
		}
	}
	return
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
