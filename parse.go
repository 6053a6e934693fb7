package sudokusat

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// MaxLineLength is the longest input line the Reader accepts, in bytes. The
// widest real line, a 400×400 row of numbers, is under 2 KB; the limit keeps a
// runaway line (a binary file, say) from filling memory.
const MaxLineLength = 1 << 20

// Layout says how a puzzle was written.
type Layout int

const (
	// LayoutLine is a whole puzzle on one line, one symbol per cell.
	LayoutLine Layout = iota
	// LayoutRows is one row per line, one symbol per cell, drawing
	// characters allowed.
	LayoutRows
	// LayoutNumbers is one row per line, cells as whitespace-separated
	// numbers.
	LayoutNumbers
)

// Puzzle is a grid read from text, with where and how it was written.
type Puzzle struct {
	Grid   *Grid
	Line   int // the line the puzzle starts on, from 1
	Layout Layout
}

// Format returns g in p's layout: one line for LayoutLine, a drawn grid for
// LayoutRows, rows of numbers for LayoutNumbers. Only LayoutLine has no
// trailing newline.
func (p *Puzzle) Format(g *Grid) string {
	switch p.Layout {
	case LayoutRows:
		return g.Pretty()
	case LayoutNumbers:
		return g.Rows()
	}
	return g.String()
}

// ErrSyntax is wrapped by every ParseError about the text of a puzzle.
var ErrSyntax = errors.New("syntax error")

// ParseError reports a puzzle that could not be read, and where.
type ParseError struct {
	Line int // the line at fault, from 1
	Err  error
}

func (e *ParseError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }

// Unwrap returns the underlying error.
func (e *ParseError) Unwrap() error { return e.Err }

func syntaxErr(line int, format string, args ...any) *ParseError {
	return &ParseError{Line: line, Err: fmt.Errorf("%w: "+format, append([]any{ErrSyntax}, args...)...)}
}

// Reader reads puzzles one at a time from a stream of text. It accepts:
//   - one puzzle per line, one symbol per cell (81 characters for 9×9; any
//     N² symbols for N ≤ 35, so a 16-symbol line is a 4×4 puzzle, unless
//     its cells are separated by spaces or '|': then it is a grid's row);
//   - grids of one row per line, with '|', '+', '-' and '=' drawing lines
//     and characters ignored;
//   - grids of whitespace-separated numbers, one row per line.
//
// Symbols are 1-9 then A-Z (a-z too); a blank is '.', '0', '_', '*', '-' or
// 'X' (X only below 33×33). Lines starting with '#' and blank lines are
// skipped, CRLF endings are accepted.
//
// A malformed puzzle gives a *ParseError and the Reader moves past it, so
// every puzzle of a batch yields exactly one result, in order.
type Reader struct {
	br      *bufio.Reader
	line    int    // number of the last line read
	buf     []byte // the current line
	pushed  bool   // buf holds a line to read again
	pushNo  int
	ioErr   error // sticky error from the underlying reader
	started bool
}

// NewReader returns a Reader that reads puzzles from r.
func NewReader(r io.Reader) *Reader {
	return &Reader{br: bufio.NewReaderSize(r, 64<<10)}
}

var errLineTooLong = fmt.Errorf("%w: line longer than %d bytes", ErrSyntax, MaxLineLength)

