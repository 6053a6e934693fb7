package native

import (
	"hash/maphash"
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/internal/grouptable"
)

// general solves grids of any shape the model supports, 4×4 to 400×400, with
// square or rectangular boxes. It keeps two views of the candidates, both as
// bit sets of w words: for each cell the digits it may hold, and for each
// unit (rows, then columns, then boxes) and digit the positions in the unit
// that may hold the digit, with counts of both. A removal updates all of them
// at once, so that
//   - a cell left with one digit (naked single),
//   - a digit left with one place in a unit (hidden single), and
//   - a digit whose places in a unit all lie in one other unit (locked
//     candidates: pointing and claiming)
//
// show up as they appear and are queued for propagation. Units whose
// candidates changed are queued too for the costlier all-different
// filtering of alldiff.go, which finds naked and hidden subsets of any size.
//
// Search branches on the cell with the fewest candidates for the conflicts
// its units caused (dom/wdeg), trying each digit and then removing it
// (two-way branching), and restarts with growing budgets to escape the
// heavy tails of backtracking (countRestarts), keeping what each cut run
// refuted as nogoods (nogood.go); a grid that still fails after cdclAfter
// dead ends goes over to clause learning (cdcl.go). Branching does not copy the
// state, which reaches tens of megabytes on the largest grids: every removal
// and placement goes on a trail, and backtracking replays the trail
// backwards.
type general struct {
	n, br, bc int
	w         int // words per bit set
	cand      []uint64
	ncand     []int32 // digits left per cell
	nwith     []int32 // at k: cells with k digits left, placed ones too (see pickCell)
	val       []int32 // digit+1 of a placed cell, 0 while open
	pos       []uint64
	cnt       []int32 // at unit*n+digit: places left for the digit in the unit
	open      int     // cells not yet placed
	openList  []int32 // open cells first, then placed ones, latest first
	openAt    []int32 // each cell's index in openList
	unitOpen  []int32 // open cells per unit

	// Geometry, fixed for the grid.
	unitCells []int32  // at unit*n+k: the cell at position k of the unit
	boxOf     []int32  // box of each cell
	inBox     []int32  // position of each cell in its box
	boxCol    []uint64 // at cc*w: the box positions in box column cc

	trail    []uint32 // cell*n+digit for a removal, placeMark+cell for a placement
	trailing bool     // the root state is never restored: no trail before branching

	singles []int32 // cells left with one digit, or ^(unit*n+digit) for a digit left with one place
	locked  []int32 // unit*n+digit whose places may lie in one other unit
	queued  []bool  // at unit*n+digit: in locked already
	filter  []int32 // units for alldiff filtering
	fqueued []bool  // at unit: in filter already
	ad      *alldiff
	umatch  []int32  // at unit*n+digit: the cell alldiff last matched the digit to, or -1
	wdeg    []uint32 // per unit: dead ends it caused, from 1 (see pickCell)
	fcalls  int      // alldiff filterings run
	fuseful int      // those that removed something
	fskip   int      // opportunities skipped since the last run

	limit   int
	count   int
	weight  int // solutions each leaf stands for: see symmetric
	guesses int
	nodes   uint
	steps   uint // propagation steps, between two looks at done
	done    <-chan struct{}
	stopped bool
	sol     []int32

	// Restarts (see countRestarts): a run gives up after budget dead
	// ends (branches refuted by propagation alone).
	budget  uint
	fails   uint
	aborted bool
	rng     *rand.Rand // nil in the first run: plain order
	hint    []int16    // per cell, the digit (from 0) to try first in the first run
	found   []uint64   // hashes of the distinct solutions found
	seed    maphash.Seed

	// Clause learning takes over after cdclAfter dead ends (0: never),
	// blocking the solutions found before.
	cdclAfter uint
	handOver  bool
	solutions [][]int32

	// Nogoods recorded at restarts (see nogood.go).
	path    []int32 // decisions below the root: cell*n+d placed, ^(cell*n+d) removed
	nogoods [][]int32
	watches map[int32][]int32 // cell*n+d: the nogoods watching that placement
	ngQueue []int32           // placements whose watches are still to be looked at
	pending [][]int32         // nogoods of the run just aborted, added at the root
	ngTaken int               // digits taken from cells by watched nogoods
}

