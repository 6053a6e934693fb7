package encode

import (
	"math/bits"

	"github.com/sudokusat/sudokusat"
)

// prop propagates naked and hidden singles over a grid of any size in time
// linear in the grid's candidates (n³ for side n): every removal of a
// candidate updates two counters, the cell's candidates left and, for each of
// the cell's three units, the places left for the digit, and a counter that
// falls to one queues its single. Nothing rescans a unit to find singles;
// placing a digit walks its cell's 3n peers once, and a hidden single walks
// its unit once to find its cell.
//
// Naked and hidden singles only ever remove candidates, and a single stays a
// single as candidates go, so the fixpoint reached is the same in any order
// of deduction, and so is the verdict of contradiction.
type prop struct {
	n, w, br, bc int
	units        []int32  // units[u*n+k]: the k-th cell of unit u (rows 0..n-1, columns n..2n-1, boxes 2n..3n-1)
	cand         []uint64 // w words per cell, bit d-1 for digit d
	val          []uint16 // the digit placed in a cell, 0 while open
	left         []int32  // left[cell]: the cell's candidates
	places       []int32  // places[u*n+d-1]: the cells of unit u that can hold d
	naked        []int32  // open cells left with one candidate
	hidden       []int32  // u*n+d-1 for a digit d left with one place in unit u
}

func newProp(g *sudokusat.Grid) *prop {
	n := g.Size()
	w := (n + 63) / 64
	p := &prop{n: n, w: w, br: g.BoxRows(), bc: g.BoxCols(),
		units: make([]int32, 3*n*n), cand: make([]uint64, n*n*w),
		val: make([]uint16, n*n), left: make([]int32, n*n), places: make([]int32, 3*n*n)}
	for kind := 0; kind < 3; kind++ {
		for u := 0; u < n; u++ {
			for k := 0; k < n; k++ {
				p.units[(kind*n+u)*n+k] = int32(p.cellOf(kind, u, k))
			}
		}
	}
	full := p.cand[:w]
	for d := 0; d < n; d++ {
		full[d/64] |= 1 << uint(d%64)
	}
	for cell := 1; cell < n*n; cell++ {
		copy(p.set(cell), full)
	}
	for i := range p.left {
		p.left[i] = int32(n)
	}
	for i := range p.places {
		p.places[i] = int32(n)
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

// unitsOf returns the indexes of cell's row, column and box in units.
func (p *prop) unitsOf(cell int) [3]int {
	n := p.n
	r, c := cell/n, cell%n
	return [3]int{r, n + c, 2*n + (r/p.br)*(n/p.bc) + c/p.bc}
}

// run places the givens and propagates; false means a contradiction.
func (p *prop) run(g *sudokusat.Grid) bool {
	for cell := 0; cell < g.Len(); cell++ {
		if d := g.Cell(cell); d != 0 && !p.assign(cell, d) {
			return false
		}
	}
	return p.drain()
}

// remove takes d from cell's candidates, queueing the singles it makes;
// false means a cell or a unit's digit has no place left.
func (p *prop) remove(cell, d int) bool {
	i, bit := cell*p.w+(d-1)/64, uint64(1)<<uint((d-1)%64)
	if p.cand[i]&bit == 0 {
		return true
	}
	p.cand[i] &^= bit
	p.left[cell]--
	switch p.left[cell] {
	case 0:
		return false
	case 1:
		if p.val[cell] == 0 {
			p.naked = append(p.naked, int32(cell))
		}
	}
	for _, u := range p.unitsOf(cell) {
		k := u*p.n + d - 1
		p.places[k]--
		switch p.places[k] {
		case 0:
			return false
		case 1:
			p.hidden = append(p.hidden, int32(k))
		}
	}
	return true
}

// assign places d in cell: the cell's other candidates go, and d goes from
// the cell's peers.
func (p *prop) assign(cell, d int) bool {
	if v := int(p.val[cell]); v != 0 {
		return v == d
	}
	if !p.has(cell, d) {
		return false
	}
	p.val[cell] = uint16(d)
	for i, word := range p.set(cell) {
		if i == (d-1)/64 {
			word &^= 1 << uint((d-1)%64)
		}
		for word != 0 {
			e := i*64 + bits.TrailingZeros64(word) + 1
			word &= word - 1
			if !p.remove(cell, e) {
				return false
			}
		}
	}
	// A peer that holds d as its placed digit loses its last candidate
	// here, which remove reports.
	for _, u := range p.unitsOf(cell) {
		for _, q := range p.units[u*p.n : (u+1)*p.n] {
			if int(q) != cell && !p.remove(int(q), d) {
				return false
			}
		}
	}
	return true
}

// drain places queued naked and hidden singles until none are left.
func (p *prop) drain() bool {
	for len(p.naked) > 0 || len(p.hidden) > 0 {
		if m := len(p.naked); m > 0 {
			q := int(p.naked[m-1])
			p.naked = p.naked[:m-1]
			if p.val[q] != 0 {
				continue
			}
			d := 0
			for i, word := range p.set(q) {
				if word != 0 {
					d = i*64 + bits.TrailingZeros64(word) + 1
					break
				}
			}
			if !p.assign(q, d) {
				return false
			}
			continue
		}
		k := int(p.hidden[len(p.hidden)-1])
		p.hidden = p.hidden[:len(p.hidden)-1]
		u, d := k/p.n, k%p.n+1
		// places only falls, and falling to zero stopped the run, so d
		// still has exactly one place in u.
		for _, q := range p.units[u*p.n : (u+1)*p.n] {
			if p.has(int(q), d) {
				if !p.assign(int(q), d) {
					return false
				}
				break
			}
		}
	}
	return true
}
