package encode

import (
	"math/bits"

	"github.com/sudokusat/sudokusat"
)

// Reduced is the reduced encoding (after Kwon & Jain 2006): the givens are
// propagated first, naked and hidden singles to a fixpoint, and only the
// candidates that survive become variables, numbered densely in cell order.
// Each open cell gets exactly-one over its candidates and each digit not yet
// placed in a row, column or box gets exactly-one over the cells that can
// still hold it. At-most-one is pairwise for groups of fewer than 16
// literals, where a box pair already covered by its row or column is not
// repeated, and the product encoding for larger groups (see
// productThreshold): its auxiliary variables are numbered after the
// candidates, so Cands still maps variables 1..len(Cands) and Vars may
// exceed it. When propagation alone proves the puzzle unsolvable the formula
// is the contradiction (x1) ∧ (¬x1); when it solves the puzzle the formula
// has no variables and Fixed is the solution.
func Reduced(g *sudokusat.Grid) (*Formula, error) {
	return reduced(g, productThreshold)
}

// reduced is Reduced with the product encoding from groups of threshold
// literals up; tests lower it to reach the product encoding on small grids.
func reduced(g *sudokusat.Grid, threshold int) (*Formula, error) {
	p := newProp(g)
	ok := p.run(g)
	f := &Formula{VarMap: VarMap{Encoding: "reduced", Puzzle: g.Clone(), Cands: []Cand{}}}
	if !ok {
		f.Fixed = g.Clone()
		f.Vars = 1
		f.Add(1)
		f.Add(-1)
		return f, nil
	}
	f.Fixed = g.Clone()
	n := p.n
	base := make([]int32, n*n)
	for cell := range base {
		if d := p.val[cell]; d != 0 {
			f.Fixed.SetCell(cell, int(d))
			continue
		}
		base[cell] = int32(len(f.Cands))
		s := p.set(cell)
		for i, word := range s {
			for word != 0 {
				b := bits.TrailingZeros64(word)
				word &= word - 1
				f.Cands = append(f.Cands, Cand{Cell: int32(cell), Digit: int16(i*64 + b + 1)})
			}
		}
	}
	f.Vars = len(f.Cands)

	// gather lists, for each digit, the variables and cells of one unit's
	// open cells that can hold it, walking each cell's candidates in
	// order so that the k-th candidate is variable base+k+1.
	vars := make([][]int32, n)
	cellsOf := make([][]int32, n)
	gather := func(cells []int32) {
		for d := range vars {
			vars[d], cellsOf[d] = vars[d][:0], cellsOf[d][:0]
		}
		for _, c := range cells {
			if p.val[c] != 0 {
				continue
			}
			v := base[c]
			for i, word := range p.set(int(c)) {
				for word != 0 {
					d := i*64 + bits.TrailingZeros64(word)
					word &= word - 1
					v++
					vars[d] = append(vars[d], v)
					cellsOf[d] = append(cellsOf[d], c)
				}
			}
		}
	}
	// Size the literal buffer, counting box pairs as if none were skipped:
	// one allocation for the whole formula.
	size := 0
	for cell := 0; cell < n*n; cell++ {
		if p.val[cell] == 0 {
			k := popcount(p.set(cell))
			size += k + 1 + amoLits(k, threshold)
		}
	}
	for ui := 0; ui < 3*n; ui++ {
		gather(p.unit(ui/n, ui%n))
		for _, vs := range vars {
			if m := len(vs); m > 0 {
				size += m + 1 + amoLits(m, threshold)
			}
		}
	}
	f.lits = make([]int32, 0, size)

	lits := make([]int32, 0, n)
	for cell := 0; cell < n*n; cell++ {
		if p.val[cell] == 0 {
			lits = lits[:0]
			for k := 0; k < popcount(p.set(cell)); k++ {
				lits = append(lits, base[cell]+int32(k)+1)
			}
			f.Add(lits...)
			f.amo(lits, threshold)
		}
	}
	for ui := 0; ui < 3*n; ui++ {
		kind := ui / n
		gather(p.unit(kind, ui%n))
		for d, vs := range vars {
			if len(vs) == 0 {
				continue
			}
			f.Add(vs...)
			if len(vs) >= threshold {
				// The product encoding covers the whole group; the pairs
				// its row or column also forbids are cheap to repeat.
				f.productAMO(vs)
				continue
			}
			cs := cellsOf[d]
			for i := range vs {
				for j := i + 1; j < len(vs); j++ {
					a, b := int(cs[i]), int(cs[j])
					if kind == 2 && (a/n == b/n || a%n == b%n) {
						continue // the row or column clause has this pair
					}
					f.Add(-vs[i], -vs[j])
				}
			}
		}
	}
	return f, nil
}

// prop holds candidate sets for constraint propagation over a grid of any
// size: w words of bits per cell, bit d-1 for digit d.
type prop struct {
	n, w, br, bc int
	units        []int32 // units[(kind*n+u)*n+k]: the k-th cell of unit u of a kind
	cand         []uint64
	val          []uint16
	queue        []int32 // open cells left with one candidate
	once, twice  []uint64
	full         []uint64
}

