package explain

import (
	"math"
	"slices"

	"github.com/sudokusat/sudokusat/encode"
)

// The chains of strong links on one digit, as Sudoku Explainer finds
// them (its StrongLinks): two or three houses, each with the digit in
// two places or two groups of places, joined end to end by houses that
// see both ends they join. Whichever end of the chain does not hold the
// digit, the other does; a cell that sees both ends loses it.
const (
	Skyscraper          = "skyscraper"
	TwoStringKite       = "2-string-kite"
	TurbotFish          = "turbot-fish"
	GroupedTurbotFish   = "grouped-turbot-fish"
	ThreeSkyscrapers    = "3-skyscrapers"
	ThreeStringKite     = "3-string-kite"
	ThreeStrongLinks    = "3-strong-links"
	GroupedStrongLinks3 = "grouped-3-strong-links"
	XLoop               = "x-loop"
)

// slink is a strong link on a digit: a full house whose places for it are
// the cells of two ends, one of which holds it.
type slink struct {
	house   int
	a, b    []int // the two ends, sorted
	cells   []int // every place of the digit in the house
	grouped bool  // more than two places
}

// linkKind is a link's house kind as Sudoku Explainer rates it: 0 a box
// (or a house of a rule), 1 a row, 2 a column.
func (e *explainer) linkKind(l slink) int {
	switch e.b.houses[l.house].ref.Kind {
	case encode.PartRow:
		return 1
	case encode.PartColumn:
		return 2
	}
	return 0
}

// strongLinks returns the strong links on d. A house with two places is a
// link between them (in a box, only when they share no line: the line's
// link is the same). A house with three to six places is a grouped link
// when they fall in two groups each inside a second house: a line's two
// box segments; a box's row and column through one cell (an empty
// rectangle, the crossing cell on either side) or, failing that, two of
// its rows or two of its columns.
func (e *explainer) strongLinks(d int) []slink {
	var out []slink
	for hi, h := range e.b.houses {
		if !h.full {
			continue
		}
		pos := e.positions(h, d)
		switch {
		case len(pos) == 2:
			if h.ref.Kind == encode.PartRegion && e.shareLine(pos[0], pos[1]) {
				continue
			}
			out = append(out, slink{house: hi, a: pos[:1], b: pos[1:], cells: pos})
		case len(pos) > 2 && len(pos) <= 6 && h.ref.Kind != encode.PartRule:
			for _, split := range e.groupSplits(hi, pos) {
				out = append(out, slink{house: hi, a: split[0], b: split[1], cells: pos, grouped: true})
			}
		}
	}
	return out
}

// shareLine reports whether two cells share a row or a column.
func (e *explainer) shareLine(a, c int) bool {
	n := e.b.n
	return a/n == c/n || a%n == c%n
}

// crossings returns the cells of house hi that each other house (not a
// rule's) shares with it, when it shares some but not all, and those
// houses in order. They do not change: the board keeps them.
func (e *explainer) crossings(hi int) (map[int][]int, []int) {
	b := e.b
	if b.cross == nil {
		b.cross = make([]map[int][]int, len(b.houses))
		b.crossKeys = make([][]int, len(b.houses))
	}
	if b.cross[hi] != nil {
		return b.cross[hi], b.crossKeys[hi]
	}
	out := map[int][]int{}
	h := b.houses[hi]
	for _, c := range h.cells {
		for _, o := range b.cellHouses[c] {
			if o != hi && b.houses[o].ref.Kind != encode.PartRule {
				out[o] = append(out[o], c)
			}
		}
	}
	var keys []int
	for o, cs := range out {
		if len(cs) == len(h.cells) {
			delete(out, o)
			continue
		}
		keys = append(keys, o)
	}
	slices.Sort(keys)
	b.cross[hi], b.crossKeys[hi] = out, keys
	return out, keys
}

