package satsolve

import (
	"context"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
)

// TestProblemPaths checks both ways a formula reaches gophersat: built
// directly when it is already simple, parsed by gophersat otherwise. The
// same puzzle must give the same unique, valid solution either way.
func TestProblemPaths(t *testing.T) {
	g := readPuzzles(t, "magictour-sample.txt")[0]
	reduced := encodeWith(t, "reduced", g)
	// The same formula, made not simple without changing its meaning: a
	// clause again with a literal twice, and a tautology.
	first := func(f *encode.Formula) []int32 {
		for c := range f.Clauses() {
			return append([]int32(nil), c...)
		}
		return nil
	}
	dup := reduced.Clone()
	c := first(dup)
	dup.Add(append(c, c[0])...)
	taut := reduced.Clone()
	taut.Add(1, -1, 2)
	for _, tc := range []struct {
		name   string
		f      *encode.Formula
		simple bool
	}{
		{"reduced", reduced, true},
		{"extended with givens as units", encodeWith(t, "extended", g), false},
		{"literal twice", dup, false},
		{"tautology", taut, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := simple(tc.f, false); got != tc.simple {
				t.Errorf("simple = %v, want %v", got, tc.simple)
			}
			res, err := Count(context.Background(), tc.f, 2)
			if err != nil {
				t.Fatal(err)
			}
			if res.Count != 1 {
				t.Fatalf("count %d, want 1", res.Count)
			}
			if err := sudokusat.CheckSolution(g, res.Solution()); err != nil {
				t.Fatal(err)
			}
		})
	}
}
