package variant

import (
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
)

// candidateLine writes g's candidates as a candidate grid: each open
// cell's digits that no given of its row, column or box holds.
func candidateLine(g *sudokusat.Grid) string {
	n := g.Size()
	var b strings.Builder
	for c := range n * n {
		for d := 1; d <= n; d++ {
			ok := g.Cell(c) == d
			if g.Cell(c) == 0 {
				ok = true
				for o := range n * n {
					if o != c && g.Cell(o) == d && (o/n == c/n || o%n == c%n || g.Box(o/n, o%n) == g.Box(c/n, c%n)) {
						ok = false
					}
				}
			}
			if ok {
				b.WriteByte(byte('0' + d))
			} else {
				b.WriteByte('.')
			}
		}
	}
	return b.String()
}

// TestCandidates: a classic puzzle's candidate grid reads back as a
// puzzle with its givens and a pencil-marks rule on each open cell, with
// the same one solution; the Reader tells candidate grids from classic
// lines by their first line; a line that is not one is an error.
func TestCandidates(t *testing.T) {
	const inkala = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
	g, err := sudokusat.ParseLine(inkala, 3, 3)
	if err != nil {
		t.Fatal(err)
	}
	line := candidateLine(g)
	if len(line) != 729 || candidateSide([]byte(line)) != 9 {
		t.Fatalf("candidate line of %d characters, side %d", len(line), candidateSide([]byte(line)))
	}
	r := NewReader(strings.NewReader("# a comment\n" + line + "\n"))
	p, err := r.Read()
	if err != nil {
		t.Fatal(err)
	}
	if !p.Grid.Equal(g) || len(p.Rules) != 81-g.Givens() || p.Rules[0].Kind != string(PencilMarks) || p.Line != 2 {
		t.Errorf("read %v with %d rules (line %d), want the givens of %v and %d pencil marks", p.Grid, len(p.Rules), p.Line, g, 81-g.Givens())
	}
	if err := Validate(p); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{
		strings.Repeat(".", 64),              // an empty 8×8 classic line
		"12345678" + strings.Repeat(".", 56), // an 8×8 classic line with givens
		line[:728],
		"2" + line[1:],
	} {
		if n := candidateSide([]byte(bad)); n != 0 {
			t.Errorf("%.20q… (%d characters) taken for a candidate grid of side %d", bad, len(bad), n)
		}
		if _, err := ParseCandidates(bad); err == nil {
			t.Errorf("%.20q… parsed", bad)
		}
	}
}

// marksOf is the candidates a candidate line gives, as Possibilities.
type marksOf string

func (m marksOf) Possible(cell, d int) bool {
	n := 1
	for n*n*n < len(m) {
		n++
	}
	return m[cell*n+d-1] != '.'
}

// TestWriteCandidates: CandidateLine writes what ParseCandidates reads,
// and CandidateGrid draws the same candidates as pencil marks, boxes
// ruled.
func TestWriteCandidates(t *testing.T) {
	g, err := sudokusat.ParseLine("1...............", 2, 2)
	if err != nil {
		t.Fatal(err)
	}
	line := candidateLine(g)
	if got := CandidateLine(4, marksOf(line)); got != line {
		t.Errorf("CandidateLine %q, want %q", got, line)
	}
	p, err := ParseCandidates(CandidateLine(4, marksOf(line)))
	if err != nil || !p.Grid.Equal(g) {
		t.Errorf("read back %v, %v; want %v", p, err, g)
	}
	want := "1    234  | 234  234\n" +
		"234  234  | 1234 1234\n" +
		"----------+----------\n" +
		"234  1234 | 1234 1234\n" +
		"234  1234 | 1234 1234\n"
	if got := CandidateGrid(&sudokusat.Puzzle{Grid: g}, marksOf(line)); got != want {
		t.Errorf("CandidateGrid:\n%s\nwant:\n%s", got, want)
	}
}
