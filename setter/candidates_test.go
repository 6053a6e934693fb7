package setter

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/engine"
	"github.com/sudokusat/sudokusat/internal/varianttest"
	"github.com/sudokusat/sudokusat/variant"
)

// latinSquares4 lists the 576 Latin squares of side 4.
func latinSquares4() []*sudokusat.Grid {
	var out []*sudokusat.Grid
	cells := make([]int, 16)
	var fill func(i int)
	fill = func(i int) {
		if i == 16 {
			g, _ := sudokusat.NewGridSize(4)
			for k, d := range cells {
				g.SetCell(k, d)
			}
			out = append(out, g)
			return
		}
	next:
		for d := 1; d <= 4; d++ {
			for k := range 4 {
				if k < i%4 && cells[i/4*4+k] == d || k < i/4 && cells[k*4+i%4] == d {
					continue next
				}
			}
			cells[i] = d
			fill(i + 1)
		}
	}
	fill(0)
	return out
}

// bruteCandidates counts, for each cell and digit, the solutions of p
// among the Latin squares (checked by the validator alone), up to limit.
func bruteCandidates(p *sudokusat.Puzzle, squares []*sudokusat.Grid, limit int) [][]int {
	out := make([][]int, 16)
	for i := range out {
		out[i] = make([]int, 4)
	}
	for _, g := range squares {
		if variant.Check(p, g) != nil {
			continue
		}
		for c := range 16 {
			out[c][g.Cell(c)-1] = min(out[c][g.Cell(c)-1]+1, limit)
		}
	}
	return out
}

// TestTrueCandidates: on every 4×4 test puzzle, with its givens and
// without them (many solutions), the true candidates and their counts up
// to a cap are those of brute force through the validator, for an engine
// of classic grids (asked digit by digit), the search and gophersat (asked
// cell by cell with pencil marks).
func TestTrueCandidates(t *testing.T) {
	squares := latinSquares4()
	if len(squares) != 576 {
		t.Fatalf("%d Latin squares", len(squares))
	}
	var puzzles []*sudokusat.Puzzle
	for _, f := range varianttest.All(t) {
		if f.Puzzle.Size() != 4 {
			continue
		}
		open := *f.Puzzle
		open.Grid, _ = sudokusat.NewGridSize(4)
		puzzles = append(puzzles, f.Puzzle, &open)
	}
	empty, _ := sudokusat.NewGridSize(4)
	puzzles = append(puzzles, &sudokusat.Puzzle{Grid: empty}, puzzle(t, "1...........2..."), puzzle(t, "1234........2..."))
	if len(puzzles) < 20 {
		t.Fatalf("%d puzzles", len(puzzles))
	}
	engines := []*engine.Engine{engine.Native(), openEngine(t, engine.NameSearch), openEngine(t, engine.NameSAT)}
	ctx := context.Background()
	several := 0
	for i, p := range puzzles {
		for _, limit := range []int{1, 3, 10} {
			want := bruteCandidates(p, squares, limit)
			for _, e := range engines {
				if !p.Classic() && !e.Info().Rules {
					continue
				}
				got, err := TrueCandidates(ctx, e, p, limit, 0)
				if err != nil {
					t.Fatalf("puzzle %d, %s: %v", i, e.Name(), err)
				}
				if fmt.Sprint(got.Count) != fmt.Sprint(want) {
					t.Errorf("puzzle %d (%v, %d rules), %s, cap %d:\ngot  %v\nwant %v", i, p.Grid, len(p.Rules), e.Name(), limit, got.Count, want)
				}
				for _, s := range got.Solutions {
					if err := variant.Check(p, s); err != nil {
						t.Errorf("puzzle %d, %s: a witness is no solution: %v", i, e.Name(), err)
					}
				}
			}
			if slices.ContainsFunc(want, func(ds []int) bool { return slices.Max(ds) > 0 && slices.Index(ds, 0) >= 0 && countNonZero(ds) > 1 }) {
				several++
			}
		}
	}
	if several == 0 {
		t.Error("no puzzle with a cell of several candidates: the test tests nothing")
	}
}

