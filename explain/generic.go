package explain

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/sudokusat/sudokusat/encode"
)

// The finders that serve every rule kind without a technique written for
// it: what one rule forces alone, what the smallest set of constraints
// forces, and what a candidate followed by unit propagation refutes. They
// read the rules as the encoder writes them (clauses), so that a kind of
// rule added to the table is explained with no more code.

// budget bounds the branches of one query of the local solver: a query
// past it finds nothing, which costs a step, never soundness.
const budget = 20000

// locals returns the finders' formula, built on first use.
func (e *explainer) locals() (*locals, error) {
	if e.local == nil {
		l, err := newLocals(e.b)
		if err != nil {
			return nil, err
		}
		e.local = l
	}
	return e.local, nil
}

// solutionDigit returns the known solution's digit of c, or 0.
func (e *explainer) solutionDigit(c int) int {
	if e.opt.Solution == nil {
		return 0
	}
	return e.opt.Solution.Cell(c)
}

// ruleAlone finds a rule whose cells' candidates it alone narrows: every
// candidate of its cells that no filling of the rule's cells from their
// candidates (each cell one digit) keeps is out.
func (e *explainer) ruleAlone(ctx context.Context) (*Step, error) {
	l, err := e.locals()
	if err != nil {
		return nil, err
	}
	l.ctx = ctx
	for pi, part := range l.parts {
		if part.Kind != encode.PartRule {
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		cells := l.cellsOf[pi]
		key := e.snapshot(cells)
		if l.ruleSeen[pi] == key {
			continue
		}
		var out []Candidate
		if !l.begin(e.s, []int{pi}) {
			l.end()
			return nil, fmt.Errorf("explain: the grid's facts break %s", e.b.refName(Ref{encode.PartRule, part.Index}))
		}
		for _, c := range cells {
			if e.s.placed[c] != 0 {
				continue
			}
			for _, d := range digits(e.s.cand[c]) {
				if d == e.solutionDigit(c) {
					continue
				}
				if l.refutes(l.lit(c, d), l.budgetFor(cells)) {
					out = append(out, Candidate{c, d})
				}
			}
		}
		l.end()
		if len(out) == 0 {
			l.ruleSeen[pi] = key
			continue
		}
		st := &Step{
			Technique: RuleAlone, Rating: ruleRating(len(cells), e.b.n),
			Eliminations: out, Cells: cells, Refs: []Ref{{encode.PartRule, part.Index}},
		}
		st.Premises = e.minimalFacts(l, []int{pi}, out, e.s.facts(cells, e.b.all))
		st.Cells = focus(st, cells, e.b.n)
		return st, nil
	}
	return nil, nil
}

// budgetFor is the search budget of a query about a rule over cells: a
// rule of more cells than three houses (a rule of the whole grid, such as
// anti-knight) is read by unit propagation alone, as a person reads it
// pair by pair.
func (l *locals) budgetFor(cells []int) int {
	if len(cells) > 3*l.n {
		return 0
	}
	return budget
}

// focus returns the cells a step is drawn on: a rule's own cells, unless
// they are more than three houses' worth (a rule of the whole grid, such
// as anti-knight), when only the cells of the step's premises and
// conclusions say what it reads.
func focus(st *Step, cells []int, n int) []int {
	if len(cells) <= 3*n {
		return cells
	}
	var out []int
	add := func(c int) {
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	for _, f := range st.Premises {
		add(f.Cell)
	}
	for _, c := range st.Eliminations {
		add(c.Cell)
	}
	for _, c := range st.Placements {
		add(c.Cell)
	}
	slices.Sort(out)
	return out
}

// ruleRating rates a step of one rule by how many cells it reads: 2.4 for
// two cells up to 3.0, a rule of the whole grid 2.4 (it is read pair by
// pair).
func ruleRating(cells, n int) float64 {
	if cells >= n*n {
		return 2.4
	}
	return math.Min(3.0, 2.4+0.1*float64(max(cells-2, 0)))
}

// snapshot is the candidates of cells, as a key that changes when they do.
func (e *explainer) snapshot(cells []int) string {
	b := make([]byte, 0, 8*len(cells))
	for _, c := range cells {
		m := e.s.cand[c]
		for range 8 {
			b = append(b, byte(m))
			m >>= 8
		}
	}
	return string(b)
}

// minimalFacts shrinks facts to a set that, with the parts, still refutes
// every elimination of out (QuickXplain: few queries when the set kept is
// small). Facts that the check does not need are premises a reader would
// look for in vain.
func (e *explainer) minimalFacts(l *locals, parts []int, out []Candidate, facts []Fact) []Fact {
	if len(facts) == 0 {
		return facts
	}
	// Where unit propagation refutes every conclusion, its chains name
	// the facts they start from.
	var up []Fact
	if l.begin(e.s, parts) {
		for _, o := range out {
			_, fs := l.conflict(l.lit(o.Cell, o.Digit))
			if fs == nil {
				up = nil
				break
			}
			for _, f := range fs {
				if !slices.Contains(up, f) {
					up = append(up, f)
				}
			}
		}
	}
	l.end()
	if up != nil {
		// A chain of unit propagation may pass through facts that a
		// refutation needs not: each is dropped where a search still
		// refutes every conclusion without it.
		for i := 0; i < len(up); {
			try := slices.Delete(slices.Clone(up), i, i+1)
			ok := true
			for _, o := range out {
				if !l.refutedBy(parts, try, []int32{l.lit(o.Cell, o.Digit)}, smallBudget) {
					ok = false
					break
				}
			}
			if ok {
				up = try
				continue
			}
			i++
		}
		return up
	}
	// refutes reports whether the facts kept refute every conclusion.
	refutes := func(keep []Fact) bool {
		for _, o := range out {
			if !l.refutedBy(parts, keep, []int32{l.lit(o.Cell, o.Digit)}, budget) {
				return false
			}
		}
		return true
	}
	if !refutes(facts) {
		return facts // the budget ran out: keep every fact
	}
	return quickXplain(nil, facts, refutes)
}

// quickXplain returns a minimal subset X of c such that ok(b ∪ X), given
// ok(b ∪ c) (Junker 2004).
func quickXplain(b, c []Fact, ok func([]Fact) bool) []Fact {
	if ok(b) {
		return nil
	}
	if len(c) == 1 {
		return c
	}
	c1, c2 := c[:len(c)/2], c[len(c)/2:]
	x2 := quickXplain(append(slices.Clone(b), c1...), c2, ok)
	x1 := quickXplain(append(slices.Clone(b), x2...), c1, ok)
	return append(x1, x2...)
}

// refutedBy is refuted with the facts given in place of the grid's.
func (l *locals) refutedBy(parts []int, facts []Fact, extra []int32, budget int) bool {
	l.enable(parts)
	defer l.reset()
	for _, f := range facts {
		x := l.lit(f.Cell, f.Digit)
		if !f.Placed {
			x = -x
		}
		if !l.assign(x, -1) {
			return true
		}
	}
	for _, x := range extra {
		if !l.assign(x, -1) {
			return true
		}
	}
	return !l.satisfiable(&budget)
}

// setStep is a conclusion found with its smallest set of constraints.
type setStep struct {
	cand  Candidate
	parts []int
	wide  bool // found by unit propagation
}

// sets is what constraintSet found for one state of the grid: for each
// candidate the smallest set of constraints around its cell that refutes
// it (searched), and, once asked for, the sets found by unit propagation
// among the constraints one cell further out.
type sets struct {
	version int
	near    []setStep
	wide    []setStep
	wideOK  bool
}

// smallBudget bounds a query over the constraints around one cell.
const smallBudget = 2000

// constraintSet finds a candidate that a set of at most k constraints
// (houses and rules) refutes with the grid's facts, the smallest set
// there is among the constraints around the candidate's cell, or, for k
// above 3, one that unit propagation refutes among the constraints one
// cell further out.
func (e *explainer) constraintSet(k int) func(*explainer, context.Context) (*Step, error) {
	return func(e *explainer, ctx context.Context) (*Step, error) {
		l, err := e.locals()
		if err != nil {
			return nil, err
		}
		l.ctx = ctx
		if e.sets == nil || e.sets.version != e.s.version {
			e.sets = &sets{version: e.s.version}
			near, err := e.findSets(ctx, l, false)
			if err != nil {
				return nil, err
			}
			e.sets.near = near
		}
		best := smallest(e.sets.near, k)
		if best == nil && k > 3 {
			if !e.sets.wideOK {
				wide, err := e.findSets(ctx, l, true)
				if err != nil {
					return nil, err
				}
				e.sets.wide, e.sets.wideOK = wide, true
			}
			best = smallest(e.sets.wide, k)
		}
		if best == nil {
			return nil, nil
		}
		return e.setStep(l, best), nil
	}
}

// smallest returns the found set with the fewest constraints, at most k.
func smallest(found []setStep, k int) *setStep {
	var best *setStep
	for i := range found {
		if len(found[i].parts) <= k && (best == nil || len(found[i].parts) < len(best.parts)) {
			best = &found[i]
		}
	}
	return best
}

// findSets finds, for each open candidate not in the solution, a
// smallest set of constraints that refutes it: among those on its cell by
// search, or (wide) among all, by unit propagation, the constraints its
// refutation goes through.
func (e *explainer) findSets(ctx context.Context, l *locals, wide bool) ([]setStep, error) {
	if wide {
		ups, err := e.refutations(ctx, l)
		if err != nil {
			return nil, err
		}
		var found []setStep
		for _, u := range ups {
			found = append(found, setStep{u.cand, u.parts, true})
		}
		return found, nil
	}
	if l.near == nil {
		l.near = make([]nearSets, len(e.s.cand))
	}
	var found []setStep
	for c := range e.s.cand {
		if e.s.placed[c] != 0 {
			continue
		}
		// What the constraints on c refute depends on the facts of the
		// cells they name alone: a step elsewhere leaves it as it was.
		key := e.factsKey(l.nearCells(c))
		if l.near[c].ok && l.near[c].key == key {
			found = append(found, l.near[c].found...)
			continue
		}
		set := l.partsOf[c]
		b := smallBudget
		for _, p := range set {
			if len(l.cellsOf[p]) > 3*e.b.n {
				b = 0 // a rule of the whole grid: unit propagation only
			}
		}
		var here []setStep
		// One session serves every digit of c: refutes leaves it at its
		// base.
		open := l.begin(e.s, set)
		for _, d := range digits(e.s.cand[c]) {
			if err := ctx.Err(); err != nil {
				l.end()
				return nil, err
			}
			if d == e.solutionDigit(c) || !open {
				continue
			}
			if l.refutes(l.lit(c, d), b) {
				here = append(here, setStep{cand: Candidate{c, d}})
			}
		}
		l.end()
		for i := range here {
			x := l.lit(c, here[i].cand.Digit)
			here[i].parts = shrinkParts(set, func(ps []int) bool { return l.refuted(e.s, ps, []int32{x}, b) })
		}
		if err := ctx.Err(); err != nil {
			// A query cut short by ctx found nothing: not to be kept.
			return nil, err
		}
		l.near[c] = nearSets{ok: true, key: key, found: here}
		found = append(found, here...)
	}
	return found, nil
}

// nearSets is what findSets found on one cell, for the facts (factsKey)
// of the cells its constraints name.
type nearSets struct {
	ok    bool
	key   string
	found []setStep
}

// nearCells returns the cells whose facts decide what the constraints on
// c refute: c and every cell those constraints name.
func (l *locals) nearCells(c int) []int {
	if l.nearOf == nil {
		l.nearOf = make([][]int, l.n*l.n)
	}
	if l.nearOf[c] == nil {
		cells := []int{c}
		for _, p := range l.partsOf[c] {
			cells = append(cells, l.cellsOf[p]...)
		}
		slices.Sort(cells)
		l.nearOf[c] = slices.Compact(cells)
	}
	return l.nearOf[c]
}

// factsKey is the facts of cells (candidates and placements), as a key
// that changes when they do: their snapshot, and which are placed (an
// open cell may hold one candidate too).
func (e *explainer) factsKey(cells []int) string {
	b := []byte(e.snapshot(cells))
	for _, c := range cells {
		b = append(b, byte(e.s.placed[c]))
	}
	return string(b)
}

// refutation is a candidate that unit propagation over every constraint
// refutes: the clauses of its chain, the constraints they belong to (cell
// constraints left out) and the facts it starts from.
type refutation struct {
	cand  Candidate
	trace []int32
	parts []int
	facts []Fact
}

// refutations finds every candidate (open, not in the solution) that unit
// propagation refutes, once per state of the grid.
func (e *explainer) refutations(ctx context.Context, l *locals) ([]refutation, error) {
	if e.ups != nil && e.upsVersion == e.s.version {
		return e.ups, nil
	}
	if err := l.beginWhole(e.s); err != nil {
		return nil, err
	}
	defer l.end()
	base := l.base
	ups := []refutation{}
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
			l.assign(x, -3)
			if confl := l.propagate(base); confl >= 0 {
				trace, facts := l.explainConflict(confl)
				var parts []int
				for _, ci := range trace {
					if p := int(l.partOf[ci]); p >= 0 && l.parts[p].Kind != encode.PartCell && !slices.Contains(parts, p) {
						parts = append(parts, p)
					}
				}
				ups = append(ups, refutation{Candidate{c, d}, trace, parts, facts})
			}
			l.undo(base)
		}
	}
	e.ups, e.upsVersion = ups, e.s.version
	return ups, nil
}

