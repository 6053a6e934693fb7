package explain

import (
	"context"
	"math"
	"math/bits"
	"slices"
	"strings"

	"github.com/sudokusat/sudokusat/encode"
)

// The chains of Sudoku Explainer (SukakuExplainer 1.16, rules/chaining):
// a candidate assumed on or off, followed through links from candidate
// to candidate, each link one fact of the grid. The finders here follow
// SE's producers step for step, in its order of search, so that the
// chain each finds, its length (the number of distinct candidates it
// passes through) and so its rating are SE's.
//
// A node is a candidate in a state: on (the cell holds the digit) or
// off. The links:
//   - on → off: the cell's other candidates (the "Y" link, left out of
//     X-chains and Nishio), and the digit's other places in the cell's
//     region, row and column;
//   - off → on: a cell's last other candidate (Y), a digit's last other
//     place in a region, row or column (X).
//
// Static chains read the grid as it stands. Dynamic chains take each
// node turned off out of a working copy of the grid, so that a cell or
// house left with one candidate by earlier nodes turns it on; those
// earlier nodes are the link's further ("hidden") parents, and count in
// the chain's length. Level 1 chains (dynamic "+") also take what
// pointing, claiming, a hidden pair, a naked pair or an X-wing removes
// from the working grid.

// The chain techniques, as Sudoku Explainer names them.
const (
	XCycle               = "x-cycle"
	YCycle               = "y-cycle"
	XYCycle              = "xy-cycle"
	ForcingXChain        = "forcing-x-chain"
	ForcingChain         = "forcing-chain"
	NishioChain          = "nishio-forcing-chain"
	CellForcingChain     = "cell-forcing-chain"
	RegionForcingChain   = "region-forcing-chain"
	DynamicContradiction = "dynamic-contradiction-chain"
	DynamicDoubleChain   = "dynamic-double-chain"
	DynamicCellChain     = "dynamic-cell-chain"
	DynamicRegionChain   = "dynamic-region-chain"
)

// How a node follows from its first parent.
const (
	linkNone  int8 = iota // the assumption a chain starts from
	linkCell              // within one cell
	linkHouse             // within one house
	linkRule              // a rule applied to the working grid (level 1)
)

// pot is one node reached by a chain, with the nodes it follows from.
type pot struct {
	node   int32
	p0, pn int32 // parents: chainer.par[p0 : p0+pn]
	cause  int8
	house  int32 // the link's house (board.houses index), or -1
	rule   int32 // for linkRule: its index in chainer.rules
}

// next is a node one on → off link yields, before it is kept.
type next struct {
	node  int32
	cause int8
	house int32
}

// branch is the nodes one assumption reaches: SE's two linked sets, the
// nodes turned on and those turned off, each in the order reached.
type branch struct {
	at      []int32 // by node: pot index + 1, or 0
	on, off []int32
}

func (br *branch) has(x int32) bool  { return br.at[x] != 0 }
func (br *branch) get(x int32) int32 { return br.at[x] - 1 }

// chainMode is what a producer's chains may do.
type chainMode struct {
	multiple, dynamic, nishio bool
	level                     int
}

// chainer holds one producer's search over one grid.
type chainer struct {
	e        *explainer
	b        *board
	n        int
	nodes    int
	orig     []uint64  // candidates at the step's start, 0 for a placed cell
	grid     []uint64  // the working grid of dynamic chains
	sh       [][]int32 // by cell: its region, row and column, in SE's order
	regionOf []int32   // by cell: its region, or -1
	mode     chainMode
	pots     []pot
	par      []int32
	rules    []ruleUse
	free     []*branch
	used     []*branch
	lines    map[encode.PartKind][]int // the houses by kind, for level 1
	seen     []int32                   // by node: the stamp of the last walk that met it
	stamp    int32
	nx       []next
}

// newChainer starts a producer's search over the grid e stands at.
func newChainer(e *explainer, mode chainMode) *chainer {
	b := e.b
	n := b.n
	ch := &chainer{e: e, b: b, n: n, nodes: 2 * n * n * n, mode: mode}
	ch.orig = make([]uint64, n*n)
	for c, m := range e.s.cand {
		if e.s.placed[c] == 0 {
			ch.orig[c] = m
		}
	}
	ch.grid = slices.Clone(ch.orig)
	ch.sh = make([][]int32, n*n)
	ch.regionOf = make([]int32, n*n)
	for c := range n * n {
		var region, row, col int32 = -1, -1, -1
		for _, hi := range b.cellHouses[c] {
			switch b.houses[hi].ref.Kind {
			case encode.PartRegion:
				if region < 0 {
					region = int32(hi)
				}
			case encode.PartRow:
				row = int32(hi)
			case encode.PartColumn:
				col = int32(hi)
			}
		}
		for _, h := range []int32{region, row, col} {
			if h >= 0 {
				ch.sh[c] = append(ch.sh[c], h)
			}
		}
		ch.regionOf[c] = region
	}
	ch.seen = make([]int32, ch.nodes)
	return ch
}

