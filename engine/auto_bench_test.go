package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/internal/datasets"
)

// BenchmarkAuto sets auto beside the native solver over the classic data
// sets (testdata's samples without the shared data): on puzzles the
// native solver answers in microseconds, the ratio is what the portfolio
// costs when it does not race. One op is one pass over a set.
func BenchmarkAuto(b *testing.B) {
	ctx := context.Background()
	sets := map[string][]*sudokusat.Grid{}
	for _, name := range []string{"serg-sample.txt", "magictour-sample.txt", "17clue-sample.txt"} {
		sets[name] = testdataGrids(b, name)
	}
	if datasets.Available() {
		for _, name := range []string{"serg-benchmark.txt", "magictour-top1465.txt"} {
			sets[name] = datasets.Load(b, name, sudokusat.Parse)
		}
	}
	auto, err := Open(NameAuto, Options{})
	if err != nil {
		b.Fatal(err)
	}
	for name, gs := range sets {
		for _, e := range []*Engine{Native(), auto} {
			b.Run(name+"/"+e.Name(), func(b *testing.B) {
				for b.Loop() {
					for _, g := range gs {
						if a := Count(ctx, e, &sudokusat.Puzzle{Grid: g}, 2, 0); a.Status != Solved {
							b.Fatalf("%v %v", a.Status, a.Err)
						}
					}
				}
				datasets.ReportPerPuzzle(b, len(gs))
			})
		}
	}
}

// testdataGrids reads the one-line puzzles of a file of testdata.
func testdataGrids(tb testing.TB, name string) []*sudokusat.Grid {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", name))
	if err != nil {
		tb.Fatal(err)
	}
	var gs []*sudokusat.Grid
	for _, line := range strings.Fields(string(data)) {
		g, err := sudokusat.Parse(line)
		if err != nil {
			tb.Fatalf("%s: %v", name, err)
		}
		gs = append(gs, g)
	}
	return gs
}