// setStep is the step of a found set: every candidate the set refutes
// among its cells' candidates.
func (e *explainer) setStep(l *locals, best *setStep) *Step {
	var out []Candidate
	var cells []int
	for _, pi := range best.parts {
		for _, c := range l.cellsOf[pi] {
			if !slices.Contains(cells, c) {
				cells = append(cells, c)
			}
		}
	}
	slices.Sort(cells)
	b := smallBudget
	if best.wide || len(cells) > 3*e.b.n {
		b = 0
	}
	ok := l.begin(e.s, best.parts)
	for _, c := range cells {
		if e.s.placed[c] != 0 {
			continue
		}
		for _, d := range digits(e.s.cand[c]) {
			if (Candidate{c, d}) == best.cand {
				out = append(out, best.cand)
				continue
			}
			if ok && d != e.solutionDigit(c) && l.refutes(l.lit(c, d), b) {
				out = append(out, Candidate{c, d})
			}
		}
	}
	l.end()
	st := &Step{
		Technique: Region, Rating: setRating(len(best.parts)),
		Eliminations: out, Cells: cells,
	}
	for _, pi := range best.parts {
		st.Refs = append(st.Refs, Ref{l.parts[pi].Kind, l.parts[pi].Index})
	}
	st.Premises = e.minimalFacts(l, best.parts, out, e.s.facts(cells, e.b.all))
	st.Cells = focus(st, cells, e.b.n)
	return st
}

