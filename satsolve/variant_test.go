package satsolve

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/crillab/gophersat/solver"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/variant"
	vsearch "github.com/sudokusat/sudokusat/variant/search"
)

// naiveHolds is the test's own reading of the variant model's rules,
// written from variant.go's comments and sharing nothing with the encoder:
// it says whether a filled grid keeps constraint c of p.
func naiveHolds(p *sudokusat.Puzzle, g *sudokusat.Grid, c sudokusat.Rule) bool {
	n := g.Size()
	at := func(cell int) int { return g.Cell(cell) }
	distinct := func(cells []int) bool {
		seen := map[int]bool{}
		for _, x := range cells {
			if seen[at(x)] {
				return false
			}
			seen[at(x)] = true
		}
		return true
	}
	pairs := func(ok func(a, b int) bool, dr, dc []int) bool {
		for cell := 0; cell < n*n; cell++ {
			for k := range dr {
				r, col := cell/n+dr[k], cell%n+dc[k]
				if r >= 0 && r < n && col >= 0 && col < n && !ok(cell, r*n+col) {
					return false
				}
			}
		}
		return true
	}
	// A pair with a mark of one of the kinds is exempt from a negative
	// rule: a Kropki dot of either colour from both Kropki negatives.
	unmarked := func(kinds []variant.Kind, bad func(a, b int) bool) bool {
		return pairs(func(a, b int) bool {
			for _, m := range p.Rules {
				if slices.Contains(kinds, m.Kind) && len(m.Cells) == 2 && (m.Cells[0] == a && m.Cells[1] == b || m.Cells[0] == b && m.Cells[1] == a) {
					return true
				}
			}
			return !bad(at(a), at(b))
		}, []int{0, 1}, []int{1, 0})
	}
	switch c.Kind {
	case variant.Region, variant.DiagonalMain, variant.DiagonalAnti:
		return distinct(c.Cells)
	case variant.Killer:
		sum := 0
		for _, x := range c.Cells {
			sum += at(x)
		}
		return distinct(c.Cells) && (c.Value == sudokusat.NoValue || sum == c.Value)
	case variant.Thermo:
		for i := 1; i < len(c.Cells); i++ {
			if at(c.Cells[i]) <= at(c.Cells[i-1]) {
				return false
			}
		}
		return true
	case variant.Arrow:
		// Each line on its own sums to the circle.
		circle := 0
		for _, x := range c.Cells {
			circle = circle*10 + at(x)
		}
		for _, l := range c.Lines {
			sum := 0
			for _, x := range l {
				sum += at(x)
			}
			if sum != circle {
				return false
			}
		}
		return true
	case variant.DifferenceArrow:
		// Each line's two digits differ by the circle's digit.
		for _, l := range c.Lines {
			if d := at(l[0]) - at(l[1]); len(l) != 2 || d != at(c.Cells[0]) && -d != at(c.Cells[0]) {
				return false
			}
		}
		return true
	case variant.White:
		a, b := at(c.Cells[0]), at(c.Cells[1])
		return a == b+1 || b == a+1
	case variant.Black:
		a, b := at(c.Cells[0]), at(c.Cells[1])
		return a == 2*b || b == 2*a
	case variant.XV:
		return at(c.Cells[0])+at(c.Cells[1]) == c.Value
	case variant.Even:
		return at(c.Cells[0])%2 == 0
	case variant.Odd:
		return at(c.Cells[0])%2 == 1
	case variant.AntiKnight:
		return pairs(func(a, b int) bool { return at(a) != at(b) }, []int{1, 2, 1, 2}, []int{2, 1, -2, -1})
	case variant.AntiKing:
		return pairs(func(a, b int) bool { return at(a) != at(b) }, []int{0, 1, 1, 1}, []int{1, 0, 1, -1})
	case variant.NonConsecutive:
		return unmarked(kropki, func(a, b int) bool { return a == b+1 || b == a+1 })
	case variant.NoBlack:
		return unmarked(kropki, func(a, b int) bool { return a == 2*b || b == 2*a })
	case variant.NoXV:
		return unmarked([]variant.Kind{variant.XV}, func(a, b int) bool { return a+b == 5 || a+b == 10 })
	}
	panic("unknown kind " + string(c.Kind))
}

var kropki = []variant.Kind{variant.White, variant.Black}

