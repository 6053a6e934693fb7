package drat

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Format selects how a proof is read.
type Format int

const (
	// FormatAuto reads a binary proof when one of its first ten bytes is
	// neither printable ASCII nor whitespace, as drat-trim does, and a
	// text proof otherwise.
	FormatAuto Format = iota
	// FormatText reads lines of literals ended by 0, "d " before a
	// deletion, and "c" comments.
	FormatText
	// FormatBinary reads the SAT competition's binary DRAT: a byte 'a' or
	// 'd', literals as variable-length unsigned integers (2·|l| + 1 for a
	// negative l), and a 0 byte ending each step.
	FormatBinary
)

// Result counts what Check read and says whether the formula was refuted.
type Result struct {
	Steps            int  // proof steps read and checked (reading stops at the refutation)
	Lemmas           int  // added clauses checked
	Deletions        int  // deletion steps read
	IgnoredDeletions int  // deletions not applied: of unit clauses, of reasons, of absent clauses
	MissingDeletions int  // of which, deletions of a clause that is not present
	Refuted          bool // the formula is refuted
}

var (
	// ErrSyntax is wrapped by the errors for a malformed CNF or proof.
	ErrSyntax = errors.New("drat: malformed input")
	// ErrLemma is wrapped by the error for a lemma that is neither RUP nor RAT.
	ErrLemma = errors.New("drat: lemma is not implied")
	// ErrNotRefuted is wrapped by the error for a proof whose every step
	// checks but which never derives a conflict.
	ErrNotRefuted = errors.New("drat: the proof does not refute the formula")
)

// Check reads a DIMACS CNF formula and a DRAT proof (text or binary, told
// apart as with FormatAuto) and checks that the proof refutes the formula.
// The error is nil only when it does; it wraps ErrSyntax, ErrLemma,
// ErrNotRefuted or the context's error.
func Check(ctx context.Context, cnf, proof io.Reader) (Result, error) {
	return CheckFormat(ctx, cnf, proof, FormatAuto)
}

// CheckFormat is Check with the proof's format given.
func CheckFormat(ctx context.Context, cnf, proof io.Reader, format Format) (Result, error) {
	if err := ctx.Err(); err != nil {
		return Result{}, fmt.Errorf("drat: %w", err)
	}
	k := NewChecker(ctx)
	if err := k.c.readCNF(cnf); err != nil {
		return k.res, err
	}
	if k.c.refuted {
		k.res.Refuted = true
		return k.res, nil
	}
	steps, err := newStepReader(proof, format)
	if err != nil {
		return k.res, err
	}
	for !k.res.Refuted {
		st, err := steps.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return k.res, err
		}
		if err := k.step(st); err != nil {
			return k.res, err
		}
	}
	return k.Result()
}

// Checker checks a refutation given clause by clause: the formula's clauses
// first, then the proof's steps. It is for callers that build the formula
// or the proof themselves, such as a proof translated from another
// formula's variables; Check is the same check on files.
type Checker struct {
	c   *checker
	res Result
}

// NewChecker returns a Checker with no clause. ctx bounds every later call.
func NewChecker(ctx context.Context) *Checker {
	return &Checker{c: newChecker(ctx)}
}

// Clause adds a clause of the formula (0 ends no clause here: lits are the
// literals alone). Every clause of the formula must come before the first
// Lemma or Delete.
func (k *Checker) Clause(lits ...int32) error {
	if k.res.Steps > 0 {
		return errors.New("drat: a clause of the formula after the first proof step")
	}
	if err := checkLits(lits); err != nil {
		return err
	}
	if k.c.refuted {
		k.res.Refuted = true
		return nil
	}
	k.c.addFormulaClause(k.c.normalize(lits))
	if k.c.err != nil {
		return fmt.Errorf("drat: %w", k.c.err)
	}
	k.res.Refuted = k.c.refuted
	return nil
}

// Lemma checks that lits is RUP, or RAT on its first literal, and adds it.
// The error wraps ErrLemma when it is neither; once the formula is refuted,
// further lemmas are not checked.
func (k *Checker) Lemma(lits ...int32) error {
	if err := checkLits(lits); err != nil {
		return err
	}
	return k.step(step{lits: lits, where: "lemma " + strconv.Itoa(k.res.Lemmas+1)})
}

// Delete removes one copy of a clause, as a proof's deletion step does.
func (k *Checker) Delete(lits ...int32) error {
	if err := checkLits(lits); err != nil {
		return err
	}
	return k.step(step{del: true, lits: lits})
}

// Refuted reports whether the clauses and lemmas so far refute the formula.
func (k *Checker) Refuted() bool { return k.res.Refuted || k.c.refuted }

