package search

import (
	"math/bits"
	"slices"
)

// state is one search's candidates and the work queues of its
// propagation. Every change to a cell's candidates goes through narrow,
// which logs the old mask on the trail (so that backtracking restores it)
// and wakes the rules that read the cell.
type state struct {
	m     *model
	cand  []uint64
	trail []undo
	// The queues: cells newly fixed (to remove their digit from their
	// peers), cells whose arcs to revise, units to look for hidden
	// singles in, and propagators to run. A flag keeps each item queued
	// once.
	fixedQ, pairQ, unitQ, propQ, pointQ []int32
	inPair, inUnit, inProp, inPoint     []bool
	enum                                enumScratch
	reads                               lineScratch
	seen                                []uint64 // scratch of unitRule: the cells that see all of a digit's
	// weight[c] is 1 plus the failures c took part in: each time a rule
	// empties a cell or finds itself unmeetable, every cell it reads
	// gains one (see blame). The search branches on the cell with the
	// fewest candidates per weight.
	weight []uint64
	// done is the context's: propagation looks at it every checkWork
	// units of work (see run), and sets stopped when it has ended.
	done    <-chan struct{}
	stopped bool
	work    int
}

// checkWork is how much propagation passes between two looks at the
// context, in units of about a cell or a digit set read: some tens of
// microseconds. A node's propagation is cheap on most puzzles, but one
// that wakes a thousand cage tables of 3,600 sets each took 27 ms a node,
// and a look every 256 nodes (the search's own, checkEvery) let a 2 s
// deadline run to 18 s.
const checkWork = 1 << 16

type undo struct {
	cell int32
	old  uint64
}

// newState returns the state of a search of m that stops when done is
// closed.
func newState(m *model, done <-chan struct{}) *state {
	s := &state{
		m:       m,
		done:    done,
		cand:    append([]uint64(nil), m.init...),
		inPair:  make([]bool, m.nn),
		inUnit:  make([]bool, len(m.units)),
		inPoint: make([]bool, len(m.units)),
		inProp:  make([]bool, len(m.props)),
		seen:    make([]uint64, m.words),
		weight:  make([]uint64, m.nn),
	}
	for c := range s.weight {
		s.weight[c] = 1
	}
	return s
}

// blame adds one to the weight of each cell of a rule that failed: the
// conflict-weighted degree (wdeg) of dom/wdeg, kept on the cells rather
// than on the rules. Boussemart, Hemery, Lecoutre and Sais ("Boosting
// systematic search by weighting constraints", ECAI 2004) weigh each
// constraint by its failures and a variable by the weights of its
// constraints; adding a failing rule's weight to its cells at once gives
// the same sums, less their restriction to rules with a second open cell,
// for one increment a cell instead of a walk over the rules at each
// choice.
func (s *state) blame(cells ...int32) {
	for _, c := range cells {
		s.weight[c]++
	}
}

// narrow restricts cell c to the candidates in keep. It reports false,
// changing nothing, when that leaves none.
func (s *state) narrow(c int32, keep uint64) bool {
	old := s.cand[c]
	now := old & keep
	if now == old {
		return true
	}
	if now == 0 {
		return false
	}
	s.trail = append(s.trail, undo{c, old})
	s.cand[c] = now
	if now&(now-1) == 0 {
		s.fixedQ = append(s.fixedQ, c)
	}
	if len(s.m.arcs[c]) > 0 && !s.inPair[c] {
		s.inPair[c] = true
		s.pairQ = append(s.pairQ, c)
	}
	for _, u := range s.m.cellUnits[c] {
		if !s.inUnit[u] {
			s.inUnit[u] = true
			s.unitQ = append(s.unitQ, u)
		}
		if !s.inPoint[u] {
			s.inPoint[u] = true
			s.pointQ = append(s.pointQ, u)
		}
	}
	for _, p := range s.m.cellProps[c] {
		if !s.inProp[p] {
			s.inProp[p] = true
			s.propQ = append(s.propQ, p)
		}
	}
	return true
}

// backtrack restores the candidates as they were when the trail was mark
// long.
func (s *state) backtrack(mark int) {
	for i := len(s.trail) - 1; i >= mark; i-- {
		s.cand[s.trail[i].cell] = s.trail[i].old
	}
	s.trail = s.trail[:mark]
}

