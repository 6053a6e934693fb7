package drat_test

import (
	"bytes"
	"context"
	"errors"
	"testing"
	"time"

	"github.com/sudokusat/sudokusat/drat"
)

// FuzzCheck feeds arbitrary bytes as CNF and as proof: Check must never
// panic or hang, and its error must be nil exactly when it says Refuted.
func FuzzCheck(f *testing.F) {
	seeds := []struct{ cnf, proof string }{
		{contradiction, "0\n"},
		{four, "1 0\n0\n"},
		{four, "d 1 2 0\n1 0\n0\n"},
		{one, "3 -1 -2 0\n-3 1 0\n-3 2 0\n"},
		{withReason, "d 2 -1 0\n3 0\n0\n"},
		{chain, "c x\n-1 -3 2 0\n2 0\n"},
		{four, string([]byte{'a', 3, 0, 'd', 2, 4, 0, 'a', 0})},
		{"p cnf 2 1\n1 3 0\n", "0"},
	}
	for _, s := range seeds {
		f.Add([]byte(s.cnf), []byte(s.proof))
	}
	f.Fuzz(func(t *testing.T, cnf, proof []byte) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		res, err := drat.Check(ctx, bytes.NewReader(cnf), bytes.NewReader(proof))
		if errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("no answer in 5 s: %v", err)
		}
		if res.Refuted != (err == nil) {
			t.Fatalf("Refuted %v with error %v", res.Refuted, err)
		}
		if err != nil && !errors.Is(err, drat.ErrSyntax) && !errors.Is(err, drat.ErrLemma) && !errors.Is(err, drat.ErrNotRefuted) {
			t.Fatalf("error %v wraps none of the package's errors", err)
		}
		if res.Steps != res.Lemmas+res.Deletions || res.MissingDeletions > res.IgnoredDeletions || res.IgnoredDeletions > res.Deletions {
			t.Fatalf("inconsistent counts %+v", res)
		}
	})
}
