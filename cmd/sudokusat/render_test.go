package main

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRenderCommand(t *testing.T) {
	const p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"
	tests := []struct {
		name  string
		args  []string
		texts int
	}{
		{"puzzle", []string{"render", "--svg"}, 17},
		{"solution", []string{"render", "--svg", "--solution"}, 81},
	}
	for _, tt := range tests {
		out, stderr, code := runCLI(t, p, tt.args...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", tt.name, code, stderr)
		}
		var doc struct {
			XMLName xml.Name
			Texts   []string `xml:"g>text"`
		}
		if err := xml.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatalf("%s: not XML: %v", tt.name, err)
		}
		if doc.XMLName.Local != "svg" || len(doc.Texts) != tt.texts {
			t.Errorf("%s: <%s> with %d digits, want <svg> with %d", tt.name, doc.XMLName.Local, len(doc.Texts), tt.texts)
		}
	}

	// Several puzzles need --out-dir.
	two := p + p
	if _, _, code := runCLI(t, two, "render"); code != 2 {
		t.Errorf("two puzzles without --out-dir: exit %d, want 2", code)
	}
	dir := t.TempDir()
	if _, stderr, code := runCLI(t, two, "render", "--out-dir", dir); code != 0 {
		t.Fatalf("--out-dir: exit %d: %s", code, stderr)
	}
	for _, name := range []string{"puzzle-0001.svg", "puzzle-0002.svg"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || !strings.Contains(string(b), "</svg>") {
			t.Errorf("%s: %v", name, err)
		}
	}
	out := filepath.Join(dir, "one.svg")
	if _, _, code := runCLI(t, "", "render", "-o", out, testdata+"large-16.txt"); code != 0 {
		t.Errorf("16×16 to a file: exit %d", code)
	}
	if _, _, code := runCLI(t, "11"+p[2:], "render"); code != 1 {
		t.Errorf("conflicting givens: exit %d, want 1", code)
	}
	if _, _, code := runCLI(t, p, "render", "--cell-size", "0"); code != 2 {
		t.Errorf("--cell-size 0: exit %d, want 2", code)
	}
}
