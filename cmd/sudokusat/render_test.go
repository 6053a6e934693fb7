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
}

// TestRenderCellSize: --cell-size takes 4 to 400 pixels; any other size is
// a usage error saying the range. 1e308 wrote width="+Inf" and exited 0,
// 1e-7 a drawing of width 0.
func TestRenderCellSize(t *testing.T) {
	tests := []struct {
		px    string
		code  int
		width string // in the drawing of the 4×4 sample
	}{
		{"4", 0, `width="17.2"`},
		{"40", 0, `width="172"`},
		{"400", 0, `width="1720"`},
		{"0", exitUsage, ""},
		{"3", exitUsage, ""},
		{"401", exitUsage, ""},
		{"-5", exitUsage, ""},
		{"1e-7", exitUsage, ""},
		{"1e308", exitUsage, ""},
		{"NaN", exitUsage, ""},
		{"Inf", exitUsage, ""},
	}
	for _, tt := range tests {
		out, errOut, code := runCLI(t, "", "render", "--cell-size", tt.px, testdata+"large-4.txt")
		if tt.code == 0 {
			if code != 0 || !strings.Contains(out, tt.width) {
				t.Errorf("--cell-size %s: exit %d, %q; want %s in %.200q", tt.px, code, errOut, tt.width, out)
			}
			continue
		}
		if code != tt.code || out != "" || !strings.Contains(errOut, ": want 4 to 400 pixels") || !strings.HasPrefix(errOut, "sudokusat: --cell-size ") {
			t.Errorf("--cell-size %s: exit %d, %.100q, %q; want %d and the range", tt.px, code, out, errOut, tt.code)
		}
	}
}
