//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sudokusat/sudokusat/internal/varianttest"
)

// TestPipeAndFIFO: an input that is a pipe (as bash's <(…) gives) or a
// named FIFO is read once, whole: every puzzle gets its record, in
// either format. The two-wing code read a first input's head to tell
// variants from classic grids, then opened it again: a pipe lost those
// bytes (14 records for 20 puzzles), a FIFO hung.
func TestPipeAndFIFO(t *testing.T) {
	classic, err := os.ReadFile(testdata + "top95-sample.txt")
	if err != nil {
		t.Fatal(err)
	}
	inputs := []struct {
		name, text string
		records    int
	}{{"classic", string(classic), 20}, {"links", linksText(t), len(varianttest.Links(t))}}
	for _, in := range inputs {
		t.Run(in.name+" pipe", func(t *testing.T) {
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			go func() {
				w.WriteString(in.text)
				w.Close()
			}()
			out, errOut, code := runWithin(t, 30*time.Second, []*os.File{r}, "solve", "/dev/fd/3")
			if code != 0 || strings.Count(out, "\n") != in.records {
				t.Errorf("exit %d, %d records for %d puzzles: %q, %q", code, strings.Count(out, "\n"), in.records, out, errOut)
			}
		})
		t.Run(in.name+" FIFO", func(t *testing.T) {
			fifo := filepath.Join(t.TempDir(), "puzzles")
			if err := syscall.Mkfifo(fifo, 0o600); err != nil {
				t.Skipf("no FIFO here: %v", err)
			}
			go func() {
				f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
				if err != nil {
					return
				}
				f.WriteString(in.text)
				f.Close()
			}()
			out, errOut, code := runWithin(t, 30*time.Second, nil, "count", fifo)
			if code != 0 || strings.Count(out, "\n") != in.records {
				t.Errorf("exit %d, %d records for %d puzzles: %q, %q", code, strings.Count(out, "\n"), in.records, out, errOut)
			}
		})
	}
}