func countNonZero(ds []int) int {
	k := 0
	for _, d := range ds {
		if d > 0 {
			k++
		}
	}
	return k
}

// openEngine opens an engine of this process (gophersat in this process).
func openEngine(t *testing.T, name string) *engine.Engine {
	t.Helper()
	e, err := engine.Open(name, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// puzzle reads a classic puzzle.
func puzzle(t *testing.T, s string) *sudokusat.Puzzle {
	t.Helper()
	g, err := sudokusat.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return &sudokusat.Puzzle{Grid: g}
}

// TestTrueCandidates6: the same on 6×6 test puzzles with seven givens of
// their solution in place of their own, where brute force enumerates the
// fillings of rows, columns, regions and givens and keeps those the
// validator accepts.
func TestTrueCandidates6(t *testing.T) {
	ctx := context.Background()
	tried, several := 0, 0
	for _, f := range varianttest.All(t) {
		if f.Puzzle.Size() != 6 {
			continue
		}
		p := *f.Puzzle
		p.Grid, _ = sudokusat.NewGrid(f.Puzzle.Grid.BoxRows(), f.Puzzle.Grid.BoxCols())
		for _, cell := range []int{0, 8, 13, 17, 22, 27, 35} {
			p.Grid.SetCell(cell, f.Solution.Cell(cell))
		}
		want := make([][]int, 36)
		for i := range want {
			want[i] = make([]int, 6)
		}
		sols := 0
		for _, v := range varianttest.Fillings(&p) {
			g := p.Grid.Clone()
			for c, d := range v {
				g.SetCell(c, d)
			}
			if variant.Check(&p, g) != nil {
				continue
			}
			sols++
			for c, d := range v {
				want[c][d-1] = min(want[c][d-1]+1, 3)
			}
		}
		if sols > 1 {
			several++
		}
		for _, e := range []*engine.Engine{openEngine(t, engine.NameSearch), openEngine(t, engine.NameSAT)} {
			got, err := TrueCandidates(ctx, e, &p, 3, 0)
			if err != nil {
				t.Fatalf("%s, %s: %v", f.Name, e.Name(), err)
			}
			if fmt.Sprint(got.Count) != fmt.Sprint(want) {
				t.Errorf("%s, %s (%d solutions):\ngot  %v\nwant %v", f.Name, e.Name(), sols, got.Count, want)
			}
		}
		tried++
	}
	t.Logf("%d 6×6 puzzles, %d with several solutions", tried, several)
	if tried < 10 || several == 0 {
		t.Errorf("%d 6×6 puzzles tried, %d with several solutions: want more", tried, several)
	}
}

// TestTrueCandidatesElapsed: a puzzle's time is its questions' times as
// the engine measured them where they ran, so that the wait of a worker's
// queue (gophersat's processes, shared by the puzzles under way) is not
// counted on every puzzle in it. It was the wall time of the whole call.
func TestTrueCandidatesElapsed(t *testing.T) {
	search := openEngine(t, engine.NameSearch)
	const each = time.Millisecond // what the engine says each question took
	e := engine.New(search.Info(), engine.Options{}, engine.CounterFunc(func(ctx context.Context, p *sudokusat.Puzzle, limit int) (engine.Result, error) {
		r, err := search.Count(ctx, p, limit)
		r.Elapsed = each
		return r, err
	}))
	p := puzzle(t, "1...............")
	k, err := TrueCandidates(context.Background(), e, p, 2, 0)
	if err != nil {
		t.Fatal(err)
	}
	if k.Questions < 2 || k.Elapsed != time.Duration(k.Questions)*each {
		t.Errorf("%d questions of %v each: Elapsed %v", k.Questions, each, k.Elapsed)
	}
}
