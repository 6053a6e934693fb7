package setter

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/engine"
	"github.com/sudokusat/sudokusat/internal/varianttest"
	"github.com/sudokusat/sudokusat/variant"
)

// bruteCount counts p's solutions among the 4×4 Latin squares, through
// the validator alone.
func bruteCount(p *sudokusat.Puzzle, squares []*sudokusat.Grid) int {
	k := 0
	for _, g := range squares {
		if variant.Check(p, g) == nil {
			k++
		}
	}
	return k
}

// puzzles4 returns the 4×4 test puzzles (unique) and each without its
// givens (several solutions).
func puzzles4(t *testing.T) (unique, open []*sudokusat.Puzzle) {
	for _, f := range varianttest.All(t) {
		if f.Puzzle.Size() != 4 {
			continue
		}
		o := *f.Puzzle
		o.Grid, _ = sudokusat.NewGridSize(4)
		unique, open = append(unique, f.Puzzle), append(open, &o)
	}
	if len(unique) < 10 {
		t.Fatalf("%d 4×4 test puzzles", len(unique))
	}
	return unique, open
}

// TestMinimal: the parts each removable alone are those brute force says
// leave one solution, and the set removed together leaves one solution
// and is maximal: each part left, removed too, gives a second.
func TestMinimal(t *testing.T) {
	squares := latinSquares4()
	unique, opens := puzzles4(t)
	ctx := context.Background()
	some := 0
	for i, p := range unique {
		for _, e := range []*engine.Engine{openEngine(t, engine.NameSearch), openEngine(t, engine.NameSAT)} {
			m, err := Minimal(ctx, e, p, 0)
			if err != nil {
				t.Fatalf("puzzle %d, %s: %v", i, e.Name(), err)
			}
			var want []Part
			for _, x := range parts(p) {
				if bruteCount(without(p, []Part{x}), squares) == 1 {
					want = append(want, x)
				}
			}
			if !slices.Equal(m.Alone, want) {
				t.Errorf("puzzle %d, %s: alone %v, want %v", i, e.Name(), m.Alone, want)
			}
			if bruteCount(without(p, m.Together), squares) != 1 {
				t.Errorf("puzzle %d, %s: without %v it is not unique", i, e.Name(), m.Together)
			}
			for _, x := range parts(p) {
				if !slices.Contains(m.Together, x) && bruteCount(without(p, append(slices.Clone(m.Together), x)), squares) == 1 {
					t.Errorf("puzzle %d, %s: %v could go too: not maximal", i, e.Name(), x)
				}
			}
			some += len(m.Alone)
		}
	}
	if some == 0 {
		t.Error("no puzzle with a part to remove: the test tests nothing")
	}
	if _, err := Minimal(ctx, openEngine(t, engine.NameSearch), opens[0], 0); !errors.Is(err, engine.ErrNotUnique) {
		t.Errorf("a puzzle with several solutions: %v, want ErrNotUnique", err)
	}
}

// TestMinimalProgress: Minimal reports before each count and once at the
// end, its questions counted as it asks them, each stage's parts tried
// one by one up to all of them, and its last report the answer's: every
// part of the last pass tried, and as many removed as Together holds.
func TestMinimalProgress(t *testing.T) {
	unique, _ := puzzles4(t)
	ctx := context.Background()
	e := openEngine(t, engine.NameSearch)
	for i, p := range unique {
		var got []Progress
		m, err := MinimalProgress(ctx, e, p, 0, func(g Progress) { got = append(got, g) })
		if err != nil {
			t.Fatalf("puzzle %d: %v", i, err)
		}
		if len(got) != m.Questions+1 {
			t.Fatalf("puzzle %d: %d reports for %d questions, want one before each and one at the end", i, len(got), m.Questions)
		}
		all := len(parts(p))
		for j, g := range got {
			if g.Questions != j || g.Givens+g.Rules != all || g.Rules != len(p.Rules) {
				t.Errorf("puzzle %d, report %d: %+v, want %d questions asked and %d parts, %d of them rules", i, j, g, j, all, len(p.Rules))
			}
			if g.Done < 0 || g.Done > g.Total || g.Removable > all {
				t.Errorf("puzzle %d, report %d: %+v, out of bounds", i, j, g)
			}
			if j > 0 && g.Stage == got[j-1].Stage && g.Pass == got[j-1].Pass && g.Done != got[j-1].Done+1 {
				t.Errorf("puzzle %d, report %d: %d tried after %d, want one more", i, j, g.Done, got[j-1].Done)
			}
		}
		var lastAlone Progress
		for _, g := range got {
			if g.Stage == "alone" {
				lastAlone = g
			}
		}
		if got[0].Stage != "unique" || lastAlone.Done != all-1 || lastAlone.Total != all {
			t.Errorf("puzzle %d: first report %+v, last of stage alone %+v; want unique first and %d parts tried alone", i, got[0], lastAlone, all)
		}
		last := got[len(got)-1]
		if last.Stage != "together" || last.Done != last.Total || last.Removable != len(m.Together) {
			t.Errorf("puzzle %d: last report %+v, want the last pass done and %d removed together", i, last, len(m.Together))
		}
		if s := last.String(); !strings.HasPrefix(s, fmt.Sprintf("Minimal: %d of %d ", last.Done, last.Total)) || !strings.HasSuffix(s, fmt.Sprintf(" tried together (pass %d), %d removed", last.Pass, last.Removable)) {
			t.Errorf("puzzle %d: last report says %q", i, s)
		}
	}
}

