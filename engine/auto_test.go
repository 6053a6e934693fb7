package engine

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/satsolve"
	"github.com/sudokusat/sudokusat/variant"
)

// member is a portfolio member for the auto tests. It answers r, or fails
// with err, at once, except that its first hangs starts (every one, when
// hangs is negative) block until it is stopped, and that it answers only
// once the member named after has started, if one is named. The races are
// ordered by these events, never by how long a member takes: on a busy
// machine a delay of milliseconds can come after a budget of a second.
type member struct {
	name  string
	r     Result
	err   error
	hangs int32
	after string

	wait    <-chan struct{} // closed when after has started, set by the test
	once    sync.Once
	begun   chan struct{} // closed at its first start
	started atomic.Int64  // unix nanoseconds of its last start; 0 if never
	starts  atomic.Int32
	stopped atomic.Bool
}

// hasBegun returns a channel closed at m's first start.
func (m *member) hasBegun() <-chan struct{} {
	m.once.Do(func() { m.begun = make(chan struct{}) })
	return m.begun
}

func (m *member) Name() string { return m.name }

// engine is m as an engine a portfolio races.
func (m *member) engine() *Engine { return New(Info{Name: m.name, Rules: true}, Options{}, m) }

// portfolio is a as the engine Open would give.
func portfolio(a *autoEngine) *Engine { return New(Info{Name: NameAuto, Rules: true}, Options{}, a) }

func (m *member) Count(ctx context.Context, _ *sudokusat.Puzzle, _ int) (Result, error) {
	m.started.Store(time.Now().UnixNano())
	n := m.starts.Add(1)
	if n == 1 {
		m.hasBegun()
		close(m.begun)
	}
	var wait <-chan struct{}
	if m.hangs < 0 || n <= m.hangs {
		wait = make(chan struct{}) // never closed
	} else if m.wait != nil {
		wait = m.wait
	}
	if wait != nil {
		select {
		case <-wait:
		case <-ctx.Done():
			m.stopped.Store(true)
			return Result{}, ctx.Err()
		}
	}
	return m.r, m.err
}

// awaitMembers sets each member's wait to the start of the one it names.
func awaitMembers(t *testing.T, ms ...*member) {
	t.Helper()
	for _, m := range ms {
		if m.after == "" {
			continue
		}
		i := slices.IndexFunc(ms, func(o *member) bool { return o.name == m.after })
		if i < 0 {
			t.Fatalf("member %s waits for %s, which is not in the race", m.name, m.after)
		}
		m.wait = ms[i].hasBegun()
	}
}

// hang bounds the waits of the auto tests for what must happen: long
// enough for any loaded machine, so that only a race that never ends (a
// member never stopped, a search never counted out) reaches it.
const hang = time.Minute

