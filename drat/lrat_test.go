package drat_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat/drat"
	"github.com/sudokusat/sudokusat/encode"
)

func TestCheckLRAT(t *testing.T) {
	tests := []struct {
		name    string
		cnf     string
		proof   string
		wantErr error // nil when the proof must be accepted
		inErr   string
	}{
		{"four clauses: unit, then empty clause", four, "5 1 0 1 2 0\n6 0 5 3 4 0\n", nil, ""},
		{"comments and a deletion", four, "c hello\n5 1 0 1 2 0\n5 d 1 2 0\n6 0 5 3 4 0\n", nil, ""},
		{"hints in the wrong order", four, "5 1 0 3 1 0\n", drat.ErrHint, "hint 3 has two literals not false"},
		{"hints end without a conflict", four, "5 1 0 2 0\n", drat.ErrHint, "end without a conflict"},
		{"a deleted clause as a hint", four, "5 d 1 0\n5 1 0 1 2 0\n", drat.ErrHint, "hint 1 names no current clause"},
		{"a hint naming no clause", four, "5 1 0 9 0\n", drat.ErrHint, "hint 9 names no current clause"},
		{"an ID not above the formula's", four, "4 1 0 1 2 0\n", drat.ErrSyntax, "clause ID 4"},
		{"no empty clause", four, "5 1 0 1 2 0\n", drat.ErrNotRefuted, ""},
		{"empty clause in the formula", contradiction, "3 0 1 2 0\n", nil, ""},
		// x3 ↔ x1 ∧ x2 by RAT: no candidate for the first two, and both
		// candidates of the third resolve into tautologies.
		{"extended resolution", four, "5 -3 1 0 0\n6 -3 2 0 0\n7 3 -1 -2 0 -5 -6 0\n8 1 0 1 2 0\n9 0 8 3 4 0\n", nil, ""},
		{"RAT with a candidate left out", four, "5 -3 1 0 0\n6 -3 2 0 0\n7 3 -1 -2 0 -6 0\n", drat.ErrHint, "clause 5, which holds -3, is not among the hints"},
		// (x1) is RAT on the formula (1 2) (-1 2) (-2) only through its
		// candidate's resolvent (2), refuted by (-2).
		{"RAT with hints after the candidate", "p cnf 2 3\n1 2 0\n-1 2 0\n-2 0\n", "4 1 0 -2 1 0\n5 0 4 2 3 0\n", nil, ""},
		{"RAT whose resolvent is not refuted", "p cnf 2 3\n1 2 0\n-1 2 0\n-2 0\n", "4 1 0 -2 0\n", drat.ErrHint, "reaches no conflict"},
		{"not a clause ID", four, "x 1 0 0\n", drat.ErrSyntax, "is not a clause ID"},
		{"unended", four, "5 1 0 1 2\n", drat.ErrSyntax, "not ended by 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := drat.CheckLRAT(context.Background(), strings.NewReader(tt.cnf), strings.NewReader(tt.proof))
			if tt.wantErr == nil {
				if err != nil || !res.Refuted {
					t.Fatalf("got %+v, %v; want refuted", res, err)
				}
				return
			}
			if !errors.Is(err, tt.wantErr) || !strings.Contains(err.Error(), tt.inErr) {
				t.Fatalf("got %+v, %v; want %v with %q", res, err, tt.wantErr, tt.inErr)
			}
		})
	}
}

// binaryLRAT encodes text LRAT lines in binary LRAT.
func binaryLRAT(text string) []byte {
	var b []byte
	num := func(x int64) {
		u := uint64(2 * x)
		if x < 0 {
			u = uint64(-2*x) | 1
		}
		for u >= 0x80 {
			b = append(b, byte(u)|0x80)
			u >>= 7
		}
		b = append(b, byte(u))
	}
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		f := strings.Fields(line)
		if f[1] == "d" {
			b = append(b, 'd')
			f = f[2:]
		} else {
			b = append(b, 'a')
		}
		for _, s := range f {
			var x int64
			for i, r := range strings.TrimPrefix(s, "-") {
				_ = i
				x = 10*x + int64(r-'0')
			}
			if strings.HasPrefix(s, "-") {
				x = -x
			}
			num(x)
		}
	}
	return b
}

func TestCheckBinaryLRAT(t *testing.T) {
	good := "5 1 0 1 2 0\n5 d 1 2 0\n6 0 5 3 4 0\n"
	res, err := drat.CheckLRAT(context.Background(), strings.NewReader(four), bytes.NewReader(binaryLRAT(good)))
	if err != nil || !res.Refuted || res.Lemmas != 2 || res.Deletions != 2 {
		t.Fatalf("got %+v, %v; want refuted with 2 lemmas, 2 deletions", res, err)
	}
	bad := "5 1 0 3 1 0\n"
	if _, err := drat.CheckLRAT(context.Background(), strings.NewReader(four), bytes.NewReader(binaryLRAT(bad))); !errors.Is(err, drat.ErrHint) {
		t.Fatalf("hints out of order: %v, want ErrHint", err)
	}
}

