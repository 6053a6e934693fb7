package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/drat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/satsolve"
)

// Solver scripts that lie in a targeted way, each around a real solver
// whose answer it corrupts only in one case, so that shrinking must keep
// that case. $1 is the CNF; $2 the proof file where there is one.
const (
	// flipR1C1Is5 gives minisat's answer, except that variable 5 (r1c1 is
	// 5, in the direct encodings) is made false when it is true: a wrong
	// model exactly when the grid found has 5 in r1c1.
	flipR1C1Is5 = `#!/bin/sh
minisat -verb=0 "$1" "$1.res" >/dev/null 2>&1
if [ "$(head -1 "$1.res")" != SAT ]; then echo "s UNSATISFIABLE"; exit 20; fi
echo "s SATISFIABLE"
awk 'NR==2{for(i=1;i<=NF;i++) if($i=="5") $i="-5"; print "v " $0}' "$1.res"
exit 10
`
	// unsatPast20 claims UNSAT for any formula of more than 20 clauses,
	// and gives minisat's answer for the others.
	unsatPast20 = `#!/bin/sh
n=$(grep -m1 '^p cnf' "$1" | awk '{print $4}')
if [ "$n" -gt 20 ]; then echo "s UNSATISFIABLE"; exit 20; fi
minisat -verb=0 "$1" "$1.res" >/dev/null 2>&1
if [ "$(head -1 "$1.res")" != SAT ]; then echo "s UNSATISFIABLE"; exit 20; fi
echo "s SATISFIABLE"
awk 'NR==2{print "v " $0}' "$1.res"
exit 10
`
	// crashPast30 is killed by SIGSEGV on any formula of more than 30
	// clauses, and gives minisat's answer for the others.
	crashPast30 = `#!/bin/sh
n=$(grep -m1 '^p cnf' "$1" | awk '{print $4}')
if [ "$n" -gt 30 ]; then kill -SEGV $$; fi
minisat -verb=0 "$1" "$1.res" >/dev/null 2>&1
if [ "$(head -1 "$1.res")" != SAT ]; then echo "s UNSATISFIABLE"; exit 20; fi
echo "s SATISFIABLE"
awk 'NR==2{print "v " $0}' "$1.res"
exit 10
`
	// lemmaDropped gives CaDiCaL's answer and its text DRAT proof with the
	// first lemma removed.
	lemmaDropped = `#!/bin/sh
cadical -q --binary=false "$1" "$2.full" > "$1.ans"
code=$?
awk '!done && !/^d / && $0 != "0" { done = 1; next } { print }' "$2.full" > "$2"
cat "$1.ans"
exit $code
`
)

// liarScript writes a solver script into dir and returns its path,
// skipping the test when the real solver it wraps is not installed.
func liarScript(t *testing.T, dir, name, script, wraps string) string {
	t.Helper()
	if _, err := exec.LookPath(wraps); err != nil {
		t.Skipf("%s is not installed; .ci/run installs it", wraps)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// shrinkTime is --shrink-time for the cases whose shrinking ends by
// itself, at a puzzle and a formula from which nothing more can go: a few
// seconds on a quiet machine, many more on a loaded one. The bound is
// there for a shrinking that would never end, and does not decide what
// the tests see.
const shrinkTime = "2m"

var (
	shrunkLine    = regexp.MustCompile(`(?m)^  shrunk: (\d+) givens? \(from (\d+)\).*: (\S+)$`)
	shrunkCNFLine = regexp.MustCompile(`(?m)^  shrunk CNF: .* on (\d+) of (\d+) clauses \((\d+) formulas tried .*: (\S+)$`)
)

// shrunkCase checks check's report of a shrunk case and returns the
// smallest puzzle's givens, and the shrunk CNF's path, clauses and the
// clauses of the formula it came from ("" and 0 when there is none).
func shrunkCase(t *testing.T, out string) (givens int, cnf string, clauses, from int) {
	givens, cnf, clauses, from, _ = shrunkCaseTried(t, out)
	return givens, cnf, clauses, from
}

// shrunkCaseTried is shrunkCase that also returns how many formulas the
// CNF's shrinking tried.
func shrunkCaseTried(t *testing.T, out string) (givens int, cnf string, clauses, from, tried int) {
	t.Helper()
	m := shrunkLine.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no shrunk puzzle reported:\n%s", out)
	}
	givens, _ = strconv.Atoi(m[1])
	data, err := os.ReadFile(m[3])
	if err != nil {
		t.Fatal(err)
	}
	g, err := sudokusat.Parse(strings.TrimSpace(string(data)))
	if err != nil || g.Givens() != givens {
		t.Fatalf("shrunk puzzle %s: %v, %q, want %d givens", m[3], err, data, givens)
	}
	if c := shrunkCNFLine.FindStringSubmatch(out); c != nil {
		clauses, _ = strconv.Atoi(c[1])
		from, _ = strconv.Atoi(c[2])
		tried, _ = strconv.Atoi(c[3])
		cnf = c[4]
	}
	return givens, cnf, clauses, from, tried
}

// reproduce runs the script check wrote for case 1 in dir and returns
// its output: check on the smallest puzzle, which must exit 1.
func reproduce(t *testing.T, dir string) string {
	t.Helper()
	cmd := exec.Command("sh", filepath.Join(dir, "check-000001-reproduce.sh"))
	cmd.Env = append(os.Environ(), "SUDOKUSAT="+binary)
	out, err := cmd.Output()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
		t.Fatalf("the reproducing script: %v (want exit 1)\n%s", err, out)
	}
	return string(out)
}

