package search

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// The tests' second opinion is as naive as it can be: fill the cells in
// order with every digit the row, column, region and givens allow, and
// keep the complete fillings that meet the constraints, read pair by pair
// in the plainest terms. It shares nothing with the engine but the model.

// brute returns every solution of p, in lexicographic order, as strings.
func brute(p *sudokusat.Puzzle) []string {
	n := p.Size()
	v := make([]int, n*n)
	var out []string
	var fill func(c int)
	fill = func(c int) {
		if c == n*n {
			if naiveHolds(p, v) {
				g := p.Grid.Clone()
				for i, d := range v {
					g.SetCell(i, d)
				}
				out = append(out, g.String())
			}
			return
		}
		for d := 1; d <= n; d++ {
			if g := p.Grid.Cell(c); g != 0 && g != d {
				continue
			}
			ok := true
			for o := 0; o < c && ok; o++ {
				same := o/n == c/n || o%n == c%n || p.Region(o) == p.Region(c)
				ok = !(same && v[o] == d)
			}
			if ok {
				v[c] = d
				fill(c + 1)
			}
		}
		v[c] = 0
	}
	fill(0)
	return out
}

// naiveHolds reports whether the complete filling v meets p's constraints.
func naiveHolds(p *sudokusat.Puzzle, v []int) bool {
	abs := func(x int) int { return max(x, -x) }
	for _, c := range p.Rules {
		ok := true
		switch c.Kind {
		case variant.Region, variant.DiagonalMain, variant.DiagonalAnti, variant.Killer:
			sum := 0
			for i, a := range c.Cells {
				sum += v[a]
				for _, b := range c.Cells[i+1:] {
					ok = ok && v[a] != v[b]
				}
			}
			if c.Kind == variant.Killer && c.Value != sudokusat.NoValue {
				ok = ok && sum == c.Value
			}
		case variant.Thermo:
			for i := 0; i+1 < len(c.Cells); i++ {
				ok = ok && v[c.Cells[i]] < v[c.Cells[i+1]]
			}
		case variant.Arrow:
			var sb strings.Builder
			for _, a := range c.Cells {
				sb.WriteString(strconv.Itoa(v[a]))
			}
			circle, _ := strconv.Atoi(sb.String())
			for _, line := range c.Lines { // each line on its own
				left := circle
				for _, a := range line {
					left -= v[a]
				}
				ok = ok && left == 0
			}
		case variant.DifferenceArrow:
			for _, line := range c.Lines { // each line on its own
				ok = ok && len(line) == 2 && abs(v[line[0]]-v[line[1]]) == v[c.Cells[0]]
			}
		case variant.White:
			ok = abs(v[c.Cells[0]]-v[c.Cells[1]]) == 1
		case variant.Black:
			a, b := v[c.Cells[0]], v[c.Cells[1]]
			ok = a == 2*b || b == 2*a
		case variant.XV:
			ok = v[c.Cells[0]]+v[c.Cells[1]] == c.Value
		case variant.Even:
			ok = v[c.Cells[0]]%2 == 0
		case variant.Odd:
			ok = v[c.Cells[0]]%2 != 0
		case variant.AntiKnight, variant.AntiKing, variant.NonConsecutive, variant.NoBlack, variant.NoXV:
			for a := range v {
				for b := a + 1; b < len(v); b++ {
					ok = ok && !pairBreaks(p, c.Kind, a, b, v[a], v[b])
				}
			}
		default:
			ok = false
		}
		if !ok {
			return false
		}
	}
	return true
}

