package satsolve

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/variant"
	vsearch "github.com/sudokusat/sudokusat/variant/search"
)

// The cells group of rule kinds (variant/rules_cells.go), and the Kropki
// dots with values and the ratio negative that came with it, against a
// brute force: every filling of random small puzzles is read by this
// file's own oracle, written from the rules' meanings and sharing nothing
// with the validator, the encoder or the search; the validator
// (variant.Check), the search and gophersat (both sum forms) must accept
// exactly the fillings it accepts.

// cellsOracle reports whether the filled grid g keeps every rule of p, in
// the plainest terms.
func cellsOracle(p *sudokusat.Puzzle, g *sudokusat.Grid) bool {
	n := g.Size()
	at := g.Cell
	rc := func(cell int) (int, int) { return cell / n, cell % n }
	adjacent := func(a, b int) bool {
		ra, ca := rc(a)
		rb, cb := rc(b)
		return (ra == rb && (ca-cb == 1 || cb-ca == 1)) || (ca == cb && (ra-rb == 1 || rb-ra == 1))
	}
	// The k-th cell of region reg in reading order, and a cell's k.
	nth := func(reg, k int) int {
		for cell := 0; cell < n*n; cell++ {
			if p.Region(cell) == reg {
				if k == 0 {
					return cell
				}
				k--
			}
		}
		panic("no such cell")
	}
	place := func(cell int) int {
		k := 0
		for o := 0; o < cell; o++ {
			if p.Region(o) == p.Region(cell) {
				k++
			}
		}
		return k
	}
	marked := func(a, b int, kinds ...variant.Kind) bool {
		for _, r := range p.Rules {
			if slices.Contains(kinds, r.Kind) && len(r.Cells) == 2 && ((r.Cells[0] == a && r.Cells[1] == b) || (r.Cells[0] == b && r.Cells[1] == a)) {
				return true
			}
		}
		return false
	}
	isKind := func(cell int, kind variant.Kind) bool {
		for _, r := range p.Rules {
			if r.Kind == kind && slices.Contains(r.Cells, cell) {
				return true
			}
		}
		return false
	}
	for _, r := range p.Rules {
		switch r.Kind {
		case variant.White:
			diff := r.Value
			if diff == 0 {
				diff = 1
			}
			x, y := at(r.Cells[0]), at(r.Cells[1])
			if x-y != diff && y-x != diff {
				return false
			}
		case variant.Black:
			ratio := r.Value
			if ratio == 0 {
				ratio = 2
			}
			x, y := at(r.Cells[0]), at(r.Cells[1])
			if x != ratio*y && y != ratio*x {
				return false
			}
		case variant.GreyDot:
			x, y := at(r.Cells[0]), at(r.Cells[1])
			if x-y != 1 && y-x != 1 && x != 2*y && y != 2*x {
				return false
			}
		case variant.NonConsecutive, variant.NoBlack:
			// The ratios forbidden: every black dot's, or 2 without one.
			var ratios []int
			for _, o := range p.Rules {
				if o.Kind == variant.Black {
					q := o.Value
					if q == 0 {
						q = 2
					}
					ratios = append(ratios, q)
				}
			}
			if len(ratios) == 0 {
				ratios = []int{2}
			}
			for a := 0; a < n*n; a++ {
				for b := a + 1; b < n*n; b++ {
					if !adjacent(a, b) || marked(a, b, variant.White, variant.Black, variant.GreyDot) {
						continue
					}
					x, y := at(a), at(b)
					if r.Kind == variant.NonConsecutive && (x-y == 1 || y-x == 1) {
						return false
					}
					for _, q := range ratios {
						if r.Kind == variant.NoBlack && (x == q*y || y == q*x) {
							return false
						}
					}
				}
			}
		case variant.Minimum, variant.Maximum:
			c := r.Cells[0]
			for o := 0; o < n*n; o++ {
				if !adjacent(c, o) || isKind(o, r.Kind) {
					continue
				}
				if (r.Kind == variant.Minimum && at(c) >= at(o)) || (r.Kind == variant.Maximum && at(c) <= at(o)) {
					return false
				}
			}
		case variant.DisjointGroups:
			for a := 0; a < n*n; a++ {
				for b := a + 1; b < n*n; b++ {
					if p.Region(a) != p.Region(b) && place(a) == place(b) && at(a) == at(b) {
						return false
					}
				}
			}
		case variant.RowIndexer, variant.ColumnIndexer, variant.BoxIndexer:
			for _, c := range r.Cells {
				row, col := rc(c)
				d := at(c)
				var target, want int
				switch r.Kind {
				case variant.RowIndexer: // row d of the column holds the row's number
					target, want = (d-1)*n+col, row+1
				case variant.ColumnIndexer: // column d of the row holds the column's number
					target, want = row*n+d-1, col+1
				default: // cell d of the region holds the cell's place
					target, want = nth(p.Region(c), d-1), place(c)+1
				}
				if at(target) != want {
					return false
				}
			}
		case variant.Clone:
			for i, c := range r.Cells {
				if at(c) != at(r.Lines[0][i]) {
					return false
				}
			}
		case variant.PencilMarks:
			if r.Value&(1<<(at(r.Cells[0])-1)) == 0 {
				return false
			}
		case variant.Inequality: // the sign points to the second cell, the smaller
			if at(r.Cells[0]) <= at(r.Cells[1]) {
				return false
			}
		case variant.NoParityTriple:
			// No three cells in a row of a row or a column share a parity.
			for a := 0; a < n*n; a++ {
				for _, step := range []int{1, n} {
					b, c := a+step, a+2*step
					if c >= n*n || (step == 1 && a%n > n-3) {
						continue
					}
					if at(a)%2 == at(b)%2 && at(b)%2 == at(c)%2 {
						return false
					}
				}
			}
		case variant.CountingCircles:
			// Each circle's digit d is in exactly d of the circles.
			for _, c := range r.Cells {
				same := 0
				for _, o := range r.Cells {
					if at(o) == at(c) {
						same++
					}
				}
				if same != at(c) {
					return false
				}
			}
		case variant.EntropicKnightCircle:
			// The circle's band is each knight's cell's: the bands
			// written out for the sizes drawn here.
			band := oracleBands[n]
			c := r.Cells[0]
			for _, m := range [][2]int{{-2, -1}, {-2, 1}, {-1, -2}, {-1, 2}, {1, -2}, {1, 2}, {2, -1}, {2, 1}} {
				row, col := c/n+m[0], c%n+m[1]
				if row >= 0 && row < n && col >= 0 && col < n && band[at(row*n+col)-1] != band[at(c)-1] {
					return false
				}
			}
		default:
			panic("the oracle does not know " + r.Kind)
		}
	}
	return true
}