// Result returns the counts so far, with a nil error when the formula is
// refuted and one wrapping ErrNotRefuted otherwise.
func (k *Checker) Result() (Result, error) {
	k.res.Refuted = k.Refuted()
	if !k.res.Refuted {
		return k.res, fmt.Errorf("%w: %d steps checked (%d lemmas), no conflict derived",
			ErrNotRefuted, k.res.Steps, k.res.Lemmas)
	}
	return k.res, nil
}

// checkLits refuses the literal 0 and the one literal with no negation.
func checkLits(lits []int32) error {
	for _, l := range lits {
		if l == 0 || l == -1<<31 {
			return fmt.Errorf("%w: %d is not a literal", ErrSyntax, l)
		}
	}
	return nil
}

// step applies one proof step: a deletion, or a lemma checked then added.
func (k *Checker) step(st step) error {
	c := k.c
	if k.Refuted() {
		k.res.Refuted = true
		return nil
	}
	k.res.Steps++
	if k.res.Steps%1024 == 0 {
		if err := c.ctx.Err(); err != nil {
			return fmt.Errorf("drat: step %d: %w", k.res.Steps, err)
		}
	}
	lits := c.normalize(st.lits)
	if st.del {
		k.res.Deletions++
		switch c.remove(lits) {
		case removed:
		case missing:
			k.res.IgnoredDeletions++
			k.res.MissingDeletions++
		default:
			k.res.IgnoredDeletions++
		}
		return nil
	}
	k.res.Lemmas++
	ok := c.implied(lits)
	if c.err != nil {
		return fmt.Errorf("drat: step %d: %w", k.res.Steps, c.err)
	}
	if !ok {
		return lemmaError(k.res.Steps, st)
	}
	c.addClause(lits)
	if c.err != nil {
		return fmt.Errorf("drat: step %d: %w", k.res.Steps, c.err)
	}
	k.res.Refuted = c.refuted
	return nil
}

// ReadProof reads a DRAT proof (text or binary, as Format says) and calls
// fn for each step in order: del tells a deletion from an addition, and
// lits is valid only during the call. It stops at fn's first error and
// returns it; a malformed proof gives an error wrapping ErrSyntax.
func ReadProof(r io.Reader, format Format, fn func(del bool, lits []int32) error) error {
	steps, err := newStepReader(r, format)
	if err != nil {
		return err
	}
	for {
		st, err := steps.next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if err := fn(st.del, st.lits); err != nil {
			return err
		}
	}
}

func lemmaError(n int, st step) error {
	var b strings.Builder
	for _, l := range st.lits {
		b.WriteString(strconv.Itoa(int(l)))
		b.WriteByte(' ')
	}
	b.WriteByte('0')
	if len(st.lits) == 0 {
		return fmt.Errorf("%w: step %d (%s): the empty clause 0 is not RUP", ErrLemma, n, st.where)
	}
	return fmt.Errorf("%w: step %d (%s): lemma %s is neither RUP nor RAT on %d",
		ErrLemma, n, st.where, b.String(), st.lits[0])
}

// clause is a clause of the current set; lits[0] and lits[1] are its
// watched literals when it has two or more.
type clause struct {
	lits    []int32
	deleted bool
}

// checker holds the clause set and the trail. Literals are internal: a
// variable v (numbered from 1 in the order first met) has literals 2v (true)
// and 2v+1 (false), so that l^1 is the negation of l.
type checker struct {
	ctx     context.Context
	vars    map[int32]int32 // DIMACS variable → internal variable
	vals    []int8          // per literal: 1 true, -1 false, 0 unassigned
	reason  []int32         // per variable: the clause that implied it, or -1
	watches [][]int32       // per literal: clauses watching it
	mark    []uint32        // per literal: stamp of the last normalize
	stamp   uint32
	clauses []clause
	byHash  map[uint64][]int32 // clauses by hash, for deletions; built at the first
	// arena stores the formula's clauses, in chunks: one allocation for
	// thousands of clauses when a formula is loaded. Lemmas get their own,
	// so that a deleted one's memory goes back.
	arena   []int32
	trail   []int32
	qhead   int
	ticks   int
	err     error // the context's error, once seen
	refuted bool  // the top level has reached a conflict
	buf     []int32
	// occ lists, per literal, the clauses that contain it, for the RAT
	// check's candidates; built at the first RAT check (most proofs have
	// none), kept up to date after, and cleaned of deleted clauses lazily.
	occ [][]int32
}

func newChecker(ctx context.Context) *checker {
	c := &checker{
		ctx:  ctx,
		vars: make(map[int32]int32),
	}
	c.grow() // variable 0 is unused
	return c
}

func (c *checker) grow() {
	c.vals = append(c.vals, 0, 0)
	c.watches = append(c.watches, nil, nil)
	c.mark = append(c.mark, 0, 0)
	c.reason = append(c.reason, -1)
	if c.occ != nil {
		c.occ = append(c.occ, nil, nil)
	}
}

