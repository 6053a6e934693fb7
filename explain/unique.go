package explain

import (
	"slices"

	"github.com/sudokusat/sudokusat/encode"
)

// The uniqueness techniques: a pattern of cells that, were its cells
// left to their two digits, would let the puzzle have two solutions. A
// puzzle known to have one solution cannot, so some cell of the pattern
// holds another digit. The steps carry the pattern (Step.Deadly) and are
// only looked for when Options.Unique says the puzzle has one solution;
// the Checker validates the pattern and adds that fact.
const (
	UniqueRectangle = "unique-rectangle"
	UniqueLoop      = "unique-loop"
	BUG             = "bug"
)

// uniqueOK reports whether the uniqueness techniques may be used: the
// puzzle is known to have one solution, and it is classic (the Checker
// validates deadly patterns of classic puzzles only).
func (e *explainer) uniqueOK() bool { return e.opt.Unique && e.b.p.Classic() }

// ulHint is a unique loop step found, with Sudoku Explainer's type (1 to 4)
// for ordering.
type ulHint struct {
	st   *Step
	kind int
}

// uniqueLoops finds the unique rectangles and loops Sudoku Explainer finds
// (its UniqueLoops, types 1 to 4) and returns the one it gives first: the
// lowest rating, then the lowest type.
func (e *explainer) uniqueLoops() *Step {
	if !e.uniqueOK() {
		return nil
	}
	var best *ulHint
	seen := map[string]bool{}
	for c, m := range e.s.cand {
		if e.s.placed[c] != 0 || count(m) != 2 {
			continue
		}
		v1, v2 := digits(m)[0], digits(m)[1]
		for _, loop := range e.loopsFrom(c, v1, v2) {
			if !e.validLoop(loop) {
				continue
			}
			key := loopKey(loop, v1, v2)
			if seen[key] {
				continue
			}
			seen[key] = true
			for _, h := range e.loopHints(loop, v1, v2) {
				if best == nil || h.st.Rating < best.st.Rating || h.st.Rating == best.st.Rating && h.kind < best.kind {
					best = h
				}
			}
		}
	}
	if best == nil {
		return nil
	}
	return best.st
}

// loopKey names a loop by its cells and digits, whatever its start and
// direction.
func loopKey(loop []int, v1, v2 int) string {
	s := slices.Clone(loop)
	slices.Sort(s)
	b := []byte{byte(v1), byte(v2)}
	for _, c := range s {
		b = append(b, byte(c), byte(c>>8))
	}
	return string(b)
}

// houseType is a house's kind as the loop search alternates them: 0 a
// box, 1 a row, 2 a column.
func houseType(k encode.PartKind) int {
	switch k {
	case encode.PartRow:
		return 1
	case encode.PartColumn:
		return 2
	}
	return 0
}

// loopsFrom returns the closed loops through cells that may hold v1 and
// v2, starting at the bivalue cell start, each step to a cell of a house
// of another kind than the step before: at most two cells with more
// digits, or any number when they all add the same one digit.
func (e *explainer) loopsFrom(start, v1, v2 int) [][]int {
	pair := bit(v1) | bit(v2)
	var out [][]int
	loop := []int{}
	var walk func(c, allowed int, extra uint64, lastType int)
	walk = func(c, allowed int, extra uint64, lastType int) {
		loop = append(loop, c)
		defer func() { loop = loop[:len(loop)-1] }()
		for _, hi := range e.b.cellHouses[c] {
			h := e.b.houses[hi]
			ht := houseType(h.ref.Kind)
			if ht == lastType || h.ref.Kind == encode.PartRule {
				continue
			}
			for _, next := range h.cells {
				if next == loop[0] && len(loop) >= 4 {
					out = append(out, slices.Clone(loop))
					continue
				}
				m := e.s.cand[next]
				if e.s.placed[next] != 0 || m&pair != pair || slices.Contains(loop, next) {
					continue
				}
				newExtra := extra | m&^pair
				if count(m) == 2 || count(newExtra) == 1 || allowed > 0 {
					a := allowed
					if count(m) > 2 {
						a--
					}
					walk(next, a, newExtra, ht)
				}
			}
		}
	}
	walk(start, 2, 0, -1)
	return out
}

