package native

import (
	"math/bits"

	"sudokusat"
)

// general solves grids of any shape the model supports, up to 400×400 with
// rectangular boxes. Each cell has a candidate bit set of w words; for each
// unit (rows, then columns, then boxes) and digit, cnt counts the cells of
// the unit that may still hold the digit. Removing a candidate updates those
// counts, which find naked singles (a cell with one candidate) and hidden
// singles (a digit with one place in a unit) as they appear.
//
// Branching does not copy the state, which reaches megabytes on the largest
// grids: every removal and placement goes on a trail, and backtracking
// replays the trail backwards.
type general struct {
	n, br, bc int
	w         int // words per candidate set
	cand      []uint64
	ncand     []int32 // candidates left per cell
	val       []int32 // digit+1 of a placed cell, 0 while open
	cnt       []int32 // at unit*n+digit
	unitCells []int32 // at unit*n+k: the k-th cell of the unit
	open      int     // cells not yet placed

	trail     []uint32 // cell*n+digit for a removal, placeMark+cell for a placement
	trailing  bool     // the root state is never restored: no trail before branching
	useLocked bool
	queue     []int32 // cells left with one candidate, or ^(unit*n+digit) for a digit left with one place

	limit   int
	count   int
	weight  int // solutions each leaf stands for: see symmetric
	guesses int
	nodes   uint
	done    <-chan struct{}
	stopped bool
	sol     []int32
}

// placeMark tags placements in the trail. Removals are below n²·n ≤ 400³.
const placeMark = 1 << 31

// newGeneral loads the givens of g. It reports false when two givens
// conflict or a cell is left without candidates.
func newGeneral(g *sudokusat.Grid) (*general, bool) {
	n := g.Size()
	s := &general{n: n, br: g.BoxRows(), bc: g.BoxCols(), w: (n + 63) / 64}
	cells := n * n
	w := s.w
	s.cand = make([]uint64, cells*w)
	s.ncand = make([]int32, cells)
	s.val = make([]int32, cells)
	s.cnt = make([]int32, 3*n*n)
	s.unitCells = make([]int32, 3*n*n)
	for r := range n {
		for c := range n {
			cell := int32(r*n + c)
			s.unitCells[r*n+c] = cell
			s.unitCells[(n+c)*n+r] = cell
			b := s.box(r, c)
			k := (r%s.br)*s.bc + c%s.bc
			s.unitCells[(2*n+b)*n+k] = cell
		}
	}

	// The digits each unit already holds, to start every blank cell with
	// exactly the candidates its givens leave.
	used := make([]uint64, 3*n*w)
	for cell := range cells {
		d := g.Cell(cell) - 1
		if d < 0 {
			continue
		}
		r, c := cell/n, cell%n
		word, bit := d>>6, uint64(1)<<(d&63)
		for _, u := range [3]int{r, n + c, 2*n + s.box(r, c)} {
			if used[u*w+word]&bit != 0 {
				return nil, false
			}
			used[u*w+word] |= bit
		}
		s.val[cell] = int32(d + 1)
		s.cand[cell*w+word] = bit
		s.ncand[cell] = 1
	}
	full := make([]uint64, w)
	for d := range n {
		full[d>>6] |= 1 << (d & 63)
	}
	for cell := range cells {
		if s.val[cell] != 0 {
			continue
		}
		s.open++
		r, c := cell/n, cell%n
		ru, cu, bu := r*w, (n+c)*w, (2*n+s.box(r, c))*w
		k := int32(0)
		for i := range w {
			x := full[i] &^ (used[ru+i] | used[cu+i] | used[bu+i])
			s.cand[cell*w+i] = x
			k += int32(bits.OnesCount64(x))
		}
		if k == 0 {
			return nil, false
		}
		s.ncand[cell] = k
		if k == 1 {
			s.queue = append(s.queue, int32(cell))
		}
	}
	for cell := range cells {
		r, c := cell/n, cell%n
		rows, cols, boxes := r*n, (n+c)*n, (2*n+s.box(r, c))*n
		for i := range w {
			for x := s.cand[cell*w+i]; x != 0; x &= x - 1 {
				d := i<<6 | bits.TrailingZeros64(x)
				s.cnt[rows+d]++
				s.cnt[cols+d]++
				s.cnt[boxes+d]++
			}
		}
	}
	for ud, k := range s.cnt {
		switch k {
		case 0:
			return nil, false
		case 1:
			s.queue = append(s.queue, ^int32(ud))
		}
	}
	return s, true
}

