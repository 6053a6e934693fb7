package encode

import (
	"context"
	"slices"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// TestRomanCagesSupports: unit propagation on a Roman numeral cage rule's
// clauses alone (on an empty 9×9 grid, with some digits given) leaves each
// cell the digits of some pair of numbers that sums to the value, and no
// other: the carry out of the last column counts (13 from one cell each is
// 4+9 … 9+4, not 1+2), a given first digit fixes the other number's, and a
// value no pair reaches is a contradiction.
func TestRomanCagesSupports(t *testing.T) {
	all := []int{1, 2, 3, 4, 5, 6, 7, 8, 9}
	for _, tc := range []struct {
		name  string
		a, b  []int // the cages, cells of the first rows
		value int
		given map[int]int
		want  map[int][]int // the digits left in cells; nil for a contradiction
	}{
		{"XVII from one cell each", []int{0}, []int{1}, 17, nil, map[int][]int{0: {8, 9}, 1: {8, 9}}},
		{"XIII from one cell each", []int{0}, []int{1}, 13, nil, map[int][]int{0: {4, 5, 6, 7, 8, 9}, 1: {4, 5, 6, 7, 8, 9}}},
		{"III from one cell each", []int{0}, []int{1}, 3, nil, map[int][]int{0: {1, 2}, 1: {1, 2}}},
		{"C from two cells each, 1 given", []int{0, 1}, []int{2, 3}, 100, map[int]int{0: 1}, map[int][]int{1: all, 2: {8}, 3: all}},
		{"C from two cells each, 9 given", []int{0, 1}, []int{2, 3}, 100, map[int]int{3: 9}, map[int][]int{0: {1, 2, 3, 4, 5, 6, 7, 8}, 1: {1}, 2: {1, 2, 3, 4, 5, 6, 7, 8}}},
		{"CXXX from three cells and one", []int{0, 1, 2}, []int{11}, 130, nil, map[int][]int{0: {1}, 1: {2}, 2: all, 11: all}},
		{"M from two cells each", []int{0, 1}, []int{2, 3}, 1000, nil, nil},
		{"I from one cell each", []int{0}, []int{1}, 1, nil, nil},
	} {
		{
			g, _ := sudokusat.NewGridSize(9)
			v := &venc{f: &Formula{Vars: 9 * 9 * 9}, p: &sudokusat.Puzzle{Grid: g}, n: 9, sums: SumClauses, ctx: context.Background()}
			rule := sudokusat.Rule{Kind: variant.RomanCages, Cells: []int{tc.a[len(tc.a)-1], tc.b[0]}, Lines: [][]int{tc.a, tc.b}, Value: tc.value}
			if err := v.romanCages(rule); err != nil {
				t.Fatal(err)
			}
			for c, g := range tc.given {
				for d := 1; d <= 9; d++ {
					if d != g {
						v.clause(-v.x(c, d))
					}
				}
			}
			u := newUnitProp(v.f)
			if ok := u.run(); ok != (tc.want != nil) {
				t.Errorf("%s: propagation ends %v, want %v", tc.name, ok, tc.want != nil)
				continue
			}
			for c, want := range tc.want {
				for d := 1; d <= 9; d++ {
					if left := u.value(v.x(c, d)) != -1; left != slices.Contains(want, d) {
						t.Errorf("%s: cell %d, digit %d left %v, want %v", tc.name, c+1, d, left, !left)
					}
				}
			}
		}
	}
}