// wakeAll queues every rule, for the first propagation from the givens.
func (s *state) wakeAll() {
	for c := range s.cand {
		if v := s.cand[c]; v&(v-1) == 0 {
			s.fixedQ = append(s.fixedQ, int32(c))
		}
		if len(s.m.arcs[c]) > 0 {
			s.inPair[c] = true
			s.pairQ = append(s.pairQ, int32(c))
		}
	}
	for u := range s.m.units {
		s.inUnit[u] = true
		s.unitQ = append(s.unitQ, int32(u))
		s.inPoint[u] = true
		s.pointQ = append(s.pointQ, int32(u))
	}
	for p := range s.m.props {
		s.inProp[p] = true
		s.propQ = append(s.propQ, int32(p))
	}
}

// propagate runs the queued rules until none has anything left to remove.
// It reports false when a cell loses its last candidate or a rule cannot
// be met, or when done is closed (stopped is then set); the queues are
// then empty again.
func (s *state) propagate() bool {
	if s.run() {
		return true
	}
	s.fixedQ = s.fixedQ[:0]
	for _, c := range s.pairQ {
		s.inPair[c] = false
	}
	s.pairQ = s.pairQ[:0]
	for _, u := range s.unitQ {
		s.inUnit[u] = false
	}
	s.unitQ = s.unitQ[:0]
	for _, u := range s.pointQ {
		s.inPoint[u] = false
	}
	s.pointQ = s.pointQ[:0]
	for _, p := range s.propQ {
		s.inProp[p] = false
	}
	s.propQ = s.propQ[:0]
	return false
}

// run empties the queues, cheapest rules first: a fixed cell's peers and
// the binary arcs often settle a cell before a sum has to look at it.
func (s *state) run() bool {
	for {
		if s.work >= checkWork {
			s.work = 0
			select {
			case <-s.done:
				s.stopped = true
				return false
			default:
			}
		}
		if k := len(s.fixedQ); k > 0 {
			c := s.fixedQ[k-1]
			s.fixedQ = s.fixedQ[:k-1]
			d := s.cand[c]
			if d == 0 || d&(d-1) != 0 {
				continue // the empty case cannot happen: narrow refuses it
			}
			s.work += len(s.m.peers[c])
			for _, o := range s.m.peers[c] {
				if s.cand[o]&d != 0 && !s.narrow(o, ^d) {
					s.blame(c, o)
					return false
				}
			}
			continue
		}
		if k := len(s.pairQ); k > 0 {
			c := s.pairQ[k-1]
			s.pairQ = s.pairQ[:k-1]
			s.inPair[c] = false
			s.work += len(s.m.arcs[c])
			for _, a := range s.m.arcs[c] {
				t := s.m.tables[a.table]
				var ok uint64
				for rest := s.cand[c]; rest != 0; rest &= rest - 1 {
					ok |= t[bits.TrailingZeros64(rest)]
				}
				if !s.narrow(a.other, ok) {
					s.blame(c, a.other)
					return false
				}
			}
			continue
		}
		if k := len(s.unitQ); k > 0 {
			u := s.unitQ[k-1]
			s.unitQ = s.unitQ[:k-1]
			s.inUnit[u] = false
			s.work += len(s.m.units[u])
			if !s.hiddenSingles(s.m.units[u]) {
				s.blame(s.m.units[u]...)
				return false
			}
			continue
		}
		if k := len(s.propQ); k > 0 {
			p := s.propQ[k-1]
			s.propQ = s.propQ[:k-1]
			// The flag stays up while the propagator runs: each runs to
			// its own fixpoint, so its own changes need not wake it.
			s.work += len(s.m.props[p].cells) + len(s.m.props[p].combos)
			ok := s.runProp(&s.m.props[p])
			s.inProp[p] = false
			if !ok {
				s.blame(s.m.props[p].cells...)
				return false
			}
			continue
		}
		// Pointing costs the most and finds the least: it waits until
		// everything else has settled.
		if k := len(s.pointQ); k > 0 {
			u := s.pointQ[k-1]
			s.pointQ = s.pointQ[:k-1]
			s.inPoint[u] = false
			s.work += len(s.m.units[u])
			if !s.pointing(s.m.units[u]) {
				s.blame(s.m.units[u]...)
				return false
			}
			continue
		}
		return true
	}
}

// hiddenSingles places each digit that only one cell of a full unit can
// hold, and fails when a digit has no cell left.
func (s *state) hiddenSingles(unit []int32) bool {
	var once, twice uint64
	for _, c := range unit {
		v := s.cand[c]
		twice |= once & v
		once |= v
	}
	if once != s.m.all {
		return false
	}
	for single := once &^ twice; single != 0; single &= single - 1 {
		d := single & -single
		for _, c := range unit {
			if s.cand[c]&d != 0 {
				if !s.narrow(c, d) {
					return false
				}
				break
			}
		}
	}
	return true
}

