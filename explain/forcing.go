package explain

import (
	"context"
	"maps"
	"slices"

	"github.com/sudokusat/sudokusat/encode"
)

// The last generic finders before a guess, for every kind of puzzle: a
// conclusion that every way of filling one cell, or of placing one digit
// in one house, forces (a forcing chain over every constraint), and a
// candidate refuted by propagation that itself refutes candidates first
// (a nested contradiction). Both run unit propagation over the whole
// formula from each option, as contradiction does.

// Names of the generic forcing steps.
const (
	CellForcing   = "cell-forcing"
	RegionForcing = "house-forcing"
	Nested        = "nested-contradiction"
)

// implied is what unit propagation from one assumption sets: each
// literal with the clause that forced it.
type implied map[int32]int32

// branch propagates x from the session's base and returns what it
// implies, or nil when it meets a conflict. The session is left at base.
func (l *locals) branch(x int32) implied {
	defer l.undo(l.base)
	if l.value(x) == -1 || !l.assign(x, -3) {
		return nil
	}
	if l.propagate(l.base) >= 0 {
		return nil
	}
	out := make(implied, len(l.trail)-l.base)
	for _, y := range l.trail[l.base:] {
		out[y] = l.reason[abs32(y)]
	}
	return out
}

// explainLiteral walks back from literal y, set in a branch whose
// reasons are given, to the facts and the assumption it came from: the
// clauses of its chain and the facts. reasons maps each literal the branch
// set to its clause; literals set before the branch are looked up in the
// session's own reasons.
func (l *locals) explainLiteral(y int32, reasons implied) ([]int32, []Fact) {
	var trace []int32
	var facts []Fact
	seen := map[int32]bool{}
	queue := []int32{y}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		v := abs32(x)
		if seen[v] {
			continue
		}
		seen[v] = true
		r, inBranch := reasons[x]
		if !inBranch {
			r = l.reason[v]
		}
		switch {
		case r >= 0:
			trace = append(trace, r)
			for _, z := range l.clauses[r] {
				if abs32(z) != v {
					queue = append(queue, -z)
				}
			}
		case r == -1 && int(v) <= l.n*l.n*l.n:
			c, d := int(v-1)/l.n, int(v-1)%l.n+1
			facts = append(facts, Fact{Candidate{c, d}, l.val[v] > 0 || reasons[x] == -1 && x > 0})
		}
	}
	return trace, facts
}

// forcing finds a conclusion that every option of one cell (its
// candidates) or of one digit in one house (its places) forces by unit
// propagation over every constraint: a placement or an elimination true
// in every branch. The shortest such chains, summed over the branches,
// rate it from 8.0, as Sudoku Explainer rates its forcing chains.
func (e *explainer) forcing(ctx context.Context) (*Step, error) {
	l, err := e.locals()
	if err != nil {
		return nil, err
	}
	if err := l.beginWhole(e.s); err != nil {
		return nil, err
	}
	defer l.end()
	n := e.b.n
	type option struct {
		lit  int32
		cell int
	}
	// Each group is every option of a cell or of a digit in a house, as
	// the facts leave them: those facts are the step's premises too.
	var groups [][]option
	var groupFacts [][]Fact
	for c := range e.s.cand {
		if e.s.placed[c] == 0 && count(e.s.cand[c]) >= 2 {
			var g []option
			for _, d := range digits(e.s.cand[c]) {
				g = append(g, option{l.lit(c, d), c})
			}
			groups = append(groups, g)
			groupFacts = append(groupFacts, e.s.facts([]int{c}, e.b.all))
		}
	}
	houseOf := map[int]Ref{}
	for _, h := range e.b.houses {
		if !h.full {
			continue
		}
		for d := 1; d <= n; d++ {
			var g []option
			placed := false
			for _, c := range h.cells {
				if e.s.placed[c] == d {
					placed = true
					break
				}
				if e.s.placed[c] == 0 && e.s.cand[c]&bit(d) != 0 {
					g = append(g, option{l.lit(c, d), c})
				}
			}
			if !placed && len(g) >= 2 {
				houseOf[len(groups)] = h.ref
				groups = append(groups, g)
				groupFacts = append(groupFacts, e.s.facts(h.cells, bit(d)))
			}
		}
	}
	branches := map[int32]implied{}
	imply := func(x int32) implied {
		if b, ok := branches[x]; ok {
			return b
		}
		b := l.branch(x)
		branches[x] = b
		return b
	}
	type found struct {
		group  int
		lit    int32
		length int
	}
	var best *found
	for gi, g := range groups {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var common implied
		ok := true
		for _, o := range g {
			b := imply(o.lit)
			if b == nil {
				ok = false // a contradiction: contradiction's, not this one's
				break
			}
			if common == nil {
				common = implied{}
				for y := range b {
					common[y] = 0
				}
				continue
			}
			for y := range common {
				if _, in := b[y]; !in {
					delete(common, y)
				}
			}
		}
		if !ok {
			continue
		}
		// In grid order, so that of conclusions as short the first is
		// taken on every run (a map's order changes from run to run).
		ys := slices.SortedFunc(maps.Keys(common), func(a, b int32) int {
			if abs32(a) != abs32(b) {
				return int(abs32(a) - abs32(b))
			}
			return int(b - a)
		})
		for _, y := range ys {
			v := abs32(y)
			if int(v) > n*n*n {
				continue
			}
			c, d := int(v-1)/n, int(v-1)%n+1
			if y < 0 && (e.s.cand[c]&bit(d) == 0 || d == e.solutionDigit(c)) || y > 0 && e.s.placed[c] != 0 {
				continue
			}
			if y > 0 && d != e.solutionDigit(c) && e.opt.Solution != nil {
				continue
			}
			length := 0
			for _, o := range g {
				t, _ := l.explainLiteral(y, branches[o.lit])
				length += len(t) + 1
			}
			if best == nil || length < best.length {
				best = &found{gi, y, length}
			}
		}
	}
	if best == nil {
		return nil, nil
	}
	g := groups[best.group]
	v := abs32(best.lit)
	c, d := int(v-1)/n, int(v-1)%n+1
	st := &Step{Technique: CellForcing, Rating: 8.0 + lengthAddition(best.length)}
	if r, ok := houseOf[best.group]; ok {
		st.Technique = RegionForcing
		st.Refs = append(st.Refs, r)
	}
	if best.lit > 0 {
		st.Placements = []Candidate{{c, d}}
	} else {
		st.Eliminations = []Candidate{{c, d}}
	}
	st.Premises = append(st.Premises, groupFacts[best.group]...)
	for _, o := range g {
		st.Cells = append(st.Cells, o.cell)
		trace, facts := l.explainLiteral(best.lit, branches[o.lit])
		for _, f := range facts {
			if !slices.Contains(st.Premises, f) {
				st.Premises = append(st.Premises, f)
			}
		}
		for _, ci := range trace {
			if p := l.partOf[ci]; p >= 0 && l.parts[p].Kind != encode.PartCell {
				st.Refs = addRef(st.Refs, Ref{l.parts[p].Kind, l.parts[p].Index})
			}
		}
	}
	st.Cells = append(st.Cells, c)
	return st, nil
}

