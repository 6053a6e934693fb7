package sudokusat

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/sudokusat/sudokusat/internal/datasets"
)

// inkala is Arto Inkala's puzzle, inkalaSolution its published solution.
const (
	inkala         = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
	inkalaSolution = "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
	// easy is the first of Project Euler's 50 puzzles, with 0 blanks.
	easy = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
)

// result is what one Read is expected to give: a puzzle (err == "") or an
// error whose message contains err.
type result struct {
	line    int
	size    int
	boxRows int
	layout  Layout
	cells   string // the grid's String(); "" to skip the comparison
	err     string
}

func puz(line, size int, layout Layout, cells string) result {
	r, _, _ := BoxShape(size)
	return result{line: line, size: size, boxRows: r, layout: layout, cells: cells}
}

func perr(line int, msg string) result { return result{line: line, err: msg} }

// got is one Read outcome.
type got struct {
	p   *Puzzle
	err error
}

// readAll reads r to io.EOF. It fails the test instead of looping for ever:
// no input can yield more results than it has lines.
func readAll(t testing.TB, r *Reader, maxResults int) []got {
	t.Helper()
	var out []got
	for {
		p, err := r.Read()
		if err == io.EOF {
			if p != nil {
				t.Errorf("Read returned a puzzle with io.EOF")
			}
			// io.EOF is final.
			if p2, err2 := r.Read(); p2 != nil || err2 != io.EOF {
				t.Errorf("Read after io.EOF = %v, %v; want nil, io.EOF", p2, err2)
			}
			return out
		}
		if (p == nil) == (err == nil) {
			t.Fatalf("Read = %v, %v: want exactly one of puzzle and error", p, err)
		}
		out = append(out, got{p, err})
		if len(out) > maxResults {
			t.Fatalf("more than %d results: the reader does not advance", maxResults)
		}
	}
}

func maxResults(s string) int { return strings.Count(s, "\n") + 1 }

// checkResults compares Read outcomes with the expected ones, in order.
func checkResults(t *testing.T, name string, gots []got, want []result) {
	t.Helper()
	for i := 0; i < len(gots) || i < len(want); i++ {
		if i >= len(gots) {
			t.Errorf("%s: result %d missing, want %+v", name, i+1, want[i])
			continue
		}
		g := gots[i]
		if i >= len(want) {
			t.Errorf("%s: extra result %d: %s", name, i+1, describe(g))
			continue
		}
		w := want[i]
		if w.err != "" {
			checkParseError(t, fmt.Sprintf("%s: result %d", name, i+1), g.err, w.line, w.err)
			continue
		}
		if g.err != nil {
			t.Errorf("%s: result %d: error %v, want a puzzle at line %d", name, i+1, g.err, w.line)
			continue
		}
		p := g.p
		if p.Line != w.line || p.Grid.Size() != w.size || p.Grid.BoxRows() != w.boxRows || p.Layout != w.layout {
			t.Errorf("%s: result %d: puzzle at line %d, size %d, %d×%d boxes, layout %d; want line %d, size %d, %d-row boxes, layout %d",
				name, i+1, p.Line, p.Grid.Size(), p.Grid.BoxRows(), p.Grid.BoxCols(), p.Layout, w.line, w.size, w.boxRows, w.layout)
		}
		if w.cells != "" && p.Grid.String() != w.cells {
			t.Errorf("%s: result %d: grid\n%s\nwant\n%s", name, i+1, p.Grid.String(), w.cells)
		}
	}
}

func describe(g got) string {
	if g.err != nil {
		return "error " + g.err.Error()
	}
	return fmt.Sprintf("puzzle at line %d, size %d: %s", g.p.Line, g.p.Grid.Size(), g.p.Grid)
}

// checkParseError asserts that err is a *ParseError for line, wrapping
// ErrSyntax, whose message names the line and contains msg.
func checkParseError(t *testing.T, where string, err error, line int, msg string) {
	t.Helper()
	if err == nil {
		t.Errorf("%s: no error, want one at line %d containing %q", where, line, msg)
		return
	}
	var pe *ParseError
	if !errors.As(err, &pe) {
		t.Errorf("%s: %T %v is not a *ParseError", where, err, err)
		return
	}
	if pe.Line != line {
		t.Errorf("%s: error at line %d (%v), want line %d", where, pe.Line, err, line)
	}
	if !errors.Is(err, ErrSyntax) {
		t.Errorf("%s: %v does not wrap ErrSyntax", where, err)
	}
	if prefix := fmt.Sprintf("line %d: ", line); !strings.HasPrefix(err.Error(), prefix) {
		t.Errorf("%s: message %q does not start with %q", where, err, prefix)
	}
	if !strings.Contains(err.Error(), msg) {
		t.Errorf("%s: message %q lacks %q", where, err, msg)
	}
}

// rowsOf cuts a one-line N×N puzzle into its N rows.
func rowsOf(s string) []string {
	n := 1
	for n*n < len(s) {
		n++
	}
	rows := make([]string, n)
	for r := range rows {
		rows[r] = s[r*n : r*n+n]
	}
	return rows
}

// drawn writes a 9×9 puzzle with a full border, the way many sites print it.
func drawn(s string) string {
	var sb strings.Builder
	border := "+-------+-------+-------+\n"
	for r, row := range rowsOf(s) {
		if r%3 == 0 {
			sb.WriteString(border)
		}
		for c := 0; c < 9; c++ {
			if c%3 == 0 {
				sb.WriteString("| ")
			}
			sb.WriteByte(row[c])
			sb.WriteByte(' ')
		}
		sb.WriteString("|\n")
	}
	sb.WriteString(border)
	return sb.String()
}

// compact writes a 9×9 puzzle as 9 lines like "8..|...|..." with "---+---+---"
// between bands.
func compact(s string, sep string) string {
	var sb strings.Builder
	for r, row := range rowsOf(s) {
		if r > 0 && r%3 == 0 {
			sb.WriteString(sep + "\n")
		}
		sb.WriteString(row[:3] + "|" + row[3:6] + "|" + row[6:] + "\n")
	}
	return sb.String()
}

// withBlanks writes s with its blanks cycling through the given characters.
func withBlanks(s, blanks string) string {
	b := []byte(s)
	k := 0
	for i, c := range b {
		if c == '.' || c == '0' {
			b[i] = blanks[k%len(blanks)]
			k++
		}
	}
	return string(b)
}

// dotted writes blanks as '.', the form String uses.
func dotted(s string) string { return strings.ReplaceAll(s, "0", ".") }

// sample returns a fixed random grid of side n with boxes from BoxShape,
// about a third of it given.
func sample(t testing.TB, n int, seed uint64) *Grid {
	t.Helper()
	r, c, err := BoxShape(n)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, uint64(n)))
	return blanked(rng, shuffledSolution(t, rng, r, c), 0.35)
}

// ragged writes g's rows as numbers with irregular spacing: leading and
// trailing blanks, runs of spaces and tabs, '.' and '0' blanks, CRLF on
// some lines.
func ragged(g *Grid, seed uint64) string {
	rng := rand.New(rand.NewPCG(seed, 99))
	space := []string{" ", "  ", "\t", " \t ", "   "}
	var sb strings.Builder
	n := g.Size()
	for r := 0; r < n; r++ {
		if rng.IntN(2) == 0 {
			sb.WriteString(space[rng.IntN(len(space))])
		}
		for c := 0; c < n; c++ {
			if c > 0 {
				sb.WriteString(space[rng.IntN(len(space))])
			}
			d := g.Get(r, c)
			switch {
			case d == 0 && rng.IntN(2) == 0:
				sb.WriteString(".")
			default:
				sb.WriteString(strconv.Itoa(d))
			}
		}
		if rng.IntN(2) == 0 {
			sb.WriteString(space[rng.IntN(len(space))])
		}
		if rng.IntN(2) == 0 {
			sb.WriteString("\r")
		}
		sb.WriteString("\n")
	}
	return sb.String()
}

