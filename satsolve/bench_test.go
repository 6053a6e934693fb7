package satsolve

import (
	"context"
	"os"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/internal/datasets"
)

// TestSharedHardSets solves and proves unique every puzzle of Norvig's
// hardest list and magictour's top 1465 with gophersat and the default
// encoding; satsolve validates each model, and the test checks it again.
func TestSharedHardSets(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the full hard sets take a few seconds")
	}
	enc, _ := encode.Lookup(encode.Default)
	for _, file := range []string{"norvig-top95-hardest.txt", "magictour-top1465.txt"} {
		puzzles := datasets.Load(t, file, sudokusat.Parse)
		for i, g := range puzzles {
			f, err := enc(g)
			if err != nil {
				t.Fatal(err)
			}
			res, err := Count(context.Background(), f, 2)
			if err != nil {
				t.Fatalf("%s #%d: %v", file, i+1, err)
			}
			if res.Count != 1 {
				t.Errorf("%s #%d: %d solutions, want 1", file, i+1, res.Count)
				continue
			}
			if err := sudokusat.CheckSolution(g, res.Solution()); err != nil {
				t.Errorf("%s #%d: %v", file, i+1, err)
			}
		}
		t.Logf("%s: %d puzzles solved, unique and validated", file, len(puzzles))
	}
}

// benchCount measures encode + solve + prove unique, one puzzle per
// iteration, cycling through the set: ns/op is per puzzle.
func benchCount(b *testing.B, set, encoding string) {
	puzzles := datasets.Load(b, set, sudokusat.Parse)
	enc, err := encode.Lookup(encoding)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		f, err := enc(puzzles[i%len(puzzles)])
		if err != nil {
			b.Fatal(err)
		}
		res, err := Count(ctx, f, 2)
		if err != nil || res.Count != 1 {
			b.Fatalf("puzzle %d: count %d, %v", i%len(puzzles)+1, res.Count, err)
		}
		i++
	}
}

func BenchmarkMagictour(b *testing.B) {
	for _, e := range encode.Names() {
		b.Run(e, func(b *testing.B) { benchCount(b, "magictour-top1465.txt", e) })
	}
}

func Benchmark17Clue(b *testing.B) {
	for _, e := range encode.Names() {
		b.Run(e, func(b *testing.B) { benchCount(b, "17-clue.txt", e) })
	}
}

// BenchmarkIsolated compares gophersat in worker processes with the
// in-process engine, on the same puzzles in one run.
func BenchmarkIsolated(b *testing.B) {
	puzzles := datasets.Load(b, "magictour-top1465.txt", sudokusat.Parse)
	b.Setenv("SUDOKUSAT_TEST_WORKER", "1")
	for _, eng := range []struct {
		name string
		s    Solver
	}{{"inprocess", Gophersat{}}, {"isolated", NewIsolated(os.Args[0], "-test.run=^$")}} {
		b.Run(eng.name, func(b *testing.B) {
			ctx := context.Background()
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				f, _ := encode.Reduced(puzzles[i%len(puzzles)])
				if res, err := eng.s.Count(ctx, f, 2); err != nil || res.Count != 1 {
					b.Fatalf("count %d, %v", res.Count, err)
				}
				i++
			}
		})
		if p, ok := eng.s.(*Isolated); ok {
			p.Close()
		}
	}
}
