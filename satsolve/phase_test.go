package satsolve

import (
	"context"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
)

// TestPhaseFromGroupGuess checks that a puzzle cut from a pattern grid gets
// its guess as gophersat's first phase, and is then solved without a
// conflict, and that a puzzle that is no group table gets no phase.
func TestPhaseFromGroupGuess(t *testing.T) {
	// The 25×25 pattern grid with its digits shuffled, 60% blanked.
	rng := rand.New(rand.NewPCG(25, 60))
	pattern, err := sudokusat.NewGridSize(25)
	if err != nil {
		t.Fatal(err)
	}
	digits := rng.Perm(25)
	for r := 0; r < 25; r++ {
		for c := 0; c < 25; c++ {
			if rng.Float64() >= 0.6 {
				pattern.Set(r, c, digits[(5*(r%5)+r/5+c)%25]+1)
			}
		}
	}
	data, err := os.ReadFile("../testdata/large-25.txt")
	if err != nil {
		t.Fatal(err)
	}
	large, err := sudokusat.Parse(string(data))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name      string
		g         *sudokusat.Grid
		wantPhase bool
	}{
		{"pattern 25×25", pattern, true},
		{"large-25", large, false},
	} {
		f, err := encode.Puzzle(&sudokusat.Puzzle{Grid: tt.g}, encode.Options{Encoding: "reduced"})
		if err != nil {
			t.Fatal(err)
		}
		if f.NumClauses() == 0 {
			t.Fatalf("%s: propagation solved it: the test needs a search", tt.name)
		}
		pb := problem(f, 0, false, false)
		setPhase(pb, phaseOf(f))
		if pb.Optim() != tt.wantPhase {
			t.Errorf("%s: phase set %v, want %v", tt.name, pb.Optim(), tt.wantPhase)
		}
		res, err := Solve(context.Background(), f)
		if err != nil || res.Status != Satisfiable {
			t.Fatalf("%s: %v, %v", tt.name, res.Status, err)
		}
		if err := sudokusat.CheckSolution(tt.g, res.Solution()); err != nil {
			t.Errorf("%s: %v", tt.name, err)
		}
		if tt.wantPhase && res.Conflicts != 0 {
			t.Errorf("%s: %d conflicts with the guess as phase, want 0", tt.name, res.Conflicts)
		}
	}
}
