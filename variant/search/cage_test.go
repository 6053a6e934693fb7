package search

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// TestDigitCombos compares digitCombos with every subset of 1..n read
// plainly, for every cage size and sum of small grids, and checks its
// limit.
func TestDigitCombos(t *testing.T) {
	for n := 1; n <= 12; n++ {
		want := map[[2]int][]uint64{} // by size and sum, in mask order
		for set := uint64(1); set < 1<<n; set++ {
			sum := 0
			for rest := set; rest != 0; rest &= rest - 1 {
				sum += bits.TrailingZeros64(rest) + 1
			}
			key := [2]int{bits.OnesCount64(set), sum}
			want[key] = append(want[key], set)
		}
		for k := 1; k <= n; k++ {
			for sum := -1; sum <= n*(n+1)/2+1; sum++ {
				got, ok := digitCombos(bg, n, k, sum, 1<<20)
				slices.Sort(got)
				if !ok || !slices.Equal(got, want[[2]int{k, sum}]) {
					t.Fatalf("n=%d k=%d sum=%d: %v %v, want %v", n, k, sum, got, ok, want[[2]int{k, sum}])
				}
				if w := len(want[[2]int{k, sum}]); w > 0 {
					if _, ok := digitCombos(bg, n, k, sum, w-1); ok {
						t.Fatalf("n=%d k=%d sum=%d: %d sets listed within a limit of %d", n, k, sum, w, w-1)
					}
				}
			}
		}
	}
}

// rowCages returns an empty n×n grid with a killer cage on each row,
// summing to n(n+1)/2: the rows' own rule again, which once took the
// search hours to set up on 35×35 (every increasing run of digits tried
// for each cage).
func rowCages(t testing.TB, n int) *sudokusat.Puzzle {
	t.Helper()
	g, err := sudokusat.NewGridSize(n)
	if err != nil {
		t.Fatal(err)
	}
	p := &sudokusat.Puzzle{Grid: g}
	for r := range n {
		c := sudokusat.Rule{Kind: variant.Killer, Value: n * (n + 1) / 2}
		for col := range n {
			c.Cells = append(c.Cells, r*n+col)
		}
		p.Rules = append(p.Rules, c)
	}
	return p
}

// columnCage returns an empty n×n grid with one killer cage of the first
// k cells of column 1, summing to sum.
func columnCage(t testing.TB, n, k, sum int) *sudokusat.Puzzle {
	t.Helper()
	g, err := sudokusat.NewGridSize(n)
	if err != nil {
		t.Fatal(err)
	}
	c := sudokusat.Rule{Kind: variant.Killer, Value: sum}
	for r := range k {
		c.Cells = append(c.Cells, r*n)
	}
	return &sudokusat.Puzzle{Grid: g, Rules: []sudokusat.Rule{c}}
}

