package sudokusat

import (
	"errors"
	"fmt"
)

// ErrConflict reports two equal givens in one row, column or box.
var ErrConflict = errors.New("conflicting givens")

// ErrNotSolution reports a grid that is not a solution of its puzzle.
var ErrNotSolution = errors.New("not a solution")

// unitKind names the three kinds of unit for messages.
var unitKind = [3]string{"row", "column", "box"}

// unitCell returns the (row, column) of the k-th cell of unit u of kind
// kind (0 row, 1 column, 2 box). The validator walks units with this plain
// arithmetic on purpose: it must not share tables or tricks with any solver.
func (g *Grid) unitCell(kind, u, k int) (r, c int) {
	switch kind {
	case 0:
		return u, k
	case 1:
		return k, u
	}
	boxesPerRow := g.Size() / g.boxCols
	r0 := (u / boxesPerRow) * g.boxRows
	c0 := (u % boxesPerRow) * g.boxCols
	return r0 + k/g.boxCols, c0 + k%g.boxCols
}

// Validate checks that every cell holds 0 or a digit from 1 to N and that no
// digit is given twice in a row, column or box. Its error wraps ErrConflict
// and names the digit and both cells (rows and columns counted from 1).
func (g *Grid) Validate() error {
	n := g.Size()
	for i, d := range g.cells {
		if int(d) > n {
			return fmt.Errorf("cell r%dc%d holds %d, larger than %d", i/n+1, i%n+1, d, n)
		}
	}
	seen := make([]int, n+1) // 1 + index in unit of the digit's first cell
	for kind := 0; kind < 3; kind++ {
		for u := 0; u < n; u++ {
			clear(seen)
			for k := 0; k < n; k++ {
				r, c := g.unitCell(kind, u, k)
				d := g.Get(r, c)
				if d == 0 {
					continue
				}
				if j := seen[d]; j != 0 {
					r0, c0 := g.unitCell(kind, u, j-1)
					return fmt.Errorf("%w: %d appears twice in %s %d (r%dc%d and r%dc%d)",
						ErrConflict, d, unitKind[kind], u+1, r0+1, c0+1, r+1, c+1)
				}
				seen[d] = k + 1
			}
		}
	}
	return nil
}

// CheckSolution reports whether solution solves puzzle: same shape, every
// given kept, every cell filled, and every row, column and box holding each
// digit from 1 to N exactly once. It returns nil or an error wrapping
// ErrNotSolution that says what is wrong.
func CheckSolution(puzzle, solution *Grid) error {
	if puzzle == nil || solution == nil {
		return fmt.Errorf("%w: missing grid", ErrNotSolution)
	}
	if puzzle.boxRows != solution.boxRows || puzzle.boxCols != solution.boxCols {
		return fmt.Errorf("%w: shape %d×%d boxes, want %d×%d", ErrNotSolution,
			solution.boxRows, solution.boxCols, puzzle.boxRows, puzzle.boxCols)
	}
	n := puzzle.Size()
	for i, d := range solution.cells {
		if d == 0 || int(d) > n {
			return fmt.Errorf("%w: cell r%dc%d holds %d", ErrNotSolution, i/n+1, i%n+1, d)
		}
		if g := puzzle.cells[i]; g != 0 && g != d {
			return fmt.Errorf("%w: cell r%dc%d holds %d, but the given is %d", ErrNotSolution, i/n+1, i%n+1, d, g)
		}
	}
	seen := make([]bool, n+1)
	for kind := 0; kind < 3; kind++ {
		for u := 0; u < n; u++ {
			clear(seen)
			for k := 0; k < n; k++ {
				d := solution.Get(solution.unitCell(kind, u, k))
				if seen[d] {
					return fmt.Errorf("%w: %d appears twice in %s %d", ErrNotSolution, d, unitKind[kind], u+1)
				}
				seen[d] = true
			}
		}
	}
	return nil
}
