package explain

import "slices"

// Aligned exclusion, as Sudoku Explainer finds it (its AlignedPairExclusion
// and AlignedExclusion of degree 3): two or three base cells, and
// excluders, cells with two (or three) digits that see every base cell. A
// combination of digits for the base cells is impossible when two base
// cells that see each other take the same digit, or when it takes every
// digit of an excluder. A base cell's digit that is in no possible
// combination is out.
const (
	AlignedPairExclusion   = "aligned-pair-exclusion"
	AlignedTripleExclusion = "aligned-triple-exclusion"
)

// alignedExclusion finds the first aligned pair (degree 2, 6.2) or triple
// (degree 3, 7.5) exclusion in Sudoku Explainer's order.
func (e *explainer) alignedExclusion(degree int) *Step {
	// Base cells: open, two digits or more, no peer down to one digit,
	// and some excluder.
	var bases []int
	excluders := map[int][]int{}
	for c, m := range e.s.cand {
		if e.s.placed[c] != 0 || count(m) < 2 {
			continue
		}
		single := false
		var ex []int
		for _, o := range e.b.peers[c] {
			if e.s.placed[o] != 0 {
				continue
			}
			switch k := count(e.s.cand[o]); {
			case k == 1:
				single = true
			case k >= 2 && k <= degree:
				ex = append(ex, o)
			}
		}
		if !single && len(ex) > 0 {
			bases = append(bases, c)
			excluders[c] = ex
		}
	}
	if len(bases) < degree {
		return nil
	}
	// Pairs in Sudoku Explainer's order: by the second cell, then the
	// first.
	for j := 1; j < len(bases); j++ {
		for i := 0; i < j; i++ {
			c0, c1 := bases[i], bases[j]
			if degree == 2 {
				if st := e.exclude([]int{c0, c1}, excluders); st != nil {
					return st
				}
				continue
			}
			var twin []int
			for _, o := range append(slices.Clone(excluders[c0]), excluders[c1]...) {
				if o != c0 && o != c1 && slices.Contains(bases, o) && !slices.Contains(twin, o) {
					twin = append(twin, o)
				}
			}
			for _, c2 := range twin {
				if st := e.exclude([]int{c0, c1, c2}, excluders); st != nil {
					return st
				}
			}
		}
	}
	return nil
}

// exclude tries base cells with their common excluders (at least two).
func (e *explainer) exclude(cells []int, excluders map[int][]int) *Step {
	var common []int
	for _, x := range excluders[cells[0]] {
		if !slices.ContainsFunc(cells[1:], func(c int) bool { return !slices.Contains(excluders[c], x) }) {
			common = append(common, x)
		}
	}
	if len(common) < 2 {
		return nil
	}
	// allowed[i] is the mask of cell i's digits in some possible
	// combination; used are the excluders that rule one out.
	allowed := make([]uint64, len(cells))
	var used []int
	var sameHouse [][2]int
	combo := make([]int, len(cells))
	var walk func(i int)
	walk = func(i int) {
		if i == len(cells) {
			for a := range cells {
				for b := a + 1; b < len(cells); b++ {
					if combo[a] == combo[b] && e.b.sees(cells[a], cells[b]) {
						if !slices.Contains(sameHouse, [2]int{a, b}) {
							sameHouse = append(sameHouse, [2]int{a, b})
						}
						return
					}
				}
			}
			var m uint64
			for _, d := range combo {
				m |= bit(d)
			}
			for _, x := range common {
				if e.s.cand[x]&^m == 0 {
					if !slices.Contains(used, x) {
						used = append(used, x)
					}
					return
				}
			}
			for a, d := range combo {
				allowed[a] |= bit(d)
			}
			return
		}
		for _, d := range digits(e.s.cand[cells[i]]) {
			combo[i] = d
			walk(i + 1)
		}
	}
	walk(0)
	st := &Step{Technique: AlignedPairExclusion, Rating: 6.2}
	if len(cells) == 3 {
		st.Technique, st.Rating = AlignedTripleExclusion, 7.5
	}
	for i, c := range cells {
		for _, d := range digits(e.s.cand[c] &^ allowed[i]) {
			st.Eliminations = append(st.Eliminations, Candidate{c, d})
		}
	}
	if len(st.Eliminations) == 0 {
		return nil
	}
	st.Cells = append(slices.Clone(cells), used...)
	st.Premises = e.s.facts(st.Cells, e.b.all)
	join := func(a, c int) {
		if hi := e.joinHouse([]int{a}, []int{c}); hi >= 0 {
			st.Refs = addRef(st.Refs, e.b.houses[hi].ref)
		}
	}
	for _, pair := range sameHouse {
		join(cells[pair[0]], cells[pair[1]])
	}
	for _, x := range used {
		for _, c := range cells {
			join(c, x)
		}
	}
	return st
}