// placeMark tags placements in the trail. Removals are below n²·n ≤ 400³.
const placeMark = 1 << 31

// newGeneralUntil loads the givens of g. It reports false when two givens
// conflict or some cell or unit is left without a way out, and gives up
// (nil, false) once done is closed: setting up a 400×400 grid's candidates
// alone takes a third of a second.
func newGeneralUntil(g *sudokusat.Grid, done <-chan struct{}) (*general, bool) {
	n := g.Size()
	br, bc := g.BoxRows(), g.BoxCols()
	w := (n + 63) / 64
	cells := n * n
	s := &general{
		n: n, br: br, bc: bc, w: w,
		cand:      make([]uint64, cells*w),
		ncand:     make([]int32, cells),
		nwith:     make([]int32, n+1),
		val:       make([]int32, cells),
		pos:       make([]uint64, 3*n*n*w),
		cnt:       make([]int32, 3*n*n),
		unitCells: make([]int32, 3*n*n),
		boxOf:     make([]int32, cells),
		inBox:     make([]int32, cells),
		boxCol:    make([]uint64, bc*w),
		queued:    make([]bool, 3*n*n),
		fqueued:   make([]bool, 3*n),
		openList:  make([]int32, 0, cells),
		openAt:    make([]int32, cells),
		unitOpen:  make([]int32, 3*n),
		wdeg:      make([]uint32, 3*n),
		ad:        newAlldiff(n),
		umatch:    make([]int32, 3*n*n),
	}
	for r := range n {
		for c := range n {
			cell := r*n + c
			b := r/br*br + c/bc
			k := r%br*bc + c%bc
			s.boxOf[cell], s.inBox[cell] = int32(b), int32(k)
			s.unitCells[r*n+c] = int32(cell)
			s.unitCells[(n+c)*n+r] = int32(cell)
			s.unitCells[(2*n+b)*n+k] = int32(cell)
		}
	}
	for k := range n {
		s.boxCol[k%bc*w+k>>6] |= 1 << (k & 63)
	}
	for i := range s.umatch {
		s.umatch[i] = -1
	}

	// The digits each unit already holds, to start every blank cell with
	// exactly the candidates its givens leave.
	used := make([]uint64, 3*n*w)
	for cell := range cells {
		d := g.Cell(cell) - 1
		if d < 0 {
			continue
		}
		word, bit := d>>6, uint64(1)<<(d&63)
		for _, u := range s.units(cell) {
			if used[u*w+word]&bit != 0 {
				return nil, false
			}
			used[u*w+word] |= bit
		}
		s.val[cell] = int32(d + 1)
		s.cand[cell*w+word] = bit
		s.ncand[cell] = 1
		s.nwith[1]++
	}
	full := make([]uint64, w)
	for d := range n {
		full[d>>6] |= 1 << (d & 63)
	}
	for cell := range cells {
		if cell&4095 == 0 && closed(done) {
			return nil, false
		}
		if s.val[cell] != 0 {
			continue
		}
		s.open++
		us := s.units(cell)
		for _, u := range us {
			s.unitOpen[u]++
		}
		k := int32(0)
		for i := range w {
			x := full[i] &^ (used[us[0]*w+i] | used[us[1]*w+i] | used[us[2]*w+i])
			s.cand[cell*w+i] = x
			k += int32(bits.OnesCount64(x))
		}
		if k == 0 {
			return nil, false
		}
		s.ncand[cell] = k
		s.nwith[k]++
		if k == 1 {
			s.singles = append(s.singles, int32(cell))
		}
	}
	for cell := range cells {
		if cell&4095 == 0 && closed(done) {
			return nil, false
		}
		us := s.units(cell)
		ps := s.places(cell)
		for i := range w {
			for x := s.cand[cell*w+i]; x != 0; x &= x - 1 {
				d := i<<6 | bits.TrailingZeros64(x)
				for j, u := range us {
					ud := u*n + d
					s.cnt[ud]++
					s.pos[ud*w+ps[j]>>6] |= 1 << (ps[j] & 63)
				}
			}
		}
	}
	for cell := range cells {
		if s.val[cell] == 0 {
			s.openAt[cell] = int32(len(s.openList))
			s.openList = append(s.openList, int32(cell))
		}
	}
	for cell := range cells {
		if s.val[cell] != 0 {
			s.openAt[cell] = int32(len(s.openList))
			s.openList = append(s.openList, int32(cell))
		}
	}
	for u := range 3 * n {
		s.queueFilter(u)
		s.wdeg[u] = 1
	}
	for ud, k := range s.cnt {
		switch k {
		case 0:
			return nil, false
		case 1:
			// A digit a given holds has one place, the given: nothing
			// to place. On a large grid with few cells open these are
			// most of the units' digits, each a pop and a scan of its
			// places in propagate for nothing.
			if u, d := ud/n, ud%n; used[u*w+d>>6]>>(d&63)&1 == 0 {
				s.singles = append(s.singles, ^int32(ud))
			}
		default:
			s.queueLocked(ud)
		}
	}
	return s, true
}