// TestLargeCages counts puzzles whose cages have far too many digit sets
// to list, or one set that once took an exponential search to find: each
// is solved, its solution keeping the cages.
func TestLargeCages(t *testing.T) {
	tests := []struct {
		name string
		p    *sudokusat.Puzzle
	}{
		{"a cage per row 35×35", rowCages(t, 35)},
		{"a cage per row 25×25", rowCages(t, 25)},
		// The 28 largest digits of 35 make 602: few sets near the top.
		{"28 cells summing to 600 on 35×35", columnCage(t, 35, 28, 600)},
		{"28 cells summing to 450 on 30×30", columnCage(t, 30, 28, 450)},
		{"28 cells summing to 506 on 35×35", columnCage(t, 35, 28, 506)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Count(bg, tc.p, 1)
			if err != nil || r.Count != 1 {
				t.Fatalf("%d solutions, %v", r.Count, err)
			}
			if err := variant.Check(tc.p, r.Solutions[0]); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// endsAfter is a context that ends, with DeadlineExceeded, once Err has
// been asked calls times: it ends at a point of the work, not of the
// clock, so that a test sees a deadline fall during the setup on any
// machine.
type endsAfter struct {
	context.Context
	calls atomic.Int64
	done  chan struct{}
}

func newEndsAfter(calls int64) *endsAfter {
	c := &endsAfter{Context: context.Background(), done: make(chan struct{})}
	c.calls.Store(calls)
	return c
}

func (c *endsAfter) Done() <-chan struct{} { return c.done }

func (c *endsAfter) Err() error {
	switch left := c.calls.Add(-1); {
	case left == 0:
		close(c.done)
		fallthrough
	case left < 0:
		return context.DeadlineExceeded
	}
	return nil
}

// TestSetupContext checks that a context which has ended, or ends while
// the search sets up a large-cage puzzle, stops Count with an error
// wrapping the context's, before any search.
func TestSetupContext(t *testing.T) {
	p := rowCages(t, 35)
	cancelled, cancel := context.WithCancel(bg)
	cancel()
	tests := []struct {
		name string
		ctx  context.Context
		want error
	}{
		{"cancelled", cancelled, context.Canceled},
		{"ends at the first look", newEndsAfter(1), context.DeadlineExceeded},
		{"ends at the third rule", newEndsAfter(4), context.DeadlineExceeded},
		{"ends setting up the peers", newEndsAfter(int64(len(p.Rules)) + 3), context.DeadlineExceeded},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Count(tc.ctx, p, 1)
			if !errors.Is(err, tc.want) {
				t.Fatalf("error %v, want %v", err, tc.want)
			}
			if r.Nodes != 0 || r.Count != 0 {
				t.Errorf("searched %d nodes, found %d: want the setup stopped", r.Nodes, r.Count)
			}
		})
	}
}

// killerPuzzle draws a killer puzzle of side n around a random solution:
// its cells cut into cages of 1 to maxCage cells (random walks), each
// with its sum, and some givens.
func killerPuzzle(rng *rand.Rand, n, maxCage, givens int) *sudokusat.Puzzle {
	g, _ := sudokusat.NewGridSize(n)
	p := &sudokusat.Puzzle{Grid: g}
	sol := randomSolution(rng, p)
	for sol == nil {
		sol = randomSolution(rng, p)
	}
	free := make([]bool, n*n)
	for c := range free {
		free[c] = true
	}
	for _, start := range rng.Perm(n * n) {
		if !free[start] {
			continue
		}
		cage := []int{start}
		free[start] = false
		used := uint64(1) << sol[start]
		for len(cage) < 1+rng.IntN(maxCage) {
			c := cage[rng.IntN(len(cage))]
			next := []int{c - n, c + n, c - 1, c + 1}[rng.IntN(4)]
			if next < 0 || next >= n*n || (next%n != c%n && next/n != c/n) || !free[next] || used&(1<<sol[next]) != 0 {
				continue
			}
			cage = append(cage, next)
			free[next] = false
			used |= 1 << sol[next]
		}
		sum := 0
		for _, c := range cage {
			sum += sol[c]
		}
		p.Rules = append(p.Rules, sudokusat.Rule{Kind: variant.Killer, Cells: cage, Value: sum})
	}
	for _, c := range rng.Perm(n * n)[:givens] {
		g.SetCell(c, sol[c])
	}
	return p
}

// TestCageBoundsAgainstBrute checks the bounds that large cages get
// (propCageBounds), given to every cage, against the brute force on
// random 4×4 and 6×6 puzzles: random cages (up to N cells, some sums
// false) among the other kinds, and grids cut into cages.
func TestCageBoundsAgainstBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 35))
	runs := 150
	if testing.Short() {
		runs = 30
	}
	bounded, narrowed := 0, 0
	for i := range runs {
		n := []int{4, 6}[i%2]
		var p *sudokusat.Puzzle
		if i%3 == 2 {
			p = killerPuzzle(rng, n, n, n*n/3)
		} else {
			p = randomPuzzle(rng, n, 6, variant.Killer, variant.Killer, variant.Thermo, variant.Arrow)
			// Large cages, any sum distinct digits can make.
			for range rng.IntN(3) {
				k := 2 + rng.IntN(n-1)
				least, most := k*(k+1)/2, k*n-k*(k-1)/2
				c := sudokusat.Rule{Kind: variant.Killer, Cells: rng.Perm(n * n)[:k], Value: least + rng.IntN(most-least+1)}
				p.Rules = append(p.Rules, c)
			}
		}
		want := brute(p)
		for _, limit := range []int{0, maxCombos} {
			r, err := count(bg, p, 100000, limit)
			if err != nil {
				t.Fatalf("%s\nmaxCombos %d: %v", describe(p), limit, err)
			}
			var got []string
			for _, g := range r.Solutions {
				got = append(got, g.String())
			}
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Fatalf("maxCombos %d: %d solutions, the brute force %d\n%s", limit, len(got), len(want), describe(p))
			}
		}
		m, err := compile(bg, p, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, pr := range m.props {
			if pr.kind == propCageBounds {
				bounded++
				break
			}
		}
		if len(want) > 0 && len(want) < len(brute(&sudokusat.Puzzle{Grid: p.Grid, Regions: p.Regions})) {
			narrowed++
		}
	}
	if bounded < runs/2 || narrowed == 0 {
		t.Errorf("%d of %d puzzles with bounded cages, %d narrowed and solvable: the puzzles test little", bounded, runs, narrowed)
	}
}

