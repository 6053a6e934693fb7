package shrink

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
)

func TestMin(t *testing.T) {
	ints := func(n int) []int {
		s := make([]int, n)
		for i := range s {
			s[i] = i
		}
		return s
	}
	has := func(s []int, xs ...int) bool {
		for _, x := range xs {
			if !slices.Contains(s, x) {
				return false
			}
		}
		return true
	}
	for _, c := range []struct {
		name  string
		n     int
		fails func([]int) bool
		want  []int
	}{
		{"one item", 1000, func(s []int) bool { return has(s, 617) }, []int{617}},
		{"two far apart", 1000, func(s []int) bool { return has(s, 3, 998) }, []int{3, 998}},
		{"three", 64, func(s []int) bool { return has(s, 0, 31, 32) }, []int{0, 31, 32}},
		{"any five", 300, func(s []int) bool { return len(s) >= 5 }, []int{295, 296, 297, 298, 299}},
		{"always", 50, func([]int) bool { return true }, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, tests := Min(context.Background(), ints(c.n), c.fails)
			if len(got) != len(c.want) || !c.fails(got) {
				t.Fatalf("Min = %v after %d tests, want %d items like %v", got, tests, len(c.want), c.want)
			}
			// 1-minimal: no single item can go.
			for i := range got {
				if c.fails(slices.Delete(slices.Clone(got), i, i+1)) {
					t.Errorf("Min = %v: still fails without %d", got, got[i])
				}
			}
			t.Logf("%d items to %d in %d tests", c.n, len(got), tests)
		})
	}
}

// TestMinStops: a cancelled context stops the search at once, with a
// failing subset (the input itself); and a deadline that passes during a
// test stops it after that test, with the smallest failing subset found.
func TestMinStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	got, tests := Min(ctx, []int{1, 2, 3}, func([]int) bool { return true })
	if len(got) != 3 || tests != 0 {
		t.Errorf("Min after cancel = %v, %d tests", got, tests)
	}
	// The first test waits for the deadline; it keeps the first half.
	ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	got, tests = Min(ctx, make([]int, 100000), func(s []int) bool { <-ctx.Done(); return len(s) > 7 })
	if len(got) != 50000 || tests != 1 {
		t.Errorf("Min with a deadline: %d items after %d tests, want 50000 after 1", len(got), tests)
	}
}

func TestPuzzle(t *testing.T) {
	g, err := sudokusat.Parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	if err != nil {
		t.Fatal(err)
	}
	p := &sudokusat.Puzzle{Grid: g}
	p.Rules = []sudokusat.Rule{{Kind: "anti-knight"}, {Kind: "killer", Cells: []int{0, 1}, Value: 9}}
	// Fails while r1c1 is 4 and the killer cage is there.
	fails := func(q *sudokusat.Puzzle) bool {
		return q.Grid.Cell(0) == 4 && slices.ContainsFunc(q.Rules, func(r sudokusat.Rule) bool { return r.Kind == "killer" })
	}
	q, _ := Puzzle(context.Background(), p, fails)
	if q.Grid.Givens() != 1 || len(q.Rules) != 1 || q.Rules[0].Kind != "killer" {
		t.Errorf("Puzzle = %s %v", q.Grid, q.Rules)
	}
	if p.Grid.Givens() != 17 || len(p.Rules) != 2 {
		t.Errorf("Puzzle changed its input: %s %v", p.Grid, p.Rules)
	}
}

func TestFalsified(t *testing.T) {
	f := &encode.Formula{Vars: 3}
	f.Add(1, 2)
	f.Add(-1, 3)
	f.Add(-2, -3)
	for _, c := range []struct {
		model []int
		want  int
	}{
		{[]int{1, -2, 3}, -1},
		{[]int{-1, -2, -3}, 0}, // unlisted or negative: false
		{[]int{1}, 1},
		{[]int{2, 3}, 2},
		{[]int{-1, 2}, -1},
	} {
		if got := f.Falsified(c.model); got != c.want {
			t.Errorf("Falsified(%v) = %d, want %d", c.model, got, c.want)
		}
	}
	g, _ := Formula(context.Background(), f, func(g *encode.Formula) bool { return g.Falsified([]int{1}) >= 0 })
	if g.NumClauses() != 1 || g.Vars != 3 || g.Falsified([]int{1}) != 0 {
		t.Errorf("Formula kept %d clauses", g.NumClauses())
	}
}
