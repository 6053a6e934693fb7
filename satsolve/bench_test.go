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

// The data-set benchmarks make one op a whole pass over the file, in the
// fixed shuffled order of datasets.Shuffle: ns/op is the time of a pass and
// µs/puzzle the figure to compare, and -benchtime 1x still times every
// puzzle. A pass keeps each puzzle's solution; after the loop, with the
// timer stopped, checkAll validates every one of the last pass, so a wrong
// answer fails the benchmark before any time is reported.

// benchCount measures encode + solve + prove unique with gophersat over a
// data set.
func benchCount(b *testing.B, file string, puzzles []*sudokusat.Grid, encoding string) {
	enc, err := encode.Lookup(encoding)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	sols := make([]*sudokusat.Grid, len(puzzles))
	b.ReportAllocs()
	for b.Loop() {
		for i, g := range puzzles {
			f, err := enc(g)
			if err != nil {
				b.Fatal(err)
			}
			res, err := Count(ctx, f, 2)
			if err != nil || res.Count != 1 {
				b.Fatalf("%s: %s: count %d, %v", file, g, res.Count, err)
			}
			sols[i] = res.Solution()
		}
	}
	checkAll(b, file, puzzles, sols)
	datasets.ReportPerPuzzle(b, len(puzzles))
}

// checkAll fails the benchmark unless every solution solves its puzzle, by
// the validator's judgement.
func checkAll(b *testing.B, file string, puzzles, sols []*sudokusat.Grid) {
	b.Helper()
	for i, g := range puzzles {
		if err := sudokusat.CheckSolution(g, sols[i]); err != nil {
			b.Fatalf("%s: %s: %v", file, g, err)
		}
	}
}

// BenchmarkMagictour: each encoding, a pass over magictour's 1,465 hard
// puzzles.
func BenchmarkMagictour(b *testing.B) {
	const file = "magictour-top1465.txt"
	puzzles := datasets.Shuffled(b, file, sudokusat.Parse)
	for _, e := range encode.Names() {
		b.Run(e, func(b *testing.B) { benchCount(b, file, puzzles, e) })
	}
}

// Benchmark17Clue: each encoding, a pass over the 49,158 17-clue puzzles
// (about 10 s a pass).
func Benchmark17Clue(b *testing.B) {
	const file = "17-clue.txt"
	puzzles := datasets.Shuffled(b, file, sudokusat.Parse)
	for _, e := range encode.Names() {
		b.Run(e, func(b *testing.B) { benchCount(b, file, puzzles, e) })
	}
}

// BenchmarkIsolated compares gophersat in worker processes, which encode
// the puzzles they are sent, with the in-process engine, which is given
// the formulas encoded here, on the same puzzles in one run: a pass over
// magictour with the reduced encoding.
func BenchmarkIsolated(b *testing.B) {
	const file = "magictour-top1465.txt"
	puzzles := datasets.Shuffled(b, file, sudokusat.Parse)
	b.Setenv("SUDOKUSAT_TEST_WORKER", "1")
	pool := NewIsolated(os.Args[0], "-test.run=^$")
	defer pool.Close()
	for _, eng := range []struct {
		name  string
		count func(ctx context.Context, g *sudokusat.Grid) (Result, error)
	}{
		{"inprocess", func(ctx context.Context, g *sudokusat.Grid) (Result, error) {
			f, err := encode.Puzzle(&sudokusat.Puzzle{Grid: g}, encode.Options{Encoding: "reduced"})
			if err != nil {
				return Result{}, err
			}
			return Gophersat{}.Count(ctx, f, 2)
		}},
		{"isolated", func(ctx context.Context, g *sudokusat.Grid) (Result, error) {
			return pool.Count(ctx, &sudokusat.Puzzle{Grid: g}, encode.Options{Encoding: "reduced"}, 2)
		}},
	} {
		b.Run(eng.name, func(b *testing.B) {
			ctx := context.Background()
			sols := make([]*sudokusat.Grid, len(puzzles))
			b.ReportAllocs()
			for b.Loop() {
				for i, g := range puzzles {
					res, err := eng.count(ctx, g)
					if err != nil || res.Count != 1 {
						b.Fatalf("%s: %s: count %d, %v", file, g, res.Count, err)
					}
					sols[i] = res.Solution()
				}
			}
			checkAll(b, file, puzzles, sols)
			datasets.ReportPerPuzzle(b, len(puzzles))
		})
	}
}
