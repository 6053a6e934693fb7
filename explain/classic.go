package explain

import (
	"context"
	"math/bits"
	"slices"

	"github.com/sudokusat/sudokusat/encode"
)

// The named techniques of classic solving, as Sudoku Explainer names and
// rates them (see docs/explain.md for the ladder and its sources).
const (
	FullHouse    = "full-house"
	HiddenSingle = "hidden-single"
	NakedSingle  = "naked-single"
	Pointing     = "pointing"
	Claiming     = "claiming"
	NakedPair    = "naked-pair"
	NakedTriple  = "naked-triple"
	NakedQuad    = "naked-quad"
	HiddenPair   = "hidden-pair"
	HiddenTriple = "hidden-triple"
	HiddenQuad   = "hidden-quad"
	XWing        = "x-wing"
	Swordfish    = "swordfish"
	Jellyfish    = "jellyfish"
	XYWing       = "xy-wing"
	XYZWing      = "xyz-wing"
)

// finder adapts a finder that needs no context.
func finder(f func(e *explainer) *Step) func(*explainer, context.Context) (*Step, error) {
	return func(e *explainer, _ context.Context) (*Step, error) { return f(e), nil }
}

// hiddenSingle finds a digit with one place left in a house, as Sudoku
// Explainer looks for them: first the last empty cell of a house (a full
// house, 1.0), then a hidden single in a box (1.2), then in a column, a
// row or another house (1.5).
func (e *explainer) hiddenSingle() *Step {
	for _, alone := range []bool{true, false} {
		for _, hi := range e.b.order {
			h := e.b.houses[hi]
			if !h.full {
				continue
			}
			empty := 0
			var seen, twice, placed uint64
			for _, c := range h.cells {
				if d := e.s.placed[c]; d != 0 {
					placed |= bit(d)
					continue
				}
				empty++
				twice |= seen & e.s.cand[c]
				seen |= e.s.cand[c]
			}
			once := seen &^ twice &^ placed
			if once == 0 || (empty == 1) != alone {
				continue
			}
			d := only(once)
			for _, c := range h.cells {
				if e.s.placed[c] == 0 && e.s.cand[c]&bit(d) != 0 {
					name, rating := HiddenSingle, 1.5
					switch {
					case alone:
						name, rating = FullHouse, 1.0
					case h.ref.Kind == encode.PartRegion:
						rating = 1.2
					}
					st := e.place(name, rating, c, d)
					st.Cells = h.cells
					// The house it is hidden in first: the text names it.
					st.Refs = append([]Ref{h.ref}, slices.DeleteFunc(st.Refs, func(r Ref) bool { return r == h.ref })...)
					st.Premises = e.s.facts(without(h.cells, c), bit(d))
					return st
				}
			}
		}
	}
	return nil
}

// nakedSingle finds a cell with one candidate left (2.3).
func (e *explainer) nakedSingle() *Step {
	for c, m := range e.s.cand {
		if e.s.placed[c] == 0 && count(m) == 1 {
			st := e.place(NakedSingle, 2.3, c, only(m))
			st.Cells = []int{c}
			st.Premises = e.s.facts([]int{c}, e.b.all&^m)
			return st
		}
	}
	return nil
}

// locked finds a digit whose places in one house all lie in a second:
// the second's other cells lose it. From a box into a line is pointing
// (2.6), from a line into a box claiming (2.8).
func (e *explainer) locked(pointing bool) *Step {
	for _, from := range e.b.houses {
		if !from.full || (from.ref.Kind == encode.PartRegion) != pointing {
			continue
		}
		for d := 1; d <= e.b.n; d++ {
			var where []int
			for _, c := range from.cells {
				if e.s.placed[c] == d {
					where = nil
					break
				}
				if e.s.placed[c] == 0 && e.s.cand[c]&bit(d) != 0 {
					where = append(where, c)
				}
			}
			if len(where) < 2 {
				continue
			}
			for _, to := range e.b.houses {
				if to.ref == from.ref || !containsAll(to.cells, where) {
					continue
				}
				if pointing == (to.ref.Kind == encode.PartRegion) {
					continue
				}
				var out []Candidate
				for _, c := range to.cells {
					if !slices.Contains(from.cells, c) && e.s.placed[c] == 0 && e.s.cand[c]&bit(d) != 0 {
						out = append(out, Candidate{c, d})
					}
				}
				if len(out) == 0 {
					continue
				}
				name, rating := Claiming, 2.8
				if pointing {
					name, rating = Pointing, 2.6
				}
				return &Step{
					Technique: name, Rating: rating, Eliminations: out,
					Cells: where, Refs: []Ref{from.ref, to.ref},
					Premises: e.s.facts(minus(from.cells, to.cells), bit(d)),
				}
			}
		}
	}
	return nil
}

