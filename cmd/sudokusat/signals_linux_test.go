package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// children lists the processes whose parent is pid, from /proc.
func children(t *testing.T, pid int) []int {
	t.Helper()
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	var out []int
	for _, f := range stats {
		b, err := os.ReadFile(f)
		if err != nil {
			continue // gone meanwhile
		}
		// pid (comm) state ppid …; comm may hold spaces: cut after ")".
		s := string(b)
		i := strings.LastIndexByte(s, ')')
		fields := strings.Fields(s[i+1:])
		if len(fields) > 1 && fields[1] == strconv.Itoa(pid) {
			child, _ := strconv.Atoi(filepath.Base(filepath.Dir(f)))
			out = append(out, child)
		}
	}
	return out
}

// alive reports whether pid is a live process (not gone, not a zombie).
func alive(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	s := string(b)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	return len(fields) > 0 && fields[0] != "Z"
}

// startBusy starts solve on standard input with easy puzzles and then an
// empty 64×64 grid in the extended encoding (31 million clauses), which
// keeps a gophersat worker busy for many seconds, and returns once the
// easy puzzles' records are out and the worker runs.
func startBusy(t *testing.T) (*exec.Cmd, *bufio.Scanner, *bytes.Buffer, []int) {
	t.Helper()
	cmd := exec.Command(binary, "solve", "--encoding", "extended", "--workers", "1", "-")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); stdin.Close() })
	watchdog := time.AfterFunc(30*time.Second, func() { cmd.Process.Kill() })
	t.Cleanup(func() { watchdog.Stop() })
	easy := puzzleLines(t, "top95-sample.txt")[:2]
	for _, g := range easy {
		fmt.Fprintln(stdin, g)
	}
	lines := bufio.NewScanner(stdout)
	for range easy {
		if !lines.Scan() {
			t.Fatalf("no record for an easy puzzle; stderr %q", stderr.String())
		}
	}
	for range 64 {
		fmt.Fprintln(stdin, strings.TrimSpace(strings.Repeat("0 ", 64)))
	}
	fmt.Fprintln(stdin)
	// The worker process is the binary's child, started for the easy
	// puzzles. The 64×64 has reached it once it has spent a fifth of a
	// second of CPU (20 ticks of 10 ms), where the easy puzzles took
	// milliseconds: then the command has read it, however slowly a loaded
	// machine got there.
	var kids []int
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) {
		kids = children(t, cmd.Process.Pid)
		if slices.ContainsFunc(kids, func(pid int) bool { return procCPUTicks(pid) >= 20 }) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no worker process at work on the 64×64 after a minute (children %v); stderr %q", kids, stderr.String())
		}
	}
	return cmd, lines, &stderr, kids
}

// TestSIGTERM: SIGTERM is Ctrl-C's equal: the records so far, the
// summary, exit 143, and no worker process left running. Before, SIGTERM
// killed the command at once: no summary, and the gophersat worker went on
// at full CPU, reparented to init.
func TestSIGTERM(t *testing.T) {
	cmd, lines, stderr, kids := startBusy(t)
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	var rest []string
	for lines.Scan() {
		rest = append(rest, lines.Text())
	}
	cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != exitTerminated {
		t.Errorf("exit %d, want %d; stderr %q", code, exitTerminated, stderr.String())
	}
	if len(rest) != 1 || !strings.HasPrefix(rest[0], "canceled: line 3: ") {
		t.Errorf("records after SIGTERM %q, want the 64×64's canceled record", rest)
	}
	// The puzzle stopped under way is canceled, not an error.
	if !strings.Contains(stderr.String(), "3 puzzles: 2 solved, 0 unsolvable, 0 invalid, 0 timed out, 1 canceled, 0 errors in ") ||
		!strings.HasSuffix(stderr.String(), "sudokusat: terminated\n") {
		t.Errorf("stderr %q: want the summary, the 64×64 canceled, and the word terminated", stderr.String())
	}
	waitGone(t, kids)
}

// TestSIGKILL: the worker processes die with the command even when it is
// killed outright, by Linux's parent-death signal.
func TestSIGKILL(t *testing.T) {
	cmd, _, _, kids := startBusy(t)
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	waitGone(t, kids)
}

// waitGone fails unless every pid is gone within a minute: at once, when
// they die with their parent, on any machine.
func waitGone(t *testing.T, pids []int) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for _, pid := range pids {
		for alive(pid) && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
		}
		if alive(pid) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Errorf("child process %d still running after its parent ended", pid)
		}
	}
}
