package grouptable

import (
	"math/rand/v2"
	"os"
	"testing"

	"github.com/sudokusat/sudokusat"
)

// shuffledPattern is Shuffled for tests.
func shuffledPattern(t *testing.T, br, bc int, rng *rand.Rand) *sudokusat.Grid {
	t.Helper()
	g, err := Shuffled(br, bc, rng)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestGuess blanks shuffled pattern grids and checks that the guess is
// the grid again; grids that are no group table must give no guess.
func TestGuess(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 25))
	for _, tt := range []struct{ br, bc int }{{2, 2}, {2, 3}, {3, 3}, {3, 4}, {4, 4}, {5, 5}, {8, 8}} {
		for _, blank := range []float64{0, 0.3, 0.5} {
			full := shuffledPattern(t, tt.br, tt.bc, rng)
			if err := sudokusat.CheckSolution(full, full); err != nil {
				t.Fatalf("%dx%d: the test's pattern grid is wrong: %v", tt.br, tt.bc, err)
			}
			puzzle := full.Clone()
			for i := 0; i < puzzle.Len(); i++ {
				if rng.Float64() < blank {
					puzzle.SetCell(i, 0)
				}
			}
			guess := Guess(puzzle)
			if guess == nil {
				t.Errorf("%dx%d boxes, %.0f%% blank: no guess", tt.br, tt.bc, 100*blank)
				continue
			}
			for i := 0; i < puzzle.Len(); i++ {
				if d := puzzle.Cell(i); d != 0 && guess.Cell(i) != d {
					t.Errorf("%dx%d boxes, %.0f%% blank: the guess changes cell %d", tt.br, tt.bc, 100*blank, i)
				}
			}
			// Past 4×4, half a grid pins the group and the maps down; a
			// 4×4 half grid may also fit the other group of order 4.
			if tt.br*tt.bc > 4 && !guess.Equal(full) {
				t.Errorf("%dx%d boxes, %.0f%% blank: guess %v, want %v", tt.br, tt.bc, 100*blank, guess, full)
			}
		}
	}
	// Inkala's solution and the large 25×25 test puzzle are no group tables.
	for name, g := range map[string]*sudokusat.Grid{
		"inkala solution": mustGrid(t, inkalaSolution),
		"large-25":        readGrid(t, "../../testdata/large-25.txt"),
	} {
		if guess := Guess(g); guess != nil {
			t.Errorf("%s: guess %v, want none", name, guess)
		}
	}
}

func readGrid(t *testing.T, path string) *sudokusat.Grid {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return mustGrid(t, string(data))
}

// inkalaSolution is the solution of Arto Inkala's puzzle: no group table.
const inkalaSolution = "812753649943682175675491283154237896369845721287169534521974368438526917796318452"

func mustGrid(t *testing.T, s string) *sudokusat.Grid {
	t.Helper()
	g, err := sudokusat.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