// pointing removes a digit that two or three cells of a full unit can
// hold from every cell that sees them all, since one of them will hold it:
// the pointing and claiming of boxes and lines, for any peers (jigsaw
// regions, diagonals, the chess moves).
func (s *state) pointing(unit []int32) bool {
	var once, twice, thrice, more uint64
	for _, c := range unit {
		v := s.cand[c]
		more |= thrice & v
		thrice |= twice & v
		twice |= once & v
		once |= v
	}
	for few := twice &^ more; few != 0; few &= few - 1 {
		if !s.point(unit, few&-few) {
			return false
		}
	}
	return true
}

// point removes digit d from every cell that sees all the cells of unit
// that can hold it, when one of those must: d is a digit the unit holds.
func (s *state) point(unit []int32, d uint64) bool {
	w := s.m.words
	seen := s.seen[:w]
	first := true
	for _, c := range unit {
		if s.cand[c]&d == 0 {
			continue
		}
		pb := s.m.peerBits[int(c)*w : int(c)*w+w]
		if first {
			copy(seen, pb)
			first = false
			continue
		}
		for i := range seen {
			seen[i] &= pb[i]
		}
	}
	if first {
		return true
	}
	for i, word := range seen {
		for ; word != 0; word &= word - 1 {
			o := int32(i*64 + bits.TrailingZeros64(word))
			if s.cand[o]&d != 0 && !s.narrow(o, ^d) {
				return false
			}
		}
	}
	return true
}

func (s *state) runProp(p *prop) bool {
	switch p.kind {
	case propThermo:
		return s.thermo(p.cells)
	case propLinear:
		return s.linear(p)
	case propCage:
		return s.cage(p)
	case propCageBounds:
		return s.cageBounds(p)
	case propTable:
		return s.table(p)
	case propFunc:
		return p.fn(s, p)
	}
	return true
}

// tableBudget bounds the nodes of one listing of a table's fillings.
const tableBudget = 4096

// table narrows each cell of a propTable to the digits it takes in some
// filling that ok accepts, listing the fillings of the cells' candidates
// (a prefix that partial refuses cut short). It gives up, changing
// nothing, past tableBudget nodes: the checker still refuses a complete
// filling that breaks the rule, so the search stays exact, only slower.
func (s *state) table(p *prop) bool {
	k := len(p.cells)
	vals := make([]int, k)
	sup := make([]uint64, k)
	budget, full := tableBudget, 0
	var walk func(i int) walkEnd
	walk = func(i int) walkEnd {
		if budget--; budget < 0 {
			return walkOut
		}
		if i == k {
			if !p.ok(vals) {
				return walkOn
			}
			for j, c := range p.cells {
				bit := uint64(1) << (vals[j] - 1)
				if sup[j]&bit == 0 {
					sup[j] |= bit
					if sup[j] == s.cand[c] {
						full++
					}
				}
			}
			if full == k {
				return walkDone
			}
			return walkOn
		}
		for free := s.cand[p.cells[i]]; free != 0; free &= free - 1 {
			vals[i] = bits.TrailingZeros64(free) + 1
			if p.partial != nil && !p.partial(vals[:i+1]) {
				continue
			}
			if end := walk(i + 1); end != walkOn {
				return end
			}
		}
		return walkOn
	}
	if walk(0) == walkOut {
		return true
	}
	for i, c := range p.cells {
		if !s.narrow(c, sup[i]) {
			return false
		}
	}
	return true
}

// thermo keeps each cell above the smallest candidate before it and below
// the largest after it; one pass each way reaches the fixpoint, since the
// backward pass never removes a cell's smallest candidate without emptying
// the cell.
func (s *state) thermo(cells []int32) bool {
	low := 0 // the previous cell's smallest digit
	for _, c := range cells {
		if !s.narrow(c, ^(uint64(1)<<low - 1)) {
			return false
		}
		low = bits.TrailingZeros64(s.cand[c]) + 1
	}
	high := s.m.n + 1 // the next cell's largest digit
	for i := len(cells) - 1; i >= 0; i-- {
		c := cells[i]
		if !s.narrow(c, uint64(1)<<(high-1)-1) {
			return false
		}
		high = bits.Len64(s.cand[c])
	}
	return true
}

