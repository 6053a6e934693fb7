//go:build unix

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// directModel is the model line of a solver's answer for a direct
// encoding of an n×n grid (n ≤ 9) whose solution is the line given: "v",
// every variable's literal, then 0.
func directModel(solution string, n int) string {
	var b strings.Builder
	b.WriteString("v")
	for cell, d := range solution {
		for digit := 1; digit <= n; digit++ {
			v := cell*n + digit
			if int(d-'0') != digit {
				v = -v
			}
			fmt.Fprintf(&b, " %d", v)
		}
	}
	b.WriteString(" 0\n")
	return b.String()
}

// TestDecodeCNFFromPipe: --cnf may name a pipe (bash's <(…)) or a FIFO.
// decode read the CNF's header, then seeked back to its start for the
// problem line: "illegal seek". --certify, which also counts the clauses
// after the header, reads the same stream on.
func TestDecodeCNFFromPipe(t *testing.T) {
	dir := t.TempDir()
	cnfPath := filepath.Join(dir, "p.cnf")
	if _, errOut, code := runCLI(t, "", "encode", "--encoding", "extended", "-o", cnfPath, testdata+"large-4.txt"); code != 0 {
		t.Fatal(errOut)
	}
	cnf, err := os.ReadFile(cnfPath)
	if err != nil {
		t.Fatal(err)
	}
	const solution = "3241143223144123"
	proof := filepath.Join(dir, "made-up.drat")
	if err := os.WriteFile(proof, []byte("0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		args   []string
		answer string
		code   int
		want   string
	}{
		{"model", nil, "s SATISFIABLE\n" + directModel(solution, 4), 0, solution + "\n"},
		{"certify", []string{"--certify", "--proof", proof}, "s UNSATISFIABLE\n", exitUnsolved, "wrong: standard input: proof rejected: "},
	}
	for _, tt := range tests {
		t.Run(tt.name+" pipe", func(t *testing.T) {
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			go func() {
				w.Write(cnf)
				w.Close()
			}()
			args := append(append([]string{"decode", "--cnf", "/dev/fd/3"}, tt.args...), "-")
			out, errOut, code := runWithinInput(t, 30*time.Second, []*os.File{r}, tt.answer, args...)
			if code != tt.code || !strings.HasPrefix(out, tt.want) {
				t.Errorf("exit %d, %q %q; want %d, %q", code, out, errOut, tt.code, tt.want)
			}
		})
		t.Run(tt.name+" FIFO", func(t *testing.T) {
			fifo := filepath.Join(t.TempDir(), "p.cnf")
			if err := syscall.Mkfifo(fifo, 0o600); err != nil {
				t.Skipf("no FIFO here: %v", err)
			}
			go func() {
				f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
				if err != nil {
					return
				}
				f.Write(cnf)
				f.Close()
			}()
			args := append(append([]string{"decode", "--cnf", fifo}, tt.args...), "-")
			out, errOut, code := runWithinInput(t, 30*time.Second, nil, tt.answer, args...)
			if code != tt.code || !strings.HasPrefix(out, tt.want) {
				t.Errorf("exit %d, %q %q; want %d, %q", code, out, errOut, tt.code, tt.want)
			}
		})
	}
}
