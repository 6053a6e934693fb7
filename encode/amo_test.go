package encode

import (
	"math/bits"
	"os"
	"strings"
	"testing"

	"github.com/crillab/gophersat/solver"

	"github.com/sudokusat/sudokusat"
)

// satisfiable reports whether some assignment of the variables after the
// first k extends the first k variables' values, given as the bits of x, to
// a model of f. Brute force: f must have few auxiliary variables.
func satisfiable(f *Formula, k int, x uint) bool {
	aux := f.Vars - k
	for a := uint(0); a < 1<<aux; a++ {
		val := func(l int32) bool {
			v, neg := int(l), false
			if v < 0 {
				v, neg = -v, true
			}
			var b bool
			if v <= k {
				b = x>>(v-1)&1 == 1
			} else {
				b = a>>(v-k-1)&1 == 1
			}
			return b != neg
		}
		ok := true
		for c := range f.Clauses() {
			sat := false
			for _, l := range c {
				if val(l) {
					sat = true
					break
				}
			}
			if !sat {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// TestProductAMOBruteForce checks, for every assignment of k literals, that
// the product encoding can be satisfied exactly when at most one is true,
// and that its size is the one documented.
func TestProductAMOBruteForce(t *testing.T) {
	for k := 1; k <= 10; k++ {
		f := &Formula{Vars: k}
		xs := make([]int32, k)
		for i := range xs {
			xs[i] = int32(i + 1)
		}
		f.productAMO(xs)
		if k >= 2 {
			p, q := productShape(k)
			if f.Vars != k+p+q || f.NumClauses() != 2*k+p*(p-1)/2+q*(q-1)/2 {
				t.Errorf("k=%d: %d aux vars, %d clauses; want %d, %d", k, f.Vars-k, f.NumClauses(), p+q, 2*k+p*(p-1)/2+q*(q-1)/2)
			}
		}
		for x := uint(0); x < 1<<k; x++ {
			want := bits.OnesCount(x) <= 1
			if got := satisfiable(f, k, x); got != want {
				t.Errorf("k=%d, true set %0*b: satisfiable %v, want %v", k, k, x, got, want)
			}
		}
	}
}

// TestAMOSize checks amoLits, which sizes the reduced encoding's one
// allocation, against what amo adds, on both sides of the threshold.
func TestAMOSize(t *testing.T) {
	for _, threshold := range []int{2, 3, productThreshold} {
		for k := 0; k <= 100; k++ {
			f := &Formula{Vars: k}
			xs := make([]int32, k)
			for i := range xs {
				xs[i] = int32(i + 1)
			}
			f.amo(xs, threshold)
			if got, want := len(f.lits), amoLits(k, threshold); got != want {
				t.Errorf("threshold %d, k=%d: %d literals, amoLits says %d", threshold, k, got, want)
			}
		}
	}
}

// gophersatModels returns up to limit models of f's candidate variables,
// each blocked before the next solve.
func gophersatModels(t *testing.T, f *Formula, limit int) [][]bool {
	t.Helper()
	s := solver.New(solver.ParseSliceNb(f.Slices(), f.Vars))
	var out [][]bool
	for len(out) < limit && s.Solve() == solver.Sat {
		m := s.Model()[:len(f.Cands)]
		out = append(out, m)
		var block []solver.Lit
		for v, b := range m {
			if b {
				block = append(block, solver.IntToLit(int32(-(v + 1))))
			}
		}
		if len(block) == 0 {
			break
		}
		s.AppendClause(solver.NewClause(block))
	}
	return out
}

// TestReducedProduct solves puzzles through the reduced encoding with the
// product encoding forced on small groups (thresholds 2 and 3) and at its
// real threshold, and checks every answer with the validator; the empty
// 4×4 grid must have its 288 solutions.
func TestReducedProduct(t *testing.T) {
	puzzles := map[string]*sudokusat.Grid{
		"inkala":   mustGrid(t, inkala),
		"empty-4":  emptyGrid(t, 4),
		"empty-9":  emptyGrid(t, 9),
		"sparse-9": mustGrid(t, "123"+strings.Repeat(".", 78)),
	}
	for _, name := range []string{"large-4", "large-16", "large-25"} {
		data, err := os.ReadFile("../testdata/" + name + ".txt")
		if err != nil {
			t.Fatal(err)
		}
		puzzles[name] = mustGrid(t, string(data))
	}
	for name, g := range puzzles {
		for _, threshold := range []int{2, 3, productThreshold} {
			f, err := reduced(g, threshold)
			if err != nil {
				t.Fatal(err)
			}
			if f.Vars < len(f.Cands) {
				t.Fatalf("%s threshold %d: %d vars, fewer than %d candidates", name, threshold, f.Vars, len(f.Cands))
			}
			limit := 1
			if name == "empty-4" {
				limit = 300
			}
			models := [][]bool{nil} // nothing to search: Fixed is the answer
			if f.NumClauses() > 0 {
				models = gophersatModels(t, f, limit)
			}
			if len(models) == 0 {
				t.Errorf("%s threshold %d: no model", name, threshold)
			}
			if name == "empty-4" && len(models) != 288 {
				t.Errorf("empty 4×4, threshold %d: %d solutions, want 288", threshold, len(models))
			}
			seen := map[string]bool{}
			for _, m := range models {
				sol, err := f.Decode(m)
				if err == nil {
					err = sudokusat.CheckSolution(g, sol)
				}
				if err != nil {
					t.Fatalf("%s threshold %d: %v", name, threshold, err)
				}
				if seen[sol.String()] {
					t.Fatalf("%s threshold %d: solution %s twice", name, threshold, sol)
				}
				seen[sol.String()] = true
			}
		}
	}
}
