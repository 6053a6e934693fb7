package encode

import (
	"fmt"
	"math"
	"slices"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// This file is the encoder of the lines group of rule kinds (see
// variant/rules_lines.go for what each means). A line's cells are Cells,
// in the line's order. The kinds come in four families:
//
//   - relations between two cells of the line (whispers, palindromes,
//     slow thermometers, entropic and modular lines, nabner lines): the
//     support encoding of relation, arc consistent under unit
//     propagation;
//   - renban lines: distinct digits, and a variable per run of digits the
//     line may hold;
//   - between and lockout lines: the ends' digits in the order encoding,
//     so that "this digit of a middle cell needs one end below it and the
//     other above" is a few short clauses per digit;
//   - Fibonacci lines: a table of the digit sequences the line may hold
//     (writeTable), each read from either end;
//   - equal sums (zipper lines, double arrows, region sum lines, pair
//     sum lines): the
//     groups of cells whose sums must be equal, each a layered graph of
//     its partial sums ending in a shared one-hot total, or, in the PB
//     form, one equation per group.
//
// Difference count lines have a family of their own: a variable per pair
// of neighbours and difference, and a counter of each difference.
//   - sum lines: a layered graph of the running sum of the segment being
//     filled, in either sum form (the cut points are no linear sum).
// Sequence lines are automata (see rules_clues.go's sequence).

// lineEncoders returns the encoder of each of this file's kinds.
func lineEncoders() map[variant.Kind]func(*venc, sudokusat.Rule) error {
	return map[variant.Kind]func(*venc, sudokusat.Rule) error{
		variant.Renban:          (*venc).renban,
		variant.Whispers:        (*venc).whispers,
		variant.Palindrome:      (*venc).palindrome,
		variant.RegionSumLine:   (*venc).regionSumLine,
		variant.BetweenLine:     (*venc).betweenLine,
		variant.EntropicLine:    (*venc).entropicLine,
		variant.ModularLine:     (*venc).modularLine,
		variant.Nabner:          (*venc).nabner,
		variant.ZipperLine:      (*venc).zipperLine,
		variant.DoubleArrow:     (*venc).doubleArrow,
		variant.SlowThermo:      (*venc).slowThermo,
		variant.Lockout:         (*venc).lockout,
		variant.DifferenceCount: (*venc).differenceCount,
		variant.SumLine:         (*venc).sumLine,
		variant.FibonacciLine:   (*venc).fibonacciLine,
		variant.SequenceLine:    (*venc).sequenceLine,
		variant.PairSumLine:     (*venc).pairSumLine,

		variant.RegionDifferenceLine: (*venc).regionDifferenceLine,
	}
}

// line checks a line's cells: in the grid, none twice, at least least.
func (v *venc) line(c sudokusat.Rule, least int) error {
	if err := v.checkCells(c.Cells, 0); err != nil {
		return err
	}
	if len(c.Cells) < least {
		return fmt.Errorf("%d cells, want at least %d", len(c.Cells), least)
	}
	return nil
}

// lineValue returns a whispers or lockout rule's difference: its Value,
// or def when it has none, refused outside 1..N-1.
func (v *venc) lineValue(c sudokusat.Rule, def int) (int, error) {
	d := c.Value
	if d == 0 {
		d = def
	}
	if d < 1 || d > v.n-1 {
		return 0, fmt.Errorf("a difference of %d, want 1 to %d", d, v.n-1)
	}
	return d, nil
}

// --- Relations along the line ---

// whispers: each pair of neighbours at least the difference apart, by
// default (N+1)/2 (5 on 9×9).
func (v *venc) whispers(c sudokusat.Rule) error {
	if err := v.line(c, 2); err != nil {
		return err
	}
	diff, err := v.lineValue(c, (v.n+1)/2)
	if err != nil {
		return err
	}
	for i := 1; i < len(c.Cells); i++ {
		v.relation(c.Cells[i-1], c.Cells[i], func(a, b int) bool { return a-b >= diff || b-a >= diff })
	}
	return nil
}

// palindrome: the cells k apart from either end hold equal digits (the
// support encoding of equality is two binary clauses per digit).
func (v *venc) palindrome(c sudokusat.Rule) error {
	if err := v.line(c, 2); err != nil {
		return err
	}
	k := len(c.Cells)
	for i := 0; i < k/2; i++ {
		v.relation(c.Cells[i], c.Cells[k-1-i], func(a, b int) bool { return a == b })
	}
	return nil
}

// slowThermo: each cell at least the one before it.
func (v *venc) slowThermo(c sudokusat.Rule) error {
	if err := v.line(c, 2); err != nil {
		return err
	}
	for i := 1; i < len(c.Cells); i++ {
		v.relation(c.Cells[i-1], c.Cells[i], func(a, b int) bool { return a <= b })
	}
	return nil
}

// nabner: every pair of the line's cells at least 2 apart.
func (v *venc) nabner(c sudokusat.Rule) error {
	if err := v.line(c, 2); err != nil {
		return err
	}
	if len(c.Cells) > v.n {
		return fmt.Errorf("%d cells hold no %d distinct digits", len(c.Cells), len(c.Cells))
	}
	for i, a := range c.Cells {
		for _, b := range c.Cells[i+1:] {
			v.relation(a, b, func(x, y int) bool { return x-y >= 2 || y-x >= 2 })
		}
	}
	return nil
}

// entropicLine: the bands low, middle, high, as near equal as can be, the
// outer two of one size (variant.EntropicBand).
func (v *venc) entropicLine(c sudokusat.Rule) error {
	return v.bands(c, func(d int) int { return variant.EntropicBand(v.n, d) })
}

// modularLine: the bands are the remainders modulo 3.
func (v *venc) modularLine(c sudokusat.Rule) error {
	return v.bands(c, func(d int) int { return d % 3 })
}

// bands writes that cells one or two steps apart along the line hold
// digits of different bands. Cells three steps apart then hold digits of
// the same band (the two triples they close share two cells, which leave
// one band to each of the ends): that relation is implied, and written
// too, so that unit propagation carries a band along the line.
func (v *venc) bands(c sudokusat.Rule, band func(d int) int) error {
	if err := v.line(c, 2); err != nil {
		return err
	}
	for i, a := range c.Cells {
		for step := 1; step <= 3 && i+step < len(c.Cells); step++ {
			same := step == 3
			v.relation(a, c.Cells[i+step], func(x, y int) bool { return (band(x) == band(y)) == same })
		}
	}
	return nil
}

// --- Fibonacci lines ---

// fibonacciLine: two cells hold different digits; more hold one of the
// sequences that fit on the grid, read from either end, as a table
// (writeTable), so that unit propagation keeps in each cell only the
// digits some sequence still open puts there. Its two lowest digits fix a
// sequence; on 9×9 a line of three has 32 (16 each way), one of five only
// 1 2 3 5 8 and its reverse.
func (v *venc) fibonacciLine(c sudokusat.Rule) error {
	if err := v.line(c, 2); err != nil {
		return err
	}
	k := len(c.Cells)
	if k == 2 {
		v.forbid(c.Cells[0], c.Cells[1], func(i, j int) bool { return i == j })
		return nil
	}
	var tuples [][]int
	for a := 1; a <= v.n; a++ {
		for b := a + 1; a+b <= v.n; b++ {
			if !v.tick() {
				return v.ctx.Err()
			}
			seq := []int{a, b}
			for len(seq) < k && seq[len(seq)-1]+seq[len(seq)-2] <= v.n {
				seq = append(seq, seq[len(seq)-1]+seq[len(seq)-2])
			}
			if len(seq) < k {
				continue
			}
			down := slices.Clone(seq)
			slices.Reverse(down)
			tuples = append(tuples, seq, down)
		}
	}
	v.writeTable(c.Cells, tuples)
	return nil
}

// --- Renban lines ---

// renban: distinct digits, and a variable y[s] for each run s..s+k-1 of k
// digits the line may hold. At least one y holds; y[s] forbids every
// digit outside its run and asks each of its digits of some cell; each
// digit of a cell asks for a run that holds it. At most one y holds (two
// runs share fewer than k digits, which k distinct cells cannot fit):
// implied, and written for propagation.
func (v *venc) renban(c sudokusat.Rule) error {
	if err := v.line(c, 2); err != nil {
		return err
	}
	k := len(c.Cells)
	if k > v.n {
		return fmt.Errorf("%d cells hold no %d distinct digits", k, k)
	}
	v.distinct(c.Cells)
	runs := v.n - k + 1 // the runs start at 1..runs
	ys := make([]int32, runs+1)
	for s := 1; s <= runs; s++ {
		ys[s] = v.f.newVar()
	}
	v.f.Add(ys[1:]...)
	v.f.amo(ys[1:], productThreshold)
	for s := 1; s <= runs; s++ {
		for d := 1; d <= v.n; d++ {
			if d >= s && d < s+k {
				v.buf = append(v.buf[:0], -ys[s])
				for _, cell := range c.Cells {
					v.buf = append(v.buf, v.x(cell, d))
				}
				v.f.Add(v.buf...)
				continue
			}
			for _, cell := range c.Cells {
				v.f.Add(-ys[s], -v.x(cell, d))
			}
		}
	}
	for _, cell := range c.Cells {
		for d := 1; d <= v.n; d++ {
			v.buf = append(v.buf[:0], -v.x(cell, d))
			for s := max(1, d-k+1); s <= min(d, runs); s++ {
				v.buf = append(v.buf, ys[s])
			}
			v.f.Add(v.buf...)
		}
	}
	return nil
}

// --- Between and lockout lines ---

// Constant literals for clauses written with the order encoding, whose
// bounds ge(1) and ge(N+1) are true and false: clause drops a false
// literal and a clause with a true one.
const (
	litTrue  int32 = math.MaxInt32
	litFalse int32 = -math.MaxInt32
)

// clause adds a clause, without its false literals, unless it holds a
// true one.
func (v *venc) clause(lits ...int32) {
	v.buf = v.buf[:0]
	for _, l := range lits {
		switch l {
		case litTrue:
			return
		case litFalse:
			continue
		}
		v.buf = append(v.buf, l)
	}
	v.f.Add(v.buf...)
}

// order returns the order encoding of a cell's digit: ge(d) is a literal
// true exactly when the cell holds d or more, channelled with its digit
// variables (ge(d+1) implies ge(d); x(d) implies ge(d) and not ge(d+1);
// ge(d) and not ge(d+1) imply x(d)). ge(1) is litTrue, ge(N+1) litFalse.
func (v *venc) order(cell int) func(d int) int32 {
	vars := make([]int32, v.n+2)
	for d := 2; d <= v.n; d++ {
		vars[d] = v.f.newVar()
	}
	ge := func(d int) int32 {
		switch {
		case d <= 1:
			return litTrue
		case d > v.n:
			return litFalse
		}
		return vars[d]
	}
	for d := 1; d <= v.n; d++ {
		v.clause(-ge(d+1), ge(d))
		v.clause(-v.x(cell, d), ge(d))
		v.clause(-v.x(cell, d), -ge(d+1))
		v.clause(-ge(d), ge(d+1), v.x(cell, d))
	}
	return ge
}

// ends returns a two-ended line's end cells and the cells between them.
func ends(cells []int) (a, b int, middle []int) {
	return cells[0], cells[len(cells)-1], cells[1 : len(cells)-1]
}

// betweenLine: a middle cell holds d only when one end is below d and the
// other above. In the order encoding of the ends (A, B): the ends are not
// d, not both ≥ d (¬A(d) ∨ ¬B(d)) and not both ≤ d (A(d+1) ∨ B(d+1)).
// The ends then differ by 2 or more, which is written too, and no middle
// cell holds 1 or N.
func (v *venc) betweenLine(c sudokusat.Rule) error {
	if err := v.line(c, 3); err != nil {
		return err
	}
	a, b, middle := ends(c.Cells)
	A, B := v.order(a), v.order(b)
	v.relation(a, b, func(x, y int) bool { return x-y >= 2 || y-x >= 2 })
	for _, m := range middle {
		v.f.Add(-v.x(m, 1))
		v.f.Add(-v.x(m, v.n))
		for d := 2; d < v.n; d++ {
			x := v.x(m, d)
			v.f.Add(-x, -v.x(a, d))
			v.f.Add(-x, -v.x(b, d))
			v.clause(-x, -A(d), -B(d))
			v.clause(-x, A(d+1), B(d+1))
		}
	}
	return nil
}

// lockout: the ends at least the difference apart (by default N/2, 4 on
// 9×9), a relation; a middle cell holds d only when both ends are below d
// or both above it. With P = ¬A(d) (a < d), Q = ¬B(d), R = A(d+1) (a >
// d), S = B(d+1), that is (P∧Q) ∨ (R∧S): the ends are not d (P∨R, Q∨S,
// binary clauses with the ends' digits), P∨S and Q∨R.
func (v *venc) lockout(c sudokusat.Rule) error {
	if err := v.line(c, 2); err != nil {
		return err
	}
	diff, err := v.lineValue(c, v.n/2)
	if err != nil {
		return err
	}
	a, b, middle := ends(c.Cells)
	v.relation(a, b, func(x, y int) bool { return x-y >= diff || y-x >= diff })
	if len(middle) == 0 {
		return nil
	}
	A, B := v.order(a), v.order(b)
	for _, m := range middle {
		for d := 1; d <= v.n; d++ {
			x := v.x(m, d)
			v.f.Add(-x, -v.x(a, d))
			v.f.Add(-x, -v.x(b, d))
			v.clause(-x, -A(d), B(d+1))
			v.clause(-x, -B(d), A(d+1))
		}
	}
	return nil
}

// --- Equal sums ---

// zipperLine: the pairs of cells at the same distance from the middle,
// and the middle cell alone when there is one, have equal sums.
func (v *venc) zipperLine(c sudokusat.Rule) error {
	if err := v.line(c, 3); err != nil {
		return err
	}
	k := len(c.Cells)
	var groups [][]int
	for i := 0; i < (k+1)/2; i++ {
		if i == k-1-i {
			groups = append(groups, []int{c.Cells[i]})
			continue
		}
		groups = append(groups, []int{c.Cells[i], c.Cells[k-1-i]})
	}
	return v.equalSums(groups)
}

// pairSumLine: a line of four cells, whose first two and last two cells
// have equal sums.
func (v *venc) pairSumLine(c sudokusat.Rule) error {
	if err := v.line(c, 4); err != nil {
		return err
	}
	if len(c.Cells) != 4 {
		return fmt.Errorf("%d cells, want 4", len(c.Cells))
	}
	return v.equalSums([][]int{c.Cells[:2], c.Cells[2:]})
}

// doubleArrow: the two ends and the cells between them have equal sums.
func (v *venc) doubleArrow(c sudokusat.Rule) error {
	if err := v.line(c, 3); err != nil {
		return err
	}
	a, b, middle := ends(c.Cells)
	return v.equalSums([][]int{{a, b}, middle})
}

// regionSumLine: the stretches of the line in one region each (a new one
// each time the line passes into another region) have equal sums. A line
// in one region has one stretch, and nothing to write.
func (v *venc) regionSumLine(c sudokusat.Rule) error {
	if err := v.line(c, 2); err != nil {
		return err
	}
	var groups [][]int
	for i, cell := range c.Cells {
		if i == 0 || v.p.Region(cell) != v.p.Region(c.Cells[i-1]) {
			groups = append(groups, nil)
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], cell)
	}
	return v.equalSums(groups)
}

