package encode

import (
	"os"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/internal/datasets"
)

// The benchmarks make one op a whole pass over the data set, in the fixed
// shuffled order of datasets.Shuffle: ns/op is the time of a pass and
// µs/puzzle the figure to compare, and -benchtime 1x still encodes every
// puzzle. The formulas' correctness is the tests' business; here a pass
// only has to succeed.

// BenchmarkEncode measures each encoding on magictour's hard puzzles: the
// formula is built afresh for every puzzle, so its cost is part of every
// SAT solve.
func BenchmarkEncode(b *testing.B) {
	puzzles := datasets.Shuffled(b, "magictour-top1465.txt", sudokusat.Parse)
	for _, name := range Names() {
		enc, _ := Lookup(name)
		b.Run(name, func(b *testing.B) { benchPass(b, enc, puzzles) })
	}
}

// BenchmarkReduced17Clue measures the reduced encoding on the 17-clue
// puzzles, most of which its propagation settles or nearly settles.
func BenchmarkReduced17Clue(b *testing.B) {
	benchPass(b, lookup(b, "reduced"), datasets.Shuffled(b, "17-clue.txt", sudokusat.Parse))
}

// BenchmarkReducedLarge measures the reduced encoding's propagation alone
// and the whole encoding on the 225×225 puzzle, where a propagation that is
// not linear in the candidates shows.
func BenchmarkReducedLarge(b *testing.B) {
	data, err := os.ReadFile(datasets.Path(b, "large/sudoku-225-1.txt"))
	if err != nil {
		b.Fatal(err)
	}
	g, err := sudokusat.Parse(string(data))
	if err != nil {
		b.Fatal(err)
	}
	b.Run("propagate", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if !newProp(g).run(g) {
				b.Fatal("propagation finds the puzzle unsolvable")
			}
		}
	})
	b.Run("encode", func(b *testing.B) { benchPass(b, lookup(b, "reduced"), []*sudokusat.Grid{g}) })
}

// benchPass times passes of enc over puzzles.
func benchPass(b *testing.B, enc Encoding, puzzles []*sudokusat.Grid) {
	b.ReportAllocs()
	for b.Loop() {
		for _, g := range puzzles {
			if _, err := enc(g); err != nil {
				b.Fatalf("%s: %v", g, err)
			}
		}
	}
	datasets.ReportPerPuzzle(b, len(puzzles))
}
