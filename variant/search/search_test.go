package search

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/internal/cputime"
	"github.com/sudokusat/sudokusat/variant"
)

var bg = context.Background()

// hang bounds a search that must end, so that one that never does fails
// the test rather than holds it: minutes, for the most loaded machine,
// where these take a second or two on a quiet one.
const hang = 2 * time.Minute

// allOf counts every solution of p (the 288 of an empty 4×4 grid fit
// well below the limit) and returns them sorted, failing the test on an
// error or on solutions found twice.
func allOf(t testing.TB, p *sudokusat.Puzzle) []string {
	t.Helper()
	const limit = 100000
	r, err := Count(bg, p, limit)
	if err != nil {
		t.Fatalf("Count: %v", err)
	}
	if r.Count == limit {
		t.Fatalf("Count reached its limit %d", limit)
	}
	if r.Count != len(r.Solutions) {
		t.Fatalf("Count %d with %d solutions", r.Count, len(r.Solutions))
	}
	var out []string
	for _, g := range r.Solutions {
		out = append(out, g.String())
	}
	slices.Sort(out)
	if c := slices.Compact(slices.Clone(out)); len(c) != len(out) {
		t.Fatalf("%d solutions, %d distinct", len(out), len(c))
	}
	return out
}

// describe writes a puzzle for failure messages.
func describe(p *sudokusat.Puzzle) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s regions=%v", p.Grid, p.Regions)
	for _, c := range p.Rules {
		fmt.Fprintf(&b, "\n  %s cells=%v lines=%v value=%d", c.Kind, c.Cells, c.Lines, c.Value)
	}
	return b.String()
}

// sameAsBrute compares the engine's solutions of p with the brute force's.
func sameAsBrute(t *testing.T, p *sudokusat.Puzzle) int {
	t.Helper()
	want := brute(p)
	got := allOf(t, p)
	if !slices.Equal(got, want) {
		t.Fatalf("engine found %d solutions, brute force %d\n%s\nengine: %v\nbrute:  %v",
			len(got), len(want), describe(p), got, want)
	}
	return len(want)
}

// TestKindsAgainstBrute checks every kind, alone and mixed, on seeded
// random 4×4 and 6×6 puzzles: the engine's solutions must be exactly the
// brute force's. Each kind must also matter on some puzzle (fewer
// solutions than without its constraints) and leave some puzzle solvable,
// or its puzzles would test nothing.
func TestKindsAgainstBrute(t *testing.T) {
	type kindCase struct {
		name  string
		kinds []variant.Kind
	}
	var cases []kindCase
	for _, k := range kinds {
		cases = append(cases, kindCase{string(k), []variant.Kind{k}})
	}
	cases = append(cases,
		kindCase{"mixed", nil},
		kindCase{"sums", []variant.Kind{variant.Killer, variant.Arrow, variant.Thermo}},
		kindCase{"dots", []variant.Kind{variant.White, variant.Black, variant.XV, variant.NonConsecutive, variant.NoBlack, variant.NoXV}},
		kindCase{"chess", []variant.Kind{variant.AntiKnight, variant.AntiKing, variant.Region, variant.DiagonalMain}},
	)
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(i), 16))
			narrowed, solvable := 0, 0
			for range 12 {
				for _, n := range []int{4, 6} {
					p := randomPuzzle(rng, n, 4, tc.kinds...)
					got := sameAsBrute(t, p)
					free := *p
					free.Rules = nil
					if got < len(brute(&free)) {
						narrowed++
					}
					if got > 0 {
						solvable++
					}
				}
			}
			if narrowed == 0 || solvable == 0 {
				t.Errorf("%d puzzles narrowed by the constraints, %d solvable: want some of each", narrowed, solvable)
			}
		})
	}
}

// TestRandomAgainstBrute is the property test: many random 4×4 puzzles
// with up to six constraints of any kind.
func TestRandomAgainstBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(2026, 11))
	runs := 400
	if testing.Short() {
		runs = 50
	}
	for range runs {
		sameAsBrute(t, randomPuzzle(rng, 4, 6))
	}
}

