// Package family writes families of SAT instances with known answers from
// Sudoku puzzles, for SAT-solver developers: unique puzzles (exactly one
// model), puzzles with several solutions, uniqueness refutations and
// unsatisfiable puzzles (no model), quasigroup-with-holes (QWH) and
// quasigroup-completion (QCP) instances at their hardness peak, and variant
// puzzles. Every instance is a DIMACS CNF in a chosen encoding whose
// leading comments state its kind, size, seed and expected answer, and
// every expected answer is checked before it is given: by the validator
// (sudokusat.CheckSolution, variant.Check) for each solution stated, and by
// engines that share no code with the generator (gophersat on the CNF read
// back from its own bytes, the native solver on the puzzle). The same
// options and seed give byte-identical instances.
package family

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/drat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/engine"
	"github.com/sudokusat/sudokusat/generate"
	"github.com/sudokusat/sudokusat/satsolve"
	"github.com/sudokusat/sudokusat/variant"
)

// Kind is a kind of instance.
type Kind string

// The kinds of instance; Kinds describes them.
const (
	Unique     Kind = "unique"
	Several    Kind = "several"
	Refutation Kind = "refutation"
	Unsat      Kind = "unsat"
	QWH        Kind = "qwh"
	Variant    Kind = "variant"
	QCP        Kind = "qcp"
	Pigeonhole Kind = "pigeonhole"
)

// DefaultEncoding is the encoding of a family's instances unless told
// otherwise: a direct encoding, so that the solver, not the encoder, does
// the propagation and the search (the reduced encoding solves many
// instances before any clause is written, docs/families.md). The QWH and
// QCP kinds have their own default per size, PeakEncoding.
const DefaultEncoding = "extended"

// KindInfo describes a kind.
type KindInfo struct {
	Kind Kind
	Doc  string // one line, for help texts
}

// Kinds describes every kind, in the order Make writes them. The slice is
// new on each call.
func Kinds() []KindInfo {
	return []KindInfo{
		{Unique, "9×9 puzzles with exactly one solution (SAT, count 1)"},
		{Several, "unique puzzles with givens removed until a second solution appears (SAT, count ≥2)"},
		{Refutation, "a unique puzzle's formula with its solution blocked by one clause (UNSAT: proves uniqueness)"},
		{Unsat, "puzzles with no solution that unit propagation on the CNF does not refute (UNSAT)"},
		{QWH, "quasigroup with holes: a random full N×N grid with cells blanked, at the hardness peak (SAT)"},
		{Variant, "variant puzzles from f-puzzles files with known solutions, sums as clauses (SAT, count 1)"},
		{QCP, "quasigroup completion: an N×N grid partly filled at random, at its hardness peak (SAT or UNSAT)"},
		{Pigeonhole, "an N×N grid whose row has K open cells and K−1 digits for them: the pigeonhole formula, hard without a row's at-least-once clauses (UNSAT)"},
	}
}

// ParseKind returns the kind with the given name, or with its old name:
// completion is QWH.
func ParseKind(name string) (Kind, error) {
	if name == "completion" {
		return QWH, nil
	}
	var names []string
	for _, k := range Kinds() {
		if string(k.Kind) == name {
			return k.Kind, nil
		}
		names = append(names, string(k.Kind))
	}
	return "", fmt.Errorf("unknown kind %q (want %s)", name, strings.Join(names, ", "))
}

// Source is a puzzle read from a file, with its solution when known.
type Source struct {
	Name     string // where it came from, for the manifest: FILE or FILE:LINE
	Puzzle   *sudokusat.Puzzle
	Solution *sudokusat.Grid // nil when not known
}