// setRating rates a step that k constraints make: 3.0 for two, half a
// point more for each further one, up to 6.0.
func setRating(k int) float64 { return math.Min(6.0, 3.0+0.5*float64(max(k-2, 0))) }

// shrinkParts drops the parts that refuted does not need, one at a time.
func shrinkParts(parts []int, refuted func([]int) bool) []int {
	core := slices.Clone(parts)
	for i := 0; i < len(core); {
		try := slices.Delete(slices.Clone(core), i, i+1)
		if len(try) > 0 && refuted(try) {
			core = try
			continue
		}
		i++
	}
	return core
}

// contradiction finds a candidate that unit propagation over every
// constraint refutes: assumed, it forces a chain of digits and removals
// that ends with a constraint broken. The shortest chain is taken, and
// its length rates it.
func (e *explainer) contradiction(ctx context.Context) (*Step, error) {
	l, err := e.locals()
	if err != nil {
		return nil, err
	}
	ups, err := e.refutations(ctx, l)
	if err != nil {
		return nil, err
	}
	var best *refutation
	for i := range ups {
		if best == nil || len(ups[i].trace) < len(best.trace) {
			best = &ups[i]
		}
	}
	if best == nil {
		return nil, nil
	}
	st := &Step{
		Technique: Contradiction, Rating: chainRating(len(best.trace)),
		Eliminations: []Candidate{best.cand}, Cells: []int{best.cand.Cell},
		Premises: best.facts,
	}
	for _, p := range best.parts {
		st.Refs = append(st.Refs, Ref{l.parts[p].Kind, l.parts[p].Index})
	}
	for _, ci := range best.trace {
		if p := l.partOf[ci]; p >= 0 && l.parts[p].Kind == encode.PartCell && !slices.Contains(st.Cells, l.parts[p].Index) {
			st.Cells = append(st.Cells, l.parts[p].Index)
		}
	}
	return st, nil
}

