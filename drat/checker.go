// The checking engine: the clause set, watched literals, unit
// propagation, the RUP and RAT checks, and deletions.

package drat

import (
	"context"
)

// clause is a clause of the current set; lits[0] and lits[1] are its
// watched literals when it has two or more.
type clause struct {
	lits    []int32
	deleted bool
}

// checker holds the clause set and the trail. Literals are internal: a
// variable v (numbered from 1 in the order first met) has literals 2v (true)
// and 2v+1 (false), so that l^1 is the negation of l.
type checker struct {
	ctx context.Context
	// dense maps the DIMACS variables below its length to internal ones (0
	// for none yet), vars those above; see lit.
	dense  []int32
	vars   map[int32]int32
	vals   []int8  // per literal: 1 true, -1 false, 0 unassigned
	reason []int32 // per variable: the clause that implied it, or -1
	// first is, per variable, the number of clauses there were when it
	// was first met: every clause that names it comes after.
	first   []int32
	watches [][]watch // per literal: clauses watching it
	mark    []uint32  // per literal: stamp of the last normalize
	stamp   uint32
	clauses []clause
	byHash  map[uint64][]int32 // clauses by hash, for deletions; built at the first
	// arena stores the formula's clauses, in chunks: one allocation for
	// thousands of clauses when a formula is loaded. Lemmas get their own,
	// so that a deleted one's memory goes back.
	arena   []int32
	trail   []int32
	qhead   int
	ticks   int
	err     error // the context's error, once seen
	refuted bool  // the top level has reached a conflict
	buf     []int32
	// occ lists, per literal, the clauses from occFrom on that contain
	// it, for the RAT check's candidates; built at the first RAT check
	// (most proofs have none) over the clauses that may name its pivot,
	// kept up to date after, cleaned of deleted clauses lazily, and built
	// again over more clauses when a pivot first met earlier needs them.
	occ     [][]int32
	occFrom int32
	// occMem, occBuf and occCount keep index's memory across a reset:
	// the lists' headers, one array holding the lists as index builds
	// them (a list that grows later moves out), and the counts.
	occMem   [][]int32
	occBuf   []int32
	occCount []int32
}

// watch is an entry of a literal's watch list: the clause id, and a
// literal of the clause, the blocker, which when true satisfies the clause
// so that propagation passes it by without reading the clause. A binary
// clause's blocker is its other literal, which is all propagation needs of
// it: it never reads a binary clause, and a deleted one leaves the watch
// lists at once (a longer one leaves them lazily, when propagation meets
// it). ref is the clause id, or its complement (negative) for a binary
// clause.
type watch struct {
	blocker int32
	ref     int32
}

func (w watch) binary() bool { return w.ref < 0 }

func newChecker(ctx context.Context) *checker {
	c := &checker{
		ctx:  ctx,
		vars: make(map[int32]int32),
	}
	c.grow() // variable 0 is unused
	return c
}

// reset empties the checker for another formula, as newChecker makes it,
// keeping the memory of its tables: a caller that checks many small
// formulas allocates them once. Nothing of the clauses, assignments or
// variables before is left for the next check to meet.
func (c *checker) reset(ctx context.Context) {
	clear(c.dense)
	clear(c.vars)
	c.ctx = ctx
	c.vals = c.vals[:0]
	c.reason = c.reason[:0]
	c.first = c.first[:0]
	c.watches = c.watches[:0]
	c.mark = c.mark[:0]
	c.clauses = c.clauses[:0]
	c.byHash = nil
	c.occ = nil
	c.arena = c.arena[:0]
	c.trail = c.trail[:0]
	c.qhead = 0
	c.err = nil
	c.refuted = false
	c.grow()
}

// grow adds a variable: its two literals' values, watch lists and marks,
// and its reason. Watch lists left from before a reset are emptied and
// used again.
func (c *checker) grow() {
	c.vals = append(c.vals, 0, 0)
	if n := len(c.watches); cap(c.watches) >= n+2 {
		c.watches = c.watches[:n+2]
		c.watches[n] = c.watches[n][:0]
		c.watches[n+1] = c.watches[n+1][:0]
	} else {
		c.watches = append(c.watches, nil, nil)
	}
	c.mark = append(c.mark, 0, 0)
	c.reason = append(c.reason, -1)
	c.first = append(c.first, int32(len(c.clauses)))
	if c.occ != nil {
		c.occ = append(c.occ, nil, nil)
	}
}

