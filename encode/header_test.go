package encode

import (
	"bytes"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
)

// header4 is the head of a valid reduced-encoding file of a 4×4 puzzle, up to
// and including its map line; tests add variable lines and a problem line.
const header4 = headerMark + "\nc encoding reduced\nc box 2x2\nc puzzle 1...............\nc fixed 1...............\nc map explicit\n"

// TestHeaderRejects feeds headers that cannot be honoured to every reader:
// each must fail with ErrDIMACS naming the line at fault, never panic (the
// first case, a box changed after the variable lines, indexed past the grid
// in Decode before).
func TestHeaderRejects(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"box changed after variables",
			headerMark + "\nc encoding reduced\nc box 3x3\nc map explicit\nc v 1 9 9 9\nc box 2x2\nc puzzle 1...............\nc fixed 1...............\np cnf 1 1\n1 0\n",
			`line 6: second "c box" line (the first is line 3)`},
		{"variable before box", headerMark + "\nc map explicit\nc v 1 1 2 2\nc box 2x2\np cnf 1 1\n1 0\n", "line 3: variable line before the box line"},
		{"second header", headerMark + "\n" + header4 + "p cnf 0 0\n", `line 2: second "c sudokusat cnf v1" line`},
		{"second encoding", header4 + "c encoding minimal\np cnf 0 0\n", `line 7: second "c encoding" line (the first is line 2)`},
		{"second puzzle", header4 + "c puzzle 2...............\np cnf 0 0\n", `line 7: second "c puzzle" line`},
		{"second fixed", header4 + "c fixed 12..............\np cnf 0 0\n", `line 7: second "c fixed" line`},
		{"second map", header4 + "c map direct\np cnf 0 0\n", `line 7: second "c map" line`},
		{"unknown map", strings.Replace(header4, "c map explicit", "c map sideways", 1) + "p cnf 0 0\n", `line 6: unknown map "sideways"`},
		{"empty encoding", strings.Replace(header4, "c encoding reduced", "c encoding", 1) + "p cnf 0 0\n", "line 2: encoding line without a name"},
		{"box 4x1", strings.Replace(header4, "2x2", "4x1", 1) + "p cnf 0 0\n", `line 3: bad box shape "4x1"`},
		{"box 1x3", strings.Replace(header4, "2x2", "1x3", 1) + "p cnf 0 0\n", `line 3: bad box shape "1x3"`},
		{"box overflowing int", strings.Replace(header4, "2x2", "4294967296x4294967296", 1) + "p cnf 0 0\n", "line 3: bad box shape"},
		{"box 21x20", strings.Replace(header4, "2x2", "21x20", 1) + "p cnf 0 0\n", "line 3: bad box shape"},
		{"box trailing junk", strings.Replace(header4, "2x2", "2x2x2", 1) + "p cnf 0 0\n", "line 3: bad box shape"},
		{"duplicate variable", header4 + "c v 1 1 2 2\nc v 2 1 2 2\np cnf 2 0\n", "line 8: variable 2: r1c2 digit 2 is variable 1 already"},
		{"variable out of order", header4 + "c v 2 1 2 2\np cnf 2 0\n", "line 7: variable 2 out of order: want 1"},
		{"row out of range", header4 + "c v 1 5 2 2\np cnf 1 0\n", "line 7: variable 1: row 5 out of range 1..4"},
		{"column zero", header4 + "c v 1 1 0 2\np cnf 1 0\n", "line 7: variable 1: column 0 out of range 1..4"},
		{"digit negative", header4 + "c v 1 1 2 -3\np cnf 1 0\n", "line 7: variable 1: digit -3 out of range 1..4"},
		{"huge number", header4 + "c v 1 1 2 99999999999999999999\np cnf 1 0\n", `line 7: bad number "99999999999999999999"`},
		{"variable in a fixed cell", header4 + "c v 1 1 1 2\np cnf 1 0\n", "line 7: variable 1: r1c1 is fixed to 1"},
		{"variables in a direct map", strings.Replace(header4, "c map explicit", "c map direct", 1) + "c v 1 1 2 2\np cnf 1 0\n", "line 7: variable line in a header whose map (line 6) is direct"},
		{"explicit map without fixed", strings.Replace(header4, "c fixed 1...............\n", "", 1) + "p cnf 0 0\n", `line 5: explicit map without a "c fixed" line`},
		{"fixed changes a given", strings.Replace(header4, "c fixed 1...", "c fixed 2...", 1) + "p cnf 0 0\n", "line 5: fixed grid has 2 at r1c1, where the puzzle gives 1"},
		{"puzzle of the wrong size", strings.Replace(header4, "c box 2x2", "c box 3x3", 1) + "p cnf 0 0\n", "line 4: puzzle:"},
		{"no box, no map", headerMark + "\nc puzzle 1...............\np cnf 0 0\n", "lacks its c box, c map line"},
	}
	for _, tt := range tests {
		for _, r := range []struct {
			name string
			read func(string) error
		}{
			{"ReadVarMap", func(s string) error { _, err := ReadVarMap(strings.NewReader(s)); return err }},
			{"ReadDIMACS", func(s string) error { _, err := ReadDIMACS(strings.NewReader(s)); return err }},
			{"NewCNFReader", func(s string) error { _, err := NewCNFReader(strings.NewReader(s)); return err }},
		} {
			err := r.read(tt.in)
			if !errors.Is(err, ErrDIMACS) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("%s: %s: err = %v, want ErrDIMACS mentioning %q", tt.name, r.name, err, tt.want)
			}
		}
	}
}