// allGrids lists every filled 4×4 grid with p's regions and givens, by
// plain backtracking.
func allGrids(p *sudokusat.Puzzle) []*sudokusat.Grid {
	g := p.Grid.Clone()
	n := g.Size()
	var out []*sudokusat.Grid
	var fill func(cell int)
	fill = func(cell int) {
		if cell == n*n {
			out = append(out, g.Clone())
			return
		}
		if p.Grid.Cell(cell) != 0 {
			fill(cell + 1)
			return
		}
		for d := 1; d <= n; d++ {
			ok := true
			for o := 0; o < n*n && ok; o++ {
				if o != cell && g.Cell(o) == d && (o/n == cell/n || o%n == cell%n || p.Region(o) == p.Region(cell)) {
					ok = false
				}
			}
			if ok {
				g.SetCell(cell, d)
				fill(cell + 1)
				g.SetCell(cell, 0)
			}
		}
	}
	fill(0)
	return out
}

// randomPuzzle makes a 4×4 puzzle with a few random constraints, cells
// chosen so that each constraint is well formed. Most sums, thermometers
// and givens are read off a random filled grid, so that most puzzles keep
// some solutions; the others are random, for puzzles with none.
func randomPuzzle(rng *rand.Rand) *sudokusat.Puzzle {
	g, _ := sudokusat.NewGridSize(4)
	p := &sudokusat.Puzzle{Grid: g}
	if rng.IntN(4) == 0 {
		p.Regions = []int{0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3} // 96 fillings
	}
	fills := allGrids(p)
	fill := fills[rng.IntN(len(fills))]
	sum := func(cells []int) int {
		s := 0
		for _, c := range cells {
			s += fill.Cell(c)
		}
		return s
	}
	faithful := func() bool { return rng.IntN(4) > 0 }
	distinctCells := func(k int) []int { return rng.Perm(16)[:k] }
	neighbour := func() []int {
		a := rng.IntN(16)
		for {
			if b := a + []int{1, 4, -1, -4}[rng.IntN(4)]; b >= 0 && b < 16 && (b/4 == a/4 || b%4 == a%4) {
				return []int{a, b}
			}
		}
	}
	kinds := []variant.Kind{variant.Region, variant.DiagonalMain, variant.DiagonalAnti, variant.Killer, variant.Thermo,
		variant.Arrow, variant.White, variant.Black, variant.XV, variant.Even, variant.Odd, variant.AntiKnight,
		variant.AntiKing, variant.NonConsecutive, variant.NoBlack, variant.NoXV, variant.DifferenceArrow}
	for range 1 + rng.IntN(4) {
		c := sudokusat.Rule{Kind: kinds[rng.IntN(len(kinds))]}
		switch c.Kind {
		case variant.Region:
			c.Cells = distinctCells(2 + rng.IntN(3))
		case variant.DiagonalMain:
			c.Cells = []int{0, 5, 10, 15}
		case variant.DiagonalAnti:
			c.Cells = []int{12, 9, 6, 3}
		case variant.Killer:
			c.Cells = distinctCells(1 + rng.IntN(4))
			c.Value = sudokusat.NoValue
			if rng.IntN(4) > 0 {
				c.Value = len(c.Cells) + rng.IntN(3*len(c.Cells)+1)
				if faithful() {
					c.Value = sum(c.Cells)
				}
			}
		case variant.Thermo:
			c.Cells = distinctCells(2 + rng.IntN(2))
			if faithful() {
				slices.SortFunc(c.Cells, func(a, b int) int { return fill.Cell(a) - fill.Cell(b) })
			}
		case variant.Arrow:
			cells := distinctCells(5)
			k := 1 + rng.IntN(2) // a pill of two makes two-digit numbers
			c.Cells = cells[:k]
			c.Lines = [][]int{cells[k : k+1+rng.IntN(2)]}
			if rng.IntN(2) == 0 {
				c.Lines = append(c.Lines, cells[4:])
			}
		case variant.DifferenceArrow:
			// A circle and a line of two cells, a second line now and
			// then; mostly the circle holds the filling's difference of
			// the first line's digits.
			cells := distinctCells(5)
			c.Cells, c.Lines = cells[:1], [][]int{cells[1:3]}
			if rng.IntN(3) == 0 {
				c.Lines = append(c.Lines, cells[3:5])
			}
			d := max(fill.Cell(cells[1])-fill.Cell(cells[2]), fill.Cell(cells[2])-fill.Cell(cells[1]))
			if faithful() {
				for _, x := range rng.Perm(16) {
					if fill.Cell(x) == d && !slices.Contains(cells[1:], x) {
						c.Cells = []int{x}
						break
					}
				}
			}
		case variant.White, variant.Black:
			c.Cells = neighbour()
		case variant.XV:
			c.Cells, c.Value = neighbour(), []int{5, 10, 3, 7}[rng.IntN(4)]
			if faithful() {
				c.Value = sum(c.Cells)
			}
		case variant.Even, variant.Odd:
			c.Cells = distinctCells(1)
		}
		p.Rules = append(p.Rules, c)
	}
	if rng.IntN(4) == 0 {
		// A Kropki puzzle: both negatives, and the dots the filling needs
		// (a 1–2 pair, consecutive and of ratio 2, gets either colour),
		// some left out.
		p.Rules = append(p.Rules, sudokusat.Rule{Kind: variant.NonConsecutive}, sudokusat.Rule{Kind: variant.NoBlack})
		for a := range 16 {
			for _, b := range []int{a + 1, a + 4} {
				if (b == a+1 && a%4 == 3) || b >= 16 || rng.IntN(8) == 0 {
					continue
				}
				x, y := fill.Cell(a), fill.Cell(b)
				cons, ratio := x-y == 1 || y-x == 1, x == 2*y || y == 2*x
				switch {
				case cons && ratio:
					p.Rules = append(p.Rules, sudokusat.Rule{Kind: []variant.Kind{variant.White, variant.Black}[rng.IntN(2)], Cells: []int{a, b}})
				case cons:
					p.Rules = append(p.Rules, sudokusat.Rule{Kind: variant.White, Cells: []int{a, b}})
				case ratio:
					p.Rules = append(p.Rules, sudokusat.Rule{Kind: variant.Black, Cells: []int{a, b}})
				}
			}
		}
	}
	for range rng.IntN(3) {
		cell := rng.IntN(16)
		if faithful() {
			g.SetCell(cell, fill.Cell(cell))
		} else {
			g.SetCell(cell, 1+rng.IntN(4))
		}
	}
	return p
}

