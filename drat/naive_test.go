package drat_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat/drat"
)

// naive is a second DRAT checker, written to be obviously right rather than
// fast: unit propagation rescans every clause until nothing changes. It
// ignores deletions of unit clauses (as Check does) and is compared with
// Check on proofs whose other deletions are never of a top-level reason.
// It returns the step (1-based) of the first failing lemma, 0 when the
// proof refutes the formula, or -1 when it checks without a refutation.
func naive(formula, proof [][]int, dels []bool) int {
	var clauses [][]int
	for _, c := range formula {
		clauses = append(clauses, uniq(c))
	}
	up := func(a map[int]bool) bool { return propagate(clauses, a) }
	rup := func(c []int) bool {
		a := map[int]bool{}
		for _, l := range c {
			if a[l] {
				return true // tautology
			}
			a[-l] = true
		}
		return up(a)
	}
	if up(map[int]bool{}) {
		return 0
	}
	for i, c := range proof {
		if dels[i] {
			s := slices.Sorted(slices.Values(uniq(c)))
			if len(s) == 1 {
				continue
			}
			for k, d := range clauses {
				if slices.Equal(slices.Sorted(slices.Values(uniq(d))), s) {
					clauses = slices.Delete(slices.Clone(clauses), k, k+1)
					break
				}
			}
			continue
		}
		ok := rup(c)
		if !ok && len(c) > 0 {
			ok = true
			for _, d := range clauses {
				if slices.Contains(d, -c[0]) {
					r := slices.Clone(c)
					for _, l := range d {
						if l != -c[0] {
							r = append(r, l)
						}
					}
					if !rup(r) {
						ok = false
						break
					}
				}
			}
		}
		if !ok {
			return i + 1
		}
		clauses = append(clauses, uniq(c))
		if up(map[int]bool{}) {
			return 0
		}
	}
	return -1
}

func uniq(c []int) []int {
	var u []int
	for _, l := range c {
		if !slices.Contains(u, l) {
			u = append(u, l)
		}
	}
	return u
}

func dimacs(vars int, cls [][]int, dels []bool, header bool) string {
	var b strings.Builder
	if header {
		fmt.Fprintf(&b, "p cnf %d %d\n", vars, len(cls))
	}
	for i, c := range cls {
		if dels != nil && dels[i] {
			b.WriteString("d ")
		}
		for _, l := range c {
			b.WriteString(strconv.Itoa(l) + " ")
		}
		b.WriteString("0\n")
	}
	return b.String()
}

// verdict turns Check's answer into naive's.
func verdict(t *testing.T, res drat.Result, err error) int {
	t.Helper()
	switch {
	case err == nil:
		return 0
	case errors.Is(err, drat.ErrNotRefuted):
		return -1
	case errors.Is(err, drat.ErrLemma):
		return res.Steps
	}
	t.Fatalf("unexpected error %v", err)
	return 0
}

// TestAgainstNaive compares Check with naive on random small formulas and
// random proofs: random clauses over a few variables (one more than the
// formula's, so that RAT on a fresh variable comes up), some of them

// randClause returns a clause of 1 to maxLen literals over variables 1 to
// vars, repeats and opposite literals allowed.
func randClause(rng *rand.Rand, vars, maxLen int) []int {
	c := make([]int, 1+rng.Intn(maxLen))
	for i := range c {
		c[i] = 1 + rng.Intn(vars)
		if rng.Intn(2) == 0 {
			c[i] = -c[i]
		}
	}
	return c
}

// randFormula returns a small random formula over 3 to 6 variables.
func randFormula(rng *rand.Rand) (vars int, formula [][]int) {
	vars = 3 + rng.Intn(4)
	formula = make([][]int, 2+rng.Intn(4*vars))
	for i := range formula {
		formula[i] = randClause(rng, vars, 3)
	}
	return vars, formula
}

// randCase returns a random formula and a random proof of it: 1 to 8
// lemmas over one more variable, each a deletion of a unit one time in
// eight, and the empty clause at the end half of the time.
func randCase(rng *rand.Rand) (vars int, formula, proof [][]int, dels []bool) {
	vars, formula = randFormula(rng)
	proof = make([][]int, 1+rng.Intn(8))
	dels = make([]bool, len(proof)+1)
	for i := range proof {
		proof[i] = randClause(rng, vars+1, 3)
		if rng.Intn(8) == 0 {
			dels[i] = true
			proof[i] = proof[i][:1]
		}
	}
	if rng.Intn(2) == 0 {
		proof = append(proof, []int{})
	}
	return vars, formula, proof, dels
}