// oracleBands are the entropic bands of each digit on the sizes the
// oracle reads: on 4×4 low 1, middle 2–3, high 4; on 6×6 two digits each.
var oracleBands = map[int][]int{4: {0, 1, 1, 2}, 6: {0, 0, 1, 1, 2, 2}}

// cellsJigsaws are jigsaws whose regions' reading orders differ from the
// boxes'.
var cellsJigsaws = map[int][]int{
	4: {0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3},
	6: {
		0, 0, 0, 1, 1, 1,
		0, 0, 2, 2, 1, 1,
		0, 2, 2, 3, 3, 1,
		4, 2, 3, 3, 5, 5,
		4, 4, 2, 3, 5, 5,
		4, 4, 4, 3, 5, 5,
	},
}

// randomFill fills p's regions at random, keeping the disjoint groups
// apart when disjoint is set and no three cells in a row of a row or
// column of one parity when parity is, by backtracking in random digit
// order; nil when a bounded search finds nothing.
func randomFill(rng *rand.Rand, p *sudokusat.Puzzle, disjoint, parity bool) *sudokusat.Grid {
	n := p.Size()
	place := make([]int, n*n) // each cell's place in its region
	seen := make([]int, n)
	for c := range place {
		place[c] = seen[p.Region(c)]
		seen[p.Region(c)]++
	}
	g, _ := sudokusat.NewGridSize(n)
	budget := 200000
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
				apart := o/n == c/n || o%n == c%n || p.Region(o) == p.Region(c) || (disjoint && place[o] == place[c])
				ok = !(apart && g.Cell(o) == d)
			}
			// The cells fill in reading order: the triples that end at c
			// are the last to check.
			if parity && c%n >= 2 && g.Cell(c-1)%2 == d%2 && g.Cell(c-2)%2 == d%2 {
				ok = false
			}
			if parity && c >= 2*n && g.Cell(c-n)%2 == d%2 && g.Cell(c-2*n)%2 == d%2 {
				ok = false
			}
			if ok {
				g.SetCell(c, d)
				if fill(c + 1) {
					return true
				}
			}
		}
		g.SetCell(c, 0)
		return false
	}
	if !fill(0) {
		return nil
	}
	return g
}

