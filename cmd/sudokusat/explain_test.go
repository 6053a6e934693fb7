package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestExplain: explain gives one record per puzzle in input order, each
// step numbered and checked, ending at the solution solve finds; a
// variant puzzle's hardest step has a cost and no SE rating; --max-rating
// leaves a hard puzzle stuck (exit 1); an invalid puzzle is one record.
func TestExplain(t *testing.T) {
	hard := "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	clash := "11" + strings.Repeat(".", 79)
	sol, _, code := runCLI(t, hard+"\n", "solve", "--engine", "native")
	if code != 0 {
		t.Fatalf("solve: exit %d", code)
	}
	out, errOut, code := runCLI(t, hard+"\n"+clash+"\n", "explain", "--format", "json", "-")
	if code != exitUnsolved {
		t.Errorf("exit %d, want %d (one puzzle invalid): %s", code, exitUnsolved, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d records, want 2:\n%s", len(lines), out)
	}
	var rec struct {
		Status   string
		Unique   bool
		Solution string
		Steps    []struct {
			Technique    string
			Checked      bool
			Placements   []struct{ Cell string }
			Eliminations []struct{ Cell string }
			Rules        []struct{ Name string }
		}
		Hardest struct {
			Technique string
			SE        *float64
			Cost      float64
		}
	}
	if err := json.Unmarshal([]byte(lines[0]), &rec); err != nil {
		t.Fatal(err)
	}
	if rec.Status != "explained" || !rec.Unique || rec.Solution != strings.TrimSpace(sol) || len(rec.Steps) < 10 {
		t.Errorf("record: %s, unique %v, solution %q (solve: %q), %d steps", rec.Status, rec.Unique, rec.Solution, strings.TrimSpace(sol), len(rec.Steps))
	}
	for i, st := range rec.Steps {
		if !st.Checked || len(st.Placements)+len(st.Eliminations) == 0 {
			t.Errorf("step %d (%s): checked %v, %d conclusions", i+1, st.Technique, st.Checked, len(st.Placements)+len(st.Eliminations))
		}
	}
	if rec.Hardest.SE == nil || *rec.Hardest.SE != rec.Hardest.Cost || rec.Hardest.Cost < 2 {
		t.Errorf("hardest: %+v", rec.Hardest)
	}
	if !strings.Contains(lines[1], `"status":"invalid"`) || !strings.Contains(lines[1], "line 2") {
		t.Errorf("the clash: %s", lines[1])
	}

	// Steps as text, and the hardest rating capped.
	out, _, code = runCLI(t, hard+"\n", "explain", "--max-rating", "2.3", "-")
	if code != exitUnsolved || !strings.HasPrefix(out, "stuck: line 1 in ") || !strings.Contains(out, "\n   1. givens: ") {
		t.Errorf("--max-rating 2.3: exit %d\n%s", code, out)
	}
	for _, l := range strings.Split(strings.TrimSpace(out), "\n")[1:] {
		if strings.Contains(l, "pointing") || strings.Contains(l, "contradiction") {
			t.Errorf("a step above 2.3: %s", l)
		}
	}

	// A variant puzzle: a cost, no SE rating; rules named.
	out, _, code = runCLI(t, "", "explain", "--format", "json", testdata+"variants/killer-9.json")
	if code != 0 {
		t.Fatalf("killer: exit %d", code)
	}
	rec.Hardest.SE, rec.Steps = nil, nil // Unmarshal leaves absent fields as they were
	if err := json.Unmarshal([]byte(out), &rec); err != nil {
		t.Fatal(err)
	}
	if rec.Status != "explained" || rec.Hardest.SE != nil || rec.Hardest.Cost == 0 {
		t.Errorf("killer: %s, hardest %+v", rec.Status, rec.Hardest)
	}
	killer := false
	for _, st := range rec.Steps {
		for _, r := range st.Rules {
			killer = killer || strings.HasPrefix(r.Name, "killer r")
		}
	}
	if !killer {
		t.Error("no step names a killer cage")
	}
}

// TestExplainNext: --next gives one step: from the givens for a classic
// line, from the pencil marks for a candidate grid (whose first step is
// then no longer the givens'), and "solved" for a solved grid.
func TestExplainNext(t *testing.T) {
	out, _, code := runCLI(t, "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n", "explain", "--next", "-")
	if code != 0 || !strings.HasPrefix(out, "next: line 1: givens: ") || strings.Count(out, "\n") != 1 {
		t.Errorf("a classic line: exit %d\n%s", code, out)
	}
	out, _, code = runCLI(t, "", "explain", "--next", "--format", "json", testdata+"candidates.txt")
	var rec struct {
		Status string
		Steps  []struct {
			Technique string
			Checked   bool
		}
	}
	if err := json.Unmarshal([]byte(out), &rec); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if code != 0 || rec.Status != "explained" || len(rec.Steps) != 1 || rec.Steps[0].Technique != "hidden-single" || !rec.Steps[0].Checked {
		t.Errorf("a candidate grid: exit %d %+v", code, rec)
	}
	out, _, code = runCLI(t, "3241143223144123\n", "explain", "--next", "-")
	if code != 0 || out != "solved: line 1: no step left\n" {
		t.Errorf("a solved grid: exit %d %q", code, out)
	}
}
