// LRAT: checking a proof with hints, and writing one from a DRAT proof
// as it is checked.

package drat

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
)

// ErrHint is wrapped by the error for an LRAT lemma whose hints do not
// derive it: a hint that is neither unit nor false, a hint naming no
// clause, or hints that end without a conflict.
var ErrHint = errors.New("drat: LRAT hints do not derive the lemma")

// lratWriter writes the LRAT proof of a DRAT check as it goes.
type lratWriter struct {
	w     *bufio.Writer
	hints []int64 // the hints of the lemma implied has just accepted
	last  int64   // the ID of the last clause added
	b     []byte
}

// lemma writes the lemma lits (internal literals) as clause id.
func (lw *lratWriter) lemma(c *checker, id int64, lits []int32, hints []int64) {
	b := strconv.AppendInt(lw.b[:0], id, 10)
	for _, l := range lits {
		e := int64(c.ext[l>>1])
		if l&1 == 1 {
			e = -e
		}
		b = strconv.AppendInt(append(b, ' '), e, 10)
	}
	b = append(b, " 0"...)
	for _, h := range hints {
		b = strconv.AppendInt(append(b, ' '), h, 10)
	}
	b = append(b, " 0\n"...)
	lw.w.Write(b)
	lw.b = b
	lw.last = id
}

// del writes the deletion of clause id.
func (lw *lratWriter) del(id int64) {
	b := strconv.AppendInt(lw.b[:0], lw.last, 10)
	b = strconv.AppendInt(append(b, " d "...), id, 10)
	b = append(b, " 0\n"...)
	lw.w.Write(b)
	lw.b = b
}

// ToLRAT checks proof against cnf as CheckFormat does and writes to w, as
// it goes, the same refutation in text LRAT: the formula's clauses keep
// their numbers in the file (from 1), each lemma is numbered after them
// with the hints its check used (the clauses of its unit propagation, in
// order, top-level assignments included; for a RAT lemma, each candidate
// clause in the order of their IDs, negated, with the hints of its
// resolvent), deleted clauses are deleted by number, and the proof ends
// with the empty clause. The LRAT proof is what lrat-check and cake_lpr
// read. Deletions that the DRAT check ignores (units, reasons, absent
// clauses) are not written. w holds a whole LRAT proof only when the
// error is nil.
func ToLRAT(ctx context.Context, cnf, proof io.Reader, format Format, w io.Writer) (Result, error) {
	lw := &lratWriter{w: bufio.NewWriterSize(w, 64<<10)}
	res, err := checkFormat(ctx, cnf, proof, format, lw)
	if ferr := lw.w.Flush(); err == nil && ferr != nil {
		err = fmt.Errorf("drat: writing the LRAT proof: %w", ferr)
	}
	return res, err
}

// refuteLRAT writes the empty clause whose hints are the conflict's chain,
// when the top level has reached a conflict with no empty clause added.
func (k *Checker) refuteLRAT(next int64) {
	c := k.c
	c.lrat.hints = c.chain(c.conflict, c.lrat.hints[:0])
	c.lrat.lemma(c, next, nil, c.lrat.hints)
}

