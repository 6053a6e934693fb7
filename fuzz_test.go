package sudokusat

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
)

// FuzzRead feeds arbitrary bytes to the Reader: it must never panic or loop,
// every error must be a *ParseError wrapping ErrSyntax on a line of the input,
// results must come in line order, and every grid must be well formed and
// read back the same from what Format writes.
func FuzzRead(f *testing.F) {
	ink := rowsOf(inkala)
	for _, s := range []string{
		"",
		inkala,
		inkala + "\n" + easy + "\n",
		"# comment\r\n" + inkala + "\r\n\r\n" + easy,
		"\xEF\xBB\xBF" + inkala,
		drawn(inkala),
		compact(easy, "---+---+---"),
		strings.Join(ink[:4], "\n") + "\n" + easy + "\n",
		strings.Join(ink[:4], "\n") + "\n\n" + strings.Join(ink[4:], "\n"),
		"1..4..1....1.1..\n1 . | . 4\n. . | 1 .\n----+----\n. . | . 1\n. 1 | . .\n",
		"0 2 0 1\n0 0 0 0\n0 0 0 0\n4 0 2 0\n",
		"1 2 3 4 5 6\n0 0 0 0 0 0\n0 0 7 0 0 0\n",
		"123456\n1234567\n" + inkala,
		"---------\n" + strings.Join(ink[1:], "\n"),
		"16 . . . . . . . . . . . . . . 1\n" + strings.Repeat("0 ", 15) + "0\r\n",
		"G . . . | . . . . | . . . . | . . . 1\n",
		"\x00\xff\n\x89PNG\r\n\x1a\n",
		strings.Join(ink[:5], "\n") + "\n\n" + strings.Join(rowsOf(easy), "\n") + "\n",
		"[Puzzle]\n" + strings.Join(ink[:6], "\n") + "\n[State]\n" + strings.Join(ink, "\n") + "\n",
		inkala + "\n123456789\nhello\n" + easy + "\n",
		"---------\n" + strings.Join(ink[1:], "\n") + "\n",
		"- - - -\n1 2 3 4\n. . . .\n4 3 2 1\n",
		inkala[:4] + "１" + inkala[5:] + "\n",
		"1 2 3 4\n0 0 99999 0\n0 -3 0 0\n0 0 0 0\n",
		inkala + "\n" + inkala[:64] + "\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkInvariants(t, data)
		checkBlocks(t, data)
	})
}

// checkBlocks checks that no puzzle reaches across a blank line: each puzzle
// read from data is read the same from its first line up to the next blank
// line alone, so it owes nothing to the lines beyond.
func checkBlocks(t *testing.T, data []byte) {
	t.Helper()
	lines := strings.Split(string(data), "\n")
	r := NewReader(bytes.NewReader(data))
	for {
		p, err := r.Read()
		if err == io.EOF {
			return
		}
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				return // checkInvariants reports it
			}
			continue
		}
		end := p.Line
		for end < len(lines) && strings.TrimSpace(lines[end]) != "" {
			end++
		}
		block := strings.Join(lines[p.Line-1:end], "\n")
		q, err := NewReader(strings.NewReader(block)).Read()
		if err != nil || q.Line != 1 || !q.Grid.Equal(p.Grid) {
			t.Fatalf("puzzle at line %d is not read the same from its block of lines %d-%d alone (%v)", p.Line, p.Line, end, err)
		}
	}
}

// FuzzParseLine: ParseLine never panics, fails only with ErrSyntax or
// ErrSize, and what it returns is well formed and survives String.
func FuzzParseLine(f *testing.F) {
	f.Add(inkala, uint8(1), uint8(1))
	f.Add(easy, uint8(1), uint8(1))
	f.Add("1..4..1....1.1..", uint8(0), uint8(0))
	f.Add("1 . . 4 . . 1 . . . . 1 . 1 . .", uint8(0), uint8(0))
	f.Add("123456"+strings.Repeat(".", 30), uint8(1), uint8(0))
	f.Add("37"+strings.Repeat(" 0", 36*36-1), uint8(4), uint8(4))
	f.Add("X x _ * - 0 .", uint8(18), uint8(18))
	f.Fuzz(func(t *testing.T, s string, a, b uint8) {
		br, bc := 2+int(a)%19, 2+int(b)%19 // 2..20
		g, err := ParseLine(s, br, bc)
		if err != nil {
			if g != nil {
				t.Fatalf("grid with error %v", err)
			}
			if br*bc > MaxSize {
				if !errors.Is(err, ErrSize) {
					t.Fatalf("%d×%d boxes: %v, want ErrSize", br, bc, err)
				}
				return
			}
			if !errors.Is(err, ErrSyntax) {
				t.Fatalf("%v does not wrap ErrSyntax", err)
			}
			return
		}
		n := br * bc
		if n > MaxSize || g.BoxRows() != br || g.BoxCols() != bc || g.Len() != n*n {
			t.Fatalf("ParseLine(%d, %d) gave %d×%d boxes, %d cells", br, bc, g.BoxRows(), g.BoxCols(), g.Len())
		}
		for i := 0; i < g.Len(); i++ {
			if d := g.Cell(i); d < 0 || d > n {
				t.Fatalf("cell %d holds %d", i, d)
			}
		}
		h, err := ParseLine(g.String(), br, bc)
		if err != nil || !h.Equal(g) {
			t.Fatalf("String does not read back: %v", err)
		}
		// The Reader reads the same line the same when it is a one-line
		// puzzle with the standard boxes.
		if r, c, _ := BoxShape(n); r == br && c == bc && n <= MaxSymbolSize {
			p, err := Parse(g.String())
			if err != nil || !p.Equal(g) {
				t.Fatalf("Parse(String) = %v", err)
			}
		}
	})
}

// FuzzRoundTrip builds a grid from arbitrary bytes and checks that every
// form the package writes (String, Pretty, Rows) reads back as that grid.
func FuzzRoundTrip(f *testing.F) {
	f.Add(uint8(0), []byte{1, 2, 3, 4})
	f.Add(uint8(5), []byte{})                 // empty 16×16
	f.Add(uint8(5), []byte{0, 0, 0, 0, 0, 9}) // 16×16, single digits only
	f.Add(uint8(8), []byte{36, 1, 0, 200})
	f.Add(uint8(8), []byte("!!")) // 35×35 starting "X X": X is 33 there, not a blank
	f.Fuzz(func(t *testing.T, size uint8, data []byte) {
		sizes := []int{4, 6, 8, 9, 12, 16, 20, 25, 35, 36, 49, 64, 81}
		n := sizes[int(size)%len(sizes)]
		g, err := NewGridSize(n)
		if err != nil {
			t.Fatal(err)
		}
		// Bytes fill the cells from the first; a byte's value modulo n+1
		// is the digit, so small bytes give blanks and small digits.
		for i, b := range data {
			if i >= g.Len() {
				break
			}
			g.SetCell(i, int(b)%(n+1))
		}
		forms := map[string]string{"Pretty": g.Pretty(), "Rows": g.Rows()}
		if n <= MaxSymbolSize {
			forms["String"] = g.String()
		}
		for name, text := range forms {
			h, err := Parse(text)
			if err != nil {
				t.Fatalf("%d×%d %s does not read back: %v\n%s", n, n, name, err, text)
			}
			if !h.Equal(g) {
				t.Fatalf("%d×%d %s reads back as another grid", n, n, name)
			}
		}
		if h, err := ParseLine(g.String(), g.BoxRows(), g.BoxCols()); err != nil || !h.Equal(g) {
			t.Fatalf("%d×%d: ParseLine(String): %v", n, n, err)
		}
	})
}
