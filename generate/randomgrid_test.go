package generate

import (
	"context"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/internal/grouptable"
)

// TestRandomGrid checks that RandomGrid gives a solved grid, the same one
// for the same seed, another for another stream, and, above the sizes the
// randomised search fills, not a group table: the structure of a shuffled
// pattern grid, which grouptable.Guess recognises, must be gone.
func TestRandomGrid(t *testing.T) {
	for _, n := range []int{4, 9, 16, 36, 49, 100} {
		o := RandomGridOptions{Size: n, Seed: 7, Stream: 1}
		g, err := RandomGrid(context.Background(), o)
		if err != nil {
			t.Fatalf("%d×%d: %v", n, n, err)
		}
		if err := sudokusat.CheckSolution(g, g); err != nil || g.Givens() != n*n {
			t.Fatalf("%d×%d: not a solved grid: %v\n%v", n, n, err, g)
		}
		again, _ := RandomGrid(context.Background(), o)
		if !again.Equal(g) {
			t.Errorf("%d×%d: the same seed gave two grids", n, n)
		}
		o.Stream = 2
		if other, _ := RandomGrid(context.Background(), o); n > 4 && other.Equal(g) {
			t.Errorf("%d×%d: two streams gave the same grid", n, n)
		}
		if n > maxSearchSize {
			if guess := grouptable.Guess(g); guess != nil && guess.Equal(g) {
				t.Errorf("%d×%d: the grid is still a group table", n, n)
			}
			// The pattern start is one; without the swaps it would be.
			start, _ := fullGrid(context.Background(), g.BoxRows(), g.BoxCols(), newRand(7, 1))
			if guess := grouptable.Guess(start); guess == nil || !guess.Equal(start) {
				t.Errorf("%d×%d: the pattern start is not seen as a group table: the check above proves nothing", n, n)
			}
		}
	}
	if _, err := RandomGrid(context.Background(), RandomGridOptions{Size: 7}); err == nil {
		t.Error("size 77: no error")
	}
}
