package family

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudokusat/sudokusat"
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
	f, err := readInstance(filepath.Join(dir, in.File), in.SHA256)
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
	}
	var js []Judgement
	for i, tt := range tests {
		answer := filepath.Join(t.TempDir(), "answer")
		if tt.answer != "" {
			os.WriteFile(answer, []byte(tt.answer), 0o644)
		}
		j := Judge(dir, answer, tt.in)
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
	if j := Judge(dir, answer, unique); j.Verdict != Wrong || !strings.Contains(j.Reason, "the file changed") {
		t.Errorf("an edited instance: %s (%s)", j.Verdict, j.Reason)
	}

	s := Summarize(js, 0)
	if s.Instances != 8 || s.Right != 2 || s.Wrong != 4 || s.Unknown != 1 || s.Missing != 1 || s.PAR2 != nil ||
		!strings.HasPrefix(s.PAR2Needs, "--timeout D: 6 of 8 runs") {
		t.Errorf("summary %+v", s)
	}
	// The right answers took 0 s and 1 s; the other six count 2 × 1 s,
	// and so does a right answer past the limit.
	if s := Summarize(js, time.Second); s.PAR2 == nil || *s.PAR2 != (0+1+6*2)/8.0 {
		t.Errorf("PAR-2 %v, want %v", s.PAR2, (0+1+6*2)/8.0)
	}
	if s := Summarize(js, time.Second/2); s.PAR2 == nil || *s.PAR2 != (0+7*1)/8.0 {
		t.Errorf("PAR-2 with a limit of 0.5 s: %v, want %v", s.PAR2, 7/8.0)
	}
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
