package satsolve

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/internal/varianttest"
	"github.com/sudokusat/sudokusat/variant"
	vsearch "github.com/sudokusat/sudokusat/variant/search"
)

// The kinds of lines (variant/rules_lines.go), checked four ways on random
// 4×4 and 6×6 puzzles: every filled grid is read by the test's own plain reading
// of the rules (naiveLine), and the grids it accepts must be exactly those
// variant.Check accepts, those the search counts and those gophersat counts
// on both sum forms of the formula.

var lineKinds = []variant.Kind{
	variant.Renban, variant.Whispers, variant.Palindrome, variant.RegionSumLine,
	variant.BetweenLine, variant.EntropicLine, variant.ModularLine, variant.Nabner,
	variant.ZipperLine, variant.DoubleArrow, variant.SlowThermo, variant.Lockout,
	variant.DifferenceCount, variant.SumLine, variant.FibonacciLine, variant.SequenceLine,
	variant.PairSumLine, variant.RegionDifferenceLine,
}

// naiveLine says whether a filled grid keeps a line rule, in the plainest
// terms, written from the meanings in docs/rules.md.
func naiveLine(p *sudokusat.Puzzle, g *sudokusat.Grid, c sudokusat.Rule) bool {
	n := g.Size()
	var d []int // the line's digits, in order
	for _, x := range c.Cells {
		d = append(d, g.Cell(x))
	}
	if c.Kind == variant.SumLine {
		return naiveSumLine(c, d)
	}
	k := len(d)
	abs := func(x int) int { return max(x, -x) }
	sum := func(ds []int) int {
		s := 0
		for _, x := range ds {
			s += x
		}
		return s
	}
	first, last := d[0], d[k-1]
	lo, hi := min(first, last), max(first, last)
	// band numbers a digit's band: three runs as near equal as can be,
	// the outer two of one size.
	size := [3]int{n / 3, n / 3, n / 3}
	switch n % 3 {
	case 1:
		size[1]++
	case 2:
		size[0]++
		size[2]++
	}
	band := func(x int) int {
		if x <= size[0] {
			return 0
		}
		if x <= size[0]+size[1] {
			return 1
		}
		return 2
	}
	switch c.Kind {
	case variant.Renban:
		s := slices.Sorted(slices.Values(d))
		for i := 1; i < k; i++ {
			if s[i] != s[i-1]+1 {
				return false
			}
		}
		return true
	case variant.Whispers:
		diff := c.Value
		if diff == 0 {
			diff = (n + 1) / 2
		}
		for i := 1; i < k; i++ {
			if abs(d[i]-d[i-1]) < diff {
				return false
			}
		}
		return true
	case variant.Palindrome:
		r := slices.Clone(d)
		slices.Reverse(r)
		return slices.Equal(r, d)
	case variant.RegionSumLine:
		var sums []int
		for i, x := range c.Cells {
			if i == 0 || p.Region(x) != p.Region(c.Cells[i-1]) {
				sums = append(sums, 0)
			}
			sums[len(sums)-1] += d[i]
		}
		for _, s := range sums {
			if s != sums[0] {
				return false
			}
		}
		return true
	case variant.BetweenLine:
		for _, x := range d[1 : k-1] {
			if !(lo < x && x < hi) {
				return false
			}
		}
		return true
	case variant.EntropicLine, variant.ModularLine:
		b := band
		if c.Kind == variant.ModularLine {
			b = func(x int) int { return x % 3 }
		}
		for i := 0; i < k; i++ {
			for j := i + 1; j < k && j <= i+2; j++ {
				if b(d[i]) == b(d[j]) {
					return false
				}
			}
		}
		return true
	case variant.Nabner:
		for i := 0; i < k; i++ {
			for j := i + 1; j < k; j++ {
				if abs(d[i]-d[j]) < 2 {
					return false
				}
			}
		}
		return true
	case variant.ZipperLine:
		want := first + last
		if k%2 == 1 {
			want = d[k/2]
		}
		for i := 0; i < k/2; i++ {
			if d[i]+d[k-1-i] != want {
				return false
			}
		}
		return true
	case variant.DoubleArrow:
		return first+last == sum(d[1:k-1])
	case variant.SlowThermo:
		for i := 1; i < k; i++ {
			if d[i] < d[i-1] {
				return false
			}
		}
		return true
	case variant.DifferenceCount:
		var diffs []int
		for i := 1; i < k; i++ {
			diffs = append(diffs, abs(d[i]-d[i-1]))
		}
		for _, x := range diffs {
			if count := len(slices.DeleteFunc(slices.Clone(diffs), func(y int) bool { return y != x })); count != x {
				return false
			}
		}
		return true
	case variant.SequenceLine:
		for i := 2; i < k; i++ {
			if d[i]-d[i-1] != d[1]-d[0] {
				return false
			}
		}
		return true
	case variant.Lockout:
		diff := c.Value
		if diff == 0 {
			diff = n / 2
		}
		if hi-lo < diff {
			return false
		}
		for _, x := range d[1 : k-1] {
			if lo <= x && x <= hi {
				return false
			}
		}
		return true
	case variant.PairSumLine:
		return k == 4 && d[0]+d[1] == d[2]+d[3]
	case variant.RegionDifferenceLine:
		// The line cut where it passes into another region: pieces of
		// two cells, each pair differing by the first's amount.
		var diffs []int
		for i := 0; i < k; i += 2 {
			if i+1 >= k || p.Region(c.Cells[i]) != p.Region(c.Cells[i+1]) || i > 0 && p.Region(c.Cells[i]) == p.Region(c.Cells[i-1]) {
				return false
			}
			diffs = append(diffs, abs(d[i]-d[i+1]))
		}
		return !slices.ContainsFunc(diffs, func(x int) bool { return x != diffs[0] })
	case variant.FibonacciLine:
		// Read from the end with the lower digit.
		s := slices.Clone(d)
		if first > last {
			slices.Reverse(s)
		}
		for i := 1; i < k; i++ {
			if s[i] <= s[i-1] || i >= 2 && s[i] != s[i-1]+s[i-2] {
				return false
			}
		}
		return true
	}
	return naiveHolds(p, g, c)
}