// regionDifferenceLine: the line's segments in one region each, two cells
// apiece, differ by one shared amount. A one-hot e[d] is that amount, d
// from 0 (two cells in no region may hold one digit) to N−1; each pair of
// digits of a segment implies its e, and e[d] asks each digit of either
// cell for a partner d away in the other, so that a known difference
// carries to the digits and the digits left carry back to it. A line in
// one region has one segment, and nothing to write.
func (v *venc) regionDifferenceLine(c sudokusat.Rule) error {
	if err := v.line(c, 2); err != nil {
		return err
	}
	var parts [][]int
	for i, cell := range c.Cells {
		if i == 0 || v.p.Region(cell) != v.p.Region(c.Cells[i-1]) {
			parts = append(parts, nil)
		}
		parts[len(parts)-1] = append(parts[len(parts)-1], cell)
	}
	for _, part := range parts {
		if len(part) != 2 {
			return fmt.Errorf("a segment of %d cells between region borders, want 2", len(part))
		}
	}
	if len(parts) < 2 {
		return nil
	}
	e := make([]int32, v.n)
	for d := range e {
		e[d] = v.f.newVar()
	}
	v.f.Add(e...)
	v.f.amo(e, productThreshold)
	for _, part := range parts {
		a, b := part[0], part[1]
		if v.sees(a, b) {
			v.clause(-e[0]) // a segment of distinct digits differs
		}
		for x := 1; x <= v.n; x++ {
			for y := 1; y <= v.n; y++ {
				v.f.Add(-v.x(a, x), -v.x(b, y), e[max(x-y, y-x)])
			}
		}
		for d := range e {
			for _, pair := range [2][2]int{{a, b}, {b, a}} {
				from, to := pair[0], pair[1]
				for x := 1; x <= v.n; x++ {
					v.buf = append(v.buf[:0], -e[d], -v.x(from, x))
					for _, y := range []int{x - d, x + d} {
						if y >= 1 && y <= v.n && !slices.Contains(v.buf[2:], v.x(to, y)) {
							v.buf = append(v.buf, v.x(to, y))
						}
					}
					v.f.Add(v.buf...)
				}
			}
		}
	}
	return nil
}