// index builds the occurrence lists of the clauses from from on, in one
// array: the literals are counted first, so that each list is cut from it
// at its size. A proof of a 25×25 puzzle's reduced encoding has a RAT
// lemma for every auxiliary variable, and lists grown one append at a
// time were a tenth of its check. Those variables are first met in the
// lemmas, after the formula's tens of thousands of clauses, which none of
// their RAT checks needs to index.
func (c *checker) index(from int32) {
	c.occFrom = from
	clauses := c.clauses[from:]
	n := len(c.vals)
	if cap(c.occCount) < n {
		c.occCount = make([]int32, n)
	}
	count := c.occCount[:n]
	clear(count)
	total := 0
	for i := range clauses {
		for _, l := range clauses[i].lits {
			count[l]++
		}
		total += len(clauses[i].lits)
	}
	if cap(c.occBuf) < total {
		c.occBuf = make([]int32, total)
	}
	buf := c.occBuf[:total]
	if cap(c.occMem) < n {
		c.occMem = make([][]int32, n)
	}
	c.occ = c.occMem[:n]
	off := 0
	for l, k := range count {
		c.occ[l] = buf[off : off : off+int(k)]
		off += int(k)
	}
	for i := range clauses {
		for _, l := range clauses[i].lits {
			c.occ[l] = append(c.occ[l], from+int32(i))
		}
	}
}

// lit maps a DIMACS literal (never 0) to an internal one. Variables below
// denseMin, or below denseFactor times the variables mapped, go through a
// table indexed by the DIMACS variable; the others through a map. Memory
// stays proportional to the variables used, whatever numbers a header or a
// proof names, and the formulas of Sudoku grids, whose variables are
// numbered from 1 with few gaps, never pay for the map.
func (c *checker) lit(ext int32) int32 {
	v := ext
	if v < 0 {
		v = -v
	}
	var id int32
	if int(v) < len(c.dense) {
		id = c.dense[v]
	} else if int(v) < max(denseMin, denseFactor*len(c.reason)) {
		c.widen(int(v) + 1)
		id = c.dense[v]
	} else {
		id = c.vars[v]
	}
	if id == 0 {
		id = int32(len(c.reason))
		if int(v) < len(c.dense) {
			c.dense[v] = id
		} else {
			c.vars[v] = id
		}
		c.grow()
	}
	l := id << 1
	if ext < 0 {
		l |= 1
	}
	return l
}

const (
	denseMin    = 1 << 12
	denseFactor = 8
)

// widen makes the table of lit at least n long, moving there the variables
// the map held below n.
func (c *checker) widen(n int) {
	m := max(n, 2*len(c.dense))
	m = min(m, max(denseMin, denseFactor*len(c.reason)))
	m = max(m, n)
	if m <= cap(c.dense) {
		c.dense = c.dense[:m] // cleared by reset, never written past its length
	} else {
		c.dense = append(c.dense[:cap(c.dense)], make([]int32, m-cap(c.dense))...)
	}
	for v, id := range c.vars {
		if int(v) < m {
			c.dense[v] = id
			delete(c.vars, v)
		}
	}
}

// mapLit is lit with the table's hit inline.
func (c *checker) mapLit(e int32) int32 {
	v := e
	if v < 0 {
		v = -v
	}
	if int(v) < len(c.dense) && c.dense[v] != 0 {
		l := c.dense[v] << 1
		if e < 0 {
			l |= 1
		}
		return l
	}
	return c.lit(e)
}

// normalize maps a clause's literals, drops repeated ones (keeping the
// first, so that the RAT pivot stays first) and leaves them marked with the
// current stamp. The result is c.buf, valid until the next call.
func (c *checker) normalize(ext []int32) []int32 {
	c.stamp++
	c.buf = c.buf[:0]
	for _, e := range ext {
		// The table's hit, inline: lit is too large to be inlined, and
		// loading a formula maps every one of its literals.
		v := e
		if v < 0 {
			v = -v
		}
		var l int32
		if int(v) < len(c.dense) && c.dense[v] != 0 {
			l = c.dense[v] << 1
			if e < 0 {
				l |= 1
			}
		} else {
			l = c.lit(e)
		}
		if c.mark[l] == c.stamp {
			continue
		}
		c.mark[l] = c.stamp
		c.buf = append(c.buf, l)
	}
	return c.buf
}

// hash is the same for every order of the same literals.
func hash(lits []int32) uint64 {
	var h uint64
	for _, l := range lits {
		x := uint64(l) + 0x9e3779b97f4a7c15
		x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
		x = (x ^ (x >> 27)) * 0x94d049bb133111eb
		h += x ^ (x >> 31)
	}
	return h
}

