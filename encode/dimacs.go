package encode

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sudokusat/sudokusat"
)

// ErrDIMACS is wrapped by every error about malformed DIMACS or solver
// output.
var ErrDIMACS = errors.New("malformed DIMACS")

// ErrNoMap reports a CNF file without sudokusat's variable map.
var ErrNoMap = errors.New("no sudokusat variable map in the CNF comments")

// headerMark opens the comment block WriteDIMACS writes and ReadVarMap
// looks for.
const headerMark = "c sudokusat cnf 1"

// maxLine bounds one line of DIMACS or solver output: a puzzle comment line
// of a 400×400 grid is under 1 MB.
const maxLine = 16 << 20

// WriteDIMACS writes f in DIMACS CNF. The comment lines before the problem
// line record the tool, the encoding, the box shape, the puzzle, and the
// variable map: the formula for the direct encodings, or for the reduced one
// the fixed grid and one "c v VAR ROW COL DIGIT" line per variable (rows,
// columns from 1). ReadVarMap reads them back.
func WriteDIMACS(w io.Writer, f *Formula) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	n := f.Puzzle.Size()
	fmt.Fprintf(bw, "%s\nc encoding %s\nc box %dx%d\nc puzzle %s\n", headerMark,
		f.Encoding, f.Puzzle.BoxRows(), f.Puzzle.BoxCols(), f.Puzzle)
	if f.Direct() {
		fmt.Fprintf(bw, "c map direct: variable r*%d + c*%d + d is digit d at row r, column c (r, c from 0; d from 1)\n", n*n, n)
	} else {
		fmt.Fprintf(bw, "c fixed %s\nc map explicit: c v VAR ROW COL DIGIT (rows and columns from 1)\n", f.Fixed)
		var b []byte
		for i, c := range f.Cands {
			b = append(b[:0], "c v "...)
			b = strconv.AppendInt(b, int64(i+1), 10)
			b = append(b, ' ')
			b = strconv.AppendInt(b, int64(int(c.Cell)/n+1), 10)
			b = append(b, ' ')
			b = strconv.AppendInt(b, int64(int(c.Cell)%n+1), 10)
			b = append(b, ' ')
			b = strconv.AppendInt(b, int64(c.Digit), 10)
			b = append(b, '\n')
			bw.Write(b)
		}
	}
	fmt.Fprintf(bw, "p cnf %d %d\n", f.Vars, f.nClauses)
	var b []byte
	for c := range f.Clauses() {
		b = b[:0]
		for _, l := range c {
			b = strconv.AppendInt(b, int64(l), 10)
			b = append(b, ' ')
		}
		b = append(b, '0', '\n')
		if _, err := bw.Write(b); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// lineReader reads lines of bounded length and counts them.
type lineReader struct {
	sc   *bufio.Scanner
	line int
}

func newLineReader(r io.Reader) *lineReader {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxLine)
	return &lineReader{sc: sc}
}

func (lr *lineReader) next() ([]byte, bool) {
	if !lr.sc.Scan() {
		return nil, false
	}
	lr.line++
	return bytes.TrimRight(lr.sc.Bytes(), "\r"), true
}

func (lr *lineReader) err() error {
	if err := lr.sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return fmt.Errorf("%w: line %d: longer than %d bytes", ErrDIMACS, lr.line+1, maxLine)
		}
		return fmt.Errorf("line %d: %w", lr.line+1, err)
	}
	return nil
}

func dimacsErr(line int, format string, args ...any) error {
	return fmt.Errorf("%w: line %d: %s", ErrDIMACS, line, fmt.Sprintf(format, args...))
}

// header collects the sudokusat comment lines.
type header struct {
	seen                 bool
	encoding             string
	boxRows, boxCols     int
	puzzle, fixed        string
	explicit             bool
	cands                []Cand
	puzzleLine, candLine int
}

func (h *header) comment(line []byte, no int) error {
	s := string(line)
	if s == headerMark {
		h.seen = true
		return nil
	}
	if !h.seen {
		return nil
	}
	key, val, _ := strings.Cut(strings.TrimPrefix(s, "c "), " ")
	switch key {
	case "encoding":
		h.encoding = val
	case "box":
		if _, err := fmt.Sscanf(val, "%dx%d", &h.boxRows, &h.boxCols); err != nil {
			return dimacsErr(no, "bad box shape %q", val)
		}
	case "puzzle":
		h.puzzle, h.puzzleLine = val, no
	case "fixed":
		h.fixed = val
	case "map":
		h.explicit = strings.HasPrefix(val, "explicit")
	case "v":
		f := strings.Fields(val)
		var x [4]int
		if len(f) != 4 {
			return dimacsErr(no, "variable line needs VAR ROW COL DIGIT")
		}
		for i := range x {
			v, err := strconv.Atoi(f[i])
			if err != nil || v < 1 {
				return dimacsErr(no, "bad number %q in variable line", f[i])
			}
			x[i] = v
		}
		n := h.boxRows * h.boxCols
		if x[0] != len(h.cands)+1 || x[1] > n || x[2] > n || x[3] > n || n == 0 {
			return dimacsErr(no, "variable line %q out of order or range", val)
		}
		h.cands = append(h.cands, Cand{Cell: int32((x[1]-1)*n + x[2] - 1), Digit: int16(x[3])})
		h.candLine = no
	}
	return nil
}

