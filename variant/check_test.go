package variant_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// sol4 is a 4×4 solution:
//
//	1 2 3 4
//	3 4 1 2
//	2 1 4 3
//	4 3 2 1
const sol4 = "1234341221434321"

func mustGrid(t *testing.T, s string) *sudokusat.Grid {
	t.Helper()
	g, err := sudokusat.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestCheck(t *testing.T) {
	c := func(k variant.Kind, cells ...int) sudokusat.Rule {
		return sudokusat.Rule{Kind: k, Cells: cells}
	}
	v := func(k variant.Kind, value int, cells ...int) sudokusat.Rule {
		return sudokusat.Rule{Kind: k, Cells: cells, Value: value}
	}
	tests := []struct {
		name  string
		rules []sudokusat.Rule
		bad   string // "" when the grid keeps every rule, else a word of the error
	}{
		{"no rule", nil, ""},
		{"region", []sudokusat.Rule{c(variant.Region, 0, 1, 2, 3)}, ""},
		{"region broken", []sudokusat.Rule{c(variant.Region, 0, 6)}, "1 twice"},
		{"main diagonal broken", []sudokusat.Rule{c(variant.DiagonalMain, 0, 5, 10, 15)}, "twice"},
		{"killer", []sudokusat.Rule{v(variant.Killer, 3, 0, 1)}, ""},
		{"killer without sum", []sudokusat.Rule{v(variant.Killer, sudokusat.NoValue, 0, 1)}, ""},
		{"killer sum broken", []sudokusat.Rule{v(variant.Killer, 4, 0, 1)}, "sums to 3"},
		{"killer repeat", []sudokusat.Rule{v(variant.Killer, sudokusat.NoValue, 0, 6)}, "twice"},
		{"thermo", []sudokusat.Rule{c(variant.Thermo, 0, 1, 2)}, ""},
		{"thermo broken", []sudokusat.Rule{c(variant.Thermo, 1, 0)}, "not increasing"},
		{"arrow", []sudokusat.Rule{{Kind: variant.Arrow, Cells: []int{3}, Lines: [][]int{{0, 2}}}}, ""},
		{"arrow broken", []sudokusat.Rule{{Kind: variant.Arrow, Cells: []int{0}, Lines: [][]int{{1}}}}, "line 1 (r1c2) sums to 2"},
		// Each line sums to the circle on its own, as f-puzzles and its
		// solver read an arrow of several lines.
		{"arrow of two lines", []sudokusat.Rule{{Kind: variant.Arrow, Cells: []int{3}, Lines: [][]int{{0, 2}, {6, 11}}}}, ""},
		{"arrow of two lines that sum to it together", []sudokusat.Rule{{Kind: variant.Arrow, Cells: []int{3}, Lines: [][]int{{0}, {2}}}}, "line 1 (r1c1) sums to 1"},
		{"pill arrow", []sudokusat.Rule{{Kind: variant.Arrow, Cells: []int{0, 1}, Lines: [][]int{{3, 7, 11, 15, 14, 13}}}}, "circle"},
		{"difference arrow", []sudokusat.Rule{{Kind: variant.DifferenceArrow, Cells: []int{0}, Lines: [][]int{{1, 2}}}}, ""},                       // |2−3| = 1
		{"difference arrow of two lines", []sudokusat.Rule{{Kind: variant.DifferenceArrow, Cells: []int{1}, Lines: [][]int{{2, 0}, {9, 11}}}}, ""}, // each line on its own: |3−1| = |1−3| = 2
		{"difference arrow broken", []sudokusat.Rule{{Kind: variant.DifferenceArrow, Cells: []int{3}, Lines: [][]int{{0, 1}}}}, "line 1 (r1c1,r1c2) holds 1 and 2, whose difference is not the circle r1c4's 4"},
		{"difference arrow, a sum", []sudokusat.Rule{{Kind: variant.DifferenceArrow, Cells: []int{2}, Lines: [][]int{{0, 1}}}}, "whose difference is not"}, // 1+2 = 3, |1−2| = 1
		{"white", []sudokusat.Rule{c(variant.White, 0, 1)}, ""},
		{"white broken", []sudokusat.Rule{c(variant.White, 0, 4)}, "not consecutive"},
		{"black", []sudokusat.Rule{c(variant.Black, 0, 1)}, ""},
		{"black broken", []sudokusat.Rule{c(variant.Black, 1, 2)}, "twice the other"},
		{"grey, 1 and 2", []sudokusat.Rule{c(variant.GreyDot, 0, 1)}, ""},
		{"grey, consecutive", []sudokusat.Rule{c(variant.GreyDot, 1, 2)}, ""},
		{"grey, of ratio 2", []sudokusat.Rule{c(variant.GreyDot, 1, 5)}, ""},
		{"grey broken", []sudokusat.Rule{c(variant.GreyDot, 0, 4)}, "neither consecutive nor one twice the other"},
		{"V", []sudokusat.Rule{v(variant.XV, 5, 1, 2)}, ""},
		{"X broken", []sudokusat.Rule{v(variant.XV, 10, 1, 2)}, "not 10"},
		{"even", []sudokusat.Rule{c(variant.Even, 1)}, ""},
		{"even broken", []sudokusat.Rule{c(variant.Even, 0)}, "holds 1"},
		{"odd", []sudokusat.Rule{c(variant.Odd, 0)}, ""},
		{"odd broken", []sudokusat.Rule{c(variant.Odd, 1)}, "holds 2"},
		{"anti-knight broken", []sudokusat.Rule{c(variant.AntiKnight)}, "both hold"},
		{"anti-king broken", []sudokusat.Rule{c(variant.AntiKing)}, "both hold"},
		{"non-consecutive broken", []sudokusat.Rule{c(variant.NonConsecutive)}, "no Kropki dot"},
		{"no-black broken", []sudokusat.Rule{c(variant.NoBlack)}, "no Kropki dot"},
		{"no-xv broken", []sudokusat.Rule{c(variant.NoXV)}, "no X or V"},
		{"unknown kind", []sudokusat.Rule{c("no-such-kind", 0)}, "unknown kind"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := &sudokusat.Puzzle{Grid: mustGrid(t, "1...............")}
			p.Rules = tc.rules
			err := variant.Check(p, mustGrid(t, sol4))
			if tc.bad == "" && err != nil {
				t.Errorf("a grid that keeps the rules: %v", err)
			}
			if tc.bad != "" && (!errors.Is(err, variant.ErrNotSolution) || !strings.Contains(err.Error(), tc.bad)) {
				t.Errorf("got %v, want ErrNotSolution saying %q", err, tc.bad)
			}
		})
	}
}