// CheckLRAT reads a DIMACS CNF formula and an LRAT proof, text or binary,
// and checks that the proof refutes the formula. The formula's clauses are
// numbered from 1 in the order of the file. Each added clause is checked
// by its hints alone: with the clause's literals false, every positive
// hint in turn must be a clause all of whose literals but one are false
// (that one is then made true) until one is all false. A lemma whose
// hints end without a conflict is RAT on its first literal p when negative
// hints name, in increasing order, every current clause that holds ¬p,
// each followed by the hints that refute its resolvent with the lemma.
// The check uses no unit propagation of its own, so it is as fast as the
// hints are short and trusts nothing but them.
//
// The error is nil only when the proof derives the empty clause; it wraps
// ErrSyntax, ErrHint, ErrNotRefuted or the context's error.
func CheckLRAT(ctx context.Context, cnf, proof io.Reader) (Result, error) {
	l := &lratChecker{ctx: ctx}
	var res Result
	if err := readDIMACS(ctx, cnf, func(lits []int32) error {
		l.add(l.last+1, slices.Clone(lits))
		return nil
	}); err != nil {
		return res, err
	}
	br := bufio.NewReaderSize(proof, 1<<16)
	head, _ := br.Peek(1)
	var steps lratSteps
	if len(head) == 1 && (head[0] == 'a' || head[0] == 'd') {
		steps = &binaryLRAT{r: br}
	} else {
		steps = &textLRAT{s: scanner{r: br, line: 1, what: "proof"}}
	}
	for {
		st, err := steps.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return res, err
		}
		res.Steps++
		if res.Steps%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return res, fmt.Errorf("drat: LRAT step %d: %w", res.Steps, err)
			}
		}
		if st.del {
			for _, id := range st.hints {
				res.Deletions++
				if !l.remove(id) {
					res.IgnoredDeletions++
					res.MissingDeletions++
				}
			}
			continue
		}
		res.Lemmas++
		if st.id <= l.last {
			return res, fmt.Errorf("%w: %s %d: clause ID %d is not above every ID before", ErrSyntax, st.where, st.at, st.id)
		}
		if err := l.check(st.lits, st.hints); err != nil {
			return res, fmt.Errorf("%s %d (clause %d): %w", st.where, st.at, st.id, err)
		}
		if len(st.lits) == 0 {
			res.Refuted = true
			return res, nil
		}
		l.add(st.id, slices.Clone(st.lits))
	}
	for _, cl := range l.clauses {
		if cl != nil && len(cl) == 0 {
			res.Refuted = true // the formula has the empty clause
			return res, nil
		}
	}
	return res, fmt.Errorf("%w: %d LRAT steps checked (%d lemmas), no empty clause derived", ErrNotRefuted, res.Steps, res.Lemmas)
}

// lratChecker holds the clauses by ID and a partial assignment.
type lratChecker struct {
	ctx     context.Context
	clauses [][]int32 // by ID; nil when there is none
	last    int64     // the highest ID added
	val     []int8    // per variable: 1 true, -1 false
	trail   []int32   // the variables assigned, to undo
	occ     map[int32][]int64
}

func (l *lratChecker) add(id int64, lits []int32) {
	for int64(len(l.clauses)) <= id {
		l.clauses = append(l.clauses, nil)
	}
	if lits == nil {
		lits = []int32{}
	}
	l.clauses[id] = lits
	l.last = id
	if l.occ != nil {
		for _, x := range lits {
			l.occ[x] = append(l.occ[x], id)
		}
	}
}

func (l *lratChecker) remove(id int64) bool {
	if id <= 0 || id >= int64(len(l.clauses)) || l.clauses[id] == nil {
		return false
	}
	l.clauses[id] = nil
	return true
}

// value is x's value: 1 true, -1 false, 0 unassigned.
func (l *lratChecker) value(x int32) int8 {
	v := x
	if v < 0 {
		v = -v
	}
	if int(v) >= len(l.val) {
		return 0
	}
	if x < 0 {
		return -l.val[v]
	}
	return l.val[v]
}

func (l *lratChecker) set(x int32) {
	v := x
	if v < 0 {
		v = -v
	}
	for int(v) >= len(l.val) {
		l.val = append(l.val, 0)
	}
	l.val[v] = 1
	if x < 0 {
		l.val[v] = -1
	}
	l.trail = append(l.trail, v)
}

func (l *lratChecker) undo(to int) {
	for _, v := range l.trail[to:] {
		l.val[v] = 0
	}
	l.trail = l.trail[:to]
}

// falsify makes every literal of lits false but skip; it reports a
// literal already true (a tautology, or a satisfied resolvent).
func (l *lratChecker) falsify(lits []int32, skip int32) bool {
	for _, x := range lits {
		if x == skip {
			continue
		}
		switch l.value(x) {
		case 1:
			return true
		case 0:
			l.set(-x)
		}
	}
	return false
}