// TestMakeUnique: for puzzles with several solutions, the single givens
// that leave one are those brute force finds; for one without a solution,
// the core has none among itself and each of its parts is needed for
// that, and the fixes are the parts whose removal gives a solution.
func TestMakeUnique(t *testing.T) {
	squares := latinSquares4()
	_, opens := puzzles4(t)
	empty, _ := sudokusat.NewGridSize(4)
	opens = append(opens, &sudokusat.Puzzle{Grid: empty})
	ctx := context.Background()
	withHints, withPairs := 0, 0
	for i, p := range opens {
		for _, e := range []*engine.Engine{openEngine(t, engine.NameSearch), openEngine(t, engine.NameSAT)} {
			h, err := MakeUnique(ctx, e, p, 2, 0)
			if err != nil {
				t.Fatalf("puzzle %d, %s: %v", i, e.Name(), err)
			}
			var sols []*sudokusat.Grid
			for _, g := range squares {
				if variant.Check(p, g) == nil {
					sols = append(sols, g)
				}
			}
			// A given (cell, d) keeps the solutions with d there.
			with := func(cell, d int) int {
				k := 0
				for _, g := range sols {
					if g.Cell(cell) == d {
						k++
					}
				}
				return k
			}
			// Without a single given, the closest are ranked up to
			// RankFactor times the cap (2 here, so every given is tied
			// at it and ranked), and the pair's first given is one of
			// the first pairTries of those counted under that, fewest
			// first, the second the first that leaves one solution with
			// it.
			ranked := RankFactor * 2
			var want []Given
			left, closest := ranked+1, []Given(nil)
			type weighed struct {
				g     Given
				count int
			}
			var exact []weighed
			for cell := range 16 {
				for d := 1; d <= 4; d++ {
					if p.Grid.Cell(cell) != 0 {
						continue
					}
					switch c := min(with(cell, d), ranked); {
					case c == 1:
						want = append(want, Given{cell, d})
					case c > 1 && c < left:
						left, closest = c, []Given{{cell, d}}
					case c > 1 && c == left:
						closest = append(closest, Given{cell, d})
					}
					if c := with(cell, d); c > 1 && c < ranked {
						exact = append(exact, weighed{Given{cell, d}, c})
					}
				}
			}
			slices.SortStableFunc(exact, func(a, b weighed) int { return a.count - b.count })
			var pair []Given
		tries:
			for _, w := range exact[:min(len(exact), pairTries)] {
				for cell := range 16 {
					for d := 1; d <= 4 && cell != w.g.Cell && p.Grid.Cell(cell) == 0; d++ {
						both := 0
						for _, g := range sols {
							if g.Cell(w.g.Cell) == w.g.Digit && g.Cell(cell) == d {
								both++
							}
						}
						if both == 1 {
							pair = []Given{w.g, {cell, d}}
							slices.SortFunc(pair, func(a, b Given) int { return a.Cell - b.Cell })
							break tries
						}
					}
				}
			}
			n := min(len(sols), 2)
			if len(want) > 0 || n < 2 {
				closest, left, pair = nil, 0, nil
			}
			if n < 2 {
				want = nil // a unique puzzle needs no hint
			}
			if h.Solutions != n || !slices.Equal(h.Givens, want) || !slices.Equal(h.Closest, closest) || len(closest) > 0 && h.Left != left {
				t.Errorf("puzzle %d, %s: %d solutions, givens %v closest %v (%d left); want %d, %v, %v (%d)", i, e.Name(), h.Solutions, h.Givens, h.Closest, h.Left, n, want, closest, left)
			}
			if !slices.Equal(h.Pair, pair) {
				t.Errorf("puzzle %d, %s: pair %v, want %v", i, e.Name(), h.Pair, pair)
			}
			if len(pair) == 2 {
				withPairs++
			}
			if len(want) > 0 {
				withHints++
			}
		}
	}
	if withHints == 0 || withPairs == 0 {
		t.Errorf("%d puzzles with a hint, %d with a pair: the test tests nothing", withHints, withPairs)
	}

	p := puzzle(t, "......34...23...") // no solution, no clash
	for _, e := range []*engine.Engine{engine.Native(), openEngine(t, engine.NameSearch), openEngine(t, engine.NameSAT)} {
		h, err := MakeUnique(ctx, e, p, 2, 0)
		if err != nil {
			t.Fatal(err)
		}
		var rest []Part
		for _, x := range parts(p) {
			if !slices.Contains(h.Core, x) {
				rest = append(rest, x)
			}
		}
		if h.Solutions != 0 || len(h.Core) == 0 || bruteCount(without(p, rest), squares) != 0 {
			t.Fatalf("%s: core %v of %v", e.Name(), h.Core, parts(p))
		}
		for _, x := range h.Core {
			if bruteCount(without(p, append(slices.Clone(rest), x)), squares) == 0 {
				t.Errorf("%s: core part %v is not needed", e.Name(), x)
			}
			if fixes := bruteCount(without(p, []Part{x}), squares) > 0; fixes != slices.Contains(h.Fixes, x) {
				t.Errorf("%s: removing %v gives a solution: %v; fixes %v", e.Name(), x, fixes, h.Fixes)
			}
		}
	}
}