// TestToLRAT: DRAT proofs that Check accepts, written as LRAT, are
// accepted by CheckLRAT, and by lrat-check (drat-trim's companion) when it
// is on PATH; the LRAT proof cut of its last hint is refused.
func TestToLRAT(t *testing.T) {
	type pair struct{ name, cnf, proof string }
	pairs := []pair{
		{"contradiction", contradiction, "0\n"},
		{"four clauses", four, "1 0\n0\n"},
		{"four clauses, unit then conflict by propagation", four, "1 0\n"},
		{"extended resolution", four, "-3 1 0\n-3 2 0\n3 -1 -2 0\n1 0\n0\n"},
		{"RAT with a resolvent to refute", "p cnf 2 3\n1 2 0\n-1 2 0\n-2 0\n", "1 0\n0\n"},
		{"deletions, a unit's ignored", withUnit, "d 1 0\n2 0\nd -1 2 3 0\n0\n"},
		{"a top-level reason's deletion ignored", withReason, "d 2 -1 0\n3 0\n0\n"},
	}
	php, err := os.ReadFile("testdata/php43.cnf")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"php43-cryptominisat5.frat", "php43-picosat.rup"} {
		proof, err := os.ReadFile(filepath.Join("testdata", f))
		if err != nil {
			t.Fatal(err)
		}
		pairs = append(pairs, pair{f, string(php), string(proof)})
	}
	if _, err := exec.LookPath("cadical"); err == nil {
		for _, p := range []struct {
			name, puzzle string
			enc          encode.Encoding
		}{{"cadical, 9x9", unsat9, lookup(t, "extended")}, {"cadical, 16x16 minimal", unsat16, lookup(t, "minimal")}} {
			cnf, text, binary := cadicalProof(t, p.puzzle, p.enc)
			pairs = append(pairs, pair{p.name + ", text", string(cnf), string(text)}, pair{p.name + ", binary", string(cnf), string(binary)})
		}
	}
	lratCheck, _ := exec.LookPath("lrat-check")
	for _, p := range pairs {
		t.Run(p.name, func(t *testing.T) {
			ctx := context.Background()
			want, err := drat.Check(ctx, strings.NewReader(p.cnf), strings.NewReader(p.proof))
			if err != nil {
				t.Fatalf("the DRAT proof: %v", err)
			}
			var lrat bytes.Buffer
			got, err := drat.ToLRAT(ctx, strings.NewReader(p.cnf), strings.NewReader(p.proof), drat.FormatAuto, &lrat)
			if err != nil || got != want {
				t.Fatalf("ToLRAT: %+v, %v; want %+v as Check", got, err, want)
			}
			res, err := drat.CheckLRAT(ctx, strings.NewReader(p.cnf), bytes.NewReader(lrat.Bytes()))
			if err != nil || !res.Refuted {
				t.Fatalf("CheckLRAT: %+v, %v\n%s", res, err, lrat.String())
			}
			// The last line is the empty clause: without its last hint,
			// the clause its conflict needs, no conflict is reached.
			lines := strings.Split(strings.TrimSuffix(lrat.String(), "\n"), "\n")
			last := strings.Fields(lines[len(lines)-1])
			if len(last) < 4 || last[1] != "0" {
				t.Fatalf("the last line %q is not an empty clause with hints", lines[len(lines)-1])
			}
			lines[len(lines)-1] = strings.Join(append(last[:len(last)-2:len(last)-2], "0"), " ")
			cut := strings.Join(lines, "\n") + "\n"
			if _, err := drat.CheckLRAT(ctx, strings.NewReader(p.cnf), strings.NewReader(cut)); !errors.Is(err, drat.ErrHint) {
				t.Errorf("the proof cut of its last hint: %v, want ErrHint", err)
			}
			if lratCheck == "" {
				return
			}
			dir := t.TempDir()
			cnfPath, lratPath := filepath.Join(dir, "f.cnf"), filepath.Join(dir, "f.lrat")
			os.WriteFile(cnfPath, []byte(p.cnf), 0o644)
			os.WriteFile(lratPath, lrat.Bytes(), 0o644)
			out, err := exec.Command(lratCheck, cnfPath, lratPath).CombinedOutput()
			if err != nil || !bytes.Contains(out, []byte("c VERIFIED")) || bytes.Contains(out, []byte("FAILED")) {
				t.Errorf("lrat-check: %v\n%s", err, out)
			}
		})
	}
}
