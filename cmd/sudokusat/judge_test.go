package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat/family"
)

// TestJudge judges CaDiCaL's answers on a family, then answers made wrong
// in each way a solver can be: a model with one literal flipped, UNSAT
// claimed on a satisfiable instance, a model claimed on a refutation, an
// answer missing, UNKNOWN; and a file changed after the manifest.
func TestJudge(t *testing.T) {
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Skip("cadical is not installed: skipping judge (.ci/run installs it)")
	}
	dir := t.TempDir()
	fam := filepath.Join(dir, "fam")
	if _, stderr, code := runCLI(t, "", "family", "--out-dir", fam, "--kind", "unique,several,refutation", "--count", "2", "--seed", "7"); code != 0 {
		t.Fatalf("family: exit %d: %s", code, stderr)
	}
	files, _ := filepath.Glob(filepath.Join(fam, "*.cnf"))
	if len(files) != 6 {
		t.Fatalf("%d instances, want 6", len(files))
	}
	times := ""
	for i, f := range files {
		out, _ := exec.Command("cadical", "-q", f).Output() // exits 10 or 20
		if err := os.WriteFile(f+".out", out, 0o644); err != nil {
			t.Fatal(err)
		}
		times += fmt.Sprintf("%s %d\n", filepath.Base(f), i+1)
	}
	timesFile := filepath.Join(dir, "times.txt")
	os.WriteFile(timesFile, []byte(times), 0o644)
	manifest := filepath.Join(fam, "manifest.jsonl")
	out, stderr, code := runCLI(t, "", "judge", "--format", "json", manifest)
	if code != 0 || strings.Count(out, `"verdict":"right"`) != 6 {
		t.Fatalf("CaDiCaL's answers: exit %d\n%s%s", code, out, stderr)
	}

	// Every answer right and timed: PAR-2 is the mean time, the limit
	// does not matter (before: "-", with no reason).
	out, _, _ = runCLI(t, "", "judge", "--times", timesFile, manifest)
	if !strings.Contains(out, "  6      6      0        0        0      3.5\n") || strings.Contains(out, "needs") {
		t.Errorf("right answers timed, no --timeout:\n%s", out)
	}

	// Lies. The model flipped is the first with a variable (propagation
	// may leave a unique puzzle's formula empty).
	model := func(name string) string { return readFile(t, filepath.Join(fam, name+".out")) }
	flipped, flip := "", ""
	for _, name := range []string{"unique-001.cnf", "unique-002.cnf", "several-001.cnf", "several-002.cnf"} {
		m := model(name)
		if f := strings.Replace(m, "v 1 ", "v -1 ", 1); f != m {
			flipped, flip = name, f
		} else if f := strings.Replace(m, "v -1 ", "v 1 ", 1); f != m {
			flipped, flip = name, f
		}
		if flipped != "" {
			break
		}
	}
	if flipped == "" {
		t.Fatal("no model with variable 1 to flip")
	}
	lies := map[string]string{
		"unique-002.cnf":     "s UNSATISFIABLE\n",
		"refutation-001.cnf": "s SATISFIABLE\nv 0\n",
		"several-002.cnf":    "s UNKNOWN\n",
		flipped:              flip,
	}
	for name, text := range lies {
		os.WriteFile(filepath.Join(fam, name+".out"), []byte(text), 0o644)
	}
	os.Remove(filepath.Join(fam, "several-001.cnf.out"))
	out, _, code = runCLI(t, "", "judge", "--format", "json", "--times", timesFile, "--timeout", "10s", manifest)
	if code != 1 {
		t.Errorf("exit %d, want 1: answers are wrong", code)
	}
	verdicts := map[string]string{}
	var sum struct {
		Right, Wrong, Unknown, Missing int
		PAR2                           *float64
	}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var r struct {
			File, Verdict, Reason string
			Summary               bool
		}
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		if r.Summary {
			json.Unmarshal([]byte(line), &sum)
			continue
		}
		verdicts[r.File] = r.Verdict
	}
	want := map[string]string{"unique-001.cnf": "right", "unique-002.cnf": "wrong", "refutation-001.cnf": "wrong",
		"refutation-002.cnf": "right", "several-001.cnf": "missing", "several-002.cnf": "unknown"}
	want[flipped] = "wrong" // unique-001's, unless propagation emptied it
	for f, v := range want {
		if verdicts[f] != v {
			t.Errorf("%s: %q, want %q", f, verdicts[f], v)
		}
	}
	// PAR-2: the right answers' seconds, and 2×10 s for each other.
	var right float64
	nright := 0
	for i, f := range files {
		if want[filepath.Base(f)] == "right" {
			right += float64(i + 1)
			nright++
		}
	}
	if wantPAR := (right + float64(6-nright)*20) / 6; sum.Right != nright || sum.Wrong != 4-nright || sum.Unknown != 1 || sum.Missing != 1 || sum.PAR2 == nil || *sum.PAR2 != wantPAR {
		t.Errorf("summary %+v (PAR-2 %v), want %d right, %d wrong, 1 unknown, 1 missing, PAR-2 %g", sum, *sum.PAR2, nright, 4-nright, wantPAR)
	}

	// Without --timeout a run without a right answer has no time to
	// count: "-", and what the score needs.
	out, _, _ = runCLI(t, "", "judge", "--times", timesFile, manifest)
	if !strings.Contains(out, "        -\n") || !strings.Contains(out, "\nPAR-2 needs --timeout D: ") {
		t.Errorf("wrong answers, no --timeout:\n%s", out)
	}

	// A file changed after the manifest was written is not judged as the instance.
	f := filepath.Join(fam, "refutation-002.cnf")
	os.WriteFile(f, append([]byte("c edited\n"), readFile(t, f)...), 0o644)
	out, _, _ = runCLI(t, "", "judge", manifest)
	if !strings.Contains(out, "refutation-002.cnf") || !strings.Contains(out, "the file changed") {
		t.Errorf("an edited instance: %s", out)
	}
	if _, _, code := runCLI(t, "", "judge", filepath.Join(dir, "times.txt")); code != 2 {
		t.Errorf("a file that is no manifest: exit %d, want 2", code)
	}
}

