// The package's API: Check and CheckFormat on files, the Checker for
// clauses and steps given one by one, and ReadProof.

package drat

import (
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
	// neither printable ASCII nor whitespace, or its first kilobyte holds
	// a 0 byte (a binary proof's first step may start with printable
	// bytes, but it ends with a 0, which text never holds); otherwise
	// a text FRAT proof when its first step starts with "o", "a", "f" or
	// "r", and a text DRAT proof else.
	FormatAuto Format = iota
	// FormatText reads lines of literals ended by 0, "d " before a
	// deletion, and "c" comments; a first line "%RUPD32 VARIABLES
	// CLAUSES", the header of PicoSAT's RUP proofs, is skipped.
	FormatText
	// FormatBinary reads the SAT competition's binary DRAT: a byte 'a' or
	// 'd', literals as variable-length unsigned integers (2·|l| + 1 for a
	// negative l), and a 0 byte ending each step.
	FormatBinary
	// FormatFRAT reads text FRAT, as CryptoMiniSat 5.11 writes it, as the
	// DRAT proof it contains: "a ID LITS 0", with or without "l HINTS 0"
	// after it, is a lemma and "d ID LITS 0" a deletion; "o ID LITS 0"
	// (the formula's clauses, numbered), "f ID LITS 0" (the clauses left
	// at the end) and "r ID ID … 0" (clauses renumbered) are skipped. IDs
	// and hints are read for their syntax alone: clauses are matched by
	// their literals and lemmas checked by unit propagation, as in DRAT,
	// and the formula is the CNF given, whatever "o" lines say.
	FormatFRAT
)

// Result counts what Check read and says whether the formula was refuted.
type Result struct {
	Steps            int  // proof steps read and checked, lemmas and deletions (reading stops at the refutation)
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

// Check reads a DIMACS CNF formula and a DRAT proof (text or binary DRAT,
// or text FRAT, told apart as with FormatAuto) and checks that the proof refutes the formula.
// The error is nil only when it does; it wraps ErrSyntax, ErrLemma,
// ErrNotRefuted or the context's error.
func Check(ctx context.Context, cnf, proof io.Reader) (Result, error) {
	return CheckFormat(ctx, cnf, proof, FormatAuto)
}

// CheckFormat is Check with the proof's format given.
func CheckFormat(ctx context.Context, cnf, proof io.Reader, format Format) (Result, error) {
	return checkFormat(ctx, cnf, proof, format, nil)
}

// checkFormat is CheckFormat, writing LRAT to lw when it is not nil.
func checkFormat(ctx context.Context, cnf, proof io.Reader, format Format, lw *lratWriter) (Result, error) {
	if err := ctx.Err(); err != nil {
		return Result{}, fmt.Errorf("drat: %w", err)
	}
	k := NewChecker(ctx)
	k.c.lrat = lw
	if err := k.c.readCNF(cnf); err != nil {
		return k.res, err
	}
	if lw != nil {
		lw.last = k.c.nClauses
	}
	if k.c.refuted {
		k.res.Refuted = true
		if lw != nil {
			k.refuteLRAT(k.c.nClauses + 1)
		}
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

// Reset empties k for another formula, as NewChecker(ctx) makes one, but
// keeps the memory of its tables: a caller checking many small formulas in
// turn, such as one per Sudoku puzzle, allocates them once. Nothing of the
// formula, proof or verdict before is left.
func (k *Checker) Reset(ctx context.Context) {
	k.c.reset(ctx)
	k.res = Result{}
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

// Binary is Clause(a, b), for a caller that adds many binary clauses,
// such as the at-most-one clauses of a Sudoku puzzle's encoding, which are
// most of its clauses: it maps the two literals and stores them without
// going through a slice of any length.
func (k *Checker) Binary(a, b int32) error {
	if k.res.Steps > 0 || a == 0 || b == 0 || a == -1<<31 || b == -1<<31 || k.c.refuted {
		return k.Clause(a, b)
	}
	c := k.c
	la, lb := c.mapLit(a), c.mapLit(b)
	if la == lb {
		c.addFormulaClause(append(c.buf[:0], la))
	} else {
		c.addBinary(la, lb)
	}
	if c.err != nil {
		return fmt.Errorf("drat: %w", c.err)
	}
	k.res.Refuted = c.refuted
	return nil
}

// Lemma checks that lits is RUP, or RAT on its first literal, and adds it.
// The error wraps ErrLemma when it is neither; once the formula is refuted,
// further lemmas are not checked.
func (k *Checker) Lemma(lits ...int32) error {
	if err := checkLits(lits); err != nil {
		return err
	}
	return k.step(step{lits: lits, where: "lemma", at: int64(k.res.Lemmas + 1)})
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
			if c.lrat != nil {
				c.lrat.del(int64(c.removedID) + 1)
			}
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
	id := int64(len(c.clauses)) + 1
	if c.lrat != nil {
		c.lrat.lemma(c, id, lits, c.lrat.hints)
	}
	c.addClause(lits)
	if c.err != nil {
		return fmt.Errorf("drat: step %d: %w", k.res.Steps, c.err)
	}
	k.res.Refuted = c.refuted
	if c.refuted && c.lrat != nil && len(lits) > 0 {
		k.refuteLRAT(id + 1)
	}
	return nil
}

// ReadProof reads a DRAT proof (text or binary DRAT, or text FRAT, as
// format says) and calls
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
		return fmt.Errorf("%w: step %d (%s %d): the empty clause 0 is not RUP", ErrLemma, n, st.where, st.at)
	}
	return fmt.Errorf("%w: step %d (%s %d): lemma %s is neither RUP nor RAT on %d",
		ErrLemma, n, st.where, st.at, b.String(), st.lits[0])
}
