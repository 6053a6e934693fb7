package satsolve

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
)

// TestMain lets the test binary double as a gophersat worker process.
func TestMain(m *testing.M) {
	if os.Getenv("SUDOKUSAT_TEST_WORKER") == "oom" {
		// A worker whose runtime runs out of memory on its first request
		// prints this, and a goroutine dump, and exits 2.
		os.Stdin.Read(make([]byte, 1))
		fmt.Fprint(os.Stderr, "fatal error: runtime: out of memory\n\nruntime stack:\nruntime.throw(...)\n")
		for range 1000 {
			fmt.Fprint(os.Stderr, "goroutine 1 [running]:\n\tsomewhere.go:1\n")
		}
		os.Exit(2)
	}
	if v := os.Getenv("SUDOKUSAT_TEST_WORKER"); v == "1" || v == "crash" {
		var in io.Reader = os.Stdin
		if v == "crash" {
			in = crashOn777{os.Stdin}
		}
		if err := ServeWorker(in, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// classic is the classic puzzle of g.
func classic(g *sudokusat.Grid) *sudokusat.Puzzle { return &sudokusat.Puzzle{Grid: g} }

// enc asks for the encoding of that name.
func enc(name string) encode.Options { return encode.Options{Encoding: name} }

// testPool returns a pool whose workers are this test binary.
func testPool(t *testing.T) *Isolated {
	t.Setenv("SUDOKUSAT_TEST_WORKER", "1")
	p := NewIsolated(os.Args[0], "-test.run=^$")
	t.Cleanup(func() { p.Close() })
	return p
}

func TestIsolatedCounts(t *testing.T) {
	p := testPool(t)
	ctx := context.Background()
	for _, c := range []struct {
		file string
		want int
	}{{"top95-sample.txt", 1}, {"17clue-sample.txt", 1}, {"serg-sample.txt", 2}, {"large-16.txt", 1}} {
		for i, g := range readPuzzles(t, c.file) {
			start := time.Now()
			res, err := p.Count(ctx, classic(g), enc("reduced"), 2)
			wall := time.Since(start)
			if err != nil {
				t.Fatalf("%s #%d: %v", c.file, i+1, err)
			}
			if res.Elapsed <= 0 || res.Elapsed > wall {
				t.Errorf("%s #%d: the worker reports %v for a call of %v", c.file, i+1, res.Elapsed, wall)
			}
			if res.Count != c.want {
				t.Errorf("%s #%d: count %d, want %d", c.file, i+1, res.Count, c.want)
			}
			if err := sudokusat.CheckSolution(g, res.Solution()); err != nil {
				t.Errorf("%s #%d: %v", c.file, i+1, err)
			}
		}
	}
	empty, _ := sudokusat.NewGridSize(4)
	res, err := p.Count(ctx, classic(empty), enc("extended"), 1000)
	if err != nil || res.Count != 288 {
		t.Errorf("empty 4×4: %d solutions, %v; want 288", res.Count, err)
	}
}

// TestIsolatedConcurrent runs searches from several goroutines at once on
// one pool; each gets its own process, and every answer is checked.
func TestIsolatedConcurrent(t *testing.T) {
	p := testPool(t)
	puzzles := readPuzzles(t, "magictour-sample.txt")
	var wg sync.WaitGroup
	errs := make(chan error, 4*len(puzzles))
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i, g := range puzzles {
				res, err := p.Count(context.Background(), classic(g), enc(encode.Names()[(i+w)%4]), 2)
				if err == nil && res.Count != 1 {
					err = fmt.Errorf("count %d", res.Count)
				}
				if err == nil {
					err = sudokusat.CheckSolution(g, res.Solution())
				}
				if err != nil {
					errs <- fmt.Errorf("worker %d puzzle %d: %w", w, i+1, err)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestIsolatedDeadline checks that a deadline kills a search that would
// run for hours (a call that returns within hang), and that the pool works
// on afterwards.
func TestIsolatedDeadline(t *testing.T) {
	p := testPool(t)
	empty, _ := sudokusat.NewGridSize(9)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := p.Count(ctx, classic(empty), enc("minimal"), 1<<30)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want DeadlineExceeded", err)
	}
	if took := time.Since(start); took > hang {
		t.Errorf("returned after %v", took)
	}
	g := readPuzzles(t, "top95-sample.txt")[0]
	if res, err := p.Count(context.Background(), classic(g), enc("reduced"), 2); err != nil || res.Count != 1 {
		t.Errorf("after a timeout: count %d, %v", res.Count, err)
	}
}

// TestIsolatedEncodings: the worker encodes with each encoding, and the
// grids it returns are checked here.
func TestIsolatedEncodings(t *testing.T) {
	p := testPool(t)
	ctx := context.Background()
	for _, enc := range encode.Names() {
		for _, c := range []struct {
			file string
			want int
		}{{"top95-sample.txt", 1}, {"serg-sample.txt", 2}, {"large-4.txt", 1}} {
			for i, g := range readPuzzles(t, c.file) {
				res, err := p.Count(ctx, classic(g), encode.Options{Encoding: enc}, 2)
				if err != nil {
					t.Fatalf("%s %s #%d: %v", enc, c.file, i+1, err)
				}
				if res.Count != c.want || sudokusat.CheckSolution(g, res.Solution()) != nil {
					t.Errorf("%s %s #%d: count %d", enc, c.file, i+1, res.Count)
				}
			}
		}
	}
	// A puzzle propagation solves, one with no solution, and the empty 4×4.
	g := readPuzzles(t, "top95-sample.txt")[0]
	sol, _ := Solve(ctx, encodeWith(t, "reduced", g))
	almost := sol.Solution().Clone()
	almost.SetCell(0, 0)
	if res, err := p.Count(ctx, classic(almost), encode.Options{Encoding: "reduced"}, 2); err != nil || res.Count != 1 {
		t.Errorf("one blank: count %d, %v", res.Count, err)
	}
	if bad := unsolvableFrom(g, sol.Solution()); bad != nil {
		if res, err := p.Count(ctx, classic(bad), encode.Options{Encoding: "reduced"}, 2); err != nil || res.Count != 0 || res.Status != Unsatisfiable {
			t.Errorf("unsolvable: count %d, %v", res.Count, err)
		}
	}
	empty, _ := sudokusat.NewGridSize(4)
	if res, err := p.Count(ctx, classic(empty), encode.Options{Encoding: "minimal"}, 1000); err != nil || res.Count != 288 {
		t.Errorf("empty 4×4: count %d, %v", res.Count, err)
	}
	if _, err := p.Count(ctx, classic(g), encode.Options{Encoding: "nope"}, 2); err == nil {
		t.Error("unknown encoding accepted")
	}
}

// TestIsolatedConcurrentShared queues several callers' searches on few
// processes. Each caller checks the answer against its own puzzle, so a
// reply handed to the wrong caller fails the test.
func TestIsolatedConcurrentShared(t *testing.T) {
	p := testPool(t)
	p.Procs, p.Depth = 2, 4
	puzzles := append(readPuzzles(t, "magictour-sample.txt"), readPuzzles(t, "top95-sample.txt")...)
	serg := readPuzzles(t, "serg-sample.txt")
	watched := make(chan bool, 1)
	done := make(chan struct{})
	go func() { watched <- watchShared(p, done) }()
	var wg sync.WaitGroup
	errs := make(chan error, 8*len(puzzles))
	for c := 0; c < 8; c++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range puzzles {
				g, want := puzzles[(i+c)%len(puzzles)], 1
				if i%5 == c%5 {
					g, want = serg[i%len(serg)], 2
				}
				var res Result
				var err error
				if c%2 == 0 {
					res, err = p.Count(context.Background(), classic(g), encode.Options{Encoding: "reduced"}, 2)
				} else {
					res, err = p.Count(context.Background(), classic(g), enc("reduced"), 2)
				}
				if err == nil && res.Count != want {
					err = fmt.Errorf("count %d, want %d", res.Count, want)
				}
				if err == nil && res.Elapsed <= 0 {
					err = fmt.Errorf("no time reported by the worker")
				}
				if err == nil {
					err = sudokusat.CheckSolution(g, res.Solution())
				}
				if err != nil {
					errs <- fmt.Errorf("caller %d puzzle %d: %w", c, i+1, err)
				}
			}
		}()
	}
	wg.Wait()
	close(done)
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	p.mu.Lock()
	procs := len(p.workers)
	p.mu.Unlock()
	if procs > 2 {
		t.Errorf("%d worker processes, want at most Procs = 2", procs)
	}
	if !<-watched {
		t.Error("never two searches queued on one process: the callers never shared one")
	}
}

// watchShared reports whether, before done is closed, a worker process of
// p was seen with two requests sent and not yet answered.
func watchShared(p *Isolated, done <-chan struct{}) bool {
	for {
		p.mu.Lock()
		for _, w := range p.workers {
			w.mu.Lock()
			queued := w.sent - w.next
			w.mu.Unlock()
			if queued >= 2 {
				p.mu.Unlock()
				return true
			}
		}
		p.mu.Unlock()
		select {
		case <-done:
			return false
		case <-time.After(100 * time.Microsecond):
		}
	}
}

// TestIsolatedSharedCancel cancels a search that shares its process with
// another caller's: the process is killed, and the other caller's search,
// queued behind it, is sent again and answered.
func TestIsolatedSharedCancel(t *testing.T) {
	p := testPool(t)
	p.Procs, p.Depth = 1, 4
	empty, _ := sudokusat.NewGridSize(9)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel() // a failed test must not leave the endless search running
	first := make(chan error, 1)
	go func() {
		_, err := p.Count(ctx, classic(empty), enc("minimal"), 1<<30) // endless
		first <- err
	}()
	waitSent(t, p, 1) // the endless search is under way
	g := readPuzzles(t, "top95-sample.txt")[0]
	second := make(chan error, 1)
	go func() {
		res, err := p.Count(context.Background(), classic(g), encode.Options{Encoding: "reduced"}, 2)
		if err == nil && res.Count != 1 {
			err = fmt.Errorf("count %d", res.Count)
		}
		second <- err
	}()
	// Sent to the busy process, not waiting for an idle one: the endless
	// search never ends by itself.
	waitSent(t, p, 2)
	cancel()
	if err := <-first; !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled search: err = %v, want Canceled", err)
	}
	select {
	case err := <-second:
		if err != nil {
			t.Errorf("queued search: %v", err)
		}
	case <-time.After(hang):
		t.Fatalf("queued search not answered %v after the cancellation", hang)
	}
	// A search with a deadline gets a process to itself, and the pool
	// still holds at most one.
	dctx, dcancel := context.WithTimeout(context.Background(), hang)
	defer dcancel()
	if res, err := p.Count(dctx, classic(g), encode.Options{Encoding: "reduced"}, 2); err != nil || res.Count != 1 {
		t.Errorf("with a deadline: count %d, %v", res.Count, err)
	}
	p.mu.Lock()
	procs := len(p.workers)
	p.mu.Unlock()
	if procs > 1 {
		t.Errorf("%d worker processes, want at most Procs = 1", procs)
	}
}

// TestIsolatedDeadlineNotStarved runs a search with a deadline while
// callers without one keep a single process busy: they must let it run dry
// for the deadline search rather than keep it topped up. Starved, the
// search would wait for ever (the callers stop only after it), and its
// deadline, hang, would end it.
func TestIsolatedDeadlineNotStarved(t *testing.T) {
	p := testPool(t)
	p.Procs, p.Depth = 1, 2
	puzzles := readPuzzles(t, "top95-sample.txt")
	var stop atomic.Bool
	var wg sync.WaitGroup
	for c := 0; c < 3; c++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := c; !stop.Load(); i++ {
				p.Count(context.Background(), classic(puzzles[i%len(puzzles)]), encode.Options{Encoding: "reduced"}, 2)
			}
		}()
	}
	waitSent(t, p, 4) // the callers keep the process busy
	ctx, cancel := context.WithTimeout(context.Background(), hang)
	defer cancel()
	res, err := p.Count(ctx, classic(puzzles[0]), encode.Options{Encoding: "reduced"}, 2)
	stop.Store(true)
	wg.Wait()
	if err != nil || res.Count != 1 {
		t.Errorf("search with a deadline: count %d, %v", res.Count, err)
	}
}

