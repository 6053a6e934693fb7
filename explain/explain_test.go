package explain

import (
	"bufio"
	"context"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/internal/varianttest"
	"github.com/sudokusat/sudokusat/native"
)

// classicPuzzles reads up to k puzzles of a testdata file, each with its
// solution from the native solver.
func classicPuzzles(t *testing.T, file string, k int) []*sudokusat.Puzzle {
	t.Helper()
	f, err := os.Open("../testdata/" + file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []*sudokusat.Puzzle
	sc := bufio.NewScanner(f)
	for sc.Scan() && len(out) < k {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		g, err := sudokusat.ParseLine(line, 3, 3)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, &sudokusat.Puzzle{Grid: g})
	}
	return out
}

func solve(t *testing.T, p *sudokusat.Puzzle) *sudokusat.Grid {
	t.Helper()
	r, err := native.Count(context.Background(), p.Grid, 1)
	if err != nil || r.Count == 0 {
		t.Fatalf("native: %d solutions, %v", r.Count, err)
	}
	return r.Solution
}

// checkPath checks what every path must be: each step checked but a
// guess, its conclusions new, and the end grid the solution.
func checkPath(t *testing.T, p *sudokusat.Puzzle, sol *sudokusat.Grid, path *Path) {
	t.Helper()
	if path.Status == Stuck {
		t.Fatalf("stuck after %d steps", len(path.Steps))
	}
	if !path.Grid.Equal(sol) {
		t.Fatalf("the path ends at %v, not the solution %v", path.Grid, sol)
	}
	for i, st := range path.Steps {
		if st.Technique != Guess && !st.Checked {
			t.Errorf("step %d (%s) not checked", i+1, st.Technique)
		}
		if len(st.Placements)+len(st.Eliminations) == 0 {
			t.Errorf("step %d (%s) concludes nothing", i+1, st.Technique)
		}
		if st.Text == "" {
			t.Errorf("step %d (%s) has no text", i+1, st.Technique)
		}
	}
}

// TestExplainClassic: hard classic puzzles are explained to the end
// without a guess, every step checked.
func TestExplainClassic(t *testing.T) {
	for _, p := range classicPuzzles(t, "top95-sample.txt", 6) {
		sol := solve(t, p)
		path, err := Explain(context.Background(), p, Options{Solution: sol})
		if err != nil {
			t.Fatal(err)
		}
		checkPath(t, p, sol, path)
		if path.Status != Explained {
			t.Errorf("%v: %s", p.Grid, path.Status)
		}
	}
}

// TestExplainVariants: every variant test puzzle is explained to its
// solution, every step but a guess checked.
func TestExplainVariants(t *testing.T) {
	for _, file := range varianttest.All(t) {
		t.Run(file.Name, func(t *testing.T) {
			path, err := Explain(context.Background(), file.Puzzle, Options{Solution: file.Solution})
			if err != nil {
				t.Fatal(err)
			}
			checkPath(t, file.Puzzle, file.Solution, path)
		})
	}
}

// TestCheckerRejectsMutations: the checker, given no solution to compare
// with, rejects each step of real paths once a premise is dropped (the
// finders give premises none of which is spare), once a constraint is
// dropped from a step that names one, and once its conclusion is changed
// to a digit of the solution.
func TestCheckerRejectsMutations(t *testing.T) {
	type pair struct {
		p   *sudokusat.Puzzle
		sol *sudokusat.Grid
	}
	var puzzles []pair
	for _, p := range classicPuzzles(t, "top95-sample.txt", 2) {
		puzzles = append(puzzles, pair{p, solve(t, p)})
	}
	for _, name := range []string{"killer-9", "miracle-9", "thermo-4"} {
		f := varianttest.Load(t, name)
		puzzles = append(puzzles, pair{f.Puzzle, f.Solution})
	}
	for _, pp := range puzzles {
		p, sol := pp.p, pp.sol
		path, err := Explain(context.Background(), p, Options{Solution: sol})
		if err != nil {
			t.Fatal(err)
		}
		k, err := NewChecker(p, nil)
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		rejected, tried := 0, 0
		for i, st := range path.Steps {
			if st.Technique == Guess {
				continue
			}
			if err := k.Check(ctx, &st); err != nil {
				t.Fatalf("step %d (%s) as found: %v", i+1, st.Technique, err)
			}
			for j := range st.Premises {
				m := st
				m.Premises = slices.Delete(slices.Clone(st.Premises), j, j+1)
				tried++
				if k.Check(ctx, &m) == nil {
					t.Errorf("step %d (%s: %s) still checks without premise %+v", i+1, st.Technique, st.Text, st.Premises[j])
				} else {
					rejected++
				}
			}
			// A conclusion changed: the first elimination becomes the
			// solution's digit of its cell.
			if len(st.Eliminations) > 0 {
				m := st
				m.Eliminations = slices.Clone(st.Eliminations)
				c := m.Eliminations[0].Cell
				m.Eliminations[0].Digit = sol.Cell(c)
				tried++
				if k.Check(ctx, &m) == nil {
					t.Errorf("step %d (%s) checks with r%dc%d ≠ %d, the solution's digit", i+1, st.Technique, c/9+1, c%9+1, sol.Cell(c))
				} else {
					rejected++
				}
			}
		}
		if tried == 0 {
			t.Fatal("no mutation tried")
		}
		t.Logf("%d of %d mutations rejected", rejected, tried)
	}
}