// Options says what family to make.
type Options struct {
	Kinds []Kind
	Count int    // instances per kind
	Seed  uint64 // the family's seed: each instance draws from its own stream of it
	// Encoding is the encoding of classic puzzles; when empty,
	// PeakEncoding for the QWH and QCP kinds and DefaultEncoding for the
	// others.
	Encoding string
	// Size and Open are the QWH and QCP kinds' grid side and fraction of
	// cells left open (0 < Open < 1); Open 0 means each kind's measured
	// hardness peak for the size (PeakOpen).
	Size int
	Open float64
	// Pigeons is the pigeonhole kind's number of open cells in its row
	// (2 to Size−1); 0 means DefaultPigeons, at most Size−1.
	Pigeons int
	// From, when not empty, replaces generated 9×9 puzzles as the base of
	// the unique, several, refutation and unsat kinds: each kind takes its
	// puzzles in order from the first, passing over (with a Warn) those
	// that do not have exactly one solution and those that do not make an
	// instance of the kind; the kind stops when they run out.
	From []Source
	// Variants are the puzzles of the variant kind, with their solutions;
	// instance i takes the i-th, and the kind stops when they run out.
	Variants []Source
	// CountBudget bounds the native count to 2 of each QWH and QCP
	// puzzle: within it a QWH count is stated exactly (1 or ≥2), past it
	// as ≥1; a QCP puzzle the native solver does not answer within it is
	// replaced by another drawn from the same stream. It is the one place
	// where time enters. 0 means no count, and no QCP kind.
	CountBudget time.Duration
	// Warn, when not nil, is told of puzzles passed over.
	Warn func(string)
	// Generator is the version of the program making the family, stated
	// in each instance's manifest record.
	Generator string
	// Projection writes the projection lines of model counters in each
	// instance (encode.DIMACSOptions), so that an exact counter's count
	// is the count the manifest states.
	Projection bool
}

// Check reports the first option that asks for no possible family. It
// does not look at the puzzles given (From, Variants).
func (o Options) Check() error {
	switch {
	case len(o.Kinds) == 0:
		return errors.New("no kind")
	case o.Count < 1:
		return fmt.Errorf("count %d: want at least 1", o.Count)
	}
	if o.Encoding != "" {
		if _, err := encode.Resolve(o.Encoding); err != nil {
			return err
		}
	}
	for _, k := range o.Kinds {
		switch k {
		case QWH, QCP:
			if _, _, err := sudokusat.BoxShape(o.Size); err != nil {
				return fmt.Errorf("size %d: %w", o.Size, err)
			}
			if !(o.Open == 0 || o.Open > 0 && o.Open < 1) {
				return fmt.Errorf("open %v: want a fraction between 0 and 1", o.Open)
			}
		}
		if k == Pigeonhole {
			if _, _, err := sudokusat.BoxShape(o.Size); err != nil {
				return fmt.Errorf("size %d: %w", o.Size, err)
			}
			if p := o.pigeons(); p < 2 || p > o.Size-1 {
				return fmt.Errorf("pigeons %d: want 2 to %d (the size less one)", p, o.Size-1)
			}
		}
		if k == QCP && o.CountBudget <= 0 {
			return errors.New("kind qcp: the native solver must answer each puzzle: want a count budget above 0")
		}
	}
	return nil
}

// encoding is the encoding of kind k's instances: the one o names, else
// the kind's default for the size.
func (o Options) encoding(k Kind) string {
	switch {
	case o.Encoding != "":
		return o.Encoding
	case k == QWH || k == QCP:
		return PeakEncoding(k, o.Size)
	case k == Pigeonhole:
		return PigeonholeEncoding
	}
	return DefaultEncoding
}

// open is the fraction of cells kind k leaves open.
func (o Options) open(k Kind) float64 {
	if o.Open == 0 {
		return PeakOpen(k, o.Size)
	}
	return o.Open
}

// Instance is one instance of a family, with its expected answer.
type Instance struct {
	File     string `json:"file"`
	Kind     Kind   `json:"kind"`
	Size     int    `json:"size"`
	Seed     uint64 `json:"seed"`
	Stream   uint64 `json:"stream"`
	Encoding string `json:"encoding"`
	// Status is "SAT" or "UNSAT"; Count is "1", ">=2", ">=1" or "0".
	Status string `json:"status"`
	Count  string `json:"count"`
	// Puzzle is the puzzle in one line, as sudokusat writes it.
	Puzzle string `json:"puzzle"`
	// Solution is the one solution (count 1) or one of them (>=2, >=1).
	Solution string `json:"solution,omitempty"`
	// Blocked is the solution a refutation's extra clause blocks.
	Blocked string `json:"blocked,omitempty"`
	// Source names the file a puzzle was taken from.
	Source string `json:"source,omitempty"`
	// Verified lists the checks the expected answer passed.
	Verified []string `json:"verified"`
	// SHA256 is the hash of the CNF, decompressed when File is a gzip or
	// xz archive of it.
	SHA256 string `json:"sha256"`
	// GBDHash is the formula's identifier in the Global Benchmark
	// Database (see GBDHash).
	GBDHash string `json:"gbd_hash"`
	// Generator is the version of the program that made the instance
	// (Options.Generator); with Seed and Stream it remakes it.
	Generator string `json:"generator,omitempty"`
	// CNF is the instance's file.
	CNF []byte `json:"-"`
	raw []byte // the formula's DIMACS, without the family's comments
}