// FuzzCount draws a random puzzle from the fuzzer's seed and compares the
// engine with the brute force.
func FuzzCount(f *testing.F) {
	for _, s := range []uint64{0, 1, 42, 1 << 40} {
		f.Add(s, s*7+3, true)
	}
	f.Fuzz(func(t *testing.T, s1, s2 uint64, small bool) {
		n := 6
		if small {
			n = 4
		}
		sameAsBrute(t, randomPuzzle(rand.New(rand.NewPCG(s1, s2)), n, 6))
	})
}

// TestLimit checks that the count stops at the limit and that the
// solutions are distinct: the empty 4×4 grid has 288.
func TestLimit(t *testing.T) {
	g, _ := sudokusat.NewGridSize(4)
	p := &sudokusat.Puzzle{Grid: g}
	for _, limit := range []int{1, 2, 5, 288, 1000} {
		r, err := Count(bg, p, limit)
		if err != nil {
			t.Fatal(err)
		}
		want := min(limit, 288)
		if r.Count != want || len(r.Solutions) != want {
			t.Errorf("limit %d: Count %d with %d solutions, want %d", limit, r.Count, len(r.Solutions), want)
		}
		for _, s := range r.Solutions {
			if err := sudokusat.CheckSolution(g, s); err != nil {
				t.Errorf("limit %d: %s: %v", limit, s, err)
			}
		}
	}
}

// TestLarge solves grids up to the largest side taken (64: every bit of
// the candidate word in use), checking the
// classic rules with sudokusat.CheckSolution.
func TestLarge(t *testing.T) {
	tests := []struct {
		n        int
		diagonal bool
	}{
		{9, true}, {12, true}, {16, true}, {25, true},
		// With a diagonal, grids from 49×49 up take the search seconds
		// to minutes: its heavy tails grow with the grid.
		{MaxSize, false},
	}
	for _, tc := range tests {
		n := tc.n
		g, _ := sudokusat.NewGridSize(n)
		p := &sudokusat.Puzzle{Grid: g}
		if tc.diagonal {
			p.Rules = []sudokusat.Rule{{Kind: variant.DiagonalMain, Cells: diagonal(n)}}
		}
		ctx, cancel := context.WithTimeout(bg, hang)
		r, err := Count(ctx, p, 1)
		cancel()
		if err != nil || r.Count != 1 {
			t.Fatalf("%d×%d: %d solutions, %v", n, n, r.Count, err)
		}
		if err := sudokusat.CheckSolution(g, r.Solutions[0]); err != nil {
			t.Errorf("%d×%d: %v", n, n, err)
		}
		seen := map[int]bool{}
		for _, c := range diagonal(n) {
			seen[r.Solutions[0].Cell(c)] = true
		}
		if tc.diagonal && len(seen) != n {
			t.Errorf("%d×%d: the diagonal holds %d digits", n, n, len(seen))
		}
	}
}

func diagonal(n int) []int {
	var d []int
	for i := 0; i < n; i++ {
		d = append(d, i*n+i)
	}
	return d
}

