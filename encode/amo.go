package encode

import "iter"

// productThreshold is the group size from which the reduced encoding writes
// at-most-one with the product encoding instead of pairwise clauses.
//
// Measured on the large-grid files (gophersat and CaDiCaL, November 2026):
// the 225×225 puzzle's pairwise formula has 7.0 M clauses and gophersat
// peaked at 2.4 GB on it; from 16 up, it has 3.1 M clauses and 1.25 GB.
// Below 16 the formula shrinks little more (2.5 M clauses at 8) while the
// auxiliary variables grow (0.63 M against 0.41 M), and the 81×81 puzzle
// searched longer (gophersat 0.57 s at 8, 0.32 s at 16, 0.36 s pairwise;
// CaDiCaL 0.90 s, 0.42 s and 0.44 s). Sinz's sequential counter gave the
// same sizes with k−1 auxiliary variables per group instead of about 2√k,
// and no faster solves: the product encoding was kept.
const productThreshold = 16

// newVar adds one auxiliary variable and returns it. Auxiliary variables
// come after every candidate variable, so variables 1..len(Cands) keep
// their meaning and a model's prefix decodes as before.
func (f *Formula) newVar() int32 {
	f.Vars++
	return int32(f.Vars)
}

// AMO is an at-most-one constraint of a formula: at most one of Lits is
// true. The formula writes it as clauses From..To-1 in the order of
// Formula.Clauses (pairwise, or the product encoding with auxiliary
// variables of its own), which hold nothing else, so a solver that takes
// cardinality constraints may put one in their place (see
// Formula.OtherClauses).
type AMO struct {
	Lits     []int32
	From, To int
}

// amoSpan is an at-most-one constraint recorded in a formula, whose
// clauses Clauses writes out when it reaches them: the constraints are most
// of a large formula's clauses, and a solver that takes them whole never
// needs those.
type amoSpan struct {
	lo, hi   int32 // the literals: amoLits[lo:hi]
	from, to int32 // the clause numbers
	at       int   // the offset in lits before which the clauses come
	aux      int32 // the product encoding's first auxiliary variable; 0 pairwise
	lines    bool  // a box group, without the pairs in one row or column
}

// AMOs yields the at-most-one constraints of three literals or more that
// the encoder recorded, in clause order; the reduced and variant encodings
// record theirs, the direct encodings none. The slices are the formula's
// own: read them only.
func (f *Formula) AMOs() iter.Seq[AMO] {
	return func(yield func(AMO) bool) {
		for _, a := range f.amos {
			if !yield(AMO{Lits: f.amoLits[a.lo:a.hi:a.hi], From: int(a.from), To: int(a.to)}) {
				return
			}
		}
	}
}

// NumAMOs returns the number of at-most-one constraints AMOs yields.
func (f *Formula) NumAMOs() int { return len(f.amos) }

// AddAMO appends the at-most-one constraint over lits, written pairwise by
// Clauses and given whole by AMOs: for a formula built from another's
// parts (a gophersat worker rebuilds the formula it is sent).
func (f *Formula) AddAMO(lits ...int32) { f.recordAMO(lits, 0, false) }

// OtherClauses yields the clauses that no recorded at-most-one constraint
// writes, in order; with AMOs, the whole formula. The slice is only valid
// during the call.
func (f *Formula) OtherClauses() iter.Seq[[]int32] {
	return func(yield func([]int32) bool) {
		start := 0
		for i, l := range f.lits {
			if l == 0 {
				if !yield(f.lits[start:i]) {
					return
				}
				start = i + 1
			}
		}
	}
}

// recordAMO records at-most-one over xs, to be written as the product
// encoding from auxiliary variable aux on (p+q of them, allocated by the
// caller), pairwise when aux is 0, and pairwise without the pairs that
// share a row or column when lines is set. Fewer than three literals are
// written at once (one clause at most) and not recorded.
func (f *Formula) recordAMO(xs []int32, aux int32, lines bool) {
	if len(xs) < 3 {
		f.writeNow(xs, aux, lines)
		return
	}
	k := len(xs)
	clauses := k * (k - 1) / 2
	switch {
	case aux != 0:
		p, q := productShape(k)
		clauses = 2*k + p*(p-1)/2 + q*(q-1)/2
	case lines:
		clauses = 0
		n := f.Puzzle.Size()
		for i := range xs {
			for j := i + 1; j < len(xs); j++ {
				if !f.sameLine(n, xs[i], xs[j]) {
					clauses++
				}
			}
		}
	}
	lo := len(f.amoLits)
	f.amoLits = append(f.amoLits, xs...)
	from := f.nClauses
	f.nClauses += clauses
	f.amoClauses += clauses
	f.amos = append(f.amos, amoSpan{lo: int32(lo), hi: int32(len(f.amoLits)), from: int32(from), to: int32(f.nClauses),
		at: len(f.lits), aux: aux, lines: lines})
}

// sameLine reports whether candidate variables a and b lie in one row or
// one column of a grid of side n.
func (f *Formula) sameLine(n int, a, b int32) bool {
	ca, cb := int(f.Cands[a-1].Cell), int(f.Cands[b-1].Cell)
	return ca/n == cb/n || ca%n == cb%n
}

