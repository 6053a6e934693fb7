package engine

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/certify"
	"github.com/sudokusat/sudokusat/drat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/satsolve"
)

// external is a DIMACS solver run as a process for each solve.
type external struct {
	solver *satsolve.External
	o      Options
}

// openExternal opens a DIMACS solver, known by name or given by its
// command line: its row says whether it gives proofs, as the command line
// does when it names "{proof}".
func openExternal(row Info, spec string, o Options) (*Engine, error) {
	s, err := satsolve.Engine(spec)
	if err != nil {
		return nil, &openError{err}
	}
	x, ok := s.(*satsolve.External)
	if !ok {
		return nil, openErrorf("unknown engine %q (engines: %s)", spec, Engines().known())
	}
	if _, err := exec.LookPath(x.Argv[0]); err != nil {
		return nil, openErrorf("engine %q: no program %q on PATH (engines: %s)", spec, x.Argv[0], Engines().known())
	}
	// The files that a command killed outright left for its solver go
	// now, once per engine opened: they cannot go when it dies.
	if !o.swept {
		satsolve.RemoveStaleRuns()
	}
	o.Sums = encode.SumClauses // DIMACS holds clauses only
	x.MemoryLimit, x.CPULimit = o.MemoryLimit, o.CPULimit
	if o.Certify && (x.ProofArgs != nil || strings.Contains(spec, "{proof}")) {
		// Bound to each formula in external.Count.
		x.Certify = func(context.Context, io.Reader, io.Reader) error { return errors.New("no formula bound") }
	}
	row.Proofs = x.ProofArgs != nil || strings.Contains(spec, "{proof}")
	e := New(row, o, &external{solver: x, o: o})
	e.name = x.Name()
	return e, nil
}

func (e *external) Count(ctx context.Context, p *sudokusat.Puzzle, limit int) (Result, error) {
	f, err := encodeCtx(ctx, p, e.o)
	if err != nil {
		return Result{}, err
	}
	s := e.solver
	if s.Certify != nil {
		// The External is shared by every puzzle: the check is bound to
		// this one's formula on a copy.
		c := *s
		c.Certify = func(ctx context.Context, cnf, proof io.Reader) error {
			return certify.Refutation(ctx, f, cnf, proof)
		}
		s = &c
	}
	return satResult(s.Count(ctx, f, limit))
}

// FaultKind says how an external solver's answer on a formula is wrong,
// as judged without the solver: by the formula's clauses, a known model of
// it, or the proof checker.
type FaultKind int

// The kinds of Fault.
const (
	// BadModel: the solver's model falsifies a clause of the formula.
	BadModel FaultKind = iota + 1
	// FalseUNSAT: the solver claims UNSAT for a formula that a known
	// assignment (from another engine's validated solution) satisfies.
	FalseUNSAT
	// BadProof: the solver claims UNSAT with a proof that package drat
	// refuses for the formula it was given.
	BadProof
	// Crash: the solver fails: it is killed by a signal, exits with a
	// status other than 0, 10 or 20, or prints no answer that reads.
	Crash
)

var faultNames = [...]string{
	BadModel:   "a model that falsifies a clause",
	FalseUNSAT: "UNSAT claimed for a satisfiable formula",
	BadProof:   "an UNSAT proof the checker refuses",
	Crash:      "a failure",
}

// String says what the fault is, for messages.
func (k FaultKind) String() string {
	if k > 0 && int(k) < len(faultNames) {
		return faultNames[k]
	}
	return fmt.Sprintf("FaultKind(%d)", int(k))
}

// Fault is an external solver's wrong answer on one formula.
type Fault struct {
	Kind FaultKind
	// Formula is the formula of the wrong run: the puzzle's, plus a clause
	// blocking each solution the solver had found before it in the count.
	Formula *encode.Formula
	// Witness, for FalseUNSAT, is an assignment that satisfies Formula:
	// Witness[v] is variable v's value.
	Witness []bool
	// Model, for BadModel, is the solver's model, as DIMACS literals.
	Model []int
}

// ErrNoFault reports that a replay of a solver's count found every answer
// right on its own formula, or a fault that cannot be judged on clauses
// alone.
var ErrNoFault = errors.New("no answer wrong on its own formula")