// randomCellsPuzzle draws a puzzle of side n (4 or 6) of the given kinds:
// most rules drawn to hold in a random filling, so that many puzzles keep
// a few solutions, the others at random. Under the Kropki negatives it is
// mostly a Kropki puzzle: the dots the filling needs, for a random set of
// ratios, a few left out. A 6×6 puzzle gets givens enough for the
// enumeration of its fillings to stay short.
func randomCellsPuzzle(rng *rand.Rand, n int, kinds []variant.Kind) *sudokusat.Puzzle {
	g, _ := sudokusat.NewGridSize(n)
	p := &sudokusat.Puzzle{Grid: g}
	if rng.IntN(3) == 0 {
		p.Regions = slices.Clone(cellsJigsaws[n])
	}
	truthful := func() bool { return rng.IntN(5) > 0 }
	has := func(k variant.Kind) bool {
		return slices.ContainsFunc(p.Rules, func(r sudokusat.Rule) bool { return r.Kind == k })
	}
	for _, k := range kinds {
		if (k == variant.DisjointGroups || k == variant.NonConsecutive || k == variant.NoBlack || k == variant.NoParityTriple) && rng.IntN(2) == 0 {
			p.Rules = append(p.Rules, sudokusat.Rule{Kind: k})
		}
	}
	fill := randomFill(rng, p, has(variant.DisjointGroups) && truthful(), has(variant.NoParityTriple) && truthful())
	if fill == nil {
		fill = randomFill(rng, p, false, false)
	}
	at := fill.Cell
	adjacent := func(a, b int) bool {
		return (a/n == b/n && (a-b == 1 || b-a == 1)) || (a%n == b%n && (a-b == n || b-a == n))
	}
	neighbour := func() (int, int) {
		for {
			if a, b := rng.IntN(n*n), rng.IntN(n*n); adjacent(a, b) {
				return a, b
			}
		}
	}
	if (has(variant.NonConsecutive) || has(variant.NoBlack)) && rng.IntN(4) > 0 {
		ratios := []int{2}
		if rng.IntN(2) == 0 {
			ratios = nil
			for q := 2; q <= n; q++ {
				if rng.IntN(2) == 0 {
					ratios = append(ratios, q)
				}
			}
		}
		for a := 0; a < n*n; a++ {
			for _, b := range []int{a + 1, a + n} {
				if b >= n*n || !adjacent(a, b) || rng.IntN(10) == 0 {
					continue
				}
				x, y := at(a), at(b)
				var dots []sudokusat.Rule
				if has(variant.NonConsecutive) && (x-y == 1 || y-x == 1) {
					dots = append(dots, sudokusat.Rule{Kind: variant.White, Cells: []int{a, b}, Value: rng.IntN(2)})
				}
				for _, q := range ratios {
					if has(variant.NoBlack) && (x == q*y || y == q*x) {
						dots = append(dots, sudokusat.Rule{Kind: variant.Black, Cells: []int{a, b}, Value: q})
					}
				}
				if slices.Contains(kinds, variant.GreyDot) && len(dots) > 0 && (x-y == 1 || y-x == 1 || x == 2*y || y == 2*x) {
					// A grey dot, where the pair needs a dot and keeps
					// the grey one's rule: it exempts its pair from
					// both negatives.
					dots = append(dots, sudokusat.Rule{Kind: variant.GreyDot, Cells: []int{a, b}})
				}
				if len(dots) == 0 && rng.IntN(6) == 0 {
					// A white dot of another difference now and then.
					dots = append(dots, sudokusat.Rule{Kind: variant.White, Cells: []int{a, b}, Value: max(x-y, y-x)})
				}
				if len(dots) > 0 {
					p.Rules = append(p.Rules, dots[rng.IntN(len(dots))])
				}
			}
		}
	}
	for range 1 + rng.IntN(5) {
		k := kinds[rng.IntN(len(kinds))]
		r := sudokusat.Rule{Kind: k}
		switch k {
		case variant.White:
			a, b := neighbour()
			r.Cells, r.Value = []int{a, b}, 1+rng.IntN(n-1)
			if truthful() {
				r.Value = max(at(a)-at(b), at(b)-at(a))
			}
			if r.Value == 1 && rng.IntN(2) == 0 {
				r.Value = 0 // the default, written either way
			}
		case variant.Black:
			a, b := neighbour()
			r.Cells, r.Value = []int{a, b}, 1+rng.IntN(n)
			if x, y := max(at(a), at(b)), min(at(a), at(b)); truthful() && x%y == 0 {
				r.Value = x / y
			}
			if r.Value == 2 && rng.IntN(2) == 0 {
				r.Value = 0
			}
		case variant.GreyDot:
			// A few dots, most of pairs the filling keeps.
			for range 1 + rng.IntN(3) {
				a, b := neighbour()
				for try := 0; try < 20 && truthful(); try++ {
					if x, y := at(a), at(b); x-y == 1 || y-x == 1 || x == 2*y || y == 2*x {
						break
					}
					a, b = neighbour()
				}
				p.Rules = append(p.Rules, sudokusat.Rule{Kind: k, Cells: []int{a, b}})
			}
			continue
		case variant.Minimum, variant.Maximum:
			r.Cells = []int{rng.IntN(n * n)}
			if truthful() {
				// A cell below (above) all its neighbours in the filling.
				for _, c := range rng.Perm(n * n) {
					ok := true
					for o := 0; o < n*n; o++ {
						if adjacent(c, o) {
							ok = ok && ((k == variant.Minimum && at(c) < at(o)) || (k == variant.Maximum && at(c) > at(o)))
						}
					}
					if ok {
						r.Cells = []int{c}
						break
					}
				}
			}
		case variant.RowIndexer, variant.ColumnIndexer, variant.BoxIndexer:
			r.Cells = rng.Perm(n * n)[:1+rng.IntN(3)]
			if truthful() {
				var keep []int
				for _, c := range rng.Perm(n * n) {
					if cellsOracle(&sudokusat.Puzzle{Grid: g, Regions: p.Regions, Rules: []sudokusat.Rule{{Kind: k, Cells: []int{c}}}}, fill) {
						keep = append(keep, c)
					}
				}
				if len(keep) > 0 {
					r.Cells = keep[:1+rng.IntN(min(3, len(keep)))]
				}
			}
		case variant.Clone:
			// Pairs of distinct cells, each list without repeats.
			r.Lines = [][]int{nil}
			size := 1 + rng.IntN(3)
			for _, a := range rng.Perm(n * n) {
				b := rng.IntN(n * n)
				if truthful() {
					for _, o := range rng.Perm(n * n) {
						if o != a && at(o) == at(a) {
							b = o
							break
						}
					}
				}
				if a != b && !slices.Contains(r.Lines[0], b) {
					r.Cells = append(r.Cells, a)
					r.Lines[0] = append(r.Lines[0], b)
				}
				if len(r.Cells) == size {
					break
				}
			}
		case variant.Inequality:
			// A few signs, most pointing the filling's way.
			for range 1 + rng.IntN(3) {
				a, b := neighbour()
				if truthful() && at(a) < at(b) {
					a, b = b, a
				}
				p.Rules = append(p.Rules, sudokusat.Rule{Kind: k, Cells: []int{a, b}})
			}
			continue
		case variant.PencilMarks:
			c := rng.IntN(n * n)
			r.Cells, r.Value = []int{c}, 1+rng.IntN(1<<n-1)
			if truthful() {
				r.Value |= 1 << (at(c) - 1)
			}
		case variant.CountingCircles:
			// Truthful: for a random set of digits, each digit d in d
			// cells of the filling that hold it; else cells at random.
			r.Cells = rng.Perm(n * n)[:1+rng.IntN(n+2)]
			if truthful() {
				r.Cells = nil
				for d := 1; d <= n; d++ {
					if rng.IntN(2) == 0 {
						continue
					}
					var with []int
					for _, c := range rng.Perm(n * n) {
						if at(c) == d && len(with) < d {
							with = append(with, c)
						}
					}
					r.Cells = append(r.Cells, with...)
				}
				for c := 0; len(r.Cells) == 0; c++ {
					if at(c) == 1 {
						r.Cells = []int{c} // a 1 alone
					}
				}
			}
		case variant.EntropicKnightCircle:
			// A few circles, most where the filling keeps the rule.
			for range 1 + rng.IntN(3) {
				r := sudokusat.Rule{Kind: k, Cells: []int{rng.IntN(n * n)}}
				if truthful() {
					for _, c := range rng.Perm(n * n) {
						if cellsOracle(&sudokusat.Puzzle{Grid: g, Regions: p.Regions, Rules: []sudokusat.Rule{{Kind: k, Cells: []int{c}}}}, fill) {
							r.Cells = []int{c}
							break
						}
					}
				}
				p.Rules = append(p.Rules, r)
			}
			continue
		default:
			continue // the rules of the whole grid, placed above
		}
		p.Rules = append(p.Rules, r)
	}
	givens := rng.IntN(3)
	if n == 6 {
		givens = 15 + rng.IntN(6)
	}
	for _, c := range rng.Perm(n * n)[:givens] {
		g.SetCell(c, at(c))
	}
	return p
}

