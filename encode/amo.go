package encode

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

// amo adds at-most-one over xs: pairwise below threshold literals, the
// product encoding from there.
func (f *Formula) amo(xs []int32, threshold int) {
	if len(xs) < threshold {
		f.pairwiseAMO(xs)
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
	k := len(xs)
	if k < 2 {
		return
	}
	p, q := productShape(k)
	aux := make([]int32, q+p)
	for i := range aux {
		aux[i] = f.newVar()
	}
	rows, cols := aux[:q], aux[q:]
	for i, x := range xs {
		f.Add(-x, rows[i/p])
		f.Add(-x, cols[i%p])
	}
	f.pairwiseAMO(rows)
	f.pairwiseAMO(cols)
}

// amoLits returns the literals, clause ends included, that amo adds for k
// literals.
func amoLits(k, threshold int) int {
	if k < threshold {
		return 3 * k * (k - 1) / 2
	}
	p, q := productShape(k)
	return 3 * (2*k + p*(p-1)/2 + q*(q-1)/2)
}