// validLoop reports whether every house a loop's cells are in holds two of
// them, one at an even and one at an odd place of the loop.
func (e *explainer) validLoop(loop []int) bool {
	odd, even := map[int]bool{}, map[int]bool{}
	for i, c := range loop {
		set := even
		if i%2 == 1 {
			set = odd
		}
		for _, hi := range e.b.cellHouses[c] {
			if set[hi] {
				return false
			}
			set[hi] = true
		}
	}
	if len(odd) != len(even) {
		return false
	}
	for hi := range odd {
		if !even[hi] {
			return false
		}
	}
	return true
}

// loopRating is Sudoku Explainer's rating of a loop of k cells: 4.5 for a
// rectangle, 4.6 for six cells, 4.7 for eight, 5.0 from ten.
func loopRating(k int) float64 {
	switch {
	case k >= 10:
		return 5.0
	case k >= 8:
		return 4.7
	case k >= 6:
		return 4.6
	}
	return 4.5
}

// loopHints returns the steps of a valid loop on v1, v2, by type.
func (e *explainer) loopHints(loop []int, v1, v2 int) []*ulHint {
	pair := bit(v1) | bit(v2)
	var extraCells []int
	for _, c := range loop {
		if count(e.s.cand[c]) > 2 {
			extraCells = append(extraCells, c)
		}
	}
	base := loopRating(len(loop))
	var out []*ulHint
	add := func(kind int, st *Step) {
		if st == nil || len(st.Eliminations) == 0 {
			return
		}
		st.Technique = UniqueLoop
		if len(loop) == 4 {
			st.Technique = UniqueRectangle
		}
		st.Cells = loop
		st.Deadly = &Deadly{Cells: loop}
		for range loop {
			st.Deadly.Pairs = append(st.Deadly.Pairs, [2]int{v1, v2})
		}
		st.Eliminations = dedupe(st.Eliminations)
		st.Premises = dedupeFacts(st.Premises)
		out = append(out, &ulHint{st, kind})
	}
	// Every cell of the loop but those given is left its pair.
	bivalue := func(but ...int) []Fact {
		var fs []Fact
		for _, c := range loop {
			if !slices.Contains(but, c) {
				fs = append(fs, e.s.facts([]int{c}, e.b.all&^pair)...)
			}
		}
		return fs
	}
	switch {
	case len(extraCells) == 1:
		c := extraCells[0]
		st := &Step{Rating: base, Premises: bivalue(c)}
		for _, d := range []int{v1, v2} {
			st.Eliminations = append(st.Eliminations, Candidate{c, d})
		}
		add(1, st)
	case len(extraCells) > 2:
		add(2, e.loopType2(extraCells, pair, base, bivalue(extraCells...)))
	case len(extraCells) == 2:
		c1, c2 := extraCells[0], extraCells[1]
		extra := (e.s.cand[c1] | e.s.cand[c2]) &^ pair
		if count(extra) == 1 {
			add(2, e.loopType2(extraCells, pair, base, bivalue(extraCells...)))
		} else if count(extra) >= 2 {
			for _, st := range e.loopType3(loop, c1, c2, v1, v2, base, bivalue(c1, c2)) {
				add(3, st)
			}
		}
		add(4, e.loopType4(c1, c2, v1, v2, base, bivalue(c1, c2)))
	}
	return out
}

// loopType2: the cells with more than the pair all add the same digit x,
// so one of them holds x: a cell that sees them all loses it.
func (e *explainer) loopType2(extraCells []int, pair uint64, rating float64, premises []Fact) *Step {
	var x uint64
	for _, c := range extraCells {
		x |= e.s.cand[c] &^ pair
	}
	d := only(x)
	st := &Step{Rating: rating, Premises: premises}
	for _, c := range extraCells {
		st.Premises = append(st.Premises, e.s.facts([]int{c}, e.b.all&^pair&^x)...)
	}
	for v := range e.s.cand {
		if e.s.placed[v] == 0 && e.s.cand[v]&x != 0 && !slices.Contains(extraCells, v) && e.seesAll(v, extraCells) {
			st.Eliminations = append(st.Eliminations, Candidate{v, d})
			for _, c := range extraCells {
				st.Refs = addRef(st.Refs, e.b.houses[e.joinHouse([]int{v}, []int{c})].ref)
			}
		}
	}
	return st
}

