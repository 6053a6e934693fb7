package satsolve

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
)

// Isolated runs gophersat in worker processes, one search per process at a
// time unless Procs and Depth say otherwise. Each process has its own copy
// of gophersat's shared buffer, so searches run truly in parallel, and a
// deadline kills the process instead of abandoning a search that cannot be
// interrupted. Idle processes are kept for the next search; Close ends
// them.
//
// The worker command must run ServeWorker on its standard input and output;
// the sudokusat command does so as "sudokusat gophersat-worker". A worker
// is sent a puzzle, which it encodes, and sends back grids, each of which
// the parent checks (gridsResult, then the caller's validator), so a
// worker is trusted no more than any external solver.
type Isolated struct {
	command []string

	// Procs, when above zero, caps the number of worker processes: a search
	// beyond them queues on a busy process (see Depth) or waits for one.
	// Zero starts a process for every search under way. Set Procs and
	// Depth before the first search.
	Procs int
	// Depth is how many searches may be queued on one process at once,
	// when Procs caps them (values below 1 count as 1). Only searches whose
	// context has no deadline share a process: a deadline kills the
	// process, so a search with one waits for an idle process and has it
	// to itself. With work queued, a process goes from one search to the
	// next without waiting for the parent, and sends its replies a few at
	// a time: on two cores that cut the system time of a batch of small
	// puzzles by three quarters. A search queued behind a long one waits
	// for it, even when another process is free; and cancelling a queued
	// search's context kills its process, so that the searches queued
	// with it start again on another. Replies go out in fours (replyBatch)
	// while work waits, so a Depth above 4 keeps a process fed.
	Depth int

	mu       sync.Mutex
	changed  *sync.Cond // a worker's load fell, or a worker came or went
	workers  []*worker
	starting int // processes being started, counted against Procs
	warming  int // of them, those Warm starts: idle once started
	waiting  int // searches with a deadline waiting for an idle process
	closed   bool
}

// NewIsolated returns a pool of gophersat worker processes started with
// command (the program and its arguments).
func NewIsolated(command ...string) *Isolated {
	p := &Isolated{command: command}
	p.changed = sync.NewCond(&p.mu)
	return p
}

// Close ends every idle worker process. Searches under way end their
// process when they finish.
func (p *Isolated) Close() error {
	p.mu.Lock()
	var idle []*worker
	kept := p.workers[:0]
	for _, w := range p.workers {
		if w.load == 0 {
			idle = append(idle, w)
		} else {
			kept = append(kept, w)
		}
	}
	p.workers, p.closed = kept, true
	p.changed.Broadcast()
	p.mu.Unlock()
	for _, w := range idle {
		w.kill()
	}
	return nil
}

// Count looks for up to limit distinct solutions of puzzle in a worker
// process, which encodes it as o says (encode.Puzzle: o's encoding for a
// classic puzzle, under o's MaxClauses), searches, and sends back the
// solution grids, which the caller checks, each one (see the package
// doc). When ctx ends first the process is killed and the error wraps
// ctx.Err().
func (p *Isolated) Count(ctx context.Context, puzzle *sudokusat.Puzzle, o encode.Options, limit int) (Result, error) {
	if limit < 1 {
		return Result{}, fmt.Errorf("satsolve: count limit %d, want at least 1", limit)
	}
	s, err := p.ask(ctx, puzzle, o, limit, 0)
	if err != nil {
		return Result{}, err
	}
	return gridsResult(puzzle.Grid, s)
}

// Cover is Cover in a worker process, of puzzle encoded as o says, where
// ctx's end kills the search.
func (p *Isolated) Cover(ctx context.Context, puzzle *sudokusat.Puzzle, o encode.Options) (Result, error) {
	s, err := p.ask(ctx, puzzle, o, 1, flagCover)
	if err != nil {
		return Result{}, err
	}
	return gridsResult(puzzle.Grid, s)
}

