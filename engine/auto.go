package engine

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/satsolve"
	"github.com/sudokusat/sudokusat/variant"
)

// NameAuto is the portfolio engine (see Engines).
const NameAuto = "auto"

// autoEngine is the portfolio: each puzzle goes to the engine that is
// fastest on its kind (the native solver for a classic grid, the search
// for a puzzle with rules), and when that one has not answered within a
// budget, the others join it one by one while a core is free (or, on a
// machine whose cores are all busy, after eight budgets anyway, so that a
// heavy-tailed search cannot keep a puzzle for ever): gophersat and each
// installed CDCL solver with each of its option sets (satsolve.Program's
// Race), in the order lineup gives.
// The first answer that the validator accepts ends the race, and the
// others are stopped.
type autoEngine struct {
	o     Options
	cores int64
	// busy counts the searches of every race under way: a member joins
	// early only while busy is below cores, and while running (when
	// set and it knows) says the machine has a core free.
	busy    atomic.Int64
	running func() (int, bool)

	// classic, rules, large and largeSolve are the lineups of classic
	// grids up to 25×25, of puzzles with rules, of larger classic grids
	// counted and of larger classic grids solved (limit 1), in the order
	// the engines join (see lineup); members is lineup, or a test's own.
	classic, rules, large, largeSolve []*Engine
	members                           func(p *sudokusat.Puzzle, limit int) ([]*Engine, time.Duration)
	// warm starts a gophersat worker once, in the first race whose first
	// member has run for half its budget (see race): most batches of
	// classic grids never race, and a worker started for nothing cost
	// serg's 10,000 puzzles a fifth of their time.
	warm sync.Once
	// budgets holds the *budgetCtx of first members that answered within
	// their budget, to be used again.
	budgets sync.Pool
}

// openAuto opens the portfolio, its members from the table t: the engine
// For each kind of puzzle, gophersat, and every installed solver of
// satsolve.Programs with option sets to race.
func openAuto(t Table, row Info, o Options) (*Engine, error) {
	a := &autoEngine{o: o, cores: int64(runtime.NumCPU()), running: machineRunning}
	sat, err := t.Open(NameSAT, o)
	if err != nil {
		return nil, err
	}
	var rest, cdcl []*Engine
	// The CDCL configurations sweep the temporary directory once, here,
	// not once each: a sweep reads the whole directory (0.3 ms with 500
	// entries), and auto opens three of them for every command.
	xo := o
	xo.Encoding, xo.swept = "reduced-pairwise", true
	swept := false
	// gophersat in this process cannot be stopped (see Options.Workers):
	// it races only from worker processes, unless it is the one engine
	// that certifies.
	if o.Workers != nil || o.Certify {
		rest = append(rest, sat)
	}
	for _, program := range satsolve.Programs() {
		if len(program.Race) == 0 {
			continue
		}
		if _, err := exec.LookPath(program.Argv[0]); err != nil {
			continue
		}
		if !swept {
			satsolve.RemoveStaleRuns()
			swept = true
		}
		for _, config := range program.Race {
			spec := program.Argv[0] + " -q " + strings.Join(config, " ") + " {cnf}"
			if o.Certify {
				spec += " {proof}"
			}
			// The CDCL solvers get every at-most-one pairwise, the form
			// measured best for them (docs/encodings.md): on sudoku-64-1
			// CaDiCaL's seed 0 answers in 3.6 s on it and in none of 25 s
			// on the product form.
			e, err := t.Open(spec, xo)
			if err != nil {
				return nil, err
			}
			cdcl = append(cdcl, e)
		}
	}
	if o.Certify {
		// Only engines that prove their UNSAT answers. On large grids
		// the CDCL solvers come before gophersat, which answers none
		// of the hard ones there (sudoku-64-1: none in 120 s), and
		// beside which there is no native solver to answer the rest.
		large := append(slices.Clone(cdcl), rest...)
		rest = append(rest, cdcl...)
		a.classic, a.rules, a.large, a.largeSolve = rest, rest, large, large
	} else {
		// Larger grids counted: gophersat races the native solver from
		// the start, as it counts the solutions of open grids fastest
		// (16 random 64×64 completions at 36-38 % open, count to 2:
		// 0.26 s with it at once, 0.6 s with CaDiCaL first: an external
		// solver costs a process and a CNF for each solution found,
		// where gophersat adds a clause and goes on). Larger grids
		// solved: the native solver has its budget alone (it answers
		// the data sets' easy ones in 17-95 ms, and a CaDiCaL beside it
		// encodes its CNF in this process, at its expense: 81×81 and
		// 144×144, 16 ms alone, 27 with CaDiCaL), then the first CDCL
		// configuration joins ahead of gophersat: on sudoku-64-1 and
		// its copies only CaDiCaL with --sat answers within 40 s, in
		// about half the time when it is not third in line
		// (docs/performance.md).
		// The first member is the engine For each kind of puzzle.
		native, err := t.Open(For(&sudokusat.Puzzle{Grid: classicGrid}), o)
		if err != nil {
			return nil, err
		}
		search, err := t.Open(For(&sudokusat.Puzzle{Grid: classicGrid, Rules: []sudokusat.Rule{{Kind: "anti-knight"}}}), o)
		if err != nil {
			return nil, err
		}
		first := cdcl[:min(1, len(cdcl))]
		a.largeSolve = slices.Concat([]*Engine{native}, first, rest, cdcl[len(first):])
		rest = append(rest, cdcl...)
		a.classic = append([]*Engine{native}, rest...)
		a.rules = append([]*Engine{search}, rest...)
		a.large = a.classic
	}
	a.members = a.lineup
	return New(row, o, a), nil
}

