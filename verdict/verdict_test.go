package verdict

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/engine"
	"github.com/sudokusat/sudokusat/internal/varianttest"
	"github.com/sudokusat/sudokusat/shrink"
	"github.com/sudokusat/sudokusat/variant"
)

// named is an engine that is only a name, for Refute's messages.
func named(name string) *engine.Engine {
	return engine.New(engine.Info{Name: name}, engine.Options{}, engine.CounterFunc(func(context.Context, *sudokusat.Puzzle, int) (engine.Result, error) {
		return engine.Result{}, errors.New("not run")
	}))
}

// two 4×4 grids, both solutions of an empty 4×4 puzzle.
func twoGrids(t *testing.T) (*sudokusat.Grid, *sudokusat.Grid) {
	t.Helper()
	g1, err := sudokusat.Parse("1234341221434321")
	if err != nil {
		t.Fatal(err)
	}
	g2, err := sudokusat.Parse("1234341243212143")
	if err != nil {
		t.Fatal(err)
	}
	return g1, g2
}

// count is the verdict on a count up to limit that found grids.
func count(limit int, grids ...*sudokusat.Grid) Verdict {
	st := engine.Solved
	if len(grids) == 0 {
		st = engine.Unsolvable
	}
	return Classify(engine.Answer{Status: st, Count: len(grids), Limit: limit, Solutions: grids}, limit)
}

// TestRefute: which answers the others' validated solutions refute, and
// whether those left agree; targetOf picks what shrinking keeps.
func TestRefute(t *testing.T) {
	g1, g2 := twoGrids(t)
	atLeast2 := func(grids ...*sudokusat.Grid) Verdict { // native's ≥2: one grid shown
		return Classify(engine.Answer{Status: engine.Solved, Count: 2, Limit: 2, Solutions: grids}, 2)
	}
	timeout := Classify(engine.Answer{Status: engine.Timeout, Limit: 2, Err: errors.New("no answer")}, 2)
	tests := []struct {
		name     string
		vs       []Verdict
		wrong    []int // the refuted, in order
		refuters []int
		agree    bool
		target   target // what shrinking keeps
	}{
		{"0 beside a solution", []Verdict{count(2, g1), count(2)}, []int{1}, []int{0}, true, target{a: 1, b: 0, refuted: true}},
		{"0 beside a solution, limit 1", []Verdict{count(1), count(1, g1)}, []int{0}, []int{1}, true, target{a: 0, b: 1, refuted: true}},
		{"1 beside two solutions", []Verdict{count(2, g1), count(2, g1, g2)}, []int{0}, []int{1}, true, target{a: 0, b: 1, refuted: true}},
		{"1 beside ≥2 shown by one grid: undecided", []Verdict{count(2, g1), atLeast2(g1)}, nil, nil, false, target{a: 0, b: 1}},
		{"1 beside ≥2 shown by another grid", []Verdict{count(2, g1), atLeast2(g2)}, []int{0}, []int{1}, true, target{a: 0, b: 1, refuted: true}},
		{"two unique answers, two grids", []Verdict{count(2, g1), count(2, g2)}, []int{0, 1}, []int{1, 0}, true, target{a: 0, b: 1, refuted: true}},
		{"two grids at the limit 1", []Verdict{count(1, g1), count(1, g2)}, nil, nil, true, target{}},
		{"agreeing", []Verdict{count(2, g1), count(2, g1)}, nil, nil, true, target{}},
		{"0 beside a timeout", []Verdict{count(2), timeout}, nil, nil, true, target{}},
		{"0 beside 0", []Verdict{count(2), count(2)}, nil, nil, true, target{}},
	}
	engines := []*engine.Engine{named("a"), named("b")}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			Refute(engines, tt.vs)
			var wrong, refuters []int
			for i, v := range tt.vs {
				if v.Refuted {
					wrong, refuters = append(wrong, i), append(refuters, v.Refuter)
					if v.Kind != Wrong || v.Status != engine.Wrong || !errors.Is(v.Err, engine.ErrWrong) {
						t.Errorf("%d refuted as %q %v %v", i, v.Kind, v.Status, v.Err)
					}
				}
			}
			if !slices.Equal(wrong, tt.wrong) || !slices.Equal(refuters, tt.refuters) {
				t.Errorf("refuted %v by %v, want %v by %v", wrong, refuters, tt.wrong, tt.refuters)
			}
			if got := Agree(tt.vs); got != tt.agree {
				t.Errorf("Agree %v, want %v", got, tt.agree)
			}
			got, ok := targetOf(tt.vs)
			if want := tt.target != (target{}); ok != want || got != tt.target {
				t.Errorf("target %+v (%v), want %+v", got, ok, tt.target)
			}
		})
	}
}

