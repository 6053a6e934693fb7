package encode

import (
	"math/bits"

	"github.com/sudokusat/sudokusat"
)

// refProp is the propagation reduced used before it was made linear: it
// rescans every unit for hidden singles until none is left, which is slow on
// large grids but plain enough to serve as the reference. It holds candidate sets for constraint propagation over a grid of any
// size: w words of bits per cell, bit d-1 for digit d.
type refProp struct {
	n, w, br, bc int
	units        []int32 // units[(kind*n+u)*n+k]: the k-th cell of unit u of a kind
	cand         []uint64
	val          []uint16
	queue        []int32 // open cells left with one candidate
	once, twice  []uint64
	full         []uint64
}

func newRefProp(g *sudokusat.Grid) *refProp {
	n := g.Size()
	w := (n + 63) / 64
	p := &refProp{n: n, w: w, br: g.BoxRows(), bc: g.BoxCols(),
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

func (p *refProp) set(cell int) []uint64 { return p.cand[cell*p.w : (cell+1)*p.w] }

func (p *refProp) has(cell, d int) bool {
	return p.cand[cell*p.w+(d-1)/64]&(1<<uint((d-1)%64)) != 0
}

// unit returns the cells of unit u of a kind (0 row, 1 column, 2 box).
func (p *refProp) unit(kind, u int) []int32 {
	i := (kind*p.n + u) * p.n
	return p.units[i : i+p.n]
}

func (p *refProp) cellOf(kind, u, k int) int {
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
func (p *refProp) run(g *sudokusat.Grid) bool {
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
func (p *refProp) assign(cell, d int) bool {
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
func (p *refProp) drain() bool {
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
func (p *refProp) hiddenSingles() (changed, ok bool) {
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
