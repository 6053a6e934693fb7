package main

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/explain"
	"github.com/sudokusat/sudokusat/variant"
	"github.com/sudokusat/sudokusat/web/api"
)

// browserPath is what the page showed of a solve path (web/e2e/page.mjs,
// explainExample): the status, and the step shown at its start, at step 3
// (three steps forward), at step 5 clicked in the list, back a step, after
// Home, and at the last step; the page's width and where the status, the
// step controls and the drawing were at step 3.
type browserPath struct {
	Puzzle, Status                    string
	Start, Third, Clicked, Back, Home browserStep
	Last                              struct {
		browserStep
		Grid string // the digits drawn big, row by row, "." for none
	}
	Width int
	Boxes []struct {
		Sel         string
		Top, Bottom int
		Visible     bool
	}
}

// browserStep is the step a solve path shows: its text, the steps listed
// and those marked current, whether the current one is within the list's
// visible box, the cells shaded, the houses outlined ("box 8=r7-9c4-6"),
// the digits circled as placed by it and the pencil marks it strikes out
// ("r1c2=3"), the pencil marks left, and whether Forward can be pressed.
type browserStep struct {
	Text          string
	Listed        int
	Current       []string
	CurrentInList *bool
	Cells         []string
	Houses        []string
	Placed        []string
	Struck        []string
	Marks         int
	Forward       bool
}

// wantPathStatus is the status the page writes for a solve path, up to
// the time taken and the engine, which it matches with a pattern.
func wantPathStatus(r api.Reply) *regexp.Regexp {
	e := r.Explanation
	n := len(e.Steps)
	steps := fmt.Sprintf("%d steps", n)
	if n == 1 {
		steps = "1 step"
	}
	mark := func(m *explain.Mark) string {
		rating := fmt.Sprintf("cost %.1f", m.Cost)
		if m.SE != nil {
			rating = fmt.Sprintf("SE %.1f", *m.SE)
		}
		return fmt.Sprintf("step %d, %s (%s)", m.Step, m.Technique, rating)
	}
	var text string
	switch e.Status {
	case explain.Explained:
		text = "Explained in " + steps
	case explain.Stuck:
		text = "Stuck after " + steps
	default:
		text = fmt.Sprintf("Guessed in %s (", steps) // the guesses counted
	}
	if e.Hardest != nil {
		text += "; hardest: " + mark(e.Hardest)
	}
	if e.BreakIn != nil {
		text += "; break-in: " + mark(e.BreakIn) + "."
	} else {
		text += "; no break-in: singles all the way."
	}
	if e.Status == explain.Stuck {
		text += " No step within the limits is left: the last step shows where it stopped."
	}
	engine := "native"
	if len(r.Variant) > 0 {
		engine = "variant search"
	}
	return regexp.MustCompile("^" + regexp.QuoteMeta(text) + `.* Found in [0-9.]+ m?s \(` + engine + `\)\.$`)
}

// facts writes a step's placements or eliminations as the page marks them,
// "r1c2=3", sorted.
func facts(fs []explain.FactJSON) []string {
	out := []string{}
	for _, f := range fs {
		out = append(out, fmt.Sprintf("%s=%d", f.Cell, f.Digit))
	}
	slices.Sort(out)
	return out
}

// houses writes the rows, columns, boxes and cells a step names as the
// page outlines them, "box 8=r7-9c4-6": each by the rows and columns it
// spans, from its kind and number and the boxes' shape. Rules, whose cells
// the step shades, are not outlined, nor houses that cover the whole grid
// (the givens step names every one).
func houses(t *testing.T, st explain.StepReport, n int) []string {
	t.Helper()
	boxRows, boxCols, err := sudokusat.BoxShape(n)
	if err != nil {
		t.Fatal(err)
	}
	out := []string{}
	covered := map[int]bool{}
	for _, r := range st.Rules {
		i := r.Index - 1
		var r0, r1, c0, c1 int // the rows and columns spanned, from 0, last excluded
		switch r.Kind {
		case "row":
			r0, r1, c0, c1 = i, i+1, 0, n
		case "column":
			r0, r1, c0, c1 = 0, n, i, i+1
		case "region":
			if !strings.HasPrefix(r.Name, "box ") {
				continue
			}
			r0, c0 = i/boxRows*boxRows, i%boxRows*boxCols
			r1, c1 = r0+boxRows, c0+boxCols
		case "cell":
			r0, c0 = i/n, i%n
			r1, c1 = r0+1, c0+1
		default:
			continue
		}
		for row := r0; row < r1; row++ {
			for col := c0; col < c1; col++ {
				covered[row*n+col] = true
			}
		}
		out = append(out, fmt.Sprintf("%s=r%d-%dc%d-%d", r.Name, r0+1, r1, c0+1, c1))
	}
	if len(covered) == n*n {
		return []string{}
	}
	return out
}