// TestWorkerDeathNote: a worker that dies says why in the error, the
// goroutine dump after a Go runtime's fatal error left out: it ran out of
// memory. The error said only "gophersat worker: EOF".
func TestWorkerDeathNote(t *testing.T) {
	t.Setenv("SUDOKUSAT_TEST_WORKER", "oom")
	p := NewIsolated(os.Args[0], "-test.run=^$")
	defer p.Close()
	g := readPuzzles(t, "top95-sample.txt")[0]
	_, err := p.Count(context.Background(), classic(g), encode.Options{Encoding: "reduced"}, 2)
	if err == nil || !strings.Contains(err.Error(), "the worker ran out of memory") || strings.Contains(err.Error(), "goroutine") {
		t.Errorf("err = %v, want the worker's running out of memory and no dump", err)
	}
}

// TestIsolatedCountProof: a puzzle sent to a worker with a proof asked
// for comes back with the count, the blocking clauses and a proof of the
// formula encoded there, the same as CountProof gives on the formula
// encoded here; unique puzzles, puzzles with several solutions, a puzzle
// that propagation solves, and one with no solution.
func TestIsolatedCountProof(t *testing.T) {
	p := testPool(t)
	ctx := context.Background()
	var gs []*sudokusat.Grid
	gs = append(gs, readPuzzles(t, "top95-sample.txt")[:3]...)
	gs = append(gs, readPuzzles(t, "serg-sample.txt")[:2]...)
	gs = append(gs, readPuzzles(t, "easy-sample.txt")[:1]...)
	bad := gs[0].Clone()
	for cell := range bad.Len() {
		if bad.Cell(cell) == 0 {
			bad.SetCell(cell, bad.Cell(cell+1)) // clash or not: a puzzle either way
			break
		}
	}
	gs = append(gs, bad)
	o := encode.Options{Encoding: "reduced"}
	for i, g := range gs {
		f, err := encode.Puzzle(&sudokusat.Puzzle{Grid: g}, o)
		if err != nil {
			continue // the clashing one, refused by the encoder as by the worker
		}
		want, wantProof, err := CountProof(ctx, f, 2)
		if err != nil {
			t.Fatal(err)
		}
		got, proof, err := p.CountProof(ctx, classic(g), o, 2)
		if err != nil {
			t.Fatalf("puzzle %d: %v", i, err)
		}
		if got.Count != want.Count || !slices.EqualFunc(got.Solutions, want.Solutions, (*sudokusat.Grid).Equal) {
			t.Errorf("puzzle %d: the worker counts %d, this process %d", i, got.Count, want.Count)
		}
		if !slices.EqualFunc(proof.Blocks, wantProof.Blocks, slices.Equal[[]int32]) || !bytes.Equal(proof.DRAT, wantProof.DRAT) {
			t.Errorf("puzzle %d: the worker's proof (%d blocks, %d bytes) is not this process's (%d, %d)",
				i, len(proof.Blocks), len(proof.DRAT), len(wantProof.Blocks), len(wantProof.DRAT))
		}
	}
}