// runSolver runs a solver script on a CNF file and reads its answer.
func runSolver(t *testing.T, argv ...string) satsolve.Answer {
	t.Helper()
	out, err := exec.Command(argv[0], argv[1:]...).Output()
	if ee, ok := err.(*exec.ExitError); err != nil && (!ok || ee.ExitCode() != 10 && ee.ExitCode() != 20) {
		t.Fatalf("%v: %v", argv, err)
	}
	a, err := satsolve.ReadAnswer(bytes.NewReader(out), 1<<20)
	if err != nil {
		t.Fatalf("%v: %v\n%s", argv, err, out)
	}
	return a
}

func readShrunkCNF(t *testing.T, path string) *encode.Formula {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := encode.ReadDIMACS(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return f
}

// TestShrinkWrongModel: a solver whose model is wrong only when r1c1 is
// 5 is shrunk to a puzzle of a few givens (r1c1 open: a given 5 there
// would hide the lie, as the decoder fills the givens in), and to a few
// clauses on which its model still falsifies one.
func TestShrinkWrongModel(t *testing.T) {
	dir := t.TempDir()
	liar := liarScript(t, dir, "flip", flipR1C1Is5, "minisat")
	// top95's first puzzle with r1c1 open, its digits relabelled so that
	// its solution has 5 there.
	puzzle := "....14....3....2...7..........5...3.6.1.............8.2.....1.4....9.6.....7.8...\n"
	out, stderr, code := runCLI(t, puzzle, "check", "--engines", "native,"+liar, "--encoding", "extended", "--out-dir", dir, "--shrink-time", shrinkTime)
	if code != 1 || !strings.Contains(out, "FAILED #1") {
		t.Fatalf("exit %d\n%s\n%s", code, out, stderr)
	}
	givens, cnf, clauses, from := shrunkCase(t, out)
	if givens > 3 || cnf == "" || clauses > 10 || from < 10530 {
		t.Fatalf("shrunk to %d givens, %d of %d clauses (%q)\n%s", givens, clauses, from, cnf, out)
	}
	if out := reproduce(t, dir); !strings.Contains(out, "FAILED #1") || !strings.Contains(out, "wrong") {
		t.Errorf("the shrunk puzzle does not reproduce:\n%s", out)
	}
	f := readShrunkCNF(t, cnf)
	if f.NumClauses() != clauses {
		t.Fatalf("%s: %d clauses, reported %d", cnf, f.NumClauses(), clauses)
	}
	a := runSolver(t, liar, cnf)
	if a.Status != satsolve.Satisfiable || f.Falsified(a.Model) < 0 {
		t.Errorf("the liar's answer on the shrunk CNF is right: %v %v", a.Status, a.Model)
	}
	if _, err := os.Stat(filepath.Join(dir, "check-000001-shrunk-extended.cnf")); err != nil {
		t.Error(err)
	}
}

// TestReproduceRelativeSolver: the help's own example, a solver given by
// a path relative to the folder check runs in ("./flip {cnf}") and a
// relative --out-dir, gives a script that reproduces the case from any
// folder. Before, the script cd'd into the output folder, where
// "./flip" is not, and exited 2.
func TestReproduceRelativeSolver(t *testing.T) {
	work := t.TempDir()
	liarScript(t, work, "flip", flipR1C1Is5, "minisat")
	puzzle := "....14....3....2...7..........5...3.6.1.............8.2.....1.4....9.6.....7.8...\n"
	cmd := exec.Command(binary, "check", "--engines", "native,./flip {cnf}", "--encoding", "extended", "--out-dir", "bugs", "--shrink-time", "1s")
	cmd.Dir = work
	cmd.Stdin = strings.NewReader(puzzle)
	out, err := cmd.Output()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 || !strings.Contains(string(out), "FAILED #1") {
		t.Fatalf("check: %v (want exit 1)\n%s", err, out)
	}
	elsewhere := t.TempDir()
	run := exec.Command("sh", filepath.Join(work, "bugs", "check-000001-reproduce.sh"))
	run.Dir = elsewhere
	run.Env = append(os.Environ(), "SUDOKUSAT="+binary)
	got, err := run.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 || !strings.Contains(string(got), "FAILED #1") {
		script, _ := os.ReadFile(filepath.Join(work, "bugs", "check-000001-reproduce.sh"))
		t.Fatalf("the reproducing script, run from another folder: %v (want exit 1)\n%s\n%s", err, got, script)
	}
}

// TestShrinkFalseUNSAT: a solver that claims UNSAT past 20 clauses is
// wrong beside native's solution even on an empty grid, and its formula
// shrinks to 21 clauses, which the model written with them satisfies.
func TestShrinkFalseUNSAT(t *testing.T) {
	dir := t.TempDir()
	liar := liarScript(t, dir, "unsat20", unsatPast20, "minisat")
	puzzle := "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....\n"
	out, stderr, code := runCLI(t, puzzle, "check", "--engines", "native,"+liar, "--out-dir", dir, "--shrink-time", shrinkTime)
	if code != 1 || !strings.Contains(out, "FAILED #1") || !strings.Contains(out, "claimed no solution, but native found") {
		t.Fatalf("exit %d\n%s\n%s", code, out, stderr)
	}
	givens, cnf, clauses, from := shrunkCase(t, out)
	if givens > 3 || cnf == "" || clauses > 30 || from < 1000 {
		t.Fatalf("shrunk to %d givens, %d of %d clauses (%q)\n%s", givens, clauses, from, cnf, out)
	}
	if out := reproduce(t, dir); !strings.Contains(out, "FAILED #1") || !strings.Contains(out, "claimed no solution") {
		t.Errorf("the shrunk puzzle does not reproduce:\n%s", out)
	}
	f := readShrunkCNF(t, cnf)
	if a := runSolver(t, liar, cnf); a.Status != satsolve.Unsatisfiable {
		t.Errorf("the liar answers %v on the shrunk CNF", a.Status)
	}
	// The model in the file's comments refutes the claim.
	data, _ := os.ReadFile(cnf)
	_, rest, ok := strings.Cut(string(data), "c a model: ")
	line, _, _ := strings.Cut(rest, "\n")
	model, err := satsolve.ReadAnswer(strings.NewReader("s SATISFIABLE\n"+line+"\n"), f.Vars)
	if !ok || err != nil || f.Falsified(model.Model) >= 0 {
		t.Errorf("no model that satisfies the shrunk CNF in its comments: %v", err)
	}

	// --shrink without --out-dir prints the smallest puzzle, and writes nothing.
	out, _, _ = runCLI(t, puzzle, "check", "--engines", "native,"+liar, "--shrink", "--shrink-time", shrinkTime)
	if !regexp.MustCompile(`(?m)^  shrunk: \d givens? \(from 17\) .*: [1-9.]{81}$`).MatchString(out) {
		t.Errorf("--shrink alone:\n%s", out)
	}
	// --shrink=false keeps --out-dir's whole CNF only.
	dir2 := t.TempDir()
	out, _, _ = runCLI(t, puzzle, "check", "--engines", "native,"+liar, "--out-dir", dir2, "--shrink=false")
	if files, _ := filepath.Glob(filepath.Join(dir2, "*")); strings.Contains(out, "shrunk") || len(files) != 1 {
		t.Errorf("--shrink=false wrote %v\n%s", files, out)
	}
}

// TestShrinkCrash: a solver that crashes past 30 clauses is shrunk to
// an empty grid and 31 clauses, on which it still crashes.
func TestShrinkCrash(t *testing.T) {
	dir := t.TempDir()
	liar := liarScript(t, dir, "crash30", crashPast30, "minisat")
	puzzle := "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....\n"
	out, stderr, code := runCLI(t, puzzle, "check", "--engines", "native,"+liar, "--out-dir", dir, "--shrink-time", shrinkTime)
	if code != 1 || !strings.Contains(out, "FAILED #1") || !strings.Contains(out, "killed by signal") {
		t.Fatalf("exit %d\n%s\n%s", code, out, stderr)
	}
	givens, cnf, clauses, _ := shrunkCase(t, out)
	if givens != 0 || clauses != 31 {
		t.Fatalf("shrunk to %d givens, %d clauses\n%s", givens, clauses, out)
	}
	reproduce(t, dir)
	err := exec.Command(liar, cnf).Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != -1 {
		t.Errorf("the liar on the shrunk CNF: %v, want a signal", err)
	}
}

// badProofTries is how many formulas the shrinking of TestShrinkBadProof's
// CNF may try before one with fewer clauses keeps the refused proof: the
// first did after 40 to 60 (November 2026), the same on every machine.
const badProofTries = 200

// TestShrinkBadProof: a solver whose proofs lack a lemma, under
// --certify, is shrunk to fewer clauses on which drat still refuses its
// proof. The puzzle cannot shrink much: without its UNSAT run (no second
// solution) there is no proof to refuse. The CNF's shrinking ends only
// with its time (thousands of formulas for a 1-minimal one), so the test
// counts formulas, not seconds: the time is doubled, from 3 s, until the
// CNF has shrunk or badProofTries formulas were tried without it.
func TestShrinkBadProof(t *testing.T) {
	var dir, out, cnf, liar string
	for budget := 3 * time.Second; ; budget *= 2 {
		dir = t.TempDir()
		liar = liarScript(t, dir, "badproof", lemmaDropped, "cadical")
		puzzle := "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....\n"
		var stderr string
		var code int
		out, stderr, code = runCLI(t, puzzle, "check", "--limit", "2", "--engines", "native,"+liar+" {cnf} {proof}", "--certify",
			"--out-dir", dir, "--shrink-time", budget.String())
		if code != 1 || !strings.Contains(out, "UNSAT proof refused") {
			t.Fatalf("exit %d\n%s\n%s", code, out, stderr)
		}
		var clauses, from, tried int
		_, cnf, clauses, from, tried = shrunkCaseTried(t, out)
		if cnf != "" && clauses < from {
			break
		}
		// No CNF at all when the time ran out before its first formula.
		outOfTime := cnf == "" && strings.Contains(out, "CNF not shrunk: ") && strings.Contains(out, "context deadline exceeded")
		if cnf == "" && !outOfTime || tried >= badProofTries || budget > time.Minute {
			t.Fatalf("CNF not shrunk: %d of %d clauses after %d formulas tried\n%s", clauses, from, tried, out)
		}
		t.Logf("--shrink-time %v: %d formulas tried, none shrank the CNF; again with twice the time", budget, tried)
	}
	reproduce(t, dir)
	proof := filepath.Join(dir, "proof")
	if a := runSolver(t, liar, cnf, proof); a.Status != satsolve.Unsatisfiable {
		t.Fatalf("the liar answers %v on the shrunk CNF", a.Status)
	}
	c, _ := os.Open(cnf)
	defer c.Close()
	p, _ := os.Open(proof)
	defer p.Close()
	if _, err := drat.Check(context.Background(), c, p); err == nil {
		t.Errorf("drat accepts the liar's proof for the shrunk CNF")
	}
}
