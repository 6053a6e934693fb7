package encode

import (
	"fmt"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// This file is the encoder of the cells group of rule kinds (see
// variant/rules_cells.go). The clause families to build from are in
// variant.go: distinct, relation (a support encoding between two cells),
// forbid, table (a table of accepted digit tuples over a few cells),
// tupleSum, pbSum, killerSum, and newVar and amo for auxiliary variables.

// cellEncoders returns the encoder of each of this file's kinds.
func cellEncoders() map[variant.Kind]func(*venc, sudokusat.Rule) error {
	return map[variant.Kind]func(*venc, sudokusat.Rule) error{
		variant.Minimum:              (*venc).extreme,
		variant.Maximum:              (*venc).extreme,
		variant.DisjointGroups:       (*venc).disjointGroups,
		variant.RowIndexer:           (*venc).indexer,
		variant.ColumnIndexer:        (*venc).indexer,
		variant.BoxIndexer:           (*venc).indexer,
		variant.Clone:                (*venc).clone,
		variant.PencilMarks:          (*venc).pencilMarks,
		variant.CountingCircles:      (*venc).countingCircles,
		variant.Inequality:           (*venc).inequality,
		variant.NoParityTriple:       (*venc).noParityTriple,
		variant.EntropicKnightCircle: (*venc).entropicKnightCircle,
	}
}

// noParityTriple: each three consecutive cells of a row or a column hold
// an even digit (one clause over their even digits' variables) and an odd
// digit (one over their odd digits'). Two clauses a triple, 3N literals
// in all, and no new variable: 252 clauses and 3402 literals on 9×9. A
// parity variable per cell (x(c,d) → p_c for odd d, → ¬p_c for even d)
// with the clauses ¬p_a∨¬p_b∨¬p_c and p_a∨p_b∨p_c would take 81 more
// variables and 981 clauses (729 of them binary, 2214 literals): fewer
// literals from 5×5 up, but four times the clauses and variables, and the
// only unit propagation it adds (a third cell's parity once two cells
// hold digits of one) the solver's learning finds. The direct clauses
// are the smaller formula.
func (v *venc) noParityTriple(sudokusat.Rule) error {
	var even, odd []int32
	for _, t := range variant.ParityTriples(v.n) {
		even, odd = even[:0], odd[:0]
		for _, cell := range t {
			for d := 1; d <= v.n; d++ {
				if d%2 == 0 {
					even = append(even, v.x(cell, d))
				} else {
					odd = append(odd, v.x(cell, d))
				}
			}
		}
		v.f.Add(even...)
		v.f.Add(odd...)
	}
	return nil
}

// inequality: the first cell's digit above the second's, a support
// encoded relation, so that unit propagation keeps the first above the
// second's smallest digit left and the second below the first's largest.
func (v *venc) inequality(c sudokusat.Rule) error {
	if err := v.checkCells(c.Cells, 2); err != nil {
		return err
	}
	v.relation(c.Cells[0], c.Cells[1], func(a, b int) bool { return a > b })
	return nil
}

// extreme: a minimum (maximum) cell below (above) each orthogonal
// neighbour that is not a minimum (maximum) cell too, each pair a support
// encoded relation, so that unit propagation keeps the cell below the
// largest digit its neighbours have left, and each neighbour above the
// cell's smallest.
func (v *venc) extreme(c sudokusat.Rule) error {
	if err := v.checkCells(c.Cells, 1); err != nil {
		return err
	}
	same := map[int]bool{}
	for _, o := range v.p.Rules {
		if o.Kind == c.Kind {
			for _, x := range o.Cells {
				same[x] = true
			}
		}
	}
	ok := func(a, b int) bool { return a < b }
	if c.Kind == variant.Maximum {
		ok = func(a, b int) bool { return a > b }
	}
	cell, n := c.Cells[0], v.n
	for _, o := range []int{cell - n, cell + n, cell - 1, cell + 1} {
		if o < 0 || o >= n*n || (o/n != cell/n && o%n != cell%n) || same[o] {
			continue
		}
		v.relation(cell, o, ok)
	}
	return nil
}

// disjointGroups: the k-th cells of the regions (each region's cells in
// reading order) hold distinct digits, N groups of N cells, each written
// as a region is (pairwise at-most-one per digit and at-least-one of each
// digit).
func (v *venc) disjointGroups(sudokusat.Rule) error {
	for _, g := range v.disjoint() {
		v.distinct(g)
	}
	return nil
}

// disjoint returns the disjoint groups: group k holds the k-th cell of
// each region.
func (v *venc) disjoint() [][]int {
	out := make([][]int, v.n)
	for _, cells := range v.p.RegionCells() {
		for k, cell := range cells {
			out[k] = append(out[k], cell)
		}
	}
	return out
}

// indexer: each indexer cell i holding d points at a target cell t(d),
// which must hold the digit e that i's position says: x(i, d) ⇔ x(t(d), e),
// two binary clauses per digit (none when t(d) is i itself, where the
// equivalence is trivial: there d = e). With each cell holding one digit,
// unit propagation derives from them all the support encoding would: a
// digit of i whose target has lost e goes, and e goes from a target whose
// indexer has lost its digit.
func (v *venc) indexer(c sudokusat.Rule) error {
	if err := v.checkCells(c.Cells, 0); err != nil {
		return err
	}
	if len(c.Cells) == 0 {
		return fmt.Errorf("no cells")
	}
	n := v.n
	var regions [][]int
	var pos []int // each cell's position in its region, from 1
	if c.Kind == variant.BoxIndexer {
		regions, pos = v.p.RegionCells(), make([]int, n*n)
		for _, cells := range regions {
			for k, cell := range cells {
				pos[cell] = k + 1
			}
		}
	}
	for _, i := range c.Cells {
		r, col := i/n, i%n
		for d := 1; d <= n; d++ {
			var t, e int
			switch c.Kind {
			case variant.RowIndexer:
				t, e = (d-1)*n+col, r+1
			case variant.ColumnIndexer:
				t, e = r*n+d-1, col+1
			default:
				t, e = regions[v.p.Region(i)][d-1], pos[i]
			}
			if t == i {
				continue
			}
			v.f.Add(-v.x(i, d), v.x(t, e))
			v.f.Add(v.x(i, d), -v.x(t, e))
		}
	}
	return nil
}

// clone: each pair of clone cells holds the same digit, x(a, d) ⇔ x(b, d)
// for each d: the relation "equal" in the support encoding is exactly
// these 2N binary clauses.
func (v *venc) clone(c sudokusat.Rule) error {
	if len(c.Lines) != 1 || len(c.Lines[0]) != len(c.Cells) || len(c.Cells) == 0 {
		return fmt.Errorf("want the cells and one line of their clones, as many")
	}
	if err := v.checkCells(c.Cells, 0); err != nil {
		return err
	}
	if err := v.checkCells(c.Lines[0], 0); err != nil {
		return err
	}
	for i, a := range c.Cells {
		b := c.Lines[0][i]
		if a == b {
			return fmt.Errorf("r%dc%d is its own clone", a/v.n+1, a%v.n+1)
		}
		v.relation(a, b, func(x, y int) bool { return x == y })
	}
	return nil
}

// pencilMarks: the cell's digits outside its marks are false, unit
// clauses.
func (v *venc) pencilMarks(c sudokusat.Rule) error {
	if err := v.checkCells(c.Cells, 1); err != nil {
		return err
	}
	if c.Value <= 0 {
		return fmt.Errorf("no digits marked")
	}
	for d := 1; d <= v.n; d++ {
		if uint64(c.Value)>>(d-1)&1 == 0 {
			v.f.Add(-v.x(c.Cells[0], d))
		}
	}
	return nil
}

// countingCircles: for each digit d, the circles holding d are none or
// exactly d. The clause form reads the circles, for each digit, with the
// clues' automaton (sequence) over two symbols, d and any other digit:
// its state counts the circles holding d so far, up to d, and the end
// accepts 0 and d, so that unit propagation
// keeps a circle's d while some count of d's still fits the candidates
// left, and takes it as soon as none does. The PB form is one equation a
// digit, Σ x(circle, d) − d·y = 0, y true when d is in the circles. A
// digit above the number of circles is in none: the automaton keeps no
// edge reading it; in the PB form it is a unit clause a circle.
func (v *venc) countingCircles(c sudokusat.Rule) error {
	if err := v.checkCells(c.Cells, 0); err != nil {
		return err
	}
	if len(c.Cells) == 0 {
		return fmt.Errorf("no cells")
	}
	k := len(c.Cells)
	for d := 1; d <= v.n; d++ {
		if v.sums == SumPB {
			if d > k {
				for _, cell := range c.Cells {
					v.f.Add(-v.x(cell, d))
				}
				continue
			}
			var pb PB
			for _, cell := range c.Cells {
				pb.Lits = append(pb.Lits, v.x(cell, d))
				pb.Weights = append(pb.Weights, 1)
			}
			y := v.f.newVar()
			pb.Lits, pb.Weights = append(pb.Lits, y), append(pb.Weights, -d)
			pb.Eq = true
			v.f.AddPB(pb)
			continue
		}
		err := v.sequence(c.Cells, countAutomaton(d, d, func(q int) bool { return q == 0 || q == d }))
		if err != nil {
			return err
		}
	}
	return nil
}

// entropicKnightCircle: the circle and each cell a knight's move away hold
// digits of one band, written as an entropic line writes its cells three
// steps apart (relation): a clause a digit of either cell, that the other
// holds a digit of its band, so that unit propagation carries a band from
// the circle to the knight's cells and back.
func (v *venc) entropicKnightCircle(c sudokusat.Rule) error {
	if err := v.checkCells(c.Cells, 1); err != nil {
		return err
	}
	same := func(x, y int) bool { return variant.EntropicBand(v.n, x) == variant.EntropicBand(v.n, y) }
	for _, o := range variant.KnightCells(v.n, c.Cells[0]) {
		v.relation(c.Cells[0], o, same)
	}
	return nil
}