// units returns the row, column and box of a cell, as unit numbers.
func (s *general) units(cell int) [3]int {
	n := s.n
	return [3]int{cell / n, n + cell%n, 2*n + int(s.boxOf[cell])}
}

// places returns the cell's positions in its row, column and box.
func (s *general) places(cell int) [3]int {
	n := s.n
	return [3]int{cell % n, cell / n, int(s.inBox[cell])}
}

func (s *general) has(cell, d int) bool {
	return s.cand[cell*s.w+d>>6]>>(d&63)&1 != 0
}

// queueLocked asks for a locked-candidates check of digit d in unit u (ud
// = u*n+d). Only few places can lie in one intersection: a box row holds bc
// cells, a box column br.
func (s *general) queueLocked(ud int) {
	if !s.queued[ud] && int(s.cnt[ud]) <= max(s.br, s.bc) {
		s.queued[ud] = true
		s.locked = append(s.locked, int32(ud))
	}
}

// filterPays decides whether to run an alldiff filtering. It costs far more
// than the other rules, and on open grids it almost never finds anything;
// on tight ones it is what avoids most branching. So it runs every time while
// at least one run in filterRate removes something, else once in
// filterSkip opportunities, which is enough to notice when it starts paying.
func (s *general) filterPays() bool {
	if s.fcalls < 256 || s.fuseful*filterRate >= s.fcalls {
		return true
	}
	s.fskip++
	if s.fskip < filterSkip {
		return false
	}
	s.fskip = 0
	return true
}

const (
	filterRate = 32
	filterSkip = 16
)

// queueFilter asks for alldiff filtering of unit u.
func (s *general) queueFilter(u int) {
	if !s.fqueued[u] && s.unitOpen[u] <= alldiffMax {
		s.fqueued[u] = true
		s.filter = append(s.filter, int32(u))
	}
}

// remove takes digit d from cell's candidates; false means a contradiction.
// The state stays consistent either way, for undo.
func (s *general) remove(cell, d int) bool {
	n, w := s.n, s.w
	s.cand[cell*w+d>>6] &^= 1 << (d & 63)
	if s.trailing {
		s.trail = append(s.trail, uint32(cell*n+d))
	}
	ok := true
	k := s.ncand[cell] - 1
	s.ncand[cell] = k
	s.nwith[k+1]--
	s.nwith[k]++
	us, ps := s.units(cell), s.places(cell)
	if k <= 1 {
		if k == 0 {
			ok = false
			for _, u := range us {
				s.wdeg[u]++
			}
		} else if s.val[cell] == 0 {
			s.singles = append(s.singles, int32(cell))
		}
	}
	for j, u := range us {
		s.queueFilter(u)
		ud := u*n + d
		s.pos[ud*w+ps[j]>>6] &^= 1 << (ps[j] & 63)
		c := s.cnt[ud] - 1
		s.cnt[ud] = c
		switch {
		case c == 0:
			ok = false
			s.wdeg[u]++
		case c == 1:
			s.singles = append(s.singles, ^int32(ud))
		default:
			s.queueLocked(ud)
		}
	}
	return ok
}

