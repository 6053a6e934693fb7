package engine

import (
	"context"
	"io"
	"os/exec"
	"strings"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/drat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/satsolve"
	"github.com/sudokusat/sudokusat/variant"
	"github.com/sudokusat/sudokusat/variant/search"
)

// VariantEngine counts the solutions of variant puzzles. CountVariant
// reports what the engine found, unchecked: callers use the package's
// CountVariant, which validates it with variant.Check.
type VariantEngine interface {
	// Name names the engine in messages and tables.
	Name() string
	// CountVariant looks for up to limit (≥ 1) solutions of p, which
	// Validate accepts. It honours ctx as Engine.Count does.
	CountVariant(ctx context.Context, p *sudokusat.Puzzle, limit int) (Result, error)
}

// VariantOptions says how OpenVariant's engines run.
type VariantOptions struct {
	// Sums is how gophersat's formula writes killer and arrow sums;
	// external solvers take CNF, so they always get clauses. The zero
	// value is encode.SumClauses, the default (see encode.DefaultSums).
	Sums encode.SumForm
	// Certify asks the SAT engines for DRAT proofs of their UNSAT
	// answers, checked as Options.Certify says: gophersat's collected in
	// this process, the external solvers' written by them. The variant
	// formula is a direct encoding, with no propagation of its own, so a
	// proof covers it. DRAT knows clauses only: gophersat with SumPB is
	// refused.
	Certify bool
}

// OpenVariant returns the variant engine named by spec: "sat" (or
// "gophersat"), which runs in this process (the worker processes speak
// classic grids only), or an external DIMACS solver as Open takes it. The
// classic engines, native and dlx, know no variant rules: they are an
// error wrapping ErrEngine, as is any name Open would refuse.
//
// The independent variant engine (package variant/search) joins here, as
// one more case of the switch, so that check can set two methods side by
// side.
func OpenVariant(spec string, o VariantOptions) (VariantEngine, error) {
	spec = strings.TrimSpace(spec)
	switch spec {
	case NameSearch, NameNative:
		// native's counterpart for variants: a search of its own over
		// the puzzle's rules, sharing no code with the CNF.
		return variantSearch{}, nil
	case NameDLX:
		return nil, openErrorf("engine %q solves classic grids only; for variant puzzles use %s", spec, knownVariant())
	case "":
		return nil, openErrorf("empty engine name (want %s)", knownVariant())
	}
	s, err := satsolve.Engine(spec)
	if err != nil {
		return nil, &openError{err}
	}
	switch s := s.(type) {
	case satsolve.Gophersat:
		if o.Certify && o.Sums == encode.SumPB {
			return nil, openErrorf("certifying needs sums as clauses: DRAT proofs know no pseudo-Boolean constraints")
		}
		return &variantSAT{name: NameSAT, sums: o.Sums, solver: s, certify: o.Certify}, nil
	case *satsolve.External:
		if _, err := exec.LookPath(s.Argv[0]); err != nil {
			return nil, openErrorf("engine %q: no program %q on PATH (engines: %s)", spec, s.Argv[0], knownVariant())
		}
		if o.Certify {
			// The variant formula is built here from the puzzle with no
			// propagation of its own: the proof is checked against the
			// CNF as given.
			s.Certify = func(ctx context.Context, cnf, proof io.Reader) error {
				_, err := drat.Check(ctx, cnf, proof)
				return err
			}
		}
		return &variantSAT{name: s.Name(), sums: encode.SumClauses, solver: s, external: true}, nil
	}
	return nil, openErrorf("unknown engine %q (engines: %s)", spec, knownVariant())
}

// OpenVariantList opens every engine of a list, as check takes them.
func OpenVariantList(specs []string, o VariantOptions) ([]VariantEngine, error) {
	var out []VariantEngine
	for _, spec := range specs {
		e, err := OpenVariant(spec, o)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	if len(out) == 0 {
		return nil, openErrorf("no engine named (engines: %s)", knownVariant())
	}
	return out, nil
}

// knownVariant lists the engine names OpenVariant takes, for messages.
func knownVariant() string {
	return strings.Join(append([]string{NameSearch, NameSAT}, satsolve.KnownExternal()...), ", ")
}

// variantSAT is a SAT solver on the variant formula.
type variantSAT struct {
	name     string
	sums     encode.SumForm
	solver   satsolve.Solver
	external bool
	certify  bool // gophersat: collect its proofs and check them
}

func (e *variantSAT) Name() string { return e.name }

func (e *variantSAT) CountVariant(ctx context.Context, p *sudokusat.Puzzle, limit int) (Result, error) {
	f, err := encode.Variant(p, e.sums)
	if err != nil {
		return Result{}, err
	}
	if e.certify {
		return countCertified(ctx, f, limit)
	}
	return satResult(e.solver.Count(ctx, f, limit))
}

// NameSearch names the independent engine for variant puzzles (package
// variant/search); "native" is taken for it too on variant puzzles.
const NameSearch = "search"

// variantSearch is package variant/search: propagation over candidate
// masks and a depth-first search, sharing no code with the encoder.
type variantSearch struct{}

func (variantSearch) Name() string { return NameSearch }

func (variantSearch) CountVariant(ctx context.Context, p *sudokusat.Puzzle, limit int) (Result, error) {
	r, err := search.Count(ctx, p, limit)
	if err != nil {
		return Result{}, err
	}
	return Result{Count: r.Count, Solutions: r.Solutions, Stats: Stats{Guesses: r.Nodes}}, nil
}

// CountVariant looks for up to limit (≥ 1) solutions of the variant
// puzzle p with e and validates what e reports with variant.Check, which
// shares no code with the encoder or the search. A puzzle that
// p.Validate refuses is Invalid without running e. Otherwise it is Count
// for variants: the same statuses, timeout and guarantees.
func CountVariant(ctx context.Context, e VariantEngine, p *sudokusat.Puzzle, limit int, timeout time.Duration) Answer {
	ext := false
	if s, ok := e.(*variantSAT); ok {
		ext = s.external
	}
	return run(ctx, e.Name(), ext, limit, timeout, func() error { return variant.Validate(p) },
		func(ctx context.Context) (Result, error) { return e.CountVariant(ctx, p, limit) },
		func(s *sudokusat.Grid) error { return variant.Check(p, s) })
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
