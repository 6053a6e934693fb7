package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/bench"
	"github.com/sudokusat/sudokusat/native"
)

// binary is the sudokusat command built once for these tests.
var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "sudokusat-cli-")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "sudokusat")
	if out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput(); err != nil {
		os.Stderr.Write(out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// runCLI runs the binary with stdin and returns stdout, stderr and the
// exit status.
func runCLI(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), errb.String(), code
}

const testdata = "../../testdata/"

// puzzleLines reads the puzzles of a testdata file of one-line puzzles.
func puzzleLines(t *testing.T, name string) []*sudokusat.Grid {
	t.Helper()
	b, err := os.ReadFile(testdata + name)
	if err != nil {
		t.Fatal(err)
	}
	r := sudokusat.NewReader(bytes.NewReader(b))
	var gs []*sudokusat.Grid
	for {
		p, err := r.Read()
		if err != nil {
			break
		}
		gs = append(gs, p.Grid)
	}
	return gs
}

// TestSolveFile solves sample files with each engine and checks every line
// of output against its puzzle with the validator.
func TestSolveFile(t *testing.T) {
	engines := []string{"sat", "native"}
	for _, e := range []string{"cadical", "minisat"} {
		if _, err := exec.LookPath(e); err == nil {
			engines = append(engines, e)
		} else {
			t.Logf("%s not installed: not tested here (.ci/run installs it)", e)
		}
	}
	for _, file := range []string{"top95-sample.txt", "magictour-sample.txt"} {
		puzzles := puzzleLines(t, file)
		for _, engine := range engines {
			out, stderr, code := runCLI(t, "", "solve", "--engine", engine, testdata+file)
			if code != 0 {
				t.Fatalf("%s %s: exit %d: %s", engine, file, code, stderr)
			}
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if len(lines) != len(puzzles) {
				t.Fatalf("%s %s: %d lines for %d puzzles", engine, file, len(lines), len(puzzles))
			}
			for i, line := range lines {
				sol, err := sudokusat.Parse(line)
				if err == nil {
					err = sudokusat.CheckSolution(puzzles[i], sol)
				}
				if err != nil {
					t.Errorf("%s %s #%d: %q: %v", engine, file, i+1, line, err)
				}
			}
			if !strings.Contains(stderr, "solved") {
				t.Errorf("%s: no summary on stderr: %q", engine, stderr)
			}
		}
	}
}

// TestSolveBadInput feeds a batch mixing good and bad puzzles through stdin:
// one record each, in order, with the right status and the line named.
func TestSolveBadInput(t *testing.T) {
	const good = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	input := strings.Join([]string{
		"# a comment",
		good,                      // line 2: solved
		good[:80],                 // line 3: wrong length
		"4....." + "Z" + good[7:], // line 4: not a digit
		"44" + good[2:],           // line 5: two 4s in row 1
		"",
		"1234" + strings.Repeat(".", 12),  // line 7: a 4×4, solved
		"12.." + "...3" + "...." + "....", // line 8: row 1 needs a 3 that its box already has elsewhere
		strings.Repeat(".", 81),           // line 9: empty grid, solved
		"\x00\x01garbage\xff",             // line 10: binary garbage
		good + "\r",                       // line 11: CRLF
	}, "\n") + "\n"
	out, _, code := runCLI(t, input, "solve", "--format", "json")
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	var recs []jsonRecord
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var r jsonRecord
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		recs = append(recs, r)
	}
	want := []struct {
		line   int
		status string
		msg    string
	}{
		{2, "solved", ""},
		{3, "invalid", "80 cells"},
		{4, "invalid", `'Z' means 35, larger than 9`},
		{5, "invalid", "4 appears twice in row 1"},
		{7, "solved", ""},
		{8, "unsolvable", "no solution"},
		{9, "solved", ""},
		{10, "invalid", "is not a digit or a blank"},
		{11, "solved", ""},
	}
	if len(recs) != len(want) {
		t.Fatalf("%d records, want %d:\n%s", len(recs), len(want), out)
	}
	for i, w := range want {
		r := recs[i]
		if r.Index != i+1 || r.Line != w.line || r.Status != w.status || !strings.Contains(r.Error, w.msg) {
			t.Errorf("record %d = %+v, want line %d status %s error mentioning %q", i+1, r, w.line, w.status, w.msg)
		}
		if w.status != "solved" && !strings.Contains(r.Error, fmt.Sprintf("line %d:", w.line)) {
			t.Errorf("record %d: error %q does not name line %d", i+1, r.Error, w.line)
		}
		if w.status == "solved" && r.Solution == "" {
			t.Errorf("record %d: no solution", i+1)
		}
	}
}

