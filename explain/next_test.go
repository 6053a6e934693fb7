package explain

import (
	"context"
	"testing"

	"github.com/sudokusat/sudokusat"
)

// TestNextPath: the next step from a puzzle one cell short of solved,
// with no pencil marks, is a path of that one step, the givens'
// eliminations in the open cell; a solved grid's path has none.
func TestNextPath(t *testing.T) {
	const solution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	sol, err := sudokusat.ParseLine(solution, 3, 3)
	if err != nil {
		t.Fatal(err)
	}
	g := sol.Clone()
	g.SetCell(0, 0)
	for _, tt := range []struct {
		name  string
		grid  *sudokusat.Grid
		steps int
	}{{"one cell open", g, 1}, {"solved", sol, 0}} {
		path, err := NextPath(context.Background(), &sudokusat.Puzzle{Grid: tt.grid}, Options{Solution: sol, Unique: true})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if path.Status != Explained || len(path.Steps) != tt.steps || !path.Grid.Equal(sol) {
			t.Errorf("%s: %s path of %d steps to %v, want %d steps", tt.name, path.Status, len(path.Steps), path.Grid, tt.steps)
		}
		if tt.steps == 1 {
			st := path.Steps[0]
			if len(st.Eliminations) != 8 || st.Eliminations[0].Cell != 0 || st.Eliminations[7].Cell != 0 {
				t.Errorf("%s: the step %s, want the givens' 8 eliminations in r1c1", tt.name, st.Text)
			}
		}
	}
}