// place puts d in an open cell and removes it from the cell's peers.
func (s *general) place(cell, d int) bool {
	if !s.has(cell, d) {
		return false
	}
	n, w := s.n, s.w
	s.val[cell] = int32(d + 1)
	s.open--
	// Swap the cell to the end of the open cells; undo, last in first
	// out, finds it just past them.
	last := s.openList[s.open]
	at := s.openAt[cell]
	s.openList[at], s.openList[s.open] = last, int32(cell)
	s.openAt[last], s.openAt[cell] = at, int32(s.open)
	for _, u := range s.units(cell) {
		s.unitOpen[u]--
	}
	if s.trailing {
		s.trail = append(s.trail, placeMark|uint32(cell))
	}
	if s.watches != nil {
		s.ngQueue = append(s.ngQueue, int32(cell*n+d))
	}
	base := cell * w
	for i := range w {
		for x := s.cand[base+i]; x != 0; x &= x - 1 {
			if e := i<<6 | bits.TrailingZeros64(x); e != d && !s.remove(cell, e) {
				return false
			}
		}
	}
	for _, u := range s.units(cell) {
		ud := u*n + d
		for i := range w {
			for x := s.pos[ud*w+i]; x != 0; x &= x - 1 {
				p := int(s.unitCells[u*n+(i<<6|bits.TrailingZeros64(x))])
				if p != cell && !s.remove(p, d) {
					return false
				}
			}
		}
	}
	return true
}

// firstLast returns the first and last set bits of a bit set of w words.
func firstLast(x []uint64) (first, last int) {
	first, last = -1, -1
	for i, v := range x {
		if v != 0 {
			if first < 0 {
				first = i<<6 | bits.TrailingZeros64(v)
			}
			last = i<<6 | 63 - bits.LeadingZeros64(v)
		}
	}
	return first, last
}

// propagate places the queued singles and applies the queued locked
// candidates, and what follows from them, to a fixpoint.
func (s *general) propagate() bool {
	n, w := s.n, s.w
	for {
		// A large grid's propagation alone can run for seconds: the
		// deadline is looked at here too, not only between nodes.
		if s.steps++; s.done != nil && (s.n > 16 || s.steps&1023 == 0) && s.isDone() {
			s.clearQueues()
			return false
		}
		for len(s.singles) > 0 {
			q := s.singles[len(s.singles)-1]
			s.singles = s.singles[:len(s.singles)-1]
			ok := true
			if q >= 0 {
				cell := int(q)
				if s.val[cell] == 0 {
					for i := range w {
						if x := s.cand[cell*w+i]; x != 0 {
							ok = s.place(cell, i<<6|bits.TrailingZeros64(x))
							break
						}
					}
				}
			} else if ud := int(^q); s.cnt[ud] == 1 {
				first, _ := firstLast(s.pos[ud*w : ud*w+w])
				if cell := int(s.unitCells[ud/n*n+first]); s.val[cell] == 0 {
					ok = s.place(cell, ud%n)
				}
			}
			if !ok {
				s.clearQueues()
				return false
			}
		}
		if len(s.ngQueue) > 0 {
			lit := s.ngQueue[len(s.ngQueue)-1]
			s.ngQueue = s.ngQueue[:len(s.ngQueue)-1]
			if !s.watched(lit) {
				s.clearQueues()
				return false
			}
			continue
		}
		if len(s.locked) > 0 {
			ud := int(s.locked[len(s.locked)-1])
			s.locked = s.locked[:len(s.locked)-1]
			s.queued[ud] = false
			if !s.lockedCheck(ud) {
				s.clearQueues()
				return false
			}
			continue
		}
		if len(s.filter) == 0 {
			return true
		}
		u := int(s.filter[len(s.filter)-1])
		s.filter = s.filter[:len(s.filter)-1]
		s.fqueued[u] = false
		if s.filterPays() && !s.filterUnit(u) {
			s.clearQueues()
			return false
		}
	}
}

