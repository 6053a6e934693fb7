// Package generate makes Sudoku puzzles with exactly one solution: it fills
// a random grid, then blanks cells in random order, keeping each blank only
// while native.Count still proves the solution unique, until a hint target
// or a difficulty target (graded by package grade) is reached or no cell can
// go. The same options and seed give the same puzzle.
package generate

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/explain"
	"github.com/sudokusat/sudokusat/native"
)

// Options says what puzzle to make. The zero value, but for Size, asks for
// a minimal 9×9-style puzzle: blanks until none more can go.
type Options struct {
	// Size is the grid side N (boxes as sudokusat.BoxShape gives them).
	Size int
	// Hints stops the removal once the puzzle has at most this many givens
	// (with Difficulty, whichever target comes first stops it).
	// It is a lower bound, not a promise: when no cell can go before it is
	// reached, the puzzle keeps more. 0 means as few as uniqueness allows,
	// except above 16×16, where it means half the cells (DefaultHints),
	// since proving uniqueness of sparser large grids takes seconds per cell.
	Hints int
	// Difficulty stops the removal once the puzzle's rating (its solve
	// path's hardest step, on Sudoku Explainer's scale: explain.Rate)
	// reaches it (1.0–10.0; 0 for no target). A blank that would raise the
	// rating past Difficulty+1 is put back, so that the rating ends
	// between Difficulty and Difficulty+1 (when the target is reached).
	Difficulty float64
	// Symmetric blanks cells in pairs symmetric under a half turn, so the
	// givens keep that symmetry.
	Symmetric bool
	// Attempts is how many full grids to try when a pass ends short of a
	// target; the best puzzle found is returned. 0 means 10, or 50 with a
	// difficulty target.
	Attempts int
	// CheckTimeout bounds each uniqueness proof: a cell whose removal
	// cannot be proved safe in time keeps its given. 0 means no bound up
	// to 16×16 and LargeCheckTimeout above, where sparse grids can take
	// seconds per proof; a negative value means no bound at all. A bound
	// trades reproducibility (a proof near it may finish on one machine
	// and not on another) for a bounded run time.
	CheckTimeout time.Duration
	// Seed and Stream seed the random generator: the same pair, with the
	// same options, gives the same puzzle. Give each puzzle of a batch its
	// own Stream.
	Seed, Stream uint64
}

// DefaultHints returns the hint target Options.Hints == 0 stands for on an
// n×n grid: 0 (minimal puzzles) up to 16×16, half the cells above.
func DefaultHints(n int) int {
	if n <= 16 {
		return 0
	}
	return n * n / 2
}

// Puzzle is a generated puzzle.
type Puzzle struct {
	// Puzzle is the puzzle made: a classic one, its grid of givens in the
	// boxes of Options.Size.
	Puzzle   *sudokusat.Puzzle
	Solution *sudokusat.Grid
	// Grade is the puzzle's grade when a difficulty target was set; nil
	// otherwise.
	Grade *explain.Grade
	// Reached reports whether the targets were met: the hint target, or
	// the difficulty target when one was set.
	Reached bool
	// Attempts is the number of full grids tried.
	Attempts int
}

// overshoot is how far past the difficulty target a puzzle's score may go.
const overshoot = 1.0

// ErrOptions reports options that ask for no possible puzzle.
var ErrOptions = errors.New("bad generator options")

// LargeCheckTimeout is the bound on each uniqueness proof above 16×16
// when Options.CheckTimeout is 0.
const LargeCheckTimeout = time.Second

// OptionError reports one option that asks for no possible puzzle. It
// matches ErrOptions with errors.Is.
type OptionError struct {
	Option string // "size", "hints" or "difficulty"
	Value  string // the value given
	Err    error  // why it cannot be honoured
}

func (e *OptionError) Error() string { return e.Option + " " + e.Value + ": " + e.Err.Error() }

// Unwrap returns the reason.
func (e *OptionError) Unwrap() error { return e.Err }

// Is reports whether target is ErrOptions.
func (e *OptionError) Is(target error) bool { return target == ErrOptions }

// Check reports the first option that asks for no possible puzzle, as an
// *OptionError; Generate checks the options with it, and front ends call
// it to reject options before any work starts.
func (o Options) Check() error {
	n := o.Size
	if _, _, err := sudokusat.BoxShape(n); err != nil {
		return &OptionError{"size", fmt.Sprint(n), err}
	}
	switch {
	case o.Hints < 0 || o.Hints > n*n:
		return &OptionError{"hints", fmt.Sprint(o.Hints), fmt.Errorf("want 0 to %d for a %d×%d grid", n*n, n, n)}
	case o.Difficulty != 0 && (o.Difficulty < 1 || o.Difficulty > 10):
		return &OptionError{"difficulty", fmt.Sprint(o.Difficulty), errors.New("want 1.0 to 10.0")}
	case o.Difficulty != 0 && n > explain.MaxSize:
		return &OptionError{"difficulty", fmt.Sprint(o.Difficulty), fmt.Errorf("grading stops at %d×%d", explain.MaxSize, explain.MaxSize)}
	}
	return nil
}

