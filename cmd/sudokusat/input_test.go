package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"
)

const (
	inputPuzzle   = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	inputSolution = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
)

// runIn runs the command line in this process, as main does, and returns
// stdout, stderr and the exit status. The native engine keeps the work in
// the process.
func runIn(t *testing.T, stdin io.Reader, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), append([]string{"sudokusat"}, args...), stdin, &out, &errb)
	return out.String(), errb.String(), code
}

// TestInputsUnreadable: an input that cannot be read, a directory among
// them, stops every batch command before the first puzzle: one line on
// stderr naming it, nothing on stdout, exit status 2. Before, a directory
// in the middle of the batch ended it there, after the records of the files
// before it, without a summary and with status 1.
func TestInputsUnreadable(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.txt")
	b := filepath.Join(dir, "b.txt")
	for _, f := range []string{a, b} {
		if err := os.WriteFile(f, []byte(inputPuzzle+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.txt")
	commands := [][]string{
		{"solve", "--engine", "native"},
		{"count", "--engine", "native"},
		{"grade"},
		{"check", "--engines", "native", "--out-dir", filepath.Join(dir, "check")},
	}
	for _, cmd := range commands {
		for _, tt := range []struct{ bad, msg string }{
			{sub, "sudokusat: open " + sub + ": is a directory\n"},
			{missing, "sudokusat: open " + missing + ": no such file or directory\n"},
		} {
			args := append(append([]string(nil), cmd...), a, tt.bad, b)
			out, stderr, code := runIn(t, strings.NewReader(""), args...)
			if code != exitUsage || out != "" || stderr != tt.msg {
				t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d, no output, stderr %q", args, code, out, stderr, exitUsage, tt.msg)
			}
		}
	}
	// The same files without the bad one go through.
	out, _, code := runIn(t, strings.NewReader(""), "solve", "--engine", "native", a, b)
	if code != exitOK || out != inputSolution+"\n"+inputSolution+"\n" {
		t.Errorf("solve a b: exit %d, output %q", code, out)
	}
}

// diskFailure is an I/O error in the middle of an input.
type diskFailure struct{}

func (diskFailure) Error() string { return "input/output error" }

// TestInputsReadErrorGoesOn: a read error in the middle of an input is one
// record in its place; the next input is read, the summary printed, and the
// exit status is 1. Before, the batch ended at the error.
func TestInputsReadErrorGoesOn(t *testing.T) {
	b := filepath.Join(t.TempDir(), "b.txt")
	if err := os.WriteFile(b, []byte(inputPuzzle+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	failing := func() io.Reader {
		return io.MultiReader(strings.NewReader(inputPuzzle+"\n"), iotest.ErrReader(diskFailure{}))
	}
	out, stderr, code := runIn(t, failing(), "solve", "--engine", "native", "-", b)
	want := inputSolution + "\ninvalid: standard input: line 2: input/output error (the rest of this input is not read)\n" + inputSolution + "\n"
	if code != exitUnsolved || out != want || !strings.Contains(stderr, "3 puzzles: 2 solved, 0 unsolvable, 1 invalid") {
		t.Errorf("solve - b: exit %d, stdout\n%s\nstderr %q; want exit 1, stdout\n%s", code, out, stderr, want)
	}
	for _, cmd := range [][]string{{"count", "--engine", "native"}, {"grade"}, {"check", "--engines", "native", "--out-dir", t.TempDir()}} {
		args := append(append([]string(nil), cmd...), "-", b)
		out, stderr, code := runIn(t, failing(), args...)
		if code != exitUnsolved || strings.Count(out+stderr, "input/output error") != 1 || strings.Count(out, "\n") < 3 {
			t.Errorf("%v: exit %d, stdout\n%s\nstderr %q; want exit 1, the error once, a record for each input", args, code, out, stderr)
		}
	}
}

// TestInputsItems checks inputs itself: items numbered across files, the
// error item of a failing input in its place, and a usage error before any
// item for an input that cannot be read.
func TestInputsItems(t *testing.T) {
	dir := t.TempDir()
	b := filepath.Join(dir, "b.txt")
	if err := os.WriteFile(b, []byte(inputPuzzle+"\n\n"+inputPuzzle+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var got []string
	collect := func(it *item) error {
		s := it.where()
		if it.err != nil {
			s += " error"
		}
		got = append(got, s)
		return nil
	}
	stdin := io.MultiReader(strings.NewReader(inputPuzzle+"\n"), iotest.ErrReader(diskFailure{}))
	if err := inputs([]string{"-", b}, stdin, io.Discard, 0, collect); err != nil {
		t.Fatal(err)
	}
	want := []string{"line 1", "standard input error", b + ":1", b + ":3"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("items %q, want %q", got, want)
	}

	got = nil
	err := inputs([]string{b, dir}, strings.NewReader(""), io.Discard, 0, collect)
	var ue usageError
	if !errors.As(err, &ue) || err.Error() != "open "+dir+": is a directory" || len(got) != 0 {
		t.Errorf("a directory: err %v, %d items; want a usage error before any item", err, len(got))
	}
}
