package certify

import (
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"runtime"
	"sync"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/drat"
	"github.com/sudokusat/sudokusat/encode"
)

// maxLiftSize is the largest grid whose reduced-encoding proofs are checked:
// the check loads the extended encoding of the puzzle, 750,000 clauses at
// 25×25 and 3.3 million at 36×36 (fewer for a puzzle with givens, whose
// satisfied clauses are left out, but as many for an empty grid).
const maxLiftSize = 25

// liftable refuses a reduced formula's proof for a grid above
// maxLiftSize, whose check would load too large an extended encoding.
func liftable(n int) error {
	if n > maxLiftSize {
		return fmt.Errorf("proofs of the reduced encoding are checked up to %d×%d grids, not %d×%d: use a direct encoding", maxLiftSize, maxLiftSize, n, n)
	}
	return nil
}

// errStop ends the reading of a proof once the formula is refuted.
var errStop = errors.New("refuted")

// checkReduced checks a SAT solver's UNSAT answer on a reduced formula f
// from the puzzle itself rather than from f, which the encoder's
// propagation derived and a proof over f takes on trust. cnf is the
// formula the solver was given, f's clauses followed by the clauses that
// block the grids found before, and proof the solver's DRAT proof of it.
//
// The check is one DRAT check of a larger formula: the extended encoding
// of the puzzle (every cell, row, column and box exactly-one, and the
// givens; as extendedClauses builds it, without the clauses the givens
// satisfy), plus, for each grid that cnf's blocking clauses name, a clause
// that blocks it over the puzzle's blank cells, each grid first checked by
// sudokusat.CheckSolution. A refutation of that formula proves the claim
// from the puzzle: no solution but the grids found. The proof checked is
// built here, in the extended encoding's variables:
//
//   - each value propagation fixed and each candidate it removed, as a unit
//     lemma: the encoder's naked and hidden singles are unit propagation in
//     the extended encoding, so each is RUP;
//   - the product encoding's auxiliary variables, each by the definition
//     the encoder gives (f.Definitions): a ↔ the disjunction of its
//     candidates, whose clause ¬a ∨ x₁ ∨ … ∨ xₖ is RAT on ¬a while no
//     clause names a;
//   - every clause of cnf with an auxiliary variable, as a lemma (RAT on
//     its auxiliary literal: ¬x ∨ a resolves with the definition into a
//     tautology, and the at-most-one clauses between auxiliary variables
//     into clauses the extended encoding's at-most-one propagates), so
//     that the solver's lemmas meet the clauses it saw (its clauses over
//     candidates alone are the extended encoding's, with the literals
//     that propagation makes false left out);
//   - the solver's proof, its variables renamed: a candidate becomes its
//     cell-digit variable, any other variable a fresh one.
//
// The translation is not trusted: a wrong step makes the check fail, never
// pass. Only the formula checked must be right, and it is built from the
// puzzle and validated grids alone.
func checkReduced(ctx context.Context, f *encode.Formula, cnf, proof io.Reader) error {
	if f.Direct() {
		return errors.New("not a reduced formula")
	}
	if err := liftable(f.Puzzle.Size()); err != nil {
		return err
	}
	given, err := encode.ReadDIMACS(cnf)
	if err != nil {
		return fmt.Errorf("the formula given to the solver: %w", err)
	}
	return checkGiven(ctx, f, given, proof)
}

// checkGiven is checkReduced of the formula given to the solver, read.
func checkGiven(ctx context.Context, f, given *encode.Formula, proof io.Reader) error {
	if given.NumClauses() < f.NumClauses() {
		return fmt.Errorf("the formula given to the solver has %d clauses, fewer than the reduced formula's %d", given.NumClauses(), f.NumClauses())
	}
	// given's clauses, from the first (from = 0) or from the first after
	// f's (from = f.NumClauses()), up to f's last (to = f.NumClauses()) or
	// to its own last (to = -1).
	part := func(from, to int) iter.Seq[[]int32] {
		return func(yield func([]int32) bool) {
			i := 0
			for c := range given.Clauses() {
				if i == to {
					return
				}
				if i >= from && !yield(c) {
					return
				}
				i++
			}
		}
	}
	return checkLifted(ctx, f, part(0, f.NumClauses()), part(f.NumClauses(), -1), proof)
}

