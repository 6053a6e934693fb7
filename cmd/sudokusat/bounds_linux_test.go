package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// boundAS is the address space the bounded runs get (in KB): 4 GB. It is
// not what the tests check (the resident set is): it keeps a run that
// allocates by an untrusted count from taking the machine's memory and
// minutes first (15 GB and 64 s for --workers 1000000), which then dies
// at once with "fatal error: out of memory". 1 GB is too little for the
// address space the Go runtime and glibc's threads reserve.
const boundAS = 4 << 20

// runBounded runs the binary with stdin under an address-space limit of
// boundAS and a time limit, and returns stdout, stderr, the exit status
// and the largest resident set, in MB.
func runBounded(t *testing.T, limit time.Duration, stdin string, args ...string) (string, string, int, int64) {
	t.Helper()
	cmd := exec.Command("/bin/sh", append([]string{"-c", fmt.Sprintf(`ulimit -v %d && exec "$0" "$@"`, boundAS), binary}, args...)...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(limit):
		cmd.Process.Kill()
		<-done
		t.Fatalf("%q still running after %v: stdout %.200q, stderr %.200q", args, limit, out.String(), errb.String())
	}
	rss := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss >> 10 // KB on Linux
	return out.String(), errb.String(), cmd.ProcessState.ExitCode(), rss
}

// emptyHeader is the sudokusat header of an empty n×n grid with square
// boxes in a direct encoding, and the problem line given.
func emptyHeader(encoding string, n, box int, problem string) string {
	return fmt.Sprintf("c sudokusat cnf v1\nc encoding %s\nc box %dx%d\nc puzzle %s\nc map direct: variable r*%d + c*%d + d is digit d at row r, column c (r, c from 0; d from 1)\n%s\n",
		encoding, box, box, strings.Repeat(".", n*n), n*n, n, problem)
}

// TestDecodeBoundedByCNF: what decode builds and holds is bounded by the
// files it is given, not by counts a CNF's header claims. A 4 KB header
// claiming an empty 64×64 grid in the extended encoding made decode
// --certify build its 33 million clauses (3.6 GB, 30 s) before reading a
// three-line made-up proof; a reduced one claiming 144×144 built 2 GB
// before the reduced check refused the size; "p cnf 2000000000" made a
// 2 GB answer table for a 5 MB answer (1.7 GB resident, the literals
// spread over it).
func TestDecodeBoundedByCNF(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		t.Helper()
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	proof := write("made-up.drat", "1 0\n-1 0\n0\n")

	// A 4×4 puzzle's extended CNF whose problem line claims 2·10⁹
	// variables, and an answer of 5 MB: the model, and 436,180 more
	// literals spread up to there, each false and in no clause.
	small := filepath.Join(dir, "small.cnf")
	if _, errOut, code := runCLI(t, "", "encode", "--encoding", "extended", "-o", small, testdata+"large-4.txt"); code != 0 {
		t.Fatal(errOut)
	}
	b, err := os.ReadFile(small)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "p cnf ") {
			lines[i] = "p cnf 2000000000 " + strings.Fields(l)[3]
		}
	}
	huge := write("huge.cnf", strings.Join(lines, "\n"))
	var answer strings.Builder
	answer.WriteString("s SATISFIABLE\n")
	for v := 65; v <= 2_000_000_000 && answer.Len() < 5<<20; v += 4001 {
		fmt.Fprintf(&answer, "v -%d\n", v)
	}
	solution := "3241143223144123"
	answer.WriteString(directModel(solution, 4))

	tests := []struct {
		name, cnf string
		args      []string
		stdin     string
		code      int
		want      string // in standard output or error
	}{
		{"extended 64×64 header, 33M clauses claimed", write("claims.cnf", emptyHeader("extended", 64, 8, "p cnf 262144 33000000")),
			[]string{"--certify", "--proof", proof}, "s UNSATISFIABLE\n", exitUnsolved,
			"claims.cnf: malformed DIMACS: line 6: the problem line says 33000000 clauses, but the file holds 0"},
		{"extended 64×64 header, no clauses", write("empty.cnf", emptyHeader("extended", 64, 8, "p cnf 262144 0")),
			[]string{"--certify", "--proof", proof}, "s UNSATISFIABLE\n", exitUnsolved,
			"empty.cnf: the proof is not checked: the CNF file holds 0 clauses, fewer than the 22941696 that every direct encoding of a 64×64 grid has"},
		{"reduced 144×144 header", write("reduced.cnf", emptyHeader("reduced", 144, 12, "p cnf 1 0")),
			[]string{"--certify", "--proof", proof}, "s UNSATISFIABLE\n", exitUnsolved,
			"reduced.cnf: the proof is not checked: proofs of the reduced encoding are checked up to 25×25 grids, not 144×144"},
		{"p cnf 2000000000", huge, nil, answer.String(), 0, solution + "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append(append([]string{"decode", "--cnf", tt.cnf}, tt.args...), "-")
			// What was built shows in the resident set, on any machine;
			// the time it took (30 s for 3.6 GB) only on a quiet one.
			out, errOut, code, rss := runBounded(t, 60*time.Second, tt.stdin, args...)
			if code != tt.code || !strings.Contains(out+errOut, tt.want) {
				t.Errorf("exit %d, %q %.300q; want %d with %q", code, out, errOut, tt.code, tt.want)
			}
			if rss > 200 {
				t.Errorf("%d MB resident", rss)
			}
		})
	}
}

