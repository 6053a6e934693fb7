package family

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/drat"
	"github.com/sudokusat/sudokusat/satsolve"
)

// writeFamily makes a family of a unique instance and a refutation, in
// the extended encoding (no propagation empties its formula), writes it
// into a folder with its manifest, as the family command does, and reads
// the manifest back.
func writeFamily(t *testing.T) (string, []Instance) {
	t.Helper()
	dir := t.TempDir()
	var manifest []byte
	o := Options{Kinds: []Kind{Unique, Refutation}, Count: 1, Seed: 1, Encoding: "extended"}
	err := Make(context.Background(), o, func(in *Instance) error {
		line, err := in.ManifestLine()
		manifest = append(manifest, line...)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, in.File), in.CNF, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ManifestName), manifest, 0o644); err != nil {
		t.Fatal(err)
	}
	ins, err := ReadManifest(filepath.Join(dir, ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	return dir, ins
}

// TestManifestRoundTrip: ReadManifest reads back what ManifestLine
// writes, ">=" unescaped, and refuses what is no manifest, naming the line.
func TestManifestRoundTrip(t *testing.T) {
	_, ins := writeFamily(t)
	if len(ins) != 2 || ins[0].File != "unique-001.cnf" || ins[0].Status != SAT || ins[1].Status != UNSAT || ins[1].SHA256 == "" {
		t.Fatalf("read back %+v", ins)
	}
	line, err := (&Instance{File: "several-001.cnf", Status: SAT, Count: CountMany}).ManifestLine()
	if err != nil || !strings.Contains(string(line), `"count":">=2"`) || !strings.HasSuffix(string(line), "}\n") {
		t.Errorf("ManifestLine: %q, %v", line, err)
	}
	dir := t.TempDir()
	for _, tt := range []struct{ name, text, want string }{
		{"not JSON", `{"file":"x.cnf","status":"SAT"}` + "\nnot json\n", ":2: invalid character"},
		{"a path", `{"file":"../x.cnf","status":"SAT"}` + "\n", ":1: not a family instance"},
		{"no status", `{"file":"x.cnf"}` + "\n", ":1: not a family instance"},
		{"empty", "\n\n", ": no instance"},
	} {
		path := filepath.Join(dir, tt.name)
		os.WriteFile(path, []byte(tt.text), 0o644)
		if _, err := ReadManifest(path); err == nil || !strings.Contains(err.Error(), path+tt.want) {
			t.Errorf("%s: %v, want %q", tt.name, err, path+tt.want)
		}
	}
}

// modelAnswer is a solver's answer that gives solution as the model of
// in's formula, with the auxiliary variables false.
func modelAnswer(t *testing.T, dir string, in Instance, solution string) string {
	t.Helper()
	f, _, err := readInstance(filepath.Join(dir, in.File), in.SHA256)
	if err != nil {
		t.Fatal(err)
	}
	g, err := sudokusat.ParseLine(solution, 3, 3)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString("s SATISFIABLE\nv")
	for _, l := range modelLits(&f.VarMap, g) {
		fmt.Fprintf(&b, " %d", l)
	}
	b.WriteString(" 0\n")
	return b.String()
}

// TestJudge: each way an answer is right or wrong, and the summary's
// counts and PAR-2.
func TestJudge(t *testing.T) {
	dir, ins := writeFamily(t)
	unique, refutation := ins[0], ins[1]
	right := modelAnswer(t, dir, unique, unique.Solution)
	// Another grid: the solution with two digits swapped, a model of no
	// clause set of this puzzle.
	swapped := strings.NewReplacer("1", "2", "2", "1").Replace(unique.Solution)
	tests := []struct {
		name   string
		in     Instance
		answer string // "" for no answer file
		want   string
		reason string
	}{
		{"model", unique, right, Right, ""},
		{"UNSAT claimed", refutation, "s UNSATISFIABLE\n", Right, ""},
		{"UNSAT on a satisfiable instance", unique, "s UNSATISFIABLE\n", Wrong, "UNSAT claimed on a satisfiable instance"},
		{"a model of a refutation", refutation, modelAnswer(t, dir, refutation, unique.Solution), Wrong, "the model falsifies clause"},
		{"another grid", unique, modelAnswer(t, dir, unique, swapped), Wrong, "the model falsifies clause"},
		{"no answer", unique, "s UNKNOWN\n", Unknown, ""},
		{"malformed", unique, "s SATISFIABLE\nv 1 x 0\n", Wrong, "is not a literal"},
		{"missing", unique, "", Missing, "no such file"},
		// A solver stopped at its limit writes nothing: no answer, not a
		// wrong one (before: "malformed DIMACS: no verdict", wrong).
		{"nothing written", unique, "\n", Unknown, "no answer"},
		{"comments only", unique, "c stopped at the time limit\n", Unknown, "no answer"},
	}
	var js []Judgement
	for i, tt := range tests {
		answer := filepath.Join(t.TempDir(), "answer")
		if tt.answer != "" {
			os.WriteFile(answer, []byte(tt.answer), 0o644)
		}
		j := Judge(context.Background(), dir, answer, tt.in, nil)
		if j.Verdict != tt.want || !strings.Contains(j.Reason, tt.reason) {
			t.Errorf("%s: %s (%s), want %s (%s)", tt.name, j.Verdict, j.Reason, tt.want, tt.reason)
		}
		s := float64(i)
		j.Seconds = &s
		js = append(js, j)
	}

	// A file changed after its manifest was written.
	path := filepath.Join(dir, unique.File)
	b, _ := os.ReadFile(path)
	os.WriteFile(path, append([]byte("c edited\n"), b...), 0o644)
	answer := filepath.Join(t.TempDir(), "answer")
	os.WriteFile(answer, []byte(right), 0o644)
	if j := Judge(context.Background(), dir, answer, unique, nil); j.Verdict != Wrong || !strings.Contains(j.Reason, "the file changed") {
		t.Errorf("an edited instance: %s (%s)", j.Verdict, j.Reason)
	}

	s := Summarize(js, 0)
	if s.Instances != 10 || s.Right != 2 || s.Wrong != 4 || s.Unknown != 3 || s.Missing != 1 || s.PAR2 != nil ||
		!strings.HasPrefix(s.PAR2Needs, "--timeout D: 8 of 10 runs") {
		t.Errorf("summary %+v", s)
	}
	// The right answers took 0 s and 1 s; the other eight count 2 × 1 s,
	// and so does a right answer past the limit.
	if s := Summarize(js, time.Second); s.PAR2 == nil || *s.PAR2 != (0+1+8*2)/10.0 {
		t.Errorf("PAR-2 %v, want %v", s.PAR2, (0+1+8*2)/10.0)
	}
	if s := Summarize(js, time.Second/2); s.PAR2 == nil || *s.PAR2 != (0+9*1)/10.0 {
		t.Errorf("PAR-2 with a limit of 0.5 s: %v, want %v", *s.PAR2, 9/10.0)
	}
}

// TestJudgePartialModel: a model that lists only the true literals of the
// one solution leaves the at-most-one clauses (all negative) unsatisfied:
// an unlisted variable is free, not false.
func TestJudgePartialModel(t *testing.T) {
	dir, ins := writeFamily(t)
	unique := ins[0]
	var positive []string
	for _, f := range strings.Fields(modelAnswer(t, dir, unique, unique.Solution)) {
		if !strings.HasPrefix(f, "-") {
			positive = append(positive, f)
		}
	}
	answer := filepath.Join(t.TempDir(), "answer")
	os.WriteFile(answer, []byte(strings.Join(positive[:2], " ")+"\nv "+strings.Join(positive[3:], " ")+"\n"), 0o644)
	j := Judge(context.Background(), dir, answer, unique, nil)
	if j.Verdict != Wrong || !strings.Contains(j.Reason, "a variable it does not list is free") {
		t.Errorf("positive literals only: %s (%s), want wrong, free variables", j.Verdict, j.Reason)
	}
}

// TestJudgeProofs: with proofs asked for, an UNSAT answer is right only
// with a proof that refutes the instance's file, DRAT or LRAT, and
// unverified without one; the unsat kinds' manifests say they were
// certified by a proof.
func TestJudgeProofs(t *testing.T) {
	dir, ins := writeFamily(t)
	refutation := ins[1]
	if !strings.Contains(strings.Join(refutation.Verified, "; "), "proof: gophersat's DRAT") {
		t.Errorf("refutation verified by %q, want a proof", refutation.Verified)
	}
	cnf, raw, err := readInstance(filepath.Join(dir, refutation.File), refutation.SHA256)
	if err != nil {
		t.Fatal(err)
	}
	r, proof, err := satsolve.CountProof(context.Background(), cnf, 1)
	if err != nil || r.Count != 0 {
		t.Fatalf("gophersat: %v, %v", r, err)
	}
	var lrat bytes.Buffer
	if _, err := drat.ToLRAT(context.Background(), bytes.NewReader(raw), bytes.NewReader(proof.DRAT), drat.FormatAuto, &lrat); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	answer := filepath.Join(out, "a.out")
	os.WriteFile(answer, []byte("s UNSATISFIABLE\n"), 0o644)
	files := map[string][]byte{"good.drat": proof.DRAT, "good.lrat": lrat.Bytes(), "empty.drat": []byte("0\n"), "cut.lrat": []byte(lastHintCut(lrat.String()))}
	for name, b := range files {
		os.WriteFile(filepath.Join(out, name), b, 0o644)
	}
	p := func(names ...string) []string {
		var ps []string
		for _, n := range names {
			ps = append(ps, filepath.Join(out, n))
		}
		return ps
	}
	for _, tt := range []struct {
		name            string
		proofs          []string
		verdict, reason string
		checked         string
	}{
		{"on trust", nil, Right, "", "claimed"},
		{"DRAT", p("none.lrat", "good.drat"), Right, "", "DRAT proof"},
		{"LRAT", p("good.lrat", "good.drat"), Right, "", "LRAT proof"},
		{"no proof", p("none.lrat", "none.drat"), Unverified, "no proof", "claimed"},
		{"a DRAT proof that refutes nothing", p("empty.drat"), Wrong, "not RUP", "DRAT proof"},
		{"an LRAT proof cut of a hint", p("cut.lrat"), Wrong, "hints", "LRAT proof"},
	} {
		j := Judge(context.Background(), dir, answer, refutation, tt.proofs)
		if j.Verdict != tt.verdict || !strings.Contains(j.Reason, tt.reason) || j.Checked != tt.checked {
			t.Errorf("%s: %s, %s (%s); want %s, %s (%s)", tt.name, j.Verdict, j.Checked, j.Reason, tt.verdict, tt.checked, tt.reason)
		}
	}
	zero := 0.0
	s := Summarize([]Judgement{{Verdict: Right, Seconds: &zero}, {Verdict: Unverified, Seconds: &zero}}, time.Second)
	if s.Right != 1 || s.Unverified != 1 || *s.PAR2 != (0+2)/2.0 {
		t.Errorf("summary %+v, want an unverified answer counted twice the limit", s)
	}
}

// lastHintCut drops the last hint of an LRAT proof's last line.
func lastHintCut(lrat string) string {
	lines := strings.Split(strings.TrimSuffix(lrat, "\n"), "\n")
	f := strings.Fields(lines[len(lines)-1])
	lines[len(lines)-1] = strings.Join(append(f[:len(f)-2:len(f)-2], "0"), " ")
	return strings.Join(lines, "\n") + "\n"
}

// externalChecker returns the path of drat-trim's program name, or skips
// the test saying how to get it: Debian has no package for it.
func externalChecker(t *testing.T, name string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("%s is not on PATH: Debian has no package for it, so CI skips this; build it from github.com/marijnheule/drat-trim (make drat-trim lrat-check) to run it", name)
	}
	return path
}

