package main

import (
	"bufio"
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"

	"github.com/sudokusat/sudokusat/drat"
)

// step is one proof step: a lemma, or a deletion when del is set.
type step struct {
	del  bool
	lits []int32
}

// readSteps reads a proof file of any form package drat reads.
func readSteps(path string) ([]step, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var steps []step
	err = drat.ReadProof(bytes.NewReader(b), drat.FormatAuto, func(del bool, lits []int32) error {
		steps = append(steps, step{del, slices.Clone(lits)})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return steps, nil
}

// writeSteps writes steps as text DRAT or as the SAT competition's binary
// DRAT, the two forms both checkers read.
func writeSteps(path string, steps []step, binary bool) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	var b []byte
	for _, s := range steps {
		b = b[:0]
		if binary {
			b = append(b, 'a')
			if s.del {
				b[0] = 'd'
			}
			for _, l := range s.lits {
				u := uint64(2 * l)
				if l < 0 {
					u = uint64(-2*l) + 1
				}
				for ; u >= 0x80; u >>= 7 {
					b = append(b, byte(u)|0x80)
				}
				b = append(b, byte(u))
			}
			b = append(b, 0)
		} else {
			if s.del {
				b = append(b, "d "...)
			}
			for _, l := range s.lits {
				b = strconv.AppendInt(b, int64(l), 10)
				b = append(b, ' ')
			}
			b = append(b, "0\n"...)
		}
		w.Write(b)
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// mutation turns a proof of formula into another proof, or reports false
// when it does not apply (a proof with no lemma to drop, say). Some
// mutants still refute the formula, some do not: what is measured is
// whether the two checkers agree on them.
type mutation struct {
	name string
	big  bool // tried on proofs of more than bigProof steps too
	fn   func(rng *rand.Rand, formula [][]int32, proof []step) ([]step, bool)
}

// lemmaIndices returns the indices of the proof's non-empty lemmas before
// its first empty clause.
func lemmaIndices(proof []step) []int {
	var idx []int
	for i, s := range proof {
		if s.del {
			continue
		}
		if len(s.lits) == 0 {
			break
		}
		idx = append(idx, i)
	}
	return idx
}

// emptyClause returns the index of the proof's first empty lemma, or -1.
func emptyClause(proof []step) int {
	for i, s := range proof {
		if !s.del && len(s.lits) == 0 {
			return i
		}
	}
	return -1
}

func without(proof []step, i int) []step {
	return slices.Concat(proof[:i], proof[i+1:])
}

func insert(proof []step, i int, s ...step) []step {
	return slices.Concat(proof[:i], s, proof[i:])
}

// mutations are the corruptions tried on every proof.
var mutations = []mutation{
	{"drop-last-lemma", false, func(_ *rand.Rand, _ [][]int32, p []step) ([]step, bool) {
		// The last lemma before the empty clause is the one most often
		// needed to derive it.
		idx := lemmaIndices(p)
		if len(idx) == 0 {
			return nil, false
		}
		return without(p, idx[len(idx)-1]), true
	}},
	{"drop-random-lemma", false, func(rng *rand.Rand, _ [][]int32, p []step) ([]step, bool) {
		idx := lemmaIndices(p)
		if len(idx) == 0 {
			return nil, false
		}
		return without(p, idx[rng.IntN(len(idx))]), true
	}},
	{"flip-literal", true, func(rng *rand.Rand, _ [][]int32, p []step) ([]step, bool) {
		idx := lemmaIndices(p)
		if len(idx) == 0 {
			return nil, false
		}
		p = slices.Clone(p)
		i := idx[rng.IntN(len(idx))]
		lits := slices.Clone(p[i].lits)
		k := rng.IntN(len(lits))
		lits[k] = -lits[k]
		p[i] = step{false, lits}
		return p, true
	}},
	{"flip-last-lemma", false, func(rng *rand.Rand, _ [][]int32, p []step) ([]step, bool) {
		idx := lemmaIndices(p)
		if len(idx) == 0 {
			return nil, false
		}
		p = slices.Clone(p)
		i := idx[len(idx)-1]
		lits := slices.Clone(p[i].lits)
		lits[0] = -lits[0]
		p[i] = step{false, lits}
		return p, true
	}},
	{"truncate", false, func(_ *rand.Rand, _ [][]int32, p []step) ([]step, bool) {
		// Everything from the empty clause on is cut, so that the proof
		// ends one step short of its refutation.
		e := emptyClause(p)
		if e < 0 {
			return nil, false
		}
		return p[:e], true
	}},
	{"truncate-half", false, func(_ *rand.Rand, _ [][]int32, p []step) ([]step, bool) {
		if len(p) < 2 {
			return nil, false
		}
		return p[:len(p)/2], true
	}},
	{"bogus-unit", true, func(rng *rand.Rand, f [][]int32, p []step) ([]step, bool) {
		// The negation of one of the formula's unit clauses (a given) is
		// neither RUP nor RAT; without units, the negation of a literal
		// of a random clause.
		var units [][]int32
		for _, c := range f {
			if len(c) == 1 {
				units = append(units, c)
			}
		}
		var l int32
		if len(units) > 0 {
			l = -units[rng.IntN(len(units))][0]
		} else {
			c := f[rng.IntN(len(f))]
			if len(c) == 0 {
				return nil, false
			}
			l = -c[rng.IntN(len(c))]
		}
		return insert(p, rng.IntN(len(p)+1), step{false, []int32{l}}), true
	}},
	{"bogus-binary", false, func(rng *rand.Rand, f [][]int32, p []step) ([]step, bool) {
		// Two literals at random over the formula's variables: RUP, RAT
		// or neither, as it happens.
		vars := int32(0)
		for _, c := range f {
			for _, l := range c {
				vars = max(vars, l, -l)
			}
		}
		if vars == 0 {
			return nil, false
		}
		lit := func() int32 {
			l := 1 + rng.Int32N(vars)
			if rng.IntN(2) == 0 {
				l = -l
			}
			return l
		}
		return insert(p, rng.IntN(len(p)+1), step{false, []int32{lit(), lit()}}), true
	}},
	{"delete-original", false, func(rng *rand.Rand, f [][]int32, p []step) ([]step, bool) {
		var long []int
		for i, c := range f {
			if len(c) >= 2 {
				long = append(long, i)
			}
		}
		if len(long) == 0 {
			return nil, false
		}
		c := f[long[rng.IntN(len(long))]]
		return insert(p, 0, step{true, c}), true
	}},
	{"delete-originals", true, func(rng *rand.Rand, f [][]int32, p []step) ([]step, bool) {
		// A tenth of the formula's clauses deleted before the proof
		// starts: most proofs then fail.
		var dels []step
		for _, c := range f {
			if len(c) >= 2 && rng.IntN(10) == 0 {
				dels = append(dels, step{true, c})
			}
		}
		if len(dels) == 0 {
			return nil, false
		}
		return insert(p, 0, dels...), true
	}},
}
