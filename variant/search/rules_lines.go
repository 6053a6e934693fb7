package search

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// This file is the search's part of the lines group of rule kinds (see
// variant/rules_lines.go for what each means). A line's cells are its
// Cells, in the line's order. Relations between two cells of a line are
// pair tables (builder.dot), revised like Kropki dots; renban, between and
// lockout lines, equal sums (zipper lines, double arrows, region sum and
// pair sum lines), sum lines, difference count and sequence lines and the
// bands of entropic and modular lines have propagators of their own
// (propFunc), and Fibonacci lines a table of their sequences. The
// checker's holds reads each rule from its cells, apart from the
// propagation.

// lineRules returns the search's part of each of this file's kinds.
func lineRules() map[variant.Kind]kindRule {
	return map[variant.Kind]kindRule{
		variant.Renban:          renbanRule(),
		variant.Whispers:        whispersRule(),
		variant.Palindrome:      palindromeRule(),
		variant.RegionSumLine:   sumsRule(2, regionStretches),
		variant.BetweenLine:     endsRule(3, betweenAllows),
		variant.EntropicLine:    bandsRule(variant.EntropicBand),
		variant.ModularLine:     bandsRule(func(_, d int) int { return d % 3 }),
		variant.Nabner:          nabnerRule(),
		variant.ZipperLine:      sumsRule(3, zipperPairs),
		variant.DoubleArrow:     sumsRule(3, arrowEnds),
		variant.SlowThermo:      slowThermoRule(),
		variant.Lockout:         endsRule(2, lockoutAllows),
		variant.DifferenceCount: differenceCountRule(),
		variant.SumLine:         sumLineRule(),
		variant.FibonacciLine:   fibonacciRule(),
		variant.SequenceLine:    sequenceLineRule(),
		variant.PairSumLine:     pairSumRule(),

		variant.RegionDifferenceLine: regionDifferenceRule(),
	}
}

// atLeast refuses a line of fewer than k cells.
func atLeast(cells []int32, k int) error {
	if len(cells) < k {
		return fmt.Errorf("%d cells, want at least %d", len(cells), k)
	}
	return nil
}

// difference returns a whispers or lockout rule's difference: its Value,
// or def when it has none.
func difference(c sudokusat.Rule, def int) int {
	if c.Value != 0 {
		return c.Value
	}
	return def
}

// pairsRule is a line whose pairs of cells (i, j) that pairs lists, as
// positions on the line, hold digits ok accepts (ok reads the grid's side
// and the rule).
func pairsRule(least int, pairs func(k int) [][2]int, ok func(n int, c sudokusat.Rule) func(a, b int) bool) kindRule {
	r := &pairsLine{least, pairs, ok}
	return kindRule{compile: r.compile, holds: r.holds}
}

// pairsLine is pairsRule's rule; the kinds of line share its methods.
type pairsLine struct {
	least int
	pairs func(k int) [][2]int
	ok    func(n int, c sudokusat.Rule) func(a, b int) bool
}

func (r *pairsLine) compile(b *builder, c sudokusat.Rule, cells []int32) error {
	if err := atLeast(cells, r.least); err != nil {
		return err
	}
	t := b.m.table(r.ok(b.m.n, c))
	for _, pr := range r.pairs(len(cells)) {
		b.dot(int(cells[pr[0]]), int(cells[pr[1]]), t)
	}
	return nil
}

func (r *pairsLine) holds(k *checker, c sudokusat.Rule, v []int) bool {
	rel := r.ok(k.n, c)
	for _, pr := range r.pairs(len(c.Cells)) {
		if !rel(v[c.Cells[pr[0]]], v[c.Cells[pr[1]]]) {
			return false
		}
	}
	return true
}

// stepPairs lists the pairs of neighbours on a line of k cells.
func stepPairs(k int) [][2]int {
	var out [][2]int
	for i := 1; i < k; i++ {
		out = append(out, [2]int{i - 1, i})
	}
	return out
}

func whispersRule() kindRule {
	return pairsRule(2, stepPairs, func(n int, c sudokusat.Rule) func(a, b int) bool {
		diff := difference(c, (n+1)/2)
		return func(a, b int) bool { return a-b >= diff || b-a >= diff }
	})
}

func slowThermoRule() kindRule {
	return pairsRule(2, stepPairs, func(int, sudokusat.Rule) func(a, b int) bool {
		return func(a, b int) bool { return a <= b }
	})
}

func palindromeRule() kindRule {
	return pairsRule(2, func(k int) [][2]int {
		var out [][2]int
		for i := 0; i < k/2; i++ {
			out = append(out, [2]int{i, k - 1 - i})
		}
		return out
	}, func(int, sudokusat.Rule) func(a, b int) bool {
		return func(a, b int) bool { return a == b }
	})
}