// TestIsolatedWarmsAfterCancel: a search cancelled under way kills its
// process, and the pool starts another in the background, so that the
// next search finds one idle.
func TestIsolatedWarmsAfterCancel(t *testing.T) {
	p := testPool(t)
	empty, _ := sudokusat.NewGridSize(9)
	ctx, cancel := context.WithCancel(context.Background())
	counted := make(chan error, 1)
	go func() {
		_, err := p.Count(ctx, classic(empty), enc("minimal"), 1<<30)
		counted <- err
	}()
	waitSent(t, p, 1) // under way in its process
	cancel()
	if err := <-counted; !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want Canceled", err)
	}
	idle := func() bool {
		p.mu.Lock()
		defer p.mu.Unlock()
		for _, w := range p.workers {
			if w.load == 0 && !w.killed.Load() {
				return true
			}
		}
		return false
	}
	deadline := time.Now().Add(hang)
	for !idle() && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if !idle() {
		t.Fatal("no idle worker after the cancelled search")
	}
	g := readPuzzles(t, "top95-sample.txt")[0]
	if res, err := p.Count(context.Background(), classic(g), enc("reduced"), 2); err != nil || res.Count != 1 {
		t.Errorf("after the cancel: count %d, %v", res.Count, err)
	}
}

// TestIsolatedWarmsOne: Warms at once, as a batch's cancelled searches
// ask for them together, start one idle process, not one each: with no
// Procs cap the extra ones would stay idle until Close. Whether the Warms
// overlap is the scheduler's; each round starts them together, and
// whatever the overlap, one process is the answer.
func TestIsolatedWarmsOne(t *testing.T) {
	for round := range 5 {
		p := testPool(t)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				p.Warm()
			}()
		}
		close(start)
		wg.Wait()
		p.mu.Lock()
		n := len(p.workers)
		p.mu.Unlock()
		if n != 1 {
			t.Errorf("round %d: %d worker processes after 8 Warms at once, want 1", round+1, n)
		}
		p.Close()
	}
}