func (s *general) box(r, c int) int { return r/s.br*s.br + c/s.bc }

func (s *general) has(cell, d int) bool {
	return s.cand[cell*s.w+d>>6]>>(d&63)&1 != 0
}

// remove takes digit d from cell's candidates; false means a contradiction.
func (s *general) remove(cell, d int) bool {
	n := s.n
	s.cand[cell*s.w+d>>6] &^= 1 << (d & 63)
	if s.trailing {
		s.trail = append(s.trail, uint32(cell*n+d))
	}
	k := s.ncand[cell] - 1
	s.ncand[cell] = k
	ok := true
	if k <= 1 {
		if k == 0 {
			ok = false
		} else if s.val[cell] == 0 {
			s.queue = append(s.queue, int32(cell))
		}
	}
	r, c := cell/n, cell%n
	for _, u := range [3]int{r, n + c, 2*n + s.box(r, c)} {
		ud := u*n + d
		k := s.cnt[ud] - 1
		s.cnt[ud] = k
		if k <= 1 {
			if k == 0 {
				ok = false
			} else {
				s.queue = append(s.queue, ^int32(ud))
			}
		}
	}
	return ok
}

// place puts d in an open cell and removes it from the cell's peers.
func (s *general) place(cell, d int) bool {
	if !s.has(cell, d) {
		return false
	}
	s.val[cell] = int32(d + 1)
	s.open--
	if s.trailing {
		s.trail = append(s.trail, placeMark|uint32(cell))
	}
	base := cell * s.w
	for i := range s.w {
		for x := s.cand[base+i]; x != 0; x &= x - 1 {
			if e := i<<6 | bits.TrailingZeros64(x); e != d && !s.remove(cell, e) {
				return false
			}
		}
	}
	n := s.n
	r, c := cell/n, cell%n
	word, bit := d>>6, uint64(1)<<(d&63)
	for _, u := range [3]int{r, n + c, 2*n + s.box(r, c)} {
		for _, p := range s.unitCells[u*n : u*n+n] {
			if s.cand[int(p)*s.w+word]&bit != 0 && int(p) != cell {
				if !s.remove(int(p), d) {
					return false
				}
			}
		}
	}
	return true
}

func (s *general) propagate() bool {
	for {
		if !s.propagate1() {
			return false
		}
		if !s.useLocked {
			return true
		}
		found, ok := s.locked()
		if !ok {
			s.queue = s.queue[:0]
			return false
		}
		if !found {
			return true
		}
	}
}

// locked applies box-line interactions in a full pass.
func (s *general) locked() (found, ok bool) {
	n := s.n
	for b := 0; b < n; b++ {
		u := 2*n + b
		for d := 0; d < n; d++ {
			if s.cnt[u*n+d] < 2 {
				continue
			}
			r0, c0 := -1, -1
			sameR, sameC := true, true
			for _, p := range s.unitCells[u*n : u*n+n] {
				if !s.has(int(p), d) {
					continue
				}
				r, c := int(p)/n, int(p)%n
				if r0 < 0 {
					r0, c0 = r, c
				}
				if r != r0 {
					sameR = false
				}
				if c != c0 {
					sameC = false
				}
			}
			if sameR {
				for c := 0; c < n; c++ {
					p := r0*n + c
					if s.box(r0, c) != b && s.has(p, d) {
						found = true
						if !s.remove(p, d) {
							return found, false
						}
					}
				}
			}
			if sameC {
				for r := 0; r < n; r++ {
					p := r*n + c0
					if s.box(r, c0) != b && s.has(p, d) {
						found = true
						if !s.remove(p, d) {
							return found, false
						}
					}
				}
			}
		}
	}
	for u := 0; u < 2*n; u++ {
		for d := 0; d < n; d++ {
			if s.cnt[u*n+d] < 2 {
				continue
			}
			b0 := -1
			same := true
			for _, p := range s.unitCells[u*n : u*n+n] {
				if !s.has(int(p), d) {
					continue
				}
				b := s.box(int(p)/n, int(p)%n)
				if b0 < 0 {
					b0 = b
				} else if b != b0 {
					same = false
					break
				}
			}
			if !same {
				continue
			}
			bu := 2*n + b0
			for _, p := range s.unitCells[bu*n : bu*n+n] {
				r, c := int(p)/n, int(p)%n
				in := (u < n && r == u) || (u >= n && c == u-n)
				if !in && s.has(int(p), d) {
					found = true
					if !s.remove(int(p), d) {
						return found, false
					}
				}
			}
		}
	}
	return found, true
}

