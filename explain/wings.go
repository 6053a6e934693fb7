package explain

import "slices"

// The ALS wings of Sudoku Explainer: an almost locked set (k cells that
// see each other, holding k+1 digits between them) and a bivalue cell xz
// outside it. When every cell of the set that may hold x sees the
// bivalue cell, x is a restricted common digit: were the bivalue cell x,
// the set would lose x and its k cells would hold its other k digits, z
// among them. So z is in the bivalue cell or in the set, and a cell that
// sees the bivalue cell and every cell of the set that may hold z loses
// it. When z is restricted too (doubly linked), the set holds all its
// digits but the one of the pair the bivalue cell takes: x and z go as
// above, and each other digit of the set goes from the cells that see
// all of the set's cells that may hold it.
const (
	WXYZWing  = "wxyz-wing"
	VWXYZWing = "vwxyz-wing"
)

// wing is an ALS wing found, with what Sudoku Explainer sorts it by.
type wing struct {
	als    []int
	yz     int
	out    []Candidate
	rating float64
}

// alsWing finds the ALS wing of k set cells (3: WXYZ-wing, 5.5 or 5.6;
// 4: VWXYZ-wing, 6.2 to 6.4) that Sudoku Explainer gives first: the
// lowest rating, then the most removals.
func (e *explainer) alsWing(k int) *Step {
	var best *wing
	als := make([]int, 0, k)
	var grow func(from int, union uint64, biggest int)
	grow = func(from int, union uint64, biggest int) {
		if len(als) == k {
			if count(union) != k+1 {
				return
			}
			if w := e.wingOf(als, union, biggest); w != nil && (best == nil || w.rating < best.rating || w.rating == best.rating && len(w.out) > len(best.out)) {
				best = w
			}
			return
		}
		for c := from; c < len(e.s.cand); c++ {
			m := e.s.cand[c]
			if e.s.placed[c] != 0 || count(m) < 2 || count(union|m) > k+1 {
				continue
			}
			if slices.ContainsFunc(als, func(o int) bool { return !e.b.sees(o, c) }) {
				continue
			}
			als = append(als, c)
			grow(c+1, union|m, max(biggest, count(m)))
			als = als[:len(als)-1]
		}
	}
	grow(0, 0, 0)
	if best == nil {
		return nil
	}
	return e.wingStep(best, k)
}

// wingRating is Sudoku Explainer's rating of an ALS wing of k cells whose
// largest cell has c digits: the set's middle size is the hardest.
func wingRating(k, c int) float64 {
	if k == 3 {
		return round1(5.5 + 0.1*float64(1-abs(3-c)))
	}
	return round1(6.2 + 0.1*float64(2-abs(3-c)))
}

// wingOf returns the best wing of a set with a bivalue cell, or nil.
func (e *explainer) wingOf(als []int, union uint64, biggest int) *wing {
	var best *wing
	for yz, m := range e.s.cand {
		if e.s.placed[yz] != 0 || count(m) != 2 || m&union != m || slices.Contains(als, yz) {
			continue
		}
		if !slices.ContainsFunc(als, func(c int) bool { return e.b.sees(c, yz) }) {
			continue
		}
		restricted := func(d int) bool {
			for _, c := range als {
				if e.s.cand[c]&bit(d) != 0 && !e.b.sees(c, yz) {
					return false
				}
			}
			return true
		}
		ds := digits(m)
		rx, rz := restricted(ds[0]), restricted(ds[1])
		if !rx && !rz {
			continue
		}
		var out []Candidate
		remove := func(d int, withYZ bool) {
			var holders []int
			for _, c := range als {
				if e.s.cand[c]&bit(d) != 0 {
					holders = append(holders, c)
				}
			}
			if withYZ {
				holders = append(holders, yz)
			}
			for v, vm := range e.s.cand {
				if e.s.placed[v] != 0 || vm&bit(d) == 0 || v == yz || slices.Contains(als, v) || !e.seesAll(v, holders) {
					continue
				}
				if !slices.Contains(out, Candidate{v, d}) {
					out = append(out, Candidate{v, d})
				}
			}
		}
		switch {
		case rx && rz:
			remove(ds[0], true)
			remove(ds[1], true)
			for _, w := range digits(union &^ m) {
				remove(w, false)
			}
		case rx:
			remove(ds[1], true)
		default:
			remove(ds[0], true)
		}
		if len(out) == 0 {
			continue
		}
		w := &wing{als: slices.Clone(als), yz: yz, out: out, rating: wingRating(len(als), biggest)}
		if best == nil || len(w.out) > len(best.out) {
			best = w
		}
	}
	return best
}

// wingStep is the step of an ALS wing: the set's cells and the bivalue
// cell hold nothing else, and the houses that join them and the removals
// to the cells they see.
func (e *explainer) wingStep(w *wing, k int) *Step {
	st := &Step{Technique: WXYZWing, Rating: w.rating, Eliminations: dedupe(w.out)}
	if k == 4 {
		st.Technique = VWXYZWing
	}
	cells := append(slices.Clone(w.als), w.yz)
	st.Cells = cells
	st.Premises = e.s.facts(cells, e.b.all)
	join := func(a, c int) {
		if hi := e.joinHouse([]int{a}, []int{c}); hi >= 0 {
			st.Refs = addRef(st.Refs, e.b.houses[hi].ref)
		}
	}
	for i, a := range w.als {
		for _, c := range w.als[i+1:] {
			join(a, c)
		}
		if e.s.cand[a]&e.s.cand[w.yz] != 0 {
			join(a, w.yz)
		}
	}
	for _, o := range st.Eliminations {
		for _, c := range cells {
			if e.s.cand[c]&bit(o.Digit) != 0 {
				join(o.Cell, c)
			}
		}
	}
	return st
}
