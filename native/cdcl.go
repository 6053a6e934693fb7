package native

import (
	"math/bits"
	"slices"

	"github.com/sudokusat/sudokusat"
)

// cdcl searches a grid by conflict-driven clause learning over the
// grid's own constraints, for the hard large grids on which the general
// solver's backtracking, even with restarts and nogoods, keeps refuting
// the same failures in new places. Its variables are the candidates,
// cell*n+d, and its constraints the grid's exactly-one groups: each cell
// holds one digit, each unit holds each digit once (4n² groups of n). A
// group propagates by counters, not clauses: a true member makes the
// others false; a group whose members but one are false makes that one
// true. Both are explained, when a conflict needs them, as the clauses
// they stand for (the binary at-most-one clause, the group's at-least-one
// clause), so the learned clauses are those a SAT solver would learn from
// the direct encoding, and only those are stored.
//
// It starts from the general solver's propagated root, whose removals
// (all-different filtering included) hold for every solution and need no
// explanation at level 0.
type cdcl struct {
	n      int
	nn     int     // n²: the first unit-digit group
	unitOf []int32 // at cell*3+j: the unit (row, column, box) j of cell
	cells  []int32 // at unit*n+k: the cell at position k of the unit

	val    []int8  // per variable: 1 true, -1 false, 0 open
	level  []int32 // per variable: the decision level it was set at
	kind   []uint8 // per variable: why it was set (reasonNone, …)
	arg    []int32 // per variable: the true variable, group or clause
	trail  []int32 // literals set, in order
	lim    []int32 // trail length at each decision
	qhead  int
	cnt    []int32  // per group: members not false
	xor    []int32  // per group: xor of the members not false
	w      int      // words per group bit set
	open   []uint64 // at g*w: the members of group g not false, by position
	posOf  []int32  // at cell*3+j: the cell's position in its unit j
	seen   []bool
	order  heap
	varInc float64

	arena   []int32 // clauses: size, lbd (deleted: -1), literals
	wasted  int     // in arena, by deleted clauses
	learnts []int32 // refs of the learned clauses
	watches [][]watch

	conflicts, decisions uint64
	done                 <-chan struct{}
	stopped              bool
	limit, count         int
	sol                  []int32
	buf, learnt, kept    []int32
	stack, toClear, rbuf []int32
	lvlSeen              []uint32
	lvlStamp             uint32
}

// Literals: variable v true is 2v, false 2v+1.
const (
	reasonNone   uint8 = iota // a decision, or set at level 0
	reasonAMO                 // arg, a true variable in one of its groups, made it false
	reasonALO                 // it is the last member left of group arg
	reasonClause              // clause arg made it true
)

type watch struct{ ref, blocker int32 }

// newCDCL loads the propagated root of s, which must hold no contradiction.
func newCDCL(s *general) *cdcl {
	n := s.n
	nv := n * n * n
	c := &cdcl{
		n: n, nn: n * n,
		unitOf:  make([]int32, 3*n*n),
		cells:   s.unitCells,
		val:     make([]int8, nv),
		level:   make([]int32, nv),
		kind:    make([]uint8, nv),
		arg:     make([]int32, nv),
		cnt:     make([]int32, 4*n*n),
		w:       s.w,
		open:    make([]uint64, 4*n*n*s.w),
		posOf:   make([]int32, 3*n*n),
		xor:     make([]int32, 4*n*n),
		seen:    make([]bool, nv),
		watches: make([][]watch, 2*nv),
		lvlSeen: make([]uint32, nv+1),
		varInc:  1,
		done:    s.done,
	}
	for cell := range n * n {
		u, ps := s.units(cell), s.places(cell)
		for j := range 3 {
			c.unitOf[cell*3+j] = int32(u[j])
			c.posOf[cell*3+j] = int32(ps[j])
		}
	}
	for v := range int32(nv) {
		gs, ks := c.groups(v), c.positions(v)
		for j, g := range gs {
			c.cnt[g]++
			c.xor[g] ^= v
			c.open[int(g)*c.w+int(ks[j]>>6)] |= 1 << (ks[j] & 63)
		}
	}
	c.order.init(nv)
	for cell := range n * n {
		for d := range n {
			v := int32(cell*n + d)
			if !s.has(cell, d) {
				c.assign(2*v+1, reasonNone, 0)
			}
		}
	}
	for cell := range n * n {
		if d := s.val[cell]; d != 0 {
			v := int32(cell*n + int(d) - 1)
			if c.val[v] == 0 {
				c.assign(2*v, reasonNone, 0)
			}
		}
	}
	for v := range nv {
		if c.val[v] == 0 {
			c.order.push(int32(v))
		}
	}
	return c
}

