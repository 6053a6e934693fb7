package sudokusat

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sudokusat/sudokusat/internal/lineskip"
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
	// LayoutFPuzzles is an f-puzzles document or link (package variant
	// reads them); its solutions are written on one line.
	LayoutFPuzzles
)

// ErrSyntax is wrapped by every ParseError about the text of a puzzle.
var ErrSyntax = errors.New("syntax error")

// errNotSymbol is a character that no grid of any size takes.
var errNotSymbol = errors.New("is not a digit or a blank")

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
//   - grids of whitespace-separated numbers, one row per line;
//   - one puzzle per line as N² whitespace-separated numbers, as String
//     writes sides over 35 (for N ≤ 20, N² numbers could be a row: the
//     line is a puzzle when no row follows it).
//
// Symbols are 1-9 then A-Z (a-z too); a blank is '.', '0', '_', '*', '-' or
// 'X' (X only below 33×33). Lines starting with '#', blank lines and section
// headers such as "[Puzzle]" (.sdk files) are skipped, CRLF endings are
// accepted. Cells are counted in characters, not bytes: a line of 81
// characters with a fullwidth '１' among them is a 9×9 puzzle whose error
// names that character.
//
// Every puzzle of the input gives exactly one result, in input order: a
// *Puzzle, or a *ParseError naming the line at fault, after which the
// Reader goes on. What belongs to one puzzle is decided line by line:
//   - A one-line puzzle's side comes from its length alone: 64 symbols are
//     an 8×8 puzzle, even among 9×9 ones. When such a line follows a
//     one-line puzzle of another side and has a symbol too large for its
//     own, the error says that the line may be cut short.
//   - A grid's first row gives its side N, its number of cells; the grid is
//     that row and the next N-1 rows. Comment and drawing lines between
//     rows are skipped.
//   - A blank line, a section header, the end of the input, or a line that
//     is a whole one-line puzzle ends a grid. A grid ended before its N rows
//     is one error at its first line ("grid has 5 rows, want 9"), and the
//     next puzzle is read whole from the line that ended it: a cut grid
//     never borrows the rows of the puzzle after it.
//   - A line of another number of cells than N is a mistyped row of the
//     grid (the grid's error names it) when it would be the last row or a
//     row of N cells follows it. Otherwise it ends the grid too and is read
//     on its own: a stray line after a cut grid is a result of its own.
//   - A line of dashes only is drawing, except where it can be a row of
//     blanks: N dashes inside a grid of side N, and K dashes just before a
//     row of K cells, which make the first row of a grid.
//   - In rows of numbers, a number outside 0..N is an error naming the
//     number, its row and its column.
type Reader struct {
	br       *bufio.Reader
	line     int          // number of the last line read
	buf      []byte       // the current line
	pushed   []pushedLine // lines read ahead, to be read again; the last first
	ioErr    error        // sticky error from the underlying reader
	started  bool
	prevSide int // side of the last one-line puzzle, 0 before the first
}

// pushedLine is a line read ahead, with what readLine said about it.
type pushedLine struct {
	text []byte // owned, not an alias of Reader.buf
	no   int
	err  error // nil or errLineTooLong
}

// NewReader returns a Reader that reads puzzles from r.
func NewReader(r io.Reader) *Reader {
	return &Reader{br: bufio.NewReaderSize(r, 64<<10)}
}

var errLineTooLong = fmt.Errorf("%w: line longer than %d bytes", ErrSyntax, MaxLineLength)

// readLine returns the next line without its line ending. At the end of input
// it returns io.EOF. A line over MaxLineLength is consumed whole and reported
// as errLineTooLong. The line may alias a buffer that the next readLine
// overwrites.
func (r *Reader) readLine() ([]byte, int, error) {
	if k := len(r.pushed); k > 0 {
		p := r.pushed[k-1]
		r.pushed = r.pushed[:k-1]
		return p.text, p.no, p.err
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
			if err != io.EOF {
				// A line cut by a failing read (a truncated archive, a
				// broken pipe) is not the line that was written: it is
				// reported as the failure, on its line, not read as a
				// puzzle.
				return nil, r.line, err
			}
		}
		break
	}
	r.line++
	if tooLong {
		return nil, r.line, errLineTooLong
	}
	line := trimEnding(r.buf)
	if !r.started {
		r.started = true
		line = bytes.TrimPrefix(line, []byte("\xEF\xBB\xBF"))
	}
	if len(line) > MaxLineLength {
		return nil, r.line, errLineTooLong
	}
	return line, r.line, nil
}