// TestChecked: how far each kind of answer was verified.
func TestChecked(t *testing.T) {
	g1, g2 := twoGrids(t)
	certified := count(2)
	certified.Certified = true
	tests := []struct {
		name string
		v    Verdict
		want string
	}{
		{"unique, claimed", count(2, g1), "model+claimed"},
		{"no solution, claimed", count(2), "claimed"},
		{"no solution, proved", certified, "proof"},
		{"at the limit", count(2, g1, g2), "model"},
		{"two below a limit of 3", count(3, g1, g2), "model+claimed"},
		{"a timeout", Classify(engine.Answer{Status: engine.Timeout, Limit: 2}, 2), ""},
	}
	for _, tt := range tests {
		if got := tt.v.Checked(tt.v.Limit); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestTally: a tally's counts and its PAR-2 score, a run without an
// answer counted as twice the timeout.
func TestTally(t *testing.T) {
	g1, _ := twoGrids(t)
	var tl Tally
	solved := count(2, g1)
	solved.Elapsed = time.Second
	late := Classify(engine.Answer{Status: engine.Timeout, Limit: 2, Elapsed: 3 * time.Second}, 2)
	tl.Add(1, solved)
	tl.Add(2, late)
	if tl.Puzzles != 2 || tl.Solved != 1 || tl.Timeouts != 1 || len(tl.Times) != 1 || tl.Answered[1] != time.Second || tl.Total != 4*time.Second {
		t.Errorf("tally %+v", tl)
	}
	if p, ok := tl.PAR2(3 * time.Second); !ok || p != (1+6)/2.0 {
		t.Errorf("PAR-2 %v %v, want 3.5", p, ok)
	}
	// Without a timeout a run without an answer has no time to count:
	// no score, and a reason.
	if _, ok := tl.PAR2(0); ok || !strings.HasPrefix(tl.PAR2Needs(0), "--timeout D: 1 run gave no right answer") {
		t.Errorf("a PAR-2 score without a timeout, or no reason: %q", tl.PAR2Needs(0))
	}
	if tl.PAR2Needs(3*time.Second) != "" {
		t.Errorf("with a timeout, PAR-2 needs %q", tl.PAR2Needs(3*time.Second))
	}
	// When every run answered the timeout does not matter: the mean.
	var all Tally
	all.Add(1, solved)
	all.Add(2, solved)
	if p, ok := all.PAR2(0); !ok || p != 1 || all.PAR2Needs(0) != "" {
		t.Errorf("PAR-2 of runs that all answered, without a timeout: %v %v, want 1", p, ok)
	}
	if r := Round6(0.00003966815000000001); r != 0.0000396682 {
		t.Errorf("Round6: %v", r)
	}
	if got := Shown([]Tally{{}, tl, {}}); !slices.Equal(got, []int{1}) {
		t.Errorf("Shown %v, want [1]", got)
	}
	if got := Shown([]Tally{{}, {}}); !slices.Equal(got, []int{0, 1}) {
		t.Errorf("Shown of tallies that never ran: %v, want all", got)
	}
}

// TestShellJoin: words are quoted for a POSIX shell only where they need
// it, and an engine's command line names its file by its program.
func TestShellJoin(t *testing.T) {
	if got, want := shellJoin([]string{"check", "--engines", "native,./my solver {cnf}", "it's", ""}), `check --engines 'native,./my solver {cnf}' 'it'\''s' ''`; got != want {
		t.Errorf("shellJoin: %s, want %s", got, want)
	}
	for name, want := range map[string]string{"/usr/bin/cadical -q {cnf}": "cadical", "sat/reduced": "reduced", "": "engine", "a b$c": "a"} {
		if got := slug(name); got != want {
			t.Errorf("slug(%q) = %q, want %q", name, got, want)
		}
	}
}

// TestWritePuzzle: a shrunk puzzle with rules is written as f-puzzles
// JSON that reads back with its givens and rules, or SudokuPad's JSON for a
// kind f-puzzles lacks; a classic one as a line.
func TestWritePuzzle(t *testing.T) {
	p := varianttest.Load(t, "killer-4").Puzzle
	parts := shrink.Parts(p)
	q := shrink.Keep(p, parts[1:len(parts)-1]) // a given and a rule fewer
	dir := t.TempDir()
	path, err := writePuzzle(filepath.Join(dir, "rules"), q)
	if err != nil || filepath.Ext(path) != ".json" {
		t.Fatalf("%s: %v", path, err)
	}
	data, _ := os.ReadFile(path)
	r, err := variant.ParseFPuzzles(data)
	if err != nil || !r.Grid.Equal(q.Grid) || len(r.Rules) != len(p.Rules)-1 || r.Grid.Givens() != p.Grid.Givens()-1 {
		t.Errorf("read back %v: %v", r, err)
	}
	path, err = writePuzzle(filepath.Join(dir, "classic"), shrink.Keep(p, parts[:p.Grid.Givens()]))
	data, _ = os.ReadFile(path)
	if err != nil || filepath.Ext(path) != ".txt" || strings.TrimSpace(string(data)) != p.Grid.String() {
		t.Errorf("%s: %v %q", path, err, data)
	}
	// A kind f-puzzles lacks: SudokuPad's document, which the reader
	// takes as it takes f-puzzles'.
	pad := varianttest.Load(t, "inequality-6").Puzzle
	path, err = writePuzzle(filepath.Join(dir, "pad"), pad)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	f, _ := os.Open(path)
	defer f.Close()
	r, err = variant.NewReader(f).Read()
	if err != nil || !r.Grid.Equal(pad.Grid) || len(r.Rules) != len(pad.Rules) {
		t.Errorf("%s read back as %v: %v", path, r, err)
	}
}
