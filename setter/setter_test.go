package setter

import (
	"context"
	"errors"
	"slices"
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
	withHints := 0
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
			var want []Given
			left, closest := 3, []Given(nil)
			for cell := range 16 {
				for d := 1; d <= 4; d++ {
					if p.Grid.Cell(cell) != 0 {
						continue
					}
					switch c := min(with(cell, d), 2); {
					case c == 1:
						want = append(want, Given{cell, d})
					case c > 1 && c < left:
						left, closest = c, []Given{{cell, d}}
					case c > 1 && c == left:
						closest = append(closest, Given{cell, d})
					}
				}
			}
			n := min(len(sols), 2)
			if len(want) > 0 || n < 2 {
				closest = nil
			}
			if n < 2 {
				want = nil // a unique puzzle needs no hint
			}
			if h.Solutions != n || !slices.Equal(h.Givens, want) || !slices.Equal(h.Closest, closest) {
				t.Errorf("puzzle %d, %s: %d solutions, givens %v closest %v; want %d, %v, %v", i, e.Name(), h.Solutions, h.Givens, h.Closest, n, want, closest)
			}
			if len(want) > 0 {
				withHints++
			}
		}
	}
	if withHints == 0 {
		t.Error("no puzzle with a hint: the test tests nothing")
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
