package search

import (
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// TestLookAndSayNarrows: propagation keeps a look-and-say clue's counts
// on its diagonal. On the 9×9 main diagonal, "13" with r1c1 a 3 takes the
// 3 from r5c5 and r9c9 (which share no house with r1c1), and "03" takes
// it from every cell. On the 4×4 main diagonal, "21" with r1c1 a 2 and
// r3c3 a 3 leaves the two 1s only r2c2 and r4c4.
func TestLookAndSayNarrows(t *testing.T) {
	d := digitMask
	all9 := d(1, 2, 3, 4, 5, 6, 7, 8, 9)
	for _, tc := range []struct {
		name   string
		n      int
		clue   string
		givens map[int]int
		want   map[int]uint64
	}{
		{"13", 9, "13", map[int]int{0: 3}, map[int]uint64{40: all9 &^ d(3), 80: all9 &^ d(3)}},
		{"03", 9, "03", nil, map[int]uint64{0: all9 &^ d(3), 40: all9 &^ d(3), 80: all9 &^ d(3)}},
		{"21", 4, "21", map[int]int{0: 2, 10: 3}, map[int]uint64{5: d(1), 15: d(1)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, _ := sudokusat.NewGridSize(tc.n)
			var cells []int
			for i := range tc.n {
				cells = append(cells, i*tc.n+i)
			}
			for c, v := range tc.givens {
				g.SetCell(c, v)
			}
			v, err := variant.ParseLookAndSay(tc.clue)
			if err != nil {
				t.Fatal(err)
			}
			p := &sudokusat.Puzzle{Grid: g, Rules: []sudokusat.Rule{{Kind: variant.LookAndSay, Cells: cells, Value: v}}}
			s := propagated(t, p)
			for c, want := range tc.want {
				if s.cand[c] != want {
					t.Errorf("r%dc%d: candidates %s, want %s", c/tc.n+1, c%tc.n+1, candString(s.cand[c]), candString(want))
				}
			}
		})
	}
}