// CountProof is Count with gophersat's proof of the UNSAT answer that
// ends a count below the limit, as CountProof gives it, over the formula
// the worker encoded: the caller encodes the puzzle again, as o says, to
// check it. A proof is checked, never trusted: had the worker encoded
// another formula, its proof would fail the check. Unlike the search in
// this process, a deadline stops it.
func (p *Isolated) CountProof(ctx context.Context, puzzle *sudokusat.Puzzle, o encode.Options, limit int) (Result, *Proof, error) {
	if limit < 1 {
		return Result{}, nil, fmt.Errorf("satsolve: count limit %d, want at least 1", limit)
	}
	s, err := p.ask(ctx, puzzle, o, limit, flagProof)
	if err != nil {
		return Result{}, nil, err
	}
	if s.proof == nil {
		return Result{}, nil, workerErr(errors.New("no proof in the reply"))
	}
	res, err := gridsResult(puzzle.Grid, s)
	return res, s.proof, err
}

// ask sends one request for puzzle and returns the worker's reply. An
// unknown encoding of a classic puzzle is refused here, before any
// process is asked; a puzzle with rules is encoded by the one encoding
// that knows them, whatever o names.
func (p *Isolated) ask(ctx context.Context, puzzle *sudokusat.Puzzle, o encode.Options, limit int, flags uint32) (found, error) {
	if err := ctx.Err(); err != nil {
		return found{}, fmt.Errorf("gophersat: %w", err)
	}
	if puzzle.Classic() {
		if _, err := encode.Lookup(o.Encoding); err != nil {
			return found{}, err
		}
	}
	return p.roundTrip(ctx, puzzleRequest(puzzle, o, limit, flags))
}

// roundTrip sends one request to a worker and reads its reply. A deadline,
// or a cancellation, kills the process; a request queued behind another on
// a process that went away for the other's sake is sent again, and one
// caught in a process that died by itself is sent again to a process of
// its own, up to maxCrashRetries times if it was the one running.
func (p *Isolated) roundTrip(ctx context.Context, req []byte) (found, error) {
	crashes := 0
	alone := false // after a crash: which search caused it is not known
	for {
		if err := ctx.Err(); err != nil {
			return found{}, fmt.Errorf("gophersat: %w", err)
		}
		w, err := p.acquire(ctx, alone)
		if err != nil {
			return found{}, err
		}
		// The exchange runs in this goroutine; ending ctx kills the
		// process, which ends its blocking read.
		stop := context.AfterFunc(ctx, w.kill)
		s, err := w.exchange(req)
		stopped := stop()
		p.release(w, !stopped || w.isBroken())
		var lost *lostReply
		switch {
		case !stopped:
			go p.Warm()
			return found{}, fmt.Errorf("gophersat: %w", ctx.Err())
		case errors.Is(err, errRetry):
			continue
		case errors.Is(err, errCrashed):
			alone = true
			continue
		case errors.As(err, &lost):
			// The process died without a kill: this search may have
			// caused it, or one read with it while this reply was held
			// back. Try again alone, so that only the culprit dies
			// again, and a few times only.
			if crashes++; crashes <= maxCrashRetries {
				alone = true
				continue
			}
			// The process has been waited for (release): what it said
			// as it died is known.
			return found{}, fmt.Errorf("%w%s", lost.err, lost.w.deathNote())
		case err != nil:
			return found{}, err
		}
		return s, nil
	}
}

// Warm starts a worker, unless an idle one is there or Procs allows no
// more, so that the next search does not wait for a process to start: a
// portfolio (engine's auto) warms one before its first race, and the pool
// itself after a cancelled search killed one (auto cancels gophersat
// whenever another engine wins a race), since a worker takes longer to
// start than most searches. It returns once the process has started, or
// at once when another Warm is starting one: that process counts as
// idle, so that cancels at once (a batch's portfolios losing their races
// together) warm one process, not one each, which would stay idle until
// Close when Procs is 0.
func (p *Isolated) Warm() {
	p.mu.Lock()
	idle := p.warming > 0
	for _, w := range p.workers {
		idle = idle || (w.load == 0 && !w.killed.Load())
	}
	if idle || p.closed || (p.Procs > 0 && len(p.workers)+p.starting >= p.Procs) {
		p.mu.Unlock()
		return
	}
	p.starting++
	p.warming++
	p.mu.Unlock()
	w, err := startWorker(p.command)
	p.mu.Lock()
	p.starting--
	p.warming--
	closed := p.closed
	if err == nil && !closed {
		p.workers = append(p.workers, w)
	}
	p.changed.Broadcast()
	p.mu.Unlock()
	if err == nil && closed {
		w.kill()
	}
}