// groups returns the four groups of variable v: its cell, and its digit in
// the cell's row, column and box.
func (c *cdcl) groups(v int32) [4]int32 {
	n := int32(c.n)
	cell, d := v/n, v%n
	u := c.unitOf[cell*3 : cell*3+3]
	nn := int32(c.nn)
	return [4]int32{cell, nn + u[0]*n + d, nn + u[1]*n + d, nn + u[2]*n + d}
}

// positions returns the places of variable v in its four groups, as
// groups orders them.
func (c *cdcl) positions(v int32) [4]int32 {
	n := int32(c.n)
	cell, d := v/n, v%n
	p := c.posOf[cell*3 : cell*3+3]
	return [4]int32{d, p[0], p[1], p[2]}
}

// member returns the k-th variable of group g.
func (c *cdcl) member(g int32, k int) int32 {
	n := int32(c.n)
	if g < int32(c.nn) {
		return g*n + int32(k)
	}
	ud := g - int32(c.nn)
	u, d := ud/n, ud%n
	return c.cells[u*n+int32(k)]*n + d
}

func (c *cdcl) litValue(l int32) int8 {
	x := c.val[l>>1]
	if l&1 != 0 {
		return -x
	}
	return x
}

func (c *cdcl) assign(l int32, kind uint8, arg int32) {
	v := l >> 1
	if l&1 == 0 {
		c.val[v] = 1
	} else {
		c.val[v] = -1
		gs, ks := c.groups(v), c.positions(v)
		for j, g := range gs {
			c.cnt[g]--
			c.xor[g] ^= v
			c.open[int(g)*c.w+int(ks[j]>>6)] &^= 1 << (ks[j] & 63)
		}
	}
	c.level[v] = int32(len(c.lim))
	c.kind[v], c.arg[v] = kind, arg
	c.trail = append(c.trail, l)
}

// conflict describes a contradiction: the clause all of whose literals are
// false, as a reason kind and argument (for reasonAMO, the two true
// variables).
type conflict struct {
	kind uint8
	a, b int32
}

// propagate sets what the groups and clauses imply, to a fixpoint or a
// conflict.
func (c *cdcl) propagate() (conflict, bool) {
	for c.qhead < len(c.trail) {
		l := c.trail[c.qhead]
		c.qhead++
		v := l >> 1
		if l&1 == 0 {
			n := int32(c.n)
			cell, d := v/n, v%n
			for j, g := range c.groups(v) {
				// The members of g are cell*n+k (j == 0), or the unit's
				// k-th cell's variable for d.
				base, stride, cells := cell*n, int32(1), []int32(nil)
				if j > 0 {
					u := c.unitOf[cell*3+int32(j)-1]
					base, stride, cells = d, n, c.cells[u*n:u*n+n]
				}
				for i := range c.w {
					for x := c.open[int(g)*c.w+i]; x != 0; x &= x - 1 {
						k := int32(i<<6 | bits.TrailingZeros64(x))
						m := base + k
						if cells != nil {
							m = cells[k]*stride + base
						}
						switch {
						case m == v:
						case c.val[m] == 0:
							c.assign(2*m+1, reasonAMO, v)
						default:
							return conflict{reasonAMO, v, m}, false
						}
					}
				}
			}
		} else {
			for _, g := range c.groups(v) {
				switch c.cnt[g] {
				case 0:
					return conflict{reasonALO, g, 0}, false
				case 1:
					if m := c.xor[g]; c.val[m] == 0 {
						c.assign(2*m, reasonALO, g)
					}
				}
			}
		}
		if cf, ok := c.propagateClauses(l ^ 1); !ok {
			return cf, false
		}
	}
	return conflict{}, true
}

