package variant

import (
	"fmt"
	"slices"

	"github.com/sudokusat/sudokusat"
)

// Validate checks p's structure before any solver sees it: the regions
// (N regions of N cells), each rule's cells and value for its kind (and,
// whatever the kind, no cell listed twice in Cells or in a line of
// Lines), and the givens (digits in range, no digit twice in a row,
// column, region or distinct-digit rule). The error wraps ErrPuzzle and names the rule by
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
			if r == sudokusat.NoRegion {
				continue
			}
			if r < 0 || r >= n {
				return fmt.Errorf("%w: %s is in region %d, not 1 to %d", ErrPuzzle, cellName(n, cell), r+1, n)
			}
			size[r]++
		}
		for r, k := range size {
			if k != n && k != 0 {
				return fmt.Errorf("%w: region %d has %d cells, not %d", ErrPuzzle, r+1, k, n)
			}
		}
	}
	maxRules, maxCells := RuleLimits(n)
	if len(p.Rules) > maxRules {
		return fmt.Errorf("%w: %d rules: a %d×%d puzzle may carry at most %d", ErrPuzzle, len(p.Rules), n, n, maxRules)
	}
	cells := 0
	for _, c := range p.Rules {
		cells += len(c.Cells)
		for _, l := range c.Lines {
			cells += len(l)
		}
	}
	if cells > maxCells {
		return fmt.Errorf("%w: its rules name %d cells in all: a %d×%d puzzle's may name at most %d", ErrPuzzle, cells, n, n, maxCells)
	}
	table := kinds()
	someInNone := slices.Contains(p.Regions, sudokusat.NoRegion)
	for i, c := range p.Rules {
		if err := validateRule(table, p, c, n); err != nil {
			return fmt.Errorf("%w: %s constraint %d: %v", ErrPuzzle, c.Kind, i+1, err)
		}
		if table[c.Kind].Regions && someInNone {
			return fmt.Errorf("%w: %s constraint %d: it reads the regions' cells in order, and some cells are in no region", ErrPuzzle, c.Kind, i+1)
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
	groups = append(groups, p.RegionCells()...)
	for _, c := range p.Rules {
		if table[c.Kind].Distinct {
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

// RuleLimits returns how many rules a puzzle of side n may carry, and how
// many cells they may name in all (a cell named by several rules counts
// for each): 8·n² and 64·n², far beyond any published puzzle (the busiest
// carry a few hundred rules on a 9×9 grid), and small enough that every
// engine builds a puzzle's rules in bounded memory.
func RuleLimits(n int) (rules, cells int) { return 8 * n * n, 64 * n * n }

// validateRule checks one rule's cells for its kind, in p's regions.
func validateRule(table map[Kind]KindInfo, p *sudokusat.Puzzle, c sudokusat.Rule, n int) error {
	k, ok := table[c.Kind]
	if !ok {
		return fmt.Errorf("unknown kind %q", c.Kind)
	}
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
	// No rule of any kind lists a cell twice in Cells, or in one of its
	// Lines: a thermometer through a cell twice, a cage holding it twice,
	// mean nothing a setter meant, and every engine refuses them. A
	// loop's closing cell is its first again, not a second visit.
	cells := c.Cells
	if k.Loops {
		cells, _ = loopCells(c.Cells)
	}
	if cell, ok := repeated(cells, n); ok {
		return fmt.Errorf("%s is listed twice", cellName(n, cell))
	}
	for i, line := range c.Lines {
		if cell, ok := repeated(line, n); ok {
			return fmt.Errorf("line %d lists %s twice", i+1, cellName(n, cell))
		}
	}
	if err := k.validate(n, c); err != nil {
		return err
	}
	if k.validateRegions != nil {
		return k.validateRegions(p, c)
	}
	return nil
}

// repeated returns the first cell of cells (each in a grid of side n)
// that an earlier one repeats.
func repeated(cells []int, n int) (int, bool) {
	if len(cells) <= 16 {
		for i, c := range cells {
			if slices.Contains(cells[:i], c) {
				return c, true
			}
		}
		return 0, false
	}
	seen := make([]bool, n*n)
	for _, c := range cells {
		if seen[c] {
			return c, true
		}
		seen[c] = true
	}
	return 0, false
}
