package encode

import (
	"context"
	"fmt"
)

// simplified returns f simplified by what unit propagation settles before
// any search: the givens, the naked and hidden singles they make over
// rows, columns and regions (the extended encoding's exactly-one clauses
// propagate both), and whatever the rules' clauses propagate on top.
//
// The result keeps f's variables and their numbers, and its map. Each
// variable propagation sets, a cell's or an auxiliary one, is one unit
// clause; every other clause of f loses its false literals, and a clause
// with a true literal is left out; so does an at-most-one constraint with
// a true literal, and one with fewer than two literals left. Since f
// implies every unit propagation derives (U), f ≡ f ∧ U ≡ U ∧ f|U, which is
// the result: the two formulas have exactly the same models, over every
// variable. Models decode as before, an external solver gets the units
// (so a variable no other clause names is still decided), and a proof of
// the result is a proof of f once each unit of U is added as a lemma,
// each RUP in f (see engine's certification of variant formulas).
//
// When propagation finds a contradiction the result is (x1) ∧ (¬x1), as
// Reduced writes it, with f's pseudo-Boolean constraints. Pseudo-Boolean constraints do not propagate here;
// each loses its settled terms, the true ones moved to the right-hand
// side.
//
// It gives up, with an error wrapping ctx.Err(), when ctx ends first: it
// reads every clause, tens of millions in a large puzzle's formula.
func (f *Formula) simplified(ctx context.Context) (*Formula, error) {
	u := newUnitProp(f)
	u.ctx = ctx
	out := &Formula{VarMap: f.VarMap, Vars: f.Vars}
	ok := u.run()
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("simplifying: %w", err)
	}
	if !ok {
		out.Add(1)
		out.Add(-1)
		// The sums stay, so that the formula stays one of its sum form
		// (DIMACS refuses it as before).
		out.pb = f.pb
		return out, nil
	}
	for v := 1; v <= f.Vars; v++ {
		switch u.val[v] {
		case 1:
			out.Add(int32(v))
		case -1:
			out.Add(-int32(v))
		}
	}
	out.lits = slices0(out.lits, len(f.lits)/2)
	var buf []int32
	clause := func(c []int32) {
		buf = buf[:0]
		for _, x := range c {
			switch u.value(x) {
			case 1:
				return // satisfied
			case 0:
				buf = append(buf, x)
			}
		}
		out.Add(buf...)
	}
	// The clauses in f's order, each recorded at-most-one constraint at
	// its place among them (see Clauses).
	next := 0
	amos := func(at int) {
		for ; next < len(f.amos) && f.amos[next].at == at; next++ {
			a := &f.amos[next]
			if a.aux != 0 || a.lines {
				// The product encoding's clauses name its auxiliary
				// variables: simplified one by one.
				f.writeAMO(a, func(c []int32) bool {
					clause(c)
					return true
				})
				continue
			}
			buf = buf[:0]
			sat := false
			for _, x := range f.amoLits[a.lo:a.hi] {
				switch u.value(x) {
				case 1:
					sat = true
				case 0:
					buf = append(buf, x)
				}
			}
			switch {
			case sat || len(buf) < 2:
			case len(buf) == 2:
				out.Add(-buf[0], -buf[1])
			default:
				out.recordAMO(buf, 0, false)
			}
		}
	}
	amos(0)
	start, written := 0, 0
	for i, l := range f.lits {
		if l == 0 {
			if written++; written%simplifyCheck == 0 {
				if err := ctx.Err(); err != nil {
					return nil, fmt.Errorf("simplifying: %w", err)
				}
			}
			clause(f.lits[start:i])
			start = i + 1
			amos(start)
		}
	}
	for _, c := range f.pb {
		s := PB{Eq: c.Eq, RHS: c.RHS}
		for i, x := range c.Lits {
			switch u.value(x) {
			case 1:
				s.RHS -= c.Weights[i]
			case 0:
				s.Lits = append(s.Lits, x)
				s.Weights = append(s.Weights, c.Weights[i])
			}
		}
		out.pb = append(out.pb, s)
	}
	return out, nil
}

// simplifyCheck is how many clauses or propagated literals pass between
// two looks at the context.
const simplifyCheck = 1 << 16

// slices0 returns s with room for n more.
func slices0(s []int32, n int) []int32 {
	if cap(s)-len(s) >= n {
		return s
	}
	t := make([]int32, len(s), len(s)+n)
	copy(t, s)
	return t
}

