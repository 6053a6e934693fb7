package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestOutputDash checks that -o - writes to standard output, as "-" reads
// standard input, and that no file named "-" is made: encode and render
// once created one.
func TestOutputDash(t *testing.T) {
	tests := []struct {
		args []string
		want string // the start of standard output
	}{
		{[]string{"encode", "-o", "-"}, "c sudokusat cnf"},
		{[]string{"encode", "--output=-", "--format", "opb"}, "* #variable="},
		{[]string{"render", "-o", "-"}, "<?xml"},
		{[]string{"render", "--solution", "--output", "-"}, "<?xml"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			dir := t.TempDir()
			cmd := exec.Command(binary, tt.args...)
			cmd.Dir = dir
			cmd.Stdin = strings.NewReader(inputPuzzle + "\n")
			var out, errOut bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errOut
			if err := cmd.Run(); err != nil {
				t.Fatalf("%v: %s", err, errOut.String())
			}
			if !strings.HasPrefix(out.String(), tt.want) {
				t.Errorf("standard output starts %.40q, want %q", out.String(), tt.want)
			}
			if _, err := os.Stat(filepath.Join(dir, "-")); err == nil {
				t.Error(`a file named "-" was made`)
			}
		})
	}
}

// TestRefusalIsNotAWriteError: a puzzle that encode or render refuses is
// reported as the puzzle's error, not as a failed write, and leaves no
// file behind; a failed write is still one. The extended encoding's size
// refusal read "write standard output: formula too large: the extended
// encoding of this 100×100 puzzle has …", and -o left an empty file.
func TestRefusalIsNotAWriteError(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty-100.txt")
	var rows strings.Builder
	for range 100 {
		rows.WriteString(strings.TrimSpace(strings.Repeat("0 ", 100)) + "\n")
	}
	if err := os.WriteFile(empty, []byte(rows.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	unsolvable := ".234567891........" + strings.Repeat(".", 63) + "\n"
	tests := []struct {
		name  string
		stdin string
		args  []string
		file  string // a file that must not be left behind
		want  string // standard error, after "sudokusat: "
	}{
		{"encode", "", []string{"encode", "--encoding", "extended", empty}, "",
			empty + ":1: formula too large: the extended encoding of this 100×100 puzzle has"},
		{"encode -o", "", []string{"encode", "--encoding", "extended", "-o", filepath.Join(dir, "p.cnf"), empty}, filepath.Join(dir, "p.cnf"),
			empty + ":1: formula too large: the extended encoding of this 100×100 puzzle has"},
		{"encode --out-dir", "", []string{"encode", "--encoding", "extended", "--out-dir", filepath.Join(dir, "cnf"), empty}, filepath.Join(dir, "cnf", "puzzle-0001.cnf"),
			empty + ":1: formula too large: the extended encoding of this 100×100 puzzle has"},
		{"render --solution", unsolvable, []string{"render", "--solution"}, "", "line 1: unsolvable: no solution"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, tt.stdin, tt.args...)
			if code != exitUnsolved || out != "" || !strings.HasPrefix(errOut, "sudokusat: "+tt.want) || strings.Contains(errOut, ": write ") {
				t.Errorf("exit %d, %.80q, %q; want %d, %q and no write error", code, out, errOut, exitUnsolved, tt.want)
			}
			if tt.name != "render --solution" && !strings.Contains(errOut, "the reduced encoding writes only what the givens leave open") {
				t.Errorf("%q does not name the encoding that can", errOut)
			}
			if _, err := os.Stat(tt.file); tt.file != "" && err == nil {
				t.Errorf("%s left behind", tt.file)
			}
		})
	}
	// A write that fails is still reported as one, and the device it went
	// to is left in place.
	if _, err := os.Stat("/dev/full"); err == nil {
		_, errOut, code := runCLI(t, "", "encode", "-o", "/dev/full", testdata+"large-4.txt")
		if code != exitUnsolved || !strings.Contains(errOut, "write /dev/full: no space left on device") {
			t.Errorf("-o /dev/full: exit %d, %q", code, errOut)
		}
		if _, err := os.Stat("/dev/full"); err != nil {
			t.Fatalf("-o /dev/full removed the device: %v", err)
		}
	}
}
