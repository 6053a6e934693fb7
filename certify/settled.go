package certify

import (
	"math/bits"

	"github.com/sudokusat/sudokusat"
)

// settled returns the grid that unit propagation in p's extended encoding
// fixes from the givens, when it fixes every cell without a conflict, and
// nil otherwise. Propagation is sound, so that grid is then the puzzle's
// only solution, and the extended encoding with a clause blocking it is
// refuted by unit propagation alone: what a DRAT check of an empty proof
// establishes, without loading the formula into a checker.
//
// Unit propagation in the extended encoding (the variable of digit d in
// cell c for each c and d; each cell, and each digit in each row, column
// and box, at least one and at most one, pairwise; a unit clause per
// given) is, on the grid: a true variable makes false every other digit
// of its cell and its digit in every other cell of its row, column and
// box (the binary at-most-one clauses); a cell with one digit left, or a
// digit with one cell left in a row, column or box, makes that variable
// true (an at-least-one clause with one literal not false); a cell or a
// unit's digit with none left is a conflict. settled computes that
// closure with candidate masks, and shares no code with the encoder's
// propagation, whose result it stands in for checking.
//
// Grids larger than 64×64 are not settled here (nil): a mask is a uint64.
func settled(p *sudokusat.Grid) *sudokusat.Grid {
	n := p.Size()
	if n == 0 || n > 64 {
		return nil
	}
	br, bc := p.BoxRows(), p.BoxCols()
	full := ^uint64(0) >> (64 - n)
	cells := n * n
	cand := make([]uint64, cells) // bit d-1: digit d still possible
	for i := range cand {
		cand[i] = full
	}
	digit := make([]int8, cells) // the digit fixed, 0 for none
	// units lists the cells of each row, column and box, cut from one
	// array.
	units := make([][]int, 0, 3*n)
	all := make([]int, 3*n*n)
	for u := range n {
		row, col, box := all[3*u*n:][:n:n], all[(3*u+1)*n:][:n:n], all[(3*u+2)*n:][:n:n]
		for k := range n {
			row[k] = u*n + k
			col[k] = k*n + u
			r := (u/(n/bc))*br + k/bc
			c := (u%(n/bc))*bc + k%bc
			box[k] = r*n + c
		}
		units = append(units, row, col, box)
	}
	// peers of a cell: the units it lies in.
	unitsOf := make([][3]int, cells)
	for i, u := range units {
		for _, c := range u {
			unitsOf[c][i%3] = i
		}
	}

	var queue []int // cells fixed whose digit is not yet removed from peers
	fix := func(c, d int) bool {
		if digit[c] != 0 {
			return int(digit[c]) == d
		}
		if cand[c]&(1<<(d-1)) == 0 {
			return false
		}
		digit[c] = int8(d)
		cand[c] = 1 << (d - 1)
		queue = append(queue, c)
		return true
	}
	// The givens strike their digits out of their peers all at once,
	// through the digits each unit holds: most cells fixed are givens, and
	// striking each one's digit out of its peers one by one was most of
	// the time settled took.
	left := cells // cells not fixed
	placed := make([]uint64, 3*n)
	for c := range cells {
		d := p.Cell(c)
		if d == 0 {
			continue
		}
		bit := uint64(1) << (d - 1)
		for _, u := range unitsOf[c] {
			if placed[u]&bit != 0 {
				return nil // a digit given twice in a unit
			}
			placed[u] |= bit
		}
		digit[c] = int8(d)
		cand[c] = bit
		left--
	}
	for c := range cells {
		if digit[c] != 0 {
			continue
		}
		u := unitsOf[c]
		cand[c] = full &^ (placed[u[0]] | placed[u[1]] | placed[u[2]])
		switch bits.OnesCount64(cand[c]) {
		case 0:
			return nil
		case 1:
			fix(c, bits.TrailingZeros64(cand[c])+1)
		}
	}
	for {
		// The at-most-one clauses and the cells' at-least-one clauses.
		for len(queue) > 0 {
			c := queue[len(queue)-1]
			queue = queue[:len(queue)-1]
			left--
			bit := uint64(1) << (digit[c] - 1)
			for _, u := range unitsOf[c] {
				for _, q := range units[u] {
					if q == c || cand[q]&bit == 0 {
						continue
					}
					cand[q] &^= bit
					switch bits.OnesCount64(cand[q]) {
					case 0:
						return nil
					case 1:
						if !fix(q, bits.TrailingZeros64(cand[q])+1) {
							return nil
						}
					}
				}
			}
		}
		if left == 0 {
			break
		}
		// The units' at-least-one clauses: a digit in one cell of a unit
		// only is fixed there, a digit in none is a conflict.
		for _, u := range units {
			var once, twice, fixed uint64
			for _, q := range u {
				twice |= once & cand[q]
				once |= cand[q]
				if digit[q] != 0 {
					fixed |= cand[q]
				}
			}
			if once != full {
				return nil
			}
			// The digits of fixed cells are single too: nothing to do.
			for single := once &^ twice &^ fixed; single != 0; single &= single - 1 {
				bit := single & -single
				for _, q := range u {
					if cand[q]&bit != 0 {
						if !fix(q, bits.TrailingZeros64(bit)+1) {
							return nil
						}
						break
					}
				}
			}
		}
		if len(queue) == 0 {
			return nil // a fixpoint with cells open: search was needed
		}
	}
	g := p.Clone()
	for c := range cells {
		g.SetCell(c, int(digit[c]))
	}
	return g
}