func nabnerRule() kindRule {
	r := pairsRule(2, func(k int) [][2]int {
		var out [][2]int
		for i := 0; i < k; i++ {
			for j := i + 1; j < k; j++ {
				out = append(out, [2]int{i, j})
			}
		}
		return out
	}, func(int, sudokusat.Rule) func(a, b int) bool {
		return func(a, b int) bool { return a-b >= 2 || b-a >= 2 }
	})
	compile := r.compile
	r.compile = func(b *builder, c sudokusat.Rule, cells []int32) error {
		if len(cells) > b.m.n {
			b.m.impossible = true // more cells than distinct digits
		}
		return compile(b, c, cells)
	}
	return r
}

// fibonacciRule is a Fibonacci line: read from one end, its digits
// increase, each from the third on the sum of the two before it. Two cells
// are a pair table of different digits; more a table of the line's
// fillings (propTable), whose listing cuts short a prefix that reads
// neither way, so that it stays small: once two digits are set, the
// direction and every later digit are.
func fibonacciRule() kindRule {
	return kindRule{
		compile: func(b *builder, _ sudokusat.Rule, cells []int32) error {
			if err := atLeast(cells, 2); err != nil {
				return err
			}
			if len(cells) == 2 {
				b.dot(int(cells[0]), int(cells[1]), b.m.table(func(x, y int) bool { return x != y }))
				return nil
			}
			b.m.addProp(prop{kind: propTable, cells: cells, ok: fibonacciFits, partial: fibonacciFits})
			return nil
		},
		holds: func(_ *checker, c sudokusat.Rule, v []int) bool {
			ds := make([]int, len(c.Cells))
			for i, x := range c.Cells {
				ds[i] = v[x]
			}
			if len(ds) > 1 && ds[0] > ds[1] {
				slices.Reverse(ds)
			}
			for i := 1; i < len(ds); i++ {
				if ds[i] <= ds[i-1] || i > 1 && ds[i] != ds[i-1]+ds[i-2] {
					return false
				}
			}
			return true
		},
	}
}

// fibonacciFits reports whether ds, the first digits of a Fibonacci line
// in its order (all of them or a prefix), can be read from one end: going
// up, each digit from the third the sum of the two before it; or going
// down, each the sum of the two after it, and every step down (so that
// the end, the lowest two, increases when read from there).
func fibonacciFits(ds []int) bool {
	if len(ds) < 2 {
		return true
	}
	up := ds[0] < ds[1]
	for i := 1; i < len(ds); i++ {
		if (ds[i] > ds[i-1]) != up || ds[i] == ds[i-1] {
			return false
		}
		if i > 1 && up && ds[i] != ds[i-1]+ds[i-2] || i > 1 && !up && ds[i-2] != ds[i-1]+ds[i] {
			return false
		}
	}
	return true
}

// bandsRule is an entropic or modular line: cells one or two steps apart
// hold digits of different bands. The pairs three steps apart, whose
// digits are then of one band, are tables too: implied, and propagated;
// and bandsNarrow sees the line whole. The checker reads the rule alone:
// the pairs one or two steps apart.
func bandsRule(band func(n, d int) int) kindRule {
	r := &bandsLine{band}
	return kindRule{compile: r.compile, holds: r.holds}
}

// bandsLine is bandsRule's rule.
type bandsLine struct{ band func(n, d int) int }

func (r *bandsLine) compile(b *builder, _ sudokusat.Rule, cells []int32) error {
	if err := atLeast(cells, 2); err != nil {
		return err
	}
	n, band := b.m.n, r.band
	differ := b.m.table(func(x, y int) bool { return band(n, x) != band(n, y) })
	same := b.m.table(func(x, y int) bool { return band(n, x) == band(n, y) })
	for i := range cells {
		for step := 1; step <= 3 && i+step < len(cells); step++ {
			t := differ
			if step == 3 {
				t = same
			}
			b.dot(int(cells[i]), int(cells[i+step]), t)
		}
	}
	var masks [3]uint64 // the digits of each band
	for d := 1; d <= n; d++ {
		masks[band(n, d)] |= 1 << (d - 1)
	}
	b.m.addProp(prop{kind: propFunc, cells: cells, fn: func(s *state, p *prop) bool { return bandsNarrow(s, p, &masks) }})
	return nil
}

func (r *bandsLine) holds(k *checker, c sudokusat.Rule, v []int) bool {
	for i, a := range c.Cells {
		for step := 1; step <= 2 && i+step < len(c.Cells); step++ {
			if r.band(k.n, v[a]) == r.band(k.n, v[c.Cells[i+step]]) {
				return false
			}
		}
	}
	return true
}