// propagateClauses visits the clauses watching f, a literal just made
// false.
func (c *cdcl) propagateClauses(f int32) (conflict, bool) {
	ws := c.watches[f]
	j := 0
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		if c.litValue(w.blocker) > 0 {
			ws[j] = w
			j++
			continue
		}
		size := c.arena[w.ref]
		if c.arena[w.ref+1] < 0 {
			continue // deleted: drop the watch
		}
		lits := c.arena[w.ref+2 : w.ref+2+size]
		if lits[0] == f {
			lits[0], lits[1] = lits[1], lits[0]
		}
		first := lits[0]
		if first != w.blocker && c.litValue(first) > 0 {
			ws[j] = watch{w.ref, first}
			j++
			continue
		}
		moved := false
		for k := 2; k < len(lits); k++ {
			if c.litValue(lits[k]) >= 0 {
				lits[1], lits[k] = lits[k], lits[1]
				c.watches[lits[1]] = append(c.watches[lits[1]], watch{w.ref, first})
				moved = true
				break
			}
		}
		if moved {
			continue
		}
		ws[j] = watch{w.ref, first}
		j++
		if c.litValue(first) < 0 {
			j += copy(ws[j:], ws[i+1:])
			c.watches[f] = ws[:j]
			return conflict{reasonClause, w.ref, 0}, false
		}
		c.assign(first, reasonClause, w.ref)
	}
	c.watches[f] = ws[:j]
	return conflict{}, true
}

// reasonLits appends to buf the false literals of the clause that implied
// variable v (all but v's own literal).
func (c *cdcl) reasonLits(v int32, buf []int32) []int32 {
	switch c.kind[v] {
	case reasonAMO:
		return append(buf, 2*c.arg[v]+1)
	case reasonALO:
		g := c.arg[v]
		for k := range c.n {
			if m := c.member(g, k); m != v {
				buf = append(buf, 2*m)
			}
		}
		return buf
	case reasonClause:
		ref := c.arg[v]
		size := c.arena[ref]
		return append(buf, c.arena[ref+3:ref+2+size]...) // lits[0] is v's
	}
	return buf
}

// conflictLits appends to buf the literals of the conflict's clause.
func (c *cdcl) conflictLits(cf conflict, buf []int32) []int32 {
	switch cf.kind {
	case reasonAMO:
		return append(buf, 2*cf.a+1, 2*cf.b+1)
	case reasonALO:
		for k := range c.n {
			buf = append(buf, 2*c.member(cf.a, k))
		}
		return buf
	default:
		size := c.arena[cf.a]
		return append(buf, c.arena[cf.a+2:cf.a+2+size]...)
	}
}

// analyze derives the first-UIP clause of a conflict at a level above 0,
// its asserting literal first, and returns the level to go back to.
func (c *cdcl) analyze(cf conflict) int {
	cur := int32(len(c.lim))
	learnt := append(c.learnt[:0], 0)
	lits := c.conflictLits(cf, c.buf[:0])
	pathC := 0
	idx := len(c.trail) - 1
	var p int32 = -1
	for {
		for _, q := range lits {
			v := q >> 1
			if c.seen[v] || c.level[v] == 0 {
				continue
			}
			c.seen[v] = true
			c.bump(v)
			if c.level[v] >= cur {
				pathC++
			} else {
				learnt = append(learnt, q)
			}
		}
		for !c.seen[c.trail[idx]>>1] {
			idx--
		}
		p = c.trail[idx]
		idx--
		c.seen[p>>1] = false
		pathC--
		if pathC == 0 {
			break
		}
		lits = c.reasonLits(p>>1, lits[:0])
	}
	learnt[0] = p ^ 1
	c.buf = lits

	// Drop the literals whose reasons are wholly in the clause.
	kept := append(c.kept[:0], learnt[0])
	var abstract uint32
	for _, q := range learnt[1:] {
		abstract |= 1 << (c.level[q>>1] & 31)
	}
	c.toClear = c.toClear[:0]
	for _, q := range learnt[1:] {
		if v := q >> 1; c.kind[v] == reasonNone || !c.redundant(v, abstract) {
			kept = append(kept, q)
		}
	}
	for _, v := range c.toClear {
		c.seen[v] = false
	}
	for _, q := range learnt[1:] {
		c.seen[q>>1] = false
	}
	c.kept = learnt
	learnt = kept

	back := 0
	if len(learnt) > 1 {
		at := 1
		for i := 2; i < len(learnt); i++ {
			if c.level[learnt[i]>>1] > c.level[learnt[at]>>1] {
				at = i
			}
		}
		learnt[1], learnt[at] = learnt[at], learnt[1]
		back = int(c.level[learnt[1]>>1])
	}
	c.learnt = learnt
	return back
}

