package explain

import (
	"context"
	"errors"
	"fmt"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/satsolve"
)

// ErrUnsound is wrapped by the error of a step that its check rejects.
var ErrUnsound = errors.New("step not proved")

// Checker checks logical steps against a puzzle's rules. It shares
// nothing with the code that finds steps: it takes the clauses the
// encoder writes for the constraints a step names, the cell constraints
// of the cells it touches, its premises as unit clauses and the negation
// of its conclusion, and asks gophersat whether they have a model. A step
// is proved when they have none: its premises and constraints leave no
// room for any other outcome. A known solution, when given, must survive
// every step too (the validator accepted it), which catches a rule whose
// clauses said more than the rule.
type Checker struct {
	p       *sudokusat.Puzzle
	n       int
	f       *encode.Formula
	clauses [][]int
	parts   map[Ref]encode.Part
	// cellsOf are the cells each constraint's clauses name.
	cellsOf  map[Ref][]int
	solution *sudokusat.Grid
	// Unique says the puzzle is known to have one solution: only then
	// does Check accept a step that rests on a deadly pattern.
	Unique bool
}

// NewChecker encodes p for checking steps. solution, when not nil, is a
// solution of p the validator accepted. Set the Checker's Unique when p
// is known to have one solution, to let it accept uniqueness steps.
func NewChecker(p *sudokusat.Puzzle, solution *sudokusat.Grid) (*Checker, error) {
	f, parts, err := encode.Parts(p)
	if err != nil {
		return nil, err
	}
	n := p.Size()
	k := &Checker{p: p, n: n, f: f, parts: make(map[Ref]encode.Part), cellsOf: make(map[Ref][]int), solution: solution}
	for c := range f.Clauses() {
		cl := make([]int, len(c))
		for i, x := range c {
			cl[i] = int(x)
		}
		k.clauses = append(k.clauses, cl)
	}
	for _, part := range parts {
		r := Ref{part.Kind, part.Index}
		k.parts[r] = part
		var cells []int
		seen := map[int]bool{}
		for _, c := range k.clauses[part.From:part.To] {
			for _, x := range c {
				if v := abs(x); v <= n*n*n && !seen[(v-1)/n] {
					seen[(v-1)/n] = true
					cells = append(cells, (v-1)/n)
				}
			}
		}
		k.cellsOf[r] = cells
	}
	return k, nil
}

// Check proves st: nil when its premises and the constraints it names,
// with the cell constraint of every cell they touch, rule out every
// assignment that breaks its conclusion. A guess is not a proof: Check
// refuses it.
func (k *Checker) Check(ctx context.Context, st *Step) error {
	if st.Technique == Guess {
		return fmt.Errorf("%w: a guess proves nothing", ErrUnsound)
	}
	if len(st.Placements)+len(st.Eliminations) == 0 {
		return fmt.Errorf("%w: the step concludes nothing", ErrUnsound)
	}
	n := k.n
	if k.solution != nil {
		for _, p := range st.Placements {
			if k.solution.Cell(p.Cell) != p.Digit {
				return fmt.Errorf("%w: %s = %d, but the solution has %d there", ErrUnsound, k.cell(p.Cell), p.Digit, k.solution.Cell(p.Cell))
			}
		}
		for _, e := range st.Eliminations {
			if k.solution.Cell(e.Cell) == e.Digit {
				return fmt.Errorf("%w: %s ≠ %d, but the solution has it", ErrUnsound, k.cell(e.Cell), e.Digit)
			}
		}
	}
	cells := map[int]bool{}
	var out [][]int
	// The clauses are shared, not copied: the solver copies what it reads.
	add := func(r Ref) {
		part := k.parts[r]
		out = append(out, k.clauses[part.From:part.To]...)
		for _, c := range k.cellsOf[r] {
			cells[c] = true
		}
	}
	for _, r := range st.Refs {
		if _, ok := k.parts[r]; !ok || r.Kind == encode.PartCell {
			return fmt.Errorf("%w: it names %v, not a constraint of the puzzle", ErrUnsound, r)
		}
		add(r)
	}
	lit := func(c Candidate) (int, error) {
		if c.Cell < 0 || c.Cell >= n*n || c.Digit < 1 || c.Digit > n {
			return 0, fmt.Errorf("%w: cell %d digit %d is not in the grid", ErrUnsound, c.Cell, c.Digit)
		}
		cells[c.Cell] = true
		return encode.Var(n, c.Cell/n, c.Cell%n, c.Digit), nil
	}
	for _, f := range st.Premises {
		x, err := lit(f.Candidate)
		if err != nil {
			return err
		}
		if !f.Placed {
			x = -x
		}
		out = append(out, []int{x})
	}
	var negated []int
	for _, p := range st.Placements {
		x, err := lit(p)
		if err != nil {
			return err
		}
		negated = append(negated, -x)
	}
	for _, e := range st.Eliminations {
		x, err := lit(e)
		if err != nil {
			return err
		}
		negated = append(negated, x)
	}
	out = append(out, negated)
	if st.Deadly != nil {
		cl, err := k.deadlyClause(st.Deadly)
		if err != nil {
			return err
		}
		for _, c := range st.Deadly.Cells {
			cells[c] = true
		}
		out = append(out, cl)
	}
	for _, c := range st.Cells {
		if c >= 0 && c < n*n {
			cells[c] = true
		}
	}
	touched := make([]int, 0, len(cells))
	for c := range cells {
		touched = append(touched, c)
	}
	for _, c := range touched {
		add(Ref{encode.PartCell, c})
	}
	sat, err := satsolve.HasModel(ctx, k.f.Vars, out)
	if err != nil {
		return err
	}
	if sat {
		return fmt.Errorf("%w: its premises and constraints allow an outcome its conclusion rules out", ErrUnsound)
	}
	return nil
}

