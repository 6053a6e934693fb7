package family

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/engine"
)

// PigeonholeEncoding is the pigeonhole kind's default encoding: efficient
// states each cell's one digit and each unit's digits at most once, but
// not that each digit is somewhere in each unit, so a solver must find the
// counting argument itself. In extended, the clause "this digit is in this
// row" is refuted by unit propagation at once.
const PigeonholeEncoding = "efficient"

// DefaultPigeons is the pigeonhole kind's default number of open cells in
// its row, capped at N−1 on smaller grids: on 16×16 the pigeonhole
// formula PHP(10, 9) took CaDiCaL 4.1–5.2 s, PHP(9, 8) 0.6 s
// (docs/families.md).
const DefaultPigeons = 10

// pigeons is the number of open cells of the pigeonhole kind's row.
func (o Options) pigeons() int {
	if o.Pigeons != 0 {
		return o.Pigeons
	}
	return min(DefaultPigeons, o.Size-1)
}

// pigeonhole hides the pigeonhole principle in a grid: one row has k open
// cells, its other cells hold given digits, and the k digits the row
// lacks are all kept out of the open cells but k−1 of them, one digit
// being given in every open cell's column. The k cells must take k
// different digits from k−1: no solution, and no short resolution
// refutation (Haken 1985) in an encoding without the clause saying that
// the digit is somewhere in the row. Everything else is drawn at random;
// the rest of the grid stays open.
func (m *maker) pigeonhole(ctx context.Context, rng *rand.Rand) (*Instance, error) {
	n, k := m.o.Size, m.o.pigeons()
	g, err := sudokusat.NewGridSize(n)
	if err != nil {
		return nil, err
	}
	row := rng.IntN(n)
	cols := rng.Perm(n)
	open, given := cols[:k], cols[k:]
	digits := rng.Perm(n)
	missing := digits[0] + 1 // the digit every open cell is denied
	for i, c := range given {
		g.SetCell(row*n+c, digits[k+i]+1)
	}
	rows, ok := pigeonRows(g, row, open, rng)
	if !ok {
		return nil, nil // no place for the denying digits: draw again
	}
	for i, c := range open {
		g.SetCell(rows[i]*n+c, missing)
	}
	if err := HallViolated(g, row, open); err != nil {
		return nil, fmt.Errorf("generator bug: %w", err)
	}
	p := &sudokusat.Puzzle{Grid: g}
	f, err := m.encodeGrid(Pigeonhole, g)
	if err != nil {
		return nil, err
	}
	in, raw, err := m.instance(f, g)
	if err != nil {
		return nil, err
	}
	in.Status, in.Count = UNSAT, CountNone
	in.raw = raw
	in.Verified = append(in.Verified, fmt.Sprintf("counting: %d open cells of row %d have %d digits between them", k, row+1, k-1))
	a := engine.Count(ctx, engine.Native(), p, 1, 0)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if a.Status != engine.Unsolvable {
		return nil, fmt.Errorf("generator bug: native: %s, not unsolvable: %v", a.Status, a.Err)
	}
	in.Verified = append(in.Verified, "native: no solution")
	return in, certifyWith(ctx, in, rowClauses(&f.VarMap, n, row))
}

// pigeonRows draws, for each open column, the row of the digit that
// denies it: rows other than row and each other's, in boxes that differ,
// so that the givens do not clash. It searches the choices in random
// order and reports false when there is none.
func pigeonRows(g *sudokusat.Grid, row int, open []int, rng *rand.Rand) ([]int, bool) {
	n, br, bc := g.Size(), g.BoxRows(), g.BoxCols()
	rows := make([]int, len(open))
	usedRow := make([]bool, n)
	usedRow[row] = true
	usedBox := make(map[[2]int]bool)
	var place func(i int) bool
	place = func(i int) bool {
		if i == len(open) {
			return true
		}
		for _, r := range rng.Perm(n) {
			box := [2]int{r / br, open[i] / bc}
			if usedRow[r] || usedBox[box] {
				continue
			}
			usedRow[r], usedBox[box], rows[i] = true, true, r
			if place(i + 1) {
				return true
			}
			usedRow[r], usedBox[box] = false, false
		}
		return false
	}
	return rows, place(0)
}

// HallViolated checks, without a solver, that puzzle g has no solution
// because of row's open cells: their candidates (the digits no given of
// their row, column or box holds) are fewer digits between them than
// there are cells. It returns an error saying what does not hold.
func HallViolated(g *sudokusat.Grid, row int, open []int) error {
	if err := g.Validate(); err != nil {
		return fmt.Errorf("the givens clash: %w", err)
	}
	n, br, bc := g.Size(), g.BoxRows(), g.BoxCols()
	union := make(map[int]bool)
	for _, c := range open {
		if g.Cell(row*n+c) != 0 {
			return fmt.Errorf("r%dc%d is not open", row+1, c+1)
		}
		held := make(map[int]bool)
		for i := range n {
			held[g.Cell(row*n+i)] = true
			held[g.Cell(i*n+c)] = true
			r0, c0 := row/br*br+i/bc, c/bc*bc+i%bc
			held[g.Cell(r0*n+c0)] = true
		}
		for d := 1; d <= n; d++ {
			if !held[d] {
				union[d] = true
			}
		}
	}
	if len(union) >= len(open) {
		return fmt.Errorf("%d open cells of row %d have %d candidate digits: no pigeonhole", len(open), row+1, len(union))
	}
	return nil
}

// rowClauses returns clauses about row that every grid satisfies and
// with which unit propagation refutes the pigeonhole instance: each digit
// is somewhere in the row (n cells with different digits from n take each
// of them), and a cell given a digit holds no other (which minimal, with no
// at-most-one clause per cell, does not say). A digit the reduced encoding
// placed in the row needs no clause; one with no variable left in the row
// gets the empty clause.
func rowClauses(m *encode.VarMap, n, row int) [][]int32 {
	byDigit := make([][]int32, n+1)
	placed := make([]bool, n+1)
	var out [][]int32
	if m.Direct() {
		for c := range n {
			given := m.Fixed.Cell(row*n + c)
			for d := 1; d <= n; d++ {
				v := int32(encode.Var(n, row, c, d))
				byDigit[d] = append(byDigit[d], v)
				if given != 0 && d != given {
					out = append(out, []int32{-v})
				}
			}
		}
	} else {
		for c := range n {
			placed[m.Fixed.Cell(row*n+c)] = true
		}
		for v, cand := range m.Cands {
			if int(cand.Cell)/n == row {
				byDigit[cand.Digit] = append(byDigit[cand.Digit], int32(v+1))
			}
		}
	}
	for d := 1; d <= n; d++ {
		if !placed[d] {
			out = append(out, byDigit[d])
		}
	}
	return out
}