// redundant reports whether v, a literal of the clause being learned, is
// implied by the clause's other literals: whether every path back from its
// reason ends in a literal of the clause or of level 0 (MiniSat's
// recursive minimisation). abstract has a bit for each level of the
// clause's literals: a reason literal of another level cannot be implied
// by them. Literals found implied stay seen, for the next calls.
func (c *cdcl) redundant(v0 int32, abstract uint32) bool {
	stack := append(c.stack[:0], v0)
	top := len(c.toClear)
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		c.rbuf = c.reasonLits(v, c.rbuf[:0])
		for _, q := range c.rbuf {
			u := q >> 1
			if c.seen[u] || c.level[u] == 0 {
				continue
			}
			if c.kind[u] == reasonNone || abstract&(1<<(c.level[u]&31)) == 0 {
				for _, w := range c.toClear[top:] {
					c.seen[w] = false
				}
				c.toClear = c.toClear[:top]
				c.stack = stack
				return false
			}
			c.seen[u] = true
			stack = append(stack, u)
			c.toClear = append(c.toClear, u)
		}
	}
	c.stack = stack
	return true
}

// lbd counts the distinct decision levels of lits.
func (c *cdcl) lbd(lits []int32) int32 {
	c.lvlStamp++
	k := int32(0)
	for _, q := range lits {
		if l := c.level[q>>1]; c.lvlSeen[l] != c.lvlStamp {
			c.lvlSeen[l] = c.lvlStamp
			k++
		}
	}
	return k
}

// addClause stores lits (at least two, the first two watched) and returns
// its ref.
func (c *cdcl) addClause(lits []int32, lbd int32) int32 {
	ref := int32(len(c.arena))
	c.arena = append(c.arena, int32(len(lits)), lbd)
	c.arena = append(c.arena, lits...)
	c.watches[lits[0]] = append(c.watches[lits[0]], watch{ref, lits[1]})
	c.watches[lits[1]] = append(c.watches[lits[1]], watch{ref, lits[0]})
	return ref
}

// backtrack undoes the levels above lvl.
func (c *cdcl) backtrack(lvl int) {
	if len(c.lim) <= lvl {
		return
	}
	at := int(c.lim[lvl])
	for i := len(c.trail) - 1; i >= at; i-- {
		l := c.trail[i]
		v := l >> 1
		if l&1 != 0 {
			gs, ks := c.groups(v), c.positions(v)
			for j, g := range gs {
				c.cnt[g]++
				c.xor[g] ^= v
				c.open[int(g)*c.w+int(ks[j]>>6)] |= 1 << (ks[j] & 63)
			}
		}
		c.val[v] = 0
		if !c.order.has(v) {
			c.order.push(v)
		}
	}
	c.trail = c.trail[:at]
	c.qhead = at
	c.lim = c.lim[:lvl]
}

func (c *cdcl) bump(v int32) {
	c.order.act[v] += c.varInc
	if c.order.act[v] > 1e100 {
		for i := range c.order.act {
			c.order.act[i] *= 1e-100
		}
		c.varInc *= 1e-100
	}
	c.order.up(v)
}

