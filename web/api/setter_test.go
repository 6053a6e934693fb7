package api

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/engine"
	"github.com/sudokusat/sudokusat/explain"
	"github.com/sudokusat/sudokusat/internal/varianttest"
	"github.com/sudokusat/sudokusat/setter"
	"github.com/sudokusat/sudokusat/variant"
)

// Small puzzles whose solutions brute force lists.
const (
	several4  = "1234........2..." // 6 solutions
	unique4   = ".2.1........4.2." // 1 solution
	conflict4 = "......34...23..." // none, without clashing givens
)

// brute lists the solutions of a small puzzle, classic or variant: the
// fillings of its rows, columns, regions and givens that the validator
// passes.
func brute(t *testing.T, text string) (*sudokusat.Puzzle, []*sudokusat.Grid) {
	t.Helper()
	p, fail := Service{}.parse(text)
	if p == nil {
		t.Fatalf("%s: %s", text, fail.Message)
	}
	var out []*sudokusat.Grid
	for _, v := range varianttest.Fillings(p) {
		g := p.Grid.Clone()
		for c, d := range v {
			g.SetCell(c, d)
		}
		if variant.Check(p, g) == nil {
			out = append(out, g)
		}
	}
	return p, out
}

// withCell lists the solutions of p with digit d given in cell, by brute
// force.
func withCell(t *testing.T, p *sudokusat.Puzzle, cell, d int) []*sudokusat.Grid {
	t.Helper()
	var out []*sudokusat.Grid
	q := *p
	q.Grid = p.Grid.Clone()
	q.Grid.SetCell(cell, d)
	for _, v := range varianttest.Fillings(&q) {
		g := q.Grid.Clone()
		for c, x := range v {
			g.SetCell(c, x)
		}
		if variant.Check(&q, g) == nil {
			out = append(out, g)
		}
	}
	return out
}

// setterPuzzles are the 4×4 puzzles of the setters' tests: classic, and
// variant ones, with the engines the page runs on each.
func setterPuzzles(t *testing.T) []struct{ name, text string } {
	killer, _ := readVariant(t, "killer-4")
	return []struct{ name, text string }{
		{"several", several4},
		{"unique", unique4},
		{"empty", "................"},
		{"diagonals, no givens", empty4},
		{"killer", killer},
	}
}

func pageEngines(text string) []string {
	if strings.HasPrefix(text, "{") {
		return []string{"", engine.NameSAT} // dancing links take no rules
	}
	return []string{"", engine.NameSAT, engine.NameDLX}
}

// TestCandidates: each cell's candidates, and their counts up to the cap,
// are brute force's, with every engine of the page; the line is the
// command line's form.
func TestCandidates(t *testing.T) {
	ctx := context.Background()
	for _, pz := range setterPuzzles(t) {
		p, sols := brute(t, pz.text)
		n := p.Size()
		count := make([][]int, n*n)
		for c := range count {
			count[c] = make([]int, n)
		}
		for _, g := range sols {
			for c := range n * n {
				count[c][g.Cell(c)-1]++
			}
		}
		for _, e := range pageEngines(pz.text) {
			for _, limit := range []int{0, 3} {
				t.Run(fmt.Sprintf("%s/%s/cap %d", pz.name, e, limit), func(t *testing.T) {
					r := Candidates(ctx, Request{Puzzle: pz.text, Engine: e, Limit: limit})
					if r.Status != StatusFound || r.Message != "" {
						t.Fatalf("got %s %q", r.Status, r.Message)
					}
					capped := max(limit, 1)
					var line []byte
					for c := range n * n {
						var want []int
						for d := 1; d <= n; d++ {
							if count[c][d-1] > 0 {
								want = append(want, d)
								line = append(line, sudokusat.Symbol(d))
							} else {
								line = append(line, '.')
							}
							if limit > 1 && r.Counts[c][d-1] != min(count[c][d-1], capped) {
								t.Errorf("r%dc%d: %d counted for %d, want %d (of %d) ", c/n+1, c%n+1, r.Counts[c][d-1], d, min(count[c][d-1], capped), count[c][d-1])
							}
						}
						if !slices.Equal(r.Candidates[c], want) {
							t.Errorf("r%dc%d: candidates %v, want %v", c/n+1, c%n+1, r.Candidates[c], want)
						}
					}
					if r.Text != string(line) || r.Limit != capped || (limit <= 1) != (r.Counts == nil) {
						t.Errorf("text %q limit %d counts %v; want %q, limit %d", r.Text, r.Limit, r.Counts != nil, line, capped)
					}
					if r.Met < min(len(sols), capped) || r.Met > len(sols) || r.Questions < 1 || !strings.Contains(r.SVG, "<svg") {
						t.Errorf("%d solutions met (of %d), %d questions, drawing %.40q", r.Met, len(sols), r.Questions, r.SVG)
					}
				})
			}
		}
	}
}

