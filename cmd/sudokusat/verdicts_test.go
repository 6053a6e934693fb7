package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/engine"
)

// Solver scripts for check's verdicts. $1 is the CNF.
const (
	// alwaysUNSAT claims UNSAT for any formula.
	alwaysUNSAT = "#!/bin/sh\necho 's UNSATISFIABLE'\nexit 20\n"
	// firstOnly gives minisat's answer to the first formula it is given
	// (a marker file in its directory remembers it), and claims UNSAT for
	// every one after it: a count of 1 for any satisfiable puzzle.
	firstOnly = `#!/bin/sh
d=$(dirname "$0")
if [ -e "$d/answered" ]; then echo "s UNSATISFIABLE"; exit 20; fi
touch "$d/answered"
minisat -verb=0 "$1" "$1.res" >/dev/null 2>&1
if [ "$(head -1 "$1.res")" != SAT ]; then echo "s UNSATISFIABLE"; exit 20; fi
echo "s SATISFIABLE"
awk 'NR==2{print "v " $0}' "$1.res"
exit 10
`
	// firstPinned is firstOnly with the unit clauses of the file pins,
	// in its directory, added to the first formula: its one solution is
	// the grid they pin.
	firstPinned = `#!/bin/sh
d=$(dirname "$0")
if [ -e "$d/answered" ]; then echo "s UNSATISFIABLE"; exit 20; fi
touch "$d/answered"
awk -v extra="$(wc -l < "$d/pins")" '/^p cnf/{$4=$4+extra} {print}' "$1" > "$1.pinned"
cat "$d/pins" >> "$1.pinned"
minisat -verb=0 "$1.pinned" "$1.res" >/dev/null 2>&1
if [ "$(head -1 "$1.res")" != SAT ]; then echo "s UNSATISFIABLE"; exit 20; fi
echo "s SATISFIABLE"
awk 'NR==2{print "v " $0}' "$1.res"
exit 10
`
	// neverAnswers sleeps past any timeout of a test.
	neverAnswers = "#!/bin/sh\nexec sleep 600\n"
)

// script writes a solver script into its own directory and returns its
// path.
func script(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestCheckVerdicts: an answer that another engine's validated solutions
// refute is wrong, not a disagreement; what no solution decides stays a
// disagreement; a timeout is neither, with its own count, column and
// status. Before, check called a false UNSAT beside a validated solution
// a disagreement, and a timeout an error.
func TestCheckVerdicts(t *testing.T) {
	several := puzzleLines(t, "serg-sample.txt")[0].String() // two solutions or more
	tests := []struct {
		name    string
		puzzle  string
		engines func(t *testing.T) string
		extra   []string
		want    []string // in standard output
		row     string   // the liar's row of the table: wrong, errors, timeouts
		code    int
	}{
		{"false UNSAT beside a solution", inputPuzzle,
			func(t *testing.T) string { return "native," + script(t, "unsat", alwaysUNSAT) }, nil,
			[]string{"FAILED #1 (line 1)", "unsat:", "wrong: wrong answer: ", " claimed no solution, but native found ",
				"check: 1 puzzle, 2 engines, 0 disagreements, 1 with wrong answers or errors, 0 timed out, 0 invalid, in "},
			"1 0 0", 1},
		{"a count of 1 beside two solutions", several,
			func(t *testing.T) string {
				return "sat," + liarScript(t, t.TempDir(), "first", firstOnly, "minisat")
			}, nil,
			[]string{"FAILED #1 (line 1)", " claimed exactly 1 solution, but the engines found 2 distinct ones, sat/reduced found ",
				"check: 1 puzzle, 2 engines, 0 disagreements, 1 with wrong answers or errors, 0 timed out, 0 invalid, in "},
			"1 0 0", 1},
		{"a count of 1 beside ≥2 shown by the same grid", several,
			func(t *testing.T) string {
				// native shows one solution of its ≥2; the liar's 1 is
				// that very grid, pinned in the direct encoding's
				// variables: nothing refutes either count.
				dir := t.TempDir()
				liar := liarScript(t, dir, "first", firstPinned, "minisat")
				p := puzzleLines(t, "serg-sample.txt")[0]
				a := engine.Count(context.Background(), engine.Native(), &sudokusat.Puzzle{Grid: p}, 2, 0)
				if a.Count != 2 || len(a.Solutions) != 1 {
					t.Fatalf("native counts %d with %d grids, want ≥2 with one", a.Count, len(a.Solutions))
				}
				var pins strings.Builder
				for cell := range 81 {
					fmt.Fprintf(&pins, "%d 0\n", encode.Var(9, cell/9, cell%9, a.Solution().Cell(cell)))
				}
				if err := os.WriteFile(filepath.Join(dir, "pins"), []byte(pins.String()), 0o644); err != nil {
					t.Fatal(err)
				}
				return "native," + liar
			}, []string{"--encoding", "extended"},
			[]string{"DISAGREE #1 (line 1)",
				"check: 1 puzzle, 2 engines, 1 disagreement, 0 with wrong answers or errors, 0 timed out, 0 invalid, in "},
			"0 0 0", 1},
		{"a timeout", inputPuzzle,
			func(t *testing.T) string { return "native," + script(t, "sleeper", neverAnswers) }, []string{"--timeout", "200ms"},
			[]string{"TIMEOUT #1 (line 1)", "timeout: no answer within 200ms",
				"check: 1 puzzle, 2 engines, 0 disagreements, 0 with wrong answers or errors, 1 timed out, 0 invalid, in "},
			"0 0 1", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			engines := tt.engines(t)
			args := append([]string{"check", "--limit", "2", "--engines", engines}, tt.extra...)
			out, stderr, code := runCLI(t, tt.puzzle+"\n", append(args, "-")...)
			if code != tt.code {
				t.Errorf("exit %d, want %d", code, tt.code)
			}
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("no %q in the output", w)
				}
			}
			liar := strings.Split(engines, ",")[1]
			if row := tallyRow(out, liar); len(row) < 8 || strings.Join(row[5:8], " ") != tt.row {
				t.Errorf("%s's row %q, want wrong, errors, timeouts %s", liar, row, tt.row)
			}
			if t.Failed() {
				t.Logf("output:\n%s\n%s", out, stderr)
			}
		})
	}
}