// lockedCheck removes digit d from the cells of a unit v outside unit u when
// all places of d in u lie in v (ud = u*n+d). For a row or column u, v is a
// box (claiming); for a box u, v is a row or a column (pointing).
func (s *general) lockedCheck(ud int) bool {
	n, w, br, bc := s.n, s.w, s.br, s.bc
	if s.cnt[ud] < 2 {
		return true
	}
	u, d := ud/n, ud%n
	p := s.pos[ud*w : ud*w+w]
	first, last := firstLast(p)
	var v int                 // the unit the places lie in
	var skip func(k int) bool // whether position k of v is inside u
	switch {
	case u < n: // a row: one box if the columns share a box column
		if first/bc != last/bc {
			return true
		}
		r := u
		v = 2*n + int(s.boxOf[r*n+first])
		skip = func(k int) bool { return k/bc == r%br }
	case u < 2*n: // a column: one box if the rows share a box row
		if first/br != last/br {
			return true
		}
		c := u - n
		v = 2*n + int(s.boxOf[first*n+c])
		skip = func(k int) bool { return k%bc == c%bc }
	default:
		b := u - 2*n
		r0, c0 := b/br*br, b%br*bc
		if first/bc == last/bc { // one box row: pointing along the row
			v = r0 + first/bc
			skip = func(k int) bool { return k/bc == b%br }
			break
		}
		cc := first % bc
		for i, x := range p {
			if x&^s.boxCol[cc*w+i] != 0 {
				return true
			}
		}
		v = n + c0 + cc // one box column: pointing along the column
		skip = func(k int) bool { return k/br == b/br }
	}
	vd := v*n + d
	for i := range w {
		for x := s.pos[vd*w+i]; x != 0; x &= x - 1 {
			k := i<<6 | bits.TrailingZeros64(x)
			if skip(k) {
				continue
			}
			if !s.remove(int(s.unitCells[v*n+k]), d) {
				return false
			}
		}
	}
	return true
}

func (s *general) clearQueues() {
	s.singles = s.singles[:0]
	s.ngQueue = s.ngQueue[:0]
	for _, ud := range s.locked {
		s.queued[ud] = false
	}
	s.locked = s.locked[:0]
	for _, u := range s.filter {
		s.fqueued[u] = false
	}
	s.filter = s.filter[:0]
}

// undo restores the state the trail had at length mark.
func (s *general) undo(mark int) {
	n, w := s.n, s.w
	for i := len(s.trail) - 1; i >= mark; i-- {
		t := s.trail[i]
		if t&placeMark != 0 {
			cell := int(t &^ placeMark)
			s.val[cell] = 0
			s.open++
			for _, u := range s.units(cell) {
				s.unitOpen[u]++
			}
			continue
		}
		cell, d := int(t)/n, int(t)%n
		s.cand[cell*w+d>>6] |= 1 << (d & 63)
		s.ncand[cell]++
		s.nwith[s.ncand[cell]-1]--
		s.nwith[s.ncand[cell]]++
		us, ps := s.units(cell), s.places(cell)
		for j, u := range us {
			ud := u*n + d
			s.pos[ud*w+ps[j]>>6] |= 1 << (ps[j] & 63)
			s.cnt[ud]++
		}
	}
	s.trail = s.trail[:mark]
	s.clearQueues()
}

// search counts the solutions below a propagated state.
func (s *general) search() {
	if s.open == 0 {
		s.leaf()
		return
	}
	s.nodes++
	// On a large grid a node costs milliseconds: every one looks at the
	// deadline. A small one looks every 64.
	if s.done != nil && (s.n > 16 || s.nodes&63 == 0) && s.isDone() {
		return
	}
	s.branchCell(s.pickCell())
}

