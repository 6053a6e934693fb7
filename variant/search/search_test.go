package search

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

var bg = context.Background()

// allOf counts every solution of p (the 288 of an empty 4×4 grid fit
// well below the limit) and returns them sorted, failing the test on an
// error or on solutions found twice.
func allOf(t testing.TB, p *variant.Puzzle) []string {
	t.Helper()
	const limit = 100000
	r, err := Count(bg, p, limit)
	if err != nil {
		t.Fatalf("Count: %v", err)
	}
	if r.Count == limit {
		t.Fatalf("Count reached its limit %d", limit)
	}
	if r.Count != len(r.Solutions) {
		t.Fatalf("Count %d with %d solutions", r.Count, len(r.Solutions))
	}
	var out []string
	for _, g := range r.Solutions {
		out = append(out, g.String())
	}
	slices.Sort(out)
	if c := slices.Compact(slices.Clone(out)); len(c) != len(out) {
		t.Fatalf("%d solutions, %d distinct", len(out), len(c))
	}
	return out
}

// describe writes a puzzle for failure messages.
func describe(p *variant.Puzzle) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s regions=%v", p.Grid, p.Regions)
	for _, c := range p.Constraints {
		fmt.Fprintf(&b, "\n  %s cells=%v lines=%v value=%d", c.Kind, c.Cells, c.Lines, c.Value)
	}
	return b.String()
}

// sameAsBrute compares the engine's solutions of p with the brute force's.
func sameAsBrute(t *testing.T, p *variant.Puzzle) int {
	t.Helper()
	want := brute(p)
	got := allOf(t, p)
	if !slices.Equal(got, want) {
		t.Fatalf("engine found %d solutions, brute force %d\n%s\nengine: %v\nbrute:  %v",
			len(got), len(want), describe(p), got, want)
	}
	return len(want)
}

// TestKindsAgainstBrute checks every kind, alone and mixed, on seeded
// random 4×4 and 6×6 puzzles: the engine's solutions must be exactly the
// brute force's. Each kind must also matter on some puzzle (fewer
// solutions than without its constraints) and leave some puzzle solvable,
// or its puzzles would test nothing.
func TestKindsAgainstBrute(t *testing.T) {
	type kindCase struct {
		name  string
		kinds []variant.Kind
	}
	var cases []kindCase
	for _, k := range kinds {
		cases = append(cases, kindCase{string(k), []variant.Kind{k}})
	}
	cases = append(cases,
		kindCase{"mixed", nil},
		kindCase{"sums", []variant.Kind{variant.Killer, variant.Arrow, variant.Thermo}},
		kindCase{"dots", []variant.Kind{variant.White, variant.Black, variant.XV, variant.NonConsecutive, variant.NoBlack, variant.NoXV}},
		kindCase{"chess", []variant.Kind{variant.AntiKnight, variant.AntiKing, variant.Region, variant.DiagonalMain}},
	)
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(i), 16))
			narrowed, solvable := 0, 0
			for range 12 {
				for _, n := range []int{4, 6} {
					p := randomPuzzle(rng, n, 4, tc.kinds...)
					got := sameAsBrute(t, p)
					free := *p
					free.Constraints = nil
					if got < len(brute(&free)) {
						narrowed++
					}
					if got > 0 {
						solvable++
					}
				}
			}
			if narrowed == 0 || solvable == 0 {
				t.Errorf("%d puzzles narrowed by the constraints, %d solvable: want some of each", narrowed, solvable)
			}
		})
	}
}

// TestRandomAgainstBrute is the property test: many random 4×4 puzzles
// with up to six constraints of any kind.
func TestRandomAgainstBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(2026, 11))
	runs := 400
	if testing.Short() {
		runs = 50
	}
	for range runs {
		sameAsBrute(t, randomPuzzle(rng, 4, 6))
	}
}

// FuzzCount draws a random puzzle from the fuzzer's seed and compares the
// engine with the brute force.
func FuzzCount(f *testing.F) {
	for _, s := range []uint64{0, 1, 42, 1 << 40} {
		f.Add(s, s*7+3, true)
	}
	f.Fuzz(func(t *testing.T, s1, s2 uint64, small bool) {
		n := 6
		if small {
			n = 4
		}
		sameAsBrute(t, randomPuzzle(rand.New(rand.NewPCG(s1, s2)), n, 6))
	})
}

