package engine

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/satsolve"
	"github.com/sudokusat/sudokusat/variant"
)

// member is a portfolio member for TestAuto: it answers r after delay,
// or blocks until stopped when delay is negative, and records whether it
// was stopped and when it started.
type member struct {
	name    string
	delay   time.Duration
	r       Result
	err     error
	started atomic.Int64 // unix nanoseconds of its last start; 0 if never
	starts  atomic.Int32
	stopped atomic.Bool
}

func (m *member) Name() string { return m.name }

// engine is m as an engine a portfolio races.
func (m *member) engine() *Engine { return New(Info{Name: m.name, Rules: true}, Options{}, m) }

// portfolio is a as the engine Open would give.
func portfolio(a *autoEngine) *Engine { return New(Info{Name: NameAuto, Rules: true}, Options{}, a) }

func (m *member) Count(ctx context.Context, _ *sudokusat.Puzzle, _ int) (Result, error) {
	m.started.Store(time.Now().UnixNano())
	m.starts.Add(1)
	if m.delay < 0 {
		<-ctx.Done()
		m.stopped.Store(true)
		return Result{}, ctx.Err()
	}
	select {
	case <-time.After(m.delay):
		return m.r, m.err
	case <-ctx.Done():
		m.stopped.Store(true)
		return Result{}, ctx.Err()
	}
}

// TestAuto races fake members through the portfolio: the first answer the
// validator accepts wins, whoever gives it; a wrong answer or a failure
// does not; the losers are stopped; a member joins only after the budget;
// and the caller's deadline ends the race.
func TestAuto(t *testing.T) {
	p := puzzle(t, inkala)
	good := grid(t, solution)
	wrong := good.Clone()
	wrong.SetCell(1, good.Cell(2))
	wrong.SetCell(2, good.Cell(1))
	right := Result{Count: 1, Solutions: []*sudokusat.Grid{good}}
	const budget = 20 * time.Millisecond // a 9×9's, as lineup gives it
	tests := []struct {
		name    string
		members []*member
		timeout time.Duration
		status  Status
		by      string
		stopped []string // members that must have been stopped
		err     string
	}{
		{"the first answers within the budget",
			[]*member{{name: "a", r: right}, {name: "b", delay: -1}},
			0, Solved, "a", nil, ""},
		{"the first hangs: the second answers",
			[]*member{{name: "a", delay: -1}, {name: "b", delay: time.Millisecond, r: right}},
			0, Solved, "b", []string{"a"}, ""},
		{"the first is slow and wins the race it started over in",
			[]*member{{name: "a", delay: 2 * budget, r: right}, {name: "b", delay: -1}},
			0, Solved, "a", []string{"b"}, ""},
		{"a wrong grid loses to a right one",
			[]*member{{name: "a", r: Result{Count: 1, Solutions: []*sudokusat.Grid{wrong}}}, {name: "b", delay: 5 * time.Millisecond, r: right}},
			0, Solved, "b", nil, ""},
		{"a failure loses to an answer",
			[]*member{{name: "a", err: errors.New("crashed")}, {name: "c", delay: -1}, {name: "b", r: right}},
			0, Solved, "b", []string{"c"}, ""},
		{"no solution is an answer too",
			[]*member{{name: "a", delay: -1}, {name: "b", r: Result{}}},
			0, Unsolvable, "b", []string{"a"}, ""},
		{"every member wrong: the first wrong answer is reported",
			[]*member{{name: "a", r: Result{Count: 1, Solutions: []*sudokusat.Grid{wrong}}}, {name: "b", err: errors.New("crashed")}},
			0, Wrong, "a", nil, "a: "},
		{"every member failed",
			[]*member{{name: "a", err: errors.New("crashed")}, {name: "b", err: errors.New("out of memory")}},
			0, Failed, "", nil, "auto: a: crashed"},
		{"the deadline ends the race",
			[]*member{{name: "a", delay: -1}, {name: "b", delay: -1}},
			100 * time.Millisecond, Timeout, "", []string{"a", "b"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := &autoEngine{cores: 4}
			var es []*Engine
			for _, m := range tt.members {
				es = append(es, m.engine())
			}
			a.members = func(*sudokusat.Puzzle, int) ([]*Engine, time.Duration) { return es, budget }
			start := time.Now()
			ans := Count(context.Background(), portfolio(a), p, 2, tt.timeout)
			if ans.Status != tt.status || ans.By != tt.by {
				t.Fatalf("status %v by %q (%v), want %v by %q", ans.Status, ans.By, ans.Err, tt.status, tt.by)
			}
			if tt.err != "" && (ans.Err == nil || !strings.Contains(ans.Err.Error(), tt.err)) {
				t.Errorf("error %v, want it to say %q", ans.Err, tt.err)
			}
			// Stopped members notice within a little while.
			deadline := time.Now().Add(time.Second)
			for _, name := range tt.stopped {
				for _, m := range tt.members {
					for m.name == name && !m.stopped.Load() && time.Now().Before(deadline) {
						time.Sleep(time.Millisecond)
					}
					if m.name == name && !m.stopped.Load() {
						t.Errorf("member %s was not stopped", name)
					}
				}
			}
			// The second member never starts before the first has had
			// its budget, unless the first failed.
			if first, second := tt.members[0], tt.members[1]; first.err == nil && first.delay != 0 && second.started.Load() != 0 {
				if waited := time.Duration(second.started.Load() - start.UnixNano()); waited < budget {
					t.Errorf("the second member started after %v, before the budget of %v", waited, budget)
				}
			}
			// Every search ends and is counted out: a member reports
			// before its goroutine counts itself out, so wait a little.
			for a.busy.Load() != 0 && time.Now().Before(deadline) {
				time.Sleep(time.Millisecond)
			}
			if n := a.busy.Load(); n != 0 {
				t.Errorf("%d searches still counted busy", n)
			}
		})
	}
}

