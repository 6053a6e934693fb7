package main

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestWriteErrors runs commands with standard output on /dev/full: the
// lost output must be reported and the exit status must not be 0.
func TestWriteErrors(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skipf("no /dev/full on this system (%v): the test needs Linux", err)
	}
	defer full.Close()
	sample := testdata + "17clue-sample.txt"
	for _, args := range [][]string{
		{"solve", sample},
		{"solve", "--format", "grid", sample},
		{"solve", "--format", "json", "--engine", "native", sample},
		{"count", sample},
		{"check", sample},
		{"grade", sample},
		{"transform", "--rotate", "90", sample},
		{"generate", "--seed", "1", "--count", "3"},
		{"bench", "--max", "5", sample},
		{"encode", inkala},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			if args[0] == "encode" {
				args = []string{"encode", "-"}
			}
			cmd := exec.Command(binary, args...)
			cmd.Stdin = strings.NewReader(inkala + "\n")
			cmd.Stdout = full
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			err := cmd.Run()
			if cmd.ProcessState.ExitCode() == 0 {
				t.Errorf("exit 0 with its output lost (err %v)", err)
			}
			if !strings.Contains(stderr.String(), "no space left on device") {
				t.Errorf("the lost output is not reported: %q", stderr.String())
			}
		})
	}
}