// closed reports whether done, which may be nil, is closed.
func closed(done <-chan struct{}) bool {
	select {
	case <-done:
		return true
	default:
		return false
	}
}

// isDone reports whether done is closed, and marks the search stopped.
func (s *general) isDone() bool {
	select {
	case <-s.done:
		s.stopped = true
		return true
	default:
		return false
	}
}

// finished reports whether the search should stop.
func (s *general) finished() bool { return s.count >= s.limit || s.stopped || s.aborted }

// deadEnd counts a refuted branch against the run's budget.
func (s *general) deadEnd() {
	s.fails++
	if s.budget != 0 && s.fails >= s.budget {
		s.aborted = true
		s.recordNogoods()
	}
}

// leaf counts a solution. Between restarts, solutions are told apart by a
// hash of the grid: a run may find again what an earlier run found.
func (s *general) leaf() {
	if s.budget != 0 {
		h := maphash.Hash{}
		h.SetSeed(s.seed)
		for _, v := range s.val {
			h.WriteByte(byte(v))
			h.WriteByte(byte(v >> 8))
		}
		sum := h.Sum64()
		for _, f := range s.found {
			if f == sum {
				return
			}
		}
		s.found = append(s.found, sum)
		if s.cdclAfter != 0 {
			s.solutions = append(s.solutions, slices.Clone(s.val))
		}
	}
	if s.count == 0 && s.sol != nil {
		copy(s.sol, s.val)
	}
	if s.count > s.limit-s.weight {
		s.count = s.limit
	} else {
		s.count += s.weight
	}
}

// branchCell tries each digit of a cell in turn. Once a digit's subtree is
// searched, the digit is removed from the cell, with propagation, so the
// next digits start from a stronger state, and the last is forced.
func (s *general) branchCell(cell int) {
	var order [sudokusat.MaxSize]int16
	ds := s.digits(cell, order[:0])
	base := len(s.path)
	defer func() { s.path = s.path[:base] }()
	for _, d16 := range ds {
		d := int(d16)
		if !s.has(cell, d) {
			continue
		}
		s.guesses++
		mark := len(s.trail)
		lit := int32(cell*s.n + d)
		s.path = append(s.path, lit)
		if s.place(cell, d) && s.propagate() {
			s.search()
		} else {
			s.deadEnd()
		}
		if s.stopped {
			return // the state is dropped: undoing a large grid's trail takes long
		}
		s.undo(mark)
		s.path[len(s.path)-1] = ^lit // searched through: from now on a removal
		if s.finished() || !s.remove(cell, d) || !s.propagate() {
			return
		}
		if s.val[cell] != 0 {
			s.search() // propagation placed the cell
			return
		}
	}
}

// digits appends the candidates of a cell to ds, in the order to try them.
// The first run tries first the cell's hint (see hints), then the digits
// after it; a randomised run starts from a random candidate instead.
func (s *general) digits(cell int, ds []int16) []int16 {
	w := s.w
	for i := range w {
		for x := s.cand[cell*w+i]; x != 0; x &= x - 1 {
			ds = append(ds, int16(i<<6|bits.TrailingZeros64(x)))
		}
	}
	if len(ds) < 2 {
		return ds
	}
	var r int
	if s.rng != nil {
		r = s.rng.IntN(len(ds))
	} else {
		r, _ = slices.BinarySearch(ds, s.hint[cell])
		if r == len(ds) {
			r = 0
		}
	}
	// Rotate left by r: three reversals.
	slices.Reverse(ds[:r])
	slices.Reverse(ds[r:])
	slices.Reverse(ds)
	return ds
}