// pairBreaks reports whether digits x in cell a and y in cell b break the
// global rule of the kind.
func pairBreaks(p *sudokusat.Puzzle, kind variant.Kind, a, b, x, y int) bool {
	n := p.Size()
	abs := func(x int) int { return max(x, -x) }
	dr, dc := abs(a/n-b/n), abs(a%n-b%n)
	dots := func(k variant.Kind) bool {
		for _, c := range p.Rules {
			if c.Kind == k && len(c.Cells) == 2 && ((c.Cells[0] == a && c.Cells[1] == b) || (c.Cells[0] == b && c.Cells[1] == a)) {
				return true
			}
		}
		return false
	}
	switch kind {
	case variant.AntiKnight:
		return ((dr == 1 && dc == 2) || (dr == 2 && dc == 1)) && x == y
	case variant.AntiKing:
		return max(dr, dc) == 1 && x == y
	}
	if dr+dc != 1 {
		return false
	}
	switch kind {
	case variant.NonConsecutive: // a dot of either colour exempts the pair
		return !dots(variant.White) && !dots(variant.Black) && abs(x-y) == 1
	case variant.NoBlack:
		return !dots(variant.White) && !dots(variant.Black) && (x == 2*y || y == 2*x)
	case variant.NoXV:
		return !dots(variant.XV) && (x+y == 5 || x+y == 10)
	}
	return false
}

// global reports whether a kind has no cells, applying to the whole grid.
func global(k variant.Kind) bool {
	switch k {
	case variant.AntiKnight, variant.AntiKing, variant.NonConsecutive, variant.NoBlack, variant.NoXV:
		return true
	}
	return false
}

// kinds are the constraint kinds the random puzzles draw from.
var kinds = []variant.Kind{
	variant.Region, variant.DiagonalMain, variant.DiagonalAnti, variant.Killer,
	variant.Thermo, variant.Arrow, variant.White, variant.Black, variant.XV,
	variant.Even, variant.Odd, variant.AntiKnight, variant.AntiKing,
	variant.NonConsecutive, variant.NoBlack, variant.NoXV, variant.DifferenceArrow,
}

// jigsaws are irregular regions for the random puzzles, by side.
var jigsaws = map[int][]int{
	4: {
		0, 0, 1, 1,
		0, 2, 2, 1,
		0, 2, 2, 1,
		3, 3, 3, 3,
	},
	6: {
		0, 0, 0, 1, 1, 1,
		0, 0, 2, 2, 1, 1,
		0, 2, 2, 3, 3, 1,
		4, 2, 3, 3, 5, 5,
		4, 4, 2, 3, 5, 5,
		4, 4, 4, 3, 5, 5,
	},
}

// randomPuzzle makes a puzzle of side n (4 or 6) with up to k constraints
// of the given kinds (all kinds when none). Most constraints are drawn to
// hold in a random solution, so that counts are often above zero: the
// global rules chosen to hold are placed first and the solution drawn
// under them, the other constraints are then drawn to fit it. A 6×6
// puzzle gets enough givens for the brute force to stay quick.
func randomPuzzle(rng *rand.Rand, n, k int, only ...variant.Kind) *sudokusat.Puzzle {
	g, _ := sudokusat.NewGridSize(n)
	p := &sudokusat.Puzzle{Grid: g}
	if rng.IntN(4) == 0 {
		p.Regions = slices.Clone(jigsaws[n])
	}
	if len(only) == 0 {
		only = kinds
	}
	type pick struct {
		kind     variant.Kind
		truthful bool
	}
	var picks []pick
	for range 1 + rng.IntN(k) {
		picks = append(picks, pick{only[rng.IntN(len(only))], rng.IntN(5) > 0})
	}
	for _, pk := range picks {
		if global(pk.kind) && pk.truthful {
			p.Rules = append(p.Rules, sudokusat.Rule{Kind: pk.kind})
		}
	}
	sol := randomSolution(rng, p)
	if sol == nil { // the global rules leave no solution on these regions
		p.Rules = nil
		sol = randomSolution(rng, p)
	}
	givens := rng.IntN(4)
	if n == 6 {
		givens = 11 + rng.IntN(8)
	}
	for _, c := range rng.Perm(n * n)[:givens] {
		g.SetCell(c, sol[c])
	}
	for _, pk := range picks {
		if !global(pk.kind) || !pk.truthful {
			p.Rules = append(p.Rules, randomConstraint(rng, p, sol, pk.kind, pk.truthful))
		}
	}
	return p
}

