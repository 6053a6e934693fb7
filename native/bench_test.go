package native

import (
	"testing"
)

// benchUnique measures solve-and-prove-unique per puzzle: each iteration
// is one puzzle of the collection, taken in turn.
func benchUnique(b *testing.B, file string) {
	ps := loadLines(b, file, 0)
	var sv Solver9
	var sol [81]uint8
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		if sv.Count(&ps[i], 2, &sol) != 1 {
			b.Fatalf("puzzle %d: not unique", i+1)
		}
		if i++; i == len(ps) {
			i = 0
		}
	}
}

// BenchmarkNative17Clue: the 49,158 17-clue puzzles.
func BenchmarkNative17Clue(b *testing.B) { benchUnique(b, "17-clue.txt") }

// BenchmarkNativeMagictour: the 1,465 hard puzzles of magictour.
func BenchmarkNativeMagictour(b *testing.B) { benchUnique(b, "magictour-top1465.txt") }

// BenchmarkNativeTop95: Norvig's top95 and hardest lists.
func BenchmarkNativeTop95(b *testing.B) { benchUnique(b, "norvig-top95-hardest.txt") }

// The seed articles' comparison on Arto Inkala's puzzle: first solution
// only, as the baselines stop there.
func BenchmarkBaselinePlain(b *testing.B) {
	p := mustParse81(b, inkala)
	var sol [81]uint8
	b.ReportAllocs()
	for b.Loop() {
		if !BaselinePlain(&p, &sol) {
			b.Fatal("no solution")
		}
	}
}

func BenchmarkBaselineTables(b *testing.B) {
	p := mustParse81(b, inkala)
	var sol [81]uint8
	b.ReportAllocs()
	for b.Loop() {
		if !BaselineTables(&p, &sol) {
			b.Fatal("no solution")
		}
	}
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
// comparison with the specialised one.
func BenchmarkGeneralMagictour(b *testing.B) {
	ps := loadLines(b, "magictour-top1465.txt", 0)
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		if n, _, _ := countGeneral(grid81(&ps[i]), 2, nil, nil); n != 1 {
			b.Fatalf("puzzle %d: not unique", i+1)
		}
		if i++; i == len(ps) {
			i = 0
		}
	}
}
