package native

import (
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
)

// TestCDCLCounts hands every search over to clause learning at its first
// restart or a few later, with solutions found before or not, and compares the counts with the
// general solver's plain search (no restarts), on hard 9×9 puzzles as they
// are (one solution), with givens taken away or as their solution with holes (one, several or many) and with a
// given that breaks their solution (none), and on 16×16 grids with random
// holes. A blocking clause that missed or a learned clause that cut away
// a solution would count fewer; one that blocked nothing, more. Every
// first solution passes the validator.
// newGeneral is newGeneralUntil with no end.
func newGeneral(g *sudokusat.Grid) (*general, bool) { return newGeneralUntil(g, nil) }

func TestCDCLCounts(t *testing.T) {
	data, err := os.ReadFile("../testdata/top95-sample.txt")
	if err != nil {
		t.Fatal(err)
	}
	var grids []*sudokusat.Grid
	rng := rand.New(rand.NewPCG(7, 30))
	for _, line := range strings.Fields(string(data)) {
		p := mustParse81(t, line)
		var sol [81]int32
		if n, _, _ := countGeneral(grid81(&p), 1, sol[:], nil); n != 1 {
			t.Fatalf("%s: no solution", line)
		}
		grids = append(grids, grid81(&p))
		for _, taken := range []int{1, 2, 4, 12} {
			fewer := p
			k := 0
			for i := range p {
				if p[i] != 0 && k < taken {
					fewer[i] = 0
					k++
				}
			}
			grids = append(grids, grid81(&fewer))
		}
		// Holes in the solution: a few solutions as often as one.
		for _, holes := range []int{50, 54, 58} {
			var few [81]uint8
			for i, d := range sol {
				few[i] = uint8(d)
			}
			for _, i := range rng.Perm(81)[:holes] {
				few[i] = 0
			}
			grids = append(grids, grid81(&few))
		}
		wrong := p
		for i := range p {
			if p[i] == 0 {
				wrong[i] = uint8(sol[i])%9 + 1
				break
			}
		}
		grids = append(grids, grid81(&wrong))
	}
	for range 12 {
		full, err := sudokusat.NewGrid(4, 4)
		if err != nil {
			t.Fatal(err)
		}
		sol := make([]int32, 256)
		if n, _, _ := countGeneral(full, 1, sol, nil); n != 1 {
			t.Fatal("no 16×16 solution")
		}
		g := full.Clone()
		for i, d := range sol {
			if rng.Float64() > 0.6 {
				g.SetCell(i, int(d))
			}
		}
		grids = append(grids, g)
	}

	seen := map[int]bool{}
	learned, handedFound, blocked := 0, 0, 0
	for _, g := range grids {
		all, _, _, _ := countWith(g, restartLimit+1, nil, nil, restartBase, 0)
		for i, limit := range []int{1, 2, 3, 17, restartLimit} {
			got := make([]int32, g.Len())
			after := uint(1) << (2 * (i % 3)) // 1, 4 or 16 dead ends
			count, _, _, l := countWith(g, limit, got, nil, 1, after)
			if l {
				learned++
				if limit > 1 && all > 1 {
					handedFound++
				}
			}
			if want := min(all, limit); count != want {
				t.Fatalf("%s, limit %d: %d solutions, want %d (clause learning: %v)", g, limit, count, want, l)
			}
			if count > 0 {
				sg := g.Clone()
				for j, d := range got {
					sg.SetCell(j, int(d))
				}
				checkSolved(t, g.String(), g, sg)
			}
			if l {
				seen[min(all, 3)] = true
			}
		}
		if all < 2 || all > restartLimit {
			continue
		}
		// Hand over after some of the solutions were found: each must be
		// blocked, and none other.
		known := runGeneral(g, restartLimit, nil, nil, restartBase, 1<<30).solutions
		if len(known) != all {
			t.Fatalf("%s: %d solutions kept, want %d", g, len(known), all)
		}
		for _, j := range []int{1, all / 2, all - 1} {
			s := &general{count: j, solutions: known[:j]}
			for _, limit := range []int{j + 1, all, all + 1} {
				c := learnFrom(g, s, limit, nil, nil)
				if want := min(all, max(limit, j)); c.count != want {
					t.Fatalf("%s: %d of %d solutions blocked, limit %d: %d counted, want %d", g, j, all, limit, c.count, want)
				}
				blocked++
			}
		}
	}
	// The test means something only where clause learning counted every
	// kind of count.
	if !seen[0] || !seen[1] || !seen[3] || blocked == 0 {
		t.Fatalf("clause learning took %d searches, counts seen %v, %d counts after blocking: the test met too little", learned, seen, blocked)
	}
	t.Logf("%d grids, clause learning took %d searches (%d with solutions found before), %d counts after blocking", len(grids), learned, handedFound, blocked)
}

// TestCDCLStops closes done while clause learning counts the solutions of
// an empty 16×16 grid, far more than it could find before it looks.
func TestCDCLStops(t *testing.T) {
	g, err := sudokusat.NewGrid(4, 4)
	if err != nil {
		t.Fatal(err)
	}
	root, ok := newGeneral(g)
	if !ok || !root.propagate() {
		t.Fatal("the empty grid refuted")
	}
	c := newCDCL(root)
	c.limit = 1 << 30
	done := make(chan struct{})
	close(done)
	c.done = done
	c.run()
	if !c.stopped || c.decisions > 1<<10 {
		t.Fatalf("stopped %v after %d decisions (%d solutions), want stopped by the 1,024th", c.stopped, c.decisions, c.count)
	}
}
