// Package satsolve solves Sudoku formulas with a SAT solver: the pure-Go
// gophersat, embedded, or any DIMACS solver binary run as a process.
//
// Models are decoded into grids here, and a model that does not decode to
// one digit per cell, or that repeats a grid already found, is an error
// wrapping ErrWrongModel. Whether a grid solves the puzzle is checked once,
// by the caller: package engine runs every grid through the root package's
// validator, which shares no code with the encoder or the solvers.
package satsolve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync/atomic"
	"time"

	"github.com/crillab/gophersat/solver"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
)

// ErrWrongModel reports a solver's model that is not a grid, or a grid it
// had already given: a solver bug, or a wrong formula.
var ErrWrongModel = errors.New("solver's model is not a solution")

// ErrSolver reports a solver that failed: it crashed, could not be run, or
// printed something that is not an answer.
var ErrSolver = errors.New("SAT solver failed")

// Result is the outcome of a solve or a count.
type Result struct {
	Status Status
	// Solutions are the distinct grids decoded from the models found, in
	// the order found; not yet validated (see the package doc).
	Solutions []*sudokusat.Grid
	// Count is the number of distinct solutions found, capped at the limit
	// asked for (Solve stops at 1).
	Count int
	// Decisions and Conflicts are the solver's search statistics over all
	// the solves a count makes; external solvers do not report them.
	Decisions, Conflicts int
	// Certified reports that the UNSAT answer that ended the count came
	// with a proof that the solver's Certify accepted.
	Certified bool
	// Elapsed is the time the engine spent on the request where it ran,
	// for engines that report it, else zero: an Isolated worker counts from
	// reading the request to writing the reply, so that the time a search
	// waited in its process's queue is left out.
	Elapsed time.Duration
	// CPU and PeakMemory are what an external solver's runs took, as the
	// system measured them: their user and system time, and the largest
	// resident size in bytes (zero where not measured: in this process,
	// in a gophersat worker).
	CPU        time.Duration
	PeakMemory int64
	// Wall is the time from the start of an external solver's runs to
	// their ends, summed: theirs, without this process's writing of the
	// CNF and reading of the answer.
	Wall time.Duration
}

// Solution returns the first grid found, or nil.
func (r Result) Solution() *sudokusat.Grid {
	if len(r.Solutions) == 0 {
		return nil
	}
	return r.Solutions[0]
}

// add appends a grid found, refusing one found before: a solver given
// the clause that blocks a grid must not give it again.
func (r *Result) add(g *sudokusat.Grid) error {
	for _, h := range r.Solutions {
		if g.Equal(h) {
			return fmt.Errorf("%w: the same grid twice", ErrWrongModel)
		}
	}
	r.Solutions = append(r.Solutions, g)
	return nil
}

// Solver is a SAT engine that can count a formula's solutions.
type Solver interface {
	// Count looks for up to limit distinct solutions (limit ≥ 1).
	Count(ctx context.Context, f *encode.Formula, limit int) (Result, error)
	// Name names the engine for messages and tables.
	Name() string
}

// Gophersat is the embedded gophersat engine. Its zero value is ready to use.
type Gophersat struct{}

// Name returns "sat".
func (Gophersat) Name() string { return "sat" }

// gophersatSlot serialises every use of gophersat in the process. gophersat
// v1.4.0 keeps a package-level buffer (bufLits in solver/learn.go) that two
// solvers in parallel goroutines corrupt: wrong verdicts, invalid models and
// panics were seen here. A channel rather than a mutex, so that waiting for
// the slot can give up when a context ends.
var gophersatSlot = make(chan struct{}, 1)

// Solve returns the first solution of f. It is Count with a limit of 1.
func Solve(ctx context.Context, f *encode.Formula) (Result, error) {
	return Gophersat{}.Count(ctx, f, 1)
}

// Count looks for up to limit distinct solutions of f with gophersat (limit
// 2 proves uniqueness). After each model it adds a clause that blocks that
// grid and solves again; gophersat's own Enumerate is not used, since it
// ignores its stop channel and reports duplicate models.
//
// gophersat cannot be interrupted: when ctx ends first, Count returns at
// once with an error wrapping ctx.Err(), and the abandoned search finishes
// its current solve in the background (starting no other), holding the
// process's gophersat slot until then.
func Count(ctx context.Context, f *encode.Formula, limit int) (Result, error) {
	return Gophersat{}.Count(ctx, f, limit)
}

