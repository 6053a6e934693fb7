package encode

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/crillab/gophersat/solver"
	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// TestDigitSets compares digitSets with every subset of 1..N read
// plainly, for every cage size and sum up to N = 10, and checks its limit.
func TestDigitSets(t *testing.T) {
	for n := 4; n <= 10; n++ {
		v := &venc{n: n, ctx: context.Background()}
		want := map[[2]int][]string{} // by size and sum
		for set := uint(1); set < 1<<n; set++ {
			var ds []string
			sum := 0
			for d := 1; d <= n; d++ {
				if set>>(d-1)&1 == 1 {
					ds = append(ds, fmt.Sprint(d))
					sum += d
				}
			}
			key := [2]int{bits.OnesCount(set), sum}
			want[key] = append(want[key], strings.Join(ds, ","))
		}
		for k := 1; k <= n; k++ {
			for s := 0; s <= n*(n+1)/2+1; s++ {
				sets, ok := v.digitSets(k, s, 1<<20)
				var got []string
				for _, set := range sets {
					got = append(got, strings.Trim(strings.Join(strings.Fields(fmt.Sprint(set)), ","), "[]"))
				}
				slices.Sort(got)
				w := want[[2]int{k, s}]
				slices.Sort(w)
				if !ok || !slices.Equal(got, w) {
					t.Fatalf("N=%d k=%d sum=%d: %v %v, want %v", n, k, s, got, ok, w)
				}
				if len(w) > 0 {
					if _, ok := v.digitSets(k, s, len(w)-1); ok {
						t.Fatalf("N=%d k=%d sum=%d: %d sets listed within a limit of %d", n, k, s, len(w), len(w)-1)
					}
				}
			}
		}
	}
}

// fillings lists every filling of an empty grid of side n that keeps its
// rows, columns and boxes.
func fillings(t *testing.T, n int) [][]int {
	t.Helper()
	g, err := sudokusat.NewGridSize(n)
	if err != nil {
		t.Fatal(err)
	}
	var out [][]int
	v := make([]int, n*n)
	var fill func(c int)
	fill = func(c int) {
		if c == n*n {
			out = append(out, slices.Clone(v))
			return
		}
		for d := 1; d <= n; d++ {
			ok := true
			for o := 0; o < c && ok; o++ {
				ok = v[o] != d || (o/n != c/n && o%n != c%n && g.Box(o/n, o%n) != g.Box(c/n, c%n))
			}
			if ok {
				v[c] = d
				fill(c + 1)
			}
		}
	}
	fill(0)
	return out
}

// models returns the grids of up to limit models of f, each model blocked
// on the direct variables before the next solve.
func models(t *testing.T, f *Formula, n, limit int) []string {
	t.Helper()
	s := solver.New(solver.ParseSliceNb(f.Slices(), f.Vars))
	var out []string
	for len(out) < limit && s.Solve() == solver.Sat {
		m := s.Model()
		g, err := f.VarMap.Decode(m)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, g.String())
		var block []solver.Lit
		for v := 1; v <= n*n*n; v++ {
			if m[v-1] {
				block = append(block, solver.IntToLit(int32(-v)))
			}
		}
		s.AppendClause(solver.NewClause(block))
	}
	slices.Sort(out)
	return out
}

