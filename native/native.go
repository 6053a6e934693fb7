// Package native is sudokusat's own Sudoku solver: bitmask constraint
// propagation with backtracking. It is the project's fast path and an
// opinion independent of the SAT engine.
//
// 9×9 puzzles go to a solver built for speed (Solver9): for each digit and
// each band of three rows it keeps a 27-bit mask of the cells still open to
// the digit, and propagates to a fixpoint what the permutation structure of
// bands and stacks implies (locked candidates and hidden singles along rows,
// columns and boxes) and naked singles. It branches on a bivalue cell,
// copying its 136-byte state instead of undoing, and allocates nothing.
// Once its search has met two dead ends, or from the start where the first
// propagation leaves 50 or more cells open, it adds, as tdoku does, the
// triads (a minirow or minicolumn holds exactly three digits) and branches
// on a digit with two arrangements left in the band or stack with the
// fewest. A puzzle that takes it past budget9 branch points, a heavy tail
// of backtracking, goes over to the general solver. Other shapes, 4×4 to 400×400 with square or
// rectangular boxes, go to a general solver with multi-word candidate sets:
// naked and hidden singles, locked candidates and all-different filtering,
// fewest-candidates branching weighted by past conflicts, and restarts; it
// undoes by a trail because its state reaches megabytes. A grid that keeps
// it failing goes over to conflict-driven clause learning over the grid's
// exactly-one constraints, from the general solver's propagated root.
//
// The package's benchmarks measure it against the seed's plain
// backtracking solvers, kept in baseline_test.go, outside the API.
package native

import (
	"context"
	"errors"
	"fmt"

	"github.com/sudokusat/sudokusat"
)

// budget9 is how many branch points a 9×9 search may pass before the
// puzzle goes over to the general solver: ten times the most any of the
// 60,729 puzzles of the public data sets took (805, counting to 2) before
// the triads (now under 256), and a millisecond or two. Backtracking has
// heavy tails: on the puzzle Norvig found hardest among a million random
// ones (17 givens, many solutions) Solver9 took 59,084 branch points and
// 11 ms to find two before the triads (now 38); a random 17-given puzzle
// with no solution takes it 21,854 to prove so, the general solver, whose
// restarts and conflict weights are made for such tails, a few guesses.
const budget9 = 8 << 10

// Result is the outcome of a search. Guesses counts the alternatives tried
// at branch points, each digit tried in a cell, or each arrangement of a
// digit in a band or stack, once; propagation alone gives 0.
type Result struct {
	Count    int             // solutions found, capped at the limit given
	Solution *sudokusat.Grid // the first solution found; nil when Count == 0
	Guesses  int             // branching decisions made (search statistic)
}

// Count looks for up to limit solutions of g (limit ≥ 1); Count(ctx, g, 2)
// proves uniqueness when the Count it returns is 1. A puzzle without
// solutions, conflicting givens included, gives Count 0 and no error. When
// ctx ends first, Count returns what it found so far and an error wrapping
// ctx.Err().
func Count(ctx context.Context, g *sudokusat.Grid, limit int) (Result, error) {
	return new(Counter).Count(ctx, g, limit)
}

// A Counter counts as Count does, keeping the 9×9 solver's 11 KB of search
// state from one puzzle to the next: Count clears it for every puzzle, some
// 0.2 µs, an eighth of an easy 9×9 puzzle's count (17-clue: 1.65 µs). The
// zero value is ready to use; a Counter must not count two puzzles at once.
type Counter struct {
	sv Solver9
}

// Count is Count, with c's search state.
func (c *Counter) Count(ctx context.Context, g *sudokusat.Grid, limit int) (Result, error) {
	if g == nil || g.Size() == 0 {
		return Result{}, errors.New("native: no grid")
	}
	if limit < 1 {
		return Result{}, fmt.Errorf("native: limit %d, want at least 1", limit)
	}
	if err := ctx.Err(); err != nil {
		return Result{}, fmt.Errorf("native: search not started: %w", err)
	}
	n := g.Size()
	for i := range g.Len() {
		if d := g.Cell(i); d < 0 || d > n {
			return Result{}, fmt.Errorf("native: cell r%dc%d holds %d, outside 0..%d", i/n+1, i%n+1, d, n)
		}
	}
	var r Result
	var stopped, aborted bool
	if g.BoxRows() == 3 && g.BoxCols() == 3 {
		var p, sol [81]uint8
		for i := range p {
			p[i] = uint8(g.Cell(i))
		}
		sv := &c.sv
		var budget uint
		if limit <= restartLimit {
			budget = budget9
		}
		r.Count, stopped, aborted = sv.countWithin(&p, limit, &sol, ctx.Done(), budget)
		r.Guesses = sv.Guesses()
		if r.Count > 0 && !aborted {
			r.Solution = g.Clone()
			for i, d := range sol {
				r.Solution.SetCell(i, int(d))
			}
		}
	}
	if g.BoxRows() != 3 || g.BoxCols() != 3 || aborted {
		sol := make([]int32, g.Len())
		guesses := r.Guesses
		r.Count, r.Guesses, stopped = countGeneral(g, limit, sol, ctx.Done())
		r.Guesses += guesses
		if r.Count > 0 {
			r.Solution = g.Clone()
			for i, d := range sol {
				r.Solution.SetCell(i, int(d))
			}
		}
	}
	if stopped {
		return r, fmt.Errorf("native: search stopped: %w", ctx.Err())
	}
	return r, nil
}