// classicGrid is a grid of no givens, for asking For which engine is
// fast on each kind of puzzle.
var classicGrid, _ = sudokusat.NewGridSize(9)

// lineup returns the engines that race on p, counted up to limit, in the
// order they join, and the time the first has alone. Measured (docs/performance.md, "auto"):
// the native solver answers most classic 9×9 puzzles in microseconds, and
// the search most variant ones in well under a millisecond; a puzzle still
// open after the budget is one where another engine may be much faster
// (norvig-hardlong.txt: native 17 ms, gophersat 0.4 ms).
func (a *autoEngine) lineup(p *sudokusat.Puzzle, limit int) ([]*Engine, time.Duration) {
	if !p.Classic() {
		// The search's time on published puzzles ranges from 0.02 ms to
		// over 100 ms, and on the slow ones gophersat is often 2-5 times
		// faster: it joins after 8 ms, beside the search, which goes on.
		// (After 3 ms, it joined many races the search then won, each
		// costing a core and a worker process killed.)
		return a.rules, 8 * time.Millisecond
	}
	// 2 ms for 9×9, growing with the cells: 6 ms for 16×16, 15 ms for
	// 25×25.
	n := time.Duration(p.Size())
	budget := 2 * time.Millisecond * n * n / 81
	if n > raceFrom {
		if limit == 1 {
			return a.largeSolve, budget
		}
		return a.large, budget
	}
	return a.classic, budget
}

// raceFrom is the largest grid side whose first engine runs alone for its
// budget; larger grids are raced from the start.
const raceFrom = 25

// autoReport is one member's answer in a race.
type autoReport struct {
	member *Engine
	r      Result
	err    error
}