// naiveSumLine says whether a sum line's digits d (a loop's closing cell
// among them, the first again) divide into segments that each sum to its
// total: every set of cuts between neighbouring cells is tried, and for
// a loop every set of one or more cuts around it.
func naiveSumLine(c sudokusat.Rule, d []int) bool {
	total := c.Value
	if total == 0 {
		total = 10
	}
	loop := len(d) > 1 && c.Cells[0] == c.Cells[len(d)-1]
	if loop {
		d = d[:len(d)-1]
	}
	k := len(d)
	gaps := k - 1 // a line's places for a cut: after each cell but the last
	if loop {
		gaps = k // and around a loop after the last too
	}
	for cuts := 0; cuts < 1<<gaps; cuts++ {
		if loop && cuts == 0 {
			continue
		}
		// Read the segments from just after a cut (a line's start).
		first := 0
		if loop {
			first = bits.TrailingZeros(uint(cuts)) + 1
		}
		ok, sum := true, 0
		for i := range k {
			at := (first + i) % k
			sum += d[at]
			if cuts&(1<<at) != 0 || i == k-1 {
				ok = ok && sum == total
				sum = 0
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// randomLineCells draws a line of k cells of the n×n grid, each a king's move
// from the one before, none twice, or nil when the walk is stuck.
func randomLineCells(rng *rand.Rand, n, k int) []int {
	line := []int{rng.IntN(n * n)}
	for len(line) < k {
		at := line[len(line)-1]
		var next []int
		for dr := -1; dr <= 1; dr++ {
			for dc := -1; dc <= 1; dc++ {
				r, c := at/n+dr, at%n+dc
				if (dr != 0 || dc != 0) && r >= 0 && r < n && c >= 0 && c < n && !slices.Contains(line, r*n+c) {
					next = append(next, r*n+c)
				}
			}
		}
		if len(next) == 0 {
			return nil
		}
		line = append(line, next[rng.IntN(len(next))])
	}
	return line
}

// randomSegmentLine draws a line of p of segs pieces of two cells, each
// in one region and the next in another, each cell a king's move from the
// one before and none twice, or nil when the walk is stuck: the shape a
// region difference line must have.
func randomSegmentLine(rng *rand.Rand, p *sudokusat.Puzzle, segs int) []int {
	n := p.Size()
	line := []int{rng.IntN(n * n)}
	for len(line) < 2*segs {
		at := line[len(line)-1]
		same := len(line)%2 == 1 // the second cell of a segment
		var next []int
		for dr := -1; dr <= 1; dr++ {
			for dc := -1; dc <= 1; dc++ {
				r, c := at/n+dr, at%n+dc
				if (dr == 0 && dc == 0) || r < 0 || r >= n || c < 0 || c >= n || slices.Contains(line, r*n+c) {
					continue
				}
				if (p.Region(r*n+c) == p.Region(at)) == same {
					next = append(next, r*n+c)
				}
			}
		}
		if len(next) == 0 {
			return nil
		}
		line = append(line, next[rng.IntN(len(next))])
	}
	return line
}

// randomSumLine makes a sum line of cells, closed into a loop when its
// ends touch and it has three cells, half the time; its total is 10 or,
// more often, the sum of the filling's first few digits along it (which
// may well divide the rest), or any up to the line's largest sum.
func randomSumLine(rng *rand.Rand, n int, fill *sudokusat.Grid, cells []int) sudokusat.Rule {
	c := sudokusat.Rule{Kind: variant.SumLine, Cells: cells}
	first, last := cells[0], cells[len(cells)-1]
	dr, dc := first/n-last/n, first%n-last%n
	if len(cells) >= 3 && max(dr, -dr, dc, -dc) == 1 && rng.IntN(2) == 0 {
		c.Cells = append(slices.Clone(cells), first)
	}
	switch rng.IntN(4) {
	case 0: // 10
	case 1: // any total the line's digits might make, or twice (a loop of half its total reads two turns as one)
		c.Value = 1 + rng.IntN(n*len(cells))
	default:
		for _, x := range cells[:1+rng.IntN(len(cells))] {
			c.Value += fill.Cell(x)
		}
	}
	return c
}

// lineLeast is the shortest line of each kind.
func lineLeast(k variant.Kind) int {
	switch k {
	case variant.BetweenLine, variant.ZipperLine, variant.DoubleArrow:
		return 3
	case variant.PairSumLine:
		return 4
	}
	return 2
}

// lineFill fills p's regions at random, by backtracking over shuffled
// digits.
func lineFill(rng *rand.Rand, p *sudokusat.Puzzle) *sudokusat.Grid {
	g := p.Grid.Clone()
	n := g.Size()
	var fill func(cell int) bool
	fill = func(cell int) bool {
		if cell == n*n {
			return true
		}
		for _, d := range rng.Perm(n) {
			d++
			ok := true
			for o := 0; o < cell && ok; o++ {
				ok = g.Cell(o) != d || !(o/n == cell/n || o%n == cell%n || p.Region(o) == p.Region(cell))
			}
			if ok {
				g.SetCell(cell, d)
				if fill(cell + 1) {
					return true
				}
			}
		}
		g.SetCell(cell, 0)
		return false
	}
	fill(0)
	return g
}

// randomLinePuzzle makes an n×n puzzle (4 or 6) with 1 to lines rules of
// the kinds (boxes or, on 4×4, irregular regions sometimes; a few givens,
// enough on 6×6 for the enumeration of every grid to stay quick), most
// drawn until a random filling keeps them, so that many puzzles have
// solutions.
func randomLinePuzzle(rng *rand.Rand, n, lines int, kinds []variant.Kind) *sudokusat.Puzzle {
	g, _ := sudokusat.NewGridSize(n)
	p := &sudokusat.Puzzle{Grid: g}
	if n == 4 && rng.IntN(4) == 0 {
		p.Regions = []int{0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3}
	}
	fill := lineFill(rng, p)
	for range 1 + rng.IntN(lines) {
		kind := kinds[rng.IntN(len(kinds))]
		faithful := rng.IntN(4) > 0
		var c sudokusat.Rule
		for try := 0; try < 40; try++ {
			most := n + 2
			if kind == variant.Renban || kind == variant.Nabner || kind == variant.FibonacciLine || kind == variant.SequenceLine {
				most = n // no more distinct digits (a sequence of step 0 is short)
			}
			if kind == variant.PairSumLine {
				most = 4 // a pair sum line has four cells, no more
			}
			least := lineLeast(kind)
			cells := randomLineCells(rng, n, least+rng.IntN(most-least+1))
			if kind == variant.RegionDifferenceLine {
				cells = randomSegmentLine(rng, p, 1+rng.IntN(3))
			}
			if cells == nil {
				continue
			}
			c = sudokusat.Rule{Kind: kind, Cells: cells}
			if (kind == variant.Whispers || kind == variant.Lockout) && rng.IntN(2) == 0 {
				c.Value = 1 + rng.IntN(n-1)
			}
			if kind == variant.SumLine {
				c = randomSumLine(rng, n, fill, cells)
			}
			if !faithful || naiveLine(p, fill, c) {
				break
			}
		}
		if c.Cells != nil {
			p.Rules = append(p.Rules, c)
		}
	}
	givens := rng.IntN(3)
	if n == 6 {
		givens = 16 + rng.IntN(6)
	}
	for _, cell := range rng.Perm(n * n)[:givens] {
		g.SetCell(cell, fill.Cell(cell))
	}
	return p
}

// TestLinesExhaustive compares the naive reading, the validator, the
// search and gophersat (both sum forms) on random 4×4 and 6×6 puzzles of lines,
// each kind alone and all mixed: the same grids, every time. Each kind
// must also narrow some puzzle and leave some solvable.
func TestLinesExhaustive(t *testing.T) {
	ctx := context.Background()
	cases := [][]variant.Kind{}
	for _, k := range lineKinds {
		cases = append(cases, []variant.Kind{k})
	}
	cases = append(cases, lineKinds)
	runs := 100
	if testing.Short() {
		runs = 25
	}
	for ci, kinds := range cases {
		name := string(kinds[0])
		if len(kinds) > 1 {
			name = "mixed"
		}
		t.Run(name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(ci), 77))
			narrowed, solvable := 0, 0
			for i := range runs {
				p := randomLinePuzzle(rng, 4+2*(i%2), 4, kinds)
				if err := variant.Validate(p); err != nil {
					// A renban or nabner line drawn at random may hold
					// two equal givens: no puzzle.
					if !errors.Is(err, variant.ErrPuzzle) || !strings.Contains(err.Error(), "given twice") {
						t.Fatalf("puzzle %d: %v", i, err)
					}
					continue
				}
				all := allGrids(p)
				var want []string
				for _, g := range all {
					ok := true
					for _, c := range p.Rules {
						ok = ok && naiveLine(p, g, c)
					}
					if ok {
						want = append(want, g.String())
					}
					if checked := variant.Check(p, g) == nil; checked != ok {
						t.Fatalf("puzzle %d %s: variant.Check says %v, the naive reading %v, of %s", i, describeLines(p), checked, ok, g)
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
					t.Fatalf("puzzle %d: search: %v", i, err)
				}
				var got []string
				for _, g := range r.Solutions {
					got = append(got, g.String())
				}
				slices.Sort(got)
				if !slices.Equal(got, want) {
					t.Fatalf("puzzle %d %s: search finds %d grids, the naive reading %d\ngot  %v\nwant %v", i, describeLines(p), len(got), len(want), got, want)
				}
				for _, sums := range []encode.SumForm{encode.SumClauses, encode.SumPB} {
					f, err := encode.Puzzle(p, encode.Options{Sums: sums})
					if err != nil {
						t.Fatalf("puzzle %d: encode (%s): %v", i, sums, err)
					}
					r, err := Count(ctx, f, 1000)
					if err != nil {
						t.Fatalf("puzzle %d: gophersat (%s): %v", i, sums, err)
					}
					var got []string
					for _, g := range r.Solutions {
						got = append(got, g.String())
					}
					slices.Sort(got)
					if !slices.Equal(got, want) {
						t.Fatalf("puzzle %d %s: gophersat (%s) finds %d grids, the naive reading %d\ngot  %v\nwant %v", i, describeLines(p), sums, len(got), len(want), got, want)
					}
				}
			}
			t.Logf("%d of %d puzzles narrowed, %d solvable", narrowed, runs, solvable)
			if narrowed == 0 || solvable == 0 {
				t.Errorf("%d puzzles narrowed by the lines, %d solvable: want some of each", narrowed, solvable)
			}
		})
	}
}

// TestSequenceLineStepZero: a sequence line whose step may be 0, its
// cells diagonal neighbours in different boxes that share no row, column
// or box (r1c2, r2c3, r3c4 on 4×4), or less (a line of four cells, on
// which the rest of the grid leaves no step of 0). The random puzzles of
// TestLinesExhaustive seldom draw such a line; here the naive reading,
// the validator, the search and gophersat (both sum forms) must accept
// the same grids, among them some of equal digits along the line.
func TestSequenceLineStepZero(t *testing.T) {
	ctx := context.Background()
	for _, line := range [][]int{{1, 6, 11}, {1, 6, 11, 14}, {4, 1, 6, 11}} {
		g, _ := sudokusat.NewGridSize(4)
		p := &sudokusat.Puzzle{Grid: g, Rules: []sudokusat.Rule{{Kind: variant.SequenceLine, Cells: line}}}
		var want []string
		equal := 0
		for _, g := range allGrids(p) {
			ok := naiveLine(p, g, p.Rules[0])
			if checked := variant.Check(p, g) == nil; checked != ok {
				t.Fatalf("%v: variant.Check says %v, the naive reading %v, of %s", line, checked, ok, g)
			}
			if ok {
				want = append(want, g.String())
				if g.Cell(line[0]) == g.Cell(line[1]) {
					equal++
				}
			}
		}
		slices.Sort(want)
		if len(line) == 3 && equal == 0 {
			t.Fatalf("%v: no grid holds one digit along the line", line)
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
			t.Errorf("%v: the search finds %d grids, the naive reading %d (%d of one digit along the line)", line, len(got), len(want), equal)
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
				t.Errorf("%v: gophersat (%s) finds %d grids, the naive reading %d (%d of one digit along the line)", line, sums, len(got), len(want), equal)
			}
		}
	}
}

// describeLines writes a puzzle for failure messages.
func describeLines(p *sudokusat.Puzzle) string {
	s := fmt.Sprintf("givens %s regions %v", p.Grid, p.Regions)
	for _, c := range p.Rules {
		s += fmt.Sprintf("\n  %s %v value %d", c.Kind, c.Cells, c.Value)
	}
	return s
}

// TestLinesSearchAgainstSAT compares the search with gophersat on 6×6
// puzzles of lines with few givens, too many grids to enumerate: the
// first 200 solutions each finds, in order, must be the same grids, each
// kept by the naive reading. An unsound propagator of the search (one
// that removes a digit some solution uses) loses solutions here.
func TestLinesSearchAgainstSAT(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(6, 6))
	runs := 400
	if testing.Short() {
		runs = 100
	}
	checked, some, many := 0, 0, 0
	for i := range runs {
		p := randomLinePuzzle(rng, 6, 12, lineKinds)
		for c := range p.Grid.Len() {
			if rng.IntN(3) > 0 {
				p.Grid.SetCell(c, 0) // a third of the givens left
			}
		}
		if variant.Validate(p) != nil {
			continue
		}
		checked++
		const limit = 200
		r, err := vsearch.Count(ctx, p, limit)
		if err != nil {
			t.Fatalf("puzzle %d: search: %v", i, err)
		}
		var got []string
		for _, g := range r.Solutions {
			got = append(got, g.String())
		}
		f, err := encode.Puzzle(p, encode.Options{Sums: encode.SumClauses})
		if err != nil {
			t.Fatalf("puzzle %d: encode: %v", i, err)
		}
		// gophersat counts all solutions up to the limit; when there are
		// more than the limit, the two need not find the same ones.
		s, err := Count(ctx, f, limit)
		if err != nil {
			t.Fatalf("puzzle %d: gophersat: %v", i, err)
		}
		if len(got) != s.Count {
			t.Fatalf("puzzle %d %s: search finds %d grids, gophersat %d", i, describeLines(p), len(got), s.Count)
		}
		if s.Count > 0 {
			some++
		}
		if s.Count == limit {
			many++
		}
		if s.Count < limit {
			var want []string
			for _, g := range s.Solutions {
				want = append(want, g.String())
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("puzzle %d %s: search and gophersat find different grids", i, describeLines(p))
			}
		}
		for _, g := range r.Solutions {
			for _, c := range p.Rules {
				if !naiveLine(p, g, c) {
					t.Fatalf("puzzle %d %s: the search's %s breaks %s %v", i, describeLines(p), g, c.Kind, c.Cells)
				}
			}
		}
	}
	t.Logf("%d puzzles: %d with solutions, %d with %d or more", checked, some, many, 200)
	if some == 0 || some == many {
		t.Errorf("want puzzles with a few solutions")
	}
}