// nakedSubset finds k cells of a house whose candidates are k digits:
// the house's other cells lose them. As Sudoku Explainer does, it looks
// in a full house only when it has at least 2k open cells: with fewer,
// the other open cells are a hidden subset of at most k digits, which
// is how it names them.
func (e *explainer) nakedSubset(k int) *Step {
	names := map[int]string{2: NakedPair, 3: NakedTriple, 4: NakedQuad}
	ratings := map[int]float64{2: 3.0, 3: 3.6, 4: 5.0}
	for _, hi := range e.b.order {
		h := e.b.houses[hi]
		if h.full && e.emptyCells(h) < 2*k {
			continue
		}
		var open []int
		for _, c := range h.cells {
			if e.s.placed[c] == 0 && count(e.s.cand[c]) >= 2 && count(e.s.cand[c]) <= k {
				open = append(open, c)
			}
		}
		var st *Step
		combinations(len(open), k, func(idx []int) bool {
			var m uint64
			cells := make([]int, k)
			for i, j := range idx {
				cells[i] = open[j]
				m |= e.s.cand[open[j]]
			}
			if count(m) != k {
				return true
			}
			var out []Candidate
			for _, c := range h.cells {
				if e.s.placed[c] != 0 || slices.Contains(cells, c) {
					continue
				}
				for _, d := range digits(e.s.cand[c] & m) {
					out = append(out, Candidate{c, d})
				}
			}
			if len(out) == 0 {
				return true
			}
			st = &Step{
				Technique: names[k], Rating: ratings[k], Eliminations: out,
				Cells: cells, Refs: []Ref{h.ref},
				Premises: e.s.facts(cells, e.b.all&^m),
			}
			return false
		})
		if st != nil {
			return st
		}
	}
	return nil
}

// hiddenSubset finds k digits of a full house with k places left between
// them: those cells lose every other digit. As Sudoku Explainer does, it
// looks only in a house with more than 2k open cells (with fewer, the
// other open cells are a naked subset, found first).
func (e *explainer) hiddenSubset(k int) *Step {
	names := map[int]string{2: HiddenPair, 3: HiddenTriple, 4: HiddenQuad}
	ratings := map[int]float64{2: 3.4, 3: 4.0, 4: 5.4}
	for _, hi := range e.b.order {
		h := e.b.houses[hi]
		if !h.full || e.emptyCells(h) <= 2*k {
			continue
		}
		// where[d] is the mask of h's cells (by index in h) that may hold d.
		where := e.where(h)
		var free []int
		for d := 1; d <= e.b.n; d++ {
			if c := count(where[d]); c >= 2 && c <= k {
				free = append(free, d)
			}
		}
		var st *Step
		combinations(len(free), k, func(idx []int) bool {
			var cellMask, dm uint64
			for _, j := range idx {
				cellMask |= where[free[j]]
				dm |= bit(free[j])
			}
			if count(cellMask) != k {
				return true
			}
			var cells []int
			var out []Candidate
			for m := cellMask; m != 0; m &= m - 1 {
				c := h.cells[bits.TrailingZeros64(m)]
				cells = append(cells, c)
				for _, d := range digits(e.s.cand[c] &^ dm) {
					out = append(out, Candidate{c, d})
				}
			}
			if len(out) == 0 {
				return true
			}
			st = &Step{
				Technique: names[k], Rating: ratings[k], Eliminations: out,
				Cells: cells, Refs: []Ref{h.ref},
				Premises: e.s.facts(minus(h.cells, cells), dm),
			}
			return false
		})
		if st != nil {
			return st
		}
	}
	return nil
}

