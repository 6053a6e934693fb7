package explain

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
)

// patternCase is a dev puzzle (rated by Sudoku Explainer) whose path has a
// step of one of a family's techniques: the first such step must have
// the rating and the conclusion given ("r4c7=1", "r4c7≠1", sorted as the
// step lists them).
type patternCase struct {
	puzzle     string
	techniques []string // any of these
	rating     float64
	conclusion string
}

// conclusion writes a step's placements and eliminations.
func conclusion(st *Step) string {
	var parts []string
	for _, p := range st.Placements {
		parts = append(parts, fmt.Sprintf("r%dc%d=%d", p.Cell/9+1, p.Cell%9+1, p.Digit))
	}
	if len(st.Placements) > 0 {
		return strings.Join(parts, " ")
	}
	for _, e := range st.Eliminations {
		parts = append(parts, fmt.Sprintf("r%dc%d≠%d", e.Cell/9+1, e.Cell%9+1, e.Digit))
	}
	return strings.Join(parts, " ")
}

// testPatterns explains each case's puzzle (known unique: they are rated
// puzzles), checking every step, and compares the first step of the
// family with the case.
func testPatterns(t *testing.T, cases []patternCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.puzzle[:20], func(t *testing.T) {
			g, err := sudokusat.ParseLine(tc.puzzle, 3, 3)
			if err != nil {
				t.Fatal(err)
			}
			p := &sudokusat.Puzzle{Grid: g}
			sol := solve(t, p)
			path, err := Explain(context.Background(), p, Options{Solution: sol, Unique: true})
			if err != nil {
				t.Fatal(err)
			}
			checkPath(t, p, sol, path)
			i := slices.IndexFunc(path.Steps, func(st Step) bool { return slices.Contains(tc.techniques, st.Technique) })
			if i < 0 {
				t.Fatalf("no step of %v in the path", tc.techniques)
			}
			st := &path.Steps[i]
			if st.Rating != tc.rating || conclusion(st) != tc.conclusion {
				t.Errorf("step %d: %s %.1f %q, want %.1f %q (%s)", i+1, st.Technique, st.Rating, conclusion(st), tc.rating, tc.conclusion, st.Text)
			}
			// Its premises are minimal: without any one of them the
			// checker, given no solution, rejects it.
			k, err := NewChecker(p, nil)
			if err != nil {
				t.Fatal(err)
			}
			k.Unique = true
			for j := range st.Premises {
				m := *st
				m.Premises = slices.Delete(slices.Clone(st.Premises), j, j+1)
				if k.Check(context.Background(), &m) == nil {
					t.Errorf("%s still checks without premise %+v", st.Text, st.Premises[j])
				}
			}
		})
	}
}
