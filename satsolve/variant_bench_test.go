package satsolve

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/internal/varianttest"
	"github.com/sudokusat/sudokusat/variant"
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
				f, err := encode.Puzzle(vp.p, encode.Options{Sums: sums})
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
					f, err := encode.Puzzle(vp.p, encode.Options{Sums: eng.sums})
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

// simplifySets are the puzzle sets BenchmarkVariantSimplified runs: the
// 51 published 9×9 puzzles of testdata/variants/published, counted to 2,
// and the first 20 of magictour-sample with one pencil-marks rule (an
// open cell's digits but 1), counted to 1, as candidates asks its
// questions.
func simplifySets(b *testing.B) []struct {
	name  string
	limit int
	ps    []*sudokusat.Puzzle
} {
	var published []*sudokusat.Puzzle
	for _, file := range []string{"cells", "clues", "lines"} {
		data, err := os.ReadFile(filepath.Join("..", "testdata", "variants", "published", file+".json"))
		if err != nil {
			b.Fatal(err)
		}
		var list []struct{ Puzzle, Link string }
		if err := json.Unmarshal(data, &list); err != nil {
			b.Fatal(err)
		}
		for _, e := range list {
			p, err := variant.ParseLink(e.Puzzle + e.Link)
			if err != nil {
				b.Fatal(err)
			}
			published = append(published, p)
		}
	}
	var pencil []*sudokusat.Puzzle
	for _, g := range readPuzzles(b, "magictour-sample.txt")[:20] {
		cell := 0
		for g.Cell(cell) != 0 {
			cell++
		}
		pencil = append(pencil, &sudokusat.Puzzle{Grid: g, Rules: []sudokusat.Rule{{Kind: variant.PencilMarks, Cells: []int{cell}, Value: 0x1ff &^ 1}}})
	}
	return []struct {
		name  string
		limit int
		ps    []*sudokusat.Puzzle
	}{{"published", 2, published}, {"classic+pencil", 1, pencil}}
}

// BenchmarkVariantSimplified counts each set with gophersat (clauses),
// the encoding included, on the full variant formula (encode.VariantFull,
// what the variant encoding wrote before November 2026) and on the one
// simplified by propagation (encode.Puzzle's), side by side: one op is one
// pass over the set. Besides the time: the clauses, variables, decisions
// and conflicts of a pass, which do not depend on the machine.
func BenchmarkVariantSimplified(b *testing.B) {
	for _, set := range simplifySets(b) {
		for _, form := range []struct {
			name  string
			build func(*sudokusat.Puzzle, encode.SumForm) (*encode.Formula, error)
		}{{"full", encode.VariantFull}, {"simplified", func(p *sudokusat.Puzzle, sums encode.SumForm) (*encode.Formula, error) {
			return encode.Puzzle(p, encode.Options{Sums: sums})
		}}} {
			b.Run(set.name+"/"+form.name, func(b *testing.B) {
				b.ReportAllocs()
				var clauses, amos, decisions, conflicts int
				for b.Loop() {
					clauses, amos, decisions, conflicts = 0, 0, 0, 0
					for _, p := range set.ps {
						f, err := form.build(p, encode.SumClauses)
						if err != nil {
							b.Fatal(err)
						}
						r, err := Count(context.Background(), f, set.limit)
						if err != nil || r.Count == 0 && set.limit == 2 {
							b.Fatalf("%d solutions, %v", r.Count, err)
						}
						clauses += f.NumClauses()
						amos += f.NumAMOs()
						decisions += r.Decisions
						conflicts += r.Conflicts
					}
				}
				b.ReportMetric(float64(clauses), "clauses/op")
				b.ReportMetric(float64(amos), "amos/op")
				b.ReportMetric(float64(decisions), "decisions/op")
				b.ReportMetric(float64(conflicts), "conflicts/op")
			})
		}
	}
}