func TestReadFormats(t *testing.T) {
	ink := rowsOf(inkala)
	g16 := sample(t, 16, 1)
	g16.Set(0, 0, 16) // a two-digit number on the first line
	g25 := sample(t, 25, 2)
	g36 := sample(t, 36, 3)
	g12 := sample(t, 12, 4)
	g6 := sample(t, 6, 5)

	lower16 := strings.ToLower(g16.String())
	// From side 33 on, X is the digit 33, not a blank; rows of one-character
	// cells with X and digits only must keep it.
	x35, _ := NewGridSize(35)
	x35.Set(0, 0, 33)
	x35.Set(1, 5, 33)
	x35.Set(2, 2, 7)
	x33, _ := NewGridSize(33)
	x33.Set(0, 32, 33)
	x33.Set(32, 0, 33)
	x32blank := "X x . 1" + strings.Repeat(" 0", 28) + "\n" + strings.Repeat(strings.Repeat("0 ", 31)+"0\n", 31)
	tests := []struct {
		name string
		in   string
		want []result
	}{
		{"9×9 line, dots", inkala + "\n", []result{puz(1, 9, LayoutLine, inkala)}},
		{"9×9 line, zeros", easy + "\n", []result{puz(1, 9, LayoutLine, dotted(easy))}},
		{"9×9 line, every blank", withBlanks(inkala, "._*-X0x") + "\n", []result{puz(1, 9, LayoutLine, inkala)}},
		{"no final newline", inkala, []result{puz(1, 9, LayoutLine, inkala)}},
		{"several lines", inkala + "\n" + easy + "\n" + inkalaSolution + "\n", []result{
			puz(1, 9, LayoutLine, inkala), puz(2, 9, LayoutLine, dotted(easy)), puz(3, 9, LayoutLine, inkalaSolution)}},
		{"comments and blank lines", "# a comment\n\n   \n\t# indented comment\n" + inkala + "\n\n#\n\n" + easy + "\n# the end\n\n", []result{
			puz(5, 9, LayoutLine, inkala), puz(9, 9, LayoutLine, dotted(easy))}},
		{"CRLF", "# comment\r\n" + inkala + "\r\n\r\n" + easy + "\r\n", []result{
			puz(2, 9, LayoutLine, inkala), puz(4, 9, LayoutLine, dotted(easy))}},
		{"trailing blanks", inkala + " \t\r\n", []result{puz(1, 9, LayoutLine, inkala)}},
		{"byte order mark", "\xEF\xBB\xBF" + inkala + "\n", []result{puz(1, 9, LayoutLine, inkala)}},
		{"byte order mark, then comment", "\xEF\xBB\xBF# comment\n" + inkala + "\n", []result{puz(2, 9, LayoutLine, inkala)}},
		{"9 lines of 9", strings.Join(ink, "\n") + "\n", []result{puz(1, 9, LayoutRows, inkala)}},
		{"9 lines of 9, CRLF", strings.Join(ink, "\r\n") + "\r\n", []result{puz(1, 9, LayoutRows, inkala)}},
		{"9 lines of 9, zeros", strings.Join(rowsOf(easy), "\n") + "\n", []result{puz(1, 9, LayoutRows, dotted(easy))}},
		{"9 lines of 9 digits with spaces", strings.Join(spaced(rowsOf(easy)), "\n") + "\n", []result{puz(1, 9, LayoutRows, dotted(easy))}},
		{"drawn with a border", drawn(inkala), []result{puz(2, 9, LayoutRows, inkala)}},
		{"drawn, CRLF", strings.ReplaceAll(drawn(inkala), "\n", "\r\n"), []result{puz(2, 9, LayoutRows, inkala)}},
		{"pipes and dashes", compact(inkala, "---+---+---"), []result{puz(1, 9, LayoutRows, inkala)}},
		{"pipes and equals", compact(inkala, "===+===+==="), []result{puz(1, 9, LayoutRows, inkala)}},
		{"pipes and a line of dashes", compact(inkala, "-----------"), []result{puz(1, 9, LayoutRows, inkala)}},
		{"row of nine dashes is a row of blanks", "123456789\n---------\n" + strings.Join(rowsOf(inkalaSolution)[2:], "\n") + "\n",
			[]result{puz(1, 9, LayoutRows, "123456789........."+inkalaSolution[18:])}},
		{"comment inside a grid", strings.Join(ink[:4], "\n") + "\n# note\n" + strings.Join(ink[4:], "\n") + "\n",
			[]result{puz(1, 9, LayoutRows, inkala)}},
		{".sdk with metadata", "#Aauthor\n#Ddescription\n#Ccomment\n#B03-Jan-2024\n#Snewspaper\n#LEasy\n#U\n" + strings.Join(ink, "\n") + "\n",
			[]result{puz(8, 9, LayoutRows, inkala)}},
		{"grid then line then grid", drawn(inkala) + inkala + "\n" + compact(easy, "---+---+---"), []result{
			puz(2, 9, LayoutRows, inkala), puz(14, 9, LayoutLine, inkala), puz(15, 9, LayoutRows, dotted(easy))}},
		{"grids back to back", strings.Join(ink, "\n") + "\n" + strings.Join(rowsOf(easy), "\n") + "\n", []result{
			puz(1, 9, LayoutRows, inkala), puz(10, 9, LayoutRows, dotted(easy))}},
		{"4×4 line", "1..4..1....1.1..\n", []result{puz(1, 4, LayoutLine, "1..4..1....1.1..")}},
		{"4×4 rows", "1..4\n..1.\n...1\n.1..\n", []result{puz(1, 4, LayoutRows, "1..4..1....1.1..")}},
		{"4×4 numbers", "1 0 0 4\n0 0 1 0\n0 0 0 1\n0 1 0 0\n", []result{puz(1, 4, LayoutRows, "1..4..1....1.1..")}},
		{"6×6 line, 2×3 boxes", g6.String() + "\n", []result{puz(1, 6, LayoutLine, g6.String())}},
		{"6×6 drawn", g6.Pretty(), []result{puz(1, 6, LayoutRows, g6.String())}},
		{"12×12 line, 3×4 boxes", g12.String() + "\n", []result{puz(1, 12, LayoutLine, g12.String())}},
		{"12×12 drawn", g12.Pretty(), []result{puz(1, 12, LayoutRows, g12.String())}},
		{"12×12 numbers", g12.Rows(), []result{puz(1, 12, layoutOfRows(g12), g12.String())}},
		{"16×16 line", g16.String() + "\n", []result{puz(1, 16, LayoutLine, g16.String())}},
		{"16×16 line, lower case", lower16 + "\n", []result{puz(1, 16, LayoutLine, g16.String())}},
		{"16×16 drawn", g16.Pretty(), []result{puz(1, 16, LayoutRows, g16.String())}},
		{"16×16 numbers", g16.Rows(), []result{puz(1, 16, LayoutNumbers, g16.String())}},
		{"16×16 ragged numbers", ragged(g16, 1), []result{puz(1, 16, LayoutNumbers, g16.String())}},
		{"16×16 numbers after comments", "# 16x16\n\n" + g16.Rows() + "\n# next\n" + inkala + "\n", []result{
			puz(3, 16, LayoutNumbers, g16.String()), puz(21, 9, LayoutLine, inkala)}},
		{"25×25 line", g25.String() + "\n", []result{puz(1, 25, LayoutLine, g25.String())}},
		{"25×25 ragged numbers", ragged(g25, 2), []result{puz(1, 25, layoutOfRows(g25), g25.String())}},
		{"35×35 drawn, X is 33", x35.Pretty(), []result{puz(1, 35, LayoutRows, x35.String())}},
		{"33×33 drawn, X is 33", x33.Pretty(), []result{puz(1, 33, LayoutRows, x33.String())}},
		{"33×33 line, X is 33", x33.String() + "\n", []result{puz(1, 33, LayoutLine, x33.String())}},
		{"32×32 rows, X is a blank", x32blank, []result{puz(1, 32, LayoutRows, "...1"+strings.Repeat(".", 32*32-4))}},
		{"36×36 numbers", g36.Rows(), []result{puz(1, 36, layoutOfRows(g36), g36.String())}},
		{"36×36 ragged numbers", ragged(g36, 3), []result{puz(1, 36, layoutOfRows(g36), g36.String())}},
		{"36×36 drawn", g36.Pretty(), []result{puz(1, 36, layoutOfRows(g36), g36.String())}},
		// One line of N² numbers, as String writes sides over 35 (and as
		// family's manifest holds puzzles): 1,296 numbers are no row.
		{"36×36 line of numbers", g36.String() + "\n" + g36.String() + "\n", []result{
			puz(1, 36, LayoutLine, g36.String()), puz(2, 36, LayoutLine, g36.String())}},
		// 256 numbers could be a 256×256 grid's first row; with no row after
		// it, they are the puzzle.
		{"16×16 line of numbers", numbersOf(g16) + "\n" + inkala + "\n", []result{
			puz(1, 16, LayoutLine, g16.String()), puz(2, 9, LayoutLine, inkala)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkResults(t, tt.name, readAll(t, NewReader(strings.NewReader(tt.in)), maxResults(tt.in)), tt.want)
		})
	}
}

