package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestCandidatesCommand: the three formats say the same candidates, for a
// classic puzzle and a variant one, with each engine that takes it; a
// puzzle without a solution and a bad line get their own records; a bad
// cap is a usage error.
func TestCandidatesCommand(t *testing.T) {
	type rec struct {
		Status     string
		Candidates [][]int
		Counts     [][]int
		Solutions  int
	}
	read := func(out string) []rec {
		var rs []rec
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			var r rec
			if err := json.Unmarshal([]byte(line), &r); err != nil {
				t.Fatalf("%q: %v", line, err)
			}
			rs = append(rs, r)
		}
		return rs
	}
	input := "1234........2...\n44..............\n1234341221434321\n......34...23...\n"
	var first []rec
	for _, e := range []string{"native", "search", "sat"} {
		out, _, code := runCLI(t, input, "candidates", "--engine", e, "--format", "json", "-")
		rs := read(out)
		if code != 1 || len(rs) != 4 || rs[0].Status != "answered" || rs[1].Status != "invalid" || rs[2].Status != "answered" || rs[3].Status != "unsolvable" {
			t.Fatalf("%s: exit %d, %+v", e, code, rs)
		}
		if got := rs[2].Candidates; len(got) != 16 || got[0][0] != 1 || len(got[4]) != 1 || got[4][0] != 3 {
			t.Errorf("%s: a solved grid's candidates are its digits: %v", e, got)
		}
		if first == nil {
			first = rs
		} else if b1, b2 := mustJSON(t, first[0].Candidates), mustJSON(t, rs[0].Candidates); b1 != b2 {
			t.Errorf("%s: %s, native %s", e, b2, b1)
		}
	}
	// The line form: N³ symbols, digit d at place d, '.' elsewhere.
	out, _, _ := runCLI(t, "1234........2...\n", "candidates", "--format", "line", "-")
	line := strings.TrimSpace(out)
	if len(line) != 64 {
		t.Fatalf("line form: %q", line)
	}
	for cell, ds := range first[0].Candidates {
		for d := 1; d <= 4; d++ {
			want := byte('.')
			for _, x := range ds {
				if x == d {
					want = byte('0' + d)
				}
			}
			if line[cell*4+d-1] != want {
				t.Fatalf("line form %q, cell %d digit %d: %c, want %c", line, cell, d, line[cell*4+d-1], want)
			}
		}
	}
	// The grid form: four rows of candidates and a rule between boxes.
	out, _, _ = runCLI(t, "1234........2...\n", "candidates", "-")
	rows := strings.Split(strings.TrimRight(out, "\n"), "\n")
	if len(rows) != 5 || !strings.HasPrefix(rows[0], "1   2   | 3   4") || !strings.Contains(rows[2], "+") {
		t.Errorf("grid form:\n%s", out)
	}
	// Counts up to the cap: the open 4×4 with three givens has 6
	// solutions; r1c1 is 1 in all of them. gophersat returns each
	// solution it counts, so it meets all 6 (native counts some
	// without returning them).
	out, _, _ = runCLI(t, "1234........2...\n", "candidates", "--engine", "sat", "--cap", "10", "--format", "json", "-")
	if rs := read(out); len(rs) != 1 || rs[0].Solutions != 6 || rs[0].Counts[0][0] != 6 || rs[0].Counts[4][2] != 3 {
		t.Errorf("--cap 10: %+v", rs)
	}
	// A variant puzzle, through the search and gophersat alike.
	a, _, _ := runCLI(t, "", "candidates", "--engine", "search", "--format", "line", "../../testdata/variants/killer-4.json")
	b, _, _ := runCLI(t, "", "candidates", "--engine", "sat", "--format", "line", "../../testdata/variants/killer-4.json")
	if a != b || len(strings.TrimSpace(a)) != 64 {
		t.Errorf("killer-4: search %q, sat %q", a, b)
	}
	if _, errOut, code := runCLI(t, "", "candidates", "--cap", "0", "-"); code != 2 || !strings.Contains(errOut, "--cap 0") {
		t.Errorf("--cap 0: exit %d, %q", code, errOut)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
