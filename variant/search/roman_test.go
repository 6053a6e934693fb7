package search

import (
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// TestRomanNarrows: propagation of a Roman numeral cage rule leaves each
// cell the digits of some pair of numbers summing to the value, the carry
// out of the last column counted. r1c1 | r1c2 of XIII are 4 to 9 (not 1
// and 2, whose sum 3 ends the same); r1c1 r1c2 | r1c3 r1c4 of C with r1c1
// given 1 leave r1c3 the 8 (1b + 8(10−b) = 100).
func TestRomanNarrows(t *testing.T) {
	d := digitMask
	for _, tc := range []struct {
		name  string
		a, b  []int
		value int
		given map[int]int
		want  map[int]uint64
	}{
		{"XIII", []int{0}, []int{1}, 13, nil, map[int]uint64{0: d(4, 5, 6, 7, 8, 9), 1: d(4, 5, 6, 7, 8, 9)}},
		{"XIII, 4 given", []int{0}, []int{1}, 13, map[int]int{0: 4}, map[int]uint64{1: d(9)}},
		{"C, 1 given", []int{0, 1}, []int{2, 3}, 100, map[int]int{0: 1}, map[int]uint64{2: d(8)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, _ := sudokusat.NewGridSize(9)
			for c, v := range tc.given {
				g.SetCell(c, v)
			}
			rule := sudokusat.Rule{Kind: variant.RomanCages, Cells: []int{tc.a[len(tc.a)-1], tc.b[0]}, Lines: [][]int{tc.a, tc.b}, Value: tc.value}
			s := propagated(t, &sudokusat.Puzzle{Grid: g, Rules: []sudokusat.Rule{rule}})
			for c, want := range tc.want {
				if s.cand[c] != want {
					t.Errorf("%s: candidates %s, want %s", cellLabel(c), candString(s.cand[c]), candString(want))
				}
			}
		})
	}
}
