package satsolve

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/internal/cputime"
)

// hang bounds the waits of the package's tests for what must happen: a
// search's end, a process's, a reply. Minutes, so that only what never
// happens reaches it on the most loaded machine; how soon things happen is
// not what these tests assert.
const hang = time.Minute

// readPuzzles reads every puzzle of a testdata file.
func readPuzzles(t testing.TB, name string) []*sudokusat.Grid {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := sudokusat.NewReader(f)
	var gs []*sudokusat.Grid
	for {
		p, err := r.Read()
		if err != nil {
			if err.Error() == "EOF" {
				break
			}
			t.Fatalf("%s: %v", name, err)
		}
		gs = append(gs, p.Grid)
	}
	if len(gs) == 0 {
		t.Fatalf("%s: no puzzles", name)
	}
	return gs
}

func encodeWith(t testing.TB, name string, g *sudokusat.Grid) *encode.Formula {
	t.Helper()
	enc, err := encode.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	f, err := enc(g)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestUniqueSamples solves every sample puzzle under every encoding and
// proves it unique. satsolve validates each model itself; the test checks
// the solution again, independently of that.
func TestUniqueSamples(t *testing.T) {
	ctx := context.Background()
	for _, file := range []string{"top95-sample.txt", "magictour-sample.txt", "17clue-sample.txt", "large-4.txt", "large-16.txt"} {
		puzzles := readPuzzles(t, file)
		for _, enc := range encode.Names() {
			if file == "large-16.txt" && enc != "reduced" && enc != "extended" {
				continue // the weaker direct encodings take seconds here
			}
			for i, g := range puzzles {
				res, err := Count(ctx, encodeWith(t, enc, g), 2)
				if err != nil {
					t.Fatalf("%s #%d %s: %v", file, i+1, enc, err)
				}
				if res.Count != 1 || res.Status != Satisfiable {
					t.Errorf("%s #%d %s: count %d status %v, want a unique solution", file, i+1, enc, res.Count, res.Status)
					continue
				}
				if err := sudokusat.CheckSolution(g, res.Solution()); err != nil {
					t.Errorf("%s #%d %s: %v", file, i+1, enc, err)
				}
			}
		}
	}
}

func TestLarge25(t *testing.T) {
	g := readPuzzles(t, "large-25.txt")[0]
	res, err := Solve(context.Background(), encodeWith(t, "reduced", g))
	if err != nil {
		t.Fatal(err)
	}
	if err := sudokusat.CheckSolution(g, res.Solution()); err != nil {
		t.Error(err)
	}
}

// TestMultipleSolutions checks puzzles known to have two or more solutions:
// the count reaches the limit and the solutions differ.
func TestMultipleSolutions(t *testing.T) {
	for _, enc := range []string{"reduced", "extended", "minimal"} {
		for i, g := range readPuzzles(t, "serg-sample.txt") {
			res, err := Count(context.Background(), encodeWith(t, enc, g), 2)
			if err != nil {
				t.Fatal(err)
			}
			if res.Count != 2 {
				t.Errorf("serg #%d %s: count %d, want 2", i+1, enc, res.Count)
			}
		}
	}
	empty, _ := sudokusat.NewGridSize(4)
	for _, enc := range encode.Names() {
		res, err := Count(context.Background(), encodeWith(t, enc, empty), 1000)
		if err != nil {
			t.Fatal(err)
		}
		if res.Count != 288 {
			t.Errorf("empty 4×4 %s: %d solutions, want 288", enc, res.Count)
		}
	}
}

// TestUnsolvable derives unsolvable puzzles from solvable ones: a blank cell
// of a unique puzzle gets a digit other than its solution's that clashes
// with no given. The unique solution is gone, so nothing is left.
func TestUnsolvable(t *testing.T) {
	ctx := context.Background()
	made := 0
	for _, g := range readPuzzles(t, "magictour-sample.txt") {
		res, err := Solve(ctx, encodeWith(t, "reduced", g))
		if err != nil {
			t.Fatal(err)
		}
		bad := unsolvableFrom(g, res.Solution())
		if bad == nil {
			continue
		}
		made++
		for _, enc := range encode.Names() {
			res, err := Count(ctx, encodeWith(t, enc, bad), 2)
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != Unsatisfiable || res.Count != 0 || res.Solution() != nil {
				t.Errorf("%s: %s gave %v count %d", bad, enc, res.Status, res.Count)
			}
		}
	}
	if made == 0 {
		t.Fatal("no unsolvable puzzle could be derived")
	}
}

func unsolvableFrom(g, sol *sudokusat.Grid) *sudokusat.Grid {
	n := g.Size()
	for i := 0; i < g.Len(); i++ {
		if g.Cell(i) != 0 {
			continue
		}
		for d := 1; d <= n; d++ {
			if d == sol.Cell(i) {
				continue
			}
			bad := g.Clone()
			bad.SetCell(i, d)
			if bad.Validate() == nil {
				return bad
			}
		}
	}
	return nil
}

// TestConcurrent solves many puzzles from several goroutines at once and
// checks every answer: run with -race, it shows that gophersat's shared
// buffer is never used by two solvers at a time.
func TestConcurrent(t *testing.T) {
	puzzles := append(readPuzzles(t, "magictour-sample.txt"), readPuzzles(t, "17clue-sample.txt")...)
	var wg sync.WaitGroup
	errs := make(chan error, 8*len(puzzles))
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i, g := range puzzles {
				enc := encode.Names()[(i+w)%len(encode.Names())]
				enc2, _ := encode.Lookup(enc)
				f, err := enc2(g)
				if err == nil {
					var res Result
					res, err = Count(context.Background(), f, 2)
					if err == nil && res.Count != 1 {
						err = fmt.Errorf("count %d", res.Count)
					}
					if err == nil {
						err = sudokusat.CheckSolution(g, res.Solution())
					}
				}
				if err != nil {
					errs <- fmt.Errorf("worker %d puzzle %d %s: %w", w, i, enc, err)
				}
			}
		}(w)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestDeadline checks that an ended context is honoured before the solve
// starts and during a count that would run for hours (the empty 9×9), and
// that the abandoned count stops soon after, freeing gophersat for the next
// caller. Soon is within a second of CPU time past the deadline, which
// other programs on the machine do not stretch; where the system does not
// report it, within hang.
func TestDeadline(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Solve(ctx, encodeWith(t, "reduced", readPuzzles(t, "large-4.txt")[0])); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: err = %v", err)
	}
	empty, _ := sudokusat.NewGridSize(9)
	f := encodeWith(t, "minimal", empty)
	const wait = 50 * time.Millisecond
	ctx, cancel = context.WithTimeout(context.Background(), wait)
	defer cancel()
	past := cputime.AfterDone(ctx)
	start := time.Now()
	_, err := Count(ctx, f, 1<<30)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want DeadlineExceeded", err)
	}
	late, cpu := past()
	if !cpu {
		late = time.Since(start) - wait
	}
	if cpu && late > time.Second || late > hang {
		t.Errorf("returned %v past its 50 ms deadline (CPU time: %v)", late, cpu)
	}
	ctx2, cancel2 := context.WithTimeout(context.Background(), hang)
	defer cancel2()
	if _, err := Solve(ctx2, encodeWith(t, "reduced", readPuzzles(t, "top95-sample.txt")[0])); err != nil {
		t.Errorf("the next solve after a timeout: %v", err)
	}
}