// eventually reports whether cond holds within hang, looking every
// millisecond.
func eventually(cond func() bool) bool {
	for deadline := time.Now().Add(hang); !cond(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			return false
		}
	}
	return true
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
			[]*member{{name: "a", r: right}, {name: "b", hangs: -1}},
			0, Solved, "a", nil, ""},
		{"the first hangs: the second answers",
			[]*member{{name: "a", hangs: -1}, {name: "b", r: right}},
			0, Solved, "b", []string{"a"}, ""},
		{"the first is slow and wins the race it started over in",
			[]*member{{name: "a", hangs: 1, after: "b", r: right}, {name: "b", hangs: -1}},
			0, Solved, "a", []string{"b"}, ""},
		{"a wrong grid loses to a right one",
			[]*member{{name: "a", r: Result{Count: 1, Solutions: []*sudokusat.Grid{wrong}}}, {name: "b", r: right}},
			0, Solved, "b", nil, ""},
		{"a failure loses to an answer",
			[]*member{{name: "a", err: errors.New("crashed")}, {name: "c", hangs: -1}, {name: "b", after: "c", r: right}},
			0, Solved, "b", []string{"c"}, ""},
		{"no solution is an answer too",
			[]*member{{name: "a", hangs: -1}, {name: "b", r: Result{}}},
			0, Unsolvable, "b", []string{"a"}, ""},
		{"every member wrong: the first wrong answer is reported",
			[]*member{{name: "a", r: Result{Count: 1, Solutions: []*sudokusat.Grid{wrong}}}, {name: "b", err: errors.New("crashed")}},
			0, Wrong, "a", nil, "a: "},
		{"every member failed",
			[]*member{{name: "a", err: errors.New("crashed")}, {name: "b", err: errors.New("out of memory")}},
			0, Failed, "", nil, "auto: a: crashed"},
		// b joins when the race begins, after a's budget, but on a busy
		// machine the deadline may come first: if b started, the count
		// of busy searches below shows that it was stopped too.
		{"the deadline ends the race",
			[]*member{{name: "a", hangs: -1}, {name: "b", hangs: -1}},
			100 * time.Millisecond, Timeout, "", []string{"a"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			awaitMembers(t, tt.members...)
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
			// Stopped members notice, however busy the machine.
			for _, m := range tt.members {
				if slices.Contains(tt.stopped, m.name) && !eventually(m.stopped.Load) {
					t.Errorf("member %s was not stopped", m.name)
				}
			}
			// The second member never starts before the first has had
			// its budget, unless the first answered at once.
			if first, second := tt.members[0], tt.members[1]; first.hangs != 0 && second.started.Load() != 0 {
				if waited := time.Duration(second.started.Load() - start.UnixNano()); waited < budget {
					t.Errorf("the second member started after %v, before the budget of %v", waited, budget)
				}
			}
			// Every search ends and is counted out: a member reports
			// before its goroutine counts itself out, so wait for it.
			if !eventually(func() bool { return a.busy.Load() == 0 }) {
				t.Errorf("%d searches still counted busy", a.busy.Load())
			}
		})
	}
}

// TestAutoWaitsForACore: with every core busy, a member joins the race
// only after eight budgets, not at the first; and a core is free only if
// the machine's count of running threads says so, where it is known.
// When a core is free, the member joins at the first look at the machine
// after the budget (or at none, where the machine is not asked): counted
// in looks, not in time, which a loaded machine stretches.
func TestAutoWaitsForACore(t *testing.T) {
	const budget = 10 * time.Millisecond
	tests := []struct {
		name    string
		cores   int64
		busy    int64 // searches of other puzzles
		running func() (int, bool)
		rules   bool // a puzzle with rules, not a classic grid raced after its budget
		late    bool
		looks   int // at the machine's running threads before the join, when not late
	}{
		{"another puzzle's search holds the one core", 1, 1, nil, false, true, 0},
		{"another program holds the second core", 2, 0, func() (int, bool) { return 3, true }, true, true, 0},
		{"the second core is free", 2, 0, func() (int, bool) { return 2, true }, true, false, 1},
		{"the machine's count is not known", 2, 0, func() (int, bool) { return 9, false }, true, false, 1},
		{"a hard classic grid does not wait for other programs", 2, 0, func() (int, bool) { return 3, true }, false, false, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			slow := &member{name: "a", hangs: -1}
			fast := &member{name: "b", r: Result{Count: 1, Solutions: []*sudokusat.Grid{grid(t, solution)}}}
			p, want := puzzle(t, inkala), Solved
			if tt.rules {
				p.Rules = []sudokusat.Rule{{Kind: variant.AntiKing}}
				fast.r, want = Result{}, Unsolvable // no solution: an answer
			}
			var looks atomic.Int32
			a := &autoEngine{cores: tt.cores}
			if tt.running != nil {
				a.running = func() (int, bool) { looks.Add(1); return tt.running() }
			}
			a.members = func(*sudokusat.Puzzle, int) ([]*Engine, time.Duration) {
				return []*Engine{slow.engine(), fast.engine()}, budget
			}
			a.busy.Add(tt.busy)
			start := time.Now()
			ans := Count(context.Background(), portfolio(a), p, 2, 0)
			if ans.Status != want || ans.By != "b" {
				t.Fatalf("status %v by %q: %v", ans.Status, ans.By, ans.Err)
			}
			waited := time.Duration(fast.started.Load() - start.UnixNano())
			if tt.late && waited < budget+8*budget {
				t.Errorf("the second member joined after %v with no core free; want at least %v", waited, 9*budget)
			}
			if n := int(looks.Load()); !tt.late && n != tt.looks {
				t.Errorf("the second member joined after %d looks at the machine's running threads (%v), want %d: a free core kept it waiting", n, waited, tt.looks)
			}
		})
	}
}