// deletions of unit clauses, and half the time an empty clause at the end.
func TestAgainstNaive(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	counts := map[int]int{}
	for n := 0; n < 3000; n++ {
		vars, formula, proof, dels := randCase(rng)
		want := naive(formula, proof, dels)
		res, err := drat.Check(context.Background(),
			strings.NewReader(dimacs(vars, formula, nil, true)),
			strings.NewReader(dimacs(0, proof, dels, false)))
		if got := verdict(t, res, err); got != want {
			t.Fatalf("formula\n%sproof\n%sCheck: %+v, %v; naive: %d",
				dimacs(vars, formula, nil, true), dimacs(0, proof, dels, false), res, err, want)
		}
		counts[min(want, 1)]++
	}
	// Each kind of answer must come up, or the comparison proves little.
	if counts[-1] < 100 || counts[0] < 100 || counts[1] < 100 {
		t.Errorf("answers: %d not refuted, %d refuted, %d failing lemma", counts[-1], counts[0], counts[1])
	}
}

// TestCadicalAgainstNaive checks suffixes of cadical's proof (most of them
// still refute the formula, because propagation is strong on Sudoku) with
// both checkers.
func TestCadicalAgainstNaive(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping: the naive checker takes seconds on a 12,000-clause formula")
	}
	cnf, text, _ := cadicalProof(t, unsat9, lookup(t, "extended"))
	parse := func(s string) (cls [][]int, dels []bool) {
		for _, line := range strings.Split(s, "\n") {
			f := strings.Fields(line)
			if len(f) == 0 || f[0] == "c" || f[0] == "p" {
				continue
			}
			d := f[0] == "d"
			if d {
				f = f[1:]
			}
			var c []int
			for _, x := range f[:len(f)-1] {
				l, _ := strconv.Atoi(x)
				c = append(c, l)
			}
			cls = append(cls, c)
			dels = append(dels, d)
		}
		return cls, dels
	}
	formula, _ := parse(string(cnf))
	proof, dels := parse(string(text))
	for _, start := range []int{len(proof) / 2, len(proof) - 60, len(proof) - 20, len(proof) - 3} {
		want := naive(formula, proof[start:], dels[start:])
		res, err := drat.Check(context.Background(), bytes.NewReader(cnf),
			strings.NewReader(dimacs(0, proof[start:], dels[start:], false)))
		if got := verdict(t, res, err); got != want {
			t.Errorf("proof from step %d: Check %+v, %v; naive %d", start+1, res, err, want)
		}
		t.Logf("proof from step %d of %d: naive %d, Check %+v", start+1, len(proof), want, res)
	}
}

// TestResetAgainstNaive is TestAgainstNaive through one Checker, Reset
// between formulas, so that nothing of a formula, its proof or its verdict
// may carry to the next: each verdict must be naive's on its own formula.
// Half the formulas have their variables renamed far apart, through the
// Checker's map rather than its table, and some mix both.
func TestResetAgainstNaive(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	k := drat.NewChecker(context.Background())
	counts := map[int]int{}
	for n := 0; n < 3000; n++ {
		vars, formula, proof, dels := randCase(rng)
		want := naive(formula, proof, dels)

		scale := []int{1, 100003, 0}[n%3] // 0: odd variables far, even ones near
		rename := func(c []int) []int32 {
			out := make([]int32, len(c))
			for i, l := range c {
				v, s := l, int32(1)
				if v < 0 {
					v, s = -v, -1
				}
				switch {
				case scale > 0:
					v *= scale
				case v%2 == 1:
					v = 1<<30 + v
				}
				out[i] = s * int32(v)
			}
			return out
		}
		k.Reset(context.Background())
		got := 0
		for _, c := range formula {
			if err := k.Clause(rename(c)...); err != nil {
				t.Fatal(err)
			}
		}
		for i, c := range proof {
			if k.Refuted() {
				break
			}
			var err error
			if dels[i] {
				err = k.Delete(rename(c)...)
			} else {
				err = k.Lemma(rename(c)...)
			}
			if err != nil {
				if !errors.Is(err, drat.ErrLemma) {
					t.Fatal(err)
				}
				got = i + 1
				break
			}
		}
		if got == 0 && !k.Refuted() {
			got = -1
		}
		if got != want {
			t.Fatalf("formula %d (scale %d)\n%sproof\n%sChecker after Reset: %d; naive: %d",
				n, scale, dimacs(vars, formula, nil, true), dimacs(0, proof, dels, false), got, want)
		}
		counts[min(want, 1)]++
	}
	if counts[-1] < 100 || counts[0] < 100 || counts[1] < 100 {
		t.Errorf("answers: %d not refuted, %d refuted, %d failing lemma", counts[-1], counts[0], counts[1])
	}
}

