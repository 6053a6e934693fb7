package engine

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/satsolve"
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

// Info is one row of the table of engines: what an engine is, what it
// takes and gives, where it runs, and how it is opened. Every decision
// about an engine (its encoding, whether it takes rules, which figures
// it reports, whether it certifies, how many puzzles a batch keeps under
// way for it) is read from its row, here and in the callers: a new
// engine is one row.
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
	// CNF reports that the engine searches through a CNF encoding, the
	// one Options.Encoding names (Engine.Encoding).
	CNF bool
	// Decisions and Guesses say which of Stats' figures the engine
	// measures: SAT decisions and conflicts, or guesses (branches tried,
	// search-tree nodes).
	Decisions, Guesses bool
	// Runs says where its searches run.
	Runs Runs
	// Queues reports that its searches queue on the gophersat worker
	// processes (Options.Workers), so that a batch keeps more puzzles
	// under way than it has workers (Concurrency).
	Queues bool
	// Claims reports that its UNSAT answers are another program's claim,
	// unverified unless certified (Answer.Unverified).
	Claims bool
	// Page reports that the web page may run it, in a browser too: it
	// starts no process.
	Page bool
	// Open opens the engine of row, which is this row (an opener may
	// complete it: a solver's command line says whether it gives
	// proofs): spec is the name it was asked by, or a solver's command
	// line, and o the options it runs with, its encoding resolved.
	Open func(row Info, spec string, o Options) (*Engine, error)
}

// Counter is what an engine does: look for up to limit (≥ 1) solutions of
// p, which variant.Validate accepts, and report what it found, unchecked.
// It honours ctx: when ctx ends first it returns an error wrapping
// ctx.Err().
type Counter interface {
	Count(ctx context.Context, p *sudokusat.Puzzle, limit int) (Result, error)
}

// CounterFunc is a function that is a Counter.
type CounterFunc func(ctx context.Context, p *sudokusat.Puzzle, limit int) (Result, error)

// Count calls f.
func (f CounterFunc) Count(ctx context.Context, p *sudokusat.Puzzle, limit int) (Result, error) {
	return f(ctx, p, limit)
}

// Engine is an engine opened: its row of the table, the options it runs
// with, and its Counter. Open returns one; New makes one of any Counter.
type Engine struct {
	info Info
	name string // the name in messages: "sat/extended" in a list, a command line
	o    Options
	c    Counter
}

// New returns an engine of info's row that counts with c, opened with o.
func New(info Info, o Options, c Counter) *Engine {
	return &Engine{info: info, name: info.Name, o: o, c: c}
}

// Name names the engine in messages and tables.
func (e *Engine) Name() string { return e.name }

// Info returns the engine's row of the table.
func (e *Engine) Info() Info { return e.info }

// Encoding returns the CNF encoding e searches classic puzzles through,
// or "" for an engine that uses none.
func (e *Engine) Encoding() string {
	if !e.info.CNF {
		return ""
	}
	return e.o.Encoding
}

// Certifies reports whether e's UNSAT answers come with a checked proof:
// an engine that gives proofs, opened with Options.Certify.
func (e *Engine) Certifies() bool { return e.info.Proofs && e.o.Certify }

// Count looks for up to limit solutions of p and reports what e found,
// unchecked: callers use the package's Count, which validates it. An
// engine that takes classic grids only answers a puzzle with rules or
// regions with an error wrapping ErrRules.
func (e *Engine) Count(ctx context.Context, p *sudokusat.Puzzle, limit int) (Result, error) {
	if !e.info.Rules && !p.Classic() {
		return Result{}, rulesError(e.name)
	}
	return e.c.Count(ctx, p, limit)
}

// Table is a table of engines, one row each: Engines is the default, and
// a test may add a row of its own.
type Table []Info

