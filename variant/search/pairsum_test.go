package search

import (
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// TestPairSumNarrows: propagation takes from a pair sum line's last two
// cells the digits no pair of the first two's sum holds. The line is
// r1c3 r2c4 | r3c5 r4c6. From 9 and 8 (17) the last two hold 8 and 9, and
// r3c5, beside the 8 in box 2, the 9. From 5 and 5 (10) r3c5 is not 5
// (box 2), so neither is r4c6, which shares no house with a 5.
func TestPairSumNarrows(t *testing.T) {
	d := digitMask
	line := []int{2, 12, 22, 32}
	for _, tc := range []struct {
		name       string
		first      [2]int
		r3c5, r4c6 uint64
	}{
		{"17", [2]int{9, 8}, d(9), d(8)},
		{"10", [2]int{5, 5}, d(1, 2, 3, 4, 6, 7, 8, 9), d(1, 2, 3, 4, 6, 7, 8, 9)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, _ := sudokusat.NewGridSize(9)
			g.SetCell(line[0], tc.first[0])
			g.SetCell(line[1], tc.first[1])
			p := &sudokusat.Puzzle{Grid: g, Rules: []sudokusat.Rule{{Kind: variant.PairSumLine, Cells: line}}}
			s := propagated(t, p)
			for _, c := range []struct {
				cell int
				want uint64
			}{{22, tc.r3c5}, {32, tc.r4c6}} {
				if s.cand[c.cell] != c.want {
					t.Errorf("%s: candidates %s, want %s", cellLabel(c.cell), candString(s.cand[c.cell]), candString(c.want))
				}
			}
		})
	}
}
