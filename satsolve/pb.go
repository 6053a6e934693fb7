package satsolve

import (
	"github.com/crillab/gophersat/solver"

	"github.com/sudokusat/sudokusat/encode"
)

// pbProblem turns a formula with pseudo-Boolean constraints into a
// gophersat problem. gophersat's ParsePBConstrs simplifies clauses and PB
// constraints together to a fixpoint (a PB constraint that forces a
// literal before any decision is never woken by its watchers, so the
// fixpoint must come first), but it makes every clause a PB constraint,
// which gophersat then propagates through its slow weighted path. So the
// constraints that come out of the simplification as plain clauses (all
// weights 1, at least one true) are rebuilt as clauses, and only the sums
// stay weighted.
func pbProblem(f *encode.Formula) *solver.Problem {
	cs := make([]solver.PBConstr, 0, f.NumClauses()+2*len(f.PBs()))
	for c := range f.Clauses() {
		lits := make([]int, len(c))
		for i, l := range c {
			lits[i] = int(l)
		}
		cs = append(cs, solver.PropClause(lits...))
	}
	for _, c := range f.PBs() {
		lits := make([]int, len(c.Lits))
		for i, l := range c.Lits {
			lits[i] = int(l)
		}
		// GtEq and LtEq rewrite their slices: each gets its own copy.
		if c.Eq {
			cs = append(cs, solver.Eq(lits, append([]int(nil), c.Weights...), c.RHS)...)
		} else {
			cs = append(cs, solver.GtEq(lits, append([]int(nil), c.Weights...), c.RHS))
		}
	}
	pb := solver.ParsePBConstrs(cs)
	for pb.NbVars < f.Vars {
		// A variable that no constraint names still belongs to the model.
		pb.Model = append(pb.Model, 0)
		pb.NbVars++
	}
	for i, c := range pb.Clauses {
		if c.Cardinality() != 1 {
			continue
		}
		plain := true
		lits := make([]solver.Lit, c.Len())
		for j := range lits {
			lits[j] = c.Get(j)
			plain = plain && c.Weight(j) == 1
		}
		if plain {
			pb.Clauses[i] = solver.NewClause(lits)
		}
	}
	return pb
}