// node numbers digit d of cell c, on or off.
func (ch *chainer) node(c, d int, on bool) int32 {
	x := int32((c*ch.n + d - 1) * 2)
	if on {
		x++
	}
	return x
}

func (ch *chainer) cellOf(x int32) int  { return int(x/2) / ch.n }
func (ch *chainer) digitOf(x int32) int { return int(x/2)%ch.n + 1 }
func isOn(x int32) bool                 { return x&1 == 1 }

// reset drops every node and branch of the last unit of search.
func (ch *chainer) reset() {
	for _, br := range ch.used {
		ch.release(br)
	}
	ch.used = ch.used[:0]
	ch.pots = ch.pots[:0]
	ch.par = ch.par[:0]
	ch.rules = ch.rules[:0]
}

func (ch *chainer) newBranch() *branch {
	var br *branch
	if k := len(ch.free); k > 0 {
		br = ch.free[k-1]
		ch.free = ch.free[:k-1]
	} else {
		br = &branch{at: make([]int32, ch.nodes)}
	}
	ch.used = append(ch.used, br)
	return br
}

func (ch *chainer) release(br *branch) {
	for _, p := range br.on {
		br.at[ch.pots[p].node] = 0
	}
	for _, p := range br.off {
		br.at[ch.pots[p].node] = 0
	}
	br.on, br.off = br.on[:0], br.off[:0]
	ch.free = append(ch.free, br)
}

// newPot adds a node with one parent (or none, parent < 0).
func (ch *chainer) newPot(x int32, cause int8, house int32, parent int32) int32 {
	p := pot{node: x, p0: int32(len(ch.par)), cause: cause, house: house, rule: -1}
	if parent >= 0 {
		ch.par = append(ch.par, parent)
		p.pn = 1
	}
	ch.pots = append(ch.pots, p)
	return int32(len(ch.pots) - 1)
}

// addParent gives the last pot made one more parent.
func (ch *chainer) addParent(q, parent int32) {
	ch.par = append(ch.par, parent)
	ch.pots[q].pn++
}

func (ch *chainer) put(br *branch, p int32) {
	x := ch.pots[p].node
	br.at[x] = p + 1
	if isOn(x) {
		br.on = append(br.on, p)
	} else {
		br.off = append(br.off, p)
	}
}

// firstParent is the parent a chain is read along, or -1.
func (ch *chainer) firstParent(p int32) int32 {
	if ch.pots[p].pn == 0 {
		return -1
	}
	return ch.par[ch.pots[p].p0]
}

// onToOff lists what node x on turns off, in SE's order: the cell's
// other candidates (with y), then the digit's other places in the
// region, the row and the column (a place the region told is not told
// again).
func (ch *chainer) onToOff(x int32, y bool, out []next) []next {
	c, d := ch.cellOf(x), ch.digitOf(x)
	if y {
		for m := ch.grid[c] &^ bit(d); m != 0; m &= m - 1 {
			out = append(out, next{ch.node(c, bits.TrailingZeros64(m)+1, false), linkCell, -1})
		}
	}
	rc := ch.regionOf[c]
	for i, h := range ch.sh[c] {
		for _, o := range ch.b.houses[h].cells {
			if o == c || ch.grid[o]&bit(d) == 0 {
				continue
			}
			if i > 0 && rc >= 0 && ch.regionOf[o] == rc {
				continue
			}
			out = append(out, next{ch.node(o, d, false), linkHouse, h})
		}
	}
	return out
}

