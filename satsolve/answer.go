package satsolve

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sudokusat/sudokusat/encode"
)

// Status is a SAT solver's verdict on a formula: its answer, not the
// encoding's business.
type Status int

const (
	// Unknown: the solver gave no verdict (a time-out or a limit).
	Unknown Status = iota
	// Satisfiable: the formula has a model.
	Satisfiable
	// Unsatisfiable: the formula has no model.
	Unsatisfiable
)

// String returns the verdict as the SAT competition's "s" line writes it.
func (s Status) String() string {
	switch s {
	case Satisfiable:
		return "SATISFIABLE"
	case Unsatisfiable:
		return "UNSATISFIABLE"
	}
	return "UNKNOWN"
}

// Answer is what a SAT solver printed: its verdict and, when satisfiable,
// the model as DIMACS literals.
type Answer struct {
	Status Status
	Model  []int
}

// maxToken bounds the part of one word the reader keeps: longer than any
// literal of an int32 variable and than any verdict, so a longer word is
// reported (cut) rather than held whole.
const maxToken = 64

// ReadAnswer reads the answer of a solver given a formula over numVars
// variables, in any of the three usual formats: the SAT competition's
// ("s SATISFIABLE" and "v" lines, "c" comments ignored), MiniSat's result
// file ("SAT" then literals ending in 0), or the pseudo-Boolean
// competition's, which minisat+ writes for an OPB formula ("v x1 -x2 …",
// no closing 0, "s OPTIMUM FOUND" for a model too). It reads r as a stream and keeps
// only the model, so that comment lines and very long lines cost no memory:
// what it holds is bounded by numVars, whatever the solver prints, and by
// what it printed, whatever numVars says.
//
// A missing or repeated verdict, a word that is not a literal, a literal out
// of the range 1..numVars, given twice or together with its negation, a
// literal after the model's closing 0, and a model not closed by 0 are
// errors wrapping encode.ErrDIMACS and naming the line. An error from r is
// returned as it is, wrapped.
func ReadAnswer(r io.Reader, numVars int) (Answer, error) {
	sc := &answerScanner{br: bufio.NewReaderSize(r, 64<<10)}
	// A byte-order mark, as an editor on Windows saves a file, is read
	// past, as it is in a CNF and a puzzle file.
	switch b, err := sc.br.Peek(len(bom)); {
	case string(b) == bom:
		sc.br.Discard(len(bom))
	case err != nil && !errors.Is(err, io.EOF):
		sc.err = err // Peek hands the reader's error over once
	}
	a, err := sc.read(max(numVars, 0))
	if sc.err != nil {
		// A failing reader (an output cut at its limit) explains whatever
		// the half-read text looked like.
		return Answer{}, fmt.Errorf("line %d: %w", max(sc.line, 1), sc.err)
	}
	return a, err
}

const bom = "\ufeff"

// answerScanner splits a solver's output into lines and words, keeping at
// most maxToken bytes of any word.
type answerScanner struct {
	br   *bufio.Reader
	line int   // the line being read, from 1
	err  error // the first error from br other than io.EOF
	tok  [maxToken]byte
}

func (s *answerScanner) fail(format string, args ...any) error {
	return fmt.Errorf("%w: line %d: %s", encode.ErrDIMACS, s.line, fmt.Sprintf(format, args...))
}

// peek returns the next byte without consuming it; ok is false at the end
// of the input or on an error, which is kept.
func (s *answerScanner) peek() (byte, bool) {
	b, err := s.br.Peek(1)
	if err != nil {
		if !errors.Is(err, io.EOF) && s.err == nil {
			s.err = err
		}
		return 0, false
	}
	return b[0], true
}

// newLine starts the next line, reporting false at the end of the input.
func (s *answerScanner) newLine() bool {
	if _, ok := s.peek(); !ok {
		return false
	}
	s.line++
	return true
}