func (a *autoEngine) Count(ctx context.Context, p *sudokusat.Puzzle, limit int) (Result, error) {
	start := time.Now()
	members, budget := a.members(p, limit)
	if len(members) == 0 {
		return Result{}, fmt.Errorf("%s: no engine to run", NameAuto)
	}
	switch {
	case len(members) == 1:
	case p.Size() > raceFrom:
		// On a large grid the engines' times differ by tens of times
		// either way (native against gophersat and CaDiCaL, 64×64 and
		// up: docs/performance.md): the first member runs in the race
		// from the start. Counted, gophersat joins it at once; solved,
		// the next member joins after the budget (see openAuto).
		first := time.Duration(0)
		if limit == 1 {
			first = budget
		}
		return a.race(ctx, p, limit, members, first, budget, start, nil)
	case !p.Classic():
		// The search takes tens of microseconds at least, against which
		// a race's goroutines cost little: it runs in the race from the
		// start, and is not started over when the others join.
		return a.race(ctx, p, limit, members, budget, budget, start, nil)
	}
	// The first member runs alone here, in the caller, with the budget
	// as its deadline: most puzzles end within it, and a race's
	// goroutines and timers would cost more than the puzzle. One that
	// does not is raced, the first member starting over beside the next:
	// at most one budget is lost.
	quick := a.budget(ctx, budget)
	a.busy.Add(1)
	r, err := members[0].Count(quick, p, limit)
	a.busy.Add(-1)
	outOfBudget := a.endBudget(quick)
	rep := autoReport{members[0], r, err}
	switch {
	case ctx.Err() != nil:
		return Result{}, fmt.Errorf("%s: %w", NameAuto, ctx.Err())
	case a.valid(rep, p, limit):
		rep.r.By, rep.r.Elapsed, rep.r.validated = rep.member, time.Since(start), true
		return rep.r, nil
	case outOfBudget && len(members) > 1:
		// Out of budget: the race begins.
		return a.race(ctx, p, limit, members, 0, budget, start, nil)
	case len(members) > 1:
		// A wrong answer or a failure: the others race without it.
		return a.race(ctx, p, limit, members[1:], 0, budget, start, &rep)
	}
	return a.failure(rep)
}

// coreFree reports whether a member may join a race early: whether a
// core is free of this engine's searches and, unless ownOnly, where the
// machine's count of running threads is known, of everyone's. On the 2-core machine of
// docs/performance.md, shared with other work, a member that joined
// beside the first while another program held the second core halved
// the speed of both: 100×100 grids and puzzles with rules took up to
// twice as long as the faster engine alone.
func (a *autoEngine) coreFree(ownOnly bool) bool {
	busy := a.busy.Load()
	if busy >= a.cores {
		return false
	}
	if ownOnly || a.running == nil {
		return true
	}
	n, ok := a.running()
	// n counts this goroutine's thread, and the members' searches if they
	// are running at the moment.
	return !ok || max(int64(n)-1, busy) < a.cores
}

// budgetCtx is the context of a first member's budget: a context that
// ends at the budget's end, or at its parent's deadline if that comes
// first. context.WithTimeout costs a timer, a channel and a place among
// its parent's children per puzzle, which was a sixth of auto's time on
// serg-benchmark's puzzles of a few microseconds; a budgetCtx whose timer
// did not fire is used again, timer and channel. The price: it does not
// end when its parent is cancelled, so a cancellation (Ctrl-C) reaches
// the first member at the end of its budget, milliseconds later. Contexts
// derived from it must be cancelled before the member returns (as every
// context.WithCancel must be), since its channel serves the next puzzle.
type budgetCtx struct {
	parent   context.Context
	deadline time.Time
	done     chan struct{}
	timer    *time.Timer
}

func (b *budgetCtx) Deadline() (time.Time, bool) { return b.deadline, true }
func (b *budgetCtx) Done() <-chan struct{}       { return b.done }
func (b *budgetCtx) Value(key any) any           { return b.parent.Value(key) }

func (b *budgetCtx) Err() error {
	select {
	case <-b.done:
		return context.DeadlineExceeded
	default:
		return nil
	}
}

// budget returns a context for a first member that ends after d, or at
// ctx's deadline if that is sooner. endBudget hands it back.
func (a *autoEngine) budget(ctx context.Context, d time.Duration) *budgetCtx {
	deadline := time.Now().Add(d)
	if t, ok := ctx.Deadline(); ok && t.Before(deadline) {
		deadline, d = t, time.Until(t)
	}
	b, _ := a.budgets.Get().(*budgetCtx)
	if b == nil {
		done := make(chan struct{})
		b = &budgetCtx{done: done, timer: time.AfterFunc(d, func() { close(done) })}
	} else {
		b.timer.Reset(d)
	}
	b.parent, b.deadline = ctx, deadline
	return b
}

// endBudget reports whether b ran out, and keeps b for another puzzle if
// it did not.
func (a *autoEngine) endBudget(b *budgetCtx) (out bool) {
	if !b.timer.Stop() {
		return true // its timer fired: its channel is closed, or about to be
	}
	b.parent = nil
	a.budgets.Put(b)
	return false
}