// numbersOf writes g's cells on one line as numbers separated by spaces.
func numbersOf(g *Grid) string {
	var b strings.Builder
	for i := range g.Size() * g.Size() {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprint(&b, g.Cell(i))
	}
	return b.String()
}

func spaced(rows []string) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = strings.Join(strings.Split(r, ""), " ")
	}
	return out
}

// layoutOfRows is the layout Reader gives g.Rows(): numbers when the first
// line has a number of two digits, else rows of symbols.
func layoutOfRows(g *Grid) Layout {
	for c := 0; c < g.Size(); c++ {
		if g.Get(0, c) > 9 {
			return LayoutNumbers
		}
	}
	return LayoutRows
}

func TestReadErrors(t *testing.T) {
	ink := rowsOf(inkala)
	line80, line82 := inkala[:80], inkala+"."
	bad := func(i int, c byte) string { return inkala[:i] + string([]byte{c}) + inkala[i+1:] }
	g16 := sample(t, 16, 7)
	rows16 := strings.Split(g16.Rows(), "\n")
	big16 := append([]string(nil), rows16...)
	big16[4] = "1 2 17 " + strings.Join(strings.Fields(big16[4])[3:], " ")
	tests := []struct {
		name string
		in   string
		want []result
	}{
		{"80 characters", line80 + "\n" + inkala + "\n", []result{perr(1, "80 cells: not a puzzle"), puz(2, 9, LayoutLine, inkala)}},
		{"82 characters", inkala + "\n" + line82 + "\n" + inkala + "\n", []result{
			puz(1, 9, LayoutLine, inkala), perr(2, "82 cells: not a puzzle"), puz(3, 9, LayoutLine, inkala)}},
		{"one character", "5\n" + inkala + "\n", []result{perr(1, "1 cell: not a puzzle"), puz(2, 9, LayoutLine, inkala)}},
		{"a word", "hello\n", []result{perr(1, "5 cells: not a puzzle")}},
		{"question mark", bad(4, '?') + "\n", []result{perr(1, "cell 5: '?' is not a digit or a blank")}},
		{"punctuation", bad(80, '!') + "\n", []result{perr(1, "cell 81: '!' is not a digit or a blank")}},
		{"high byte", bad(10, 0xff) + "\n", []result{perr(1, `cell 11: '\xff' is not a digit or a blank`)}},
		{"NUL byte", bad(0, 0) + "\n", []result{perr(1, `cell 1: '\x00' is not a digit or a blank`)}},
		{"A in 9×9", bad(40, 'A') + "\n", []result{perr(1, "cell 41: 'A' means 10, larger than 9")}},
		{"z in 9×9", bad(1, 'z') + "\n", []result{perr(1, "cell 2: 'z' means 35, larger than 9")}},
		{"5 in 4×4 line", "1..4..5....1.1..\n", []result{perr(1, "cell 7: '5' means 5, larger than 4")}},
		{"5 in 4×4 rows", "1..4\n..5.\n...1\n.1..\n", []result{perr(2, "cell 3: '5' means 5, larger than 4")}},
		{"G in 16×16 line", "G" + strings.Repeat(".", 254) + "H\n", []result{perr(1, "cell 256: 'H' means 17, larger than 16")}},
		{"17 in 16×16 numbers", strings.Join(big16, "\n"), []result{perr(5, "row 5, column 3: value 17 out of range 0..16")}},
		{"7 in 6×6 numbers", "1 2 3 4 5 6\n0 0 0 0 0 0\n0 0 7 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n",
			[]result{perr(3, "cell 3: '7' means 7, larger than 6")}},
		// Cells separated by spaces make a row, even when there are N² of
		// them: 16 spaced cells start a 16×16 grid, not a 4×4 puzzle.
		{"spaced 16 cells are a row", "1 . . 4 . . 1 . . . . 1 . 1 . .\n", []result{perr(1, "16 cells separated by spaces: not a puzzle")}},
		{"spaced 81 cells are a row", strings.Join(strings.Split(easy, ""), " ") + "\n", []result{perr(1,
			"81 cells separated by spaces: not a puzzle (a puzzle on one line has N² symbols, e.g. 81 of 1-9 and '.' for 9×9, with no space between each; as a grid's first row (81×81), this line needs 80 rows after it)")}},
		{"7×7 line", strings.Repeat(".", 49) + "\n", []result{perr(1, "49 cells: not a puzzle")}},
		{"7×7 numbers", strings.Repeat("0 0 0 0 0 0 0\n", 2), []result{perr(1, "7 cells separated by spaces: not a puzzle"), perr(2, "7 cells separated by spaces: not a puzzle")}},
		{"5×5 symbols", "12345\n23451\n", []result{perr(1, "5 cells: not a puzzle"), perr(2, "5 cells: not a puzzle")}},
		{"37×37 numbers", strings.Repeat("0 ", 36) + "0\n", []result{perr(1, "37 cells separated by spaces: not a puzzle")}},
		{"401 numbers", strings.Repeat("0 ", 400) + "0\n", []result{perr(1, "401 cells separated by spaces: not a puzzle")}},
		{"1,296 numbers, one too large", strings.Repeat("0 ", 1000) + "37" + strings.Repeat(" 0", 295) + "\n", []result{perr(1, "cell 1001: value 37 out of range 0..36")}},
		// A line read alone is named by what it looks like, and what a
		// puzzle needs, not by a cell of the grid its shape suggested:
		// spaces for blanks once gave "value 36 out of range 0..16", and
		// "hello world" "'h' means 17, larger than 10".
		{"spaces for blanks", strings.ReplaceAll(inkala, ".", " ") + "\n", []result{perr(1,
			"16 cells, numbers separated by spaces: not a puzzle (a puzzle on one line has N² symbols, e.g. 81 of 1-9 and '.' for 9×9; as a grid's first row (16×16), this line needs 15 rows after it; spaces are not blanks: write a blank as '.' or '0')")}},
		{"spaces for blanks, single digits", strings.ReplaceAll("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", ".", " ") + "\n",
			[]result{perr(1, "17 cells separated by spaces: not a puzzle (a puzzle on one line has N² symbols, e.g. 81 of 1-9 and '.' for 9×9, with no space between each; a grid has N rows of N cells; spaces are not blanks: write a blank as '.' or '0')")}},
		{"words", "hello world\n", []result{perr(1,
			"10 cells in 2 words: not a puzzle (a puzzle on one line has N² symbols, e.g. 81 of 1-9 and '.' for 9×9; as a grid's first row (10×10), this line needs 9 rows after it)")}},
		{"a row of numbers alone", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16\n", []result{perr(1,
			"16 cells, numbers separated by spaces: not a puzzle (a puzzle on one line has N² symbols, e.g. 81 of 1-9 and '.' for 9×9; as a grid's first row (16×16), this line needs 15 rows after it)")}},
		// A character that no grid takes is the reason, whatever the line.
		{"a row of garbage alone", "\x00\x01garbage\xff\n", []result{perr(1, `cell 1: '\x00' is not a digit or a blank`)}},
		{"neither a line nor a row", "1 2 3\n", []result{perr(1,
			"3 cells separated by spaces: not a puzzle (a puzzle on one line has N² symbols, e.g. 81 of 1-9 and '.' for 9×9, with no space between each; a grid has N rows of N cells)")}},
		{"short row in a grid", strings.Join(ink[:3], "\n") + "\n" + ink[3][:8] + "\n" + strings.Join(ink[4:], "\n") + "\n" + easy + "\n",
			[]result{perr(4, "row 4 has 8 cells, want 9"), puz(10, 9, LayoutLine, dotted(easy))}},
		{"long row in a grid", strings.Join(ink[:8], "\n") + "\n" + ink[8] + "1\n" + easy + "\n",
			[]result{perr(9, "row 9 has 10 cells, want 9"), puz(10, 9, LayoutLine, dotted(easy))}},
		{"bad symbol in a grid row", drawn(withBlanks(inkala, ".")[:40]+"?"+inkala[41:]) + easy + "\n",
			[]result{perr(7, "cell 5: '?' is not a digit or a blank"), puz(14, 9, LayoutLine, dotted(easy))}},
		{"first error of a grid wins", "1?..\n..5.\n...1\n.1..\n", []result{perr(1, "cell 2: '?' is not a digit")}},
		{"grid cut short by the end", strings.Join(ink[:4], "\n") + "\n", []result{perr(1, "grid has 4 rows, want 9")}},
		{"grid cut short by a puzzle line", strings.Join(ink[:3], "\n") + "\n" + easy + "\n",
			[]result{perr(1, "grid has 3 rows, want 9"), puz(4, 9, LayoutLine, dotted(easy))}},
		{"numbers grid cut short", strings.Join(rows16[:10], "\n") + "\n", []result{perr(1, "grid has 10 rows, want 16")}},
		{"error then blank line", "1?..\n..1.\n\n" + inkala + "\n",
			[]result{perr(1, "cell 2: '?' is not a digit"), puz(4, 9, LayoutLine, inkala)}},
		{"drawing only", "+---+---+\n|   |   |\n+===+===+\n", nil},
		{"empty", "", nil},
		{"only newlines", "\n\n\r\n\n", nil},
		{"only comments", "# one\n#two\n  # three\n", nil},
		{"CRLF between errors", line80 + "\r\n" + line82 + "\r\n" + inkala + "\r\n", []result{
			perr(1, "80 cells"), perr(2, "82 cells"), puz(3, 9, LayoutLine, inkala)}},
		{"binary garbage", "\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x03\x00\x3e\x00\x01\x00\x00\x00\xc0\x8a\x00\x00\x00\x00\x00\x00\x40\x00\x00\x00\x00\x00\x00\x00\xc8\xe1\x02\x00\x00\x00\x00\x00",
			[]result{perr(1, "not a puzzle")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkResults(t, tt.name, readAll(t, NewReader(strings.NewReader(tt.in)), maxResults(tt.in)), tt.want)
		})
	}
}

