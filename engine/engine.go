// Package engine chooses, runs and validates the engines that solve and
// count Sudoku puzzles, classic or with rules: the native solver, the
// search of package variant/search, dancing links (package dlx), gophersat
// in this process or in worker processes, and any external DIMACS solver,
// whose UNSAT answers it can have certified by package certify
// (Options.Certify). Engines lists them, with what each takes and gives.
// It is the one layer under the command line and the web page, so that
// each decision about engines (what a name means, which encoding, how many
// puzzles run at once, what an answer's status is) is made here once.
//
// An Engine reports what it found; Count checks every grid it reports with
// variant.Check, which shares no code with any engine (for a classic
// puzzle it is sudokusat.CheckSolution), and gives the answer a Status. A
// grid that fails the check never reaches a caller.
package engine

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/satsolve"
	"github.com/sudokusat/sudokusat/variant"
)

// Result is what an engine reports for one puzzle, before validation.
type Result struct {
	// Count is the number of distinct solutions found, capped at the limit.
	Count int
	// Solutions holds the solutions the engine returns, first found first:
	// at least the first one when Count > 0, at most Count of them.
	Solutions []*sudokusat.Grid
	// Stats are the engine's own search figures, where it reports them.
	Stats Stats
	// Certified reports that the UNSAT answer that ended the count (no
	// solution, or no solution besides those found) was checked by a
	// proof checker.
	Certified bool
	// Elapsed is the time the engine itself measured, or zero; an engine
	// that queues work (gophersat's worker processes) measures it so that
	// the wait in its queue is left out.
	Elapsed time.Duration
	// By is the engine of a portfolio (auto) whose answer this is; nil
	// for the others.
	By *Engine
	// CPU and PeakMemory are what an external solver's process took (user
	// and system time; the largest resident size, in bytes), reported
	// with a failure too; zero for the engines that run in this process
	// or in gophersat's workers, whose figures are not their own.
	CPU        time.Duration
	PeakMemory int64
	// validated marks a result that this package's check already
	// accepted (auto validates each racer's answer to choose one), so that
	// Count does not check the same grids twice.
	validated bool
}

// Stats are an engine's search figures, summed over the solves of a count.
type Stats struct {
	Decisions int // SAT decisions (gophersat)
	Conflicts int // SAT conflicts (gophersat)
	Guesses   int // branch alternatives tried (native); search-tree nodes (dlx)
}

// Add adds t to s.
func (s *Stats) Add(t Stats) {
	s.Decisions += t.Decisions
	s.Conflicts += t.Conflicts
	s.Guesses += t.Guesses
}

// Status is what became of one puzzle.
type Status int

// The statuses of an Answer. Solved and Unsolvable are answers about the
// puzzle; the others say why there is none.
const (
	Solved     Status = iota + 1 // at least one solution found and checked
	Unsolvable                   // the engine found no solution
	Invalid                      // the givens clash: no engine was run
	Timeout                      // the per-puzzle time ran out
	Canceled                     // the caller gave up (an interrupt)
	Wrong                        // the engine's answer failed the validator
	Failed                       // the engine failed: crashed, could not run, said nothing usable
	MemoryOut                    // the engine passed its memory limit (Options.MemoryLimit)
)

var statusNames = [...]string{
	Solved:     "solved",
	Unsolvable: "unsolvable",
	Invalid:    "invalid",
	Timeout:    "timeout",
	Canceled:   "canceled",
	Wrong:      "wrong",
	Failed:     "error",
	MemoryOut:  "memout",
}

// String returns the status as the command line prints it.
func (s Status) String() string {
	if s > 0 && int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("Status(%d)", int(s))
}

// Answered reports whether the status is an answer about the puzzle (a
// count, zero included) rather than a reason for having none.
func (s Status) Answered() bool { return s == Solved || s == Unsolvable }

// ContextStatus is the status of work that failed with err under ctx when
// a deadline or the caller explains the failure: Timeout when a deadline
// passed (ctx's, or one of the work's own that err wraps), even if the
// work reports its own context canceled, as work under a deadline often
// does; Canceled when the caller gave up (ctx canceled, err wrapping
// context.Canceled). ok is false for a nil err and for any other failure,
// an engine's own context.Canceled included while ctx goes on. It is the
// one place where the command line and the page tell a timeout from a
// cancellation.
func ContextStatus(ctx context.Context, err error) (s Status, ok bool) {
	switch {
	case err == nil:
		return 0, false
	case errors.Is(err, context.DeadlineExceeded):
		return Timeout, true
	case !errors.Is(err, context.Canceled) || ctx.Err() == nil:
		return 0, false
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return Timeout, true
	}
	return Canceled, true
}

