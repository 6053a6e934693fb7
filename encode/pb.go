package encode

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// PB is a pseudo-Boolean constraint over a formula's variables: the sum of
// Weights[i] for each true literal Lits[i] equals RHS (Eq) or is at least
// RHS. A literal is v for variable v true, −v for it false.
type PB struct {
	Lits    []int32
	Weights []int
	Eq      bool
	RHS     int
}

// ErrHasPB reports a formula with pseudo-Boolean constraints given to
// something that takes clauses only, such as DIMACS.
var ErrHasPB = errors.New("the formula has pseudo-Boolean constraints, which CNF cannot hold (write it as OPB, or encode its sums as clauses)")

// AddPB appends a pseudo-Boolean constraint.
func (f *Formula) AddPB(c PB) { f.pb = append(f.pb, c) }

// PBs returns the formula's pseudo-Boolean constraints, in the order added;
// a CNF formula has none. The slice is the formula's own: read it only.
func (f *Formula) PBs() []PB { return f.pb }

// WriteOPB writes f in OPB, the pseudo-Boolean competition's format: a
// "* #variable= V #constraint= M" header, then one constraint a line, "+1
// x1 -1 x2 >= 0 ;". Each clause becomes "at least one literal true", its
// negated literals folded into the right-hand side (w·¬x = w − w·x), so
// that only plain variables appear, and the empty clause "+0 x1 >= 1";
// each PB constraint keeps its "=" or ">=". The comment lines after the
// header are WriteDIMACS's, marked "*": ReadVarMap reads the variable map
// from them, so that a PB solver's model decodes as a SAT solver's does.
func WriteOPB(w io.Writer, f *Formula) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	fmt.Fprintf(bw, "* #variable= %d #constraint= %d\n", f.Vars, f.nClauses+len(f.pb))
	writeHeader(bw, f, '*')
	var b []byte
	// term writes w·l and returns what it moves to the right-hand side:
	// w·¬x = w − w·x is written −w·x, with w moved.
	term := func(w int, l int32) int {
		moved := 0
		if l < 0 {
			w, l, moved = -w, -l, w
		}
		if w >= 0 {
			b = append(b, '+')
		}
		b = strconv.AppendInt(b, int64(w), 10)
		b = append(b, " x"...)
		b = strconv.AppendInt(b, int64(l), 10)
		b = append(b, ' ')
		return moved
	}
	end := func(op string, rhs int) error {
		b = append(b, op...)
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(rhs), 10)
		b = append(b, " ;\n"...)
		_, err := bw.Write(b)
		return err
	}
	for c := range f.Clauses() {
		b = b[:0]
		rhs := 1
		for _, l := range c {
			rhs -= term(1, l)
		}
		if len(c) == 0 {
			// The empty clause: OPB has no empty sum, and 0·x1 ≥ 1 is
			// as false.
			term(0, 1)
		}
		if err := end(">=", rhs); err != nil {
			return err
		}
	}
	for _, c := range f.pb {
		b = b[:0]
		rhs := c.RHS
		for i, l := range c.Lits {
			rhs -= term(c.Weights[i], l)
		}
		op := ">="
		if c.Eq {
			op = "="
		}
		if err := end(op, rhs); err != nil {
			return err
		}
	}
	return bw.Flush()
}
