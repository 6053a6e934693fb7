package search

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// This file is the search's part of the clues group of rule kinds (see
// variant/rules_clues.go): little killers, sandwiches, x-sums and
// skyscrapers, read along a line of cells from their clue; quadruples;
// digital-root cages; look-and-say clues; Roman numeral cages, read as
// column addition.
//
// A little killer is a sum over its diagonal, as an arrow's line is (see
// linear and enumerate). A sandwich and an x-sum split their row into
// pieces that hold sets of digits (see sandwichProp); a skyscraper, and
// a sandwich or x-sum whose sets are too many to list, propagate as an
// automaton over the line's digits (a reading): the states reachable
// from the start through the cells' candidates, and of those the ones
// from which an accepting end is still reachable, leave each cell the
// digits on some accepted path. That is every digit some filling of the
// candidates keeps, the digits of a row or a box kept apart aside (the
// peers do that): one pass is the propagator's fixpoint, since each
// digit kept has a path of kept digits.

// clueRules returns the search's part of each of this file's kinds.
func clueRules() map[variant.Kind]kindRule {
	return map[variant.Kind]kindRule{
		variant.LittleKiller: {
			compile: func(b *builder, c sudokusat.Rule, cells []int32) error {
				if len(cells) == 0 {
					return fmt.Errorf("no cells")
				}
				// A sum, as an arrow's line is: bounds, and the fillings
				// listed with the diagonal's peers kept apart (its cells
				// in one box differ). The reading of partial sums it had
				// let them repeat: on Orbit (arrows and four little
				// killers, no givens) the search took 17,280 nodes to
				// count to 2 with it, 9,812 with this.
				if k := b.m.addLinear(cells, slices.Repeat([]int64{1}, len(cells)), int64(c.Value)); k >= 0 {
					b.m.props[k].enumerate = true
				}
				return nil
			},
			holds: func(_ *checker, c sudokusat.Rule, v []int) bool { return sumOf(c.Cells, v) == c.Value },
		},
		variant.Sandwich: lineRule(sandwichProp, sandwichReading, func(ds []int, clue int) bool {
			n := len(ds)
			from, to := -1, -1
			for i, d := range ds {
				if d == 1 || d == n {
					if from < 0 {
						from = i
					} else {
						to = i
					}
				}
			}
			if to < 0 {
				return false
			}
			sum := 0
			for _, d := range ds[from+1 : to] {
				sum += d
			}
			return sum == clue
		}),
		variant.XSum: lineRule(xSumProp, xSumReading, func(ds []int, clue int) bool {
			x := ds[0]
			if x > len(ds) {
				return false
			}
			sum := 0
			for _, d := range ds[:x] {
				sum += d
			}
			return sum == clue
		}),
		variant.Skyscraper: lineRule(nil, skyscraperReading, func(ds []int, clue int) bool {
			seen, tallest := 0, 0
			for _, d := range ds {
				if d > tallest {
					seen++
					tallest = d
				}
			}
			return seen == clue
		}),
		variant.Quadruple: {
			compile: func(b *builder, c sudokusat.Rule, cells []int32) error {
				if err := need(cells, 4); err != nil {
					return err
				}
				want := variant.QuadrupleDigits(b.m.n, c.Value)
				if len(want) == 0 || len(want) > 4 {
					return fmt.Errorf("value %d lists no digits, or more than 4, from 1 to %d", c.Value, b.m.n)
				}
				b.m.addProp(prop{kind: propFunc, cells: cells, fn: quadrupleProp(want)})
				return nil
			},
			holds: func(k *checker, c sudokusat.Rule, v []int) bool {
				count := map[int]int{}
				for _, cell := range c.Cells {
					count[v[cell]]++
				}
				for _, d := range variant.QuadrupleDigits(k.n, c.Value) {
					if count[d]--; count[d] < 0 {
						return false
					}
				}
				return true
			},
		},
		variant.DigitalRoot:     setCageRule(),
		variant.PrimeCage:       setCageRule(),
		variant.PrimeCageRepeat: setCageRule(),
		variant.DistinctSums: {
			compile: func(b *builder, c sudokusat.Rule, _ []int32) error {
				if len(c.Lines) < 2 {
					return fmt.Errorf("%d cages, want at least 2", len(c.Lines))
				}
				var all []int32
				groups := make([][]int32, len(c.Lines))
				for i, l := range c.Lines {
					for _, x := range l {
						if x < 0 || x >= b.m.n*b.m.n {
							return fmt.Errorf("cage %d: cell %d is outside the grid", i+1, x)
						}
						groups[i] = append(groups[i], int32(x))
					}
					all = append(all, groups[i]...)
				}
				slices.Sort(all)
				b.m.addProp(prop{kind: propFunc, cells: slices.Compact(all), fn: distinctSumsProp(groups)})
				return nil
			},
			holds: func(_ *checker, c sudokusat.Rule, v []int) bool {
				seen := map[int]bool{}
				for _, l := range c.Lines {
					s := sumOf(l, v)
					if seen[s] {
						return false
					}
					seen[s] = true
				}
				return true
			},
		},
		variant.LookAndSay: {
			compile: func(b *builder, c sudokusat.Rule, cells []int32) error {
				pairs := variant.LookAndSayPairs(c.Value)
				if len(cells) == 0 || len(pairs) == 0 {
					return fmt.Errorf("no cells, or clue %d holds no (count, value) pairs", c.Value)
				}
				for _, p := range pairs {
					if p.Value < 1 || p.Value > b.m.n {
						return fmt.Errorf("clue %s names %d, no digit of the grid", variant.LookAndSayText(c.Value), p.Value)
					}
					b.addReading(cells, countReading(p.Value, p.Count))
				}
				return nil
			},
			holds: func(_ *checker, c sudokusat.Rule, v []int) bool {
				for _, p := range variant.LookAndSayPairs(c.Value) {
					got := 0
					for _, cell := range c.Cells {
						if v[cell] == p.Value {
							got++
						}
					}
					if got != p.Count {
						return false
					}
				}
				return true
			},
		},
		variant.RomanCages: {
			compile: func(b *builder, c sudokusat.Rule, _ []int32) error {
				if len(c.Lines) != 2 {
					return fmt.Errorf("%d cages, want two", len(c.Lines))
				}
				if b.m.n > 9 {
					return fmt.Errorf("%w: Roman numeral cages on a grid with digits above 9", ErrUnsupported)
				}
				order, r := romanReading(c.Lines[0], c.Lines[1], c.Value)
				cells, err := cellList(order, b.m.nn)
				if err != nil {
					return err
				}
				b.addReading(cells, r)
				return nil
			},
			holds: func(_ *checker, c sudokusat.Rule, v []int) bool {
				number := func(cells []int) int {
					x := 0
					for _, cell := range cells {
						x = x*10 + v[cell]
					}
					return x
				}
				return len(c.Lines) == 2 && number(c.Lines[0])+number(c.Lines[1]) == c.Value
			},
		},
	}
}

