package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

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