// checkTimeout resolves CheckTimeout for an n×n grid: 0 for no bound.
func (o Options) checkTimeout() time.Duration {
	switch {
	case o.CheckTimeout < 0:
		return 0
	case o.CheckTimeout == 0 && o.Size > 16:
		return LargeCheckTimeout
	}
	return o.CheckTimeout
}

// Generate makes one puzzle. It stops with an error wrapping ctx.Err() when
// ctx ends first.
func Generate(ctx context.Context, o Options) (*Puzzle, error) {
	if err := o.Check(); err != nil {
		return nil, fmt.Errorf("generate: %w", err)
	}
	br, bc, _ := sudokusat.BoxShape(o.Size)
	n := o.Size
	if o.Hints == 0 {
		o.Hints = DefaultHints(n)
	}
	attempts := o.Attempts
	if attempts <= 0 {
		attempts = 10
		if o.Difficulty > 0 {
			// Middle bands are rare among random puzzles: most need only
			// singles or else guessing.
			attempts = 50
		}
	}
	rng := newRand(o.Seed, o.Stream)
	var best *Puzzle
	tried := 0
	for a := 1; a <= attempts; a++ {
		tried = a
		full, err := fullGrid(ctx, br, bc, rng)
		if err != nil {
			return nil, err
		}
		p, err := carve(ctx, full, o, rng)
		if err != nil {
			return nil, err
		}
		if best == nil || p.better(best, o) {
			best = p
		}
		if best.Reached {
			break
		}
	}
	best.Attempts = tried
	return best, nil
}

// better reports whether p comes closer to the targets than q.
func (p *Puzzle) better(q *Puzzle, o Options) bool {
	if p.Reached != q.Reached {
		return p.Reached
	}
	if o.Difficulty > 0 && p.Grade.Rating != q.Grade.Rating {
		return p.Grade.Rating > q.Grade.Rating
	}
	return p.Puzzle.Grid.Givens() < q.Puzzle.Grid.Givens()
}

// carve blanks the cells of a full grid in random order while the puzzle
// keeps exactly one solution, until a target is met.
func carve(ctx context.Context, full *sudokusat.Grid, o Options, rng *rand.Rand) (*Puzzle, error) {
	g := full.Clone()
	last := g.Len() - 1
	p := &Puzzle{Solution: full}
	var score *explain.Grade
	done := func() bool {
		if o.Difficulty > 0 && score != nil && score.Rating >= o.Difficulty {
			return true
		}
		return o.Hints > 0 && g.Givens() <= o.Hints
	}
	for _, i := range rng.Perm(g.Len()) {
		if done() {
			break
		}
		j := i // the partner cell blanked with i
		if o.Symmetric {
			j = last - i
			if j < i {
				continue // the pair was tried from its other cell
			}
		}
		di, dj := g.Cell(i), g.Cell(j)
		g.SetCell(i, 0)
		g.SetCell(j, 0)
		unique, err := isUnique(ctx, g, o.checkTimeout())
		if err != nil {
			return nil, err
		}
		if !unique {
			g.SetCell(i, di)
			g.SetCell(j, dj)
			continue
		}
		if o.Difficulty > 0 {
			r, err := rate(ctx, g, full)
			if err != nil {
				return nil, err
			}
			if r.Rating > o.Difficulty+overshoot {
				// Too hard at once: put the cells back and try others.
				g.SetCell(i, di)
				g.SetCell(j, dj)
				continue
			}
			score = &r
		}
	}
	p.Puzzle = &sudokusat.Puzzle{Grid: g}
	// Without targets the goal is a minimal puzzle, which a full pass gives.
	p.Reached = done() || o.Hints == 0 && o.Difficulty == 0
	if o.Difficulty > 0 {
		if score == nil {
			// Nothing could go: grade the full grid as it is.
			r, err := rate(ctx, g, full)
			if err != nil {
				return nil, err
			}
			score = &r
		}
		p.Grade = score
	}
	return p, nil
}

// rate grades g, which the carving proved unique, with solution its
// solution: its solve path's hardest step, the steps unchecked (the
// rating needs them found, not proved).
func rate(ctx context.Context, g, solution *sudokusat.Grid) (explain.Grade, error) {
	r, _, err := explain.Rate(ctx, &sudokusat.Puzzle{Grid: g}, explain.Options{Solution: solution, Unique: true, NoCheck: true})
	if err != nil {
		return explain.Grade{}, fmt.Errorf("generate: %w", err)
	}
	return r, nil
}

// isUnique proves that g has exactly one solution. A proof that runs past
// timeout (when positive) counts as a failure to prove, not as an error.
func isUnique(ctx context.Context, g *sudokusat.Grid, timeout time.Duration) (bool, error) {
	cctx := ctx
	if timeout > 0 {
		var cancel context.CancelFunc
		cctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	r, err := native.Count(cctx, g, 2)
	if err != nil {
		if ctx.Err() != nil {
			return false, fmt.Errorf("generate: %w", ctx.Err())
		}
		if errors.Is(err, context.DeadlineExceeded) {
			return false, nil
		}
		return false, fmt.Errorf("generate: %w", err)
	}
	return r.Count == 1, nil
}

func newRand(seed, stream uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, stream)) }