func ExampleSolve() {
	g, _ := sudokusat.Parse("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..")
	f, _ := encode.Puzzle(&sudokusat.Puzzle{Grid: g}, encode.Options{Encoding: "reduced"})
	res, err := Count(context.Background(), f, 2)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Status, res.Count)
	fmt.Println(res.Solution())
	// Output:
	// SATISFIABLE 1
	// 812753649943682175675491283154237896369845721287169534521974368438526917796318452
}

// TestExternalSolvers runs each Debian solver on the samples through DIMACS
// and checks it agrees with gophersat. CI installs all four.
func TestExternalSolvers(t *testing.T) {
	puzzles := append(readPuzzles(t, "top95-sample.txt")[:8], readPuzzles(t, "serg-sample.txt")[:3]...)
	puzzles = append(puzzles, readPuzzles(t, "large-16.txt")...)
	for _, prog := range Programs() {
		name := prog.Name
		t.Run(name, func(t *testing.T) {
			e, _ := Engine(name)
			argv := e.(*External).Argv
			if _, err := exec.LookPath(argv[0]); err != nil {
				t.Skipf("%s is not installed (%v); .ci/run installs the solvers Debian packages (kissat is not among them)", argv[0], err)
			}
			for _, enc := range []string{"reduced", "extended"} {
				for i, g := range puzzles {
					f := encodeWith(t, enc, g)
					want, err := Count(context.Background(), f, 2)
					if err != nil {
						t.Fatal(err)
					}
					got, err := e.Count(context.Background(), f, 2)
					if err != nil {
						t.Fatalf("#%d %s: %v", i+1, enc, err)
					}
					if got.Count != want.Count || got.Status != want.Status {
						t.Errorf("#%d %s: %s count %d, gophersat %d", i+1, enc, name, got.Count, want.Count)
					}
					if err := sudokusat.CheckSolution(g, got.Solution()); err != nil {
						t.Errorf("#%d %s: %v", i+1, enc, err)
					}
				}
			}
		})
	}
}

