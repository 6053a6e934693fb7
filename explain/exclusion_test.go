package explain

import (
	"context"
	"slices"
	"testing"

	"github.com/sudokusat/sudokusat"
)

// TestAlignedPairExclusion: the aligned pair exclusion Sudoku Explainer
// uses on this dev puzzle (SE: r5c7,r5c9).
func TestAlignedPairExclusion(t *testing.T) {
	testPatterns(t, []patternCase{
		{"020704038308000070040000500100030800000605000005080006002000080070000602480203010", []string{AlignedPairExclusion}, 6.2, "r5c9≠9"},
	})
}

// pencilmarks sets an explainer's grid from Sudoku Explainer's 729
// characters (nine a cell, a dot for a digit out); a cell with one digit
// is placed, as SE has placed every single by then.
func pencilmarks(t *testing.T, e *explainer, marks string) {
	t.Helper()
	if len(marks) != 729 {
		t.Fatalf("%d characters of pencilmarks", len(marks))
	}
	for c := range 81 {
		var m uint64
		for _, r := range marks[9*c : 9*c+9] {
			if r >= '1' && r <= '9' {
				m |= bit(int(r - '0'))
			}
		}
		e.s.cand[c] = m
		e.s.placed[c] = 0
		if count(m) == 1 {
			e.s.placed[c] = only(m)
		}
	}
	e.givensDone = true
}

// TestAlignedTripleExclusion: on the grids where Sudoku Explainer uses an
// aligned triple exclusion in these dev puzzles (after forcing chains),
// the finder takes the same three base cells, and its step is proved
// with minimal premises.
func TestAlignedTripleExclusion(t *testing.T) {
	tests := []struct {
		puzzle, marks string
		bases         []int // SE's base cells
		conclusion    string
	}{
		{"030500600060300001804090002000008300003010700006900000300040805100009060008001040", ".2......9..3......1............5.....2....78....4..........6.........7.9.......89....5...9.....6....2..5...9..3.......2.....8..2....7.....4...........7891...............8.......7.....4.....1................9.....6.......5......3.......2..........45.7..1.........2..5...9.2.4..7.......6..........8...3.......2..5.......4....9.2.4....9.2.....89..3.......2.4.....1............5..........7...2.....89.....6....2.4..7......5..8......6...........9.2....7....3......1.........2..5..8....4...8...3.......2......9.2....7.9.....6......4......2....7.........8.1............5....1...........4.........5.7.........8...3.5............9.2............6.....3...7.......6....2..5...........8..2....7....3.5....1................9...4.......3...7..", []int{27, 53, 29}, "r4c1≠5"},
		{"610000070043008000000025004091070000007000900000040160100850000000200750050000091", ".....6...1.........2..5......34....9..3.....9..34....9.2..5..8.......7...2..5..8..2..5.......4.......3............7..1....6..........8..2..56...12...............9......7.9......78........891....6....2...........5......3..6...1.3.........4......234.............91..........3.56.........7...23..6....2345...........8..23.5.....234..........6.........7..1.3.5...........8.123..............9.234......23.5.....23.5..8..23....8..2..5..8...3.....9...4......23.....91.............6.........7..1.........23...7...2.4.6..9.......8.....5..........7.9.234......234......23..6.....3....89..3....8....4.6.8..2.......1....6..91..4.6..9......7......5......3..6.8..2....78.....5.....2.4.6.8...34.6.....3..6.....34.67...2.4...8.........91........", []int{18, 55, 64}, "r7c2≠3"},
	}
	for _, tc := range tests {
		t.Run(tc.puzzle[:20], func(t *testing.T) {
			g, err := sudokusat.ParseLine(tc.puzzle, 3, 3)
			if err != nil {
				t.Fatal(err)
			}
			p := &sudokusat.Puzzle{Grid: g}
			sol := solve(t, p)
			e, err := newExplainer(p, Options{Solution: sol})
			if err != nil {
				t.Fatal(err)
			}
			pencilmarks(t, e, tc.marks)
			st, err := minimal(finder(func(e *explainer) *Step { return e.alignedExclusion(3) }))(e, context.Background())
			if err != nil || st == nil {
				t.Fatalf("no step: %v", err)
			}
			bases := slices.Sorted(slices.Values(st.Cells[:3]))
			want := slices.Sorted(slices.Values(tc.bases))
			if !slices.Equal(bases, want) || conclusion(st) != tc.conclusion {
				t.Errorf("bases %v, %q; want %v, %q", bases, conclusion(st), want, tc.conclusion)
			}
			k, err := NewChecker(p, sol)
			if err != nil {
				t.Fatal(err)
			}
			if err := k.Check(context.Background(), st); err != nil {
				t.Fatal(err)
			}
			for j := range st.Premises {
				m := *st
				m.Premises = slices.Delete(slices.Clone(st.Premises), j, j+1)
				if k.Check(context.Background(), &m) == nil {
					t.Errorf("still checks without premise %+v", st.Premises[j])
				}
			}
		})
	}
}