// Proof is what a refutation check needs of a gophersat count whose last
// solve answered UNSAT: the clauses that count added to the formula, each
// blocking a grid found, and gophersat's lemmas, a RUP proof in DRAT text.
type Proof struct {
	Blocks [][]int32
	DRAT   []byte
}

// CNF writes the formula the proof refutes: f's clauses, then the blocking
// clauses, as DIMACS.
func (p *Proof) CNF(w io.Writer, f *encode.Formula) error {
	g := f.Clone()
	for _, b := range p.Blocks {
		g.Add(b...)
	}
	return encode.WriteDIMACS(w, g)
}

// CountProof is Count with gophersat's proof of the UNSAT answer that ends
// a count below the limit (no solution, or none besides those found). The
// proof costs gophersat a string per learned clause, so Count does not ask
// for it. When propagation alone settled the formula, the proof has a
// blocking clause and no lemma: the refutation is unit propagation.
func CountProof(ctx context.Context, f *encode.Formula, limit int) (Result, *Proof, error) {
	if limit < 1 {
		return Result{}, nil, fmt.Errorf("satsolve: count limit %d, want at least 1", limit)
	}
	if err := ctx.Err(); err != nil {
		return Result{}, nil, fmt.Errorf("gophersat: %w", err)
	}
	var res Result
	var runErr error
	var stop atomic.Bool
	proof := &Proof{}
	err := inSlot(ctx, func() {
		if f.Vars == 0 && f.NumClauses() == 0 {
			res, runErr = finish(f, Result{}, nil)
			if limit > 1 {
				proof.Blocks = [][]int32{{}}
			}
			return
		}
		var s found
		s, runErr = search(f, f.VarMap.NumVars(), limit, &stop, proof, phaseOf(f), false)
		if runErr == nil {
			res, runErr = s.result(f)
		}
	})
	stop.Store(true)
	if err != nil {
		return Result{}, nil, fmt.Errorf("gophersat: %w", err)
	}
	return res, proof, runErr
}

// Cover finds, with gophersat in this process, solutions of f that
// together put every digit in every cell where some solution puts it: after
// each model, one clause asks for a map variable (a cell's digit) that no
// model so far made true, and the search goes on in the same solver; its
// last answer, UNSAT, says that no solution makes any of the others true.
// Each solution has a digit no earlier one put in its cell, so they are
// distinct, and at most one more than the map's variables. This is the
// true-candidates question answered in one solver: the clauses only
// narrow, so the earlier ones may stay and nothing is rebuilt.
func Cover(ctx context.Context, f *encode.Formula) (Result, error) {
	if err := ctx.Err(); err != nil {
		return Result{}, fmt.Errorf("gophersat: %w", err)
	}
	if f.Vars == 0 && f.NumClauses() == 0 {
		return finish(f, Result{}, nil)
	}
	var res Result
	var runErr error
	var stop atomic.Bool
	err := inSlot(ctx, func() {
		var s found
		s, runErr = search(f, f.VarMap.NumVars(), f.VarMap.NumVars()+1, &stop, nil, phaseOf(f), true)
		if runErr == nil {
			res, runErr = s.result(f)
		}
	})
	stop.Store(true)
	if err != nil {
		return Result{}, fmt.Errorf("gophersat: %w", err)
	}
	return res, runErr
}

// Count implements Solver; see the package-level Count.
func (Gophersat) Count(ctx context.Context, f *encode.Formula, limit int) (Result, error) {
	if limit < 1 {
		return Result{}, fmt.Errorf("satsolve: count limit %d, want at least 1", limit)
	}
	if err := ctx.Err(); err != nil {
		return Result{}, fmt.Errorf("gophersat: %w", err)
	}
	var res Result
	var runErr error
	var stop atomic.Bool // set when the caller gives up: no further solve starts
	err := inSlot(ctx, func() { res, runErr = countGophersat(f, limit, &stop) })
	stop.Store(true)
	if err != nil {
		return Result{}, fmt.Errorf("gophersat: %w", err)
	}
	return res, runErr
}