// TestKillerSumForms counts random 4×4 killer puzzles, their cages up to
// the whole grid's side, through both clause forms of a killer sum (its
// digit sets, and the partial-sum graph that cages with too many sets
// get): each form's solutions must be exactly the fillings that keep the
// cages.
func TestKillerSumForms(t *testing.T) {
	const n = 4
	all := fillings(t, n)
	rng := rand.New(rand.NewPCG(4, 28))
	for i := range 120 {
		g, _ := sudokusat.NewGridSize(n)
		p := &sudokusat.Puzzle{Grid: g}
		truth := all[rng.IntN(len(all))]
		for range 1 + rng.IntN(3) {
			c := sudokusat.Rule{Kind: variant.Killer, Cells: rng.Perm(n * n)[:1+rng.IntN(n)]}
			for _, x := range c.Cells {
				c.Value += truth[x]
			}
			if rng.IntN(4) == 0 {
				c.Value += rng.IntN(5) - 2 // maybe no filling
			}
			if c.Value == 0 {
				c.Value = 1
			}
			p.Rules = append(p.Rules, c)
		}
		if rng.IntN(3) == 0 {
			c := rng.IntN(n * n)
			g.SetCell(c, truth[c])
		}
		var want []string
		for _, v := range all {
			keeps := true
			for c, d := range v {
				keeps = keeps && (g.Cell(c) == 0 || g.Cell(c) == d)
			}
			for _, c := range p.Rules {
				sum, seen := 0, 0
				for _, x := range c.Cells {
					sum += v[x]
					keeps = keeps && seen&(1<<v[x]) == 0
					seen |= 1 << v[x]
				}
				keeps = keeps && sum == c.Value
			}
			if keeps {
				out := g.Clone()
				for c, d := range v {
					out.SetCell(c, d)
				}
				want = append(want, out.String())
			}
		}
		slices.Sort(want)
		for _, sets := range []int{cageSets, 0} {
			f, err := variantSets(context.Background(), p, SumClauses, DefaultMaxClauses, sets, nil)
			if err != nil {
				t.Fatal(err)
			}
			simple, err := f.simplified(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			for _, form := range []*Formula{f, simple} {
				if got := models(t, form, n, len(all)+1); !slices.Equal(got, want) {
					t.Fatalf("puzzle %d, sets up to %d: %d solutions, want %d\n%s %v\ngot  %v\nwant %v", i, sets, len(got), len(want), g, p.Rules, got, want)
				}
			}
		}
	}
}

// endsAfter is a context that ends, with DeadlineExceeded, once Err has
// been asked calls times: a deadline that falls at a point of the work,
// whatever the machine's speed.
type endsAfter struct {
	context.Context
	calls atomic.Int64
}

func (c *endsAfter) Err() error {
	if c.calls.Add(-1) < 0 {
		return context.DeadlineExceeded
	}
	return nil
}

// rowCages is an empty n×n grid with a killer cage on each row.
func rowCages(t *testing.T, n int) *sudokusat.Puzzle {
	t.Helper()
	g, err := sudokusat.NewGridSize(n)
	if err != nil {
		t.Fatal(err)
	}
	p := &sudokusat.Puzzle{Grid: g}
	for r := range n {
		c := sudokusat.Rule{Kind: variant.Killer, Value: n * (n + 1) / 2}
		for col := range n {
			c.Cells = append(c.Cells, r*n+col)
		}
		p.Rules = append(p.Rules, c)
	}
	return p
}

// TestPuzzleContext checks that PuzzleContext gives up, with an error
// wrapping the context's and not ErrVariant, when its context has ended
// or ends at some point of the encoding, on every encoding, and that a
// large-cage puzzle (a cage per row of 35×35, once an exponential listing
// of digit sets) encodes without one.
func TestPuzzleContext(t *testing.T) {
	cages := rowCages(t, 35)
	if _, err := PuzzleContext(context.Background(), cages, Options{}); err != nil {
		t.Fatalf("a cage per row of 35×35: %v", err)
	}
	g, _ := sudokusat.NewGridSize(16)
	classic := &sudokusat.Puzzle{Grid: g}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, calls := range []int64{0, 1, 2, 10, 40, 80} {
		for _, tc := range []struct {
			name string
			p    *sudokusat.Puzzle
			o    Options
		}{
			{"cages", cages, Options{}},
			{"cages/pb", cages, Options{Sums: SumPB}},
			{"classic/reduced", classic, Options{Encoding: "reduced"}},
			{"classic/extended", classic, Options{Encoding: "extended"}},
			{"classic/minimal", classic, Options{Encoding: "minimal"}},
		} {
			ctx := &endsAfter{Context: context.Background()}
			ctx.calls.Store(calls)
			_, err := PuzzleContext(ctx, tc.p, tc.o)
			if ctx.calls.Load() >= 0 {
				// Done before the context ended: each encoding looks
				// at it more often than this.
				if calls <= 10 {
					t.Errorf("%s: %d looks at the context, want more", tc.name, calls-ctx.calls.Load())
				}
				continue
			}
			if !errors.Is(err, context.DeadlineExceeded) || errors.Is(err, ErrVariant) {
				t.Errorf("%s, ending at look %d: %v, want the deadline's error", tc.name, calls+1, err)
			}
		}
	}
	if _, err := PuzzleContext(cancelled, cages, Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v, want context.Canceled", err)
	}
	f, err := variantFull(context.Background(), cages, SumClauses, DefaultMaxClauses)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.simplified(cancelled); !errors.Is(err, context.Canceled) {
		t.Errorf("simplifying, cancelled: %v, want context.Canceled", err)
	}
}