// fish finds a digit whose places in k rows lie in k columns (or the
// other way round): those columns' other cells lose it.
func (e *explainer) fish(k int) *Step {
	names := map[int]string{2: XWing, 3: Swordfish, 4: Jellyfish}
	ratings := map[int]float64{2: 3.2, 3: 3.8, 4: 5.2}
	n := e.b.n
	for d := 1; d <= n; d++ {
		for _, rows := range []bool{true, false} {
			// where[i]: the mask of positions along base line i holding d.
			var bases []int
			where := make([]uint64, n)
			for i := range n {
				placed := false
				for j := range n {
					c := i*n + j
					if !rows {
						c = j*n + i
					}
					if e.s.placed[c] == d {
						placed = true
						break
					}
					if e.s.placed[c] == 0 && e.s.cand[c]&bit(d) != 0 {
						where[i] |= 1 << j
					}
				}
				if !placed && count(where[i]) >= 2 && count(where[i]) <= k {
					bases = append(bases, i)
				}
			}
			var st *Step
			combinations(len(bases), k, func(idx []int) bool {
				var cover uint64
				for _, j := range idx {
					cover |= where[bases[j]]
				}
				if count(cover) != k {
					return true
				}
				cell := func(i, j int) int {
					if rows {
						return i*n + j
					}
					return j*n + i
				}
				isBase := func(i int) bool {
					for _, j := range idx {
						if bases[j] == i {
							return true
						}
					}
					return false
				}
				var out []Candidate
				var cells, baseCells []int
				for m := cover; m != 0; m &= m - 1 {
					j := bits.TrailingZeros64(m)
					for i := range n {
						c := cell(i, j)
						if isBase(i) {
							if e.s.cand[c]&bit(d) != 0 && e.s.placed[c] == 0 {
								cells = append(cells, c)
							}
							continue
						}
						if e.s.placed[c] == 0 && e.s.cand[c]&bit(d) != 0 {
							out = append(out, Candidate{c, d})
						}
					}
				}
				if len(out) == 0 {
					return true
				}
				var refs []Ref
				baseKind, coverKind := encode.PartRow, encode.PartColumn
				if !rows {
					baseKind, coverKind = coverKind, baseKind
				}
				for _, j := range idx {
					refs = append(refs, Ref{baseKind, bases[j]})
					for jj := range n {
						baseCells = append(baseCells, cell(bases[j], jj))
					}
				}
				for m := cover; m != 0; m &= m - 1 {
					refs = append(refs, Ref{coverKind, bits.TrailingZeros64(m)})
				}
				st = &Step{
					Technique: names[k], Rating: ratings[k], Eliminations: out,
					Cells: cells, Refs: refs,
					Premises: e.s.facts(minus(baseCells, cells), bit(d)),
				}
				return false
			})
			if st != nil {
				return st
			}
		}
	}
	return nil
}

// xyWing finds a bivalue pivot xy that sees bivalue pincers xz and yz:
// whichever the pivot holds, one pincer holds z, so a cell that sees both
// pincers loses z (4.2). With the pivot xyz and seeing z too, it is an
// XYZ-wing (4.4).
func (e *explainer) xyWing(xyz bool) *Step {
	want := 2
	if xyz {
		want = 3
	}
	for pivot, pm := range e.s.cand {
		if e.s.placed[pivot] != 0 || count(pm) != want {
			continue
		}
		var pincers []int
		for _, o := range e.b.peers[pivot] {
			if e.s.placed[o] == 0 && count(e.s.cand[o]) == 2 && count(e.s.cand[o]&pm) == 1+btoi(xyz) {
				pincers = append(pincers, o)
			}
		}
		for i, a := range pincers {
			for _, c := range pincers[i+1:] {
				am, cm := e.s.cand[a], e.s.cand[c]
				if am == cm {
					continue
				}
				var z uint64
				if xyz {
					if am|cm != pm {
						continue
					}
					z = am & cm
				} else {
					z = am & cm &^ pm
					if count(z) != 1 || (am|cm)&pm != pm {
						continue
					}
				}
				if count(z) != 1 {
					continue
				}
				d := only(z)
				var out []Candidate
				for _, t := range e.b.peers[a] {
					if t == c || t == pivot || !e.b.sees(t, c) || (xyz && !e.b.sees(t, pivot)) {
						continue
					}
					if e.s.placed[t] == 0 && e.s.cand[t]&z != 0 {
						out = append(out, Candidate{t, d})
					}
				}
				if len(out) == 0 {
					continue
				}
				cells := []int{pivot, a, c}
				st := &Step{Technique: XYWing, Rating: 4.2, Eliminations: out, Cells: cells}
				if xyz {
					st.Technique, st.Rating = XYZWing, 4.4
				}
				st.Premises = e.s.facts(cells, e.b.all)
				st.Refs = e.linking(append(cells, targets(out)...), cells)
				return st
			}
		}
	}
	return nil
}

