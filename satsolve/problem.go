package satsolve

import (
	"slices"

	"github.com/crillab/gophersat/solver"

	"github.com/sudokusat/sudokusat/encode"
)

// problem turns f into a gophersat problem. gophersat's own ParseSliceNb
// allocates every clause twice and simplifies the formula again, rescanning
// every clause after each round of units; on a hard 9×9 puzzle that cost
// more than the search. A formula that is already simple (no empty clause,
// no unit clause over a variable another clause names, no literal twice in
// a clause, no clause with a literal and its negation, as every encoding of
// package encode writes when the puzzle is not settled by propagation) is
// built here with one array for all its literals and one for all its
// clauses, its unit clauses set in the model from the start. Any other
// formula goes through ParseSliceNb, which propagates its units, and one
// with pseudo-Boolean constraints through pbProblem.
//
// With cards, each at-most-one constraint f records (encode.AMO) is given
// to gophersat as one cardinality constraint (at least k−1 of the k
// negated literals) in place of its clauses, which are not even written
// (encode.Formula.OtherClauses), and the auxiliary variables of those
// clauses, which nothing else mentions, are left out: variables past
// mapVars are renumbered, the first mapVars keep their numbers. gophersat
// builds a watch list entry per literal of a binary clause, an append at a
// time: the 225×225 puzzle's 3.1 M clauses, nearly all binary, took 2.5 s
// and 1.25 GB to load for a search without a conflict; its 66 k clauses
// and 65 k cardinality constraints load in a fifth of that. On the 9×9
// sets the two forms are as fast (docs/performance.md).
//
// With keep (a search whose proof is asked for), every variable keeps its
// number, since the proof is read in the formula's variables: when cards
// would renumber a variable that some constraint still names, the formula
// is built from its clauses instead. gophersat's lemmas from cardinality
// constraints are clauses all the same, and, since its propagation of at
// least k−1 of k negated literals is that of the k(k−1)/2 pairwise
// clauses, RUP over the clauses too (the check decides: a lemma that is
// not fails it).
func problem(f *encode.Formula, mapVars int, cards, keep bool) *solver.Problem {
	if len(f.PBs()) > 0 {
		return pbProblem(f)
	}
	cards = cards && f.NumAMOs() > 0
	if !simple(f, cards) {
		return solver.ParseSliceNb(f.Slices(), f.Vars)
	}
	clauseSeq := f.Clauses()
	if cards {
		clauseSeq = f.OtherClauses()
	}
	nLits, nClauses := 0, 0
	for c := range clauseSeq {
		nLits += len(c)
		nClauses++
	}
	var amos []encode.AMO
	if cards {
		amos = slices.AppendSeq(make([]encode.AMO, 0, f.NumAMOs()), f.AMOs())
	}
	for _, a := range amos {
		nLits += len(a.Lits)
		nClauses++
	}
	lits := make([]solver.Lit, 0, nLits)
	clauses := make([]solver.Clause, 0, nClauses)
	// used marks the variables that some constraint mentions: the
	// auxiliary variables of the clauses that a cardinality constraint
	// replaces are left without one.
	var used []bool
	if cards {
		used = make([]bool, f.Vars+1)
	}
	var units []int32
	for c := range clauseSeq {
		if len(c) == 1 {
			// A unit over a variable no other clause names: the
			// solver's model holds it from the start (see below).
			units = append(units, c[0])
			if used != nil {
				used[abs(c[0])] = true
			}
			continue
		}
		k := len(lits)
		for _, x := range c {
			lits = append(lits, solver.IntToLit(x))
			if used != nil {
				used[abs(x)] = true
			}
		}
		clauses = append(clauses, *solver.NewClause(lits[k:len(lits):len(lits)]))
	}
	for _, a := range amos {
		// At most one of a.Lits true is at least k−1 of their negations.
		k := len(lits)
		for _, x := range a.Lits {
			lits = append(lits, solver.IntToLit(-x))
			used[abs(x)] = true
		}
		clauses = append(clauses, *solver.NewCardClause(lits[k:len(lits):len(lits)], len(a.Lits)-1))
	}
	nbVars := f.Vars
	var num []int32
	if used != nil {
		// Variables past the map's that no constraint mentions any more
		// are dropped and the others renumbered densely after the map's,
		// which keep their numbers: gophersat would otherwise carry and
		// decide each one.
		num = make([]int32, f.Vars+1)
		nbVars = 0
		for v := 1; v <= f.Vars; v++ {
			if v <= mapVars || used[v] {
				nbVars++
				num[v] = int32(nbVars)
			}
		}
		if keep && nbVars < f.Vars {
			for v := mapVars + 1; v <= f.Vars; v++ {
				if used[v] && num[v] != int32(v) {
					return problem(f, mapVars, false, keep)
				}
			}
		}
		if nbVars < f.Vars {
			for i, l := range lits {
				if x := l.Int(); x > 0 {
					lits[i] = solver.IntToLit(num[x])
				} else {
					lits[i] = solver.IntToLit(-num[-x])
				}
			}
		}
	}
	// An empty formula gives the model array of the right size; setting
	// the clauses afterwards is what ParseSliceNb ends with too.
	pb := solver.ParseSliceNb(nil, nbVars)
	pb.Clauses = make([]*solver.Clause, len(clauses))
	for i := range clauses {
		pb.Clauses[i] = &clauses[i]
	}
	for _, x := range units {
		if used != nil && nbVars < f.Vars {
			if x > 0 {
				x = num[x]
			} else {
				x = -num[-x]
			}
		}
		l := solver.IntToLit(x)
		pb.Units = append(pb.Units, l)
		if x > 0 {
			pb.Model[l.Var()] = 1
		} else {
			pb.Model[l.Var()] = -1
		}
	}
	if len(pb.Clauses) > 0 {
		pb.Status = solver.Indet
	} else {
		pb.Status = solver.Sat
	}
	return pb
}

func abs(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

// simple reports whether every clause of f has at least two literals, each
// over a variable in 1..f.Vars, with no variable twice, or is a unit
// clause over a variable that no other clause names. With cards, the
// clauses are those beside the at-most-one constraints, and each of those
// is checked in the same way as a clause of its literals: the clauses that
// write it are not read. A variant formula (encode.Puzzle of a puzzle with rules) is of this
// form: each variable unit propagation settles is a unit clause, left
// out of every other.
func simple(f *encode.Formula, cards bool) bool {
	// seen[v] holds the number of the last clause that mentioned v.
	seen := make([]int32, f.Vars+1)
	// unit[v] is 1 for a variable of a unit clause, 2 for one of a longer
	// clause, 3 for both (or two units): not simple.
	unit := make([]uint8, f.Vars+1)
	var n int32
	ok := func(c []int32) bool {
		if len(c) == 1 {
			v := abs(c[0])
			if int(v) > f.Vars || v == 0 || unit[v] != 0 {
				return false
			}
			unit[v] = 1
			return true
		}
		if len(c) < 2 {
			return false
		}
		n++
		for _, x := range c {
			v := abs(x)
			if int(v) > f.Vars || v == 0 || seen[v] == n || unit[v]&1 != 0 {
				return false
			}
			seen[v] = n
			unit[v] = 2
		}
		return true
	}
	if !cards {
		for c := range f.Clauses() {
			if !ok(c) {
				return false
			}
		}
		return true
	}
	for c := range f.OtherClauses() {
		if !ok(c) {
			return false
		}
	}
	for a := range f.AMOs() {
		if !ok(a.Lits) || len(a.Lits) < 2 {
			return false
		}
	}
	return true
}