// maxCrashRetries is how many times a search is sent again after its
// process died under it without being killed.
const maxCrashRetries = 2

// acquire returns a worker for one request: an idle one, else a new one
// while Procs allows, else (for a request without a deadline) the least
// loaded one with room in its queue; otherwise it waits.
func (p *Isolated) acquire(ctx context.Context, alone bool) (*worker, error) {
	_, deadline := ctx.Deadline()
	alone = alone || deadline
	depth := max(p.Depth, 1)
	p.mu.Lock()
	defer p.mu.Unlock()
	var stopWaking func() bool
	defer func() {
		if stopWaking != nil {
			stopWaking()
		}
	}()
	if alone {
		// While a search that needs a process to itself waits, the others
		// stop joining queues, so that a process runs dry and goes to it.
		p.waiting++
		defer func() { p.waiting-- }()
	}
	for {
		if p.closed {
			return nil, fmt.Errorf("%w: gophersat worker pool is closed", ErrSolver)
		}
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("gophersat: %w", err)
		}
		var shared *worker
		for _, w := range p.workers {
			if w.killed.Load() {
				continue // on its way out
			}
			if w.load == 0 {
				w.load, w.exclusive = 1, alone
				return w, nil
			}
			if !alone && p.waiting == 0 && !w.exclusive && w.load < depth && (shared == nil || w.load < shared.load) {
				shared = w
			}
		}
		if p.Procs <= 0 || len(p.workers)+p.starting < p.Procs {
			p.starting++
			p.mu.Unlock()
			w, err := startWorker(p.command)
			p.mu.Lock()
			p.starting--
			p.changed.Broadcast() // a waiting search may queue on it
			if err != nil {
				return nil, err
			}
			w.load, w.exclusive = 1, alone
			p.workers = append(p.workers, w)
			return w, nil
		}
		if shared != nil {
			shared.load++
			return shared, nil
		}
		if stopWaking == nil {
			stopWaking = context.AfterFunc(ctx, func() {
				p.mu.Lock()
				p.changed.Broadcast()
				p.mu.Unlock()
			})
		}
		p.changed.Wait()
	}
}

// release hands back one request's share of w. A worker whose stream is
// lost, or that is killed, leaves the pool (requests still queued on it are
// retried elsewhere), and so does the last use of a worker of a closed pool.
func (p *Isolated) release(w *worker, lost bool) {
	if lost {
		w.markBroken() // searches queued on it are sent elsewhere
	}
	p.mu.Lock()
	w.load--
	if w.load == 0 {
		w.exclusive = false
	}
	gone := lost || w.killed.Load() || (p.closed && w.load == 0)
	if gone {
		for i, x := range p.workers {
			if x == w {
				p.workers = append(p.workers[:i], p.workers[i+1:]...)
				break
			}
		}
	}
	p.changed.Broadcast()
	p.mu.Unlock()
	if gone {
		w.kill()
	}
}

// gridsResult reads the grids a worker sent back: each must be a full grid
// of the puzzle's shape, and no two may be the same. Whether they solve
// the puzzle is the caller's check (see the package doc).
func gridsResult(g *sudokusat.Grid, s found) (Result, error) {
	res := Result{Status: Unsatisfiable, Count: len(s.models), Decisions: s.decisions, Conflicts: s.conflicts, Elapsed: s.elapsed}
	for _, cells := range s.models {
		if len(cells) != g.Len() {
			return Result{}, fmt.Errorf("%w: worker sent %d cells, want %d", ErrWrongModel, len(cells), g.Len())
		}
		sol := g.Clone()
		for i, d := range cells {
			if d < 0 || int(d) > g.Size() {
				return Result{}, fmt.Errorf("%w: worker sent digit %d", ErrWrongModel, d)
			}
			sol.SetCell(i, int(d))
		}
		if err := res.add(sol); err != nil {
			return Result{}, err
		}
	}
	if res.Count > 0 {
		res.Status = Satisfiable
	}
	return res, nil
}
