package main

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

// TestGradeCommand grades a batch mixing good and bad input: one line per
// puzzle, in order, errors naming the line.
func TestGradeCommand(t *testing.T) {
	const (
		easy  = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
		hard  = "009500800050030790810700005000070308030805060708020000300007082087060010005004900" // SE 7.3
		multi = "1................................................................................"
	)
	input := strings.Join([]string{easy, hard, easy[:80], "11" + easy[2:], multi}, "\n") + "\n"
	out, stderr, code := runCLI(t, input, "grade")
	if code != 1 {
		t.Errorf("exit %d, want 1 (some puzzles not graded): %s", code, stderr)
	}
	want := []string{
		"1.2 hidden-single",
		"",
		"invalid: line 3: ",
		"invalid: line 4: conflicting givens",
		"invalid: line 5: ",
	}
	got := lines(out)
	if len(got) != len(want) {
		t.Fatalf("%d lines, want %d: %q", len(got), len(want), out)
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("line %d: %q, want prefix %q", i+1, got[i], want[i])
		}
	}
	if got[1] != "7.3 forcing-chain" {
		t.Errorf("line 2: %q, want SE's 7.3, an XY forcing chain", got[1])
	}
	if !strings.Contains(got[4], "more than one solution") {
		t.Errorf("line 5: %q does not say why", got[4])
	}
	if !strings.Contains(stderr, "2 graded") {
		t.Errorf("summary %q", stderr)
	}

	out, _, code = runCLI(t, easy+"\n"+hard+"\n", "grade", "--format", "json")
	var rec struct {
		Index   int
		Status  string
		SE      *float64
		Cost    float64
		Hardest string
		Chains  bool
		Guesses int
		Steps   map[string]int
	}
	recs := lines(out)
	if code != 0 || len(recs) != 2 {
		t.Fatalf("exit %d: %q", code, out)
	}
	if err := json.Unmarshal([]byte(recs[0]), &rec); err != nil {
		t.Fatal(err)
	}
	if rec.Index != 1 || rec.Status != "graded" || rec.SE == nil || *rec.SE != 1.2 || rec.Cost != 1.2 || rec.Hardest != "hidden-single" || rec.Guesses != 0 || rec.Steps["hidden-single"] == 0 {
		t.Errorf("record %+v", rec)
	}
	if err := json.Unmarshal([]byte(recs[1]), &rec); err != nil {
		t.Fatal(err)
	}
	if rec.Index != 2 || rec.Cost < 6.5 || !rec.Chains && rec.Guesses == 0 {
		t.Errorf("record %+v", rec)
	}
}

// TestGradeOrdersSamples checks that the easy sample averages below the
// hard one.
func TestGradeOrdersSamples(t *testing.T) {
	mean := func(file string) float64 {
		out, stderr, code := runCLI(t, "", "grade", testdata+file)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", file, code, stderr)
		}
		sum, n := 0.0, 0
		for _, l := range lines(out) {
			v, err := strconv.ParseFloat(strings.Fields(l)[0], 64)
			if err != nil {
				t.Fatalf("%s: %q: %v", file, l, err)
			}
			sum += v
			n++
		}
		return sum / float64(n)
	}
	easy, hard := mean("easy-sample.txt"), mean("magictour-sample.txt")
	t.Logf("mean score: easy sample %.2f, magictour sample %.2f", easy, hard)
	if easy >= hard {
		t.Errorf("easy sample %.2f is not below the hard one %.2f", easy, hard)
	}
}
