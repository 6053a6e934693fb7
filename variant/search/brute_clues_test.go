package search

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/internal/varianttest"
	"github.com/sudokusat/sudokusat/variant"
)

// TestCluesAgainstBrute checks the search and the validator on random
// small puzzles with the clues group's kinds (varianttest.RandomClues)
// against a brute force through the tests' own reading of the rules
// (varianttest.CluesHold): every filling of the grid that the reading
// keeps, no other, is a solution the search finds, and variant.Check
// accepts exactly those fillings.
func TestCluesAgainstBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	runs := []struct{ n, puzzles, rules int }{{4, 600, 5}, {6, 60, 6}}
	if testing.Short() {
		runs = []struct{ n, puzzles, rules int }{{4, 150, 5}, {6, 15, 6}}
	}
	seen := map[variant.Kind]int{}
	found := 0
	for _, run := range runs {
		for i := range run.puzzles {
			p := varianttest.RandomClues(rng, run.n, run.rules)
			if variant.Validate(p) != nil {
				continue
			}
			for _, r := range p.Rules {
				seen[r.Kind]++
			}
			var want []string
			for _, v := range varianttest.Fillings(p) {
				g := grid(t, p.Size(), v)
				keeps := varianttest.CluesHold(p, v)
				if err := variant.Check(p, g); (err == nil) != keeps {
					t.Fatalf("%s: the reading says %v, variant.Check %v\n%s", g, keeps, err, describe(p))
				}
				if keeps {
					want = append(want, g.String())
				}
			}
			r, err := Count(context.Background(), p, len(want)+1)
			if err != nil {
				t.Fatalf("%d×%d #%d: %v\n%s", run.n, run.n, i, err, describe(p))
			}
			var got []string
			for _, s := range r.Solutions {
				got = append(got, s.String())
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("%d×%d #%d: search %d solutions, brute force %d\n%s\nsearch: %v\nbrute:  %v", run.n, run.n, i, len(got), len(want), describe(p), got, want)
			}
			if len(want) > 0 {
				found++
			}
		}
	}
	for _, k := range varianttest.ClueKinds {
		if seen[k] < 20 {
			t.Errorf("only %d rules of kind %s drawn", seen[k], k)
		}
	}
	t.Logf("kinds drawn: %v; %d puzzles with solutions", seen, found)
}

func grid(t *testing.T, n int, v []int) *sudokusat.Grid {
	g, err := sudokusat.NewGridSize(n)
	if err != nil {
		t.Fatal(err)
	}
	for i, d := range v {
		g.SetCell(i, d)
	}
	return g
}