// maxSumEdges bounds the edges of the partial-sum graphs of one rule. A
// 9×9 line has a few thousand; a stretch of 25 cells of a 25×25 grid about
// 200 000.
const maxSumEdges = 2_000_000

// equalSums writes that the groups of cells (two or more) have equal
// sums. In the PB form: Σ group i − Σ group 0 = 0 for each later group.
// In clauses: a one-hot total t[s], s over the sums every group's size
// allows, and each group's partial-sum graph (sumGraph) ending in it.
func (v *venc) equalSums(groups [][]int) error {
	if len(groups) < 2 {
		return nil
	}
	if v.sums == SumPB {
		for _, g := range groups[1:] {
			var terms []term
			for _, cell := range g {
				terms = append(terms, term{cell, 1})
			}
			for _, cell := range groups[0] {
				terms = append(terms, term{cell, -1})
			}
			v.pbSum(terms, 0)
		}
		return nil
	}
	lo, hi := math.MinInt, math.MaxInt
	for _, g := range groups {
		lo, hi = max(lo, len(g)), min(hi, len(g)*v.n)
	}
	if lo > hi {
		v.f.Add() // no sum all groups reach: the empty clause
		return nil
	}
	total := make([]int32, hi-lo+1)
	for i := range total {
		total[i] = v.f.newVar()
	}
	budget := maxSumEdges
	for _, g := range groups {
		if err := v.sumGraph(g, lo, total, &budget); err != nil {
			return err
		}
	}
	return nil
}