// readLine returns the next line without its line ending. At the end of input
// it returns io.EOF. A line over MaxLineLength is consumed whole and reported
// as errLineTooLong.
func (r *Reader) readLine() ([]byte, int, error) {
	if r.pushed {
		r.pushed = false
		return r.buf, r.pushNo, nil
	}
	if r.ioErr != nil {
		return nil, r.line, r.ioErr
	}
	r.buf = r.buf[:0]
	tooLong, any := false, false
	for {
		chunk, err := r.br.ReadSlice('\n')
		any = any || len(chunk) > 0
		if !tooLong && len(r.buf)+len(chunk) > MaxLineLength+2 {
			tooLong = true
			r.buf = r.buf[:0]
		}
		if !tooLong {
			r.buf = append(r.buf, chunk...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil {
			r.ioErr = err
			if !any {
				return nil, r.line, err
			}
		}
		break
	}
	r.line++
	if tooLong {
		return nil, r.line, errLineTooLong
	}
	line := bytes.TrimRight(r.buf, "\r\n")
	if !r.started {
		r.started = true
		line = bytes.TrimPrefix(line, []byte("\xEF\xBB\xBF"))
	}
	if len(line) > MaxLineLength {
		return nil, r.line, errLineTooLong
	}
	return line, r.line, nil
}

func (r *Reader) unread(line []byte, no int) {
	// line aliases r.buf, which the next readLine would overwrite.
	r.buf = append(r.buf[:0:0], line...)
	r.pushed, r.pushNo = true, no
}

// cells is a line split two ways: as symbols and as whitespace tokens.
type cells struct {
	syms    []byte   // every character but whitespace and '|'
	toks    [][]byte // whitespace-separated tokens, '|' tokens dropped
	numeric bool     // every token is a number or a one-character blank
	single  bool     // every token is one character
}

func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\r' || b == '\v' || b == '\f' }

func splitCells(line []byte) cells {
	var c cells
	c.numeric, c.single = true, true
	i := 0
	for i < len(line) {
		for i < len(line) && (isSpace(line[i]) || line[i] == '|') {
			i++
		}
		j := i
		for j < len(line) && !isSpace(line[j]) && line[j] != '|' {
			j++
		}
		if j > i {
			tok := line[i:j]
			c.syms = append(c.syms, tok...)
			c.toks = append(c.toks, tok)
			if len(tok) > 1 {
				c.single = false
			}
			if !isNumber(tok) && !(len(tok) == 1 && isBlank(tok[0], 0)) {
				c.numeric = false
			}
		}
		i = j
	}
	return c
}

func isNumber(tok []byte) bool {
	if len(tok) == 0 || len(tok) > 4 {
		return false
	}
	for _, b := range tok {
		if b < '0' || b > '9' {
			return false
		}
	}
	return true
}

// isBlank reports whether b writes a blank in a grid of side n (0: any side).
// 'X' is a symbol (33) in grids of 33 and more.
func isBlank(b byte, n int) bool {
	switch b {
	case '.', '0', '_', '*', '-':
		return true
	case 'X', 'x':
		return n < 33
	}
	return false
}

// symbolValue decodes one symbol for a grid of side n.
func symbolValue(b byte, n int) (int, error) {
	if isBlank(b, n) {
		return 0, nil
	}
	v := -1
	switch {
	case b >= '1' && b <= '9':
		v = int(b - '0')
	case b >= 'A' && b <= 'Z':
		v = int(b-'A') + 10
	case b >= 'a' && b <= 'z':
		v = int(b-'a') + 10
	}
	if v < 0 {
		return 0, fmt.Errorf("%q is not a digit or a blank", b)
	}
	if v > n {
		return 0, fmt.Errorf("%q means %d, larger than %d", b, v, n)
	}
	return v, nil
}

// isDrawing reports whether line is only drawing characters. Dashes alone
// are a drawing unless there are exactly as many as a row needs (want), since
// '-' is also a blank.
func isDrawing(line []byte, want func(int) bool) bool {
	dashes, other := 0, false
	for _, b := range line {
		switch {
		case b == '-':
			dashes++
		case b == '+' || b == '|' || b == '=':
			other = true
		case isSpace(b):
		default:
			return false
		}
	}
	if other {
		return true
	}
	return dashes > 0 && !want(dashes)
}

func isSkipped(line []byte) bool {
	t := bytes.TrimLeft(line, " \t\v\f")
	return len(t) == 0 || t[0] == '#'
}

// oneLiner returns M when a line is a whole M×M puzzle in symbols. A line of
// several tokens that makes a valid grid row, as numbers or one symbol each,
// is a row, not a puzzle: 16 cells written "1 . . 4 | . . 1 . | ..." start a
// 16×16 grid, while 16 cells run together, "1..4..1....1.1..", are a 4×4
// puzzle.
func oneLiner(c cells) int {
	if len(c.toks) > 1 && ValidSize(len(c.toks)) && (c.numeric || c.single && len(c.toks) <= MaxSymbolSize) {
		return 0
	}
	return oneLineSide(len(c.syms))
}

// oneLineSide returns M when k symbols make an M×M one-line puzzle.
func oneLineSide(k int) int {
	for m := 4; m <= MaxSymbolSize; m++ {
		if m*m == k && ValidSize(m) {
			return m
		}
	}
	return 0
}

// Read returns the next puzzle. At the end of the input it returns io.EOF.
// A malformed puzzle gives a *ParseError naming the line at fault; the next
// Read goes on after it.
func (r *Reader) Read() (*Puzzle, error) {
	for {
		line, no, err := r.readLine()
		if err == errLineTooLong {
			return nil, &ParseError{Line: no, Err: err}
		}
		if err != nil {
			if err == io.EOF {
				return nil, io.EOF
			}
			return nil, fmt.Errorf("line %d: %w", no+1, err)
		}
		if isSkipped(line) || isDrawing(line, func(k int) bool { return oneLineSide(k) != 0 }) {
			continue
		}
		return r.readPuzzle(line, no)
	}
}

func (r *Reader) readPuzzle(line []byte, no int) (*Puzzle, error) {
	c := splitCells(line)
	if m := oneLiner(c); m != 0 {
		g, _ := NewGridSize(m)
		if err := fillSymbols(g, 0, c.syms); err != nil {
			return nil, &ParseError{Line: no, Err: err}
		}
		return &Puzzle{Grid: g, Line: no, Layout: LayoutLine}, nil
	}
	var n int
	layout := LayoutRows
	switch {
	case c.numeric && len(c.toks) > 1 && ValidSize(len(c.toks)):
		n = len(c.toks)
		if !c.single {
			layout = LayoutNumbers
		}
	case len(c.syms) <= MaxSymbolSize && ValidSize(len(c.syms)):
		n = len(c.syms)
	default:
		return nil, syntaxErr(no, "%d cells: not a puzzle (a line needs N² symbols, e.g. 81 for 9×9, or a row of N cells)", cellCount(c))
	}
	g, _ := NewGridSize(n)
	p := &Puzzle{Grid: g, Line: no, Layout: layout}
	firstErr := fillRow(g, 0, c)
	if firstErr != nil {
		firstErr = &ParseError{Line: no, Err: firstErr}
	}
	rows := 1
	for rows < n {
		line, lno, err := r.readLine()
		if err == io.EOF {
			if firstErr == nil {
				firstErr = syntaxErr(no, "grid of %d rows ends after %d", n, rows)
			}
			break
		}
		if err != nil && err != errLineTooLong {
			return nil, fmt.Errorf("line %d: %w", lno+1, err)
		}
		if err == nil {
			if isSkipped(line) {
				if firstErr != nil && len(bytes.TrimSpace(line)) == 0 {
					break // a blank line after an error: resynchronise there
				}
				continue
			}
			if isDrawing(line, func(k int) bool { return k == n }) {
				continue
			}
		}
		var rowErr error
		if err != nil {
			rowErr = err
		} else {
			rc := splitCells(line)
			if rowErr = fillRow(g, rows, rc); rowErr != nil && oneLiner(rc) != 0 {
				// A whole puzzle where a row should be: this grid was cut
				// short, and that line starts the next puzzle.
				r.unread(line, lno)
				if firstErr == nil {
					firstErr = syntaxErr(no, "grid of %d rows ends after %d", n, rows)
				}
				break
			}
		}
		if rowErr != nil && firstErr == nil {
			firstErr = &ParseError{Line: lno, Err: rowErr}
		}
		rows++
	}
	if firstErr != nil {
		return nil, firstErr
	}
	return p, nil
}

func cellCount(c cells) int {
	if c.numeric && len(c.toks) > 1 {
		return len(c.toks)
	}
	return len(c.syms)
}

// fillRow writes one row of a grid of side n from a split line.
func fillRow(g *Grid, row int, c cells) error {
	n := g.Size()
	switch {
	// A row of one-character cells is symbols when N ≤ 35, so that 'X' is
	// the digit 33, not a blank, in grids of 33 and more.
	case c.numeric && len(c.toks) == n && !(c.single && n <= MaxSymbolSize):
		for col, tok := range c.toks {
			v := 0
			if isNumber(tok) {
				v, _ = strconv.Atoi(string(tok))
			}
			if v > n {
				return fmt.Errorf("%w: %d in column %d is larger than %d", ErrSyntax, v, col+1, n)
			}
			g.Set(row, col, v)
		}
		return nil
	case len(c.syms) == n:
		return fillSymbols(g, row*n, c.syms)
	}
	return fmt.Errorf("%w: row %d has %d cells, want %d", ErrSyntax, row+1, cellCount(c), n)
}

// fillSymbols writes symbols into consecutive cells from cell start.
func fillSymbols(g *Grid, start int, syms []byte) error {
	n := g.Size()
	for i, b := range syms {
		v, err := symbolValue(b, n)
		if err != nil {
			return fmt.Errorf("%w: cell %d: %v", ErrSyntax, start%n+i+1, err)
		}
		g.SetCell(start+i, v)
	}
	return nil
}

// ParseLine reads one puzzle written on one line, in symbols or, for sides
// over 35, whitespace-separated numbers, as String writes it. The side is
// given, so lines that Reader would read as a grid row are read whole.
func ParseLine(s string, boxRows, boxCols int) (*Grid, error) {
	g, err := NewGrid(boxRows, boxCols)
	if err != nil {
		return nil, err
	}
	n := g.Size()
	c := splitCells([]byte(s))
	switch {
	case len(c.syms) == n*n && (c.single || len(c.toks) == 1):
		if err := fillSymbols(g, 0, c.syms); err != nil {
			return nil, err
		}
	case c.numeric && len(c.toks) == n*n:
		for i, tok := range c.toks {
			v := 0
			if isNumber(tok) {
				v, _ = strconv.Atoi(string(tok))
			}
			if v > n {
				return nil, fmt.Errorf("%w: %d in cell %d is larger than %d", ErrSyntax, v, i+1, n)
			}
			g.SetCell(i, v)
		}
	default:
		return nil, fmt.Errorf("%w: %d cells, want %d", ErrSyntax, cellCount(c), n*n)
	}
	return g, nil
}

// Parse reads exactly one puzzle from s, in any format Reader accepts.
func Parse(s string) (*Grid, error) {
	r := NewReader(bytes.NewReader([]byte(s)))
	p, err := r.Read()
	if err == io.EOF {
		return nil, fmt.Errorf("%w: no puzzle", ErrSyntax)
	}
	if err != nil {
		return nil, err
	}
	if _, err := r.Read(); err != io.EOF {
		return nil, fmt.Errorf("%w: more than one puzzle", ErrSyntax)
	}
	return p.Grid, nil
}