// setCageRule is the search's part of a cage whose total is one of a set
// (variant.CageSums: a digital-root cage, a prime cage): its digits kept
// apart when its kind says so, and the reading of its partial sums that
// ends on one of the set.
func setCageRule() kindRule {
	return kindRule{
		compile: func(b *builder, c sudokusat.Rule, cells []int32) error {
			if len(cells) == 0 {
				return fmt.Errorf("no cells")
			}
			if info, _ := variant.Info(c.Kind); info.Distinct {
				b.groups = append(b.groups, cells)
			}
			sums := variant.CageSums(b.m.n, c)
			if len(sums) == 0 {
				return fmt.Errorf("no sum of its %d cells is of the set", len(cells))
			}
			b.addReading(cells, sumReading(sums[len(sums)-1], func(s int) bool { return slices.Contains(sums, s) }))
			return nil
		},
		holds: func(k *checker, c sudokusat.Rule, v []int) bool {
			info, _ := variant.Info(c.Kind)
			return (!info.Distinct || distinct(c.Cells, v)) && slices.Contains(variant.CageSums(k.n, c), sumOf(c.Cells, v))
		},
	}
}

// distinctSumsProp keeps the sums of the groups (cages) apart: a group
// whose cells are all fixed has its sum; two such of one sum fail, and a
// group with one cell left loses the digits that would make a sum
// another fixed group has.
func distinctSumsProp(groups [][]int32) func(s *state, p *prop) bool {
	return func(s *state, p *prop) bool {
		sums := map[int]bool{}
		type open struct {
			cell int32
			rest int // the sum of the group's fixed cells
		}
		var last []open
		for _, g := range groups {
			sum, free := 0, int32(-1)
			unfixed := 0
			for _, c := range g {
				if bits.OnesCount64(s.cand[c]) == 1 {
					sum += bits.TrailingZeros64(s.cand[c]) + 1
				} else {
					unfixed++
					free = c
				}
			}
			switch unfixed {
			case 0:
				if sums[sum] {
					return false
				}
				sums[sum] = true
			case 1:
				last = append(last, open{free, sum})
			}
		}
		for _, o := range last {
			keep := s.cand[o.cell]
			for d := 1; d <= 64; d++ {
				if sums[o.rest+d] {
					keep &^= 1 << (d - 1)
				}
			}
			if !s.narrow(o.cell, keep) {
				return false
			}
		}
		return true
	}
}