// loopType3: the two cells with more than the pair, which cannot both
// hold a digit of it, act as one cell holding one of their extra digits
// (a naked set with other cells of a house they share) or one of the pair
// (a hidden set). Sudoku Explainer looks for sets of 2 to 7 digits, the
// smaller first, with its subset search limits.
func (e *explainer) loopType3(loop []int, c1, c2, v1, v2 int, base float64, premises []Fact) []*Step {
	pair := bit(v1) | bit(v2)
	extra := (e.s.cand[c1] | e.s.cand[c2]) &^ pair
	var out []*Step
	for degree := 2; degree <= 7; degree++ {
		for _, hi := range e.b.order {
			h := e.b.houses[hi]
			if !h.full || !slices.Contains(h.cells, c1) || !slices.Contains(h.cells, c2) {
				continue
			}
			empty := e.emptyCells(h)
			if degree*2 <= empty && degree >= count(extra) {
				out = append(out, e.loopNaked(h, c1, c2, extra, pair, degree, base, premises)...)
			}
			if degree*2 < empty {
				out = append(out, e.loopHidden(h, c1, c2, extra, v1, v2, degree, base, premises)...)
			}
		}
	}
	return out
}

// loopNaked finds degree-1 cells of h that, with the pseudo-cell of c1
// and c2 holding their extra digits, make a naked set of degree digits:
// h's other cells lose them (+0.1 a digit past the first).
func (e *explainer) loopNaked(h house, c1, c2 int, extra, pair uint64, degree int, base float64, premises []Fact) []*Step {
	var others []int
	for _, c := range h.cells {
		if c != c1 && c != c2 && e.s.placed[c] == 0 && count(e.s.cand[c]) >= 2 {
			others = append(others, c)
		}
	}
	var out []*Step
	combinations(len(others), degree-1, func(idx []int) bool {
		var union uint64
		cells := make([]int, len(idx))
		for i, j := range idx {
			cells[i] = others[j]
			union |= e.s.cand[others[j]]
		}
		// Sudoku Explainer asks that the extra digits not common to both
		// cells be among the other cells' too.
		if count(extra&e.s.cand[c1]&e.s.cand[c2]|union) != degree || count(extra|union) != degree {
			return true
		}
		set := extra | union
		st := &Step{Rating: round1(base + 0.1*float64(degree-1)), Refs: []Ref{h.ref}}
		for _, c := range h.cells {
			if c == c1 || c == c2 || slices.Contains(cells, c) || e.s.placed[c] != 0 {
				continue
			}
			for _, d := range digits(e.s.cand[c] & set) {
				st.Eliminations = append(st.Eliminations, Candidate{c, d})
			}
		}
		if len(st.Eliminations) == 0 {
			return true
		}
		st.Premises = append(slices.Clone(premises), e.s.facts([]int{c1, c2}, e.b.all&^pair&^set)...)
		st.Premises = append(st.Premises, e.s.facts(cells, e.b.all&^set)...)
		out = append(out, st)
		return true
	})
	return out
}