// TestCheckVerdictsJSON: the JSON records say the same: a refuted UNSAT
// is "wrong" with the reason, a timeout "timeout", counted apart in the
// summary records.
func TestCheckVerdictsJSON(t *testing.T) {
	unsat, sleeper := script(t, "unsat", alwaysUNSAT), script(t, "sleeper", neverAnswers)
	out, stderr, code := runCLI(t, inputPuzzle+"\n", "check", "--limit", "2", "--engines", "native,"+unsat+","+sleeper,
		"--timeout", "200ms", "--format", "json", "-")
	if code != 1 {
		t.Errorf("exit %d, want 1; %s", code, stderr)
	}
	runs := map[string]runRecord{}
	sums := map[string]summaryRecord{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var r runRecord
		var s summaryRecord
		if err := json.Unmarshal([]byte(line), &s); err == nil && s.Summary {
			sums[s.Engine] = s
		} else if err := json.Unmarshal([]byte(line), &r); err == nil {
			runs[r.Engine] = r
		} else {
			t.Fatalf("%q: %v", line, err)
		}
	}
	if r := runs[unsat]; r.Status != "wrong" || !strings.Contains(r.Error, "claimed no solution, but native found") {
		t.Errorf("the false UNSAT's record: %+v", r)
	}
	if r := runs[sleeper]; r.Status != "timeout" || r.Error != "no answer within 200ms" {
		t.Errorf("the timeout's record: %+v", r)
	}
	if s := sums[unsat]; s.Wrong != 1 || s.Errors != 0 || s.Timeouts != 0 {
		t.Errorf("the false UNSAT's summary: %+v", s)
	}
	if s := sums[sleeper]; s.Wrong != 0 || s.Errors != 0 || s.Timeouts != 1 {
		t.Errorf("the timeout's summary: %+v", s)
	}
}

// TestCountUnverified: count's 0 that is an external solver's unchecked
// UNSAT claim says so, in the line form and in JSON, as solve's
// "claimed by SOLVER, not verified"; it was a bare 0. A 0 of this
// package's engines, or one proved with --certify, stays plain.
func TestCountUnverified(t *testing.T) {
	unsat := script(t, "unsat", alwaysUNSAT)
	dir := t.TempDir()
	line := func(name, puzzle string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(puzzle+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	solvable := line("solvable.txt", inputPuzzle)
	unsolvable := line("unsolvable.txt", ".234567891........"+strings.Repeat(".", 63))
	givens := map[[2]int]int{}
	for cell, d := range inputPuzzle {
		if d != '.' {
			givens[[2]int{cell / 9, cell % 9}] = int(d - '0')
		}
	}
	fpuzzles := fpuzzlesFile(t, "solvable.json", givens, nil)
	tests := []struct {
		name     string
		args     []string
		line     string // the record in the line form
		json     string // in the JSON record
		noJSON   string // not in it
		external string // the solver needed
	}{
		{"a lying solver", []string{"--engine", unsat, solvable},
			"0 (unverified: claimed by " + unsat + ")", `"unverified":true`, `"certified"`, ""},
		{"a real solver's claim", []string{"--engine", "cadical", unsolvable},
			"0 (unverified: claimed by cadical)", `"unverified":true`, `"certified"`, "cadical"},
		{"a real solver's proof", []string{"--engine", "cadical", "--certify", unsolvable},
			"0", `"certified":true`, `"unverified"`, "cadical"},
		{"native", []string{"--engine", "native", unsolvable}, "0", `"count":0,`, `"unverified"`, ""},
		{"an f-puzzles puzzle", []string{"--engine", unsat, fpuzzles},
			"0 none (unverified: claimed by " + unsat + ")", `"unverified":true`, `"certified"`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.external != "" {
				if _, err := exec.LookPath(tt.external); err != nil {
					t.Skipf("%s is not installed; .ci/run installs it", tt.external)
				}
			}
			out, stderr, code := runCLI(t, "", append([]string{"count"}, tt.args...)...)
			if code != 0 || strings.TrimSpace(out) != tt.line {
				t.Errorf("exit %d, %q, want %q; %s", code, out, tt.line, stderr)
			}
			out, _, _ = runCLI(t, "", append([]string{"count", "--format", "json"}, tt.args...)...)
			if !strings.Contains(out, `"count":0,`) || !strings.Contains(out, tt.json) || strings.Contains(out, tt.noJSON) {
				t.Errorf("JSON %s: want a count of 0 and %s in it, and no %s", out, tt.json, tt.noJSON)
			}
		})
	}
}