// miracle builds the "Miracle Sudoku" (Mitchell Lee): anti-king,
// anti-knight and non-consecutive with two givens, 1 at r5c3 and 2 at
// r6c7.
func miracle() *variant.Puzzle {
	g, _ := sudokusat.NewGridSize(9)
	g.Set(4, 2, 1)
	g.Set(5, 6, 2)
	return &variant.Puzzle{Grid: g, Constraints: []variant.Constraint{
		{Kind: variant.AntiKing}, {Kind: variant.AntiKnight}, {Kind: variant.NonConsecutive},
	}}
}

// TestMiracle checks the engine's answer to the Miracle Sudoku against its
// published solution.
func TestMiracle(t *testing.T) {
	r, err := Count(bg, miracle(), 2)
	if err != nil {
		t.Fatal(err)
	}
	const want = "483726159726159483159483726837261594261594837594837261372615948615948372948372615"
	if r.Count != 1 || r.Solutions[0].String() != want {
		t.Fatalf("%d solutions %v, want 1: %s", r.Count, r.Solutions, want)
	}
	if r.Nodes == 0 {
		t.Error("no search nodes reported")
	}
}

// TestLimit checks that the count stops at the limit and that the
// solutions are distinct: the empty 4×4 grid has 288.
func TestLimit(t *testing.T) {
	g, _ := sudokusat.NewGridSize(4)
	p := &variant.Puzzle{Grid: g}
	for _, limit := range []int{1, 2, 5, 288, 1000} {
		r, err := Count(bg, p, limit)
		if err != nil {
			t.Fatal(err)
		}
		want := min(limit, 288)
		if r.Count != want || len(r.Solutions) != want {
			t.Errorf("limit %d: Count %d with %d solutions, want %d", limit, r.Count, len(r.Solutions), want)
		}
		for _, s := range r.Solutions {
			if err := sudokusat.CheckSolution(g, s); err != nil {
				t.Errorf("limit %d: %s: %v", limit, s, err)
			}
		}
	}
}

// TestLarge solves grids up to the largest side taken, checking the
// classic rules with sudokusat.CheckSolution.
func TestLarge(t *testing.T) {
	for _, n := range []int{9, 12, 16, 25} {
		g, _ := sudokusat.NewGridSize(n)
		p := &variant.Puzzle{Grid: g, Constraints: []variant.Constraint{{Kind: variant.DiagonalMain, Cells: diagonal(n)}}}
		r, err := Count(bg, p, 1)
		if err != nil || r.Count != 1 {
			t.Fatalf("%d×%d: %d solutions, %v", n, n, r.Count, err)
		}
		if err := sudokusat.CheckSolution(g, r.Solutions[0]); err != nil {
			t.Errorf("%d×%d: %v", n, n, err)
		}
		seen := map[int]bool{}
		for _, c := range diagonal(n) {
			seen[r.Solutions[0].Cell(c)] = true
		}
		if len(seen) != n {
			t.Errorf("%d×%d: the diagonal holds %d digits", n, n, len(seen))
		}
	}
}

func diagonal(n int) []int {
	var d []int
	for i := 0; i < n; i++ {
		d = append(d, i*n+i)
	}
	return d
}