// TestVariantEncodingExhaustive checks both sum forms of the variant
// encoding against brute force on random 4×4 puzzles: the set of grids
// gophersat counts must be exactly the grids the naive checker accepts.
func TestVariantEncodingExhaustive(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 4))
	for i := range 400 {
		p := randomPuzzle(rng)
		if p.Grid.Validate() != nil {
			continue // clashing givens: nothing to compare
		}
		var want []string
		for _, g := range allGrids(p) {
			ok := true
			for _, c := range p.Rules {
				ok = ok && naiveHolds(p, g, c)
			}
			if ok {
				want = append(want, g.String())
			}
		}
		slices.Sort(want)
		for _, sums := range []encode.SumForm{encode.SumClauses, encode.SumPB} {
			t.Run(fmt.Sprintf("%d/%s", i, sums), func(t *testing.T) {
				f, err := encode.Puzzle(p, encode.Options{Sums: sums})
				if err != nil {
					t.Fatal(err)
				}
				r, err := Count(context.Background(), f, 300)
				if err != nil {
					t.Fatal(err)
				}
				var got []string
				for _, g := range r.Solutions {
					got = append(got, g.String())
				}
				slices.Sort(got)
				if !slices.Equal(got, want) {
					t.Errorf("%v givens %s: gophersat finds %d grids, brute force %d\ngot  %v\nwant %v", p.Rules, p.Grid, len(got), len(want), got, want)
				}
			})
		}
	}
}