// reading is a clue read along its cells as a deterministic automaton:
// its states are the integers 0 to size−1; from start, next gives the
// state after one more digit, or false when the clue cannot hold whatever

// romanReading reads two cages' numbers, a and b (each listed from its
// first digit), as column addition towards value: the cells in the order
// read, column by column from the units up (a's digit of a column, then
// b's), and the reading, whose state is the cell read next, the digit of
// a that waits for b's in its column (0 when none does) and the carry
// into the column. A column must leave value's digit there, and the last
// carry must be what value has above the longer number.
func romanReading(a, b []int, value int) ([]int, reading) {
	columns := max(len(a), len(b))
	var order, column []int
	var waits []bool
	for j := range columns {
		ia, ib := len(a)-1-j, len(b)-1-j
		if ia >= 0 {
			order, column, waits = append(order, a[ia]), append(column, j), append(waits, ib >= 0)
		}
		if ib >= 0 {
			order, column, waits = append(order, b[ib]), append(column, j), append(waits, false)
		}
	}
	digit := make([]int, columns+1) // value's decimal digits, the last all above
	x := max(value, 0)
	for j := range columns {
		digit[j], x = x%10, x/10
	}
	digit[columns] = x
	state := func(i, wait, carry int) int { return (i*10+wait)*2 + carry }
	return order, reading{size: state(len(order)+1, 0, 0), start: state(0, 0, 0),
		next: func(q, d int) (int, bool) {
			i, wait, carry := q/20, q/2%10, q%2
			if waits[i] {
				return state(i+1, d, carry), true
			}
			sum := wait + d + carry
			return state(i+1, 0, sum/10), sum%10 == digit[column[i]]
		},
		ends: func(q int) bool { return q/20 == len(order) && q/2%10 == 0 && q%2 == digit[columns] },
	}
}

// countReading reads how many cells so far hold digit, never past want,
// and accepts want: a look-and-say pair's. Its propagation keeps digit
// out of the cells once want of them must hold it, and puts it in each
// cell that must hold it for want to be reached.
func countReading(digit, want int) reading {
	return reading{size: want + 1, start: 0,
		next: func(q, d int) (int, bool) {
			if d != digit {
				return q, true
			}
			return q + 1, q < want
		},
		ends: func(q int) bool { return q == want }}
}