// FindFault replays e's count of p up to limit one solver run at a time,
// as satsolve.External.Count makes it, and judges each answer on the
// formula of its run: a model must satisfy every clause, an UNSAT claim is
// refuted by a solution in known (p's solutions, each validated, found by
// another engine) that no earlier run gave, and with Options.Certify a
// proof must refute the formula, checked by package drat against the CNF
// the solver read. It returns the first wrong answer, or an error wrapping
// ErrNoFault when there is none, or the solver's failure. Only external
// solvers are judged; another engine is an error wrapping ErrNoFault.
func FindFault(ctx context.Context, e *Engine, p *sudokusat.Puzzle, limit int, known []*sudokusat.Grid) (*Fault, error) {
	x, ok := e.c.(*external)
	if !ok {
		return nil, fmt.Errorf("%w: %s is not an external solver", ErrNoFault, e.Name())
	}
	f, err := encodeCtx(ctx, p, x.o)
	if err != nil {
		return nil, err
	}
	var found []*sudokusat.Grid
	g := f
	for len(found) < limit {
		a, err := x.solveCNF(ctx, g)
		switch {
		case errors.Is(err, satsolve.ErrBadProof):
			return &Fault{Kind: BadProof, Formula: g}, nil
		case errors.Is(err, satsolve.ErrSolver) && ctx.Err() == nil:
			return &Fault{Kind: Crash, Formula: g}, nil
		case err != nil:
			return nil, err
		}
		switch a.Status {
		case satsolve.Satisfiable:
			if g.Falsified(a.Model) >= 0 {
				return &Fault{Kind: BadModel, Formula: g, Model: a.Model}, nil
			}
			sol, err := f.DecodeLits(a.Model)
			if err != nil {
				return nil, fmt.Errorf("%w: a model of the formula does not decode: %w", ErrNoFault, err)
			}
			found = append(found, sol)
			block := make([]int32, 0, 64)
			for _, l := range a.Model {
				if l > 0 && l <= f.VarMap.NumVars() {
					block = append(block, int32(-l))
				}
			}
			if len(block) == 0 {
				return nil, ErrNoFault
			}
			if g == f {
				g = f.Clone()
			}
			g.Add(block...)
		case satsolve.Unsatisfiable:
			for _, s := range known {
				if contains(found, s) {
					continue
				}
				if w := Witness(f, s); w != nil && g.FalsifiedBy(w) < 0 {
					return &Fault{Kind: FalseUNSAT, Formula: g, Witness: w}, nil
				}
			}
			return nil, ErrNoFault
		default:
			return nil, fmt.Errorf("%w: %s answered UNKNOWN", ErrNoFault, e.Name())
		}
	}
	return nil, ErrNoFault
}

// Holds reports whether e is still wrong in the fault's way on g, a
// formula over the fault formula's variables (a subset of its clauses,
// when shrinking): a model that falsifies a clause of g; UNSAT for g,
// which the witness satisfies; UNSAT with a proof drat refuses for g; a
// failure. A run cut short by ctx is none of them.
func (ft *Fault) Holds(ctx context.Context, e *Engine, g *encode.Formula) bool {
	x, ok := e.c.(*external)
	if !ok {
		return false
	}
	if ft.Kind == FalseUNSAT && g.FalsifiedBy(ft.Witness) >= 0 {
		return false
	}
	a, err := x.solveCNF(ctx, g)
	switch ft.Kind {
	case BadModel:
		return err == nil && a.Status == satsolve.Satisfiable && g.Falsified(a.Model) >= 0
	case FalseUNSAT:
		return err == nil && a.Status == satsolve.Unsatisfiable
	case BadProof:
		return errors.Is(err, satsolve.ErrBadProof)
	case Crash:
		return errors.Is(err, satsolve.ErrSolver) && ctx.Err() == nil
	}
	return false
}

// solveCNF runs the solver once on g; with Certify, an UNSAT answer's
// proof is checked against the CNF file the solver read.
func (e *external) solveCNF(ctx context.Context, g *encode.Formula) (satsolve.Answer, error) {
	s := e.solver
	if s.Certify != nil {
		c := *s
		c.Certify = func(ctx context.Context, cnf, proof io.Reader) error {
			_, err := drat.Check(ctx, cnf, proof)
			return err
		}
		s = &c
	}
	return s.Solve(ctx, g)
}

// Witness returns the assignment of f's variables that grid s makes (a
// cell's variable of its digit true, the others false), or nil when f has
// variables beyond the cells' (an auxiliary variable's value is not the
// grid's to say).
func Witness(f *encode.Formula, s *sudokusat.Grid) []bool {
	if f.Vars != f.NumVars() || s.Size() != f.Puzzle.Size() {
		return nil
	}
	val := make([]bool, f.Vars+1)
	if f.Direct() {
		n := s.Size()
		for i := 0; i < s.Len(); i++ {
			if d := s.Cell(i); d != 0 {
				val[i*n+d] = true
			}
		}
		return val
	}
	for i, c := range f.Cands {
		val[i+1] = s.Cell(int(c.Cell)) == int(c.Digit)
	}
	return val
}

func contains(gs []*sudokusat.Grid, g *sudokusat.Grid) bool {
	for _, h := range gs {
		if h.Equal(g) {
			return true
		}
	}
	return false
}

// CommandLine returns the command that runs e, an external solver, on the
// CNF file cnf as a count does: "{cnf}" replaced by cnf, "{out}" and
// "{proof}" by files named after it (cnf+".out", cnf+".drat"), the proof
// arguments added when e certifies. It reports false for another engine.
func CommandLine(e *Engine, cnf string) ([]string, bool) {
	x, ok := e.c.(*external)
	if !ok {
		return nil, false
	}
	r := strings.NewReplacer("{cnf}", cnf, "{out}", cnf+".out", "{proof}", cnf+".drat")
	argv, sawCNF, sawProof := []string{x.solver.Argv[0]}, false, false
	for _, a := range x.solver.Argv[1:] {
		sawCNF = sawCNF || strings.Contains(a, "{cnf}")
		sawProof = sawProof || strings.Contains(a, "{proof}")
		argv = append(argv, r.Replace(a))
	}
	if !sawCNF {
		argv = append(argv, cnf)
	}
	if x.solver.Certify != nil && !sawProof {
		for _, a := range x.solver.ProofArgs {
			argv = append(argv, r.Replace(a))
		}
	}
	return argv, true
}
