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
