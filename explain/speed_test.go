package explain

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/internal/varianttest"
	"github.com/sudokusat/sudokusat/variant"
)

// TestFindSetsKept: what findSets found on a cell is kept while the facts
// of the cells its constraints name stay as they were: asked again for
// the same grid it queries nothing, after a step it queries only around
// the cells the step changed, and what it returns is what a search from
// scratch finds.
func TestFindSetsKept(t *testing.T) {
	for _, name := range []string{"killer-9", "thermo-9", "arrow-9"} {
		t.Run(name, func(t *testing.T) {
			f := varianttest.Load(t, name)
			ctx := context.Background()
			e, err := newExplainer(f.Puzzle, Options{Solution: f.Solution, NoCheck: true})
			if err != nil {
				t.Fatal(err)
			}
			l, err := e.locals()
			if err != nil {
				t.Fatal(err)
			}
			// From scratch: an explainer of its own at e's grid.
			fresh := func() ([]setStep, int) {
				t.Helper()
				g, err := newExplainer(f.Puzzle, Options{Solution: f.Solution, NoCheck: true})
				if err != nil {
					t.Fatal(err)
				}
				g.s.cand, g.s.placed = slices.Clone(e.s.cand), slices.Clone(e.s.placed)
				gl, err := g.locals()
				if err != nil {
					t.Fatal(err)
				}
				found, err := g.findSets(ctx, gl, false)
				if err != nil {
					t.Fatal(err)
				}
				return found, gl.sessions
			}
			steps, kept, scratch := 0, 0, 0
			for !e.s.solved() && steps < 40 {
				before := l.sessions
				found, err := e.findSets(ctx, l, false)
				if err != nil {
					t.Fatal(err)
				}
				kept += l.sessions - before
				want, q := fresh()
				scratch += q
				if !slices.EqualFunc(found, want, equalSet) {
					t.Fatalf("step %d: findSets kept %v, a search from scratch finds otherwise", steps, found)
				}
				before = l.sessions
				again, err := e.findSets(ctx, l, false)
				if err != nil {
					t.Fatal(err)
				}
				if q := l.sessions - before; q != 0 || !slices.EqualFunc(again, found, equalSet) {
					t.Fatalf("step %d: asked again for the same grid, %d queries", steps, q)
				}
				st, err := e.next(ctx)
				if err != nil || st == nil {
					t.Fatalf("step %d: %v, %v", steps, st, err)
				}
				e.s.apply(st)
				steps++
			}
			if kept >= scratch {
				t.Errorf("%d steps: %d queries, as many as %d from scratch: nothing kept", steps, kept, scratch)
			}
			t.Logf("%d steps: %d queries, %d from scratch", steps, kept, scratch)
		})
	}
}

func equalSet(a, b setStep) bool {
	return a.cand == b.cand && a.wide == b.wide && slices.Equal(a.parts, b.parts)
}

// TestForcingDeterministic: of conclusions that forcing finds with
// chains as short, it takes the same one on every call. On the published
// puzzle Effluence, at step 91 two eliminations tie; the first was taken
// in a map's order, which changes from run to run.
func TestForcingDeterministic(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "variants", "published", "lines.json"))
	if err != nil {
		t.Fatal(err)
	}
	var list []struct{ Title, Link, Solution string }
	if err := json.Unmarshal(data, &list); err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(list, func(e struct{ Title, Link, Solution string }) bool { return e.Title == "Effluence" })
	if i < 0 {
		t.Fatal("no Effluence in lines.json")
	}
	p, err := variant.ParseLink(list[i].Link)
	if err != nil {
		t.Fatal(err)
	}
	sol, err := sudokusat.Parse(list[i].Solution)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	e, err := newExplainer(p, Options{Solution: sol, Unique: true, NoCheck: true})
	if err != nil {
		t.Fatal(err)
	}
	// Up to the first forcing step that has a tie.
	for range 90 {
		st, err := e.next(ctx)
		if err != nil || st == nil {
			t.Fatalf("%v, %v", st, err)
		}
		e.s.apply(st)
	}
	var first *Step
	for k := range 12 {
		st, err := e.forcing(ctx)
		if err != nil || st == nil {
			t.Fatalf("forcing: %v, %v", st, err)
		}
		if first == nil {
			first = st
			continue
		}
		if !slices.Equal(st.Eliminations, first.Eliminations) || !slices.Equal(st.Placements, first.Placements) {
			t.Fatalf("call %d: %v ≠ %v, the first call's", k+1, st.Eliminations, first.Eliminations)
		}
	}
}
