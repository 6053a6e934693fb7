// Package explain finds a logical solve path for a puzzle, classic or
// variant: from the givens to the solution, one step at a time, each step
// a conclusion (digits placed, candidates removed), the technique that
// found it, the cells and constraints it reads and the facts it rests on.
//
// Steps are found cheapest first: the named techniques of classic solving
// over the puzzle's houses (singles and SE's direct hints, locked
// candidates, subsets, fish, chains of strong links, wings, aligned
// exclusion, and, for a puzzle known to have one solution, unique
// rectangles and loops and BUG), rated on Sudoku Explainer's scale and,
// for a classic puzzle, tried in SE's order; then what one rule
// alone forces given its cells' candidates; then the smallest set of
// constraints that forces a conclusion; then a contradiction followed
// from one candidate; a guess last, said so. Every step is proved by a
// Checker, which shares nothing with the finders: a path of checked steps
// is a proof a person can follow.
package explain

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// MaxSize is the largest grid side Explain takes: a cell's candidates are
// one 64-bit word, and the steps of larger grids are more than a person
// reads.
const MaxSize = 25

// ErrSize reports a puzzle larger than MaxSize.
var ErrSize = errors.New("explain: grid too large")

// Candidate is a digit in a cell (row-major from 0).
type Candidate struct {
	Cell, Digit int
}

// Fact is what a step knows of a candidate: the digit is placed in the
// cell, or it was taken out of it.
type Fact struct {
	Candidate
	Placed bool
}

// The techniques that are not a pattern of candidates.
const (
	// Givens is the first step: each given takes its digit out of the
	// cells that see it.
	Givens = "givens"
	// RuleAlone is a conclusion one rule forces from its cells'
	// candidates alone.
	RuleAlone = "rule"
	// Region is a conclusion the smallest set of constraints forces,
	// found with a SAT solver.
	Region = "constraint-set"
	// Contradiction is a candidate followed to a contradiction.
	Contradiction = "contradiction"
	// Guess is a digit placed from the known solution, with no reason: the
	// path past it is not a proof of solvability.
	Guess = "guess"
)

// Step is one step of a solve path.
type Step struct {
	// Technique names how the step was found: "hidden-single",
	// "x-wing", "rule", "contradiction", …
	Technique string
	// Rating is the step's difficulty on Sudoku Explainer's scale (1.0 a
	// hidden single, 3.2 an X-wing, 7.0 a chain of some length, …), which
	// variant steps share.
	Rating float64
	// Placements and Eliminations are the conclusion.
	Placements   []Candidate
	Eliminations []Candidate
	// Cells are the cells the step looks at, for drawing.
	Cells []int
	// Refs are the houses and rules the step uses.
	Refs []Ref
	// Premises are the facts the step rests on: givens, earlier
	// placements and eliminations.
	Premises []Fact
	// Deadly, when not nil, is the pattern a uniqueness step rests on:
	// the step holds only for a puzzle with one solution.
	Deadly *Deadly
	// Checked reports that the Checker proved the step.
	Checked bool
	// Text says the step in words.
	Text string
}

// Status says how a path ends.
type Status string

// The statuses of a Path.
const (
	// Explained: the steps reach the solution without a guess.
	Explained Status = "explained"
	// Guessed: the steps reach the solution, a guess among them.
	Guessed Status = "guessed"
	// Stuck: no technique allowed makes progress, and guessing was not.
	Stuck Status = "stuck"
)

// Path is a solve path.
type Path struct {
	Status Status
	Steps  []Step
	// Grid is the grid at the end: the solution, unless Stuck.
	Grid *sudokusat.Grid
	// Candidates are each cell's candidates at the end (bit d-1 for
	// digit d), for a path that is Stuck.
	Candidates []uint64
}

// Hardest returns the index of the path's hardest step (the first of
// the highest rating), or -1 for a path without steps.
func (p *Path) Hardest() int {
	h := -1
	for i, st := range p.Steps {
		if h < 0 || st.Rating > p.Steps[h].Rating {
			h = i
		}
	}
	return h
}

// BreakIn returns the index of the first step past singles and the
// givens, or -1 when every step is one.
func (p *Path) BreakIn() int {
	for i, st := range p.Steps {
		switch st.Technique {
		case Givens, FullHouse, HiddenSingle, NakedSingle:
		default:
			return i
		}
	}
	return -1
}

