package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/internal/varianttest"
)

// One puzzle, one path: classic and f-puzzles inputs go through the same
// reader, engines and batch. Each test here failed on the two-wing code
// (issue 24's defects 1 to 6).

// runWithin runs the binary with extra files as descriptors 3, 4, … and
// fails if it has not ended within limit.
func runWithin(t *testing.T, limit time.Duration, extra []*os.File, args ...string) (string, string, int) {
	t.Helper()
	return runWithinInput(t, limit, extra, "", args...)
}

// runWithinInput is runWithin with stdin as standard input.
func runWithinInput(t *testing.T, limit time.Duration, extra []*os.File, stdin string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.ExtraFiles = extra
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for _, f := range extra {
		f.Close() // the child has its copy
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(limit):
		cmd.Process.Kill()
		<-done
		t.Fatalf("%q still running after %v: stdout %q, stderr %q", args, limit, out.String(), errb.String())
	}
	return out.String(), errb.String(), cmd.ProcessState.ExitCode()
}

// links returns the text of testdata/variants/links.txt.
func linksText(t *testing.T) string {
	b, err := os.ReadFile(filepath.Join(varianttest.Dir(t), "links.txt"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestJSONForRules: --format json, which every --help offers, works for
// puzzles with rules; count's records carry two solutions and where they
// differ when there are several. The two-wing code refused it.
func TestJSONForRules(t *testing.T) {
	out, errOut, code := runCLI(t, "", "solve", "--format", "json", miracleFile(t, true))
	var rec jsonRecord
	if err := json.Unmarshal([]byte(out), &rec); err != nil || code != 0 || rec.Status != "solved" || rec.Solution != miracleSolution || rec.Line != 1 {
		t.Errorf("solve --format json: exit %d, %q (%v), %q", code, out, err, errOut)
	}
	out, errOut, code = runCLI(t, "", "count", "--format", "json", miracleFile(t, false))
	var cnt struct {
		Status    string
		Count     int
		AtLeast   bool `json:"at_least"`
		Solutions []string
		Differ    []string
	}
	if err := json.Unmarshal([]byte(out), &cnt); err != nil || code != 0 || cnt.Status != "counted" || cnt.Count != 2 || !cnt.AtLeast ||
		len(cnt.Solutions) != 2 || len(cnt.Differ) == 0 {
		t.Errorf("count --format json: exit %d, %q (%v), %q", code, out, err, errOut)
	}
}

// TestRulesBatch: a batch of puzzles with rules is the classic batch:
// each record in its place (a bad line's naming it, on standard input
// "line N" as for classic grids), a summary with every status, check's
// invalid records as "invalid: PLACE: reason".
func TestRulesBatch(t *testing.T) {
	links := varianttest.Links(t)
	input := links[0] + "\nhttps://www.f-puzzles.com/?load=N4Ig!!\n" + links[1] + "\n"
	out, errOut, code := runCLI(t, input, "solve", "--workers", "2")
	recs := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 1 || len(recs) != 3 || !strings.HasPrefix(recs[1], "invalid: line 2: ") || strings.Contains(recs[0]+recs[2], ":") {
		t.Errorf("solve: exit %d, %q", code, out)
	}
	if !strings.Contains(errOut, "3 puzzles: 2 solved, 0 unsolvable, 1 invalid, 0 timed out, 0 errors") {
		t.Errorf("solve's summary: %q", errOut)
	}
	out, errOut, code = runCLI(t, input, "check")
	if code != 1 || !strings.HasPrefix(out, "invalid: line 2: ") || !strings.Contains(out, "check: 3 puzzles, 2 engines, 0 disagreements, 0 with wrong answers or errors, 0 timed out, 1 invalid") {
		t.Errorf("check: exit %d, %q, %q", code, out, errOut)
	}
	// An f-puzzles file without rules is a classic puzzle: every engine
	// takes it, the search too.
	classic := fpuzzlesFile(t, "classic.json", map[[2]int]int{{0, 0}: 1}, nil)
	out, errOut, code = runCLI(t, "", "check", "--engines", "search,sat,native", "--limit", "1", classic)
	if code != 0 || !strings.Contains(out, "check: 1 puzzle, 3 engines, 0 disagreements, 0 with wrong answers or errors, 0 timed out, 0 invalid") {
		t.Errorf("check --engines search,sat,native on a classic f-puzzles file: exit %d, %q, %q", code, out, errOut)
	}
}

// TestCommandsTakeFPuzzles: grade, transform and bench read f-puzzles
// files as every command does; a puzzle with rules, which grade and
// transform do not apply to, is a record saying so. The two-wing code read
// the JSON as a broken classic grid ("1578 cells: not a puzzle").
func TestCommandsTakeFPuzzles(t *testing.T) {
	// A rule-less f-puzzles document of a unique classic puzzle.
	const inkala = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
	givens := map[[2]int]int{}
	for i, ch := range inkala {
		if ch != '.' {
			givens[[2]int{i / 9, i % 9}] = int(ch - '0')
		}
	}
	classic := fpuzzlesFile(t, "inkala.json", givens, nil)
	rules := miracleFile(t, true)
	for _, tc := range []struct {
		args []string
		code int
		out  string
	}{
		{[]string{"grade", classic}, 0, "."},
		{[]string{"grade", rules}, 0, "constraint-set"},
		{[]string{"transform", "--transpose", classic}, 0, "8......"},
		{[]string{"transform", "--transpose", rules}, 1, "invalid: " + rules + ":1: transform maps classic puzzles only"},
		{[]string{"bench", "--engines", "sat", rules}, 0, "| sat/reduced | miracle.json | 1 |"},
	} {
		out, errOut, code := runCLI(t, "", tc.args...)
		if code != tc.code || !strings.Contains(out, tc.out) {
			t.Errorf("%q: exit %d, %q, %q; want exit %d, %q…", tc.args, code, out, errOut, tc.code, tc.out)
		}
	}
	// bench on a file with rules leaves out the engines that take none
	// of its puzzles, saying so.
	out, errOut, code := runCLI(t, "", "bench", rules)
	if code != 0 || strings.Contains(out, "| native |") || !strings.Contains(out, "| sat/reduced |") || !strings.Contains(errOut, "native takes no puzzle") {
		t.Errorf("bench's default engines on a file with rules: exit %d, %q, %q", code, out, errOut)
	}
}

// TestDeadlineLeavesAWorkingSolver: a search stopped by its deadline ends
// there, and the puzzles after it are answered as they would be alone:
// within the same deadline, 3 s, which an easy puzzle meets on the most
// loaded machine, a worker process started for it included.
// The hard puzzle is a pigeonhole: 13 cells of a 25×25 grid's first row
// marked even, for 12 even digits, which no solver here refutes in
// seconds. Under --certify its search ran in this process, where gophersat
// cannot be stopped: it kept the process's one gophersat slot, and the
// easy puzzles after it timed out too (false answers). Every gophersat
// search now runs in a worker process, which the deadline kills.
func TestDeadlineLeavesAWorkingSolver(t *testing.T) {
	doc := pigeonholeDoc()
	dir := t.TempDir()
	hard, easyFile := filepath.Join(dir, "pigeons.json"), filepath.Join(dir, "easy.txt")
	easy := puzzleLines(t, "top95-sample.txt")[:3]
	var lines strings.Builder
	for _, g := range easy {
		lines.WriteString(g.String() + "\n")
	}
	if os.WriteFile(hard, doc, 0o644) != nil || os.WriteFile(easyFile, []byte(lines.String()), 0o644) != nil {
		t.Fatal("cannot write the test's files")
	}
	for _, args := range [][]string{
		{"solve", "--certify", "--timeout", "3s", "--workers", "1", hard, easyFile},
		{"solve", "--timeout", "3s", "--workers", "1", hard, easyFile},
	} {
		// A process held up by the search past its deadline would run
		// on for minutes: runWithin's minute is a hang.
		out, errOut, code := runWithin(t, time.Minute, nil, args...)
		recs := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if code != 1 || len(recs) != 4 || !strings.HasPrefix(recs[0], "timeout: "+hard+":1: no answer within 3s") {
			t.Fatalf("%q: exit %d, %q, %q", args[:len(args)-2], code, out, errOut)
		}
		for i, g := range easy {
			if s, err := sudokusat.Parse(recs[i+1]); err != nil || sudokusat.CheckSolution(g, s) != nil {
				t.Errorf("%q: puzzle %d after the timeout: %q", args[:len(args)-2], i+2, recs[i+1])
			}
		}
	}
}

// pigeonholeDoc is the f-puzzles document of a puzzle without a solution
// that no solver here refutes in seconds: an empty 25×25 grid whose first
// row has 13 cells marked even, for its 12 even digits.
func pigeonholeDoc() []byte {
	var even []map[string]any
	for c := range 13 {
		even = append(even, map[string]any{"cell": fmt.Sprintf("R1C%d", c+1)})
	}
	grid := make([][]map[string]any, 25)
	for r := range grid {
		grid[r] = make([]map[string]any, 25)
		for c := range grid[r] {
			grid[r][c] = map[string]any{}
		}
	}
	doc, _ := json.Marshal(map[string]any{"size": 25, "grid": grid, "even": even})
	return doc
}

// TestMaxClauses: a puzzle whose CNF would pass --max-clauses is an error
// record naming the count, found before the formula is built, and the
// next puzzle is answered. An empty 400×400 grid's reduced formula (756
// million clauses) used to be built: the gophersat worker died at 5 GB,
// and encode wrote 14 GB of DIMACS before it was stopped.
func TestMaxClauses(t *testing.T) {
	dir := t.TempDir()
	var big strings.Builder
	for range 400 {
		big.WriteString(strings.TrimSpace(strings.Repeat("0 ", 400)) + "\n")
	}
	empty := filepath.Join(dir, "empty-400.txt")
	if err := os.WriteFile(empty, []byte(big.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	// Building the formula took minutes and gigabytes: a minute is a hang.
	out, errOut, code := runWithin(t, time.Minute, nil, "solve", empty, testdata+"top95-sample.txt")
	recs := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 1 || len(recs) != 21 || !strings.HasPrefix(recs[0], "error: "+empty+":1: ") ||
		!strings.Contains(recs[0], "755,840,000 clauses over 89,600,000 variables, more than the limit of 60,000,000 (--max-clauses raises it)") ||
		!strings.Contains(errOut, "20 solved") {
		t.Errorf("exit %d, %d records, first %q; stderr %q", code, len(recs), recs[0], errOut)
	}
	for _, args := range [][]string{
		{"count", "--encoding", "minimal", "--max-clauses", "1000", testdata + "large-16.txt"},
		{"solve", "--engine", "sat", "--encoding", "extended", "--max-clauses", "10000", testdata + "top95-sample.txt"},
		{"encode", "--encoding", "extended", "--max-clauses", "100", testdata + "large-16.txt"},
	} {
		out, errOut, code := runCLI(t, "", args...)
		if code != 1 || !strings.Contains(out+errOut, "formula too large") {
			t.Errorf("%q: exit %d, %.200q, %q", args, code, out, errOut)
		}
	}
	if _, errOut, code := runCLI(t, "", "solve", "--max-clauses", "0", testdata+"top95-sample.txt"); code != 2 {
		t.Errorf("--max-clauses 0: exit %d, %q", code, errOut)
	}
}
