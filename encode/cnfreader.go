package encode

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// A CNFReader reads a CNF file front to back, once: first its header and
// problem line (NewCNFReader), then, when they are wanted, its clauses
// (ReadClauses). Nothing is read twice and nothing is sought, so that the
// file may be a pipe or a FIFO (decode --cnf <(…)), and a formula's
// clauses are never read to decode a model with its header. It reads the
// header of an OPB file too, whose counts are on its first line.
type CNFReader struct {
	// VarMap is the variable map of sudokusat's header.
	VarMap *VarMap
	// Vars and Clauses are the problem line's counts: an OPB file's
	// variables and constraints.
	Vars, Clauses int
	// OPB reports an OPB file ("* #variable= V #constraint= M" first):
	// its constraints are not clauses, and ReadClauses refuses them.
	OPB bool
	// Line is the problem line's number.
	Line int

	br       *bufio.Reader
	h        header
	lines    int    // lines read from br
	buf      []byte // the line read last
	problem  []byte // the first line neither blank nor a comment, trimmed
	first    []byte // the first line, trimmed: an OPB file's counts
	bodyLine int    // the last line of the header, later of the clauses, read
}

// NewCNFReader reads r's header, which must hold sudokusat's variable map
// (an error wrapping ErrNoMap otherwise), and its problem line, leaving
// the clauses unread. A header that does not make one map, and a problem
// line that is not "p cnf VARS CLAUSES", are errors wrapping ErrDIMACS
// that name the line. ReadDIMACS reads any CNF, with or without a map.
func NewCNFReader(r io.Reader) (*CNFReader, error) {
	c, err := readCNFHeader(r)
	if err != nil {
		return nil, err
	}
	if c.VarMap, err = c.h.varMap(c.bodyLine); err != nil {
		return nil, err
	}
	if err := c.readProblem(); err != nil {
		return nil, err
	}
	return c, nil
}

// readCNFHeader reads r's comment lines up to the problem line, which it
// keeps unparsed, and gives each to the header.
func readCNFHeader(r io.Reader) (*CNFReader, error) {
	c := &CNFReader{br: bufio.NewReaderSize(r, 64<<10)}
	for {
		line, eof, err := c.readLine()
		if err != nil {
			return nil, err
		}
		if c.lines == 1 {
			// A byte-order mark, as an editor on Windows saves a file,
			// is no part of the first comment: puzzle files may have one
			// too.
			line = bytes.TrimPrefix(line, []byte("\ufeff"))
		}
		t := bytes.TrimSpace(line)
		if c.lines == 1 && len(line) > 0 {
			c.first = bytes.Clone(t)
		}
		if len(t) > 0 && t[0] != 'c' && t[0] != '*' {
			// The problem line, or a clause or constraint: the header
			// is over.
			c.problem, c.Line = bytes.Clone(t), c.lines
			return c, nil
		}
		if len(t) > 0 {
			if err := c.h.comment(t, c.lines); err != nil {
				return nil, err
			}
		}
		c.bodyLine = c.lines
		if eof {
			return c, nil
		}
	}
}

// readLine reads the next header line whole, its newline included, up to
// maxLine bytes; eof reports the last line.
func (c *CNFReader) readLine() (line []byte, eof bool, err error) {
	c.buf = c.buf[:0]
	for {
		chunk, err := c.br.ReadSlice('\n')
		if len(c.buf)+len(bytes.TrimRight(chunk, "\r\n")) > maxLine {
			return nil, false, dimacsErr(c.lines+1, "longer than %d bytes", maxLine)
		}
		c.buf = append(c.buf, chunk...)
		switch {
		case err == nil:
			c.lines++
			return c.buf, false, nil
		case errors.Is(err, bufio.ErrBufferFull):
		case errors.Is(err, io.EOF):
			if len(c.buf) > 0 {
				c.lines++
			}
			return c.buf, true, nil
		default:
			return nil, false, fmt.Errorf("line %d: %w", c.lines+1, err)
		}
	}
}