// linear enforces bounds on Σ coefs[i]·digit(cells[i]) = target: each
// term must fit between the target less the other terms' largest and
// smallest totals. It repeats until no cell narrows.
func (s *state) linear(p *prop) bool {
	for {
		var lo, hi int64
		for i, c := range p.cells {
			a, b := s.termRange(c, p.coefs[i])
			lo, hi = lo+a, hi+b
		}
		if p.target < lo || p.target > hi {
			return false
		}
		changed := false
		for i, c := range p.cells {
			k := p.coefs[i]
			a, b := s.termRange(c, k)
			// k·digit must lie in [from, to].
			from, to := p.target-(hi-b), p.target-(lo-a)
			var dmin, dmax int64
			if k > 0 {
				dmin, dmax = ceilDiv(from, k), floorDiv(to, k)
			} else {
				dmin, dmax = ceilDiv(to, k), floorDiv(from, k)
			}
			keep := digitRange(dmin, dmax, s.m.n)
			if s.cand[c]&keep != s.cand[c] {
				if !s.narrow(c, keep) {
					return false
				}
				changed = true
				na, nb := s.termRange(c, k)
				lo, hi = lo-a+na, hi-b+nb
			}
		}
		if !changed {
			break
		}
	}
	if p.differ == nil {
		return true
	}
	return s.enumerate(p)
}

// enumBudget bounds the nodes of one enumeration of a linear rule's
// fillings: the bounds have usually left few, and when they have not, the
// rule is left to the bounds until the search has narrowed its cells.
const enumBudget = 1024

// enumerate narrows each cell of a linear rule to the digits it takes in
// some filling of the rule's cells that meets the sum and keeps peers
// apart: the rule alone then rules out nothing more. It gives up, changing
// nothing, when the fillings take more than enumBudget nodes to list.
func (s *state) enumerate(p *prop) bool {
	k := len(p.cells)
	e := &s.enum
	e.vals = slices.Grow(e.vals[:0], k)[:k]
	e.sup = slices.Grow(e.sup[:0], k)[:k]
	clear(e.sup)
	// lo[i], hi[i]: the smallest and largest total of the terms from i on.
	e.lo = slices.Grow(e.lo[:0], k+1)[:k+1]
	e.hi = slices.Grow(e.hi[:0], k+1)[:k+1]
	e.lo[k], e.hi[k] = 0, 0
	for i := k - 1; i >= 0; i-- {
		a, b := s.termRange(p.cells[i], p.coefs[i])
		e.lo[i], e.hi[i] = e.lo[i+1]+a, e.hi[i+1]+b
	}
	e.budget, e.full = enumBudget, 0
	if s.walk(p, 0, 0) == walkOut {
		return true
	}
	for i, c := range p.cells {
		if !s.narrow(c, e.sup[i]) {
			return false
		}
	}
	return true
}

// enumScratch is the enumeration's working memory, kept with the state
// to spare an allocation per call.
type enumScratch struct {
	vals   []int    // the digit of each term so far
	sup    []uint64 // the digits each term takes in some filling
	lo, hi []int64  // bounds of the remaining terms' total
	budget int      // nodes left
	full   int      // terms whose sup holds all their candidates
}

type walkEnd uint8

const (
	walkOn   walkEnd = iota // keep listing
	walkDone                // every candidate has a filling: nothing to narrow
	walkOut                 // over budget
)

// walk lists the fillings of terms i on, given the total so far.
func (s *state) walk(p *prop, i int, total int64) walkEnd {
	e := &s.enum
	if e.budget--; e.budget < 0 {
		return walkOut
	}
	if i == len(p.cells) {
		if total != p.target {
			return walkOn
		}
		for j, c := range p.cells {
			bit := uint64(1) << (e.vals[j] - 1)
			if e.sup[j]&bit == 0 {
				e.sup[j] |= bit
				if e.sup[j] == s.cand[c] {
					e.full++
				}
			}
		}
		if e.full == len(p.cells) {
			return walkDone
		}
		return walkOn
	}
	c, k := p.cells[i], p.coefs[i]
	free := s.cand[c]
	for rest := p.differ[i]; rest != 0; rest &= rest - 1 {
		free &^= 1 << (e.vals[bits.TrailingZeros64(rest)] - 1)
	}
	for ; free != 0; free &= free - 1 {
		d := bits.TrailingZeros64(free) + 1
		t := total + k*int64(d)
		if need := p.target - t; need < e.lo[i+1] || need > e.hi[i+1] {
			continue
		}
		e.vals[i] = d
		if end := s.walk(p, i+1, t); end != walkOn {
			return end
		}
	}
	return walkOn
}

// termRange returns the smallest and largest k·digit over c's candidates.
func (s *state) termRange(c int32, k int64) (int64, int64) {
	v := s.cand[c]
	dmin, dmax := int64(bits.TrailingZeros64(v)+1), int64(bits.Len64(v))
	if k > 0 {
		return k * dmin, k * dmax
	}
	return k * dmax, k * dmin
}