// TestReadOneResultEach holds the cases where the Reader used to lose, merge
// or borrow lines: every puzzle of the input, good or bad, must give one
// result, in order, and no result may mix lines of two puzzles.
func TestReadOneResultEach(t *testing.T) {
	ink, ez := rowsOf(inkala), rowsOf(easy)
	easyNumbers := make([]string, 9) // easy as rows of numbers, one per token
	for i, row := range ez {
		easyNumbers[i] = strings.Join(strings.Split(row, ""), " ")
	}
	withToken := func(row, col int, tok string) string {
		rows := append([]string(nil), easyNumbers...)
		f := strings.Fields(rows[row])
		f[col] = tok
		rows[row] = strings.Join(f, " ")
		return strings.Join(rows, "\n") + "\n"
	}
	blankFirst := "........." + dotted(easy[9:])
	g16 := sample(t, 16, 13)
	g16.Set(0, 0, 16) // a two-digit number makes the first line a row of numbers
	rows16 := strings.Split(g16.Rows(), "\n")
	tests := []struct {
		name string
		in   string
		want []result
	}{
		// A cut grid, a blank line, a whole grid: the whole grid must not
		// lend its rows to the cut one (which read as a solved 9×9 made of
		// both).
		{"cut grid, blank line, grid", strings.Join(ink[:5], "\n") + "\n\n" + strings.Join(ez, "\n") + "\n", []result{
			perr(1, "grid has 5 rows, want 9"), puz(7, 9, LayoutRows, dotted(easy))}},
		{"cut drawn grid, blank line, drawn grid", strings.Join(strings.Split(drawn(inkala), "\n")[:7], "\n") + "\n\n" + drawn(easy), []result{
			perr(2, "grid has 5 rows, want 9"), puz(10, 9, LayoutRows, dotted(easy))}},
		{"blank line inside a grid", strings.Join(ink[:4], "\n") + "\n\n" + strings.Join(ink[4:], "\n") + "\n", []result{
			perr(1, "grid has 4 rows, want 9"), perr(6, "grid has 5 rows, want 9")}},
		{"cut numbers grid, blank line, numbers grid", strings.Join(rows16[:10], "\n") + "\n\n" + g16.Rows(), []result{
			perr(1, "grid has 10 rows, want 16"), puz(12, 16, LayoutNumbers, g16.String())}},
		// .sdk section headers are skipped, and end a grid as a blank line
		// does.
		{".sdk section", "[Puzzle]\n" + strings.Join(ink, "\n") + "\n", []result{puz(2, 9, LayoutRows, inkala)}},
		{".sdk sections", "#Aauthor\n[Puzzle]\n" + strings.Join(ink[:6], "\n") + "\n[State]\n" + strings.Join(ez, "\n") + "\n", []result{
			perr(3, "grid has 6 rows, want 9"), puz(10, 9, LayoutRows, dotted(easy))}},
		// Stray lines in a file of one-line puzzles are results of their
		// own, even when one of them could start a grid.
		{"row-sized stray line, then another", inkala + "\n123456789\nhello\n" + easy + "\n", []result{
			puz(1, 9, LayoutLine, inkala), perr(2, "9 cells: not a puzzle"), perr(3, "5 cells: not a puzzle"), puz(4, 9, LayoutLine, dotted(easy))}},
		{"cut grid, then a stray line", strings.Join(ink[:3], "\n") + "\nhello\n" + easy + "\n", []result{
			perr(1, "grid has 3 rows, want 9"), perr(4, "5 cells: not a puzzle"), puz(5, 9, LayoutLine, dotted(easy))}},
		{"stray lines after a cut grid at the end", strings.Join(ink[:3], "\n") + "\nab\ncd\n", []result{
			perr(1, "grid has 3 rows, want 9"), perr(4, "2 cells: not a puzzle"), perr(5, "2 cells: not a puzzle")}},
		// A mistyped row between rows of the grid stays the grid's error.
		{"short second row", ink[0] + "\n" + ink[1][:8] + "\n" + strings.Join(ink[2:], "\n") + "\n" + easy + "\n", []result{
			perr(2, "row 2 has 8 cells, want 9"), puz(10, 9, LayoutLine, dotted(easy))}},
		{"short last row, then the end", strings.Join(ink[:8], "\n") + "\n" + ink[8][:7] + "\n", []result{
			perr(9, "row 9 has 7 cells, want 9")}},
		// A first row of blanks written as dashes is a row, not a border.
		{"first row all dashes", "---------\n" + strings.Join(rowsOf(blankFirst)[1:], "\n") + "\n" + inkala + "\n", []result{
			puz(1, 9, LayoutRows, blankFirst), puz(10, 9, LayoutLine, inkala)}},
		{"first row all spaced dashes", "- - - - - - - - -\n" + strings.Join(spaced(rowsOf(blankFirst)[1:]), "\n") + "\n", []result{
			puz(1, 9, LayoutRows, blankFirst)}},
		{"dashes before a one-line puzzle are a border", "---------\n" + inkala + "\n---------\n", []result{puz(2, 9, LayoutLine, inkala)}},
		{"dashes before a wider row are a border", "-------------\n" + compact(inkala, "---+---+---"), []result{puz(2, 9, LayoutRows, inkala)}},
		// Characters are counted as characters, and a foreign one is named.
		{"fullwidth digit", inkala[:4] + "１" + inkala[5:] + "\n" + easy + "\n", []result{
			perr(1, "cell 5: '１' (U+FF11) is not a digit or a blank"), puz(2, 9, LayoutLine, dotted(easy))}},
		{"fullwidth digit in a row", strings.Join(ink[:2], "\n") + "\n" + "１" + ink[2][1:] + "\n" + strings.Join(ink[3:], "\n") + "\n", []result{
			perr(3, "cell 1: '１' (U+FF11) is not a digit")}},
		// A number out of range in a row of numbers is named with its place.
		{"99999 in a row of numbers", withToken(1, 3, "99999"), []result{perr(2, "row 2, column 4: value 99999 out of range 0..9")}},
		{"-3 in a row of numbers", withToken(4, 8, "-3"), []result{perr(5, "row 5, column 9: value -3 out of range 0..9")}},
		{"-3 in the first row", withToken(0, 0, "-3"), []result{perr(1, "row 1, column 1: value -3 out of range 0..9")}},
		{"huge number", withToken(8, 0, strings.Repeat("9", 40)), []result{perr(9, "row 9, column 1: value 999999999999999999999999… out of range 0..9")}},
		// A one-line puzzle cut to a square length reads as a smaller
		// puzzle; when its symbols give it away, the error says so.
		{"9×9 line cut to 64 symbols", inkala + "\n" + inkala[:64] + "\n", []result{
			puz(1, 9, LayoutLine, inkala), perr(2, "cell 23: '9' means 9, larger than 8 (read as 8×8 from its 64 symbols, the puzzle before as 9×9: is this line cut short?)")}},
		{"4×4 line among 9×9 lines", inkala + "\n1..4..1....1.1..\n", []result{
			puz(1, 9, LayoutLine, inkala), puz(2, 4, LayoutLine, "1..4..1....1.1..")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkResults(t, tt.name, readAll(t, NewReader(strings.NewReader(tt.in)), maxResults(tt.in)), tt.want)
		})
	}
}