// units replays hints from the front up to the first negative one or the
// end: it returns whether a conflict was reached, the rest of the hints,
// and an error for a hint that is neither unit nor false.
func (l *lratChecker) units(hints []int64) (bool, []int64, error) {
	for i, h := range hints {
		if h < 0 {
			return false, hints[i:], nil
		}
		if h >= int64(len(l.clauses)) || l.clauses[h] == nil {
			return false, nil, fmt.Errorf("%w: hint %d names no current clause", ErrHint, h)
		}
		var unit int32
		for _, x := range l.clauses[h] {
			if l.value(x) == -1 {
				continue
			}
			if unit != 0 {
				return false, nil, fmt.Errorf("%w: hint %d has two literals not false (%d and %d)", ErrHint, h, unit, x)
			}
			unit = x
		}
		if unit == 0 {
			return true, nil, nil
		}
		if l.value(unit) == 0 {
			l.set(unit)
		}
	}
	return false, nil, nil
}

// check checks the lemma lits with its hints, leaving no assignment.
func (l *lratChecker) check(lits []int32, hints []int64) error {
	defer l.undo(0)
	if l.falsify(lits, 0) {
		return nil // a tautology
	}
	conflict, rest, err := l.units(hints)
	if err != nil || conflict {
		return err
	}
	if len(lits) == 0 {
		return fmt.Errorf("%w: the hints end without a conflict", ErrHint)
	}
	// RAT on the first literal: every clause holding its negation must
	// be named, in increasing order, and its resolvent refuted.
	p := lits[0]
	if l.occ == nil {
		l.occ = make(map[int32][]int64)
		for id, cl := range l.clauses {
			for _, x := range cl {
				l.occ[x] = append(l.occ[x], int64(id))
			}
		}
	}
	var cands []int64
	for _, id := range l.occ[-p] {
		if id < int64(len(l.clauses)) && l.clauses[id] != nil && slices.Contains(l.clauses[id], -p) {
			cands = append(cands, id)
		}
	}
	slices.Sort(cands)
	cands = slices.Compact(cands)
	l.occ[-p] = cands
	base := len(l.trail)
	for _, id := range cands {
		if len(rest) == 0 && id == cands[0] {
			return fmt.Errorf("%w: the hints end without a conflict, and name no candidate for RAT on %d (clause %d holds %d)", ErrHint, p, id, -p)
		}
		if len(rest) == 0 || -rest[0] != id {
			return fmt.Errorf("%w: RAT on %d: clause %d, which holds %d, is not among the hints where its ID falls", ErrHint, p, id, -p)
		}
		rest = rest[1:]
		if l.falsify(l.clauses[id], -p) {
			rest = skipGroup(rest)
			l.undo(base)
			continue
		}
		var conflict bool
		if conflict, rest, err = l.units(rest); err != nil {
			return err
		}
		if !conflict {
			return fmt.Errorf("%w: RAT on %d: the resolvent with clause %d reaches no conflict", ErrHint, p, id)
		}
		rest = skipGroup(rest)
		l.undo(base)
	}
	if len(rest) > 0 {
		return fmt.Errorf("%w: RAT on %d: hint %d names no clause holding %d", ErrHint, p, -rest[0], -p)
	}
	return nil
}

// skipGroup drops the positive hints before the next negative one.
func skipGroup(hints []int64) []int64 {
	for len(hints) > 0 && hints[0] > 0 {
		hints = hints[1:]
	}
	return hints
}

// lratStep is one LRAT line: an addition (id, lits, hints) or a deletion
// (the IDs deleted, in hints).
type lratStep struct {
	del   bool
	id    int64
	lits  []int32
	hints []int64
	where string
	at    int64
}

type lratSteps interface {
	next() (lratStep, error)
}

// textLRAT reads "ID LITS 0 HINTS 0" and "ID d IDS 0" lines, with "c"
// comments.
type textLRAT struct {
	s  scanner
	st lratStep
}

