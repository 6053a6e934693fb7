package engine

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/native"
	"github.com/sudokusat/sudokusat/satsolve"
)

// Engine names that Open knows besides the external solvers.
const (
	NameNative = "native" // the bitmask propagation solver
	NameSAT    = "sat"    // the embedded gophersat, through a CNF encoding
)

// ErrEngine matches the errors of Open and OpenList: an unknown engine or
// encoding, or a solver program that is not there.
var ErrEngine = errors.New("engine cannot be opened")

// openError is an error of Open: its message alone, matching ErrEngine.
type openError struct{ err error }

func (e *openError) Error() string        { return e.err.Error() }
func (e *openError) Unwrap() error        { return e.err }
func (e *openError) Is(target error) bool { return target == ErrEngine }

func openErrorf(format string, args ...any) error {
	return &openError{fmt.Errorf(format, args...)}
}

// Options says how Open's engines run.
type Options struct {
	// Encoding is the CNF encoding of a SAT engine; empty means
	// encode.Default. The native engine ignores it.
	Encoding string
	// Workers, when not nil, runs gophersat in its worker processes.
	// Without it gophersat runs in this process, one search at a time,
	// and a deadline cannot stop a search under way: gophersat v1.4.0 has
	// no cancellation and a package-level buffer that two searches at once
	// corrupt (see satsolve).
	Workers *Workers
	// Certify asks the SAT engines for a DRAT proof of every UNSAT
	// answer (no solution, and the "no second solution" of a uniqueness
	// proof), checked by package drat against the formula the solver was
	// given (with the reduced encoding, from the puzzle's extended
	// encoding: see checkRefutation); an answer whose proof fails is
	// Wrong. gophersat then runs in this process, whatever Workers says:
	// its proof is collected from its own channel. native and dlx give no
	// proofs: their answers are not certified.
	Certify bool
}

// Open returns the engine named by spec: "native"; "dlx"; "sat" (or "gophersat")
// for the embedded gophersat; a known external solver's name (see
// satsolve.KnownExternal); or a DIMACS solver's command line, in which
// "{cnf}" stands for the CNF file and "{out}" for a result file. Every
// problem with the name, the encoding or the solver's program is reported
// here, before any puzzle is read, as an error wrapping ErrEngine.
func Open(spec string, o Options) (Engine, error) {
	spec = strings.TrimSpace(spec)
	if spec == NameNative {
		return nativeEngine{}, nil
	}
	if spec == NameDLX {
		return dlxEngine{}, nil
	}
	encName, enc, err := lookupEncoding(o.Encoding)
	if err != nil {
		return nil, err
	}
	if spec == "" {
		return nil, openErrorf("empty engine name (want %s)", known())
	}
	s, err := satsolve.Engine(spec)
	if err != nil {
		return nil, &openError{err}
	}
	switch s := s.(type) {
	case satsolve.Gophersat:
		if o.Workers != nil && !o.Certify {
			return &pooled{name: NameSAT, enc: encName, workers: o.Workers}, nil
		}
		return &inProcess{name: NameSAT, enc: encName, encode: enc, certify: o.Certify}, nil
	case *satsolve.External:
		if _, err := exec.LookPath(s.Argv[0]); err != nil {
			return nil, openErrorf("engine %q: no program %q on PATH (engines: %s)", spec, s.Argv[0], known())
		}
		if o.Certify {
			// Bound to each formula in external.Count.
			s.Certify = func(context.Context, io.Reader, io.Reader) error { return errors.New("no formula bound") }
		}
		return &external{solver: s, enc: encName, encode: enc}, nil
	}
	return nil, openErrorf("unknown engine %q (engines: %s)", spec, known())
}