// TestAutoWaitsForACore: with every core busy, a member joins the race
// only after eight budgets, not at the first; and a core is free only if
// the machine's count of running threads says so, where it is known.
func TestAutoWaitsForACore(t *testing.T) {
	const budget = 10 * time.Millisecond
	tests := []struct {
		name    string
		cores   int64
		busy    int64 // searches of other puzzles
		running func() (int, bool)
		rules   bool // a puzzle with rules, not a classic grid raced after its budget
		late    bool
	}{
		{"another puzzle's search holds the one core", 1, 1, nil, false, true},
		{"another program holds the second core", 2, 0, func() (int, bool) { return 3, true }, true, true},
		{"the second core is free", 2, 0, func() (int, bool) { return 2, true }, true, false},
		{"the machine's count is not known", 2, 0, func() (int, bool) { return 9, false }, true, false},
		{"a hard classic grid does not wait for other programs", 2, 0, func() (int, bool) { return 3, true }, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			slow := &member{name: "a", delay: -1}
			fast := &member{name: "b", r: Result{Count: 1, Solutions: []*sudokusat.Grid{grid(t, solution)}}}
			p, want := puzzle(t, inkala), Solved
			if tt.rules {
				p.Rules = []sudokusat.Rule{{Kind: variant.AntiKing}}
				fast.r, want = Result{}, Unsolvable // no solution: an answer
			}
			a := &autoEngine{cores: tt.cores, running: tt.running}
			a.members = func(*sudokusat.Puzzle, int) ([]*Engine, time.Duration) {
				return []*Engine{slow.engine(), fast.engine()}, budget
			}
			a.busy.Add(tt.busy)
			start := time.Now()
			ans := Count(context.Background(), portfolio(a), p, 2, 0)
			if ans.Status != want || ans.By != "b" {
				t.Fatalf("status %v by %q: %v", ans.Status, ans.By, ans.Err)
			}
			// The budget, then the second member at once, or only
			// when late.
			waited := time.Duration(fast.started.Load() - start.UnixNano())
			if tt.late && waited < budget+8*budget {
				t.Errorf("the second member joined after %v with no core free; want at least %v", waited, 9*budget)
			}
			if !tt.late && waited >= budget+8*budget {
				t.Errorf("the second member joined after %v with a core free; want it soon after the budget of %v", waited, budget)
			}
		})
	}
}