// parseOPB is the test's own reader of the OPB that WriteOPB writes: the
// header, comments, and "+w xV … >= R ;" or "= R ;" lines, each term a
// weight and a plain variable. (gophersat's ParseOPB is not used: it
// takes two opposite unit constraints without noticing the clash.)
func parseOPB(t *testing.T, opb string) []solver.PBConstr {
	t.Helper()
	var out []solver.PBConstr
	lines := strings.Split(strings.TrimSuffix(opb, "\n"), "\n")
	if !strings.HasPrefix(lines[0], "* #variable= ") {
		t.Fatalf("OPB starts %q, not with its header", lines[0])
	}
	for no, line := range lines {
		if strings.HasPrefix(line, "*") {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 5 || f[len(f)-1] != ";" || len(f)%2 != 1 {
			t.Fatalf("line %d: %q is not a constraint", no+1, line)
		}
		rhs, err := strconv.Atoi(f[len(f)-2])
		if err != nil {
			t.Fatalf("line %d: %v", no+1, err)
		}
		op := f[len(f)-3]
		var lits, weights []int
		for i := 0; i < len(f)-3; i += 2 {
			w, err1 := strconv.Atoi(f[i])
			v, err2 := strconv.Atoi(strings.TrimPrefix(f[i+1], "x"))
			if err1 != nil || err2 != nil || !strings.HasPrefix(f[i+1], "x") || (f[i][0] != '+' && f[i][0] != '-') {
				t.Fatalf("line %d: bad term %q %q", no+1, f[i], f[i+1])
			}
			lits, weights = append(lits, v), append(weights, w)
		}
		switch op {
		case ">=":
			out = append(out, solver.GtEq(lits, weights, rhs))
		case "=":
			out = append(out, solver.Eq(lits, weights, rhs)...)
		default:
			t.Fatalf("line %d: operator %q", no+1, op)
		}
	}
	return out
}

// countOPB reads OPB text with parseOPB and counts its models with
// gophersat to limit, projected on the first mapVars variables.
func countOPB(t *testing.T, opb string, f *encode.Formula, limit int) []string {
	t.Helper()
	pb := solver.ParsePBConstrs(parseOPB(t, opb))
	s := solver.New(pb)
	var grids []string
	for len(grids) < limit && s.Solve() == solver.Sat {
		model := s.Model()
		g, err := f.Decode(model)
		if err != nil {
			t.Fatal(err)
		}
		grids = append(grids, g.String())
		var block []solver.Lit
		for v := 0; v < f.VarMap.NumVars() && v < len(model); v++ {
			if model[v] {
				block = append(block, solver.IntToLit(int32(-(v + 1))))
			}
		}
		s.AppendClause(solver.NewClause(block))
	}
	slices.Sort(grids)
	return grids
}

// TestWriteOPB writes random 4×4 puzzles and the 9×9 ones as OPB, in both
// sum forms, parses the text back with gophersat's OPB parser and checks
// that it has the same solutions as the formula counted directly.
func TestWriteOPB(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 16))
	var puzzles []*sudokusat.Puzzle
	for range 40 {
		if p := randomPuzzle(rng); p.Grid.Validate() == nil {
			puzzles = append(puzzles, p)
		}
	}
	for _, vp := range variantPuzzles(t) {
		puzzles = append(puzzles, vp.p)
	}
	for i, p := range puzzles {
		for _, sums := range []encode.SumForm{encode.SumClauses, encode.SumPB} {
			f, err := encode.Puzzle(p, encode.Options{Sums: sums})
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			if err := encode.WriteOPB(&b, f); err != nil {
				t.Fatal(err)
			}
			header := fmt.Sprintf("* #variable= %d #constraint= %d\n", f.Vars, f.NumClauses()+len(f.PBs()))
			if !strings.HasPrefix(b.String(), header) {
				t.Fatalf("OPB starts %.60q, want %q", b.String(), header)
			}
			got := countOPB(t, b.String(), f, 300)
			r, err := Count(context.Background(), f, 300)
			if err != nil {
				t.Fatal(err)
			}
			var want []string
			for _, g := range r.Solutions {
				want = append(want, g.String())
			}
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("puzzle %d, %s: the OPB has %d solutions, the formula %d", i, sums, len(got), len(want))
			}
		}
	}
}