func newProp(g *sudokusat.Grid) *prop {
	n := g.Size()
	w := (n + 63) / 64
	p := &prop{n: n, w: w, br: g.BoxRows(), bc: g.BoxCols(),
		cand: make([]uint64, n*n*w), val: make([]uint16, n*n),
		once: make([]uint64, w), twice: make([]uint64, w), full: make([]uint64, w)}
	for d := 0; d < n; d++ {
		p.full[d/64] |= 1 << uint(d%64)
	}
	p.units = make([]int32, 3*n*n)
	for kind := 0; kind < 3; kind++ {
		for u := 0; u < n; u++ {
			for k := 0; k < n; k++ {
				p.units[(kind*n+u)*n+k] = int32(p.cellOf(kind, u, k))
			}
		}
	}
	for cell := 0; cell < n*n; cell++ {
		copy(p.set(cell), p.full)
	}
	return p
}

func (p *prop) set(cell int) []uint64 { return p.cand[cell*p.w : (cell+1)*p.w] }

func (p *prop) has(cell, d int) bool {
	return p.cand[cell*p.w+(d-1)/64]&(1<<uint((d-1)%64)) != 0
}

// unit returns the cells of unit u of a kind (0 row, 1 column, 2 box).
func (p *prop) unit(kind, u int) []int32 {
	i := (kind*p.n + u) * p.n
	return p.units[i : i+p.n]
}

func (p *prop) cellOf(kind, u, k int) int {
	n := p.n
	switch kind {
	case 0:
		return u*n + k
	case 1:
		return k*n + u
	}
	boxesPerRow := n / p.bc
	r := (u/boxesPerRow)*p.br + k/p.bc
	c := (u%boxesPerRow)*p.bc + k%p.bc
	return r*n + c
}

// run places the givens and propagates; false means a contradiction.
func (p *prop) run(g *sudokusat.Grid) bool {
	for cell := 0; cell < g.Len(); cell++ {
		if d := g.Cell(cell); d != 0 && !p.assign(cell, d) {
			return false
		}
	}
	for {
		if !p.drain() {
			return false
		}
		changed, ok := p.hiddenSingles()
		if !ok {
			return false
		}
		if !changed {
			return true
		}
	}
}

// assign places d in cell and removes d from the cell's peers, queueing
// peers left with a single candidate.
func (p *prop) assign(cell, d int) bool {
	if v := int(p.val[cell]); v != 0 {
		return v == d
	}
	if !p.has(cell, d) {
		return false
	}
	p.val[cell] = uint16(d)
	s := p.set(cell)
	clear(s)
	s[(d-1)/64] = 1 << uint((d-1)%64)
	n := p.n
	box := (cell/n/p.br)*(n/p.bc) + (cell%n)/p.bc
	for kind, u := range [3]int{cell / n, cell % n, box} {
		for _, q32 := range p.unit(kind, u) {
			q := int(q32)
			if q == cell || !p.has(q, d) {
				continue
			}
			if p.val[q] != 0 {
				return false // a placed peer holds d
			}
			p.cand[q*p.w+(d-1)/64] &^= 1 << uint((d-1)%64)
			switch popcount(p.set(q)) {
			case 0:
				return false
			case 1:
				p.queue = append(p.queue, int32(q))
			}
		}
	}
	return true
}

// drain assigns queued naked singles until none are left.
func (p *prop) drain() bool {
	for len(p.queue) > 0 {
		q := int(p.queue[len(p.queue)-1])
		p.queue = p.queue[:len(p.queue)-1]
		if p.val[q] != 0 {
			continue
		}
		s := p.set(q)
		d := 0
		for i, word := range s {
			if word != 0 {
				d = i*64 + bits.TrailingZeros64(word) + 1
				break
			}
		}
		if d == 0 || !p.assign(q, d) {
			return false
		}
	}
	return true
}

// hiddenSingles places every digit that has one possible cell left in some
// unit, and reports whether it placed any. A digit with no cell left in a
// unit is a contradiction.
func (p *prop) hiddenSingles() (changed, ok bool) {
	n, w := p.n, p.w
	placed := make([]uint64, w)
	for kind := 0; kind < 3; kind++ {
		for u := 0; u < n; u++ {
			cells := p.unit(kind, u)
			clear(p.once)
			clear(p.twice)
			clear(placed)
			for _, c := range cells {
				s := p.set(int(c))
				for i := 0; i < w; i++ {
					p.twice[i] |= p.once[i] & s[i]
					p.once[i] |= s[i]
				}
				if d := int(p.val[c]); d != 0 {
					placed[(d-1)/64] |= 1 << uint((d-1)%64)
				}
			}
			for i := 0; i < w; i++ {
				if p.once[i] != p.full[i] {
					return changed, false
				}
			}
			for i := 0; i < w; i++ {
				single := p.once[i] &^ p.twice[i] &^ placed[i]
				for single != 0 {
					b := bits.TrailingZeros64(single)
					single &= single - 1
					d := i*64 + b + 1
					// Placing earlier singles may have taken d's last
					// cell in this unit: that is a contradiction too.
					q := -1
					for _, c := range cells {
						if p.has(int(c), d) {
							q = int(c)
							break
						}
					}
					if q < 0 {
						return changed, false
					}
					if p.val[q] == 0 {
						if !p.assign(q, d) || !p.drain() {
							return changed, false
						}
						changed = true
					}
				}
			}
		}
	}
	return changed, true
}