// reading is a clue read along its cells as a deterministic automaton:
// its states are the integers 0 to size−1; from start, next gives the
// state after one more digit, or false when the clue cannot hold whatever
// follows; the clue holds when the line ends in a state that ends
// accepts. Each clue numbers its own states.
type reading struct {
	size, start int
	next        func(q, d int) (int, bool)
	ends        func(q int) bool
}

// sumReading reads a partial sum, up to top.
func sumReading(top int, ends func(int) bool) reading {
	return reading{size: top + 1, start: 0, next: func(q, d int) (int, bool) { return q + d, q+d <= top }, ends: ends}
}

// lineRule is a clue that reads a whole row or column from outside the
// grid: its propagator on a grid of side n, made by split when split can
// (see splitProp) and otherwise by the reading reader makes, and holds on
// the digits of the line, in order from the clue.
func lineRule(split func(n, clue int) (func(s *state, p *prop) bool, bool), reader func(n, clue int) reading, holds func(ds []int, clue int) bool) kindRule {
	return kindRule{
		compile: func(b *builder, c sudokusat.Rule, cells []int32) error {
			if err := need(cells, b.m.n); err != nil {
				return err
			}
			if split != nil {
				if fn, ok := split(b.m.n, c.Value); ok {
					b.m.addProp(prop{kind: propFunc, cells: cells, fn: fn})
					return nil
				}
			}
			b.addReading(cells, reader(b.m.n, c.Value))
			return nil
		},
		holds: func(_ *checker, c sudokusat.Rule, v []int) bool {
			ds := make([]int, len(c.Cells))
			for i, cell := range c.Cells {
				ds[i] = v[cell]
			}
			return holds(ds, c.Value)
		},
	}
}

// sandwichReading: between the crusts with the sum so far (0 to the
// clue), before the first crust (1 or N), after the second. A crust
// between closes the sandwich, which must then hold the clue; a third
// crust is refused (a row holds each digit once).
func sandwichReading(n, clue int) reading {
	clue = max(clue, -1) // a negative clue: no sum state, nothing accepted
	before, after := clue+1, clue+2
	crust := func(d int) bool { return d == 1 || d == n }
	return reading{size: clue + 3, start: before,
		next: func(q, d int) (int, bool) {
			switch q {
			case before:
				if crust(d) {
					return 0, clue >= 0
				}
				return before, true
			case after:
				return after, !crust(d)
			}
			if crust(d) {
				return after, q == clue
			}
			return q + d, q+d <= clue
		},
		ends: func(q int) bool { return q == after }}
}

// xSumReading: the digits still to add and the sum still to reach,
// packed as left·(clue+1) + rest (left from 1 to n−1); before them the
// first digit X, and after them done.
func xSumReading(n, clue int) reading {
	clue = max(clue, 0)
	first, done := n*(clue+1), n*(clue+1)+1
	after := func(left, rest int) (int, bool) {
		if rest < left || rest > left*n {
			return 0, false // the digits left cannot make the rest
		}
		if left == 0 {
			return done, true
		}
		return left*(clue+1) + rest, true
	}
	return reading{size: n*(clue+1) + 2, start: first,
		next: func(q, d int) (int, bool) {
			switch q {
			case first:
				return after(d-1, clue-d)
			case done:
				return done, true
			}
			return after(q/(clue+1)-1, q%(clue+1)-d)
		},
		ends: func(q int) bool { return q == done }}
}

// skyscraperReading: the tallest digit so far and how many were seen,
// packed as tallest·(n+1) + seen, seen never past the clue.
func skyscraperReading(n, clue int) reading {
	w := n + 1
	return reading{size: w * w, start: 0,
		next: func(q, d int) (int, bool) {
			if tallest := q / w; d <= tallest {
				return q, true
			}
			seen := q%w + 1
			return d*w + seen, seen <= clue
		},
		ends: func(q int) bool { return q%w == clue }}
}

