package drat_test

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat/drat"
)

// TestChecker feeds a formula and a proof clause by clause, as callers that
// translate a proof do, and checks the verdicts Check gives on files.
func TestChecker(t *testing.T) {
	// All four clauses over x1, x2: unsatisfiable.
	formula := [][]int32{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}}
	tests := []struct {
		name    string
		lemmas  [][]int32
		wantErr error
	}{
		{"refuted", [][]int32{{2}, {}}, nil},
		// (x3) is RAT (no clause has ¬x3); (¬x3) is then neither.
		{"not RUP", [][]int32{{3}, {-3}}, drat.ErrLemma},
		{"no conflict", [][]int32{{3, 1}}, drat.ErrNotRefuted},
		// x3 is fresh: (x3 ∨ x1) is RAT on x3; (¬x3 ∨ x2) then too,
		// its resolvent on x3 (x1 ∨ x2) being a clause.
		{"RAT on a fresh variable", [][]int32{{3, 1}, {-3, 2}, {2}, {}}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			k := drat.NewChecker(context.Background())
			for _, c := range formula {
				if err := k.Clause(c...); err != nil {
					t.Fatal(err)
				}
			}
			var err error
			for _, l := range tc.lemmas {
				if err = k.Lemma(l...); err != nil {
					break
				}
			}
			if err == nil {
				_, err = k.Result()
			}
			if !errors.Is(err, tc.wantErr) || (tc.wantErr == nil) != (err == nil) {
				t.Errorf("got %v, want %v", err, tc.wantErr)
			}
			if k.Refuted() != (tc.wantErr == nil) {
				t.Errorf("Refuted() = %v", k.Refuted())
			}
		})
	}
	k := drat.NewChecker(context.Background())
	_ = k.Clause(1, 2)
	_ = k.Delete(1, 2)
	if err := k.Clause(1); err == nil {
		t.Error("a formula clause after a proof step: no error")
	}
	if err := drat.NewChecker(context.Background()).Clause(1, 0); !errors.Is(err, drat.ErrSyntax) {
		t.Errorf("a literal 0: %v, want ErrSyntax", err)
	}
}