// TestJudgeProofsAsDratTrim: every proof judge --proofs accepts, drat-trim
// (DRAT, RUP) or lrat-check (LRAT) accepts too, run on the instance's file
// as the family wrote it, comments and all. The proofs are gophersat's DRAT, its LRAT as drat writes
// it, CaDiCaL's text and binary DRAT and PicoSAT's RUP where installed,
// and two broken ones.
func TestJudgeProofsAsDratTrim(t *testing.T) {
	dratTrim, lratCheck := externalChecker(t, "drat-trim"), externalChecker(t, "lrat-check")
	dir, ins := writeFamily(t)
	refutation := ins[1]
	instance := filepath.Join(dir, refutation.File)
	cnf, raw, err := readInstance(instance, refutation.SHA256)
	if err != nil {
		t.Fatal(err)
	}
	r, proof, err := satsolve.CountProof(context.Background(), cnf, 1)
	if err != nil || r.Count != 0 {
		t.Fatalf("gophersat: %v, %v", r, err)
	}
	var lrat bytes.Buffer
	if _, err := drat.ToLRAT(context.Background(), bytes.NewReader(raw), bytes.NewReader(proof.DRAT), drat.FormatAuto, &lrat); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	proofs := map[string][]byte{"gophersat.drat": proof.DRAT, "gophersat.lrat": lrat.Bytes(),
		"empty.drat": []byte("0\n"), "cut.lrat": []byte(lastHintCut(lrat.String()))}
	for _, s := range []struct {
		name, program string
		args          []string
	}{
		{"cadical-text.drat", "cadical", []string{"-q", "--no-binary", instance}},
		{"cadical-binary.drat", "cadical", []string{"-q", "--binary=true", instance}},
		{"picosat.drat", "picosat", []string{instance, "-R"}},
	} {
		if _, err := exec.LookPath(s.program); err != nil {
			t.Logf("%s is not installed: its proof is left out", s.program)
			continue
		}
		path := filepath.Join(out, s.name)
		err := exec.Command(s.program, append(s.args, path)...).Run()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 20 {
			t.Fatalf("%s: %v, want exit status 20 (UNSAT)", s.program, err)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		proofs[s.name] = b
	}
	answer := filepath.Join(out, "a.out")
	os.WriteFile(answer, []byte("s UNSATISFIABLE\n"), 0o644)
	accepted := 0
	for name, b := range proofs {
		path := filepath.Join(out, name)
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		j := Judge(context.Background(), dir, answer, refutation, []string{path})
		checker, want := dratTrim, "s VERIFIED"
		if strings.HasSuffix(name, ".lrat") {
			checker, want = lratCheck, "c VERIFIED"
		}
		given := path
		if rest, ok := bytes.CutPrefix(b, []byte("%RUPD")); ok {
			// PicoSAT's header line is no DRAT: drat-trim reads it as a
			// lemma and fails ("no conflict"), drat skips it. drat-trim
			// is given the lines after it, the proof drat checks.
			given = path + ".noheader"
			os.WriteFile(given, rest[bytes.IndexByte(rest, '\n')+1:], 0o644)
		}
		msg, _ := exec.Command(checker, instance, given).CombinedOutput()
		theirs := strings.Contains(string(msg), want) && !strings.Contains(string(msg), "NOT VERIFIED")
		switch {
		case j.Verdict == Right && !theirs:
			t.Errorf("%s: judge says right, %s refuses it:\n%s", name, filepath.Base(checker), lastLines(msg, 5))
		case j.Verdict != Right && theirs:
			// lrat-check takes an LRAT line whose hints stop short of a
			// conflict when the lemma is implied all the same; drat is
			// stricter, which is the safe side.
			t.Logf("%s: judge says %s (%s), %s accepts it", name, j.Verdict, j.Reason, filepath.Base(checker))
		}
		if j.Verdict == Right {
			accepted++
		}
	}
	if accepted < 2 {
		t.Errorf("%d proofs accepted, want gophersat's DRAT and LRAT at least", accepted)
	}
}

// lastLines returns the last n lines of b.
func lastLines(b []byte, n int) string {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

// TestSummarizePAR2: without a limit the PAR-2 score is the mean time
// when every answer is right and timed (the limit does not matter then);
// otherwise there is none, and PAR2Needs names what it needs, the times,
// the limit or both. Before, a summary without a limit had no score and
// no reason.
func TestSummarizePAR2(t *testing.T) {
	sec := func(s float64) *float64 { return &s }
	right, wrong := Judgement{Verdict: Right}, Judgement{Verdict: Wrong}
	timed := func(j Judgement, s float64) Judgement { j.Seconds = sec(s); return j }
	tests := []struct {
		name  string
		js    []Judgement
		limit time.Duration
		par2  float64 // -1: none
		needs string  // a prefix of PAR2Needs
	}{
		{"all right, timed, no limit", []Judgement{timed(right, 1), timed(right, 2)}, 0, 1.5, ""},
		{"one wrong, no limit", []Judgement{timed(right, 1), timed(wrong, 2)}, 0, -1, "--timeout D: 1 of 2 runs"},
		{"one right without a time, no limit", []Judgement{timed(right, 1), right}, 0, -1, "--timeout D: 1 of 2 runs"},
		{"no times", []Judgement{right, right}, 0, -1, "--times FILE"},
		{"one wrong, a limit", []Judgement{timed(right, 1), timed(wrong, 2)}, 10 * time.Second, 10.5, ""},
		{"none", nil, 0, -1, ""},
	}
	for _, tt := range tests {
		s := Summarize(tt.js, tt.limit)
		switch {
		case tt.par2 < 0 && s.PAR2 != nil, tt.par2 >= 0 && (s.PAR2 == nil || *s.PAR2 != tt.par2):
			t.Errorf("%s: PAR-2 %v, want %v", tt.name, s.PAR2, tt.par2)
		case !strings.HasPrefix(s.PAR2Needs, tt.needs) || (tt.needs == "") != (s.PAR2Needs == ""):
			t.Errorf("%s: PAR-2 needs %q, want %q…", tt.name, s.PAR2Needs, tt.needs)
		}
	}
}