// TestHeaderAccepts checks headers the writer does not make but that mean one
// thing: variable lines before the map line, spaces around the lines.
func TestHeaderAccepts(t *testing.T) {
	in := headerMark + " \n  c box 2x2 \nc v 1 1 2 2\nc v 2 1 2 3\nc map explicit: hand-written\nc puzzle 1...............\nc fixed 1...............\np cnf 2 1\n1 2 0\n"
	m, err := ReadVarMap(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	f, err := ReadDIMACS(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []Cand{{Cell: 1, Digit: 2}, {Cell: 1, Digit: 3}}
	for _, got := range [][]Cand{m.Cands, f.Cands} {
		if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
			t.Errorf("candidates %v, want %v", got, want)
		}
	}
}

// TestHeaderEndsAtProblemLine checks that both readers take the header from
// the comments before the problem line only, so that they agree on a file.
func TestHeaderEndsAtProblemLine(t *testing.T) {
	in := header4 + "p cnf 0 0\nc box 3x3\n"
	m, err := ReadVarMap(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	f, err := ReadDIMACS(strings.NewReader(in))
	if err != nil {
		t.Fatalf("a comment after the problem line: %v", err)
	}
	if m.Puzzle.Size() != 4 || f.Puzzle.Size() != 4 {
		t.Errorf("sizes %d and %d, want 4", m.Puzzle.Size(), f.Puzzle.Size())
	}
}

// TestHeaderHidesNoProblemLine scans what WriteDIMACS and WriteOPB write
// before the problem line as drat-trim scans a CNF: a word "cnf" followed
// by a number is taken for the problem line. The header's comments must
// hold none (the first mark, "c sudokusat cnf 1", did); and the first
// mark is still read.
func TestHeaderHidesNoProblemLine(t *testing.T) {
	g, err := sudokusat.ParseLine("1...............", 2, 2)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range Names() {
		enc, _ := Lookup(name)
		f, err := enc(g)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		if err := WriteDIMACS(&b, f); err != nil {
			t.Fatal(err)
		}
		head, _, _ := strings.Cut(b.String(), "\np ")
		words := strings.Fields(head)
		for i, w := range words[:len(words)-1] {
			if _, err := strconv.Atoi(words[i+1]); w == "cnf" && err == nil {
				t.Errorf("%s: the header has %q %q, which drat-trim reads as a problem line", name, w, words[i+1])
			}
		}
		old := strings.Replace(b.String(), headerMark, "c sudokusat cnf 1", 1)
		if _, err := ReadVarMap(strings.NewReader(old)); err != nil {
			t.Errorf("%s: the first version's mark: %v", name, err)
		}
	}
}

// TestLongCommentLines: a 36×36 puzzle's header lines, over 3,000 bytes
// whole, are written in lines of at most MaxComment bytes (lrat-check
// refuses 1,024) and read back as the same puzzle and fixed grid; a
// continuation line with nothing to continue is refused.
func TestLongCommentLines(t *testing.T) {
	g, err := sudokusat.NewGrid(6, 6)
	if err != nil {
		t.Fatal(err)
	}
	for i := range g.Len() {
		if i%5 == 0 {
			// A Latin-square pattern of boxes: no clash among givens.
			n := g.Size()
			r, c := i/n, i%n
			g.SetCell(i, (r*6+r/6+c)%n+1)
		}
	}
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, enc := range []string{"reduced", "minimal"} {
		build, _ := Lookup(enc)
		f, err := build(g)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := WriteDIMACS(&b, f); err != nil {
			t.Fatal(err)
		}
		longest, continued := 0, 0
		for _, line := range strings.Split(b.String(), "\n") {
			longest = max(longest, len(line))
			if strings.HasPrefix(line, "c + ") {
				continued++
			}
		}
		if longest > MaxComment || continued == 0 || len(g.String()) <= MaxComment {
			t.Errorf("%s: longest line %d bytes, %d continuation lines; want at most %d, some", enc, longest, continued, MaxComment)
		}
		m, err := ReadVarMap(bytes.NewReader(b.Bytes()))
		if err != nil {
			t.Fatalf("%s: %v", enc, err)
		}
		if !m.Puzzle.Grid.Equal(g) || !m.Fixed.Equal(f.Fixed) {
			t.Errorf("%s: the puzzle or fixed grid read back differs", enc)
		}
	}
	_, err = ReadVarMap(strings.NewReader("c sudokusat cnf v1\nc box 3x3\nc + 1 2\n"))
	if err == nil || !strings.Contains(err.Error(), "line 3: continuation line after no puzzle") {
		t.Errorf("a stray continuation: %v", err)
	}
}
