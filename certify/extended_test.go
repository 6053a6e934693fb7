package certify

import (
	"encoding/binary"
	"fmt"
	"slices"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
)

// TestExtendedClausesSubset compares extendedClauses with encode's extended
// encoding, two codes written apart: every clause it gives is a clause of the
// extended encoding (as many times at most), which is what makes a check
// from it sound, and every clause it leaves out is one it gives (a second
// copy) or holds a literal that the givens make true (a given, or the negation of a digit that a given in
// the same cell, row, column or box rules out), which is what keeps the
// proofs that the whole encoding passes passing.
func TestExtendedClausesSubset(t *testing.T) {
	empty6, err := sudokusat.NewGrid(2, 3) // 6×6, boxes of 2 rows and 3 columns
	if err != nil {
		t.Fatal(err)
	}
	six := empty6.Clone()
	six.SetCell(0, 1)
	six.SetCell(8, 4)
	six.SetCell(20, 6)
	clash := grid(t, inkala)
	clash.SetCell(1, 8) // beside the 8 of the first cell
	puzzles := map[string]*sudokusat.Grid{
		"inkala":    grid(t, inkala),
		"easy":      readGrid(t, "easy-sample.txt"),
		"16x16":     readGrid(t, "large-16.txt"),
		"25x25":     readGrid(t, "large-25.txt"),
		"6x6 empty": empty6,
		"6x6":       six,
		"clash":     clash,
	}
	var sorted []int32
	var b []byte
	key := func(c []int32) string {
		sorted = append(sorted[:0], c...)
		slices.Sort(sorted)
		b = b[:0]
		for _, x := range sorted {
			b = binary.LittleEndian.AppendUint32(b, uint32(x))
		}
		return string(b)
	}
	for name, g := range puzzles {
		t.Run(name, func(t *testing.T) {
			ext, err := encode.Puzzle(&sudokusat.Puzzle{Grid: g}, encode.Options{Encoding: "extended"})
			if err != nil {
				t.Fatal(err)
			}
			left := map[string]int{} // the extended clauses not given yet
			var all [][]int32
			for c := range ext.Clauses() {
				left[key(c)]++
				all = append(all, slices.Clone(c))
			}
			given := map[string]bool{}
			nGiven := 0
			err = extendedClauses(g, adderFunc(func(lits ...int32) error {
				nGiven++
				k := key(lits)
				given[k] = true
				if left[k] == 0 {
					return fmt.Errorf("clause %v is not a clause of the extended encoding (or is given too often)", lits)
				}
				left[k]--
				return nil
			}))
			if err != nil {
				t.Fatal(err)
			}
			n := g.Size()
			peers := func(a, b int) bool {
				ra, ca, rb, cb := a/n, a%n, b/n, b%n
				return ra == rb || ca == cb ||
					(ra/g.BoxRows() == rb/g.BoxRows() && ca/g.BoxCols() == cb/g.BoxCols())
			}
			// ruledOut[cell·n + d-1]: a given rules digit d out of cell.
			ruledOut := make([]bool, n*n*n)
			for cell := range n * n {
				for q := range n * n {
					if d := g.Cell(q); d != 0 && q != cell && peers(q, cell) {
						ruledOut[cell*n+d-1] = true
					}
				}
				for d := 1; d <= n; d++ {
					if x := g.Cell(cell); x != 0 {
						ruledOut[cell*n+d-1] = x != d
					}
				}
			}
			for _, c := range all {
				k := key(c)
				if left[k] == 0 || given[k] {
					continue // given (a copy of it, for a clause the formula has twice)
				}
				left[k]--
				sat := false
				for _, x := range c {
					cell, d := int((abs32(x)-1))/n, int((abs32(x)-1))%n+1
					if x > 0 && g.Cell(cell) == d || x < 0 && ruledOut[cell*n+d-1] {
						sat = true
					}
				}
				if !sat {
					t.Fatalf("clause %v left out, but the givens do not satisfy it", c)
				}
			}
			t.Logf("%d of the extended encoding's %d clauses", nGiven, ext.NumClauses())
		})
	}
}

// adderFunc is a clauseAdder that gives every clause, binary or not, to
// the function.
type adderFunc func(lits ...int32) error

func (f adderFunc) Clause(lits ...int32) error { return f(lits...) }
func (f adderFunc) Binary(a, b int32) error    { return f(a, b) }