func (c *checker) assign(l, reason int32) {
	c.vals[l] = 1
	c.vals[l^1] = -1
	c.reason[l>>1] = reason
	c.trail = append(c.trail, l)
}

func (c *checker) undo(to int) {
	for i := len(c.trail) - 1; i >= to; i-- {
		l := c.trail[i]
		c.vals[l] = 0
		c.vals[l^1] = 0
		c.reason[l>>1] = -1
	}
	c.trail = c.trail[:to]
	if c.qhead > to {
		c.qhead = to
	}
}

// propagate runs unit propagation from c.qhead and reports a conflict. It
// checks the context every 4096 propagated literals; on its error it sets
// c.err and returns false.
func (c *checker) propagate() bool {
	for c.qhead < len(c.trail) {
		c.ticks++
		if c.ticks&4095 == 0 {
			if err := c.ctx.Err(); err != nil {
				c.err = err
				return false
			}
		}
		f := c.trail[c.qhead] ^ 1 // the literal made false
		c.qhead++
		ws := c.watches[f]
		// Most watches are passed by on a true blocker: the list is
		// rewritten only from the first watch that leaves it.
		i := 0
		for i < len(ws) && c.vals[ws[i].blocker] == 1 {
			i++
		}
		j := i
		conflict := false
		for ; i < len(ws); i++ {
			w := ws[i]
			if conflict || c.vals[w.blocker] == 1 {
				ws[j] = w
				j++
				continue
			}
			if w.binary() {
				ws[j] = w
				j++
				if c.vals[w.blocker] == -1 {
					conflict = true
				} else {
					c.assign(w.blocker, ^w.ref)
				}
				continue
			}
			ci := w.ref
			cl := &c.clauses[ci]
			if cl.deleted {
				continue // dropped from the list lazily
			}
			lits := cl.lits
			if lits[0] == f {
				lits[0], lits[1] = lits[1], lits[0]
			}
			if c.vals[lits[0]] == 1 {
				ws[j] = watch{lits[0], ci}
				j++
				continue
			}
			moved := false
			for k := 2; k < len(lits); k++ {
				if c.vals[lits[k]] != -1 {
					lits[1], lits[k] = lits[k], lits[1]
					c.watches[lits[1]] = append(c.watches[lits[1]], watch{lits[0], ci})
					moved = true
					break
				}
			}
			if moved {
				continue
			}
			ws[j] = watch{lits[0], ci}
			j++
			if c.vals[lits[0]] == -1 {
				conflict = true
			} else {
				c.assign(lits[0], ci)
			}
		}
		if j < len(ws) {
			c.watches[f] = ws[:j]
		}
		if conflict {
			return true
		}
	}
	return false
}

// assume assigns false to every literal of lits at a temporary level and
// reports a conflict when one of them is already true.
func (c *checker) assume(lits []int32) bool {
	for _, l := range lits {
		switch c.vals[l] {
		case 1:
			return true
		case 0:
			c.assign(l^1, -1)
		}
	}
	return false
}

// implied reports whether lits is RUP, or RAT on its first literal, over the
// current clauses. It leaves the trail at the top level.
func (c *checker) implied(lits []int32) bool {
	base := len(c.trail)
	defer c.undo(base)
	if c.assume(lits) || c.propagate() {
		return true
	}
	if c.err != nil || len(lits) == 0 {
		return false
	}
	np := lits[0] ^ 1
	mid := len(c.trail)
	if from := c.first[np>>1]; c.occ == nil || from < c.occFrom {
		c.index(from)
	}
	ids := c.occ[np]
	j := 0
	for i, id := range ids {
		cl := &c.clauses[id]
		if cl.deleted {
			continue
		}
		ids[j] = id
		j++
		c.ticks++
		if c.ticks&4095 == 0 {
			if err := c.ctx.Err(); err != nil {
				c.err = err
				return false
			}
		}
		conflict := false
		for _, l := range cl.lits {
			if l == np {
				continue
			}
			if c.vals[l] == 1 {
				conflict = true
				break
			}
			if c.vals[l] == 0 {
				c.assign(l^1, -1)
			}
		}
		if !conflict {
			conflict = c.propagate()
		}
		c.undo(mid)
		if c.err != nil || !conflict {
			c.occ[np] = append(ids[:j], ids[i+1:]...)
			return false
		}
	}
	c.occ[np] = ids[:j]
	return true
}

