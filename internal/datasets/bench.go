package datasets

import (
	"math/rand/v2"
	"testing"
)

// The benchmarks' fixed order comes from a PCG with this constant seed, so
// that every run times the puzzles in the same order and two runs differ
// only in the code under test.
const shuffleSeed1, shuffleSeed2 = 0x5eed_da7a, 0x0017_c1e5

// Shuffled is Load with the puzzles in the benchmarks' fixed order (see
// Shuffle).
func Shuffled[T any](tb testing.TB, name string, parse func(string) (T, error)) []T {
	tb.Helper()
	set := Load(tb, name, parse)
	Shuffle(set)
	return set
}

// Shuffle puts set in a pseudo-random order that is the same on every run
// for the same length. The files are ordered (17-clue.txt is sorted, so
// neighbours share their first rows), and a solver timed in file order gets
// warm caches and branch predictors from neighbours a real workload does not
// give it.
func Shuffle[T any](set []T) {
	r := rand.New(rand.NewPCG(shuffleSeed1, shuffleSeed2))
	r.Shuffle(len(set), func(i, j int) { set[i], set[j] = set[j], set[i] })
}

// ReportPerPuzzle reports the µs/puzzle and puzzles/s of a benchmark whose
// every op, one iteration of its b.Loop loop, is one pass over n puzzles.
// It is called after the loop, when b.N holds the passes made and the timer
// is stopped. A data-set benchmark makes its op a whole pass, not one
// puzzle, so that a short -benchtime (1x included) still times every puzzle
// of the file rather than a prefix; ns/op stays, as the time of one pass.
func ReportPerPuzzle(b *testing.B, n int) {
	b.Helper()
	if b.N <= 0 || n <= 0 {
		return
	}
	sec := b.Elapsed().Seconds() / (float64(b.N) * float64(n))
	if sec <= 0 {
		return
	}
	b.ReportMetric(sec*1e6, "µs/puzzle")
	b.ReportMetric(1/sec, "puzzles/s")
}
