package engine

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/dlx"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/native"
	"github.com/sudokusat/sudokusat/satsolve"
	"github.com/sudokusat/sudokusat/variant/search"
)

// The names of the engines that run in this process (see Engines).
const (
	NameNative = "native" // the bitmask propagation solver
	NameSearch = "search" // the independent search of package variant/search
	NameDLX    = "dlx"    // Knuth's dancing links
	NameSAT    = "sat"    // the embedded gophersat, through a CNF encoding
)

// Runs says where an engine's searches run.
type Runs int

// Where engines run.
const (
	InProcess Runs = iota // in this process
	InWorkers             // in gophersat worker processes when Options.Workers is set, else in this process
	AsProgram             // as a program of its own, one process per solve
)

// String names the place as help texts write it.
func (r Runs) String() string {
	return [...]string{InProcess: "this process", InWorkers: "worker processes", AsProgram: "a program of its own"}[r]
}

// Info describes one engine Open knows by name.
type Info struct {
	// Name is the name Open takes; Aliases are other names for it.
	Name    string
	Aliases []string
	// Doc says what the engine is, in one line.
	Doc string
	// Rules reports whether the engine takes puzzles with rules or
	// regions. The others answer such a puzzle with an error naming the
	// engines that take it.
	Rules bool
	// Proofs reports whether the engine backs its UNSAT answers with a
	// checked DRAT proof when opened with Options.Certify.
	Proofs bool
	// Runs says where its searches run.
	Runs Runs
	// Program is the program an external engine runs; "" for the others.
	Program string

	open func(spec string, o Options) (Engine, error)
}

// Engines describes every engine Open knows by name: the one table that
// Open, the help texts and the messages read, the external solvers from
// satsolve.Programs. Open also takes any DIMACS solver's command line. The
// slice is new on each call.
func Engines() []Info {
	es := []Info{
		{Name: NameNative, Doc: "the bitmask propagation solver: classic grids, the fast path", Runs: InProcess, open: openNative},
		{Name: NameSearch, Doc: "propagation and search over every rule (package variant/search), grids up to 64×64", Rules: true, Runs: InProcess, open: openSearch},
		{Name: NameDLX, Doc: "Knuth's dancing links: classic grids", Runs: InProcess, open: openDLX},
		{Name: NameSAT, Aliases: []string{"gophersat"}, Doc: "the embedded gophersat, through a CNF encoding", Rules: true, Proofs: true, Runs: InWorkers, open: openSAT},
		{Name: NameAuto, Doc: "a portfolio: native (classic) or search (rules) first; after a short budget gophersat and installed CDCL solvers with several seeds race it on free cores; the first validated answer wins",
			Rules: true, Proofs: true, Runs: InWorkers, open: openAuto},
	}
	for _, p := range satsolve.Programs() {
		es = append(es, Info{Name: p.Name, Aliases: p.Aliases, Doc: "DIMACS solver " + p.Argv[0] + "; proofs: " + p.Proof,
			Rules: true, Proofs: p.ProofArgs != nil, Runs: AsProgram, Program: p.Argv[0], open: openExternal})
	}
	return es
}

// Names lists the engines' names, in the order of Engines.
func Names() []string {
	var names []string
	for _, e := range Engines() {
		names = append(names, e.Name)
	}
	return names
}

// lookup returns the row of Engines that name names.
func lookup(name string) (Info, bool) {
	for _, e := range Engines() {
		if e.Name == name {
			return e, true
		}
		for _, a := range e.Aliases {
			if a == name {
				return e, true
			}
		}
	}
	return Info{}, false
}

// namesWhere lists the engines of the table that keep, for messages.
func namesWhere(keep func(Info) bool) string {
	var names []string
	for _, e := range Engines() {
		if keep(e) {
			names = append(names, e.Name)
		}
	}
	return strings.Join(names, ", ")
}

// RulesEngines lists the engines that take puzzles with rules, for
// messages.
func RulesEngines() string { return namesWhere(func(e Info) bool { return e.Rules }) }

// ProofEngines lists the engines that back their UNSAT answers with
// proofs, and says a command line can too, for messages.
func ProofEngines() string {
	return namesWhere(func(e Info) bool { return e.Proofs }) + ", or a command line with {proof}"
}

// ErrEngine matches the errors of Open and OpenList: an unknown engine or
// encoding, or a solver program that is not there.
var ErrEngine = errors.New("engine cannot be opened")

