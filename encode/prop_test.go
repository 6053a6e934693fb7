package encode

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/internal/grouptable"
)

// TestPropMatchesReference checks that the linear propagation reaches the
// same verdict, the same placed digits and the same candidates as the plain
// rescanning one in prop_ref_test.go, on random puzzles of several sizes:
// blanked solutions (whose unavoidable sets leave open cells), blanked
// solutions with one given changed (often a contradiction found late), and
// scattered random givens (often a contradiction found early).
func TestPropMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 2))
	for _, n := range []int{4, 6, 8, 9, 12, 16, 20, 25, 36} {
		br, bc, err := sudokusat.BoxShape(n)
		if err != nil {
			t.Fatal(err)
		}
		contradictions, solved, open := 0, 0, 0
		for trial := 0; trial < 60; trial++ {
			g, err := grouptable.Shuffled(br, bc, rng)
			if err != nil {
				t.Fatal(err)
			}
			switch trial % 3 {
			case 0:
				blank(g, 0.3+0.6*rng.Float64(), rng)
			case 1:
				blank(g, 0.3+0.6*rng.Float64(), rng)
				g.SetCell(rng.IntN(n*n), 1+rng.IntN(n))
			case 2:
				blank(g, 1, rng)
				for k := rng.IntN(n * n / 2); k > 0; k-- {
					g.SetCell(rng.IntN(n*n), 1+rng.IntN(n))
				}
			}
			want, got := newRefProp(g), newProp(g)
			wantOK, gotOK := want.run(g), got.run(g)
			if gotOK != wantOK {
				t.Fatalf("%d×%d %s: propagation says %v, the reference %v", n, n, g, gotOK, wantOK)
			}
			if !wantOK {
				contradictions++
				continue
			}
			if !slices.Equal(got.val, want.val) {
				t.Fatalf("%d×%d %s: placed digits differ from the reference's", n, n, g)
			}
			if !slices.Equal(got.cand, want.cand) {
				t.Fatalf("%d×%d %s: candidates differ from the reference's", n, n, g)
			}
			for cell := range got.left {
				if int(got.left[cell]) != popcount(got.set(cell)) {
					t.Fatalf("%d×%d %s: cell %d counts %d candidates, holds %d", n, n, g, cell, got.left[cell], popcount(got.set(cell)))
				}
			}
			if slices.Contains(got.val, 0) {
				open++
			} else {
				solved++
			}
		}
		// The mix must reach all three outcomes, or the comparison
		// proves less than it seems to.
		if contradictions == 0 || open == 0 || (n <= 9 && solved == 0) {
			t.Errorf("%d×%d: %d contradictions, %d solved, %d left open: a case is missing", n, n, contradictions, solved, open)
		}
	}
}

// blank clears each cell with probability frac.
func blank(g *sudokusat.Grid, frac float64, rng *rand.Rand) {
	for cell := 0; cell < g.Len(); cell++ {
		if rng.Float64() < frac {
			g.SetCell(cell, 0)
		}
	}
}
