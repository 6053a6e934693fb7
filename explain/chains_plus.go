package explain

import (
	"math/bits"
	"slices"

	"github.com/sudokusat/sudokusat/encode"
)

// Level 1 ("dynamic forcing chains (+)", 9.0): when a dynamic chain's
// links run out, the first of pointing and claiming, hidden pair, naked
// pair and X-wing that applies to the working grid removes candidates,
// each removal a node off whose parents are the chain's nodes off that
// made the rule apply (SE's getAdvancedPotentials and getRuleParents).
// A rule that applies without any of them was there before the chain
// and is left out. The rules scan the grid in SE's order, and their
// removals come in the order SE's hash maps give them, so that the
// nodes are reached, and counted, as SE reaches them.

// ruleUse is a rule a level-1 chain applied to its working grid: the
// houses it reads and the grid's facts it rests on.
type ruleUse struct {
	name  string
	refs  []Ref
	facts []Fact
}

// advanced applies the first level-1 rule that yields anything to the
// working grid of br, and returns its removals as new nodes.
func (ch *chainer) advanced(br *branch) []int32 {
	if ch.lines == nil {
		ch.sortHouses()
	}
	for _, rule := range []func(*branch) []int32{ch.lockedRule, ch.hiddenPairRule, ch.nakedPairRule, ch.xWingRule} {
		if out := rule(br); len(out) > 0 {
			return out
		}
	}
	return nil
}

// sortHouses lists the houses by kind, each in index order.
func (ch *chainer) sortHouses() {
	ch.lines = map[encode.PartKind][]int{}
	for i, h := range ch.b.houses {
		k := h.ref.Kind
		if k == encode.PartRegion || k == encode.PartRow || k == encode.PartColumn {
			ch.lines[k] = append(ch.lines[k], i)
		}
	}
}

// ruleNodes makes the removals of one rule found nodes off, their
// parents the nodes off of br that parents names; nothing when parents
// names none (the rule held without the chain).
func (ch *chainer) ruleNodes(br *branch, use ruleUse, parents []int32, removed []Candidate, out []int32) []int32 {
	var ps []int32
	for _, x := range parents {
		if br.has(x) {
			ps = append(ps, br.get(x))
		}
	}
	if len(ps) == 0 {
		return out
	}
	ch.rules = append(ch.rules, use)
	ri := int32(len(ch.rules) - 1)
	for _, r := range hashOrder(removed) {
		q := ch.newPot(ch.node(r.Cell, r.Digit, false), linkRule, -1, ps[0])
		for _, p := range ps[1:] {
			ch.addParent(q, p)
		}
		ch.pots[q].rule = ri
		out = append(out, q)
	}
	return out
}

// hashOrder orders removals as SE's hash map of cells (a cell's hash is
// its index) iterates them: by index modulo the table's size, then in
// the order put; each cell's digits from the smallest.
func hashOrder(removed []Candidate) []Candidate {
	var cells []int
	for _, r := range removed {
		if !slices.Contains(cells, r.Cell) {
			cells = append(cells, r.Cell)
		}
	}
	size := 16
	for len(cells) > size*3/4 {
		size *= 2
	}
	slices.SortStableFunc(cells, func(a, b int) int { return a%size - b%size })
	out := make([]Candidate, 0, len(removed))
	for _, c := range cells {
		var ds []int
		for _, r := range removed {
			if r.Cell == c {
				ds = append(ds, r.Digit)
			}
		}
		slices.Sort(ds)
		for _, d := range ds {
			out = append(out, Candidate{c, d})
		}
	}
	return out
}

// places lists the cells of house h that hold d in the working grid.
func (ch *chainer) places(h, d int) []int {
	var out []int
	for _, c := range ch.b.houses[h].cells {
		if ch.grid[c]&bit(d) != 0 {
			out = append(out, c)
		}
	}
	return out
}

// placesAt returns, for each digit d, the positions in house h of the
// cells that hold d in the working grid (bit k for the house's k-th
// cell).
func (ch *chainer) placesAt(h int) []uint64 {
	at := make([]uint64, ch.n+1)
	for k, c := range ch.b.houses[h].cells {
		for m := ch.grid[c]; m != 0; m &= m - 1 {
			at[bits.TrailingZeros64(m)+1] |= 1 << k
		}
	}
	return at
}