// TestCover: the solutions Cover finds, in this process and in a worker,
// put in each cell exactly the digits that some solution puts there, as
// counting every solution says; each is a solution, and they are distinct.
func TestCover(t *testing.T) {
	p := testPool(t)
	ctx := context.Background()
	var puzzles []*sudokusat.Grid
	// serg's puzzles have several solutions each; a 4×4 with few givens
	// has many.
	puzzles = append(puzzles, readPuzzles(t, "serg-sample.txt")[:5]...)
	g4, _ := sudokusat.ParseLine("1.........2.....", 2, 2)
	puzzles = append(puzzles, g4, readPuzzles(t, "top95-sample.txt")[0])
	for i, g := range puzzles {
		f := encodeWith(t, "reduced", g)
		all, err := Count(ctx, f, 1<<20)
		if err != nil {
			t.Fatal(err)
		}
		n := g.Size()
		want := make([]int, g.Len()) // bit d-1: some solution has d in the cell
		for _, s := range all.Solutions {
			for c := range s.Len() {
				want[c] |= 1 << (s.Cell(c) - 1)
			}
		}
		for name, cover := range map[string]func() (Result, error){
			"in process": func() (Result, error) { return Cover(ctx, f) },
			"worker":     func() (Result, error) { return p.Cover(ctx, classic(g), enc("reduced")) },
		} {
			r, err := cover()
			if err != nil {
				t.Fatalf("#%d %s: %v", i, name, err)
			}
			got := make([]int, g.Len())
			seen := map[string]bool{}
			for _, s := range r.Solutions {
				if err := sudokusat.CheckSolution(g, s); err != nil || seen[s.String()] {
					t.Fatalf("#%d %s: %v, or a grid twice", i, name, err)
				}
				seen[s.String()] = true
				for c := range s.Len() {
					got[c] |= 1 << (s.Cell(c) - 1)
				}
			}
			if !slices.Equal(got, want) {
				t.Errorf("#%d %s (%d×%d, %d solutions): covered %v, want %v", i, name, n, n, all.Count, got, want)
			}
			if len(r.Solutions) > all.Count {
				t.Errorf("#%d %s: %d solutions of %d", i, name, len(r.Solutions), all.Count)
			}
		}
	}
}
