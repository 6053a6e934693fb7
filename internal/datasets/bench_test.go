package datasets

import (
	"flag"
	"math"
	"slices"
	"testing"
	"time"
)

// TestShuffle: the order is a permutation, moves most elements, and is the
// same on every call, so two benchmark runs time the same sequence.
func TestShuffle(t *testing.T) {
	const n = 1000
	want := make([]int, n)
	for i := range want {
		want[i] = i
	}
	a, b := slices.Clone(want), slices.Clone(want)
	Shuffle(a)
	Shuffle(b)
	if !slices.Equal(a, b) {
		t.Fatal("two shuffles of the same set differ")
	}
	moved := 0
	for i, v := range a {
		if v != i {
			moved++
		}
	}
	if moved < n/2 {
		t.Errorf("only %d of %d elements moved", moved, n)
	}
	slices.Sort(a)
	if !slices.Equal(a, want) {
		t.Error("the shuffle is not a permutation")
	}
}

// TestReportPerPuzzle runs a benchmark whose pass over 4 "puzzles" sleeps
// 1 ms each: µs/puzzle must be the whole time over passes × puzzles, and
// puzzles/s its inverse.
func TestReportPerPuzzle(t *testing.T) {
	f := flag.Lookup("test.benchtime")
	if f == nil {
		t.Skip("skipping: no -test.benchtime flag to bound the run")
	}
	old := f.Value.String()
	if err := f.Value.Set("3x"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Value.Set(old) })
	const n = 4
	r := testing.Benchmark(func(b *testing.B) {
		for b.Loop() {
			for range n {
				time.Sleep(time.Millisecond)
			}
		}
		ReportPerPuzzle(b, n)
	})
	if r.N != 3 {
		t.Fatalf("N = %d, want 3 (-benchtime 3x)", r.N)
	}
	us, ps := r.Extra["µs/puzzle"], r.Extra["puzzles/s"]
	want := float64(r.T.Microseconds()) / (3 * n)
	if math.Abs(us-want) > 1 || us < 1000 {
		t.Errorf("µs/puzzle = %.1f, want %.1f (T = %v) and at least 1000", us, want, r.T)
	}
	if math.Abs(ps*us-1e6) > 1 {
		t.Errorf("puzzles/s = %.1f, not 1e6 / µs/puzzle (%.1f)", ps, us)
	}
}