// TestReadCutShortHint: the hint compares a one-line puzzle with the one
// just before it, not with a grid or the first line of the input.
func TestReadCutShortHint(t *testing.T) {
	for _, tt := range []struct {
		name, in string
		hint     bool
	}{
		{"after a 9×9 line", inkala + "\n" + inkala[:64] + "\n", true},
		{"after comments and a blank line", inkala + "\n# x\n\n" + inkala[:64] + "\n", true},
		{"first line", inkala[:64] + "\n", false},
		{"after a grid", strings.Join(rowsOf(inkala), "\n") + "\n" + inkala[:64] + "\n", false},
		{"after an 8×8 line", strings.Repeat(".", 64) + "\n" + inkala[:64] + "\n", false},
	} {
		gots := readAll(t, NewReader(strings.NewReader(tt.in)), maxResults(tt.in))
		last := gots[len(gots)-1]
		if last.err == nil || !strings.Contains(last.err.Error(), "'9' means 9, larger than 8") ||
			strings.Contains(last.err.Error(), "cut short") != tt.hint {
			t.Errorf("%s: %v; want the hint: %v", tt.name, last.err, tt.hint)
		}
	}
}

// TestReadEmpty: an empty input gives io.EOF at once, and again after.
func TestReadEmpty(t *testing.T) {
	for _, in := range []string{"", "\n", "# only a comment", "\r\n\r\n", "\xEF\xBB\xBF"} {
		r := NewReader(strings.NewReader(in))
		for i := 0; i < 3; i++ {
			if p, err := r.Read(); p != nil || err != io.EOF {
				t.Errorf("%q: Read #%d = %v, %v; want nil, io.EOF", in, i+1, p, err)
			}
		}
	}
}

// TestReadBlankLinesInBulk: a run of blank lines costs what scanning its
// bytes does, not a line's work each. Read one at a time, 200 MB of
// newlines took 5 s of CPU, 25 ns a line; the test compares the Reader
// with a byte loop over the same input, in the same process, the least of
// three runs of each, and allows ten times the loop: a line at a time is
// fifty times it.
func TestReadBlankLinesInBulk(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 16 MB several times")
	}
	const n = 16 << 20
	blank := []byte(strings.Repeat("\n", n) + " \t\r\n\r\n" + inkala + "\n")
	read := func() {
		r := NewReader(bytes.NewReader(blank))
		p, err := r.Read()
		if err != nil || p.Line != n+3 || p.Grid.String() != inkala {
			t.Fatalf("Read = %v, %v; want %s on line %d", p, err, inkala, n+3)
		}
	}
	scan := func() {
		k := 0
		for _, b := range blank {
			if b == '\n' {
				k++
			}
		}
		if k != n+3 {
			t.Fatalf("%d newlines, want %d", k, n+3)
		}
	}
	least := func(f func()) time.Duration {
		best := time.Duration(math.MaxInt64)
		for range 3 {
			start := time.Now()
			f()
			best = min(best, time.Since(start))
		}
		return best
	}
	reader, loop := least(read), least(scan)
	t.Logf("%d blank lines: %v; a byte loop: %v", n, reader, loop)
	if reader > 10*loop {
		t.Errorf("reading %d blank lines took %v, %.0f times a byte loop over them (%v): read one at a time?",
			n, reader, float64(reader)/float64(loop), loop)
	}
}

// TestReadConflict: two equal givens in a unit parse fine; Validate finds
// them.
func TestReadConflict(t *testing.T) {
	tests := []struct {
		name, in string
		msg      string
	}{
		{"row", "88" + inkala[2:], "8 appears twice in row 1 (r1c1 and r1c2)"},
		{"column", inkala[:9] + "8" + inkala[10:], "8 appears twice in column 1 (r1c1 and r2c1)"},
		{"box", inkala[:18] + "3" + inkala[19:], "3 appears twice in box 1 (r2c3 and r3c1)"},
		{"4×4 box", "1...\n.1..\n....\n....\n", "1 appears twice in box 1"},
		{"6×6 box", "1.....\n..1...\n" + strings.Repeat("......\n", 4), "1 appears twice in box 1 (r1c1 and r2c3)"},
	}
	for _, tt := range tests {
		g, err := Parse(tt.in)
		if err != nil {
			t.Errorf("%s: Parse: %v", tt.name, err)
			continue
		}
		err = g.Validate()
		if !errors.Is(err, ErrConflict) || !strings.Contains(fmt.Sprint(err), tt.msg) {
			t.Errorf("%s: Validate() = %v, want ErrConflict with %q", tt.name, err, tt.msg)
		}
	}
}

// TestReadLongLine: a line over MaxLineLength is one error naming it, and
// reading goes on after it, in a stream of lines and in a grid.
func TestReadLongLine(t *testing.T) {
	huge := strings.Repeat("1", 10<<20)
	exact := strings.Repeat("2", MaxLineLength)
	ink := rowsOf(inkala)
	tests := []struct {
		name string
		in   string
		want []result
	}{
		{"10 MB line", inkala + "\n" + huge + "\n" + easy + "\n", []result{
			puz(1, 9, LayoutLine, inkala), perr(2, "longer than 1048576 bytes"), puz(3, 9, LayoutLine, dotted(easy))}},
		{"10 MB line, CRLF", huge + "\r\n" + easy + "\r\n", []result{
			perr(1, "longer than"), puz(2, 9, LayoutLine, dotted(easy))}},
		{"10 MB line at the end", inkala + "\n" + huge, []result{puz(1, 9, LayoutLine, inkala), perr(2, "longer than")}},
		{"10 MB of spaces", strings.Repeat(" ", 10<<20) + "\n" + inkala + "\n", []result{perr(1, "longer than"), puz(2, 9, LayoutLine, inkala)}},
		{"10 MB comment", "#" + huge + "\n" + inkala + "\n", []result{perr(1, "longer than"), puz(2, 9, LayoutLine, inkala)}},
		{"two long lines", huge + "\n" + huge + "\n", []result{perr(1, "longer than"), perr(2, "longer than")}},
		{"MaxLineLength exactly", exact + "\n" + inkala + "\n", []result{perr(1, "1048576 cells: not a puzzle"), puz(2, 9, LayoutLine, inkala)}},
		{"MaxLineLength exactly, CRLF", exact + "\r\n" + inkala + "\n", []result{perr(1, "1048576 cells: not a puzzle"), puz(2, 9, LayoutLine, inkala)}},
		{"MaxLineLength+1", exact + "2\n" + inkala + "\n", []result{perr(1, "longer than"), puz(2, 9, LayoutLine, inkala)}},
		{"MaxLineLength+1, CR", exact + "2\r\n" + inkala + "\n", []result{perr(1, "longer than"), puz(2, 9, LayoutLine, inkala)}},
		{"10 MB row in a grid", strings.Join(ink[:5], "\n") + "\n" + huge + "\n" + strings.Join(ink[6:], "\n") + "\n" + easy + "\n",
			[]result{perr(6, "longer than"), puz(10, 9, LayoutLine, dotted(easy))}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkResults(t, tt.name, readAll(t, NewReader(strings.NewReader(tt.in)), maxResults(tt.in)), tt.want)
		})
	}
}

