// Reading a proof's steps: text DRAT, binary DRAT, text FRAT, and telling
// them apart.

package drat

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
)

// step is one proof step, with its literals as written.
type step struct {
	del   bool
	lits  []int32
	where string // "proof line", "proof byte" or "lemma", and
	at    int64  // the line, byte or lemma number: for errors, formatted only then
}

type stepReader interface {
	next() (step, error) // io.EOF after the last step
}

func newStepReader(r io.Reader, format Format) (stepReader, error) {
	size := 1 << 16
	if l, ok := r.(interface{ Len() int }); ok {
		// A proof in memory (bytes.Reader, strings.Reader) needs no
		// larger buffer than itself: gophersat's, checked once per
		// puzzle, is a few hundred bytes.
		size = min(size, max(l.Len(), 16))
	}
	br := bufio.NewReaderSize(r, size)
	auto := format == FormatAuto
	if auto {
		format = FormatText
		// A binary proof's first bytes may all be printable: 'd' and
		// nine literals between 16 and 63 are. Its first step still
		// ends with a 0 byte, which text never holds.
		head, _ := br.Peek(1024)
		if bytes.IndexByte(head, 0) >= 0 {
			format = FormatBinary
		}
		for _, b := range head[:min(len(head), 10)] {
			if (b < 0x20 || b > 0x7e) && !isSpace(b) {
				format = FormatBinary
				break
			}
		}
	}
	switch format {
	case FormatText, FormatFRAT:
		return &textSteps{s: scanner{r: br, line: 1, what: "proof"}, auto: auto, frat: format == FormatFRAT}, nil
	case FormatBinary:
		return &binarySteps{r: br}, nil
	}
	return nil, fmt.Errorf("drat: unknown proof format %d", format)
}

// textSteps reads text DRAT or text FRAT. With auto set, the first step
// tells them apart: FRAT's begins with "o", "a", "f" or "r", which no DRAT
// step does.
type textSteps struct {
	s      scanner
	auto   bool
	frat   bool
	begun  bool // the first token has been read
	lits   []int32
	peeked []byte // a token read past the end of a FRAT step, for the next
	line   int    // peeked's line
}

// token returns the token peeked, if any, else the scanner's next.
func (t *textSteps) token() ([]byte, int, error) {
	if t.peeked != nil {
		tok := t.peeked
		t.peeked = nil
		return tok, t.line, nil
	}
	return t.s.token(true)
}

func (t *textSteps) next() (step, error) {
	for {
		tok, line, err := t.token()
		if err != nil {
			return step{}, err // io.EOF after the last step
		}
		if !t.begun {
			t.begun = true
			if !t.frat && bytes.HasPrefix(tok, []byte("%RUPD")) {
				// PicoSAT's RUP header, "%RUPD32 VARIABLES CLAUSES": the
				// steps that follow are DRAT's, with no deletions.
				if err := t.s.skipLine(line); err != nil && err != io.EOF {
					return step{}, err
				}
				continue
			}
			if t.auto {
				switch string(tok) {
				case "o", "a", "f", "r":
					t.frat = true
				}
			}
		}
		if !t.frat {
			return t.dratStep(tok, line)
		}
		st, ok, err := t.fratStep(tok, line)
		if ok || err != nil {
			return st, err
		}
	}
}

// dratStep reads the DRAT step whose first token is tok.
func (t *textSteps) dratStep(tok []byte, line int) (step, error) {
	t.lits = t.lits[:0]
	st := step{where: "proof line", at: int64(line)}
	start := line
	if string(tok) == "d" {
		st.del = true
		var err error
		if tok, line, err = t.token(); err != nil {
			return st, t.unended(err, start)
		}
	}
	for {
		v, err := literal(tok, line)
		if err != nil {
			return st, err
		}
		if v == 0 {
			st.lits = t.lits
			return st, nil
		}
		t.lits = append(t.lits, v)
		if tok, line, err = t.token(); err != nil {
			return st, t.unended(err, start)
		}
	}
}

