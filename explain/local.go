package explain

import (
	"context"
	"fmt"
	"slices"

	"github.com/sudokusat/sudokusat/encode"
)

// locals is the finders' view of the puzzle's formula: every clause with
// the constraint (part) that wrote it, and a small solver that decides a
// few constraints at a time under the grid's facts. It finds steps; it
// proves nothing (the Checker does that on its own copy of the clauses).
type locals struct {
	n       int
	vars    int
	clauses [][]int32
	partOf  []int32 // clause → part index, -1 for a given's unit clause
	parts   []encode.Part
	index   map[Ref]int // Ref → part index
	cellsOf [][]int     // part → the cells its clauses name
	partsOf [][]int     // cell → the parts (not cell parts) that name it
	occ     [][]int32   // literal slot → clauses holding the literal

	// Per query.
	enabled []bool  // by part
	active  []int32 // the enabled parts' clauses
	cells   []int   // the cells they name
	val     []int8  // by variable: 0 unknown, 1 true, -1 false
	reason  []int32 // by variable: the clause that implied it, -1 a decision or fact, -2 unset
	trail   []int32
	nFalse  []int32 // by clause
	nTrue   []int32
	// Versions for the rules whose conclusions were last looked for.
	ruleSeen map[int]string
	// near is what findSets found on each cell, and nearOf the cells
	// whose facts it depends on.
	near   []nearSets
	nearOf [][]int
	// ctx ends a query early, as a spent budget does.
	ctx      context.Context
	branches int
	// sessions counts the sets of parts enabled for queries: the work
	// the finders ask of the local solver.
	sessions int
	base     int // the trail's length after a session's facts
}

func newLocals(b *board) (*locals, error) {
	f, parts, err := encode.Parts(b.p)
	if err != nil {
		return nil, err
	}
	n := b.n
	l := &locals{n: n, vars: f.Vars, parts: parts, index: map[Ref]int{}, ruleSeen: map[int]string{}}
	for c := range f.Clauses() {
		l.clauses = append(l.clauses, slices.Clone(c))
	}
	l.partOf = make([]int32, len(l.clauses))
	for i := range l.partOf {
		l.partOf[i] = -1
	}
	l.cellsOf = make([][]int, len(parts))
	l.partsOf = make([][]int, n*n)
	for pi, part := range parts {
		l.index[Ref{part.Kind, part.Index}] = pi
		seen := map[int]bool{}
		for ci := part.From; ci < part.To; ci++ {
			l.partOf[ci] = int32(pi)
			for _, x := range l.clauses[ci] {
				if v := abs(int(x)); v <= n*n*n {
					c := (v - 1) / n
					if !seen[c] {
						seen[c] = true
						l.cellsOf[pi] = append(l.cellsOf[pi], c)
					}
				}
			}
		}
		slices.Sort(l.cellsOf[pi])
		if part.Kind != encode.PartCell {
			for _, c := range l.cellsOf[pi] {
				l.partsOf[c] = append(l.partsOf[c], pi)
			}
		}
	}
	l.occ = make([][]int32, 2*(l.vars+1))
	for ci, c := range l.clauses {
		for _, x := range c {
			l.occ[slot(x)] = append(l.occ[slot(x)], int32(ci))
		}
	}
	l.enabled = make([]bool, len(parts))
	l.val = make([]int8, l.vars+1)
	l.reason = make([]int32, l.vars+1)
	for i := range l.reason {
		l.reason[i] = -2
	}
	l.nFalse = make([]int32, len(l.clauses))
	l.nTrue = make([]int32, len(l.clauses))
	return l, nil
}

// slot is a literal's index in occ.
func slot(x int32) int {
	if x > 0 {
		return 2 * int(x)
	}
	return 2*int(-x) + 1
}

func (l *locals) lit(c, d int) int32 { return int32(encode.Var(l.n, c/l.n, c%l.n, d)) }

// enable switches on the parts given and the cell parts of every cell
// they name; it returns those cells.
func (l *locals) enable(parts []int) []int {
	l.sessions++
	for i := range l.enabled {
		l.enabled[i] = false
	}
	var cells []int
	seen := map[int]bool{}
	for _, pi := range parts {
		l.enabled[pi] = true
		for _, c := range l.cellsOf[pi] {
			if !seen[c] {
				seen[c] = true
				cells = append(cells, c)
			}
		}
	}
	for _, c := range cells {
		l.enabled[l.index[Ref{encode.PartCell, c}]] = true
	}
	l.active = l.active[:0]
	for pi, on := range l.enabled {
		if on {
			for ci := l.parts[pi].From; ci < l.parts[pi].To; ci++ {
				l.active = append(l.active, int32(ci))
			}
		}
	}
	slices.Sort(cells)
	l.cells = cells
	return cells
}

// reset undoes every assignment.
func (l *locals) reset() { l.undo(0) }

func (l *locals) undo(to int) {
	for i := len(l.trail) - 1; i >= to; i-- {
		x := l.trail[i]
		v := abs32(x)
		l.val[v] = 0
		l.reason[v] = -2
		for _, ci := range l.occ[slot(x)] {
			l.nTrue[ci]--
		}
		for _, ci := range l.occ[slot(-x)] {
			l.nFalse[ci]--
		}
	}
	l.trail = l.trail[:to]
}

func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

// value is a literal's value: 1 true, -1 false, 0 unknown.
func (l *locals) value(x int32) int8 {
	v := l.val[abs32(x)]
	if x < 0 {
		return -v
	}
	return v
}

