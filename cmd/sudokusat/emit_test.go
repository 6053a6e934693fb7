package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/sudokusat/sudokusat"
)

// TestProgressNeverMixesWithRecords puts records and the progress line on
// one "terminal": once the progress lines are taken out, the records must
// be left whole and in order, so none was written onto a progress line.
func TestProgressNeverMixesWithRecords(t *testing.T) {
	var screen bytes.Buffer
	m := &meter{total: 1000}
	em := &emitter{w: sudokusat.NewWriter(&screen), prog: &progress{w: &screen, on: true, meter: m, start: time.Now()}}
	var want strings.Builder
	for i := range 50 {
		rec := strings.Repeat(string(rune('a'+i%26)), 20+i)
		want.WriteString(rec + "\n")
		m.read.Add(20)
		if err := em.record(func(w *sudokusat.Writer) { w.WriteString(rec + "\n") }); err != nil {
			t.Fatal(err)
		}
		if i%7 == 0 {
			em.flush() // the ticker's work, at any point between records
		}
	}
	em.stop = func() {}
	if err := em.close(nil); err != nil {
		t.Fatal(err)
	}
	out := screen.String()
	if !strings.Contains(out, "puzzles") {
		t.Fatalf("no progress line was drawn: %q", out)
	}
	// Between two clears there is either a progress line, with no line
	// end, or records; a progress line with a record after it is a mix.
	var got strings.Builder
	for _, seg := range strings.Split(out, "\r\x1b[K") {
		if strings.Contains(seg, "/s") {
			if strings.Contains(seg, "\n") {
				t.Errorf("a record written after a progress line: %q", seg)
			}
			continue
		}
		got.WriteString(seg)
	}
	if got.String() != want.String() {
		t.Errorf("records lost or out of order:\n%q", out)
	}
	if !strings.HasSuffix(out, "\r\x1b[K") && !strings.HasSuffix(out, "\n") {
		t.Errorf("the progress line is left on screen: %q", out[max(0, len(out)-80):])
	}
}

func TestProgressLine(t *testing.T) {
	m := &meter{total: 1000}
	m.read.Store(350)
	p := &progress{meter: m, done: 70}
	got := p.line(10 * time.Second)
	want := "[#######.............]  35%  70 puzzles  7/s  0:19 left"
	if got != want {
		t.Errorf("line = %q, want %q", got, want)
	}
	p = &progress{done: 1, meter: &meter{}} // a pipe: size unknown
	if got, want := p.line(75*time.Second), "1 puzzle  0/s  1:15"; got != want {
		t.Errorf("line = %q, want %q", got, want)
	}
}

// TestNoProgressOffTerminal checks that nothing but the summary reaches a
// standard error that is not a terminal.
func TestNoProgressOffTerminal(t *testing.T) {
	_, errOut, _ := runCLI(t, "", "solve", testdata+"17clue-sample.txt")
	if strings.Contains(errOut, "\r") || strings.Count(errOut, "\n") != 1 {
		t.Errorf("standard error holds more than the summary: %q", errOut)
	}
}