// checkBrowserExplain checks what Explain showed against api.Explain's
// path for the same puzzle: the status line; every step listed, none
// current and every digit pencilled in the open cells at the start; at
// step 3 the step's text, its cells shaded, its houses outlined where
// they lie, its placements circled and its eliminations struck out, and
// it marked current in the list; the step clicked, back a step and Home;
// and at the last step the solution drawn, no pencil mark left, Forward
// disabled. On the phone, the page is no wider than the screen and the
// status, step controls and drawing are on it. A path stuck at a rating
// ends with the pencil marks the explain package reports (stuck), which
// the page replays from the steps on its own.
func checkBrowserExplain(t *testing.T, res browserResult) {
	t.Helper()
	ctx := context.Background()
	ex := res.Explain
	// The desktop and the phone explain the same examples: the Miracle's
	// path takes seconds to find, once.
	paths := map[string]api.Reply{}
	explainOnce := func(puzzle string) api.Reply {
		r, ok := paths[puzzle]
		if !ok {
			r = api.Explain(ctx, api.Request{Puzzle: puzzle})
			paths[puzzle] = r
		}
		return r
	}
	for _, tt := range []struct {
		name  string
		shown browserPath
		width int
		// check validates the grid drawn at the last step.
		check func(puzzle, grid string) error
	}{
		{"17-clue", ex.Seventeen, 1280, checkClassic},
		{"Miracle", ex.Miracle, 1280, checkVariant},
		{"17-clue on a phone", ex.PhoneSeventeen, 390, checkClassic},
		{"Miracle on a phone", ex.PhoneMiracle, 390, checkVariant},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.shown
			r := explainOnce(got.Puzzle)
			if r.Explanation == nil || r.Status != string(explain.Explained) {
				t.Fatalf("api.Explain of %q: %s %s", got.Puzzle, r.Status, r.Message)
			}
			steps := r.Explanation.Steps
			n := r.Size
			if want := wantPathStatus(r); !want.MatchString(got.Status) || !strings.Contains(got.Status, "Every step is proved (✓).") {
				t.Errorf("status %q, want it to match %v and say every step is proved", got.Status, want)
			}
			if s := got.Start; s.Listed != len(steps) || len(s.Current) != 0 || len(s.Cells) != 0 || !s.Forward ||
				s.Marks != (n*n-r.Givens)*n || !strings.HasPrefix(s.Text, "Start: the puzzle as given") {
				t.Errorf("at the start: %+v; want %d steps listed, none current, %d pencil marks", s, len(steps), (n*n-r.Givens)*n)
			}
			st := steps[2]
			third := got.Third
			wantText := fmt.Sprintf("Step 3 of %d ✓: %s", len(steps), st.Text)
			if !slices.Equal(third.Current, []string{"3"}) || third.CurrentInList == nil || !*third.CurrentInList || third.Text != wantText {
				t.Errorf("three steps forward: current %q (in the list's view: %v), text %q; want step 3, %q", third.Current, third.CurrentInList, third.Text, wantText)
			}
			if !slices.Equal(third.Cells, st.Cells) || len(third.Cells) == 0 {
				t.Errorf("step 3 shades %q, want its cells %q", third.Cells, st.Cells)
			}
			if want := houses(t, st, n); !slices.Equal(third.Houses, want) {
				t.Errorf("step 3 outlines %q, want %q", third.Houses, want)
			}
			slices.Sort(third.Placed)
			slices.Sort(third.Struck)
			if want := facts(st.Placements); !slices.Equal(third.Placed, want) {
				t.Errorf("step 3 circles %q, want its placements %q", third.Placed, want)
			}
			if want := facts(st.Eliminations); !slices.Equal(third.Struck, want) || len(want) == 0 {
				t.Errorf("step 3 strikes out %q, want its eliminations %q", third.Struck, want)
			}
			if !slices.Equal(got.Clicked.Current, []string{"5"}) || !slices.Equal(got.Back.Current, []string{"4"}) ||
				len(got.Home.Current) != 0 || got.Home.Marks != got.Start.Marks {
				t.Errorf("step 5 clicked: current %q; back: %q; Home: %q with %d pencil marks; want 5, 4, none with %d",
					got.Clicked.Current, got.Back.Current, got.Home.Current, got.Home.Marks, got.Start.Marks)
			}
			last := got.Last
			if !slices.Equal(last.Current, []string{fmt.Sprint(len(steps))}) || last.Forward || last.Marks != 0 ||
				last.CurrentInList == nil || !*last.CurrentInList {
				t.Errorf("at the last step: current %q (in the list's view: %v), Forward enabled %v, %d pencil marks", last.Current, last.CurrentInList, last.Forward, last.Marks)
			}
			if last.Grid != r.Solution {
				t.Errorf("the last step draws %s, want the solution %s", last.Grid, r.Solution)
			} else if err := tt.check(got.Puzzle, last.Grid); err != nil {
				t.Errorf("the last step draws %s: %v", last.Grid, err)
			}
			if got.Width > tt.width {
				t.Errorf("the page is %d px wide, wider than the %d px screen", got.Width, tt.width)
			}
			for _, b := range got.Boxes {
				if !b.Visible {
					t.Errorf("at step 3, %s spans y %d to %d, off the screen", b.Sel, b.Top, b.Bottom)
				}
			}
		})
	}

	t.Run("stuck", func(t *testing.T) {
		st := ex.Stuck
		puzzle := "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
		r := api.Explain(ctx, api.Request{Puzzle: puzzle, MaxRating: 2})
		if r.Explanation == nil || r.Status != string(explain.Stuck) {
			t.Fatalf("api.Explain at rating 2: %s %s", r.Status, r.Message)
		}
		e := r.Explanation
		if want := wantPathStatus(r); !want.MatchString(st.Status) {
			t.Errorf("status %q, want it to match %v", st.Status, want)
		}
		if !slices.Equal(st.Shown.Current, []string{fmt.Sprint(len(e.Steps))}) || st.Shown.Forward {
			t.Errorf("at the last step: current %q, Forward enabled %v", st.Shown.Current, st.Shown.Forward)
		}
		// The explain package's candidates where the path stopped: each
		// open cell's are the page's pencil marks, and each other cell's
		// one digit is drawn.
		var want []string
		placed := 0
		for c, ds := range e.Stuck {
			name := fmt.Sprintf("r%dc%d", c/9+1, c%9+1)
			switch {
			case st.Grid[c] != '.':
				if ds != st.Grid[c:c+1] {
					t.Errorf("%s: drawn %c, the path has %q", name, st.Grid[c], ds)
				}
				if puzzle[c] == '.' {
					placed++
				}
			default:
				want = append(want, name+":"+ds)
			}
		}
		if !slices.Equal(st.Marks, want) || placed == 0 {
			t.Errorf("where the path stopped, the page pencils %q and drew %d placed digits; the path's candidates are %q", st.Marks, placed, want)
		}
	})

	if ex.Ended.Steps != 0 || ex.Ended.Layers != 0 {
		t.Errorf("after a puzzle typed: %d steps listed, %d layers of a path drawn; want the path gone", ex.Ended.Steps, ex.Ended.Layers)
	}
}

// checkClassic checks that grid solves the classic puzzle.
func checkClassic(puzzle, grid string) error {
	p, err := sudokusat.Parse(puzzle)
	if err != nil {
		return err
	}
	g, err := sudokusat.Parse(grid)
	if err != nil {
		return err
	}
	return sudokusat.CheckSolution(p, g)
}

// checkVariant checks that grid solves the variant puzzle of an
// f-puzzles link, its rules included.
func checkVariant(link, grid string) error {
	p, err := variant.ParseLink(link)
	if err != nil {
		return err
	}
	g, err := sudokusat.Parse(grid)
	if err != nil {
		return err
	}
	return variant.Check(p, g)
}