func TestEmptyAndHugeInput(t *testing.T) {
	// An input without a puzzle has no record to answer: a usage error
	// on standard error, exit 2, as for a directory, whatever the command.
	dir := t.TempDir()
	empty, comments := filepath.Join(dir, "empty.txt"), filepath.Join(dir, "comments.txt")
	os.WriteFile(empty, nil, 0o644)
	os.WriteFile(comments, []byte("# a comment\n\n"), 0o644)
	for _, tt := range []struct {
		stdin string
		args  []string
		want  string
	}{
		{"", []string{"solve"}, "no puzzle in standard input"},
		{"\n# nothing\n", []string{"count"}, "no puzzle in standard input"},
		{"", []string{"solve", empty}, "no puzzle in " + empty},
		{"", []string{"grade", comments}, "no puzzle in " + comments},
		{"", []string{"check", testdata + "large-4.txt", empty}, "no puzzle in " + empty},
		{"", []string{"transform", "-"}, "no puzzle in standard input"},
		{"", []string{"encode", empty}, "no puzzle in " + empty},
		{"", []string{"render"}, "no puzzle in standard input"},
		{"", []string{"bench", empty}, "no puzzle in " + empty},
	} {
		out, errOut, code := runCLI(t, tt.stdin, tt.args...)
		if code != exitUsage || out != "" || strings.TrimSpace(errOut) != "sudokusat: "+tt.want {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2, nothing on stdout, %q", tt.args, code, out, errOut, tt.want)
		}
	}
	// A stream is known to be empty only at its end: the other inputs
	// get their records, and the run still ends with exit 2.
	out, errOut, code := runCLI(t, "", "solve", "--engine", "native", testdata+"large-4.txt", "-")
	if code != exitUsage || out != "3241143223144123\n" || !strings.Contains(errOut, "no puzzle in standard input") {
		t.Errorf("a file, then empty standard input: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	huge := strings.Repeat("1", 10<<20) + "\n" + strings.Repeat(".", 81) + "\n"
	out, _, code = runCLI(t, huge, "solve")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 1 || len(lines) != 2 || !strings.Contains(lines[0], "line 1: ") || !strings.Contains(lines[0], "longer than") {
		t.Errorf("10 MB line: exit %d, output %q", code, out)
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"solve", "--bogus"},
		{"solve", "--engine", "sat", "--encoding", "nope"},
		{"solve", "--format", "xml"},
		{"solve", "no-such-file.txt"},
		{"nonsense-command"},
		{"decode"},
		{"encode", "--out-dir", "x", "-o", "y"},
	} {
		_, stderr, code := runCLI(t, "", args...)
		if code != 2 || stderr == "" {
			t.Errorf("%v: exit %d, stderr %q; want 2 and a message", args, code, stderr)
		}
	}
	for _, cmd := range []string{"solve", "encode", "decode"} {
		out, _, code := runCLI(t, "", cmd, "--help")
		if code != 0 || !strings.Contains(out, "USAGE") {
			t.Errorf("%s --help: exit %d", cmd, code)
		}
	}
}

// TestEncodeDecode writes DIMACS, runs each Debian solver on it, and
// decodes its answer: the grids must be the puzzle's solution.
func TestEncodeDecode(t *testing.T) {
	dir := t.TempDir()
	puzzles := puzzleLines(t, "top95-sample.txt")[:4]
	_, stderr, code := runCLI(t, "", "encode", "--encoding", "extended", "--out-dir", dir, testdata+"top95-sample.txt")
	if code != 0 {
		t.Fatalf("encode: exit %d: %s", code, stderr)
	}
	solvers := []struct {
		name string
		args func(cnf, out string) []string
		file bool // the answer is in a result file
	}{
		{"cadical", func(cnf, _ string) []string { return []string{"-q", cnf} }, false},
		{"minisat", func(cnf, out string) []string { return []string{"-verb=0", cnf, out} }, true},
		{"picosat", func(cnf, _ string) []string { return []string{cnf} }, false},
		{"cryptominisat5", func(cnf, _ string) []string { return []string{"--verb", "0", cnf} }, false},
	}
	for _, s := range solvers {
		t.Run(s.name, func(t *testing.T) {
			if _, err := exec.LookPath(s.name); err != nil {
				t.Skipf("%s is not installed; .ci/run installs it", s.name)
			}
			for i, p := range puzzles {
				cnf := filepath.Join(dir, fmt.Sprintf("puzzle-%04d.cnf", i+1))
				answer := filepath.Join(dir, s.name+".out")
				cmd := exec.Command(s.name, s.args(cnf, answer)...)
				stdout, _ := cmd.Output() // exit 10 is success here
				if !s.file {
					os.WriteFile(answer, stdout, 0o644)
				}
				out, stderr, code := runCLI(t, "", "decode", "--cnf", cnf, answer)
				if code != 0 {
					t.Fatalf("#%d: decode exit %d: %s", i+1, code, stderr)
				}
				sol, err := sudokusat.Parse(out)
				if err == nil {
					err = sudokusat.CheckSolution(p, sol)
				}
				if err != nil {
					t.Errorf("#%d: %v", i+1, err)
				}
			}
		})
	}
}

func TestDecodeBadInput(t *testing.T) {
	dir := t.TempDir()
	cnf := filepath.Join(dir, "p.cnf")
	const p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	if _, _, code := runCLI(t, p, "encode", "-o", cnf); code != 0 {
		t.Fatal("encode failed")
	}
	foreign := filepath.Join(dir, "foreign.cnf")
	os.WriteFile(foreign, []byte("p cnf 1 1\n1 0\n"), 0o644)
	// A directory is an input that cannot be opened, exit 2 as for a
	// missing file; before, decode read it and failed with exit 1.
	tests := []struct {
		name, cnf, model, want string
		code                   int
		args                   []string // the answer and more; default "-"
	}{
		{"garbage model", cnf, "hello\n", "unexpected line", 1, nil},
		{"no verdict", cnf, "", "no verdict", 1, nil},
		{"wrong model", cnf, "s SATISFIABLE\nv 1 2 3 0\n", "", 1, nil},
		{"unsat", cnf, "s UNSATISFIABLE\n", "unsolvable", 1, nil},
		{"foreign cnf", foreign, "s SATISFIABLE\nv 1 0\n", "no sudokusat variable map", 1, nil},
		{"a directory as the CNF", dir, "s UNSATISFIABLE\n", "open " + dir + ": is a directory", 2, nil},
		{"a directory as the answer", cnf, "", "open " + dir + ": is a directory", 2, []string{dir}},
		{"a directory as the proof", cnf, "s UNSATISFIABLE\n", "open " + dir + ": is a directory", 2, []string{"--certify", "--proof", dir, "-"}},
	}
	for _, tt := range tests {
		args := tt.args
		if args == nil {
			args = []string{"-"}
		}
		out, stderr, code := runCLI(t, tt.model, append([]string{"decode", "--cnf", tt.cnf}, args...)...)
		if code != tt.code || !strings.Contains(out+stderr, tt.want) {
			t.Errorf("%s: exit %d, output %q %q; want %d mentioning %q", tt.name, code, out, stderr, tt.code, tt.want)
		}
	}
}

// TestLargeGrid solves the 16×16 and 25×25 samples, written as numbers, and
// checks the grid format keeps the numbers layout.
func TestLargeGrid(t *testing.T) {
	for _, f := range []string{"large-16.txt", "large-25.txt"} {
		out, stderr, code := runCLI(t, "", "solve", "--format", "grid", testdata+f)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", f, code, stderr)
		}
		sol, err := sudokusat.Parse(out)
		if err == nil {
			err = sudokusat.CheckSolution(puzzleLines(t, f)[0], sol)
		}
		if err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}

// derivedUnsolvable writes puzzles made unsolvable from sample ones: a
// blank filled with a digit that clashes with nothing but is not the
// solution's. (Givens that clash are invalid, not unsolvable: no engine
// sees them; TestCheckClashIsInvalid.)
func derivedUnsolvable(t *testing.T) string {
	t.Helper()
	var lines []string
	for _, g := range puzzleLines(t, "17clue-sample.txt")[:20] {
		r, err := native.Count(context.Background(), g, 1)
		if err != nil || r.Count == 0 {
			t.Fatalf("native: %d solutions, %v", r.Count, err)
		}
		sol := r.Solution
		for i := 0; i < 81; i++ {
			if g.Cell(i) != 0 {
				continue
			}
			done := false
			for d := 1; d <= 9 && !done; d++ {
				bad := g.Clone()
				bad.SetCell(i, d)
				if d != sol.Cell(i) && bad.Validate() == nil {
					lines = append(lines, bad.String())
					done = true
				}
			}
			if done {
				break
			}
		}
	}
	path := filepath.Join(t.TempDir(), "unsolvable.txt")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if len(lines) < 15 {
		t.Fatalf("only %d unsolvable puzzles derived", len(lines))
	}
	return path
}

var crossFiles = []string{"easy-sample.txt", "top95-sample.txt", "magictour-sample.txt", "17clue-sample.txt", "serg-sample.txt", "large-16.txt", "large-25.txt"}

// TestCheckAgrees cross-checks native and gophersat under every encoding
// on samples of every shared 9×9 set, derived unsolvable puzzles and the
// 16×16 and 25×25 grids.
func TestCheckAgrees(t *testing.T) {
	args := []string{"check", "--limit", "2", "--engines", "native,sat", "--encoding", "reduced,extended", "--out-dir", t.TempDir()}
	for _, f := range crossFiles {
		args = append(args, testdata+f)
	}
	args = append(args, derivedUnsolvable(t))
	out, stderr, code := runCLI(t, "", args...)
	if code != 0 || !strings.Contains(out, " 0 disagreements, 0 with wrong answers or errors") {
		t.Fatalf("exit %d\n%s\n%s", code, out, stderr)
	}
	// Every sample puzzle, one line per engine in the table.
	for _, e := range []string{"native", "sat/reduced", "sat/extended"} {
		if !strings.Contains(out, e) {
			t.Errorf("summary lacks %s:\n%s", e, out)
		}
	}
	if !strings.Contains(out, "unsolvable") || !regexpMatch(t, `native\s+\d+\s+\d+\s+[1-9]\d*\s+[1-9]\d*\s+0\s+0`, out) {
		t.Errorf("native row should show unsolvable and multiple puzzles and no wrong answers:\n%s", out)
	}
}

func regexpMatch(t *testing.T, pattern, s string) bool {
	t.Helper()
	return regexp.MustCompile(pattern).MatchString(s)
}

// TestCheckClashIsInvalid checks that check reports clashing givens as
// invalid, in its records, its summary and its exit status, as solve does.
func TestCheckClashIsInvalid(t *testing.T) {
	clash := "11" + strings.Repeat(".", 79)
	out, _, code := runCLI(t, clash+"\n"+inkala+"\n", "check", "--engines", "native,sat", "-")
	if code != exitUnsolved {
		t.Errorf("exit %d, want %d", code, exitUnsolved)
	}
	if !strings.Contains(out, "invalid: line 1: conflicting givens") || !strings.Contains(out, ", 1 invalid,") {
		t.Errorf("the clash is not reported invalid:\n%s", out)
	}
	if !regexpMatch(t, `native\s+1\s+1\s+0\s+0\s+0\s+0`, out) {
		t.Errorf("the engines should have seen only the valid puzzle:\n%s", out)
	}
}

// TestCheckExternal adds each Debian solver to the cross-check.
func TestCheckExternal(t *testing.T) {
	unsolvable := derivedUnsolvable(t)
	for _, solver := range []string{"cadical", "minisat", "picosat", "cryptominisat5"} {
		t.Run(solver, func(t *testing.T) {
			if _, err := exec.LookPath(solver); err != nil {
				t.Skipf("%s is not installed; .ci/run installs it", solver)
			}
			args := []string{"check", "--engines", "native,sat," + solver, "--out-dir", t.TempDir(), unsolvable}
			for _, f := range crossFiles {
				args = append(args, testdata+f)
			}
			out, stderr, code := runCLI(t, "", args...)
			if code != 0 || !strings.Contains(out, " 0 disagreements, 0 with wrong answers or errors") {
				t.Fatalf("exit %d\n%s\n%s", code, out, stderr)
			}
		})
	}
}

// TestCheckCatchesBadSolvers runs check with a solver that prints a model
// that is not a solution (caught as wrong) and one that always claims
// UNSAT (caught as wrong too, refuted by native's solution, with a CNF to
// reproduce it).
func TestCheckCatchesBadSolvers(t *testing.T) {
	dir := t.TempDir()
	liar := filepath.Join(dir, "liar")
	os.WriteFile(liar, []byte("#!/bin/sh\necho 's SATISFIABLE'\necho 'v 1 2 3 4 5 6 7 8 9 10 0'\nexit 10\n"), 0o755)
	unsat := filepath.Join(dir, "unsat")
	os.WriteFile(unsat, []byte("#!/bin/sh\necho 's UNSATISFIABLE'\nexit 20\n"), 0o755)
	puzzle := "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"

	out, _, code := runCLI(t, puzzle, "check", "--engines", "native,"+liar, "--out-dir", dir)
	if code != 1 || !strings.Contains(out, "FAILED #1 (line 1)") || !strings.Contains(out, "wrong: ") {
		t.Errorf("lying solver: exit %d\n%s", code, out)
	}
	out, _, code = runCLI(t, puzzle, "check", "--engines", "native,"+unsat, "--out-dir", dir)
	if code != 1 || !strings.Contains(out, "FAILED #1 (line 1)") || !strings.Contains(out, "claimed no solution, but native found") {
		t.Errorf("unsat solver: exit %d\n%s", code, out)
	}
	cnf := filepath.Join(dir, "check-000001-reduced.cnf")
	if _, err := os.Stat(cnf); err != nil {
		t.Fatalf("no reproducing CNF: %v", err)
	}
	// The CNF written reproduces the case: a real solver and decode give
	// the puzzle's solution from it.
	if _, err := exec.LookPath("cadical"); err == nil {
		ans, _ := exec.Command("cadical", "-q", cnf).Output()
		out, stderr, code := runCLI(t, string(ans), "decode", "--cnf", cnf)
		if code != 0 || len(strings.TrimSpace(out)) != 81 {
			t.Errorf("decode of the reproducing CNF: exit %d %q %s", code, out, stderr)
		}
	}
}

func TestCount(t *testing.T) {
	for _, engine := range []string{"sat", "native"} {
		for _, c := range []struct {
			file, want string
		}{{"serg-sample.txt", "≥2"}, {"top95-sample.txt", "1"}} {
			out, stderr, code := runCLI(t, "", "count", "--engine", engine, testdata+c.file)
			if code != 0 {
				t.Fatalf("%s %s: exit %d: %s", engine, c.file, code, stderr)
			}
			for i, line := range strings.Split(strings.TrimSpace(out), "\n") {
				if line != c.want {
					t.Errorf("%s %s #%d: %q, want %q", engine, c.file, i+1, line, c.want)
				}
			}
		}
		out, _, code := runCLI(t, "", "count", "--engine", engine, "--limit", "300", testdata+"large-4.txt")
		if code != 0 || strings.TrimSpace(out) != "1" {
			t.Errorf("%s: 4×4 count %q exit %d", engine, out, code)
		}
		empty := strings.Repeat(".", 16) + "\n"
		out, _, _ = runCLI(t, empty, "count", "--engine", engine, "--limit", "1000")
		if strings.TrimSpace(out) != "288" {
			t.Errorf("%s: empty 4×4 count %q, want 288", engine, out)
		}
		out, _, _ = runCLI(t, "", "count", "--engine", engine, derivedUnsolvable(t))
		for i, line := range strings.Split(strings.TrimSpace(out), "\n") {
			if line != "0" && !strings.HasPrefix(line, "invalid: ") {
				t.Errorf("%s: unsolvable #%d counted %q", engine, i+1, line)
			}
		}
	}
}

// TestWorkersKeepOrder checks that many workers give the same output, in
// the same order, as one; for gophersat, also with a per-puzzle timeout,
// where each search has a worker process to itself instead of queueing.
func TestWorkersKeepOrder(t *testing.T) {
	for _, engine := range []string{"sat", "native"} {
		one, _, code1 := runCLI(t, "", "solve", "--engine", engine, "--workers", "1", "--format", "json", testdata+"17clue-sample.txt", testdata+"serg-sample.txt")
		many, _, code4 := runCLI(t, "", "solve", "--engine", engine, "--workers", "4", "--format", "json", testdata+"17clue-sample.txt", testdata+"serg-sample.txt")
		timed, _, codeT := runCLI(t, "", "solve", "--engine", engine, "--workers", "2", "--timeout", "1m", "--format", "json", testdata+"17clue-sample.txt", testdata+"serg-sample.txt")
		strip := regexp.MustCompile(`"us":[0-9.e+-]+`)
		if code1 != 0 || code4 != 0 || strip.ReplaceAllString(one, "") != strip.ReplaceAllString(many, "") {
			t.Errorf("%s: --workers 4 differs from --workers 1 (exit %d, %d)", engine, code1, code4)
		}
		if codeT != 0 || strip.ReplaceAllString(one, "") != strip.ReplaceAllString(timed, "") {
			t.Errorf("%s: --timeout 1m differs from no timeout (exit %d)", engine, codeT)
		}
		if n := strings.Count(one, "\n"); n != 71 {
			t.Errorf("%s: %d records, want 71", engine, n)
		}
	}
}

func TestBench(t *testing.T) {
	csvPath := filepath.Join(t.TempDir(), "bench.csv")
	out, stderr, code := runCLI(t, "", "bench", "--engines", "native,sat", "--encoding", "reduced,extended", "--csv", csvPath, testdata+"top95-sample.txt")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 5 || !strings.HasPrefix(lines[0], "| engine | file | puzzles | puzzles/s") {
		t.Fatalf("table:\n%s", out)
	}
	for _, l := range lines[2:] {
		cells := strings.Split(strings.Trim(l, "| "), " | ")
		if len(cells) != 12 || cells[2] != "20" || cells[11] != "0" {
			t.Errorf("row %q", l)
		}
		if mean, err := strconv.ParseFloat(cells[4], 64); err != nil || mean <= 0 {
			t.Errorf("row %q: mean %q", l, cells[4])
		}
		if check, err := strconv.ParseFloat(cells[7], 64); err != nil || check < 0 {
			t.Errorf("row %q: check µs %q", l, cells[7])
		}
	}
	b, err := os.ReadFile(csvPath)
	if err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
	if err != nil || len(recs) != 4 {
		t.Errorf("CSV: %d records, %v", len(recs), err)
	}
}

// TestLineKeepsNotation checks that solve's line format answers each
// puzzle in its own notation on as few lines as it allows: a line or a
// drawn grid as one line of symbols, rows of numbers as rows of numbers
// (a 16×16 once came back as 256 letters on one line).
func TestLineKeepsNotation(t *testing.T) {
	tests := []struct {
		name, input string
		lines       int              // lines of the one record
		fields      int              // whitespace-separated fields on its first line
		layout      sudokusat.Layout // the answer's, as the reader reads it back
	}{
		{"one line", inkala + "\n", 1, 1, sudokusat.LayoutLine},
		{"drawn grid", "+--+--+\n|.2|.1|\n|..|..|\n+--+--+\n|..|..|\n|4.|2.|\n+--+--+\n", 1, 1, sudokusat.LayoutLine},
		{"rows of symbols", "0 2 0 1\n0 0 0 0\n0 0 0 0\n4 0 2 0\n", 1, 1, sudokusat.LayoutLine},
		{"rows of numbers", mustRead(t, testdata+"large-16.txt"), 16, 16, sudokusat.LayoutNumbers},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, tt.input, "solve", "--engine", "native")
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if code != 0 || len(lines) != tt.lines || len(strings.Fields(lines[0])) != tt.fields {
				t.Fatalf("exit %d (%s), %d lines, want %d of %d fields:\n%s", code, errOut, len(lines), tt.lines, tt.fields, out)
			}
			p, err := sudokusat.NewReader(strings.NewReader(tt.input)).Read()
			if err != nil {
				t.Fatal(err)
			}
			sol, err := sudokusat.NewReader(strings.NewReader(out)).Read()
			if err == nil {
				err = sudokusat.CheckSolution(p.Grid, sol.Grid)
			}
			if err != nil || sol.Layout != tt.layout {
				t.Errorf("the answer does not read back as the puzzle's solution in layout %v (%v):\n%s", tt.layout, err, out)
			}
		})
	}
}