// ErrRules is the error of an engine given a puzzle with rules or regions
// it does not know: it names the engines that take it.
var ErrRules = errors.New("takes classic grids only")

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
	// Encoding is the CNF encoding of a SAT engine on classic puzzles;
	// empty means encode.Default. A puzzle with rules has one encoding,
	// encode.Variant. The other engines ignore it.
	Encoding string
	// Sums is how a SAT engine's formula for a puzzle with rules writes
	// killer and arrow sums; external solvers take CNF, so they always get
	// clauses. The zero value is encode.SumClauses, the default.
	Sums encode.SumForm
	// MaxClauses is the most clauses a SAT engine's formula may have; 0
	// means encode.DefaultMaxClauses. A larger puzzle is an error of its
	// own, found before the formula is built.
	MaxClauses int
	// Workers, when not nil, runs every gophersat search in its worker
	// processes, where a deadline kills the search. Without it gophersat
	// runs in this process, one search at a time, and a deadline cannot
	// stop a search under way: gophersat v1.4.0 has no cancellation and a
	// package-level buffer that two searches at once corrupt (see
	// satsolve), so the next search waits for the abandoned one.
	Workers *Workers
	// Certify asks the engines that can (Info.Proofs) for a DRAT proof of
	// every UNSAT answer (no solution, and the "no second solution" of a
	// uniqueness proof), checked by package drat against the formula the
	// solver was given (with the reduced encoding, from the puzzle's
	// extended encoding: see checkRefutation); an answer whose proof
	// fails is Wrong. gophersat's proofs are collected where it runs, in
	// a worker process too, and checked here. The other engines open as
	// they are, their answers not certified (see Certifies).
	Certify bool
	// MemoryLimit, when above zero, is the most resident memory in bytes
	// an external solver's run may take (on Linux): past it the solver is
	// killed and the answer is MemoryOut.
	MemoryLimit int64
}

// encode returns how o's SAT engines encode a puzzle.
func (o Options) encode() encode.Options {
	return encode.Options{Encoding: o.Encoding, Sums: o.Sums, MaxClauses: o.MaxClauses}
}