// fratStep reads the FRAT step whose first token is tok: "a ID LITS 0",
// optionally followed by "l HINTS 0", is a lemma and "d ID LITS 0" a
// deletion (ok is true); "o ID LITS 0" (a clause of the formula, which
// the CNF given says), "f ID LITS 0" (a clause left at the end) and
// "r ID ID … 0" (clause IDs renumbered) are read and skipped. IDs and
// hints are checked for syntax only: clauses are matched by their
// literals, as DRAT's are, and each lemma is checked by unit propagation.
func (t *textSteps) fratStep(tok []byte, line int) (st step, ok bool, err error) {
	start := line
	st.where, st.at = "proof line", int64(line)
	kind := string(tok)
	switch kind {
	case "a", "d", "o", "f":
	case "r":
		for {
			if tok, line, err = t.token(); err != nil {
				return st, false, t.unended(err, start)
			}
			id, err := clauseID(tok, line)
			if err != nil {
				return st, false, err
			}
			if id == 0 {
				return st, false, nil
			}
		}
	default:
		return st, false, fmt.Errorf("%w: proof line %d: %q is not a FRAT step (o, a, d, f or r)", ErrSyntax, line, tok)
	}
	if tok, line, err = t.token(); err != nil {
		return st, false, t.unended(err, start)
	}
	if id, err := clauseID(tok, line); err != nil || id == 0 {
		if err == nil {
			err = fmt.Errorf("%w: proof line %d: clause ID 0", ErrSyntax, line)
		}
		return st, false, err
	}
	t.lits = t.lits[:0]
	for {
		if tok, line, err = t.token(); err != nil {
			return st, false, t.unended(err, start)
		}
		v, err := literal(tok, line)
		if err != nil {
			return st, false, err
		}
		if v == 0 {
			break
		}
		t.lits = append(t.lits, v)
	}
	st.lits, st.del = t.lits, kind == "d"
	if kind != "a" {
		return st, kind == "d", nil
	}
	tok, line, err = t.token()
	if err == io.EOF {
		return st, true, nil
	}
	if err != nil {
		return st, false, err
	}
	if string(tok) != "l" {
		t.peeked, t.line = append(t.peeked[:0:0], tok...), line
		return st, true, nil
	}
	for { // the hints: clause IDs, negative ones for RAT
		if tok, line, err = t.token(); err != nil {
			return st, false, t.unended(err, start)
		}
		v, err := strconv.ParseInt(string(tok), 10, 64)
		if err != nil {
			return st, false, fmt.Errorf("%w: proof line %d: %q is not a clause ID", ErrSyntax, line, tok)
		}
		if v == 0 {
			return st, true, nil
		}
	}
}

// unended turns the end of the proof within a step into a syntax error.
func (t *textSteps) unended(err error, start int) error {
	if err == io.EOF {
		return fmt.Errorf("%w: proof line %d: the last step is not ended by 0", ErrSyntax, start)
	}
	return err
}

// literal parses a literal of a text proof, 0 for the end of a clause.
func literal(tok []byte, line int) (int32, error) {
	v, err := strconv.ParseInt(string(tok), 10, 32)
	if err != nil || v == -1<<31 {
		return 0, fmt.Errorf("%w: proof line %d: %q is not a literal", ErrSyntax, line, tok)
	}
	return int32(v), nil
}

// clauseID parses a FRAT clause ID, 0 for the end of a list.
func clauseID(tok []byte, line int) (uint64, error) {
	v, err := strconv.ParseUint(string(tok), 10, 63)
	if err != nil {
		return 0, fmt.Errorf("%w: proof line %d: %q is not a clause ID", ErrSyntax, line, tok)
	}
	return v, nil
}

type binarySteps struct {
	r    *bufio.Reader
	off  int64 // offset of the next byte
	lits []int32
}

func (b *binarySteps) next() (step, error) {
	st := step{}
	start := b.off
	t, err := b.r.ReadByte()
	if err == io.EOF {
		return st, io.EOF
	}
	if err != nil {
		return st, fmt.Errorf("drat: reading the proof: %w", err)
	}
	b.off++
	st.where, st.at = "proof byte", start
	switch t {
	case 'a':
	case 'd':
		st.del = true
	case 'o', 'f', 'r':
		return st, fmt.Errorf("%w: proof byte %d: 0x%02x ('%c') is neither 'a' nor 'd': binary FRAT is not read, text FRAT is", ErrSyntax, start, t, t)
	default:
		return st, fmt.Errorf("%w: proof byte %d: 0x%02x is neither 'a' nor 'd'", ErrSyntax, start, t)
	}
	b.lits = b.lits[:0]
	for {
		at := b.off
		var u uint64
		for shift := 0; ; shift += 7 {
			c, err := b.r.ReadByte()
			if err == io.EOF {
				return st, fmt.Errorf("%w: proof byte %d: the step starting at byte %d is not ended by 0", ErrSyntax, b.off, start)
			}
			if err != nil {
				return st, fmt.Errorf("drat: reading the proof: %w", err)
			}
			b.off++
			if shift > 28 {
				return st, fmt.Errorf("%w: proof byte %d: literal too large", ErrSyntax, at)
			}
			u |= uint64(c&0x7f) << shift
			if c&0x80 == 0 {
				break
			}
		}
		if u == 0 {
			st.lits = b.lits
			return st, nil
		}
		v := u >> 1
		if v == 0 || v > 1<<31-1 {
			return st, fmt.Errorf("%w: proof byte %d: %d is not a literal", ErrSyntax, at, u)
		}
		l := int32(v)
		if u&1 == 1 {
			l = -l
		}
		b.lits = append(b.lits, l)
	}
}
