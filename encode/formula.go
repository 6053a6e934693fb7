// Package encode turns Sudoku puzzles into CNF formulas and models back into
// grids. Puzzle is the one way from a puzzle to a formula.
//
// A classic puzzle has five encodings (Encodings). minimal, efficient and
// extended are the direct encodings of the literature: one variable per
// (row, column, digit), numbered v = r·N² + c·N + d + 1 with r, c and d
// counted from 0, and the givens added as unit clauses. reduced first
// propagates the givens (naked and hidden singles to a fixpoint) and then
// encodes only the candidates that survive, numbered densely, so that only
// the open part of the puzzle reaches the solver; reduced-pairwise is
// reduced with every at-most-one pairwise. A puzzle with rules or regions
// has one encoding, over the direct variables, each rule's clauses added
// (its sums as clauses or as pseudo-Boolean constraints: SumForm).
//
// A Formula carries its VarMap, and WriteDIMACS records the map in comment
// lines, so that a CNF file alone is enough to decode a model (ReadVarMap).
package encode

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math/bits"
	"slices"
	"strconv"

	"github.com/sudokusat/sudokusat"
)

// ErrDecode reports a model that does not decode to a filled grid.
var ErrDecode = errors.New("model does not decode to a grid")

// Cand is one candidate of the reduced encoding: a digit in a cell.
type Cand struct {
	Cell  int32 // row-major index from 0
	Digit int16 // 1..N
}

// VarMap says what the variables of a formula mean.
type VarMap struct {
	Encoding string // the encoding's name
	// Puzzle is the puzzle the formula encodes, as given: its grid, its
	// regions and rules (none for a classic puzzle), and the layout it was
	// written in, so that a solution decoded from the CNF is checked
	// against it (variant.Check) and written back in its layout.
	Puzzle *sudokusat.Puzzle
	// Fixed is the puzzle's grid with every cell the encoder decided
	// before solving; for the direct encodings it is the grid itself.
	Fixed *sudokusat.Grid
	// Cands lists, for the reduced encoding, the candidate behind each
	// variable: variable i+1 is Cands[i]. It is nil for the direct
	// encodings, whose variables follow the formula v = r·N² + c·N + d + 1.
	Cands []Cand
}

// mapPuzzle is the puzzle a formula's map keeps of p: its grid (a copy,
// which no caller changes under the map), regions, rules and layout.
func mapPuzzle(p *sudokusat.Puzzle) *sudokusat.Puzzle {
	return &sudokusat.Puzzle{Grid: p.Grid.Clone(), Regions: p.Regions, Rules: p.Rules, Layout: p.Layout}
}

// Direct reports whether the map is the direct formula rather than a list.
func (m *VarMap) Direct() bool { return m.Cands == nil }

// NumVars returns the number of variables the map defines: the cell
// variables, which a model's prefix decodes. A formula may have more (see
// Formula.Vars).
func (m *VarMap) NumVars() int {
	if m.Direct() {
		n := m.Puzzle.Size()
		return n * n * n
	}
	return len(m.Cands)
}

// Var returns the direct-encoding variable of digit d (1..N) at row r,
// column c (from 0).
func Var(n, r, c, d int) int { return r*n*n + c*n + d }

// Decode turns a model into a grid. model[i] is the value of variable i+1;
// a shorter model leaves the missing variables false. Every cell must get
// exactly one digit, and the givens must hold; anything else is an error
// wrapping ErrDecode. Decode does not check the Sudoku rules: that is
// sudokusat.CheckSolution's job.
func (m *VarMap) Decode(model []bool) (*sudokusat.Grid, error) {
	g := m.Fixed.Clone()
	n := g.Size()
	set := func(cell, d int) error {
		if old := g.Cell(cell); old != 0 && old != d {
			return fmt.Errorf("%w: cell r%dc%d is both %d and %d", ErrDecode, cell/n+1, cell%n+1, old, d)
		}
		g.SetCell(cell, d)
		return nil
	}
	if m.Direct() {
		for v, val := range model {
			if !val || v >= n*n*n {
				continue
			}
			if err := set(v/n, v%n+1); err != nil {
				return nil, err
			}
		}
	} else {
		for v, val := range model {
			if !val || v >= len(m.Cands) {
				continue
			}
			c := m.Cands[v]
			if err := set(int(c.Cell), int(c.Digit)); err != nil {
				return nil, err
			}
		}
	}
	for i := 0; i < g.Len(); i++ {
		if g.Cell(i) == 0 {
			return nil, fmt.Errorf("%w: cell r%dc%d has no digit", ErrDecode, i/n+1, i%n+1)
		}
	}
	return g, nil
}

// DecodeLits is Decode for a model given as DIMACS literals: v for true, -v
// for false; 0 and unknown variables are ignored.
func (m *VarMap) DecodeLits(lits []int) (*sudokusat.Grid, error) {
	nv := m.NumVars()
	model := make([]bool, nv)
	for _, l := range lits {
		if l > 0 && l <= nv {
			model[l-1] = true
		}
	}
	return m.Decode(model)
}

