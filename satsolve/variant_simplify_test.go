package satsolve

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/internal/varianttest"
	"github.com/sudokusat/sudokusat/variant"
)

// TestVariantSimplifiedSameSolutions: the variant encoding's formula
// (encode.Puzzle's for a puzzle with rules), simplified
// by what unit propagation settles, has exactly the solutions of the full
// formula (encode.VariantFull) on random 4×4 and 6×6 puzzles of every
// group of rule kinds, with and without givens and a pencil-marks rule:
// every model of each is enumerated through gophersat, in both sum forms,
// and the decoded grids compared as sets. The simplified formula is never
// larger, and some puzzles must be settled, some refuted, by propagation
// alone, and some left to search.
func TestVariantSimplifiedSameSolutions(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(2026, 1125))
	runs := 60
	if testing.Short() {
		runs = 15
	}
	var puzzles []*sudokusat.Puzzle
	for i := range runs {
		n := []int{4, 6}[i%2]
		puzzles = append(puzzles,
			randomLinePuzzle(rng, n, 3, lineKinds),
			varianttest.RandomClues(rng, n, 3),
			randomCellsPuzzle(rng, n, cellsKinds))
	}
	var settled, refuted, searched int
	for i, p := range puzzles {
		if i%5 == 0 {
			// A question of candidates: some digits of an open cell.
			cell := rng.IntN(p.Grid.Len())
			if p.Grid.Cell(cell) == 0 {
				p.Rules = append(p.Rules, sudokusat.Rule{Kind: variant.PencilMarks, Cells: []int{cell}, Value: 1 + rng.IntN(1<<p.Size()-1)})
			}
		}
		if variant.Validate(p) != nil {
			continue
		}
		for _, sums := range []encode.SumForm{encode.SumClauses, encode.SumPB} {
			full, err := encode.VariantFull(p, sums)
			if err != nil {
				t.Fatal(err)
			}
			simple, err := encode.Puzzle(p, encode.Options{Sums: sums})
			if err != nil {
				t.Fatal(err)
			}
			if simple.NumClauses() > full.NumClauses() || simple.NumLits() > full.NumLits() || simple.Vars != full.Vars {
				t.Errorf("puzzle %d (%s): %d clauses, %d literals, %d variables simplified; %d, %d, %d full",
					i, sums, simple.NumClauses(), simple.NumLits(), simple.Vars, full.NumClauses(), full.NumLits(), full.Vars)
			}
			const limit = 1 << 20
			a, err := Count(ctx, full, limit)
			if err != nil {
				t.Fatal(err)
			}
			b, err := Count(ctx, simple, limit)
			if err != nil {
				t.Fatal(err)
			}
			if a.Count >= limit || b.Count >= limit {
				t.Fatalf("puzzle %d: %d and %d solutions, more than enumerated", i, a.Count, b.Count)
			}
			if !slices.Equal(gridSet(a.Solutions), gridSet(b.Solutions)) {
				t.Fatalf("puzzle %d (%s) %+v: the full formula has %d solutions, the simplified one %d", i, sums, p, a.Count, b.Count)
			}
			if sums == encode.SumPB {
				continue
			}
			switch {
			case simple.NumClauses() == 2 && simple.Vars > 0 && a.Count == 0 && b.Decisions == 0:
				refuted++
			case b.Decisions == 0 && b.Conflicts == 0 && a.Count == 1:
				settled++
			default:
				searched++
			}
		}
	}
	t.Logf("%d puzzles settled by propagation, %d refuted by it, %d searched", settled, refuted, searched)
	if settled == 0 || refuted == 0 || searched == 0 {
		t.Errorf("%d settled, %d refuted, %d searched: want some of each", settled, refuted, searched)
	}
}

// gridSet returns the grids as sorted strings.
func gridSet(gs []*sudokusat.Grid) []string {
	var out []string
	for _, g := range gs {
		out = append(out, g.String())
	}
	slices.Sort(out)
	return out
}