// readProblem reads the counts of the problem line, or of an OPB file's
// first line.
func (c *CNFReader) readProblem() error {
	var err error
	if bytes.HasPrefix(c.first, []byte("* #variable=")) {
		// OPB: "* #variable= V #constraint= M" heads the file.
		c.OPB = true
		fs := strings.Fields(string(c.first))
		if len(fs) < 5 || fs[1] != "#variable=" || fs[3] != "#constraint=" {
			return fmt.Errorf("%w: line 1: want the OPB header \"* #variable= V #constraint= M\", not %.40q", ErrDIMACS, c.first)
		}
		if c.Vars, err = strconv.Atoi(fs[2]); err != nil || c.Vars < 0 {
			return fmt.Errorf("%w: line 1: bad variable count %.24q", ErrDIMACS, fs[2])
		}
		if c.Clauses, err = strconv.Atoi(fs[4]); err != nil || c.Clauses < 0 {
			return fmt.Errorf("%w: line 1: bad constraint count %.24q", ErrDIMACS, fs[4])
		}
		c.Line = c.lines
		return nil
	}
	if c.problem == nil {
		return fmt.Errorf("%w: no problem line", ErrDIMACS)
	}
	fs := strings.Fields(string(c.problem))
	if len(fs) != 4 || fs[0] != "p" || fs[1] != "cnf" {
		return dimacsErr(c.Line, "want the problem line \"p cnf VARS CLAUSES\" after the comments, not %.40q", c.problem)
	}
	if c.Vars, err = strconv.Atoi(fs[2]); err != nil || c.Vars < 0 {
		return dimacsErr(c.Line, "bad variable count %.24q", fs[2])
	}
	if c.Clauses, err = strconv.Atoi(fs[3]); err != nil || c.Clauses < 0 {
		return dimacsErr(c.Line, "bad clause count %.24q", fs[3])
	}
	c.bodyLine = c.Line
	return nil
}

// maxLiteral bounds the text of one literal: longer than any int.
const maxLiteral = 24

// ReadClauses reads the rest of the file, its clauses, into a formula of
// the problem line's variables. It checks them as it reads: literals
// within the problem line's variables, the last clause ended, and as many
// clauses as the problem line says. Comment lines are skipped, and a line
// starting with "%" ends the formula, as in SATLIB's files. Errors wrap
// ErrDIMACS and name the line.
func (c *CNFReader) ReadClauses() (*Formula, error) {
	if c.OPB {
		return nil, fmt.Errorf("%w: an OPB file holds constraints, not clauses", ErrDIMACS)
	}
	given := &Formula{Vars: c.Vars}
	var clause []int32
	var tok [maxLiteral]byte
	// The token's length and whether it was cut; the clauses ended, and
	// whether one is open, since the line of its last literal.
	n, long := 0, false
	clauses, open, openLine := 0, false, 0
	lineStart, comment, done := true, false, false
	line := c.bodyLine + 1
	endToken := func() error {
		if n == 0 {
			return nil
		}
		s := string(tok[:min(n, maxLiteral)])
		l, err := strconv.Atoi(s)
		if err != nil || long {
			if long {
				s += "…"
			}
			return dimacsErr(line, "%q is not a literal", s)
		}
		if l > c.Vars || l < -c.Vars {
			return dimacsErr(line, "literal %d out of range: the problem line (line %d) says %d variables", l, c.Line, c.Vars)
		}
		if l == 0 {
			clauses++
			given.Add(clause...)
			clause = clause[:0]
		} else {
			clause = append(clause, int32(l))
		}
		open, openLine, n, long = l != 0, line, 0, false
		return nil
	}
	for !done {
		chunk, err := c.br.ReadSlice('\n')
		for _, b := range chunk {
			switch {
			case b == '\n':
				if err := endToken(); err != nil {
					return nil, err
				}
				line++
				lineStart, comment = true, false
			case comment:
			case b == ' ' || b == '\t' || b == '\r' || b == '\v' || b == '\f':
				if err := endToken(); err != nil {
					return nil, err
				}
			case lineStart && b == 'c':
				comment = true
			case lineStart && b == '%':
				done = true
			case lineStart && b == 'p':
				return nil, dimacsErr(line, "a second problem line (the first is line %d)", c.Line)
			default:
				lineStart = false
				if n < maxLiteral {
					tok[n] = b
				} else {
					long = true
				}
				n++
			}
			if done {
				break
			}
		}
		switch {
		case done || err == nil || errors.Is(err, bufio.ErrBufferFull):
		case errors.Is(err, io.EOF):
			done = true
		default:
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
	}
	if err := endToken(); err != nil {
		return nil, err
	}
	c.bodyLine = line
	if open {
		return nil, dimacsErr(openLine, "the last clause is not ended by 0")
	}
	if clauses != c.Clauses {
		return nil, dimacsErr(c.Line, "the problem line says %d clauses, but the file holds %d", c.Clauses, clauses)
	}
	return given, nil
}