// TestReadBinary: random bytes never panic or hang, every error is a
// *ParseError on a real line, and results come in line order.
func TestReadBinary(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for k := 0; k < 20; k++ {
		b := make([]byte, 1+rng.IntN(1<<20))
		for i := range b {
			b[i] = byte(rng.UintN(256))
		}
		if k%2 == 1 { // mostly puzzle characters, to reach deeper
			const alpha = "0123456789.ABCDEFGXx-_*| \t\r\n\n\n+=#"
			for i := range b {
				b[i] = alpha[rng.IntN(len(alpha))]
			}
		}
		checkInvariants(t, b)
	}
}

// checkInvariants reads b to the end and checks what any input must give.
func checkInvariants(t *testing.T, b []byte) {
	t.Helper()
	lines := strings.Count(string(b), "\n") + 1
	r := NewReader(strings.NewReader(string(b)))
	last := 0
	for i := 0; ; i++ {
		if i > lines {
			t.Fatalf("more results than the %d lines of the input", lines)
		}
		p, err := r.Read()
		if err == io.EOF {
			if p != nil {
				t.Fatal("puzzle with io.EOF")
			}
			if _, err := r.Read(); err != io.EOF {
				t.Fatalf("Read after io.EOF = %v", err)
			}
			return
		}
		var line int
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("%T %v is not a *ParseError", err, err)
			}
			if p != nil {
				t.Fatalf("puzzle with error %v", err)
			}
			if !errors.Is(err, ErrSyntax) {
				t.Fatalf("%v does not wrap ErrSyntax", err)
			}
			if !strings.HasPrefix(err.Error(), fmt.Sprintf("line %d: ", pe.Line)) {
				t.Fatalf("message %q does not name line %d", err, pe.Line)
			}
			line = pe.Line
		} else {
			if p == nil || p.Grid == nil {
				t.Fatal("nil puzzle without error")
			}
			checkGrid(t, p.Grid)
			line = p.Line
			// What Format writes reads back the same.
			again, err := Parse(p.Format(p.Grid))
			if err != nil {
				t.Fatalf("puzzle at line %d, layout %d, does not read back: %v\n%s", p.Line, p.Layout, err, p.Format(p.Grid))
			}
			if !again.Equal(p.Grid) {
				t.Fatalf("puzzle at line %d reads back as another grid:\n%s\nwant\n%s", p.Line, again.Pretty(), p.Grid.Pretty())
			}
		}
		if line <= last || line > lines {
			t.Fatalf("result at line %d after one at line %d, input of %d lines", line, last, lines)
		}
		last = line
	}
}

// checkGrid checks the invariants of any grid the Reader returns.
func checkGrid(t *testing.T, g *Grid) {
	t.Helper()
	n := g.Size()
	r, c, err := BoxShape(n)
	if err != nil || r != g.BoxRows() || c != g.BoxCols() || g.Len() != n*n {
		t.Fatalf("grid of size %d with %d×%d boxes and %d cells (BoxShape %d×%d, %v)", n, g.BoxRows(), g.BoxCols(), g.Len(), r, c, err)
	}
	for i := 0; i < g.Len(); i++ {
		if d := g.Cell(i); d < 0 || d > n {
			t.Fatalf("cell %d holds %d in a grid of %d", i, d, n)
		}
	}
	// Validate and CheckSolution agree: a grid solves itself exactly when
	// it is full and free of conflicts.
	full := g.Givens() == g.Len()
	verr := g.Validate()
	if verr != nil && !errors.Is(verr, ErrConflict) {
		t.Fatalf("Validate: %v does not wrap ErrConflict", verr)
	}
	if cerr := CheckSolution(g, g); (cerr == nil) != (full && verr == nil) {
		t.Fatalf("CheckSolution(g, g) = %v, but full = %v, Validate = %v", cerr, full, verr)
	}
}

// ioFailure fails a read after some data.
type ioFailure struct{}

func (ioFailure) Error() string { return "disk on fire" }

func TestReadIOError(t *testing.T) {
	in := inkala + "\n" + strings.Join(rowsOf(easy)[:4], "\n") + "\n"
	// Readers that return little at a time change nothing.
	for name, wrap := range map[string]func(io.Reader) io.Reader{
		"one byte":  iotest.OneByteReader,
		"half":      iotest.HalfReader,
		"data+EOF":  iotest.DataErrReader,
		"bufio":     func(r io.Reader) io.Reader { return bufio.NewReader(r) },
		"small buf": func(r io.Reader) io.Reader { return bufio.NewReaderSize(r, 16) },
	} {
		gots := readAll(t, NewReader(wrap(strings.NewReader(in))), 10)
		checkResults(t, name, gots, []result{puz(1, 9, LayoutLine, inkala), perr(2, "grid has 4 rows, want 9")})
	}

	// A failing reader: the error comes through, is not a ParseError, and
	// stays.
	r := NewReader(io.MultiReader(strings.NewReader(inkala+"\n"), iotest.ErrReader(ioFailure{})))
	if p, err := r.Read(); err != nil || p.Grid.String() != inkala {
		t.Fatalf("first Read = %v, %v", p, err)
	}
	for i := 0; i < 2; i++ {
		p, err := r.Read()
		var pe *ParseError
		if p != nil || !errors.Is(err, ioFailure{}) || errors.As(err, &pe) {
			t.Errorf("Read #%d after the failure = %v, %v; want the I/O error, not a ParseError", i+1, p, err)
		}
	}
	// A failure inside a line: what was read of the line is no puzzle
	// (a cut archive's last line once read as one); the failure is
	// reported on that line.
	r = NewReader(io.MultiReader(strings.NewReader(inkala+"\n"+inkala[:40]), iotest.ErrReader(ioFailure{})))
	if p, err := r.Read(); err != nil || p.Grid.String() != inkala {
		t.Fatalf("first Read = %v, %v", p, err)
	}
	if p, err := r.Read(); p != nil || !errors.Is(err, ioFailure{}) || !strings.HasPrefix(err.Error(), "line 2: ") {
		t.Errorf("Read of a line cut by a failure = %v, %v; want the I/O error on line 2", p, err)
	}
	// A failure inside a grid.
	r = NewReader(io.MultiReader(strings.NewReader(strings.Join(rowsOf(easy)[:4], "\n")+"\n"), iotest.ErrReader(ioFailure{})))
	if p, err := r.Read(); p != nil || !errors.Is(err, ioFailure{}) {
		t.Errorf("Read of a grid cut by a failure = %v, %v; want the I/O error", p, err)
	}
}

// batch builds a stream of puzzles and the results it must give.
type batch struct {
	sb   strings.Builder
	line int // lines written so far
	want []result
}

// add appends text (whole lines) and the results it gives, their lines
// counted from the first line of text.
func (b *batch) add(text string, want ...result) {
	for _, w := range want {
		w.line += b.line
		b.want = append(b.want, w)
	}
	b.sb.WriteString(text)
	b.line += strings.Count(text, "\n")
}

