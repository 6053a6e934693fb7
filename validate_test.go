package sudokusat

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestValidate(t *testing.T) {
	type edit struct{ r, c, d int }
	tests := []struct {
		name     string
		boxRows  int
		boxCols  int
		edits    []edit
		conflict bool     // the error wraps ErrConflict
		wantErr  bool     // some error
		msg      []string // the message contains each
	}{
		{name: "empty 9×9", boxRows: 3, boxCols: 3},
		{name: "empty 2×3", boxRows: 2, boxCols: 3},
		{name: "spread givens", boxRows: 3, boxCols: 3, edits: []edit{{0, 0, 5}, {1, 3, 5}, {2, 6, 5}, {4, 1, 5}}},
		{name: "largest digit", boxRows: 3, boxCols: 4, edits: []edit{{11, 11, 12}}},
		{name: "row", boxRows: 3, boxCols: 3, edits: []edit{{0, 0, 7}, {0, 8, 7}},
			conflict: true, wantErr: true, msg: []string{"7 appears twice", "row 1", "r1c1", "r1c9"}},
		{name: "last row", boxRows: 3, boxCols: 3, edits: []edit{{8, 2, 1}, {8, 7, 1}},
			conflict: true, wantErr: true, msg: []string{"row 9", "r9c3", "r9c8"}},
		{name: "column", boxRows: 3, boxCols: 3, edits: []edit{{0, 4, 2}, {7, 4, 2}},
			conflict: true, wantErr: true, msg: []string{"2 appears twice", "column 5", "r1c5", "r8c5"}},
		{name: "box", boxRows: 3, boxCols: 3, edits: []edit{{3, 3, 9}, {5, 5, 9}},
			conflict: true, wantErr: true, msg: []string{"9 appears twice", "box 5", "r4c4", "r6c6"}},
		// In 2×3 boxes, r1c1 and r2c3 share box 1; in 3×2 boxes they do not.
		{name: "2×3 box", boxRows: 2, boxCols: 3, edits: []edit{{0, 0, 4}, {1, 2, 4}},
			conflict: true, wantErr: true, msg: []string{"box 1", "r1c1", "r2c3"}},
		{name: "3×2 no box", boxRows: 3, boxCols: 2, edits: []edit{{0, 0, 4}, {1, 2, 4}}},
		{name: "3×2 box", boxRows: 3, boxCols: 2, edits: []edit{{3, 2, 6}, {5, 3, 6}},
			conflict: true, wantErr: true, msg: []string{"box 5", "r4c3", "r6c4"}},
		{name: "12×12 box", boxRows: 3, boxCols: 4, edits: []edit{{9, 8, 12}, {11, 11, 12}},
			conflict: true, wantErr: true, msg: []string{"12 appears twice", "box 12"}},
		{name: "digit too large", boxRows: 3, boxCols: 3, edits: []edit{{2, 3, 10}},
			wantErr: true, msg: []string{"r3c4", "10", "larger than 9"}},
	}
	for _, tt := range tests {
		g, err := NewGrid(tt.boxRows, tt.boxCols)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range tt.edits {
			g.Set(e.r, e.c, e.d)
		}
		err = g.Validate()
		if (err != nil) != tt.wantErr {
			t.Errorf("%s: Validate() = %v, want error %v", tt.name, err, tt.wantErr)
			continue
		}
		if err == nil {
			continue
		}
		if got := errors.Is(err, ErrConflict); got != tt.conflict {
			t.Errorf("%s: errors.Is(%v, ErrConflict) = %v, want %v", tt.name, err, got, tt.conflict)
		}
		for _, m := range tt.msg {
			if !strings.Contains(err.Error(), m) {
				t.Errorf("%s: message %q lacks %q", tt.name, err, m)
			}
		}
	}
}

// TestValidateSolutions: full solutions of every shape have no conflict, and
// changing any one cell of them to another digit always makes one.
func TestValidateSolutions(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, s := range [][2]int{{2, 2}, {2, 3}, {3, 2}, {3, 3}, {2, 4}, {3, 4}, {4, 3}, {4, 4}, {5, 5}, {6, 6}, {10, 10}, {20, 20}} {
		g := shuffledSolution(t, rng, s[0], s[1])
		if err := g.Validate(); err != nil {
			t.Errorf("%d×%d solution: %v", s[0], s[1], err)
		}
		n := g.Size()
		for k := 0; k < 20; k++ {
			h := g.Clone()
			i := rng.IntN(h.Len())
			h.SetCell(i, (h.Cell(i)+rng.IntN(n-1))%n+1) // another digit
			if err := h.Validate(); !errors.Is(err, ErrConflict) {
				t.Errorf("%d×%d solution with cell %d changed: Validate() = %v, want ErrConflict", s[0], s[1], i, err)
			}
		}
	}
}

