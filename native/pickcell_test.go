package native

import (
	"math/rand/v2"
	"testing"

	"github.com/sudokusat/sudokusat/internal/grouptable"
)

// fullScan is pickCell without its early stop: the first open cell, in
// the scan's order from start, with the fewest candidates for its units'
// weight.
func fullScan(s *general, start int) int {
	n := s.n
	cell, k, wk := -1, int32(n+1), uint32(1)
	open := s.openList[:s.open]
	for j := range open {
		c := int(open[(j+start)%len(open)])
		wd := s.wdeg[c/n] + s.wdeg[n+c%n] + s.wdeg[2*n+int(s.boxOf[c])]
		if uint64(s.ncand[c])*uint64(wk) < uint64(k)*uint64(wd) {
			cell, k, wk = c, s.ncand[c], wd
		}
	}
	return cell
}

// TestPickCellStopsExactly walks down shuffled pattern grids with many
// cells open, the units' weights drawn at random at each step, and checks
// that pickCell, which stops its scan early, picks the cell the full scan
// picks, and that the counts of cells by candidates (nwith) stay true
// through placements and undos.
func TestPickCellStopsExactly(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 7))
	for _, box := range [][2]int{{2, 3}, {3, 3}, {4, 4}, {5, 5}, {6, 6}} {
		full, err := grouptable.Shuffled(box[0], box[1], rng)
		if err != nil {
			t.Fatal(err)
		}
		g := full.Clone()
		for _, cell := range rng.Perm(g.Len())[:g.Len()*2/3] {
			g.SetCell(cell, 0)
		}
		s, ok := newGeneralUntil(g, nil)
		if !ok || !s.propagate() {
			t.Fatalf("%d×%d: no start", g.Size(), g.Size())
		}
		s.trailing = true
		picks := 0
		for s.open > 0 {
			for u := range s.wdeg {
				s.wdeg[u] = 1 + uint32(rng.IntN(3))*uint32(rng.IntN(2))
			}
			if rng.IntN(4) == 0 {
				for u := range s.wdeg {
					s.wdeg[u] = 1 // every cell weighs alike: the stop comes soonest
				}
			}
			start := 0
			s.rng = nil
			if rng.IntN(2) == 0 {
				// pickCell draws its start from s.rng; draw it the same way.
				seed := rng.Uint64()
				s.rng = rand.New(rand.NewPCG(seed, 1))
				start = rand.New(rand.NewPCG(seed, 1)).IntN(s.open)
			}
			want := fullScan(s, start)
			if got := s.pickCell(); got != want {
				t.Fatalf("%d×%d, %d open: pickCell %d, the full scan %d", g.Size(), g.Size(), s.open, got, want)
			}
			picks++
			checkNwith(t, s)
			// Place the solution's digit; now and then undo it first and
			// place it again, so that undo's counts are checked too.
			d := full.Cell(want) - 1
			mark := len(s.trail)
			if !s.place(want, d) || !s.propagate() {
				t.Fatalf("%d×%d: the solution's digit failed at cell %d", g.Size(), g.Size(), want)
			}
			if rng.IntN(3) == 0 {
				s.undo(mark)
				checkNwith(t, s)
				if !s.place(want, d) || !s.propagate() {
					t.Fatal("the solution's digit failed after an undo")
				}
			}
		}
		if picks == 0 {
			t.Fatalf("%d×%d: no cell picked", g.Size(), g.Size())
		}
	}
}

// checkNwith fails unless nwith counts the cells by their candidates.
func checkNwith(t *testing.T, s *general) {
	t.Helper()
	want := make([]int32, len(s.nwith))
	for _, k := range s.ncand {
		want[k]++
	}
	for k := range want {
		if want[k] != s.nwith[k] {
			t.Fatalf("cells with %d candidates: nwith says %d, there are %d", k, s.nwith[k], want[k])
		}
	}
}
