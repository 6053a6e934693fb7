package engine

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// rowCages is an empty n×n grid with a killer cage on each row, summing
// to n(n+1)/2: the puzzle whose setup once took the search and the
// encoder hours (every increasing run of digits tried for each cage), past
// any deadline.
func rowCages(t *testing.T, n int) *sudokusat.Puzzle {
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

// manyCages is a 25×25 grid of 1,000 ten-cell cages along its rows, each
// summing to 86 (3,603 digit sets): as a page's request of 62 KB, it took
// the search 38 s against the server's 30, the propagation of its cage
// tables costing tens of milliseconds a node.
func manyCages(t *testing.T) *sudokusat.Puzzle {
	t.Helper()
	g, err := sudokusat.NewGridSize(25)
	if err != nil {
		t.Fatal(err)
	}
	p := &sudokusat.Puzzle{Grid: g}
	for j := range 1000 {
		r, step := j%25, 1+j/25%3
		c := sudokusat.Rule{Kind: variant.Killer, Value: 86}
		for i := range 10 {
			c.Cells = append(c.Cells, r*25+(j/25+i*step)%25)
		}
		p.Rules = append(p.Rules, c)
	}
	return p
}

// TestRulesEnginesKeepTheirDeadline gives every engine that takes rules
// (gophersat in worker processes, as the server and the command line run
// it) large-cage puzzles with a context that has ended, and one that ends
// while the work is under way: each answers Canceled or Timeout, not an
// answer or an error of its own. The native solver refuses them.
func TestRulesEnginesKeepTheirDeadline(t *testing.T) {
	w := testWorkers(t, 2, true)
	rows, many := rowCages(t, 35), manyCages(t)
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	expired, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	for _, info := range Engines() {
		e, err := Open(info.Name, Options{Workers: w})
		if errors.Is(err, ErrEngine) && info.Runs == AsProgram {
			t.Logf("%s: not installed (%v)", info.Name, err)
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if !info.Rules {
			if a := Count(context.Background(), e, rows, 1, 0); a.Status != Failed || !errors.Is(a.Err, ErrRules) {
				t.Errorf("%s: %s (%v), want it refused", info.Name, a.Status, a.Err)
			}
			continue
		}
		for _, tc := range []struct {
			name    string
			ctx     context.Context
			p       *sudokusat.Puzzle
			timeout time.Duration
			want    Status
		}{
			{"cancelled", cancelled, rows, 0, Canceled},
			{"expired", expired, rows, 0, Timeout},
			{"expired, many cages", expired, many, 0, Timeout},
			// Far longer than the setup takes now: a deadline that
			// falls in the search, or (for the SAT engines) in a
			// formula of tens of millions of clauses.
			{"ends under way", context.Background(), many, 300 * time.Millisecond, Timeout},
		} {
			a := Count(tc.ctx, e, tc.p, 1, tc.timeout)
			if a.Status != tc.want {
				t.Errorf("%s, %s: %s (%v), want %s", info.Name, tc.name, a.Status, a.Err, tc.want)
			}
		}
	}
}