// checkLifted is checkReduced on the formula given to the solver in two
// parts, as clauses: solver, which stands for f's clauses, and blocks, the
// clauses after them, each blocking a grid. gophersat's count, which adds
// the blocking clauses itself, gives them so, and spares the check writing
// and reading the formula as DIMACS. Only solver's clauses that name an
// auxiliary variable become lemmas: solver may leave out the others
// (leaving out a lemma can make a check fail, never pass).
func checkLifted(ctx context.Context, f *encode.Formula, solver, blocks iter.Seq[[]int32], proof io.Reader) error {
	if f.Direct() {
		return errors.New("not a reduced formula")
	}
	n := f.Puzzle.Size()
	if err := liftable(n); err != nil {
		return err
	}
	l := lifter{f: f, n: int32(n), cands: int32(len(f.Cands))}
	var grids []*sudokusat.Grid
	i := 0
	for c := range blocks {
		i++
		g, err := l.blocked(c)
		if err != nil {
			return fmt.Errorf("blocking clause %d: %w", i, err)
		}
		grids = append(grids, g)
	}
	// A puzzle that unit propagation settles, to one of the grids found,
	// is refuted by unit propagation alone: settled checks that without
	// a checker, whose setup was all but the whole cost on such puzzles
	// (a 16×16 one: 430 µs checked, 45 µs counted).
	if s := settled(f.Puzzle.Grid); s != nil {
		for _, g := range grids {
			if g.Equal(s) {
				return nil
			}
		}
	}

	// The formula: the puzzle's extended encoding (the clauses the givens
	// do not satisfy) and a blocking clause for each validated grid.
	k := getChecker(ctx)
	defer putChecker(k)
	if err := extendedClauses(f.Puzzle.Grid, k); err != nil {
		return err
	}
	for _, g := range grids {
		var block []int32
		for cell := 0; cell < g.Len(); cell++ {
			if f.Puzzle.Grid.Cell(cell) == 0 {
				block = append(block, -l.cellVar(cell, g.Cell(cell)))
			}
		}
		if err := k.Clause(block...); err != nil {
			return err
		}
	}

	// The bridge from the puzzle to the formula given. Its clauses over
	// candidates alone, the blocking ones included, need no lemma: each is
	// a clause of the formula checked with the literals that the top
	// level's unit propagation makes false left out, and so acts the same
	// in every later propagation.
	lemma := func(what func() string, lits []int32) error {
		if k.Refuted() {
			return errStop
		}
		if err := k.Lemma(lits...); err != nil {
			return fmt.Errorf("%s: %w", what(), err)
		}
		return nil
	}
	if err := l.units(lemma); err != nil {
		return stopped(err)
	}
	if err := l.definitions(lemma); err != nil {
		return stopped(err)
	}
	i = 0
	var out []int32
	if f.Vars <= len(f.Cands) {
		// No auxiliary variable: every clause is over candidates alone
		// and needs no lemma, and going through them cost a third of a
		// 9×9 check (the at-most-one constraints are written out clause
		// by clause). Only an empty clause would have given a lemma, the
		// empty clause, which the solver's proof ends with. Leaving out
		// lemmas can make a check fail, never pass.
		solver = func(func([]int32) bool) {}
	}
	for c := range solver {
		i++
		out = out[:0]
		for _, x := range c {
			v, err := l.lift(x)
			if err != nil {
				return err
			}
			if abs32(x) > l.cands && len(out) > 0 {
				// The auxiliary literal goes first: it is the RAT pivot.
				out = append(out, out[0])
				out[0] = v
				continue
			}
			out = append(out, v)
		}
		if len(out) > 0 && abs32(out[0]) <= l.n*l.n*l.n {
			continue // candidates alone
		}
		if err := lemma(func() string { return fmt.Sprintf("clause %d of the formula given to the solver", i) }, out); err != nil {
			return stopped(err)
		}
	}

	// The solver's proof, renamed.
	step := 0
	buf := make([]int32, 0, 64)
	err := drat.ReadProof(proof, drat.FormatAuto, func(del bool, lits []int32) error {
		step++
		if k.Refuted() {
			return errStop
		}
		buf = buf[:0]
		for _, x := range lits {
			v, err := l.lift(x)
			if err != nil {
				return fmt.Errorf("the solver's proof, step %d: %w", step, err)
			}
			buf = append(buf, v)
		}
		if del {
			return k.Delete(buf...)
		}
		if err := k.Lemma(buf...); err != nil {
			return fmt.Errorf("the solver's proof, step %d: %w", step, err)
		}
		return nil
	})
	if err := stopped(err); err != nil {
		return err
	}
	_, err = k.Result()
	return err
}

// checkers keeps the checkers of checkLifted between checks, each Reset
// before it is used, so that a batch of puzzles allocates their tables
// once. Not a sync.Pool, which every garbage collection empties: in a
// batch that is every few puzzles.
var checkers struct {
	sync.Mutex
	idle []*drat.Checker
}

// getChecker returns an empty checker bound to ctx.
func getChecker(ctx context.Context) *drat.Checker {
	checkers.Lock()
	var k *drat.Checker
	if n := len(checkers.idle); n > 0 {
		k, checkers.idle = checkers.idle[n-1], checkers.idle[:n-1]
	}
	checkers.Unlock()
	if k == nil {
		return drat.NewChecker(ctx)
	}
	k.Reset(ctx)
	return k
}