// TestCandidatesEngines: on a 9×9 the engines agree, with the engine
// layer's answer.
func TestCandidatesEngines(t *testing.T) {
	ctx := context.Background()
	p, _ := Service{}.parse(inkala)
	k, err := setter.TrueCandidates(ctx, engine.Native(), p, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range []string{"", engine.NameSAT, engine.NameDLX} {
		r := Candidates(ctx, Request{Puzzle: inkala, Engine: e})
		for c := range 81 {
			// A unique puzzle: one candidate a cell, the solution's.
			if want := []int{int(inkalaSolution[c] - '0')}; !slices.Equal(r.Candidates[c], want) || !k.Possible(c, want[0]) {
				t.Fatalf("%s: r%dc%d: %v, want %v", e, c/9+1, c%9+1, r.Candidates[c], want)
			}
		}
	}
}

// TestSetterDefaultEngine: without an engine named, each question runs
// the engine its choice names for the puzzle, as the command line does:
// native on a classic grid, gophersat's cover for the candidates of a
// puzzle with rules, the search for its hint and minimal givens.
func TestSetterDefaultEngine(t *testing.T) {
	ctx := context.Background()
	killer, _ := readVariant(t, "killer-4")
	for _, tc := range []struct {
		name, puzzle string
		ask          func(context.Context, Request) Reply
		want         string
	}{
		{"candidates, classic", several4, Candidates, engine.NameNative},
		{"candidates, rules", killer, Candidates, engine.NameSAT},
		{"hint, classic", several4, Hint, engine.NameNative},
		{"hint, rules", killer, Hint, engine.NameSearch},
		{"minimal, rules", killer, Minimal, engine.NameSearch},
	} {
		if r := tc.ask(ctx, Request{Puzzle: tc.puzzle}); r.Engine != tc.want {
			t.Errorf("%s: engine %q (%s: %s), want %q", tc.name, r.Engine, r.Status, r.Message, tc.want)
		}
	}
}

// TestHint: the givens that make a puzzle unique are those brute force
// says leave one solution, in reading order, as the engine layer gives
// them; without one, those that leave the fewest; for a puzzle without a
// solution, a core with none whose fixes brute force confirms.
func TestHint(t *testing.T) {
	ctx := context.Background()
	for _, pz := range append(setterPuzzles(t), struct{ name, text string }{"conflict", conflict4}, struct{ name, text string }{"conflict with a rule", noVariantSolution}) {
		p, sols := brute(t, pz.text)
		n := p.Size()
		for _, e := range pageEngines(pz.text) {
			t.Run(pz.name+"/"+e, func(t *testing.T) {
				r := Hint(ctx, Request{Puzzle: pz.text, Engine: e})
				if r.Status != StatusAnswered || r.Message != "" || r.Limit != 10 || r.Count != min(len(sols), 10) {
					t.Fatalf("got %s %q count %d/%d, want %d solutions", r.Status, r.Message, r.Count, r.Limit, len(sols))
				}
				// Without a given that makes it unique, those tied at the
				// cap are ranked up to setter.RankFactor times it.
				ranked := setter.RankFactor * 10
				var unique, closest []string
				fewest, tried := ranked+1, 0
				for c := range n * n {
					if p.Grid.Cell(c) != 0 {
						continue
					}
					for d := 1; d <= n; d++ {
						k := 0
						for _, g := range sols {
							if g.Cell(c) == d {
								k++
							}
						}
						name := fmt.Sprintf("r%dc%d=%d", c/n+1, c%n+1, d)
						if k > 1 {
							tried++
						}
						switch k = min(k, ranked); {
						case k == 1:
							unique = append(unique, name)
						case k > 1 && k < fewest:
							fewest, closest = k, []string{name}
						case k > 1 && k == fewest:
							closest = append(closest, name)
						}
					}
				}
				if len(sols) <= 1 || len(unique) > 0 {
					closest, fewest, tried = nil, 0, 0
				}
				if r.Tried != tried {
					t.Errorf("%d givens tried, want %d", r.Tried, tried)
				}
				if len(r.Pair) == 2 {
					q := withCell(t, p, (r.Pair[0].Row-1)*n+r.Pair[0].Col-1, r.Pair[0].Digit)
					k := 0
					for _, g := range q {
						if g.Cell((r.Pair[1].Row-1)*n+r.Pair[1].Col-1) == r.Pair[1].Digit {
							k++
						}
					}
					if k != 1 {
						t.Errorf("pair %v leaves %d solutions", partNames(r.Pair), k)
					}
				}
				if len(sols) == 1 {
					unique = nil
				}
				if got := partNames(r.Unique); !slices.Equal(got, unique) {
					t.Errorf("unique %q, want %q", got, unique)
				}
				if got := partNames(r.Closest); !slices.Equal(got, closest) || r.Left != fewest {
					t.Errorf("closest %q leaving %d, want %q leaving %d", got, r.Left, closest, fewest)
				}
				for _, g := range r.Unique {
					if k := len(withCell(t, p, (g.Row-1)*n+g.Col-1, g.Digit)); k != 1 || g.Cell != fmt.Sprintf("r%dc%d", g.Row, g.Col) {
						t.Errorf("%s (%s) leaves %d solutions", g.Name, g.Cell, k)
					}
				}
				if len(sols) == 0 {
					checkCore(t, p, r)
				} else if r.Core != nil || r.Fixes != nil {
					t.Errorf("a core %v for a puzzle with solutions", r.Core)
				}
				// The engine layer's answer, and the command line's words.
				h, err := setter.MakeUnique(ctx, openSearch(t), p, 10, 0)
				if err != nil {
					t.Fatal(err)
				}
				if want := givenParts(n, h.Givens); !slices.Equal(partNames(r.Unique), partNames(want)) {
					t.Errorf("unique %v, the engine layer's %v", r.Unique, want)
				}
				wantText := map[string]string{
					"several":              "6 several: each of these makes it unique: r3c3=4 r3c4=3 r4c2=3 r4c2=4 r4c3=1 r4c4=1",
					"conflict":             "0 none: conflicting: r2c3=3 r3c4=2 r4c1=3; removing one of these gives a solution: r2c3=3 r3c4=2 r4c1=3",
					"unique":               "1 unique: no hint needed",
					"conflict with a rule": "0 none: conflicting: r1c1=1, thermo r1c2-r1c1; removing one of these gives a solution: r1c1=1, thermo r1c2-r1c1",
				}[pz.name]
				if wantText != "" && r.Text != wantText {
					t.Errorf("text %q, want %q", r.Text, wantText)
				}
			})
		}
	}
}

func partNames(ps []Part) []string {
	var out []string
	for _, x := range ps {
		out = append(out, x.Name)
	}
	return out
}

// checkCore checks a hint's core of a puzzle without a solution by brute
// force: the core alone has none, without any one of its parts it has
// one, and the fixes are the parts whose removal gives the whole puzzle
// one.
func checkCore(t *testing.T, p *sudokusat.Puzzle, r Reply) {
	t.Helper()
	n := p.Size()
	keep := func(drop func(Part) bool) *sudokusat.Puzzle {
		q := *p
		q.Grid = p.Grid.Clone()
		q.Rules = nil
		for c := range n * n {
			if d := p.Grid.Cell(c); d != 0 && drop(givenPart(n, c, d)) {
				q.Grid.SetCell(c, 0)
			}
		}
		for i, x := range p.Rules {
			if !drop(Part{Name: explain.RuleName(p, i), Rule: i + 1, Kind: x.Kind}) {
				q.Rules = append(q.Rules, x)
			}
		}
		return &q
	}
	solutions := func(q *sudokusat.Puzzle) int {
		k := 0
		for _, v := range varianttest.Fillings(q) {
			g := q.Grid.Clone()
			for c, d := range v {
				g.SetCell(c, d)
			}
			if variant.Check(q, g) == nil {
				k++
			}
		}
		return k
	}
	core := partNames(r.Core)
	if len(core) == 0 || solutions(keep(func(x Part) bool { return !slices.Contains(core, x.Name) })) != 0 {
		t.Errorf("core %q: not one without a solution", core)
	}
	var fixes []string
	for _, x := range core {
		if solutions(keep(func(y Part) bool { return !slices.Contains(core, y.Name) || y.Name == x })) == 0 {
			t.Errorf("core %q: %s is not needed", core, x)
		}
		if solutions(keep(func(y Part) bool { return y.Name == x })) > 0 {
			fixes = append(fixes, x)
		}
	}
	if got := partNames(r.Fixes); !slices.Equal(got, fixes) {
		t.Errorf("fixes %q, want %q", got, fixes)
	}
}

// TestMinimal: the givens and rules removable alone are those brute force
// says leave one solution, the set removable together leaves one and is
// maximal, rules are named by number and kind, and a puzzle that is not
// unique is an error that says how many solutions it has.
func TestMinimal(t *testing.T) {
	ctx := context.Background()
	killer, _ := readVariant(t, "killer-4")
	for _, pz := range []struct{ name, text string }{{"classic, minimal", unique4}, {"classic, a given too many", "32" + unique4[2:]}, {"killer", killer}} {
		p, _ := brute(t, pz.text)
		n := p.Size()
		for _, e := range pageEngines(pz.text) {
			t.Run(pz.name+"/"+e, func(t *testing.T) {
				r := Minimal(ctx, Request{Puzzle: pz.text, Engine: e})
				if r.Status != StatusAnswered || r.Message != "" || !strings.Contains(r.SVG, "<svg") {
					t.Fatalf("got %s %q", r.Status, r.Message)
				}
				without := func(drop []Part) int {
					q := *p
					q.Grid = p.Grid.Clone()
					q.Rules = nil
					for _, x := range drop {
						if x.Cell != "" {
							q.Grid.SetCell((x.Row-1)*n+x.Col-1, 0)
						}
					}
					for i, rule := range p.Rules {
						if !slices.ContainsFunc(drop, func(x Part) bool { return x.Rule == i+1 }) {
							q.Rules = append(q.Rules, rule)
						}
					}
					_, sols := brute(t, mustText(t, &q, pz.text))
					return len(sols)
				}
				all := allParts(p)
				var alone []string
				for _, x := range all {
					if without([]Part{x}) == 1 {
						alone = append(alone, x.Name)
					}
				}
				if got := partNames(r.Alone); !slices.Equal(got, alone) || r.IsMinimal != (len(alone) == 0) {
					t.Errorf("alone %q (minimal %v), want %q", got, r.IsMinimal, alone)
				}
				if without(r.Together) != 1 {
					t.Errorf("together %q: not unique without them", partNames(r.Together))
				}
				for _, x := range all {
					if !slices.ContainsFunc(r.Together, func(y Part) bool { return y.Name == x.Name }) && without(append(slices.Clone(r.Together), x)) == 1 {
						t.Errorf("together %q: %s could go too", partNames(r.Together), x.Name)
					}
				}
				m, err := setter.Minimal(ctx, openSearch(t), p, 0)
				if err != nil {
					t.Fatal(err)
				}
				if want := parts(p, m.Together); !slices.Equal(partNames(r.Together), partNames(want)) {
					t.Errorf("together %q, the engine layer's %q", partNames(r.Together), partNames(want))
				}
			})
		}
	}
	for _, tt := range []struct {
		puzzle string
		count  int
	}{{several4, 2}, {conflict4, 0}} {
		r := Minimal(ctx, Request{Puzzle: tt.puzzle})
		if r.Status != engine.Failed.String() || !strings.Contains(r.Message, "not proved unique") || r.Count != tt.count || r.Limit != 2 {
			t.Errorf("%s: got %s %q count %d/%d, want an error and %d", tt.puzzle, r.Status, r.Message, r.Count, r.Limit, tt.count)
		}
	}
}

// allParts lists p's givens, in reading order, then its rules, as the
// replies name them.
func allParts(p *sudokusat.Puzzle) []Part {
	var out []Part
	n := p.Size()
	for c := range n * n {
		if d := p.Grid.Cell(c); d != 0 {
			out = append(out, givenPart(n, c, d))
		}
	}
	for i := range p.Rules {
		out = append(out, part(p, setter.Part{Cell: -1, Rule: i}))
	}
	return out
}

// mustText writes q back as text the page reads: one line for a classic
// grid, an f-puzzles link for a variant.
func mustText(t *testing.T, q *sudokusat.Puzzle, orig string) string {
	t.Helper()
	if !strings.HasPrefix(orig, "{") {
		return q.Grid.String()
	}
	link, err := variant.FPuzzlesLink(q)
	if err != nil {
		t.Fatal(err)
	}
	return link
}

// TestSetterFailures: the setters' questions refuse what they cannot
// answer, before any work where they can, in the command line's form.
func TestSetterFailures(t *testing.T) {
	ctx := context.Background()
	miracle, _ := readVariant(t, "miracle-9")
	expired, cancel := context.WithDeadline(ctx, time.Now().Add(-time.Second))
	defer cancel()
	tests := []struct {
		name        string
		ctx         context.Context
		s           Service
		op          string
		req         Request
		wantStatus  string
		wantMessage string // a prefix
	}{
		{"candidates cap over", ctx, Service{}, "candidates", Request{Puzzle: several4, Limit: 101}, "error", "error: limit 101: want 1 to 100 solutions"},
		{"candidates cap under", ctx, Service{}, "candidates", Request{Puzzle: several4, Limit: -1}, "error", "error: limit -1: want 1 to 100 solutions"},
		{"hint cap 1", ctx, Service{}, "hint", Request{Puzzle: several4, Limit: 1}, "error", "error: limit 1: want 2 to 100 solutions"},
		{"no solution", ctx, Service{}, "candidates", Request{Puzzle: conflict4}, "unsolvable", "unsolvable: line 1: no solution"},
		{"clashing givens", ctx, Service{}, "hint", Request{Puzzle: clash}, "invalid", "invalid: line 1: conflicting givens"},
		{"dancing links on a variant", ctx, Service{}, "minimal", Request{Puzzle: miracle, Engine: engine.NameDLX}, "error", "error: line 1: engine dlx takes classic grids only"},
		{"unknown engine", ctx, Service{}, "hint", Request{Puzzle: several4, Engine: "cadical"}, "error", `error: line 1: unknown engine "cadical"`},
		{"over the server's size", ctx, Service{MaxSize: 4}, "candidates", Request{Puzzle: inkala}, "invalid", "invalid: line 1: a 9×9 grid: this server takes grids up to 4×4"},
		{"bad cell size", ctx, Service{}, "minimal", Request{Puzzle: unique4, CellSize: 1}, "error", "error: cellSize 1: want 4 to 400 pixels"},
		{"past the deadline", expired, Service{}, "candidates", Request{Puzzle: several4}, "timeout", "timeout: line 1: no answer before the deadline"},
		{"past the deadline, hint", expired, Service{}, "hint", Request{Puzzle: several4, Engine: engine.NameSAT}, "timeout", "timeout: line 1: no answer before the deadline"},
		{"past the deadline, minimal", expired, Service{}, "minimal", Request{Puzzle: unique4}, "timeout", "timeout: line 1: no answer before the deadline"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := tt.s.Ops()[tt.op](tt.ctx, tt.req)
			if r.Status != tt.wantStatus || !strings.HasPrefix(r.Message, tt.wantMessage) {
				t.Errorf("got %s %q, want %s %q…", r.Status, r.Message, tt.wantStatus, tt.wantMessage)
			}
			if tt.name == "no solution" && drawnCells(r.SVG) != 4 {
				t.Errorf("the puzzle without a solution is not drawn: %.80q", r.SVG)
			}
		})
	}
}