// offToOn makes the nodes that node p off turns on, in SE's order: the
// cell's other candidate if it has two (with y), then the digit's other
// place in the region, row and column where it has two (with x). In a
// dynamic chain a cell or house counts the candidates of the working
// grid, and the nodes of br that took the others out are parents too.
func (ch *chainer) offToOn(p int32, y, x bool, br *branch, out []int32) []int32 {
	c, d := ch.cellOf(ch.pots[p].node), ch.digitOf(ch.pots[p].node)
	if y && count(ch.grid[c]) == 2 {
		w := only(ch.grid[c] &^ bit(d))
		q := ch.newPot(ch.node(c, w, true), linkCell, -1, p)
		for m := ch.orig[c] &^ ch.grid[c]; m != 0; m &= m - 1 {
			if i := br.at[ch.node(c, bits.TrailingZeros64(m)+1, false)]; i > 0 {
				ch.addParent(q, i-1)
			}
		}
		out = append(out, q)
	}
	if !x {
		return out
	}
	first := len(out)
	for _, h := range ch.sh[c] {
		other := -1
		for _, o := range ch.b.houses[h].cells {
			if o == c || ch.grid[o]&bit(d) == 0 {
				continue
			}
			if other >= 0 {
				other = -2
				break
			}
			other = o
		}
		if other < 0 {
			continue
		}
		on := ch.node(other, d, true)
		if slices.ContainsFunc(out[first:], func(q int32) bool { return ch.pots[q].node == on }) {
			continue
		}
		q := ch.newPot(on, linkHouse, h, p)
		for _, o := range ch.b.houses[h].cells {
			if ch.orig[o]&bit(d) != 0 && ch.grid[o]&bit(d) == 0 {
				if i := br.at[ch.node(o, d, false)]; i > 0 {
					ch.addParent(q, i-1)
				}
			}
		}
		out = append(out, q)
	}
	return out
}

// isAncestor reports whether node x is on the chain that leads to p
// (along first parents), p left out.
func (ch *chainer) isAncestor(p int32, x int32) bool {
	for q := ch.firstParent(p); q >= 0; q = ch.firstParent(q) {
		if ch.pots[q].node == x {
			return true
		}
	}
	return false
}

// ancestors counts the distinct nodes p follows from, p included,
// through every parent: SE's complexity of a chain.
func (ch *chainer) ancestors(p int32) int {
	ch.stamp++
	if ch.stamp == math.MaxInt32 {
		clear(ch.seen)
		ch.stamp = 1
	}
	stack := []int32{p}
	k := 0
	for len(stack) > 0 {
		q := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		x := ch.pots[q].node
		if ch.seen[x] == ch.stamp {
			continue
		}
		ch.seen[x] = ch.stamp
		k++
		pp := ch.pots[q]
		stack = append(stack, ch.par[pp.p0:pp.p0+pp.pn]...)
	}
	return k
}

// lengthAddition is what a chain of the given complexity adds to its
// base rating: a tenth each time the length passes 4, 6, 8, 12, 16, 24,
// … nodes beyond two, summed as SE sums it.
func lengthAddition(complexity int) float64 {
	added := 0.0
	ceil := 4
	length := complexity - 2
	odd := false
	for length > ceil {
		added += 0.1
		if !odd {
			ceil = ceil * 3 / 2
		} else {
			ceil = ceil * 4 / 3
		}
		odd = !odd
	}
	return added
}

// chain follows the assumptions of br to their consequences (SE's
// doChaining): every node on is followed before the next node off. It
// returns the two pots of a candidate found both on and off, or -1, -1
// when none is.
func (ch *chainer) chain(br *branch) (int32, int32) {
	y := !ch.mode.nishio
	pendOn := slices.Clone(br.on)
	pendOff := slices.Clone(br.off)
	if ch.mode.dynamic {
		defer copy(ch.grid, ch.orig)
	}
	var ons []int32
	for ion, ioff := 0, 0; ; {
		if ion < len(pendOn) {
			p := pendOn[ion]
			ion++
			ch.nx = ch.onToOff(ch.pots[p].node, y, ch.nx[:0])
			for _, q := range ch.nx {
				if br.has(q.node ^ 1) {
					return br.get(q.node ^ 1), ch.newPot(q.node, q.cause, q.house, p)
				}
				if !br.has(q.node) {
					np := ch.newPot(q.node, q.cause, q.house, p)
					ch.put(br, np)
					pendOff = append(pendOff, np)
				}
			}
			continue
		}
		if ioff < len(pendOff) {
			p := pendOff[ioff]
			ioff++
			ons = ch.offToOn(p, y, true, br, ons[:0])
			if ch.mode.dynamic {
				x := ch.pots[p].node
				ch.grid[ch.cellOf(x)] &^= bit(ch.digitOf(x))
			}
			for _, q := range ons {
				x := ch.pots[q].node
				if br.has(x ^ 1) {
					return q, br.get(x ^ 1)
				}
				if !br.has(x) {
					ch.put(br, q)
					pendOn = append(pendOn, q)
				}
			}
			continue
		}
		if ch.mode.level > 0 {
			added := false
			for _, q := range ch.advanced(br) {
				if !br.has(ch.pots[q].node) {
					ch.put(br, q)
					pendOff = append(pendOff, q)
					added = true
				}
			}
			if added {
				continue
			}
		}
		return -1, -1
	}
}