// endLine discards the rest of the line and its newline, in chunks, so that
// a long comment costs no memory.
func (s *answerScanner) endLine() {
	for {
		_, err := s.br.ReadSlice('\n')
		if err == nil {
			return
		}
		if !errors.Is(err, bufio.ErrBufferFull) {
			if !errors.Is(err, io.EOF) && s.err == nil {
				s.err = err
			}
			return
		}
	}
}

func isBlank(b byte) bool {
	return b == ' ' || b == '\t' || b == '\r' || b == '\v' || b == '\f'
}

// skipBlanks skips white space up to the end of the line and returns the
// next byte, not consumed; ok is false at the end of the line or input.
func (s *answerScanner) skipBlanks() (byte, bool) {
	for {
		b, ok := s.peek()
		if !ok || b == '\n' {
			return 0, false
		}
		if !isBlank(b) {
			return b, true
		}
		s.br.ReadByte()
	}
}

// word returns the next word of the line, or nil at its end (the newline is
// left for endLine). Past maxToken bytes the word is cut and long is true.
// The slice is valid until the next call.
func (s *answerScanner) word() (w []byte, long bool) {
	if _, ok := s.skipBlanks(); !ok {
		return nil, false
	}
	n := 0
	for {
		b, ok := s.peek()
		if !ok || b == '\n' || isBlank(b) {
			return s.tok[:min(n, maxToken)], n > maxToken
		}
		s.br.ReadByte()
		if n < maxToken {
			s.tok[n] = b
		}
		n++
	}
}

// rest returns up to n bytes of what is left of the line, blanks trimmed,
// and discards the line.
func (s *answerScanner) rest(n int) string {
	var b []byte
	cut := false
	for {
		c, ok := s.peek()
		if !ok || c == '\n' {
			break
		}
		s.br.ReadByte()
		if len(b) < n {
			b = append(b, c)
		} else {
			cut = true
			break
		}
	}
	s.endLine()
	r := strings.TrimSpace(string(b))
	if cut {
		r += "…"
	}
	return r
}

// pbLiteral turns a literal of the PB competition's form, x7 or -x7, into
// DIMACS's, 7 or -7, with named true; any other word is returned as it is.
// A PB literal has no 0, so "x0" is refused with the other non-literals.
func pbLiteral(w string) (lit string, named bool) {
	neg := strings.HasPrefix(w, "-")
	digits, ok := strings.CutPrefix(strings.TrimPrefix(w, "-"), "x")
	if !ok || digits == "" || digits[0] < '1' || digits[0] > '9' || strings.Trim(digits, "0123456789") != "" {
		return w, ok
	}
	if neg {
		return "-" + digits, true
	}
	return digits, true
}

func shown(w []byte, long bool) string {
	if long {
		return string(w) + "…"
	}
	return string(w)
}