// digitRange returns the mask of digits from lo to hi, clipped to 1..n.
func digitRange(lo, hi int64, n int) uint64 {
	lo, hi = max(lo, 1), min(hi, int64(n))
	if lo > hi {
		return 0
	}
	return (uint64(1)<<hi - 1) &^ (uint64(1)<<(lo-1) - 1)
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func ceilDiv(a, b int64) int64 { return -floorDiv(-a, b) }

// cage keeps a killer cage to the digit sets that can still make its sum:
// a set must contain the cage's placed digits, lie within its candidates,
// and offer every cell a candidate. Each cell keeps the digits of the sets
// left; a digit in all of them that only one cell can hold goes there.
func (s *state) cage(p *prop) bool {
	for {
		mark := len(s.trail)
		if !s.cagePass(p) {
			return false
		}
		if len(s.trail) == mark {
			return true
		}
	}
}

// cagePass is one pass of cage.
func (s *state) cagePass(p *prop) bool {
	var union, placed uint64
	for _, c := range p.cells {
		v := s.cand[c]
		union |= v
		if v&(v-1) == 0 {
			placed |= v
		}
	}
	var any uint64
	all := ^uint64(0)
	for _, set := range p.combos {
		if set&placed != placed || set&^union != 0 {
			continue
		}
		fits := true
		for _, c := range p.cells {
			if s.cand[c]&set == 0 {
				fits = false
				break
			}
		}
		if fits {
			any |= set
			all &= set
		}
	}
	if any == 0 {
		return false
	}
	for _, c := range p.cells {
		if !s.narrow(c, any) {
			return false
		}
	}
	return s.required(p.cells, all)
}

// required places each digit of need, which cells (that must differ) must
// hold among them: in the one cell that can hold it, and failing when none
// can. When several can, it leaves every cell that sees all of them.
func (s *state) required(cells []int32, need uint64) bool {
	for ; need != 0; need &= need - 1 {
		d := need & -need
		var at int32 = -1
		for _, c := range cells {
			if s.cand[c]&d != 0 {
				if at >= 0 {
					at = -2
					break
				}
				at = c
			}
		}
		switch {
		case at == -1:
			return false
		case at >= 0:
			if !s.narrow(at, d) {
				return false
			}
		default:
			if !s.point(cells, d) {
				return false
			}
		}
	}
	return true
}

// cageBounds keeps a killer cage's sum within what distinct digits can
// make, for a cage with too many digit sets to list: its k open cells
// hold k distinct digits of their candidates, less the placed ones, so
// they add up to at least the k smallest of those and at most the k
// largest; and a digit d stays in an open cell only when the other k−1
// can make the rest with such digits other than d, which is the same
// test for every open cell. It costs a few passes over the cage, where a
// table of digit sets costs one pass over each set of the table.
func (s *state) cageBounds(p *prop) bool {
	for {
		var placed, free uint64
		var rest int64 = p.target
		open := 0
		for _, c := range p.cells {
			v := s.cand[c]
			if v&(v-1) == 0 {
				if placed&v != 0 {
					return false // a digit twice: the peers will see it too
				}
				placed |= v
				rest -= int64(digitOf(v))
				continue
			}
			free |= v
			open++
		}
		free &^= placed
		if open == 0 {
			return rest == 0
		}
		if popcount(free) < open {
			return false
		}
		// lo and hi: the open smallest and largest digits of free, and
		// their sums; loTop is the largest of the smallest, hiBottom
		// the smallest of the largest.
		var lo, hi, loTop, hiBottom int64
		small, large := free, free
		for range open {
			d := int64(digitOf(small))
			small &= small - 1
			lo, loTop = lo+d, d
			e := int64(bits.Len64(large))
			large &^= 1 << (e - 1)
			hi, hiBottom = hi+e, e
		}
		if rest < lo || rest > hi {
			return false
		}
		var keep uint64
		for f := free; f != 0; f &= f - 1 {
			d := int64(digitOf(f))
			// The other open cells' least and most without d.
			least, most := lo-loTop, hi-hiBottom
			if d <= loTop {
				least = lo - d
			}
			if d >= hiBottom {
				most = hi - d
			}
			if rest-d >= least && rest-d <= most {
				keep |= f & -f
			}
		}
		changed := false
		for _, c := range p.cells {
			v := s.cand[c]
			if v&(v-1) == 0 || v&keep == v {
				continue
			}
			if !s.narrow(c, keep) {
				return false
			}
			changed = true
		}
		if !changed {
			return true
		}
	}
}

func popcount(v uint64) int { return bits.OnesCount64(v) }

// digitOf returns the smallest digit of a candidate mask.
func digitOf(v uint64) int { return bits.TrailingZeros64(v) + 1 }
