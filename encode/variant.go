package encode

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// SumForm says how a variant formula writes the sums of killer cages and
// arrows.
type SumForm int

const (
	// SumClauses writes each sum as clauses over the digit combinations it
	// allows: pure CNF, for any DIMACS solver.
	SumClauses SumForm = iota
	// SumPB writes each sum as one pseudo-Boolean equation, Σ d·x = S over
	// the cells' digit variables, which gophersat propagates natively and
	// OPB carries to PB solvers. DIMACS cannot hold it.
	SumPB
)

// DefaultSums is the sum form gophersat counts variants with. Measured
// side by side (satsolve's BenchmarkVariantCount, counting to 2, encoding
// included, November 2026): the killer without givens took 13 ms with
// clauses and 91 ms with PB, the arrow puzzle 9 ms and 43 ms; puzzles
// without sums are the same formula either way. The combination clauses
// let unit propagation remove every digit no combination supports and keep
// all constraints on gophersat's fast clause watchers, where its PB
// constraints propagate through its slower weighted path and conflict more
// (3797 conflicts against 159 on the killer).
const DefaultSums = SumClauses

// String returns "clauses" or "pb", the names the command line takes.
func (s SumForm) String() string {
	if s == SumPB {
		return "pb"
	}
	return "clauses"
}

// ParseSumForm reads a sum form's name: "clauses" or "pb".
func ParseSumForm(name string) (SumForm, error) {
	switch name {
	case "clauses":
		return SumClauses, nil
	case "pb":
		return SumPB, nil
	}
	return 0, fmt.Errorf("unknown sum form %q (want clauses or pb)", name)
}

// ErrVariant reports a variant puzzle the encoder cannot write: a cell out
// of the grid, regions that do not partition it, an unknown constraint
// kind, or a sum whose combinations are too many to enumerate as clauses.
var ErrVariant = errors.New("cannot encode variant puzzle")

// maxCombos bounds the digit combinations one sum may enumerate as
// clauses. An arrow's combinations are digit tuples, which grow as N^k
// with its length: past the bound the PB form is the one that can hold it.
const maxCombos = 100_000

// errTooManyCombos is tupleSum's answer past maxCombos: a caller with a
// bounded form to fall back on (an arrow's partial-sum graph) takes it.
var errTooManyCombos = fmt.Errorf("more than %d digit combinations: too many for clauses (use the PB form)", maxCombos)

// variantFormula encodes a variant puzzle over the direct variables (v =
// r·N² + c·N + d, as the extended encoding numbers them), so that models
// decode as for the classic encodings; auxiliary variables come after
// them. The base is the extended encoding, with p's regions in place of the boxes when it has
// them; each constraint adds its own clauses (see the kinds' comments in
// the code), and killer sums and arrows are written in the sum form asked.
// The map's Puzzle is p, so that WriteDIMACS records its rules.
//
// The formula is simplified by what unit propagation settles before any
// search (the givens, the singles they make, what the rules propagate):
// each settled variable is a unit clause and left out of every other
// clause, which has the same models as the full formula (VariantFull) and
// is a fraction of its size for gophersat to load (see simplified).
//
// It refuses past maxClauses clauses for its base, the extended encoding
// of the grid, which is most of a variant formula, and gives up when ctx
// ends first. Puzzle is its one door.
func variantFormula(ctx context.Context, p *sudokusat.Puzzle, sums SumForm, maxClauses int) (*Formula, error) {
	f, err := variantFull(ctx, p, sums, maxClauses)
	if err != nil {
		return nil, err
	}
	return f.simplified(ctx)
}

// VariantFull is the variant encoding's formula (Puzzle's, for a puzzle
// with rules or regions) before its simplification: every clause of the
// extended encoding with p's regions and of each rule, over all N³ direct
// variables, and the givens as unit clauses. It has the simplified
// formula's models; no caller needs it but the tests and the benchmark
// that hold the simplification to that (satsolve's
// TestVariantSimplifiedSameSolutions and BenchmarkVariantSimplified).
func VariantFull(p *sudokusat.Puzzle, sums SumForm) (*Formula, error) {
	return variantFull(context.Background(), p, sums, DefaultMaxClauses)
}

// variantFull is VariantFull refused past maxClauses clauses for its base,
// and given up, with an error wrapping ctx.Err(), when ctx ends first: a
// rule's listing is bounded, but a document of thousands of rules on a
// large grid takes seconds to write.
func variantFull(ctx context.Context, p *sudokusat.Puzzle, sums SumForm, maxClauses int) (*Formula, error) {
	return variantSets(ctx, p, sums, maxClauses, cageSets, nil)
}