// index builds the occurrence lists.
func (c *checker) index() {
	c.occ = make([][]int32, len(c.vals))
	for i := range c.clauses {
		for _, l := range c.clauses[i].lits {
			c.occ[l] = append(c.occ[l], int32(i))
		}
	}
}

// lit maps a DIMACS literal (never 0) to an internal one; a map rather than
// a table indexed by the DIMACS variable keeps memory proportional to the
// variables used, whatever numbers a header or a proof names.
func (c *checker) lit(ext int32) int32 {
	v := ext
	if v < 0 {
		v = -v
	}
	id, ok := c.vars[v]
	if !ok {
		id = int32(len(c.reason))
		c.vars[v] = id
		c.grow()
	}
	l := id << 1
	if ext < 0 {
		l |= 1
	}
	return l
}

// normalize maps a clause's literals, drops repeated ones (keeping the
// first, so that the RAT pivot stays first) and leaves them marked with the
// current stamp. The result is c.buf, valid until the next call.
func (c *checker) normalize(ext []int32) []int32 {
	c.stamp++
	c.buf = c.buf[:0]
	for _, e := range ext {
		l := c.lit(e)
		if c.mark[l] == c.stamp {
			continue
		}
		c.mark[l] = c.stamp
		c.buf = append(c.buf, l)
	}
	return c.buf
}

// hash is the same for every order of the same literals.
func hash(lits []int32) uint64 {
	var h uint64
	for _, l := range lits {
		x := uint64(l) + 0x9e3779b97f4a7c15
		x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
		x = (x ^ (x >> 27)) * 0x94d049bb133111eb
		h += x ^ (x >> 31)
	}
	return h
}

func (c *checker) assign(l, reason int32) {
	c.vals[l] = 1
	c.vals[l^1] = -1
	c.reason[l>>1] = reason
	c.trail = append(c.trail, l)
}

func (c *checker) undo(to int) {
	for i := len(c.trail) - 1; i >= to; i-- {
		l := c.trail[i]
		c.vals[l] = 0
		c.vals[l^1] = 0
		c.reason[l>>1] = -1
	}
	c.trail = c.trail[:to]
	if c.qhead > to {
		c.qhead = to
	}
}

// propagate runs unit propagation from c.qhead and reports a conflict. It
// checks the context every 4096 propagated literals; on its error it sets
// c.err and returns false.
func (c *checker) propagate() bool {
	for c.qhead < len(c.trail) {
		c.ticks++
		if c.ticks&4095 == 0 {
			if err := c.ctx.Err(); err != nil {
				c.err = err
				return false
			}
		}
		f := c.trail[c.qhead] ^ 1 // the literal made false
		c.qhead++
		ws := c.watches[f]
		j := 0
		conflict := false
		for i := 0; i < len(ws); i++ {
			ci := ws[i]
			cl := &c.clauses[ci]
			if cl.deleted {
				continue // dropped from the list lazily
			}
			if conflict {
				ws[j] = ci
				j++
				continue
			}
			lits := cl.lits
			if lits[0] == f {
				lits[0], lits[1] = lits[1], lits[0]
			}
			if c.vals[lits[0]] == 1 {
				ws[j] = ci
				j++
				continue
			}
			moved := false
			for k := 2; k < len(lits); k++ {
				if c.vals[lits[k]] != -1 {
					lits[1], lits[k] = lits[k], lits[1]
					c.watches[lits[1]] = append(c.watches[lits[1]], ci)
					moved = true
					break
				}
			}
			if moved {
				continue
			}
			ws[j] = ci
			j++
			if c.vals[lits[0]] == -1 {
				conflict = true
			} else {
				c.assign(lits[0], ci)
			}
		}
		c.watches[f] = ws[:j]
		if conflict {
			return true
		}
	}
	return false
}

// assume assigns false to every literal of lits at a temporary level and
// reports a conflict when one of them is already true.
func (c *checker) assume(lits []int32) bool {
	for _, l := range lits {
		switch c.vals[l] {
		case 1:
			return true
		case 0:
			c.assign(l^1, -1)
		}
	}
	return false
}