func (h *header) varMap(line int) (*VarMap, error) {
	if !h.seen {
		return nil, ErrNoMap
	}
	if h.puzzle == "" || h.boxRows == 0 {
		return nil, fmt.Errorf("%w: line %d: the sudokusat header lacks its box or puzzle line", ErrDIMACS, line)
	}
	g, err := sudokusat.ParseLine(h.puzzle, h.boxRows, h.boxCols)
	if err != nil {
		return nil, dimacsErr(h.puzzleLine, "puzzle: %v", err)
	}
	m := &VarMap{Encoding: h.encoding, Puzzle: g, Fixed: g}
	if h.explicit {
		if m.Fixed, err = sudokusat.ParseLine(h.fixed, h.boxRows, h.boxCols); err != nil {
			return nil, dimacsErr(h.puzzleLine, "fixed grid: %v", err)
		}
		m.Cands = h.cands
		if m.Cands == nil {
			m.Cands = []Cand{}
		}
	}
	return m, nil
}

// ReadVarMap reads the sudokusat comment lines at the top of a CNF file and
// returns its variable map, stopping at the problem line, so that a large
// formula is never read whole to decode a model. A file without them gives
// an error wrapping ErrNoMap.
func ReadVarMap(r io.Reader) (*VarMap, error) {
	lr := newLineReader(r)
	var h header
	for {
		line, ok := lr.next()
		if !ok {
			if err := lr.err(); err != nil {
				return nil, err
			}
			break
		}
		if len(line) > 0 && line[0] == 'c' {
			if err := h.comment(line, lr.line); err != nil {
				return nil, err
			}
			continue
		}
		if bytes.HasPrefix(line, []byte("p ")) || len(bytes.TrimSpace(line)) > 0 {
			break
		}
	}
	return h.varMap(lr.line)
}

// ReadDIMACS reads a whole CNF file. The variable map is read too when the
// file has sudokusat's comments; otherwise the formula's VarMap is zero.
// Every literal is checked against the problem line, and the clause count
// must match it.
func ReadDIMACS(r io.Reader) (*Formula, error) {
	lr := newLineReader(r)
	var h header
	f := &Formula{}
	declared, open, sawP := 0, false, false
	for {
		line, ok := lr.next()
		if !ok {
			break
		}
		t := bytes.TrimSpace(line)
		if len(t) == 0 {
			continue
		}
		if t[0] == 'c' {
			if err := h.comment(t, lr.line); err != nil {
				return nil, err
			}
			continue
		}
		if t[0] == '%' { // SATLIB files end with "%" and "0"
			break
		}
		if t[0] == 'p' {
			if sawP {
				return nil, dimacsErr(lr.line, "second problem line")
			}
			fs := strings.Fields(string(t))
			if len(fs) != 4 || fs[1] != "cnf" {
				return nil, dimacsErr(lr.line, "problem line must be \"p cnf VARS CLAUSES\"")
			}
			v, err1 := strconv.Atoi(fs[2])
			c, err2 := strconv.Atoi(fs[3])
			if err1 != nil || err2 != nil || v < 0 || c < 0 || v > 1<<30 {
				return nil, dimacsErr(lr.line, "bad counts in problem line")
			}
			f.Vars, declared, sawP = v, c, true
			continue
		}
		if !sawP {
			return nil, dimacsErr(lr.line, "clause before the problem line")
		}
		for _, tok := range bytes.Fields(t) {
			l, err := strconv.Atoi(string(tok))
			if err != nil {
				return nil, dimacsErr(lr.line, "%q is not a literal", tok)
			}
			if l > f.Vars || -l > f.Vars {
				return nil, dimacsErr(lr.line, "literal %d out of range 1..%d", l, f.Vars)
			}
			f.lits = append(f.lits, int32(l))
			if l == 0 {
				f.nClauses++
				open = false
			} else {
				open = true
			}
		}
	}
	if err := lr.err(); err != nil {
		return nil, err
	}
	if !sawP {
		return nil, fmt.Errorf("%w: no problem line", ErrDIMACS)
	}
	if open {
		return nil, dimacsErr(lr.line, "last clause not ended by 0")
	}
	if f.nClauses != declared {
		return nil, fmt.Errorf("%w: %d clauses, but the problem line says %d", ErrDIMACS, f.nClauses, declared)
	}
	if h.seen {
		m, err := h.varMap(lr.line)
		if err != nil {
			return nil, err
		}
		f.VarMap = *m
	}
	return f, nil
}

// Status is a SAT solver's verdict.
type Status int

const (
	// Unknown: the solver gave no verdict (a time-out or a limit).
	Unknown Status = iota
	// Satisfiable: the formula has a model.
	Satisfiable
	// Unsatisfiable: the formula has no model.
	Unsatisfiable
)

func (s Status) String() string {
	switch s {
	case Satisfiable:
		return "SATISFIABLE"
	case Unsatisfiable:
		return "UNSATISFIABLE"
	}
	return "UNKNOWN"
}