// Answer is an engine's validated answer on one puzzle.
type Answer struct {
	Status Status
	// Count is the number of solutions found, capped at Limit; 0 unless
	// Status is Solved.
	Count int
	// Limit is the count asked for.
	Limit int
	// Solutions are the solutions reported, each checked by the validator
	// and all distinct; the first is Solution().
	Solutions []*sudokusat.Grid
	// Stats are the engine's search figures.
	Stats Stats
	// Elapsed is the engine's time on the puzzle.
	Elapsed time.Duration
	// By names the engine of a portfolio (auto) that gave the answer; ""
	// for the others.
	By string
	// CPU and PeakMemory are Result's: an external solver's process's.
	CPU        time.Duration
	PeakMemory int64
	// Certified reports that the count's last UNSAT answer was proved: a
	// DRAT proof checked (see Options.Certify). For a Solved answer below
	// the limit it certifies that there is no other solution.
	Certified bool
	// Unverified reports that the count's last UNSAT answer (no solution,
	// or none besides those found, below the limit) is an external
	// solver's claim that nothing checked: its word alone, where an
	// engine of this package gives its own search's. Never with Certified.
	Unverified bool
	// Err says why there is no solution: it wraps ErrNoSolution when
	// Status is Unsolvable, and is nil when it is Solved.
	Err error
}

// Solution returns the first solution, or nil when there is none.
func (a Answer) Solution() *sudokusat.Grid {
	if len(a.Solutions) == 0 {
		return nil
	}
	return a.Solutions[0]
}

// Unique reports whether the answer proves exactly one solution: one was
// found, and a search for a second one (Limit ≥ 2) found none.
func (a Answer) Unique() bool { return a.Status == Solved && a.Count == 1 && a.Limit > 1 }

// AtLimit reports whether the count stopped at the limit, so that more
// solutions may exist.
func (a Answer) AtLimit() bool { return a.Status == Solved && a.Count >= a.Limit }

// ErrWrong marks an engine's answer that the validator rejected.
var ErrWrong = errors.New("wrong answer")

// ErrNoSolution is the reason of an Unsolvable answer. An external
// solver's "unsatisfiable" is its claim alone unless its proof was
// checked (Options.Certify): its answer's error says which, and
// Answer.Unverified marks a claim.
var ErrNoSolution = errors.New("no solution")

// Count looks for up to limit (≥ 1) solutions of p with e and validates
// what e reports with variant.Check, which shares no code with any engine
// (for a classic puzzle it is sudokusat.CheckSolution). A puzzle that
// variant.Validate refuses, its givens clashing or a rule malformed, is
// Invalid without running e. A positive timeout bounds the search: past
// it the answer is Timeout. Count never returns a grid that is not a
// solution of p.
func Count(ctx context.Context, e *Engine, p *sudokusat.Puzzle, limit int, timeout time.Duration) Answer {
	a := Answer{Limit: limit}
	if limit < 1 {
		a.Status, a.Err = Failed, fmt.Errorf("count limit %d: want at least 1", limit)
		return a
	}
	if err := variant.Validate(p); err != nil {
		a.Status, a.Err = Invalid, err
		return a
	}
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	start := time.Now()
	r, err := e.Count(ctx, p, limit)
	a.Elapsed = r.Elapsed
	if a.Elapsed == 0 {
		a.Elapsed = time.Since(start)
	}
	a.Stats, a.CPU, a.PeakMemory = r.Stats, r.CPU, r.PeakMemory
	who := e // the engine whose answer it is, in messages
	if r.By != nil {
		who, a.By = r.By, r.By.Name()
	}
	if errors.Is(err, ErrWrong) {
		a.Status, a.Err = Wrong, err
		return a
	}
	if s, ok := ContextStatus(ctx, err); ok {
		a.Status, a.Err = s, err
		if s == Timeout {
			a.Err = errNoAnswerInTime
			if timeout > 0 {
				a.Err = fmt.Errorf("no answer within %v", timeout)
			}
		}
		return a
	}
	switch {
	case errors.Is(err, satsolve.ErrMemoryOut):
		a.Status, a.Err = MemoryOut, err
		return a
	case err != nil:
		a.Status, a.Err = Failed, err
		return a
	}
	if !r.validated {
		if err := check(who.Name(), r, limit, func(s *sudokusat.Grid) error { return variant.Check(p, s) }); err != nil {
			a.Status, a.Err = Wrong, err
			return a
		}
	}

	a.Count, a.Solutions, a.Certified = r.Count, r.Solutions, r.Certified
	a.Status = Solved
	external := who.info.Claims
	a.Unverified = external && !a.Certified && r.Count < limit
	if r.Count == 0 {
		a.Status, a.Err = Unsolvable, ErrNoSolution
		switch {
		case a.Certified:
			a.Err = fmt.Errorf("%w (certified: %s's proof checked)", ErrNoSolution, who.Name())
		case external:
			a.Err = fmt.Errorf("%w (claimed by %s, not verified)", ErrNoSolution, who.Name())
		}
	}
	return a
}

