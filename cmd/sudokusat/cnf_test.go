package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
)

// TestReadCNFAsEncodeDoes: decode's one pass over a CNF gives the map
// encode.ReadVarMap gives, the problem line's counts, and as many clauses
// as the formula has, however the reader splits the bytes.
func TestReadCNFAsEncodeDoes(t *testing.T) {
	g, err := sudokusat.ParseLine("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", 3, 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"extended", "reduced"} {
		build, _ := encode.Lookup(name)
		f, err := build(g)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := encode.WriteDIMACS(&b, f); err != nil {
			t.Fatal(err)
		}
		want, err := encode.ReadVarMap(bytes.NewReader(b.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		for _, split := range []struct {
			name string
			r    func(io.Reader) io.Reader
		}{{"whole", func(r io.Reader) io.Reader { return r }}, {"bytes", iotest.OneByteReader}, {"halves", iotest.HalfReader}} {
			c, err := readCNF(split.r(bytes.NewReader(b.Bytes())))
			if err != nil {
				t.Fatalf("%s, %s: %v", name, split.name, err)
			}
			if !reflect.DeepEqual(c.m, want) || c.vars != f.Vars || c.clauses != f.NumClauses() {
				t.Errorf("%s, %s: map equal %v, p cnf %d %d; want %d %d", name, split.name, reflect.DeepEqual(c.m, want), c.vars, c.clauses, f.Vars, f.NumClauses())
			}
			given, err := c.readClauses()
			if err != nil || !slices.EqualFunc(clausesOf(given), clausesOf(f), slices.Equal) {
				t.Errorf("%s, %s: the clauses read (%v) are not the formula's", name, split.name, err)
			}
		}
	}
}

// TestReadCNFErrors: what decode refuses in a CNF's problem line and, for
// --certify, in its clauses, each error naming the line.
func TestReadCNFErrors(t *testing.T) {
	const header = "c sudokusat cnf v1\nc encoding extended\nc box 2x2\nc puzzle ................\nc map direct: variable r*16 + c*4 + d is digit d at row r, column c (r, c from 0; d from 1)\n"
	tests := []struct {
		name, body string
		clauses    int    // counted, when no error
		err        string // from readCNF, else from countClauses
	}{
		{"clauses", "p cnf 64 2\n1 -2 0\n3 0\n", 2, ""},
		{"comments, blanks, CRLF and SATLIB's end", "p cnf 64 2\r\nc 0 0 0\r\n\r\n  1 -2\t0 3\r\n 0\r\n%\r\n0\r\n", 2, ""},
		{"no final newline", "p cnf 64 1\n1 0", 1, ""},
		{"no problem line", "", 0, "malformed DIMACS: no problem line"},
		{"clause first", "1 2 0\np cnf 64 1\n", 0, `line 6: want the problem line "p cnf VARS CLAUSES" after the comments, not "1 2 0"`},
		{"bad problem line", "p cnf 64\n", 0, "line 6: want the problem line"},
		{"bad variable count", "p cnf -1 0\n", 0, `line 6: bad variable count "-1"`},
		{"bad clause count", "p cnf 64 x\n", 0, `line 6: bad clause count "x"`},
		{"fewer clauses than said", "p cnf 64 3\n1 0\n2 0\n", 0, "line 6: the problem line says 3 clauses, but the file holds 2"},
		{"more clauses than said", "p cnf 64 0\n1 0\n", 0, "line 6: the problem line says 0 clauses, but the file holds 1"},
		{"open clause", "p cnf 64 1\n1 0\n2 3\n\n", 0, "line 8: the last clause is not ended by 0"},
		{"literal out of range", "p cnf 64 1\n1\n-65 0\n", 0, "line 8: literal -65 out of range: the problem line (line 6) says 64 variables"},
		{"not a literal", "p cnf 64 1\n1 x 0\n", 0, `line 7: "x" is not a literal`},
		{"long literal", "p cnf 64 1\n1 " + strings.Repeat("9", 40) + " 0\n", 0, `line 7: "999999999999999999999999…" is not a literal`},
		{"second problem line", "p cnf 64 1\n1 0\np cnf 64 1\n", 0, "line 8: a second problem line (the first is line 6)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := readCNF(strings.NewReader(header + tt.body))
			n := 0
			if err == nil {
				var given *encode.Formula
				if given, err = c.readClauses(); err == nil {
					n = given.NumClauses()
				}
			}
			if tt.err == "" {
				if err != nil || n != tt.clauses {
					t.Errorf("%d clauses, %v; want %d", n, err, tt.clauses)
				}
				return
			}
			if !errors.Is(err, encode.ErrDIMACS) || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("error %v; want ErrDIMACS with %q", err, tt.err)
			}
		})
	}
}