// TestReadProof reads the same steps from a text and a binary proof.
func TestReadProof(t *testing.T) {
	text := "c a comment\n1 -2 0\nd 1 -2 0\n3 0\n0\n"
	type st struct {
		del  bool
		lits []int32
	}
	read := func(b []byte, f drat.Format) []st {
		var out []st
		err := drat.ReadProof(bytes.NewReader(b), f, func(del bool, lits []int32) error {
			out = append(out, st{del, slices.Clone(lits)})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	want := []st{{false, []int32{1, -2}}, {true, []int32{1, -2}}, {false, []int32{3}}, {false, nil}}
	for _, got := range [][]st{read([]byte(text), drat.FormatText), read(binaryProof(t, text), drat.FormatAuto)} {
		if len(got) != len(want) {
			t.Fatalf("got %v, want %v", got, want)
		}
		for i := range got {
			if got[i].del != want[i].del || !slices.Equal(got[i].lits, want[i].lits) {
				t.Errorf("step %d: got %v, want %v", i, got[i], want[i])
			}
		}
	}
	stop := errors.New("stop")
	n := 0
	err := drat.ReadProof(strings.NewReader(text), drat.FormatAuto, func(bool, []int32) error { n++; return stop })
	if !errors.Is(err, stop) || n != 1 {
		t.Errorf("fn's error: %v after %d steps, want it at once", err, n)
	}
	if err := drat.ReadProof(strings.NewReader("1 x 0\n"), drat.FormatText, func(bool, []int32) error { return nil }); !errors.Is(err, drat.ErrSyntax) {
		t.Errorf("a bad literal: %v, want ErrSyntax", err)
	}
}

// TestCheckerVariableNumbers: a variable met first through the map (too
// far for the table) keeps its identity when the table later widens over
// it, and a Reset forgets it.
func TestCheckerVariableNumbers(t *testing.T) {
	k := drat.NewChecker(context.Background())
	for round := range 2 {
		k.Reset(context.Background())
		// x5000 first, while 5,000 is beyond the table; then 700 more
		// variables, which widen the table past it.
		must(t, k.Clause(5000))
		for v := int32(1); v <= 700; v++ {
			must(t, k.Clause(v, -v-1000))
		}
		must(t, k.Clause(-5000, 5001))
		if k.Refuted() {
			t.Fatalf("round %d: refuted too early", round)
		}
		must(t, k.Clause(-5001, -5000))
		if !k.Refuted() {
			t.Errorf("round %d: x5000 and ¬x5000 not seen as one variable", round)
		}
	}
	// After a Reset, the same clauses without the unit are satisfiable.
	k.Reset(context.Background())
	must(t, k.Clause(-5000, 5001))
	must(t, k.Clause(-5001, -5000))
	if k.Refuted() {
		t.Error("refuted after Reset without the unit clause")
	}
	if err := k.Lemma(); !errors.Is(err, drat.ErrLemma) {
		t.Errorf("the empty clause after Reset: %v, want ErrLemma", err)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestRATAfterFreshPivot: a RAT check on a variable first met in the
// lemmas indexes only the clauses from there on; a later RAT check on a
// variable of the formula must still meet the formula's clauses among
// its candidates, whichever way their resolvents go.
func TestRATAfterFreshPivot(t *testing.T) {
	tests := []struct {
		name    string
		formula [][]int32
		wantErr error
	}{
		// (x1) is RAT: its one candidate, (¬x1 ∨ x2), resolves into (x2),
		// which x1 false propagates.
		{"candidate passes", [][]int32{{1, 2}, {-1, 2}}, nil},
		// (x1) is neither: the resolvent (x3) is not RUP. Had the
		// candidate been missed, it would have passed.
		{"candidate fails", [][]int32{{1, 2}, {-1, 3}}, drat.ErrLemma},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			k := drat.NewChecker(context.Background())
			for _, c := range tc.formula {
				if err := k.Clause(c...); err != nil {
					t.Fatal(err)
				}
			}
			if err := k.Lemma(5); err != nil { // RAT on a fresh variable
				t.Fatal(err)
			}
			err := k.Lemma(1)
			if !errors.Is(err, tc.wantErr) || (tc.wantErr == nil) != (err == nil) {
				t.Errorf("got %v, want %v", err, tc.wantErr)
			}
		})
	}
}

// TestBinary: clauses given by Binary and by Clause make the same formula:
// random binary formulas (a literal twice, a tautology, some refuted by
// propagation) give the same verdicts on the same unit lemmas, and Binary
// refuses what Clause refuses.
func TestBinary(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	lit := func() int32 {
		l := int32(r.IntN(5) + 1)
		if r.IntN(2) == 0 {
			l = -l
		}
		return l
	}
	for i := range 500 {
		byClause, byBinary := drat.NewChecker(context.Background()), drat.NewChecker(context.Background())
		for range r.IntN(12) {
			a, b := lit(), lit()
			if r.IntN(8) == 0 {
				b = a
			}
			errC, errB := byClause.Clause(a, b), byBinary.Binary(a, b)
			if (errC == nil) != (errB == nil) {
				t.Fatalf("formula %d: Clause(%d, %d): %v, Binary: %v", i, a, b, errC, errB)
			}
		}
		for _, l := range [][]int32{{lit()}, {lit()}, {}} {
			errC, errB := byClause.Lemma(l...), byBinary.Lemma(l...)
			if (errC == nil) != (errB == nil) || byClause.Refuted() != byBinary.Refuted() {
				t.Fatalf("formula %d, lemma %v: Clause's %v (refuted %v), Binary's %v (refuted %v)",
					i, l, errC, byClause.Refuted(), errB, byBinary.Refuted())
			}
			if errC != nil {
				break
			}
		}
	}
	k := drat.NewChecker(context.Background())
	if err := k.Binary(0, 1); !errors.Is(err, drat.ErrSyntax) {
		t.Errorf("Binary(0, 1): %v, want ErrSyntax", err)
	}
	_ = k.Binary(1, 2)
	_ = k.Delete(1, 2)
	if err := k.Binary(1, 3); err == nil {
		t.Error("Binary after a proof step: no error")
	}
}