// TestBadInput checks that what the engine cannot read is an error that
// says why, never a panic.
func TestBadInput(t *testing.T) {
	g4, _ := sudokusat.NewGridSize(4)
	big, _ := sudokusat.NewGridSize(81)
	over := g4.Clone()
	over.SetCell(0, 5)
	with := func(cs ...sudokusat.Rule) *sudokusat.Puzzle {
		return &sudokusat.Puzzle{Grid: g4, Rules: cs}
	}
	tests := []struct {
		name  string
		p     *sudokusat.Puzzle
		limit int
		want  string
	}{
		{"nil puzzle", nil, 1, "no grid"},
		{"nil grid", &sudokusat.Puzzle{}, 1, "no grid"},
		{"limit", with(), 0, "limit 0"},
		{"too large", &sudokusat.Puzzle{Grid: big}, 1, "side 81"},
		{"digit", &sudokusat.Puzzle{Grid: over}, 1, "r1c1 holds 5"},
		{"regions length", &sudokusat.Puzzle{Grid: g4, Regions: []int{0, 1}}, 1, "2 regions"},
		{"region number", &sudokusat.Puzzle{Grid: g4, Regions: slices.Repeat([]int{7}, 16)}, 1, "region 7"},
		{"region size", &sudokusat.Puzzle{Grid: g4, Regions: append(slices.Repeat([]int{0}, 5), slices.Repeat([]int{1, 2, 3}, 4)[:11]...)}, 1, "region 0 has 5 cells"},
		{"unknown kind", with(sudokusat.Rule{Kind: "no-such-kind"}), 1, `unknown kind "no-such-kind"`},
		{"cell out", with(sudokusat.Rule{Kind: variant.Thermo, Cells: []int{0, 16}}), 1, "cell 16 outside"},
		{"negative cell", with(sudokusat.Rule{Kind: variant.Killer, Cells: []int{-1}}), 1, "cell -1 outside"},
		{"cell twice", with(sudokusat.Rule{Kind: variant.Region, Cells: []int{3, 3}}), 1, "listed twice"},
		{"dot cells", with(sudokusat.Rule{Kind: variant.White, Cells: []int{1}}), 1, "1 cells, want 2"},
		{"parity cells", with(sudokusat.Rule{Kind: variant.Even, Cells: []int{1, 2}}), 1, "2 cells, want 1"},
		{"empty thermo", with(sudokusat.Rule{Kind: variant.Thermo}), 1, "no cells"},
		{"empty cage", with(sudokusat.Rule{Kind: variant.Killer, Value: 3}), 1, "no cells"},
		{"arrow circle", with(sudokusat.Rule{Kind: variant.Arrow, Lines: [][]int{{1}}}), 1, "no circle"},
		{"arrow without line", with(sudokusat.Rule{Kind: variant.Arrow, Cells: []int{0}}), 1, "no line"},
		{"arrow line", with(sudokusat.Rule{Kind: variant.Arrow, Cells: []int{0}, Lines: [][]int{{1, 99}}}), 1, "cell 99 outside"},
		{"long pill", with(sudokusat.Rule{Kind: variant.Arrow, Cells: []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, Lines: [][]int{{15}}}), 1, "circle of 10 cells"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Count(bg, tc.p, tc.limit)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
			if r.Count != 0 {
				t.Errorf("Count %d with an error", r.Count)
			}
		})
	}
	g16, _ := sudokusat.NewGridSize(16)
	for name, p := range map[string]*sudokusat.Puzzle{
		"81×81":         {Grid: big},
		"pill on 16×16": {Grid: g16, Rules: []sudokusat.Rule{{Kind: variant.Arrow, Cells: []int{0, 1}, Lines: [][]int{{2, 3}}}}},
		"long pill":     with(sudokusat.Rule{Kind: variant.Arrow, Cells: []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, Lines: [][]int{{15}}}),
	} {
		if _, err := Count(bg, p, 1); !errors.Is(err, ErrUnsupported) {
			t.Errorf("%s: %v, want ErrUnsupported", name, err)
		}
	}
}

// TestImpossible checks puzzles whose rules no filling meets, found while
// compiling or by the search: Count 0 and no error.
func TestImpossible(t *testing.T) {
	g4, _ := sudokusat.NewGridSize(4)
	clash := g4.Clone()
	clash.SetCell(0, 1)
	clash.SetCell(1, 1)
	tests := []struct {
		name string
		p    *sudokusat.Puzzle
	}{
		{"clashing givens", &sudokusat.Puzzle{Grid: clash}},
		{"long thermo", &sudokusat.Puzzle{Grid: g4, Rules: []sudokusat.Rule{{Kind: variant.Thermo, Cells: []int{0, 1, 2, 3, 7}}}}},
		{"big region", &sudokusat.Puzzle{Grid: g4, Rules: []sudokusat.Rule{{Kind: variant.Region, Cells: []int{0, 1, 2, 3, 4}}}}},
		{"cage sum", &sudokusat.Puzzle{Grid: g4, Rules: []sudokusat.Rule{{Kind: variant.Killer, Cells: []int{0, 5}, Value: 8}}}},
		{"odd even", &sudokusat.Puzzle{Grid: g4, Rules: []sudokusat.Rule{{Kind: variant.Odd, Cells: []int{0}}, {Kind: variant.Even, Cells: []int{0}}}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Count(bg, tc.p, 2)
			if err != nil || r.Count != 0 || len(r.Solutions) != 0 {
				t.Fatalf("Count %d, %v: want 0 and no error", r.Count, err)
			}
			if want := len(brute(tc.p)); want != 0 {
				t.Fatalf("the brute force finds %d solutions", want)
			}
		})
	}
}

