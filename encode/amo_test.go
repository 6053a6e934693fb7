package encode

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/crillab/gophersat/solver"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/internal/varianttest"
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
		// The definitions' clauses ¬a ∨ Lits lose no model of the
		// literals.
		d := f.Clone()
		for def := range f.Definitions() {
			d.Add(append([]int32{-def.Var}, def.Lits...)...)
		}
		for x := uint(0); x < 1<<k; x++ {
			want := bits.OnesCount(x) <= 1
			if got := satisfiable(f, k, x); got != want {
				t.Errorf("k=%d, true set %0*b: satisfiable %v, want %v", k, k, x, got, want)
			}
			if got := satisfiable(d, k, x); got != want {
				t.Errorf("k=%d with definitions, true set %0*b: satisfiable %v, want %v", k, k, x, got, want)
			}
		}
	}
}

// TestDefinitions checks Definitions against the clauses: each auxiliary
// variable after the candidates is defined once, in order, as the
// disjunction of exactly the literals x with a clause ¬x ∨ a; the direct
// encodings and ReducedPairwise define nothing.
func TestDefinitions(t *testing.T) {
	puzzles := map[string]*sudokusat.Grid{
		"inkala":   mustGrid(t, inkala),
		"empty-4":  emptyGrid(t, 4),
		"empty-16": emptyGrid(t, 16),
		"sparse-9": mustGrid(t, "123"+strings.Repeat(".", 78)),
	}
	data, err := os.ReadFile("../testdata/large-25.txt")
	if err != nil {
		t.Fatal(err)
	}
	puzzles["large-25"] = mustGrid(t, string(data))
	for name, g := range puzzles {
		for _, threshold := range []int{2, 3, productThreshold, math.MaxInt} {
			f, err := reduced(context.Background(), g, threshold, "reduced", DefaultMaxClauses)
			if err != nil {
				t.Fatal(err)
			}
			name := fmt.Sprintf("%s threshold %d", name, threshold)
			// implied[a]: the literals x of the clauses ¬x ∨ a.
			implied := map[int32][]int32{}
			for c := range f.Clauses() {
				if len(c) == 2 && c[1] > int32(len(f.Cands)) && abs(c[0]) <= int32(len(f.Cands)) {
					implied[c[1]] = append(implied[c[1]], -c[0])
				}
			}
			next := int32(len(f.Cands)) + 1
			for d := range f.Definitions() {
				if d.Var != next {
					t.Fatalf("%s: definition of %d, want %d", name, d.Var, next)
				}
				next++
				if got, want := slices.Sorted(slices.Values(d.Lits)), slices.Sorted(slices.Values(implied[d.Var])); !slices.Equal(got, want) {
					t.Fatalf("%s: %d defined by %v, implied by %v", name, d.Var, got, want)
				}
			}
			if int(next) != f.Vars+1 {
				t.Errorf("%s: variables %d..%d defined, want up to %d", name, len(f.Cands)+1, next-1, f.Vars)
			}
			if threshold == productThreshold && strings.HasPrefix(name, "large-25 ") && next == int32(len(f.Cands))+1 {
				t.Errorf("%s: no auxiliary variable: the test no longer covers them", name)
			}
		}
	}
	for _, enc := range []Encoding{lookup(t, "extended"), lookup(t, "reduced-pairwise")} {
		f, err := enc(puzzles["large-25"])
		if err != nil {
			t.Fatal(err)
		}
		for d := range f.Definitions() {
			t.Errorf("%s: definition of %d, want none", f.Encoding, d.Var)
		}
	}
}