// cycles follows node start on, layer by layer, and returns the nodes
// that come back to it (SE's doCycles): loops of at least four nodes.
// A node off may be reached again by another way, unless it is already
// on that way; a node on is reached once.
func (ch *chainer) cycles(start int32, y, x bool) []int32 {
	br := ch.newBranch()
	ch.put(br, start)
	src := ch.pots[start].node
	pendOn := []int32{start}
	var pendOff, found, ons []int32
	length := 0
	for len(pendOn) > 0 || len(pendOff) > 0 {
		length++
		for _, p := range pendOn {
			ch.nx = ch.onToOff(ch.pots[p].node, y, ch.nx[:0])
			for _, q := range ch.nx {
				if ch.isAncestor(p, q.node) {
					continue
				}
				np := ch.newPot(q.node, q.cause, q.house, p)
				pendOff = append(pendOff, np)
				if !br.has(q.node) {
					ch.put(br, np)
				}
			}
		}
		pendOn = pendOn[:0]
		length++
		for _, p := range pendOff {
			ons = ch.offToOn(p, y, x, br, ons[:0])
			for _, q := range ons {
				xq := ch.pots[q].node
				if length >= 4 && xq == src {
					found = append(found, q)
				}
				if !br.has(xq) {
					ch.put(br, q)
					pendOn = append(pendOn, q)
				}
			}
		}
		pendOff = pendOff[:0]
	}
	return found
}

// forcing follows node start (on or off) layer by layer and returns the
// first node that contradicts it (SE's doForcingChains): its opposite.
func (ch *chainer) forcing(start int32, y bool) int32 {
	br := ch.newBranch()
	ch.put(br, start)
	src := ch.pots[start].node
	pendOn := slices.Clone(br.on)
	pendOff := slices.Clone(br.off)
	target := int32(-1)
	var ons []int32
	for len(pendOn) > 0 || len(pendOff) > 0 {
		for _, p := range pendOn {
			ch.nx = ch.onToOff(ch.pots[p].node, y, ch.nx[:0])
			for _, q := range ch.nx {
				var np int32 = -1
				if q.node == src^1 && target < 0 {
					np = ch.newPot(q.node, q.cause, q.house, p)
					target = np
				}
				if !br.has(q.node) {
					if np < 0 {
						np = ch.newPot(q.node, q.cause, q.house, p)
					}
					ch.put(br, np)
					pendOff = append(pendOff, np)
				}
			}
		}
		pendOn = pendOn[:0]
		for _, p := range pendOff {
			ons = ch.offToOn(p, y, true, br, ons[:0])
			for _, q := range ons {
				xq := ch.pots[q].node
				if xq == src^1 && target < 0 {
					target = q
				}
				if !br.has(xq) {
					ch.put(br, q)
					pendOn = append(pendOn, q)
				}
			}
		}
		pendOff = pendOff[:0]
	}
	return target
}

// chainHint is a chain found, kept apart from the search's nodes.
type chainHint struct {
	tech  string
	kind  string  // cycle, forcing, contradiction, double, cell or region
	diff  float64 // SE's rating, unrounded
	cplx  int
	key   int
	pots  []pot
	par   []int32
	rules []ruleUse
	roots []int32 // the node each branch ends at
	// The conclusion.
	place *Candidate
	elims []Candidate
	// What the branches split over: a cell's candidates or a digit's
	// places in a house (-1 when neither).
	splitCell, splitHouse, splitDigit int
	cellCands                         uint64 // the split cell's candidates
	// double: the candidate whose two states imply the conclusion alike.
	double *Candidate
	// cycle: the loop's eliminations read nodes of both directions.
	cycle bool
}

// better reports whether a hint rated diff with complexity cplx and sort
// key key comes before h, as SE sorts a producer's hints.
func (h *chainHint) better(diff float64, cplx, key int) bool {
	if h == nil {
		return true
	}
	if diff != h.diff {
		return diff < h.diff
	}
	if cplx != h.cplx {
		return cplx < h.cplx
	}
	return key < h.key
}

// keep copies the nodes the roots follow from out of the search.
func (ch *chainer) keep(h *chainHint, roots []int32) {
	index := map[int32]int32{}
	var order []int32
	stack := slices.Clone(roots)
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if _, ok := index[p]; ok {
			continue
		}
		index[p] = int32(len(order))
		order = append(order, p)
		pp := ch.pots[p]
		stack = append(stack, ch.par[pp.p0:pp.p0+pp.pn]...)
	}
	h.pots = make([]pot, len(order))
	for i, p := range order {
		pp := ch.pots[p]
		np := pp
		np.p0 = int32(len(h.par))
		for _, q := range ch.par[pp.p0 : pp.p0+pp.pn] {
			h.par = append(h.par, index[q])
		}
		if pp.cause == linkRule {
			np.rule = int32(len(h.rules))
			h.rules = append(h.rules, ch.rules[pp.rule])
		}
		h.pots[i] = np
	}
	for _, r := range roots {
		h.roots = append(h.roots, index[r])
	}
}