// endsOnLook is a context that has ended, its Done channel closed, but
// whose Err says so only from its (k+1)-th call: the setup's looks (Err)
// find it live, and the search's first look at Done stops it.
type endsOnLook struct {
	context.Context
	k, looks int
}

func (c *endsOnLook) Done() <-chan struct{} {
	done := make(chan struct{})
	close(done)
	return done
}

func (c *endsOnLook) Err() error {
	if c.looks++; c.looks <= c.k {
		return nil
	}
	return context.Canceled
}

// TestContextEveryNode checks that the search looks at its context at
// every node, not every few hundred: a node of a 64×64 grid costs half a
// millisecond, and 256 of them took the search 100 to 200 ms past its
// deadline. A context that has ended stops the search at its first node,
// whatever the grid, once its setup (which asks Err) let it start.
func TestContextEveryNode(t *testing.T) {
	for _, n := range []int{4, 9, 16} {
		g, _ := sudokusat.NewGridSize(n)
		started := false
		for k := 1; k <= 100 && !started; k++ {
			r, err := Count(&endsOnLook{Context: bg, k: k}, &sudokusat.Puzzle{Grid: g}, 1<<62)
			if r.Nodes == 0 {
				continue // stopped in the setup
			}
			started = true
			if !errors.Is(err, context.Canceled) || r.Nodes != 1 {
				t.Errorf("%d×%d, context ended: %d nodes, %v; want 1 node and context.Canceled", n, n, r.Nodes, err)
			}
		}
		if !started {
			t.Errorf("%d×%d: the search never started", n, n)
		}
	}
}

