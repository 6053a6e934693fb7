package search

import (
	"fmt"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// TestFibonacciNarrows: propagation alone leaves each cell of a Fibonacci
// line the digits some sequence puts there, read from either end. On
// 9×9 a line of five holds 1 2 3 5 8 one way or the other; a line of
// three from a given 9 goes down, its other two digits summing to 9.
func TestFibonacciNarrows(t *testing.T) {
	d := digitMask
	for _, tc := range []struct {
		name  string
		cells []int
		given map[int]int
		want  []uint64 // each cell's candidates, in the line's order
	}{
		{"five", []int{0, 1, 2, 3, 4}, nil, []uint64{d(1, 8), d(2, 5), d(3), d(2, 5), d(1, 8)}},
		{"from a 9", []int{9, 10, 11}, map[int]int{9: 9}, []uint64{d(9), d(5, 6, 7, 8), d(1, 2, 3, 4)}},
		{"two", []int{18, 19}, map[int]int{18: 4}, []uint64{d(4), d(1, 2, 3, 5, 6, 7, 8, 9)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, _ := sudokusat.NewGridSize(9)
			for c, v := range tc.given {
				g.SetCell(c, v)
			}
			p := &sudokusat.Puzzle{Grid: g, Rules: []sudokusat.Rule{{Kind: variant.FibonacciLine, Cells: tc.cells}}}
			s := propagated(t, p)
			for i, c := range tc.cells {
				if s.cand[c] != tc.want[i] {
					t.Errorf("%s: candidates %s, want %s", cellLabel(c), candString(s.cand[c]), candString(tc.want[i]))
				}
			}
		})
	}
}

func cellLabel(c int) string { return fmt.Sprintf("r%dc%d", c/9+1, c%9+1) }

func candString(m uint64) string {
	s := ""
	for d := 1; m != 0; d, m = d+1, m>>1 {
		if m&1 != 0 {
			s += fmt.Sprint(d)
		}
	}
	return s
}
