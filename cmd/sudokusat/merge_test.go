package main

import (
	"encoding/json"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestMerge: check's shards, one of them killed and resumed, merge into
// one run's records, with summaries recomputed over them all; solve's
// shards merge into one run's records.
func TestMerge(t *testing.T) {
	dir := t.TempDir()
	in := testdata + "top95-sample.txt"
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"check", []string{"check", "--engines", "native,sat", "--timeout", "10s", "--format", "json"}},
		{"solve", []string{"solve", "--engine", "native", "--format", "json"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			whole, stderr, code := runCLI(t, "", append(slices.Clone(tc.args), in)...)
			if code != 0 {
				t.Fatalf("one run: exit %d: %s", code, stderr)
			}
			var files []string
			for i := range 3 {
				file := filepath.Join(dir, tc.name+string(rune('1'+i))+".jsonl")
				shard := append(slices.Clone(tc.args), "--shard", string(rune('1'+i))+"/3", in)
				out, stderr, code := runCLI(t, "", shard...)
				if code != 0 {
					t.Fatalf("shard %d: exit %d: %s", i+1, code, stderr)
				}
				if i == 1 {
					// Killed in the middle of a record, then resumed.
					out = out[:len(out)/2]
					writeText(t, file, out)
					rest, stderr, code := runCLI(t, "", append(shard, "--resume", file)...)
					if code != 0 {
						t.Fatalf("shard 2 resumed: exit %d: %s", code, stderr)
					}
					out = mustRead(t, file) + rest
				}
				writeText(t, file, out)
				files = append(files, file)
			}
			// In any order of the files.
			merged, stderr, code := runCLI(t, "", append([]string{"merge"}, files[2], files[0], files[1])...)
			if code != 0 {
				t.Fatalf("merge: exit %d: %s", code, stderr)
			}
			got, gotSums := runLines(t, merged)
			want, wantSums := runLines(t, whole)
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("the merged records differ from one run's: %s", firstDiff(strings.Join(got, "\n"), strings.Join(want, "\n")))
			}
			if gotSums != wantSums {
				t.Fatalf("%d summaries, want %d:\n%s", gotSums, wantSums, merged)
			}
			if wantSums > 0 {
				checkSummaries(t, merged, whole)
			}
		})
	}
}

// checkSummaries fails unless merged's summaries count what whole's do,
// and their times are the sums of merged's records.
func checkSummaries(t *testing.T, merged, whole string) {
	t.Helper()
	type summary struct {
		Summary                                 bool
		Engine                                  string
		Runs, Answered, Wrong, Errors, Timeouts int
		Seconds, PAR2, TimeLimit                float64
	}
	read := func(out string) (sums []summary, us map[string]float64) {
		us = map[string]float64{}
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			var s summary
			var r struct {
				Engine string
				US     float64 `json:"us"`
			}
			json.Unmarshal([]byte(line), &s)
			json.Unmarshal([]byte(line), &r)
			var raw map[string]float64
			json.Unmarshal([]byte(line), &raw)
			s.PAR2, s.TimeLimit = raw["par2"], raw["time_limit"]
			if s.Summary {
				sums = append(sums, s)
			} else {
				us[r.Engine] += r.US
			}
		}
		return sums, us
	}
	got, us := read(merged)
	want, _ := read(whole)
	for i, g := range got {
		w := want[i]
		if g.Engine != w.Engine || g.Runs != w.Runs || g.Answered != w.Answered || g.Wrong != w.Wrong || g.Errors != w.Errors || g.Timeouts != w.Timeouts || g.TimeLimit != w.TimeLimit {
			t.Errorf("summary %+v, want the counts of %+v", g, w)
		}
		if math.Abs(g.Seconds-us[g.Engine]/1e6) > 1e-6 || math.Abs(g.PAR2-g.Seconds/float64(g.Runs)) > 1e-5*g.PAR2 {
			t.Errorf("summary %+v: want seconds %g, the records' sum, and PAR-2 their mean", g, us[g.Engine]/1e6)
		}
	}
}

// TestMergeRefuses: what would make a record twice, or miss one, is
// refused, exit 2, naming the file and line.
func TestMergeRefuses(t *testing.T) {
	dir := t.TempDir()
	in := testdata + "top95-sample.txt"
	whole, _, _ := runCLI(t, "", "check", "--engines", "native,sat", "--timeout", "10s", "--format", "json", in)
	other, _, _ := runCLI(t, "", "check", "--engines", "native,sat", "--timeout", "5s", "--format", "json", "--shard", "1/2", in)
	file, cut, shard := filepath.Join(dir, "all.jsonl"), filepath.Join(dir, "cut.jsonl"), filepath.Join(dir, "shard.jsonl")
	writeText(t, file, whole)
	writeText(t, cut, whole[:len(whole)/2])
	writeText(t, shard, other)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{file, file}, file + ":1: puzzle 1 is answered a second time (first at " + file + ":1)"},
		{[]string{file, shard}, shard + ":1: puzzle 1 is answered a second time"},
		{[]string{cut}, cut + ":"},
		{[]string{filepath.Join(dir, "none.jsonl")}, "no such file"},
	} {
		_, stderr, code := runCLI(t, "", append([]string{"merge"}, tc.args...)...)
		if code != 2 || !strings.Contains(stderr, tc.want) || strings.Contains(stderr, "--help") {
			t.Errorf("merge %q: exit %d, %q; want 2 and %q", tc.args, code, stderr, tc.want)
		}
	}
	// Two time limits: PAR-2 needs the one to use.
	rest, _, _ := runCLI(t, "", "check", "--engines", "native,sat", "--timeout", "10s", "--format", "json", "--shard", "2/2", in)
	two := filepath.Join(dir, "two.jsonl")
	writeText(t, two, rest)
	if _, stderr, code := runCLI(t, "", "merge", shard, two); code != 2 || !strings.Contains(stderr, "2 time limits") {
		t.Errorf("two time limits: exit %d, %q", code, stderr)
	}
	if out, stderr, code := runCLI(t, "", "merge", "--timeout", "10s", shard, two); code != 0 || !strings.Contains(out, `"time_limit":10}`) {
		t.Errorf("two time limits, --timeout 10s: exit %d, %q", code, stderr)
	}
	// Run records without summaries (bench's --runs file) get none.
	bare := filepath.Join(dir, "bare.jsonl")
	var records []string
	for _, line := range strings.SplitAfter(whole, "\n") {
		if !strings.Contains(line, `"summary":true`) {
			records = append(records, line)
		}
	}
	writeText(t, bare, strings.Join(records, ""))
	if out, stderr, code := runCLI(t, "", "merge", bare); code != 0 || out != strings.Join(records, "") {
		t.Errorf("records without summaries: exit %d, %q; want them as they are", code, stderr)
	}
}