// bandsNarrow assigns the bands to the line's positions modulo 3, the
// cells at positions i, i+3, … sharing one band and the (up to) three
// positions taking different bands: each position keeps the bands that
// every one of its cells may take and that some assignment of distinct
// bands to all positions gives it, and its cells the digits of those
// bands. The pair tables see one pair at a time; this sees, for one, that
// a band only one position can take is that position's.
func bandsNarrow(s *state, p *prop, masks *[3]uint64) bool {
	k := min(len(p.cells), 3)
	var can [3]uint8 // can[j] has bit b when position j may take band b
	for j := 0; j < k; j++ {
		can[j] = 7
		for i := j; i < len(p.cells); i += 3 {
			var here uint8
			for b := 0; b < 3; b++ {
				if s.cand[p.cells[i]]&masks[b] != 0 {
					here |= 1 << b
				}
			}
			can[j] &= here
		}
	}
	var keep [3]uint8
	for _, perm := range [6][3]uint8{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}} {
		fits := true
		for j := 0; j < k; j++ {
			fits = fits && can[j]&(1<<perm[j]) != 0
		}
		if fits {
			for j := 0; j < k; j++ {
				keep[j] |= 1 << perm[j]
			}
		}
	}
	for j := 0; j < k; j++ {
		var digits uint64
		for b := 0; b < 3; b++ {
			if keep[j]&(1<<b) != 0 {
				digits |= masks[b]
			}
		}
		for i := j; i < len(p.cells); i += 3 {
			if !s.narrow(p.cells[i], digits) {
				return false
			}
		}
	}
	return true
}

// --- Renban lines ---

func renbanRule() kindRule {
	return kindRule{
		compile: func(b *builder, _ sudokusat.Rule, cells []int32) error {
			if err := atLeast(cells, 2); err != nil {
				return err
			}
			b.groups = append(b.groups, cells) // a group of more than n cells is impossible
			if len(cells) <= b.m.n {
				b.m.addProp(prop{kind: propFunc, cells: cells, fn: renbanNarrow})
			}
			return nil
		},
		holds: func(_ *checker, c sudokusat.Rule, v []int) bool {
			if !distinct(c.Cells, v) {
				return false
			}
			lo, hi := v[c.Cells[0]], v[c.Cells[0]]
			for _, x := range c.Cells {
				lo, hi = min(lo, v[x]), max(hi, v[x])
			}
			return hi-lo == len(c.Cells)-1
		},
	}
}

// renbanNarrow keeps each cell of a renban line to the runs of k digits
// the line may still hold: a run each of whose digits some cell may take,
// and that meets every cell's candidates.
func renbanNarrow(s *state, p *prop) bool {
	k := len(p.cells)
	var union uint64
	for _, c := range p.cells {
		union |= s.cand[c]
	}
	var keep uint64
	must := ^uint64(0)
	run := uint64(1)<<k - 1
	for start := 0; start+k <= s.m.n; start++ {
		w := run << start
		if union&w != w {
			continue
		}
		fits := true
		for _, c := range p.cells {
			if s.cand[c]&w == 0 {
				fits = false
				break
			}
		}
		if fits {
			keep |= w
			must &= w
		}
	}
	if keep == 0 {
		return false
	}
	for _, c := range p.cells {
		if !s.narrow(c, keep) {
			return false
		}
	}
	// A digit of every run that may still fill the line is on it (the
	// line holds fewer than n digits, so it is no group of N).
	return s.required(p.cells, must)
}

// --- Between and lockout lines ---

// endsRule is a line whose two ends' digits, a and b, say which digits the
// cells between them may hold: allows(n, rule, a, b) returns them as a
// mask, and whether the ends themselves go together.
func endsRule(least int, allows func(n int, c sudokusat.Rule, a, b int) (bool, uint64)) kindRule {
	r := &endsLine{least, allows}
	return kindRule{compile: r.compile, holds: r.holds}
}

// endsLine is endsRule's rule.
type endsLine struct {
	least  int
	allows func(n int, c sudokusat.Rule, a, b int) (bool, uint64)
}

func (r *endsLine) compile(b *builder, c sudokusat.Rule, cells []int32) error {
	if err := atLeast(cells, r.least); err != nil {
		return err
	}
	n, allows := b.m.n, r.allows
	b.m.addProp(prop{kind: propFunc, cells: cells, fn: func(s *state, p *prop) bool {
		return endsNarrow(s, p, func(a, b int) (bool, uint64) { return allows(n, c, a, b) })
	}})
	return nil
}

func (r *endsLine) holds(k *checker, c sudokusat.Rule, v []int) bool {
	last := len(c.Cells) - 1
	ok, mask := r.allows(k.n, c, v[c.Cells[0]], v[c.Cells[last]])
	for _, x := range c.Cells[1:last] {
		ok = ok && mask&(1<<(v[x]-1)) != 0
	}
	return ok
}

