package engine

import (
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
)

// TestCompareStated compares answers with a puzzle's stated solution: the
// Miracle Sudoku's own, a transposed one (a solution too once the givens
// are gone), and one with two rows swapped (a Sudoku, but kings touch).
func TestCompareStated(t *testing.T) {
	sol := grid(t, miracleSolution)
	transposed := sol.Clone()
	swapped := sol.Clone()
	for r := range 9 {
		for c := range 9 {
			transposed.SetCell(r*9+c, sol.Cell(c*9+r))
			if r < 2 {
				swapped.SetCell(r*9+c, sol.Cell((1-r)*9+c))
			}
		}
	}
	solved := func(grids ...*sudokusat.Grid) Answer {
		return Answer{Status: Solved, Count: len(grids), Limit: 2, Solutions: grids}
	}
	with := func(p *sudokusat.Puzzle, stated *sudokusat.Grid) *sudokusat.Puzzle {
		p.Published = stated
		return p
	}
	for _, c := range []struct {
		name    string
		p       *sudokusat.Puzzle
		a       Answer
		verdict string
		differ  int
		text    string
	}{
		{"agrees", with(miracle(t, true), sol), solved(sol), "agrees", 0, "agrees"},
		{"second of two", with(miracle(t, false), sol), solved(transposed, sol), "agrees", 0, "agrees"},
		{"another solution", with(miracle(t, false), sol), solved(transposed), "differs", 62, "differs at 62 cells"},
		{"none found", with(miracle(t, false), sol), Answer{Status: Unsolvable, Limit: 2}, "differs", 0, "is valid but was not found"},
		{"breaks", with(miracle(t, false), swapped), solved(transposed), "breaks", 0, "breaks its rules as read"},
		{"givens", with(miracle(t, true), transposed), solved(sol), "breaks", 0, "breaks its rules as read"},
		{"nothing stated", miracle(t, true), solved(sol), "", 0, ""},
		{"no answer", with(miracle(t, true), sol), Answer{Status: Timeout, Limit: 2}, "", 0, ""},
	} {
		st := CompareStated(c.p, c.a)
		if st.Verdict != c.verdict || len(st.Differ) != c.differ || !strings.Contains(st.String(), c.text) || (c.text == "") != (st.String() == "") {
			t.Errorf("%s: %q %d cells %q, want %q %d cells %q", c.name, st.Verdict, len(st.Differ), st, c.verdict, c.differ, c.text)
		}
	}
}