// addReading adds the propagator of a reading over cells.
func (b *builder) addReading(cells []int32, r reading) {
	ends := make([]uint64, (r.size+63)/64)
	for q := range r.size {
		if r.ends(q) {
			ends[q/64] |= 1 << (q % 64)
		}
	}
	b.m.addProp(prop{kind: propFunc, cells: cells, fn: func(s *state, p *prop) bool { return s.read(p.cells, r, ends) }})
}

// lineScratch is the working memory of read and of the split
// propagators, kept with the state to spare allocations: one bitset of
// states per position of the line, words words each, and the digits each
// cell keeps.
type lineScratch struct {
	reach, good, prev []uint64
	keep              []uint64
}

// read narrows each cell to the digits on an accepted path of r through
// the cells' candidates; ends is the bitset of r's accepting states. The
// states of each position are a bitset, not a map: the reading runs at
// almost every node of a puzzle with line clues, and hashing the states
// took most of the search's time on them.
func (s *state) read(cells []int32, r reading, ends []uint64) bool {
	k, w := len(cells), len(ends)
	sc := &s.reads
	sc.reach = slices.Grow(sc.reach[:0], (k+1)*w)[:(k+1)*w]
	clear(sc.reach)
	sc.keep = slices.Grow(sc.keep[:0], k)[:k]
	clear(sc.keep)
	// Forward: reach[i] are the states before cells[i] that the start
	// reaches.
	sc.reach[r.start/64] |= 1 << (r.start % 64)
	for i, c := range cells {
		from, to := sc.reach[i*w:(i+1)*w], sc.reach[(i+1)*w:(i+2)*w]
		any := uint64(0)
		for j, word := range from {
			for ; word != 0; word &= word - 1 {
				q := j*64 + bits.TrailingZeros64(word)
				for m := s.cand[c]; m != 0; m &= m - 1 {
					if q2, ok := r.next(q, bits.TrailingZeros64(m)+1); ok {
						to[q2/64] |= 1 << (q2 % 64)
						any = 1
					}
				}
			}
		}
		if any == 0 {
			return false
		}
	}
	// Backward: the states from which an accepting end is reachable,
	// and the digits that take them there.
	sc.good = slices.Grow(sc.good[:0], w)[:w]
	sc.prev = slices.Grow(sc.prev[:0], w)[:w]
	good, prev := sc.good, sc.prev
	last := sc.reach[k*w : (k+1)*w]
	for j := range good {
		good[j] = last[j] & ends[j]
	}
	for i := k - 1; i >= 0; i-- {
		clear(prev)
		c := cells[i]
		for j, word := range sc.reach[i*w : (i+1)*w] {
			for ; word != 0; word &= word - 1 {
				q := j*64 + bits.TrailingZeros64(word)
				for m := s.cand[c]; m != 0; m &= m - 1 {
					d := bits.TrailingZeros64(m) + 1
					if q2, ok := r.next(q, d); ok && good[q2/64]&(1<<(q2%64)) != 0 {
						prev[j] |= 1 << (q % 64)
						sc.keep[i] |= 1 << (d - 1)
					}
				}
			}
		}
		if sc.keep[i] == 0 {
			return false
		}
		good, prev = prev, good
	}
	for i, c := range cells {
		if !s.narrow(c, sc.keep[i]) {
			return false
		}
	}
	return true
}

// A sandwich or an x-sum splits its row into pieces that each hold a set
// of digits exactly, once each: the crusts, the digits between them and
// the rest of the row; X, the other X−1 digits that sum with it to the
// clue, and the rest. The split propagators list these splits, each a
// place for the piece and a set of digits it holds, and keep a split
// when each piece can hold its set (see fits); each cell keeps the
// digits of the splits kept.
//
// The reading of the partial sums, which these kinds had before, knows
// nothing of the row's digits being distinct: it let a sandwich of 30
// be 8+8+8+6, four cells, where distinct digits from 2 to 8 need five
// or six (8+7+6+5+4, or all but the 5), so it let the 1 and the 9 stand
// where no solution puts them. On "Sandwich Sudoku" (Cracking the
// Cryptic, one given and 18 sandwich clues) the search took 40,038 nodes
// to count to 2 with it.
//
// The sets come from a list made once for the clue, of at most maxCombos
// sets; a clue with more (on a large grid) keeps its reading.