// explainConflict walks back from a false clause through the reasons of
// its literals: the clauses of the chain and the facts it started from.
func (l *locals) explainConflict(confl int32) ([]int32, []Fact) {
	seenVar := map[int32]bool{}
	var trace []int32
	var facts []Fact
	queue := []int32{confl}
	trace = append(trace, confl)
	for len(queue) > 0 {
		ci := queue[0]
		queue = queue[1:]
		for _, y := range l.clauses[ci] {
			v := abs32(y)
			if seenVar[v] {
				continue
			}
			seenVar[v] = true
			switch r := l.reason[v]; {
			case r >= 0:
				trace = append(trace, r)
				queue = append(queue, r)
			case r == -1 && int(v) <= l.n*l.n*l.n:
				c, d := int(v-1)/l.n, int(v-1)%l.n+1
				facts = append(facts, Fact{Candidate{c, d}, l.val[v] > 0})
			}
		}
	}
	return trace, facts
}

// chainRating rates a contradiction by the clauses its chain goes
// through: 6.6 for a short one, a tenth more each time the length grows
// by half, as chains are rated on Sudoku Explainer's scale.
func chainRating(length int) float64 {
	r, ceil := 6.6, 4
	odd := false
	for length > ceil {
		r += 0.1
		if odd {
			ceil = ceil * 4 / 3
		} else {
			ceil = ceil * 3 / 2
		}
		odd = !odd
	}
	return math.Round(r*10) / 10
}
