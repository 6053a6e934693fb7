package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestNoFilesLeftAfterSIGKILL: a command killed outright while an
// external solver runs cannot remove the solver's files (the CNF of a
// 64×64 grid is 3 MB): the next command that opens an external solver
// does, and removes nothing of a run still under way. The solver is a
// script that marks its start beside the CNF, as a user's wrapper may
// write files there, then sleeps; TMPDIR is the test's own.
func TestNoFilesLeftAfterSIGKILL(t *testing.T) {
	bin := t.TempDir()
	write := func(name, body string) string {
		path := filepath.Join(bin, name)
		if err := os.WriteFile(path, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		return path
	}
	// The last argument is the CNF; exec keeps the parent-death signal,
	// so the sleep dies with the command.
	sleeper := write("fake-sleeper", `for a; do cnf=$a; done; touch "$cnf.started"; exec sleep 60`)
	answerer := write("fake-answerer", `echo "s UNSATISFIABLE"; exit 20`)
	// auto opens every CaDiCaL it finds on PATH: this one it never runs,
	// the native solver answering the easy puzzle first.
	write("cadical", `echo "s UNKNOWN"; exit 0`)
	puzzle := puzzleLines(t, "top95-sample.txt")[0].String() + "\n"

	tmp := t.TempDir()
	run := func(stdin string, args ...string) *exec.Cmd {
		cmd := exec.Command(binary, args...)
		cmd.Env = append(os.Environ(), "TMPDIR="+tmp, "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
		cmd.Stdin = strings.NewReader(stdin)
		return cmd
	}
	left := func() []string {
		entries, err := os.ReadDir(tmp)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		return names
	}

	// sleep starts a command whose solver sleeps, and returns it once the
	// solver has started, with the mark it made.
	sleep := func() (*exec.Cmd, string) {
		t.Helper()
		cmd := run(puzzle, "solve", "--engine", sleeper+" {cnf}")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
		for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(20 * time.Millisecond) {
			if marks, _ := filepath.Glob(filepath.Join(tmp, "*", "*.started")); len(marks) == 1 {
				return cmd, marks[0]
			}
			if time.Now().After(deadline) {
				t.Fatalf("no solver started in 30 s; TMPDIR holds %q", left())
			}
		}
	}
	// next runs a command with the engine given, which opens it.
	next := func(engine string) {
		t.Helper()
		var stderr bytes.Buffer
		cmd := run(puzzle, "solve", "--engine", engine)
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil && !isExit(err, exitUnsolved) {
			t.Fatalf("--engine %s: %v, %s", engine, err, stderr.String())
		}
	}

	for _, engine := range []string{answerer + " {cnf}", "auto"} {
		killed, _ := sleep()
		killed.Process.Kill()
		killed.Wait()
		if len(left()) == 0 {
			t.Fatal("nothing left after SIGKILL: the test did not kill a run under way")
		}
		next(engine)
		if names := left(); len(names) != 0 {
			t.Errorf("--engine %s: %q left in TMPDIR after the run that followed a SIGKILL", engine, names)
		}

		// A run under way beside the next command keeps its files.
		live, mark := sleep()
		next(engine)
		if _, err := os.Stat(mark); err != nil {
			t.Errorf("--engine %s removed the files of a run under way: %v", engine, err)
		}
		live.Process.Kill()
		live.Wait()
		next(engine)
		if names := left(); len(names) != 0 {
			t.Errorf("--engine %s: %q left in TMPDIR", engine, names)
		}
	}
}

// isExit reports whether err is a process's exit with the given status.
func isExit(err error, code int) bool {
	ee, ok := err.(*exec.ExitError)
	return ok && ee.ExitCode() == code
}
