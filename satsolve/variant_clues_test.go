package satsolve

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/internal/varianttest"
	"github.com/sudokusat/sudokusat/variant"
)

// TestVariantCluesExhaustive checks both sum forms of the encoding of the
// clues group's kinds against a brute force on random small puzzles
// (varianttest.RandomClues): the grids gophersat counts must be exactly
// the fillings that the tests' own reading of the rules keeps
// (varianttest.CluesHold).
func TestVariantCluesExhaustive(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 5))
	runs := []struct{ n, puzzles, rules int }{{4, 300, 5}, {6, 30, 6}}
	if testing.Short() {
		runs = []struct{ n, puzzles, rules int }{{4, 80, 5}, {6, 8, 6}}
	}
	for _, run := range runs {
		for i := range run.puzzles {
			p := varianttest.RandomClues(rng, run.n, run.rules)
			if variant.Validate(p) != nil {
				continue
			}
			var want []string
			for _, v := range varianttest.Fillings(p) {
				if varianttest.CluesHold(p, v) {
					g, _ := sudokusat.NewGridSize(run.n)
					for c, d := range v {
						g.SetCell(c, d)
					}
					want = append(want, g.String())
				}
			}
			slices.Sort(want)
			for _, sums := range []encode.SumForm{encode.SumClauses, encode.SumPB} {
				t.Run(fmt.Sprintf("%d/%d/%s", run.n, i, sums), func(t *testing.T) {
					f, err := encode.Puzzle(p, encode.Options{Sums: sums})
					if err != nil {
						t.Fatal(err)
					}
					r, err := Count(context.Background(), f, len(want)+1)
					if err != nil {
						t.Fatal(err)
					}
					var got []string
					for _, g := range r.Solutions {
						got = append(got, g.String())
					}
					slices.Sort(got)
					if !slices.Equal(got, want) {
						t.Errorf("%v givens %s: gophersat finds %d grids, brute force %d\ngot  %v\nwant %v", p.Rules, p.Grid, len(got), len(want), got, want)
					}
				})
			}
		}
	}
}
