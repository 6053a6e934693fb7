package native

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/internal/grouptable"
)

// TestHintSolves checks that a puzzle cut from a shuffled pattern grid,
// whose group-table hint is a solution, is solved (limit 1) without a
// branch point, the answer validated; and that a wrong hint leaves the
// solver's state as it found it.
func TestHintSolves(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 11))
	for _, box := range [][2]int{{2, 3}, {4, 4}, {5, 5}, {6, 6}} {
		full, err := grouptable.Shuffled(box[0], box[1], rng)
		if err != nil {
			t.Fatal(err)
		}
		g := full.Clone()
		for _, cell := range rng.Perm(g.Len())[:g.Len()*6/10] {
			g.SetCell(cell, 0)
		}
		sol := make([]int32, g.Len())
		count, guesses, _ := countGeneral(g, 1, sol, nil)
		if count != 1 || guesses != 0 {
			t.Errorf("%d×%d: %d solutions with %d branch points, want 1 with none", g.Size(), g.Size(), count, guesses)
		}
		answer := g.Clone()
		for i, v := range sol {
			answer.SetCell(i, int(v))
		}
		if err := sudokusat.CheckSolution(g, answer); err != nil {
			t.Errorf("%d×%d: %v", g.Size(), g.Size(), err)
		}

		// The same start with a hint that breaks the grid at its last
		// open cell: every placement before it must be undone.
		s, ok := newGeneralUntil(g, nil)
		if !ok || !s.propagate() {
			t.Fatal("no start")
		}
		s.trailing = true
		s.hint = s.hints(g)
		open := s.openList[:s.open]
		last := int(open[len(open)-1])
		s.hint[last] = s.hint[int(open[0])] // a digit the row, column or box may hold already
		if s.hint[last] == int16(full.Cell(last)-1) {
			s.hint[last] = (s.hint[last] + 1) % int16(g.Size())
		}
		before := snapshot(s)
		if s.hintSolves() {
			t.Fatalf("%d×%d: a wrong hint solved the grid", g.Size(), g.Size())
		}
		if after := snapshot(s); !slices.Equal(before.cand, after.cand) || !slices.Equal(before.ncand, after.ncand) ||
			!slices.Equal(before.val, after.val) || !slices.Equal(before.cnt, after.cnt) || before.open != after.open {
			t.Errorf("%d×%d: the state after a wrong hint differs from the state before", g.Size(), g.Size())
		}
		checkNwith(t, s)
	}
}

type state struct {
	cand       []uint64
	ncand, val []int32
	cnt        []int32
	open       int
}

func snapshot(s *general) state {
	return state{slices.Clone(s.cand), slices.Clone(s.ncand), slices.Clone(s.val), slices.Clone(s.cnt), s.open}
}