// openCells counts the cells of house h with no digit placed.
func (ch *chainer) openCells(h int) int {
	k := 0
	for _, c := range ch.b.houses[h].cells {
		if ch.e.s.placed[c] == 0 {
			k++
		}
	}
	return k
}

// pairs calls fn with each pair i < j below n in SE's order (by j, then
// i), until fn returns false.
func pairs(n int, fn func(i, j int) bool) {
	for j := 1; j < n; j++ {
		for i := range j {
			if !fn(i, j) {
				return
			}
		}
	}
}

// lockedRule is pointing (a box to a column, then to a row) and
// claiming (a column, then a row, to a box), each digit in turn.
func (ch *chainer) lockedRule(br *branch) []int32 {
	var out []int32
	boxes, rows, cols := ch.lines[encode.PartRegion], ch.lines[encode.PartRow], ch.lines[encode.PartColumn]
	for _, pair := range [][2][]int{{boxes, cols}, {boxes, rows}, {cols, boxes}, {rows, boxes}} {
		for d := 1; d <= ch.n; d++ {
			for _, h1 := range pair[0] {
				where := ch.places(h1, d)
				if len(where) < 2 {
					continue
				}
				for _, h2 := range pair[1] {
					in2 := ch.b.houses[h2].cells
					if !containsAll(in2, where) {
						continue
					}
					in1 := ch.b.houses[h1].cells
					var removed []Candidate
					for _, c := range in2 {
						if !slices.Contains(in1, c) && ch.grid[c]&bit(d) != 0 {
							removed = append(removed, Candidate{c, d})
						}
					}
					if len(removed) == 0 {
						continue
					}
					var parents []int32
					for _, c := range in1 {
						if ch.orig[c]&bit(d) != 0 && ch.grid[c]&bit(d) == 0 && !slices.Contains(in2, c) {
							parents = append(parents, ch.node(c, d, false))
						}
					}
					name := Claiming
					if ch.b.houses[h1].ref.Kind == encode.PartRegion {
						name = Pointing
					}
					use := ruleUse{name, []Ref{ch.b.houses[h1].ref, ch.b.houses[h2].ref}, ch.e.s.facts(minus(in1, in2), bit(d))}
					out = ch.ruleNodes(br, use, parents, removed, out)
				}
			}
		}
	}
	return out
}

// hiddenPairRule is two digits with the same two places in a box, a
// column or a row of more than four open cells.
func (ch *chainer) hiddenPairRule(br *branch) []int32 {
	var out []int32
	for _, kind := range []encode.PartKind{encode.PartRegion, encode.PartColumn, encode.PartRow} {
		for _, h := range ch.lines[kind] {
			if ch.openCells(h) <= 4 {
				continue
			}
			cells := ch.b.houses[h].cells
			// Each digit's places, by position in the house: most pairs
			// of digits are told apart by these alone.
			at := ch.placesAt(h)
			pairs(ch.n, func(i, j int) bool {
				a, b := i+1, j+1
				if bits.OnesCount64(at[a]) < 2 || bits.OnesCount64(at[b]) < 2 || bits.OnesCount64(at[a]|at[b]) != 2 {
					return true
				}
				var both []int
				for m := at[a] | at[b]; m != 0; m &= m - 1 {
					both = append(both, cells[bits.TrailingZeros64(m)])
				}
				slices.Sort(both)
				set := bit(a) | bit(b)
				var removed []Candidate
				for _, c := range both {
					for _, d := range digits(ch.grid[c] &^ set) {
						removed = append(removed, Candidate{c, d})
					}
				}
				if len(removed) == 0 {
					return true
				}
				var parents []int32
				for _, c := range cells {
					if slices.Contains(both, c) {
						continue
					}
					for _, d := range []int{a, b} {
						if ch.orig[c]&bit(d) != 0 {
							parents = append(parents, ch.node(c, d, false))
						}
					}
				}
				use := ruleUse{HiddenPair, []Ref{ch.b.houses[h].ref}, ch.e.s.facts(minus(cells, both), set)}
				out = ch.ruleNodes(br, use, parents, removed, out)
				return true
			})
		}
	}
	return out
}

