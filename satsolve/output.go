package satsolve

// What is read of an external solver's output: bounded, and quoted on one
// line in messages.

import (
	"bytes"
	"errors"
	"io"
	"strconv"
	"unicode/utf8"
)

// answerLimit returns how many bytes of a solver's answer are read for a
// formula over numVars variables: room for every literal of a model ("v"
// prefixes and signs included) plus a generous allowance for comment and
// statistics lines. Past it the solver is killed, so that a runaway solver
// costs neither memory nor unbounded time.
func answerLimit(numVars int) int64 {
	return 16<<20 + 16*int64(max(numVars, 0))
}

// errTooLong is returned by capReader past its limit.
var errTooLong = errors.New("output over its limit")

// capReader reads at most n bytes of r, then fails with errTooLong if r has
// more.
type capReader struct {
	r io.Reader
	n int64
}

func (c *capReader) Read(p []byte) (int, error) {
	if c.n <= 0 {
		// Exactly at the limit is fine if r ends there.
		var one [1]byte
		for {
			n, err := c.r.Read(one[:])
			if n > 0 {
				return 0, errTooLong
			}
			if err != nil {
				return 0, err
			}
		}
	}
	if int64(len(p)) > c.n {
		p = p[:c.n]
	}
	n, err := c.r.Read(p)
	c.n -= int64(n)
	return n, err
}

// stderrKeep bounds how much of a solver's error output is kept, and
// stderrShown how much of it an error message quotes.
const (
	stderrKeep  = 4 << 10
	stderrShown = 200
)

// tail keeps the last bytes written to it.
type tail struct{ b []byte }

func (t *tail) Write(p []byte) (int, error) {
	t.b = append(t.b, p...)
	if len(t.b) > stderrKeep {
		t.b = append(t.b[:0], t.b[len(t.b)-stderrKeep:]...)
	}
	return len(p), nil
}

// stderrNote quotes the end of a solver's error output for an error
// message, on one line: at most stderrShown bytes, cut on a rune boundary,
// newlines and other control characters escaped.
func stderrNote(b []byte) string {
	b = bytes.TrimSpace(b)
	if len(b) == 0 {
		return ""
	}
	cut := ""
	if len(b) > stderrShown {
		b = b[len(b)-stderrShown:]
		for i := 0; i < utf8.UTFMax-1 && len(b) > 0 && !utf8.RuneStart(b[0]); i++ {
			b = b[1:]
		}
		cut = "…"
	}
	return " (stderr: " + cut + strconv.Quote(string(b)) + ")"
}