// cellsKinds are the kinds the random puzzles draw from.
var cellsKinds = []variant.Kind{
	variant.White, variant.Black, variant.NonConsecutive, variant.NoBlack,
	variant.Minimum, variant.Maximum, variant.DisjointGroups,
	variant.RowIndexer, variant.ColumnIndexer, variant.BoxIndexer,
	variant.Clone, variant.PencilMarks, variant.Inequality, variant.CountingCircles, variant.GreyDot,
	variant.NoParityTriple, variant.EntropicKnightCircle,
}

// TestCellsKindsExhaustive compares, on random 4×4 puzzles, the fillings
// the oracle accepts with those the validator accepts, the search finds
// and gophersat counts on both sum forms. Each kind is drawn alone, then
// all together; each must narrow some puzzle and leave some solvable.
func TestCellsKindsExhaustive(t *testing.T) {
	ctx := context.Background()
	cases := map[string][]variant.Kind{"all": cellsKinds}
	for _, k := range cellsKinds {
		cases[k] = []variant.Kind{k}
	}
	cases["dots"] = []variant.Kind{variant.White, variant.Black, variant.NoBlack, variant.NonConsecutive}
	cases["grey dots"] = []variant.Kind{variant.GreyDot, variant.NoBlack, variant.NonConsecutive}
	runs := 150
	if testing.Short() {
		runs = 30
	}
	names := make([]string, 0, len(cases))
	for name := range cases {
		names = append(names, name)
	}
	slices.Sort(names)
	for ci, name := range names {
		t.Run(name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(ci), 77))
			narrowed, solvable := 0, 0
			for i := range runs {
				p := randomCellsPuzzle(rng, 4+2*(i%3/2), cases[name])
				if variant.Validate(p) != nil {
					continue // clashing givens
				}
				free := &sudokusat.Puzzle{Grid: p.Grid, Regions: p.Regions}
				var want []string
				all := allGrids(free)
				for _, g := range all {
					ok := cellsOracle(p, g)
					if err := variant.Check(p, g); (err == nil) != ok {
						t.Fatalf("%d: %s: the oracle says %v, variant.Check %v\n%s", i, g, ok, err, describeCells(p))
					}
					if ok {
						want = append(want, g.String())
					}
				}
				slices.Sort(want)
				if len(want) < len(all) {
					narrowed++
				}
				if len(want) > 0 {
					solvable++
				}
				r, err := vsearch.Count(ctx, p, 1000)
				if err != nil {
					t.Fatal(err)
				}
				var got []string
				for _, g := range r.Solutions {
					got = append(got, g.String())
				}
				slices.Sort(got)
				if !slices.Equal(got, want) {
					t.Fatalf("%d: the search finds %d grids, the oracle %d\n%s\ngot  %v\nwant %v", i, len(got), len(want), describeCells(p), got, want)
				}
				for _, sums := range []encode.SumForm{encode.SumClauses, encode.SumPB} {
					f, err := encode.Puzzle(p, encode.Options{Sums: sums})
					if err != nil {
						t.Fatal(err)
					}
					r, err := Count(ctx, f, 1000)
					if err != nil {
						t.Fatal(err)
					}
					got = gridSet(r.Solutions)
					if !slices.Equal(got, want) {
						t.Fatalf("%d (%s): gophersat finds %d grids, the oracle %d\n%s\ngot  %v\nwant %v", i, sums, len(got), len(want), describeCells(p), got, want)
					}
				}
			}
			t.Logf("%d puzzles: %d narrowed, %d solvable", runs, narrowed, solvable)
			if narrowed == 0 || solvable == 0 {
				t.Errorf("%d puzzles narrowed by the rules, %d solvable: want some of each", narrowed, solvable)
			}
		})
	}
}