// nested finds a candidate that unit propagation refutes once it has
// also refuted, under the candidate, every other candidate that
// propagation alone refutes there: a contradiction whose chain has
// contradictions inside it, rated from 9.0 (Sudoku Explainer's dynamic
// chains with nested ones, 9.0 and up).
func (e *explainer) nested(ctx context.Context) (*Step, error) {
	l, err := e.locals()
	if err != nil {
		return nil, err
	}
	if err := l.beginWhole(e.s); err != nil {
		return nil, err
	}
	defer l.end()
	for c := range e.s.cand {
		if e.s.placed[c] != 0 {
			continue
		}
		for _, d := range digits(e.s.cand[c]) {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if d == e.solutionDigit(c) {
				continue
			}
			x := l.lit(c, d)
			if l.value(x) != 0 {
				continue
			}
			if inner, ok := l.refutedTwice(x); ok {
				// Proved: x with the constraints and the facts has no
				// solution. The check decides it by SAT; the premises are
				// the facts of the cells the constraints name.
				st := &Step{Technique: Nested, Rating: 9.0 + lengthAddition(inner+2), Eliminations: []Candidate{{c, d}}, Cells: []int{c}}
				for _, part := range l.parts {
					if part.Kind != encode.PartCell {
						st.Refs = append(st.Refs, Ref{part.Kind, part.Index})
					}
				}
				var cells []int
				for cell := range e.s.cand {
					cells = append(cells, cell)
				}
				st.Premises = e.s.facts(cells, e.b.all)
				return st, nil
			}
		}
	}
	return nil, nil
}

// refutedTwice reports whether x, propagated, then with every candidate
// that propagation under x refutes set false in turn, meets a conflict;
// inner counts the inner refutations it took. The session is left at
// base.
func (l *locals) refutedTwice(x int32) (inner int, ok bool) {
	defer l.undo(l.base)
	if !l.assign(x, -3) || l.propagate(l.base) >= 0 {
		return 0, true
	}
	for changed := true; changed; {
		changed = false
		for c := range l.n * l.n {
			for d := 1; d <= l.n; d++ {
				y := l.lit(c, d)
				if l.value(y) != 0 {
					continue
				}
				mark := len(l.trail)
				l.assign(y, -3)
				confl := l.propagate(mark)
				l.undo(mark)
				if confl < 0 {
					continue
				}
				inner++
				l.assign(-y, -3)
				if l.propagate(len(l.trail)-1) >= 0 {
					return inner, true
				}
				changed = true
			}
		}
	}
	return inner, false
}