// TestWorkersBounded: --workers beyond 64 per CPU is a usage error, for
// every command that takes it, and the largest allowed is a run like any
// other. --workers 1000000 started 8 million goroutines and took 15 GB and
// 64 s for 20 puzzles, where it did not die with "fatal error: out of
// memory".
func TestWorkersBounded(t *testing.T) {
	most := 64 * runtime.NumCPU()
	for _, args := range [][]string{
		{"solve", testdata + "top95-sample.txt"},
		{"count", testdata + "top95-sample.txt"},
		{"check", testdata + "top95-sample.txt"},
		{"grade", testdata + "top95-sample.txt"},
		{"generate", "--seed", "1"},
	} {
		t.Run(args[0], func(t *testing.T) {
			out, errOut, code, _ := runBounded(t, 60*time.Second, "", append(args, "--workers", "1000000")...)
			want := fmt.Sprintf("sudokusat: --workers 1000000: want at most %d (64 per CPU) (see 'sudokusat %s --help')\n", most, args[0])
			if code != exitUsage || out != "" || errOut != want {
				t.Errorf("--workers 1000000: exit %d, %q, %.300q; want %d, %q", code, out, errOut, exitUsage, want)
			}
			out, errOut, code, rss := runBounded(t, 60*time.Second, "", append(args, "--workers", strconv.Itoa(most))...)
			if code != 0 || out == "" || rss > 200 {
				t.Errorf("--workers %d: exit %d, %d MB resident, %q %.300q", most, code, rss, out, errOut)
			}
		})
	}
}

// TestGenerateCountUnbounded: generate makes its puzzles as it writes
// them, so --count may be any number: the first puzzle comes at once, in
// little memory. A slot per puzzle made --count 1000000000 die with "fatal
// error: out of memory" before making one.
func TestGenerateCountUnbounded(t *testing.T) {
	cmd := exec.Command("/bin/sh", "-c", fmt.Sprintf(`ulimit -v %d && exec "$0" "$@"`, boundAS), binary,
		"generate", "--count", "1000000000", "--seed", "1", "--no-sat-check")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(stdout).ReadString('\n')
		lines <- line
	}()
	var line string
	select {
	case line = <-lines:
	case <-time.After(30 * time.Second):
	}
	cmd.Process.Kill()
	cmd.Wait()
	rss := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss >> 10
	if len(strings.TrimSpace(line)) != 81 || rss > 200 {
		t.Errorf("first line %q, %d MB resident; stderr %.300q", line, rss, errb.String())
	}
}