// fits reports whether cells can hold exactly the digits of set, one
// each, as far as a look at each cell and at their union tells: each has
// a candidate in set, and together they have every digit of set. Hall's
// condition on the single cells and on the whole piece, not on the sets
// between: the peers' hidden singles and pointing see to more.
func (s *state) fits(set uint64, cells []int32) bool {
	var union uint64
	for _, c := range cells {
		v := s.cand[c] & set
		if v == 0 {
			return false
		}
		union |= v
	}
	return union == set
}

// hold adds to keep, cell by cell, the candidates of cells in set.
func (s *state) hold(keep []uint64, cells []int32, set uint64) {
	for i, c := range cells {
		keep[i] |= s.cand[c] & set
	}
}

// digitSets lists the sets of distinct digits from 1 to hi that sum to
// sum and that ok accepts (given the set and its size), as masks, or
// reports false when there are more than maxCombos.
func digitSets(hi, sum int, ok func(set uint64, size int) bool) ([]uint64, bool) {
	var out []uint64
	var walk func(d, left, size int, set uint64) bool
	walk = func(d, left, size int, set uint64) bool {
		if left == 0 {
			if ok(set, size) {
				if len(out) == maxCombos {
					return false
				}
				out = append(out, set)
			}
			return true
		}
		for ; d >= 1; d-- {
			if d <= left && d*(d+1)/2 >= left && !walk(d-1, left-d, size+1, set|1<<(d-1)) {
				return false
			}
		}
		return true
	}
	if sum < 0 || !walk(hi, sum, 0, 0) {
		return nil, false
	}
	return out, true
}

// splitRun narrows cells to the digits of the splits that pass lists,
// pass by pass until nothing narrows: a pass that narrows a cell may
// leave a split of an earlier one unable to fit. pass adds each split's
// digits to keep and reports whether it kept one.
func (s *state) splitRun(cells []int32, pass func(keep []uint64) bool) bool {
	sc := &s.reads
	for {
		sc.keep = slices.Grow(sc.keep[:0], len(cells))[:len(cells)]
		clear(sc.keep)
		if !pass(sc.keep) {
			return false
		}
		mark := len(s.trail)
		for i, c := range cells {
			if !s.narrow(c, sc.keep[i]) {
				return false
			}
		}
		if len(s.trail) == mark {
			return true
		}
	}
}

// sandwichProp: a split puts the crusts, the 1 and the N, at two places
// a < b of the row, and between them a set of b−a−1 digits from 2 to N−1
// that sums to the clue; the row's other cells hold the other digits
// from 2 to N−1.
func sandwichProp(n, clue int) (func(s *state, p *prop) bool, bool) {
	if n < 2 {
		return nil, false
	}
	one, top := uint64(1), uint64(1)<<(n-1)
	crusts := one | top
	mid := (uint64(1)<<n - 1) &^ crusts // n = 64 wraps to 0, less 1 is all ones
	sets, ok := digitSets(n-1, clue, func(set uint64, _ int) bool { return set&one == 0 })
	if !ok {
		return nil, false
	}
	bySize := make([][]uint64, n-1) // bySize[k]: the sets of k digits
	for _, set := range sets {
		k := popcount(set)
		bySize[k] = append(bySize[k], set)
	}
	return func(s *state, p *prop) bool {
		cells := p.cells
		k := len(cells)
		return s.splitRun(cells, func(keep []uint64) bool {
			kept := false
			for a := 0; a < k; a++ {
				ca := s.cand[cells[a]] & crusts
				if ca == 0 {
					continue
				}
				for b := a + 1; b < k; b++ {
					cb := s.cand[cells[b]] & crusts
					// The crusts the two places can take, in either order.
					var ka, kb uint64
					if ca&one != 0 && cb&top != 0 {
						ka, kb = one, top
					}
					if ca&top != 0 && cb&one != 0 {
						ka, kb = ka|top, kb|one
					}
					if ka == 0 || b-a-1 >= len(bySize) {
						continue
					}
					for _, set := range bySize[b-a-1] {
						rest := mid &^ set
						if !s.fits(set, cells[a+1:b]) || !s.fitsTwo(rest, cells[:a], cells[b+1:]) {
							continue
						}
						kept = true
						keep[a] |= ka
						keep[b] |= kb
						s.hold(keep[a+1:b], cells[a+1:b], set)
						s.hold(keep[:a], cells[:a], rest)
						s.hold(keep[b+1:], cells[b+1:], rest)
					}
				}
			}
			return kept
		})
	}, true
}