// inSlot runs fn while holding the gophersat slot, returning early with
// ctx.Err() if ctx ends first. A panic in fn becomes an ErrSolver error.
func inSlot(ctx context.Context, fn func()) error {
	select {
	case gophersatSlot <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	if ctx.Done() == nil {
		// Nothing can end ctx: run here, where the stack has already grown
		// to what gophersat needs, and spare the hand-off to a goroutine.
		return runSlot(fn)
	}
	done := make(chan error, 1)
	go func() { done <- runSlot(fn) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// runSlot runs fn, which holds the slot, then frees the slot.
func runSlot(fn func()) (err error) {
	defer func() { <-gophersatSlot }()
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%w: gophersat panicked: %v", ErrSolver, p)
		}
	}()
	fn()
	return nil
}

func countGophersat(f *encode.Formula, limit int, stop *atomic.Bool) (Result, error) {
	if f.Vars == 0 && f.NumClauses() == 0 {
		// Propagation solved the puzzle: one solution, no search.
		return finish(f, Result{}, nil)
	}
	s, err := search(f, f.VarMap.NumVars(), limit, stop, nil, phaseOf(f), false)
	if err != nil {
		return Result{}, err
	}
	return s.result(f)
}

// found is what a raw search found: the true map variables of each model,
// and gophersat's statistics.
type found struct {
	models               [][]int32
	decisions, conflicts int
	elapsed              time.Duration // where the worker reports it
	proof                *Proof        // when one was asked for
}

// result decodes every model found.
func (s found) result(f *encode.Formula) (Result, error) {
	res := Result{Status: Unsatisfiable, Count: len(s.models), Decisions: s.decisions, Conflicts: s.conflicts, Elapsed: s.elapsed}
	for _, m := range s.models {
		model := make([]bool, f.VarMap.NumVars())
		for _, v := range m {
			if v < 1 || int(v) > len(model) {
				return Result{}, fmt.Errorf("%w: variable %d out of range", ErrWrongModel, v)
			}
			model[v-1] = true
		}
		g, err := decodeModel(f, model)
		if err != nil {
			return Result{}, err
		}
		if err := res.add(g); err != nil {
			return Result{}, err
		}
	}
	if res.Count > 0 {
		res.Status = Satisfiable
	}
	return res, nil
}

// cardsFor reports whether gophersat gets f's at-most-one constraints as
// cardinality constraints (see problem) rather than as clauses. Each form
// wins where its cost is the one that counts (docs/performance.md, 27
// November 2026): a small formula's search takes microseconds, and the
// constraints load faster (serg's 10,000 puzzles: 2.06 s against 2.61);
// a very large one's clauses take most of the time and memory to load
// (sudoku-225-1: 0.33 s and 108 MB against 1.27 s and 594 MB). Between
// them the search counts, and gophersat searches faster on the clauses:
// random 64×64 completions at 39 % open, 18 of 24 answered within 10 s
// against 17, a PAR-2 score of 5.97 s against 6.73; sudoku-81-1 0.24 s
// against 0.45.
func cardsFor(f *encode.Formula) bool {
	n := f.NumClauses()
	return n < cardsBelow || n > cardsAbove
}

// cardsBelow and cardsAbove bound the formulas whose at-most-one
// constraints gophersat gets as clauses: 25×25 puzzles have some 25,000
// clauses, where both forms measure the same; 64×64 to 100×100 ones from
// about 100,000 to 300,000; sudoku-225-1 has 3.1 million.
const (
	cardsBelow = 50_000
	cardsAbove = 1_000_000
)

// search runs gophersat on f and collects up to limit models. After each
// model it adds a clause blocking that model's true variables among the
// first mapVars (the cell variables), so auxiliary variables cannot make a
// repeat look new. phase lists the variables to try true first (phaseOf).
// With proof, it collects gophersat's lemmas and the blocking clauses
// there. With cover (and no proof), each model is followed not by a clause
// blocking it but by one asking for a map variable no model so far made
// true (see Cover). It must hold the gophersat slot, or run alone in its
// process.
func search(f *encode.Formula, mapVars, limit int, stop *atomic.Bool, proof *Proof, phase []int32, cover bool) (found, error) {
	var out found
	var seen []bool // cover: the map variables some model made true
	if cover {
		seen = make([]bool, mapVars+1)
	}
	// A proof is checked against the clauses; one found with the
	// at-most-one constraints as cardinality constraints is RUP over them
	// too (see problem).
	pb := problem(f, mapVars, cardsFor(f), proof != nil)
	setPhase(pb, phase)
	s := solver.New(pb)
	if proof != nil {
		// gophersat sends each learned clause on CertChan from its own
		// goroutine and waits for the send: the lemmas are drained here as
		// they come, and the channel is closed once no solve runs.
		lemmas := make(chan string, 256)
		s.Certified, s.CertChan = true, lemmas
		drained := make(chan struct{})
		go func() {
			for l := range lemmas {
				proof.DRAT = append(append(proof.DRAT, l...), '\n')
			}
			close(drained)
		}()
		defer func() {
			close(lemmas)
			<-drained
		}()
	}
	for len(out.models) < limit && !stop.Load() {
		st := s.Solve()
		out.decisions, out.conflicts = s.Stats.NbDecisions, s.Stats.NbConflicts // cumulative
		if st != solver.Sat {
			if st != solver.Unsat {
				return found{}, fmt.Errorf("%w: gophersat gave no verdict", ErrSolver)
			}
			break
		}
		model := s.Model()
		var trueVars []int32
		for v := 0; v < mapVars && v < len(model); v++ {
			if model[v] {
				trueVars = append(trueVars, int32(v+1))
			}
		}
		out.models = append(out.models, trueVars)
		if len(out.models) == limit {
			break
		}
		if proof != nil {
			b := make([]int32, len(trueVars))
			for i, v := range trueVars {
				b[i] = -v
			}
			proof.Blocks = append(proof.Blocks, b)
		}
		if len(trueVars) == 0 {
			break // nothing open: the one grid is the only one
		}
		if cover {
			// Each clause asks for less than the one before (the unseen
			// variables only shrink), so the earlier ones, implied by it,
			// may stay: one solver answers every question.
			for _, v := range trueVars {
				seen[v] = true
			}
			var unseen []solver.Lit
			for v := 1; v <= mapVars; v++ {
				if !seen[v] {
					unseen = append(unseen, solver.IntToLit(int32(v)))
				}
			}
			if len(unseen) == 0 {
				break // every map variable is true in some model
			}
			s.AppendClause(solver.NewClause(unseen))
			continue
		}
		block := make([]solver.Lit, len(trueVars))
		for i, v := range trueVars {
			block[i] = solver.IntToLit(-v)
		}
		s.AppendClause(solver.NewClause(block))
	}
	return out, nil
}

// finish handles a formula with nothing to search.
func finish(f *encode.Formula, res Result, model []bool) (Result, error) {
	g, err := decodeModel(f, model)
	if err != nil {
		return Result{}, err
	}
	res.Status, res.Solutions, res.Count = Satisfiable, []*sudokusat.Grid{g}, 1
	return res, nil
}

// decodeModel decodes a model into a grid: one digit per cell, the givens
// and the propagated cells included.
func decodeModel(f *encode.Formula, model []bool) (*sudokusat.Grid, error) {
	g, err := f.Decode(model)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrWrongModel, err)
	}
	return g, nil
}

// HasModel reports whether the clauses, over variables 1 to vars, have
// a model, asking gophersat: the one question a logical step's check puts
// (its premises, its rules and the negation of its conclusion must have
// none). An empty clause makes them unsatisfiable.
func HasModel(ctx context.Context, vars int, clauses [][]int) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, fmt.Errorf("gophersat: %w", err)
	}
	for _, c := range clauses {
		if len(c) == 0 {
			return false, nil
		}
	}
	var sat bool
	err := inSlot(ctx, func() {
		s := solver.New(solver.ParseSliceNb(clauses, vars))
		sat = s.Solve() == solver.Sat
	})
	if err != nil {
		return false, fmt.Errorf("gophersat: %w", err)
	}
	return sat, nil
}
