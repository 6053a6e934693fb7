package native

import (
	"fmt"
	"os"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/internal/datasets"
)

// The data-set benchmarks make one op a whole pass over the file, in the
// fixed shuffled order of datasets.Shuffle: ns/op is the time of a pass and
// µs/puzzle the figure to compare across sets, and -benchtime 1x still
// times every puzzle. Each pass writes its answers to one slot per puzzle;
// after the loop, with the timer stopped, every answer of the last pass is
// checked by sudokusat.CheckSolution, and a wrong one fails the benchmark
// before any time is reported.

// benchCount measures Solver9's count to 2 over a data set whose puzzles
// all have want solutions (1: solve and prove unique; 2: two or more).
func benchCount(b *testing.B, file string, want int) {
	ps := datasets.Shuffled(b, file, parse81)
	sols := make([][81]uint8, len(ps))
	var sv Solver9
	b.ReportAllocs()
	for b.Loop() {
		for i := range ps {
			if sv.Count(&ps[i], 2, &sols[i]) != want {
				b.Fatalf("%s: %s: not %d solutions", file, grid81(&ps[i]), want)
			}
		}
	}
	for i := range ps {
		checkSolved(b, file, grid81(&ps[i]), grid81(&sols[i]))
	}
	datasets.ReportPerPuzzle(b, len(ps))
}

// benchUnique measures Solver9's solve-and-prove-unique over a data set.
func benchUnique(b *testing.B, file string) { benchCount(b, file, 1) }

// BenchmarkNative17Clue: the 49,158 17-clue puzzles.
func BenchmarkNative17Clue(b *testing.B) { benchUnique(b, "17-clue.txt") }

// BenchmarkNativeMagictour: the 1,465 hard puzzles of magictour.
func BenchmarkNativeMagictour(b *testing.B) { benchUnique(b, "magictour-top1465.txt") }

// BenchmarkNativeTop95: Norvig's top95 and hardest lists.
func BenchmarkNativeTop95(b *testing.B) { benchUnique(b, "norvig-top95-hardest.txt") }

// BenchmarkNativeSerg: the 10,000 puzzles of serg's benchmark, each with
// two or more solutions: the count to 2 must find a second solution, so
// it cannot stop at the first.
func BenchmarkNativeSerg(b *testing.B) { benchCount(b, "serg-benchmark.txt", 2) }

// BenchmarkNativeSet: the file of the data sets' folder that
// $SUDOKUSAT_BENCH_SET names, each of its puzzles with one solution: a set
// kept outside the repository, such as the forum's lists of the hardest
// puzzles, timed as the shared sets are (bench/tdoku/run.sh takes such
// files after its rounds).
func BenchmarkNativeSet(b *testing.B) {
	name := os.Getenv("SUDOKUSAT_BENCH_SET")
	if name == "" {
		b.Skip("skipping: $SUDOKUSAT_BENCH_SET names no file in the data sets' folder ($SUDOKUSAT_DATA)")
	}
	benchUnique(b, name)
}

// checkInkala fails the benchmark, after its loop, unless sol is Inkala's
// published solution.
func checkInkala(b *testing.B, sol *[81]uint8) {
	b.Helper()
	if got := grid81(sol).String(); got != inkalaSolution {
		b.Fatalf("Inkala: solution %s, want %s", got, inkalaSolution)
	}
}

// The seed articles' comparison on Arto Inkala's puzzle: first solution
// only, as the baselines stop there.
func BenchmarkBaselinePlain(b *testing.B) {
	p := mustParse81(b, inkala)
	var sol [81]uint8
	b.ReportAllocs()
	for b.Loop() {
		if !baselinePlain(&p, &sol) {
			b.Fatal("no solution")
		}
	}
	checkInkala(b, &sol)
}

func BenchmarkBaselineTables(b *testing.B) {
	p := mustParse81(b, inkala)
	var sol [81]uint8
	b.ReportAllocs()
	for b.Loop() {
		if !baselineTables(&p, &sol) {
			b.Fatal("no solution")
		}
	}
	checkInkala(b, &sol)
}

// BenchmarkNativeInkala solves Inkala's puzzle and proves it unique.
func BenchmarkNativeInkala(b *testing.B) {
	p := mustParse81(b, inkala)
	var sv Solver9
	var sol [81]uint8
	b.ReportAllocs()
	for b.Loop() {
		if sv.Count(&p, 2, &sol) != 1 {
			b.Fatal("not unique")
		}
	}
	checkInkala(b, &sol)
}

// BenchmarkNativeInkalaFirst stops at the first solution, like the
// baselines.
func BenchmarkNativeInkalaFirst(b *testing.B) {
	p := mustParse81(b, inkala)
	var sv Solver9
	var sol [81]uint8
	b.ReportAllocs()
	for b.Loop() {
		if !sv.Solve(&p, &sol) {
			b.Fatal("no solution")
		}
	}
	checkInkala(b, &sol)
}

// BenchmarkCountInkala goes through the public API, Grid in and out.
func BenchmarkCountInkala(b *testing.B) {
	p := mustParse81(b, inkala)
	g := grid81(&p)
	b.ReportAllocs()
	for b.Loop() {
		if r, err := Count(bg, g, 2); err != nil || r.Count != 1 {
			b.Fatal(r.Count, err)
		}
	}
}

func benchLarge(b *testing.B, n int) {
	g := loadLarge(b, n)
	b.ReportAllocs()
	for b.Loop() {
		if r, err := Count(bg, g, 2); err != nil || r.Count < 1 {
			b.Fatal(r.Count, err)
		}
	}
}

// BenchmarkGeneral16 and BenchmarkGeneral25 solve the large/ puzzles and
// look for a second solution.
func BenchmarkGeneral16(b *testing.B) { benchLarge(b, 16) }
func BenchmarkGeneral25(b *testing.B) { benchLarge(b, 25) }

// BenchmarkGeneralMagictour runs the general solver on 9×9 puzzles, for
// comparison with the specialised one: a pass over magictour, solve and
// prove unique, the puzzles turned into Grids before the timer starts.
func BenchmarkGeneralMagictour(b *testing.B) {
	const file = "magictour-top1465.txt"
	ps := datasets.Shuffled(b, file, parse81)
	gs := make([]*sudokusat.Grid, len(ps))
	sols := make([][]int32, len(ps))
	for i := range ps {
		gs[i], sols[i] = grid81(&ps[i]), make([]int32, 81)
	}
	b.ReportAllocs()
	for b.Loop() {
		for i, g := range gs {
			if n, _, _ := countGeneral(g, 2, sols[i], nil); n != 1 {
				b.Fatalf("%s: %s: %d solutions, want 1", file, g, n)
			}
		}
	}
	for i, g := range gs {
		sol := g.Clone()
		for k, d := range sols[i] {
			sol.SetCell(k, int(d))
		}
		checkSolved(b, fmt.Sprintf("%s #%d", file, i+1), g, sol)
	}
	datasets.ReportPerPuzzle(b, len(gs))
}
