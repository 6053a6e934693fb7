package engine

import (
	"context"
	"errors"
	"fmt"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// ErrNotUnique reports a puzzle that an engine does not find to have
// exactly the one solution it was said to have.
var ErrNotUnique = errors.New("not proved unique")

// VerifyUnique proves, with each of es in turn, that solution is the one
// solution of p: the validator (variant.Check) checks solution first,
// then each engine must count exactly one solution (limit 2) and find that
// grid. A generator calls it to have its puzzles proved by engines other
// than the one it carved them with. The error wraps ErrNotUnique when an
// engine disagrees.
func VerifyUnique(ctx context.Context, p *sudokusat.Puzzle, solution *sudokusat.Grid, es ...*Engine) error {
	if err := variant.Check(p, solution); err != nil {
		return fmt.Errorf("%w: %w", ErrNotUnique, err)
	}
	for _, e := range es {
		a := Count(ctx, e, p, 2, 0)
		switch {
		case !a.Status.Answered():
			return fmt.Errorf("%s check: %s: %w", e.Name(), a.Status, a.Err)
		case !a.Unique():
			return fmt.Errorf("%w: %s finds %d solutions", ErrNotUnique, e.Name(), a.Count)
		case !a.Solution().Equal(solution):
			return fmt.Errorf("%w: %s finds another solution", ErrNotUnique, e.Name())
		}
	}
	return nil
}
