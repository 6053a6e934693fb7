package api

import (
	"context"
	"testing"
	"time"

	"github.com/sudokusat/sudokusat/engine"
	"github.com/sudokusat/sudokusat/internal/varianttest"
)

// TestExplain: the page's Explain gives the command line's path: every
// step checked, the solution reached, a drawing to mark the steps on;
// a rating cap leaves it stuck with each cell's candidates; a deadline
// gone is a timeout, a puzzle without solution unsolvable.
func TestExplain(t *testing.T) {
	// A top95 puzzle that the ladder explains; Inkala's needs more than
	// it has, and is guessed.
	const top95 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	const top95Solution = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
	r := Explain(context.Background(), Request{Puzzle: top95})
	if r.Status != "explained" || r.Explanation == nil || r.Solution != top95Solution || r.Explanation.Solution != top95Solution || r.SVG == "" {
		t.Fatalf("top95: %s %q, explanation %v, solution %q", r.Status, r.Message, r.Explanation != nil, r.Solution)
	}
	for i, st := range r.Explanation.Steps {
		if !st.Checked || st.Text == "" {
			t.Errorf("step %d (%s): checked %v, text %q", i+1, st.Technique, st.Checked, st.Text)
		}
	}
	if h := r.Explanation.Hardest; h == nil || h.SE == nil || *h.SE < 2 {
		t.Errorf("hardest: %+v", h)
	}

	killer := varianttest.Load(t, "killer-9")
	r = Explain(context.Background(), Request{Puzzle: string(killer.Doc)})
	if r.Status != "explained" || r.Solution != killer.Solution.String() || r.Explanation.Hardest.SE != nil {
		t.Errorf("killer: %s %q, solution %q", r.Status, r.Message, r.Solution)
	}

	// Several solutions: no logic finishes it, and the path guesses.
	if r := Explain(context.Background(), Request{Puzzle: "1234........2..."}); r.Status != "guessed" || r.Explanation.Solution == "" {
		t.Errorf("several solutions: %s, solution %q", r.Status, r.Explanation.Solution)
	}
	r = Explain(context.Background(), Request{Puzzle: inkala, MaxRating: 1.5})
	if r.Status != "stuck" || len(r.Explanation.Stuck) != 81 || r.Explanation.Solution != "" {
		t.Errorf("capped at 1.5: %s, %d cells of candidates, solution %q", r.Status, len(r.Explanation.Stuck), r.Explanation.Solution)
	}

	ctx, cancel := context.WithTimeout(context.Background(), -time.Second)
	defer cancel()
	if r := Explain(ctx, Request{Puzzle: inkala}); r.Status != engine.Timeout.String() {
		t.Errorf("deadline gone: %s %q", r.Status, r.Message)
	}
	if r := Explain(context.Background(), Request{Puzzle: noSolution}); r.Status != engine.Unsolvable.String() {
		t.Errorf("no solution: %s %q", r.Status, r.Message)
	}
	if r := Explain(context.Background(), Request{Puzzle: inkala, MaxRating: -1}); r.Status != engine.Failed.String() {
		t.Errorf("maxRating -1: %s %q", r.Status, r.Message)
	}
}