// loopHidden finds degree digits, the pair among them, whose places in h
// but c2 are degree cells (c1 one of them): since c1 and c2 hold at most
// one digit of the pair, those cells but c1 hold the set's other digits
// and lose every other (+0.1 a digit past the second).
func (e *explainer) loopHidden(h house, c1, c2 int, extra uint64, v1, v2, degree int, base float64, premises []Fact) []*Step {
	pair := bit(v1) | bit(v2)
	where := e.where(h)
	i2 := slices.Index(h.cells, c2)
	var rem []int
	for d := 1; d <= e.b.n; d++ {
		if bit(d)&(pair|extra) == 0 {
			rem = append(rem, d)
		}
	}
	var out []*Step
	try := func(idx []int) bool {
		set := pair
		for _, j := range idx {
			set |= bit(rem[j])
		}
		var cellMask uint64
		for _, d := range digits(set) {
			w := where[d] &^ (1 << i2)
			if w == 0 {
				return true
			}
			cellMask |= w
		}
		if count(cellMask) != degree {
			return true
		}
		cells := minus(maskCells(h, cellMask), []int{c1, c2})
		st := &Step{Rating: round1(base + 0.1*float64(len(cells)-1)), Refs: []Ref{h.ref}}
		for _, c := range cells {
			for _, d := range digits(e.s.cand[c] &^ set) {
				st.Eliminations = append(st.Eliminations, Candidate{c, d})
			}
		}
		if len(st.Eliminations) == 0 {
			return true
		}
		st.Premises = append(slices.Clone(premises), e.s.facts(minus(h.cells, append(maskCells(h, cellMask), c2)), set)...)
		st.Premises = append(st.Premises, e.s.facts([]int{c1, c2}, set&^pair)...)
		out = append(out, st)
		return true
	}
	if degree == 2 {
		try(nil)
	} else {
		combinations(len(rem), degree-2, try)
	}
	return out
}

// loopType4: one digit of the pair has no place in a house of c1 and c2
// but them, so one of them holds it and the other cannot hold the pair's
// other digit: both lose it.
func (e *explainer) loopType4(c1, c2, v1, v2 int, base float64, premises []Fact) *Step {
	// Sudoku Explainer keeps the last house it finds, looking in the box,
	// the row, then the column.
	var r1, r2 = -1, -1
	var shared []int
	for _, k := range []encode.PartKind{encode.PartRegion, encode.PartRow, encode.PartColumn} {
		for _, hi := range e.b.cellHouses[c1] {
			if e.b.houses[hi].ref.Kind == k && slices.Contains(e.b.houses[hi].cells, c2) {
				shared = append(shared, hi)
			}
		}
	}
	for _, hi := range shared {
		h := e.b.houses[hi]
		has1, has2 := false, false
		for _, c := range h.cells {
			if c != c1 && c != c2 {
				has1 = has1 || e.s.cand[c]&bit(v1) != 0 && e.s.placed[c] == 0 || e.s.placed[c] == v1
				has2 = has2 || e.s.cand[c]&bit(v2) != 0 && e.s.placed[c] == 0 || e.s.placed[c] == v2
			}
		}
		if !has1 {
			r1 = hi
		}
		if !has2 {
			r2 = hi
		}
	}
	lock, rem, hi := v1, v2, r1
	if r1 < 0 {
		lock, rem, hi = v2, v1, r2
	}
	if hi < 0 {
		return nil
	}
	h := e.b.houses[hi]
	st := &Step{Rating: base, Refs: []Ref{h.ref}}
	st.Eliminations = []Candidate{{c1, rem}, {c2, rem}}
	st.Premises = append(slices.Clone(premises), e.s.facts(minus(h.cells, []int{c1, c2}), bit(lock))...)
	return st
}