// sumGraph writes that the digits of cells sum to s with total[s-lo]
// true, and to no sum outside lo..lo+len(total)-1, as a layered graph:
// node (i, s) is "the first i cells sum to s", for the sums i..i·N that
// can still reach a total; an edge (i, s, d) goes from (i, s) to (i+1,
// s+d) for digit d of cell i. Each node and edge is a variable (the root
// is true, the last layer's nodes are the totals), with clauses: an edge
// implies its two nodes and its digit; a node implies one of its edges in
// and one out; a digit implies one of its edges. A true path from the
// root then reads the cells' digits (one edge per layer, as a cell has one
// digit) and ends at their sum. Unit propagation keeps exactly the digits
// and totals on some path of live edges: domain consistency for the one
// sum. budget bounds the edges; past it the line is too long for clauses.
func (v *venc) sumGraph(cells []int, lo int, total []int32, budget *int) error {
	k, n := len(cells), v.n
	width := k*n + 1 // sums 0..k·N
	// node[i][s] is the literal of node (i, s), 0 when there is none.
	node := make([][]int32, k+1)
	for i := range node {
		node[i] = make([]int32, width)
	}
	for s := k; s <= k*n; s++ {
		if s-lo >= 0 && s-lo < len(total) {
			node[k][s] = total[s-lo]
		}
	}
	live := func(i, s int) bool { return s < width && node[i][s] != 0 }
	for i := k - 1; i >= 0; i-- {
		for s := i; s <= i*n; s++ {
			for d := 1; d <= n; d++ {
				if live(i+1, s+d) {
					node[i][s] = litFalse // a placeholder: live, numbered below
					break
				}
			}
		}
	}
	if !live(0, 0) {
		v.f.Add() // no digits make any of the totals
		return nil
	}
	node[0][0] = litTrue
	for i := 1; i < k; i++ {
		for s := range node[i] {
			if live(i, s) {
				node[i][s] = v.f.newVar()
			}
		}
	}
	step := func(s, d int) int {
		if s+d < width {
			return s + d
		}
		return -1
	}
	if err := v.writeLayers(cells, node, step, budget, "partial sums: too long for clauses (use the PB form)"); err != nil {
		return err
	}
	// The totals no sum of these cells reaches are false.
	for j, t := range total {
		if s := lo + j; s < k || s > k*n {
			v.f.Add(-t)
		}
	}
	return nil
}