// TestCheckNegativeExemptions: a marked pair is exempt from its negative
// rule, an unmarked one is not.
func TestCheckNegativeExemptions(t *testing.T) {
	// 1 2 / 3 4 rows hold consecutive pairs 1-2 (cells 0,1), 3-4 (4,5),
	// 2-3 (1,2), … Mark every consecutive orthogonal pair of sol4 white.
	g := mustGrid(t, sol4)
	p := &sudokusat.Puzzle{Grid: mustGrid(t, "................")}
	for r := 0; r < 4; r++ {
		for c := 0; c < 4; c++ {
			a := r*4 + c
			for _, b := range []int{a + 1, a + 4} {
				if (b == a+1 && c == 3) || b >= 16 {
					continue
				}
				if d := g.Cell(a) - g.Cell(b); d == 1 || d == -1 {
					p.Rules = append(p.Rules, sudokusat.Rule{Kind: variant.White, Cells: []int{a, b}})
				}
			}
		}
	}
	p.Rules = append(p.Rules, sudokusat.Rule{Kind: variant.NonConsecutive})
	if err := variant.Check(p, g); err != nil {
		t.Errorf("every consecutive pair marked: %v", err)
	}
	p.Rules = p.Rules[1:] // unmark one pair
	if err := variant.Check(p, g); !errors.Is(err, variant.ErrNotSolution) {
		t.Errorf("one pair unmarked: %v, want ErrNotSolution", err)
	}
}

// TestCheckKropkiOneDotPerEdge: under both Kropki negatives, a 1–2 pair
// (consecutive and of ratio 2) carries one dot of any colour, white, black
// or grey, as an edge holds one dot; a pair with no dot may be neither.
func TestCheckKropkiOneDotPerEdge(t *testing.T) {
	g := mustGrid(t, sol4) // r1c1, r1c2 hold 1 and 2
	if g.Cell(0) != 1 || g.Cell(1) != 2 {
		t.Fatalf("sol4 starts %d %d, want 1 2", g.Cell(0), g.Cell(1))
	}
	// Every other orthogonal pair of sol4 that is consecutive or of ratio 2
	// gets the dot it needs, white first.
	var dots []sudokusat.Rule
	for a := range 16 {
		for _, b := range []int{a + 1, a + 4} {
			if (b == a+1 && a%4 == 3) || b >= 16 || (a == 0 && b == 1) {
				continue
			}
			x, y := g.Cell(a), g.Cell(b)
			switch {
			case x-y == 1 || y-x == 1:
				dots = append(dots, sudokusat.Rule{Kind: variant.White, Cells: []int{a, b}})
			case x == 2*y || y == 2*x:
				dots = append(dots, sudokusat.Rule{Kind: variant.Black, Cells: []int{a, b}})
			}
		}
	}
	negatives := []sudokusat.Rule{{Kind: variant.NonConsecutive}, {Kind: variant.NoBlack}}
	for _, tc := range []struct {
		name string
		dot  []sudokusat.Rule
		ok   bool
	}{
		{"a white dot on 1–2", []sudokusat.Rule{{Kind: variant.White, Cells: []int{0, 1}}}, true},
		{"a black dot on 1–2", []sudokusat.Rule{{Kind: variant.Black, Cells: []int{0, 1}}}, true},
		{"a grey dot on 1–2", []sudokusat.Rule{{Kind: variant.GreyDot, Cells: []int{0, 1}}}, true},
		{"no dot on 1–2", nil, false},
	} {
		p := &sudokusat.Puzzle{Grid: mustGrid(t, "................"), Rules: slices.Concat(dots, tc.dot, negatives)}
		if err := variant.Check(p, g); (err == nil) != tc.ok {
			t.Errorf("%s: %v, want valid %v", tc.name, err, tc.ok)
		}
	}
}

