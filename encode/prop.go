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
	unitOf       []int32  // unitOf[3*cell+k]: n times the unit of the cell's row, column (k=1) or box (k=2)
	done         []uint64 // bit d-1 of unit u's w words: d is placed in u
	naked        []int32  // open cells left with one candidate
	hidden       []int32  // u*n+d-1 for a digit d left with one place in unit u
}

func newProp(g *sudokusat.Grid) *prop {
	n := g.Size()
	w := (n + 63) / 64
	// Three allocations in all: small grids are encoded by the thousand.
	// A cell is queued at most once as a naked single (its count falls to
	// one once) and a unit's digit at most once as a hidden single, so the
	// queues never outgrow their room.
	ints := make([]int32, 14*n*n)
	words := make([]uint64, (n+3)*n*w)
	p := &prop{n: n, w: w, br: g.BoxRows(), bc: g.BoxCols(),
		units: ints[:3*n*n], left: ints[3*n*n : 4*n*n], places: ints[4*n*n : 7*n*n], unitOf: ints[7*n*n : 10*n*n],
		naked: ints[10*n*n : 10*n*n : 11*n*n], hidden: ints[11*n*n : 11*n*n : 14*n*n],
		cand: words[:n*n*w], done: words[n*n*w:], val: make([]uint16, n*n)}
	for kind := 0; kind < 3; kind++ {
		for u := 0; u < n; u++ {
			for k := 0; k < n; k++ {
				cell := p.cellOf(kind, u, k)
				p.units[(kind*n+u)*n+k] = int32(cell)
				p.unitOf[3*cell+kind] = int32((kind*n + u) * n)
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
	return p.give(g) && p.count() && p.drain()
}

// give places the givens with bit operations alone: first each unit's given
// digits, then each open cell's candidates as the digits none of its units
// has. The counters come after (see count), so that a given costs a few
// words rather than three counters for each of its n-1 other candidates and
// a walk over its 3n peers.
func (p *prop) give(g *sudokusat.Grid) bool {
	n, w := p.n, p.w
	for cell := 0; cell < n*n; cell++ {
		d := g.Cell(cell)
		if d == 0 {
			continue
		}
		for _, u := range p.unitOf[3*cell : 3*cell+3] {
			k, bit := int(u)/n*w+(d-1)/64, uint64(1)<<uint((d-1)%64)
			if p.done[k]&bit != 0 {
				return false // d is given twice in the unit
			}
			p.done[k] |= bit
		}
		p.val[cell] = uint16(d)
	}
	for cell := 0; cell < n*n; cell++ {
		s := p.set(cell)
		if d := int(p.val[cell]); d != 0 {
			clear(s)
			s[(d-1)/64] = 1 << uint((d-1)%64)
			continue
		}
		us := p.unitOf[3*cell : 3*cell+3]
		r, c, b := int(us[0])/n*w, int(us[1])/n*w, int(us[2])/n*w
		for i := range s {
			s[i] &^= p.done[r+i] | p.done[c+i] | p.done[b+i]
		}
	}
	return true
}

// count sets the counters from the candidates the givens left and queues
// the singles there are; false means a cell or a unit's digit has no place.
func (p *prop) count() bool {
	for cell := range p.left {
		k := 0
		us := p.unitOf[3*cell : 3*cell+3]
		for i, word := range p.set(cell) {
			k += bits.OnesCount64(word)
			for word != 0 {
				e := i*64 + bits.TrailingZeros64(word)
				word &= word - 1
				for _, u := range us {
					p.places[int(u)+e]++
				}
			}
		}
		p.left[cell] = int32(k)
		switch {
		case k == 0:
			return false
		case k == 1 && p.val[cell] == 0:
			p.naked = append(p.naked, int32(cell))
		}
	}
	for k, m := range p.places {
		switch m {
		case 0:
			return false
		case 1:
			p.hidden = append(p.hidden, int32(k))
		}
	}
	return true
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
	for _, u := range p.unitOf[3*cell : 3*cell+3] {
		if !p.drop(int(u) + d - 1) {
			return false
		}
	}
	return true
}

// drop counts one place less for the unit and digit at places[k].
func (p *prop) drop(k int) bool {
	p.places[k]--
	switch p.places[k] {
	case 0:
		return false
	case 1:
		p.hidden = append(p.hidden, int32(k))
	}
	return true
}

// mark records that d is placed in cell's units.
func (p *prop) mark(cell, d int) {
	for _, u := range p.unitOf[3*cell : 3*cell+3] {
		p.done[int(u)/p.n*p.w+(d-1)/64] |= 1 << uint((d-1)%64)
	}
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
	p.mark(cell, d)
	us := p.unitOf[3*cell : 3*cell+3]
	s := p.set(cell)
	for i, word := range s {
		if i == (d-1)/64 {
			word &^= 1 << uint((d-1)%64)
		}
		for word != 0 {
			e := i*64 + bits.TrailingZeros64(word)
			word &= word - 1
			for _, u := range us {
				if !p.drop(int(u) + e) {
					return false
				}
			}
		}
	}
	clear(s)
	s[(d-1)/64] = 1 << uint((d-1)%64)
	p.left[cell] = 1
	// A peer that holds d as its placed digit loses its last candidate
	// here, which remove reports.
	i, bit := (d-1)/64, uint64(1)<<uint((d-1)%64)
	for _, u := range us {
		for _, q := range p.units[u : int(u)+p.n] {
			if int(q) != cell && p.cand[int(q)*p.w+i]&bit != 0 && !p.remove(int(q), d) {
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
		if p.done[u*p.w+(d-1)/64]&(1<<uint((d-1)%64)) != 0 {
			continue // the last place left is d's own cell
		}
		// places only falls, and falling to zero stopped the run, so d
		// still has exactly one place in u: finding it is paid for by the
		// placing that follows.
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
