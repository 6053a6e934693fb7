package dlx

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/internal/cputime"
)

var bg = context.Background()

// readPuzzles reads every puzzle of a file of the repository's testdata.
func readPuzzles(t *testing.T, name string) []*sudokusat.Grid {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []*sudokusat.Grid
	r := sudokusat.NewReader(f)
	for {
		p, err := r.Read()
		if err != nil {
			if errors.Is(err, io.EOF) {
				break
			}
			t.Fatalf("%s: %v", name, err)
		}
		out = append(out, p.Grid)
	}
	if len(out) == 0 {
		t.Fatalf("%s: no puzzle", name)
	}
	return out
}

func mustParse(t *testing.T, s string) *sudokusat.Grid {
	t.Helper()
	g, err := sudokusat.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// pattern returns the solved grid of boxRows×boxCols boxes whose rows are
// shifts of 1..N, with the cells i for which keep(i) is false blanked.
func pattern(t *testing.T, boxRows, boxCols int, keep func(i int) bool) *sudokusat.Grid {
	t.Helper()
	g, err := sudokusat.NewGrid(boxRows, boxCols)
	if err != nil {
		t.Fatal(err)
	}
	n := g.Size()
	for r := range n {
		for c := range n {
			if keep(r*n + c) {
				g.Set(r, c, (boxCols*(r%boxRows)+r/boxRows+c)%n+1)
			}
		}
	}
	return g
}

// TestUnique: proper puzzles of every size in the repository's testdata
// have one solution, which the validator accepts.
func TestUnique(t *testing.T) {
	tests := []struct {
		name  string
		grids []*sudokusat.Grid
	}{
		{"4×4", readPuzzles(t, "large-4.txt")},
		{"6×6", []*sudokusat.Grid{mustParse(t, "....5.4....3.....156....3....2.1....")}},
		{"9×9 top95", readPuzzles(t, "top95-sample.txt")},
		{"9×9 magictour", readPuzzles(t, "magictour-sample.txt")},
		{"9×9 17-clue", readPuzzles(t, "17clue-sample.txt")},
		{"16×16", readPuzzles(t, "large-16.txt")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for i, g := range tt.grids {
				before := g.Clone()
				r, err := Count(bg, g, 2)
				if err != nil {
					t.Fatalf("#%d: %v", i+1, err)
				}
				if r.Count != 1 {
					t.Fatalf("#%d %s: %d solutions, want 1", i+1, g, r.Count)
				}
				if err := sudokusat.CheckSolution(g, r.Solution); err != nil {
					t.Fatalf("#%d %s: %v", i+1, g, err)
				}
				if !g.Equal(before) {
					t.Fatalf("#%d: Count changed the puzzle", i+1)
				}
			}
		})
	}
}

// Which cells pattern keeps.
func all(int) bool     { return true }
func third(i int) bool { return i%3 != 0 }
func none(int) bool    { return false }

// TestShapes: every box shape, square or not, wide or tall, up to 36×36,
// solves from nothing, from two thirds of a solution and from a whole one
// (limit 1: such puzzles need not be proper), each within ten seconds.
func TestShapes(t *testing.T) {
	for _, s := range [][2]int{{2, 2}, {2, 3}, {3, 2}, {2, 4}, {4, 2}, {3, 3}, {2, 5}, {5, 2}, {3, 4}, {4, 3},
		{4, 4}, {3, 5}, {4, 5}, {5, 5}, {5, 6}, {6, 5}, {6, 6}} {
		for k, keep := range []func(int) bool{all, third, none} {
			g := pattern(t, s[0], s[1], keep)
			ctx, cancel := context.WithTimeout(bg, 10*time.Second)
			start := time.Now()
			r, err := Count(ctx, g, 1)
			cancel()
			t.Logf("%d×%d boxes, keep #%d: %v, %d nodes", s[0], s[1], k, time.Since(start), r.Nodes)
			if err != nil || r.Count != 1 {
				t.Fatalf("%d×%d boxes, keep #%d: count %d, %v", s[0], s[1], k, r.Count, err)
			}
			if err := sudokusat.CheckSolution(g, r.Solution); err != nil {
				t.Fatalf("%d×%d boxes, keep #%d: %v", s[0], s[1], k, err)
			}
		}
	}
}

