package native_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/generate"
	"github.com/sudokusat/sudokusat/internal/grouptable"
	"github.com/sudokusat/sudokusat/native"
	"github.com/sudokusat/sudokusat/satsolve"
)

// largeSets are BenchmarkLarge's sizes and the fraction of cells each
// leaves open. Random grids have a cliff near 30 %: at 144×144, seed 42,
// 25 % open counts to 2 in 7–8 ms with 3–4 guesses, 30 % open gets no
// answer in 40 s from the native solver nor in 4 minutes from gophersat,
// so past 100×100 the sets stay below it. At 400×400 the grids are
// shuffled pattern grids (grouptable.Shuffled), as the large grids people
// publish are made: generate.RandomGrid's 16·N² Kempe moves take minutes
// of CPU there, and both solvers take the group-table hint.
var largeSets = []struct {
	size    int
	open    float64
	pattern bool
}{
	{100, 0.30, false},
	{144, 0.25, false},
	{225, 0.25, false},
	{400, 0.30, true},
}

// largeCount is how many puzzles of each size BenchmarkLarge times.
const largeCount = 2

// largePuzzles holds the puzzles of each size, made once per process and
// only for the sizes a run asks for: generating a 225×225 grid takes
// seconds, which the benchmark must not time, nor repeat for every run of
// -count.
var largePuzzles = func() map[int]func() ([]*sudokusat.Grid, error) {
	m := make(map[int]func() ([]*sudokusat.Grid, error))
	for _, set := range largeSets {
		n := set.size
		m[n] = sync.OnceValues(func() ([]*sudokusat.Grid, error) {
			var ps []*sudokusat.Grid
			for i := range largeCount {
				var full *sudokusat.Grid
				var err error
				if set.pattern {
					br, bc, _ := sudokusat.BoxShape(n)
					full, err = grouptable.Shuffled(br, bc, rand.New(rand.NewPCG(42, uint64(i))))
				} else {
					full, err = generate.RandomGrid(context.Background(), generate.RandomGridOptions{Size: n, Seed: 42, Stream: uint64(i)})
				}
				if err != nil {
					return nil, fmt.Errorf("%d×%d: %w", n, n, err)
				}
				g := full.Clone()
				rng := rand.New(rand.NewPCG(42, uint64(i)))
				for _, cell := range rng.Perm(g.Len())[:int(set.open*float64(g.Len())+0.5)] {
					g.SetCell(cell, 0)
				}
				ps = append(ps, g)
			}
			return ps, nil
		})
	}
	return m
}()

// BenchmarkLarge solves (limit 1) and counts to 2 puzzles of 100×100 to
// 400×400 (largeSets), with the native solver and with gophersat as the
// sat engine runs it in process (encode with the default encoding, then
// satsolve.Count), side by side: with -count the two alternate, so the
// ratio holds on a loaded machine. Up to 225×225 the grids are drawn by
// generate.RandomGrid (Kempe moves, not a shuffled pattern grid, whose
// group-table structure both solvers take a hint from); 400×400 is a
// shuffled pattern grid. One op is one pass over a size's puzzles; every
// answer of the last pass is validated.
func BenchmarkLarge(b *testing.B) {
	solvers := []struct {
		name  string
		count func(ctx context.Context, g *sudokusat.Grid, limit int) (int, *sudokusat.Grid, error)
	}{
		{"native", func(ctx context.Context, g *sudokusat.Grid, limit int) (int, *sudokusat.Grid, error) {
			r, err := native.Count(ctx, g, limit)
			return r.Count, r.Solution, err
		}},
		{"gophersat", func(ctx context.Context, g *sudokusat.Grid, limit int) (int, *sudokusat.Grid, error) {
			f, err := encode.PuzzleContext(ctx, &sudokusat.Puzzle{Grid: g}, encode.Options{})
			if err != nil {
				return 0, nil, err
			}
			r, err := satsolve.Count(ctx, f, limit)
			return r.Count, r.Solution(), err
		}},
	}
	for _, set := range largeSets {
		n := set.size
		for _, limit := range []int{1, 2} {
			for _, sv := range solvers {
				b.Run(fmt.Sprintf("%dx%d-open%.0f/limit%d/%s", n, n, 100*set.open, limit, sv.name), func(b *testing.B) {
					ps, err := largePuzzles[n]()
					if err != nil {
						b.Fatal(err)
					}
					sols := make([]*sudokusat.Grid, len(ps))
					b.ReportAllocs()
					for b.Loop() {
						for i, g := range ps {
							count, sol, err := sv.count(context.Background(), g, limit)
							if err != nil || count < 1 {
								b.Fatalf("puzzle %d: count %d, %v", i+1, count, err)
							}
							sols[i] = sol
						}
					}
					b.StopTimer()
					for i, sol := range sols {
						if err := sudokusat.CheckSolution(ps[i], sol); err != nil {
							b.Fatalf("puzzle %d: %v", i+1, err)
						}
					}
					b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N*len(ps)), "ms/puzzle")
				})
			}
		}
	}
}