// staticChains is SE's "forcing chains and cycles" (6.5 and up): loops
// on one digit (X), through bivalue cells (Y) or both (XY), and forcing
// chains from a candidate to its own opposite, on one digit (X) or
// through both kinds of link (XY). The lowest rated wins; on a tie the
// shortest, then X before Y before XY, then the first found.
func (e *explainer) staticChains(ctx context.Context) (*Step, error) {
	ch := newChainer(e, chainMode{})
	var best *chainHint
	passes := []struct{ y, x bool }{{false, true}, {true, false}, {true, true}}
	for _, pass := range passes {
		for c, m := range ch.orig {
			if count(m) < 2 || (!pass.x && count(m) > 2) {
				continue
			}
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			for _, d := range digits(m) {
				ch.reset()
				start := ch.newPot(ch.node(c, d, true), linkNone, -1, -1)
				loops := ch.cycles(start, pass.y, pass.x)
				var targets []int32
				if pass.x {
					if t := ch.forcing(start, pass.y); t >= 0 {
						targets = append(targets, t)
					}
					off := ch.newPot(ch.node(c, d, false), linkNone, -1, -1)
					if t := ch.forcing(off, pass.y); t >= 0 {
						targets = append(targets, t)
					}
				}
				key := 2
				if pass.y {
					key = 3
					if pass.x {
						key = 4
					}
				}
				for _, l := range loops {
					base := 6.5
					if pass.x && pass.y {
						base = 7.0
					}
					cplx := ch.ancestors(l)
					diff := base + lengthAddition(cplx)
					if !best.better(diff, cplx, key) {
						continue
					}
					elims := ch.cycleEliminations(l)
					if len(elims) == 0 {
						continue
					}
					tech := [...]string{XCycle, YCycle, XYCycle}[key-2]
					best = &chainHint{tech: tech, kind: "cycle", diff: diff, cplx: cplx, key: key, elims: elims, cycle: true, splitCell: -1, splitHouse: -1}
					ch.keep(best, []int32{l})
				}
				for _, t := range targets {
					base, tech := 6.6, ForcingXChain
					if pass.y {
						base, tech = 7.0, ForcingChain
					}
					cplx := ch.ancestors(t)
					diff := base + lengthAddition(cplx)
					if !best.better(diff, cplx, key) {
						continue
					}
					best = &chainHint{tech: tech, kind: "forcing", diff: diff, cplx: cplx, key: key, splitCell: -1, splitHouse: -1}
					best.conclude(ch, ch.pots[t].node)
					ch.keep(best, []int32{t})
				}
			}
		}
	}
	if best == nil {
		return nil, nil
	}
	return e.chainStep(ctx, best), nil
}

// conclude sets the conclusion that node x is forced: placed when on,
// out when off.
func (h *chainHint) conclude(ch *chainer, x int32) {
	c := Candidate{ch.cellOf(x), ch.digitOf(x)}
	if isOn(x) {
		h.place = &c
		return
	}
	h.elims = []Candidate{c}
}

// cycleEliminations is what the loop ending at l removes: a candidate
// outside the loop's cells that sees a node on and a node off of its
// digit (one of them holds whichever way the loop goes).
func (ch *chainer) cycleEliminations(l int32) []Candidate {
	var cells []int
	for p := l; ch.firstParent(p) >= 0; p = ch.firstParent(p) {
		if c := ch.cellOf(ch.pots[p].node); !slices.Contains(cells, c) {
			cells = append(cells, c)
		}
	}
	type cand struct{ c, d int }
	forw := map[cand]bool{}
	back := map[cand]bool{}
	for p := l; ch.firstParent(p) >= 0; p = ch.firstParent(p) {
		x := ch.pots[p].node
		c, d := ch.cellOf(x), ch.digitOf(x)
		for _, o := range ch.b.peers[c] {
			if slices.Contains(cells, o) || ch.orig[o]&bit(d) == 0 {
				continue
			}
			if isOn(x) {
				forw[cand{o, d}] = true
			} else {
				back[cand{o, d}] = true
			}
		}
	}
	var out []Candidate
	for k := range forw {
		if back[k] {
			out = append(out, Candidate{k.c, k.d})
		}
	}
	return dedupe(out)
}

