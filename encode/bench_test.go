package encode

import (
	"errors"
	"io"
	"os"
	"testing"

	"sudokusat"
)

// benchSet reads a shared data set, or skips when the shared folder is not
// beside the project.
func benchSet(b *testing.B, name string) []*sudokusat.Grid {
	f, err := os.Open("../../shared/data/" + name)
	if err != nil {
		b.Skipf("shared data set not available (%v): run beside ../shared", err)
	}
	defer f.Close()
	r := sudokusat.NewReader(f)
	var gs []*sudokusat.Grid
	for {
		p, err := r.Read()
		if errors.Is(err, io.EOF) {
			return gs
		}
		if err != nil {
			b.Fatal(err)
		}
		gs = append(gs, p.Grid)
	}
}

// BenchmarkEncode measures each encoding on magictour's hard puzzles: the
// formula is built afresh for every puzzle, so its cost is part of every
// SAT solve.
func BenchmarkEncode(b *testing.B) {
	puzzles := benchSet(b, "magictour-top1465.txt")
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