// variantSets is variantFull with killer sums of up to sets digit sets
// written as sets (see cageSets), for tests to reach the other form, and
// each constraint's clauses recorded in parts when it is not nil.
func variantSets(ctx context.Context, p *sudokusat.Puzzle, sums SumForm, maxClauses, sets int, parts *[]Part) (*Formula, error) {
	if p == nil || p.Grid == nil {
		return nil, fmt.Errorf("%w: no grid", ErrVariant)
	}
	g := p.Grid
	n := g.Size()
	if base := 4 * n * n * (1 + n*(n-1)/2); base > maxClauses {
		return nil, fmt.Errorf("%w: %w", ErrVariant, tooLarge("variant", g, base, n*n*n, maxClauses))
	}
	f := &Formula{
		VarMap: VarMap{Encoding: "variant", Puzzle: mapPuzzle(p), Fixed: g.Clone()},
		Vars:   n * n * n,
	}
	if sums == SumPB {
		f.Encoding = "variant-pb"
	}
	v := &venc{f: f, p: p, n: n, sums: sums, ctx: ctx, maxClauses: maxClauses, cageSets: sets, parts: parts}
	if err := v.base(); err != nil {
		return nil, err
	}
	encoders := ruleEncoders()
	for i, c := range p.Rules {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("encoding, at constraint %d of %d: %w", i+1, len(p.Rules), err)
		}
		enc, ok := encoders[c.Kind]
		err := fmt.Errorf("unknown constraint kind %q", c.Kind)
		from := f.NumClauses()
		if ok {
			err = enc(v, c)
		}
		if err != nil && ctx.Err() != nil {
			// Given up, not refused: the error is the context's alone.
			return nil, fmt.Errorf("encoding constraint %d (%s): %w", i+1, c.Kind, ctx.Err())
		}
		if err == nil && f.nClauses > maxClauses {
			err = v.tooLarge()
		}
		if err != nil {
			return nil, fmt.Errorf("%w: constraint %d (%s): %w", ErrVariant, i+1, c.Kind, err)
		}
		v.mark(PartRule, i, from)
	}
	return f, nil
}

// venc builds one variant formula.
type venc struct {
	f    *Formula
	p    *sudokusat.Puzzle
	n    int
	sums SumForm
	buf  []int32
	// ctx ends the encoding early; steps counts the steps of the
	// listings, which look at it every tickEvery steps (see tick).
	ctx   context.Context
	steps int
	// maxClauses bounds the formula, rules included: a document of
	// thousands of cages would otherwise take gigabytes.
	maxClauses int
	// cageSets is the most digit sets a killer sum is written as.
	cageSets int
	// parts, when not nil, records where each constraint's clauses are
	// (see Parts).
	parts *[]Part
}

// mark records that the clauses from from to the formula's last are
// constraint index of kind, when parts are recorded.
func (v *venc) mark(kind PartKind, index, from int) {
	if v.parts != nil {
		*v.parts = append(*v.parts, Part{Kind: kind, Index: index, From: from, To: v.f.NumClauses()})
	}
}

// tooLarge is the error of a rule that takes the formula past maxClauses.
func (v *venc) tooLarge() error {
	return fmt.Errorf("%w: the variant encoding of this %d×%d puzzle passes the limit of %s clauses with its rules (--max-clauses raises it)",
		ErrTooLarge, v.n, v.n, thousands(v.maxClauses))
}

// tickEvery is how many steps of a listing pass between two looks at the
// context: a step costs well under a microsecond, a look at a context
// with a deadline a lock.
const tickEvery = 4096

// tick counts one step of a long listing and reports whether to go on:
// false once the context has ended, which the caller then returns.
func (v *venc) tick() bool {
	v.steps++
	return v.steps%tickEvery != 0 || v.ctx.Err() == nil
}

// x is the variable of digit d (1..N) in cell (row-major from 0).
func (v *venc) x(cell, d int) int32 { return int32(cell*v.n + d) }

