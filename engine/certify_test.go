package engine

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestCertify checks external solvers' UNSAT answers with their proofs:
// cadical's real proofs are accepted (no solution, and no second one),
// and a solver that claims UNSAT with a made-up proof is caught as wrong.
func TestCertify(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the lying solver is a shell script")
	}
	liar := filepath.Join(t.TempDir(), "liar.sh")
	// UNSAT for everything, with a "proof" that only claims the empty clause.
	if err := os.WriteFile(liar, []byte("#!/bin/sh\necho 's UNSATISFIABLE'\necho '0' > \"$2\"\nexit 20\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, enc := range []string{"extended", "reduced"} {
		e, err := Open(liar+" {cnf} {proof}", Options{Encoding: enc, Certify: true})
		if err != nil {
			t.Fatal(err)
		}
		if a := Count(context.Background(), e, puzzle(t, inkala), 2, 0); a.Status != Wrong || !errors.Is(a.Err, ErrWrong) {
			t.Errorf("%s: a made-up proof: %v %v, want Wrong", enc, a.Status, a.Err)
		}
	}
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Skip("cadical is not installed; .ci/run installs it")
	}
	for _, enc := range []string{"extended", "reduced"} {
		t.Run(enc, func(t *testing.T) { certifyCadical(t, enc) })
	}
}

// certifyCadical checks cadical's real proofs in one encoding.
func certifyCadical(t *testing.T, enc string) {
	noSolution := ".23456789" + "1........" + strings.Repeat(".", 63)
	cadical, err := Open("cadical", Options{Encoding: enc, Certify: true})
	if err != nil {
		t.Fatal(err)
	}
	if !Certifies(cadical) || Certifies(Native()) {
		t.Errorf("Certifies: cadical %v, native %v", Certifies(cadical), Certifies(Native()))
	}
	a := Count(context.Background(), cadical, puzzle(t, noSolution), 2, 0)
	if a.Status != Unsolvable || !a.Certified || !strings.Contains(a.Err.Error(), "certified") {
		t.Errorf("an unsolvable puzzle: %v certified=%v %v", a.Status, a.Certified, a.Err)
	}
	a = Count(context.Background(), cadical, puzzle(t, inkala), 2, 0)
	if !a.Unique() || !a.Certified {
		t.Errorf("Inkala's puzzle: %v count %d certified=%v %v", a.Status, a.Count, a.Certified, a.Err)
	}
	// Without --certify the same answer is a claim.
	plain, _ := Open("cadical", Options{Encoding: enc})
	if a := Count(context.Background(), plain, puzzle(t, noSolution), 2, 0); a.Certified || !strings.Contains(a.Err.Error(), "not verified") {
		t.Errorf("uncertified: certified=%v %v", a.Certified, a.Err)
	}
}
