package native

import "math/bits"

// alldiff enforces generalized arc consistency on the all-different
// constraint of one unit, after Régin (1994): a digit stays in a cell only
// if some assignment of the unit's missing digits to its open cells, one
// digit per cell, puts it there. That subsumes naked and hidden subsets of
// every size (pairs, triples, ...), the reasoning singles and locked
// candidates miss on the big grids.
//
// The open cells and the missing digits of a unit are equally many. With a
// perfect matching between them, an unmatched cell-digit edge belongs to
// some perfect matching exactly when it lies on an alternating cycle: when
// the cell and the digit share a strongly connected component of the graph
// whose matched edges run cell→digit and whose other edges run digit→cell.
type alldiff struct {
	cells   []int32 // the unit's open cells, numbered 0..k-1
	at      []int32 // position in the unit → number of the open cell there
	digits  []int32 // the unit's missing digits, numbered 0..k-1
	dIndex  []int32 // digit → its number, or -1
	adjOff  []int32 // cell i's digits are adj[adjOff[i]:adjOff[i+1]]
	adj     []int32
	radjOff []int32 // digit j's cells are radj[radjOff[j]:radjOff[j+1]]
	radj    []int32
	matchC  []int32 // cell → digit number, or -1
	matchD  []int32 // digit number → cell, or -1
	seen    []int32 // visit stamps for augmenting paths
	hc, hd  []int32 // histograms for hallPossible
	stamp   int32

	// Tarjan's algorithm over 2k nodes: cells 0..k-1, digits k..2k-1.
	index, low, comp []int32
	onStack          []bool
	stack            []int32
	counter, ncomp   int32
}

func newAlldiff(n int) *alldiff {
	a := &alldiff{dIndex: make([]int32, n), at: make([]int32, n)}
	for i := range a.dIndex {
		a.dIndex[i] = -1
	}
	return a
}

// alldiffMax bounds the open cells of a unit that alldiff filters: the
// matching costs up to k·edges, and units that open are early in a search
// where the filtering rarely pays.
const alldiffMax = 128

// filterUnit runs the filtering on unit u and removes the digits it rules
// out; false means a contradiction.
func (s *general) filterUnit(u int) bool {
	n, w := s.n, s.w
	a := s.ad
	a.cells = a.cells[:0]
	var placed [maxWords]uint64
	for pos, c := range s.unitCells[u*n : u*n+n] {
		if v := s.val[c]; v != 0 {
			placed[(v-1)>>6] |= 1 << ((v - 1) & 63)
		} else {
			a.at[pos] = int32(len(a.cells))
			a.cells = append(a.cells, c)
		}
	}
	k := len(a.cells)
	if k <= 2 || k > alldiffMax {
		return true // singles settle one or two open cells
	}
	if !s.hallPossible(u, a.cells, &placed) {
		return true
	}
	a.digits = a.digits[:0]
	for d := range n {
		if placed[d>>6]>>(d&63)&1 == 0 {
			a.dIndex[d] = int32(len(a.digits))
			a.digits = append(a.digits, int32(d))
		}
	}
	defer func() {
		for _, d := range a.digits {
			a.dIndex[d] = -1
		}
	}()
	if len(a.digits) != k {
		s.wdeg[u]++
		return false
	}
	a.adjOff = append(a.adjOff[:0], 0)
	a.adj = a.adj[:0]
	for _, c := range a.cells {
		base := int(c) * w
		for i := range w {
			for x := s.cand[base+i]; x != 0; x &= x - 1 {
				d := i<<6 | bits.TrailingZeros64(x)
				if j := a.dIndex[d]; j >= 0 {
					a.adj = append(a.adj, j)
				}
			}
		}
		a.adjOff = append(a.adjOff, int32(len(a.adj)))
	}
	// Start from the unit's last matching: most of its edges survive the
	// few removals between two filterings, and each one kept is a cell
	// the matching need not search for.
	a.reset(k)
	last := s.umatch[u*n : u*n+n]
	for j, d := range a.digits {
		c := last[d]
		if c < 0 || s.val[c] != 0 || s.cand[int(c)*w+int(d)>>6]>>(d&63)&1 == 0 {
			continue
		}
		// Entries of earlier matchings may name the same cell twice.
		if i := a.at[s.places(int(c))[u/n]]; a.matchC[i] < 0 {
			a.matchC[i], a.matchD[j] = int32(j), i
		}
	}
	if !a.match(k) {
		s.wdeg[u]++
		return false
	}
	for i, j := range a.matchC[:k] {
		last[a.digits[j]] = a.cells[i]
	}
	a.reverse(k)
	a.scc(k)
	s.fcalls++
	if a.ncomp == 1 {
		return true
	}
	useful := false
	for i, c := range a.cells {
		for _, j := range a.adj[a.adjOff[i]:a.adjOff[i+1]] {
			if j != a.matchC[i] && a.comp[i] != a.comp[k+int(j)] {
				useful = true
				if !s.remove(int(c), int(a.digits[j])) {
					s.fuseful++
					return false
				}
			}
		}
	}
	if useful {
		s.fuseful++
	}
	return true
}

// maxWords is the most words a digit set of sudokusat.MaxSize digits needs.
const maxWords = (400 + 63) / 64

// reset empties the matching of k cells and digits.
func (a *alldiff) reset(k int) {
	a.matchC = fill(a.matchC, k, -1)
	a.matchD = fill(a.matchD, k, -1)
}