// The statuses and counts an Instance states.
const (
	SAT       = "SAT"
	UNSAT     = "UNSAT"
	CountOne  = "1"
	CountMany = ">=2"
	CountSome = ">=1"
	CountNone = "0"
)

// maxAttempts bounds the base puzzles an instance tries before its kind is
// given up as impossible with these options.
const maxAttempts = 200

// Make makes the family o asks for and gives fn each instance in order:
// kind by kind in the order of o.Kinds, Count of each. It stops at fn's
// first error, and with an error wrapping ctx.Err() when ctx ends first.
func Make(ctx context.Context, o Options, fn func(*Instance) error) error {
	if err := o.Check(); err != nil {
		return fmt.Errorf("family: %w", err)
	}
	if slices.Contains(o.Kinds, Variant) && len(o.Variants) == 0 {
		return errors.New("family: kind variant: no variant puzzles")
	}
	m := &maker{o: o}
	for _, k := range o.Kinds {
		m.nextFrom = 0 // each kind starts from the first puzzle of From
		for i := 1; i <= o.Count; i++ {
			// Stream: the kind's place in the list of all kinds, and the
			// instance's index, so that adding a kind to the list does not
			// change the instances of the others.
			stream := uint64(kindIndex(k))<<32 | uint64(i)
			in, err := m.one(ctx, k, i, stream)
			if errors.Is(err, errExhausted) {
				if o.Warn != nil {
					o.Warn(fmt.Sprintf("kind %s: %v after %d instances", k, err, i-1))
				}
				break
			}
			if err != nil {
				return fmt.Errorf("family: %s %d: %w", k, i, err)
			}
			in.File = fmt.Sprintf("%s-%03d.cnf", k, i)
			in.Kind, in.Seed, in.Stream = k, o.Seed, stream
			in.CNF = in.cnf()
			sum := sha256.Sum256(in.CNF)
			in.SHA256 = hex.EncodeToString(sum[:])
			in.GBDHash = GBDHash(in.CNF)
			in.Generator = o.Generator
			if err := fn(in); err != nil {
				return err
			}
		}
	}
	return nil
}

func kindIndex(k Kind) int {
	for i, info := range Kinds() {
		if info.Kind == k {
			return i
		}
	}
	return -1
}

// errExhausted reports a kind whose sources ran out.
var errExhausted = errors.New("no more puzzles")

// maker makes the instances of one family.
type maker struct {
	o        Options
	nextFrom int // the next puzzle of o.From to take
	nextVar  int
}

// base returns a unique puzzle and its solution: the next unique puzzle of
// o.From, or one generated from rng.
func (m *maker) base(ctx context.Context, rng *rand.Rand) (*sudokusat.Grid, *sudokusat.Grid, string, error) {
	if len(m.o.From) == 0 {
		p, err := generate.Generate(ctx, generate.Options{Size: 9, Seed: rng.Uint64(), Stream: rng.Uint64()})
		if err != nil {
			return nil, nil, "", err
		}
		return p.Puzzle.Grid, p.Solution, "", nil
	}
	for m.nextFrom < len(m.o.From) {
		s := m.o.From[m.nextFrom]
		m.nextFrom++
		if !s.Puzzle.Classic() {
			m.warn("%s: has rules: passed over", s.Name)
			continue
		}
		a := engine.Count(ctx, engine.Native(), s.Puzzle, 2, 0)
		if err := ctx.Err(); err != nil {
			return nil, nil, "", err
		}
		if !a.Unique() {
			m.warn("%s: %s with %d solutions, not unique: passed over", s.Name, a.Status, a.Count)
			continue
		}
		return s.Puzzle.Grid, a.Solution(), s.Name, nil
	}
	return nil, nil, "", errExhausted
}

func (m *maker) warn(format string, args ...any) {
	if m.o.Warn != nil {
		m.o.Warn(fmt.Sprintf(format, args...))
	}
}