// endsNarrow keeps the ends' digits that, with some digit of the other
// end, go together and leave each cell between them a candidate, and the
// cells between them to the digits such pairs allow: every candidate then
// has support, the cells between them taken one at a time.
func endsNarrow(s *state, p *prop, allows func(a, b int) (bool, uint64)) bool {
	last := len(p.cells) - 1
	a, b, middle := p.cells[0], p.cells[last], p.cells[1:last]
	var supA, supB, keep uint64
	for fa := s.cand[a]; fa != 0; fa &= fa - 1 {
		da := bits.TrailingZeros64(fa) + 1
		for fb := s.cand[b]; fb != 0; fb &= fb - 1 {
			db := bits.TrailingZeros64(fb) + 1
			ok, mask := allows(da, db)
			for _, m := range middle {
				ok = ok && s.cand[m]&mask != 0
			}
			if ok {
				supA |= 1 << (da - 1)
				supB |= 1 << (db - 1)
				keep |= mask
			}
		}
	}
	if !s.narrow(a, supA) || !s.narrow(b, supB) {
		return false
	}
	for _, m := range middle {
		if !s.narrow(m, keep) {
			return false
		}
	}
	return true
}

// span returns the mask of the digits lo..hi (none when lo > hi).
func span(lo, hi int) uint64 {
	if lo > hi {
		return 0
	}
	return (uint64(1)<<(hi-lo+1) - 1) << (lo - 1)
}

// betweenAllows: the cells between the ends hold digits strictly between
// theirs; ends less than 2 apart leave them none.
func betweenAllows(_ int, _ sudokusat.Rule, a, b int) (bool, uint64) {
	lo, hi := min(a, b), max(a, b)
	return hi-lo >= 2, span(lo+1, hi-1)
}

// lockoutAllows: the ends at least the difference apart (by default n/2),
// the cells between them outside the ends' range, bounds included.
func lockoutAllows(n int, c sudokusat.Rule, a, b int) (bool, uint64) {
	lo, hi := min(a, b), max(a, b)
	return hi-lo >= difference(c, n/2), span(1, lo-1) | span(hi+1, n)
}

// --- Equal sums ---

// sumsRule is a line of at least least cells whose groups of cells (as
// groups cuts them) have equal sums, propagated by sumsNarrow.
func sumsRule(least int, groups func(p *sudokusat.Puzzle, cells []int) [][]int) kindRule {
	r := &sumsLine{least, groups}
	return kindRule{compile: r.compile, holds: r.holds}
}

// sumsLine is sumsRule's rule.
type sumsLine struct {
	least  int
	groups func(p *sudokusat.Puzzle, cells []int) [][]int
}

func (r *sumsLine) compile(b *builder, c sudokusat.Rule, cells []int32) error {
	if err := atLeast(cells, r.least); err != nil {
		return err
	}
	gs := r.groups(b.p, c.Cells)
	if len(gs) < 2 {
		return nil
	}
	var all []int32
	var parts [][]int32
	for _, g := range gs {
		var part []int32
		for _, x := range g {
			part = append(part, int32(x))
		}
		parts = append(parts, part)
		all = append(all, part...)
	}
	b.m.addProp(prop{kind: propFunc, cells: all, fn: func(s *state, _ *prop) bool { return sumsNarrow(s, parts) }})
	return nil
}

func (r *sumsLine) holds(k *checker, c sudokusat.Rule, v []int) bool {
	gs := r.groups(k.p, c.Cells)
	for _, g := range gs[1:] {
		if sumOf(g, v) != sumOf(gs[0], v) {
			return false
		}
	}
	return true
}

// sumSet is a set of sums, bit s for sum s.
type sumSet []uint64

func (a sumSet) has(s int) bool { return s >= 0 && s/64 < len(a) && a[s/64]&(1<<(s%64)) != 0 }

// orShift adds to a the sums of b plus k.
func (a sumSet) orShift(b sumSet, k int) {
	w, r := k/64, uint(k%64)
	for i := len(a) - 1; i >= w; i-- {
		x := b[i-w] << r
		if r != 0 && i-w-1 >= 0 {
			x |= b[i-w-1] >> (64 - r)
		}
		a[i] |= x
	}
}