// Engines returns the table of every engine Open knows by name: the
// one table that Open, the help texts, the page and the messages read,
// the external solvers from satsolve.Programs. Open also takes any DIMACS
// solver's command line. The slice is new on each call.
func Engines() Table {
	es := Table{
		{Name: NameNative, Doc: "the bitmask propagation solver: classic grids, the fast path", Guesses: true, Runs: InProcess, Page: true, Open: openNative},
		{Name: NameSearch, Doc: "propagation and search over every rule (package variant/search), grids up to 64×64", Rules: true, Guesses: true, Runs: InProcess, Page: true, Open: openSearch},
		{Name: NameDLX, Doc: "Knuth's dancing links: classic grids", Guesses: true, Runs: InProcess, Page: true, Open: openDLX},
		{Name: NameSAT, Aliases: []string{"gophersat"}, Doc: "the embedded gophersat, through a CNF encoding", Rules: true, Proofs: true, CNF: true, Decisions: true,
			Runs: InWorkers, Queues: true, Page: true, Open: openSAT},
		{Name: NameAuto, Doc: "a portfolio: native (classic) or search (rules) first; after a short budget gophersat and installed CDCL solvers with several seeds race it on free cores; the first validated answer wins",
			Rules: true, Proofs: true, Runs: InWorkers},
	}
	for _, p := range satsolve.Programs() {
		es = append(es, externalInfo(p.Name, p.Aliases, "DIMACS solver "+p.Argv[0]+"; proofs: "+p.Proof, p.ProofArgs != nil))
	}
	// auto opens its members from the table it is a row of.
	for i := range es {
		if es[i].Name == NameAuto {
			es[i].Open = func(row Info, _ string, o Options) (*Engine, error) { return openAuto(es, row, o) }
		}
	}
	return es
}

// externalInfo is the row of an external DIMACS solver.
func externalInfo(name string, aliases []string, doc string, proofs bool) Info {
	return Info{Name: name, Aliases: aliases, Doc: doc, Rules: true, Proofs: proofs, CNF: true, Runs: AsProgram, Claims: true, Open: openExternal}
}

// Names lists the table's names, in its order.
func (t Table) Names() []string {
	var names []string
	for _, e := range t {
		names = append(names, e.Name)
	}
	return names
}

// lookup returns the row that name names.
func (t Table) lookup(name string) (Info, bool) {
	for _, e := range t {
		if e.Name == name || slices.Contains(e.Aliases, name) {
			return e, true
		}
	}
	return Info{}, false
}

// where lists the names of the rows that keep, for messages.
func (t Table) where(keep func(Info) bool) string {
	var names []string
	for _, e := range t {
		if keep(e) {
			names = append(names, e.Name)
		}
	}
	return strings.Join(names, ", ")
}

// Page returns the rows the web page may run, in the table's order.
func (t Table) Page() Table {
	var out Table
	for _, e := range t {
		if e.Page {
			out = append(out, e)
		}
	}
	return out
}

// RulesEngines lists the engines that take puzzles with rules, for
// messages.
func RulesEngines() string { return Engines().RulesEngines() }

// RulesEngines lists the table's engines that take puzzles with rules.
func (t Table) RulesEngines() string { return t.where(func(e Info) bool { return e.Rules }) }

// ProofEngines lists the table's engines that back their UNSAT answers
// with proofs, and says a command line can too, for messages.
func (t Table) ProofEngines() string {
	return t.where(func(e Info) bool { return e.Proofs }) + ", or a command line with {proof}"
}

// For returns the name of the engine that is fast at counting p's
// solutions: Counting().For(p). auto starts with it, and the page,
// render and check run it.
func For(p *sudokusat.Puzzle) string { return Counting().For(p) }

// Choice names the engine that is fast at one kind of question: Classic
// for a classic grid, Rules for a puzzle with rules or regions, which the
// native solver does not take.
type Choice struct{ Classic, Rules string }

// For returns the engine c names for p.
func (c Choice) For(p *sudokusat.Puzzle) string {
	if p.Classic() {
		return c.Classic
	}
	return c.Rules
}

// Counting is the choice for counting solutions (solve, count, hint,
// minimal): the native solver answers most classic 9×9 puzzles in
// microseconds, the search most published variants in well under a
// millisecond (docs/performance.md).
func Counting() Choice { return Choice{Classic: NameNative, Rules: NameSearch} }

// Covering is the choice for a puzzle's true candidates (candidates):
// on a puzzle with rules gophersat, whose one-solver cover (Cover)
// answered the 32 published SudokuPad puzzles of the data sets in 2.0 s
// where the search's count per candidate took 41 s (docs/commands.md).
func Covering() Choice { return Choice{Classic: NameNative, Rules: NameSAT} }

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
	// the variant one (encode.Puzzle). The other engines ignore it.
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
	// extended encoding: see certify.Refutation); an answer whose proof
	// fails is Wrong. gophersat's proofs are collected where it runs, in
	// a worker process too, and checked here. The other engines open as
	// they are, their answers not certified (see Certifies).
	Certify bool
	// MemoryLimit, when above zero, is the most resident memory in bytes
	// an external solver's run may take (on Linux): past it the solver is
	// killed and the answer is MemoryOut.
	MemoryLimit int64
	// CPULimit, when above zero, is the most CPU time an external
	// solver's run may take (on Linux): past it the solver is killed and
	// the answer is Timeout, as BenchExec and runsolver judge a run.
	CPULimit time.Duration

	// swept says the temporary directory's stale run directories were
	// removed already by the opener (auto, once for its CDCL members).
	swept bool
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
func Open(spec string, o Options) (*Engine, error) { return Engines().Open(spec, o) }

