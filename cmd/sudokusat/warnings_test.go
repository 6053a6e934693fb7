package main

import (
	"encoding/json"
	"os"
	"path/filepath"
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
