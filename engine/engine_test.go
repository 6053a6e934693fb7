package engine

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/native"
	"github.com/sudokusat/sudokusat/satsolve"
)

const (
	inkala   = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
	solution = "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
)

func grid(t *testing.T, s string) *sudokusat.Grid {
	t.Helper()
	g, err := sudokusat.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestMain lets the test binary double as a gophersat worker process.
func TestMain(m *testing.M) {
	if os.Getenv("SUDOKUSAT_TEST_WORKER") == "1" {
		if err := satsolve.ServeWorker(os.Stdin, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// testWorkers returns worker processes that are this test binary.
func testWorkers(t *testing.T, procs int, deadlines bool) *Workers {
	t.Setenv("SUDOKUSAT_TEST_WORKER", "1")
	w := NewWorkers([]string{os.Args[0], "-test.run=^$"}, procs, deadlines)
	t.Cleanup(func() { w.Close() })
	return w
}

// puzzle reads a classic puzzle.
func puzzle(t *testing.T, s string) *sudokusat.Puzzle {
	t.Helper()
	return &sudokusat.Puzzle{Grid: grid(t, s)}
}

// fake reports whatever it is told to, or blocks until ctx ends.
type fake struct {
	r     Result
	err   error
	block bool
	calls int
}

func (f *fake) Name() string { return "fake" }

// engine is f as an engine that takes rules.
func (f *fake) engine() *Engine { return New(Info{Name: "fake", Rules: true}, Options{}, f) }

func (f *fake) Count(ctx context.Context, _ *sudokusat.Puzzle, _ int) (Result, error) {
	f.calls++
	if f.block {
		<-ctx.Done()
		return Result{}, ctx.Err()
	}
	return f.r, f.err
}

func TestCountValidates(t *testing.T) {
	good := grid(t, solution)
	other := good.Clone() // the solution with two digits swapped: a valid grid, not the puzzle's
	other.SetCell(1, good.Cell(2))
	other.SetCell(2, good.Cell(1))
	broken := good.Clone()
	broken.SetCell(80, good.Cell(79))
	tests := []struct {
		name  string
		r     Result
		err   error
		limit int
		want  Status
	}{
		{"one solution", Result{Count: 1, Solutions: []*sudokusat.Grid{good}}, nil, 2, Solved},
		{"no solution", Result{}, nil, 2, Unsolvable},
		{"count without a grid", Result{Count: 1}, nil, 2, Wrong},
		{"a grid without a count", Result{Solutions: []*sudokusat.Grid{good}}, nil, 2, Wrong},
		{"more grids than the count", Result{Count: 1, Solutions: []*sudokusat.Grid{good, good}}, nil, 2, Wrong},
		{"a count past the limit", Result{Count: 3, Solutions: []*sudokusat.Grid{good}}, nil, 2, Wrong},
		{"a grid that breaks a rule", Result{Count: 1, Solutions: []*sudokusat.Grid{broken}}, nil, 2, Wrong},
		{"a grid that drops a given", Result{Count: 1, Solutions: []*sudokusat.Grid{other}}, nil, 2, Wrong},
		{"the same grid twice", Result{Count: 2, Solutions: []*sudokusat.Grid{good, good}}, nil, 2, Wrong},
		{"a nil grid", Result{Count: 1, Solutions: []*sudokusat.Grid{nil}}, nil, 2, Wrong},
		{"the engine's own wrong answer", Result{}, ErrWrong, 2, Wrong},
		{"the engine failed", Result{}, errors.New("crashed"), 2, Failed},
		{"a limit below 1", Result{}, nil, 0, Failed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := Count(context.Background(), (&fake{r: tt.r, err: tt.err}).engine(), puzzle(t, inkala), tt.limit, 0)
			if a.Status != tt.want {
				t.Fatalf("status %v (%v), want %v", a.Status, a.Err, tt.want)
			}
			if !a.Status.Answered() && (a.Err == nil || a.Solution() != nil || a.Count != 0) {
				t.Errorf("a %v answer has err %v, solution %v, count %d", a.Status, a.Err, a.Solution(), a.Count)
			}
			if a.Status == Wrong && !errors.Is(a.Err, ErrWrong) {
				t.Errorf("%v does not wrap ErrWrong", a.Err)
			}
		})
	}
}

func TestCountInvalidRunsNoEngine(t *testing.T) {
	f := &fake{}
	a := Count(context.Background(), f.engine(), puzzle(t, "88"+strings.Repeat(".", 79)), 2, 0)
	if a.Status != Invalid || a.Err == nil || f.calls != 0 {
		t.Errorf("status %v, err %v, engine called %d times; want Invalid without a call", a.Status, a.Err, f.calls)
	}
}

func TestCountDeadlines(t *testing.T) {
	g := puzzle(t, inkala)
	a := Count(context.Background(), (&fake{block: true}).engine(), g, 1, 20*time.Millisecond)
	if a.Status != Timeout || a.Err.Error() != "no answer within 20ms" {
		t.Errorf("timeout: %v %v", a.Status, a.Err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if a := Count(ctx, (&fake{block: true}).engine(), g, 1, time.Minute); a.Status != Canceled {
		t.Errorf("cancelled: %v %v", a.Status, a.Err)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	if a := Count(ctx, (&fake{block: true}).engine(), g, 1, 0); a.Status != Timeout {
		t.Errorf("caller's deadline: %v %v", a.Status, a.Err)
	}
}

func TestStatusNames(t *testing.T) {
	// The command line and the page print these; scripts read them.
	want := map[Status]string{Solved: "solved", Unsolvable: "unsolvable", Invalid: "invalid", Timeout: "timeout",
		Canceled: "canceled", Wrong: "wrong", Failed: "error"}
	for s, name := range want {
		if s.String() != name {
			t.Errorf("%d prints %q, want %q", int(s), s.String(), name)
		}
	}
	if Status(0).String() != "Status(0)" {
		t.Errorf("the zero status prints %q", Status(0).String())
	}
}

// TestEnginesAgree runs each engine that needs nothing outside this
// process on puzzles with none, one and several solutions.
func TestEnginesAgree(t *testing.T) {
	noSolution := ".23456789" + "1........" + strings.Repeat(".", 63)
	tests := []struct {
		puzzle string
		count  int
	}{
		{inkala, 1},
		{noSolution, 0},
		{strings.Repeat(".", 16), 2},
		{"1...............", 2},
	}
	for _, spec := range []string{NameNative, NameSAT} {
		for _, enc := range []string{"", "minimal", "extended"} {
			e, err := Open(spec, Options{Encoding: enc})
			if err != nil {
				t.Fatal(err)
			}
			for _, tt := range tests {
				a := Count(context.Background(), e, puzzle(t, tt.puzzle), 2, 0)
				if !a.Status.Answered() || a.Count != tt.count {
					t.Errorf("%s/%s on %s: %v count %d (%v), want %d", spec, enc, tt.puzzle, a.Status, a.Count, a.Err, tt.count)
				}
				if tt.count == 1 && !a.Unique() {
					t.Errorf("%s/%s: a unique puzzle not proved unique", spec, enc)
				}
				if tt.count == 2 && !a.AtLimit() {
					t.Errorf("%s/%s: two solutions, not at the limit", spec, enc)
				}
			}
		}
	}
}

func TestOpenErrors(t *testing.T) {
	tests := []struct {
		spec, encoding, want string
	}{
		{"", "", "empty engine name"},
		{"  ", "", "empty engine name"},
		{"sat", "fancy", "fancy"},
		{"cadical", "fancy", "fancy"},
		{"no-such-solver-xyz", "", `no program "no-such-solver-xyz" on PATH`},
		{"kissat-typo --flag {cnf}", "", `no program "kissat-typo" on PATH`},
	}
	for _, tt := range tests {
		_, err := Open(tt.spec, Options{Encoding: tt.encoding})
		if !errors.Is(err, ErrEngine) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Open(%q, %q): %v, want ErrEngine naming %q", tt.spec, tt.encoding, err, tt.want)
		}
	}
	if _, err := Engines().OpenList(nil, nil, Options{}); !errors.Is(err, ErrEngine) {
		t.Errorf("an empty list: %v, want ErrEngine", err)
	}
}

func TestOpenList(t *testing.T) {
	es, err := Engines().OpenList([]string{"native", "sat"}, []string{"reduced", "extended"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var names, encs []string
	for _, e := range es {
		names = append(names, e.Name())
		encs = append(encs, e.Encoding())
	}
	if got := strings.Join(names, ","); got != "native,sat/reduced,sat/extended" {
		t.Errorf("names %s", got)
	}
	if got := strings.Join(encs, ","); got != ",reduced,extended" {
		t.Errorf("encodings %s", got)
	}
}

func TestConcurrency(t *testing.T) {
	queued := NewWorkers([]string{"unused"}, 2, false)
	alone := NewWorkers([]string{"unused"}, 2, true)
	defer queued.Close()
	defer alone.Close()
	open := func(spec string, w *Workers) *Engine {
		e, err := Open(spec, Options{Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	certifying := func(w *Workers) *Engine {
		e, err := Open("sat", Options{Workers: w, Certify: true})
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	ext := New(externalInfo("x", nil, "", false), Options{}, &external{}) // a process per search, whatever its command
	tests := []struct {
		name    string
		workers int
		es      []*Engine
		want    int
	}{
		{"native", 2, []*Engine{Native()}, 2},
		{"at least one", 0, []*Engine{Native()}, 1},
		{"gophersat queued on its workers", 2, []*Engine{open("sat", queued)}, 2 * queueDepth},
		{"gophersat queued, certifying", 2, []*Engine{certifying(queued)}, 2 * 2 * queueDepth},
		{"gophersat with deadlines", 2, []*Engine{open("sat", alone)}, 2},
		{"gophersat in process", 2, []*Engine{open("sat", nil)}, 2},
		{"an external solver among them", 2, []*Engine{Native(), open("sat", queued), ext}, 2},
	}
	for _, tt := range tests {
		if got := Concurrency(tt.workers, tt.es...); got != tt.want {
			t.Errorf("%s: %d, want %d", tt.name, got, tt.want)
		}
	}
}

// twice finds a second solution that is not there.
type twice struct{ e *Engine }

func (e twice) Count(ctx context.Context, p *sudokusat.Puzzle, limit int) (Result, error) {
	r, err := e.e.Count(ctx, p, limit)
	r.Count = 2
	return r, err
}

func TestVerifyUnique(t *testing.T) {
	ctx := context.Background()
	p, s := puzzle(t, inkala), grid(t, solution)
	sat, err := Open(NameSAT, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := VerifyUnique(ctx, p, s, Native(), sat); err != nil {
		t.Errorf("Inkala's puzzle: %v", err)
	}
	wrong := s.Clone()
	wrong.SetCell(1, s.Cell(2))
	wrong.SetCell(2, s.Cell(1))
	if err := VerifyUnique(ctx, p, wrong, Native()); !errors.Is(err, ErrNotUnique) {
		t.Errorf("a wrong solution: %v, want ErrNotUnique", err)
	}
	if err := VerifyUnique(ctx, p, s, New(Info{Name: "twice"}, Options{}, twice{Native()})); !errors.Is(err, ErrNotUnique) {
		t.Errorf("an engine that finds two: %v, want ErrNotUnique", err)
	}
	// A puzzle with two solutions, either given as "the" one.
	two := puzzle(t, "1...............")
	r, err := native.Count(ctx, two.Grid, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := VerifyUnique(ctx, two, r.Solution, sat); !errors.Is(err, ErrNotUnique) {
		t.Errorf("a puzzle with several solutions: %v, want ErrNotUnique", err)
	}
	// A puzzle with rules: its solution is proved by the engines that take
	// them, and the validator checks the rules, not the grid alone.
	m := miracle(t, true)
	search, err := Open(NameSearch, Options{})
	if err != nil {
		t.Fatal(err)
	}
	a := Solve(ctx, search, m, 0)
	if a.Status != Solved {
		t.Fatalf("miracle: %v %v", a.Status, a.Err)
	}
	if err := VerifyUnique(ctx, m, a.Solution(), search, sat); err != nil {
		t.Errorf("miracle: %v", err)
	}
	ruleBreaker := grid(t, solution) // a Sudoku, but not the miracle's
	if err := VerifyUnique(ctx, &sudokusat.Puzzle{Grid: ruleBreaker.Clone(), Rules: m.Rules}, ruleBreaker, search); !errors.Is(err, ErrNotUnique) {
		t.Errorf("a grid that breaks the rules: %v, want ErrNotUnique", err)
	}
}

// TestExternalUnsatIsAClaim runs a script solver that answers UNSAT to
// everything: the answer is Unsolvable, and its reason says whose word
// that is, since nothing checks it.
func TestExternalUnsatIsAClaim(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the script solver is a shell script")
	}
	script := filepath.Join(t.TempDir(), "liar.sh")
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho 's UNSATISFIABLE'\nexit 20\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	e, err := Open(script+" {cnf}", Options{})
	if err != nil {
		t.Fatal(err)
	}
	a := Count(context.Background(), e, puzzle(t, inkala), 2, 0)
	if a.Status != Unsolvable || !errors.Is(a.Err, ErrNoSolution) || !strings.Contains(a.Err.Error(), "claimed by "+script) || !a.Unverified {
		t.Errorf("%v %v (unverified %v), want Unsolvable claimed by the script, unverified", a.Status, a.Err, a.Unverified)
	}
	if a := Count(context.Background(), Native(), puzzle(t, ".23456789"+"1........"+strings.Repeat(".", 63)), 2, 0); a.Err != ErrNoSolution || a.Unverified {
		t.Errorf("native's unsolvable: %v (unverified %v), want plain ErrNoSolution", a.Err, a.Unverified)
	}
}

// TestEncodingHonoursTheDeadline: an encoder looks at its context only
// between steps, so a slow step must not hold the answer past its
// deadline.
func TestEncodingHonoursTheDeadline(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	slow := func() (*encode.Formula, error) {
		<-release
		return nil, errors.New("too late")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := withCtx(ctx, slow)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("err %v, want the deadline", err)
	}
	if d := time.Since(start); d > time.Minute { // slow never returns: a hang
		t.Errorf("returned after %v", d)
	}
	f, err := encodeCtx(context.Background(), puzzle(t, inkala), Options{Encoding: "minimal"})
	if err != nil || f.NumClauses() == 0 {
		t.Errorf("without a deadline: %v", err)
	}
}

// TestCountConcurrent runs engines in parallel goroutines, as a batch
// does, each engine one value shared by the goroutines (the native one
// keeps search states for reuse): every answer must be the puzzle's own
// (run it with -race).
func TestCountConcurrent(t *testing.T) {
	nat := Native()
	sat, err := Open(NameSAT, Options{})
	if err != nil {
		t.Fatal(err)
	}
	puzzles := []struct {
		puzzle, solution string
	}{
		{inkala, solution},
		{"1234341221434321", "1234341221434321"},
		{".2.1........4.2.", "3241143223144123"},
	}
	grids := make([]*sudokusat.Puzzle, len(puzzles))
	for i, p := range puzzles {
		grids[i] = puzzle(t, p.puzzle)
	}
	var wg sync.WaitGroup
	for i := range 12 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := puzzles[i%len(puzzles)]
			e := []*Engine{nat, sat}[i%2]
			a := Count(context.Background(), e, grids[i%len(puzzles)], 2, 0)
			if !a.Unique() || a.Solution().String() != p.solution {
				t.Errorf("%s on %s: %v count %d %v", e.Name(), p.puzzle, a.Status, a.Count, a.Solution())
			}
		}()
	}
	wg.Wait()
}

// TestContextStatus: a deadline is a timeout and a caller who gave up a
// cancellation, however the work reports its end; anything else is not
// the context's doing.
func TestContextStatus(t *testing.T) {
	live := context.Background()
	expired, cancel := context.WithDeadline(live, time.Now().Add(-time.Second))
	defer cancel()
	canceled, cancel2 := context.WithCancel(live)
	cancel2()
	stopped := fmt.Errorf("worker: %w", context.Canceled)
	tests := []struct {
		name   string
		ctx    context.Context
		err    error
		want   Status
		wantOK bool
	}{
		{"no error", expired, nil, 0, false},
		{"the deadline, as ctx.Err", expired, expired.Err(), Timeout, true},
		{"the deadline, the work's own context canceled", expired, stopped, Timeout, true},
		{"a deadline of the work's own", live, fmt.Errorf("budget: %w", context.DeadlineExceeded), Timeout, true},
		{"the caller gave up", canceled, stopped, Canceled, true},
		{"the engine's own cancellation, the caller still waiting", live, stopped, 0, false},
		{"a crash after the deadline", expired, errors.New("crashed"), 0, false},
	}
	for _, tt := range tests {
		if got, ok := ContextStatus(tt.ctx, tt.err); got != tt.want || ok != tt.wantOK {
			t.Errorf("%s: %v %v, want %v %v", tt.name, got, ok, tt.want, tt.wantOK)
		}
	}
}

// TestCountDeadlineReportedCanceled: an engine that reports its own
// context canceled when the caller's deadline passed (a worker stopped
// by it) timed out; it was once counted canceled, as if interrupted.
func TestCountDeadlineReportedCanceled(t *testing.T) {
	expired, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	f := &fake{err: fmt.Errorf("worker stopped: %w", context.Canceled)}
	if a := Count(expired, f.engine(), puzzle(t, inkala), 2, 0); a.Status != Timeout || !errors.Is(a.Err, context.DeadlineExceeded) {
		t.Errorf("%v %v, want a timeout", a.Status, a.Err)
	}
}