// TestAutoOnPuzzles runs the real portfolio on classic and variant test
// puzzles: every answer validated, by the engine expected first.
func TestAutoOnPuzzles(t *testing.T) {
	e, err := Open(NameAuto, Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, g := range testdataGrids(t, "top95-sample.txt") {
		ans := Count(ctx, e, &sudokusat.Puzzle{Grid: g}, 2, 0)
		if !ans.Unique() || ans.By != NameNative {
			t.Errorf("%v: %v count %d by %q: %v", g, ans.Status, ans.Count, ans.By, ans.Err)
		}
	}
	f, err := os.Open(filepath.Join("..", "testdata", "variants", "killer-4.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	v, err := variant.NewReader(f).Read()
	if err != nil {
		t.Fatal(err)
	}
	if ans := Count(ctx, e, v, 2, 0); !ans.Unique() || ans.By != NameSearch {
		t.Errorf("killer-4: %v count %d by %q: %v", ans.Status, ans.Count, ans.By, ans.Err)
	}
}

// TestAutoLargeGrids: past 25×25 the first member runs in the race from the
// start and is not started over. Solving (limit 1), the second joins after
// its budget; counting, at once.
func TestAutoLargeGrids(t *testing.T) {
	const budget = 100 * time.Millisecond
	g, err := sudokusat.NewGrid(6, 6)
	if err != nil {
		t.Fatal(err)
	}
	for _, limit := range []int{1, 2} {
		slow := &member{name: "a", delay: -1}
		none := &member{name: "b", r: Result{}} // no solution: an answer
		a := &autoEngine{cores: 4}
		a.members = func(*sudokusat.Puzzle, int) ([]*Engine, time.Duration) {
			return []*Engine{slow.engine(), none.engine()}, budget
		}
		start := time.Now()
		ans := Count(context.Background(), portfolio(a), &sudokusat.Puzzle{Grid: g}, limit, 0)
		if ans.Status != Unsolvable || ans.By != "b" {
			t.Fatalf("limit %d: status %v by %q: %v", limit, ans.Status, ans.By, ans.Err)
		}
		// Counting, the race may end before the first member's goroutine
		// has even started: it is counted when it had the budget.
		if n := slow.starts.Load(); limit == 1 && n != 1 || n > 1 {
			t.Errorf("limit %d: the first member started %d times, want once", limit, n)
		}
		joined := time.Duration(none.started.Load() - start.UnixNano())
		switch {
		case limit == 1 && joined < budget:
			t.Errorf("solving: the second member joined after %v, before the budget of %v", joined, budget)
		case limit == 1 && joined >= 8*budget:
			t.Errorf("solving: the second member joined after %v, long past the budget of %v with a core free", joined, budget)
		case limit > 1 && joined >= budget:
			t.Errorf("counting: the second member joined after %v: it waited for the budget of %v", joined, budget)
		}
	}
}

// TestAutoRulesRaceWithoutRestart: on a puzzle with rules the first member
// runs in the race from the start and is not started over when the next
// joins after the budget.
func TestAutoRulesRaceWithoutRestart(t *testing.T) {
	const budget = 5 * time.Millisecond
	p := puzzle(t, inkala)
	p.Rules = []sudokusat.Rule{{Kind: variant.AntiKing}}
	slow := &member{name: "a", delay: 4 * budget} // no solution: an answer
	other := &member{name: "b", delay: -1}
	a := &autoEngine{cores: 4}
	a.members = func(*sudokusat.Puzzle, int) ([]*Engine, time.Duration) {
		return []*Engine{slow.engine(), other.engine()}, budget
	}
	ans := Count(context.Background(), portfolio(a), p, 2, 0)
	if ans.Status != Unsolvable || ans.By != "a" {
		t.Fatalf("status %v by %q: %v", ans.Status, ans.By, ans.Err)
	}
	if n := slow.starts.Load(); n != 1 {
		t.Errorf("the first member started %d times, want once", n)
	}
	if other.starts.Load() != 1 {
		t.Errorf("the second member did not join after the budget")
	}
}

// TestAutoLineups checks the order in which engines join on classic grids,
// with CaDiCaL installed: gophersat joins the native solver before the CDCL
// configurations, but on larger grids solved (limit 1) the first CDCL
// configuration (for satisfiable formulas) comes before it.
func TestAutoLineups(t *testing.T) {
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Skip("skipping: cadical is not installed (.ci/run installs it)")
	}
	w := NewWorkers([]string{"unused"}, 1, false)
	defer w.Close()
	e, err := Open(NameAuto, Options{Workers: w})
	if err != nil {
		t.Fatal(err)
	}
	a := e.c.(*autoEngine)
	names := func(es []*Engine) []string {
		var out []string
		for _, m := range es {
			out = append(out, m.Name())
		}
		return out
	}
	first := "cadical -q " + strings.Join(satsolve.Programs()[0].Race[0], " ") + " {cnf}"
	p, err := sudokusat.NewGridSize(36)
	if err != nil {
		t.Fatal(err)
	}
	lineup := func(g *sudokusat.Grid, limit int) []string {
		es, _ := a.lineup(&sudokusat.Puzzle{Grid: g}, limit)
		return names(es)
	}
	classic := lineup(p, 2)
	if len(classic) < 4 || classic[0] != NameNative || classic[1] != NameSAT || classic[2] != first {
		t.Errorf("36×36 counted: lineup %q, want native, sat, %q, …", classic, first)
	}
	if g9 := names(a.classic); !slices.Equal(g9, classic) {
		t.Errorf("9×9: lineup %q, want %q", g9, classic)
	}
	solved := lineup(p, 1)
	if len(solved) != len(classic) || solved[0] != NameNative || solved[1] != first || solved[2] != NameSAT {
		t.Errorf("36×36 solved: lineup %q, want native, %q, sat, … as many as %q", solved, first, classic)
	}
}