func (s *answerScanner) read(numVars int) (Answer, error) {
	var a Answer
	verdict, closed, minisat := 0, false, false
	// pb is set by the first literal written x1 or -x1, the PB
	// competition's form: every literal of the model is then written so,
	// and the model has no closing 0.
	pb, lits := false, 0
	// seen records each variable's value once given (1 true, 2 false), so
	// that a contradictory or repeated literal is caught and the model never
	// holds more than numVars literals.
	var seen values
	addLit := func(w []byte, long bool) error {
		text, named := pbLiteral(string(w))
		if lits == 0 {
			pb = named
		}
		lits++
		l, err := strconv.Atoi(text)
		if err != nil || long || named != pb {
			return s.fail("%q is not a literal", shown(w, long))
		}
		if closed {
			return s.fail("literal %d after the model's closing 0", l)
		}
		if l == 0 {
			closed = true
			return nil
		}
		if l > numVars || l < -numVars {
			return s.fail("literal %d out of range: the formula has %d variables", l, numVars)
		}
		v, val := l, uint8(1)
		if l < 0 {
			v, val = -l, 2
		}
		switch seen.get(v) {
		case val:
			return s.fail("literal %d given twice", l)
		case 3 - val:
			return s.fail("literal %d contradicts literal %d given before", l, -l)
		}
		seen.set(v, val, len(a.Model), numVars)
		a.Model = append(a.Model, l)
		return nil
	}
	addLine := func() error {
		for {
			w, long := s.word()
			if w == nil {
				s.endLine()
				return nil
			}
			if err := addLit(w, long); err != nil {
				return err
			}
		}
	}
	for s.newLine() {
		first, ok := s.skipBlanks()
		if !ok || first == 'c' {
			s.endLine()
			continue
		}
		w, long := s.word()
		head := shown(w, long)
		switch {
		case head == "s":
			verdict++
			if verdict > 1 {
				return Answer{}, s.fail("second verdict")
			}
			word := s.rest(maxToken)
			switch word {
			case "SATISFIABLE", "SAT", "OPTIMUM FOUND":
				a.Status = Satisfiable
			case "UNSATISFIABLE", "UNSAT":
				a.Status = Unsatisfiable
			case "UNKNOWN", "INDET", "INDETERMINATE":
				a.Status = Unknown
			default:
				return Answer{}, s.fail("unknown verdict %q", word)
			}
		case verdict == 0 && isMinisatVerdict(head):
			if more := s.rest(60); more != "" {
				return Answer{}, s.fail("unexpected line %q", head+" "+more)
			}
			verdict++
			minisat = true
			switch head {
			case "SAT":
				a.Status = Satisfiable
			case "UNSAT":
				a.Status = Unsatisfiable
			default:
				a.Status = Unknown
			}
		case head == "v":
			if verdict == 0 || minisat {
				return Answer{}, s.fail("model line without a verdict")
			}
			if err := addLine(); err != nil {
				return Answer{}, err
			}
		case minisat && a.Status == Satisfiable:
			if err := addLit(w, long); err != nil {
				return Answer{}, err
			}
			if err := addLine(); err != nil {
				return Answer{}, err
			}
		default:
			line := head
			if more := s.rest(60); more != "" {
				line += " " + more
			}
			return Answer{}, s.fail("unexpected line %q", line)
		}
		if s.err != nil {
			return Answer{}, s.err
		}
	}
	if verdict == 0 {
		return Answer{}, fmt.Errorf("%w: no verdict (no \"s\" line, no SAT/UNSAT)", encode.ErrDIMACS)
	}
	if a.Status == Satisfiable && !closed && !pb {
		return Answer{}, fmt.Errorf("%w: model not ended by 0 (output cut short?)", encode.ErrDIMACS)
	}
	if a.Status != Satisfiable && len(a.Model) > 0 {
		return Answer{}, fmt.Errorf("%w: a model with verdict %v", encode.ErrDIMACS, a.Status)
	}
	return a, nil
}

// values holds the value an answer gives each variable, in memory bounded
// by the literals read rather than by the formula's variable count: that
// count may come from a problem line nobody checked (decode reads it from
// a CNF file it is handed, and "p cnf 2000000000" made a 2 GB table for a
// 5 MB answer). Variables up to a little past twice the literals read, a
// model's usual 1, 2, 3, …, go in a table that grows by doubling; one far
// beyond them goes in a map, so that it costs no more than the others.
type values struct {
	dense  []uint8
	sparse map[int]uint8
}

func (t *values) get(v int) uint8 {
	if v < len(t.dense) && t.dense[v] != 0 {
		return t.dense[v]
	}
	// A variable stored in the map before the table grew over it is
	// still there.
	return t.sparse[v]
}

// set records v's value; read is the number of literals read before it
// and numVars the largest variable there can be.
func (t *values) set(v int, val uint8, read, numVars int) {
	if v >= len(t.dense) && v <= 2*read+4096 {
		n := min(max(2*len(t.dense), v+1, 1024), numVars+1)
		grown := make([]uint8, n)
		copy(grown, t.dense)
		t.dense = grown
	}
	if v < len(t.dense) {
		t.dense[v] = val
		return
	}
	if t.sparse == nil {
		t.sparse = map[int]uint8{}
	}
	t.sparse[v] = val
}

func isMinisatVerdict(s string) bool {
	switch s {
	case "SAT", "UNSAT", "INDET", "INDETERMINATE":
		return true
	}
	return false
}