// propagate1 places the queued singles and what follows from them.
func (s *general) propagate1() bool {
	n := s.n
	for len(s.queue) > 0 {
		q := s.queue[len(s.queue)-1]
		s.queue = s.queue[:len(s.queue)-1]
		if q >= 0 {
			cell := int(q)
			if s.val[cell] != 0 {
				continue
			}
			base := cell * s.w
			for i := range s.w {
				if x := s.cand[base+i]; x != 0 {
					if !s.place(cell, i<<6|bits.TrailingZeros64(x)) {
						s.queue = s.queue[:0]
						return false
					}
					break
				}
			}
			continue
		}
		ud := int(^q)
		if s.cnt[ud] != 1 {
			continue
		}
		u, d := ud/n, ud%n
		for _, p := range s.unitCells[u*n : u*n+n] {
			if s.has(int(p), d) {
				if s.val[p] == 0 && !s.place(int(p), d) {
					s.queue = s.queue[:0]
					return false
				}
				break
			}
		}
	}
	return true
}

// undo restores the state the trail had at length mark.
func (s *general) undo(mark int) {
	n := s.n
	for i := len(s.trail) - 1; i >= mark; i-- {
		t := s.trail[i]
		if t&placeMark != 0 {
			s.val[t&^placeMark] = 0
			s.open++
			continue
		}
		cell, d := int(t)/n, int(t)%n
		s.cand[cell*s.w+d>>6] |= 1 << (d & 63)
		s.ncand[cell]++
		r, c := cell/n, cell%n
		s.cnt[r*n+d]++
		s.cnt[(n+c)*n+d]++
		s.cnt[(2*n+s.box(r, c))*n+d]++
	}
	s.trail = s.trail[:mark]
	s.queue = s.queue[:0]
}

// search counts the solutions below a propagated state.
func (s *general) search() {
	if s.open == 0 {
		if s.count == 0 && s.sol != nil {
			copy(s.sol, s.val)
		}
		if s.count > s.limit-s.weight {
			s.count = s.limit
		} else {
			s.count += s.weight
		}
		return
	}
	s.nodes++
	if s.done != nil && s.nodes&255 == 0 {
		select {
		case <-s.done:
			s.stopped = true
			return
		default:
		}
	}
	cell, k := s.pickCell()
	if k > 2 {
		if u, d, m := s.pickUnitDigit(); m < k {
			s.branchUnit(u, d)
			return
		}
	}
	var cands [7]uint64 // 400 digits at most
	copy(cands[:], s.cand[cell*s.w:cell*s.w+s.w])
	for i := range s.w {
		for x := cands[i]; x != 0; x &= x - 1 {
			d := i<<6 | bits.TrailingZeros64(x)
			mark := len(s.trail)
			s.guesses++
			if s.place(cell, d) && s.propagate() {
				s.search()
			}
			s.undo(mark)
			if s.count >= s.limit || s.stopped {
				return
			}
		}
	}
}

// branchUnit tries digit d in each cell of unit u that may hold it.
func (s *general) branchUnit(u, d int) {
	n := s.n
	for _, p := range s.unitCells[u*n : u*n+n] {
		if !s.has(int(p), d) {
			continue
		}
		mark := len(s.trail)
		s.guesses++
		if s.place(int(p), d) && s.propagate() {
			s.search()
		}
		s.undo(mark)
		if s.count >= s.limit || s.stopped {
			return
		}
	}
}