// TestDeletionsAgainstNaive compares Check with naive on proofs that
// delete clauses of two and three literals, formula clauses and lemmas,
// as well as add lemmas: a binary clause leaves the watch lists at once
// when deleted, a longer one lazily, and both must stop propagating. Each
// clause deleted is present and has no literal true at the top level, so
// that it is the reason of no top-level assignment and Check applies the
// deletion as naive does.
func TestDeletionsAgainstNaive(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	counts := map[int]int{}
	deleted := 0
	for n := 0; n < 4000; n++ {
		vars, formula := randFormula(rng)
		cur := slices.Clone(formula)
		var proof [][]int
		var dels []bool
		for range 2 + rng.Intn(10) {
			if rng.Intn(3) == 0 {
				a, conflict := topLevel(cur)
				var cands []int
				for k, c := range cur {
					if len(uniq(c)) >= 2 && !slices.ContainsFunc(c, func(l int) bool { return a[l] }) {
						cands = append(cands, k)
					}
				}
				if !conflict && len(cands) > 0 {
					k := cands[rng.Intn(len(cands))]
					d := slices.Clone(cur[k])
					rng.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
					proof = append(proof, d)
					dels = append(dels, true)
					cur = slices.Delete(cur, k, k+1)
					deleted++
					continue
				}
			}
			c := randClause(rng, vars+1, 4)
			proof = append(proof, c)
			dels = append(dels, false)
			cur = append(cur, c)
		}
		if rng.Intn(2) == 0 {
			proof = append(proof, []int{})
			dels = append(dels, false)
		}
		want := naive(formula, proof, dels)
		res, err := drat.Check(context.Background(),
			strings.NewReader(dimacs(vars, formula, nil, true)),
			strings.NewReader(dimacs(0, proof, dels, false)))
		if got := verdict(t, res, err); got != want {
			t.Fatalf("formula\n%sproof\n%sCheck: %+v, %v; naive: %d",
				dimacs(vars, formula, nil, true), dimacs(0, proof, dels, false), res, err, want)
		}
		counts[min(want, 1)]++
	}
	if counts[-1] < 100 || counts[0] < 100 || counts[1] < 100 || deleted < 1000 {
		t.Errorf("answers: %d not refuted, %d refuted, %d failing lemma; %d deletions",
			counts[-1], counts[0], counts[1], deleted)
	}
}

// topLevel unit-propagates clauses from no assignment and returns the
// literals made true, and whether it met a conflict.
func topLevel(clauses [][]int) (map[int]bool, bool) {
	a := map[int]bool{}
	var cs [][]int
	for _, c := range clauses {
		cs = append(cs, uniq(c))
	}
	return a, propagate(cs, a)
}

// propagate extends the assignment a (the literals true) by unit
// propagation over clauses, each without repeated literals, and reports
// whether it met a conflict.
func propagate(clauses [][]int, a map[int]bool) bool {
	for changed := true; changed; {
		changed = false
		for _, c := range clauses {
			free, sat := 0, false
			var last int
			for _, l := range c {
				if a[l] {
					sat = true
					break
				}
				if !a[-l] {
					free++
					last = l
				}
			}
			if sat {
				continue
			}
			if free == 0 {
				return true
			}
			if free == 1 {
				a[last] = true
				changed = true
			}
		}
	}
	return false
}