// bug finds a Bivalue Universal Grave as Sudoku Explainer does (its
// BivalueUniversalGrave, with lkSudoku's fix): every open cell but a few
// (the BUG cells) has two digits, and with the BUG cells' extra digits set
// aside every digit has 0 or 2 places in every house. That grid would have
// two solutions or none, so a BUG cell holds one of its extra digits.
// Type 1 (one BUG cell, 5.6): it loses its other digits. Type 2 (one
// extra digit, 5.7): a cell that sees every BUG cell loses it. Type 4
// (two BUG cells in a house sharing a digit of their pairs, 5.7): each
// loses its pair's other digit. Type 3 (5.7 + 0.1 a digit past the
// first): the BUG cells' extra digits make a naked set with other cells
// of a house they share.
func (e *explainer) bug() *Step {
	if !e.uniqueOK() {
		return nil
	}
	temp := slices.Clone(e.s.cand)
	var bugCells []int
	bugValues := map[int]uint64{}
	var allBug uint64
	var common []int
	commonSet := false
	addBug := func(c, v int, set bool) bool {
		if !slices.Contains(bugCells, c) {
			bugCells = append(bugCells, c)
		}
		if set {
			bugValues[c] = bit(v)
		} else {
			bugValues[c] |= bit(v)
		}
		allBug |= bit(v)
		temp[c] &^= bit(v)
		if !commonSet {
			common, commonSet = slices.Clone(e.b.peers[c]), true
		} else {
			common = slices.DeleteFunc(common, func(o int) bool { return !e.b.sees(o, c) })
		}
		common = minus(common, bugCells)
		return !(len(bugCells) > 1 && count(allBug) > 1 && len(common) == 0)
	}
	kinds := []encode.PartKind{encode.PartRegion, encode.PartRow, encode.PartColumn}
	var allExtra []int
	allExtraSet, oneValue, onlyValue := false, true, 0
	for _, k := range kinds {
		for _, h := range e.b.houses {
			if h.ref.Kind != k {
				continue
			}
			for v := 1; v <= e.b.n; v++ {
				pos := e.positions(h, v)
				if len(pos) == 0 || len(pos) == 2 {
					continue
				}
				var nb []int
				for _, c := range pos {
					if count(e.s.cand[c]) >= 3 {
						nb = append(nb, c)
					}
				}
				switch {
				case !allExtraSet:
					allExtra, onlyValue, allExtraSet = slices.Clone(nb), v, true
				case oneValue && onlyValue == v:
					for _, c := range nb {
						if !slices.Contains(allExtra, c) {
							allExtra = append(allExtra, c)
						}
					}
				default:
					oneValue = false
				}
				if len(nb) == 1 && !addBug(nb[0], v, false) {
					return nil
				}
				if len(nb) == 0 {
					return nil
				}
			}
		}
	}
	if oneValue && allExtraSet && len(allExtra) > len(bugCells) {
		more := minus(allExtra, bugCells)
		slices.Sort(more)
		for _, c := range more {
			if !addBug(c, onlyValue, true) {
				return nil
			}
		}
	}
	if len(bugCells) == 0 {
		return nil
	}
	var open []int
	for c := range temp {
		if e.s.placed[c] == 0 {
			if count(temp[c]) != 2 {
				return nil
			}
			open = append(open, c)
		}
	}
	for _, h := range e.b.houses {
		for v := 1; v <= e.b.n; v++ {
			k := 0
			for _, c := range h.cells {
				if e.s.placed[c] == 0 && temp[c]&bit(v) != 0 {
					k++
				}
			}
			if k != 0 && k != 2 {
				return nil
			}
		}
	}
	// The pattern: every open cell with its pair.
	deadly := &Deadly{Cells: open}
	var premises []Fact
	for _, c := range open {
		ds := digits(temp[c])
		deadly.Pairs = append(deadly.Pairs, [2]int{ds[0], ds[1]})
		if !slices.Contains(bugCells, c) {
			premises = append(premises, e.s.facts([]int{c}, e.b.all&^temp[c])...)
		}
	}
	finish := func(st *Step) *Step {
		if st == nil || len(st.Eliminations) == 0 {
			return nil
		}
		st.Technique = BUG
		st.Deadly = deadly
		st.Cells = append(slices.Clone(bugCells), st.Cells...)
		st.Premises = dedupeFacts(append(slices.Clone(premises), st.Premises...))
		st.Eliminations = dedupe(st.Eliminations)
		return st
	}
	// bugFacts: each BUG cell holds its pair or a digit of set.
	bugFacts := func(set uint64) []Fact {
		var fs []Fact
		for _, c := range bugCells {
			fs = append(fs, e.s.facts([]int{c}, e.b.all&^temp[c]&^set)...)
		}
		return fs
	}
	switch {
	case len(bugCells) == 1:
		c := bugCells[0]
		st := &Step{Rating: 5.6}
		for _, d := range digits(e.s.cand[c] &^ allBug) {
			st.Eliminations = append(st.Eliminations, Candidate{c, d})
		}
		return finish(st)
	case count(allBug) == 1:
		st := &Step{Rating: 5.7, Premises: bugFacts(allBug)}
		d := only(allBug)
		for _, v := range common {
			if e.s.cand[v]&allBug != 0 && e.s.placed[v] == 0 {
				st.Eliminations = append(st.Eliminations, Candidate{v, d})
				for _, c := range bugCells {
					st.Refs = addRef(st.Refs, e.b.houses[e.joinHouse([]int{v}, []int{c})].ref)
				}
			}
		}
		if st := finish(st); st != nil {
			return st
		}
		if len(bugCells) == 2 {
			return finish(e.bugType4(bugCells, bugValues, allBug))
		}
	case len(common) > 0:
		if len(bugCells) == 2 {
			if st := finish(e.bugType4(bugCells, bugValues, allBug)); st != nil {
				return st
			}
		}
		return finish(e.bugType3(bugCells, common, allBug, bugFacts))
	}
	return nil
}