func TestCheckGridRules(t *testing.T) {
	p := &sudokusat.Puzzle{Grid: mustGrid(t, "2...............")}
	if err := variant.Check(p, mustGrid(t, sol4)); err == nil || !strings.Contains(err.Error(), "given is 2") {
		t.Errorf("a given changed: %v", err)
	}
	p = &sudokusat.Puzzle{Grid: mustGrid(t, "................")}
	if err := variant.Check(p, mustGrid(t, "1234341221434312")); err == nil {
		t.Error("a repeated digit in a column passed")
	}
	// Jigsaw: sol4 with regions that are its columns'... rows of two
	// halves: rows 0-1 left and right halves are sol4's boxes; make
	// regions the rows themselves, which sol4 keeps.
	p.Regions = []int{0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3}
	if err := variant.Check(p, mustGrid(t, sol4)); err != nil {
		t.Errorf("rows as regions: %v", err)
	}
	// Regions that sol4 breaks: the main diagonal holds 1, 4, 4, 1.
	p.Regions = []int{0, 1, 1, 1, 1, 0, 2, 2, 2, 2, 0, 3, 3, 3, 3, 0}
	if err := variant.Check(p, mustGrid(t, sol4)); err == nil || !strings.Contains(err.Error(), "region 1") {
		t.Errorf("a broken region: %v", err)
	}
}

func TestValidate(t *testing.T) {
	c := func(k variant.Kind, cells ...int) sudokusat.Rule {
		return sudokusat.Rule{Kind: k, Cells: cells}
	}
	tests := []struct {
		name  string
		rules []sudokusat.Rule
		giv   string
		bad   string
	}{
		{"fine", []sudokusat.Rule{c(variant.White, 0, 1), c(variant.Thermo, 0, 5, 10), c(variant.AntiKing)}, "................", ""},
		{"dot not adjacent", []sudokusat.Rule{c(variant.White, 0, 5)}, "................", "adjacent"},
		{"thermo jumps", []sudokusat.Rule{c(variant.Thermo, 0, 2)}, "................", "does not touch"},
		{"cell outside", []sudokusat.Rule{c(variant.Odd, 16)}, "................", "outside"},
		{"killer sum impossible", []sudokusat.Rule{{Kind: variant.Killer, Cells: []int{0, 1}, Value: 8}}, "................", "sum 8"},
		{"xv value", []sudokusat.Rule{{Kind: variant.XV, Cells: []int{0, 1}, Value: 7}}, "................", "sum 7"},
		{"global with cells", []sudokusat.Rule{c(variant.AntiKnight, 0)}, "................", "no cells"},
		{"arrow without line", []sudokusat.Rule{c(variant.Arrow, 0)}, "................", "no line"},
		{"difference arrow without line", []sudokusat.Rule{c(variant.DifferenceArrow, 0)}, "................", "no line"},
		{"difference arrow of three cells", []sudokusat.Rule{{Kind: variant.DifferenceArrow, Cells: []int{0}, Lines: [][]int{{1, 2, 3}}}}, "................", "line 1 has 3 cells, want 2"},
		{"difference arrow of one cell", []sudokusat.Rule{{Kind: variant.DifferenceArrow, Cells: []int{0}, Lines: [][]int{{1, 2}, {4}}}}, "................", "line 2 has 1 cells, want 2"},
		{"difference arrow from a pill", []sudokusat.Rule{{Kind: variant.DifferenceArrow, Cells: []int{0, 1}, Lines: [][]int{{2, 3}}}}, "................", "a circle of 2 cells, want 1"},
		{"difference arrow through its circle", []sudokusat.Rule{{Kind: variant.DifferenceArrow, Cells: []int{0}, Lines: [][]int{{1, 0}}}}, "................", "runs through its circle r1c1"},
		{"givens clash in a cage", []sudokusat.Rule{{Kind: variant.Killer, Cells: []int{0, 5}, Value: sudokusat.NoValue}}, "1....1..........", "given twice"},
		{"unknown", []sudokusat.Rule{c("no-such-kind", 0)}, "................", "unknown kind"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := &sudokusat.Puzzle{Grid: mustGrid(t, tc.giv), Rules: tc.rules}
			err := variant.Validate(p)
			if tc.bad == "" && err != nil {
				t.Errorf("a valid puzzle: %v", err)
			}
			if tc.bad != "" && (!errors.Is(err, variant.ErrPuzzle) || !strings.Contains(err.Error(), tc.bad)) {
				t.Errorf("got %v, want ErrPuzzle saying %q", err, tc.bad)
			}
		})
	}
	p := &sudokusat.Puzzle{Grid: mustGrid(t, "................"), Regions: []int{0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3}}
	if err := variant.Validate(p); err == nil || !strings.Contains(err.Error(), "region 1 has 5 cells") {
		t.Errorf("uneven regions: %v", err)
	}
}