// Formula is a CNF formula over Vars variables, with the map that turns
// its models into grids. Clauses are stored flat, each ended by a 0, so that
// large formulas cost one allocation, not one per clause.
type Formula struct {
	VarMap
	// Vars is the number of variables of the CNF, auxiliary ones included:
	// the map's variables come first (1..NumVars()), and an at-most-one
	// encoding numbers its own after them (see Definitions).
	Vars     int
	lits     []int32
	nClauses int
	// amos and amoLits record the formula's at-most-one constraints (see
	// AMOs), whose amoClauses clauses, counted in nClauses, are not in
	// lits: Clauses writes them out.
	amos       []amoSpan
	amoLits    []int32
	amoClauses int
	// products records the product encodings too short to be recorded
	// in amos (two literals, when a test lowers the threshold), whose
	// clauses are in lits: only Definitions reads them.
	products []amoSpan
	// pb holds the pseudo-Boolean constraints of a variant formula in the
	// PB sum form; a CNF formula has none.
	pb []PB
}

// NumClauses returns the number of clauses.
func (f *Formula) NumClauses() int { return f.nClauses }

// NumLits returns the number of literals over all clauses.
func (f *Formula) NumLits() int {
	// Every clause of an at-most-one constraint has two literals.
	return len(f.lits) - (f.nClauses - f.amoClauses) + 2*f.amoClauses
}

// Add appends a clause. An empty clause makes the formula unsatisfiable.
func (f *Formula) Add(lits ...int32) {
	f.lits = append(f.lits, lits...)
	f.lits = append(f.lits, 0)
	f.nClauses++
}

// Clone returns a copy of f that clauses can be added to without touching f.
func (f *Formula) Clone() *Formula {
	c := *f
	c.lits = append(make([]int32, 0, len(f.lits)+64), f.lits...)
	c.pb = slices.Clone(f.pb)
	// An amo added to the copy must not write into f's arrays.
	c.amos, c.amoLits, c.products = slices.Clip(f.amos), slices.Clip(f.amoLits), slices.Clip(f.products)
	return &c
}

// Clauses yields each clause in order. The slice is only valid during the
// call: copy it to keep it.
func (f *Formula) Clauses() iter.Seq[[]int32] { return f.clauses(false) }

// ClausesButPairwise yields the clauses of Clauses, in order, but those
// of the at-most-one constraints written pairwise over candidate variables
// alone, which it passes by unwritten. A check of a proof that needs only
// the clauses that name an auxiliary variable reads a 25×25 puzzle's
// reduced formula in a tenth of the time.
func (f *Formula) ClausesButPairwise() iter.Seq[[]int32] { return f.clauses(true) }

// clauses is Clauses, without the pairwise at-most-one constraints over
// candidates when butPairwise is set.
func (f *Formula) clauses(butPairwise bool) iter.Seq[[]int32] {
	return func(yield func([]int32) bool) {
		next := 0 // the next at-most-one constraint to write
		amos := func(at int) bool {
			for ; next < len(f.amos) && f.amos[next].at == at; next++ {
				a := &f.amos[next]
				if butPairwise && a.aux == 0 && f.candidatesOnly(f.amoLits[a.lo:a.hi]) {
					continue
				}
				if !f.writeAMO(a, yield) {
					return false
				}
			}
			return true
		}
		if !amos(0) {
			return
		}
		start := 0
		for i, l := range f.lits {
			if l == 0 {
				if !yield(f.lits[start:i]) {
					return
				}
				start = i + 1
				if !amos(start) {
					return
				}
			}
		}
	}
}

// candidatesOnly reports whether every literal of xs is of a candidate
// variable.
func (f *Formula) candidatesOnly(xs []int32) bool {
	for _, x := range xs {
		if x < -int32(len(f.Cands)) || x > int32(len(f.Cands)) {
			return false
		}
	}
	return true
}

// Slices returns the clauses as int slices, the form gophersat parses.
func (f *Formula) Slices() [][]int {
	out := make([][]int, 0, f.nClauses)
	buf := make([]int, f.NumLits())
	for c := range f.Clauses() {
		s := buf[:len(c):len(c)]
		buf = buf[len(c):]
		for i, l := range c {
			s[i] = int(l)
		}
		out = append(out, s)
	}
	return out
}

// DefaultMaxClauses is the largest formula an encoding builds unless told
// otherwise (Options.MaxClauses): 60 million clauses, over a gigabyte of
// DIMACS text and of gophersat's memory. Each encoding counts its clauses
// before it builds any, and refuses past the limit with an error wrapping
// ErrTooLarge that names the count. The direct encodings grow as N⁴ (the
// extended encoding of a 64×64 grid has 33 million clauses), the reduced
// one with the candidates the givens leave (an empty 400×400 grid would
// have 756 million).
const DefaultMaxClauses = 60_000_000

// ErrTooLarge reports a formula with more clauses than the limit.
var ErrTooLarge = errors.New("formula too large")