// base writes the extended encoding with p's regions, and the givens.
func (v *venc) base() error {
	n, f := v.n, v.f
	cells := make([]int32, n)
	for cell := 0; cell < n*n; cell++ {
		if cell%n == 0 {
			if err := v.ctx.Err(); err != nil {
				return fmt.Errorf("encoding the grid: %w", err)
			}
		}
		for d := 1; d <= n; d++ {
			cells[d-1] = v.x(cell, d)
		}
		from := f.NumClauses()
		f.Add(cells...)
		f.recordAMO(cells, 0, false)
		v.mark(PartCell, cell, from)
	}
	groups := make([][]int, 0, 3*n)
	for r := 0; r < n; r++ {
		row, col := make([]int, n), make([]int, n)
		for c := 0; c < n; c++ {
			row[c], col[c] = r*n+c, c*n+r
		}
		groups = append(groups, row, col)
	}
	if v.p.Regions != nil && len(v.p.Regions) != n*n {
		return fmt.Errorf("%w: %d region entries for %d cells", ErrVariant, len(v.p.Regions), n*n)
	}
	for cell := 0; cell < n*n; cell++ {
		if r := v.p.Region(cell); r != sudokusat.NoRegion && (r < 0 || r >= n) {
			return fmt.Errorf("%w: r%dc%d is in region %d, out of 0..%d", ErrVariant, cell/n+1, cell%n+1, r, n-1)
		}
	}
	regions := v.p.RegionCells()
	for r, cells := range regions {
		if len(cells) != n && len(cells) != 0 {
			return fmt.Errorf("%w: region %d has %d cells, want %d", ErrVariant, r, len(cells), n)
		}
	}
	for i, gr := range append(groups, regions...) {
		from := f.NumClauses()
		v.distinct(gr)
		switch {
		case len(gr) == 0: // a region of no cells: no constraint
		case i >= 2*n:
			v.mark(PartRegion, i-2*n, from)
		case i%2 == 0:
			v.mark(PartRow, i/2, from)
		default:
			v.mark(PartColumn, i/2, from)
		}
	}
	for i := 0; i < v.p.Grid.Len(); i++ {
		if d := v.p.Grid.Cell(i); d != 0 {
			f.Add(v.x(i, d))
		}
	}
	return nil
}

// distinct writes that cells hold distinct digits: pairwise at-most-one per
// digit, and, for N cells, at least one of each digit, since N distinct
// digits of 1..N are all of them (the hidden singles of the extended
// encoding, for diagonals and extra regions too).
func (v *venc) distinct(cells []int) {
	vs := make([]int32, len(cells))
	for d := 1; d <= v.n; d++ {
		for i, c := range cells {
			vs[i] = v.x(c, d)
		}
		if len(cells) == v.n {
			v.f.Add(vs...)
		}
		v.f.recordAMO(vs, 0, false)
	}
}

// checkCells refuses cells out of the grid or given twice, and a count
// other than want (0: any).
func (v *venc) checkCells(cells []int, want int) error {
	if want > 0 && len(cells) != want {
		return fmt.Errorf("%d cells, want %d", len(cells), want)
	}
	for i, c := range cells {
		if c < 0 || c >= v.n*v.n {
			return fmt.Errorf("cell %d out of the %d×%d grid", c, v.n, v.n)
		}
		if slices.Contains(cells[:i], c) {
			return fmt.Errorf("r%dc%d given twice", c/v.n+1, c%v.n+1)
		}
	}
	return nil
}

// relation writes that cells a and b hold digits i, j with ok(i, j), in
// the support encoding: each digit of a implies one of the digits of b it
// may sit beside, and each digit of b one of a's. A digit without support
// gets a unit clause. Unit propagation then removes every digit that has
// no partner left (arc consistency), which the plain encoding forbidding
// each bad pair does only once a partner is set: on a thermometer, the
// bulb's candidates shrink as soon as the tip's do.
func (v *venc) relation(a, b int, ok func(i, j int) bool) {
	for side := 0; side < 2; side++ {
		from, to := a, b
		if side == 1 {
			from, to = b, a
		}
		for i := 1; i <= v.n; i++ {
			v.buf = append(v.buf[:0], -v.x(from, i))
			for j := 1; j <= v.n; j++ {
				if (side == 0 && ok(i, j)) || (side == 1 && ok(j, i)) {
					v.buf = append(v.buf, v.x(to, j))
				}
			}
			v.f.Add(v.buf...)
		}
	}
}

// forbid writes that cells a and b do not hold digits i, j with bad(i, j):
// one binary clause per bad pair, the form for rules that forbid few
// pairs out of many.
func (v *venc) forbid(a, b int, bad func(i, j int) bool) {
	for i := 1; i <= v.n; i++ {
		for j := 1; j <= v.n; j++ {
			if bad(i, j) {
				v.f.Add(-v.x(a, i), -v.x(b, j))
			}
		}
	}
}

// sees reports whether two cells share a row, a column or a region, whose
// clauses already keep their digits apart.
func (v *venc) sees(a, b int) bool {
	n := v.n
	return a/n == b/n || a%n == b%n || v.p.Region(a) == v.p.Region(b) && v.p.Region(a) != sudokusat.NoRegion
}