// linking returns the houses that join the cells of a step: every house
// holding a cell of pattern and another cell of cells.
func (e *explainer) linking(cells, pattern []int) []Ref {
	var refs []Ref
	for i, h := range e.b.houses {
		_ = i
		in, pat := 0, 0
		for _, c := range h.cells {
			if slices.Contains(cells, c) {
				in++
				if slices.Contains(pattern, c) {
					pat++
				}
			}
		}
		if in >= 2 && pat >= 1 {
			refs = addRef(refs, h.ref)
		}
	}
	return refs
}

func targets(cs []Candidate) []int {
	var out []int
	for _, c := range cs {
		if !slices.Contains(out, c.Cell) {
			out = append(out, c.Cell)
		}
	}
	return out
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// without returns cells but c.
func without(cells []int, c int) []int {
	out := make([]int, 0, len(cells))
	for _, o := range cells {
		if o != c {
			out = append(out, o)
		}
	}
	return out
}

// minus returns the cells of a not in b.
func minus(a, b []int) []int {
	var out []int
	for _, c := range a {
		if !slices.Contains(b, c) {
			out = append(out, c)
		}
	}
	return out
}

func containsAll(set, xs []int) bool {
	for _, x := range xs {
		if !slices.Contains(set, x) {
			return false
		}
	}
	return true
}

// combinations calls fn with each k-subset of 0..n-1, in order, until fn
// returns false.
func combinations(n, k int, fn func([]int) bool) {
	if k > n || k <= 0 {
		return
	}
	idx := make([]int, k)
	for i := range idx {
		idx[i] = i
	}
	for {
		if !fn(idx) {
			return
		}
		i := k - 1
		for i >= 0 && idx[i] == n-k+i {
			i--
		}
		if i < 0 {
			return
		}
		idx[i]++
		for j := i + 1; j < k; j++ {
			idx[j] = idx[j-1] + 1
		}
	}
}

// minimal adapts a finder whose steps' natural premises may hold a fact
// the conclusion does not need (a cell of a link's house that, holding
// the digit, would remove the same candidate another way): each premise
// the checker proves the step without is dropped, so that a reader looks
// for none in vain. Without a checker (NoCheck on a classic puzzle) the
// premises are left as found.
func minimal(f func(*explainer, context.Context) (*Step, error)) func(*explainer, context.Context) (*Step, error) {
	return func(e *explainer, ctx context.Context) (*Step, error) {
		st, err := f(e, ctx)
		if err != nil || st == nil || e.check == nil {
			return st, err
		}
		// A premise the step needs stays needed once others are gone
		// (fewer premises prove less), so one pass leaves each kept
		// premise necessary. The finders' own solver decides first, on
		// the step's constraints alone (fewer clauses than the check
		// adds, so what it refutes the check refutes); a step resting on
		// a deadly pattern, which it cannot read, goes to the checker.
		if st.Deadly == nil {
			if ok, err := e.shrinkLocally(ctx, st); err != nil || ok {
				return st, err
			}
		}
		for i := 0; i < len(st.Premises); {
			m := *st
			m.Premises = slices.Delete(slices.Clone(st.Premises), i, i+1)
			if e.check.Check(ctx, &m) == nil {
				st.Premises = m.Premises
				continue
			}
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			i++
		}
		return st, nil
	}
}

// shrinkLocally drops the premises of st that the finders' solver refutes
// its conclusions without; false when it cannot refute them with every
// premise (then the checker must decide).
func (e *explainer) shrinkLocally(ctx context.Context, st *Step) (bool, error) {
	l, err := e.locals()
	if err != nil {
		return false, err
	}
	l.ctx = ctx
	var parts []int
	for _, r := range st.Refs {
		pi, ok := l.index[r]
		if !ok {
			return false, nil
		}
		parts = append(parts, pi)
	}
	var concl []int32
	for _, p := range st.Placements {
		concl = append(concl, -l.lit(p.Cell, p.Digit))
	}
	for _, o := range st.Eliminations {
		concl = append(concl, l.lit(o.Cell, o.Digit))
	}
	refutes := func(fs []Fact) bool {
		for _, x := range concl {
			if !l.refutedBy(parts, fs, []int32{x}, budget) {
				return false
			}
		}
		return true
	}
	if !refutes(st.Premises) {
		return false, ctx.Err()
	}
	for i := 0; i < len(st.Premises); {
		try := slices.Delete(slices.Clone(st.Premises), i, i+1)
		if refutes(try) {
			st.Premises = try
			continue
		}
		i++
	}
	return true, ctx.Err()
}