// unitProp is unit propagation over a formula: its clauses, each with a
// count of its false literals, and its pairwise at-most-one constraints
// taken whole (a literal set true sets the others of its groups false),
// so that the thousands of binary clauses that write them are never
// built. The occurrence lists are one array each, sorted by literal.
type unitProp struct {
	val     []int8  // val[v]: 1 true, -1 false, 0 open
	lits    []int32 // every clause, each ended by 0
	starts  []int32 // starts[i]: clause i's offset in lits
	nFalse  []int32 // nFalse[i]: clause i's false literals
	occ     csr     // the clauses each literal is in
	groups  []int32 // the at-most-one groups' literals, each ended by 0
	gStarts []int32 // gStarts[g]: group g's offset in groups
	inGrp   csr     // the groups each literal is in
	queue   []int32 // literals set true, to propagate
	// ctx ends run early: run then reports true, and the caller looks
	// at ctx.
	ctx context.Context
}

// csr lists, for each literal code, the 0-ended lists that hold it.
type csr struct {
	at    []int32
	items []int32
}

func (c *csr) of(x int32) []int32 { k := code(x); return c.items[c.at[k]:c.at[k+1]] }

// newCSR indexes the 0-ended lists of flat (list i from offset
// starts[i]) by literal: list i under each of its literals.
func newCSR(flat []int32, starts []int32, codes int) csr {
	c := csr{at: make([]int32, codes+1)}
	n := 0
	for _, x := range flat {
		if x != 0 {
			c.at[code(x)+1]++
			n++
		}
	}
	for k := 1; k <= codes; k++ {
		c.at[k] += c.at[k-1]
	}
	c.items = make([]int32, n)
	fill := make([]int32, codes)
	copy(fill, c.at[:codes])
	for i, at := range starts {
		for _, x := range flat[at:] {
			if x == 0 {
				break
			}
			k := code(x)
			c.items[fill[k]] = int32(i)
			fill[k]++
		}
	}
	return c
}

// code numbers literals from 2: 2v for v, 2v+1 for ¬v.
func code(x int32) int32 {
	if x < 0 {
		return -2*x + 1
	}
	return 2 * x
}

func newUnitProp(f *Formula) *unitProp {
	codes := 2*f.Vars + 2
	u := &unitProp{val: make([]int8, f.Vars+1)}
	u.lits = make([]int32, len(f.lits), len(f.lits)+64)
	copy(u.lits, f.lits)
	for i := range f.amos {
		a := &f.amos[i]
		if a.aux != 0 || a.lines {
			f.writeAMO(a, func(c []int32) bool {
				u.lits = append(append(u.lits, c...), 0)
				return true
			})
			continue
		}
		u.gStarts = append(u.gStarts, int32(len(u.groups)))
		u.groups = append(append(u.groups, f.amoLits[a.lo:a.hi]...), 0)
	}
	u.starts = make([]int32, 0, f.nClauses-f.amoClauses)
	start := 0
	for i, x := range u.lits {
		if x == 0 {
			u.starts = append(u.starts, int32(start))
			start = i + 1
		}
	}
	u.nFalse = make([]int32, len(u.starts))
	u.occ = newCSR(u.lits, u.starts, codes)
	u.inGrp = newCSR(u.groups, u.gStarts, codes)
	return u
}

// value returns x's value: 1 true, -1 false, 0 open.
func (u *unitProp) value(x int32) int8 {
	if x < 0 {
		return -u.val[-x]
	}
	return u.val[x]
}

// set makes x true, false on a contradiction.
func (u *unitProp) set(x int32) bool {
	switch u.value(x) {
	case 1:
		return true
	case -1:
		return false
	}
	if x < 0 {
		u.val[-x] = -1
	} else {
		u.val[x] = 1
	}
	u.queue = append(u.queue, x)
	return true
}

// list returns the 0-ended list of flat at offset at.
func list(flat []int32, at int32) []int32 {
	c := flat[at:]
	for k, x := range c {
		if x == 0 {
			return c[:k]
		}
	}
	return c
}

// run propagates to a fixpoint; false means a contradiction (the empty
// clause among them, say).
func (u *unitProp) run() bool {
	for _, at := range u.starts {
		c := list(u.lits, at)
		switch len(c) {
		case 0:
			return false
		case 1:
			if !u.set(c[0]) {
				return false
			}
		}
	}
	for steps := 1; len(u.queue) > 0; steps++ {
		if steps%simplifyCheck == 0 && u.ctx.Err() != nil {
			return true
		}
		x := u.queue[len(u.queue)-1]
		u.queue = u.queue[:len(u.queue)-1]
		for _, g := range u.inGrp.of(x) {
			for _, y := range list(u.groups, u.gStarts[g]) {
				if y != x && !u.set(-y) {
					return false
				}
			}
		}
		for _, i := range u.occ.of(-x) {
			u.nFalse[i]++
			c := list(u.lits, u.starts[i])
			if int(u.nFalse[i]) < len(c)-1 {
				continue
			}
			var open int32
			sat := false
			for _, y := range c {
				switch u.value(y) {
				case 1:
					sat = true
				case 0:
					open = y
				}
			}
			switch {
			case sat:
			case open == 0:
				return false
			case !u.set(open):
				return false
			}
		}
	}
	return true
}