// TestCageBoundsAgainstTable counts random 9×9 killer puzzles, and the
// killer of the variant files, with the bounds on every cage and with the
// tables: the same solutions both ways, or both at the limit (the two
// propagations lead the search down different branches, so that the
// solutions found first differ).
func TestCageBoundsAgainstTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 28))
	ps := []*sudokusat.Puzzle{killer()}
	for i := range 20 {
		ps = append(ps, killerPuzzle(rng, 9, 2+i%8, rng.IntN(12)))
	}
	const limit = 200
	for i, p := range ps {
		var answers [2][]string
		for j, combos := range []int{0, maxCombos} {
			r, err := count(bg, p, limit, combos)
			if err != nil {
				t.Fatalf("puzzle %d, maxCombos %d: %v", i, combos, err)
			}
			for _, g := range r.Solutions {
				if err := variant.Check(p, g); err != nil {
					t.Fatalf("puzzle %d, maxCombos %d: %v", i, combos, err)
				}
				answers[j] = append(answers[j], g.String())
			}
			slices.Sort(answers[j])
		}
		if len(answers[0]) == limit && len(answers[1]) == limit {
			continue
		}
		if len(answers[0]) == 0 || !slices.Equal(answers[0], answers[1]) {
			t.Fatalf("puzzle %d: %d solutions with bounds, %d with tables\n%s", i, len(answers[0]), len(answers[1]), describe(p))
		}
	}
}

// BenchmarkCageTables counts killer puzzles with cage tables of up to
// 0, 64, 512 and 4096 digit sets (the rest bounded), to measure where a
// table stops paying for itself: the 9×9 killer, and random 16×16 grids
// cut into cages of up to 16 cells, with 20 givens. Measured (November
// 2026), nodes for 0/64/512/4096: 415/83/83/83 on the killer, and
// 29,503/1,400/301/294 on the ten 16×16 puzzles (614/81/23/21 ms).
func BenchmarkCageTables(b *testing.B) {
	rng := rand.New(rand.NewPCG(16, 16))
	sets := map[string][]*sudokusat.Puzzle{"killer-9": {killer()}}
	for range 10 {
		sets["random-16"] = append(sets["random-16"], killerPuzzle(rng, 16, 16, 20))
	}
	for _, name := range []string{"killer-9", "random-16"} {
		for _, combos := range []int{0, 64, 512, maxCombos} {
			b.Run(fmt.Sprintf("%s/%d", name, combos), func(b *testing.B) {
				nodes := 0
				for b.Loop() {
					nodes = 0
					for _, p := range sets[name] {
						r, err := count(bg, p, 2, combos)
						if err != nil {
							b.Fatal(err)
						}
						nodes += r.Nodes
					}
				}
				b.ReportMetric(float64(nodes), "nodes/op")
			})
		}
	}
}

