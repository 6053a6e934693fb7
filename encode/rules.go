package encode

import (
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// This file is the encoder of every kind of rule (see variant.Kinds): a
// function each, over the direct variables x(cell, digit) of the variant
// formula, built from the clause families of variant.go.

// ruleEncoders returns the function that writes each kind of rule: the one
// place of the encoder that names the kinds, its groups in files of their own.
func ruleEncoders() map[variant.Kind]func(*venc, sudokusat.Rule) error {
	m := baseEncoders()
	for _, group := range []map[variant.Kind]func(*venc, sudokusat.Rule) error{lineEncoders(), clueEncoders(), cellEncoders()} {
		maps.Copy(m, group)
	}
	return m
}

// baseEncoders returns the part of each kind of this file.
func baseEncoders() map[variant.Kind]func(*venc, sudokusat.Rule) error {
	return map[variant.Kind]func(*venc, sudokusat.Rule) error{
		variant.Region:         (*venc).group,
		variant.DiagonalMain:   (*venc).group,
		variant.DiagonalAnti:   (*venc).group,
		variant.Killer:         (*venc).killer,
		variant.Thermo:         (*venc).thermo,
		variant.Arrow:          (*venc).arrow,
		variant.White:          (*venc).dot,
		variant.Black:          (*venc).dot,
		variant.GreyDot:        (*venc).dot,
		variant.XV:             (*venc).dot,
		variant.Even:           (*venc).parity,
		variant.Odd:            (*venc).parity,
		variant.AntiKnight:     (*venc).antiKnight,
		variant.AntiKing:       (*venc).antiKing,
		variant.NonConsecutive: (*venc).nonConsecutive,
		variant.NoBlack:        (*venc).noBlack,
		variant.NoXV:           (*venc).noXV,

		variant.DifferenceArrow: (*venc).differenceArrow,
	}
}

// group: an extra region or a diagonal, cells of distinct digits.
func (v *venc) group(c sudokusat.Rule) error {
	if err := v.checkCells(c.Cells, 0); err != nil {
		return err
	}
	v.distinct(c.Cells)
	return nil
}

// killer: distinct digits, and their sum when the cage shows one.
func (v *venc) killer(c sudokusat.Rule) error {
	if err := v.group(c); err != nil {
		return err
	}
	if c.Value != sudokusat.NoValue {
		return v.killerSum(c.Cells, c.Value)
	}
	return nil
}

// cageSets is the most digit sets a killer cage's sum is written as; past
// it, as a partial-sum graph (sumGraph). A set costs k + (N−k)·k clauses
// for a cage of k cells, the graph about three for each of its k·W·N
// edges, W the sums a layer spans: a 10-cell cage of a 25×25 grid is 160
// clauses a set and 90,000 as a graph, one of 28 cells on 35×35, 224 and
// 1.5 million. No cage of a grid up to 16×16 has more than 526 sets (12
// on 9×9), so those are all written as sets, as before.
const cageSets = 1_000

// killerSum writes that the distinct digits of cells sum to s.
func (v *venc) killerSum(cells []int, s int) error {
	terms := make([]term, len(cells))
	for i, c := range cells {
		terms[i] = term{c, 1}
	}
	if v.sums == SumPB {
		v.pbSum(terms, s)
		return nil
	}
	sets, ok := v.digitSets(len(cells), s, v.cageSets)
	if err := v.ctx.Err(); err != nil {
		return err
	}
	if !ok {
		// Too many sets: the partial sums, which know nothing of
		// distinct digits (the cage's at-most-one clauses do).
		total := []int32{v.f.newVar()}
		v.f.Add(total[0])
		budget := maxSumEdges
		return v.sumGraph(cells, s, total, &budget)
	}
	k := len(cells)
	if v.f.nClauses+len(sets)*(k+(v.n-k)*k)+k*v.n > v.maxClauses {
		return v.tooLarge()
	}
	// The cells are distinct, so a combination is a set of digits: each
	// set of len(cells) digits summing to s gets a variable y. Exactly
	// one y is true; y keeps every cell within its set and places each of
	// its digits; and each digit of a cell needs a set that holds it. The
	// cells' distinctness makes them a permutation of the chosen set.
	ys := make([]int32, len(sets))
	for i := range sets {
		ys[i] = v.f.newVar()
	}
	v.f.Add(ys...) // no set: the empty clause, no solution
	v.f.amo(ys, productThreshold)
	for i, set := range sets {
		for d := 1; d <= v.n; d++ {
			if slices.Contains(set, d) {
				v.buf = append(v.buf[:0], -ys[i])
				for _, c := range cells {
					v.buf = append(v.buf, v.x(c, d))
				}
				v.f.Add(v.buf...)
				continue
			}
			for _, c := range cells {
				v.f.Add(-ys[i], -v.x(c, d))
			}
		}
	}
	for _, c := range cells {
		for d := 1; d <= v.n; d++ {
			v.buf = append(v.buf[:0], -v.x(c, d))
			for i, set := range sets {
				if slices.Contains(set, d) {
					v.buf = append(v.buf, ys[i])
				}
			}
			v.f.Add(v.buf...)
		}
	}
	return nil
}

// digitSets lists the sets of k distinct digits from 1 to N that sum to
// s, or reports false when there are more than limit of them or the
// context ends first. Each digit is tried only where the digits after it
// can still make the rest: the sums of j distinct digits from an interval
// are every number between the j smallest and the j largest, so every
// branch taken ends in a set, and the listing costs at most k steps a
// set. (It once tried every increasing run, 2^k of them: a cage per row
// of a 35×35 grid would have taken hours.)
func (v *venc) digitSets(k, s, limit int) ([][]int, bool) {
	n := v.n
	var sets [][]int
	set := make([]int, 0, k)
	var walk func(from, left, rest int) bool
	walk = func(from, left, rest int) bool {
		if left == 0 {
			if rest != 0 {
				return true // no cells and a sum: no set
			}
			if len(sets) == limit {
				return false
			}
			sets = append(sets, slices.Clone(set))
			return true
		}
		if !v.tick() {
			return false
		}
		// d, then left−1 digits above it: at least left·d + (left−1)·left/2
		// and at most d plus the left−1 largest, N down to N−left+2.
		lo := max(from, rest-(left-1)*n+(left-1)*(left-2)/2)
		hi := min(n-left+1, (rest-left*(left-1)/2)/left) // rounded up only below 1
		for d := lo; d <= hi; d++ {
			set = append(set, d)
			ok := walk(d+1, left-1, rest-d)
			set = set[:len(set)-1]
			if !ok {
				return false
			}
		}
		return true
	}
	if k > n || !walk(1, k, s) {
		return nil, k > n // more than N cells: no set, as the group says too
	}
	return sets, true
}

// arrow writes that the digits along each of the arrow's lines sum to
// the number its circle's cells make: for each line, Σ line digits −
// Σ 10^k·circle digit = 0.
func (v *venc) arrow(c sudokusat.Rule) error {
	if len(c.Cells) == 0 {
		return errors.New("an arrow without a circle")
	}
	if len(c.Lines) == 0 {
		return errors.New("an arrow without a line")
	}
	if len(c.Cells) > 1 && v.n > 9 {
		// A pill's number is read as decimal digits, which a cell holding
		// 10 or more does not make.
		return fmt.Errorf("a circle of %d cells on a %d×%d grid: its digits above 9 make no decimal number", len(c.Cells), v.n, v.n)
	}
	var circle []term
	for i, cell := range c.Cells {
		w := 1
		for range len(c.Cells) - 1 - i {
			w *= 10
		}
		circle = append(circle, term{cell, -w})
	}
	for _, line := range c.Lines {
		terms := slices.Clone(circle)
		for _, cell := range line {
			terms = append(terms, term{cell, 1})
		}
		if err := v.checkCells(append(slices.Clone(c.Cells), line...), 0); err != nil {
			return err
		}
		if v.sums == SumPB {
			v.pbSum(terms, 0)
			continue
		}
		// The digit tuples while they are few; a long line's grow as N^k,
		// and past maxCombos its partial sums, whose size grows with the
		// line's length times its largest sum.
		err := v.tupleSum(terms, 0, arrowTuples)
		if errors.Is(err, errTooManyCombos) {
			err = v.arrowGraph(c.Cells, line)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// differenceArrow: on each line, the two digits differ by the circle's
// digit, written as a table of the (circle, first, second) digit triples
// (writeTable), about N² of them: arc consistent under unit propagation,
// so that a circle's digit limits the line's and the line's the circle's.
// Triples that repeat a digit between cells that see each other are left
// out, as tupleSum leaves them.
func (v *venc) differenceArrow(c sudokusat.Rule) error {
	if len(c.Cells) != 1 {
		return fmt.Errorf("a circle of %d cells, want 1", len(c.Cells))
	}
	if len(c.Lines) == 0 {
		return errors.New("a difference arrow without a line")
	}
	circle := c.Cells[0]
	for _, line := range c.Lines {
		cells := append([]int{circle}, line...)
		if err := v.checkCells(cells, 3); err != nil {
			return fmt.Errorf("a circle and a line of two cells: %w", err)
		}
		var triples [][]int
		for d := 1; d < v.n; d++ {
			for x := 1; x <= v.n; x++ {
				for _, y := range []int{x - d, x + d} {
					t := []int{d, x, y}
					if y < 1 || y > v.n || d == x && v.sees(circle, line[0]) || d == y && v.sees(circle, line[1]) {
						continue
					}
					triples = append(triples, t)
				}
			}
		}
		v.writeTable(cells, triples)
	}
	return nil
}

// arrowTuples is the most digit tuples an arrow's line is written as a
// table of; past it, as a partial-sum graph. The table is the tighter
// form on short lines, but grows as N^k: a two-cell circle on a five-cell
// line (a published puzzle of the held-out set) had 1.1 MB of tuples that
// took 0.76 s to write, and gophersat 0.8 s to count; as a graph, 156 KB,
// 9 ms and 15 ms (1,000 gave the same formula for it). The sets of
// published puzzles, measured with 100,000 and with 5,000: the same
// answers, the held-out set of 40 counted in 0.34 s instead of 0.87 s.
const arrowTuples = 5_000

// arrowGraph writes that the digits of line sum to the circle's number
// as a partial-sum graph of the line (sumGraph) ending in a one-hot total
// t[s], tied to the circle's digits: t[s] implies each circle cell's
// decimal digit of s, and each tuple of circle digits implies the total it
// reads (or is false when the line cannot reach it). A circle of k cells
// has N^k tuples, a few hundred for the circles puzzles draw.
func (v *venc) arrowGraph(circle, line []int) error {
	n, k := v.n, len(circle)
	tuples := 1
	for range k {
		if tuples *= n; tuples > maxCombos {
			return fmt.Errorf("a circle of %d cells: more than %d digit tuples", k, maxCombos)
		}
	}
	lo, hi := len(line), len(line)*n
	total := make([]int32, hi-lo+1)
	for i := range total {
		total[i] = v.f.newVar()
	}
	budget := maxSumEdges
	if err := v.sumGraph(line, lo, total, &budget); err != nil {
		return err
	}
	// value reads digits as the circle's number: one cell its digit, more
	// cells decimal digits.
	value := func(ds []int) int {
		if k == 1 {
			return ds[0]
		}
		s := 0
		for _, d := range ds {
			s = s*10 + d
		}
		return s
	}
	ds := make([]int, k)
	for t := range tuples {
		for i, r := k-1, t; i >= 0; i, r = i-1, r/n {
			ds[i] = r%n + 1
		}
		s := value(ds)
		lits := make([]int32, 0, k+1)
		for i, cell := range circle {
			lits = append(lits, -v.x(cell, ds[i]))
		}
		if s >= lo && s <= hi {
			lits = append(lits, total[s-lo])
			for i, cell := range circle {
				v.clause(-total[s-lo], v.x(cell, ds[i]))
			}
		}
		v.clause(lits...)
	}
	// A total no tuple of circle digits reads is false.
	for s := lo; s <= hi; s++ {
		if !v.readable(s, k) {
			v.clause(-total[s-lo])
		}
	}
	return nil
}

// readable reports whether a circle of k cells reads s: one cell a digit
// of the grid, more cells k decimal digits from 1 to 9.
func (v *venc) readable(s, k int) bool {
	if k == 1 {
		return s >= 1 && s <= v.n
	}
	for range k {
		if d := s % 10; d < 1 || d > 9 {
			return false
		}
		s /= 10
	}
	return s == 0
}

// thermo: each cell below the next, as a relation between neighbours.
func (v *venc) thermo(c sudokusat.Rule) error {
	if err := v.checkCells(c.Cells, 0); err != nil {
		return err
	}
	for i := 1; i < len(c.Cells); i++ {
		v.relation(c.Cells[i-1], c.Cells[i], func(a, b int) bool { return a < b })
	}
	return nil
}

// dot: a Kropki dot (white, black or grey) or an XV mark, the relation it
// asks of its two digits.
func (v *venc) dot(c sudokusat.Rule) error {
	if err := v.checkCells(c.Cells, 2); err != nil {
		return err
	}
	ok := func(a, b int) bool { return a+b == c.Value }
	switch c.Kind {
	case variant.White:
		ok = consecutive
		if c.Value != 0 { // a difference other than 1
			ok = func(a, b int) bool { return a-b == c.Value || b-a == c.Value }
		}
	case variant.Black:
		ok = double
		if c.Value != 0 { // a ratio other than 2
			ok = func(a, b int) bool { return a == c.Value*b || b == c.Value*a }
		}
	case variant.GreyDot:
		ok = func(a, b int) bool { return consecutive(a, b) || double(a, b) }
	}
	v.relation(c.Cells[0], c.Cells[1], ok)
	return nil
}

func consecutive(a, b int) bool { return a-b == 1 || b-a == 1 }
func double(a, b int) bool      { return a == 2*b || b == 2*a }

// parity: the cell's digits of the other parity are false.
func (v *venc) parity(c sudokusat.Rule) error {
	if err := v.checkCells(c.Cells, 1); err != nil {
		return err
	}
	parity := 0
	if c.Kind == variant.Odd {
		parity = 1
	}
	for d := 1; d <= v.n; d++ {
		if d%2 != parity {
			v.f.Add(-v.x(c.Cells[0], d))
		}
	}
	return nil
}

func (v *venc) antiKnight(sudokusat.Rule) error {
	v.apart([][2]int{{1, 2}, {2, 1}, {1, -2}, {2, -1}})
	return nil
}

func (v *venc) antiKing(sudokusat.Rule) error {
	v.apart([][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}})
	return nil
}

// kropki reports a Kropki dot, white, black or grey: it exempts its pair
// from both Kropki negatives, as an edge holds one dot and a 1–2 pair may
// carry any (variant.NonConsecutive).
func kropki(k variant.Kind) bool {
	return k == variant.White || k == variant.Black || k == variant.GreyDot
}

func (v *venc) nonConsecutive(sudokusat.Rule) error {
	v.negative(kropki, consecutive)
	return nil
}

// noBlack forbids, between neighbours without a dot, every ratio a black
// dot of the puzzle shows (its Value, 2 when 0), or 2 alone when the
// puzzle has no black dot, as the f-puzzles solver reads the ratio
// negative.
func (v *venc) noBlack(sudokusat.Rule) error {
	var ratios []int
	for _, c := range v.p.Rules {
		if c.Kind == variant.Black {
			r := c.Value
			if r == 0 {
				r = 2
			}
			if !slices.Contains(ratios, r) {
				ratios = append(ratios, r)
			}
		}
	}
	if ratios == nil {
		ratios = []int{2}
	}
	v.negative(kropki, func(a, b int) bool {
		for _, r := range ratios {
			if a == r*b || b == r*a {
				return true
			}
		}
		return false
	})
	return nil
}

func (v *venc) noXV(c sudokusat.Rule) error {
	v.negative(func(k variant.Kind) bool { return k == variant.XV }, func(a, b int) bool { return variant.NoXVForbids(c.Value, a+b) })
	return nil
}