// groupSplits returns the ways pos, the places of a digit in house hi,
// fall into two groups that make a grouped link.
func (e *explainer) groupSplits(hi int, pos []int) [][2][]int {
	h := e.b.houses[hi]
	cross, houses := e.crossings(hi)
	kind := func(o int) encode.PartKind { return e.b.houses[o].ref.Kind }
	in := func(o int, cs []int) []int {
		var out []int
		for _, c := range cs {
			if slices.Contains(cross[o], c) {
				out = append(out, c)
			}
		}
		return out
	}
	var splits [][2][]int
	add := func(a, b []int) {
		if len(a) == 0 || len(b) == 0 {
			return
		}
		if b[0] < a[0] {
			a, b = b, a
		}
		for _, s := range splits {
			if slices.Equal(s[0], a) && slices.Equal(s[1], b) {
				return
			}
		}
		splits = append(splits, [2][]int{a, b})
	}
	if h.ref.Kind != encode.PartRegion {
		// A line: the places in exactly two box segments.
		var segs [][]int
		for _, o := range houses {
			if kind(o) == encode.PartRegion {
				if s := in(o, pos); len(s) > 0 {
					segs = append(segs, s)
				}
			}
		}
		if len(segs) == 2 {
			add(segs[0], segs[1])
		}
		return splits
	}
	// A box: an empty rectangle, the places on one row and one column
	// of the box, each with a place off the other.
	for _, r := range houses {
		if kind(r) != encode.PartRow {
			continue
		}
		for _, c := range houses {
			if kind(c) != encode.PartColumn {
				continue
			}
			inR, inC := in(r, pos), in(c, pos)
			if len(minus(minus(pos, inR), inC)) > 0 {
				continue
			}
			heart := -1
			for _, x := range cross[r] {
				if slices.Contains(cross[c], x) {
					heart = x
				}
			}
			offR, offC := without(inR, heart), without(inC, heart)
			if len(offR) == 0 || len(offC) == 0 {
				continue
			}
			add(inR, offC)
			add(offR, inC)
		}
	}
	if len(splits) > 0 || len(pos) < 4 {
		return splits
	}
	// Two rows (or two columns) of the box.
	for _, k := range []encode.PartKind{encode.PartRow, encode.PartColumn} {
		var segs [][]int
		for _, o := range houses {
			if kind(o) == k {
				if s := in(o, pos); len(s) > 0 {
					segs = append(segs, s)
				}
			}
		}
		if len(segs) == 2 {
			add(segs[0], segs[1])
		}
	}
	return splits
}

// joinHouse returns a house holding every cell of a and c, in the order
// Sudoku Explainer looks (column, row, box, then the houses of rules), or
// -1.
func (e *explainer) joinHouse(a, c []int) int {
	return e.firstJoin(e.housesOf(a), e.housesOf(c))
}

// housesOf returns the houses that hold every cell of cs.
func (e *explainer) housesOf(cs []int) []int {
	var out []int
	for _, hi := range e.b.cellHouses[cs[0]] {
		if containsAll(e.b.houses[hi].cells, cs) {
			out = append(out, hi)
		}
	}
	return out
}

// firstJoin returns the house common to two lists that Sudoku Explainer
// names first: a column, a row, a box, a house of a rule; -1 for none.
func (e *explainer) firstJoin(a, c []int) int {
	rank := func(k encode.PartKind) int {
		switch k {
		case encode.PartColumn:
			return 0
		case encode.PartRow:
			return 1
		case encode.PartRegion:
			return 2
		}
		return 3
	}
	best := -1
	for _, x := range a {
		if slices.Contains(c, x) && (best < 0 || rank(e.b.houses[x].ref.Kind) < rank(e.b.houses[best].ref.Kind)) {
			best = x
		}
	}
	return best
}

// seesAll reports whether cell v shares a house with every cell of cs
// (and is none of them).
func (e *explainer) seesAll(v int, cs []int) bool {
	for _, c := range cs {
		if c == v || !e.b.sees(v, c) {
			return false
		}
	}
	return true
}

// linkChain is n strong links joined end to end: link i runs from
// starts[i] to ends[i], and ends[i] and starts[i+1] share house joins[i].
type linkChain struct {
	d      int
	links  []slink
	starts [][]int
	ends   [][]int
	joins  []int
	ring   int // the house of the first start and the last end, or -1
	out    []Candidate
	rating float64
}

// digitLinks is the strong links on one digit with what the chain search
// asks of every pair: whether two links may be in one chain (other
// houses, no common cell), and the house that joins one's end to
// another's (end 0 is a, 1 is b; -1 for none).
type digitLinks struct {
	links    []slink
	conflict [][]bool
	join     [][]int // join[2i+fi][2j+sj]
	with     []int   // the open cells that may hold the digit
}