// bugType4: two BUG cells in a house share a digit of their pairs, which
// has no other place in the house: one of them holds it, so the other
// holds its extra digit, and neither holds its pair's other digit.
func (e *explainer) bugType4(bugCells []int, bugValues map[int]uint64, allBug uint64) *Step {
	c1, c2 := bugCells[0], bugCells[1]
	shared := e.s.cand[c1] & e.s.cand[c2] &^ allBug
	if count(shared) != 1 {
		return nil
	}
	for _, k := range []encode.PartKind{encode.PartRegion, encode.PartRow, encode.PartColumn} {
		for _, hi := range e.b.cellHouses[c1] {
			h := e.b.houses[hi]
			if h.ref.Kind != k || !slices.Contains(h.cells, c2) {
				continue
			}
			st := &Step{Rating: 5.7, Refs: []Ref{h.ref}}
			for _, c := range []int{c1, c2} {
				for _, d := range digits(e.s.cand[c] &^ bugValues[c] &^ shared) {
					st.Eliminations = append(st.Eliminations, Candidate{c, d})
				}
			}
			st.Premises = e.s.facts(minus(h.cells, []int{c1, c2}), shared)
			return st
		}
	}
	return nil
}

// bugType3: the BUG cells, all in one house, hold one of their extra
// digits: with degree-1 other cells of the house whose digits are the
// degree digits with those, a naked set, the house's other cells lose
// them. Sudoku Explainer looks for sets of 2 to 6 digits, the smaller
// first.
func (e *explainer) bugType3(bugCells, common []int, allBug uint64, bugFacts func(uint64) []Fact) *Step {
	for degree := 2; degree <= 6; degree++ {
		for _, k := range []encode.PartKind{encode.PartRegion, encode.PartRow, encode.PartColumn} {
			for _, hi := range e.b.cellHouses[bugCells[0]] {
				h := e.b.houses[hi]
				if h.ref.Kind != k || !containsAll(h.cells, bugCells) {
					continue
				}
				var cells []int
				for _, c := range common {
					if slices.Contains(h.cells, c) {
						cells = append(cells, c)
					}
				}
				var st *Step
				combinations(len(cells), degree-1, func(idx []int) bool {
					var union uint64
					naked := make([]int, len(idx))
					for i, j := range idx {
						naked[i] = cells[j]
						union |= e.s.cand[cells[j]]
					}
					if count(union) != degree || allBug&^union != 0 {
						return true
					}
					for _, c := range naked {
						if count(e.s.cand[c]) < 2 {
							return true
						}
					}
					s := &Step{Rating: round1(5.7 + 0.1*float64(degree-1)), Refs: []Ref{h.ref}, Cells: naked}
					for _, c := range minus(cells, naked) {
						for _, d := range digits(e.s.cand[c] & union) {
							s.Eliminations = append(s.Eliminations, Candidate{c, d})
						}
					}
					if len(s.Eliminations) == 0 {
						return true
					}
					s.Premises = bugFacts(union)
					st = s
					return false
				})
				if st != nil {
					return st
				}
			}
		}
	}
	return nil
}