// nakedPairRule is two cells of a box, a column or a row of at least
// four open cells that hold the same two digits and no other.
func (ch *chainer) nakedPairRule(br *branch) []int32 {
	var out []int32
	for _, kind := range []encode.PartKind{encode.PartRegion, encode.PartColumn, encode.PartRow} {
		for _, h := range ch.lines[kind] {
			if ch.openCells(h) < 4 {
				continue
			}
			cells := ch.b.houses[h].cells
			pairs(len(cells), func(i, j int) bool {
				x, y := cells[i], cells[j]
				if count(ch.grid[x]) < 2 || count(ch.grid[y]) < 2 {
					return true
				}
				set := ch.grid[x] | ch.grid[y]
				if count(set) != 2 {
					return true
				}
				var removed []Candidate
				for _, c := range cells {
					if c == x || c == y {
						continue
					}
					for _, d := range digits(ch.grid[c] & set) {
						removed = append(removed, Candidate{c, d})
					}
				}
				if len(removed) == 0 {
					return true
				}
				var parents []int32
				for _, c := range []int{x, y} {
					for _, d := range digits(ch.orig[c] &^ set) {
						parents = append(parents, ch.node(c, d, false))
					}
				}
				use := ruleUse{NakedPair, []Ref{ch.b.houses[h].ref}, ch.e.s.facts([]int{x, y}, ch.b.all&^set)}
				out = ch.ruleNodes(br, use, parents, removed, out)
				return true
			})
		}
	}
	return out
}

// xWingRule is a digit whose places in two columns lie in two rows (or
// in two rows, two columns): those lines' other cells lose it.
func (ch *chainer) xWingRule(br *branch) []int32 {
	var out []int32
	n := ch.n
	placed := make([]int, n+1)
	for _, d := range ch.e.s.placed {
		placed[d]++
	}
	rows, cols := ch.lines[encode.PartRow], ch.lines[encode.PartColumn]
	for _, lines := range [][2][]int{{cols, rows}, {rows, cols}} {
		base, cover := lines[0], lines[1]
		// Where each digit lies along each base line, by cover index.
		at := make([][]uint64, len(base))
		for i, h := range base {
			at[i] = ch.placesAt(h)
		}
		pairs(len(base), func(i, j int) bool {
			for d := 1; d <= n; d++ {
				if placed[d]+4 > n {
					continue
				}
				ki, kj := at[i][d], at[j][d]
				if bits.OnesCount64(ki) < 2 || bits.OnesCount64(kj) < 2 || bits.OnesCount64(ki|kj) != 2 {
					continue
				}
				ks := []int{bits.TrailingZeros64(ki | kj), 63 - bits.LeadingZeros64(ki|kj)}
				covers := []int{cover[ks[0]], cover[ks[1]]}
				var removed []Candidate
				for _, hc := range covers {
					for k, c := range ch.b.houses[hc].cells {
						if k != i && k != j && ch.grid[c]&bit(d) != 0 {
							removed = append(removed, Candidate{c, d})
						}
					}
				}
				if len(removed) == 0 {
					continue
				}
				coverCells := append(slices.Clone(ch.b.houses[covers[0]].cells), ch.b.houses[covers[1]].cells...)
				var parents []int32
				var outside []int
				for _, hb := range []int{base[i], base[j]} {
					for _, c := range ch.b.houses[hb].cells {
						if slices.Contains(coverCells, c) {
							continue
						}
						outside = append(outside, c)
						if ch.orig[c]&bit(d) != 0 && ch.grid[c]&bit(d) == 0 {
							parents = append(parents, ch.node(c, d, false))
						}
					}
				}
				refs := []Ref{ch.b.houses[base[i]].ref, ch.b.houses[covers[0]].ref, ch.b.houses[base[j]].ref, ch.b.houses[covers[1]].ref}
				use := ruleUse{XWing, refs, ch.e.s.facts(outside, bit(d))}
				out = ch.ruleNodes(br, use, parents, removed, out)
			}
			return true
		})
	}
	return out
}
