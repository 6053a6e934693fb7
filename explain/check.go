package explain

import (
	"context"
	"errors"
	"fmt"
	"slices"

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
	p        *sudokusat.Puzzle
	n        int
	f        *encode.Formula
	clauses  [][]int
	parts    map[Ref]encode.Part
	solution *sudokusat.Grid
	// cellsOf lists, for each part, the cells its clauses name: read
	// once, as every check of a step that names the part needs them.
	cellsOf map[Ref][]int
}

// NewChecker encodes p for checking steps. solution, when not nil, is a
// solution of p the validator accepted.
func NewChecker(p *sudokusat.Puzzle, solution *sudokusat.Grid) (*Checker, error) {
	f, parts, err := encode.Parts(p)
	if err != nil {
		return nil, err
	}
	n := p.Size()
	k := &Checker{p: p, n: n, f: f, parts: make(map[Ref]encode.Part), solution: solution, cellsOf: make(map[Ref][]int)}
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
		for _, c := range k.clauses[part.From:part.To] {
			for _, x := range c {
				if v := abs(x); v <= n*n*n && !slices.Contains(cells, (v-1)/n) {
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
	// The clauses are shared, not copied: the solver only reads them.
	add := func(r Ref, part encode.Part) {
		out = append(out, k.clauses[part.From:part.To]...)
		for _, c := range k.cellsOf[r] {
			cells[c] = true
		}
	}
	for _, r := range st.Refs {
		part, ok := k.parts[r]
		if !ok || r.Kind == encode.PartCell {
			return fmt.Errorf("%w: it names %v, not a constraint of the puzzle", ErrUnsound, r)
		}
		add(r, part)
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
	for _, c := range st.Cells {
		if c >= 0 && c < n*n {
			cells[c] = true
		}
	}
	for c := range cells {
		r := Ref{encode.PartCell, c}
		add(r, k.parts[r])
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
