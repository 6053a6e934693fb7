package satsolve

import (
	"context"
	"os/exec"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/variant"
)

// inkalaSolution is the solution the killer, thermo and arrow puzzles were
// drawn around (by the variant search engine's tests, whose 9×9 set these
// are: the same puzzles for both engines' figures).
const inkalaSolution = "812753649943682175675491283154237896369845721287169534521974368438526917796318452"

// variantPuzzle is a named 9×9 variant puzzle and its one solution.
type variantPuzzle struct {
	name, solution string
	p              *variant.Puzzle
}

func variantPuzzles(t testing.TB) []variantPuzzle {
	t.Helper()
	parse := func(s string) *sudokusat.Grid {
		g, err := sudokusat.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	blank := "................................................................................."
	killer := &variant.Puzzle{Grid: parse(blank)}
	for _, c := range []struct {
		sum   int
		cells []int
	}{
		{9, []int{80, 71}}, {11, []int{34, 43}}, {12, []int{68, 59, 67}},
		{23, []int{50, 49, 58, 48}}, {10, []int{27, 36, 18}}, {20, []int{10, 19, 9}},
		{19, []int{57, 56, 47, 55}}, {25, []int{73, 64, 65, 66}}, {5, []int{11, 2}},
		{15, []int{20, 21, 12}}, {13, []int{39, 30, 31}}, {17, []int{61, 62, 52}},
		{18, []int{63, 72, 54, 45}}, {22, []int{3, 4, 13, 14}}, {14, []int{69, 78, 70}},
		{9, []int{77, 76}}, {23, []int{51, 60, 42, 33}}, {3, []int{24, 23}},
		{24, []int{37, 28, 29, 38}}, {9, []int{74, 75}}, {9, []int{22}},
		{14, []int{15, 6, 7, 5}}, {15, []int{25, 16}}, {5, []int{79}},
		{16, []int{40, 41, 32}}, {8, []int{46}}, {9, []int{1, 0}},
		{11, []int{44, 35, 53}}, {17, []int{8, 17, 26}},
	} {
		killer.Constraints = append(killer.Constraints, variant.Constraint{Kind: variant.Killer, Cells: c.cells, Value: c.sum})
	}
	thermo := &variant.Puzzle{Grid: parse("....5..4..4...2......4....3...............721..71......2..7........2..1...6......"),
		Constraints: []variant.Constraint{
			{Kind: variant.Thermo, Cells: []int{64, 63, 54, 46, 38}},
			{Kind: variant.Thermo, Cells: []int{76, 66, 65, 73}},
			{Kind: variant.Thermo, Cells: []int{5, 4, 3, 13, 22}},
			{Kind: variant.Thermo, Cells: []int{31, 40, 32, 33, 34}},
		}}
	arrow := &variant.Puzzle{Grid: parse(".1.7.36.....6...........2...........3....5....8...........................63.....")}
	for _, a := range []struct {
		circle int
		line   []int
	}{
		{71, []int{80, 79}}, {49, []int{40, 48, 56}}, {34, []int{35, 26}}, {59, []int{60, 70}},
		{16, []int{6, 15}}, {73, []int{64, 63, 55}}, {68, []int{67, 76, 75}}, {9, []int{10, 11, 2}},
	} {
		arrow.Constraints = append(arrow.Constraints, variant.Constraint{Kind: variant.Arrow, Cells: []int{a.circle}, Lines: [][]int{a.line}})
	}
	// The Miracle Sudoku (Mitchell Lee): 1 at r5c3, 2 at r6c7.
	miracle := &variant.Puzzle{Grid: parse(blank), Constraints: []variant.Constraint{
		{Kind: variant.AntiKing}, {Kind: variant.AntiKnight}, {Kind: variant.NonConsecutive},
	}}
	miracle.Grid.SetCell(4*9+2, 1)
	miracle.Grid.SetCell(5*9+6, 2)
	return []variantPuzzle{
		{"killer", inkalaSolution, killer},
		{"thermo", inkalaSolution, thermo},
		{"arrow", inkalaSolution, arrow},
		{"miracle", "483726159726159483159483726837261594261594837594837261372615948615948372948372615", miracle},
	}
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
				for _, c := range vp.p.Constraints {
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