// --- Difference count lines ---

// differenceCount: the difference between two neighbours is how many
// pairs of neighbours on the line have it. A variable e[i][d] says that
// pair i (cells i and i+1) differs by d, for d from 1 to the most a count
// of the line's m pairs reaches (m, or N-1 when less): the pair's digits
// differ by one of those (a relation, so no difference 0), each pair of
// digits makes its e true, and e[i][d] asks each digit of either cell for
// a partner d away in the other, so that a difference known carries to
// the digits; one e per pair is implied, and written for propagation.
// Then, for each d, a counter of the e[·][d] true, exact both ways, says
// the count is 0 or d: not d+1 or more, and any e[i][d] true asks for d.
// Every variable is a function of the digits: a grid is one model.
func (v *venc) differenceCount(c sudokusat.Rule) error {
	if err := v.line(c, 2); err != nil {
		return err
	}
	m := len(c.Cells) - 1
	most := min(m, v.n-1)
	apart := func(x, y int) int { return max(x-y, y-x) }
	e := make([][]int32, m) // e[i][d], d from 1 to most
	for i := range e {
		a, b := c.Cells[i], c.Cells[i+1]
		v.relation(a, b, func(x, y int) bool { return apart(x, y) >= 1 && apart(x, y) <= most })
		e[i] = make([]int32, most+1)
		for d := 1; d <= most; d++ {
			e[i][d] = v.f.newVar()
		}
		v.f.Add(e[i][1:]...)
		v.f.amo(e[i][1:], productThreshold)
		for x := 1; x <= v.n; x++ {
			for y := 1; y <= v.n; y++ {
				if d := apart(x, y); d >= 1 && d <= most {
					v.f.Add(-v.x(a, x), -v.x(b, y), e[i][d])
				}
			}
		}
		for d := 1; d <= most; d++ {
			for _, pair := range [2][2]int{{a, b}, {b, a}} {
				from, to := pair[0], pair[1]
				for x := 1; x <= v.n; x++ {
					v.buf = append(v.buf[:0], -e[i][d], -v.x(from, x))
					for _, y := range []int{x - d, x + d} {
						if y >= 1 && y <= v.n {
							v.buf = append(v.buf, v.x(to, y))
						}
					}
					v.f.Add(v.buf...)
				}
			}
		}
	}
	lits := make([]int32, m)
	for d := 1; d <= most; d++ {
		if !v.tick() {
			return v.ctx.Err()
		}
		for i := range e {
			lits[i] = e[i][d]
		}
		ge := v.atLeast(lits, d+1)
		v.clause(-ge[d+1])
		for i := range e {
			v.clause(-e[i][d], ge[d])
		}
	}
	return nil
}