// Open returns the engine named by spec: a name of Engines, or a DIMACS
// solver's command line, in which "{cnf}" stands for the CNF file, "{out}"
// for a result file and "{proof}" for a proof file. Every problem with the
// name, the encoding or the solver's program is reported here, before any
// puzzle is read, as an error wrapping ErrEngine.
func Open(spec string, o Options) (Engine, error) {
	spec = strings.TrimSpace(spec)
	if spec == "" {
		return nil, openErrorf("empty engine name (want %s)", known())
	}
	if o.Certify && o.Sums == encode.SumPB {
		return nil, openErrorf("certifying needs sums as clauses: DRAT proofs know no pseudo-Boolean constraints")
	}
	if e, ok := lookup(spec); ok {
		return e.open(spec, o)
	}
	return openExternal(spec, o)
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
		if e, ok := lookup(spec); ok && e.Name == NameSAT {
			for _, enc := range encodings {
				o := o
				o.Encoding = enc
				e, err := Open(spec, o)
				if err != nil {
					return nil, err
				}
				e.(*satEngine).name = NameSAT + "/" + enc
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

// known lists the engine names for messages.
func known() string { return strings.Join(Names(), ", ") }

// Encoding returns the CNF encoding e searches classic puzzles through,
// or "" for an engine that uses none.
func Encoding(e Engine) string {
	switch e := e.(type) {
	case *satEngine:
		return e.o.Encoding
	case *external:
		return e.o.Encoding
	}
	return ""
}

// TakesRules reports whether e takes puzzles with rules or regions.
func TakesRules(e Engine) bool {
	switch e.(type) {
	case nativeEngine, dlxEngine:
		return false
	}
	return true
}

// Reports says which of Stats' figures e measures: gophersat counts
// decisions and conflicts; the native solver, dlx and the search count
// guesses (branches tried, or search-tree nodes); an external solver's are
// not read from its output.
func Reports(e Engine) (decisions, guesses bool) {
	switch e.(type) {
	case *satEngine:
		return true, false
	case nativeEngine, dlxEngine, searchEngine:
		return false, true
	}
	return false, false
}

// Certifies reports whether e's UNSAT answers come with a checked proof:
// an engine that gives proofs (Info.Proofs), opened with Options.Certify.
func Certifies(e Engine) bool {
	switch x := e.(type) {
	case *external:
		return x.solver.Certify != nil
	case *satEngine:
		return x.o.Certify
	case *autoEngine:
		return x.o.Certify
	}
	return false
}

// rulesError is the error of an engine that takes classic grids only,
// given p with rules or regions.
func rulesError(name string) error {
	return fmt.Errorf("engine %s %w: this puzzle has rules or regions (engines that take them: %s)", name, ErrRules, RulesEngines())
}

// Native returns the native bitmask solver.
func Native() Engine { return newNative() }

func openNative(string, Options) (Engine, error) { return newNative(), nil }

// nativeEngine keeps native.Counters for reuse, so that no count clears
// a Counter's 11 KB of search state: through the engine, a 17-clue
// puzzle's count took 2.35 µs with the clearing and 2.14 without, against
// 1.65 in the solver's own benchmark (one core, side by side).
type nativeEngine struct {
	counters *sync.Pool
}

func newNative() nativeEngine {
	return nativeEngine{&sync.Pool{New: func() any { return new(native.Counter) }}}
}

func (nativeEngine) Name() string { return NameNative }

func (e nativeEngine) Count(ctx context.Context, p *sudokusat.Puzzle, limit int) (Result, error) {
	if !p.Classic() {
		return Result{}, rulesError(NameNative)
	}
	c := e.counters.Get().(*native.Counter)
	r, err := c.Count(ctx, p.Grid, limit)
	e.counters.Put(c)
	if err != nil {
		return Result{}, err
	}
	return Result{Count: r.Count, Solutions: grids(r.Solution), Stats: Stats{Guesses: r.Guesses}}, nil
}

// DLX returns the dancing-links solver. Its Stats report the nodes of its
// search tree as Guesses: rows placed by the search, forced ones included.
func DLX() Engine { return dlxEngine{} }

func openDLX(string, Options) (Engine, error) { return dlxEngine{}, nil }

type dlxEngine struct{}

func (dlxEngine) Name() string { return NameDLX }

func (dlxEngine) Count(ctx context.Context, p *sudokusat.Puzzle, limit int) (Result, error) {
	if !p.Classic() {
		return Result{}, rulesError(NameDLX)
	}
	r, err := dlx.Count(ctx, p.Grid, limit)
	if err != nil {
		return Result{}, err
	}
	return Result{Count: r.Count, Solutions: grids(r.Solution), Stats: Stats{Guesses: r.Nodes}}, nil
}

// Search returns the independent search of package variant/search, which
// takes every rule: propagation over candidate masks and a depth-first
// search, sharing no code with the encoder or the native solver.
func Search() Engine { return searchEngine{} }

func openSearch(string, Options) (Engine, error) { return searchEngine{}, nil }

type searchEngine struct{}

func (searchEngine) Name() string { return NameSearch }

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
	name string
	o    Options
}

func openSAT(_ string, o Options) (Engine, error) {
	var err error
	if o.Encoding, err = encode.Resolve(o.Encoding); err != nil {
		return nil, &openError{err}
	}
	return &satEngine{name: NameSAT, o: o}, nil
}

func (e *satEngine) Name() string { return e.name }

func (e *satEngine) Count(ctx context.Context, p *sudokusat.Puzzle, limit int) (Result, error) {
	w := e.o.Workers
	if w != nil && p.Classic() {
		// The worker encodes, so that the parent's work per puzzle is
		// only the validation, and with Certify the check of the proof,
		// for which it encodes the puzzle itself: the formula does not
		// travel to the worker.
		if !e.o.Certify {
			return satResult(w.pool.CountGrid(ctx, p.Grid, e.o.encode(), limit))
		}
		r, proof, err := w.pool.CountGridProof(ctx, p.Grid, e.o.encode(), limit)
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
	switch {
	case e.o.Certify && w != nil:
		return countCertified(ctx, f, limit, w.pool.CountProof)
	case e.o.Certify:
		return countCertified(ctx, f, limit, satsolve.CountProof)
	case w != nil:
		return satResult(w.pool.Count(ctx, f, limit))
	}
	return satResult(satsolve.Count(ctx, f, limit))
}

// covers reports whether cover may answer: not when answers must be
// certified (Cover gives no proof of its last, UNSAT, answer).
func (e *satEngine) covers() bool { return !e.o.Certify }

// cover runs satsolve.Cover on p's formula, in a worker process when
// there are workers.
func (e *satEngine) cover(ctx context.Context, p *sudokusat.Puzzle) (Result, error) {
	f, err := encodeCtx(ctx, p, e.o)
	if err != nil {
		return Result{}, err
	}
	if w := e.o.Workers; w != nil {
		return satResult(w.pool.Cover(ctx, f))
	}
	return satResult(satsolve.Cover(ctx, f))
}

// countCertified counts with gophersat, with count (in this process or in
// a worker), and checks the proof of its last UNSAT answer, if any, with
// checkRefutation.
func countCertified(ctx context.Context, f *encode.Formula, limit int,
	count func(context.Context, *encode.Formula, int) (satsolve.Result, *satsolve.Proof, error)) (Result, error) {
	r, proof, err := count(ctx, f, limit)
	if err != nil || r.Count >= limit {
		return satResult(r, err) // no UNSAT answer to check
	}
	return certified(ctx, f, r, proof)
}

// certified checks proof, gophersat's proof of the UNSAT answer that ended
// the count r of f, and returns r certified, or ErrWrong when the proof
// fails.
func certified(ctx context.Context, f *encode.Formula, r satsolve.Result, proof *satsolve.Proof) (Result, error) {
	if err := checkProof(ctx, f, proof); err != nil {
		if ctx.Err() != nil {
			return Result{}, fmt.Errorf("checking gophersat's proof: %w", ctx.Err())
		}
		return satResult(r, fmt.Errorf("%w: gophersat: %w", satsolve.ErrBadProof, err))
	}
	r.Certified = true
	return satResult(r, nil)
}

// external is a DIMACS solver run as a process for each solve.
type external struct {
	solver *satsolve.External
	o      Options
}

func openExternal(spec string, o Options) (Engine, error) {
	var err error
	if o.Encoding, err = encode.Resolve(o.Encoding); err != nil {
		return nil, &openError{err}
	}
	s, err := satsolve.Engine(spec)
	if err != nil {
		return nil, &openError{err}
	}
	x, ok := s.(*satsolve.External)
	if !ok {
		return nil, openErrorf("unknown engine %q (engines: %s)", spec, known())
	}
	if _, err := exec.LookPath(x.Argv[0]); err != nil {
		return nil, openErrorf("engine %q: no program %q on PATH (engines: %s)", spec, x.Argv[0], known())
	}
	// The files that a command killed outright left for its solver go
	// now, once per engine opened: they cannot go when it dies.
	satsolve.RemoveStaleRuns()
	o.Sums = encode.SumClauses // DIMACS holds clauses only
	x.MemoryLimit = o.MemoryLimit
	if o.Certify && (x.ProofArgs != nil || strings.Contains(spec, "{proof}")) {
		// Bound to each formula in external.Count.
		x.Certify = func(context.Context, io.Reader, io.Reader) error { return errors.New("no formula bound") }
	}
	return &external{solver: x, o: o}, nil
}

func (e *external) Name() string { return e.solver.Name() }

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
			return checkRefutation(ctx, f, cnf, proof)
		}
		s = &c
	}
	return satResult(s.Count(ctx, f, limit))
}

