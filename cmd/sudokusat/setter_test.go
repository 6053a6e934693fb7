package main

import (
	"context"
	"encoding/json"
	"maps"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat/web/api"
)

// TestHintAndMinimal: one record a puzzle in input order, in both forms,
// for classic and variant puzzles; the answers themselves are tested
// against brute force in package engine.
func TestHintAndMinimal(t *testing.T) {
	in := "1234........2...\n......34...23...\n1234341221434321\n44..............\n"
	out, _, code := runCLI(t, in, "hint", "-")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 1 || len(lines) != 4 ||
		!strings.HasPrefix(lines[0], "6 several: each of these makes it unique: ") ||
		!strings.HasPrefix(lines[1], "0 none: conflicting: ") ||
		lines[2] != "1 unique: no hint needed" ||
		!strings.HasPrefix(lines[3], "invalid: line 4: ") {
		t.Errorf("hint: exit %d:\n%s", code, out)
	}
	out, _, _ = runCLI(t, "1234........2...\n", "hint", "--cap", "2", "--format", "json", "-")
	var h struct {
		Status    string
		Solutions int
		AtLeast   bool `json:"at_least"`
		Givens    []string
		Line      int
	}
	if err := json.Unmarshal([]byte(out), &h); err != nil || h.Status != "answered" || h.Solutions != 2 || !h.AtLeast || len(h.Givens) == 0 || h.Line != 1 {
		t.Errorf("hint --format json: %q, %v", out, err)
	}

	// No one given makes these unique: one line says so and offers a
	// pair that does, which count confirms, or says that every given
	// leaves at least 8 times the cap. Before, the line listed every
	// given tied at the cap.
	pairLine := regexp.MustCompile(`^≥10 several: no one of the \d+ givens the solutions allow makes it unique; these two together do: r(\d)c(\d)=(\d) r(\d)c(\d)=(\d)\n$`)
	pairOf := ".00080.000600700.4030.00.09000105408000000000402706000301007040720040060004010003"
	out, _, code = runCLI(t, pairOf+"\n", "hint", "-")
	if m := pairLine.FindStringSubmatch(out); code != 0 || m == nil {
		t.Errorf("hint %s: exit %d: %q", pairOf, code, out)
	} else {
		g := []byte(pairOf)
		g[int(m[1][0]-'1')*9+int(m[2][0]-'1')] = m[3][0]
		g[int(m[4][0]-'1')*9+int(m[5][0]-'1')] = m[6][0]
		if got, _, _ := runCLI(t, string(g)+"\n", "count", "-"); got != "1\n" {
			t.Errorf("hint %s: %q, but with the pair the puzzle counts %q", pairOf, out, got)
		}
	}
	wide := "000000.07000.20.80000.0502.100904000050000040000507009920108000034059000507000000" // 7676 solutions
	out, _, code = runCLI(t, wide+"\n", "hint", "-")
	if !regexp.MustCompile(`^≥10 several: no one of the \d+ givens the solutions allow makes it unique; each leaves ≥80 solutions\n$`).MatchString(out) || code != 0 {
		t.Errorf("hint %s: exit %d: %q", wide, code, out)
	}

	out, _, code = runCLI(t, "1234341221434321\n8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..\n1234........2...\n", "minimal", "--check", "-")
	if code != 1 || !strings.HasPrefix(out, "not minimal\nminimal\nerror: line 3: not proved unique") {
		t.Errorf("minimal --check: exit %d:\n%s", code, out)
	}
	out, _, code = runCLI(t, "", "minimal", "--engine", "search", "--format", "json", "../../testdata/variants/killer-4.json")
	var m struct {
		Minimal         bool
		Alone, Together []string
	}
	if err := json.Unmarshal([]byte(out), &m); err != nil || code != 0 || m.Minimal || len(m.Together) == 0 || m.Alone[0] != "killer r1c1-r1c2 (3)" {
		t.Errorf("minimal on killer-4: exit %d, %q, %v", code, out, err)
	}
	// A rule is named by its kind, cells and value, not its place in the
	// puzzle's list ("rule 1 (killer)" before), and a list with rules in
	// it is separated by commas.
	out, _, code = runCLI(t, "", "minimal", "--engine", "search", "../../testdata/variants/killer-4.json")
	if code != 0 || !strings.HasPrefix(out, "not minimal: removable alone: killer r1c1-r1c2 (3), killer r1c3-r1c4 (7), ") {
		t.Errorf("minimal on killer-4: exit %d, %q", code, out)
	}
	if _, errOut, code := runCLI(t, "", "hint", "--cap", "1", "-"); code != 2 || !strings.Contains(errOut, "--cap 1") {
		t.Errorf("hint --cap 1: exit %d, %q", code, errOut)
	}
}