// atLeast returns the literals ge[t], t from 0 to most, true exactly when
// t or more of lits are (ge[0] is litTrue, and ge[t] litFalse past
// len(lits)): a sequential counter whose every variable is defined both
// ways, r(j, t) = r(j-1, t) ∨ (lits[j-1] ∧ r(j-1, t-1)) over the first j
// literals, so that unit propagation counts up and down.
func (v *venc) atLeast(lits []int32, most int) []int32 {
	prev := make([]int32, most+1) // r(j-1, ·)
	prev[0] = litTrue
	for t := 1; t <= most; t++ {
		prev[t] = litFalse
	}
	for j, l := range lits {
		cur := make([]int32, most+1)
		cur[0] = litTrue
		for t := 1; t <= most; t++ {
			if t > j+1 {
				cur[t] = litFalse
				continue
			}
			cur[t] = v.f.newVar()
			v.clause(-prev[t], cur[t])
			v.clause(-l, -prev[t-1], cur[t])
			v.clause(-cur[t], prev[t], l)
			v.clause(-cur[t], prev[t], prev[t-1])
		}
		prev = cur
	}
	return prev
}

// --- Sum lines ---

// sumLine: the cells fall into segments that each sum to the total T, as
// a layered graph of the open segment's running sum: node (i, s) is "the
// segment open after the first i cells sums to s", 0 ≤ s < T; an edge
// (i, s, d) goes from (i, s) to (i+1, s+d), or to (i+1, 0) when s+d is T
// (a segment closes), and none when s+d passes T. A line starts and ends
// at 0. A loop starts at any s, exactly one, and ends where it started:
// its last layer is its first. The clauses are sumGraph's: an edge
// implies its two nodes and its digit; a node one of its edges out (and,
// for propagation, one in); a digit one of its edges. The one true start
// then has a path of true edges, each of its cell's one digit, that
// reads the digits and ends at a node there is: a line's 0, or a loop's
// start, the one true node of the first layer (two true starts would let
// a loop of half the total close in two turns). No running sum passes
// k·N, which bounds the nodes of a large total.
func (v *venc) sumLine(c sudokusat.Rule) error {
	cells, loop := variant.LoopCells(c)
	if err := v.checkCells(cells, 0); err != nil {
		return err
	}
	least := 2
	if loop {
		least = 3
	}
	if len(cells) < least {
		return fmt.Errorf("%d cells, want at least %d", len(cells), least)
	}
	if c.Value < 0 {
		return fmt.Errorf("a total of %d, want one above 0", c.Value)
	}
	total, k, n := variant.SumLineValue(c), len(cells), v.n
	width := min(total, k*n+1) // the running sums 0..width-1
	step := func(s, d int) int {
		switch t := s + d; {
		case t == total:
			return 0
		case t < width:
			return t
		}
		return -1
	}
	// Which nodes a path from a start reaches, and which reach an end.
	fw, bw := make([][]bool, k+1), make([][]bool, k+1)
	for i := range fw {
		fw[i], bw[i] = make([]bool, width), make([]bool, width)
	}
	fw[0][0], bw[k][0] = true, true
	if loop {
		for s := range width {
			fw[0][s], bw[k][s] = true, true
		}
	}
	for i := range k {
		for s := range width {
			for d := 1; d <= n && fw[i][s]; d++ {
				if t := step(s, d); t >= 0 {
					fw[i+1][t] = true
				}
			}
		}
	}
	for i := k - 1; i >= 0; i-- {
		for s := range width {
			for d := 1; d <= n && !bw[i][s]; d++ {
				if t := step(s, d); t >= 0 && bw[i+1][t] {
					bw[i][s] = true
				}
			}
		}
	}
	// node[i][s] is the literal of node (i, s), 0 when there is none.
	node := make([][]int32, k+1)
	for i := range node {
		node[i] = make([]int32, width)
	}
	switch {
	case !loop:
		node[0][0], node[k][0] = litTrue, litTrue
		if !bw[0][0] {
			v.f.Add() // no digits divide the line
			return nil
		}
	default:
		var starts []int32
		for s := range width {
			if bw[0][s] && fw[k][s] {
				node[0][s] = v.f.newVar()
				starts = append(starts, node[0][s])
			}
		}
		v.f.Add(starts...) // the empty clause when no start is live
		v.f.amo(starts, productThreshold)
		node[k] = node[0]
	}
	for i := 1; i < k; i++ {
		for s := range width {
			if fw[i][s] && bw[i][s] {
				node[i][s] = v.f.newVar()
			}
		}
	}
	budget := maxSumEdges
	return v.writeLayers(cells, node, step, &budget, "running sums: too long a line for clauses")
}