func (k *Checker) cell(c int) string { return fmt.Sprintf("r%dc%d", c/k.n+1, c%k.n+1) }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Deadly is the pattern a uniqueness step rests on: open cells, each
// with two digits, such that a solution holding in every cell of the
// pattern one of its two digits would stay a solution with each of those
// cells holding its other digit instead. A puzzle with one solution has
// no such solution, so some cell of the pattern holds a digit outside its
// pair: that is the fact the step adds to its premises.
//
// A unique rectangle or loop is cells that share one pair; a BUG is every
// open cell with its pair (the candidates it keeps once the BUG cells'
// extra digits are set aside).
type Deadly struct {
	Cells []int
	// Pairs[i] are the two digits of Cells[i].
	Pairs [][2]int
}

// deadlyClause validates a deadly pattern and returns its clause: some
// cell of the pattern holds a digit outside its pair.
//
// Why the clause holds in the solution of a puzzle with one solution:
// the puzzle must be classic (its only constraints are its rows, columns
// and boxes, each holding a digit at most once, and its givens), no cell
// of the pattern may be a given, and in every house each digit must be in
// the pairs of 0 or 2 of the house's pattern cells. Take a solution S in
// which every pattern cell holds a digit of its pair, and flip every
// pattern cell to its other digit: S'. The givens are untouched. In a
// house with m pattern cells, their pairs name m digits twice each; the m
// cells hold m distinct digits (S is a solution), each from its pair, so
// they hold each of those m digits exactly once, and so does S' (a digit's
// cell gives it up, and the other cell whose pair has it, which held its
// other digit, takes it). The other cells of the house keep theirs. So S'
// is a solution too, and differs from S: the puzzle would have two. Hence
// in the one solution some pattern cell holds a digit outside its pair.
// The geometry of a rectangle or loop (alternating cells, two per house)
// and the candidates are the finder's business; this condition is all
// the argument needs.
func (k *Checker) deadlyClause(dp *Deadly) ([]int, error) {
	if !k.Unique {
		return nil, fmt.Errorf("%w: it rests on the puzzle having one solution, which was not established", ErrUnsound)
	}
	if !k.p.Classic() {
		return nil, fmt.Errorf("%w: a deadly pattern is only checked for a classic puzzle", ErrUnsound)
	}
	n := k.n
	if len(dp.Cells) == 0 || len(dp.Cells) != len(dp.Pairs) {
		return nil, fmt.Errorf("%w: a deadly pattern of %d cells and %d pairs", ErrUnsound, len(dp.Cells), len(dp.Pairs))
	}
	pairOf := map[int][2]int{}
	for i, c := range dp.Cells {
		p := dp.Pairs[i]
		if c < 0 || c >= n*n || p[0] < 1 || p[0] > n || p[1] < 1 || p[1] > n || p[0] == p[1] {
			return nil, fmt.Errorf("%w: cell %d with pair %v is not in the grid", ErrUnsound, c, p)
		}
		if _, dup := pairOf[c]; dup {
			return nil, fmt.Errorf("%w: the deadly pattern names %s twice", ErrUnsound, k.cell(c))
		}
		if k.p.Grid.Cell(c) != 0 {
			return nil, fmt.Errorf("%w: %s of the deadly pattern is a given", ErrUnsound, k.cell(c))
		}
		pairOf[c] = p
	}
	houses := k.p.RegionCells()
	for r := range n {
		row, col := make([]int, n), make([]int, n)
		for i := range n {
			row[i], col[i] = r*n+i, i*n+r
		}
		houses = append(houses, row, col)
	}
	for _, h := range houses {
		times := make([]int, n+1)
		for _, c := range h {
			if p, ok := pairOf[c]; ok {
				times[p[0]]++
				times[p[1]]++
			}
		}
		for d, t := range times {
			if t != 0 && t != 2 {
				return nil, fmt.Errorf("%w: digit %d is in the pairs of %d cells of a house of the deadly pattern, not 0 or 2", ErrUnsound, d, t)
			}
		}
	}
	var cl []int
	for _, c := range dp.Cells {
		p := pairOf[c]
		for d := 1; d <= n; d++ {
			if d != p[0] && d != p[1] {
				cl = append(cl, encode.Var(n, c/n, c%n, d))
			}
		}
	}
	return cl, nil
}