// pickCell returns the open cell with the fewest candidates.
func (s *general) pickCell() (cell int, k int32) {
	k = int32(s.n + 1)
	for i := len(s.val) - 1; i >= 0; i-- {
		v := s.val[i]
		if v == 0 && s.ncand[i] < k {
			cell, k = i, s.ncand[i]
			if k <= 2 {
				return
			}
		}
	}
	return
}

// pickUnitDigit finds the digit with the fewest places left in a unit it
// is not yet placed in: a choice as narrow as a cell's, when no cell has
// two candidates.
func (s *general) pickUnitDigit() (u, d int, k int32) {
	n := s.n
	k = int32(n + 1)
	best := 0
	for ud, c := range s.cnt {
		if c >= 2 && c < k {
			best, k = ud, c
			if c == 2 {
				break
			}
		}
	}
	return best / n, best % n, k
}

// countGeneral counts up to limit solutions of g, writing the first to sol
// (n² digits) when sol is not nil.
func countGeneral(g *sudokusat.Grid, limit int, sol []int32, done <-chan struct{}) (count, guesses int, stopped bool) {
	s, ok := newGeneral(g)
	if ok {
		s.useLocked = true
	}
	if !ok || !s.propagate() {
		return 0, 0, false
	}
	s.trailing = true
	s.limit, s.sol, s.done = limit, sol, done
	s.weight = 1
	if !s.symmetric() {
		s.search()
	}
	return s.count, s.guesses, s.stopped
}

// symmetric counts by digit symmetry when that pays, and reports whether it
// did. Digits that no cell holds yet are interchangeable: swapping two of
// them in a solution gives another solution, and a different one, since
// every digit appears in a solution. So the solutions come in groups of k!
// (k such digits), and each group has exactly one member whose free digits
// appear in increasing order along a chosen unit. Counting those members
// and weighting each by k! is exact and k! times less work: the empty 6×6
// grid has 28,200,960 solutions but only 39,168 such members.
func (s *general) symmetric() bool {
	if s.limit <= 1 {
		return false
	}
	n := s.n
	isFree := make([]bool, n)
	for i := range isFree {
		isFree[i] = true
	}
	for _, v := range s.val {
		if v != 0 {
			isFree[v-1] = false
		}
	}
	k, weight := 0, 1
	for _, f := range isFree {
		if f {
			k++
			if weight > s.limit/k {
				weight = s.limit
			} else {
				weight *= k
			}
		}
	}
	if k < 2 {
		return false
	}
	// The unit with the fewest open cells branches least.
	best, bestOpen := 0, n+1
	for u := range 3 * n {
		open := 0
		for _, p := range s.unitCells[u*n : u*n+n] {
			if s.val[p] == 0 {
				open++
			}
		}
		if open < bestOpen {
			best, bestOpen = u, open
		}
	}
	s.weight = min(weight, s.limit)
	s.fillUnit(s.unitCells[best*n:best*n+n], isFree, 0)
	return true
}

// fillUnit fills the cells of a unit in order, letting a free digit in only
// when every smaller free digit is already in the unit, then searches on.
func (s *general) fillUnit(cells []int32, isFree []bool, next int) {
	for next < s.n && !isFree[next] {
		next++
	}
	if len(cells) == 0 {
		s.search()
		return
	}
	cell := int(cells[0])
	if v := int(s.val[cell]) - 1; v >= 0 {
		if isFree[v] {
			if v != next {
				return // a larger free digit before a smaller one
			}
			next++
		}
		s.fillUnit(cells[1:], isFree, next)
		return
	}
	var cands [7]uint64
	copy(cands[:], s.cand[cell*s.w:cell*s.w+s.w])
	for i := range s.w {
		for x := cands[i]; x != 0; x &= x - 1 {
			d := i<<6 | bits.TrailingZeros64(x)
			after := next
			if isFree[d] {
				if d != next {
					continue
				}
				after++
			}
			mark := len(s.trail)
			s.guesses++
			if s.place(cell, d) && s.propagate() {
				s.fillUnit(cells[1:], isFree, after)
			}
			s.undo(mark)
			if s.count >= s.limit || s.stopped {
				return
			}
		}
	}
}