// sumsNarrow keeps each cell of equal-sum groups to the digits that, with
// some candidates of the other cells of its group, make a total every
// group can make: for each group, the sums its first i cells and its
// last ones can make (prefix and suffix sets); the totals all groups
// reach; then, for each cell, the sums of the rest of its group, against
// which each digit must reach a total. Each group's sum is then domain
// consistent with the others' totals, repeated digits allowed (the peers
// keep them apart).
func sumsNarrow(s *state, parts [][]int32) bool {
	n := s.m.n
	most := 0
	for _, g := range parts {
		most = max(most, len(g))
	}
	words := (n*most)/64 + 1
	newSet := func() sumSet { return make(sumSet, words) }
	// spread returns the sums of set plus a candidate of cell c.
	spread := func(set sumSet, c int32) sumSet {
		out := newSet()
		for f := s.cand[c]; f != 0; f &= f - 1 {
			out.orShift(set, bits.TrailingZeros64(f)+1)
		}
		return out
	}
	prefix := make([][]sumSet, len(parts))
	suffix := make([][]sumSet, len(parts))
	totals := newSet()
	for i := range totals {
		totals[i] = ^uint64(0)
	}
	for gi, g := range parts {
		k := len(g)
		prefix[gi] = make([]sumSet, k+1)
		suffix[gi] = make([]sumSet, k+1)
		prefix[gi][0], suffix[gi][k] = newSet(), newSet()
		prefix[gi][0][0], suffix[gi][k][0] = 1, 1
		for i, c := range g {
			prefix[gi][i+1] = spread(prefix[gi][i], c)
		}
		for i := k - 1; i >= 0; i-- {
			suffix[gi][i] = spread(suffix[gi][i+1], g[i])
		}
		for w := range totals {
			totals[w] &= prefix[gi][k][w]
		}
	}
	var sums []int
	for t := 0; t < 64*words; t++ {
		if totals.has(t) {
			sums = append(sums, t)
		}
	}
	if len(sums) == 0 {
		return false
	}
	for gi, g := range parts {
		for i, c := range g {
			rest := newSet()
			for a := 0; a < 64*words; a++ {
				if prefix[gi][i].has(a) {
					rest.orShift(suffix[gi][i+1], a)
				}
			}
			var keep uint64
			for f := s.cand[c]; f != 0; f &= f - 1 {
				d := bits.TrailingZeros64(f) + 1
				for _, t := range sums {
					if rest.has(t - d) {
						keep |= 1 << (d - 1)
						break
					}
				}
			}
			if !s.narrow(c, keep) {
				return false
			}
		}
	}
	return true
}

// regionStretches cuts a region sum line where it passes into another
// region of p.
func regionStretches(p *sudokusat.Puzzle, cells []int) [][]int {
	var out [][]int
	for i, c := range cells {
		if i == 0 || p.Region(c) != p.Region(cells[i-1]) {
			out = append(out, nil)
		}
		out[len(out)-1] = append(out[len(out)-1], c)
	}
	return out
}

// regionDifferenceRule is a region difference line: its segments in one
// region each, two cells apiece, differ by one shared amount, propagated
// by regionDifferenceNarrow.
func regionDifferenceRule() kindRule {
	return kindRule{
		compile: func(b *builder, c sudokusat.Rule, cells []int32) error {
			if err := atLeast(cells, 2); err != nil {
				return err
			}
			parts := regionStretches(b.p, c.Cells)
			for _, part := range parts {
				if len(part) != 2 {
					return fmt.Errorf("a segment of %d cells between region borders, want 2", len(part))
				}
			}
			if len(parts) < 2 {
				return nil
			}
			b.m.addProp(prop{kind: propFunc, cells: cells, fn: regionDifferenceNarrow})
			return nil
		},
		holds: func(k *checker, c sudokusat.Rule, v []int) bool {
			parts := regionStretches(k.p, c.Cells)
			diff := func(part []int) int { return max(v[part[0]]-v[part[1]], v[part[1]]-v[part[0]]) }
			for _, part := range parts[1:] {
				if diff(part) != diff(parts[0]) {
					return false
				}
			}
			return true
		},
	}
}

// regionDifferenceNarrow narrows a region difference line, whose cells
// (p.cells) are its segments' pairs in order: the differences every
// segment's candidates can make, then each cell's digits with a partner
// in its segment at one of them. One pass is all: a difference left has,
// in each segment, a pair of digits that keep each other, so no segment
// loses it.
func regionDifferenceNarrow(s *state, p *prop) bool {
	cells := p.cells
	shared := ^uint64(0)
	for i := 0; i+1 < len(cells); i += 2 {
		shared &= pairDifferences(s.cand[cells[i]], s.cand[cells[i+1]])
	}
	if shared == 0 {
		return false
	}
	for i := 0; i+1 < len(cells); i += 2 {
		a, b := cells[i], cells[i+1]
		ka, kb := partners(s.cand[b], shared), partners(s.cand[a], shared)
		if !s.narrow(a, ka) || !s.narrow(b, kb) {
			return false
		}
	}
	return true
}

// zipperPairs groups a zipper line's cells at the same distance from its
// middle, the middle cell alone when there is one.
func zipperPairs(_ *sudokusat.Puzzle, cells []int) [][]int {
	k := len(cells)
	var out [][]int
	for i := 0; i < k/2; i++ {
		out = append(out, []int{cells[i], cells[k-1-i]})
	}
	if k%2 == 1 {
		out = append(out, []int{cells[k/2]})
	}
	return out
}

