package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sudokusat/sudokusat/encode"
)

// maxHeaderLine bounds one line of a CNF's header: encode.ReadVarMap's own
// limit (16 MB, past any puzzle line of a 400×400 grid) and a line end, so
// that ReadVarMap is the one to report a line too long for it.
const maxHeaderLine = 16<<20 + 2

// cnfFile is what decode reads of the CNF file a solver was given: the
// variable map in its sudokusat comments and its problem line, then, for
// --certify only, its clauses. The file is read once, front to
// back, so that --cnf may name a pipe or a FIFO (--cnf <(…)); a Seek back
// to its start failed there with "illegal seek".
type cnfFile struct {
	m             *encode.VarMap
	vars, clauses int  // the problem line's counts
	opb           bool // an OPB file: its counts are on its first line
	line          int  // the problem line's number
	body          *bufio.Reader
	bodyLine      int // the last line of the body read
}

// readCNF reads r's header and problem line, leaving the clauses unread.
// Errors name the line.
func readCNF(r io.Reader) (*cnfFile, error) {
	h := &headerLines{br: bufio.NewReaderSize(r, 64<<10)}
	m, err := encode.ReadVarMap(h)
	if err != nil {
		return nil, err
	}
	f := &cnfFile{m: m, line: h.line, body: h.br, bodyLine: h.line}
	if bytes.HasPrefix(h.first, []byte("* #variable=")) {
		// OPB: "* #variable= V #constraint= M" heads the file.
		f.opb = true
		fs := strings.Fields(string(h.first))
		if len(fs) < 5 || fs[1] != "#variable=" || fs[3] != "#constraint=" {
			return nil, fmt.Errorf("%w: line 1: want the OPB header \"* #variable= V #constraint= M\", not %.40q", encode.ErrDIMACS, h.first)
		}
		if f.vars, err = strconv.Atoi(fs[2]); err != nil || f.vars < 0 {
			return nil, fmt.Errorf("%w: line 1: bad variable count %.24q", encode.ErrDIMACS, fs[2])
		}
		if f.clauses, err = strconv.Atoi(fs[4]); err != nil || f.clauses < 0 {
			return nil, fmt.Errorf("%w: line 1: bad constraint count %.24q", encode.ErrDIMACS, fs[4])
		}
		return f, nil
	}
	if h.problem == nil {
		return nil, fmt.Errorf("%w: no problem line", encode.ErrDIMACS)
	}
	fs := strings.Fields(string(h.problem))
	if len(fs) != 4 || fs[0] != "p" || fs[1] != "cnf" {
		return nil, fmt.Errorf("%w: line %d: want the problem line \"p cnf VARS CLAUSES\" after the comments, not %.40q", encode.ErrDIMACS, h.line, h.problem)
	}
	if f.vars, err = strconv.Atoi(fs[2]); err != nil || f.vars < 0 {
		return nil, fmt.Errorf("%w: line %d: bad variable count %.24q", encode.ErrDIMACS, h.line, fs[2])
	}
	if f.clauses, err = strconv.Atoi(fs[3]); err != nil || f.clauses < 0 {
		return nil, fmt.Errorf("%w: line %d: bad clause count %.24q", encode.ErrDIMACS, h.line, fs[3])
	}
	return f, nil
}

// headerLines hands encode.ReadVarMap a CNF's lines up to the problem line
// and keeps that line: ReadVarMap stops at the first line that is neither
// blank nor a comment anyway, but reads ahead, so it must not be given the
// clauses that decode may still have to read from the same stream.
type headerLines struct {
	br      *bufio.Reader
	line    int    // lines read from br
	buf     []byte // the line being handed out
	rest    []byte // what ReadVarMap has not taken of it
	problem []byte // the first line neither blank nor a comment, trimmed
	first   []byte // the first line, trimmed: an OPB file's counts
	eof     bool
}

func (h *headerLines) Read(p []byte) (int, error) {
	for len(h.rest) == 0 {
		if h.problem != nil || h.eof {
			return 0, io.EOF
		}
		line, err := h.readLine()
		if err != nil {
			return 0, err
		}
		t := bytes.TrimSpace(line)
		if h.line == 1 {
			h.first = bytes.Clone(t)
		}
		if len(t) > 0 && t[0] != 'c' && t[0] != '*' {
			h.problem = bytes.Clone(t)
			return 0, io.EOF
		}
		h.rest = line
	}
	n := copy(p, h.rest)
	h.rest = h.rest[n:]
	return n, nil
}

// readLine reads the next line whole, its newline included.
func (h *headerLines) readLine() ([]byte, error) {
	h.buf = h.buf[:0]
	for {
		chunk, err := h.br.ReadSlice('\n')
		if len(h.buf)+len(chunk) > maxHeaderLine {
			// ReadVarMap says which line.
			return nil, fmt.Errorf("%w: longer than %d bytes", encode.ErrDIMACS, maxHeaderLine)
		}
		h.buf = append(h.buf, chunk...)
		switch {
		case err == nil:
			h.line++
			return h.buf, nil
		case errors.Is(err, bufio.ErrBufferFull):
		case errors.Is(err, io.EOF):
			h.eof = true
			if len(h.buf) > 0 {
				h.line++
			}
			return h.buf, nil
		default:
			return nil, err
		}
	}
}

// maxLiteral bounds the text of one literal: longer than any int.
const maxLiteral = 24

// readClauses reads the rest of the file, the clauses, into a formula:
// what decode --certify checks a proof against, the formula the solver
// was given. It checks them as it reads: literals within the problem
// line's variables, the last clause ended, and as many clauses as the
// problem line says. Comment lines are skipped, and a line starting with
// "%" ends the formula, as in SATLIB's files.
func (f *cnfFile) readClauses() (*encode.Formula, error) {
	given := &encode.Formula{Vars: f.vars}
	var clause []int32
	var tok [maxLiteral]byte
	// The token's length and whether it was cut; the clauses ended, and
	// whether one is open, since the line of its last literal.
	n, long := 0, false
	clauses, open, openLine := 0, false, 0
	lineStart, comment, done := true, false, false
	line := f.bodyLine + 1
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
			return fmt.Errorf("%w: line %d: %q is not a literal", encode.ErrDIMACS, line, s)
		}
		if l > f.vars || l < -f.vars {
			return fmt.Errorf("%w: line %d: literal %d out of range: the problem line (line %d) says %d variables", encode.ErrDIMACS, line, l, f.line, f.vars)
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
		chunk, err := f.body.ReadSlice('\n')
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
				return nil, fmt.Errorf("%w: line %d: a second problem line (the first is line %d)", encode.ErrDIMACS, line, f.line)
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
	f.bodyLine = line
	if open {
		return nil, fmt.Errorf("%w: line %d: the last clause is not ended by 0", encode.ErrDIMACS, openLine)
	}
	if clauses != f.clauses {
		return nil, fmt.Errorf("%w: line %d: the problem line says %d clauses, but the file holds %d", encode.ErrDIMACS, f.line, f.clauses, clauses)
	}
	return given, nil
}