// pickCell returns the open cell to branch on: the fewest candidates for
// the weight of its units (dom/wdeg). A unit's weight counts the dead ends
// it has caused, from 1, across restarts: branching where the conflicts
// concentrate settles the hard part of a grid first. A randomised run
// starts its scan at a random cell, to break ties differently.
//
// The scan stops at a cell no later one can beat, so it returns the cell
// the whole scan would: propagation leaves no open cell with one digit,
// so none has fewer than the least count of two or more that some cell
// has (least, from nwith), and no cell's units weigh more than the
// heaviest row, column and box together (top). On a 400×400 grid with
// 48,000 cells open, where a correct hint leads the search to a solution
// without a dead end in 21,000 branch points, the full scans were half
// the solver's time.
func (s *general) pickCell() int {
	n := s.n
	cell, k, wk := -1, int32(n+1), uint32(1)
	least := uint64(2)
	for least < uint64(n) && s.nwith[least] == 0 {
		least++
	}
	var top uint64
	for t := range 3 {
		top += uint64(slices.Max(s.wdeg[t*n : t*n+n]))
	}
	open := s.openList[:s.open]
	start := 0
	if s.rng != nil {
		start = s.rng.IntN(len(open))
	}
	for j := range open {
		i := j + start
		if i >= len(open) {
			i -= len(open)
		}
		c := int(open[i])
		wd := s.wdeg[c/n] + s.wdeg[n+c%n] + s.wdeg[2*n+int(s.boxOf[c])]
		if uint64(s.ncand[c])*uint64(wk) < uint64(k)*uint64(wd) { // ncand/wd < k/wk
			cell, k, wk = c, s.ncand[c], wd
			if least*uint64(wk) >= uint64(k)*top {
				break
			}
		}
	}
	return cell
}

// countGeneral counts up to limit solutions of g, writing the first to sol
// (n² digits) when sol is not nil.
func countGeneral(g *sudokusat.Grid, limit int, sol []int32, done <-chan struct{}) (count, guesses int, stopped bool) {
	count, guesses, stopped, _ = countWith(g, limit, sol, done, restartBase, cdclAfter)
	return count, guesses, stopped
}

// countWith is countGeneral with runGeneral's base and after, reporting
// also whether clause learning took over.
func countWith(g *sudokusat.Grid, limit int, sol []int32, done <-chan struct{}, base, after uint) (count, guesses int, stopped, learned bool) {
	s := runGeneral(g, limit, sol, done, base, after)
	if !s.handOver {
		return s.count, s.guesses, s.stopped, false
	}
	c := learnFrom(g, s, limit, sol, done)
	return c.count, s.guesses + int(c.decisions), c.stopped, true
}

// cdclAfter is how many dead ends the general solver's restarts may pass
// before a grid goes over to clause learning (cdcl.go), when its variables
// fit (maxCDCLVars). Backtracking, even with nogoods, keeps failing in new
// places on hard large grids, where learning does not: random 36×36 and
// 49×49 completions at 42–46 % open took over 20 s without it, 1.6–1.9 s
// with it. Propagation and a few hundred dead ends settle the easier ones,
// which clause learning takes longer over: handed over after 128 dead
// ends, BenchmarkCompletions' 36×36 set took 271 ms against 130 ms
// without learning or after 256, while the harder sets lost 0–8 % at 256
// (docs/performance.md).
const cdclAfter = 256

// runGeneral is countGeneral with the restarts' shortest budget and the
// dead ends before clause learning given (restartBase and cdclAfter but
// in tests; after 0 never hands over), returning the solver as it ends.
func runGeneral(g *sudokusat.Grid, limit int, sol []int32, done <-chan struct{}, base, after uint) *general {
	s, ok := newGeneralUntil(g, done)
	if !ok {
		return &general{stopped: closed(done)}
	}
	s.done = done
	if !s.propagate() {
		return &general{stopped: s.stopped}
	}
	s.trailing = true
	s.limit, s.sol = limit, sol
	s.hint = s.hints(g)
	s.weight = 1
	if limit == 1 && s.hintSolves() {
		s.leaf()
		return s
	}
	switch {
	case limit <= restartLimit:
		if n := g.Size(); n*n*n <= maxCDCLVars {
			s.cdclAfter = after
		}
		s.countRestarts(base)
	case !s.symmetric():
		s.search()
	}
	return s
}

// restartLimit is the largest limit counted with restarts, which must
// remember the solutions found to tell new ones from old.
const restartLimit = 64