// TestContext checks that a search honours its context: one that has
// ended stops Count before it starts, and a deadline stops a search that
// would run for ages, promptly, with what it found so far. The deadline
// comes after 20 ms of the process's CPU time (cputime.WithBudget), so that
// the search has found something however busy the machine (20 ms on the
// clock once came before its first node); promptly is within a second of
// CPU time past it. Where the system does not report CPU time, the
// deadline is on the clock and only a minute past it fails.
func TestContext(t *testing.T) {
	g9, _ := sudokusat.NewGridSize(9)
	g16, _ := sudokusat.NewGridSize(16)
	cancelled, cancel := context.WithCancel(bg)
	cancel()
	if _, err := Count(cancelled, miracle(), 2); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: %v, want context.Canceled", err)
	}
	tests := []struct {
		name string
		p    *sudokusat.Puzzle
	}{
		// 6.7·10²¹ solutions, found one after the other.
		{"many solutions", &sudokusat.Puzzle{Grid: g9}},
		// Long refutations deep in the tree, few or no solutions.
		{"deep search", &sudokusat.Puzzle{Grid: g16, Rules: []sudokusat.Rule{
			{Kind: variant.AntiKnight}, {Kind: variant.AntiKing}, {Kind: variant.NonConsecutive},
		}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			const wait = 20 * time.Millisecond
			ctx, cancel := cputime.WithBudget(bg, wait)
			defer cancel()
			past := cputime.AfterDone(ctx)
			start := time.Now()
			r, err := Count(ctx, tc.p, 1<<62)
			late, cpu := past()
			if !cpu {
				late = time.Since(start) - wait
			}
			if cpu && late > time.Second || late > time.Minute {
				t.Errorf("stopped %v past the deadline (CPU time: %v)", late, cpu)
			}
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Fatalf("error %v, want context.DeadlineExceeded", err)
			}
			if r.Nodes == 0 || r.Count != len(r.Solutions) {
				t.Errorf("partial result: Count %d, %d solutions, %d nodes", r.Count, len(r.Solutions), r.Nodes)
			}
			for _, s := range r.Solutions {
				if err := sudokusat.CheckSolution(tc.p.Grid, s); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// TestParallel runs counts at once in several goroutines (run it with
// -race): each must give what it gives alone.
func TestParallel(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	ps := []*sudokusat.Puzzle{miracle()}
	for range 30 {
		ps = append(ps, randomPuzzle(rng, 4+2*rng.IntN(2), 6))
	}
	want := make([][]string, len(ps))
	for i, p := range ps {
		want[i] = allOf(t, p)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 8*len(ps))
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range ps {
				i := (k + w*5) % len(ps) // each goroutine in its own order
				r, err := Count(bg, ps[i], 100000)
				if err != nil {
					errs <- err
					continue
				}
				var got []string
				for _, g := range r.Solutions {
					got = append(got, g.String())
				}
				slices.Sort(got)
				if !slices.Equal(got, want[i]) {
					errs <- fmt.Errorf("puzzle %d: %d solutions in parallel, %d alone", i, len(got), len(want[i]))
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestLargeRandom draws 12×12 and 16×16 puzzles around a known solution:
// a third of the cells given and constraints of every kind but the global ones,
// all met by that solution. Each has at least that solution; whatever the
// engine returns must meet the classic rules (sudokusat.CheckSolution)
// and the constraints (the brute force's naiveHolds), and a lone solution
// must be the known one.
func TestLargeRandom(t *testing.T) {
	var local []variant.Kind
	for _, k := range kinds {
		if !global(k) {
			local = append(local, k)
		}
	}
	for seed := range uint64(6) {
		n := []int{12, 16}[seed%2]
		rng := rand.New(rand.NewPCG(seed, 99))
		g, _ := sudokusat.NewGridSize(n)
		first, err := Count(bg, &sudokusat.Puzzle{Grid: g}, 1)
		if err != nil || first.Count != 1 {
			t.Fatalf("empty %d×%d: %d solutions, %v", n, n, first.Count, err)
		}
		relabel := rng.Perm(n)
		sol := make([]int, n*n)
		for c := range sol {
			sol[c] = relabel[first.Solutions[0].Cell(c)-1] + 1
		}
		p := &sudokusat.Puzzle{Grid: g}
		for _, c := range rng.Perm(n * n)[:n*n/3] {
			g.SetCell(c, sol[c])
		}
		for range 10 + rng.IntN(20) {
			c := randomConstraint(rng, p, sol, local[rng.IntN(len(local))], true)
			if naiveHolds(&sudokusat.Puzzle{Grid: g, Rules: []sudokusat.Rule{c}}, sol) {
				p.Rules = append(p.Rules, c)
			}
		}
		ctx, cancel := context.WithTimeout(bg, hang)
		r, err := Count(ctx, p, 2)
		cancel()
		if err != nil || r.Count == 0 {
			t.Fatalf("seed %d: %d solutions, %v\n%s", seed, r.Count, err, describe(p))
		}
		for _, s := range r.Solutions {
			if err := sudokusat.CheckSolution(g, s); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			if !naiveHolds(p, digitsOf(s)) {
				t.Fatalf("seed %d: %s breaks a constraint\n%s", seed, s, describe(p))
			}
		}
		if r.Count == 1 && !slices.Equal(digitsOf(r.Solutions[0]), sol) {
			t.Fatalf("seed %d: the one solution is not the known one", seed)
		}
		t.Logf("%d×%d, %d constraints: %d solutions, %d nodes", n, n, len(p.Rules), r.Count, r.Nodes)
	}
}

// TestChecker compares the leaf checker with the brute force's reading of
// the rules on every filling of random 4×4 and 6×6 puzzles: the propagation
// leaves it little to reject, so it is tested on its own, accepting and
// rejecting.
func TestChecker(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 55))
	accepted, rejected := 0, 0
	dots := []variant.Kind{variant.White, variant.Black, variant.XV, variant.NonConsecutive, variant.NoBlack, variant.NoXV}
	for i := range 300 {
		p := randomPuzzle(rng, 4, 6)
		if i%3 == 0 {
			// The negative rules with their dots have fillings on 6×6
			// only.
			p = randomPuzzle(rng, 6, 8, dots...)
		}
		k := newChecker(p)
		free := *p
		free.Rules = nil
		for _, s := range brute(&free) {
			g, err := sudokusat.Parse(s)
			if err != nil {
				t.Fatal(err)
			}
			v := digitsOf(g)
			got, want := k.holds(v), naiveHolds(p, v)
			if got != want {
				t.Fatalf("%s: checker %v, brute force %v\n%s", s, got, want, describe(p))
			}
			if got {
				accepted++
			} else {
				rejected++
			}
		}
	}
	if accepted == 0 || rejected == 0 {
		t.Errorf("%d fillings accepted, %d rejected: want some of each", accepted, rejected)
	}
}

// TestCheckerExemptions checks the negative rules' exemption of the pairs
// that carry their dot: a filling where only the dotted pair breaks the
// negative rule meets the puzzle, and breaks it once the dot is gone.
func TestCheckerExemptions(t *testing.T) {
	check := func(t *testing.T, p *sudokusat.Puzzle, v []int) {
		t.Helper()
		if !naiveHolds(p, v) || !newChecker(p).holds(v) {
			t.Fatalf("%v: the brute force %v, the checker %v, want both to accept",
				v, naiveHolds(p, v), newChecker(p).holds(v))
		}
		without := &sudokusat.Puzzle{Grid: p.Grid, Rules: p.Rules[:1]}
		if naiveHolds(without, v) || newChecker(without).holds(v) {
			t.Fatalf("%v: accepted without the dot", v)
		}
		// The propagation too: the filling given in full is the one
		// solution with the dot and none without.
		filled := p.Grid.Clone()
		for c, d := range v {
			filled.SetCell(c, d)
		}
		for _, q := range []struct {
			cs   []sudokusat.Rule
			want int
		}{{p.Rules, 1}, {without.Rules, 0}} {
			if r, err := Count(bg, &sudokusat.Puzzle{Grid: filled, Rules: q.cs}, 2); err != nil || r.Count != q.want {
				t.Fatalf("%d constraints, filling given: %d solutions, %v; want %d", len(q.cs), r.Count, err, q.want)
			}
		}
	}
	t.Run("non-consecutive/white", func(t *testing.T) {
		// Non-consecutive leaves no 6×6 filling a consecutive pair; this
		// 9×9 one has r1c1 = 1 and r1c2 = 2 and no other.
		g, _ := sudokusat.NewGridSize(9)
		v, _ := sudokusat.Parse("124637958386195724759428361472863195638519472915274836247951683591386247863742519")
		check(t, &sudokusat.Puzzle{Grid: g, Rules: []sudokusat.Rule{
			{Kind: variant.NonConsecutive}, {Kind: variant.White, Cells: []int{0, 1}},
		}}, digitsOf(v))
	})
	tests := []struct {
		rule, dot variant.Kind
		value     int
	}{
		{variant.NoBlack, variant.Black, 0},
		{variant.NoXV, variant.XV, 5},
		{variant.NoXV, variant.XV, 10},
	}
	for _, tc := range tests {
		t.Run(string(tc.rule)+"/"+string(tc.dot), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(3, uint64(tc.value)))
			for try := 0; try < 500; try++ {
				g, _ := sudokusat.NewGridSize(6)
				a := rng.IntN(30) // a cell with one below it
				dot := sudokusat.Rule{Kind: tc.dot, Cells: []int{a, a + 6}, Value: tc.value}
				p := &sudokusat.Puzzle{Grid: g, Rules: []sudokusat.Rule{{Kind: tc.rule}, dot}}
				// The filling keeps the rule but where the dot exempts
				// it; the dotted pair may or may not meet its dot.
				if v := randomSolution(rng, p); v != nil && naiveHolds(p, v) {
					check(t, p, v)
					return
				}
			}
			t.Fatal("no filling found where the dotted pair meets its dot")
		})
	}
}