// describeCells writes a puzzle for failure messages.
func describeCells(p *sudokusat.Puzzle) string {
	s := fmt.Sprintf("%s regions=%v", p.Grid, p.Regions)
	for _, r := range p.Rules {
		s += fmt.Sprintf("\n  %s cells=%v lines=%v value=%d", r.Kind, r.Cells, r.Lines, r.Value)
	}
	return s
}

// TestCountingCirclesSearchAgainstSAT compares the search with gophersat
// (both sum forms) on random 6×6 and 9×9 puzzles with counting circles
// and few givens, where the counts are many and the propagators, not the
// givens, do the work: the same number of solutions up to the limit, the
// same grids below it, and each grid passing variant.Check.
func TestCountingCirclesSearchAgainstSAT(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(9, 12))
	runs := 120
	if testing.Short() {
		runs = 30
	}
	const limit = 100
	some, narrowed := 0, 0
	for i := range runs {
		n := 6
		if i%4 == 3 {
			n = 9
		}
		var p *sudokusat.Puzzle
		if n == 9 {
			// A 9×9 grid: circles true to a random filling, each digit d
			// of a random set in d circles (20 at most), and 30 of its
			// digits given, so that counts stay bounded.
			g, _ := sudokusat.NewGridSize(n)
			fill := randomFill(rng, &sudokusat.Puzzle{Grid: g}, false, false)
			circles := sudokusat.Rule{Kind: variant.CountingCircles}
			for _, d := range rng.Perm(n) {
				if d++; len(circles.Cells)+d > 20 {
					continue
				}
				var with []int
				for _, c := range rng.Perm(n * n) {
					if fill.Cell(c) == d && len(with) < d {
						with = append(with, c)
					}
				}
				circles.Cells = append(circles.Cells, with...)
			}
			for _, c := range rng.Perm(n * n)[:30] {
				g.SetCell(c, fill.Cell(c))
			}
			p = &sudokusat.Puzzle{Grid: g, Rules: []sudokusat.Rule{circles}}
		} else {
			p = randomCellsPuzzle(rng, n, []variant.Kind{variant.CountingCircles})
			for c := range p.Grid.Len() {
				if rng.IntN(3) > 0 {
					p.Grid.SetCell(c, 0) // a third of the givens left
				}
			}
		}
		if variant.Validate(p) != nil {
			continue
		}
		r, err := vsearch.Count(ctx, p, limit)
		if err != nil {
			t.Fatalf("puzzle %d: search: %v", i, err)
		}
		var got []string
		for _, g := range r.Solutions {
			if err := variant.Check(p, g); err != nil {
				t.Fatalf("puzzle %d: the search's grid %s: %v\n%s", i, g, err, describeCells(p))
			}
			got = append(got, g.String())
		}
		slices.Sort(got)
		for _, sums := range []encode.SumForm{encode.SumClauses, encode.SumPB} {
			f, err := encode.Puzzle(p, encode.Options{Sums: sums})
			if err != nil {
				t.Fatalf("puzzle %d: encode: %v", i, err)
			}
			s, err := Count(ctx, f, limit)
			if err != nil {
				t.Fatalf("puzzle %d: gophersat: %v", i, err)
			}
			if len(got) != s.Count {
				t.Fatalf("puzzle %d (%s): the search finds %d grids, gophersat %d\n%s", i, sums, len(got), s.Count, describeCells(p))
			}
			if s.Count == limit {
				continue // past the limit, the two need not find the same grids
			}
			var want []string
			for _, g := range s.Solutions {
				want = append(want, g.String())
			}
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("puzzle %d (%s): the search and gophersat find different grids\n%s", i, sums, describeCells(p))
			}
		}
		if len(got) > 0 {
			some++
		}
		free := &sudokusat.Puzzle{Grid: p.Grid, Regions: p.Regions}
		if r, err := vsearch.Count(ctx, free, len(got)+1); err == nil && r.Count > len(got) {
			narrowed++
		}
	}
	t.Logf("%d puzzles: %d with solutions, %d narrowed by the circles", runs, some, narrowed)
	if some == 0 || narrowed == 0 {
		t.Errorf("%d puzzles with solutions, %d narrowed: want some of each", some, narrowed)
	}
}