// multipleChains is one of SE's producers that follow both states of a
// candidate, or every candidate of a cell, or every place of a digit in
// a house: Nishio (7.5, dynamic, one digit, contradictions only),
// multiple forcing chains (8.0, static: cell and region chains from
// cells of three candidates or more), dynamic forcing chains (8.5:
// contradictions, double chains, cell and region chains) and, at level
// 1, dynamic chains that also apply a few rules (9.0).
func (e *explainer) multipleChains(mode chainMode) func(*explainer, context.Context) (*Step, error) {
	return func(e *explainer, ctx context.Context) (*Step, error) {
		ch := newChainer(e, mode)
		var best *chainHint
		for c, m := range ch.orig {
			k := count(m)
			if !(k > 2 || (k > 1 && mode.dynamic)) {
				continue
			}
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			ch.reset()
			best = ch.cellChains(c, best)
		}
		if best == nil {
			return nil, nil
		}
		return e.chainStep(ctx, best), nil
	}
}

// base is the rating of the producer's chains before their length.
func (ch *chainer) base() float64 {
	switch {
	case ch.mode.level > 0:
		return 8.5 + 0.5*float64(ch.mode.level)
	case ch.mode.nishio:
		return 7.5
	case ch.mode.dynamic:
		return 8.5
	}
	return 8.0
}

// name gives the technique of each kind of hint of the producer.
func (ch *chainer) name(kind string) string {
	if ch.mode.nishio {
		return NishioChain
	}
	suffix := ""
	if ch.mode.level > 0 {
		suffix = "-plus"
	}
	if !ch.mode.dynamic {
		switch kind {
		case "cell":
			return CellForcingChain
		case "region":
			return RegionForcingChain
		}
	}
	switch kind {
	case "contradiction":
		return DynamicContradiction + suffix
	case "double":
		return DynamicDoubleChain + suffix
	case "cell":
		return DynamicCellChain + suffix
	}
	return DynamicRegionChain + suffix
}

// consider keeps a hint made of the branches' ends roots when it comes
// before best.
func (ch *chainer) consider(best *chainHint, kind string, key int, roots []int32, target int32, fill func(h *chainHint)) *chainHint {
	cplx := 0
	for _, r := range roots {
		cplx += ch.ancestors(r)
	}
	diff := ch.base() + lengthAddition(cplx)
	if !best.better(diff, cplx, key) {
		return best
	}
	h := &chainHint{tech: ch.name(kind), kind: kind, diff: diff, cplx: cplx, key: key, splitCell: -1, splitHouse: -1}
	h.conclude(ch, target)
	if fill != nil {
		fill(h)
	}
	ch.keep(h, roots)
	return h
}

// cellChains is SE's search from one cell (getMultipleChainsHintListForCell):
// for each candidate, both its states (contradictions, double chains),
// the houses where it is the digit's first place (region chains), and
// then what every candidate of the cell implies alike (cell chains).
func (ch *chainer) cellChains(c int, best *chainHint) *chainHint {
	mode := ch.mode
	k := count(ch.orig[c])
	var ons []*branch
	for _, d := range digits(ch.orig[c]) {
		on := ch.newBranch()
		ch.put(on, ch.newPot(ch.node(c, d, true), linkNone, -1, -1))
		a, b := ch.chain(on)
		contradiction := mode.dynamic || mode.nishio
		if contradiction && a >= 0 {
			best = ch.consider(best, "contradiction", 7, []int32{a, b}, ch.node(c, d, false), nil)
		}
		double := k >= 3 && !mode.nishio && mode.dynamic
		if contradiction || double {
			off := ch.newBranch()
			ch.put(off, ch.newPot(ch.node(c, d, false), linkNone, -1, -1))
			a, b := ch.chain(off)
			if contradiction && a >= 0 {
				best = ch.consider(best, "contradiction", 7, []int32{a, b}, ch.node(c, d, true), nil)
			}
			if double {
				for _, list := range [][]int32{on.on, on.off} {
					for _, p := range list {
						x := ch.pots[p].node
						if off.has(x) {
							best = ch.consider(best, "double", 1, []int32{p, off.get(x)}, x, func(h *chainHint) { h.double = &Candidate{c, d} })
						}
					}
				}
			}
		}
		if !mode.nishio {
			best = ch.regionChains(c, d, on, best)
		}
		ons = append(ons, on)
	}
	if mode.nishio || !(k == 2 || (mode.multiple && k > 2)) {
		return best
	}
	for _, list := range [][]int32{ons[0].on, ons[0].off} {
		for _, p := range list {
			x := ch.pots[p].node
			roots := []int32{p}
			for _, br := range ons[1:] {
				if !br.has(x) {
					roots = nil
					break
				}
				roots = append(roots, br.get(x))
			}
			if roots == nil {
				continue
			}
			best = ch.consider(best, "cell", 5, roots, x, func(h *chainHint) { h.splitCell, h.cellCands = c, ch.orig[c] })
		}
	}
	return best
}

