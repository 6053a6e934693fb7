package main

import (
	"bufio"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// modelCounters are the exact model counters the test tries, with the
// arguments before the CNF's name. None is packaged by Debian today
// (apt-cache search sharpsat, d4, ganak, approxmc, cachet finds none, and
// ApproxMC's count is approximate), so
// .ci/run installs none; the test runs where one is on the PATH.
var modelCounters = []struct {
	name string
	args []string
}{
	{"ganak", nil},
	{"d4", []string{"-mc"}},
	{"sharpSAT", nil},
}

// TestModelCounterCountsGrids: an exact model counter given encode
// --projection's CNF of an empty grid counts its grids (4×4: 288; 6×6
// with 2×3 boxes: 28,200,960, the known counts of Latin-square-like
// grids of those shapes), not the models of auxiliary variables too.
func TestModelCounterCountsGrids(t *testing.T) {
	var counter string
	var args []string
	for _, c := range modelCounters {
		if p, err := exec.LookPath(c.name); err == nil {
			counter, args = p, c.args
			break
		}
	}
	if counter == "" {
		t.Skip("no model counter on the PATH (ganak, d4, sharpSAT): none is packaged by Debian, so CI has none")
	}
	for _, tc := range []struct {
		puzzle, want string
	}{
		{strings.Repeat(".", 16), "288"},
		{strings.Repeat(".", 36), "28200960"},
	} {
		cnf := filepath.Join(t.TempDir(), "grid.cnf")
		if _, stderr, code := runCLI(t, tc.puzzle+"\n", "encode", "--projection", "--encoding", "minimal", "-o", cnf); code != 0 {
			t.Fatalf("encode: exit %d: %s", code, stderr)
		}
		out, err := exec.Command(counter, append(args, cnf)...).Output()
		if len(out) == 0 {
			t.Fatalf("%s %s: %v", counter, cnf, err)
		}
		if got := countOf(string(out)); got != tc.want {
			t.Errorf("%s counts %q models of the %d-cell grid, want %s:\n%s", filepath.Base(counter), got, len(tc.puzzle), tc.want, out)
		}
	}
}

// countOf reads a model counter's count: "s mc N" (the model counting
// competition's form), "s N" (d4), "s pmc N", or the line after
// "# solutions" (sharpSAT).
func countOf(out string) string {
	sc := bufio.NewScanner(strings.NewReader(out))
	next := false
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		switch {
		case next && len(f) == 1:
			return f[0]
		case len(f) >= 2 && f[0] == "#" && f[1] == "solutions":
			next = true
		case len(f) >= 2 && f[0] == "s" && f[len(f)-1] != "SATISFIABLE":
			return f[len(f)-1]
		}
	}
	return ""
}

// TestCountOf reads the counts of the counters' output forms.
func TestCountOf(t *testing.T) {
	for _, tc := range []struct{ out, want string }{
		{"c o ganak\ns SATISFIABLE\nc s type mc\ns mc 288\nc s exact arb int 288\n", "288"},
		{"c [d4] …\ns 28200960\n", "28200960"},
		{"Solving grid.cnf\n# solutions \n288\n# END\n", "288"},
		{"s UNSATISFIABLE\n", "UNSATISFIABLE"},
		{"c nothing\n", ""},
	} {
		if got := countOf(tc.out); got != tc.want {
			t.Errorf("countOf(%q) = %q, want %q", tc.out, got, tc.want)
		}
	}
}