// mustRead returns a file's text.
func mustRead(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestSummaryPlurals checks the summaries' nouns against their counts:
// "1 engine", "1 disagreement", "1 error" (they once all took an s);
// TestCheckVerdicts has "1 disagreement".
func TestSummaryPlurals(t *testing.T) {
	unsat := filepath.Join(t.TempDir(), "unsat")
	os.WriteFile(unsat, []byte("#!/bin/sh\necho 's UNSATISFIABLE'\nexit 20\n"), 0o755)
	tests := []struct {
		args []string
		want string // on standard error
	}{
		{[]string{"solve", "--engine", "false"}, " 0 timed out, 1 error in "},
		{[]string{"solve", "--engine", "native"}, " 0 timed out, 0 errors in "},
		{[]string{"check", "--engines", "native"}, "check: 1 puzzle, 1 engine, 0 disagreements, "},
		{[]string{"check", "--engines", "native," + unsat}, "check: 1 puzzle, 2 engines, 0 disagreements, 1 with wrong answers or errors, "},
	}
	for _, tt := range tests {
		_, errOut, _ := runCLI(t, inputPuzzle+"\n", tt.args...)
		if !strings.Contains(errOut, tt.want) {
			t.Errorf("%v: stderr %q, want %q in it", tt.args, errOut, tt.want)
		}
	}
}

// TestBenchFigures checks that bench writes "-" for a search figure an
// engine does not measure, never 0.0, which reads as a measurement: an
// external solver once showed 0.0 decisions and conflicts.
func TestBenchFigures(t *testing.T) {
	tests := []struct {
		engine   string
		measured [3]bool // decisions, conflicts, guesses
	}{
		{"native", [3]bool{false, false, true}},
		{"dlx", [3]bool{false, false, true}},
		{"search", [3]bool{false, false, true}},
		{"sat", [3]bool{true, true, false}},
		{"cadical", [3]bool{false, false, false}},
	}
	for _, tt := range tests {
		t.Run(tt.engine, func(t *testing.T) {
			if _, err := exec.LookPath(tt.engine); tt.engine == "cadical" && err != nil {
				t.Skip("cadical is not installed; .ci/run installs it")
			}
			out, errOut, code := runCLI(t, "", "bench", "--engines", tt.engine, "--max", "3", testdata+"top95-sample.txt")
			lines := strings.Split(strings.TrimSpace(out), "\n")
			if code != 0 || len(lines) != 3 {
				t.Fatalf("exit %d (%s):\n%s", code, errOut, out)
			}
			cells := strings.Split(strings.Trim(lines[2], "| "), " | ")
			for i, measured := range tt.measured {
				cell := cells[8+i]
				if _, err := strconv.ParseFloat(cell, 64); measured != (err == nil) || !measured && cell != "-" {
					t.Errorf("%s: %s %q, measured: %v", tt.engine, bench.Header[8+i], cell, measured)
				}
			}
		})
	}
}

// TestVariantEncodeExternalDecode: a variant puzzle with givens, encoded
// (its formula simplified by what propagation settles, each settled
// variable a unit clause), solved by CaDiCaL as a process and decoded
// from the CNF alone, gives the puzzle's one solution: 9×9 puzzles
// and smaller ones, on irregular grids (a 7×7 one, whose boxes are its
// rows in the header, and a 5×5 with cells in no region).
func TestVariantEncodeExternalDecode(t *testing.T) {
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Skip("cadical is not installed; .ci/run installs it")
	}
	for _, name := range []string{"thermo-9", "miracle-9", "jigsaw-4", "jigsaw-7", "no-region-5", "xv-neg-6", "killer-4", "arrow-9"} {
		t.Run(name, func(t *testing.T) {
			want, err := os.ReadFile(testdata + "variants/" + name + ".solution")
			if err != nil {
				t.Fatal(err)
			}
			cnf := filepath.Join(t.TempDir(), name+".cnf")
			if _, stderr, code := runCLI(t, "", "encode", "-o", cnf, testdata+"variants/"+name+".json"); code != 0 {
				t.Fatalf("encode: exit %d: %s", code, stderr)
			}
			ans, _ := exec.Command("cadical", "-q", cnf).Output()
			out, stderr, code := runCLI(t, string(ans), "decode", "--cnf", cnf)
			if code != 0 || strings.TrimSpace(out) != strings.TrimSpace(string(want)) {
				t.Errorf("decode: exit %d %q, want %q; %s", code, out, want, stderr)
			}
		})
	}
}
