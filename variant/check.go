package variant

import (
	"errors"
	"fmt"
	"strings"

	"github.com/sudokusat/sudokusat"
)

// ErrNotSolution reports a grid that breaks a rule of its puzzle. It is
// sudokusat.ErrNotSolution, which Check returns for classic puzzles.
var ErrNotSolution = sudokusat.ErrNotSolution

// ErrPuzzle reports a variant puzzle that is malformed: a constraint with
// the wrong cells, a region that is not one, clashing givens.
var ErrPuzzle = errors.New("malformed variant puzzle")

// cellName names a cell as r1c1.
func cellName(n, cell int) string { return fmt.Sprintf("r%dc%d", cell/n+1, cell%n+1) }

// Check reports whether solution solves p: every cell holds a digit from 1
// to N, the givens are kept, each row, column and region holds each digit
// once, and every constraint holds. It is the validator of variant
// answers, written apart from the encoder and the search engines: it walks
// the rules as the puzzle states them and shares no table or trick with
// either. The error wraps ErrNotSolution and names the rule and the cells.
func Check(p *sudokusat.Puzzle, solution *sudokusat.Grid) error {
	if p == nil || p.Grid == nil || solution == nil {
		return fmt.Errorf("%w: no grid", ErrNotSolution)
	}
	if p.Classic() {
		// Rows, columns and boxes only: the root package's validator.
		return sudokusat.CheckSolution(p.Grid, solution)
	}
	n := p.Size()
	if solution.Size() != n {
		return fmt.Errorf("%w: a %d×%d grid for a %d×%d puzzle", ErrNotSolution, solution.Size(), solution.Size(), n, n)
	}
	at := solution.Cell
	for cell := 0; cell < n*n; cell++ {
		d := at(cell)
		if d < 1 || d > n {
			return fmt.Errorf("%w: %s holds %d, not a digit from 1 to %d", ErrNotSolution, cellName(n, cell), d, n)
		}
		if g := p.Grid.Cell(cell); g != 0 && g != d {
			return fmt.Errorf("%w: %s is given %d but holds %d", ErrNotSolution, cellName(n, cell), g, d)
		}
	}
	// Rows, columns and regions: each digit once.
	for kind, name := range []string{"row", "column", "region"} {
		units := make([][]int, n)
		for cell := 0; cell < n*n; cell++ {
			u := cell / n
			switch kind {
			case 1:
				u = cell % n
			case 2:
				u = p.Region(cell)
			}
			if u == sudokusat.NoRegion {
				continue
			}
			if u < 0 || u >= n {
				return fmt.Errorf("%w: %s is in region %d", ErrNotSolution, cellName(n, cell), u+1)
			}
			units[u] = append(units[u], cell)
		}
		for u, cells := range units {
			if err := distinct(n, solution, cells); err != nil {
				return fmt.Errorf("%w: %s %d: %v", ErrNotSolution, name, u+1, err)
			}
			if len(cells) != n && (kind != 2 || len(cells) != 0) {
				return fmt.Errorf("%w: %s %d has %d cells", ErrNotSolution, name, u+1, len(cells))
			}
		}
	}
	c := &checking{n: n, s: solution, p: p}
	table := kinds()
	for i, r := range p.Rules {
		// A rule is checked for its shape first: decode checks answers
		// against the rules a CNF file's header carries, which nothing
		// validated.
		err := validateRule(table, p, r, n)
		if err == nil {
			err = table[r.Kind].check(c, r)
		}
		if err != nil {
			return fmt.Errorf("%w: %s constraint %d: %v", ErrNotSolution, r.Kind, i+1, err)
		}
	}
	return nil
}

// checking is one solution being checked against a puzzle's rules.
type checking struct {
	n     int
	s     *sudokusat.Grid
	p     *sudokusat.Puzzle
	marks map[Kind]map[[2]int]bool // the pairs each kind of rule marks, made when first asked
}

// at returns the digit of a cell.
func (c *checking) at(cell int) int { return c.s.Cell(cell) }

// sum adds the digits of cells.
func (c *checking) sum(cells []int) int {
	t := 0
	for _, cell := range cells {
		t += c.at(cell)
	}
	return t
}

// names names cells as "r1c1,r1c2".
func (c *checking) names(cells []int) string {
	out := make([]string, len(cells))
	for i, cell := range cells {
		out[i] = cellName(c.n, cell)
	}
	return strings.Join(out, ",")
}

// distinct reports the first digit repeated among cells.
func (c *checking) distinct(cells []int) error { return distinct(c.n, c.s, cells) }

// marked reports whether a rule of kind k marks the pair of cells a, b
// (a dot or an XV mark between them).
func (c *checking) marked(k Kind, a, b int) bool {
	if c.marks == nil {
		c.marks = map[Kind]map[[2]int]bool{}
		for _, r := range c.p.Rules {
			if len(r.Cells) == 2 {
				if c.marks[r.Kind] == nil {
					c.marks[r.Kind] = map[[2]int]bool{}
				}
				c.marks[r.Kind][pair(r.Cells[0], r.Cells[1])] = true
			}
		}
	}
	return c.marks[k][pair(a, b)]
}

func pair(a, b int) [2]int {
	if a > b {
		a, b = b, a
	}
	return [2]int{a, b}
}

// distinct reports the first digit repeated among cells.
func distinct(n int, s *sudokusat.Grid, cells []int) error {
	first := make(map[int]int)
	for _, cell := range cells {
		d := s.Cell(cell)
		if c, ok := first[d]; ok {
			return fmt.Errorf("%d twice (%s and %s)", d, cellName(n, c), cellName(n, cell))
		}
		first[d] = cell
	}
	return nil
}

// adjacent reports whether two cells share an edge.
func adjacent(n, a, b int) bool {
	dr, dc := a/n-b/n, a%n-b%n
	return dr*dr+dc*dc == 1
}

// touching reports whether two cells share an edge or a corner.
func touching(n, a, b int) bool {
	dr, dc := a/n-b/n, a%n-b%n
	return a != b && dr >= -1 && dr <= 1 && dc >= -1 && dc <= 1
}

// eachPair calls fn for each pair of cells one of the moves apart (both
// signs of each move are covered by walking every cell).
func eachPair(n int, moves [][2]int, fn func(a, b int) error) error {
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			for _, m := range moves {
				r2, c2 := r+m[0], c+m[1]
				if r2 < 0 || r2 >= n || c2 < 0 || c2 >= n {
					continue
				}
				if err := fn(r*n+c, r2*n+c2); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