// randomSolution fills p's regions at random under its global rules (the
// only constraints it has yet), or returns nil when a bounded search finds
// no filling.
func randomSolution(rng *rand.Rand, p *sudokusat.Puzzle) []int {
	n := p.Size()
	v := make([]int, n*n)
	budget := 100000
	var fill func(c int) bool
	fill = func(c int) bool {
		if c == n*n {
			return true
		}
		if budget--; budget < 0 {
			return false
		}
		for _, d := range rng.Perm(n) {
			d++
			ok := true
			for o := 0; o < c && ok; o++ {
				same := o/n == c/n || o%n == c%n || p.Region(o) == p.Region(c)
				ok = !(same && v[o] == d)
				for _, r := range p.Rules {
					ok = ok && !pairBreaks(p, r.Kind, o, c, v[o], d)
				}
			}
			if ok {
				v[c] = d
				if fill(c + 1) {
					return true
				}
			}
		}
		return false
	}
	if !fill(0) {
		return nil
	}
	return v
}

// randomConstraint draws one constraint of the kind; when truthful it
// tries a few draws for one that sol meets.
func randomConstraint(rng *rand.Rand, p *sudokusat.Puzzle, sol []int, kind variant.Kind, truthful bool) sudokusat.Rule {
	n := p.Size()
	var c sudokusat.Rule
	for try := 0; try < 20; try++ {
		c = drawConstraint(rng, n, sol, kind)
		if !truthful || naiveHolds(&sudokusat.Puzzle{Grid: p.Grid, Rules: []sudokusat.Rule{c}}, sol) {
			break
		}
	}
	return c
}

// drawConstraint draws one constraint of the kind, using sol for the sums
// so that they are plausible.
func drawConstraint(rng *rand.Rand, n int, sol []int, kind variant.Kind) sudokusat.Rule {
	cells := func(k int) []int { return rng.Perm(n * n)[:k] }
	// neighbour returns a cell orthogonally next to c.
	neighbour := func(c int) int {
		for {
			switch rng.IntN(4) {
			case 0:
				if c%n > 0 {
					return c - 1
				}
			case 1:
				if c%n < n-1 {
					return c + 1
				}
			case 2:
				if c >= n {
					return c - n
				}
			default:
				if c+n < n*n {
					return c + n
				}
			}
		}
	}
	sum := func(cs []int) int {
		s := 0
		for _, c := range cs {
			s += sol[c]
		}
		return s
	}
	c := sudokusat.Rule{Kind: kind}
	switch kind {
	case variant.Region:
		c.Cells = cells(2 + rng.IntN(n-1))
	case variant.DiagonalMain, variant.DiagonalAnti:
		for i := 0; i < n; i++ {
			if kind == variant.DiagonalMain {
				c.Cells = append(c.Cells, i*n+i)
			} else {
				c.Cells = append(c.Cells, (n-1-i)*n+i)
			}
		}
	case variant.Killer:
		c.Cells = cells(1 + rng.IntN(4))
		c.Value = sudokusat.NoValue
		if rng.IntN(4) > 0 {
			c.Value = sum(c.Cells)
		}
	case variant.Thermo:
		c.Cells = cells(2 + rng.IntN(3))
		if rng.IntN(3) > 0 {
			slices.SortFunc(c.Cells, func(a, b int) int { return sol[a] - sol[b] })
		}
	case variant.Arrow:
		c.Cells = cells(1 + rng.IntN(5)/4) // a pill now and then
		if n > 9 {
			c.Cells = c.Cells[:1] // pills need digits up to 9
		}
		for range 1 + rng.IntN(2) {
			c.Lines = append(c.Lines, cells(1+rng.IntN(3)))
		}
	case variant.DifferenceArrow:
		// A circle, and one or two lines of two cells, none of them the
		// circle's.
		cs := cells(5)
		c.Cells = cs[:1]
		c.Lines = [][]int{cs[1:3]}
		if rng.IntN(2) == 0 {
			c.Lines = append(c.Lines, cs[3:5])
		}
	case variant.White, variant.Black, variant.XV:
		a := rng.IntN(n * n)
		c.Cells = []int{a, neighbour(a)}
		if kind == variant.XV {
			c.Value = []int{5, 10}[rng.IntN(2)]
		}
	case variant.Even, variant.Odd:
		c.Cells = cells(1)
	}
	return c
}
