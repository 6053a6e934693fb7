package engine

import (
	"context"
	"fmt"
	"sync"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/certify"
	"github.com/sudokusat/sudokusat/dlx"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/native"
	"github.com/sudokusat/sudokusat/satsolve"
	"github.com/sudokusat/sudokusat/variant/search"
)

// The engines that run in this process, or in gophersat's worker
// processes: their counters, each opened by its row of Engines.

// Native returns the native bitmask solver.
func Native() *Engine { return mustOpen(NameNative) }

// mustOpen opens an engine of this process that cannot fail to open.
func mustOpen(name string) *Engine {
	e, err := Open(name, Options{})
	if err != nil {
		panic(err) // a row of Engines without its engine: a bug here
	}
	return e
}

func openNative(row Info, _ string, o Options) (*Engine, error) {
	return New(row, o, nativeEngine{&sync.Pool{New: func() any { return new(native.Counter) }}}), nil
}

// nativeEngine keeps native.Counters for reuse, so that no count clears
// a Counter's 11 KB of search state: through the engine, a 17-clue
// puzzle's count took 2.35 µs with the clearing and 2.14 without, against
// 1.65 in the solver's own benchmark (one core, side by side).
type nativeEngine struct {
	counters *sync.Pool
}

func (e nativeEngine) Count(ctx context.Context, p *sudokusat.Puzzle, limit int) (Result, error) {
	c := e.counters.Get().(*native.Counter)
	r, err := c.Count(ctx, p.Grid, limit)
	e.counters.Put(c)
	if err != nil {
		return Result{}, err
	}
	return Result{Count: r.Count, Solutions: grids(r.Solution), Stats: Stats{Guesses: r.Guesses}}, nil
}

func openDLX(row Info, _ string, o Options) (*Engine, error) { return New(row, o, dlxEngine{}), nil }

// dlxEngine is the dancing-links solver. Its Stats report the nodes of its
// search tree as Guesses: rows placed by the search, forced ones included.
type dlxEngine struct{}

func (dlxEngine) Count(ctx context.Context, p *sudokusat.Puzzle, limit int) (Result, error) {
	r, err := dlx.Count(ctx, p.Grid, limit)
	if err != nil {
		return Result{}, err
	}
	return Result{Count: r.Count, Solutions: grids(r.Solution), Stats: Stats{Guesses: r.Nodes}}, nil
}

func openSearch(row Info, _ string, o Options) (*Engine, error) {
	return New(row, o, searchEngine{}), nil
}

// searchEngine is the independent search of package variant/search, which
// takes every rule: propagation over candidate masks and a depth-first
// search, sharing no code with the encoder or the native solver.
type searchEngine struct{}

func (searchEngine) Count(ctx context.Context, p *sudokusat.Puzzle, limit int) (Result, error) {
	r, err := search.Count(ctx, p, limit)
	if err != nil {
		return Result{}, err
	}
	return Result{Count: r.Count, Solutions: r.Solutions, Stats: Stats{Guesses: r.Nodes}}, nil
}

// satEngine is gophersat, in worker processes when o.Workers is set (and
// the formula can travel there), else in this process.
type satEngine struct {
	o Options
}

func openSAT(row Info, _ string, o Options) (*Engine, error) {
	return New(row, o, &satEngine{o: o}), nil
}

func (e *satEngine) Count(ctx context.Context, p *sudokusat.Puzzle, limit int) (Result, error) {
	w := e.o.Workers
	switch {
	case w != nil && !e.o.Certify:
		// The worker encodes, so that the parent's work per puzzle is
		// only the validation.
		return satResult(w.pool.Count(ctx, p, e.o.encode(), limit))
	case w != nil:
		// With Certify the parent checks the proof, for which it encodes
		// the puzzle itself: the formula does not travel to the worker.
		r, proof, err := w.pool.CountProof(ctx, p, e.o.encode(), limit)
		if err != nil || r.Count >= limit {
			return satResult(r, err) // no UNSAT answer to check
		}
		f, err := encodeCtx(ctx, p, e.o)
		if err != nil {
			return Result{}, err
		}
		return certified(ctx, f, r, proof)
	}
	f, err := encodeCtx(ctx, p, e.o)
	if err != nil {
		return Result{}, err
	}
	if !e.o.Certify {
		return satResult(satsolve.Count(ctx, f, limit))
	}
	r, proof, err := satsolve.CountProof(ctx, f, limit)
	if err != nil || r.Count >= limit {
		return satResult(r, err) // no UNSAT answer to check
	}
	return certified(ctx, f, r, proof)
}

// covers reports whether cover may answer: not when answers must be
// certified (Cover gives no proof of its last, UNSAT, answer).
func (e *satEngine) covers() bool { return !e.o.Certify }

// cover runs satsolve.Cover on p's formula, in a worker process when
// there are workers.
func (e *satEngine) cover(ctx context.Context, p *sudokusat.Puzzle) (Result, error) {
	if w := e.o.Workers; w != nil {
		return satResult(w.pool.Cover(ctx, p, e.o.encode()))
	}
	f, err := encodeCtx(ctx, p, e.o)
	if err != nil {
		return Result{}, err
	}
	return satResult(satsolve.Cover(ctx, f))
}

// certified checks proof, gophersat's proof of the UNSAT answer that ended
// the count r of f, and returns r certified, or ErrWrong when the proof
// fails.
func certified(ctx context.Context, f *encode.Formula, r satsolve.Result, proof *satsolve.Proof) (Result, error) {
	if err := certify.Gophersat(ctx, f, proof); err != nil {
		if ctx.Err() != nil {
			return Result{}, fmt.Errorf("checking gophersat's proof: %w", ctx.Err())
		}
		return satResult(r, fmt.Errorf("%w: gophersat: %w", satsolve.ErrBadProof, err))
	}
	r.Certified = true
	return satResult(r, nil)
}