// arrowEnds groups a double arrow's two ends, and the cells between them.
func arrowEnds(_ *sudokusat.Puzzle, cells []int) [][]int {
	last := len(cells) - 1
	return [][]int{{cells[0], cells[last]}, slices.Clone(cells[1:last])}
}

// pairSumRule is a pair sum line: its first two and last two cells have
// equal sums (sumsRule's propagator), on a line of exactly four cells.
func pairSumRule() kindRule {
	r := sumsRule(4, func(_ *sudokusat.Puzzle, cells []int) [][]int {
		return [][]int{slices.Clone(cells[:2]), slices.Clone(cells[2:])}
	})
	compile := r.compile
	r.compile = func(b *builder, c sudokusat.Rule, cells []int32) error {
		if len(cells) != 4 {
			return fmt.Errorf("%d cells, want 4", len(cells))
		}
		return compile(b, c, cells)
	}
	return r
}

// --- Difference count lines ---

// differenceCountRule is a difference count line: each difference between
// neighbours is there as many times as it says. Neighbours differ by 1 to
// the most a count reaches (a pair table), and differenceCountNarrow sees
// the line whole.
func differenceCountRule() kindRule {
	return kindRule{
		compile: func(b *builder, _ sudokusat.Rule, cells []int32) error {
			if err := atLeast(cells, 2); err != nil {
				return err
			}
			most := min(len(cells)-1, b.m.n-1)
			t := b.m.table(func(x, y int) bool { return x != y && x-y <= most && y-x <= most })
			for i := 1; i < len(cells); i++ {
				b.dot(int(cells[i-1]), int(cells[i]), t)
			}
			b.m.addProp(prop{kind: propFunc, cells: cells, fn: differenceCountNarrow})
			return nil
		},
		holds: func(_ *checker, c sudokusat.Rule, v []int) bool {
			diffs := make([]int, len(c.Cells)-1)
			for i := range diffs {
				diffs[i] = max(v[c.Cells[i]]-v[c.Cells[i+1]], v[c.Cells[i+1]]-v[c.Cells[i]])
			}
			for _, d := range diffs {
				k := 0
				for _, e := range diffs {
					if e == d {
						k++
					}
				}
				if k != d {
					return false
				}
			}
			return true
		},
	}
}

// differenceCountNarrow narrows a difference count line. Each pair of
// neighbours i may differ by the differences diffs[i] (bit d for d) its
// cells' candidates make. A difference d the line holds is held by
// exactly d pairs, so the set S of differences present is of distinct
// numbers summing to the pairs, m; a d that fewer than d pairs may take,
// or that more than d pairs must, is in no S; one that some pair must
// take is in every S. Over the numbers left, a subset sum says which
// are in some S (the others leave every pair) and which in every one (a
// d in every S that only d pairs may take is theirs). Once d pairs must
// take d, the others do not. The cells then keep the digits with a
// partner in each neighbour at a difference left to their pair, and all
// of it again until nothing changes.
func differenceCountNarrow(s *state, p *prop) bool {
	cells := p.cells
	m := len(cells) - 1
	most := min(m, s.m.n-1)
	var buf [64]uint64
	diffs := buf[:0]
	if m > len(buf) {
		diffs = make([]uint64, 0, m)
	}
	diffs = diffs[:m]
	within := (uint64(1)<<(most+1) - 1) &^ 1 // the differences 1..most
	for {
		for i := range diffs {
			diffs[i] = pairDifferences(s.cand[cells[i]], s.cand[cells[i+1]]) & within
			if diffs[i] == 0 {
				return false
			}
		}
		if !settleDifferences(diffs, most) {
			return false
		}
		changed := false
		for j, c := range cells {
			keep := s.cand[c]
			if j > 0 {
				keep &= partners(s.cand[cells[j-1]], diffs[j-1])
			}
			if j < m {
				keep &= partners(s.cand[cells[j+1]], diffs[j])
			}
			if keep != s.cand[c] {
				if !s.narrow(c, keep) {
					return false
				}
				changed = true
			}
		}
		if !changed {
			return true
		}
	}
}