// linkCache holds the strong links of a state of the grid, by digit.
type linkCache struct {
	version int
	digits  []*digitLinks
}

// cachedLinks returns the strong links on d of the current grid.
func (e *explainer) cachedLinks(d int) *digitLinks {
	if e.links == nil || e.links.version != e.s.version {
		e.links = &linkCache{version: e.s.version, digits: make([]*digitLinks, e.b.n+1)}
	}
	if dl := e.links.digits[d]; dl != nil {
		return dl
	}
	dl := &digitLinks{links: e.strongLinks(d)}
	for c, m := range e.s.cand {
		if e.s.placed[c] == 0 && m&bit(d) != 0 {
			dl.with = append(dl.with, c)
		}
	}
	k := len(dl.links)
	in := make([][]int, 2*k)
	for i, l := range dl.links {
		in[2*i], in[2*i+1] = e.housesOf(l.a), e.housesOf(l.b)
	}
	dl.conflict = make([][]bool, k)
	for i, l := range dl.links {
		dl.conflict[i] = make([]bool, k)
		for j, o := range dl.links {
			dl.conflict[i][j] = o.house == l.house || hasCommon(o.cells, l.cells)
		}
	}
	dl.join = make([][]int, 2*k)
	for x := range in {
		dl.join[x] = make([]int, 2*k)
		for y := range in {
			dl.join[x][y] = e.firstJoin(in[x], in[y])
		}
	}
	e.links.digits[d] = dl
	return dl
}

// strongLinkChain finds the chain of n strong links that Sudoku Explainer
// gives first: the lowest rating, then the most removals.
func (e *explainer) strongLinkChain(n int) *Step {
	var best *linkChain
	for d := 1; d <= e.b.n; d++ {
		dl := e.cachedLinks(d)
		if len(dl.links) < n {
			continue
		}
		ch := &linkChain{d: d}
		var used []int
		last := -1 // the far end of the last link, as 2i+f
		var grow func()
		grow = func() {
			if len(ch.links) == n {
				// A chain and its reverse remove the same: take one.
				if used[0] > used[n-1] {
					return
				}
				if c := e.finishChain(ch, dl.with); c != nil && (best == nil || c.rating < best.rating || c.rating == best.rating && len(c.out) > len(best.out)) {
					best = c
				}
				return
			}
			for j, l := range dl.links {
				if slices.ContainsFunc(used, func(i int) bool { return dl.conflict[i][j] }) {
					continue
				}
				for f := range 2 {
					s, t := l.a, l.b
					if f == 1 {
						s, t = t, s
					}
					join := -1
					if last >= 0 {
						if join = dl.join[last][2*j+f]; join < 0 {
							continue
						}
					}
					saved := last
					ch.links = append(ch.links, l)
					ch.starts = append(ch.starts, s)
					ch.ends = append(ch.ends, t)
					used = append(used, j)
					if join >= 0 {
						ch.joins = append(ch.joins, join)
					}
					last = 2*j + 1 - f
					grow()
					last = saved
					ch.links = ch.links[:len(ch.links)-1]
					ch.starts = ch.starts[:len(ch.starts)-1]
					ch.ends = ch.ends[:len(ch.ends)-1]
					used = used[:len(used)-1]
					if join >= 0 {
						ch.joins = ch.joins[:len(ch.joins)-1]
					}
				}
			}
		}
		grow()
	}
	if best == nil {
		return nil
	}
	return e.linkChainStep(best)
}

func hasCommon(a, b []int) bool {
	for _, x := range a {
		if slices.Contains(b, x) {
			return true
		}
	}
	return false
}