// apart writes that cells at the given offsets hold different digits. The
// offsets go down or right, so that each pair is written once, from its
// first cell; pairs that share a row, a column or a region are skipped.
func (v *venc) apart(offsets [][2]int) {
	n := v.n
	for a := 0; a < n*n; a++ {
		r, c := a/n, a%n
		for _, o := range offsets {
			r2, c2 := r+o[0], c+o[1]
			if r2 < 0 || r2 >= n || c2 < 0 || c2 >= n {
				continue
			}
			b := r2*n + c2
			if v.sees(a, b) {
				continue
			}
			v.forbid(a, b, func(i, j int) bool { return i == j })
		}
	}
}

// negative writes a negative rule: orthogonal neighbours without a mark of
// a kind that exempts them do not hold digits with bad(i, j).
func (v *venc) negative(exempts func(variant.Kind) bool, bad func(i, j int) bool) {
	n := v.n
	hasMark := map[[2]int]bool{}
	for _, c := range v.p.Rules {
		if exempts(c.Kind) && len(c.Cells) == 2 {
			a, b := min(c.Cells[0], c.Cells[1]), max(c.Cells[0], c.Cells[1])
			hasMark[[2]int{a, b}] = true
		}
	}
	for a := 0; a < n*n; a++ {
		for _, b := range []int{a + 1, a + n} {
			if (b == a+1 && a%n == n-1) || b >= n*n || hasMark[[2]int{a, b}] {
				continue
			}
			v.forbid(a, b, bad)
		}
	}
}

// term is one cell of a sum with its weight.
type term struct {
	cell, weight int
}

// tupleSum writes Σ weight·digit = s as a table of the digit tuples that
// satisfy it: a variable y per tuple, implying each cell's digit, at
// least one y true, and each digit of a cell needing a tuple that has it
// there (so unit propagation removes the digits no tuple supports). Digits
// may repeat, as on an arrow, except between cells that see each other.
func (v *venc) tupleSum(terms []term, s, limit int) error {
	k := len(terms)
	// lo[i], hi[i] bound what terms i.. can still add.
	lo, hi := make([]int, k+1), make([]int, k+1)
	for i := k - 1; i >= 0; i-- {
		a, b := terms[i].weight, terms[i].weight*v.n
		lo[i], hi[i] = lo[i+1]+min(a, b), hi[i+1]+max(a, b)
	}
	var tuples [][]int
	tuple := make([]int, k)
	var walk func(i, sum int) bool
	walk = func(i, sum int) bool {
		if i == k {
			if sum == s {
				tuples = append(tuples, slices.Clone(tuple))
			}
			return len(tuples) <= limit
		}
		if !v.tick() {
			return false
		}
		for d := 1; d <= v.n; d++ {
			next := sum + terms[i].weight*d
			if next+lo[i+1] > s || next+hi[i+1] < s {
				continue
			}
			clash := false
			for j := 0; j < i && !clash; j++ {
				clash = tuple[j] == d && v.sees(terms[j].cell, terms[i].cell)
			}
			if clash {
				continue
			}
			tuple[i] = d
			if !walk(i+1, next) {
				return false
			}
		}
		return true
	}
	if !walk(0, 0) {
		if err := v.ctx.Err(); err != nil {
			return err
		}
		return errTooManyCombos
	}
	cells := make([]int, k)
	for i, t := range terms {
		cells[i] = t.cell
	}
	v.writeTable(cells, tuples)
	return nil
}

// writeTable writes that cells hold one of tuples: a variable y per tuple,
// implying each cell's digit, at least one y true, and each digit of a
// cell needing a tuple that has it there, so that unit propagation removes
// the digits no tuple supports (arc consistency). No tuple is the empty
// clause: no solution.
func (v *venc) writeTable(cells []int, tuples [][]int) {
	ys := make([]int32, len(tuples))
	for i := range tuples {
		ys[i] = v.f.newVar()
	}
	v.f.Add(ys...)
	// support[d] lists the tuples that put digit d in the i-th cell.
	for i, cell := range cells {
		support := make([][]int32, v.n+1)
		for j, tu := range tuples {
			v.f.Add(-ys[j], v.x(cell, tu[i]))
			support[tu[i]] = append(support[tu[i]], ys[j])
		}
		for d := 1; d <= v.n; d++ {
			v.buf = append(append(v.buf[:0], -v.x(cell, d)), support[d]...)
			v.f.Add(v.buf...)
		}
	}
}

// pbSum writes Σ weight·digit = s as one pseudo-Boolean equation over the
// digit variables: Σ weight·d·x(cell, d) = s, exact because each cell has
// exactly one digit.
func (v *venc) pbSum(terms []term, s int) {
	var c PB
	for _, t := range terms {
		for d := 1; d <= v.n; d++ {
			c.Lits = append(c.Lits, v.x(t.cell, d))
			c.Weights = append(c.Weights, t.weight*d)
		}
	}
	c.Eq, c.RHS = true, s
	v.f.AddPB(c)
}