// regionChains follows every place of digit d in each house of c where
// c is its first place: what all of them imply alike is forced.
func (ch *chainer) regionChains(c, d int, on *branch, best *chainHint) *chainHint {
	for _, h := range ch.sh[c] {
		var places []int
		for _, o := range ch.b.houses[h].cells {
			if ch.orig[o]&bit(d) != 0 {
				places = append(places, o)
			}
		}
		if len(places) < 2 || places[0] != c {
			continue
		}
		brs := []*branch{on}
		for _, o := range places[1:] {
			br := ch.newBranch()
			ch.put(br, ch.newPot(ch.node(o, d, true), linkNone, -1, -1))
			ch.chain(br)
			brs = append(brs, br)
		}
		for _, list := range [][]int32{on.on, on.off} {
			for _, p := range list {
				x := ch.pots[p].node
				roots := []int32{p}
				for _, br := range brs[1:] {
					if !br.has(x) {
						roots = nil
						break
					}
					roots = append(roots, br.get(x))
				}
				if roots == nil {
					continue
				}
				hh := h
				best = ch.consider(best, "region", 6, roots, x, func(k *chainHint) { k.splitHouse, k.splitDigit = int(hh), d })
			}
		}
	}
	return best
}

// chainStep makes a hint a step: its conclusion, the houses its links
// go through, and the facts they read.
func (e *explainer) chainStep(ctx context.Context, h *chainHint) *Step {
	b := e.b
	rating := math.Round(h.diff*10) / 10
	var st *Step
	if h.place != nil {
		st = e.place(h.tech, rating, h.place.Cell, h.place.Digit)
	} else {
		st = &Step{Technique: h.tech, Rating: rating, Eliminations: h.elims}
	}
	n := b.n
	facts := map[Fact]bool{}
	var premises []Fact
	addFacts := func(fs []Fact) {
		for _, f := range fs {
			if !facts[f] {
				facts[f] = true
				premises = append(premises, f)
			}
		}
	}
	cellOf := func(x int32) int { return int(x/2) / n }
	digitOf := func(x int32) int { return int(x/2)%n + 1 }
	addCell := func(c int) {
		if !slices.Contains(st.Cells, c) {
			st.Cells = append(st.Cells, c)
		}
	}
	for _, p := range h.pots {
		c, d := cellOf(p.node), digitOf(p.node)
		addCell(c)
		switch p.cause {
		case linkCell:
			if isOn(p.node) {
				addFacts(e.s.facts([]int{c}, b.all&^e.s.cand[c]))
			}
		case linkHouse:
			hs := b.houses[p.house]
			st.Refs = addRef(st.Refs, hs.ref)
			if isOn(p.node) {
				addFacts(e.s.facts(without(hs.cells, c), bit(d)))
			}
		case linkRule:
			r := h.rules[p.rule]
			for _, ref := range r.refs {
				st.Refs = addRef(st.Refs, ref)
			}
			addFacts(r.facts)
		}
	}
	if h.splitCell >= 0 {
		addFacts(e.s.facts([]int{h.splitCell}, b.all&^e.s.cand[h.splitCell]))
	}
	if h.splitHouse >= 0 {
		hs := b.houses[h.splitHouse]
		st.Refs = addRef(st.Refs, hs.ref)
		addFacts(e.s.facts(hs.cells, bit(h.splitDigit)))
	}
	if h.cycle {
		// Each elimination sees a node on and a node off of its digit.
		for _, el := range h.elims {
			for _, on := range []bool{true, false} {
				for _, p := range h.pots {
					if isOn(p.node) != on || digitOf(p.node) != el.Digit || !b.sees(el.Cell, cellOf(p.node)) {
						continue
					}
					st.Refs = addRef(st.Refs, e.sharedHouse(el.Cell, cellOf(p.node)))
					break
				}
			}
		}
	}
	st.Premises = e.sparePremises(ctx, st, h, premises)
	st.Text = h.text(b)
	return st
}