// addFormulaClause adds a clause of the formula, as addClause does.
func (c *checker) addFormulaClause(lits []int32) {
	if cap(c.arena)-len(c.arena) < len(lits) {
		// The chunks grow from 4,096 literals to 65,536: a small
		// formula, such as a Sudoku puzzle's, allocates little.
		c.arena = make([]int32, 0, max(min(2*cap(c.arena), 1<<16), 1<<12, len(lits)))
	}
	n := len(c.arena)
	c.arena = append(c.arena, lits...)
	c.add(c.arena[n:len(c.arena):len(c.arena)])
}

// addBinary is addFormulaClause of the clause (a b), a ≠ b.
func (c *checker) addBinary(a, b int32) {
	if cap(c.arena)-len(c.arena) < 2 {
		c.arena = make([]int32, 0, max(min(2*cap(c.arena), 1<<16), 1<<12))
	}
	n := len(c.arena)
	c.arena = append(c.arena, a, b)
	c.add(c.arena[n : n+2 : n+2])
}

// addClause adds a clause at the top level (the trail fully propagated),
// choosing watches that are not false where it can, and propagates. A
// lemma of one or two literals goes to the arena, where a deleted one's
// memory stays until the check ends; a longer one gets its own, which
// goes back.
func (c *checker) addClause(lits []int32) {
	if len(lits) <= 2 {
		c.addFormulaClause(lits)
		return
	}
	c.add(append([]int32(nil), lits...))
}

// add is addClause on a copy of the literals that the clause may keep.
func (c *checker) add(cp []int32) {
	id := int32(len(c.clauses))
	c.clauses = append(c.clauses, clause{lits: cp})
	if c.occ != nil {
		for _, l := range cp {
			c.occ[l] = append(c.occ[l], id)
		}
	}
	if c.byHash != nil {
		h := hash(cp)
		c.byHash[h] = append(c.byHash[h], id)
	}
	switch len(cp) {
	case 0:
		c.refuted = true
		return
	case 1:
		switch c.vals[cp[0]] {
		case -1:
			c.refuted = true
			return
		case 0:
			c.assign(cp[0], id)
		}
	default:
		n := 0
		for k := range cp {
			if c.vals[cp[k]] != -1 {
				cp[n], cp[k] = cp[k], cp[n]
				n++
				if n == 2 {
					break
				}
			}
		}
		ref := id
		if len(cp) == 2 {
			ref = ^id
		}
		c.watches[cp[0]] = append(c.watches[cp[0]], watch{cp[1], ref})
		c.watches[cp[1]] = append(c.watches[cp[1]], watch{cp[0], ref})
		switch {
		case n == 0:
			c.refuted = true
			return
		case n == 1 && c.vals[cp[0]] == 0:
			c.assign(cp[0], id)
		}
	}
	if c.qhead < len(c.trail) && c.propagate() {
		c.refuted = true
	}
}

type removal int

const (
	removed removal = iota
	missing
	ignoredUnit
	ignoredReason
)

// remove deletes one copy of the clause whose literals are lits (as marked
// by the last normalize).
func (c *checker) remove(lits []int32) removal {
	if len(lits) == 1 {
		return ignoredUnit
	}
	if c.byHash == nil {
		c.byHash = make(map[uint64][]int32)
		for id := range c.clauses {
			if cl := &c.clauses[id]; !cl.deleted {
				h := hash(cl.lits)
				c.byHash[h] = append(c.byHash[h], int32(id))
			}
		}
	}
	h := hash(lits)
	ids := c.byHash[h]
	for k, id := range ids {
		cl := &c.clauses[id]
		if len(cl.lits) != len(lits) || !c.allMarked(cl.lits) {
			continue
		}
		for _, l := range cl.lits {
			if c.vals[l] == 1 && c.reason[l>>1] == id {
				return ignoredReason
			}
		}
		if len(cl.lits) == 2 {
			// Propagation never reads a binary clause to see it deleted.
			c.unwatch(cl.lits[0], id)
			c.unwatch(cl.lits[1], id)
		}
		cl.deleted = true
		cl.lits = nil
		ids[k] = ids[len(ids)-1]
		if len(ids) == 1 {
			delete(c.byHash, h)
		} else {
			c.byHash[h] = ids[:len(ids)-1]
		}
		return removed
	}
	return missing
}

// unwatch removes the binary clause id from l's watch list.
func (c *checker) unwatch(l, id int32) {
	ws := c.watches[l]
	for i, w := range ws {
		if w.ref == ^id {
			c.watches[l] = append(ws[:i], ws[i+1:]...)
			return
		}
	}
}

func (c *checker) allMarked(lits []int32) bool {
	for _, l := range lits {
		if c.mark[l] != c.stamp {
			return false
		}
	}
	return true
}