func TestCheckSolution(t *testing.T) {
	sol9 := patternSolution(t, 3, 3)
	puz9 := sol9.Clone()
	for i := 0; i < puz9.Len(); i += 3 {
		puz9.SetCell(i, 0)
	}
	empty9, _ := NewGrid(3, 3)

	// cyclic is a Latin square with no box property: rows and columns
	// are permutations, boxes are not.
	cyclic, _ := NewGrid(3, 3)
	for r := 0; r < 9; r++ {
		for c := 0; c < 9; c++ {
			cyclic.Set(r, c, (r+c)%9+1)
		}
	}

	modify := func(g *Grid, f func(*Grid)) *Grid {
		h := g.Clone()
		f(h)
		return h
	}
	swap := func(r1, c1, r2, c2 int) func(*Grid) {
		return func(g *Grid) {
			a, b := g.Get(r1, c1), g.Get(r2, c2)
			g.Set(r1, c1, b)
			g.Set(r2, c2, a)
		}
	}

	sol23 := patternSolution(t, 2, 3)
	sol32 := patternSolution(t, 3, 2)
	empty23, _ := NewGrid(2, 3)
	empty32, _ := NewGrid(3, 2)
	sol4 := patternSolution(t, 2, 2)

	tests := []struct {
		name             string
		puzzle, solution *Grid
		msg              []string // empty: the solution is valid
	}{
		{"pattern, empty puzzle", empty9, sol9, nil},
		{"pattern, its own puzzle", puz9, sol9, nil},
		{"solution is its own puzzle", sol9, sol9, nil},
		{"2×3", empty23, sol23, nil},
		{"3×2", empty32, sol32, nil},
		{"12×12", mustEmpty(t, 3, 4), patternSolution(t, 3, 4), nil},
		{"given changed", puz9, modify(sol9, swap(0, 1, 0, 2)),
			[]string{"cell r1c2 holds 3, but the given is 2"}},
		{"blank cell", empty9, modify(sol9, func(g *Grid) { g.Set(4, 7, 0) }),
			[]string{"cell r5c8 holds 0"}},
		{"digit too large", empty9, modify(sol9, func(g *Grid) { g.Set(8, 8, 10) }),
			[]string{"cell r9c9 holds 10"}},
		// Swapping two cells of one column in one box: columns and boxes
		// stay permutations, two rows do not.
		{"row duplicate", empty9, modify(sol9, swap(0, 0, 1, 0)), []string{"twice in row 1"}},
		// Swapping two cells of one row in one box: only columns break.
		{"column duplicate", empty9, modify(sol9, swap(0, 0, 0, 1)), []string{"twice in column 1"}},
		{"box duplicate", empty9, cyclic, []string{"twice in box 1"}},
		// Boxes of 2×3 and 3×2 differ, so each pattern breaks the other's
		// boxes only.
		{"2×3 solution in 3×2 boxes", empty32, regrid(t, sol23, 3, 2), []string{"twice in box"}},
		{"3×2 solution in 2×3 boxes", empty23, regrid(t, sol32, 2, 3), []string{"twice in box"}},
		{"shape 2×3 vs 3×2", empty32, sol23, []string{"shape 2×3 boxes, want 3×2"}},
		{"size 4 vs 9", empty9, sol4, []string{"shape 2×2 boxes, want 3×3"}},
		{"nil solution", empty9, nil, []string{"missing grid"}},
		{"nil puzzle", nil, sol9, []string{"missing grid"}},
	}
	for _, tt := range tests {
		err := CheckSolution(tt.puzzle, tt.solution)
		if len(tt.msg) == 0 {
			if err != nil {
				t.Errorf("%s: CheckSolution = %v, want nil", tt.name, err)
			}
			continue
		}
		if err == nil {
			t.Errorf("%s: CheckSolution = nil, want an error", tt.name)
			continue
		}
		if !errors.Is(err, ErrNotSolution) {
			t.Errorf("%s: %v does not wrap ErrNotSolution", tt.name, err)
		}
		for _, m := range tt.msg {
			if !strings.Contains(err.Error(), m) {
				t.Errorf("%s: message %q lacks %q", tt.name, err, m)
			}
		}
	}
}

// TestCheckSolutionRandom checks shuffled solutions of many shapes against
// puzzles made from them, and a solution of another puzzle against them.
func TestCheckSolutionRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, s := range [][2]int{{2, 2}, {2, 3}, {3, 3}, {3, 4}, {4, 4}, {5, 5}, {6, 6}, {8, 8}, {20, 20}} {
		for k := 0; k < 5; k++ {
			sol := shuffledSolution(t, rng, s[0], s[1])
			puz := blanked(rng, sol, 0.4)
			if err := CheckSolution(puz, sol); err != nil {
				t.Errorf("%d×%d: %v", s[0], s[1], err)
			}
			other := shuffledSolution(t, rng, s[0], s[1])
			if !other.Equal(sol) && puz.Givens() > 0 {
				// other solves puz only if it agrees on every given.
				agrees := true
				for i := 0; i < puz.Len(); i++ {
					if d := puz.Cell(i); d != 0 && other.Cell(i) != d {
						agrees = false
					}
				}
				if err := CheckSolution(puz, other); (err == nil) != agrees {
					t.Errorf("%d×%d: another solution: CheckSolution = %v, agrees on givens %v", s[0], s[1], err, agrees)
				}
			}
		}
	}
}

func mustEmpty(t testing.TB, boxRows, boxCols int) *Grid {
	t.Helper()
	g, err := NewGrid(boxRows, boxCols)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// regrid copies g's cells into a grid of the same side with other boxes.
func regrid(t testing.TB, g *Grid, boxRows, boxCols int) *Grid {
	t.Helper()
	h := mustEmpty(t, boxRows, boxCols)
	if h.Len() != g.Len() {
		t.Fatalf("regrid: %d cells into %d", g.Len(), h.Len())
	}
	for i := 0; i < g.Len(); i++ {
		h.SetCell(i, g.Cell(i))
	}
	return h
}

func ExampleCheckSolution() {
	puzzle, _ := ParseLine("1..4..1....1.1..", 2, 2)
	good, _ := ParseLine("1234341223414123", 2, 2)
	bad, _ := ParseLine("1234341223414132", 2, 2)
	changed, _ := ParseLine("2134341223414123", 2, 2)
	fmt.Println(CheckSolution(puzzle, good))
	fmt.Println(CheckSolution(puzzle, bad))
	fmt.Println(CheckSolution(puzzle, changed))
	// Output:
	// <nil>
	// not a solution: 3 appears twice in column 3
	// not a solution: cell r1c1 holds 2, but the given is 1
}
