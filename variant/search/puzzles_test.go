package search

import (
	"fmt"
	"os"
	"path/filepath"
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
	build    func() *sudokusat.Puzzle
}

var benchPuzzles = []benchPuzzle{
	{"killer", inkala, killer},
	{"thermo", inkala, thermo},
	{"arrow", inkala, arrow},
	{"miracle", "483726159726159483159483726837261594261594837594837261372615948615948372948372615", miracle},
}

// The four puzzles are read from testdata/variants, where package
// variant's tests keep them with their golden solutions.
func killer() *sudokusat.Puzzle  { return fromFile("killer-9") }
func thermo() *sudokusat.Puzzle  { return fromFile("thermo-9") }
func arrow() *sudokusat.Puzzle   { return fromFile("arrow-9") }
func miracle() *sudokusat.Puzzle { return fromFile("miracle-9") }

// fromFile reads a test puzzle. The files are part of the repository: one
// that is missing or unreadable is a broken checkout, reported at once.
func fromFile(name string) *sudokusat.Puzzle {
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "variants", name+".json"))
	if err != nil {
		panic(err)
	}
	p, err := variant.ParseFPuzzles(data)
	if err != nil {
		panic(fmt.Sprintf("%s: %v", name, err))
	}
	return p
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