// match completes the matching of k cells to k digits to a perfect one, or
// reports none.
func (a *alldiff) match(k int) bool {
	a.seen = fill(a.seen, k, 0)
	// Greedy first: most cells get a digit without search.
	for i := range k {
		if a.matchC[i] >= 0 {
			continue
		}
		for _, j := range a.adj[a.adjOff[i]:a.adjOff[i+1]] {
			if a.matchD[j] < 0 {
				a.matchC[i], a.matchD[j] = j, int32(i)
				break
			}
		}
	}
	for i := range k {
		if a.matchC[i] >= 0 {
			continue
		}
		a.stamp++
		if a.stamp == 0 {
			clear(a.seen)
			a.stamp = 1
		}
		if !a.augment(int32(i)) {
			return false
		}
	}
	return true
}

// augment looks for an alternating path from cell i to a free digit and
// flips it.
func (a *alldiff) augment(i int32) bool {
	for _, j := range a.adj[a.adjOff[i]:a.adjOff[i+1]] {
		if a.seen[j] == a.stamp {
			continue
		}
		a.seen[j] = a.stamp
		if a.matchD[j] < 0 || a.augment(a.matchD[j]) {
			a.matchC[i], a.matchD[j] = j, i
			return true
		}
	}
	return false
}

// reverse builds the digit-to-cells lists.
func (a *alldiff) reverse(k int) {
	a.radjOff = fill(a.radjOff, k+1, 0)
	for _, j := range a.adj {
		a.radjOff[j+1]++
	}
	for j := range k {
		a.radjOff[j+1] += a.radjOff[j]
	}
	a.radj = fill(a.radj, len(a.adj), 0)
	next := a.seen[:0] // reuse as fill pointers
	next = fill(next, k, 0)
	copy(next, a.radjOff[:k])
	for i := range k {
		for _, j := range a.adj[a.adjOff[i]:a.adjOff[i+1]] {
			a.radj[next[j]] = int32(i)
			next[j]++
		}
	}
	a.seen = next
	a.stamp = 0
	clear(a.seen)
}

// scc numbers the strongly connected components of the alternating graph.
func (a *alldiff) scc(k int) {
	a.index = fill(a.index, 2*k, -1)
	a.low = fill(a.low, 2*k, 0)
	a.comp = fill(a.comp, 2*k, -1)
	if cap(a.onStack) < 2*k {
		a.onStack = make([]bool, 2*k)
	}
	a.onStack = a.onStack[:2*k]
	clear(a.onStack)
	a.stack = a.stack[:0]
	a.counter, a.ncomp = 0, 0
	for v := range 2 * k {
		if a.index[v] < 0 {
			a.strong(int32(v), k)
		}
	}
}

// strong is Tarjan's recursive visit. A cell's one out-edge goes to its
// matched digit; a digit's out-edges go to the cells that have it but are
// matched elsewhere.
func (a *alldiff) strong(v int32, k int) {
	a.index[v], a.low[v] = a.counter, a.counter
	a.counter++
	a.stack = append(a.stack, v)
	a.onStack[v] = true
	visit := func(x int32) {
		if a.index[x] < 0 {
			a.strong(x, k)
			a.low[v] = min(a.low[v], a.low[x])
		} else if a.onStack[x] {
			a.low[v] = min(a.low[v], a.index[x])
		}
	}
	if int(v) < k {
		visit(int32(k) + a.matchC[v])
	} else {
		j := v - int32(k)
		for _, i := range a.radj[a.radjOff[j]:a.radjOff[j+1]] {
			if a.matchC[i] != j {
				visit(i)
			}
		}
	}
	if a.low[v] == a.index[v] {
		for {
			x := a.stack[len(a.stack)-1]
			a.stack = a.stack[:len(a.stack)-1]
			a.onStack[x] = false
			a.comp[x] = a.ncomp
			if x == v {
				break
			}
		}
		a.ncomp++
	}
}

// fill returns b resized to k elements, all v.
func fill(b []int32, k int, v int32) []int32 {
	if cap(b) < k {
		b = make([]int32, k)
	}
	b = b[:k]
	for i := range b {
		b[i] = v
	}
	return b
}

// hallPossible is a cheap necessary condition for the filtering to remove
// anything. It removes digits only around a Hall set: m open cells (2 ≤ m ≤
// k-2) whose candidates are just m digits, so each of those cells has at
// most m candidates, while the other k-m digits have at most k-m places
// each, all outside the set. Counting cells by candidates and digits by
// places rules most units out in O(k).
func (s *general) hallPossible(u int, cells []int32, placed *[maxWords]uint64) bool {
	n, k := s.n, len(cells)
	a := s.ad
	a.hc = fill(a.hc, k+1, 0)
	a.hd = fill(a.hd, k+1, 0)
	for _, c := range cells {
		a.hc[min(int(s.ncand[c]), k)]++
	}
	for d := range n {
		if placed[d>>6]>>(d&63)&1 == 0 {
			a.hd[min(int(s.cnt[u*n+d]), k)]++
		}
	}
	// hc[m], hd[m] become the cells with at most m candidates and the
	// digits with at most m places.
	for m := 1; m <= k; m++ {
		a.hc[m] += a.hc[m-1]
		a.hd[m] += a.hd[m-1]
	}
	for m := 2; m <= k-2; m++ {
		if int(a.hc[m]) >= m && int(a.hd[k-m]) >= k-m {
			return true
		}
	}
	return false
}
