package search

import (
	"bufio"
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/sudokusat/sudokusat/internal/datasets"
	"github.com/sudokusat/sudokusat/variant"
)

// sudokuPadDev is one puzzle of the shared sudokupad-dev.txt: its id, its
// link and its published solution.
type sudokuPadDev struct {
	id, link, solution string
}

// loadSudokuPadDev reads sudokupad-dev.txt, each link after a comment
// "# id: title — setter (source)", and the solutions file beside it.
func loadSudokuPadDev(t *testing.T) []sudokuPadDev {
	t.Helper()
	read := func(name string, each func(line string)) {
		f, err := os.Open(datasets.Path(t, name))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			if line := strings.TrimSpace(sc.Text()); line != "" {
				each(line)
			}
		}
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	var out []sudokuPadDev
	id := ""
	read("sudokupad-dev.txt", func(line string) {
		if rest, ok := strings.CutPrefix(line, "# "); ok {
			if k, _, ok := strings.Cut(rest, ": "); ok && !strings.Contains(k, " ") {
				id = k
			}
			return
		}
		out = append(out, sudokuPadDev{id: id, link: line})
	})
	solutions := map[string]string{}
	read("sudokupad-dev.solutions", func(line string) {
		if k, v, ok := strings.Cut(line, " "); ok && !strings.HasPrefix(k, "#") {
			solutions[k] = strings.TrimSpace(v)
		}
	})
	for i := range out {
		out[i].solution = solutions[out[i].id]
		if out[i].solution == "" {
			t.Fatalf("no solution for %s", out[i].id)
		}
	}
	return out
}

// TestSudokuPadDev reads the real published puzzles of sudokupad-dev.txt
// in SudokuPad's own format: every puzzle read fully (no drawing nor
// sentence of its rules text left unread) is unique and its solution is
// the published one, and the stated solution agrees; every other one
// says what it did not read. No answer may come from a puzzle read wrong
// without a word. At least 18 of the 32 are read fully: SudokuPad's
// conventions for thermometers, arrows, Kropki dots, XV, little killers,
// region sum, renban, whispers, entropic, zipper and difference count
// lines, and maximum and odd and even cells, as these setters draw them.
func TestSudokuPadDev(t *testing.T) {
	set := loadSudokuPadDev(t)
	full := 0
	for _, d := range set {
		p, err := variant.ParseLink(d.link)
		if err != nil {
			t.Errorf("%s: %v", d.id, err)
			continue
		}
		if len(p.Unread) > 0 {
			t.Logf("%s: not read fully: %s", d.id, p.Unread[0].Reason)
			continue
		}
		full++
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		r, err := Count(ctx, p, 2)
		cancel()
		if err != nil {
			t.Errorf("%s: %v", d.id, err)
			continue
		}
		if r.Count != 1 || r.Solutions[0].String() != d.solution {
			t.Errorf("%s: read fully, but %d solutions (first %v), not the published %s", d.id, r.Count, r.Solutions, d.solution)
		}
		if p.Published != nil && p.Published.String() != d.solution {
			t.Errorf("%s: stated solution %s, published %s", d.id, p.Published, d.solution)
		}
	}
	t.Logf("%d of %d read fully", full, len(set))
	if full < 18 {
		t.Errorf("%d of %d puzzles read fully, want at least 18", full, len(set))
	}
}
