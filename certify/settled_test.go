package certify

import (
	"context"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/drat"
)

// refutedByPropagation reports whether package drat's checker, given p's
// extended clauses and a clause blocking sol over p's blank cells, reaches
// a conflict by top-level unit propagation alone: what settled claims.
func refutedByPropagation(t *testing.T, p, sol *sudokusat.Grid) bool {
	t.Helper()
	k := drat.NewChecker(context.Background())
	if err := extendedClauses(p, k); err != nil {
		t.Fatal(err)
	}
	n := p.Size()
	var block []int32
	for c := range p.Len() {
		if p.Cell(c) == 0 {
			block = append(block, -int32(c*n+sol.Cell(c)))
		}
	}
	if err := k.Clause(block...); err != nil {
		t.Fatal(err)
	}
	return k.Refuted()
}

// TestSettled compares settled with package drat's unit propagation on the
// extended encoding, on the puzzles of testdata and on puzzles made from
// their solutions by blanking cells at random (some settle, some need a
// search), and checks that the grid it gives is the solution.
func TestSettled(t *testing.T) {
	var puzzles []*sudokusat.Grid
	for _, name := range []string{"easy-sample.txt", "magictour-sample.txt", "17clue-sample.txt", "large-4.txt", "large-16.txt", "large-25.txt"} {
		f, err := os.Open(filepath.Join("..", "testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		r := sudokusat.NewReader(f)
		for i := 0; i < 8; i++ {
			p, err := r.Read()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			puzzles = append(puzzles, p.Grid)
		}
		f.Close()
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var yes, no int
	for i, p := range puzzles {
		sol := solveNative(t, p)
		// The puzzle, then copies of its solution with a growing share
		// of the cells blanked.
		for _, share := range []float64{-1, 0.3, 0.5, 0.6, 0.7} {
			q := p
			if share >= 0 {
				q = sol.Clone()
				for c := range q.Len() {
					if rng.Float64() < share {
						q.SetCell(c, 0)
					}
				}
			}
			got := settled(q)
			want := refutedByPropagation(t, q, sol)
			switch {
			case (got != nil) != want:
				t.Errorf("puzzle %d, %v blanked: settled %v, drat's propagation refutes %v\n%s", i, share, got != nil, want, q)
			case got != nil && !got.Equal(sol):
				t.Errorf("puzzle %d, %v blanked: settled to\n%s\nnot the solution\n%s", i, share, got, sol)
			case got != nil:
				yes++
			default:
				no++
			}
		}
	}
	if yes == 0 || no == 0 {
		t.Errorf("%d puzzles settled, %d not: the test needs both", yes, no)
	}

	// A puzzle whose givens clash is never settled.
	bad, err := sudokusat.NewGridSize(9)
	if err != nil {
		t.Fatal(err)
	}
	bad.SetCell(0, 1)
	bad.SetCell(1, 1)
	if g := settled(bad); g != nil {
		t.Errorf("two 1s in a row settled to\n%s", g)
	}
	t.Logf("%d puzzles settled, %d not", yes, no)
}
