package search

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// This file is the search's part of every kind of rule (see
// variant.Kinds): how a rule compiles into the model's propagators, and
// how the checker, which reads the rules themselves, decides that a
// complete filling keeps it.

// kindRule is the search's part of one kind of rule.
type kindRule struct {
	// compile adds the rule to the model; cells are its cells, checked
	// to be in the grid.
	compile func(b *builder, c sudokusat.Rule, cells []int32) error
	// holds reports whether a complete filling v (a digit per cell)
	// keeps the rule.
	holds func(k *checker, c sudokusat.Rule, v []int) bool
}

// builder is the state of a model being compiled that rules add to
// before the peers and the pair tables are made.
type builder struct {
	m      *model
	p      *sudokusat.Puzzle // the puzzle, for rules that read its other rules
	groups [][]int32         // all-different groups
	dots   map[pairKey]*pairRel
	ctx    context.Context // the compile's, for the rules that list much
	// The rules of the whole grid.
	antiKnight, antiKing, nonConsecutive, noBlack bool
	// noXV are the NoXV rules' values (0 for both sums, 5 or 10 for
	// one), nil for none.
	noXV []int
}

// forbidsXV reports whether NoXV rules of the values forbid a sum to
// unmarked neighbours.
func forbidsXV(values []int, sum int) bool {
	for _, v := range values {
		if variant.NoXVForbids(v, sum) {
			return true
		}
	}
	return false
}

// dot adds a relation to the pair (a, b), as a table over a's digits.
func (b *builder) dot(a, c int, t []uint64) *pairRel {
	k := keyOf(a, c)
	if int(k.a) != a {
		t = transpose(t)
	}
	r := b.dots[k]
	if r == nil {
		r = &pairRel{allow: t}
		b.dots[k] = r
	} else {
		r.allow = and(r.allow, t)
	}
	return r
}

// need refuses a rule with other than k cells.
func need(cells []int32, k int) error {
	if len(cells) != k {
		return fmt.Errorf("%d cells, want %d", len(cells), k)
	}
	return nil
}

// kindRules returns the search's part of each kind: the one place of the
// search that names the kinds, its groups in files of their own.
func kindRules() map[variant.Kind]kindRule {
	m := baseRules()
	for _, group := range []map[variant.Kind]kindRule{lineRules(), clueRules(), cellRules()} {
		maps.Copy(m, group)
	}
	return m
}

