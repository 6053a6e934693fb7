package certify

import (
	"github.com/sudokusat/sudokusat"
)

// clauseAdder takes a formula's clauses: Binary(a, b) is Clause(a, b),
// for the binary clauses, which are most of a puzzle's. *drat.Checker is
// one.
type clauseAdder interface {
	Clause(lits ...int32) error
	Binary(a, b int32) error
}

// extendedClauses gives to "to" the clauses of g's extended encoding (the
// variable of digit d in cell c is c·n + d; every cell, row, column and box
// has at least one of each digit and at most one, the at-most-one as
// pairwise clauses; each given is a unit clause) that a check needs: the
// clauses its givens satisfy are left out, but for the one clause that
// makes each removed candidate false. It stops at the first error.
//
// The formula is built here, from the grid alone, not by package encode,
// so that a check from it trusts neither the encoder's propagation nor its
// clauses. Leaving clauses out keeps it sound: every clause given is a
// clause of the extended encoding, so a refutation of these clauses
// refutes the extended encoding (TestExtendedClausesSubset compares them
// with encode's extended encoding). Nor does it make a proof fail that the whole
// encoding passes. Let A be the assignment that the givens' unit clauses
// and one step of propagation fix: each given true, and false every other
// digit of its cell and its digit in every other cell of its row, column
// and box (a "removed candidate"). The clauses given include the units and,
// for each removed candidate, the at-most-one clause with a given that
// propagates it, so the checker's top level holds A before any proof step,
// and holds it to the end (it never undoes a top-level assignment). A
// clause left out holds a literal that A makes true: it can never be
// unit or conflicting, and a RAT check's resolvent with it holds that
// true literal too, unless it is the pivot's negation, in which case the
// pivot is false at the top level and the full encoding fails the RAT
// check as well (the clause that made it false is a candidate).
//
// On a puzzle with many givens the clauses given are a fraction of the
// extended encoding: 25×25 grids have 750,000 clauses, and loading them
// into the checker was most of the check's time.
func extendedClauses(g *sudokusat.Grid, to clauseAdder) error {
	n := g.Size()
	if n == 0 {
		return nil
	}
	br, bc := g.BoxRows(), g.BoxCols()
	cells := n * n
	v := func(cell, d int) int32 { return int32(cell*n + d) }

	// state per variable: given (true in A), removed (false in A), or open.
	const (
		open    = 0
		given   = 1
		removed = 2
	)
	state := make([]uint8, cells*n+1)
	add, binary := to.Clause, to.Binary
	var unit [1]int32
	for cell := range cells {
		if d := g.Cell(cell); d != 0 {
			unit[0] = v(cell, d)
			if err := add(unit[:]...); err != nil {
				return err
			}
			state[v(cell, d)] = given
		}
	}
	// The cells of each kind of unit, and the unit of each cell.
	unitCells := func(kind, u int, buf []int) []int {
		buf = buf[:0]
		for k := range n {
			var r, c int
			switch kind {
			case 0:
				r, c = u, k
			case 1:
				r, c = k, u
			default:
				r = (u/(n/bc))*br + k/bc
				c = (u%(n/bc))*bc + k%bc
			}
			buf = append(buf, r*n+c)
		}
		return buf
	}
	unitOf := func(kind, cell int) int {
		r, c := cell/n, cell%n
		switch kind {
		case 0:
			return r
		case 1:
			return c
		}
		return (r/br)*(n/bc) + c/bc
	}
	remove := func(x, by int32) error {
		if state[x] != open {
			return nil
		}
		state[x] = removed
		return binary(-by, -x)
	}
	buf := make([]int, 0, n)
	for cell := range cells {
		d := g.Cell(cell)
		if d == 0 {
			continue
		}
		gv := v(cell, d)
		for e := 1; e <= n; e++ {
			if err := remove(v(cell, e), gv); err != nil {
				return err
			}
		}
		for kind := range 3 {
			for _, q := range unitCells(kind, unitOf(kind, cell), buf) {
				if err := remove(v(q, d), gv); err != nil {
					return err
				}
			}
		}
	}

	// Each group of n variables that one exactly-one constraint covers: the
	// digits of a cell, then each digit's cells in each row, column and box.
	vars := make([]int32, n)
	keep := make([]int32, 0, n)
	// group gives the clauses of one group; in a box (box set), a pair of
	// cells that share a row or a column is left to that row or column,
	// which has the same clause for it (the formula has it twice).
	group := func(vars []int32, box bool) error {
		alo := true
		keep = keep[:0]
		for _, x := range vars {
			switch state[x] {
			case given:
				alo = false
				keep = append(keep, x)
			case open:
				keep = append(keep, x)
			}
		}
		if alo {
			if err := add(vars...); err != nil {
				return err
			}
		}
		for i, x := range keep {
			for _, y := range keep[i+1:] {
				if box {
					a, b := int(x-1)/n, int(y-1)/n // their cells
					if a/n == b/n || a%n == b%n {
						continue
					}
				}
				if err := binary(-x, -y); err != nil {
					return err
				}
			}
		}
		return nil
	}
	for cell := range cells {
		for d := 1; d <= n; d++ {
			vars[d-1] = v(cell, d)
		}
		if err := group(vars, false); err != nil {
			return err
		}
	}
	for kind := range 3 {
		for u := range n {
			cs := unitCells(kind, u, buf)
			for d := 1; d <= n; d++ {
				for k, q := range cs {
					vars[k] = v(q, d)
				}
				if err := group(vars, kind == 2); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
