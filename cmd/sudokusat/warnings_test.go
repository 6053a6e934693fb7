package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestReadWarnings: a killer cage labelled with text is read without a
// sum, and the command says so on standard error, naming the puzzle's
// place, while it answers as usual.
func TestReadWarnings(t *testing.T) {
	data, err := os.ReadFile("../../testdata/variants/thermo-4.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	doc["killercage"] = []map[string]any{{"cells": []string{"R4C3", "R4C4"}, "value": ">3"}}
	data, _ = json.Marshal(doc)
	file := filepath.Join(t.TempDir(), "labelled.json")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	sol, err := os.ReadFile("../../testdata/variants/thermo-4.solution")
	if err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runCLI(t, "", "solve", file)
	want := "sudokusat: " + file + ":1: warning: killer cage r4c3,r4c4 labelled \">3\": not a number, read as a cage without a sum\n"
	if code != 0 || !strings.Contains(out, strings.TrimSpace(string(sol))) || !strings.HasPrefix(errOut, want) {
		t.Errorf("solve: exit %d, %q, %q; want the solution and %q", code, out, errOut, want)
	}
}

// TestNotRead: a document whose rules are drawings, here one line and one
// text over thermo-4's grid without its thermometers, is counted for the
// rules read (≥2), and every command says what it did not read: a line on
// standard error naming both, and every JSON record a not_read field
// listing them.
func TestNotRead(t *testing.T) {
	data, err := os.ReadFile("../../testdata/variants/thermo-4.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	delete(doc, "thermometer")
	doc["line"] = []map[string]any{{"lines": [][]string{{"R1C1", "R1C2", "R1C3", "R1C4"}}, "outlineC": "#CFCFCF", "width": 0.5}}
	doc["text"] = []map[string]any{{"cells": []string{"R4C4"}, "value": "grey lines are thermometers"}}
	doc["title"], doc["author"], doc["ruleset"] = "Drawn", "A. Setter", "Normal sudoku rules apply."
	data, _ = json.Marshal(doc)
	file := filepath.Join(t.TempDir(), "drawn.json")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	warning := "sudokusat: " + file + ":1: warning: 2 drawings (1 line, 1 text) not read as rules: the answer holds for the rules read\n"
	out, errOut, _ := runCLI(t, "", "count", file)
	if !strings.HasPrefix(out, "≥2 several") || !strings.HasPrefix(errOut, warning) {
		t.Errorf("count: %q, %q; want ≥2 and %q", out, errOut, warning)
	}
	want := []any{
		map[string]any{"kind": "line", "cells": []any{"r1c1", "r1c2", "r1c3", "r1c4"}},
		map[string]any{"kind": "text", "cells": []any{"r4c4"}, "text": "grey lines are thermometers"},
	}
	for _, args := range [][]string{
		{"solve"}, {"count"}, {"check", "--engines", "search,sat"}, {"grade"},
		{"candidates"}, {"hint"}, {"minimal"},
	} {
		t.Run(args[0], func(t *testing.T) {
			out, errOut, _ := runCLI(t, "", append(append(args, "--format", "json"), file)...)
			if !strings.HasPrefix(errOut, warning) {
				t.Errorf("standard error %q, want %q first", errOut, warning)
			}
			lines := strings.Split(strings.TrimSpace(out), "\n")
			records := 0
			for _, line := range lines {
				var rec map[string]any
				if err := json.Unmarshal([]byte(line), &rec); err != nil {
					t.Fatalf("%q: %v", line, err)
				}
				if _, ok := rec["index"]; !ok {
					continue // check's summaries, one per engine
				}
				records++
				if !reflect.DeepEqual(rec["not_read"], want) {
					t.Errorf("not_read %v, want %v in %s", rec["not_read"], want, line)
				}
				if rec["title"] != "Drawn" || rec["author"] != "A. Setter" || rec["rules_text"] != "Normal sudoku rules apply." {
					t.Errorf("title %v, author %v, rules_text %v in %s", rec["title"], rec["author"], rec["rules_text"], line)
				}
			}
			if records == 0 {
				t.Errorf("no record in %q", out)
			}
		})
	}
}