// one makes instance i of kind k from its random stream.
func (m *maker) one(ctx context.Context, k Kind, i int, stream uint64) (*Instance, error) {
	rng := rand.New(rand.NewPCG(m.o.Seed, stream))
	for range maxAttempts {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		in, err := m.try(ctx, k, rng)
		if err != nil || in != nil {
			return in, err
		}
	}
	return nil, fmt.Errorf("no instance in %d attempts", maxAttempts)
}

// try makes one attempt at an instance of kind k; nil and no error means
// the attempt's puzzle did not fit and another should be drawn.
func (m *maker) try(ctx context.Context, k Kind, rng *rand.Rand) (*Instance, error) {
	switch k {
	case Variant:
		return m.variant(ctx)
	case QWH:
		return m.qwh(ctx, rng)
	case QCP:
		return m.qcp(ctx, rng)
	case Pigeonhole:
		return m.pigeonhole(ctx, rng)
	}
	puzzle, solution, source, err := m.base(ctx, rng)
	if err != nil {
		return nil, err
	}
	var in *Instance
	switch k {
	case Unique:
		in, err = m.unique(ctx, puzzle, solution)
	case Several:
		in, err = m.several(ctx, puzzle, solution, rng)
	case Refutation:
		in, err = m.refutation(ctx, puzzle, solution)
	case Unsat:
		in, err = m.unsat(ctx, puzzle, solution, rng)
	default:
		return nil, fmt.Errorf("unknown kind %q", k)
	}
	switch {
	case in != nil:
		in.Source = source
	case err == nil && source != "":
		m.warn("%s: makes no %s instance: passed over", source, k)
	}
	return in, err
}

// encodeGrid encodes a classic puzzle in the encoding of kind k.
func (m *maker) encodeGrid(k Kind, g *sudokusat.Grid) (*encode.Formula, error) {
	return encode.Puzzle(&sudokusat.Puzzle{Grid: g}, encode.Options{Encoding: m.o.encoding(k)})
}

// instance starts an instance of f with its DIMACS.
func (m *maker) instance(f *encode.Formula, puzzle *sudokusat.Grid) (*Instance, []byte, error) {
	var b bytes.Buffer
	if err := encode.WriteDIMACSWith(&b, f, encode.DIMACSOptions{Projection: m.o.Projection}); err != nil {
		return nil, nil, err
	}
	return &Instance{Size: puzzle.Size(), Encoding: f.Encoding, Puzzle: puzzle.String()}, b.Bytes(), nil
}

func (m *maker) unique(ctx context.Context, puzzle, solution *sudokusat.Grid) (*Instance, error) {
	return m.satisfiable(ctx, Unique, puzzle, CountOne, solution)
}

// satisfiable encodes puzzle as a satisfiable instance of kind k with the
// count and one solution it states, and verifies them.
func (m *maker) satisfiable(ctx context.Context, k Kind, puzzle *sudokusat.Grid, count string, solution *sudokusat.Grid) (*Instance, error) {
	f, err := m.encodeGrid(k, puzzle)
	if err != nil {
		return nil, err
	}
	in, raw, err := m.instance(f, puzzle)
	if err != nil {
		return nil, err
	}
	in.Status, in.Count, in.Solution = SAT, count, solution.String()
	in.raw = raw
	return in, verify(ctx, in, &sudokusat.Puzzle{Grid: puzzle}, true)
}

// several removes the givens of a unique puzzle in random order until it
// has a second solution.
func (m *maker) several(ctx context.Context, puzzle, solution *sudokusat.Grid, rng *rand.Rand) (*Instance, error) {
	g := puzzle.Clone()
	found := false
	for _, cell := range rng.Perm(g.Len()) {
		if g.Cell(cell) == 0 {
			continue
		}
		g.SetCell(cell, 0)
		a := engine.Count(ctx, engine.Native(), &sudokusat.Puzzle{Grid: g}, 2, 0)
		if !a.Status.Answered() {
			return nil, fmt.Errorf("native count: %s: %w", a.Status, a.Err)
		}
		if a.Count >= 2 {
			found = true
			break
		}
	}
	if !found {
		return nil, nil
	}
	return m.satisfiable(ctx, Several, g, CountMany, solution)
}

