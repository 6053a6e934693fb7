package search

import (
	"fmt"
	"slices"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// This file is the search's part of the cells group of rule kinds (see
// variant/rules_cells.go). The building blocks are in rules.go and
// model.go: distinct groups (builder.groups), relations between two cells
// (builder.dot with model.table), linear sums (model.addLinear), tables
// over a few cells (a prop of kind propTable) and propagators of a kind's
// own (a prop of kind propFunc).

// cellRules returns the search's part of each of this file's kinds.
func cellRules() map[variant.Kind]kindRule {
	return map[variant.Kind]kindRule{
		variant.Minimum:         extremeRule(variant.Minimum, func(a, b int) bool { return a < b }),
		variant.Maximum:         extremeRule(variant.Maximum, func(a, b int) bool { return a > b }),
		variant.DisjointGroups:  disjointRule(),
		variant.RowIndexer:      indexerRule(variant.RowIndexer),
		variant.ColumnIndexer:   indexerRule(variant.ColumnIndexer),
		variant.BoxIndexer:      indexerRule(variant.BoxIndexer),
		variant.Clone:           cloneRule(),
		variant.PencilMarks:     pencilRule(),
		variant.CountingCircles: countingRule(),
		variant.NoParityTriple:  noParityTripleRule(),
		// An inequality sign is a relation between its two cells, the
		// first the larger, revised as a Kropki dot is; it exempts its
		// pair from no negative rule.
		variant.Inequality:           dotRule(func(sudokusat.Rule) func(a, b int) bool { return greater }, func(*pairRel) {}),
		variant.EntropicKnightCircle: entropicKnightRule(),
	}
}

func greater(a, b int) bool { return a > b }

// extremeRule is a minimum or maximum cell: a relation ok (cell's digit,
// neighbour's digit) with each orthogonal neighbour that is not a cell of
// the same kind.
func extremeRule(kind variant.Kind, ok func(a, b int) bool) kindRule {
	return kindRule{
		compile: func(b *builder, _ sudokusat.Rule, cells []int32) error {
			if err := need(cells, 1); err != nil {
				return err
			}
			same := kindCells(b.p.Rules, kind)
			t := b.m.table(ok)
			for _, o := range neighbours(b.m.n, int(cells[0])) {
				if !same[o] {
					b.dot(int(cells[0]), o, t)
				}
			}
			return nil
		},
		holds: func(k *checker, c sudokusat.Rule, v []int) bool {
			same := kindCells(k.p.Rules, kind)
			for _, o := range neighbours(k.n, c.Cells[0]) {
				if !same[o] && !ok(v[c.Cells[0]], v[o]) {
					return false
				}
			}
			return true
		},
	}
}

// kindCells returns the cells of the rules of a kind.
func kindCells(rules []sudokusat.Rule, kind variant.Kind) map[int]bool {
	out := map[int]bool{}
	for _, c := range rules {
		if c.Kind == kind {
			for _, x := range c.Cells {
				out[x] = true
			}
		}
	}
	return out
}

// neighbours returns the cells sharing an edge with c.
func neighbours(n, c int) []int {
	var out []int
	if c >= n {
		out = append(out, c-n)
	}
	if c+n < n*n {
		out = append(out, c+n)
	}
	if c%n > 0 {
		out = append(out, c-1)
	}
	if c%n < n-1 {
		out = append(out, c+1)
	}
	return out
}

// disjointRule is the disjoint groups: N all-different groups, the k-th
// cells of the regions; as groups of N cells they are units too, whose
// hidden singles the propagation finds.
func disjointRule() kindRule {
	groups := func(p *sudokusat.Puzzle) [][]int {
		out := make([][]int, p.Size())
		for _, cells := range p.RegionCells() {
			for k, c := range cells {
				if k < len(out) {
					out[k] = append(out[k], c)
				}
			}
		}
		return out
	}
	return kindRule{
		compile: func(b *builder, _ sudokusat.Rule, _ []int32) error {
			for _, g := range groups(b.p) {
				cells := make([]int32, len(g))
				for i, c := range g {
					cells[i] = int32(c)
				}
				b.groups = append(b.groups, cells)
			}
			return nil
		},
		holds: func(k *checker, _ sudokusat.Rule, v []int) bool {
			for _, g := range groups(k.p) {
				if !distinct(g, v) {
					return false
				}
			}
			return true
		},
	}
}

// indexerRule is a list of indexer cells. Indexer i holding d puts digit
// e in its target t(d): for each d, the relation between i and t(d) is
// "i holds d exactly when t(d) holds e", a pair table, which the arcs
// propagate both ways.
func indexerRule(kind variant.Kind) kindRule {
	// target returns the cell and digit an indexer at cell points at
	// with digit d.
	target := func(p *sudokusat.Puzzle, regions [][]int, cell, d int) (int, int) {
		n := p.Size()
		switch kind {
		case variant.RowIndexer:
			return (d-1)*n + cell%n, cell/n + 1
		case variant.ColumnIndexer:
			return cell/n*n + d - 1, cell%n + 1
		}
		own := regions[p.Region(cell)]
		return own[d-1], slices.Index(own, cell) + 1
	}
	return kindRule{
		compile: func(b *builder, c sudokusat.Rule, cells []int32) error {
			if len(cells) == 0 {
				return fmt.Errorf("no cells")
			}
			regions := b.p.RegionCells()
			for _, i := range cells {
				for d := 1; d <= b.m.n; d++ {
					t, e := target(b.p, regions, int(i), d)
					if t == int(i) {
						continue // the cell points at itself, with d = e
					}
					b.dot(int(i), t, b.m.table(func(x, y int) bool { return (x == d) == (y == e) }))
				}
			}
			return nil
		},
		holds: func(k *checker, c sudokusat.Rule, v []int) bool {
			regions := k.p.RegionCells()
			for _, i := range c.Cells {
				if t, e := target(k.p, regions, i, v[i]); v[t] != e {
					return false
				}
			}
			return true
		},
	}
}

// cloneRule is a clone: each pair of clone cells holds equal digits, a
// pair table.
func cloneRule() kindRule {
	return kindRule{
		compile: func(b *builder, c sudokusat.Rule, cells []int32) error {
			if len(c.Lines) != 1 || len(c.Lines[0]) != len(cells) || len(cells) == 0 {
				return fmt.Errorf("want the cells and one line of their clones, as many")
			}
			clones, err := cellList(c.Lines[0], b.m.nn)
			if err != nil {
				return err
			}
			equal := b.m.table(func(x, y int) bool { return x == y })
			for i, a := range cells {
				if a == clones[i] {
					return fmt.Errorf("cell %d is its own clone", a)
				}
				b.dot(int(a), int(clones[i]), equal)
			}
			return nil
		},
		holds: func(_ *checker, c sudokusat.Rule, v []int) bool {
			for i, a := range c.Cells {
				if v[a] != v[c.Lines[0][i]] {
					return false
				}
			}
			return true
		},
	}
}

// pencilRule is a cell's given pencil marks: its candidates from the start.
func pencilRule() kindRule {
	return kindRule{
		compile: func(b *builder, c sudokusat.Rule, cells []int32) error {
			if err := need(cells, 1); err != nil {
				return err
			}
			if c.Value <= 0 {
				return fmt.Errorf("no digits marked")
			}
			b.m.init[cells[0]] &= uint64(c.Value) // none left: impossible, which compile sees
			return nil
		},
		holds: func(_ *checker, c sudokusat.Rule, v []int) bool {
			return uint64(c.Value)>>(v[c.Cells[0]]-1)&1 == 1
		},
	}
}

// countingRule is a set of counting circles: a propagator of its own
// (countingNarrow) over the circles.
func countingRule() kindRule {
	return kindRule{
		compile: func(b *builder, _ sudokusat.Rule, cells []int32) error {
			if len(cells) == 0 {
				return fmt.Errorf("no cells")
			}
			b.m.addProp(prop{kind: propFunc, cells: cells, fn: countingNarrow})
			return nil
		},
		holds: func(_ *checker, c sudokusat.Rule, v []int) bool {
			count := map[int]int{}
			for _, cell := range c.Cells {
				count[v[cell]]++
			}
			for d, k := range count {
				if k != d {
					return false
				}
			}
			return true
		},
	}
}

// countingNarrow narrows a set of counting circles, each digit d being in
// none of them or in exactly d. A digit fixed in a circle, or that every
// filling puts in one, is present: no more than d circles may be fixed to
// it, at least d must still be able to hold it, and when just d can they
// all do; once d hold it, no other does. A digit fewer than d circles can
// hold is in none. And the digits present sum to the number of circles,
// each once: a digit in no set of the possible digits that holds the
// present ones and sums to it goes, and a digit in every such set is
// present. It repeats until nothing changes.
func countingNarrow(s *state, p *prop) bool {
	n, k := s.m.n, len(p.cells)
	var present uint64
	for changed := true; changed; {
		changed = false
		narrow := func(c int32, keep uint64) bool {
			if s.cand[c]&^keep != 0 {
				changed = true
			}
			return s.narrow(c, keep)
		}
		var union, possible uint64
		for _, c := range p.cells {
			union |= s.cand[c]
		}
		for d := 1; d <= n; d++ {
			bit := uint64(1) << (d - 1)
			if union&bit == 0 {
				continue
			}
			fixed, can := 0, 0
			for _, c := range p.cells {
				if s.cand[c]&bit != 0 {
					can++
					if s.cand[c] == bit {
						fixed++
					}
				}
			}
			if fixed > 0 {
				present |= bit
			}
			in := present&bit != 0
			switch {
			case fixed > d, can < d && in:
				return false
			case can < d:
				for _, c := range p.cells {
					if !narrow(c, ^bit) {
						return false
					}
				}
				continue
			case in && can == d && fixed < d:
				for _, c := range p.cells {
					if s.cand[c]&bit != 0 && !narrow(c, bit) {
						return false
					}
				}
			case fixed == d && can > d:
				for _, c := range p.cells {
					if s.cand[c] != bit && !narrow(c, ^bit) {
						return false
					}
				}
			}
			possible |= bit
		}
		if changed {
			continue
		}
		keep, must, ok := countingSets(n, k, possible, present)
		if !ok {
			return false
		}
		if must&^present != 0 {
			present |= must
			changed = true
		}
		for _, c := range p.cells {
			if !narrow(c, keep) {
				return false
			}
		}
	}
	return true
}

// countingSets looks at the sets of digits, each from possible and
// holding every digit of present, that sum to k (the digits in k counting
// circles): keep holds the digits of some such set, must those of every
// one; ok is false when there is none. Digits are bits, d at bit d−1, of
// 1 to n.
func countingSets(n, k int, possible, present uint64) (keep, must uint64, ok bool) {
	// reach[d][t]: digits 1..d make t; rest[d][t]: digits d..n make t.
	reach := make([][]bool, n+1)
	rest := make([][]bool, n+2)
	for d := range reach {
		reach[d] = make([]bool, k+1)
	}
	for d := range rest {
		rest[d] = make([]bool, k+1)
	}
	reach[0][0], rest[n+1][0] = true, true
	may := func(d int) bool { return possible>>(d-1)&1 == 1 }
	need := func(d int) bool { return present>>(d-1)&1 == 1 }
	for d := 1; d <= n; d++ {
		for t := 0; t <= k; t++ {
			reach[d][t] = !need(d) && reach[d-1][t] || may(d) && t >= d && reach[d-1][t-d]
		}
	}
	if !reach[n][k] {
		return 0, 0, false
	}
	for d := n; d >= 1; d-- {
		for t := 0; t <= k; t++ {
			rest[d][t] = !need(d) && rest[d+1][t] || may(d) && t >= d && rest[d+1][t-d]
		}
	}
	for d := 1; d <= n; d++ {
		in, out := false, false
		for t := 0; t <= k; t++ {
			if !reach[d-1][t] {
				continue
			}
			in = in || may(d) && t+d <= k && rest[d+1][k-t-d]
			out = out || !need(d) && rest[d+1][k-t]
		}
		if in {
			keep |= 1 << (d - 1)
		}
		if !out {
			must |= 1 << (d - 1)
		}
	}
	return keep, must, true
}

// noParityTripleRule is the rule of no parity triple: a propagator on
// each three consecutive cells of a row or column. Once two of them can
// only hold digits of one parity, the third keeps the digits of the
// other: that is all the triple's rule removes (a digit of the third cell
// fits as long as one of the two may take the other parity).
func noParityTripleRule() kindRule {
	return kindRule{
		compile: func(b *builder, _ sudokusat.Rule, _ []int32) error {
			for _, t := range variant.ParityTriples(b.m.n) {
				b.m.addProp(prop{kind: propFunc, cells: []int32{int32(t[0]), int32(t[1]), int32(t[2])}, fn: parityTripleNarrow})
			}
			return nil
		},
		holds: func(k *checker, _ sudokusat.Rule, v []int) bool {
			for _, t := range variant.ParityTriples(k.n) {
				if v[t[0]]%2 == v[t[1]]%2 && v[t[1]]%2 == v[t[2]]%2 {
					return false
				}
			}
			return true
		},
	}
}

// oddDigits has bit d-1 set for each odd digit d (up to 64).
const oddDigits uint64 = 0x5555555555555555

// parityTripleNarrow narrows a triple's cells: a cell whose two partners
// are both of one parity (their candidates all odd, or all even) keeps the
// digits of the other parity.
func parityTripleNarrow(s *state, p *prop) bool {
	c := p.cells
	for i := range 3 {
		a, b := s.cand[c[(i+1)%3]], s.cand[c[(i+2)%3]]
		switch {
		case a&^oddDigits == 0 && b&^oddDigits == 0:
			if !s.narrow(c[i], ^oddDigits) {
				return false
			}
		case a&oddDigits == 0 && b&oddDigits == 0:
			if !s.narrow(c[i], oddDigits) {
				return false
			}
		}
	}
	return true
}

// entropicKnightRule is an entropic knight circle: a relation "of one
// band" (variant.EntropicBand) between the circle and each cell a
// knight's move away, revised as a Kropki dot is, as an entropic line's
// cells three steps apart are.
func entropicKnightRule() kindRule {
	return kindRule{
		compile: func(b *builder, _ sudokusat.Rule, cells []int32) error {
			if err := need(cells, 1); err != nil {
				return err
			}
			n := b.m.n
			t := b.m.table(func(x, y int) bool { return variant.EntropicBand(n, x) == variant.EntropicBand(n, y) })
			for _, o := range variant.KnightCells(n, int(cells[0])) {
				b.dot(int(cells[0]), o, t)
			}
			return nil
		},
		holds: func(k *checker, c sudokusat.Rule, v []int) bool {
			for _, o := range variant.KnightCells(k.n, c.Cells[0]) {
				if variant.EntropicBand(k.n, v[c.Cells[0]]) != variant.EntropicBand(k.n, v[o]) {
					return false
				}
			}
			return true
		},
	}
}
