package variant_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// roman is a Roman numeral cage rule: the numeral between cells x and y,
// cages a and b.
func roman(value int, x, y int, a, b []int) sudokusat.Rule {
	return sudokusat.Rule{Kind: variant.RomanCages, Cells: []int{x, y}, Lines: [][]int{a, b}, Value: value}
}

// TestRomanNumerals: numerals read by the standard rules, both ways, and
// no other spelling.
func TestRomanNumerals(t *testing.T) {
	for _, tc := range []struct {
		s  string
		v  int
		ok bool
	}{
		{"I", 1, true}, {"V", 5, true}, {"X", 10, true}, {"L", 50, true}, {"C", 100, true}, {"D", 500, true}, {"M", 1000, true},
		{"IV", 4, true}, {"IX", 9, true}, {"XL", 40, true}, {"XC", 90, true}, {"CD", 400, true}, {"CM", 900, true},
		{"xc", 90, true}, {"MCMXCIX", 1999, true}, {"MMMCMXCIX", 3999, true}, {"LXXXIII", 83, true},
		{"IIII", 0, false}, {"VV", 0, false}, {"IC", 0, false}, {"VX", 0, false}, {"XM", 0, false}, {"MMMM", 0, false},
		{"", 0, false}, {"10", 0, false}, {"C D", 0, false}, {"Q", 0, false},
	} {
		v, ok := variant.RomanValue(tc.s)
		if ok != tc.ok || ok && v != tc.v {
			t.Errorf("RomanValue(%q) = %d, %v; want %d, %v", tc.s, v, ok, tc.v, tc.ok)
		}
		if tc.ok && variant.RomanNumeral(tc.v) != strings.ToUpper(tc.s) {
			t.Errorf("RomanNumeral(%d) = %q, want %q", tc.v, variant.RomanNumeral(tc.v), strings.ToUpper(tc.s))
		}
	}
	for _, v := range []int{0, -1, 4000} {
		if s := variant.RomanNumeral(v); s != "" {
			t.Errorf("RomanNumeral(%d) = %q, want none", v, s)
		}
	}
}

// TestRomanValidate: two straight cages, listed top to bottom or left to
// right, apart, the numeral's cells adjacent and one of each, a value a
// numeral writes, digits up to 9.
func TestRomanValidate(t *testing.T) {
	for _, tc := range []struct {
		name string
		n    int
		rule sudokusat.Rule
		bad  string
	}{
		{"a row's cages", 4, roman(46, 1, 2, []int{0, 1}, []int{2, 3}), ""},
		{"a column's cages", 4, roman(37, 4, 8, []int{0, 4}, []int{8, 12}), ""},
		{"cages across", 4, roman(30, 0, 1, []int{0, 4}, []int{1, 2}), ""},
		{"cells of one each", 4, roman(5, 5, 6, []int{5}, []int{6}), ""},
		{"a bent cage", 4, roman(46, 1, 2, []int{0, 1, 5}, []int{2, 3}), "not a straight run"},
		{"a cage listed right to left", 4, roman(46, 1, 2, []int{1, 0}, []int{2, 3}), "not a straight run"},
		{"a cage across a row's end", 4, roman(46, 3, 7, []int{2, 3, 4}, []int{7}), "not a straight run"},
		{"a cage with a gap", 4, roman(46, 4, 5, []int{0, 8}, []int{5}), "not a straight run"},
		{"one cage", 4, sudokusat.Rule{Kind: variant.RomanCages, Cells: []int{0, 1}, Lines: [][]int{{0, 1}}, Value: 5}, "want two"},
		{"cages that share a cell", 4, roman(46, 1, 2, []int{0, 1, 2}, []int{2, 3}), "in both cages"},
		{"cells apart", 4, roman(46, 0, 2, []int{0, 1}, []int{2, 3}), "adjacent"},
		{"cells of the wrong cages", 4, roman(46, 2, 1, []int{0, 1}, []int{2, 3}), "one of each cage"},
		{"no value", 4, roman(0, 1, 2, []int{0, 1}, []int{2, 3}), "Roman numeral"},
		{"a value past MMMCMXCIX", 9, roman(4000, 1, 2, []int{0, 1}, []int{2, 3}), "Roman numeral"},
		{"digits above 9", 16, roman(46, 1, 2, []int{0, 1}, []int{2, 3}), "decimal"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := sudokusat.NewGridSize(tc.n)
			if err != nil {
				t.Fatal(err)
			}
			err = variant.Validate(&sudokusat.Puzzle{Grid: g, Rules: []sudokusat.Rule{tc.rule}})
			if tc.bad == "" && err != nil {
				t.Errorf("a valid rule: %v", err)
			}
			if tc.bad != "" && (!errors.Is(err, variant.ErrPuzzle) || !strings.Contains(err.Error(), tc.bad)) {
				t.Errorf("got %v, want ErrPuzzle saying %q", err, tc.bad)
			}
		})
	}
}

// TestRomanCheck: the two cages' numbers, read in their order, sum to the
// value; a sum of the digits, or a number read backwards, is no match.
func TestRomanCheck(t *testing.T) {
	// 1 2 3 4 / 3 4 1 2 / 2 1 4 3 / 4 3 2 1
	for _, tc := range []struct {
		name string
		rule sudokusat.Rule
		bad  string
	}{
		{"12 + 34", roman(46, 1, 2, []int{0, 1}, []int{2, 3}), ""},
		{"13 + 24 down a column", roman(37, 4, 8, []int{0, 4}, []int{8, 12}), ""},
		{"13 + 23 across", roman(36, 0, 1, []int{0, 4}, []int{1, 2}), ""},
		{"4 + 1", roman(5, 5, 6, []int{5}, []int{6}), ""},
		{"not 47", roman(47, 1, 2, []int{0, 1}, []int{2, 3}), "sum to 46, not XLVII (47)"},
		{"not the digits' sum", roman(10, 1, 2, []int{0, 1}, []int{2, 3}), "sum to 46"},
		{"not read backwards", roman(64, 1, 2, []int{0, 1}, []int{2, 3}), "sum to 46"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := &sudokusat.Puzzle{Grid: mustGrid(t, "1..............."), Rules: []sudokusat.Rule{tc.rule}}
			err := variant.Check(p, mustGrid(t, sol4))
			if tc.bad == "" && err != nil {
				t.Errorf("a grid that keeps the rule: %v", err)
			}
			if tc.bad != "" && (!errors.Is(err, variant.ErrNotSolution) || !strings.Contains(err.Error(), tc.bad)) {
				t.Errorf("got %v, want ErrNotSolution saying %q", err, tc.bad)
			}
		})
	}
}