// TestNoParityTripleSearchAgainstSAT compares the search with gophersat
// on random 6×6 and 9×9 puzzles under the rule of no parity triple, with
// few givens, so that the triples' propagator, not the givens, does the
// work: the same number of solutions up to the limit, the same grids
// below it, each grid passing variant.Check. (On 4×4, which
// TestCellsKindsExhaustive mostly draws, the rule always holds.)
func TestNoParityTripleSearchAgainstSAT(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(31, 5))
	runs := 60
	if testing.Short() {
		runs = 20
	}
	const limit = 50
	some, narrowed := 0, 0
	for i := range runs {
		n, givens := 6, 6+rng.IntN(6)
		if i%3 == 2 {
			n, givens = 9, 24+rng.IntN(8)
		}
		g, _ := sudokusat.NewGridSize(n)
		p := &sudokusat.Puzzle{Grid: g, Rules: []sudokusat.Rule{{Kind: variant.NoParityTriple}}}
		// Most fillings keep the rule, so that the givens leave it
		// solutions; some break it.
		fill := randomFill(rng, p, false, rng.IntN(4) > 0)
		if fill == nil {
			continue
		}
		for _, c := range rng.Perm(n * n)[:givens] {
			g.SetCell(c, fill.Cell(c))
		}
		r, err := vsearch.Count(ctx, p, limit)
		if err != nil {
			t.Fatalf("puzzle %d: search: %v", i, err)
		}
		var got []string
		for _, s := range r.Solutions {
			if err := variant.Check(p, s); err != nil {
				t.Fatalf("puzzle %d: the search's grid %s: %v\n%s", i, s, err, describeCells(p))
			}
			got = append(got, s.String())
		}
		slices.Sort(got)
		f, err := encode.Puzzle(p, encode.Options{})
		if err != nil {
			t.Fatalf("puzzle %d: encode: %v", i, err)
		}
		s, err := Count(ctx, f, limit)
		if err != nil {
			t.Fatalf("puzzle %d: gophersat: %v", i, err)
		}
		if len(got) != s.Count {
			t.Fatalf("puzzle %d: the search finds %d grids, gophersat %d\n%s", i, len(got), s.Count, describeCells(p))
		}
		if s.Count < limit {
			var want []string
			for _, w := range s.Solutions {
				want = append(want, w.String())
			}
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("puzzle %d: the search and gophersat find different grids\n%s", i, describeCells(p))
			}
		}
		if len(got) > 0 {
			some++
		}
		free := &sudokusat.Puzzle{Grid: p.Grid}
		if r, err := vsearch.Count(ctx, free, len(got)+1); err == nil && r.Count > len(got) {
			narrowed++
		}
	}
	t.Logf("%d puzzles: %d with solutions, %d narrowed by the rule", runs, some, narrowed)
	if some == 0 || narrowed == 0 {
		t.Errorf("%d puzzles with solutions, %d narrowed: want some of each", some, narrowed)
	}
}
