package satsolve

import (
	"github.com/crillab/gophersat/solver"

	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/internal/grouptable"
)

// setPhase gives gophersat a first guess to try: when the puzzle's filled
// cells fit a group table (grouptable.Guess), each candidate the guess
// makes true is tried true first and decided before the others.
//
// gophersat has no phase API; its cost function is the way in. For each
// literal of the cost function, solver.New raises the variable's activity by
// the literal's weight and sets its polarity so as to make the literal
// false, and every backtrack resets that polarity (resetOptimPolarity in
// cleanupBindings); Solve does nothing else with it, only Minimize and
// Optimal do. So the negated guessed candidates make them decided true
// first, for the whole search, while the other variables keep gophersat's
// phase saving. The search stays complete and its model is validated as
// always: a wrong guess costs time, not answers.
//
// Measured on the 225×225 puzzle of the large-grid files: without the
// phase, no answer from gophersat in 60 s (nor CaDiCaL in 150 s); with it,
// the guess is the solution and the search has no conflict.
func setPhase(pb *solver.Problem, phase []int32) {
	if len(phase) == 0 {
		return
	}
	lits := make([]solver.Lit, len(phase))
	for i, x := range phase {
		lits[i] = solver.IntToLit(-x)
	}
	pb.SetCostFunc(lits, nil)
}

// phaseOf returns the candidates of f to try true first: those the guess
// of grouptable.Guess makes true, for a reduced formula whose filled cells
// fit a group table; nil otherwise. A worker is sent them with the
// formula, whose candidate list it does not get.
func phaseOf(f *encode.Formula) []int32 {
	if f.Fixed == nil || f.Cands == nil || len(f.Cands) == 0 {
		return nil // a bare formula, or a direct encoding: no candidate list
	}
	guess := grouptable.Guess(f.Fixed)
	if guess == nil {
		return nil
	}
	var phase []int32
	for i, c := range f.Cands {
		if guess.Cell(int(c.Cell)) == int(c.Digit) {
			phase = append(phase, int32(i+1))
		}
	}
	return phase
}
