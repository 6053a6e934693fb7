package encode

import (
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/internal/datasets"
)

// BenchmarkEncode measures each encoding on magictour's hard puzzles: the
// formula is built afresh for every puzzle, so its cost is part of every
// SAT solve.
func BenchmarkEncode(b *testing.B) {
	puzzles := datasets.Load(b, "magictour-top1465.txt", sudokusat.Parse)
	for _, name := range Names() {
		enc, _ := Lookup(name)
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if _, err := enc(puzzles[i%len(puzzles)]); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}

// BenchmarkReduced17Clue measures the reduced encoding on the 17-clue
// puzzles, most of which its propagation settles or nearly settles.
func BenchmarkReduced17Clue(b *testing.B) {
	puzzles := datasets.Load(b, "17-clue.txt", sudokusat.Parse)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := Reduced(puzzles[i%len(puzzles)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
