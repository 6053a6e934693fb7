package variant_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// record is what one Read gave: the line, whether it was a puzzle, its
// layout and its number of rules (and a jigsaw's regions).
type record struct {
	line   int
	ok     bool
	layout sudokusat.Layout
	rules  int
}

// readAll reads records until io.EOF, failing on any error that is not a
// *sudokusat.ParseError naming the record's line.
func readAll(t *testing.T, r interface {
	Read() (*sudokusat.Puzzle, error)
}) []record {
	t.Helper()
	var out []record
	for range 1000 {
		p, err := r.Read()
		if errors.Is(err, io.EOF) {
			return out
		}
		var pe *sudokusat.ParseError
		switch {
		case err == nil && p != nil:
			rules := len(p.Rules)
			if p.Regions != nil {
				rules++
			}
			out = append(out, record{p.Line, true, p.Layout, rules})
		case errors.As(err, &pe) && p == nil:
			out = append(out, record{pe.Line, false, 0, 0})
		default:
			t.Fatalf("puzzle %v, error %v (%T)", p, err, err)
		}
	}
	t.Fatal("no end of input after 1000 records")
	return nil
}

func testFile(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "variants", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestReaderFormats reads every input format through the one Reader: each
// puzzle once, on its line, in its layout, with its rules; bad link lines
// are errors naming them, and reading goes on after them.
func TestReaderFormats(t *testing.T) {
	links := testFile(t, "links.txt")
	var good []string
	for _, l := range strings.Split(links, "\n") {
		if l != "" && !strings.HasPrefix(l, "#") {
			good = append(good, l)
		}
	}
	if len(good) < 3 {
		t.Fatalf("links.txt has %d links", len(good))
	}
	doc := testFile(t, "killer-4.json")
	compressed := good[0][strings.Index(good[0], "load=")+len("load="):]
	const line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	const rows = "1 . | . .\n. . | 3 .\n----+----\n. 4 | . .\n. . | . 2\n"
	fp := sudokusat.LayoutFPuzzles
	cases := []struct {
		name, input string
		want        []record
	}{
		{"links with bad lines", "# links\r\n" + good[0] + "\r\n\nnot a link at all, no\n" + good[1] + "\nN4IgzglgXgpiBcIDCAbAhgJ\n\n" + good[2],
			[]record{{2, true, fp, 3}, {4, false, 0, 0}, {5, true, fp, 8}, {6, false, 0, 0}, {8, true, fp, 1}}},
		{"a bad link after comments", "# comment\n\nhttps://www.f-puzzles.com/?load=N4IgzglgXgpiBcIDCAbAhgJ!!\n",
			[]record{{3, false, 0, 0}}},
		{"compressed text alone", compressed + "\n", []record{{1, true, fp, 3}}},
		{"a document over lines, after comments", "# a killer\n\n" + strings.ReplaceAll(doc, ",", ",\n"),
			[]record{{3, true, fp, 8}}},
		{"a document with a byte-order mark", "\ufeff" + doc, []record{{1, true, fp, 8}}},
		{"a broken document", "\n" + doc[:len(doc)/2], []record{{2, false, 0, 0}}},
		{"classic lines", "# two\n" + line + "\n\n" + line + "\n", []record{{2, true, sudokusat.LayoutLine, 0}, {4, true, sudokusat.LayoutLine, 0}}},
		{"a drawn grid", rows, []record{{1, true, sudokusat.LayoutRows, 0}}},
		{"rows of numbers", "10 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n" + strings.Repeat("0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n", 15), []record{{1, true, sudokusat.LayoutNumbers, 0}}},
		{"a bad classic line", "123\n" + line, []record{{1, false, 0, 0}, {2, true, sudokusat.LayoutLine, 0}}},
		{"nothing", "# only a comment\n\n", nil},
		// Runs of blank lines longer than the Reader's buffer, skipped in
		// bulk, still count as lines.
		{"links among runs of blank lines", good[0] + strings.Repeat("\n", 100_001) + " \t\r\n" + good[1] + "\n" + strings.Repeat("\r\n", 70_000),
			[]record{{1, true, fp, 3}, {100_003, true, fp, 8}}},
		{"classic lines among runs of blank lines", strings.Repeat("\n", 70_000) + line + strings.Repeat("\n \n", 50_000) + line,
			[]record{{70_001, true, sudokusat.LayoutLine, 0}, {170_001, true, sudokusat.LayoutLine, 0}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := readAll(t, variant.NewReader(strings.NewReader(c.input)))
			if !slices.Equal(got, c.want) {
				t.Errorf("records %v, want %v", got, c.want)
			}
		})
	}
	// The links of links.txt, all with rules.
	for i, r := range readAll(t, variant.NewReader(strings.NewReader(links))) {
		if !r.ok || r.rules == 0 {
			t.Errorf("link %d: %v", i+1, r)
		}
	}
}

// TestReaderWaitsForOneLine feeds the Reader through a pipe that stays
// open, as a program feeding one puzzle at a time and waiting for its
// answer does: each first line is a puzzle at once, in either format, and
// the next line is read only when it comes.
func TestReaderWaitsForOneLine(t *testing.T) {
	link := strings.SplitN(strings.TrimPrefix(testFile(t, "links.txt"), "#"), "\n", 3)[1]
	for _, first := range []string{"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", link} {
		pr, pw := io.Pipe()
		r := variant.NewReader(pr)
		got := make(chan error)
		go func() {
			for {
				_, err := r.Read()
				got <- err
				if err != nil && !errors.As(err, new(*sudokusat.ParseError)) {
					return
				}
			}
		}()
		// "# ..." then the puzzle, each written on its own.
		for _, w := range []string{"# fed one line at a time\n", first + "\n"} {
			if _, err := io.WriteString(pw, w); err != nil {
				t.Fatal(err)
			}
		}
		select {
		case err := <-got:
			if err != nil {
				t.Fatalf("%.20s…: %v", first, err)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%.20s…: no puzzle 5 s after its line, the pipe still open", first)
		}
		pw.Close()
		if err := <-got; !errors.Is(err, io.EOF) {
			t.Errorf("%.20s…: after the pipe closed: %v, want io.EOF", first, err)
		}
	}
}

// eofOnce is a terminal: a line, an end of input (Ctrl-D), then more
// lines that must not be read.
type eofOnce struct{ parts []string }

func (e *eofOnce) Read(p []byte) (int, error) {
	if len(e.parts) == 0 {
		return 0, io.EOF
	}
	s := e.parts[0]
	e.parts = e.parts[1:]
	if s == "" {
		return 0, io.EOF
	}
	return copy(p, s), nil
}

// TestReaderEndOfInputOnce: an end of input met while deciding the format
// ends the input, as it does for sudokusat.Reader alone.
func TestReaderEndOfInputOnce(t *testing.T) {
	const line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	got := readAll(t, variant.NewReader(&eofOnce{parts: []string{line, "", line + "\n"}}))
	if want := []record{{1, true, sudokusat.LayoutLine, 0}}; !slices.Equal(got, want) {
		t.Errorf("records %v, want %v", got, want)
	}
}

// FuzzReader: any input gives records in line order, each a puzzle or an
// error naming its line, at most one per line, then io.EOF; an input that
// is read as classic text gives exactly the records sudokusat.Reader gives.
func FuzzReader(f *testing.F) {
	links, _ := os.ReadFile(filepath.Join("..", "testdata", "variants", "links.txt"))
	f.Add(links)
	f.Add([]byte("# c\n\n" + string(links[:len(links)/2]) + "\nnot a link\r\n{\"size\":4}"))
	doc, _ := os.ReadFile(filepath.Join("..", "testdata", "variants", "killer-4.json"))
	f.Add(append([]byte("# a document\n"), doc...))
	f.Add([]byte("# classic\n1...............\n\n1 . | . .\n. . | 3 .\n. 4 | . .\n. . | . 2\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		lines := bytes.Count(data, []byte("\n")) + 1
		got := readAll(t, variant.NewReader(bytes.NewReader(data)))
		last, classic := 0, false
		for _, r := range got {
			if r.line <= last || r.line > lines {
				t.Fatalf("record on line %d after line %d, of %d lines", r.line, last, lines)
			}
			last = r.line
			if r.ok && r.layout == sudokusat.LayoutFPuzzles {
				return
			}
			classic = classic || r.ok
		}
		// Read as classic text (a puzzle was read, none of f-puzzles):
		// exactly what sudokusat.Reader reads.
		if want := readAll(t, sudokusat.NewReader(bytes.NewReader(data))); classic && !slices.Equal(got, want) {
			t.Fatalf("records %v; sudokusat.Reader gives %v", got, want)
		}
	})
}