// TestCounts: known counts, limits, and puzzles without a solution.
func TestCounts(t *testing.T) {
	empty := func(r, c int) *sudokusat.Grid {
		g, err := sudokusat.NewGrid(r, c)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	clash := empty(2, 2)
	clash.Set(0, 0, 1)
	clash.Set(3, 0, 1)
	tests := []struct {
		name  string
		g     *sudokusat.Grid
		limit int
		want  int
	}{
		{"empty 4×4, all of them", empty(2, 2), 1000, 288},
		{"empty 4×4, exactly all", empty(2, 2), 288, 288},
		{"empty 4×4 stops at the limit", empty(2, 2), 100, 100},
		{"empty 4×4, limit 1", empty(2, 2), 1, 1},
		{"empty 6×6 stops at the limit", empty(2, 3), 5000, 5000},
		{"empty 9×9 stops at the limit", empty(3, 3), 1000, 1000},
		{"Norvig's hardlong has more than one", mustParse(t, ".....6....59.....82....8....45........3........6..3.54...325..6.................."), 2, 2},
		{"a full grid is its own solution", pattern(t, 3, 3, all), 5, 1},
		// Column 3 holds 3 and 4, so r1c3 of 12.. has no digit left.
		{"a cell without candidates", mustParse(t, "12........3...4."), 2, 0},
		// Norvig's "impossible" puzzle: no clash, no solution, and only a
		// search finds that out.
		{"Norvig's impossible", mustParse(t, ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4........."), 2, 0},
		{"clashing givens", clash, 2, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := Count(bg, tt.g, tt.limit)
			if err != nil {
				t.Fatal(err)
			}
			if r.Count != tt.want {
				t.Fatalf("count %d, want %d", r.Count, tt.want)
			}
			if (r.Solution != nil) != (tt.want > 0) {
				t.Fatalf("solution %v with a count of %d", r.Solution, r.Count)
			}
			if r.Solution != nil {
				if err := sudokusat.CheckSolution(tt.g, r.Solution); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// TestDistinctSolutions: the 288 solutions of the empty 4×4 are found once
// each. Count keeps only the first, so the grid is pinned cell by cell:
// fixing r1c1..r1c4 to each of the 24 permutations leaves 12 each.
func TestDistinctSolutions(t *testing.T) {
	total := 0
	for _, row := range []string{"1234", "1243", "1324", "1342", "1423", "1432", "2134", "2143", "2314", "2341", "2413", "2431",
		"3124", "3142", "3214", "3241", "3412", "3421", "4123", "4132", "4213", "4231", "4312", "4321"} {
		g := mustParse(t, row+"............")
		r, err := Count(bg, g, 1000)
		if err != nil || r.Count != 12 {
			t.Fatalf("first row %s: %d solutions, %v; want 12", row, r.Count, err)
		}
		total += r.Count
	}
	if total != 288 {
		t.Fatalf("%d in all", total)
	}
}

func TestErrors(t *testing.T) {
	g := pattern(t, 2, 2, third)
	bad := g.Clone()
	bad.SetCell(5, 7)
	huge, err := sudokusat.NewGridSize(400)
	if err != nil {
		t.Fatal(err)
	}
	canceled, cancel := context.WithCancel(bg)
	cancel()
	tests := []struct {
		name  string
		ctx   context.Context
		g     *sudokusat.Grid
		limit int
		is    error
	}{
		{"no grid", bg, nil, 1, nil},
		{"limit 0", bg, g, 0, nil},
		{"a digit past N", bg, bad, 1, nil},
		{"an empty 400×400 matrix is too large", bg, huge, 1, ErrTooLarge},
		{"a context already over", canceled, g, 1, context.Canceled},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// Refused before any matrix is built: a few MB at most, where
			// the 400×400's would take gigabytes. (Memory, unlike time,
			// does not depend on the machine's load.)
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			r, err := Count(tt.ctx, tt.g, tt.limit)
			runtime.ReadMemStats(&after)
			if err == nil {
				t.Fatalf("no error (count %d)", r.Count)
			}
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Fatalf("%v, want one wrapping %v", err, tt.is)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 {
				t.Fatalf("allocated %d MB", alloc>>20)
			}
		})
	}
}

// TestCancel: a count that would run for ever stops soon after its
// context ends, with an error wrapping the context's, and keeps what it
// found. Soon is within a second of CPU time, which other programs on the
// machine do not stretch, where the system reports it; else within a
// minute.
func TestCancel(t *testing.T) {
	tests := []struct {
		name string
		g    *sudokusat.Grid
	}{
		{"empty 25×25 to a billion", pattern(t, 5, 5, none)},
		// The MRV scan of a 400×400 grid sees tens of thousands of columns
		// at each node: the context is still looked at often enough.
		{"400×400 with a tenth blank", pattern(t, 20, 20, func(i int) bool { return i%10 != 0 })},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			const wait = 200 * time.Millisecond
			ctx, cancel := context.WithTimeout(bg, wait)
			defer cancel()
			past := cputime.AfterDone(ctx)
			start := time.Now()
			r, err := Count(ctx, tt.g, 1_000_000_000)
			late, cpu := past()
			if !cpu {
				late = time.Since(start) - wait
			}
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Fatalf("count %d, error %v: want one wrapping %v", r.Count, err, context.DeadlineExceeded)
			}
			if cpu && late > time.Second || late > time.Minute {
				t.Fatalf("stopped %v after the deadline (CPU time: %v)", late, cpu)
			}
			if r.Solution != nil {
				if err := sudokusat.CheckSolution(tt.g, r.Solution); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// TestParallel runs counts at once on the same puzzles (go test -race):
// each has its own matrix.
func TestParallel(t *testing.T) {
	gs := readPuzzles(t, "top95-sample.txt")
	var wg sync.WaitGroup
	errs := make(chan error, 4*len(gs))
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, g := range gs {
				r, err := Count(bg, g, 2)
				switch {
				case err != nil:
					errs <- err
				case r.Count != 1:
					errs <- errors.New(g.String() + ": not one solution")
				default:
					if err := sudokusat.CheckSolution(g, r.Solution); err != nil {
						errs <- err
					}
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