// baseRules returns the part of each kind of this file.
func baseRules() map[variant.Kind]kindRule {
	group := kindRule{
		compile: func(b *builder, _ sudokusat.Rule, cells []int32) error {
			b.groups = append(b.groups, cells)
			return nil
		},
		holds: func(_ *checker, c sudokusat.Rule, v []int) bool { return distinct(c.Cells, v) },
	}
	return map[variant.Kind]kindRule{
		variant.Region:       group,
		variant.DiagonalMain: group,
		variant.DiagonalAnti: group,
		variant.Killer: {
			compile: func(b *builder, c sudokusat.Rule, cells []int32) error {
				if len(cells) == 0 {
					return fmt.Errorf("no cells")
				}
				b.groups = append(b.groups, cells)
				if c.Value != sudokusat.NoValue && !b.m.addCage(b.ctx, cells, c.Value) {
					return fmt.Errorf("listing its digit sets: %w", b.ctx.Err())
				}
				return nil
			},
			holds: func(_ *checker, c sudokusat.Rule, v []int) bool {
				return distinct(c.Cells, v) && (c.Value == sudokusat.NoValue || sumOf(c.Cells, v) == c.Value)
			},
		},
		variant.Thermo: {
			compile: func(b *builder, _ sudokusat.Rule, cells []int32) error {
				if len(cells) == 0 {
					return fmt.Errorf("no cells")
				}
				if len(cells) > b.m.n {
					b.m.impossible = true // strictly increasing beyond n digits
				}
				b.m.addProp(prop{kind: propThermo, cells: cells})
				return nil
			},
			holds: func(_ *checker, c sudokusat.Rule, v []int) bool {
				for i := 1; i < len(c.Cells); i++ {
					if v[c.Cells[i]] <= v[c.Cells[i-1]] {
						return false
					}
				}
				return true
			},
		},
		variant.Arrow: {
			compile: func(b *builder, c sudokusat.Rule, cells []int32) error {
				// Each line sums to the circle on its own; an arrow
				// without one is malformed, as variant.Validate says.
				if len(c.Lines) == 0 {
					return fmt.Errorf("no line")
				}
				for _, line := range c.Lines {
					if err := b.m.addArrow(cells, line); err != nil {
						return err
					}
				}
				return nil
			},
			holds: func(_ *checker, c sudokusat.Rule, v []int) bool {
				circle := 0
				for _, x := range c.Cells {
					circle = circle*10 + v[x]
				}
				for _, line := range c.Lines {
					if sumOf(line, v) != circle {
						return false
					}
				}
				return true
			},
		},
		variant.White: dotRule(func(c sudokusat.Rule) func(a, b int) bool {
			if c.Value != 0 { // a difference other than 1
				return func(a, b int) bool { return a-b == c.Value || b-a == c.Value }
			}
			return consecutive
		}, func(r *pairRel) { r.white = true }),
		variant.Black: dotRule(func(c sudokusat.Rule) func(a, b int) bool {
			if c.Value != 0 { // a ratio other than 2
				return func(a, b int) bool { return a == c.Value*b || b == c.Value*a }
			}
			return double
		}, func(r *pairRel) { r.black = true }),
		variant.GreyDot: dotRule(func(sudokusat.Rule) func(a, b int) bool {
			return func(a, b int) bool { return consecutive(a, b) || double(a, b) }
		}, func(r *pairRel) { r.grey = true }),
		variant.XV: dotRule(func(c sudokusat.Rule) func(a, b int) bool { return func(a, b int) bool { return a+b == c.Value } },
			func(r *pairRel) { r.xvMarks = true }),
		variant.Even:       parityRule(0),
		variant.Odd:        parityRule(1),
		variant.AntiKnight: globalRule(func(b *builder) { b.antiKnight = true }, func(k *checker, v []int) bool { return k.moves(v, [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}}) }),
		variant.AntiKing:   globalRule(func(b *builder) { b.antiKing = true }, func(k *checker, v []int) bool { return k.moves(v, [][2]int{{0, 1}, {1, -1}, {1, 0}, {1, 1}}) }),
		variant.NonConsecutive: globalRule(func(b *builder) { b.nonConsecutive = true }, func(k *checker, v []int) bool {
			return k.orthogonal(v, func(a, b int, key pairKey) bool {
				return k.white[key] || k.black[key] || k.grey[key] || !consecutive(a, b)
			})
		}),
		variant.NoBlack: {
			compile: func(b *builder, _ sudokusat.Rule, _ []int32) error {
				bad := ratios(b.p.Rules)
				if slices.Equal(bad, []int{2}) {
					b.noBlack = true // the model's own table of the common case
					return nil
				}
				// Other ratios: a relation on each orthogonal pair
				// without a Kropki dot.
				dotted := map[pairKey]bool{}
				for _, c := range b.p.Rules {
					if (c.Kind == variant.White || c.Kind == variant.Black || c.Kind == variant.GreyDot) && len(c.Cells) == 2 {
						dotted[keyOf(c.Cells[0], c.Cells[1])] = true
					}
				}
				t := b.m.table(func(x, y int) bool { return !inRatio(x, y, bad) })
				n := b.m.n
				for c := 0; c < b.m.nn; c++ {
					for _, o := range [2]int{1, n} {
						if (o == 1 && c%n == n-1) || c+o >= b.m.nn || dotted[keyOf(c, c+o)] {
							continue
						}
						b.dot(c, c+o, t)
					}
				}
				return nil
			},
			holds: func(k *checker, _ sudokusat.Rule, v []int) bool {
				bad := ratios(k.p.Rules)
				return k.orthogonal(v, func(a, b int, key pairKey) bool {
					return k.white[key] || k.black[key] || k.grey[key] || !inRatio(a, b, bad)
				})
			},
		},
		variant.NoXV: {
			compile: func(b *builder, c sudokusat.Rule, _ []int32) error {
				b.noXV = append(b.noXV, c.Value)
				return nil
			},
			holds: func(k *checker, c sudokusat.Rule, v []int) bool {
				return k.orthogonal(v, func(a, b int, key pairKey) bool { return k.xv[key] || !variant.NoXVForbids(c.Value, a+b) })
			},
		},

		variant.DifferenceArrow: differenceArrowRule(),
	}
}

