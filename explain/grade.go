package explain

import (
	"context"

	"github.com/sudokusat/sudokusat"
)

// Grade is a puzzle's difficulty for a person, the summary of its solve
// path: the hardest step, rated on Sudoku Explainer's scale for a
// classic 9×9 puzzle (the cost on the same ladder for others), the
// break-in, and whether the path needed a chain or a guess.
type Grade struct {
	// Status is the path's: explained, guessed or stuck.
	Status Status
	// Rating and Hardest are the hardest step's rating and technique.
	Rating  float64
	Hardest string
	// SE reports that Rating is on Sudoku Explainer's scale.
	SE bool
	// BreakIn is the technique of the first step past singles, "" when
	// singles solve the puzzle.
	BreakIn string
	// Chains reports a step rated as a chain or past (6.5 and up, SE's
	// chain rungs): forcing chains, Nishio, contradictions.
	Chains bool
	// Guesses counts the steps that guessed.
	Guesses int
	// Steps counts the steps of each technique, the givens' left out.
	Steps map[string]int
}

// chainsFrom is the rating from which a step is a chain's, as Sudoku
// Explainer's ladder has it (cycles 6.5, forcing chains 6.6 and up).
const chainsFrom = 6.5

// Rate grades p from its solve path, found as Explain finds it with opt;
// the path is returned too.
func Rate(ctx context.Context, p *sudokusat.Puzzle, opt Options) (Grade, *Path, error) {
	path, err := Explain(ctx, p, opt)
	if err != nil {
		return Grade{}, nil, err
	}
	return Summarize(p, path), path, nil
}

// Summarize grades a path found for p.
func Summarize(p *sudokusat.Puzzle, path *Path) Grade {
	g := Grade{Status: path.Status, SE: SEScale(p), Steps: map[string]int{}}
	if h := path.Hardest(); h >= 0 {
		g.Rating, g.Hardest = path.Steps[h].Rating, path.Steps[h].Technique
	}
	if b := path.BreakIn(); b >= 0 {
		g.BreakIn = path.Steps[b].Technique
	}
	for _, st := range path.Steps {
		switch {
		case st.Technique == Givens:
			continue
		case st.Technique == Guess:
			g.Guesses++
		case st.Rating >= chainsFrom:
			g.Chains = true
		}
		g.Steps[st.Technique]++
	}
	return g
}