// refutation blocks the one solution of a unique puzzle. A puzzle the
// encoding solves by propagation alone gives no clause to add: another is
// drawn.
func (m *maker) refutation(ctx context.Context, puzzle, solution *sudokusat.Grid) (*Instance, error) {
	f, err := m.encodeGrid(Refutation, puzzle)
	if err != nil {
		return nil, err
	}
	block := BlockingClause(&f.VarMap, solution)
	if len(block) == 0 {
		return nil, nil
	}
	f = f.Clone()
	f.Add(block...)
	in, raw, err := m.instance(f, puzzle)
	if err != nil {
		return nil, err
	}
	in.Status, in.Count, in.Blocked = UNSAT, CountNone, solution.String()
	in.raw = raw
	// The blocked grid must be the puzzle's one solution, or the formula
	// would be UNSAT for a reason other than the one stated.
	p := &sudokusat.Puzzle{Grid: puzzle}
	if err := engine.VerifyUnique(ctx, p, solution, engine.Native()); err != nil {
		return nil, err
	}
	in.Verified = append(in.Verified, "validator: blocked grid solves the puzzle", "native: puzzle unique")
	if err := verify(ctx, in, p, true); err != nil {
		return nil, err
	}
	return in, certify(ctx, in)
}

// BlockingClause returns the clause that excludes solution from the
// formula m maps: the negation of the variables of its digits in the cells
// the encoding left open. It is empty when the encoding fixed every cell.
func BlockingClause(m *encode.VarMap, solution *sudokusat.Grid) []int32 {
	n := solution.Size()
	var c []int32
	if m.Direct() {
		for cell := range solution.Len() {
			if m.Fixed.Cell(cell) == 0 {
				c = append(c, -int32(encode.Var(n, cell/n, cell%n, solution.Cell(cell))))
			}
		}
		return c
	}
	for v, cand := range m.Cands {
		if solution.Cell(int(cand.Cell)) == int(cand.Digit) {
			c = append(c, -int32(v+1))
		}
	}
	return c
}

// unsat adds to a unique puzzle a given that contradicts its solution, in
// a cell and digit drawn at random, and keeps the first such puzzle whose
// CNF unit propagation does not refute.
func (m *maker) unsat(ctx context.Context, puzzle, solution *sudokusat.Grid, rng *rand.Rand) (*Instance, error) {
	n := puzzle.Size()
	for _, cell := range rng.Perm(puzzle.Len()) {
		if puzzle.Cell(cell) != 0 {
			continue
		}
		for _, d0 := range rng.Perm(n) {
			d := d0 + 1
			if d == solution.Cell(cell) {
				continue
			}
			g := puzzle.Clone()
			g.SetCell(cell, d)
			if g.Validate() != nil {
				continue // clashing givens: no solver is needed to see it
			}
			f, err := m.encodeGrid(Unsat, g)
			if err != nil {
				return nil, err
			}
			if UnitRefutes(f) {
				continue
			}
			in, raw, err := m.instance(f, g)
			if err != nil {
				return nil, err
			}
			in.Status, in.Count = UNSAT, CountNone
			in.raw = raw
			in.Verified = append(in.Verified, "unit propagation: not refuted")
			if err := verify(ctx, in, &sudokusat.Puzzle{Grid: g}, true); err != nil {
				return nil, err
			}
			return in, certify(ctx, in)
		}
	}
	return nil, nil
}

// qwh blanks a fraction of the cells of a random full grid: a quasigroup
// with holes, satisfiable by construction.
func (m *maker) qwh(ctx context.Context, rng *rand.Rand) (*Instance, error) {
	n := m.o.Size
	full, err := generate.RandomGrid(ctx, generate.RandomGridOptions{Size: n, Seed: rng.Uint64(), Stream: rng.Uint64()})
	if err != nil {
		return nil, err
	}
	g := full.Clone()
	open := int(m.o.open(QWH)*float64(n*n) + 0.5)
	for _, cell := range rng.Perm(n * n)[:open] {
		g.SetCell(cell, 0)
	}
	f, err := m.encodeGrid(QWH, g)
	if err != nil {
		return nil, err
	}
	in, raw, err := m.instance(f, g)
	if err != nil {
		return nil, err
	}
	in.Status, in.Count, in.Solution = SAT, CountSome, full.String()
	in.raw = raw
	p := &sudokusat.Puzzle{Grid: g}
	if err := sudokusat.CheckSolution(g, full); err != nil {
		return nil, fmt.Errorf("generator bug: the full grid does not solve its puzzle: %w", err)
	}
	if m.o.CountBudget > 0 {
		a := engine.Count(ctx, engine.Native(), p, 2, m.o.CountBudget)
		switch {
		case a.Status == engine.Timeout:
			in.Verified = append(in.Verified, fmt.Sprintf("native: count to 2 not done in %v", m.o.CountBudget))
		case a.Status == engine.Solved && a.Count == 1:
			if !a.Solution().Equal(full) {
				return nil, errors.New("native finds one solution, not the full grid")
			}
			in.Count = CountOne
			in.Verified = append(in.Verified, "native: count 1")
		case a.Status == engine.Solved:
			in.Count = CountMany
			in.Verified = append(in.Verified, "native: count 2, both validated")
		default:
			return nil, fmt.Errorf("native count: %s: %w", a.Status, a.Err)
		}
	}
	// gophersat reads the CNF back where it is quick to solve; above 16×16
	// its search can take long and cannot be stopped.
	return in, verify(ctx, in, p, n <= 16)
}