// openSearch opens the search of package variant/search.
func openSearch(t *testing.T) *engine.Engine {
	t.Helper()
	e, err := engine.Open(engine.NameSearch, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestCallProgress: under CallProgress, Minimal sends progress reports
// (the first at once) before its reply, which is Call's; an operation
// with no steps to count sends none.
func TestCallProgress(t *testing.T) {
	killer, err := os.ReadFile("../../testdata/variants/killer-4.json")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, tc := range []struct {
		op, puzzle string
		reports    bool
	}{
		{"minimal", string(killer), true},
		{"minimal", unique4, true},
		{"solve", unique4, false},
	} {
		req, _ := json.Marshal(Request{Puzzle: tc.puzzle})
		var reports []Reply
		got := Service{}.CallProgress(ctx, tc.op, req, func(b []byte) {
			var r Reply
			if err := json.Unmarshal(b, &r); err != nil {
				t.Fatalf("%s: a report %q: %v", tc.op, b, err)
			}
			reports = append(reports, r)
		})
		if tc.reports != (len(reports) > 0) {
			t.Errorf("%s %.20s: %d reports", tc.op, tc.puzzle, len(reports))
		}
		for _, r := range reports {
			g := r.Progress
			if r.Status != StatusWorking || g == nil || !strings.HasPrefix(g.Text, "Minimal: ") || g.Done > g.Total {
				t.Errorf("%s %.20s: report %+v, progress %+v", tc.op, tc.puzzle, r, g)
			}
		}
		var reply, want Reply
		if err := json.Unmarshal(got, &reply); err != nil {
			t.Fatal(err)
		}
		json.Unmarshal(Service{}.Call(ctx, tc.op, req), &want)
		reply.Micros, want.Micros = 0, 0
		if reply.Status == StatusWorking || reply.Progress != nil || !reflect.DeepEqual(reply, want) {
			t.Errorf("%s %.20s: reply %+v, want Call's %+v", tc.op, tc.puzzle, reply, want)
		}
	}
}