// trimEnding returns line without the '\r' and '\n' bytes that end it.
func trimEnding(line []byte) []byte {
	i := len(line)
	for i > 0 && (line[i-1] == '\n' || line[i-1] == '\r') {
		i--
	}
	return line[:i]
}

// skipBlankLines consumes the blank lines at the Reader's position in
// bulk, where Read would skip them one at a time: a run of millions of
// them (a file of newlines, which a compressed input of kilobytes can
// hold) costs what scanning its bytes does. Lines read ahead come first.
func (r *Reader) skipBlankLines() {
	if len(r.pushed) > 0 || r.ioErr != nil {
		return
	}
	n, err := lineskip.Blank(r.br)
	if n > 0 {
		r.line += n
		r.started = true // a byte-order mark is looked for on line 1 only
	}
	if err != nil {
		r.ioErr = err
	}
}

// unread pushes a line back, to be the next readLine's.
func (r *Reader) unread(line []byte, no int, err error) {
	r.pushed = append(r.pushed, pushedLine{append([]byte(nil), line...), no, err})
}

// maxPeek bounds the comment and drawing lines rowFollows reads ahead, so
// that looking ahead never holds much of the input.
const maxPeek = 64

// rowFollows reports whether the next line that is not a comment or a
// drawing line is a row of n cells. It reads ahead and pushes back what it
// read; the caller's line must not alias the Reader's buffer.
func (r *Reader) rowFollows(n int) bool {
	var seen []pushedLine
	defer func() {
		for i := len(seen) - 1; i >= 0; i-- {
			r.pushed = append(r.pushed, seen[i])
		}
	}()
	for range maxPeek {
		line, no, err := r.readLine()
		if err != nil && err != errLineTooLong {
			return false // io.EOF or an I/O error, which readLine keeps
		}
		seen = append(seen, pushedLine{append([]byte(nil), line...), no, err})
		if err != nil || endsGrid(line) {
			return false
		}
		if isComment(line) || isDrawing(line, func(k int) bool { return k == n }) {
			continue
		}
		return fitsRow(splitCells(line), n)
	}
	return false
}

// cells is a line split two ways: as symbols and as whitespace tokens.
type cells struct {
	syms    []byte   // every character but whitespace and '|', as written
	nsyms   int      // the characters in syms, counted as UTF-8
	toks    [][]byte // whitespace-separated tokens, '|' tokens dropped
	numeric bool     // every token is an integer or a one-character blank
	single  bool     // every token is one character
}

func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\r' || b == '\v' || b == '\f' }

func splitCells(line []byte) cells {
	var c cells
	c.numeric, c.single = true, true
	ascii := true
	i := 0
	for i < len(line) {
		for i < len(line) && (isSpace(line[i]) || line[i] == '|') {
			i++
		}
		j := i
		for j < len(line) && !isSpace(line[j]) && line[j] != '|' {
			if line[j] >= utf8.RuneSelf {
				ascii = false
			}
			j++
		}
		if j > i {
			tok := line[i:j]
			c.syms = append(c.syms, tok...)
			c.toks = append(c.toks, tok)
			one := len(tok) == 1 || !ascii && utf8.RuneCount(tok) == 1
			if !one {
				c.single = false
			}
			if !isNumber(tok) && !(len(tok) == 1 && isBlank(tok[0], 0)) {
				c.numeric = false
			}
		}
		i = j
	}
	c.nsyms = len(c.syms)
	if !ascii {
		c.nsyms = utf8.RuneCount(c.syms)
	}
	return c
}

// isNumber reports whether tok is an integer: digits, perhaps after a '-'.
// Any length counts, so that 99999 or -3 in a row of numbers is named as a
// value out of range rather than miscounted as symbols.
func isNumber(tok []byte) bool {
	if len(tok) > 0 && tok[0] == '-' {
		tok = tok[1:]
	}
	if len(tok) == 0 {
		return false
	}
	for _, b := range tok {
		if b < '0' || b > '9' {
			return false
		}
	}
	return true
}

// numberValue returns the value of a token of a row of numbers: a number
// or a one-character blank. It fails for a number outside 0..n.
func numberValue(tok []byte, n int) (int, error) {
	if !isNumber(tok) {
		return 0, nil // a blank: splitCells let no other token through
	}
	v, err := strconv.Atoi(string(tok))
	if err != nil || v < 0 || v > n {
		return 0, fmt.Errorf("value %s out of range 0..%d", clip(tok, 24), n)
	}
	return v, nil
}