// differenceArrowRule is a difference arrow: on each line of two cells,
// the digits differ by the circle's digit. Each line is a propagator of
// its own over the circle and the line (differenceArrowNarrow).
func differenceArrowRule() kindRule {
	return kindRule{
		compile: func(b *builder, c sudokusat.Rule, cells []int32) error {
			if err := need(cells, 1); err != nil {
				return fmt.Errorf("a circle of %w", err)
			}
			if len(c.Lines) == 0 {
				return fmt.Errorf("no line")
			}
			for _, line := range c.Lines {
				lc, err := cellList(line, b.m.nn)
				if err != nil {
					return err
				}
				if err := need(lc, 2); err != nil {
					return fmt.Errorf("a line of %w", err)
				}
				b.m.addProp(prop{kind: propFunc, cells: []int32{cells[0], lc[0], lc[1]}, fn: differenceArrowNarrow})
			}
			return nil
		},
		holds: func(_ *checker, c sudokusat.Rule, v []int) bool {
			for _, line := range c.Lines {
				if a, b := v[line[0]], v[line[1]]; max(a-b, b-a) != v[c.Cells[0]] {
					return false
				}
			}
			return true
		},
	}
}

// differenceArrowNarrow keeps, of a circle and its line's two cells
// (p.cells), the circle's digits that some digits of the line differ by,
// and each line cell's digits with a partner in the other at one of the
// circle's digits: every digit left is in a triple of digits left that
// keeps the rule, so one pass is all.
func differenceArrowNarrow(s *state, p *prop) bool {
	c, a, b := p.cells[0], p.cells[1], p.cells[2]
	circle, ca, cb := s.cand[c], s.cand[a], s.cand[b]
	diffs := circle << 1 // digit d, bit d−1, as the difference d, bit d
	return s.narrow(c, pairDifferences(ca, cb)>>1) &&
		s.narrow(a, partners(cb, diffs)) &&
		s.narrow(b, partners(ca, diffs))
}

func consecutive(a, b int) bool { return a-b == 1 || b-a == 1 }
func double(a, b int) bool      { return a == 2*b || b == 2*a }

// ratios returns the ratios the black dots' negative rule forbids: each
// black dot's value (2 when its Value is 0), or 2 alone when there is no
// black dot, as the f-puzzles solver reads "negative": ["ratio"].
func ratios(rules []sudokusat.Rule) []int {
	var out []int
	for _, c := range rules {
		if c.Kind != variant.Black {
			continue
		}
		r := c.Value
		if r == 0 {
			r = 2
		}
		if !slices.Contains(out, r) {
			out = append(out, r)
		}
	}
	if out == nil {
		out = []int{2}
	}
	return out
}

// inRatio reports whether one of a and b is the other times one of rs.
func inRatio(a, b int, rs []int) bool {
	for _, r := range rs {
		if a == r*b || b == r*a {
			return true
		}
	}
	return false
}

// dotRule is a Kropki dot or an XV mark: a relation between two cells, ok
// for the rule, marked on the pair for the negative rules.
func dotRule(ok func(sudokusat.Rule) func(a, b int) bool, mark func(*pairRel)) kindRule {
	return kindRule{
		compile: func(b *builder, c sudokusat.Rule, cells []int32) error {
			if err := need(cells, 2); err != nil {
				return err
			}
			mark(b.dot(int(cells[0]), int(cells[1]), b.m.table(ok(c))))
			return nil
		},
		holds: func(_ *checker, c sudokusat.Rule, v []int) bool { return ok(c)(v[c.Cells[0]], v[c.Cells[1]]) },
	}
}

// parityRule is an even (0) or odd (1) cell.
func parityRule(parity int) kindRule {
	return kindRule{
		compile: func(b *builder, _ sudokusat.Rule, cells []int32) error {
			if err := need(cells, 1); err != nil {
				return err
			}
			var odd uint64 // the odd digits 1, 3, 5… are bits 0, 2, 4…
			for bit := 0; bit < b.m.n; bit += 2 {
				odd |= 1 << bit
			}
			if parity == 0 {
				odd = b.m.all &^ odd
			}
			b.m.init[cells[0]] &= odd
			return nil
		},
		holds: func(_ *checker, c sudokusat.Rule, v []int) bool { return v[c.Cells[0]]%2 == parity },
	}
}

// globalRule is a rule of the whole grid: compiling turns it on, and the
// model's peers or pair tables do the rest.
func globalRule(on func(*builder), holds func(*checker, []int) bool) kindRule {
	return kindRule{
		compile: func(b *builder, _ sudokusat.Rule, _ []int32) error {
			on(b)
			return nil
		},
		holds: func(k *checker, _ sudokusat.Rule, v []int) bool { return holds(k, v) },
	}
}