// errNoAnswerInTime is a Timeout's reason when the caller's own deadline,
// not Count's timeout, passed.
var errNoAnswerInTime = fmt.Errorf("no answer before the deadline (%w)", context.DeadlineExceeded)

// Solve is Count with a limit of 1.
func Solve(ctx context.Context, e *Engine, p *sudokusat.Puzzle, timeout time.Duration) Answer {
	return Count(ctx, e, p, 1, timeout)
}

// coverer is an engine that answers every possible-or-not question of a
// puzzle in one search: gophersat.
type coverer interface {
	covers() bool // false when answers must be certified, which Cover's are not
	cover(ctx context.Context, p *sudokusat.Puzzle) (Result, error)
}

// Cover asks e for solutions of p, which variant.Validate accepts, that
// between them put in every cell each digit some solution puts there
// (satsolve.Cover): one search where asking cell by cell takes one each.
// ok is false, and nothing is run, when e has no such search or its
// answers must be certified: Cover's last, UNSAT, answer carries no proof.
// The grids are checked as Count checks them; the answer is Solved, with
// them all (Count is their number), or says why there is none. When ctx
// ends during the search the answer is Timeout or Canceled (see
// ContextStatus), whatever the search said; a positive timeout bounds the
// search alone. A puzzle without a solution is Unsolvable.
func Cover(ctx context.Context, e *Engine, p *sudokusat.Puzzle, timeout time.Duration) (a Answer, ok bool) {
	c, ok := e.c.(coverer)
	if !ok || !c.covers() {
		return Answer{}, false
	}
	search := ctx
	if timeout > 0 {
		var cancel context.CancelFunc
		search, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	start := time.Now()
	r, err := c.cover(search, p)
	a.Elapsed, a.Stats = r.Elapsed, r.Stats
	if a.Elapsed == 0 {
		a.Elapsed = time.Since(start)
	}
	if ctx.Err() != nil {
		// The caller's deadline is a timeout, not a cancellation.
		a.Status, _ = ContextStatus(ctx, ctx.Err())
		a.Err = ctx.Err()
		if a.Status == Timeout {
			a.Err = errNoAnswerInTime
		}
		return a, true
	}
	if err != nil {
		a.Status, a.Err = Failed, err
		if s, ok := ContextStatus(search, err); ok {
			a.Status = s
		}
		return a, true
	}
	if err := check(e.Name(), r, len(r.Solutions), func(s *sudokusat.Grid) error { return variant.Check(p, s) }); err != nil {
		a.Status, a.Err = Wrong, err
		return a, true
	}
	a.Count, a.Limit, a.Solutions = len(r.Solutions), len(r.Solutions), r.Solutions
	a.Status = Solved
	if a.Count == 0 {
		a.Status, a.Err = Unsolvable, ErrNoSolution
	}
	return a, true
}

// Differences lists the cells, row-major from 0, where two grids of one
// size differ: where two solutions of a puzzle disagree, so where a setter
// may add a given to keep one of them.
func Differences(a, b *sudokusat.Grid) []int {
	var cells []int
	for i := 0; i < a.Len() && i < b.Len(); i++ {
		if a.Cell(i) != b.Cell(i) {
			cells = append(cells, i)
		}
	}
	return cells
}

// check is the one validation of an engine's result: a count within the
// limit, grids that agree with it, each one that solves accepts, none
// twice.
func check(name string, r Result, limit int, solves func(*sudokusat.Grid) error) error {
	switch {
	case r.Count < 0 || r.Count > limit:
		return fmt.Errorf("%w: %s counted %d with a limit of %d", ErrWrong, name, r.Count, limit)
	case (r.Count > 0) != (len(r.Solutions) > 0) || len(r.Solutions) > r.Count:
		return fmt.Errorf("%w: %s counted %d but gave %d grids", ErrWrong, name, r.Count, len(r.Solutions))
	}
	for i, s := range r.Solutions {
		if s == nil {
			return fmt.Errorf("%w: %s gave no grid", ErrWrong, name)
		}
		if err := solves(s); err != nil {
			return fmt.Errorf("%w: %s: %w", ErrWrong, name, err)
		}
		for _, t := range r.Solutions[:i] {
			if s.Equal(t) {
				return fmt.Errorf("%w: %s gave the same grid twice", ErrWrong, name)
			}
		}
	}
	return nil
}