// assign makes x true with a reason; false when x is already false.
func (l *locals) assign(x int32, reason int32) bool {
	switch l.value(x) {
	case 1:
		return true
	case -1:
		return false
	}
	v := abs32(x)
	if x > 0 {
		l.val[v] = 1
	} else {
		l.val[v] = -1
	}
	l.reason[v] = reason
	l.trail = append(l.trail, x)
	for _, ci := range l.occ[slot(x)] {
		l.nTrue[ci]++
	}
	for _, ci := range l.occ[slot(-x)] {
		l.nFalse[ci]++
	}
	return true
}

// propagate runs unit propagation over the enabled clauses from trail
// position from; it returns the clause found false, or -1.
func (l *locals) propagate(from int) int32 {
	for i := from; i < len(l.trail); i++ {
		x := l.trail[i]
		for _, ci := range l.occ[slot(-x)] {
			if p := l.partOf[ci]; p < 0 || !l.enabled[p] || l.nTrue[ci] > 0 {
				continue
			}
			c := l.clauses[ci]
			switch int(l.nFalse[ci]) {
			case len(c):
				return ci
			case len(c) - 1:
				for _, y := range c {
					if l.value(y) == 0 {
						l.assign(y, ci)
						break
					}
				}
			}
		}
	}
	return -1
}

// facts assigns what the grid knows of cells: placed digits true, the
// digits taken out false. It reports false on a clash.
func (l *locals) facts(s *state, cells []int) bool {
	for _, c := range cells {
		for d := 1; d <= l.n; d++ {
			switch {
			case s.placed[c] == d:
				if !l.assign(l.lit(c, d), -1) {
					return false
				}
			case s.cand[c]&bit(d) == 0:
				if !l.assign(-l.lit(c, d), -1) {
					return false
				}
			}
		}
	}
	return true
}

// satisfiable decides the enabled clauses under the trail by search:
// unit propagation, then a branch on an open literal of the first clause
// not yet satisfied, until a model or every branch fails. budget bounds
// the branches; a spent budget counts as satisfiable (no step found).
func (l *locals) satisfiable(budget *int) bool {
	if l.propagate(0) >= 0 {
		return false
	}
	return l.search(budget)
}

func (l *locals) search(budget *int) bool {
	// Branch on a digit of the open cell with the fewest digits left;
	// once every cell holds one, on the first open clause left (of
	// auxiliary variables).
	var open []int32
	best := 0
	for _, c := range l.cells {
		k := 0
		var first int32
		for d := 1; d <= l.n; d++ {
			x := l.lit(c, d)
			switch l.value(x) {
			case 1:
				k = -1
			case 0:
				if k >= 0 {
					k++
					if first == 0 {
						first = x
					}
				}
			}
			if k < 0 {
				break
			}
		}
		if k > 0 && (open == nil || k < best) {
			open, best = []int32{first}, k
			if k <= 2 {
				break
			}
		}
	}
	if open == nil {
		for _, ci := range l.active {
			if l.nTrue[ci] == 0 {
				open = l.clauses[ci]
				break
			}
		}
	}
	if open == nil {
		return true
	}
	var y int32
	for _, x := range open {
		if l.value(x) == 0 {
			y = x
			break
		}
	}
	if *budget <= 0 {
		return true
	}
	*budget--
	if l.branches++; l.branches%256 == 0 && l.ctx != nil && l.ctx.Err() != nil {
		*budget = 0
		return true
	}
	mark := len(l.trail)
	l.assign(y, -1)
	if l.propagate(mark) < 0 && l.search(budget) {
		return true
	}
	l.undo(mark)
	// y is false in every model from here.
	l.assign(-y, -1)
	if l.propagate(mark) >= 0 {
		return false
	}
	return l.search(budget)
}

// begin starts a session of queries over the parts given, with the
// grid's facts on their cells propagated; it returns false when those
// facts already break the parts. end ends it.
func (l *locals) begin(s *state, parts []int) bool {
	cells := l.enable(parts)
	if !l.facts(s, cells) || l.propagate(0) >= 0 {
		return false
	}
	l.base = len(l.trail)
	return true
}

func (l *locals) end() { l.reset() }

// beginWhole begins a session over every constraint, or says that the
// grid's facts contradict the rules (and leaves no session open).
func (l *locals) beginWhole(s *state) error {
	all := make([]int, len(l.parts))
	for i := range all {
		all[i] = i
	}
	if !l.begin(s, all) {
		l.end()
		return fmt.Errorf("explain: the grid's facts contradict the rules")
	}
	return nil
}

// refutes reports, in a session, whether x has no solution: by unit
// propagation alone with a budget of 0, else by search.
func (l *locals) refutes(x int32, budget int) bool {
	defer l.undo(l.base)
	if !l.assign(x, -3) {
		return true
	}
	if l.propagate(l.base) >= 0 {
		return true
	}
	if budget == 0 {
		return false
	}
	return !l.search(&budget)
}

// conflict is refutes by unit propagation, returning the refutation's
// chain of clauses and the facts it starts from (nil when none).
func (l *locals) conflict(x int32) ([]int32, []Fact) {
	defer l.undo(l.base)
	if !l.assign(x, -3) {
		return nil, nil
	}
	confl := l.propagate(l.base)
	if confl < 0 {
		return nil, nil
	}
	return l.explainConflict(confl)
}

// refuted reports whether the parts given, with the grid's facts on the
// cells they name and the extra literals, have no solution; with a budget
// of 0, whether unit propagation alone finds none. It leaves nothing
// assigned.
func (l *locals) refuted(s *state, parts []int, extra []int32, budget int) bool {
	cells := l.enable(parts)
	defer l.reset()
	if !l.facts(s, cells) {
		return true
	}
	for _, x := range extra {
		if !l.assign(x, -1) {
			return true
		}
	}
	if budget == 0 {
		return l.propagate(0) >= 0
	}
	return !l.satisfiable(&budget)
}