// run counts up to limit solutions, writing the first to sol. The search
// is MiniSat's: the open variable of highest activity (VSIDS), restarts
// after 512 times the Luby sequence's conflicts, learned clauses
// minimised recursively and halved by their levels (LBD) on Glucose's
// schedule. A decision always places a digit: on 24 random 64×64
// completions at 39 % open (10 s each), deciding by saved phase answered
// 15, placing 17, and with these restarts and this schedule 18
// (docs/performance.md).
func (c *cdcl) run() {
	if _, ok := c.propagate(); !ok {
		return
	}
	reduceAt := uint64(2000)
	nred := uint64(0)
	for restart := 1; ; restart++ {
		budget := c.conflicts + 512*uint64(luby(restart))
		for {
			cf, ok := c.propagate()
			if !ok {
				c.conflicts++
				if c.conflicts&255 == 0 && closed(c.done) {
					c.stopped = true
					return
				}
				if len(c.lim) == 0 {
					return // refuted
				}
				back := c.analyze(cf)
				c.backtrack(back)
				if len(c.learnt) == 1 {
					c.assign(c.learnt[0], reasonNone, 0)
				} else {
					ref := c.addClause(c.learnt, c.lbd(c.learnt))
					c.learnts = append(c.learnts, ref)
					c.assign(c.learnt[0], reasonClause, ref)
				}
				c.varInc /= 0.95
				continue
			}
			if c.conflicts >= budget {
				c.backtrack(0)
				break
			}
			if c.conflicts >= reduceAt {
				c.reduce()
				nred++
				reduceAt = c.conflicts + 2000 + 300*nred
			}
			v := c.pick()
			if v < 0 {
				if !c.solution() {
					return
				}
				continue
			}
			c.decisions++
			if c.decisions&1023 == 0 && closed(c.done) {
				c.stopped = true
				return
			}
			c.lim = append(c.lim, int32(len(c.trail)))
			c.assign(2*v, reasonNone, 0)
		}
	}
}

// pick returns the open variable of highest activity, or -1.
func (c *cdcl) pick() int32 {
	for c.order.len() > 0 {
		if v := c.order.pop(); c.val[v] == 0 {
			return v
		}
	}
	return -1
}

// solution counts the full assignment and blocks it by its decisions; it
// reports whether the search goes on.
func (c *cdcl) solution() bool {
	if c.count == 0 && c.sol != nil {
		for v, x := range c.val {
			if x > 0 {
				c.sol[v/c.n] = int32(v%c.n + 1)
			}
		}
	}
	c.count++
	if c.count >= c.limit || len(c.lim) == 0 {
		return false
	}
	var block []int32
	for lvl := len(c.lim) - 1; lvl >= 0; lvl-- {
		block = append(block, c.trail[c.lim[lvl]]^1)
	}
	c.backtrack(len(c.lim) - 1)
	if len(block) == 1 {
		c.assign(block[0], reasonNone, 0)
		return true
	}
	ref := c.addClause(block, int32(len(block)))
	c.assign(block[0], reasonClause, ref)
	return true
}

// reduce deletes the half of the learned clauses with the most levels,
// but for those of two levels and those that are reasons.
func (c *cdcl) reduce() {
	slices.SortFunc(c.learnts, func(a, b int32) int {
		la, lb := c.arena[a+1], c.arena[b+1]
		if la != lb {
			return int(lb - la)
		}
		return int(c.arena[b] - c.arena[a])
	})
	keep := c.learnts[:0]
	half := len(c.learnts) / 2
	for i, ref := range c.learnts {
		first := c.arena[ref+2] >> 1
		locked := c.val[first] != 0 && c.kind[first] == reasonClause && c.arg[first] == ref
		if i < half && c.arena[ref+1] > 2 && !locked {
			c.arena[ref+1] = -1
			c.wasted += 2 + int(c.arena[ref])
			continue
		}
		keep = append(keep, ref)
	}
	c.learnts = keep
	if c.wasted > len(c.arena)/2 {
		c.compact()
	}
}

