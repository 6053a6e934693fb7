package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestTerminalHint checks that a command waiting for standard input on a
// terminal says so on standard error, and that nothing else does: not a
// command given a file, not one that reads no input, not a pipe. The
// terminal is script(1)'s (util-linux), which the test skips without.
func TestTerminalHint(t *testing.T) {
	script, err := exec.LookPath("script")
	if err != nil {
		t.Skip("no script(1) to give the command a terminal")
	}
	const hint = "reading standard input"
	file := testdata + "large-4.txt"
	tests := []struct {
		name     string
		terminal bool
		args     []string
		want     bool
	}{
		{"terminal, no file", true, []string{"solve", "--engine", "native"}, true},
		{"terminal, -", true, []string{"count", "--engine", "native", "-"}, true},
		{"terminal, a file", true, []string{"solve", "--engine", "native", file}, false},
		{"terminal, no input read", true, []string{"generate", "--size", "4", "--seed", "1"}, false},
		{"terminal, a usage error", true, []string{"solve", "--workers", "0"}, false},
		{"pipe", false, []string{"solve", "--engine", "native"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel() // script lingers about 2 s after a command that reads nothing
			var out string
			if tt.terminal {
				// script runs the command on a new terminal, its standard
				// input ours (the puzzle), its output all on script's.
				cmd := exec.Command(script, "-qec", binary+" "+strings.Join(tt.args, " "), "/dev/null")
				cmd.Stdin = strings.NewReader(inputPuzzle + "\n")
				b, err := cmd.CombinedOutput()
				if _, ok := err.(*exec.ExitError); err != nil && !ok {
					t.Fatal(err)
				}
				out = string(b)
			} else {
				_, out, _ = runCLI(t, inputPuzzle+"\n", tt.args...)
			}
			if got := strings.Contains(out, hint); got != tt.want {
				t.Errorf("%q said: %v, want %v:\n%s", hint, got, tt.want, out)
			}
		})
	}
}