// tooLarge is the error of an encoding that would write clauses clauses
// over vars variables for g, past max.
func tooLarge(name string, g *sudokusat.Grid, clauses, vars, max int) error {
	n := g.Size()
	hint := ""
	if name != "reduced" && name != "reduced-pairwise" && name != "variant" {
		hint = "; the reduced encoding writes only what the givens leave open"
	}
	return fmt.Errorf("%w: the %s encoding of this %d×%d puzzle has %s clauses over %s variables, more than the limit of %s (--max-clauses raises it)%s",
		ErrTooLarge, name, n, n, thousands(clauses), thousands(vars), thousands(max), hint)
}

// thousands writes n with commas between groups of three digits.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// direct builds a direct encoding, given up when ctx ends first: at least
// one digit per cell and each digit at most once per row, column and box,
// pairwise; with cellAMO at most one digit per cell too; with unitALO each
// digit at least once per row, column and box. The three of the table
// (Encodings) are:
//
//   - minimal (Lynce & Ouaknine 2006): neither, N² + 3N²·C(N,2) clauses
//     before the givens;
//   - efficient (Weber 2005): cellAMO, N²(1+C(N,2)) + 3N²·C(N,2);
//   - extended (Lynce & Ouaknine 2006): both, exactly one digit per cell
//     and each digit exactly once per row, column and box, 4N²(1+C(N,2)):
//     the unit at-least-one clauses make hidden singles plain unit
//     propagation.
func direct(ctx context.Context, g *sudokusat.Grid, name string, cellAMO, unitALO bool, maxClauses int) (*Formula, error) {
	n := g.Size()
	pairs := n * (n - 1) / 2
	clauses := n*n + 3*n*n*pairs
	if cellAMO {
		clauses += n * n * pairs
	}
	if unitALO {
		clauses += 3 * n * n
	}
	if clauses+g.Givens() > maxClauses {
		return nil, tooLarge(name, g, clauses+g.Givens(), n*n*n, maxClauses)
	}
	f := &Formula{
		VarMap: VarMap{Encoding: name, Puzzle: mapPuzzle(&sudokusat.Puzzle{Grid: g}), Fixed: g.Clone()},
		Vars:   n * n * n,
	}
	lits := clauses*2 + n*n*(n-2) + clauses + g.Givens()*2
	if unitALO {
		lits += 3 * n * n * (n - 2)
	}
	f.lits = make([]int32, 0, lits)
	br, bc := g.BoxRows(), g.BoxCols()
	buf := make([]int32, n)
	// unit fills buf with the variables of digit d in unit u of a kind.
	unit := func(kind, u, d int) []int32 {
		for k := 0; k < n; k++ {
			var r, c int
			switch kind {
			case 0:
				r, c = u, k
			case 1:
				r, c = k, u
			default:
				r = (u/(n/bc))*br + k/bc
				c = (u%(n/bc))*bc + k%bc
			}
			buf[k] = int32(Var(n, r, c, d))
		}
		return buf
	}
	for cell := 0; cell < n*n; cell++ {
		if cell%n == 0 {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("encoding: %w", err)
			}
		}
		for d := 1; d <= n; d++ {
			buf[d-1] = int32(cell*n + d)
		}
		f.Add(buf...)
		if cellAMO {
			f.pairwiseAMO(buf)
		}
	}
	for kind := 0; kind < 3; kind++ {
		for u := 0; u < n; u++ {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("encoding: %w", err)
			}
			for d := 1; d <= n; d++ {
				vs := unit(kind, u, d)
				if unitALO {
					f.Add(vs...)
				}
				f.pairwiseAMO(vs)
			}
		}
	}
	for i := 0; i < g.Len(); i++ {
		if d := g.Cell(i); d != 0 {
			f.Add(int32(i*n + d))
		}
	}
	return f, nil
}

func (f *Formula) pairwiseAMO(vs []int32) {
	for i := range vs {
		for j := i + 1; j < len(vs); j++ {
			f.Add(-vs[i], -vs[j])
		}
	}
}

// popcount counts the set bits of a multi-word set.
func popcount(s []uint64) int {
	k := 0
	for _, w := range s {
		k += bits.OnesCount64(w)
	}
	return k
}

// Falsified returns the index of the first clause of f that model
// falsifies, or -1 when it satisfies them all: a solver's model checked
// against the formula it was given, by no code of the solver. model lists DIMACS
// literals, as a solver's "v" lines do; a variable it does not list is
// false, as the decoder takes it.
func (f *Formula) Falsified(model []int) int {
	val := make([]bool, f.Vars+1)
	for _, l := range model {
		if l > 0 && l <= f.Vars {
			val[l] = true
		}
	}
	return f.FalsifiedBy(val)
}

// FalsifiedBy is Falsified for an assignment: val[v] is variable v's value
// (val[0] is unused); variables past its end are false.
func (f *Formula) FalsifiedBy(val []bool) int {
	i := 0
	for c := range f.Clauses() {
		sat := false
		for _, l := range c {
			v := int(l)
			if v < 0 {
				v = -v
			}
			if (v < len(val) && val[v]) == (l > 0) {
				sat = true
				break
			}
		}
		if !sat {
			return i
		}
		i++
	}
	return -1
}