// Open opens the engine spec names in t (see the package-level Open).
func (t Table) Open(spec string, o Options) (*Engine, error) {
	spec = strings.TrimSpace(spec)
	if spec == "" {
		return nil, openErrorf("empty engine name (want %s)", t.known())
	}
	if o.Certify && o.Sums == encode.SumPB {
		return nil, openErrorf("certifying needs sums as clauses: DRAT proofs know no pseudo-Boolean constraints")
	}
	info, ok := t.lookup(spec)
	if !ok {
		// A solver's command line, or a name that is not in the table:
		// opening it says which.
		info = externalInfo(spec, nil, "DIMACS solver "+spec, false)
	}
	if info.CNF {
		var err error
		if o.Encoding, err = encode.Resolve(o.Encoding); err != nil {
			return nil, &openError{err}
		}
	}
	e, err := info.Open(info, spec, o)
	if err != nil {
		var oe *openError
		if !errors.As(err, &oe) {
			err = &openError{err}
		}
		return nil, err
	}
	return e, nil
}

// OpenList opens every engine of a list of t's, as check and bench take
// them: gophersat once for each encoding, named "sat/ENCODING", and every
// other engine once, external solvers with the first encoding. An empty
// encodings list means encode.Default.
func (t Table) OpenList(specs, encodings []string, o Options) ([]*Engine, error) {
	if len(encodings) == 0 {
		encodings = []string{encode.Default}
	}
	var out []*Engine
	for _, spec := range specs {
		if e, ok := t.lookup(spec); ok && e.Name == NameSAT {
			for _, enc := range encodings {
				o := o
				o.Encoding = enc
				e, err := t.Open(spec, o)
				if err != nil {
					return nil, err
				}
				e.name = NameSAT + "/" + enc
				out = append(out, e)
			}
			continue
		}
		o := o
		o.Encoding = encodings[0]
		e, err := t.Open(spec, o)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	if len(out) == 0 {
		return nil, openErrorf("no engine named (engines: %s)", t.known())
	}
	return out, nil
}

// known lists the table's names for messages.
func (t Table) known() string { return strings.Join(t.Names(), ", ") }

// rulesError is the error of an engine that takes classic grids only,
// given p with rules or regions.
func rulesError(name string) error {
	return fmt.Errorf("engine %s %w: this puzzle has rules or regions (engines that take them: %s)", name, ErrRules, RulesEngines())
}

// encodeCtx encodes p as o says, giving up when ctx ends first.
func encodeCtx(ctx context.Context, p *sudokusat.Puzzle, o Options) (*encode.Formula, error) {
	return withCtx(ctx, func() (*encode.Formula, error) { return encode.PuzzleContext(ctx, p, o.encode()) })
}

// withCtx runs enc, giving up when ctx ends first. The encoder stops at
// its next look at the context, after a few thousand clauses or a row of
// the grid; a step it takes whole (the simplification of a formula of
// millions of clauses) may last a while longer, and the caller does not
// wait for it: the deadline is kept, and the encoding, abandoned, is
// dropped when it stops.
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
	used := Result{CPU: r.CPU, PeakMemory: r.PeakMemory, Wall: r.Wall}
	if errors.Is(err, satsolve.ErrWrongModel) || errors.Is(err, satsolve.ErrBadProof) {
		return used, fmt.Errorf("%w: %w", ErrWrong, err)
	}
	if err != nil {
		return used, err
	}
	return Result{Count: r.Count, Solutions: r.Solutions, Elapsed: r.Elapsed, Certified: r.Certified,
		Stats: Stats{Decisions: r.Decisions, Conflicts: r.Conflicts}, CPU: r.CPU, PeakMemory: r.PeakMemory, Wall: r.Wall}, nil
}

func grids(g *sudokusat.Grid) []*sudokusat.Grid {
	if g == nil {
		return nil
	}
	return []*sudokusat.Grid{g}
}