// TestSetterEngine: without --engine, the setters' questions ask each
// puzzle's fast engine: native for a classic grid (engine.For), for one
// with rules the search (engine.For's, as the page asks) for minimal and
// hint, and gophersat for candidates, whose one-solver cover is the fast
// one there; gophersat too when a flag only it reads asks for it, and
// --engine overrides. The summary and each JSON record name the engine.
func TestSetterEngine(t *testing.T) {
	classic := "1234341221434321\n"
	open := "1234............\n" // several solutions, for hint
	variant := "../../testdata/variants/killer-4.json"
	for _, tc := range []struct {
		cmd   string
		name  string
		stdin string
		args  []string
		want  string // the summary's engines
		json  []string
	}{
		{"minimal", "classic", classic, []string{"-"}, "engine native", nil},
		{"minimal", "variant", "", []string{variant}, "engine search", nil},
		{"minimal", "both", classic, []string{"-", variant}, "engines native, search", []string{"native", "search"}},
		{"minimal", "named", classic, []string{"--engine", "dlx", "-"}, "engine dlx", []string{"dlx"}},
		{"minimal", "certify", classic, []string{"--certify", "-"}, "engine sat", []string{"sat"}},
		{"minimal", "encoding", classic, []string{"--encoding", "minimal", "-"}, "engine sat", nil},
		{"hint", "classic", open, []string{"-"}, "engine native", []string{"native"}},
		{"hint", "both", open, []string{"-", variant}, "engines native, search", []string{"native", "search"}},
		{"hint", "named", open, []string{"--engine", "sat", "-"}, "engine sat", []string{"sat"}},
		{"hint", "encoding", open, []string{"--encoding", "minimal", "-"}, "engine sat", nil},
		{"candidates", "classic", open, []string{"-"}, "engine native", []string{"native"}},
		{"candidates", "both", open, []string{"-", variant}, "engines native, sat", []string{"native", "sat"}},
		{"candidates", "named", open, []string{"--engine", "search", "-", variant}, "engine search", []string{"search", "search"}},
		{"candidates", "certify", open, []string{"--certify", "-"}, "engine sat", nil},
	} {
		t.Run(tc.cmd+" "+tc.name, func(t *testing.T) {
			_, errOut, code := runCLI(t, tc.stdin, append([]string{tc.cmd}, tc.args...)...)
			if code != 0 || !strings.Contains(errOut, "("+tc.want+")") {
				t.Errorf("%s %q: exit %d, %q; want (%s) in the summary", tc.cmd, tc.args, code, errOut, tc.want)
			}
			if tc.json == nil {
				return
			}
			out, _, _ := runCLI(t, tc.stdin, append([]string{tc.cmd, "--format", "json"}, tc.args...)...)
			var got []string
			for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
				var r struct{ Engine string }
				if err := json.Unmarshal([]byte(line), &r); err != nil {
					t.Fatalf("%q: %v", line, err)
				}
				got = append(got, r.Engine)
			}
			if !slices.Equal(got, tc.json) {
				t.Errorf("%s --format json %q: engines %q, want %q", tc.cmd, tc.args, got, tc.json)
			}
		})
	}
}