// Options tune a search for steps.
type Options struct {
	// Solution is a solution of the puzzle the validator accepted, or
	// nil. Guesses need it; the checker checks every step against it;
	// and the finders do not try to remove its digits.
	Solution *sudokusat.Grid
	// MaxRating, when not 0, is the hardest step allowed: the path stops
	// (Stuck) where only harder ones remain, the state a solver who knows
	// techniques up to it reaches.
	MaxRating float64
	// NoGuess stops the path (Stuck) where a guess would be next.
	NoGuess bool
	// NoCheck leaves the steps unchecked, for finding alone (benchmarks).
	NoCheck bool
	// Unique says the caller proved that the puzzle has one solution,
	// which allows the steps that rest on it (unique rectangles and
	// loops, BUG): without it they are neither looked for nor accepted.
	Unique bool
}

// Explain finds a solve path for p from its givens.
func Explain(ctx context.Context, p *sudokusat.Puzzle, opt Options) (*Path, error) {
	e, err := newExplainer(p, opt)
	if err != nil {
		return nil, err
	}
	return e.run(ctx, -1)
}

// Next finds the next step for p where a solver stands: cands gives each
// cell's candidates (bit d-1 for digit d), nil for a solver at the start.
// Cells given in p hold their digit; an open cell with one candidate is a
// naked single still to take. The first step may be the givens' own
// eliminations, where cands still has digits the givens rule out. The
// step is nil when the puzzle is solved.
func Next(ctx context.Context, p *sudokusat.Puzzle, cands []uint64, opt Options) (*Step, error) {
	e, err := newExplainer(p, opt)
	if err != nil {
		return nil, err
	}
	if cands != nil {
		if err := e.start(cands); err != nil {
			return nil, err
		}
	}
	path, err := e.run(ctx, 1)
	if err != nil {
		return nil, err
	}
	if len(path.Steps) == 0 {
		return nil, nil
	}
	return &path.Steps[0], nil
}

// explainer holds one puzzle's search for steps.
type explainer struct {
	b     *board
	s     *state
	opt   Options
	check *Checker
	// givensDone is set once the givens' eliminations are a step or
	// were given in the starting candidates.
	givensDone bool
	local      *locals
	sets       *sets
	// ups are the refutations by unit propagation found for the grid at
	// upsVersion.
	ups        []refutation
	upsVersion int
	// links are the strong links of the grid at their version.
	links *linkCache
	// trim is the checker that trims chain steps' premises when the
	// path's steps are not checked.
	trim *Checker
}

func newExplainer(p *sudokusat.Puzzle, opt Options) (*explainer, error) {
	n := p.Size()
	if n > MaxSize {
		return nil, fmt.Errorf("%w: %d×%d; explain takes grids up to %d×%d", ErrSize, n, n, MaxSize, MaxSize)
	}
	if opt.Solution != nil && opt.Solution.Size() != n {
		return nil, fmt.Errorf("explain: a %d×%d solution for a %d×%d puzzle", opt.Solution.Size(), opt.Solution.Size(), n, n)
	}
	b := newBoard(p)
	e := &explainer{b: b, s: newState(b), opt: opt}
	if !opt.NoCheck || len(p.Rules) > 0 || p.Regions != nil {
		k, err := NewChecker(p, opt.Solution)
		if err != nil {
			return nil, err
		}
		k.Unique = opt.Unique
		e.check = k
	}
	return e, nil
}

// start sets the candidates a solver has reached.
func (e *explainer) start(cands []uint64) error {
	n := e.b.n
	if len(cands) != n*n {
		return fmt.Errorf("explain: %d cells of candidates for a %d×%d grid", len(cands), n, n)
	}
	for c, m := range cands {
		m &= e.b.all
		if g := e.b.p.Grid.Cell(c); g != 0 {
			if m&bit(g) == 0 {
				return fmt.Errorf("explain: %s is given %d, which its candidates leave out", e.b.cellName(c), g)
			}
			m = bit(g)
		}
		if m == 0 {
			return fmt.Errorf("explain: %s has no candidate", e.b.cellName(c))
		}
		e.s.cand[c] = m
	}
	return nil
}

// run finds up to max steps (every step to the end when max < 0).
func (e *explainer) run(ctx context.Context, max int) (*Path, error) {
	path := &Path{}
	for max < 0 || len(path.Steps) < max {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if e.s.solved() {
			break
		}
		if e.s.broken() {
			return nil, fmt.Errorf("explain: the puzzle has no solution: a cell has no candidate left")
		}
		st, err := e.next(ctx)
		if err != nil {
			return nil, err
		}
		if st == nil {
			path.Status = Stuck
			break
		}
		if e.check != nil && st.Technique != Guess && !e.opt.NoCheck {
			if err := e.check.Check(ctx, st); err != nil {
				if ctx.Err() != nil {
					return nil, ctx.Err()
				}
				return nil, fmt.Errorf("explain: step %d (%s): %w", len(path.Steps)+1, st.Technique, err)
			}
			st.Checked = true
		}
		st.Text = e.describe(st)
		e.s.apply(st)
		path.Steps = append(path.Steps, *st)
	}
	if path.Status == "" {
		path.Status = Explained
		if slices.ContainsFunc(path.Steps, func(st Step) bool { return st.Technique == Guess }) {
			path.Status = Guessed
		}
		if !e.s.solved() {
			path.Status = Stuck
		}
	}
	g := e.b.p.Grid.Clone()
	for c, d := range e.s.placed {
		g.SetCell(c, d)
	}
	path.Grid = g
	path.Candidates = slices.Clone(e.s.cand)
	return path, nil
}