// TestBadInput checks that what the engine cannot read is an error that
// says why, never a panic.
func TestBadInput(t *testing.T) {
	g4, _ := sudokusat.NewGridSize(4)
	big, _ := sudokusat.NewGridSize(81)
	over := g4.Clone()
	over.SetCell(0, 5)
	with := func(cs ...variant.Constraint) *variant.Puzzle {
		return &variant.Puzzle{Grid: g4, Constraints: cs}
	}
	tests := []struct {
		name  string
		p     *variant.Puzzle
		limit int
		want  string
	}{
		{"nil puzzle", nil, 1, "no grid"},
		{"nil grid", &variant.Puzzle{}, 1, "no grid"},
		{"limit", with(), 0, "limit 0"},
		{"too large", &variant.Puzzle{Grid: big}, 1, "side 81"},
		{"digit", &variant.Puzzle{Grid: over}, 1, "r1c1 holds 5"},
		{"regions length", &variant.Puzzle{Grid: g4, Regions: []int{0, 1}}, 1, "2 regions"},
		{"region number", &variant.Puzzle{Grid: g4, Regions: slices.Repeat([]int{7}, 16)}, 1, "region 7"},
		{"region size", &variant.Puzzle{Grid: g4, Regions: append(slices.Repeat([]int{0}, 5), slices.Repeat([]int{1, 2, 3}, 4)[:11]...)}, 1, "region 0 has 5 cells"},
		{"unknown kind", with(variant.Constraint{Kind: "sandwich"}), 1, `unknown kind "sandwich"`},
		{"cell out", with(variant.Constraint{Kind: variant.Thermo, Cells: []int{0, 16}}), 1, "cell 16 outside"},
		{"negative cell", with(variant.Constraint{Kind: variant.Killer, Cells: []int{-1}}), 1, "cell -1 outside"},
		{"cell twice", with(variant.Constraint{Kind: variant.Region, Cells: []int{3, 3}}), 1, "listed twice"},
		{"dot cells", with(variant.Constraint{Kind: variant.White, Cells: []int{1}}), 1, "1 cells, want 2"},
		{"parity cells", with(variant.Constraint{Kind: variant.Even, Cells: []int{1, 2}}), 1, "2 cells, want 1"},
		{"empty thermo", with(variant.Constraint{Kind: variant.Thermo}), 1, "no cells"},
		{"empty cage", with(variant.Constraint{Kind: variant.Killer, Value: 3}), 1, "no cells"},
		{"arrow circle", with(variant.Constraint{Kind: variant.Arrow, Lines: [][]int{{1}}}), 1, "no circle"},
		{"arrow line", with(variant.Constraint{Kind: variant.Arrow, Cells: []int{0}, Lines: [][]int{{1, 99}}}), 1, "cell 99 outside"},
		{"long pill", with(variant.Constraint{Kind: variant.Arrow, Cells: []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, Lines: [][]int{{15}}}), 1, "circle of 10 cells"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Count(bg, tc.p, tc.limit)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
			if r.Count != 0 {
				t.Errorf("Count %d with an error", r.Count)
			}
		})
	}
	if _, err := Count(bg, &variant.Puzzle{Grid: big}, 1); !errors.Is(err, ErrUnsupported) {
		t.Errorf("81×81: %v, want ErrUnsupported", err)
	}
}

// TestImpossible checks puzzles whose rules no filling meets, found while
// compiling or by the search: Count 0 and no error.
func TestImpossible(t *testing.T) {
	g4, _ := sudokusat.NewGridSize(4)
	clash := g4.Clone()
	clash.SetCell(0, 1)
	clash.SetCell(1, 1)
	tests := []struct {
		name string
		p    *variant.Puzzle
	}{
		{"clashing givens", &variant.Puzzle{Grid: clash}},
		{"long thermo", &variant.Puzzle{Grid: g4, Constraints: []variant.Constraint{{Kind: variant.Thermo, Cells: []int{0, 1, 2, 3, 7}}}}},
		{"big region", &variant.Puzzle{Grid: g4, Constraints: []variant.Constraint{{Kind: variant.Region, Cells: []int{0, 1, 2, 3, 4}}}}},
		{"cage sum", &variant.Puzzle{Grid: g4, Constraints: []variant.Constraint{{Kind: variant.Killer, Cells: []int{0, 5}, Value: 8}}}},
		{"arrow without line", &variant.Puzzle{Grid: g4, Constraints: []variant.Constraint{{Kind: variant.Arrow, Cells: []int{0}}}}},
		{"odd even", &variant.Puzzle{Grid: g4, Constraints: []variant.Constraint{{Kind: variant.Odd, Cells: []int{0}}, {Kind: variant.Even, Cells: []int{0}}}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Count(bg, tc.p, 2)
			if err != nil || r.Count != 0 || len(r.Solutions) != 0 {
				t.Fatalf("Count %d, %v: want 0 and no error", r.Count, err)
			}
			if want := len(brute(tc.p)); want != 0 {
				t.Fatalf("the brute force finds %d solutions", want)
			}
		})
	}
}
