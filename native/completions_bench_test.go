package native_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/generate"
	"github.com/sudokusat/sudokusat/native"
)

// BenchmarkCompletions counts to 2 the solutions of random completion
// puzzles near their size's hardness peak: random solved grids
// (generate.RandomGrid, not pattern grids, whose group-table structure
// the solver takes a hint from) with a fraction of their cells blanked at
// random, the same draw every run. These are the grids on which
// backtracking alone drowns and the general solver hands over to clause
// learning. One op is one pass over the set; every answer of the last
// pass is checked by the validator.
func BenchmarkCompletions(b *testing.B) {
	for _, set := range []struct {
		size  int
		open  float64
		count int
	}{
		{36, 0.46, 8},
		{49, 0.42, 4},
	} {
		puzzles := make([]*sudokusat.Grid, set.count)
		for i := range puzzles {
			full, err := generate.RandomGrid(context.Background(), generate.RandomGridOptions{Size: set.size, Seed: 41, Stream: uint64(i)})
			if err != nil {
				b.Fatal(err)
			}
			g := full.Clone()
			rng := rand.New(rand.NewPCG(41, uint64(i)))
			for _, cell := range rng.Perm(g.Len())[:int(set.open*float64(g.Len())+0.5)] {
				g.SetCell(cell, 0)
			}
			puzzles[i] = g
		}
		b.Run(fmt.Sprintf("%dx%d-open%.0f", set.size, set.size, 100*set.open), func(b *testing.B) {
			results := make([]native.Result, len(puzzles))
			for b.Loop() {
				for i, g := range puzzles {
					r, err := native.Count(context.Background(), g, 2)
					if err != nil {
						b.Fatal(err)
					}
					results[i] = r
				}
			}
			b.StopTimer()
			for i, r := range results {
				if r.Count < 1 {
					b.Fatalf("puzzle %d: no solution, but it was cut from one", i+1)
				}
				if err := sudokusat.CheckSolution(puzzles[i], r.Solution); err != nil {
					b.Fatalf("puzzle %d: %v", i+1, err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(puzzles)), "µs/puzzle")
		})
	}
}
