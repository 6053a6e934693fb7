package encode

import (
	"context"
	"fmt"
	"math/bits"

	"github.com/sudokusat/sudokusat"
)

// reduced builds the reduced encoding (after Kwon & Jain 2006): the givens are
// propagated first, naked and hidden singles to a fixpoint, and only the
// candidates that survive become variables, numbered densely in cell order.
// Each open cell gets exactly-one over its candidates and each digit not yet
// placed in a row, column or box gets exactly-one over the cells that can
// still hold it. At-most-one is pairwise for groups of fewer than 16
// literals, where a box pair already covered by its row or column is not
// repeated, and the product encoding for larger groups (see
// productThreshold): its auxiliary variables are numbered after the
// candidates, so Cands still maps variables 1..len(Cands) and Vars may
// exceed it. When propagation alone proves the puzzle unsolvable the formula
// is the contradiction (x1) ∧ (¬x1); when it solves the puzzle the formula
// has no variables and Fixed is the solution.
//
// The reduced-pairwise encoding writes every at-most-one pairwise: the
// same variables and no auxiliary ones, and C(k,2) clauses for a group of
// k literals where the product encoding writes 2k + C(p,2) + C(q,2) (p, q
// about √k) from 16 up. The formula is larger (7.0 M clauses against 3.1 M
// on the 225×225 file), but a CDCL solver searches it differently: on the
// 64×64 file near the Latin-square hardness peak, CaDiCaL finds an answer
// with its default seed on this one and not on the reduced one's
// (docs/performance.md). gophersat, which takes each at-most-one as one
// cardinality constraint, gets the same problem from both.
//
// reduced writes the product encoding from groups of threshold literals
// up (math.MaxInt for reduced-pairwise; tests lower it to reach the
// product encoding on small grids), names the formula name, and refuses
// it when it would have more than maxClauses clauses: they are counted
// after the propagation, before anything else is built. It is given up
// when ctx ends first.
func reduced(ctx context.Context, g *sudokusat.Grid, threshold int, name string, maxClauses int) (*Formula, error) {
	p := newProp(g)
	ok := p.run(g)
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("encoding: %w", err)
	}
	if ok {
		if clauses, vars := p.size(threshold); clauses > maxClauses {
			return nil, tooLarge(name, g, clauses, vars, maxClauses)
		}
	}
	f := &Formula{VarMap: VarMap{Encoding: name, Puzzle: mapPuzzle(&sudokusat.Puzzle{Grid: g}), Cands: []Cand{}}}
	if !ok {
		f.Fixed = g.Clone()
		f.Vars = 1
		f.Add(1)
		f.Add(-1)
		return f, nil
	}
	f.Fixed = g.Clone()
	n := p.n
	base := make([]int32, n*n)
	open := 0
	for cell := range base {
		if d := p.val[cell]; d != 0 {
			f.Fixed.SetCell(cell, int(d))
			continue
		}
		open++
		base[cell] = int32(len(f.Cands))
		s := p.set(cell)
		for i, word := range s {
			for word != 0 {
				b := bits.TrailingZeros64(word)
				word &= word - 1
				f.Cands = append(f.Cands, Cand{Cell: int32(cell), Digit: int16(i*64 + b + 1)})
			}
		}
	}
	f.Vars = len(f.Cands)

	// gather lists, for each digit, the variables of one unit's
	// open cells that can hold it, walking each cell's candidates in
	// order so that the k-th candidate is variable base+k+1.
	vars := make([][]int32, n)
	gather := func(cells []int32) {
		for d := range vars {
			vars[d] = vars[d][:0]
		}
		for _, c := range cells {
			if p.val[c] != 0 {
				continue
			}
			v := base[c]
			for i, word := range p.set(int(c)) {
				for word != 0 {
					d := i*64 + bits.TrailingZeros64(word)
					word &= word - 1
					v++
					vars[d] = append(vars[d], v)
				}
			}
		}
	}
	// Size the literal buffer for the clauses written out: at-least-one
	// over each group, and the one clause of a group of two (see
	// recordAMO). One allocation for the whole formula.
	size := 0
	written := func(k int) int {
		if k == 2 {
			return k + 1 + 3
		}
		return k + 1
	}
	for cell := 0; cell < n*n; cell++ {
		if p.val[cell] == 0 {
			size += written(popcount(p.set(cell)))
		}
	}
	for ui := 0; ui < 3*n; ui++ {
		gather(p.unit(ui/n, ui%n))
		for _, vs := range vars {
			if m := len(vs); m > 0 {
				size += written(m)
			}
		}
	}
	f.lits = make([]int32, 0, size)
	// Each open cell, and each digit a unit misses (as many as its open
	// cells), is one at-most-one group: four groups per open cell, four
	// literals per candidate.
	f.amos = make([]amoSpan, 0, 4*open)
	f.amoLits = make([]int32, 0, 4*len(f.Cands))

	lits := make([]int32, 0, n)
	for cell := 0; cell < n*n; cell++ {
		if p.val[cell] == 0 {
			lits = lits[:0]
			for k := 0; k < popcount(p.set(cell)); k++ {
				lits = append(lits, base[cell]+int32(k)+1)
			}
			f.Add(lits...)
			f.amo(lits, threshold)
		}
	}
	for ui := 0; ui < 3*n; ui++ {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("encoding: %w", err)
		}
		kind := ui / n
		gather(p.unit(kind, ui%n))
		for _, vs := range vars {
			if len(vs) == 0 {
				continue
			}
			f.Add(vs...)
			if len(vs) >= threshold {
				// The product encoding covers the whole group; the pairs
				// its row or column also forbids are cheap to repeat.
				f.productAMO(vs)
				continue
			}
			// A box group leaves out the pairs of its row or column
			// groups; recorded whole, as a cardinality constraint it may
			// repeat them.
			f.recordAMO(vs, 0, kind == 2)
		}
	}
	return f, nil
}

// size returns the number of clauses and variables of the reduced formula
// of p's propagated state with the product encoding from threshold
// literals up: each open cell, and each digit of a unit with open cells
// that can hold it, is an at-least-one clause and an at-most-one group.
// A box group's pairs already in a row or column are counted, so the count
// is an upper bound for pairwise groups.
func (p *prop) size(threshold int) (clauses, vars int) {
	n := p.n
	amo := func(k int) int {
		switch {
		case k < 2:
			return 0
		case k >= threshold:
			pp, q := productShape(k)
			vars += pp + q
			return 2*k + pp*(pp-1)/2 + q*(q-1)/2
		}
		return k * (k - 1) / 2
	}
	for cell := 0; cell < n*n; cell++ {
		if p.val[cell] == 0 {
			k := popcount(p.set(cell))
			vars += k
			clauses += 1 + amo(k)
		}
	}
	count := make([]int, n)
	for ui := 0; ui < 3*n; ui++ {
		clear(count)
		for _, c := range p.unit(ui/n, ui%n) {
			if p.val[c] != 0 {
				continue
			}
			for i, word := range p.set(int(c)) {
				for ; word != 0; word &= word - 1 {
					count[i*64+bits.TrailingZeros64(word)]++
				}
			}
		}
		for _, m := range count {
			if m > 0 {
				clauses += 1 + amo(m)
			}
		}
	}
	return clauses, vars
}
