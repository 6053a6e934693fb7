package explain

import (
	"math/bits"
	"slices"

	"github.com/sudokusat/sudokusat/encode"
)

// The direct hints of Sudoku Explainer: an intersection or a hidden set
// that is worth a step only because its removals leave a hidden single at
// once, which the step places. They rate below the plain techniques
// (pointing 2.6, hidden pair 3.4): a solver who sees the single sees the
// reason with it. As in Sudoku Explainer, the step concludes the
// placement alone: the intersection's or the set's own removals are left
// for a later step to find, if one needs them.
const (
	DirectPointing     = "direct-pointing"
	DirectClaiming     = "direct-claiming"
	DirectHiddenPair   = "direct-hidden-pair"
	DirectHiddenTriple = "direct-hidden-triple"
)

// positions returns the open cells of h that may hold d, or nil when d is
// placed in h.
func (e *explainer) positions(h house, d int) []int {
	var out []int
	for _, c := range h.cells {
		if e.s.placed[c] == d {
			return nil
		}
		if e.s.placed[c] == 0 && e.s.cand[c]&bit(d) != 0 {
			out = append(out, c)
		}
	}
	return out
}

// emptyCells counts the open cells of h.
func (e *explainer) emptyCells(h house) int {
	k := 0
	for _, c := range h.cells {
		if e.s.placed[c] == 0 {
			k++
		}
	}
	return k
}

// directLocked finds a pointing (from a box into a line) or a claiming
// (from a line into a box) whose removals leave d one place in a third
// house of the first one's kind: it places d there (direct pointing 1.7,
// direct claiming 1.9).
func (e *explainer) directLocked() *Step {
	for _, pointing := range []bool{true, false} {
		for d := 1; d <= e.b.n; d++ {
			for _, fi := range e.b.order {
				from := e.b.houses[fi]
				if !from.full || (from.ref.Kind == encode.PartRegion) != pointing {
					continue
				}
				where := e.positions(from, d)
				if len(where) < 2 {
					continue
				}
				for _, ti := range e.b.order {
					to := e.b.houses[ti]
					if ti == fi || (to.ref.Kind == encode.PartRegion) == pointing || !containsAll(to.cells, where) {
						continue
					}
					var out []int
					for _, c := range to.cells {
						if !slices.Contains(from.cells, c) && e.s.placed[c] == 0 && e.s.cand[c]&bit(d) != 0 {
							out = append(out, c)
						}
					}
					if len(out) == 0 {
						continue
					}
					for _, ri := range e.b.order {
						third := e.b.houses[ri]
						if ri == fi || !third.full || third.ref.Kind != from.ref.Kind {
							continue
						}
						pos := e.positions(third, d)
						if len(pos) < 2 {
							continue
						}
						keep := minus(pos, out)
						if len(keep) != 1 {
							continue
						}
						c := keep[0]
						name, rating := DirectClaiming, 1.9
						if pointing {
							name, rating = DirectPointing, 1.7
						}
						st := e.place(name, rating, c, d)
						st.Cells = append(slices.Clone(where), c)
						st.Refs = addRef(addRef(addRef(st.Refs, from.ref), to.ref), third.ref)
						st.Premises = e.s.facts(minus(from.cells, to.cells), bit(d))
						st.Premises = append(st.Premises, e.s.facts(minus(without(third.cells, c), to.cells), bit(d))...)
						st.Premises = dedupeFacts(st.Premises)
						return st
					}
				}
			}
		}
	}
	return nil
}

// directHidden finds k digits of a house with k places between them
// whose removals leave another digit of the house one place: it places
// that digit (direct hidden pair 2.0, triple 2.5). Like Sudoku
// Explainer, it looks only in houses with more than k open cells.
func (e *explainer) directHidden(k int) *Step {
	name, rating := DirectHiddenPair, 2.0
	if k == 3 {
		name, rating = DirectHiddenTriple, 2.5
	}
	for _, hi := range e.b.order {
		h := e.b.houses[hi]
		if !h.full || e.emptyCells(h) <= k {
			continue
		}
		where := e.where(h)
		var free []int
		for d := 1; d <= e.b.n; d++ {
			if c := count(where[d]); c >= 2 && c <= k {
				free = append(free, d)
			}
		}
		var st *Step
		combinations(len(free), k, func(idx []int) bool {
			var cellMask, dm uint64
			for _, j := range idx {
				cellMask |= where[free[j]]
				dm |= bit(free[j])
			}
			if count(cellMask) != k {
				return true
			}
			for v := 1; v <= e.b.n; v++ {
				if dm&bit(v) != 0 || count(where[v]) < 2 || count(where[v]&^cellMask) != 1 {
					continue
				}
				cells := maskCells(h, cellMask)
				c := h.cells[bits.TrailingZeros64(where[v]&^cellMask)]
				st = e.place(name, rating, c, v)
				st.Cells = append(cells, c)
				st.Refs = addRef(st.Refs, h.ref)
				st.Premises = e.s.facts(minus(h.cells, cells), dm)
				st.Premises = append(st.Premises, e.s.facts(minus(without(h.cells, c), cells), bit(v))...)
				st.Premises = dedupeFacts(st.Premises)
				return false
			}
			return true
		})
		if st != nil {
			return st
		}
	}
	return nil
}

// where returns, for each digit not placed in h, the mask of h's cells
// (by index in h) that may hold it; 0 for a digit placed in h.
func (e *explainer) where(h house) []uint64 {
	where := make([]uint64, e.b.n+1)
	for d := 1; d <= e.b.n; d++ {
		for i, c := range h.cells {
			if e.s.placed[c] == d {
				where[d] = 0
				break
			}
			if e.s.placed[c] == 0 && e.s.cand[c]&bit(d) != 0 {
				where[d] |= 1 << i
			}
		}
	}
	return where
}

// maskCells returns the cells of h that a mask of indexes in h names.
func maskCells(h house, m uint64) []int {
	var out []int
	for ; m != 0; m &= m - 1 {
		out = append(out, h.cells[bits.TrailingZeros64(m)])
	}
	return out
}

// dedupeFacts drops repeated facts, keeping the first of each.
func dedupeFacts(fs []Fact) []Fact {
	var out []Fact
	for _, f := range fs {
		if !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out
}