// encodeCtx encodes p as o says, giving up when ctx ends first.
func encodeCtx(ctx context.Context, p *sudokusat.Puzzle, o Options) (*encode.Formula, error) {
	return withCtx(ctx, func() (*encode.Formula, error) { return encode.Puzzle(p, o.encode()) })
}

// withCtx runs enc, giving up when ctx ends first. The encoders take no
// context, and a large grid's encoding takes a second or more: an
// abandoned one finishes in the background and is dropped, so that a
// deadline is kept.
func withCtx(ctx context.Context, enc func() (*encode.Formula, error)) (*encode.Formula, error) {
	if ctx.Done() == nil {
		return enc()
	}
	type encoded struct {
		f   *encode.Formula
		err error
	}
	done := make(chan encoded, 1)
	go func() {
		f, err := enc()
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
	used := Result{CPU: r.CPU, PeakMemory: r.PeakMemory}
	if errors.Is(err, satsolve.ErrWrongModel) || errors.Is(err, satsolve.ErrBadProof) {
		return used, fmt.Errorf("%w: %w", ErrWrong, err)
	}
	if err != nil {
		return used, err
	}
	return Result{Count: r.Count, Solutions: r.Solutions, Elapsed: r.Elapsed, Certified: r.Certified,
		Stats: Stats{Decisions: r.Decisions, Conflicts: r.Conflicts}, CPU: r.CPU, PeakMemory: r.PeakMemory}, nil
}

func grids(g *sudokusat.Grid) []*sudokusat.Grid {
	if g == nil {
		return nil
	}
	return []*sudokusat.Grid{g}
}