// finishChain computes a complete chain's removals among the cells with
// the digit, and its rating; nil when it removes nothing.
func (e *explainer) finishChain(ch *linkChain, with []int) *linkChain {
	n := len(ch.links)
	start, end := ch.starts[0], ch.ends[n-1]
	in := func(v int, hs []int) bool {
		for _, hi := range e.b.cellHouses[v] {
			if slices.Contains(hs, hi) {
				return true
			}
		}
		return false
	}
	var base []int
	for _, l := range ch.links {
		base = append(base, l.house)
	}
	ring := e.joinHouse(start, end)
	var out []Candidate
	victims := func(a, b []int, skipJoins bool) {
		for _, v := range with {
			if !e.seesAll(v, a) || !e.seesAll(v, b) || in(v, base) || skipJoins && in(v, ch.joins) {
				continue
			}
			if !slices.Contains(out, Candidate{v, ch.d}) {
				out = append(out, Candidate{v, ch.d})
			}
		}
	}
	if ring >= 0 {
		victims(start, end, false)
		for i := range n - 1 {
			victims(ch.ends[i], ch.starts[i+1], false)
		}
	} else {
		victims(start, end, true)
	}
	if len(out) == 0 {
		return nil
	}
	c := &linkChain{
		d: ch.d, links: slices.Clone(ch.links), starts: slices.Clone(ch.starts),
		ends: slices.Clone(ch.ends), joins: slices.Clone(ch.joins), ring: ring, out: out,
	}
	c.rating = e.chainRatingSE(c)
	return c
}

// chainRatingSE rates a chain of strong links as Sudoku Explainer does:
// 4.0 for two links, 5.4 for three; +0.3 when a link is grouped, else
// +0.0 when every link is in a line and the lines are parallel, +0.2 with
// a box and lines both ways, +0.1 otherwise.
func (e *explainer) chainRatingSE(ch *linkChain) float64 {
	r := map[int]float64{2: 4.0, 3: 5.4, 4: 5.8}[len(ch.links)]
	box, rows, cols := false, false, false
	for _, l := range ch.links {
		if l.grouped {
			return round1(r + 0.3)
		}
		switch e.linkKind(l) {
		case 0:
			box = true
		case 1:
			rows = true
		case 2:
			cols = true
		}
	}
	switch {
	case !box && !(rows && cols):
		return r
	case box && rows && cols:
		return round1(r + 0.2)
	}
	return round1(r + 0.1)
}

// round1 rounds a rating to a tenth, as Sudoku Explainer prints it.
func round1(r float64) float64 { return math.Round(r*10) / 10 }

// linkChainStep is the step of a chain of strong links.
func (e *explainer) linkChainStep(ch *linkChain) *Step {
	n := len(ch.links)
	st := &Step{Rating: ch.rating, Eliminations: ch.out}
	grouped, box, rows, cols := false, false, false, false
	for _, l := range ch.links {
		grouped = grouped || l.grouped
		switch e.linkKind(l) {
		case 0:
			box = true
		case 1:
			rows = true
		case 2:
			cols = true
		}
	}
	switch {
	case ch.ring >= 0:
		st.Technique = XLoop
	case n == 2 && grouped:
		st.Technique = GroupedTurbotFish
	case n == 2 && box:
		st.Technique = TurbotFish
	case n == 2 && rows && cols:
		st.Technique = TwoStringKite
	case n == 2:
		st.Technique = Skyscraper
	case grouped:
		st.Technique = GroupedStrongLinks3
	case box:
		st.Technique = ThreeStrongLinks
	case rows && cols:
		st.Technique = ThreeStringKite
	default:
		st.Technique = ThreeSkyscrapers
	}
	bit := bit(ch.d)
	for _, l := range ch.links {
		h := e.b.houses[l.house]
		st.Cells = append(st.Cells, l.cells...)
		st.Refs = addRef(st.Refs, h.ref)
		st.Premises = append(st.Premises, e.s.facts(minus(h.cells, l.cells), bit)...)
	}
	for _, j := range ch.joins {
		st.Refs = addRef(st.Refs, e.b.houses[j].ref)
	}
	if ch.ring >= 0 {
		st.Refs = addRef(st.Refs, e.b.houses[ch.ring].ref)
	}
	// The houses through which each removal sees the ends it needs.
	ends := append(slices.Clone(ch.starts[0]), ch.ends[n-1]...)
	for _, o := range ch.out {
		need := ends
		if ch.ring >= 0 && !e.seesAll(o.Cell, ends) {
			for i := range n - 1 {
				if pair := append(slices.Clone(ch.ends[i]), ch.starts[i+1]...); e.seesAll(o.Cell, pair) {
					need = pair
					break
				}
			}
		}
		for _, c := range need {
			st.Refs = addRef(st.Refs, e.b.houses[e.joinHouse([]int{o.Cell}, []int{c})].ref)
		}
	}
	st.Premises = dedupeFacts(st.Premises)
	return st
}
