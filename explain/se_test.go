package explain

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/internal/datasets"
	"github.com/sudokusat/sudokusat/native"
)

// rated is a puzzle with its Sudoku Explainer rating.
type rated struct {
	p  *sudokusat.Puzzle
	se float64
}

func parseRated(line string) (rated, error) {
	fs := strings.Fields(line)
	if len(fs) != 2 {
		return rated{}, fmt.Errorf("want 'puzzle rating', got %q", line)
	}
	g, err := sudokusat.ParseLine(fs[0], 3, 3)
	if err != nil {
		return rated{}, err
	}
	se, err := strconv.ParseFloat(fs[1], 64)
	return rated{&sudokusat.Puzzle{Grid: g}, se}, err
}

// TestSERatings grades every tenth puzzle of the rated data set and
// compares with Sudoku Explainer's ratings: the Spearman correlation must
// be at least 0.9, and no puzzle that SE rates below 6.0 may need a guess.
// (The whole set, and the held-out sets, are measured in docs/explain.md.)
func TestSERatings(t *testing.T) {
	all := datasets.Load(t, "se-rated-dev.txt", parseRated)
	var se, ours []float64
	for i := 0; i < len(all); i += 10 {
		r := all[i]
		n, err := native.Count(context.Background(), r.p.Grid, 1)
		if err != nil || n.Count == 0 {
			t.Fatalf("native: %d solutions, %v", n.Count, err)
		}
		sol := n.Solution
		g, _, err := Rate(context.Background(), r.p, Options{Solution: sol, Unique: true, NoCheck: true})
		if err != nil {
			t.Fatalf("%v: %v", r.p.Grid, err)
		}
		if r.se < 6 && g.Guesses > 0 {
			t.Errorf("%v (SE %.1f) needed a guess", r.p.Grid, r.se)
		}
		se, ours = append(se, r.se), append(ours, g.Rating)
	}
	rho := spearman(se, ours)
	t.Logf("%d puzzles, Spearman ρ = %.3f", len(se), rho)
	if rho < 0.9 {
		t.Errorf("Spearman ρ = %.3f against SE, want at least 0.9", rho)
	}
}

// spearman is the rank correlation of xs and ys, ties ranked by their
// mean rank.
func spearman(xs, ys []float64) float64 {
	rank := func(v []float64) []float64 {
		idx := make([]int, len(v))
		for i := range idx {
			idx[i] = i
		}
		sort.SliceStable(idx, func(a, b int) bool { return v[idx[a]] < v[idx[b]] })
		r := make([]float64, len(v))
		for i := 0; i < len(idx); {
			j := i
			for j+1 < len(idx) && v[idx[j+1]] == v[idx[i]] {
				j++
			}
			for k := i; k <= j; k++ {
				r[idx[k]] = float64(i+j) / 2
			}
			i = j + 1
		}
		return r
	}
	a, b := rank(xs), rank(ys)
	var ma, mb float64
	for i := range a {
		ma, mb = ma+a[i], mb+b[i]
	}
	ma, mb = ma/float64(len(a)), mb/float64(len(b))
	var sab, saa, sbb float64
	for i := range a {
		sab += (a[i] - ma) * (b[i] - mb)
		saa += (a[i] - ma) * (a[i] - ma)
		sbb += (b[i] - mb) * (b[i] - mb)
	}
	return sab / math.Sqrt(saa*sbb)
}

// TestSpearman: the correlation of a series with itself, its reverse and
// a tie-laden copy.
func TestSpearman(t *testing.T) {
	xs := []float64{1, 2, 3, 4, 5}
	for _, tt := range []struct {
		ys   []float64
		want float64
	}{
		{[]float64{10, 20, 30, 40, 50}, 1},
		{[]float64{5, 4, 3, 2, 1}, -1},
		{[]float64{1, 1, 2, 2, 3}, 0.9486832980505138},
	} {
		if got := spearman(xs, tt.ys); math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("spearman(%v, %v) = %v, want %v", xs, tt.ys, got, tt.want)
		}
	}
}