// TestJudgeRecordsIdentify: judge's JSON record of each run names the
// instance as GBD does (its gbd_hash, the MD5 of its clauses normalised),
// and the generator's version, seed and stream that remake it, as the
// manifest states them; a record of a missing answer too.
func TestJudgeRecordsIdentify(t *testing.T) {
	fam := filepath.Join(t.TempDir(), "fam")
	if _, stderr, code := runCLI(t, "", "family", "--out-dir", fam, "--kind", "unique,refutation", "--count", "1", "--seed", "11"); code != 0 {
		t.Fatalf("family: exit %d: %s", code, stderr)
	}
	out, _, _ := runCLI(t, "", "judge", "--format", "json", filepath.Join(fam, "manifest.jsonl"))
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d records, want 2 and a summary:\n%s", len(lines), out)
	}
	for _, line := range lines[:2] {
		var r struct {
			File, Verdict, GBDHash, Generator string
			Seed, Stream                      uint64
		}
		var raw map[string]any
		json.Unmarshal([]byte(line), &r)
		json.Unmarshal([]byte(line), &raw)
		r.GBDHash, _ = raw["gbd_hash"].(string)
		cnf, err := os.ReadFile(filepath.Join(fam, r.File))
		if err != nil {
			t.Fatal(err)
		}
		if want := family.GBDHash(cnf); r.GBDHash != want || len(want) != 32 {
			t.Errorf("%s: gbd_hash %q, want %q", r.File, r.GBDHash, want)
		}
		if r.Verdict != "missing" || r.Seed != 11 || r.Stream == 0 || !strings.HasPrefix(r.Generator, "sudokusat ") {
			t.Errorf("record %s: want verdict missing, seed 11, a stream and the generator", line)
		}
	}
}
