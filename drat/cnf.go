// Reading a DIMACS CNF formula, and the tokenizer it shares with text
// proofs.

package drat

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
)

// readCNF reads a DIMACS formula and adds its clauses, up to the first
// that refutes it.
func (c *checker) readCNF(r io.Reader) error {
	err := readDIMACS(c.ctx, r, func(lits []int32) error {
		c.nClauses++
		if !c.refuted {
			c.addFormulaClause(c.normalize(lits))
			if c.err != nil {
				return fmt.Errorf("drat: reading the CNF: %w", c.err)
			}
		}
		return nil
	})
	return err
}

// readDIMACS reads a DIMACS formula and calls fn with each clause's
// literals, valid during the call, in the order of the file.
func readDIMACS(ctx context.Context, r io.Reader, fn func(lits []int32) error) error {
	s := &scanner{r: bufio.NewReaderSize(r, 1<<16), line: 1, what: "CNF"}
	tok, line, err := s.token(true)
	if err == io.EOF {
		return fmt.Errorf("%w: CNF: no \"p cnf\" header", ErrSyntax)
	}
	if err != nil {
		return err
	}
	if string(tok) != "p" {
		return fmt.Errorf("%w: CNF line %d: %q where the \"p cnf\" header was expected", ErrSyntax, line, tok)
	}
	var hdr [3]string
	for i := range hdr {
		tok, l, err := s.token(false)
		if err != nil || l != line {
			return fmt.Errorf("%w: CNF line %d: the header is not \"p cnf VARIABLES CLAUSES\"", ErrSyntax, line)
		}
		hdr[i] = string(tok)
	}
	nv, err1 := strconv.ParseInt(hdr[1], 10, 32)
	nc, err2 := strconv.ParseInt(hdr[2], 10, 64)
	if hdr[0] != "cnf" || err1 != nil || err2 != nil || nv < 0 || nc < 0 {
		return fmt.Errorf("%w: CNF line %d: the header is not \"p cnf VARIABLES CLAUSES\"", ErrSyntax, line)
	}
	var lits []int32
	var count int64
	start := 0
	for {
		tok, line, err := s.token(true)
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		if len(lits) == 0 {
			start = line
		}
		v, err := strconv.ParseInt(string(tok), 10, 32)
		if err != nil {
			return fmt.Errorf("%w: CNF line %d: %q is not a literal", ErrSyntax, line, tok)
		}
		if v < -nv || v > nv {
			return fmt.Errorf("%w: CNF line %d: literal %d is beyond the header's %d variables", ErrSyntax, line, v, nv)
		}
		if v != 0 {
			lits = append(lits, int32(v))
			continue
		}
		count++
		if count > nc {
			return fmt.Errorf("%w: CNF line %d: more clauses than the header's %d", ErrSyntax, line, nc)
		}
		if count%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("drat: reading the CNF: %w", err)
			}
		}
		if err := fn(lits); err != nil {
			return err
		}
		lits = lits[:0]
	}
	if len(lits) > 0 {
		return fmt.Errorf("%w: CNF line %d: the last clause is not ended by 0", ErrSyntax, start)
	}
	if count != nc {
		return fmt.Errorf("%w: CNF: %d clauses where the header says %d", ErrSyntax, count, nc)
	}
	return nil
}

// scanner splits DIMACS text into tokens, skipping comments.
type scanner struct {
	r    *bufio.Reader
	line int
	what string // "CNF" or "proof", for errors
	tok  []byte
}

func isSpace(b byte) bool {
	return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\v' || b == '\f'
}

// token returns the next token and its line; with comments set, a token
// starting with 'c' begins a comment that runs to the end of the line.
func (s *scanner) token(comments bool) ([]byte, int, error) {
	for {
		b, err := s.r.ReadByte()
		if err != nil {
			return nil, s.line, s.readErr(err)
		}
		if b == '\n' {
			s.line++
			continue
		}
		if isSpace(b) {
			continue
		}
		if comments && b == 'c' {
			for b != '\n' {
				if b, err = s.r.ReadByte(); err != nil {
					return nil, s.line, s.readErr(err)
				}
			}
			s.line++
			continue
		}
		line := s.line
		s.tok = append(s.tok[:0], b)
		for {
			b, err := s.r.ReadByte()
			if err == io.EOF {
				return s.tok, line, nil
			}
			if err != nil {
				return nil, line, s.readErr(err)
			}
			if isSpace(b) {
				if b == '\n' {
					s.line++
				}
				return s.tok, line, nil
			}
			if len(s.tok) >= 24 {
				return nil, line, fmt.Errorf("%w: %s line %d: token %q… is too long", ErrSyntax, s.what, line, s.tok)
			}
			s.tok = append(s.tok, b)
		}
	}
}

// skipLine skips the rest of line, the line of the token just read.
func (s *scanner) skipLine(line int) error {
	for s.line == line {
		b, err := s.r.ReadByte()
		if err != nil {
			return s.readErr(err)
		}
		if b == '\n' {
			s.line++
		}
	}
	return nil
}

func (s *scanner) readErr(err error) error {
	if err == io.EOF {
		return err
	}
	return fmt.Errorf("drat: reading the %s: %w", s.what, err)
}
