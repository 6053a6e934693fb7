package varianttest

import (
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// This file is the tests' second opinion on the clues group of rule kinds
// (little killers, sandwiches, x-sums, skyscrapers, quadruples,
// digital-root and prime cages, distinct cage sums, look-and-say clues,
// Roman numeral cages): random small puzzles with them, every filling of
// a grid's rows, columns, regions and givens, and a reading of the rules
// written from their meaning sentences alone, sharing nothing with the
// validator, the encoder or the search.

// ClueKinds are the kinds RandomClues draws from.
var ClueKinds = []variant.Kind{
	variant.LittleKiller, variant.Sandwich, variant.XSum,
	variant.Skyscraper, variant.Quadruple, variant.DigitalRoot,
	variant.PrimeCage, variant.PrimeCageRepeat, variant.DistinctSums,
	variant.LookAndSay, variant.RomanCages,
}

// CluesHold reports whether the filling v (a digit per cell, row-major)
// keeps every rule of p, read plainly: a killer cage or one of the clues
// group's. A rule of another kind never holds.
func CluesHold(p *sudokusat.Puzzle, v []int) bool {
	n := p.Size()
	for _, r := range p.Rules {
		ds := make([]int, len(r.Cells))
		sum := 0
		for i, c := range r.Cells {
			ds[i] = v[c]
			sum += v[c]
		}
		ok := false
		switch r.Kind {
		case variant.Killer:
			ok = allDifferent(ds) && (r.Value == sudokusat.NoValue || sum == r.Value)
		case variant.LittleKiller:
			ok = sum == r.Value
		case variant.Sandwich:
			// The digits strictly between the 1 and the n.
			a, b := slices.Index(ds, 1), slices.Index(ds, n)
			if a > b {
				a, b = b, a
			}
			between := 0
			for i := a + 1; i < b; i++ {
				between += ds[i]
			}
			ok = a >= 0 && between == r.Value
		case variant.XSum:
			first := 0
			for i := 0; i < ds[0]; i++ {
				first += ds[i]
			}
			ok = first == r.Value
		case variant.Skyscraper:
			seen := 0
			for i, d := range ds {
				if slices.Max(ds[:i+1]) == d && !slices.Contains(ds[:i], d) {
					seen++
				}
			}
			ok = seen == r.Value
		case variant.Quadruple:
			// Each listed digit, as often as listed, among the cells.
			left := slices.Clone(ds)
			ok = true
			for _, d := range listed(n, r.Value) {
				i := slices.Index(left, d)
				if i < 0 {
					ok = false
					break
				}
				left = append(left[:i], left[i+1:]...)
			}
		case variant.PrimeCage:
			ok = allDifferent(ds) && isPrime(sum)
		case variant.PrimeCageRepeat:
			ok = isPrime(sum)
		case variant.DistinctSums:
			// Each cage's total, none twice.
			var totals []int
			for _, l := range r.Lines {
				t := 0
				for _, c := range l {
					t += v[c]
				}
				totals = append(totals, t)
			}
			ok = allDifferent(totals)
		case variant.RomanCages:
			// Each cage's digits as one number, in its order.
			number := func(cells []int) int {
				x := 0
				for _, c := range cells {
					x = x*10 + v[c]
				}
				return x
			}
			ok = len(r.Lines) == 2 && number(r.Lines[0])+number(r.Lines[1]) == r.Value
		case variant.DigitalRoot:
			ok = allDifferent(ds) && sum >= r.Value && (sum-r.Value)%9 == 0
		case variant.LookAndSay:
			// The clue's digits, a leading 0 put back, two by two:
			// how many cells hold the second.
			clue := strconv.Itoa(r.Value)
			if len(clue)%2 == 1 {
				clue = "0" + clue
			}
			ok = true
			for i := 0; i < len(clue); i += 2 {
				want, d := int(clue[i]-'0'), int(clue[i+1]-'0')
				ok = ok && countOf(ds, d) == want
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// listed reads a quadruple's digits from its value: decimal digits up to
// 9×9, pairs of decimal places above.
func listed(n, value int) []int {
	base := 10
	if n > 9 {
		base = 100
	}
	var out []int
	for ; value > 0; value /= base {
		out = append(out, value%base)
	}
	return out
}

func countOf(ds []int, d int) int {
	k := 0
	for _, x := range ds {
		if x == d {
			k++
		}
	}
	return k
}

// isPrime reports whether s has exactly two divisors.
func isPrime(s int) bool {
	divisors := 0
	for d := 1; d <= s; d++ {
		if s%d == 0 {
			divisors++
		}
	}
	return divisors == 2
}

func allDifferent(ds []int) bool {
	for i := range ds {
		if slices.Contains(ds[:i], ds[i]) {
			return false
		}
	}
	return true
}

// Fillings returns every filling of p's grid that keeps its rows,
// columns, regions and givens (not its rules), by plain backtracking.
func Fillings(p *sudokusat.Puzzle) [][]int {
	n := p.Size()
	v := make([]int, n*n)
	var out [][]int
	var fill func(c int)
	fill = func(c int) {
		if c == n*n {
			out = append(out, slices.Clone(v))
			return
		}
		for d := 1; d <= n; d++ {
			if g := p.Grid.Cell(c); g != 0 && g != d {
				continue
			}
			ok := true
			for o := 0; o < c && ok; o++ {
				ok = v[o] != d || (o/n != c/n && o%n != c%n && p.Region(o) != p.Region(c))
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

// randomFilling fills p's rows, columns and regions at random.
func randomFilling(rng *rand.Rand, p *sudokusat.Puzzle) []int {
	n := p.Size()
	v := make([]int, n*n)
	var fill func(c int) bool
	fill = func(c int) bool {
		if c == n*n {
			return true
		}
		for _, d := range rng.Perm(n) {
			d++
			ok := true
			for o := 0; o < c && ok; o++ {
				ok = v[o] != d || (o/n != c/n && o%n != c%n && p.Region(o) != p.Region(c))
			}
			if ok {
				v[c] = d
				if fill(c + 1) {
					return true
				}
			}
		}
		v[c] = 0
		return false
	}
	fill(0)
	return v
}

// jigsaw4 is an irregular 4×4 layout for some of the random puzzles.
var jigsaw4 = []int{0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3}

// RandomClues makes a puzzle of side n (4 or 6) with 1 to k rules of the
// clues group, and now and then a killer cage: most drawn true in a
// random filling, the others with any clue the validator takes, so that
// puzzles with no solution come too. A 6×6 puzzle gets enough givens for
// a brute force to stay quick. The puzzle may not validate (givens that
// clash in a cage): callers skip those.
func RandomClues(rng *rand.Rand, n, k int) *sudokusat.Puzzle {
	g, _ := sudokusat.NewGridSize(n)
	p := &sudokusat.Puzzle{Grid: g}
	if n == 4 && rng.IntN(4) == 0 {
		p.Regions = slices.Clone(jigsaw4)
	}
	sol := randomFilling(rng, p)
	givens := rng.IntN(4)
	if n == 6 {
		givens = 12 + rng.IntN(8)
	}
	for _, c := range rng.Perm(n * n)[:givens] {
		g.SetCell(c, sol[c])
	}
	for range 1 + rng.IntN(k) {
		kind := ClueKinds[rng.IntN(len(ClueKinds))]
		if rng.IntN(8) == 0 {
			kind = variant.Killer
		}
		truthful := rng.IntN(5) > 0
		for try := 0; try < 50; try++ {
			r := drawClue(rng, n, sol, kind, truthful)
			q := &sudokusat.Puzzle{Grid: g, Regions: p.Regions, Rules: []sudokusat.Rule{r}}
			if variant.Validate(q) == nil && (!truthful || CluesHold(q, sol)) {
				p.Rules = append(p.Rules, r)
				break
			}
		}
	}
	return p
}

// drawClue draws a rule of the kind; a truthful one takes its number from
// sol, another one a random number.
func drawClue(rng *rand.Rand, n int, sol []int, kind variant.Kind, truthful bool) sudokusat.Rule {
	r := sudokusat.Rule{Kind: kind}
	sum := func() int {
		s := 0
		for _, c := range r.Cells {
			s += sol[c]
		}
		return s
	}
	inside := func(row, col int) bool { return row >= 0 && row < n && col >= 0 && col < n }
	switch kind {
	case variant.LittleKiller, variant.LookAndSay:
		for len(r.Cells) == 0 {
			row, col := rng.IntN(n+2)-1, rng.IntN(n+2)-1
			dr, dc := 2*rng.IntN(2)-1, 2*rng.IntN(2)-1
			if inside(row, col) {
				continue
			}
			for row, col = row+dr, col+dc; inside(row, col); row, col = row+dr, col+dc {
				r.Cells = append(r.Cells, row*n+col)
			}
		}
		if kind == variant.LookAndSay {
			// One to three values, each with its count in sol or any
			// count up to the diagonal's length.
			clue := ""
			for _, d := range rng.Perm(n)[:1+rng.IntN(3)] {
				k := rng.IntN(len(r.Cells) + 1)
				if truthful {
					k = 0
					for _, c := range r.Cells {
						if sol[c] == d+1 {
							k++
						}
					}
				}
				clue += strconv.Itoa(k) + strconv.Itoa(d+1)
			}
			r.Value, _ = strconv.Atoi(clue)
			break
		}
		r.Value = len(r.Cells) + rng.IntN(len(r.Cells)*(n-1)+1)
		if truthful {
			r.Value = sum()
		}
	case variant.Sandwich, variant.XSum, variant.Skyscraper:
		line, side := rng.IntN(n), rng.IntN(4)
		for i := range n {
			switch side {
			case 0:
				r.Cells = append(r.Cells, line*n+i)
			case 1:
				r.Cells = append(r.Cells, line*n+n-1-i)
			case 2:
				r.Cells = append(r.Cells, i*n+line)
			default:
				r.Cells = append(r.Cells, (n-1-i)*n+line)
			}
		}
		ds := make([]int, n)
		for i, c := range r.Cells {
			ds[i] = sol[c]
		}
		switch kind {
		case variant.Sandwich:
			r.Value = rng.IntN(n*(n+1)/2 - n)
			if truthful {
				a, b := slices.Index(ds, 1), slices.Index(ds, n)
				r.Value = 0
				for i := min(a, b) + 1; i < max(a, b); i++ {
					r.Value += ds[i]
				}
			}
		case variant.XSum:
			r.Value = 1 + rng.IntN(n*(n+1)/2)
			if truthful {
				r.Value = 0
				for _, d := range ds[:ds[0]] {
					r.Value += d
				}
			}
		default:
			r.Value = 1 + rng.IntN(n)
			if truthful {
				r.Value = 0
				for i, d := range ds {
					if d > slices.Max(append([]int{0}, ds[:i]...)) {
						r.Value++
					}
				}
			}
		}
	case variant.Quadruple:
		row, col := rng.IntN(n-1), rng.IntN(n-1)
		r.Cells = []int{row*n + col, row*n + col + 1, (row+1)*n + col, (row+1)*n + col + 1}
		var ds []int
		for _, i := range rng.Perm(4)[:1+rng.IntN(4)] {
			d := 1 + rng.IntN(n)
			if truthful {
				d = sol[r.Cells[i]]
			}
			ds = append(ds, d)
		}
		slices.Sort(ds)
		for _, d := range ds {
			r.Value = r.Value*10 + d
		}
	case variant.RomanCages:
		// Two adjacent cells, and a straight run of 1 to 3 cells
		// through each, along a row or a column; runs that overlap or
		// leave the grid are the validator's to refuse.
		x := rng.IntN(n * n)
		y := []int{x - 1, x + 1, x - n, x + n}[rng.IntN(4)]
		if y < 0 || y >= n*n || y/n != x/n && y%n != x%n {
			return r
		}
		run := func(c int) []int {
			k, step := 1+rng.IntN(3), []int{1, n}[rng.IntN(2)]
			from := c - step*rng.IntN(k)
			var out []int
			for i := range k {
				out = append(out, from+i*step)
			}
			return out
		}
		r.Cells, r.Lines = []int{x, y}, [][]int{run(x), run(y)}
		number := func(cells []int) int {
			v := 0
			for _, c := range cells {
				if c >= 0 && c < n*n {
					v = v*10 + sol[c]
				}
			}
			return v
		}
		// An untruthful value is off by a power of ten now and then,
		// which only the carries between columns tell apart.
		r.Value = number(r.Lines[0]) + number(r.Lines[1])
		if !truthful {
			r.Value += []int{-100, -10, -1, 1, 10, 100}[rng.IntN(6)]
			if rng.IntN(2) == 0 {
				r.Value = 1 + rng.IntN(2*max(r.Value, 0)+1)
			}
		}
	case variant.DistinctSums:
		// Two or three cages of one to three cells, apart.
		used := map[int]bool{}
		for range 2 + rng.IntN(2) {
			var l []int
			for _, c := range rng.Perm(n * n)[:1+rng.IntN(3)] {
				if !used[c] {
					used[c] = true
					l = append(l, c)
				}
			}
			if len(l) > 0 {
				r.Lines = append(r.Lines, l)
			}
		}
	case variant.DigitalRoot, variant.Killer, variant.PrimeCage, variant.PrimeCageRepeat:
		r.Cells = []int{rng.IntN(n * n)}
		for want := 1 + rng.IntN(4); len(r.Cells) < want; {
			a := r.Cells[rng.IntN(len(r.Cells))]
			b := []int{a - 1, a + 1, a - n, a + n}[rng.IntN(4)]
			if b >= 0 && b < n*n && (b/n == a/n || b%n == a%n) && !slices.Contains(r.Cells, b) {
				r.Cells = append(r.Cells, b)
			}
		}
		switch kind {
		case variant.PrimeCage, variant.PrimeCageRepeat:
			// No number: a truthful cage is one whose sum is prime
			// (RandomClues keeps drawing until CluesHold says so).
		case variant.Killer:
			r.Value = sudokusat.NoValue
			if truthful || rng.IntN(2) == 0 {
				r.Value = sum()
			}
		default:
			r.Value = rng.IntN(13)
			if truthful {
				r.Value = 1 + (sum()-1)%9
			}
		}
	}
	return r
}