// OpenList opens every engine of a list, as check and bench take them:
// gophersat once for each encoding, named "sat/ENCODING", and every other
// engine once, external solvers with the first encoding. An empty
// encodings list means encode.Default.
func OpenList(specs, encodings []string, o Options) ([]Engine, error) {
	if len(encodings) == 0 {
		encodings = []string{encode.Default}
	}
	var out []Engine
	for _, spec := range specs {
		if spec == NameSAT || spec == "gophersat" {
			for _, enc := range encodings {
				o := o
				o.Encoding = enc
				e, err := Open(spec, o)
				if err != nil {
					return nil, err
				}
				e = relabel(e, NameSAT+"/"+enc)
				out = append(out, e)
			}
			continue
		}
		o := o
		o.Encoding = encodings[0]
		e, err := Open(spec, o)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	if len(out) == 0 {
		return nil, openErrorf("no engine named (engines: %s)", known())
	}
	return out, nil
}

func relabel(e Engine, name string) Engine {
	switch e := e.(type) {
	case *pooled:
		e.name = name
	case *inProcess:
		e.name = name
	}
	return e
}

// known lists the engine names for messages.
func known() string {
	return strings.Join(append([]string{NameNative, NameDLX, NameSAT}, satsolve.KnownExternal()...), ", ")
}

// lookupEncoding resolves an encoding name, empty meaning the default.
func lookupEncoding(name string) (string, encode.Encoding, error) {
	e, err := encode.Describe(name)
	if err != nil {
		return "", nil, &openError{err}
	}
	return e.Name, e.Build, nil
}

// Encoding returns the CNF encoding e searches through, or "" for an
// engine that uses none.
func Encoding(e Engine) string {
	switch e := e.(type) {
	case *pooled:
		return e.enc
	case *inProcess:
		return e.enc
	case *external:
		return e.enc
	}
	return ""
}

// Certifies reports whether e's UNSAT answers come with a checked proof:
// a SAT engine opened with Options.Certify.
func Certifies(e Engine) bool {
	switch x := e.(type) {
	case *external:
		return x.solver.Certify != nil
	case *inProcess:
		return x.certify
	}
	return false
}

// CertifiesVariant is Certifies for variant engines: gophersat and the
// external solvers opened with VariantOptions.Certify; the independent
// search gives no proof.
func CertifiesVariant(e VariantEngine) bool {
	x, ok := e.(*variantSAT)
	if !ok {
		return false
	}
	if s, ok := x.solver.(*satsolve.External); ok {
		return s.Certify != nil
	}
	return x.certify
}

// Native returns the native bitmask solver.
func Native() Engine { return nativeEngine{} }

type nativeEngine struct{}

func (nativeEngine) Name() string { return NameNative }

func (nativeEngine) Count(ctx context.Context, g *sudokusat.Grid, limit int) (Result, error) {
	r, err := native.Count(ctx, g, limit)
	if err != nil {
		return Result{}, err
	}
	return Result{Count: r.Count, Solutions: grids(r.Solution), Stats: Stats{Guesses: r.Guesses}}, nil
}

// inProcess is gophersat in this process.
type inProcess struct {
	name, enc string
	encode    encode.Encoding
	certify   bool // collect gophersat's proofs and check them
}

func (e *inProcess) Name() string { return e.name }

func (e *inProcess) Count(ctx context.Context, g *sudokusat.Grid, limit int) (Result, error) {
	f, err := encodeCtx(ctx, e.encode, g)
	if err != nil {
		return Result{}, err
	}
	if !e.certify {
		return satResult(satsolve.Count(ctx, f, limit))
	}
	return countCertified(ctx, f, limit)
}

// countCertified counts with gophersat in this process and checks the
// proof of its last UNSAT answer, if any, with checkRefutation.
func countCertified(ctx context.Context, f *encode.Formula, limit int) (Result, error) {
	r, proof, err := satsolve.CountProof(ctx, f, limit)
	if err != nil || r.Count >= limit {
		return satResult(r, err) // no UNSAT answer to check
	}
	var cnf bytes.Buffer
	if err := proof.CNF(&cnf, f); err != nil {
		return Result{}, err
	}
	if err := checkRefutation(ctx, f, &cnf, bytes.NewReader(proof.DRAT)); err != nil {
		if ctx.Err() != nil {
			return Result{}, fmt.Errorf("checking gophersat's proof: %w", ctx.Err())
		}
		return satResult(r, fmt.Errorf("%w: gophersat: %w", satsolve.ErrBadProof, err))
	}
	r.Certified = true
	return satResult(r, nil)
}

// pooled is gophersat in worker processes: the worker encodes, so that the
// parent's work per puzzle is only the validation.
type pooled struct {
	name, enc string
	workers   *Workers
}

func (e *pooled) Name() string { return e.name }

func (e *pooled) Count(ctx context.Context, g *sudokusat.Grid, limit int) (Result, error) {
	return satResult(e.workers.pool.CountGrid(ctx, g, e.enc, limit))
}

// external is a DIMACS solver run as a process for each solve.
type external struct {
	solver *satsolve.External
	enc    string
	encode encode.Encoding
}

func (e *external) Name() string { return e.solver.Name() }

func (e *external) Count(ctx context.Context, g *sudokusat.Grid, limit int) (Result, error) {
	f, err := encodeCtx(ctx, e.encode, g)
	if err != nil {
		return Result{}, err
	}
	s := e.solver
	if s.Certify != nil {
		// The External is shared by every puzzle: the check is bound to
		// this one's formula on a copy.
		c := *s
		c.Certify = func(ctx context.Context, cnf, proof io.Reader) error {
			return checkRefutation(ctx, f, cnf, proof)
		}
		s = &c
	}
	return satResult(s.Count(ctx, f, limit))
}

// encodeCtx encodes g, giving up when ctx ends first. The encoders take
// no context, and a large grid's encoding takes a second or more: an
// abandoned one finishes in the background and is dropped, so that a
// deadline is kept.
func encodeCtx(ctx context.Context, enc encode.Encoding, g *sudokusat.Grid) (*encode.Formula, error) {
	if ctx.Done() == nil {
		return enc(g)
	}
	type encoded struct {
		f   *encode.Formula
		err error
	}
	done := make(chan encoded, 1)
	go func() {
		f, err := enc(g)
		done <- encoded{f, err}
	}()
	select {
	case e := <-done:
		return e.f, e.err
	case <-ctx.Done():
		return nil, fmt.Errorf("encoding: %w", ctx.Err())
	}
}

// satResult turns a satsolve result into an engine's, marking a model that
// satsolve found wrong as ErrWrong.
func satResult(r satsolve.Result, err error) (Result, error) {
	if errors.Is(err, satsolve.ErrWrongModel) || errors.Is(err, satsolve.ErrBadProof) {
		return Result{}, fmt.Errorf("%w: %w", ErrWrong, err)
	}
	if err != nil {
		return Result{}, err
	}
	return Result{Count: r.Count, Solutions: r.Solutions, Elapsed: r.Elapsed, Certified: r.Certified,
		Stats: Stats{Decisions: r.Decisions, Conflicts: r.Conflicts}}, nil
}

func grids(g *sudokusat.Grid) []*sudokusat.Grid {
	if g == nil {
		return nil
	}
	return []*sudokusat.Grid{g}
}