// compact moves the clauses kept to a new arena and rebuilds the watches.
func (c *cdcl) compact() {
	arena := make([]int32, 0, len(c.arena)/2)
	moved := make(map[int32]int32, len(c.learnts))
	for ref := int32(0); ref < int32(len(c.arena)); {
		size := c.arena[ref]
		if c.arena[ref+1] >= 0 {
			moved[ref] = int32(len(arena))
			arena = append(arena, c.arena[ref:ref+2+size]...)
		}
		ref += 2 + size
	}
	for i, ref := range c.learnts {
		c.learnts[i] = moved[ref]
	}
	for v, k := range c.kind {
		if k == reasonClause && c.val[v] != 0 {
			c.arg[v] = moved[c.arg[v]]
		}
	}
	for l, ws := range c.watches {
		j := 0
		for _, w := range ws {
			if to, ok := moved[w.ref]; ok {
				ws[j] = watch{to, w.blocker}
				j++
			}
		}
		c.watches[l] = ws[:j]
	}
	c.arena, c.wasted = arena, 0
}

// heap is a max-heap of variables by activity.
type heap struct {
	act []float64
	at  []int32 // per variable: its index in vs, or -1
	vs  []int32
}

func (h *heap) init(nv int) {
	h.act = make([]float64, nv)
	h.at = make([]int32, nv)
	for i := range h.at {
		h.at[i] = -1
	}
}

func (h *heap) len() int         { return len(h.vs) }
func (h *heap) has(v int32) bool { return h.at[v] >= 0 }

func (h *heap) push(v int32) {
	h.at[v] = int32(len(h.vs))
	h.vs = append(h.vs, v)
	h.up(v)
}

func (h *heap) up(v int32) {
	i := int(h.at[v])
	if i < 0 {
		return
	}
	for i > 0 {
		p := (i - 1) / 2
		if h.act[h.vs[p]] >= h.act[v] {
			break
		}
		h.vs[i] = h.vs[p]
		h.at[h.vs[i]] = int32(i)
		i = p
	}
	h.vs[i] = v
	h.at[v] = int32(i)
}

func (h *heap) pop() int32 {
	top := h.vs[0]
	last := h.vs[len(h.vs)-1]
	h.vs = h.vs[:len(h.vs)-1]
	h.at[top] = -1
	if len(h.vs) > 0 {
		i := 0
		for {
			l := 2*i + 1
			if l >= len(h.vs) {
				break
			}
			if r := l + 1; r < len(h.vs) && h.act[h.vs[r]] > h.act[h.vs[l]] {
				l = r
			}
			if h.act[h.vs[l]] <= h.act[last] {
				break
			}
			h.vs[i] = h.vs[l]
			h.at[h.vs[i]] = int32(i)
			i = l
		}
		h.vs[i] = last
		h.at[last] = int32(i)
	}
	return top
}

// maxCDCLVars bounds the grids clause learning takes: its state is some
// 80 bytes a variable (n³ of them), 80 MB for a 100×100 grid.
const maxCDCLVars = 101 * 101 * 101

// learnFrom counts on with clause learning where the general solver s,
// which has found s.solutions of g so far, handed over: from g's
// propagated root again, each solution found blocked by a clause, up to
// limit solutions in all, the first written to sol.
func learnFrom(g *sudokusat.Grid, s *general, limit int, sol []int32, done <-chan struct{}) *cdcl {
	root, ok := newGeneralUntil(g, done)
	if ok {
		root.done = done
		ok = root.propagate()
	}
	if !ok {
		// The root held no contradiction the first time.
		return &cdcl{count: s.count, stopped: closed(done)}
	}
	c := newCDCL(root)
	c.limit, c.sol, c.count = limit, sol, s.count
	for _, found := range s.solutions {
		if !c.block(found) {
			return c // nothing else is left to search
		}
	}
	c.run()
	return c
}

// block adds at level 0 the clause that excludes solution val (digit+1
// per cell), and reports false when that leaves nothing to search.
func (c *cdcl) block(val []int32) bool {
	var lits []int32
	for cell, d := range val {
		v := int32(cell*c.n) + d - 1
		switch c.val[v] {
		case 0:
			lits = append(lits, 2*v+1)
		case -1:
			return true // the root already excludes it
		}
	}
	switch len(lits) {
	case 0:
		return false
	case 1:
		c.assign(lits[0], reasonNone, 0)
	default:
		c.addClause(lits, int32(len(lits)))
	}
	return true
}