// TestAMOSize checks, on both sides of the threshold, that the clauses
// Clauses writes for an at-most-one constraint are as many as NumClauses
// and NumLits say, which WriteDIMACS's header and the solvers' buffers
// rely on, and as many as the encodings' sizes.
func TestAMOSize(t *testing.T) {
	for _, threshold := range []int{2, 3, productThreshold, math.MaxInt} {
		for k := 0; k <= 100; k++ {
			f := &Formula{Vars: k}
			xs := make([]int32, k)
			for i := range xs {
				xs[i] = int32(i + 1)
			}
			f.amo(xs, threshold)
			clauses, lits := 0, 0
			for c := range f.Clauses() {
				clauses++
				lits += len(c)
			}
			want := k * (k - 1) / 2
			if k >= threshold && k >= 2 {
				p, q := productShape(k)
				want = 2*k + p*(p-1)/2 + q*(q-1)/2
			}
			if clauses != want || f.NumClauses() != want || lits != 2*want || f.NumLits() != lits {
				t.Errorf("threshold %d, k=%d: Clauses writes %d clauses, %d literals; NumClauses %d, NumLits %d; want %d clauses", threshold, k, clauses, lits, f.NumClauses(), f.NumLits(), want)
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
		for _, threshold := range []int{2, 3, productThreshold, math.MaxInt} {
			f, err := reduced(context.Background(), g, threshold, "reduced", DefaultMaxClauses)
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

// TestReducedPairwise checks that ReducedPairwise is Reduced without
// auxiliary variables: the same candidates, every clause an at-least-one
// of Reduced's or a pair, and a 25×25 grid, where Reduced uses the product
// encoding, so that the two differ.
func TestReducedPairwise(t *testing.T) {
	data, err := os.ReadFile("../testdata/large-25.txt")
	if err != nil {
		t.Fatal(err)
	}
	g := mustGrid(t, string(data))
	r, err := Puzzle(&sudokusat.Puzzle{Grid: g}, Options{Encoding: "reduced"})
	if err != nil {
		t.Fatal(err)
	}
	p, err := Puzzle(&sudokusat.Puzzle{Grid: g}, Options{Encoding: "reduced-pairwise"})
	if err != nil {
		t.Fatal(err)
	}
	if p.Encoding != "reduced-pairwise" || r.Encoding != "reduced" {
		t.Errorf("encodings %q and %q, want reduced-pairwise and reduced", p.Encoding, r.Encoding)
	}
	if !slices.Equal(p.Cands, r.Cands) {
		t.Fatal("ReducedPairwise and Reduced have different candidates")
	}
	if r.Vars == len(r.Cands) {
		t.Fatal("Reduced has no auxiliary variables on large-25: the test does not compare two encodings")
	}
	if p.Vars != len(p.Cands) {
		t.Errorf("ReducedPairwise: %d vars for %d candidates, want no auxiliary variable", p.Vars, len(p.Cands))
	}
	long := func(f *Formula) []string {
		var cs []string
		for c := range f.Clauses() {
			if len(c) > 2 || c[0] > 0 {
				cs = append(cs, fmt.Sprint(c))
			}
		}
		return cs
	}
	if pl, rl := long(p), long(r); !slices.Equal(pl, rl) {
		t.Errorf("ReducedPairwise has %d clauses other than negative pairs, Reduced %d over the candidates: want the same at-least-ones", len(pl), len(rl))
	}
	if p.NumClauses() <= r.NumClauses() {
		t.Errorf("ReducedPairwise has %d clauses, Reduced %d: want more", p.NumClauses(), r.NumClauses())
	}
}

// checkAMOs checks the at-most-one constraints f records against its
// clauses: in clause order, without overlap, and each one's clauses hold
// only its negated literals and auxiliary variables of their own, so that
// a solver may put a cardinality constraint in their place.
func checkAMOs(t *testing.T, name string, f *Formula) {
	t.Helper()
	clauses := slices.Collect(func(yield func([]int32) bool) {
		for c := range f.Clauses() {
			if !yield(slices.Clone(c)) {
				return
			}
		}
	})
	// owner[v] is the AMO whose clauses mention v, or -1 for any other
	// clause; -2 is unseen.
	owner := make([]int, f.Vars+1)
	for v := range owner {
		owner[v] = -2
	}
	inAMO := make([]int, len(clauses))
	for i := range inAMO {
		inAMO[i] = -1
	}
	prevTo, n := 0, 0
	for a := range f.AMOs() {
		if a.From < prevTo || a.To < a.From || a.To > len(clauses) || len(a.Lits) < 3 {
			t.Fatalf("%s: AMO %d spans clauses %d..%d after %d, of %d, over %d literals", name, n, a.From, a.To, prevTo, len(clauses), len(a.Lits))
		}
		for i := a.From; i < a.To; i++ {
			inAMO[i] = n
		}
		prevTo = a.To
		n++
	}
	if n != f.NumAMOs() {
		t.Fatalf("%s: AMOs yields %d, NumAMOs says %d", name, n, f.NumAMOs())
	}
	lits := slices.Collect(f.AMOs())
	for i, c := range clauses {
		a := inAMO[i]
		for _, l := range c {
			v := int(abs(l))
			if a >= 0 && slices.Contains(lits[a].Lits, -l) {
				continue // the group's own literal, negated
			}
			if a >= 0 && slices.Contains(lits[a].Lits, l) {
				t.Fatalf("%s: clause %d %v of AMO %d holds its literal %d unnegated", name, i, c, a, l)
			}
			if owner[v] != -2 && owner[v] != a {
				t.Fatalf("%s: variable %d is in clause %d %v (AMO %d) and elsewhere (AMO %d; -1: none)", name, v, i, c, a, owner[v])
			}
			owner[v] = a
		}
	}
	for _, a := range lits {
		for _, x := range a.Lits {
			if o := owner[abs(x)]; o >= 0 {
				t.Fatalf("%s: literal %d of an AMO is an auxiliary variable of AMO %d", name, x, o)
			}
		}
	}
}

// TestAMOsRecorded checks the at-most-one constraints that the reduced
// encoding (with the product encoding forced on small groups too) and the
// variant encoding record.
func TestAMOsRecorded(t *testing.T) {
	puzzles := map[string]*sudokusat.Grid{
		"inkala":   mustGrid(t, inkala),
		"empty-9":  emptyGrid(t, 9),
		"empty-16": emptyGrid(t, 16),
		"sparse-9": mustGrid(t, "123"+strings.Repeat(".", 78)),
	}
	for name, g := range puzzles {
		for _, threshold := range []int{2, 3, productThreshold, math.MaxInt} {
			f, err := reduced(context.Background(), g, threshold, "reduced", DefaultMaxClauses)
			if err != nil {
				t.Fatal(err)
			}
			if f.NumAMOs() == 0 {
				t.Fatalf("%s threshold %d: no AMO recorded", name, threshold)
			}
			checkAMOs(t, fmt.Sprintf("%s threshold %d", name, threshold), f)
		}
	}
	for _, v := range varianttest.All(t) {
		f, err := Puzzle(v.Puzzle, Options{Sums: SumClauses})
		if err != nil {
			t.Fatal(err)
		}
		checkAMOs(t, v.Name, f)
	}
	if f, _ := Puzzle(&sudokusat.Puzzle{Grid: emptyGrid(t, 4)}, Options{Encoding: "extended"}); f.NumAMOs() != 0 {
		t.Errorf("extended 4×4: %d AMOs recorded, want none", f.NumAMOs())
	}
}

// TestClausesButPairwise: ClausesButPairwise yields a subsequence of
// Clauses that holds every clause naming a variable other than a
// candidate, with the product encoding on small groups (threshold 3), at
// its real threshold, and with none.
func TestClausesButPairwise(t *testing.T) {
	puzzles := map[string]*sudokusat.Grid{
		"inkala":  mustGrid(t, inkala),
		"empty-9": emptyGrid(t, 9),
	}
	for _, name := range []string{"large-16", "large-25"} {
		data, err := os.ReadFile("../testdata/" + name + ".txt")
		if err != nil {
			t.Fatal(err)
		}
		puzzles[name] = mustGrid(t, string(data))
	}
	for name, g := range puzzles {
		for _, threshold := range []int{3, productThreshold, math.MaxInt} {
			f, err := reduced(context.Background(), g, threshold, "reduced", DefaultMaxClauses)
			if err != nil {
				t.Fatal(err)
			}
			var all [][]int32
			for c := range f.Clauses() {
				all = append(all, slices.Clone(c))
			}
			i, yielded, aux := 0, 0, 0
			for c := range f.ClausesButPairwise() {
				yielded++
				for i < len(all) && !slices.Equal(all[i], c) {
					if namesAux(f, all[i]) {
						t.Fatalf("%s threshold %d: clause %v names an auxiliary variable and is passed by", name, threshold, all[i])
					}
					i++
				}
				if i == len(all) {
					t.Fatalf("%s threshold %d: clause %v is not in Clauses' order", name, threshold, c)
				}
				i++
			}
			for ; i < len(all); i++ {
				if namesAux(f, all[i]) {
					t.Fatalf("%s threshold %d: clause %v names an auxiliary variable and is passed by", name, threshold, all[i])
				}
			}
			for _, c := range all {
				if namesAux(f, c) {
					aux++
				}
			}
			if threshold == 3 && aux == 0 && f.NumClauses() > 0 {
				t.Errorf("%s threshold 3: no clause names an auxiliary variable: nothing tested", name)
			}
			t.Logf("%s threshold %d: %d of %d clauses, %d with auxiliary variables", name, threshold, yielded, len(all), aux)
		}
	}
}

func namesAux(f *Formula, c []int32) bool {
	for _, x := range c {
		if x > int32(len(f.Cands)) || x < -int32(len(f.Cands)) {
			return true
		}
	}
	return false
}