// valid reports whether rep is an answer the validator accepts.
func (a *autoEngine) valid(rep autoReport, p *sudokusat.Puzzle, limit int) bool {
	return rep.err == nil && check(rep.member.Name(), rep.r, limit, func(s *sudokusat.Grid) error { return variant.Check(p, s) }) == nil
}

// failure returns what Count returns when no member answered: the first
// failure, a wrong answer returned as it is for the package's Count to
// report.
func (a *autoEngine) failure(rep autoReport) (Result, error) {
	if rep.err == nil {
		rep.r.By = rep.member
		return rep.r, nil
	}
	if errors.Is(rep.err, ErrRules) || errors.Is(rep.err, ErrWrong) {
		return Result{}, rep.err
	}
	return Result{}, fmt.Errorf("%s: %s: %w", NameAuto, rep.member.Name(), rep.err)
}

// race runs members on p: the first now, the next after first where a
// core is free, each later one after twice the wait of the one before
// (the first wait is budget), and each after eight such waits even without
// a free core. The first answer the validator accepts wins and the others
// are stopped. failed is a failure before the race, reported if no member
// answers.
func (a *autoEngine) race(ctx context.Context, p *sudokusat.Puzzle, limit int, members []*Engine, first, budget time.Duration, start time.Time, failed *autoReport) (Result, error) {
	race, stop := context.WithCancel(ctx)
	defer stop()
	// Buffered for every member, so that the losers, stopped, can report
	// to nobody and end.
	reports := make(chan autoReport, len(members))
	joined, running := 0, 0
	join := func() {
		m := members[joined]
		joined++
		running++
		a.busy.Add(1)
		go func() {
			defer a.busy.Add(-1)
			r, err := m.Count(race, p, limit)
			reports <- autoReport{m, r, err}
		}()
	}
	// due is when the next member may join if a core is free; late is
	// when it joins anyway.
	wait := budget
	due, late := time.Now().Add(first), time.Now().Add(first+8*wait)
	// A gophersat worker is warmed once, when the first member has had
	// a quarter of first: most puzzles with rules end sooner, and a
	// worker takes about 5 ms to start (a search that finds none idle
	// starts its own, and a member that joins at once needs no warming).
	warming := a.o.Workers != nil && first > 0
	// A classic grid up to 25×25 raced after its budget is one the
	// native solver finds hard, and gophersat is often many times faster
	// on it (norvig-hardlong: 9 ms against 20): there a core held by
	// another program does not keep gophersat waiting, only auto's own
	// searches do.
	ownCores := p.Classic() && p.Size() <= raceFrom
	timer := time.NewTimer(first)
	if warming {
		timer.Reset(first / 4)
	}
	defer timer.Stop()
	for joined < len(members) || running > 0 {
		if running == 0 {
			join() // the first member, or every one so far failed
			continue
		}
		select {
		case rep := <-reports:
			running--
			if ctx.Err() != nil {
				return Result{}, fmt.Errorf("%s: %w", NameAuto, ctx.Err())
			}
			if a.valid(rep, p, limit) {
				rep.r.By, rep.r.Elapsed, rep.r.validated = rep.member, time.Since(start), true
				return rep.r, nil
			}
			if failed == nil {
				failed = &rep
			}
		case now := <-timer.C:
			if warming {
				warming = false
				a.warm.Do(a.o.Workers.Warm)
				if now.Before(due) {
					timer.Reset(time.Until(due))
					continue
				}
			}
			if joined < len(members) && !now.Before(due) && (a.coreFree(ownCores) || !now.Before(late)) {
				join()
				wait *= 2
				due, late = now.Add(wait), now.Add(8*wait)
			}
			if joined < len(members) {
				// Poll for a free core until late, in steps of a tenth
				// of the budget.
				timer.Reset(min(max(time.Until(due), budget/10), max(time.Until(late), time.Millisecond)))
			}
		case <-ctx.Done():
			return Result{}, fmt.Errorf("%s: %w", NameAuto, ctx.Err())
		}
	}
	return a.failure(*failed)
}
