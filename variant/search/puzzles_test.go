package search

import (
	"reflect"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// The 9×9 puzzles of the tests and benchmarks. The killer, thermo and
// arrow puzzles were drawn for these tests around the solution of Arto
// Inkala's puzzle (the dlx example's): cages, thermometers and arrows that
// this solution meets, then givens removed while the count stayed 1. Their
// golden solution is therefore known independently of the engine; that it
// is the only one rests on the engine's count until the CNF path confirms
// it.

// inkala is the solution the drawn puzzles were built around.
const inkala = "812753649943682175675491283154237896369845721287169534521974368438526917796318452"

// benchPuzzle is a named 9×9 puzzle and its one solution.
type benchPuzzle struct {
	name     string
	solution string
	build    func() *variant.Puzzle
}

var benchPuzzles = []benchPuzzle{
	{"killer", inkala, killer},
	{"thermo", inkala, thermo},
	{"arrow", inkala, arrow},
	{"miracle", "483726159726159483159483726837261594261594837594837261372615948615948372948372615", miracle},
}

// killer is a killer Sudoku without givens: 29 cages that tile the grid.
func killer() *variant.Puzzle {
	g, _ := sudokusat.NewGridSize(9)
	cages := []struct {
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
	}
	p := &variant.Puzzle{Grid: g}
	for _, c := range cages {
		p.Constraints = append(p.Constraints, variant.Constraint{Kind: variant.Killer, Cells: c.cells, Value: c.sum})
	}
	return p
}

// thermo has four thermometers and 16 givens.
func thermo() *variant.Puzzle {
	g, _ := sudokusat.Parse("....5..4..4...2......4....3...............721..71......2..7........2..1...6......")
	return &variant.Puzzle{Grid: g, Constraints: []variant.Constraint{
		{Kind: variant.Thermo, Cells: []int{64, 63, 54, 46, 38}},
		{Kind: variant.Thermo, Cells: []int{76, 66, 65, 73}},
		{Kind: variant.Thermo, Cells: []int{5, 4, 3, 13, 22}},
		{Kind: variant.Thermo, Cells: []int{31, 40, 32, 33, 34}},
	}}
}

// arrow has eight arrows and 11 givens.
func arrow() *variant.Puzzle {
	g, _ := sudokusat.Parse(".1.7.36.....6...........2...........3....5....8...........................63.....")
	arrows := []struct {
		circle int
		line   []int
	}{
		{71, []int{80, 79}}, {49, []int{40, 48, 56}}, {34, []int{35, 26}}, {59, []int{60, 70}},
		{16, []int{6, 15}}, {73, []int{64, 63, 55}}, {68, []int{67, 76, 75}}, {9, []int{10, 11, 2}},
	}
	p := &variant.Puzzle{Grid: g}
	for _, a := range arrows {
		p.Constraints = append(p.Constraints, variant.Constraint{Kind: variant.Arrow, Cells: []int{a.circle}, Lines: [][]int{a.line}})
	}
	return p
}

// miracle builds the "Miracle Sudoku" (Mitchell Lee): anti-king,
// anti-knight and non-consecutive with two givens, 1 at r5c3 and 2 at
// r6c7.
func miracle() *variant.Puzzle {
	g, _ := sudokusat.NewGridSize(9)
	g.Set(4, 2, 1)
	g.Set(5, 6, 2)
	return &variant.Puzzle{Grid: g, Constraints: []variant.Constraint{
		{Kind: variant.AntiKing}, {Kind: variant.AntiKnight}, {Kind: variant.NonConsecutive},
	}}
}

// TestBenchPuzzles checks that each 9×9 puzzle has exactly its golden
// solution, which also meets the classic rules, and that Count leaves the
// puzzle as it was.
func TestBenchPuzzles(t *testing.T) {
	for _, bp := range benchPuzzles {
		t.Run(bp.name, func(t *testing.T) {
			p := bp.build()
			before := bp.build()
			r, err := Count(bg, p, 2)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(p, before) {
				t.Error("Count modified the puzzle")
			}
			if r.Count != 1 || r.Solutions[0].String() != bp.solution {
				t.Fatalf("%d solutions %v, want only %s", r.Count, r.Solutions, bp.solution)
			}
			if err := sudokusat.CheckSolution(p.Grid, r.Solutions[0]); err != nil {
				t.Fatal(err)
			}
			if !naiveHolds(p, digitsOf(r.Solutions[0])) {
				t.Fatal("the solution breaks a constraint")
			}
		})
	}
}

func digitsOf(g *sudokusat.Grid) []int {
	v := make([]int, g.Len())
	for i := range v {
		v[i] = g.Cell(i)
	}
	return v
}

// BenchmarkCount counts each 9×9 puzzle to 2, proving it unique.
func BenchmarkCount(b *testing.B) {
	for _, bp := range benchPuzzles {
		b.Run(bp.name, func(b *testing.B) {
			p := bp.build()
			var r Result
			var err error
			b.ReportAllocs()
			for b.Loop() {
				r, err = Count(bg, p, 2)
			}
			if err != nil || r.Count != 1 || r.Solutions[0].String() != bp.solution {
				b.Fatalf("%d solutions, %v", r.Count, err)
			}
			b.ReportMetric(float64(r.Nodes), "nodes/op")
		})
	}
}