// settleDifferences narrows the pairs' differences (see
// differenceCountNarrow) until nothing changes, false when a pair is left
// none or no set of differences fits.
func settleDifferences(diffs []uint64, most int) bool {
	m := len(diffs)
	for {
		var may, must uint64 // the differences some S may hold, every S must
		base := 0
		for d := 1; d <= most; d++ {
			bit := uint64(1) << d
			poss, forced := 0, 0
			for _, x := range diffs {
				if x&bit != 0 {
					poss++
					if x == bit {
						forced++
					}
				}
			}
			switch {
			case forced > 0 && (poss < d || forced > d):
				return false
			case forced > 0:
				must |= bit
				base += d
			case poss >= d:
				may |= bit
			}
		}
		// Which of may complete must's differences to a sum of m, and
		// which every such completion holds.
		if !subsetSum(may, m-base) {
			return false
		}
		some, every := must, must
		for f := may; f != 0; f &= f - 1 {
			d := bits.TrailingZeros64(f)
			rest := may &^ (1 << d)
			if subsetSum(rest, m-base-d) {
				some |= 1 << d
				if !subsetSum(rest, m-base) {
					every |= 1 << d
				}
			}
		}
		changed := false
		for d := 1; d <= most; d++ {
			bit := uint64(1) << d
			poss, forced := 0, 0
			for i := range diffs {
				if x := diffs[i] & some; x != diffs[i] {
					if x == 0 {
						return false
					}
					diffs[i], changed = x, true
				}
				if diffs[i]&bit != 0 {
					poss++
					if diffs[i] == bit {
						forced++
					}
				}
			}
			for i := range diffs {
				switch {
				case forced == d && diffs[i] != bit && diffs[i]&bit != 0:
					diffs[i] &^= bit // d pairs take d already
					changed = true
				case every&bit != 0 && poss == d && diffs[i] != bit && diffs[i]&bit != 0:
					diffs[i] = bit // the d pairs that may take d must
					changed = true
				}
			}
		}
		if !changed {
			return true
		}
	}
}

// subsetSum reports whether some of the numbers of set (bit d for d, each
// used once) sum to target.
func subsetSum(set uint64, target int) bool {
	if target < 0 {
		return false
	}
	words := target/64 + 1
	var buf [4]uint64
	reach := buf[:0]
	if words > len(buf) {
		reach = make([]uint64, 0, words)
	}
	reach = reach[:words]
	clear(reach)
	reach[0] = 1
	for f := set; f != 0; f &= f - 1 {
		d := bits.TrailingZeros64(f)
		for t := target; t >= d; t-- {
			if reach[(t-d)/64]&(1<<((t-d)%64)) != 0 {
				reach[t/64] |= 1 << (t % 64)
			}
		}
	}
	return reach[target/64]&(1<<(target%64)) != 0
}

// pairDifferences returns the differences (bit d for d) between a digit of
// candidates a and one of b.
func pairDifferences(a, b uint64) uint64 {
	var out uint64
	for f := a; f != 0; f &= f - 1 {
		// Digit x+1 against b's digit y+1: y-x is bit y of b>>x,
		// x-y bit 63-(y+63-x) of the reversed b<<(63-x).
		x := bits.TrailingZeros64(f)
		out |= b>>x | bits.Reverse64(b<<(63-x))
	}
	return out
}

// partners returns the digits (bit d-1 for d) with a partner among
// candidates b at one of the differences diffs.
func partners(b, diffs uint64) uint64 {
	var out uint64
	for f := diffs; f != 0; f &= f - 1 {
		d := bits.TrailingZeros64(f)
		out |= b<<d | b>>d
	}
	return out
}

// --- Sum lines ---

// sumLineRule is a sum line: its cells fall into segments that each sum
// to its total, around a loop from some cut. compile's cells are a loop's
// without its closing cell (the first again).
func sumLineRule() kindRule {
	return kindRule{
		compile: func(b *builder, c sudokusat.Rule, cells []int32) error {
			_, loop := variant.LoopCells(c)
			least := 2
			if loop {
				least = 3
			}
			if err := atLeast(cells, least); err != nil {
				return err
			}
			if c.Value < 0 {
				return fmt.Errorf("a total of %d, want one above 0", c.Value)
			}
			// No running sum passes k·n: the sums 0..width-1 are all.
			l := &sumLine{total: variant.SumLineValue(c), width: min(variant.SumLineValue(c), len(cells)*b.m.n+1), loop: loop}
			b.m.addProp(prop{kind: propFunc, cells: cells, fn: l.narrow})
			return nil
		},
		holds: func(_ *checker, c sudokusat.Rule, v []int) bool {
			open, loop := variant.LoopCells(c)
			total, k := variant.SumLineValue(c), len(open)
			starts := 1
			if loop {
				starts = k
			}
			for start := range starts {
				run := 0
				for i := range k {
					run += v[open[(start+i)%k]]
					if run == total {
						run = 0
					}
				}
				if run == 0 {
					return true // a running sum past the total only grows: it never came back to 0
				}
			}
			return false
		},
	}
}

// sumLine is a compiled sum line: its total, the running sums a segment
// may have (0..width-1), and whether it is a loop.
type sumLine struct {
	total, width int
	loop         bool
}

