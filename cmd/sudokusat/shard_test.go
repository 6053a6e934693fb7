package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

func TestParseShard(t *testing.T) {
	for _, tc := range []struct {
		in   string
		i, n int
	}{
		{"1/1", 1, 1}, {"1/3", 1, 3}, {"3/3", 3, 3}, {"7/100", 7, 100},
		{"0/3", 0, 0}, {"4/3", 0, 0}, {"x", 0, 0}, {"", 0, 0}, {"1/0", 0, 0},
		{"-1/3", 0, 0}, {"1/3/4", 0, 0}, {"1/", 0, 0}, {"/3", 0, 0}, {"a/b", 0, 0},
	} {
		i, n, err := parseShard(tc.in)
		if i != tc.i || n != tc.n || (err == nil) != (tc.n > 0) {
			t.Errorf("parseShard(%q) = %d, %d, %v; want %d, %d", tc.in, i, n, err, tc.i, tc.n)
		}
	}
}

// timings matches the time a record took, which differs from run to run.
var timings = regexp.MustCompile(`,"us":[^,}]*`)

// byIndex returns the JSON records of outputs in the order of their
// index, without their timings.
func byIndex(t *testing.T, outputs ...string) string {
	t.Helper()
	type rec struct {
		index int
		line  string
	}
	var recs []rec
	for _, out := range outputs {
		for _, line := range strings.SplitAfter(out, "\n") {
			if line == "" {
				continue
			}
			var r struct{ Index int }
			if err := json.Unmarshal([]byte(line), &r); err != nil || !strings.HasSuffix(line, "\n") {
				t.Fatalf("not a JSON record: %q (%v)", line, err)
			}
			recs = append(recs, rec{r.Index, timings.ReplaceAllString(line, "")})
		}
	}
	slices.SortStableFunc(recs, func(a, b rec) int { return a.index - b.index })
	var b strings.Builder
	for _, r := range recs {
		b.WriteString(r.line)
	}
	return b.String()
}

// firstDiff describes where the lines of got and want first differ.
func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			return fmt.Sprintf("line %d is\n%s\nwant\n%s", i+1, g[i], w[i])
		}
	}
	return fmt.Sprintf("%d lines, want %d", len(g), len(w))
}

// shardInputs writes two inputs, one with a line that is not a puzzle,
// and returns their names.
func shardInputs(t *testing.T) []string {
	t.Helper()
	lines := strings.SplitAfter(mustRead(t, testdata+"top95-sample.txt"), "\n")
	bad := filepath.Join(t.TempDir(), "bad.txt")
	mixed := strings.Join(lines[:5], "") + "not a puzzle\n" + strings.Join(lines[5:], "")
	if err := os.WriteFile(bad, []byte(mixed), 0o644); err != nil {
		t.Fatal(err)
	}
	return []string{bad, testdata + "easy-sample.txt"}
}

// TestShardsCoverInput: the shards of two inputs, merged by index, are
// one run's records, for every batch command with JSON records.
func TestShardsCoverInput(t *testing.T) {
	files := shardInputs(t)
	for _, cmd := range [][]string{
		{"solve", "--engine", "native"},
		{"count"},
		{"grade"},
		{"candidates", "--engine", "native"},
	} {
		t.Run(cmd[0], func(t *testing.T) {
			args := append(append(slices.Clone(cmd), "--format", "json"), files...)
			whole, stderr, _ := runCLI(t, "", args...)
			if strings.Count(whole, "\n") != 31 {
				t.Fatalf("%s: %d records, want 31; stderr %q", cmd[0], strings.Count(whole, "\n"), stderr)
			}
			var shards []string
			for i := 1; i <= 3; i++ {
				out, stderr, _ := runCLI(t, "", append(slices.Clone(args), "--shard", fmt.Sprintf("%d/3", i))...)
				if n := strings.Count(out, "\n"); n < 10 || n > 11 {
					t.Errorf("shard %d/3: %d records, want 10 or 11; stderr %q", i, n, stderr)
				}
				shards = append(shards, out)
			}
			if got, want := byIndex(t, shards...), byIndex(t, whole); got != want {
				t.Errorf("shards merged by index differ from one run's records: %s", firstDiff(got, want))
			}
		})
	}
}

