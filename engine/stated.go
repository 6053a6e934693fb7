package engine

import (
	"fmt"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// A Stated is how an answer compares with the solution its puzzle states
// (Puzzle.Published: a setter's own solution, carried by an f-puzzles or
// SudokuPad document). A setter's solution is a claim, not a rule: it is
// checked by the validator like any answer, and a disagreement is news
// either way, a setter's slip or a rule read wrongly.
type Stated struct {
	// Verdict is "agrees" when the stated solution is among the solutions
	// found, "differs" when it is not, and "breaks" when the validator
	// rejects the stated solution itself; "" when there is nothing to
	// compare: no stated solution, or no answer.
	Verdict string
	// Differ lists the cells, row-major from 0, where the stated solution
	// differs from the first solution found ("differs").
	Differ []int
	// Err is the rule the stated solution breaks ("breaks").
	Err error
}

// CompareStated compares an answer with the solution p states.
func CompareStated(p *sudokusat.Puzzle, a Answer) Stated {
	if p == nil || p.Published == nil || !a.Status.Answered() {
		return Stated{}
	}
	for _, s := range a.Solutions {
		if s.String() == p.Published.String() {
			return Stated{Verdict: "agrees"}
		}
	}
	if err := variant.Check(p, p.Published); err != nil {
		return Stated{Verdict: "breaks", Err: err}
	}
	st := Stated{Verdict: "differs"}
	if s := a.Solution(); s != nil {
		st.Differ = Differences(p.Published, s)
	}
	return st
}

// String is the comparison as a person reads it, "" when there is
// nothing to say.
func (s Stated) String() string {
	switch s.Verdict {
	case "agrees":
		return "the puzzle's stated solution agrees"
	case "breaks":
		return fmt.Sprintf("the puzzle's stated solution breaks its rules as read: %v", s.Err)
	case "differs":
		if len(s.Differ) == 0 {
			return "the puzzle's stated solution is valid but was not found"
		}
		return fmt.Sprintf("the puzzle's stated solution differs at %d cells", len(s.Differ))
	}
	return ""
}
