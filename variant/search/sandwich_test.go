package search

import (
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// sandwichPuzzles are puzzles made for this test (no one else's): the
// 18 sandwich clues of a random grid, and givens added where two
// solutions differed until one was left. The reading of partial sums
// that sandwiches had before their digit sets took 8,928 and 2,132
// nodes to count them to 2; the sets settle them in a few.
var sandwichPuzzles = []struct{ solution, givens string }{
	{"924637815518249367736518924347165298862974531195382746281453679473896152659721483",
		"..............9.6..........................................3....................."},
	{"835691724429375861617824593376982145984153276251467938743218659192546387568739412",
		"...................1.........................................5...2......5........"},
}

// sandwichNodes bounds the nodes of each count: 5 and 0 when written.
const sandwichNodes = 100

// TestSandwichNodes counts each of sandwichPuzzles to 2: it is unique,
// its solution the grid its clues were read from, within sandwichNodes.
func TestSandwichNodes(t *testing.T) {
	for i, sp := range sandwichPuzzles {
		sol, err := sudokusat.Parse(sp.solution)
		if err != nil {
			t.Fatal(err)
		}
		g, err := sudokusat.Parse(sp.givens)
		if err != nil {
			t.Fatal(err)
		}
		p := &sudokusat.Puzzle{Grid: g}
		for k := range 9 {
			var row, col []int
			for j := range 9 {
				row, col = append(row, k*9+j), append(col, j*9+k)
			}
			for _, line := range [][]int{row, col} {
				p.Rules = append(p.Rules, sudokusat.Rule{Kind: variant.Sandwich, Cells: line, Value: sandwichOf(sol, line)})
			}
		}
		if err := variant.Validate(p); err != nil {
			t.Fatalf("#%d: %v", i, err)
		}
		r, err := Count(bg, p, 2)
		if err != nil || r.Count != 1 || !r.Solutions[0].Equal(sol) {
			t.Fatalf("#%d: %d solutions, %v", i, r.Count, err)
		}
		if r.Nodes > sandwichNodes {
			t.Errorf("#%d: %d nodes, more than %d", i, r.Nodes, sandwichNodes)
		}
	}
}

// sandwichOf returns the sum of the digits of g between the 1 and the 9
// of line.
func sandwichOf(g *sudokusat.Grid, line []int) int {
	sum, in := 0, false
	for _, c := range line {
		switch d := g.Cell(c); {
		case d == 1 || d == 9:
			in = !in
		case in:
			sum += d
		}
	}
	return sum
}