// TestShardOutDir: encode --out-dir --shard writes the shard's puzzles,
// named by their place in the whole input.
func TestShardOutDir(t *testing.T) {
	dir := t.TempDir()
	if _, stderr, code := runCLI(t, "", "encode", "--shard", "2/3", "--out-dir", dir, testdata+"top95-sample.txt"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	got, err := filepath.Glob(filepath.Join(dir, "*.cnf"))
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for i := 2; i <= 20; i += 3 {
		want = append(want, filepath.Join(dir, fmt.Sprintf("puzzle-%04d.cnf", i)))
	}
	if !slices.Equal(got, want) {
		t.Errorf("files %q, want %q", got, want)
	}
}

// TestShardUsage: a bad --shard is a usage error on every command that
// has the flag, before anything runs.
func TestShardUsage(t *testing.T) {
	for _, cmd := range []string{"solve", "count", "candidates", "hint", "minimal", "check", "grade", "encode", "render", "transform"} {
		for _, v := range []string{"0/3", "4/3", "x"} {
			out, stderr, code := runCLI(t, "", cmd, "--shard", v, testdata+"easy-sample.txt")
			if code != exitUsage || out != "" || !strings.Contains(stderr, "--shard") {
				t.Errorf("%s --shard %s: exit %d, stdout %q, stderr %q; want exit 2 naming --shard", cmd, v, code, out, stderr)
			}
		}
	}
}

// TestResume: a --resume file with records cut short or canceled at its
// end is cut before the first of them, and the run answers the rest.
func TestResume(t *testing.T) {
	in := testdata + "easy-sample.txt"
	whole, _, _ := runCLI(t, "", "solve", "--engine", "native", "--format", "json", in)
	lines := strings.SplitAfter(whole, "\n")
	canceled := strings.Replace(lines[3], `"status":"solved"`, `"status":"canceled"`, 1)
	for _, tc := range []struct {
		name, file string
		kept       int // the records of file still there after
	}{
		{"empty", "", 0},
		{"whole", whole, 10},
		{"cut short", strings.Join(lines[:4], "") + lines[4][:30], 4},
		{"newline lost", strings.Join(lines[:4], "") + strings.TrimSuffix(lines[4], "\n"), 4},
		{"canceled", strings.Join(lines[:3], "") + canceled + lines[4] + lines[5][:10], 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "out.jsonl")
			if err := os.WriteFile(file, []byte(tc.file), 0o644); err != nil {
				t.Fatal(err)
			}
			rest, stderr, code := runCLI(t, "", "solve", "--engine", "native", "--format", "json", "--resume", file, in)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			b, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if want := strings.Join(lines[:tc.kept], ""); string(b) != want {
				t.Errorf("the file after: %q, want %q", b, want)
			}
			if got, want := byIndex(t, string(b)+rest), byIndex(t, whole); got != want {
				t.Errorf("the file and the rest differ from one run's records: %s", firstDiff(got, want))
			}
		})
	}
}

// TestResumeRefuses: a --resume file that is not an earlier output of the
// same inputs and shard is a usage error, named, and nothing is written.
func TestResumeRefuses(t *testing.T) {
	in := testdata + "easy-sample.txt"
	whole, _, _ := runCLI(t, "", "solve", "--engine", "native", "--format", "json", in)
	other, _, _ := runCLI(t, "", "solve", "--engine", "native", "--format", "json", testdata+"top95-sample.txt")
	shard2, _, _ := runCLI(t, "", "solve", "--engine", "native", "--format", "json", "--shard", "2/3", in)
	lines := strings.SplitAfter(whole, "\n")
	for _, tc := range []struct {
		name, file string
		args       []string
		want       string
	}{
		{"not JSON", "solved\n", nil, "out.jsonl:1: not a JSON record"},
		{"no index", `{"file":"x"}` + "\n", nil, "out.jsonl:1: not a JSON record"},
		{"twice", lines[0] + lines[1] + lines[0], nil, "out.jsonl:3: puzzle 1 is answered a second time (first on line 1)"},
		{"other input", other, nil, "out.jsonl:1: puzzle 1 is ../../testdata/top95-sample.txt:1, here ../../testdata/easy-sample.txt:1"},
		{"another shard", shard2, []string{"--shard", "1/3"}, "out.jsonl:1: puzzle 2 is not in shard 1/3"},
		{"line format", whole, []string{"--format", "line"}, "--resume continues a --format json output"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "out.jsonl")
			if err := os.WriteFile(file, []byte(tc.file), 0o644); err != nil {
				t.Fatal(err)
			}
			args := append([]string{"solve", "--engine", "native", "--format", "json", "--resume", file}, tc.args...)
			out, stderr, code := runCLI(t, "", append(args, in)...)
			if code != exitUsage || out != "" || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit 2 and %q", code, out, stderr, tc.want)
			}
			if b, _ := os.ReadFile(file); !bytes.Equal(b, []byte(tc.file)) {
				t.Errorf("the file was changed to %q", b)
			}
		})
	}
	// An input that lost puzzles since: the file answers more.
	dir := t.TempDir()
	short, file := filepath.Join(dir, "short.txt"), filepath.Join(dir, "out.jsonl")
	if err := os.WriteFile(short, []byte(mustRead(t, in)), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, _ := runCLI(t, "", "solve", "--engine", "native", "--format", "json", short)
	if err := os.WriteFile(file, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(short, []byte(strings.Join(strings.SplitAfter(mustRead(t, in), "\n")[:5], "")), 0o644); err != nil {
		t.Fatal(err)
	}
	out, stderr, code := runCLI(t, "", "solve", "--engine", "native", "--format", "json", "--resume", file, short)
	if want := "out.jsonl:6: puzzle 6, but the inputs hold 5"; code != exitUsage || out != "" || !strings.Contains(stderr, want) {
		t.Errorf("an input shorter than the file: exit %d, stdout %q, stderr %q; want exit 2 and %q", code, out, stderr, want)
	}
}

// writeText writes text to the file name.
func writeText(t *testing.T, name, text string) {
	t.Helper()
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
