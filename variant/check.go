package variant

import (
	"errors"
	"fmt"

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
			if u < 0 || u >= n {
				return fmt.Errorf("%w: %s is in region %d", ErrNotSolution, cellName(n, cell), u+1)
			}
			units[u] = append(units[u], cell)
		}
		for u, cells := range units {
			if err := distinct(n, solution, cells); err != nil {
				return fmt.Errorf("%w: %s %d: %v", ErrNotSolution, name, u+1, err)
			}
			if len(cells) != n {
				return fmt.Errorf("%w: %s %d has %d cells", ErrNotSolution, name, u+1, len(cells))
			}
		}
	}
	marked := map[Kind]map[[2]int]bool{White: {}, Black: {}, XV: {}}
	for _, c := range p.Rules {
		if m := marked[c.Kind]; m != nil && len(c.Cells) == 2 {
			m[pair(c.Cells[0], c.Cells[1])] = true
		}
	}
	for i, c := range p.Rules {
		if err := checkOne(n, solution, c, marked); err != nil {
			return fmt.Errorf("%w: %s constraint %d: %v", ErrNotSolution, c.Kind, i+1, err)
		}
	}
	return nil
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

// checkOne checks one constraint on a full grid.
func checkOne(n int, s *sudokusat.Grid, c sudokusat.Rule, marked map[Kind]map[[2]int]bool) error {
	at := s.Cell
	two := func() (int, int, error) {
		if len(c.Cells) != 2 {
			return 0, 0, fmt.Errorf("%d cells, want 2", len(c.Cells))
		}
		return at(c.Cells[0]), at(c.Cells[1]), nil
	}
	names := func() string {
		out := ""
		for i, cell := range c.Cells {
			if i > 0 {
				out += ","
			}
			out += cellName(n, cell)
		}
		return out
	}
	switch c.Kind {
	case Region, DiagonalMain, DiagonalAnti:
		return distinct(n, s, c.Cells)
	case Killer:
		if err := distinct(n, s, c.Cells); err != nil {
			return err
		}
		sum := 0
		for _, cell := range c.Cells {
			sum += at(cell)
		}
		if c.Value != 0 && sum != c.Value {
			return fmt.Errorf("cage %s sums to %d, not %d", names(), sum, c.Value)
		}
	case Thermo:
		for i := 1; i < len(c.Cells); i++ {
			if at(c.Cells[i]) <= at(c.Cells[i-1]) {
				return fmt.Errorf("%s holds %d after %s's %d: not increasing", cellName(n, c.Cells[i]), at(c.Cells[i]), cellName(n, c.Cells[i-1]), at(c.Cells[i-1]))
			}
		}
	case Arrow:
		circle := 0
		for _, cell := range c.Cells {
			circle = circle*10 + at(cell)
		}
		sum := 0
		for _, line := range c.Lines {
			for _, cell := range line {
				sum += at(cell)
			}
		}
		if sum != circle {
			return fmt.Errorf("the line sums to %d, the circle %s holds %d", sum, names(), circle)
		}
	case White:
		a, b, err := two()
		if err != nil {
			return err
		}
		if a-b != 1 && b-a != 1 {
			return fmt.Errorf("%s hold %d and %d: not consecutive", names(), a, b)
		}
	case Black:
		a, b, err := two()
		if err != nil {
			return err
		}
		if a != 2*b && b != 2*a {
			return fmt.Errorf("%s hold %d and %d: neither is twice the other", names(), a, b)
		}
	case XV:
		a, b, err := two()
		if err != nil {
			return err
		}
		if a+b != c.Value {
			return fmt.Errorf("%s hold %d and %d: the sum is not %d", names(), a, b, c.Value)
		}
	case Even, Odd:
		for _, cell := range c.Cells {
			if (at(cell)%2 == 0) != (c.Kind == Even) {
				return fmt.Errorf("%s holds %d", cellName(n, cell), at(cell))
			}
		}
	case AntiKnight, AntiKing:
		moves := [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}}
		if c.Kind == AntiKing {
			moves = [][2]int{{0, 1}, {1, -1}, {1, 0}, {1, 1}}
		}
		return eachPair(n, moves, func(a, b int) error {
			if at(a) == at(b) {
				return fmt.Errorf("%s and %s both hold %d", cellName(n, a), cellName(n, b), at(a))
			}
			return nil
		})
	case NonConsecutive, NoBlack, NoXV:
		// A Kropki dot of either colour exempts its pair from both
		// Kropki negatives (one edge holds one dot, and a 1–2 pair may
		// carry either); an X or a V from the XV negative.
		exempt := []Kind{White, Black}
		mark := "Kropki dot"
		if c.Kind == NoXV {
			exempt, mark = []Kind{XV}, "X or V"
		}
		return eachPair(n, [][2]int{{0, 1}, {1, 0}}, func(a, b int) error {
			for _, k := range exempt {
				if marked[k][pair(a, b)] {
					return nil
				}
			}
			x, y := at(a), at(b)
			bad := false
			switch c.Kind {
			case NonConsecutive:
				bad = x-y == 1 || y-x == 1
			case NoBlack:
				bad = x == 2*y || y == 2*x
			case NoXV:
				bad = x+y == 5 || x+y == 10
			}
			if bad {
				return fmt.Errorf("%s and %s hold %d and %d, with no %s between them", cellName(n, a), cellName(n, b), x, y, mark)
			}
			return nil
		})
	default:
		return fmt.Errorf("unknown kind %q", c.Kind)
	}
	return nil
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
