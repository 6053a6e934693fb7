package satsolve

import (
	"github.com/crillab/gophersat/solver"

	"github.com/sudokusat/sudokusat/encode"
)

// problem turns f into a gophersat problem. gophersat's own ParseSliceNb
// allocates every clause twice and simplifies the formula again; on a hard
// 9×9 puzzle that cost more than the search. A formula that is already
// simple (no empty or unit clause, no literal twice in a clause, no clause
// with a literal and its negation, as every encoding of package encode
// writes when the puzzle is not settled by propagation) is built here with
// one array for all its literals and one for all its clauses. Any other
// formula goes through ParseSliceNb, which propagates its units, and one
// with pseudo-Boolean constraints through pbProblem.
func problem(f *encode.Formula) *solver.Problem {
	if len(f.PBs()) > 0 {
		return pbProblem(f)
	}
	if !simple(f) {
		return solver.ParseSliceNb(f.Slices(), f.Vars)
	}
	// An empty formula gives the model array of the right size; setting
	// the clauses afterwards is what ParseSliceNb ends with too.
	pb := solver.ParseSliceNb(nil, f.Vars)
	lits := make([]solver.Lit, f.NumLits())
	clauses := make([]solver.Clause, f.NumClauses())
	pb.Clauses = make([]*solver.Clause, f.NumClauses())
	i, k := 0, 0
	for c := range f.Clauses() {
		l := lits[k : k+len(c) : k+len(c)]
		for j, x := range c {
			l[j] = solver.IntToLit(x)
		}
		k += len(c)
		clauses[i] = *solver.NewClause(l)
		pb.Clauses[i] = &clauses[i]
		i++
	}
	if len(pb.Clauses) > 0 {
		pb.Status = solver.Indet
	}
	return pb
}

// simple reports whether every clause of f has at least two literals, each
// over a variable in 1..f.Vars, with no variable twice.
func simple(f *encode.Formula) bool {
	// seen[v] holds the number of the last clause that mentioned v.
	seen := make([]int32, f.Vars+1)
	var n int32
	for c := range f.Clauses() {
		if len(c) < 2 {
			return false
		}
		n++
		for _, x := range c {
			v := x
			if v < 0 {
				v = -v
			}
			if int(v) > f.Vars || seen[v] == n {
				return false
			}
			seen[v] = n
		}
	}
	return true
}