// TestReadBatch: a file mixing good and bad puzzles gives one result for each,
// in order, at the right lines.
func TestReadBatch(t *testing.T) {
	var b batch
	garbage := "\x89PNG\x1a\x00\x00\x00\rIHDR\x00\x00\x01\x00\x00\x00\x01\x00\x08\x06\x00\x00\x00\\r\xa8f\x00\x00\x00\x04gAMA\x00\x00\xb1\x8f\x0b\xfca\x05\x00\x00\x00 cHRM\x00\x00z&\x00\x00\x80\x84\x00\x00\xfa\x00\x00\x00\x80\xe8\x00\x00u0"
	conflict := "88" + inkala[2:]
	g16 := sample(t, 16, 11)
	b.add("# mixed batch\n")
	b.add(inkala+"\n", puz(1, 9, LayoutLine, inkala))
	b.add(inkala[:80]+"\n", perr(1, "80 cells"))
	b.add(easy+"\r\n", puz(1, 9, LayoutLine, dotted(easy)))
	b.add("\n")
	b.add(inkala+"5\n", perr(1, "82 cells"))
	b.add(inkala[:30]+"?"+inkala[31:]+"\n", perr(1, "cell 31: '?' is not a digit"))
	b.add(conflict+"\n", puz(1, 9, LayoutLine, conflict))
	b.add(inkala[:50]+"A"+inkala[51:]+"\n", perr(1, "cell 51: 'A' means 10"))
	b.add(strings.Repeat("0", 49)+"\n", perr(1, "49 cells"))
	b.add(strings.Repeat("7", 10<<20)+"\n", perr(1, "longer than"))
	b.add(inkalaSolution+"\n", puz(1, 9, LayoutLine, inkalaSolution))
	b.add(garbage+"\n", perr(1, "not a puzzle"))
	b.add(drawn(easy), puz(2, 9, LayoutRows, dotted(easy)))
	b.add("# a grid with a bad row\n"+strings.Join(rowsOf(inkala)[:6], "\n")+"\n12345678\n"+strings.Join(rowsOf(inkala)[7:], "\n")+"\n",
		perr(8, "row 7 has 8 cells, want 9"))
	b.add(inkala[:80]+"\r\n", perr(1, "80 cells"))
	b.add(inkala[:80]+"\r\n", perr(1, "80 cells"))
	b.add(strings.Join(rowsOf(easy)[:5], "\n")+"\n", perr(1, "grid has 5 rows, want 9"))
	b.add(inkala+"\n", puz(1, 9, LayoutLine, inkala))
	b.add(g16.Rows(), puz(1, 16, layoutOfRows(g16), g16.String()))
	b.add("1..4..1....1.1..\n", puz(1, 4, LayoutLine, "1..4..1....1.1.."))
	b.add("\x00\x01\x02\n", perr(1, "3 cells"))
	b.add(easy, puz(1, 9, LayoutLine, dotted(easy))) // no final newline
	in := b.sb.String()

	gots := readAll(t, NewReader(strings.NewReader(in)), maxResults(in))
	if len(gots) != len(b.want) {
		t.Errorf("%d results, want %d", len(gots), len(b.want))
	}
	checkResults(t, "batch", gots, b.want)
	// The conflict parses, and Validate catches it.
	for _, g := range gots {
		if g.p != nil && g.p.Grid.String() == conflict && !errors.Is(g.p.Grid.Validate(), ErrConflict) {
			t.Error("the conflicting puzzle validates")
		}
	}
}

// TestRoundTrip writes grids of many sizes in every form and reads them back.
func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	sizes := []int{4, 6, 8, 9, 10, 12, 15, 16, 20, 25, 30, 35, 36, 49, 64, 81, 100, 144, 400}
	if testing.Short() {
		sizes = sizes[:len(sizes)-1]
	}
	for _, n := range sizes {
		br, bc, err := BoxShape(n)
		if err != nil {
			t.Fatal(err)
		}
		sol := shuffledSolution(t, rng, br, bc)
		// lowRow: the first row blank and only digits up to 9 elsewhere,
		// so a numbers row is made of one-character tokens.
		low := sol.Clone()
		for i := 0; i < low.Len(); i++ {
			if i < n || low.Cell(i) > 9 || rng.IntN(3) == 0 {
				low.SetCell(i, 0)
			}
		}
		empty, _ := NewGrid(br, bc)
		variants := map[string]*Grid{
			"solution": sol,
			"puzzle":   blanked(rng, sol, 0.4),
			"low":      low,
			"empty":    empty,
		}
		for vname, g := range variants {
			name := fmt.Sprintf("%d/%s", n, vname)
			// String → ParseLine, with the box shape given, including the
			// transposed one.
			h, err := ParseLine(g.String(), br, bc)
			if err != nil || !h.Equal(g) {
				t.Errorf("%s: ParseLine(String) = %v, %v", name, err, h)
			}
			if br != bc {
				t2, _ := NewGrid(bc, br)
				for i := 0; i < g.Len(); i++ {
					t2.SetCell(i, g.Cell(i))
				}
				if h, err := ParseLine(t2.String(), bc, br); err != nil || !h.Equal(t2) {
					t.Errorf("%s: ParseLine with %d×%d boxes = %v", name, bc, br, err)
				}
			}
			forms := map[string]string{"Pretty": g.Pretty(), "Rows": g.Rows()}
			if n <= MaxSymbolSize {
				forms["String"] = g.String() + "\n"
			}
			for fname, text := range forms {
				gots := readAll(t, NewReader(strings.NewReader(text)), maxResults(text))
				if len(gots) != 1 || gots[0].err != nil {
					t.Errorf("%s: %s reads as %d results, first %s", name, fname, len(gots), first(gots))
					continue
				}
				p := gots[0].p
				if !p.Grid.Equal(g) || p.Line != 1 {
					t.Errorf("%s: %s reads back at line %d as\n%s\nwant\n%s", name, fname, p.Line, p.Grid.Pretty(), g.Pretty())
					continue
				}
				// And Format writes it so that it reads back again.
				again, err := Parse(p.Format(p.Grid))
				if err != nil || !again.Equal(g) {
					t.Errorf("%s: %s: Format (layout %d) does not read back: %v", name, fname, p.Layout, err)
				}
			}
			// All forms in one stream, with comments between.
			var b batch
			b.add("# "+name+"\n", nil...)
			b.add(g.Pretty(), result{line: 1, size: n, boxRows: br, layout: -1})
			b.add("\n# rows\n")
			b.add(g.Rows(), result{line: 1, size: n, boxRows: br, layout: -1})
			if n <= MaxSymbolSize {
				b.add(g.String()+"\n", puz(1, n, LayoutLine, g.String()))
			}
			in := b.sb.String()
			gots := readAll(t, NewReader(strings.NewReader(in)), maxResults(in))
			if len(gots) != len(b.want) {
				t.Errorf("%s: stream of %d puzzles reads as %d results, first %s", name, len(b.want), len(gots), first(gots))
				continue
			}
			for i, gt := range gots {
				if gt.err != nil || gt.p.Line != b.want[i].line || !gt.p.Grid.Equal(g) {
					t.Errorf("%s: stream result %d: %s, want puzzle at line %d", name, i+1, describe(gt), b.want[i].line)
				}
			}
		}
	}
}

func first(gots []got) string {
	if len(gots) == 0 {
		return "none"
	}
	return describe(gots[0])
}

func TestParse(t *testing.T) {
	g, err := Parse(inkala)
	if err != nil || g.String() != inkala {
		t.Errorf("Parse(inkala) = %v, %v", g, err)
	}
	g, err = Parse("# comment\n" + drawn(inkala) + "\n\n")
	if err != nil || g.String() != inkala {
		t.Errorf("Parse(drawn) = %v, %v", g, err)
	}
	for _, tt := range []struct{ in, msg string }{
		{"", "no puzzle"},
		{"# nothing\n\n", "no puzzle"},
		{inkala + "\n" + inkala, "more than one puzzle"},
		{inkala + "\n" + inkala[:80], "more than one puzzle"},
	} {
		if _, err := Parse(tt.in); !errors.Is(err, ErrSyntax) || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("Parse(%.20q) = %v, want ErrSyntax with %q", tt.in, err, tt.msg)
		}
	}
	_, err = Parse("# x\n" + inkala[:80])
	checkParseError(t, "Parse(80 characters)", err, 2, "80 cells")
}

