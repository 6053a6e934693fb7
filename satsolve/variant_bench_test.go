package satsolve

import (
	"context"
	"os/exec"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/internal/varianttest"
)

// variantPuzzle is a named 9×9 variant puzzle and its one solution.
type variantPuzzle struct {
	name, solution string
	p              *sudokusat.Puzzle
}

// variantPuzzles reads the 9×9 test puzzles of testdata/variants (killer
// with no givens, thermo, arrow, the Miracle Sudoku), the set the variant
// search's figures are measured on too, with their golden solutions.
func variantPuzzles(t testing.TB) []variantPuzzle {
	t.Helper()
	var out []variantPuzzle
	for _, name := range []string{"killer", "thermo", "arrow", "miracle"} {
		f := varianttest.Load(t, name+"-9")
		out = append(out, variantPuzzle{name, f.Solution.String(), f.Puzzle})
	}
	return out
}

// TestVariantPuzzlesUnique counts each 9×9 puzzle to 2 in both sum forms:
// one solution, the known one, which the naive checker accepts.
func TestVariantPuzzlesUnique(t *testing.T) {
	for _, vp := range variantPuzzles(t) {
		for _, sums := range []encode.SumForm{encode.SumClauses, encode.SumPB} {
			t.Run(vp.name+"/"+sums.String(), func(t *testing.T) {
				f, err := encode.Variant(vp.p, sums)
				if err != nil {
					t.Fatal(err)
				}
				r, err := Count(context.Background(), f, 2)
				if err != nil {
					t.Fatal(err)
				}
				if r.Count != 1 || r.Solution().String() != vp.solution {
					t.Fatalf("%d solutions %v, want only %s", r.Count, r.Solutions, vp.solution)
				}
				for _, c := range vp.p.Rules {
					if !naiveHolds(vp.p, r.Solution(), c) {
						t.Errorf("the solution breaks %v", c)
					}
				}
			})
		}
	}
}

// BenchmarkVariantCount counts each 9×9 variant puzzle to 2 (a uniqueness
// proof), the encoding included: gophersat with each sum form, and the
// CNF form through CaDiCaL as a process (one run per solution and one to
// prove there is no other), all in one run for side-by-side figures.
func BenchmarkVariantCount(b *testing.B) {
	cadical, err := exec.LookPath("cadical")
	for _, vp := range variantPuzzles(b) {
		for _, eng := range []struct {
			name string
			sums encode.SumForm
			s    Solver
		}{
			{"sat-clauses", encode.SumClauses, Gophersat{}},
			{"sat-pb", encode.SumPB, Gophersat{}},
			{"cadical", encode.SumClauses, &External{Label: "cadical", Argv: []string{cadical, "-q", "{cnf}"}}},
		} {
			b.Run(vp.name+"/"+eng.name, func(b *testing.B) {
				if eng.name == "cadical" && err != nil {
					b.Skip("cadical is not on PATH: the CaDiCaL figures need it")
				}
				b.ReportAllocs()
				var r Result
				for b.Loop() {
					f, err := encode.Variant(vp.p, eng.sums)
					if err != nil {
						b.Fatal(err)
					}
					if r, err = eng.s.Count(context.Background(), f, 2); err != nil {
						b.Fatal(err)
					}
				}
				if r.Count != 1 || r.Solution().String() != vp.solution {
					b.Fatalf("%d solutions", r.Count)
				}
				if eng.name != "cadical" { // external solvers report no statistics
					b.ReportMetric(float64(r.Conflicts), "conflicts/op")
				}
			})
		}
	}
}