// script writes an executable shell script and returns an engine running it.
func script(t *testing.T, body string) Solver {
	t.Helper()
	path := filepath.Join(t.TempDir(), "fake-solver")
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	e, err := Engine(path)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestExternalFailures checks that a bad solver is caught, never trusted.
func TestExternalFailures(t *testing.T) {
	g := readPuzzles(t, "top95-sample.txt")[0]
	f := encodeWith(t, "reduced", g)
	tests := []struct {
		name string
		body string
		want error
	}{
		{"wrong model", `echo "s SATISFIABLE"; echo "v 1 2 3 4 5 0"; exit 10`, ErrWrongModel},
		{"all false", `echo "s SATISFIABLE"; echo "v 0"; exit 10`, ErrWrongModel},
		{"garbage", `echo "hello world"; exit 10`, ErrSolver},
		{"crash", `echo "boom" >&2; exit 3`, ErrSolver},
		{"cut short", `echo "s SATISFIABLE"; echo "v 1 2"; exit 10`, ErrSolver},
		{"exit code lies", `echo "s UNSATISFIABLE"; exit 10`, ErrSolver},
		{"unknown", `echo "s UNKNOWN"; exit 0`, ErrSolver},
		{"missing binary", "", ErrSolver},
	}
	for _, tt := range tests {
		e := script(t, tt.body)
		if tt.name == "missing binary" {
			e, _ = Engine("/nonexistent/solver")
		}
		res, err := e.Count(context.Background(), f, 2)
		if !errors.Is(err, tt.want) {
			t.Errorf("%s: err = %v, result %+v; want %v", tt.name, err, res, tt.want)
		}
	}
	// A solver that sleeps for ten times hang: a call that waited for it
	// would return past hang.
	e := script(t, fmt.Sprintf("sleep %d", int(10*hang/time.Second)))
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	if _, err := e.Count(ctx, f, 1); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("hung solver: err = %v, want DeadlineExceeded", err)
	}
	if took := time.Since(start); took > hang {
		t.Errorf("hung solver: returned after %v", took)
	}
}

// TestExternalCommandLine checks a user-given command line with {cnf} and
// {out}: a shell wrapper around minisat's result-file convention.
func TestExternalCommandLine(t *testing.T) {
	if _, err := exec.LookPath("minisat"); err != nil {
		t.Skipf("minisat is not installed (%v); .ci/run installs it", err)
	}
	g := readPuzzles(t, "top95-sample.txt")[1]
	e, _ := Engine("minisat -verb=0 {cnf} {out}")
	res, err := e.Count(context.Background(), encodeWith(t, "extended", g), 2)
	if err != nil {
		t.Fatal(err)
	}
	if res.Count != 1 {
		t.Errorf("count %d, want 1", res.Count)
	}
	if err := sudokusat.CheckSolution(g, res.Solution()); err != nil {
		t.Error(err)
	}
}

