package engine

import (
	"context"
	"errors"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
)

// TestWitness: the assignment a solution makes satisfies its puzzle's
// formula in every classic encoding, and that of a grid one swap away
// from it does not: what refutes a false UNSAT claim is sound.
func TestWitness(t *testing.T) {
	p := &sudokusat.Puzzle{Grid: mustParse(t, inkala)}
	sol := mustParse(t, solution)
	bad := sol.Clone()
	bad.SetCell(0, sol.Cell(1)) // r1c1 and r1c2 swapped: rows still hold every digit, columns not
	bad.SetCell(1, sol.Cell(0))
	for _, enc := range encode.Names() {
		f, err := encode.Puzzle(p, encode.Options{Encoding: enc})
		if err != nil {
			t.Fatal(err)
		}
		w := Witness(f, sol)
		if w == nil || f.FalsifiedBy(w) >= 0 {
			t.Errorf("%s: the solution's assignment falsifies clause %d", enc, f.FalsifiedBy(w))
		}
		if w := Witness(f, bad); w != nil && f.FalsifiedBy(w) < 0 {
			t.Errorf("%s: a wrong grid's assignment satisfies the formula", enc)
		}
	}
}

func TestFindFaultInProcess(t *testing.T) {
	p := &sudokusat.Puzzle{Grid: mustParse(t, inkala)}
	if _, err := FindFault(context.Background(), Native(), p, 2, nil); !errors.Is(err, ErrNoFault) {
		t.Errorf("FindFault(native) = %v, want ErrNoFault", err)
	}
	if _, ok := CommandLine(Native(), "x.cnf"); ok {
		t.Error("CommandLine(native) ok")
	}
}

func mustParse(t *testing.T, s string) *sudokusat.Grid {
	t.Helper()
	g, err := sudokusat.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