// countRestarts searches in runs of growing length (a run ends after the
// Luby sequence times base dead ends), each run but the first in a
// new random order, until a run ends on its own (it has seen everything),
// the nogoods of the cut runs refute the root (so do they), or limit
// distinct solutions are found. Backtracking search on Sudoku has heavy tails: an early wrong
// choice can hide the solutions under a subtree too big to refute, while
// another order finds them at once. Restarts cut those runs short; the
// growing budgets keep the search complete.
func (s *general) countRestarts(base uint) {
	s.seed = maphash.MakeSeed()
	for run := 1; ; run++ {
		s.budget = s.fails + base*luby(run)
		s.search()
		if s.stopped {
			return
		}
		s.undo(0)
		if !s.aborted || s.count >= s.limit {
			return
		}
		s.aborted = false
		if s.cdclAfter != 0 && s.fails >= s.cdclAfter {
			s.handOver = true
			return
		}
		if !s.addNogoods() {
			return // the nogoods leave nothing to search
		}
		if s.rng == nil {
			s.rng = rand.New(rand.NewPCG(uint64(run), 0x5eed))
		}
	}
}

// restartBase is the dead-end budget of the shortest runs.
const restartBase = 64

// luby returns the i-th term (from 1) of the Luby sequence 1 1 2 1 1 2 4 …,
// the restart schedule within a log factor of the best for any run-time
// distribution.
func luby(i int) uint {
	for k := 1; ; k++ {
		if i == 1<<k-1 {
			return 1 << (k - 1)
		}
		if i < 1<<k-1 {
			return luby(i - (1<<(k-1) - 1))
		}
	}
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
			if s.finished() {
				return
			}
		}
	}
}

// hintSolves places every open cell's hint, with no propagation and no
// branching, and reports whether that filled the grid: the hint is then a
// solution, found without a search. Otherwise it undoes the placements.
// The search would find that solution too, trying each cell's hint
// first, but at the cost of a branch point with its choice of cell and
// propagation every few cells: on a 400×400 grid cut from a shuffled
// pattern grid, 30 % open, 21,431 of them and 3.5 s, against 0.2 s here.
// Where the hint is wrong a placement fails early, at the first cell
// whose hint a given or a placement has taken.
func (s *general) hintSolves() bool {
	for i, cell := range slices.Clone(s.openList[:s.open]) {
		if i&4095 == 4095 && s.isDone() || !s.place(int(cell), int(s.hint[cell])) {
			s.undo(0)
			return false
		}
	}
	return s.open == 0
}

// hints returns the digit (from 0) each cell tries first in the first run:
// the cell's digit in the completion of the givens as a group table
// (grouptable.Guess) when they fit one, as puzzles cut from shuffled pattern
// grids do, and otherwise in the fixed pattern solution (bc·(r mod br) +
// ⌊r/br⌋ + c) mod n, which alone solves an empty grid of any size without a
// dead end. Either way, when the hint is a solution every placement agrees
// with it and sound propagation never removes it, so the search goes
// straight down, while plain backtracking on large open grids drowns in
// dead ends near the end. Where the hint is wrong it is just some order.
//
// The guess is made from the propagated state, not from the givens alone:
// more filled cells pin the table down (on the 225×225 puzzle of the large
// data sets, the givens alone complete to a Latin square that breaks a
// box, the propagated state to the solution).
func (s *general) hints(g *sudokusat.Grid) []int16 {
	n, br, bc := g.Size(), g.BoxRows(), g.BoxCols()
	placed := g.Clone()
	for cell, v := range s.val {
		if v != 0 {
			placed.SetCell(cell, int(v))
		}
	}
	guess := grouptable.Guess(placed)
	h := make([]int16, n*n)
	for cell := range h {
		row, col := cell/n, cell%n
		h[cell] = int16((bc*(row%br) + row/br + col) % n)
		if guess != nil {
			if d := guess.Cell(cell); d != 0 {
				h[cell] = int16(d - 1)
			}
		}
	}
	return h
}