func TestParseLine(t *testing.T) {
	g36 := sample(t, 36, 12)
	tests := []struct {
		name     string
		in       string
		br, bc   int
		want     string // String() of the result
		size     bool   // error wraps ErrSize
		msg      string // error contains
		wantNone bool
	}{
		{name: "9×9", in: inkala, br: 3, bc: 3, want: inkala},
		{name: "9×9 zeros", in: easy, br: 3, bc: 3, want: dotted(easy)},
		{name: "9×9 blanks", in: withBlanks(inkala, "._*-Xx0"), br: 3, bc: 3, want: inkala},
		{name: "9×9 with surrounding space", in: "  " + inkala + " \r", br: 3, bc: 3, want: inkala},
		{name: "4×4", in: "1..4..1....1.1..", br: 2, bc: 2, want: "1..4..1....1.1.."},
		{name: "4×4 spaced", in: "1 . . 4 . . 1 . . . . 1 . 1 . .", br: 2, bc: 2, want: "1..4..1....1.1.."},
		{name: "6×6 in 3×2 boxes", in: "123456" + strings.Repeat(".", 30), br: 3, bc: 2, want: "123456" + strings.Repeat(".", 30)},
		{name: "36×36 numbers", in: g36.String(), br: 6, bc: 6, want: g36.String()},
		{name: "81 numbers for 9×9", in: strings.Join(strings.Split(dottedToZero(inkala), ""), " "), br: 3, bc: 3, want: inkala},
		{name: "80 cells", in: inkala[:80], br: 3, bc: 3, msg: "80 cells, want 81"},
		{name: "9×9 for 4×4", in: inkala, br: 2, bc: 2, msg: "81 cells, want 16"},
		{name: "bad symbol", in: inkala[:5] + "?" + inkala[6:], br: 3, bc: 3, msg: "cell 6: '?' is not a digit or a blank"},
		{name: "digit over N", in: "1..5..1....1.1..", br: 2, bc: 2, msg: "'5' means 5, larger than 4"},
		{name: "number over N", in: "37" + strings.Repeat(" 0", 36*36-1), br: 6, bc: 6, msg: "cell 1: value 37 out of range 0..36"},
		{name: "bad shape", in: inkala, br: 9, bc: 1, size: true, msg: "boxes of 9×1"},
		{name: "rows as boxes", in: "1234523451345124512351234", br: 1, bc: 5, want: "1234523451345124512351234"},
		{name: "too big", in: "", br: 21, bc: 20, size: true, msg: "boxes of 21×20"},
		{name: "sides whose product wraps to 0", in: "", br: 1 << 32, bc: 1 << 32, size: true, msg: "boxes of 4294967296×4294967296"},
		{name: "empty", in: "", br: 3, bc: 3, msg: "0 cells, want 81"},
	}
	for _, tt := range tests {
		g, err := ParseLine(tt.in, tt.br, tt.bc)
		if tt.msg == "" {
			if err != nil || g.String() != tt.want || g.BoxRows() != tt.br || g.BoxCols() != tt.bc {
				t.Errorf("%s: ParseLine = %v, %v; want %s", tt.name, g, err, tt.want)
			}
			continue
		}
		if err == nil {
			t.Errorf("%s: ParseLine = %v, want an error", tt.name, g)
			continue
		}
		wantErr := ErrSyntax
		if tt.size {
			wantErr = ErrSize
		}
		if !errors.Is(err, wantErr) || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("%s: ParseLine error %v, want %v with %q", tt.name, err, wantErr, tt.msg)
		}
	}
}

func dottedToZero(s string) string { return strings.ReplaceAll(s, ".", "0") }

// TestPuzzleFormat: Format writes each layout the way the Reader read it.
func TestPuzzleFormat(t *testing.T) {
	g, _ := ParseLine(inkala, 3, 3)
	tests := []struct {
		layout Layout
		want   string
	}{
		{LayoutLine, inkala},
		{LayoutRows, g.Pretty()},
		{LayoutNumbers, g.Rows()},
	}
	for _, tt := range tests {
		p := &Puzzle{Grid: g, Line: 1, Layout: tt.layout}
		if got := p.Format(g); got != tt.want {
			t.Errorf("layout %d: Format =\n%s\nwant\n%s", tt.layout, got, tt.want)
		}
	}
}

// dataDir returns a folder of the shared data sets, or skips the test with
// the data sets' one message.
func dataDir(t *testing.T, sub string) string {
	t.Helper()
	return datasets.Path(t, sub)
}

var largeName = regexp.MustCompile(`^sudoku-(\d+)-\d+\.txt$`)

// TestLargeFiles reads every file of the large data set: one puzzle each, of
// the side in its name, with the cells an independent reading finds.
func TestLargeFiles(t *testing.T) {
	dir := dataDir(t, "large")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, e := range entries {
		m := largeName.FindStringSubmatch(e.Name())
		if m == nil {
			continue
		}
		seen++
		n, _ := strconv.Atoi(m[1])
		t.Run(e.Name(), func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			gots := readAll(t, NewReader(strings.NewReader(string(data))), maxResults(string(data)))
			if len(gots) != 1 || gots[0].err != nil {
				t.Fatalf("%d results, first %s; want one puzzle", len(gots), first(gots))
			}
			g := gots[0].p.Grid
			if g.Size() != n {
				t.Fatalf("size %d, want %d", g.Size(), n)
			}
			want := independentCells(t, string(data), n)
			for i, d := range want {
				if g.Cell(i) != d {
					t.Fatalf("cell r%dc%d = %d, the file says %d", i/n+1, i%n+1, g.Cell(i), d)
				}
			}
			if g.Givens() == 0 {
				t.Error("no givens")
			}
			if err := g.Validate(); err != nil {
				t.Errorf("Validate: %v", err)
			}
		})
	}
	if seen == 0 {
		t.Fatalf("no sudoku-N-k.txt files in %s", dir)
	}
}

// independentCells reads a large-set file without the Reader: one line of
// N² symbols, or N lines of N tokens.
func independentCells(t *testing.T, data string, n int) []int {
	t.Helper()
	var cells []int
	fields := strings.Fields(data)
	if len(fields) == 1 {
		for _, ch := range fields[0] {
			d := 0
			if ch >= '1' && ch <= '9' {
				d = int(ch - '0')
			}
			cells = append(cells, d)
		}
	} else {
		for _, f := range fields {
			d := 0
			if f != "." {
				var err error
				if d, err = strconv.Atoi(f); err != nil {
					t.Fatalf("token %q", f)
				}
			}
			cells = append(cells, d)
		}
	}
	if len(cells) != n*n {
		t.Fatalf("independent reading finds %d cells, want %d", len(cells), n*n)
	}
	return cells
}

// TestSharedSets counts the puzzles of the 9×9 collections; the counts are
// those of the data sets' README.md.
func TestSharedSets(t *testing.T) {
	dir := dataDir(t, "")
	tests := []struct {
		file   string
		count  int
		givens int // every puzzle has this many givens; 0: any
	}{
		{"norvig-easy50.txt", 50, 0},
		{"norvig-top95-hardest.txt", 106, 0},
		{"norvig-hardlong.txt", 1, 0},
		{"17-clue.txt", 49158, 17},
		{"magictour-top1465.txt", 1465, 0},
		{"serg-benchmark.txt", 10000, 0},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			f, err := os.Open(filepath.Join(dir, tt.file))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			r := NewReader(f)
			count, last := 0, 0
			for {
				p, err := r.Read()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatalf("after %d puzzles: %v", count, err)
				}
				count++
				if count > tt.count {
					t.Fatalf("more than %d puzzles", tt.count)
				}
				g := p.Grid
				if g.Size() != 9 || p.Layout != LayoutLine || p.Line <= last {
					t.Fatalf("puzzle %d at line %d: size %d, layout %d", count, p.Line, g.Size(), p.Layout)
				}
				last = p.Line
				if tt.givens != 0 && g.Givens() != tt.givens {
					t.Errorf("puzzle %d at line %d has %d givens, want %d", count, p.Line, g.Givens(), tt.givens)
				}
				if err := g.Validate(); err != nil {
					t.Errorf("puzzle %d at line %d: %v", count, p.Line, err)
				}
			}
			if count != tt.count {
				t.Errorf("%d puzzles, want %d", count, tt.count)
			}
		})
	}
}

func ExampleReader() {
	in := `# two 4×4 puzzles, then a bad line
1..4..1....1.1..

1 . | . 4
. . | 1 .
----+----
. . | . 1
. 1 | . .
12.4..1....1.1..3
`
	r := NewReader(strings.NewReader(in))
	for {
		p, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println("error:", err)
			continue
		}
		fmt.Printf("line %d: %d×%d, %d givens: %s\n", p.Line, p.Grid.Size(), p.Grid.Size(), p.Grid.Givens(), p.Grid)
	}
	// Output:
	// line 2: 4×4, 5 givens: 1..4..1....1.1..
	// line 4: 4×4, 5 givens: 1..4..1....1.1..
	// error: line 9: syntax error: 17 cells: not a puzzle (a puzzle on one line has N² symbols, e.g. 81 of 1-9 and '.' for 9×9; a grid has N rows of N cells)
}
