// Reading a proof's steps: text DRAT, binary DRAT, and telling them apart.

package drat

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
)

// step is one proof step, with its literals as written.
type step struct {
	del   bool
	lits  []int32
	where string // "line 3" or "byte 120", for errors
}

type stepReader interface {
	next() (step, error) // io.EOF after the last step
}

func newStepReader(r io.Reader, format Format) (stepReader, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	if format == FormatAuto {
		format = FormatText
		head, _ := br.Peek(10)
		for _, b := range head {
			if (b < 0x20 || b > 0x7e) && !isSpace(b) {
				format = FormatBinary
				break
			}
		}
	}
	switch format {
	case FormatText:
		return &textSteps{s: scanner{r: br, line: 1, what: "proof"}}, nil
	case FormatBinary:
		return &binarySteps{r: br}, nil
	}
	return nil, fmt.Errorf("drat: unknown proof format %d", format)
}

type textSteps struct {
	s    scanner
	lits []int32
}

func (t *textSteps) next() (step, error) {
	t.lits = t.lits[:0]
	st := step{}
	first := true
	start := 0
	for {
		tok, line, err := t.s.token(true)
		if err == io.EOF && first {
			return st, io.EOF
		}
		if err == io.EOF {
			return st, fmt.Errorf("%w: proof line %d: the last step is not ended by 0", ErrSyntax, start)
		}
		if err != nil {
			return st, err
		}
		if first {
			start = line
			st.where = "proof line " + strconv.Itoa(line)
			first = false
			if string(tok) == "d" {
				st.del = true
				continue
			}
		}
		v, err := strconv.ParseInt(string(tok), 10, 32)
		if err != nil || v == -1<<31 {
			return st, fmt.Errorf("%w: proof line %d: %q is not a literal", ErrSyntax, line, tok)
		}
		if v == 0 {
			st.lits = t.lits
			return st, nil
		}
		t.lits = append(t.lits, int32(v))
	}
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
	st.where = "proof byte " + strconv.FormatInt(start, 10)
	switch t {
	case 'a':
	case 'd':
		st.del = true
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