// --- Sequence lines ---

// sequenceLine: the line's digits, in order, an arithmetic sequence,
// written as the automaton that reads them (v.sequence: unit propagation
// then removes every digit that no sequence of the candidates uses, and
// its variables are functions of the digits). Its state is the last digit
// read and, from the second on, the step: 0 at the start, d for the first
// digit d, and for last digit d and step s (from 1-n to n-1, 0 included)
// n + (d-1)(2n-1) + s + n. A line of two cells, any two digits, is no
// rule.
func (v *venc) sequenceLine(c sudokusat.Rule) error {
	if err := v.line(c, 2); err != nil {
		return err
	}
	if len(c.Cells) < 3 {
		return nil
	}
	n := v.n
	state := func(d, s int) int { return n + (d-1)*(2*n-1) + s + n }
	return v.sequence(c.Cells, automaton{
		start: 0,
		step: func(q, d int) (int, bool) {
			switch {
			case q == 0:
				return d, true
			case q <= n:
				return state(d, d-q), true
			}
			last, s := (q-n-1)/(2*n-1)+1, (q-n-1)%(2*n-1)+1-n
			return state(d, s), d == last+s
		},
		accept: func(int) bool { return true },
	})
}

// writeLayers writes the clauses of a layered graph over cells, as sum
// lines and equal sums read their running sums: node[i][s] is the literal
// of state s before cell i (0 for none), and digit d leads from state s
// to step(s, d) (-1 for none). An edge is a variable that implies its two
// nodes and its cell's digit; a node implies one of its out-edges and,
// past the first layer, one of its in-edges; a digit implies one of its
// cell's edges. budget counts the edges down; past 0 the error says what
// they are and why.
func (v *venc) writeLayers(cells []int, node [][]int32, step func(s, d int) int, budget *int, what string) error {
	n, width := v.n, len(node[0])
	// in[t] lists the edges into node (i+1, t) of the layer being written,
	// byDigit[d] its edges of digit d.
	in := make([][]int32, width)
	byDigit := make([][]int32, n+1)
	var out []int32
	for i, cell := range cells {
		for s := range in {
			in[s] = in[s][:0]
		}
		for d := range byDigit {
			byDigit[d] = byDigit[d][:0]
		}
		for s := range width {
			if node[i][s] == 0 {
				continue
			}
			out = out[:0]
			for d := 1; d <= n; d++ {
				t := step(s, d)
				if t < 0 || node[i+1][t] == 0 {
					continue
				}
				if *budget--; *budget < 0 {
					return fmt.Errorf("more than %d edges of %s", maxSumEdges, what)
				}
				if !v.tick() {
					return v.ctx.Err()
				}
				e := v.f.newVar()
				v.clause(-e, node[i][s])
				v.clause(-e, v.x(cell, d))
				v.clause(-e, node[i+1][t])
				out = append(out, e)
				in[t] = append(in[t], e)
				byDigit[d] = append(byDigit[d], e)
			}
			v.clause(append([]int32{-node[i][s]}, out...)...)
		}
		for d := 1; d <= n; d++ {
			v.f.Add(append([]int32{-v.x(cell, d)}, byDigit[d]...)...)
		}
		for t := range width {
			if node[i+1][t] != 0 {
				v.clause(append([]int32{-node[i+1][t]}, in[t]...)...)
			}
		}
	}
	return nil
}