// implied reports whether lits is RUP, or RAT on its first literal, over the
// current clauses. It leaves the trail at the top level.
func (c *checker) implied(lits []int32) bool {
	base := len(c.trail)
	defer c.undo(base)
	if c.assume(lits) || c.propagate() {
		return true
	}
	if c.err != nil || len(lits) == 0 {
		return false
	}
	np := lits[0] ^ 1
	mid := len(c.trail)
	if c.occ == nil {
		c.index()
	}
	ids := c.occ[np]
	j := 0
	for i, id := range ids {
		cl := &c.clauses[id]
		if cl.deleted {
			continue
		}
		ids[j] = id
		j++
		c.ticks++
		if c.ticks&4095 == 0 {
			if err := c.ctx.Err(); err != nil {
				c.err = err
				return false
			}
		}
		conflict := false
		for _, l := range cl.lits {
			if l == np {
				continue
			}
			if c.vals[l] == 1 {
				conflict = true
				break
			}
			if c.vals[l] == 0 {
				c.assign(l^1, -1)
			}
		}
		if !conflict {
			conflict = c.propagate()
		}
		c.undo(mid)
		if c.err != nil || !conflict {
			c.occ[np] = append(ids[:j], ids[i+1:]...)
			return false
		}
	}
	c.occ[np] = ids[:j]
	return true
}

func contains(lits []int32, l int32) bool {
	for _, x := range lits {
		if x == l {
			return true
		}
	}
	return false
}

// addFormulaClause adds a clause of the formula, as addClause does.
func (c *checker) addFormulaClause(lits []int32) {
	if cap(c.arena)-len(c.arena) < len(lits) {
		c.arena = make([]int32, 0, max(1<<16, len(lits)))
	}
	n := len(c.arena)
	c.arena = append(c.arena, lits...)
	c.add(c.arena[n:len(c.arena):len(c.arena)])
}

// addClause adds a clause at the top level (the trail fully propagated),
// choosing watches that are not false where it can, and propagates.
func (c *checker) addClause(lits []int32) {
	c.add(append([]int32(nil), lits...))
}

// add is addClause on a copy of the literals that the clause may keep.
func (c *checker) add(cp []int32) {
	id := int32(len(c.clauses))
	c.clauses = append(c.clauses, clause{lits: cp})
	if c.occ != nil {
		for _, l := range cp {
			c.occ[l] = append(c.occ[l], id)
		}
	}
	h := hash(cp)
	if c.byHash != nil {
		c.byHash[h] = append(c.byHash[h], id)
	}
	switch len(cp) {
	case 0:
		c.refuted = true
		return
	case 1:
		switch c.vals[cp[0]] {
		case -1:
			c.refuted = true
			return
		case 0:
			c.assign(cp[0], id)
		}
	default:
		n := 0
		for k := range cp {
			if c.vals[cp[k]] != -1 {
				cp[n], cp[k] = cp[k], cp[n]
				n++
				if n == 2 {
					break
				}
			}
		}
		c.watches[cp[0]] = append(c.watches[cp[0]], id)
		c.watches[cp[1]] = append(c.watches[cp[1]], id)
		switch {
		case n == 0:
			c.refuted = true
			return
		case n == 1 && c.vals[cp[0]] == 0:
			c.assign(cp[0], id)
		}
	}
	if c.propagate() {
		c.refuted = true
	}
}

type removal int

const (
	removed removal = iota
	missing
	ignoredUnit
	ignoredReason
)

// remove deletes one copy of the clause whose literals are lits (as marked
// by the last normalize).
func (c *checker) remove(lits []int32) removal {
	if len(lits) == 1 {
		return ignoredUnit
	}
	if c.byHash == nil {
		c.byHash = make(map[uint64][]int32)
		for id := range c.clauses {
			if cl := &c.clauses[id]; !cl.deleted {
				h := hash(cl.lits)
				c.byHash[h] = append(c.byHash[h], int32(id))
			}
		}
	}
	h := hash(lits)
	ids := c.byHash[h]
	for k, id := range ids {
		cl := &c.clauses[id]
		if len(cl.lits) != len(lits) || !c.allMarked(cl.lits) {
			continue
		}
		for _, l := range cl.lits {
			if c.vals[l] == 1 && c.reason[l>>1] == id {
				return ignoredReason
			}
		}
		cl.deleted = true
		cl.lits = nil
		ids[k] = ids[len(ids)-1]
		if len(ids) == 1 {
			delete(c.byHash, h)
		} else {
			c.byHash[h] = ids[:len(ids)-1]
		}
		return removed
	}
	return missing
}

func (c *checker) allMarked(lits []int32) bool {
	for _, l := range lits {
		if c.mark[l] != c.stamp {
			return false
		}
	}
	return true
}

// readCNF reads a DIMACS formula and adds its clauses.
func (c *checker) readCNF(r io.Reader) error {
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
			if err := c.ctx.Err(); err != nil {
				return fmt.Errorf("drat: reading the CNF: %w", err)
			}
		}
		if !c.refuted {
			c.addFormulaClause(c.normalize(lits))
			if c.err != nil {
				return fmt.Errorf("drat: reading the CNF: %w", c.err)
			}
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

func (s *scanner) readErr(err error) error {
	if err == io.EOF {
		return err
	}
	return fmt.Errorf("drat: reading the %s: %w", s.what, err)
}

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