// TestAutoOnPuzzles runs the real portfolio on classic and variant test
// puzzles: every answer validated, by the engine expected first. The
// first member's budget is made an hour: the real one (2 ms on a 9×9) is
// shorter than a busy machine's pause of a thread, after which another
// member may rightly win.
func TestAutoOnPuzzles(t *testing.T) {
	e, err := Open(NameAuto, Options{})
	if err != nil {
		t.Fatal(err)
	}
	a := e.c.(*autoEngine)
	a.members = func(p *sudokusat.Puzzle, limit int) ([]*Engine, time.Duration) {
		es, _ := a.lineup(p, limit)
		return es, time.Hour
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
// its budget, at the first look for a free core; counting, at once, which
// a budget of an hour makes plain without timing the join (a join that
// waited for it would meet the deadline, hang, first).
func TestAutoLargeGrids(t *testing.T) {
	g, err := sudokusat.NewGrid(6, 6)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		limit  int
		budget time.Duration
	}{{1, 100 * time.Millisecond}, {2, time.Hour}} {
		slow := &member{name: "a", hangs: -1}
		none := &member{name: "b", r: Result{}} // no solution: an answer
		var looks atomic.Int32
		a := &autoEngine{cores: 4, running: func() (int, bool) { looks.Add(1); return 1, true }}
		a.members = func(*sudokusat.Puzzle, int) ([]*Engine, time.Duration) {
			return []*Engine{slow.engine(), none.engine()}, tt.budget
		}
		start := time.Now()
		ans := Count(context.Background(), portfolio(a), &sudokusat.Puzzle{Grid: g}, tt.limit, hang)
		if ans.Status != Unsolvable || ans.By != "b" {
			t.Fatalf("limit %d: status %v by %q: %v", tt.limit, ans.Status, ans.By, ans.Err)
		}
		// Counting, the race may end before the first member's goroutine
		// has even started: it is counted when it had the budget.
		if n := slow.starts.Load(); tt.limit == 1 && n != 1 || n > 1 {
			t.Errorf("limit %d: the first member started %d times, want once", tt.limit, n)
		}
		joined := time.Duration(none.started.Load() - start.UnixNano())
		switch {
		case tt.limit == 1 && joined < tt.budget:
			t.Errorf("solving: the second member joined after %v, before the budget of %v", joined, tt.budget)
		case tt.limit == 1 && looks.Load() != 1:
			t.Errorf("solving: the second member joined after %d looks for a free core, want 1: a free core kept it waiting", looks.Load())
		case tt.limit > 1 && joined >= tt.budget:
			t.Errorf("counting: the second member joined after %v: it waited for the budget of %v", joined, tt.budget)
		}
	}
}

// TestAutoRulesRaceWithoutRestart: on a puzzle with rules the first member
// runs in the race from the start and is not started over when the next
// joins after the budget. The first answers only once the second has
// started; should the second never join, the generous deadline ends the
// race as a timeout.
func TestAutoRulesRaceWithoutRestart(t *testing.T) {
	const budget = 5 * time.Millisecond
	p := puzzle(t, inkala)
	p.Rules = []sudokusat.Rule{{Kind: variant.AntiKing}}
	slow := &member{name: "a", after: "b"} // no solution: an answer
	other := &member{name: "b", hangs: -1}
	awaitMembers(t, slow, other)
	a := &autoEngine{cores: 4}
	a.members = func(*sudokusat.Puzzle, int) ([]*Engine, time.Duration) {
		return []*Engine{slow.engine(), other.engine()}, budget
	}
	ans := Count(context.Background(), portfolio(a), p, 2, hang)
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
