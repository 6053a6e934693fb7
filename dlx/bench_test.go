package dlx

import (
	"fmt"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/internal/datasets"
)

// The data-set benchmark makes one op a whole pass over the file, in the
// fixed shuffled order of datasets.Shuffle, as native's do: ns/op is the
// time of a pass and µs/puzzle the figure to compare with native's, and
// -benchtime 1x still times every puzzle. After the loop, with the timer
// stopped, every answer of the last pass is checked by
// sudokusat.CheckSolution.

// benchUnique measures solve-and-prove-unique, through Count, over a data
// set of one-line puzzles.
func benchUnique(b *testing.B, file string) {
	gs := datasets.Shuffled(b, file, func(s string) (*sudokusat.Grid, error) { return sudokusat.ParseLine(s, 3, 3) })
	rs := make([]Result, len(gs))
	b.ReportAllocs()
	for b.Loop() {
		for i, g := range gs {
			r, err := Count(bg, g, 2)
			if err != nil || r.Count != 1 {
				b.Fatalf("%s: %s: %d solutions, %v", file, g, r.Count, err)
			}
			rs[i] = r
		}
	}
	nodes := 0
	for i, g := range gs {
		if err := sudokusat.CheckSolution(g, rs[i].Solution); err != nil {
			b.Fatal(fmt.Errorf("%s: %s: %w", file, g, err))
		}
		nodes += rs[i].Nodes
	}
	datasets.ReportPerPuzzle(b, len(gs))
	b.ReportMetric(float64(nodes)/float64(len(gs)), "nodes/puzzle")
}

// BenchmarkDLXMagictour: the 1,465 hard puzzles of magictour.
func BenchmarkDLXMagictour(b *testing.B) { benchUnique(b, "magictour-top1465.txt") }