// clip shortens b to n bytes for a message.
func clip(b []byte, n int) string {
	if len(b) > n {
		return string(b[:n]) + "…"
	}
	return string(b)
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
		return 0, fmt.Errorf("%q %w", b, errNotSymbol)
	}
	if v > n {
		return 0, fmt.Errorf("%q means %d, larger than %d", b, v, n)
	}
	return v, nil
}

// foreignSymbol describes a character outside ASCII, which no grid accepts:
// by its code point, since a fullwidth '１' looks like a '1', or as the
// byte it is when it is not UTF-8.
func foreignSymbol(b []byte) (size int, err error) {
	r, size := utf8.DecodeRune(b)
	if r == utf8.RuneError && size <= 1 {
		return 1, fmt.Errorf("'\\x%02x' %w (not UTF-8 text)", b[0], errNotSymbol)
	}
	return size, fmt.Errorf("%q (U+%04X) %w: symbols are ASCII 1-9 and A-Z", r, r, errNotSymbol)
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

func isComment(line []byte) bool {
	t := bytes.TrimLeft(line, " \t\v\f")
	return len(t) > 0 && t[0] == '#'
}

func isBlankLine(line []byte) bool { return len(bytes.TrimSpace(line)) == 0 }

func isSkipped(line []byte) bool { return isBlankLine(line) || isComment(line) || isSection(line) }

// isSection reports whether line is a section header of an .sdk file, such
// as "[Puzzle]": a bracketed name, starting with a letter.
func isSection(line []byte) bool {
	t := bytes.TrimSpace(line)
	if len(t) < 3 || t[0] != '[' || t[len(t)-1] != ']' {
		return false
	}
	name := t[1 : len(t)-1]
	for i, b := range name {
		letter := b >= 'A' && b <= 'Z' || b >= 'a' && b <= 'z'
		if !letter && (i == 0 || !(b >= '0' && b <= '9' || b == ' ' || b == '_' || b == '-')) {
			return false
		}
	}
	return true
}

// endsGrid reports whether line ends a grid, whatever its rows so far.
func endsGrid(line []byte) bool { return isBlankLine(line) || isSection(line) }

// oneLiner returns M when a line is a whole M×M puzzle in symbols. A line of
// several tokens that makes a valid grid row, as numbers or one symbol each,
// is a row, not a puzzle: 16 cells written "1 . . 4 | . . 1 . | ..." start a
// 16×16 grid, while 16 cells run together, "1..4..1....1.1..", are a 4×4
// puzzle.
func oneLiner(c cells) int {
	if len(c.toks) > 1 && ValidSize(len(c.toks)) && (c.numeric || c.single && len(c.toks) <= MaxSymbolSize) {
		return 0
	}
	return oneLineSide(c.nsyms)
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

// gridSide returns the side and layout of the grid whose first row c is, or
// 0 when c cannot start a grid.
func gridSide(c cells) (int, Layout) {
	switch {
	case c.numeric && len(c.toks) > 1 && ValidSize(len(c.toks)):
		if c.single {
			return len(c.toks), LayoutRows
		}
		return len(c.toks), LayoutNumbers
	case c.nsyms <= MaxSymbolSize && ValidSize(c.nsyms):
		return c.nsyms, LayoutRows
	}
	return 0, 0
}

// fitsRow reports whether c has the cells of a row of a grid of side n, as
// fillRow reads it.
func fitsRow(c cells, n int) bool {
	// A row of one-character cells is symbols when N ≤ 35, so that 'X' is
	// the digit 33, not a blank, in grids of 33 and more.
	return c.numeric && len(c.toks) == n && !(c.single && n <= MaxSymbolSize) || c.nsyms == n
}

// Read returns the next puzzle. At the end of the input it returns io.EOF.
// A malformed puzzle gives a *ParseError naming the line at fault; the next
// Read goes on after it.
func (r *Reader) Read() (*Puzzle, error) {
	for {
		r.skipBlankLines()
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
		if isSkipped(line) {
			continue
		}
		if isDrawing(line, func(k int) bool { return oneLineSide(k) != 0 }) {
			// Dashes only, and not a one-line puzzle of blanks: a border,
			// unless a row of as many cells follows.
			n, _ := gridSide(splitCells(line))
			if n == 0 {
				continue
			}
			line = append([]byte(nil), line...)
			if !r.rowFollows(n) {
				continue
			}
		}
		return r.readPuzzle(line, no)
	}
}

func (r *Reader) readPuzzle(line []byte, no int) (*Puzzle, error) {
	c := splitCells(line)
	if m := oneLiner(c); m != 0 {
		prev := r.prevSide
		r.prevSide = m
		g, _ := NewGridSize(m)
		if err := fillSymbols(g, 0, c.syms); err != nil {
			if prev != 0 && prev != m {
				err = fmt.Errorf("%w (read as %d×%d from its %d symbols, the puzzle before as %d×%d: is this line cut short?)",
					err, m, m, c.nsyms, prev, prev)
			}
			return nil, &ParseError{Line: no, Err: err}
		}
		return &Puzzle{Grid: g, Line: no, Layout: LayoutLine}, nil
	}
	if m := numbersSide(c); m != 0 && !ValidSize(len(c.toks)) {
		// Too many numbers for a row: a whole puzzle, as String writes
		// sides over 35.
		r.prevSide = 0
		return numbersLine(c, m, no)
	}
	r.prevSide = 0 // the cut-short hint compares one-line puzzles in a row
	// The rows after this one reuse the line's buffer, which c points
	// into; the checks after the loop read this line again.
	line = append([]byte(nil), line...)
	c = splitCells(line)
	n, layout := gridSide(c)
	if n == 0 {
		return nil, syntaxErr(no, "%s", notAPuzzle(line, c, 0))
	}
	g, _ := NewGridSize(n)
	p := &Puzzle{Grid: g, Line: no, Layout: layout}
	var firstErr error
	if err := fillRow(g, 0, c); err != nil {
		firstErr = &ParseError{Line: no, Err: err}
	}
	rows := 1
	for rows < n {
		line, lno, err := r.readLine()
		if err == io.EOF {
			break
		}
		if err != nil && err != errLineTooLong {
			return nil, fmt.Errorf("line %d: %w", lno+1, err)
		}
		var rc cells
		if err == nil {
			if endsGrid(line) {
				break
			}
			if isComment(line) || isDrawing(line, func(k int) bool { return k == n }) {
				continue
			}
			rc = splitCells(line)
			if fitsRow(rc, n) {
				if rowErr := fillRow(g, rows, rc); rowErr != nil && firstErr == nil {
					firstErr = &ParseError{Line: lno, Err: rowErr}
				}
				rows++
				continue
			}
		}
		// Not a row of n cells: a mistyped row, or what follows a cut grid.
		rowErr := err
		if err == nil {
			rowErr = fmt.Errorf("%w: row %d has %d cells, want %d", ErrSyntax, rows+1, cellCount(rc), n)
		}
		wholePuzzle := err == nil && oneLiner(rc) != 0
		if wholePuzzle || rows < n-1 {
			line = append([]byte(nil), line...) // rowFollows reuses the buffer
			if wholePuzzle || !r.rowFollows(n) {
				r.unread(line, lno, err)
				break
			}
		}
		if firstErr == nil {
			firstErr = &ParseError{Line: lno, Err: rowErr}
		}
		rows++
	}
	if m := numbersSide(c); rows == 1 && m != 0 && !c.single {
		// No row followed a line of M² numbers (M ≤ 20, where M² numbers
		// could start an M²×M² grid): the whole puzzle on one line, if its
		// numbers fit. One-character cells separated by spaces keep the
		// message that says to write them with no space between.
		if p, err := numbersLine(c, m, no); err == nil {
			return p, nil
		}
	}
	if rows == 1 && !errors.Is(firstErr, errNotSymbol) {
		// No row followed: the line was read alone, and the grid it was
		// taken to start is a guess from its shape (a puzzle with spaces
		// for blanks makes 16 numbers, "hello world" 10 symbols). An
		// error in a cell of that guess ("value 36 out of range 0..16")
		// would not say what is wrong with the line; a character that no
		// grid takes would, and keeps its error.
		return nil, syntaxErr(no, "%s", notAPuzzle(line, c, n))
	}
	if firstErr != nil {
		return nil, firstErr
	}
	if rows < n {
		return nil, syntaxErr(no, "grid has %d rows, want %d", rows, n)
	}
	return p, nil
}

// numbersSide returns M when c is M² numbers (or blanks) separated by
// spaces, the one-line form of a puzzle of any side, or 0.
func numbersSide(c cells) int {
	k := len(c.toks)
	if !c.numeric || k < 16 {
		return 0
	}
	for m := 4; m*m <= k; m++ {
		if m*m == k && ValidSize(m) {
			return m
		}
	}
	return 0
}

// numbersLine reads the M² numbers of c as an M×M puzzle on line no.
func numbersLine(c cells, m, no int) (*Puzzle, error) {
	g, _ := NewGridSize(m)
	for i, tok := range c.toks {
		v, err := numberValue(tok, m)
		if err != nil {
			return nil, syntaxErr(no, "cell %d: %v", i+1, err)
		}
		g.SetCell(i, v)
	}
	return &Puzzle{Grid: g, Line: no, Layout: LayoutLine}, nil
}

// notAPuzzle says, for a line read alone that is no puzzle, what the line
// looks like and what a puzzle needs. n is the side of the grid the line
// would be the first row of, or 0.
func notAPuzzle(line []byte, c cells, n int) string {
	var b strings.Builder
	k := cellCount(c)
	cellWord := "cells"
	if k == 1 {
		cellWord = "cell"
	}
	switch {
	case len(c.toks) <= 1:
		fmt.Fprintf(&b, "%d %s", k, cellWord)
	case c.numeric && !c.single:
		fmt.Fprintf(&b, "%d cells, numbers separated by spaces", k)
	case c.single:
		fmt.Fprintf(&b, "%d cells separated by spaces", k)
	default:
		fmt.Fprintf(&b, "%d cells in %d words", k, len(c.toks))
	}
	b.WriteString(": not a puzzle (a puzzle on one line has N² symbols, e.g. 81 of 1-9 and '.' for 9×9")
	if c.single && len(c.toks) > 1 {
		b.WriteString(", with no space between each")
	}
	if n > 0 {
		fmt.Fprintf(&b, "; as a grid's first row (%d×%d), this line needs %d rows after it", n, n, n-1)
	} else {
		b.WriteString("; a grid has N rows of N cells")
	}
	if spacedBlanks(line) {
		b.WriteString("; spaces are not blanks: write a blank as '.' or '0'")
	}
	b.WriteString(")")
	return b.String()
}

// spacedBlanks reports whether line has a run of spaces between its
// cells, as a puzzle written with spaces for blanks has.
func spacedBlanks(line []byte) bool {
	return bytes.Contains(bytes.TrimSpace(line), []byte("  "))
}

func cellCount(c cells) int {
	if c.numeric && len(c.toks) > 1 {
		return len(c.toks)
	}
	return c.nsyms
}

// fillRow writes one row of a grid of side n from a split line.
func fillRow(g *Grid, row int, c cells) error {
	n := g.Size()
	switch {
	case c.numeric && len(c.toks) == n && !(c.single && n <= MaxSymbolSize):
		for col, tok := range c.toks {
			v, err := numberValue(tok, n)
			if err != nil {
				return fmt.Errorf("%w: row %d, column %d: %v", ErrSyntax, row+1, col+1, err)
			}
			g.Set(row, col, v)
		}
		return nil
	case c.nsyms == n:
		return fillSymbols(g, row*n, c.syms)
	}
	return fmt.Errorf("%w: row %d has %d cells, want %d", ErrSyntax, row+1, cellCount(c), n)
}

// fillSymbols writes symbols into consecutive cells from cell start. syms
// holds as many characters as there are cells to fill.
func fillSymbols(g *Grid, start int, syms []byte) error {
	n := g.Size()
	for i, k := 0, 0; k < len(syms); i++ {
		var v int
		var err error
		if b := syms[k]; b < utf8.RuneSelf {
			v, err = symbolValue(b, n)
			k++
		} else {
			var size int
			size, err = foreignSymbol(syms[k:])
			k += size
		}
		if err != nil {
			return fmt.Errorf("%w: cell %d: %w", ErrSyntax, start%n+i+1, err)
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
	case c.nsyms == n*n && (c.single || len(c.toks) == 1):
		if err := fillSymbols(g, 0, c.syms); err != nil {
			return nil, err
		}
	case c.numeric && len(c.toks) == n*n:
		for i, tok := range c.toks {
			v, err := numberValue(tok, n)
			if err != nil {
				return nil, fmt.Errorf("%w: cell %d: %v", ErrSyntax, i+1, err)
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
