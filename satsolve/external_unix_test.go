//go:build unix

package satsolve

import (
	"bufio"
	"bytes"
	"context"
	"errors"
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

// markedProcesses returns the ids of the live processes whose command line
// holds marker, from /proc (zombies have an empty command line).
func markedProcesses(t *testing.T, marker string) []int {
	t.Helper()
	dirs, err := filepath.Glob("/proc/[0-9]*/cmdline")
	if err != nil {
		t.Fatal(err)
	}
	var pids []int
	for _, d := range dirs {
		b, err := os.ReadFile(d)
		if err != nil || !bytes.Contains(b, []byte(marker)) {
			continue
		}
		if pid, err := strconv.Atoi(filepath.Base(filepath.Dir(d))); err == nil && pid != os.Getpid() {
			pids = append(pids, pid)
		}
	}
	return pids
}

// gone waits up to hang for the marked processes to end, and kills any
// left so that a failing test leaves nothing running.
func gone(t *testing.T, marker string) bool {
	t.Helper()
	for deadline := time.Now().Add(hang); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if len(markedProcesses(t, marker)) == 0 {
			return true
		}
	}
	for _, pid := range markedProcesses(t, marker) {
		syscall.Kill(pid, syscall.SIGKILL)
	}
	return false
}

// TestExternalProcessGroup checks that a solver's children die with it: on
// a timeout, where the call must also return without waiting for the child
// (which never ends: a call that waited would reach hang), and when the
// solver answers and exits leaving a child behind (which sleeps for ten
// times hang).
func TestExternalProcessGroup(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skipf("the test finds processes through /proc, which %s lacks", runtime.GOOS)
	}
	f := encodeWith(t, "reduced", readPuzzles(t, "top95-sample.txt")[0])

	marker := fmt.Sprintf("sudokusat-test-busy-%d-%d", os.Getpid(), time.Now().UnixNano())
	e := script(t, `sh -c 'while :; do :; done' `+marker+` &
wait`)
	const deadline = 200 * time.Millisecond
	ctx, cancel := context.WithTimeout(context.Background(), deadline)
	defer cancel()
	start := time.Now()
	_, err := e.Count(ctx, f, 1)
	took := time.Since(start)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("timeout: err = %v, want DeadlineExceeded", err)
	}
	if took > hang {
		t.Errorf("timeout: returned after %v, deadline %v", took, deadline)
	}
	if !gone(t, marker) {
		t.Error("timeout: the solver's busy-looping child outlived it")
	}
	t.Logf("timeout of %v returned after %v", deadline, took)

	marker += "-exit"
	e = script(t, fmt.Sprintf(`sh -c 'sleep %d' `, int(10*hang/time.Second))+marker+` &
echo "s UNSATISFIABLE"; exit 20`)
	start = time.Now()
	res, err := e.Count(context.Background(), f, 1)
	if err != nil || res.Status != Unsatisfiable {
		t.Errorf("answer with a child left: %v %v", res.Status, err)
	}
	if took := time.Since(start); took > hang {
		t.Errorf("answer with a child left: returned after %v", took)
	}
	if !gone(t, marker) {
		t.Error("the child the solver left running outlived it")
	}
}

// TestKillIgnoresNoSignal: when a run's context ends, the solver's group
// gets SIGKILL, not a signal it may ignore: a solver deaf to SIGTERM,
// SIGINT and SIGHUP dies of it at once, so that no command waits for a
// solver to finish a search nobody will read.
func TestKillIgnoresNoSignal(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", "-c", `trap "" TERM INT HUP; echo ready; while :; do :; done`)
	ownGroup(cmd)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if _, err := bufio.NewReader(out).ReadString('\n'); err != nil { // its traps are set
		t.Fatal(err)
	}
	cancel()
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	select {
	case <-waited:
	case <-time.After(time.Minute): // generous: it dies in milliseconds
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		<-waited
		t.Fatal("the solver outlived its kill by a minute")
	}
	if sig, ok := signalled(cmd.ProcessState); !ok || !strings.HasPrefix(sig, "SIGKILL ") {
		t.Errorf("the solver ended with %v, want killed by SIGKILL", cmd.ProcessState)
	}
}