// variant takes the next variant puzzle, encoded with its sums as clauses.
func (m *maker) variant(ctx context.Context) (*Instance, error) {
	if m.nextVar >= len(m.o.Variants) {
		return nil, errExhausted
	}
	s := m.o.Variants[m.nextVar]
	m.nextVar++
	if s.Solution == nil {
		return nil, fmt.Errorf("%s: no solution given", s.Name)
	}
	f, err := encode.Puzzle(s.Puzzle, encode.Options{Sums: encode.SumClauses})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", s.Name, err)
	}
	in, raw, err := m.instance(f, s.Puzzle.Grid)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", s.Name, err)
	}
	in.Status, in.Count, in.Solution, in.Source = SAT, CountOne, s.Solution.String(), s.Name
	in.raw = raw
	return in, verify(ctx, in, s.Puzzle, true)
}

// verify checks what in states: the solution stated by the validator, and,
// when withSAT, the CNF read back from its bytes by gophersat, counting to
// 2, each model decoded and validated against p.
func verify(ctx context.Context, in *Instance, p *sudokusat.Puzzle, withSAT bool) error {
	var stated *sudokusat.Grid
	if in.Solution != "" {
		g, err := sudokusat.ParseLine(in.Solution, p.Grid.BoxRows(), p.Grid.BoxCols())
		if err != nil {
			return fmt.Errorf("solution: %w", err)
		}
		if err := variant.Check(p, g); err != nil {
			return fmt.Errorf("generator bug: the stated solution: %w", err)
		}
		stated = g
		in.Verified = append(in.Verified, "validator: solution")
	}
	f, err := encode.ReadDIMACS(bytes.NewReader(in.raw))
	if err != nil {
		return fmt.Errorf("reading the CNF back: %w", err)
	}
	if !withSAT {
		return witnessModel(ctx, in, f, stated)
	}
	r, err := satsolve.Count(ctx, f, 2)
	if err != nil {
		return fmt.Errorf("gophersat: %w", err)
	}
	for _, g := range r.Solutions {
		if err := variant.Check(p, g); err != nil {
			return fmt.Errorf("gophersat's model: %w", err)
		}
	}
	want := map[string]func() bool{
		CountOne:  func() bool { return r.Count == 1 && r.Solutions[0].Equal(stated) },
		CountMany: func() bool { return r.Count == 2 },
		CountSome: func() bool { return r.Count >= 1 },
		CountNone: func() bool { return r.Count == 0 },
	}[in.Count]
	if !want() {
		return fmt.Errorf("generator bug: gophersat counts %d solutions on the CNF, the instance states %s", r.Count, in.Count)
	}
	in.Verified = append(in.Verified, fmt.Sprintf("gophersat on the CNF: count %d", r.Count))
	return nil
}

// certify proves an UNSAT instance's formula unsatisfiable by a proof,
// not by a solver's word: gophersat refutes the CNF read back from its
// bytes with a DRAT proof, which package drat checks against those very
// bytes, writes as LRAT, and checks again by the LRAT hints alone.
func certify(ctx context.Context, in *Instance) error {
	return certifyWith(ctx, in, nil)
}