// TestPropagationStops checks that propagation gives up when its context
// ends, between two searches' nodes: the first propagation of a puzzle of
// many large cage tables is long work, and with a done channel already
// closed it stops, not claiming a contradiction, where with an open one
// it runs to its end.
func TestPropagationStops(t *testing.T) {
	g, _ := sudokusat.NewGridSize(25)
	p := &sudokusat.Puzzle{Grid: g}
	// 400 cages of 10 cells of a row each, summing to 86: 3,603 digit sets
	// a table.
	for j := range 400 {
		r, step := j%25, 1+j/25%3
		c := sudokusat.Rule{Kind: variant.Killer, Value: 86}
		for i := range 10 {
			c.Cells = append(c.Cells, r*25+(j/25+i*step)%25)
		}
		p.Rules = append(p.Rules, c)
	}
	m, err := compile(bg, p, maxCombos)
	if err != nil {
		t.Fatal(err)
	}
	closed := make(chan struct{})
	close(closed)
	for _, tc := range []struct {
		name string
		done chan struct{}
	}{{"open", make(chan struct{})}, {"closed", closed}} {
		t.Run(tc.name, func(t *testing.T) {
			s := newState(m, tc.done)
			s.wakeAll()
			ok := s.propagate()
			switch {
			case tc.done == closed && (ok || !s.stopped):
				t.Errorf("propagate %v, stopped %v: want it stopped", ok, s.stopped)
			case tc.done != closed && s.stopped:
				t.Errorf("stopped with its context open")
			}
			if len(s.fixedQ)+len(s.pairQ)+len(s.unitQ)+len(s.propQ)+len(s.pointQ) != 0 {
				t.Errorf("queues left full")
			}
		})
	}
}

// TestRequiredDigits: a digit that every filling of a renban line or a
// killer cage holds leaves every cell that sees all the line's or cage's
// cells that can hold it, by propagation alone. A five-cell renban line
// on 9×9 holds 5 whatever its run; a cage of 3 summing to 7 holds 1, 2
// and 4. Each lies in row 1 here, so the rest of row 1 loses those digits,
// and (for the cage, within box 1) the rest of box 1.
func TestRequiredDigits(t *testing.T) {
	d := digitMask
	for _, tc := range []struct {
		name string
		rule sudokusat.Rule
		// gone lists the cells that must have lost the digits of lost.
		gone []int
		lost uint64
	}{
		{"renban", sudokusat.Rule{Kind: variant.Renban, Cells: []int{0, 1, 2, 3, 4}}, []int{5, 6, 7, 8}, d(5)},
		{"killer", sudokusat.Rule{Kind: variant.Killer, Value: 7, Cells: []int{0, 1, 2}}, []int{3, 8, 9, 10, 11, 18, 19, 20}, d(1, 2, 4)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, _ := sudokusat.NewGridSize(9)
			s := propagated(t, &sudokusat.Puzzle{Grid: g, Rules: []sudokusat.Rule{tc.rule}})
			for _, c := range tc.gone {
				if s.cand[c]&tc.lost != 0 {
					t.Errorf("r%dc%d keeps %09b of the rule's required digits %09b", c/9+1, c%9+1, s.cand[c]&tc.lost, tc.lost)
				}
			}
		})
	}
}

// propagated compiles p and propagates from its givens alone: the
// propagators' tests read what is left. It fails the test when p does not
// compile or when propagation finds a contradiction, as the puzzles of
// those tests have solutions.
func propagated(t *testing.T, p *sudokusat.Puzzle) *state {
	t.Helper()
	m, err := compile(context.Background(), p, maxCombos)
	if err != nil {
		t.Fatal(err)
	}
	s := newState(m, make(chan struct{}))
	s.wakeAll()
	if !s.propagate() {
		t.Fatal("propagation failed on a puzzle with solutions")
	}
	return s
}