// next finds the cheapest step the options allow, or nil.
func (e *explainer) next(ctx context.Context) (*Step, error) {
	if !e.givensDone {
		e.givensDone = true
		if st := e.givens(); st != nil {
			return st, nil
		}
	}
	for _, t := range e.ladder() {
		if e.opt.MaxRating > 0 && t.rating > e.opt.MaxRating {
			// Not break: a rung past a harder one may rate lower (the
			// contradiction that follows SE's chains).
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		st, err := t.find(e, ctx)
		if err != nil {
			return nil, err
		}
		if st != nil {
			if e.opt.MaxRating > 0 && st.Rating > e.opt.MaxRating {
				continue
			}
			if st.Technique == "" {
				st.Technique = t.name
			}
			return st, nil
		}
	}
	if e.opt.NoGuess || e.opt.Solution == nil || e.opt.MaxRating > 0 {
		return nil, nil
	}
	return e.guess(), nil
}

// technique is one rung of the ladder: a finder and the rating of the
// easiest step it finds (a step may rate higher: a longer chain).
type technique struct {
	name   string
	rating float64
	find   func(e *explainer, ctx context.Context) (*Step, error)
}

// givens is the first step: every given takes its digit out of its
// houses' other cells.
func (e *explainer) givens() *Step {
	st := &Step{Technique: Givens}
	seen := map[Ref]bool{}
	for c, d := range e.s.placed {
		if d == 0 {
			continue
		}
		st.Premises = append(st.Premises, Fact{Candidate{c, d}, true})
		for _, hi := range e.b.cellHouses[c] {
			h := e.b.houses[hi]
			for _, o := range h.cells {
				if o != c && e.s.cand[o]&bit(d) != 0 && e.s.placed[o] == 0 {
					st.Eliminations = append(st.Eliminations, Candidate{o, d})
					if !seen[h.ref] {
						seen[h.ref] = true
						st.Refs = append(st.Refs, h.ref)
					}
				}
			}
		}
	}
	if len(st.Eliminations) == 0 {
		return nil
	}
	st.Eliminations = dedupe(st.Eliminations)
	return st
}

// guess places the solution's digit in the open cell with the fewest
// candidates.
func (e *explainer) guess() *Step {
	best := -1
	for c, d := range e.s.placed {
		if d == 0 && (best < 0 || count(e.s.cand[c]) < count(e.s.cand[best])) {
			best = c
		}
	}
	d := e.opt.Solution.Cell(best)
	st := &Step{Technique: Guess, Rating: 10, Cells: []int{best}}
	st.Placements = []Candidate{{best, d}}
	e.placeEliminations(st, best, d)
	return st
}

// place is a step that places d in cell c: it takes the other candidates
// out of c and d out of every cell that shares a house with c.
func (e *explainer) place(technique string, rating float64, c, d int) *Step {
	st := &Step{Technique: technique, Rating: rating, Placements: []Candidate{{c, d}}}
	e.placeEliminations(st, c, d)
	return st
}

// placeEliminations adds to st the eliminations placing d in c makes in
// c's houses, with those houses.
func (e *explainer) placeEliminations(st *Step, c, d int) {
	for _, hi := range e.b.cellHouses[c] {
		h := e.b.houses[hi]
		used := false
		for _, o := range h.cells {
			if o != c && e.s.placed[o] == 0 && e.s.cand[o]&bit(d) != 0 && !slices.Contains(st.Eliminations, Candidate{o, d}) {
				st.Eliminations = append(st.Eliminations, Candidate{o, d})
				used = true
			}
		}
		if used {
			st.Refs = addRef(st.Refs, h.ref)
		}
	}
}

func addRef(refs []Ref, r Ref) []Ref {
	if slices.Contains(refs, r) {
		return refs
	}
	return append(refs, r)
}

func dedupe(cs []Candidate) []Candidate {
	slices.SortFunc(cs, func(a, b Candidate) int {
		if a.Cell != b.Cell {
			return a.Cell - b.Cell
		}
		return a.Digit - b.Digit
	})
	return slices.Compact(cs)
}

// describe says a step in words.
func (e *explainer) describe(st *Step) string {
	b := e.b
	if st.Technique == Givens {
		return fmt.Sprintf("givens: the %d givens take %d candidates out of the cells that see them", len(st.Premises), len(st.Eliminations))
	}
	var parts []string
	for _, p := range st.Placements {
		parts = append(parts, fmt.Sprintf("%s = %d", b.cellName(p.Cell), p.Digit))
	}
	if len(st.Eliminations) > 0 {
		// Cells that lose the same digits are named together.
		byCell := map[int][]int{}
		var cells []int
		for _, el := range st.Eliminations {
			if len(st.Placements) > 0 && st.Placements[0].Digit == el.Digit && st.Technique != Givens {
				continue // the placement's own: said by "= d"
			}
			if byCell[el.Cell] == nil {
				cells = append(cells, el.Cell)
			}
			byCell[el.Cell] = append(byCell[el.Cell], el.Digit)
		}
		slices.Sort(cells)
		done := map[int]bool{}
		for _, c := range cells {
			if done[c] {
				continue
			}
			same := []int{c}
			for _, o := range cells {
				if o != c && !done[o] && slices.Equal(byCell[o], byCell[c]) {
					same = append(same, o)
				}
			}
			for _, o := range same {
				done[o] = true
			}
			ds := make([]string, len(byCell[c]))
			for i, d := range byCell[c] {
				ds[i] = fmt.Sprint(d)
			}
			parts = append(parts, fmt.Sprintf("%s ≠ %s", cellRange(b.n, same), strings.Join(ds, ",")))
		}
	}
	switch st.Technique {
	case RuleAlone:
		return strings.Join(parts, "; ") + ": " + b.refName(st.Refs[0]) + " alone rules these out"
	case Region:
		names := make([]string, len(st.Refs))
		for i, r := range st.Refs {
			names[i] = b.refName(r)
		}
		return strings.Join(parts, "; ") + ": " + strings.Join(names, " and ") + " together rule these out"
	case Contradiction:
		el := st.Eliminations[0]
		return fmt.Sprintf("%s: %s = %d leads to a contradiction through %d constraints", strings.Join(parts, "; "), b.cellName(el.Cell), el.Digit, len(st.Refs))
	}
	why := strings.ReplaceAll(st.Technique, "-", " ")
	if st.Text != "" {
		// The finder said how it reads (a chain): that says more than
		// the list of its houses.
		return strings.Join(parts, "; ") + ": " + why + ": " + st.Text
	}
	refs := st.Refs
	if len(st.Placements) > 0 {
		// A placement's own eliminations go through its cell's houses:
		// only the house a hidden single is hidden in is its reason.
		refs = nil
		if st.Technique == HiddenSingle && len(st.Refs) > 0 {
			refs = st.Refs[:1]
		}
	}
	var names []string
	for _, r := range refs {
		names = append(names, b.refName(r))
	}
	if len(names) > 0 && len(names) <= 4 {
		why += " in " + strings.Join(names, ", ")
	} else if len(names) > 4 {
		why += fmt.Sprintf(" over %d constraints", len(names))
	}
	return strings.Join(parts, "; ") + ": " + why
}

// NextPath is Next from where a solver of p stands, p's pencil marks
// (Start) taken as the solver's candidates: a path of that one step, of
// no step when p is solved, its status Guessed when the step is a guess.
// The path's grid is opt.Solution.
func NextPath(ctx context.Context, p *sudokusat.Puzzle, opt Options) (*Path, error) {
	q, cands := Start(p)
	st, err := Next(ctx, q, cands, opt)
	if err != nil {
		return nil, err
	}
	path := &Path{Status: Explained, Grid: opt.Solution}
	switch {
	case st == nil:
	case st.Technique == Guess:
		path.Status, path.Steps = Guessed, []Step{*st}
	default:
		path.Steps = []Step{*st}
	}
	return path, nil
}

// Start splits a puzzle whose pencil marks are given (rules of kind
// pencil-marks, as a candidate grid reads: variant.ParseCandidates) into
// the puzzle without them and each cell's candidates, the state a solver
// has reached, for Next. Cells without marks keep every digit. A puzzle
// without marks comes back as it is, with nil candidates: Next starts it
// from its givens.
func Start(p *sudokusat.Puzzle) (*sudokusat.Puzzle, []uint64) {
	n := p.Size()
	var cands []uint64
	q := *p
	q.Rules = nil
	for _, r := range p.Rules {
		if r.Kind != string(variant.PencilMarks) || len(r.Cells) != 1 {
			q.Rules = append(q.Rules, r)
			continue
		}
		if cands == nil {
			cands = make([]uint64, n*n)
			for c := range cands {
				cands[c] = 1<<n - 1
			}
		}
		cands[r.Cells[0]] &= uint64(r.Value)
	}
	if cands == nil {
		return p, nil
	}
	return &q, cands
}