// fitsTwo is fits for a piece in two parts.
func (s *state) fitsTwo(set uint64, p, q []int32) bool {
	var union uint64
	for _, part := range [2][]int32{p, q} {
		for _, c := range part {
			v := s.cand[c] & set
			if v == 0 {
				return false
			}
			union |= v
		}
	}
	return union == set
}

// xSumProp: a split puts a digit X first, with X−1 more digits after it
// that make the clue with X: a set of X digits, X among them, that sums
// to the clue; the rest of the row holds the other digits.
func xSumProp(n, clue int) (func(s *state, p *prop) bool, bool) {
	all := uint64(1)<<n - 1
	sets, ok := digitSets(n, clue, func(set uint64, size int) bool { return size > 0 && set&(1<<(size-1)) != 0 })
	if !ok {
		return nil, false
	}
	return func(s *state, p *prop) bool {
		cells := p.cells
		return s.splitRun(cells, func(keep []uint64) bool {
			kept := false
			first := s.cand[cells[0]]
			for _, set := range sets {
				x := popcount(set)
				bit := uint64(1) << (x - 1)
				if first&bit == 0 || x > len(cells) {
					continue
				}
				others, rest := set&^bit, all&^set
				if !s.fits(others, cells[1:x]) || !s.fits(rest, cells[x:]) {
					continue
				}
				kept = true
				keep[0] |= bit
				s.hold(keep[1:x], cells[1:x], others)
				s.hold(keep[x:], cells[x:], rest)
			}
			return kept
		})
	}, true
}

// quadrupleProp narrows the four cells of a quadruple that lists want:
// a digit listed m times needs m cells that can hold it, and goes into
// them when only m can; the cells that can hold some listed digit must be
// at least as many as the digits listed, and when they are just as many
// they hold listed digits only. It repeats until nothing changes.
func quadrupleProp(want []int) func(s *state, p *prop) bool {
	var mask uint64
	count := map[int]int{}
	for _, d := range want {
		mask |= 1 << (d - 1)
		count[d]++
	}
	digits := slices.Compact(slices.Clone(want))
	return func(s *state, p *prop) bool {
		for changed := true; changed; {
			changed = false
			narrow := func(c int32, keep uint64) bool {
				if s.cand[c]&^keep != 0 {
					changed = true
				}
				return s.narrow(c, keep)
			}
			for _, d := range digits {
				bit := uint64(1) << (d - 1)
				var can []int32
				for _, c := range p.cells {
					if s.cand[c]&bit != 0 {
						can = append(can, c)
					}
				}
				if len(can) < count[d] {
					return false
				}
				if len(can) == count[d] {
					for _, c := range can {
						if !narrow(c, bit) {
							return false
						}
					}
				}
			}
			var can []int32
			for _, c := range p.cells {
				if s.cand[c]&mask != 0 {
					can = append(can, c)
				}
			}
			if len(can) < len(want) {
				return false
			}
			if len(can) == len(want) {
				for _, c := range can {
					if !narrow(c, mask) {
						return false
					}
				}
			}
		}
		return true
	}
}