// TestMinimalProgressJSON: --progress json writes a JSON line on standard
// error before each count and after the last, even off a terminal, with
// the puzzle's place and how far minimal has got; without it, standard
// error off a terminal has the summary only.
func TestMinimalProgressJSON(t *testing.T) {
	file := "../../testdata/variants/killer-4.json"
	out, errOut, code := runCLI(t, "", "minimal", "--progress", "json", "--format", "json", file)
	var rec struct{ Questions int }
	if err := json.Unmarshal([]byte(out), &rec); err != nil || code != 0 {
		t.Fatalf("exit %d, %q: %v", code, out, err)
	}
	lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
	summary := lines[len(lines)-1]
	lines = lines[:len(lines)-1]
	if !strings.HasPrefix(summary, "sudokusat: minimal of 1 puzzle in ") || len(lines) != rec.Questions+1 {
		t.Fatalf("%d progress lines for %d questions, then %q; want one a question and one at the end, then the summary:\n%s", len(lines), rec.Questions, summary, errOut)
	}
	type progress struct {
		Index                        int
		File                         string
		Line                         int
		Stage                        string
		Pass, Done, Total, Removable int
		Questions                    int
		Micros                       float64 `json:"us"`
		Text                         string
	}
	var last progress
	for i, line := range lines {
		var g progress
		if err := json.Unmarshal([]byte(line), &g); err != nil {
			t.Fatalf("line %d: %q: %v", i+1, line, err)
		}
		if g.Index != 1 || g.File != file || g.Line != 1 || g.Questions != i || g.Micros < last.Micros || g.Done > g.Total || !strings.HasPrefix(g.Text, "Minimal: ") {
			t.Errorf("line %d: %+v, after %+v", i+1, g, last)
		}
		last = g
	}
	if last.Stage != "together" || last.Done != last.Total || last.Removable == 0 {
		t.Errorf("the last line %+v: want the last pass done, parts removed", last)
	}
	if _, errOut, _ := runCLI(t, "", "minimal", file); strings.Count(errOut, "\n") != 1 {
		t.Errorf("without --progress, off a terminal: %q, want the summary only", errOut)
	}
	if _, errOut, code := runCLI(t, "", "minimal", "--progress", "xml", file); code != 2 || !strings.Contains(errOut, `--progress "xml": want line or json`) {
		t.Errorf("--progress xml: exit %d, %q", code, errOut)
	}
}

// TestProgressOneShape: minimal's --progress json lines and the page's
// progress reports (api.CallProgress) say Minimal's progress in one
// form: the same fields, under the same names, the line's place
// (index, file, line) aside, and the same numbers for the same stage.
func TestProgressOneShape(t *testing.T) {
	file := "../../testdata/variants/killer-4.json"
	_, errOut, code := runCLI(t, "", "minimal", "--progress", "json", file)
	if code != 0 {
		t.Fatalf("exit %d, %q", code, errOut)
	}
	var line map[string]any
	if err := json.Unmarshal([]byte(strings.SplitN(errOut, "\n", 2)[0]), &line); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"index", "file", "line"} {
		if _, ok := line[k]; !ok {
			t.Errorf("line %v: no %q", line, k)
		}
		delete(line, k)
	}
	doc, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	req, _ := json.Marshal(api.Request{Puzzle: string(doc)})
	var first map[string]any
	api.Service{}.CallProgress(context.Background(), "minimal", req, func(b []byte) {
		var r struct{ Progress map[string]any }
		if err := json.Unmarshal(b, &r); err != nil {
			t.Fatalf("%q: %v", b, err)
		}
		if first == nil {
			first = r.Progress
		}
	})
	got, want := slices.Sorted(maps.Keys(line)), slices.Sorted(maps.Keys(first))
	if !slices.Equal(got, want) {
		t.Fatalf("--progress json fields %q, the page's %q", got, want)
	}
	for _, k := range []string{"stage", "done", "total", "removable", "questions", "text"} {
		if line[k] != first[k] {
			t.Errorf("%s: --progress json %v, the page %v", k, line[k], first[k])
		}
	}
}