// TestCardinalityForm checks that gophersat finds the same solutions when
// it takes the at-most-one constraints as cardinality constraints (Count)
// as when it takes their clauses (CountProof, whose proof must come from
// the clauses): every solution of puzzles with several, up to a limit, and
// valid distinct ones on an empty 16×16 grid, whose groups of 16 are
// product-encoded with auxiliary variables that the cardinality form sets
// aside.
func TestCardinalityForm(t *testing.T) {
	const limit = 400
	empty4, _ := sudokusat.NewGridSize(4)
	empty16, _ := sudokusat.NewGridSize(16)
	puzzles := append([]*sudokusat.Grid{empty4, empty16}, readPuzzles(t, "serg-sample.txt")...)
	compared := 0 // puzzles whose every solution both forms found
	for i, g := range puzzles {
		f := encodeWith(t, "reduced", g)
		if f.NumAMOs() == 0 {
			t.Fatalf("puzzle %d: no at-most-one recorded", i)
		}
		var got [2][]string
		for k, count := range []func(context.Context, *encode.Formula, int) (Result, error){
			Count,
			func(ctx context.Context, f *encode.Formula, limit int) (Result, error) {
				r, _, err := CountProof(ctx, f, limit)
				return r, err
			},
		} {
			lim := limit
			if g.Size() == 16 {
				lim = 20
			}
			r, err := count(context.Background(), f, lim)
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range r.Solutions {
				if err := sudokusat.CheckSolution(g, s); err != nil {
					t.Fatalf("puzzle %d: %v", i, err)
				}
				got[k] = append(got[k], s.String())
			}
			slices.Sort(got[k])
			if len(slices.Compact(slices.Clone(got[k]))) != len(got[k]) {
				t.Fatalf("puzzle %d: a solution twice", i)
			}
			if g.Size() == 16 && len(got[k]) != lim {
				t.Errorf("empty 16×16: %d solutions, want %d", len(got[k]), lim)
			}
		}
		if g.Size() == 16 || len(got[0]) == limit && len(got[1]) == limit {
			continue // more solutions than the limit: each form found its own
		}
		if !slices.Equal(got[0], got[1]) {
			t.Errorf("puzzle %d %s: %d solutions with cardinality constraints, %d with clauses", i, g, len(got[0]), len(got[1]))
		}
		compared++
	}
	if compared < 2 {
		t.Errorf("only %d puzzles had all their solutions compared", compared)
	}
}

// TestCardsFor checks which form gophersat gets on each side of the bounds:
// the constraints for a 9×9 puzzle, the clauses for a 64×64 grid with two
// cells in five open.
func TestCardsFor(t *testing.T) {
	g9 := readPuzzles(t, "top95-sample.txt")[0]
	if f := encodeWith(t, "reduced", g9); !cardsFor(f) {
		t.Errorf("9×9, %d clauses: clauses, want cardinality constraints", f.NumClauses())
	}
	g, _ := sudokusat.NewGridSize(64)
	r := rand.New(rand.NewPCG(64, 40))
	for cell := range g.Len() {
		row, col := cell/64, cell%64
		if r.IntN(5) >= 2 {
			g.SetCell(cell, (8*(row%8)+row/8+col)%64+1)
		}
	}
	f := encodeWith(t, "reduced", g)
	if f.NumClauses() < cardsBelow || f.NumClauses() > cardsAbove {
		t.Fatalf("64×64: %d clauses, not between the bounds: the test needs another grid", f.NumClauses())
	}
	if cardsFor(f) {
		t.Errorf("64×64, %d clauses: cardinality constraints, want clauses", f.NumClauses())
	}
}