// linesPublishedConflicts bounds gophersat's conflicts counting a
// published puzzle of lines to 2, on either sum form. Measured (November
// 2026): at most 3,889 on the clause form and 13,381 on the PB form
// (Modular Nabner DA Coverage), all others under 2,900. The search's nodes
// are bounded by package search's TestPublishedNodes. Conflicts, unlike
// time, are the same on every machine: a loaded one took 3 s on the PB
// form, against 0.29 s measured.
const linesPublishedConflicts = 40_000

// linesPublishedHang bounds each count, so that a count that never ends
// fails the test rather than waits: minutes, for the most loaded machine.
const linesPublishedHang = 2 * time.Minute

// TestLinesPublished counts the published puzzles of
// testdata/variants/published/lines.json (CC BY 4.0, from
// SudokuVariantSolverJS's test set, each with its title, author and
// solution) with the search and with gophersat on both sum forms: each is
// unique, its solution the one listed, gophersat's within
// linesPublishedConflicts.
func TestLinesPublished(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(varianttest.Dir(t), "published", "lines.json"))
	if err != nil {
		t.Fatal(err)
	}
	var list []struct {
		Title, Author, Licence, Link, Solution string
	}
	if err := json.Unmarshal(data, &list); err != nil {
		t.Fatal(err)
	}
	if len(list) == 0 {
		t.Fatal("no puzzles")
	}
	for _, e := range list {
		t.Run(e.Title, func(t *testing.T) {
			if !strings.HasPrefix(e.Licence, "Creative Commons Attribution 4.0") || e.Author == "" {
				t.Errorf("licence %q, author %q: want CC BY 4.0 and an author", e.Licence, e.Author)
			}
			p, err := variant.ParseLink(e.Link)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.ContainsFunc(p.Rules, func(r sudokusat.Rule) bool { return slices.Contains(lineKinds, r.Kind) }) {
				t.Errorf("no line rule")
			}
			sol, err := sudokusat.Parse(e.Solution)
			if err != nil {
				t.Fatal(err)
			}
			if err := variant.Check(p, sol); err != nil {
				t.Errorf("the listed solution: %v", err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), linesPublishedHang)
			defer cancel()
			start := time.Now()
			r, err := vsearch.Count(ctx, p, 2)
			if err != nil || r.Count != 1 || !r.Solutions[0].Equal(sol) {
				t.Errorf("search: %d solutions, %v", r.Count, err)
			}
			took := []time.Duration{time.Since(start)}
			var conflicts []int
			for _, sums := range []encode.SumForm{encode.SumClauses, encode.SumPB} {
				ctx, cancel := context.WithTimeout(context.Background(), linesPublishedHang)
				defer cancel()
				start := time.Now()
				f, err := encode.Puzzle(p, encode.Options{Sums: sums})
				if err != nil {
					t.Fatalf("encode (%s): %v", sums, err)
				}
				r, err := Count(ctx, f, 2)
				if err != nil || r.Count != 1 || !r.Solution().Equal(sol) {
					t.Errorf("gophersat (%s): %d solutions, %v", sums, r.Count, err)
				}
				if r.Conflicts > linesPublishedConflicts {
					t.Errorf("gophersat (%s): %d conflicts, more than %d", sums, r.Conflicts, linesPublishedConflicts)
				}
				took = append(took, time.Since(start))
				conflicts = append(conflicts, r.Conflicts)
			}
			t.Logf("search %d nodes, %v; gophersat %d conflicts, %v (clauses) and %d, %v (PB)", r.Nodes, took[0].Round(time.Millisecond),
				conflicts[0], took[1].Round(time.Millisecond), conflicts[1], took[2].Round(time.Millisecond))
		})
	}
}