// sparePremises drops the facts the step does not need: a link of the
// chain may read a fact that other houses of the chain also give, and
// a premise a reader looks for in vain is noise. A fact is dropped when
// unit propagation over the step's constraints (those its check takes)
// still refutes each of its own conclusions without it, in each case
// the chain splits over (a cell's candidates, a digit's places in a
// house, a candidate on and off), as each branch of the chain does.
func (e *explainer) sparePremises(ctx context.Context, st *Step, h *chainHint, premises []Fact) []Fact {
	l, err := e.locals()
	if err != nil || len(premises) == 0 {
		return premises
	}
	var parts []int
	addPart := func(r Ref) {
		if pi, ok := l.index[r]; ok && !slices.Contains(parts, pi) {
			parts = append(parts, pi)
		}
	}
	for _, r := range st.Refs {
		addPart(r)
	}
	var goals []int32
	if h.place != nil {
		goals = append(goals, -l.lit(h.place.Cell, h.place.Digit))
		addPart(Ref{encode.PartCell, h.place.Cell})
	}
	for _, el := range h.elims {
		goals = append(goals, l.lit(el.Cell, el.Digit))
		addPart(Ref{encode.PartCell, el.Cell})
	}
	for _, c := range st.Cells {
		addPart(Ref{encode.PartCell, c})
	}
	cases := []int32{0}
	switch {
	case h.splitCell >= 0:
		cases = cases[:0]
		for _, d := range digits(e.s.cand[h.splitCell]) {
			cases = append(cases, l.lit(h.splitCell, d))
		}
	case h.splitHouse >= 0:
		cases = cases[:0]
		for _, o := range e.b.houses[h.splitHouse].cells {
			if e.s.placed[o] == 0 && e.s.cand[o]&bit(h.splitDigit) != 0 {
				cases = append(cases, l.lit(o, h.splitDigit))
			}
		}
	case h.double != nil:
		x := l.lit(h.double.Cell, h.double.Digit)
		cases = []int32{x, -x}
	}
	// The facts must also leave no case out: with the conclusion broken
	// and every case false, propagation finds a conflict.
	var none []int32
	if h.splitCell >= 0 || h.splitHouse >= 0 {
		for _, x := range cases {
			none = append(none, -x)
		}
	}
	refuted := func(facts []Fact) bool {
		for _, g := range goals {
			if none != nil && !l.refutedBy(parts, facts, append([]int32{g}, none...), 0) {
				return false
			}
			for _, x := range cases {
				extra := []int32{g}
				if x != 0 {
					extra = append(extra, x)
				}
				if !l.refutedBy(parts, facts, extra, 0) {
					return false
				}
			}
		}
		return true
	}
	keep := slices.Clone(premises)
	if refuted(premises) {
		for i := 0; i < len(keep); {
			try := slices.Delete(slices.Clone(keep), i, i+1)
			if refuted(try) {
				keep = try
				continue
			}
			i++
		}
	}
	// What is left the checker's solver may still do without, by a case
	// split of its own: a fact it does not need is dropped too, so that
	// none of a step's premises is spare.
	k, err := e.trimmer()
	if err != nil {
		return keep
	}
	m := *st
	for i := 0; i < len(keep); {
		m.Premises = slices.Delete(slices.Clone(keep), i, i+1)
		if k.Check(ctx, &m) == nil {
			keep = m.Premises
			continue
		}
		i++
	}
	return keep
}

// trimmer returns the checker that trims premises: the path's own, or
// one made for it when steps are not checked.
func (e *explainer) trimmer() (*Checker, error) {
	if e.check != nil {
		return e.check, nil
	}
	if e.trim == nil {
		k, err := NewChecker(e.b.p, e.opt.Solution)
		if err != nil {
			return nil, err
		}
		e.trim = k
	}
	return e.trim, nil
}

// sharedHouse is the first house (region, row, column) holding both
// cells.
func (e *explainer) sharedHouse(a, c int) Ref {
	for _, hi := range e.b.cellHouses[a] {
		if slices.Contains(e.b.houses[hi].cells, c) {
			return e.b.houses[hi].ref
		}
	}
	return Ref{}
}

// text reads each branch from its assumption to its end, with what the
// branches together show.
func (h *chainHint) text(b *board) string {
	n := b.n
	name := func(x int32) string {
		c, d := int(x/2)/n, int(x/2)%n+1
		if isOn(x) {
			return b.cellName(c) + "=" + itoa(d)
		}
		return b.cellName(c) + "≠" + itoa(d)
	}
	var paths []string
	for _, r := range h.roots {
		var path []string
		for p := r; ; {
			path = append(path, name(h.pots[p].node))
			pp := h.pots[p]
			if pp.pn == 0 {
				break
			}
			p = h.par[pp.p0]
		}
		slices.Reverse(path)
		paths = append(paths, strings.Join(path, " → "))
	}
	branches := strings.Join(paths, "; ")
	switch h.kind {
	case "cycle":
		return "loop " + branches
	case "contradiction":
		return branches + ", a contradiction"
	case "double":
		return "either way: " + branches
	case "cell":
		var ds []string
		for _, d := range digits(h.cellCands) {
			ds = append(ds, itoa(d))
		}
		return b.cellName(h.splitCell) + " is " + strings.Join(ds, ", ") + ": " + branches
	case "region":
		return "digit " + itoa(h.splitDigit) + " in " + b.refName(b.houses[h.splitHouse].ref) + ": " + branches
	}
	return branches
}

func itoa(d int) string {
	if d < 10 {
		return string(rune('0' + d))
	}
	return string(rune('0'+d/10)) + string(rune('0'+d%10))
}
