package drat_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/drat"
	"github.com/sudokusat/sudokusat/encode"
)

// cadicalProof writes an encoding of an unsolvable puzzle, runs
// cadical on it with a text and a binary proof, and returns the CNF and both
// proofs.
// lookup returns encode's encoding of that name.
func lookup(t *testing.T, name string) encode.Encoding {
	t.Helper()
	enc, err := encode.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return enc
}

func cadicalProof(t *testing.T, puzzle string, enc encode.Encoding) (cnf, text, binary []byte) {
	t.Helper()
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Skip("skipping: cadical is not on PATH, so there is no solver proof to check")
	}
	g, err := sudokusat.Parse(puzzle)
	if err != nil {
		t.Fatal(err)
	}
	f, err := enc(g)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := encode.WriteDIMACS(&buf, f); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cnfPath := filepath.Join(dir, "p.cnf")
	if err := os.WriteFile(cnfPath, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(name string, args ...string) []byte {
		path := filepath.Join(dir, name)
		out, err := exec.Command("cadical", append(args, "-q", cnfPath, path)...).CombinedOutput()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 20 {
			t.Fatalf("cadical %v: %v, want exit status 20 (UNSAT)\n%s", args, err, out)
		}
		proof, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return proof
	}
	return buf.Bytes(), run("text.drat", "--no-binary"), run("binary.drat", "--binary=true")
}

const (
	// The first row's only empty cell has no digit left: refuted by
	// propagation of the givens alone.
	unsat9Trivial = ".23456789" + "1........" + "..............................................................."
	// A top95 puzzle with 1 added in row 1, column 8 (no clash): unsolvable,
	// and CaDiCaL needs a few hundred lemmas to show it.
	unsat9 = "4.....815.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	// testdata/large-16.txt with a fifth of its givens removed and four
	// wrong ones added (clash-free): unsolvable. The extended encoding
	// refutes it by propagation alone; the minimal one needs search.
	unsat16 = ".F.1.2AEC........6.GC..4.F1.2...E..7B3F.........4D2C.........F1.....E.B.3.A.....3G..2....E7D..5FB.5A7....9...6..........F..C.............83A..F.2C.....3.4....9.63....D..B91.C....A4......C.8.67C8..G..A.D......5......6.1F......916.E....2...A8.E...D..4CB8..2."
)

func TestCadicalProofs(t *testing.T) {
	tests := []struct {
		name      string
		puzzle    string
		enc       encode.Encoding
		minLemmas int
	}{
		{"refuted by the givens", unsat9Trivial, lookup(t, "extended"), 0},
		{"needs search", unsat9, lookup(t, "extended"), 100},
		{"16x16, refuted by propagation", unsat16, lookup(t, "extended"), 0},
		{"16x16, minimal encoding, needs search", unsat16, lookup(t, "minimal"), 1000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cnf, text, binary := cadicalProof(t, tt.puzzle, tt.enc)
			if bytes.Equal(text, binary) && len(text) > 0 {
				t.Fatal("cadical wrote the same text and binary proofs")
			}
			var results [2]drat.Result
			for i, proof := range [][]byte{text, binary} {
				start := time.Now()
				res, err := drat.Check(context.Background(), bytes.NewReader(cnf), bytes.NewReader(proof))
				t.Logf("%s proof (%d bytes, CNF %d bytes): checked in %v: %+v",
					[]string{"text", "binary"}[i], len(proof), len(cnf), time.Since(start).Round(time.Millisecond), res)
				if err != nil {
					t.Fatalf("proof %d: %v", i, err)
				}
				if !res.Refuted || res.Lemmas < tt.minLemmas {
					t.Errorf("proof %d: %+v, want refuted with at least %d lemmas", i, res, tt.minLemmas)
				}
				results[i] = res
			}
			if results[0] != results[1] {
				t.Errorf("text proof gives %+v, binary %+v", results[0], results[1])
			}
		})
	}
}

func TestCadicalProofCorrupted(t *testing.T) {
	cnf, text, _ := cadicalProof(t, unsat9, lookup(t, "extended"))
	lines := strings.SplitAfter(string(text), "\n")
	var lemmas []int // indices of the added lemmas' lines
	for i, l := range lines {
		if l != "" && !strings.HasPrefix(l, "d ") {
			lemmas = append(lemmas, i)
		}
	}
	if len(lemmas) < 100 {
		t.Fatalf("only %d lemmas in cadical's proof", len(lemmas))
	}
	join := func(ls []string) string { return strings.Join(ls, "") }
	replaced := append([]string(nil), lines...)
	// Variable 4 is digit 4 in row 1, column 1, a given: its negation is
	// neither RUP nor RAT (the resolvent with the given's unit clause is
	// the lemma itself).
	replaced[lemmas[10]] = "-4 0\n"
	tests := []struct {
		name    string
		proof   string
		wantErr error
		inErr   string
	}{
		{"a lemma replaced by the negation of a given", join(replaced), drat.ErrLemma,
			"lemma -4 0 is neither RUP nor RAT on -4"},
		{"the first half only", join(lines[:lemmas[len(lemmas)/2]]), drat.ErrNotRefuted, ""},
		{"the empty clause alone", "0\n", drat.ErrLemma, "step 1 "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := drat.Check(context.Background(), bytes.NewReader(cnf), strings.NewReader(tt.proof))
			if !errors.Is(err, tt.wantErr) || !strings.Contains(err.Error(), tt.inErr) {
				t.Fatalf("error %v, want %v saying %q", err, tt.wantErr, tt.inErr)
			}
			if res.Refuted {
				t.Errorf("corrupted proof refuted the formula: %+v", res)
			}
		})
	}
}

// cancelOnRead cancels a context when the checker first reads the proof.
type cancelOnRead struct {
	r      io.Reader
	cancel context.CancelFunc
}

func (c cancelOnRead) Read(p []byte) (int, error) {
	c.cancel()
	return c.r.Read(p)
}

// TestCadicalCancelled cancels the context once the check is under way: it
// must stop within a thousand or so steps with the context's error.
func TestCadicalCancelled(t *testing.T) {
	cnf, text, _ := cadicalProof(t, unsat16, lookup(t, "minimal"))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	res, err := drat.Check(ctx, bytes.NewReader(cnf), cancelOnRead{bytes.NewReader(text), cancel})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	if res.Refuted || res.Steps > 2048 {
		t.Errorf("result %+v after the context was cancelled", res)
	}
}