// putChecker keeps k for a later check, up to two per CPU; a check may
// not use it after.
func putChecker(k *drat.Checker) {
	checkers.Lock()
	defer checkers.Unlock()
	if len(checkers.idle) < 2*runtime.GOMAXPROCS(0) {
		checkers.idle = append(checkers.idle, k)
	}
}

// stopped drops errStop, which only ends a proof early.
func stopped(err error) error {
	if errors.Is(err, errStop) {
		return nil
	}
	return err
}

// lifter renames a reduced formula's variables into the extended
// encoding's: candidate variables 1..cands become their cell-digit
// variables, and every later variable (an auxiliary one, or one a proof
// introduces) a fresh variable after the n³ cell-digit ones.
type lifter struct {
	f        *encode.Formula
	n, cands int32
}

func (l *lifter) cellVar(cell, digit int) int32 { return int32(cell)*l.n + int32(digit) }

func (l *lifter) lift(x int32) (int32, error) {
	a := abs32(x)
	var v int32
	if a <= l.cands {
		c := l.f.Cands[a-1]
		v = l.cellVar(int(c.Cell), int(c.Digit))
	} else {
		base := l.n * l.n * l.n
		if a-l.cands > 1<<31-1-base {
			return 0, fmt.Errorf("variable %d is too large", a)
		}
		v = base + a - l.cands
	}
	return v * sign(x), nil
}

// blocked returns the grid a blocking clause excludes: the propagated grid
// with the digit of each candidate the clause negates. It must be a
// solution of the puzzle.
func (l *lifter) blocked(c []int32) (*sudokusat.Grid, error) {
	g := l.f.Fixed.Clone()
	for _, x := range c {
		if x >= 0 || -x > l.cands {
			return nil, fmt.Errorf("literal %d is not a negated candidate", x)
		}
		cand := l.f.Cands[-x-1]
		if g.Cell(int(cand.Cell)) != 0 {
			return nil, fmt.Errorf("literal %d sets a cell twice", x)
		}
		g.SetCell(int(cand.Cell), int(cand.Digit))
	}
	if err := sudokusat.CheckSolution(l.f.Puzzle.Grid, g); err != nil {
		return nil, err
	}
	return g, nil
}

// units adds, as lemmas, each value the encoder's propagation fixed and
// each candidate it removed from an open cell.
func (l *lifter) units(lemma func(func() string, []int32) error) error {
	n := int(l.n)
	open := make([][]bool, n*n)
	flags := make([]bool, n*n*(n+1))
	for _, c := range l.f.Cands {
		if open[c.Cell] == nil {
			open[c.Cell] = flags[int(c.Cell)*(n+1) : int(c.Cell+1)*(n+1)]
		}
		open[c.Cell][c.Digit] = true
	}
	// One message and one buffer for every lemma, read only while lemma
	// runs: a closure and a slice for each would be allocated, and a 9×9
	// puzzle has hundreds of these lemmas.
	var cell, d int
	var unit [1]int32
	what := func() string {
		rel := "="
		if unit[0] < 0 {
			rel = "≠"
		}
		return fmt.Sprintf("r%dc%d %s %d by propagation", cell/n+1, cell%n+1, rel, d)
	}
	for cell = 0; cell < n*n; cell++ {
		if d = l.f.Fixed.Cell(cell); d != 0 {
			if l.f.Puzzle.Grid.Cell(cell) == 0 {
				unit[0] = l.cellVar(cell, d)
				if err := lemma(what, unit[:]); err != nil {
					return err
				}
			}
			continue
		}
		if open[cell] == nil {
			continue // no candidate left: the contradiction formula
		}
		for d = 1; d <= n; d++ {
			if !open[cell][d] {
				unit[0] = -l.cellVar(cell, d)
				if err := lemma(what, unit[:]); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// definitions adds, as lemmas, the definition of each auxiliary variable
// the encoder gives: ¬a ∨ x₁ ∨ … ∨ xₖ, RAT on ¬a, since no clause names a
// yet. Only the check vouches for a definition; one that names a
// candidate variable, or one variable twice, is refused here all the same.
func (l *lifter) definitions(lemma func(func() string, []int32) error) error {
	seen := make(map[int32]bool)
	var def []int32
	for d := range l.f.Definitions() {
		a := d.Var
		if a <= l.cands || seen[a] {
			return fmt.Errorf("the encoder's definition of variable %d: not a new auxiliary variable", a)
		}
		seen[a] = true
		v, err := l.lift(-a)
		if err != nil {
			return err
		}
		def = append(def[:0], v)
		for _, y := range d.Lits {
			w, err := l.lift(y)
			if err != nil {
				return err
			}
			def = append(def, w)
		}
		if err := lemma(func() string { return fmt.Sprintf("the definition of auxiliary variable %d", a) }, def); err != nil {
			return err
		}
	}
	return nil
}

func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

func sign(x int32) int32 {
	if x < 0 {
		return -1
	}
	return 1
}
