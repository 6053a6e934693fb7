package variant

import (
	"fmt"

	"github.com/sudokusat/sudokusat"
)

// Validate checks p's structure before any solver sees it: the regions
// (N regions of N cells), each rule's cells for its kind, and the givens
// (digits in range, no digit twice in a row, column, region or
// distinct-digit rule). The error wraps ErrPuzzle and names the rule by
// kind and number; for a classic puzzle it is the grid's own Validate,
// which wraps sudokusat.ErrConflict.
func Validate(p *sudokusat.Puzzle) error {
	if p == nil || p.Grid == nil {
		return fmt.Errorf("%w: no grid", ErrPuzzle)
	}
	if p.Classic() {
		// Rows, columns and boxes only: the root package's check and
		// its messages, as for any classic puzzle.
		return p.Grid.Validate()
	}
	n := p.Size()
	if p.Regions != nil {
		if len(p.Regions) != n*n {
			return fmt.Errorf("%w: %d region entries for %d cells", ErrPuzzle, len(p.Regions), n*n)
		}
		size := make([]int, n)
		for cell, r := range p.Regions {
			if r < 0 || r >= n {
				return fmt.Errorf("%w: %s is in region %d, not 1 to %d", ErrPuzzle, cellName(n, cell), r+1, n)
			}
			size[r]++
		}
		for r, k := range size {
			if k != n {
				return fmt.Errorf("%w: region %d has %d cells, not %d", ErrPuzzle, r+1, k, n)
			}
		}
	}
	for i, c := range p.Rules {
		if err := validateRule(c, n); err != nil {
			return fmt.Errorf("%w: %s constraint %d: %v", ErrPuzzle, c.Kind, i+1, err)
		}
	}
	// Givens: digits in range and clash-free wherever digits must differ.
	groups := make([][]int, 0, 3*n)
	for u := 0; u < n; u++ {
		row, col := make([]int, n), make([]int, n)
		for k := 0; k < n; k++ {
			row[k], col[k] = u*n+k, k*n+u
		}
		groups = append(groups, row, col)
	}
	regions := make([][]int, n)
	for cell := 0; cell < n*n; cell++ {
		regions[p.Region(cell)] = append(regions[p.Region(cell)], cell)
	}
	groups = append(groups, regions...)
	for _, c := range p.Rules {
		switch c.Kind {
		case Region, DiagonalMain, DiagonalAnti, Killer:
			groups = append(groups, c.Cells)
		}
	}
	for cell := 0; cell < n*n; cell++ {
		if d := p.Grid.Cell(cell); d > n {
			return fmt.Errorf("%w: %s is given %d, more than %d", ErrPuzzle, cellName(n, cell), d, n)
		}
	}
	for _, g := range groups {
		seen := make(map[int]int)
		for _, cell := range g {
			d := p.Grid.Cell(cell)
			if d == 0 {
				continue
			}
			if c, ok := seen[d]; ok {
				return fmt.Errorf("%w: %d is given twice where digits differ (%s and %s)", ErrPuzzle, d, cellName(n, c), cellName(n, cell))
			}
			seen[d] = cell
		}
	}
	return nil
}

// validate checks one constraint's cells for its kind.
func validateRule(c sudokusat.Rule, n int) error {
	for _, cell := range c.Cells {
		if cell < 0 || cell >= n*n {
			return fmt.Errorf("cell %d is outside the %d×%d grid", cell, n, n)
		}
	}
	for _, line := range c.Lines {
		for _, cell := range line {
			if cell < 0 || cell >= n*n {
				return fmt.Errorf("cell %d is outside the %d×%d grid", cell, n, n)
			}
		}
	}
	adjacent := func(a, b int) bool {
		dr, dc := a/n-b/n, a%n-b%n
		return dr*dr+dc*dc == 1
	}
	touching := func(a, b int) bool {
		dr, dc := a/n-b/n, a%n-b%n
		return a != b && dr >= -1 && dr <= 1 && dc >= -1 && dc <= 1
	}
	switch c.Kind {
	case Region, DiagonalMain, DiagonalAnti:
		if len(c.Cells) < 2 || len(c.Cells) > n {
			return fmt.Errorf("%d cells, want 2 to %d", len(c.Cells), n)
		}
	case Killer:
		k := len(c.Cells)
		if k < 1 || k > n {
			return fmt.Errorf("%d cells, want 1 to %d", k, n)
		}
		lo, hi := k*(k+1)/2, k*(2*n-k+1)/2
		if c.Value != 0 && (c.Value < lo || c.Value > hi) {
			return fmt.Errorf("sum %d: %d distinct digits sum to %d..%d", c.Value, k, lo, hi)
		}
	case Thermo:
		if len(c.Cells) < 2 || len(c.Cells) > n {
			return fmt.Errorf("%d cells, want 2 to %d", len(c.Cells), n)
		}
		for i := 1; i < len(c.Cells); i++ {
			if !touching(c.Cells[i-1], c.Cells[i]) {
				return fmt.Errorf("%s does not touch %s", cellName(n, c.Cells[i]), cellName(n, c.Cells[i-1]))
			}
		}
	case Arrow:
		if len(c.Cells) < 1 || len(c.Cells) > 3 {
			return fmt.Errorf("a circle of %d cells, want 1 to 3", len(c.Cells))
		}
		if len(c.Cells) > 1 && n > 9 {
			return fmt.Errorf("a circle of several cells on a %d×%d grid: digits above 9 make no decimal number", n, n)
		}
		if len(c.Lines) == 0 {
			return fmt.Errorf("no line")
		}
		for _, line := range c.Lines {
			if len(line) == 0 {
				return fmt.Errorf("an empty line")
			}
		}
	case White, Black, XV:
		if len(c.Cells) != 2 || !adjacent(c.Cells[0], c.Cells[1]) {
			return fmt.Errorf("want two orthogonally adjacent cells")
		}
		if c.Kind == XV && c.Value != 5 && c.Value != 10 {
			return fmt.Errorf("sum %d, want 5 (V) or 10 (X)", c.Value)
		}
	case Even, Odd:
		if len(c.Cells) != 1 {
			return fmt.Errorf("%d cells, want 1", len(c.Cells))
		}
	case AntiKnight, AntiKing, NonConsecutive, NoBlack, NoXV:
		if len(c.Cells) != 0 || len(c.Lines) != 0 {
			return fmt.Errorf("a rule of the whole grid has no cells")
		}
	default:
		return fmt.Errorf("unknown kind %q", c.Kind)
	}
	return nil
}