// step returns the running sum after digit d from s: s+d, 0 when that
// closes a segment, -1 when it passes the total.
func (l *sumLine) step(s, d int) int {
	switch t := s + d; {
	case t == l.total:
		return 0
	case t < l.width:
		return t
	}
	return -1
}

// narrow keeps each cell of the line to the digits of some division of
// the line into segments of the total, the other cells' candidates
// allowing: the running sums reachable from the start at each boundary
// (forward), then, back from the end, those that reach it, and the
// digits that step from one to the other. A line starts and ends at 0; a
// loop is tried from each running sum its cut may leave, ending at the
// same. Every candidate left then has support: domain consistency.
func (l *sumLine) narrow(s *state, p *prop) bool {
	k := len(p.cells)
	words := (l.width + 63) / 64
	fw := make([]sumSet, k+1)
	bw := make([]sumSet, k+1)
	for i := range fw {
		fw[i], bw[i] = make(sumSet, words), make(sumSet, words)
	}
	keep := make([]uint64, k)
	starts := 1
	if l.loop {
		starts = l.width
	}
	for start := range starts {
		for i := range fw {
			clear(fw[i])
			clear(bw[i])
		}
		fw[0].set(start)
		for i, c := range p.cells {
			for run := range fw[i].all() {
				for f := s.cand[c]; f != 0; f &= f - 1 {
					if t := l.step(run, bits.TrailingZeros64(f)+1); t >= 0 {
						fw[i+1].set(t)
					}
				}
			}
		}
		if !fw[k].has(start) {
			continue
		}
		bw[k].set(start)
		for i := k - 1; i >= 0; i-- {
			c := p.cells[i]
			for run := range fw[i].all() {
				for f := s.cand[c]; f != 0; f &= f - 1 {
					d := bits.TrailingZeros64(f) + 1
					if t := l.step(run, d); t >= 0 && bw[i+1].has(t) {
						bw[i].set(run)
						keep[i] |= 1 << (d - 1)
					}
				}
			}
		}
	}
	for i, c := range p.cells {
		if !s.narrow(c, keep[i]) {
			return false
		}
	}
	return true
}

// set adds sum t.
func (a sumSet) set(t int) { a[t/64] |= 1 << (t % 64) }

// all yields the sums of the set, smallest first.
func (a sumSet) all() func(yield func(int) bool) {
	return func(yield func(int) bool) {
		for w, x := range a {
			for ; x != 0; x &= x - 1 {
				if !yield(64*w + bits.TrailingZeros64(x)) {
					return
				}
			}
		}
	}
}

// --- Sequence lines ---

// sequenceLineRule is a sequence line: an arithmetic sequence along the
// line, step 0 included. A line of two cells holds any two digits; a
// longer one has a propagator that sees it whole.
func sequenceLineRule() kindRule {
	return kindRule{
		compile: func(b *builder, _ sudokusat.Rule, cells []int32) error {
			if err := atLeast(cells, 2); err != nil {
				return err
			}
			if len(cells) > 2 {
				b.m.addProp(prop{kind: propFunc, cells: cells, fn: sequenceNarrow})
			}
			return nil
		},
		holds: func(_ *checker, c sudokusat.Rule, v []int) bool {
			step := v[c.Cells[1]] - v[c.Cells[0]]
			for i := 2; i < len(c.Cells); i++ {
				if v[c.Cells[i]]-v[c.Cells[i-1]] != step {
					return false
				}
			}
			return true
		},
	}
}

// sequenceNarrow keeps each cell of a sequence line to the digits it
// takes in the sequences its cells' candidates allow: for each step d
// that fits the line (|d| up to (n-1)/(k-1) on k cells), the first
// digits a for which every cell i may hold a+i·d, and then each cell's
// digits of those. Every digit left has a sequence through it, the cells
// read alone.
func sequenceNarrow(s *state, p *prop) bool {
	k := len(p.cells)
	var buf [16]uint64
	keep := buf[:0]
	if k > len(buf) {
		keep = make([]uint64, 0, k)
	}
	keep = keep[:k]
	clear(keep)
	most := (s.m.n - 1) / (k - 1)
	for d := -most; d <= most; d++ {
		// starts has bit a-1 for each first digit a that every cell
		// may continue: cell i's a+i·d is bit a-1 of its candidates
		// shifted by i·|d|.
		starts := s.m.all
		for i, c := range p.cells {
			if d >= 0 {
				starts &= s.cand[c] >> (i * d)
			} else {
				starts &= s.cand[c] << (i * -d)
			}
		}
		if starts == 0 {
			continue
		}
		for i := range keep {
			if d >= 0 {
				keep[i] |= starts << (i * d)
			} else {
				keep[i] |= starts >> (i * -d)
			}
		}
	}
	for i, c := range p.cells {
		if !s.narrow(c, keep[i]) {
			return false
		}
	}
	return true
}