// clausesOf copies f's clauses, which Clauses yields in a buffer it reuses.
func clausesOf(f *encode.Formula) [][]int32 {
	var cs [][]int32
	for c := range f.Clauses() {
		cs = append(cs, slices.Clone(c))
	}
	return cs
}

// TestDecodeCertifyRefutation: a refutation instance (a unique puzzle's
// formula and a clause blocking its solution) refuted by real solvers,
// each with its own proof format, is certified in every encoding, as the
// formula the solver was given: the puzzle's clauses and the blocking
// one. The check used to rebuild the formula from the comments alone,
// without the blocking clause, and branded every such proof wrong.
// A blocking clause that blocks no solution, and a clause of the
// puzzle's formula changed, are refused before the proof is read.
func TestDecodeCertifyRefutation(t *testing.T) {
	solvers := []struct {
		name string
		args func(cnf, proof string) []string
	}{
		{"cadical", func(cnf, proof string) []string { return []string{"-q", cnf, proof} }},
		{"picosat", func(cnf, proof string) []string { return []string{cnf, "-R", proof} }},
		{"cryptominisat5", func(cnf, proof string) []string { return []string{"--verb", "0", cnf, "--frat", proof} }},
	}
	for _, enc := range []string{"reduced", "extended", "minimal"} {
		dir := t.TempDir()
		if _, errOut, code := runCLI(t, "", "family", "--out-dir", dir, "--kind", "refutation", "--count", "1", "--seed", "3", "--encoding", enc); code != 0 {
			t.Fatalf("family: exit %d: %s", code, errOut)
		}
		cnf := filepath.Join(dir, "refutation-001.cnf")
		for _, s := range solvers {
			t.Run(enc+"/"+s.name, func(t *testing.T) {
				if _, err := exec.LookPath(s.name); err != nil {
					t.Skipf("%s is not installed; .ci/run installs it", s.name)
				}
				proof := filepath.Join(t.TempDir(), "proof")
				ans, _ := exec.Command(s.name, s.args(cnf, proof)...).Output()
				out, errOut, code := runCLI(t, string(ans), "decode", "--cnf", cnf, "--certify", "--proof", proof, "-")
				want := "unsolvable: standard input: no solution but the grid the CNF's last clause blocks, so the puzzle is unique (certified: the proof checked)\n"
				if code != exitUnsolved || out != want {
					t.Errorf("exit %d, %q %s; want %q", code, out, errOut, want)
				}
			})
		}
	}

	// The same instance, altered: each is refused as not its puzzle's
	// formula, whatever the proof.
	dir := t.TempDir()
	if _, errOut, code := runCLI(t, "", "family", "--out-dir", dir, "--kind", "refutation", "--count", "1", "--seed", "3", "--encoding", "extended"); code != 0 {
		t.Fatalf("family: exit %d: %s", code, errOut)
	}
	data, err := os.ReadFile(filepath.Join(dir, "refutation-001.cnf"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	last := lines[len(lines)-1]
	lits := strings.Fields(last)
	proof := filepath.Join(dir, "proof")
	os.WriteFile(proof, []byte("0\n"), 0o644)
	for _, tt := range []struct{ name, from, to, want string }{
		// One literal fewer: a clause over the blank cells but one, which
		// blocks a partial grid, not a solution.
		{"blocking clause cut", last, strings.Join(append(lits[:len(lits)-2:len(lits)-2], "0"), " "), "blocks no solution"},
		// The first clause's first literal dropped.
		{"puzzle clause changed", "\n1 2 3 4 5 6 7 8 9 0\n", "\n2 3 4 5 6 7 8 9 0\n", "clause 1 of the CNF file is not clause 1 of its puzzle's extended formula"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if !strings.Contains(string(data), tt.from) {
				t.Fatalf("the instance has no %q", tt.from)
			}
			cnf := filepath.Join(t.TempDir(), "p.cnf")
			os.WriteFile(cnf, []byte(strings.Replace(string(data), tt.from, tt.to, 1)), 0o644)
			out, errOut, code := runCLI(t, "s UNSATISFIABLE\n", "decode", "--cnf", cnf, "--certify", "--proof", proof, "-")
			if code != exitUnsolved || out != "" || !strings.Contains(errOut, "the proof is not checked: ") || !strings.Contains(errOut, tt.want) {
				t.Errorf("exit %d, %q %q; want an error with %q", code, out, errOut, tt.want)
			}
		})
	}
}
