package search

import (
	"math/rand/v2"
	"testing"

	"github.com/sudokusat/sudokusat"
)

// TestDifferenceNarrows holds the propagators of difference arrows and
// region difference lines to their rules on random candidates of a 9×9
// grid's cells, read alone (digits may repeat, as the propagators do not
// know the peers): each cell keeps exactly the digits it takes in some
// filling of the candidates that keeps the rule, and a rule that no
// filling keeps is refused. For an arrow the cells are the circle and
// its line; for a line, its segments' pairs in order, 2 to 4 of them.
// Some rules must be narrowed, and some refused.
func TestDifferenceNarrows(t *testing.T) {
	const n = 9
	for _, tc := range []struct {
		name  string
		size  func(i int) int // the cells of the i-th rule
		fn    func(s *state, p *prop) bool
		keeps func(ds []int) bool
	}{
		{"difference arrow", func(int) int { return 3 }, differenceArrowNarrow,
			func(ds []int) bool { return max(ds[1]-ds[2], ds[2]-ds[1]) == ds[0] }},
		{"region difference line", func(i int) int { return 4 + 2*(i%3) }, regionDifferenceNarrow,
			func(ds []int) bool {
				for j := 2; j < len(ds); j += 2 {
					if max(ds[j]-ds[j+1], ds[j+1]-ds[j]) != max(ds[0]-ds[1], ds[1]-ds[0]) {
						return false
					}
				}
				return true
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(5, 11))
			g, _ := sudokusat.NewGridSize(n)
			m, err := compile(bg, &sudokusat.Puzzle{Grid: g}, maxCombos)
			if err != nil {
				t.Fatal(err)
			}
			narrowed, refused := 0, 0
			for i := range 600 {
				k := tc.size(i)
				s := newState(m, make(chan struct{}))
				cells := make([]int32, k)
				before := make([]uint64, k)
				for j := range cells {
					cells[j] = int32(j)
					for before[j] == 0 {
						before[j] = rng.Uint64() & (1<<n - 1) & rng.Uint64() // about a quarter of the digits
					}
					s.cand[j] = before[j]
				}
				support := make([]uint64, k)
				ds := make([]int, k)
				var fill func(j int)
				fill = func(j int) {
					if j == k {
						if tc.keeps(ds) {
							for x, d := range ds {
								support[x] |= 1 << (d - 1)
							}
						}
						return
					}
					for d := 1; d <= n; d++ {
						if before[j]&(1<<(d-1)) != 0 {
							ds[j] = d
							fill(j + 1)
						}
					}
				}
				fill(0)
				ok := tc.fn(s, &prop{cells: cells})
				if some := support[0] != 0; ok != some {
					t.Fatalf("candidates %v: the propagator says %v, the fillings %v", masks(before), ok, some)
				}
				if !ok {
					refused++
					continue
				}
				changed := false
				for j, c := range cells {
					if s.cand[c] != support[j] {
						t.Fatalf("candidates %v: cell %d keeps %v, the fillings use %v", masks(before), j, masks([]uint64{s.cand[c]}), masks([]uint64{support[j]}))
					}
					changed = changed || s.cand[c] != before[j]
				}
				if changed {
					narrowed++
				}
			}
			if narrowed == 0 || refused == 0 {
				t.Errorf("%d rules narrowed, %d refused: want some of each", narrowed, refused)
			}
		})
	}
}
