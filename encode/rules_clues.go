package encode

import (
	"fmt"
	"maps"
	"slices"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// This file is the encoder of the clues group of rule kinds (see
// variant/rules_clues.go): little killers, sandwiches, x-sums,
// skyscrapers, quadruples, digital-root cages and Roman numeral cages.
//
// The clues read along a line of cells (a diagonal, a row or a column,
// from the clue) are written as automata: each kind is a deterministic
// automaton over the line's digits, and sequence writes the layered graph
// of its reachable states (an MDD) in the decomposition of the REGULAR
// constraint (Bacchus 2007; Quimper and Walsh 2006), on which unit
// propagation removes every digit that no accepted sequence of the line's
// candidates uses. The graph stays small: a state is a partial sum, or a
// phase and a partial sum, or a height and a count, and only the states
// that lie on an accepted path are written.

// clueEncoders returns the encoder of each of this file's kinds.
func clueEncoders() map[variant.Kind]func(*venc, sudokusat.Rule) error {
	return map[variant.Kind]func(*venc, sudokusat.Rule) error{
		variant.LittleKiller:    (*venc).littleKiller,
		variant.Sandwich:        (*venc).sandwich,
		variant.XSum:            (*venc).xSum,
		variant.Skyscraper:      (*venc).skyscraper,
		variant.Quadruple:       (*venc).quadruple,
		variant.DigitalRoot:     (*venc).setCage,
		variant.PrimeCage:       (*venc).setCage,
		variant.PrimeCageRepeat: (*venc).setCage,
		variant.DistinctSums:    (*venc).distinctSums,
		variant.RomanCages:      (*venc).romanCages,
		variant.LookAndSay:      (*venc).lookAndSay,
	}
}

// automaton reads a line of digits: from start, step gives the state
// after one more digit, or false when no sequence goes on from there;
// the line is accepted when it ends in a state that accept takes. States
// are small integers of the kind's own numbering.
type automaton struct {
	start  int
	step   func(q, d int) (int, bool)
	accept func(q int) bool
	// symbol, when set, reads each digit as a symbol of fewer (step is
	// given symbol(d)): the digits of one symbol share the edges that
	// read it, and such an edge implies that its cell holds one of them.
	// A counting circle's automaton reads "d" and "not d", two edges a
	// state where the digits would make N. nil reads each digit as
	// itself.
	symbol func(d int) int
}

// maxEdges bounds the transitions one line's automaton may write, each a
// variable and three clauses: a clue of a 9×9 grid has at most about
// 2,000 (an x-sum's), of a 16×16 grid about 27,000; some clues of 25×25
// grids have more (a little killer's is then written in the PB form).
const maxEdges = 100_000

// sequence writes that the digits of cells, in order, take a from its
// start to an accepting state. Layer i of the graph holds the states
// before cells[i] (layer 0 the start, layer k the end); an edge (q, d)
// of layer i reads digit d in cells[i] from state q. Only the states
// reachable from the start that still reach an accepting end are kept.
// Each kept state s and edge e get a variable, and:
//
//	s(0, start)                       the line starts
//	e → s(i, q), e → x(cells[i], d), e → s(i+1, step(q, d))
//	s(i, q) → some edge out of it      (i < k)
//	s(i, q) → some edge into it        (i > 0)
//	x(cells[i], d) → some edge of layer i reading d
//
// A cell's digit then picks, layer by layer, the one edge out of the one
// true state (the automaton is deterministic, so no other state can be
// true: every true state needs an edge into it from a true state, back
// to the start), and the last state is accepting because no other is
// kept. A digit that no accepted sequence uses at its cell loses all its
// edges, and the last clause makes it false by unit propagation.
func (v *venc) sequence(cells []int, a automaton) error {
	_, err := v.sequenceEnds(cells, a)
	return err
}

// sequenceEnds is sequence, and returns the variables of the last layer's
// states: in a solution, exactly the state the line ends in is true.
func (v *venc) sequenceEnds(cells []int, a automaton) (map[int]int32, error) {
	k := len(cells)
	symbol := a.symbol
	if symbol == nil {
		symbol = func(d int) int { return d }
	}
	// digits returns the symbols cell i may read, in the order of their
	// first digits, and the digits of each: a given cell reads its
	// given's only.
	digits := func(i int) (syms []int, of map[int][]int) {
		of = map[int][]int{}
		for d := 1; d <= v.n; d++ {
			if g := v.p.Grid.Cell(cells[i]); g != 0 && g != d {
				continue
			}
			s := symbol(d)
			if _, ok := of[s]; !ok {
				syms = append(syms, s)
			}
			of[s] = append(of[s], d)
		}
		return syms, of
	}
	// Forward: the states reachable from the start.
	reach := make([]map[int]bool, k+1)
	reach[0] = map[int]bool{a.start: true}
	syms := make([][]int, k)
	of := make([]map[int][]int, k)
	for i := range k {
		syms[i], of[i] = digits(i)
		reach[i+1] = map[int]bool{}
		for q := range reach[i] {
			for _, d := range syms[i] {
				if next, ok := a.step(q, d); ok {
					reach[i+1][next] = true
				}
			}
		}
	}
	// Backward: of those, the states that reach an accepting end.
	alive := make([]map[int]bool, k+1)
	alive[k] = map[int]bool{}
	for q := range reach[k] {
		if a.accept(q) {
			alive[k][q] = true
		}
	}
	edges := 0
	for i := k - 1; i >= 0; i-- {
		alive[i] = map[int]bool{}
		for q := range reach[i] {
			for _, d := range syms[i] {
				if next, ok := a.step(q, d); ok && alive[i+1][next] {
					alive[i][q] = true
					edges++
				}
			}
		}
	}
	if edges > maxEdges {
		return nil, fmt.Errorf("%d transitions along the line, more than %d: too many to write", edges, maxEdges)
	}
	if !alive[0][a.start] {
		v.f.Add() // no sequence is accepted: no solution
		return nil, nil
	}
	// The state variables, in a fixed order (sorted states) so that the
	// formula is the same on every run.
	state := make([]map[int]int32, k+1)
	for i := range state {
		state[i] = map[int]int32{}
		for _, q := range slices.Sorted(maps.Keys(alive[i])) {
			state[i][q] = v.f.newVar()
		}
	}
	v.f.Add(state[0][a.start])
	for i := range k {
		out := map[int][]int32{}  // the edges out of each state of layer i
		in := map[int][]int32{}   // the edges into each state of layer i+1
		read := map[int][]int32{} // the edges reading each symbol
		for _, q := range slices.Sorted(maps.Keys(alive[i])) {
			for _, d := range syms[i] {
				next, ok := a.step(q, d)
				if !ok || !alive[i+1][next] {
					continue
				}
				e := v.f.newVar()
				v.f.Add(-e, state[i][q])
				v.buf = append(v.buf[:0], -e)
				for _, digit := range of[i][d] {
					v.buf = append(v.buf, v.x(cells[i], digit))
				}
				v.f.Add(v.buf...)
				v.f.Add(-e, state[i+1][next])
				out[q] = append(out[q], e)
				in[next] = append(in[next], e)
				read[d] = append(read[d], e)
			}
		}
		for _, q := range slices.Sorted(maps.Keys(alive[i])) {
			v.f.Add(append([]int32{-state[i][q]}, out[q]...)...)
		}
		for _, q := range slices.Sorted(maps.Keys(alive[i+1])) {
			v.f.Add(append([]int32{-state[i+1][q]}, in[q]...)...)
		}
		for d := 1; d <= v.n; d++ {
			v.f.Add(append([]int32{-v.x(cells[i], d)}, read[symbol(d)]...)...)
		}
	}
	return state[k], nil
}

// distinctSums: no two cages of Lines sum to the same total. Each cage's
// sum is the last layer of its sum automaton (sequence's ends: a state
// variable true exactly when the cage sums to it), and two cages' states
// of one total exclude each other.
func (v *venc) distinctSums(c sudokusat.Rule) error {
	ends := make([]map[int]int32, len(c.Lines))
	for i, l := range c.Lines {
		if err := v.checkCells(l, 0); err != nil {
			return fmt.Errorf("cage %d: %w", i+1, err)
		}
		var err error
		if ends[i], err = v.sequenceEnds(l, sumAutomaton(len(l)*v.n, func(int) bool { return true })); err != nil {
			return fmt.Errorf("cage %d: %w", i+1, err)
		}
	}
	for i := range ends {
		for j := i + 1; j < len(ends); j++ {
			for _, s := range slices.Sorted(maps.Keys(ends[i])) {
				if b, ok := ends[j][s]; ok {
					v.f.Add(-ends[i][s], -b)
				}
			}
		}
	}
	return nil
}

// countAutomaton reads how many cells hold digit, never past most, and
// accepts the counts accept takes: a look-and-say pair's, a counting
// circle's. Over two symbols, digit and any other.
func countAutomaton(digit, most int, accept func(count int) bool) automaton {
	return automaton{
		start: 0,
		step: func(q, in int) (int, bool) {
			if in == 0 {
				return q, true
			}
			return q + 1, q < most
		},
		accept: accept,
		symbol: func(d int) int {
			if d == digit {
				return 1
			}
			return 0
		},
	}
}

// sumAutomaton reads a line's partial sum, up to the largest sum ok
// takes; the line is accepted when ok takes its sum.
func sumAutomaton(top int, ok func(sum int) bool) automaton {
	return automaton{
		start: 0,
		step: func(q, d int) (int, bool) {
			return q + d, q+d <= top
		},
		accept: ok,
	}
}

// littleKiller: the diagonal's digits, which may repeat, sum to the clue.
// The PB form writes it as one equation; the clause form as the
// automaton of partial sums, at most the clue's value states a layer.
func (v *venc) littleKiller(c sudokusat.Rule) error {
	if err := v.checkCells(c.Cells, 0); err != nil {
		return err
	}
	if v.sums == SumPB {
		terms := make([]term, len(c.Cells))
		for i, cell := range c.Cells {
			terms[i] = term{cell, 1}
		}
		v.pbSum(terms, c.Value)
		return nil
	}
	return v.sequence(c.Cells, sumAutomaton(c.Value, func(s int) bool { return s == c.Value }))
}

// sandwich: the states are before the first crust (1 or N), after the
// second, and between them with the sum so far. A crust between them
// closes the sandwich, which the clue must then match; a third crust is
// refused (the row holds each digit once, so that no solution has one).
func (v *venc) sandwich(c sudokusat.Rule) error {
	if err := v.checkCells(c.Cells, v.n); err != nil {
		return err
	}
	const before, after = -1, -2
	n, s := v.n, c.Value
	crust := func(d int) bool { return d == 1 || d == n }
	return v.sequence(c.Cells, automaton{
		start: before,
		step: func(q, d int) (int, bool) {
			switch {
			case q == before && crust(d):
				return 0, true
			case q == before, q == after && !crust(d):
				return q, true
			case q == after:
				return 0, false
			case crust(d): // between, the second crust
				return after, q == s
			}
			return q + d, q+d <= s
		},
		accept: func(q int) bool { return q == after },
	})
}

// xSum: the first digit X says how many digits to add. The states are
// the start, then (digits left to add, sum left to reach) until none is
// left, then done, which reads anything.
func (v *venc) xSum(c sudokusat.Rule) error {
	if err := v.checkCells(c.Cells, v.n); err != nil {
		return err
	}
	const start, done = -1, -2
	s := c.Value
	pack := func(left, rest int) (int, bool) { // rest ≥ 0 to reach with left digits
		switch {
		case rest < left || rest > left*v.n:
			return 0, false
		case left == 0:
			return done, true
		}
		return left*(s+1) + rest, true
	}
	return v.sequence(c.Cells, automaton{
		start: start,
		step: func(q, d int) (int, bool) {
			switch q {
			case start:
				return pack(d-1, s-d)
			case done:
				return done, true
			}
			return pack(q/(s+1)-1, q%(s+1)-d)
		},
		accept: func(q int) bool { return q == done },
	})
}

// skyscraper: the state is the tallest digit so far and how many have
// been seen (each digit taller than all before it), at most the clue.
func (v *venc) skyscraper(c sudokusat.Rule) error {
	if err := v.checkCells(c.Cells, v.n); err != nil {
		return err
	}
	w := v.n + 1
	return v.sequence(c.Cells, automaton{
		start: 0,
		step: func(q, d int) (int, bool) {
			top, seen := q/w, q%w
			if d <= top {
				return q, true
			}
			return d*w + seen + 1, seen+1 <= c.Value
		},
		accept: func(q int) bool { return q%w == c.Value },
	})
}

// quadruple: each digit the circle lists m times is in at least m of the
// four cells: every 5−m of them hold it (a clause each), which is
// exactly "at least m" of four. When the circle lists four digits, each
// cell also holds one of them. Digits of different kinds need no
// more: a cell holds one digit, so the counts together are the multiset
// the rule asks for.
func (v *venc) quadruple(c sudokusat.Rule) error {
	if err := v.checkCells(c.Cells, 4); err != nil {
		return err
	}
	ds := variant.QuadrupleDigits(v.n, c.Value)
	if len(ds) == 0 || len(ds) > 4 {
		return fmt.Errorf("value %d lists no digits, or more than 4, from 1 to %d", c.Value, v.n)
	}
	count := map[int]int{}
	for _, d := range ds {
		count[d]++
	}
	for _, d := range slices.Compact(slices.Clone(ds)) {
		size := 5 - count[d] // every subset of this many cells holds d
		for mask := 0; mask < 16; mask++ {
			if popcount4(mask) != size {
				continue
			}
			v.buf = v.buf[:0]
			for i, cell := range c.Cells {
				if mask&(1<<i) != 0 {
					v.buf = append(v.buf, v.x(cell, d))
				}
			}
			v.f.Add(v.buf...)
		}
	}
	if len(ds) == 4 {
		for _, cell := range c.Cells {
			v.buf = v.buf[:0]
			for _, d := range slices.Compact(slices.Clone(ds)) {
				v.buf = append(v.buf, v.x(cell, d))
			}
			v.f.Add(v.buf...)
		}
	}
	return nil
}

func popcount4(m int) int { return m&1 + m>>1&1 + m>>2&1 + m>>3&1 }

// setCage: a cage whose total is one of a set (variant.CageSums: a
// digital-root cage's root, root+9, …; a prime cage's primes), its digits
// distinct when its kind says so. The clause form is the sum automaton
// accepting those sums, beside the distinct clauses; the PB form picks
// one sum by a selector variable each (exactly one true) in one
// equation, Σ d·x − Σ sum·selector = 0.
func (v *venc) setCage(c sudokusat.Rule) error {
	if info, _ := variant.Info(c.Kind); info.Distinct {
		if err := v.group(c); err != nil {
			return err
		}
	} else if err := v.checkCells(c.Cells, 0); err != nil {
		return err
	}
	n := v.n
	sums := variant.CageSums(n, c)
	if len(sums) == 0 {
		v.f.Add() // no sum of the set: no solution (the validator refuses it)
		return nil
	}
	if v.sums == SumPB {
		var pb PB
		for _, cell := range c.Cells {
			for d := 1; d <= n; d++ {
				pb.Lits = append(pb.Lits, v.x(cell, d))
				pb.Weights = append(pb.Weights, d)
			}
		}
		sel := make([]int32, len(sums))
		for i, s := range sums {
			sel[i] = v.f.newVar()
			pb.Lits = append(pb.Lits, sel[i])
			pb.Weights = append(pb.Weights, -s)
		}
		v.f.Add(sel...)
		v.f.amo(sel, productThreshold)
		pb.Eq = true
		v.f.AddPB(pb)
		return nil
	}
	return v.sequence(c.Cells, sumAutomaton(sums[len(sums)-1], func(s int) bool { return slices.Contains(sums, s) }))
}

// lookAndSay: for each (count, value) pair, exactly count of the cells
// hold value. A count of 0 is a unit clause a cell. The PB form is one
// equation a pair, Σ x(cell, value) = count; the clause form reads the
// cells with the clues' automaton (sequence) over two symbols, value and
// any other digit, its state the values seen so far, never past count,
// and accepts count, so that unit propagation takes value from the cells
// left once count hold it, and puts it in the cells left when only as
// many can.
func (v *venc) lookAndSay(c sudokusat.Rule) error {
	if err := v.checkCells(c.Cells, 0); err != nil {
		return err
	}
	pairs := variant.LookAndSayPairs(c.Value)
	if len(pairs) == 0 {
		return fmt.Errorf("clue %d: no (count, value) pairs of digits", c.Value)
	}
	for _, p := range pairs {
		if p.Value < 1 || p.Value > v.n {
			if p.Count > 0 {
				v.f.Add() // a value no cell can hold, asked for: no solution (the validator refuses it)
			}
			continue
		}
		if p.Count == 0 {
			for _, cell := range c.Cells {
				v.f.Add(-v.x(cell, p.Value))
			}
			continue
		}
		if v.sums == SumPB {
			var pb PB
			for _, cell := range c.Cells {
				pb.Lits = append(pb.Lits, v.x(cell, p.Value))
				pb.Weights = append(pb.Weights, 1)
			}
			pb.RHS, pb.Eq = p.Count, true
			v.f.AddPB(pb)
			continue
		}
		err := v.sequence(c.Cells, countAutomaton(p.Value, p.Count, func(q int) bool { return q == p.Count }))
		if err != nil {
			return err
		}
	}
	return nil
}

// romanCages: the numbers the two cages read sum to the numeral's value.
// The PB form is one equation, each cell weighing 10^k by its place in its
// number. The clause form is column addition as an automaton: it reads the
// cells column by column from the units up, the first cage's digit of a
// column and then the second's, its state the carry into the column (and
// the first cage's digit until the second's is read); a column's sum must
// leave the value's digit of that column, and the last carry must be what
// the value has above the longer number. Unit propagation then removes
// every digit that no pair of numbers summing to the value uses.
func (v *venc) romanCages(c sudokusat.Rule) error {
	if len(c.Lines) != 2 {
		return fmt.Errorf("%d cages, want two", len(c.Lines))
	}
	if v.n > 9 {
		return fmt.Errorf("a %d×%d grid has digits above 9, which make no decimal number of Roman numeral cages", v.n, v.n)
	}
	a, b := c.Lines[0], c.Lines[1]
	if err := v.checkCells(slices.Concat(a, b), 0); err != nil {
		return err
	}
	if v.sums == SumPB {
		var terms []term
		for _, cage := range c.Lines {
			w := 1
			for i := len(cage) - 1; i >= 0; i-- {
				terms = append(terms, term{cage[i], w})
				w *= 10
			}
		}
		v.pbSum(terms, c.Value)
		return nil
	}
	// The cells in the order read; for each, its column (0 the units)
	// and whether it waits for the second cage's digit of its column.
	columns := max(len(a), len(b))
	var cells, column []int
	var waits []bool
	for j := range columns {
		ia, ib := len(a)-1-j, len(b)-1-j
		if ia >= 0 {
			cells, column, waits = append(cells, a[ia]), append(column, j), append(waits, ib >= 0)
		}
		if ib >= 0 {
			cells, column, waits = append(cells, b[ib]), append(column, j), append(waits, false)
		}
	}
	digit := func(j int) int { // the value's decimal digit of column j
		x := c.Value
		for range j {
			x /= 10
		}
		return x % 10
	}
	above := c.Value // the value above the longer number's columns
	for range columns {
		above /= 10
	}
	// A state is (cell read next, digit waiting or 0, carry).
	state := func(i, wait, carry int) int { return (i*10+wait)*2 + carry }
	return v.sequence(cells, automaton{
		start: state(0, 0, 0),
		step: func(q, d int) (int, bool) {
			i, wait, carry := q/20, q/2%10, q%2
			if waits[i] {
				return state(i+1, d, carry), true
			}
			sum := wait + d + carry
			return state(i+1, 0, sum/10), sum%10 == digit(column[i])
		},
		accept: func(q int) bool { return q/2%10 == 0 && q%2 == above },
	})
}