// certifyWith is certify on the CNF with the clauses extra added, clauses
// that every grid satisfies: they give gophersat, and the proof, a short
// way to a refutation that the instance itself hides.
func certifyWith(ctx context.Context, in *Instance, extra [][]int32) error {
	f, err := encode.ReadDIMACS(bytes.NewReader(in.raw))
	if err != nil {
		return fmt.Errorf("reading the CNF back: %w", err)
	}
	cnf := in.raw
	if len(extra) > 0 {
		for _, c := range extra {
			f.Add(c...)
		}
		var b bytes.Buffer
		if err := encode.WriteDIMACS(&b, f); err != nil {
			return err
		}
		cnf = b.Bytes()
	}
	r, proof, err := satsolve.CountProof(ctx, f, 1)
	if err != nil {
		return fmt.Errorf("gophersat: %w", err)
	}
	if r.Count != 0 || len(proof.Blocks) != 0 {
		return fmt.Errorf("generator bug: gophersat finds %d models of an instance stated UNSAT", r.Count)
	}
	var lrat bytes.Buffer
	res, err := drat.ToLRAT(ctx, bytes.NewReader(cnf), bytes.NewReader(proof.DRAT), drat.FormatAuto, &lrat)
	if err != nil {
		return fmt.Errorf("generator bug: gophersat's proof of UNSAT: %w", err)
	}
	if _, err := drat.CheckLRAT(ctx, bytes.NewReader(cnf), &lrat); err != nil {
		return fmt.Errorf("the LRAT proof written from gophersat's: %w", err)
	}
	with := ""
	if len(extra) > 0 {
		with = fmt.Sprintf(", on the CNF with %d clauses every grid satisfies added", len(extra))
	}
	in.Verified = append(in.Verified, fmt.Sprintf("proof: gophersat's DRAT (%d lemmas) checked by package drat, and as LRAT by its hints%s", res.Lemmas, with))
	return nil
}

// cnf returns the instance's file: its comments, then the formula.
func (in *Instance) cnf() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "c family sudokusat %s\n", in.Kind)
	fmt.Fprintf(&b, "c size %dx%d\n", in.Size, in.Size)
	fmt.Fprintf(&b, "c seed %d stream %d\n", in.Seed, in.Stream)
	fmt.Fprintf(&b, "c expected status %s\n", in.Status)
	fmt.Fprintf(&b, "c expected count %s\n", in.Count)
	// Lines of bounded length: proof checkers such as lrat-check
	// refuse a comment of 1,024 bytes, and a 36×36 grid is 3,000.
	if in.Solution != "" {
		b.Write(encode.AppendComment(nil, 'c', "solution", in.Solution))
	}
	if in.Blocked != "" {
		b.Write(encode.AppendComment(nil, 'c', "blocked solution", in.Blocked))
	}
	if in.Source != "" {
		b.Write(encode.AppendComment(nil, 'c', "source", in.Source))
	}
	b.Write(in.raw)
	return b.Bytes()
}

// witnessModel checks that the stated solution is a model of the CNF
// f read back: gophersat solves f with the solution's cell literals added
// as unit clauses, which leaves it only the auxiliary variables to set.
// It is the engine's word that the CNF says what the puzzle says, where a
// full count would take too long.
func witnessModel(ctx context.Context, in *Instance, f *encode.Formula, stated *sudokusat.Grid) error {
	if stated == nil {
		return errors.New("no solution to check the CNF with")
	}
	fixed := f.Clone()
	for _, l := range modelLits(&f.VarMap, stated) {
		fixed.Add(l)
	}
	r, err := satsolve.Solve(ctx, fixed)
	if err != nil {
		return fmt.Errorf("gophersat: %w", err)
	}
	if r.Count != 1 || !r.Solution().Equal(stated) {
		return errors.New("generator bug: the stated solution is not a model of the CNF")
	}
	in.Verified = append(in.Verified, "gophersat on the CNF with the solution as units: SAT")
	return nil
}

// modelLits returns the cell variables' literals that spell solution in
// the formula m maps.
func modelLits(m *encode.VarMap, solution *sudokusat.Grid) []int32 {
	n := solution.Size()
	var lits []int32
	if m.Direct() {
		for cell := range solution.Len() {
			for d := 1; d <= n; d++ {
				v := int32(encode.Var(n, cell/n, cell%n, d))
				if solution.Cell(cell) != d {
					v = -v
				}
				lits = append(lits, v)
			}
		}
		return lits
	}
	for v, cand := range m.Cands {
		l := int32(v + 1)
		if solution.Cell(int(cand.Cell)) != int(cand.Digit) {
			l = -l
		}
		lits = append(lits, l)
	}
	return lits
}