// TestVariant16 builds constraints around the solution of a 16×16 puzzle
// (killer pairs with their sums, white and black dots where they hold,
// even and odd cells) and solves the puzzle with them and half its givens
// gone: the solution found must keep every rule, in both sum forms.
func TestVariant16(t *testing.T) {
	g := readPuzzles(t, "large-16.txt")[0]
	r, err := Count(context.Background(), encodeWith(t, "extended", g), 1)
	if err != nil || r.Count != 1 {
		t.Fatalf("the classic puzzle: %v, %d", err, r.Count)
	}
	sol := r.Solution()
	n := sol.Size()
	p := &sudokusat.Puzzle{Grid: g.Clone()}
	for cell := 0; cell < n*n; cell++ {
		if cell%2 == 0 && cell%n != n-1 {
			p.Rules = append(p.Rules, sudokusat.Rule{Kind: variant.Killer, Cells: []int{cell, cell + 1}, Value: sol.Cell(cell) + sol.Cell(cell+1)})
		}
		if cell+n < n*n {
			a, b := sol.Cell(cell), sol.Cell(cell+n)
			switch {
			case a == b+1 || b == a+1:
				p.Rules = append(p.Rules, sudokusat.Rule{Kind: variant.White, Cells: []int{cell, cell + n}})
			case a == 2*b || b == 2*a:
				p.Rules = append(p.Rules, sudokusat.Rule{Kind: variant.Black, Cells: []int{cell, cell + n}})
			}
		}
		if cell%7 == 0 {
			kind := variant.Odd
			if sol.Cell(cell)%2 == 0 {
				kind = variant.Even
			}
			p.Rules = append(p.Rules, sudokusat.Rule{Kind: kind, Cells: []int{cell}})
		}
		if cell%2 == 1 {
			p.Grid.SetCell(cell, 0)
		}
	}
	for _, sums := range []encode.SumForm{encode.SumClauses, encode.SumPB} {
		f, err := encode.Puzzle(p, encode.Options{Sums: sums})
		if err != nil {
			t.Fatal(err)
		}
		r, err := Count(context.Background(), f, 1)
		if err != nil || r.Count != 1 {
			t.Fatalf("%s: %v, %d solutions", sums, err, r.Count)
		}
		if err := sudokusat.CheckSolution(p.Grid, r.Solution()); err != nil {
			t.Fatal(err)
		}
		for _, c := range p.Rules {
			if !naiveHolds(p, r.Solution(), c) {
				t.Fatalf("%s: the solution breaks %v", sums, c)
			}
		}
	}
}

// TestNoXVOfOneSum: a negative XV rule of one sum (every V given, or every
// X given) forbids that sum alone between unmarked neighbours, alike in
// the checker, the search and the SAT encoding: a solution with a V on
// every pair that sums to 5 keeps "every V given", and breaks "every X
// and V given" and "every X given" where a pair sums to 10.
func TestNoXVOfOneSum(t *testing.T) {
	solution, err := sudokusat.Parse("124637958386195724759428361472863195638519472915274836247951683591386247863742519")
	if err != nil {
		t.Fatal(err)
	}
	n := solution.Size()
	var vs []sudokusat.Rule
	tens := 0
	for a := range n * n {
		for _, b := range []int{a + 1, a + n} {
			if b >= n*n || b == a+1 && a%n == n-1 {
				continue
			}
			switch solution.Cell(a) + solution.Cell(b) {
			case 5:
				vs = append(vs, sudokusat.Rule{Kind: variant.XV, Cells: []int{a, b}, Value: 5})
			case 10:
				tens++
			}
		}
	}
	if len(vs) == 0 || tens == 0 {
		t.Fatalf("%d Vs and %d pairs summing to 10: the test needs both", len(vs), tens)
	}
	for _, c := range []struct {
		value int
		holds bool
	}{{5, true}, {0, false}, {10, false}} {
		p := &sudokusat.Puzzle{Grid: solution, Rules: append([]sudokusat.Rule{{Kind: variant.NoXV, Value: c.value}}, vs...)}
		want := 0
		if c.holds {
			want = 1
		}
		if err := variant.Check(p, solution); (err == nil) != c.holds {
			t.Errorf("no-xv %d: Check says %v", c.value, err)
		}
		if r, err := vsearch.Count(context.Background(), p, 2); err != nil || r.Count != want {
			t.Errorf("no-xv %d: the search counts %d (%v), want %d", c.value, r.Count, err, want)
		}
		f, err := encode.Puzzle(p, encode.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if r, err := Count(context.Background(), f, 2); err != nil || len(r.Solutions) != want {
			t.Errorf("no-xv %d: SAT counts %d (%v), want %d", c.value, len(r.Solutions), err, want)
		}
	}
	if err := variant.Validate(&sudokusat.Puzzle{Grid: solution, Rules: []sudokusat.Rule{{Kind: variant.NoXV, Value: 7}}}); err == nil {
		t.Error("no-xv 7 validates")
	}
}