func (t *textLRAT) next() (lratStep, error) {
	st := &t.st
	tok, line, err := t.s.token(true)
	if err != nil {
		return *st, err
	}
	st.del, st.lits, st.hints, st.where, st.at = false, st.lits[:0], st.hints[:0], "LRAT line", int64(line)
	id, err := strconv.ParseInt(string(tok), 10, 64)
	if err != nil || id <= 0 {
		return *st, fmt.Errorf("%w: LRAT line %d: %q is not a clause ID", ErrSyntax, line, tok)
	}
	st.id = id
	unended := func(err error) error {
		if err == io.EOF {
			return fmt.Errorf("%w: LRAT line %d: the last step is not ended by 0", ErrSyntax, line)
		}
		return err
	}
	if tok, _, err = t.s.token(false); err != nil {
		return *st, unended(err)
	}
	if string(tok) == "d" {
		st.del = true
	} else {
		for {
			x, err := literal(tok, line)
			if err != nil {
				return *st, err
			}
			if x == 0 {
				break
			}
			st.lits = append(st.lits, x)
			if tok, _, err = t.s.token(false); err != nil {
				return *st, unended(err)
			}
		}
	}
	for {
		if tok, _, err = t.s.token(false); err != nil {
			return *st, unended(err)
		}
		h, err := strconv.ParseInt(string(tok), 10, 64)
		if err != nil || st.del && h < 0 {
			return *st, fmt.Errorf("%w: LRAT line %d: %q is not a clause ID", ErrSyntax, line, tok)
		}
		if h == 0 {
			return *st, nil
		}
		st.hints = append(st.hints, h)
	}
}

// binaryLRAT reads binary LRAT: 'a' ID LITS 0 HINTS 0 and 'd' IDS 0, each
// number as a variable-length unsigned integer, 2·|x| + 1 for a negative x.
type binaryLRAT struct {
	r   *bufio.Reader
	off int64
	st  lratStep
}

func (b *binaryLRAT) num() (int64, error) {
	at := b.off
	var u uint64
	for shift := 0; ; shift += 7 {
		c, err := b.r.ReadByte()
		if err == io.EOF {
			return 0, fmt.Errorf("%w: LRAT byte %d: a step is not ended by 0", ErrSyntax, b.off)
		}
		if err != nil {
			return 0, fmt.Errorf("drat: reading the proof: %w", err)
		}
		b.off++
		if shift > 56 {
			return 0, fmt.Errorf("%w: LRAT byte %d: number too large", ErrSyntax, at)
		}
		u |= uint64(c&0x7f) << shift
		if c&0x80 == 0 {
			break
		}
	}
	v := int64(u >> 1)
	if u&1 == 1 {
		v = -v
	}
	return v, nil
}

func (b *binaryLRAT) next() (lratStep, error) {
	st := &b.st
	st.del, st.lits, st.hints, st.where, st.at = false, st.lits[:0], st.hints[:0], "LRAT byte", b.off
	t, err := b.r.ReadByte()
	if err == io.EOF {
		return *st, io.EOF
	}
	if err != nil {
		return *st, fmt.Errorf("drat: reading the proof: %w", err)
	}
	b.off++
	switch t {
	case 'a':
		if st.id, err = b.num(); err != nil {
			return *st, err
		}
		if st.id <= 0 {
			return *st, fmt.Errorf("%w: LRAT byte %d: clause ID %d", ErrSyntax, st.at+1, st.id)
		}
		for {
			x, err := b.num()
			if err != nil {
				return *st, err
			}
			if x == 0 {
				break
			}
			if x > 1<<31-1 || x < -(1<<31-1) {
				return *st, fmt.Errorf("%w: LRAT byte %d: %d is not a literal", ErrSyntax, b.off, x)
			}
			st.lits = append(st.lits, int32(x))
		}
	case 'd':
		st.del = true
	default:
		return *st, fmt.Errorf("%w: LRAT byte %d: 0x%02x is neither 'a' nor 'd'", ErrSyntax, st.at, t)
	}
	for {
		h, err := b.num()
		if err != nil {
			return *st, err
		}
		if h == 0 {
			return *st, nil
		}
		st.hints = append(st.hints, h)
	}
}