// writeAMO yields the clauses of a recorded at-most-one constraint, each
// in a buffer valid during the call, and reports whether yield asked for
// more.
func (f *Formula) writeAMO(a *amoSpan, yield func([]int32) bool) bool {
	var c [2]int32
	pair := func(x, y int32) bool {
		c[0], c[1] = x, y
		return yield(c[:])
	}
	pairwise := func(xs []int32, lines bool) bool {
		n := 0
		if lines {
			n = f.Puzzle.Size()
		}
		for i := range xs {
			for j := i + 1; j < len(xs); j++ {
				if lines && f.sameLine(n, xs[i], xs[j]) {
					continue // the row or column clause has this pair
				}
				if !pair(-xs[i], -xs[j]) {
					return false
				}
			}
		}
		return true
	}
	xs := f.amoLits[a.lo:a.hi]
	if a.aux == 0 {
		return pairwise(xs, a.lines)
	}
	p, q := productShape(len(xs))
	rows, cols := auxRange(a.aux, q), auxRange(a.aux+int32(q), p)
	for i, x := range xs {
		if !pair(-x, rows[i/p]) || !pair(-x, cols[i%p]) {
			return false
		}
	}
	return pairwise(rows, false) && pairwise(cols, false)
}

// auxRange returns the k variables from aux on.
func auxRange(aux int32, k int) []int32 {
	vs := make([]int32, k)
	for i := range vs {
		vs[i] = aux + int32(i)
	}
	return vs
}

// amo adds at-most-one over xs: pairwise below threshold literals, the
// product encoding from there.
func (f *Formula) amo(xs []int32, threshold int) {
	if len(xs) < threshold {
		f.recordAMO(xs, 0, false)
		return
	}
	f.productAMO(xs)
}

// productShape returns the p columns and q rows of the product encoding's
// grid for k literals: p = ⌈√k⌉, q = ⌈k/p⌉.
func productShape(k int) (p, q int) {
	p = 1
	for p*p < k {
		p++
	}
	return p, (k + p - 1) / p
}

// productAMO is Chen's product encoding (2010) of at-most-one: literal i
// sits at row i/p, column i%p of a p×q grid and implies its row's and its
// column's auxiliary variable; the row variables, and the column variables,
// are at-most-one pairwise. Two true literals differ in row or column, so
// they would make two row or two column variables true. 2k + C(p,2) +
// C(q,2) clauses and p+q auxiliary variables for k literals, against
// C(k,2) clauses pairwise; unit propagation still takes every other
// literal false once one is true.
func (f *Formula) productAMO(xs []int32) {
	if len(xs) < 2 {
		return
	}
	p, q := productShape(len(xs))
	aux := f.newVar()
	for range q + p - 1 {
		f.newVar()
	}
	f.recordAMO(xs, aux, false)
}

// writeNow writes the clauses of at-most-one over xs at once, as
// recordAMO would have Clauses write them. A product encoding's literals
// stay in amoLits, and its span in products, for Definitions.
func (f *Formula) writeNow(xs []int32, aux int32, lines bool) {
	a := amoSpan{aux: aux, lines: lines}
	lo := len(f.amoLits)
	f.amoLits = append(f.amoLits, xs...)
	a.lo, a.hi = int32(lo), int32(len(f.amoLits))
	f.writeAMO(&a, func(c []int32) bool {
		f.Add(c...)
		return true
	})
	if aux != 0 {
		f.products = append(f.products, a)
		return
	}
	f.amoLits = f.amoLits[:lo]
}

// AuxDef is the definition of an auxiliary variable of the product
// encoding: Var stands for the disjunction of Lits, the literals of its
// row or its column of the encoding's grid (see productAMO). The formula
// has the clauses ¬x ∨ Var for each x of Lits, not the converse; but a
// model that sets Var with none of Lits true stays a model with Var
// false, so the clause ¬Var ∨ Lits may be added without losing a model's
// other variables. A proof checker adds it, before any clause names Var,
// as a RAT clause on ¬Var.
type AuxDef struct {
	Var  int32
	Lits []int32
}

// Definitions yields the definition of each auxiliary variable of the
// formula's product encodings, in the order of the variables: every
// auxiliary variable of Reduced, none of the direct encodings or
// ReducedPairwise. A variant formula's combination variables (see Variant)
// are no disjunction and are not yielded, nor is any variable of a
// formula read from DIMACS. The definitions are read from the at-most-one
// constraints the encoder records anyway, so the encoder pays nothing for
// them. Lits is the formula's own or a buffer, valid only during the call:
// read it only, and copy it to keep it.
func (f *Formula) Definitions() iter.Seq[AuxDef] {
	return func(yield func(AuxDef) bool) {
		var buf []int32
		define := func(a *amoSpan) bool {
			xs := f.amoLits[a.lo:a.hi:a.hi]
			p, q := productShape(len(xs))
			for r := range q { // row r: literals r·p .. r·p+p-1
				row := xs[r*p : min(r*p+p, len(xs)) : min(r*p+p, len(xs))]
				if !yield(AuxDef{Var: a.aux + int32(r), Lits: row}) {
					return false
				}
			}
			for c := range p { // column c: literals c, c+p, c+2p, …
				buf = buf[:0]
				for i := c; i < len(xs); i += p {
					buf = append(buf, xs[i])
				}
				if !yield(AuxDef{Var: a.aux + int32(q+c), Lits: buf}) {
					return false
				}
			}
			return true
		}
		// Both lists are in the order of their first variables: merge.
		i, j := 0, 0
		for {
			for i < len(f.amos) && f.amos[i].aux == 0 {
				i++
			}
			var a *amoSpan
			switch {
			case i < len(f.amos) && (j == len(f.products) || f.amos[i].aux < f.products[j].aux):
				a = &f.amos[i]
				i++
			case j < len(f.products):
				a = &f.products[j]
				j++
			default:
				return
			}
			if !define(a) {
				return
			}
		}
	}
}
