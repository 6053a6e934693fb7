package variant_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// TestLookAndSayClue reads clues as written into Value and back: pairs of
// digits, a leading 0 kept by LookAndSayText; a text that is no pairs, or
// names 0 (which Value would lose), is refused.
func TestLookAndSayClue(t *testing.T) {
	for _, tc := range []struct {
		text  string
		value int
		pairs []variant.LookAndSayPair
		bad   string
	}{
		{text: "23", value: 23, pairs: []variant.LookAndSayPair{{2, 3}}},
		{text: "1223", value: 1223, pairs: []variant.LookAndSayPair{{1, 2}, {2, 3}}},
		{text: "03", value: 3, pairs: []variant.LookAndSayPair{{0, 3}}},
		{text: " 0109 ", value: 109, pairs: []variant.LookAndSayPair{{0, 1}, {0, 9}}},
		{text: "234", bad: "even number"},
		{text: "", bad: "even number"},
		{text: "2x", bad: "even number"},
		{text: "-1", bad: "even number"},
		{text: "1234567890123456789012", bad: "up to 18"},
		{text: "0012", bad: "names 0"},
		{text: "1210", bad: "names 0"},
	} {
		v, err := variant.ParseLookAndSay(tc.text)
		if tc.bad != "" {
			if err == nil || !strings.Contains(err.Error(), tc.bad) {
				t.Errorf("%q: %d, %v; want an error saying %q", tc.text, v, err, tc.bad)
			}
			continue
		}
		if err != nil || v != tc.value {
			t.Errorf("%q: %d, %v; want %d", tc.text, v, err, tc.value)
			continue
		}
		if got := variant.LookAndSayPairs(v); !slices.Equal(got, tc.pairs) {
			t.Errorf("%q: pairs %v, want %v", tc.text, got, tc.pairs)
		}
		if got := variant.LookAndSayText(v); got != strings.TrimSpace(tc.text) {
			t.Errorf("%q: written back as %q", tc.text, got)
		}
	}
	if got := variant.LookAndSayPairs(sudokusat.NoValue); got != nil {
		t.Errorf("pairs of NoValue: %v", got)
	}
}

// TestLookAndSayRule validates and checks look-and-say rules on the 4×4
// solution sol4, whose main diagonal r1c1 r2c2 r3c3 r4c4 holds 1 4 4 1
// and whose top right corner r1c4 a 4: counts kept and broken, and clues
// the validator refuses (counts past the cells, a value twice or beyond
// N, no pairs, cells that are no diagonal from the edge).
func TestLookAndSayRule(t *testing.T) {
	diag := []int{0, 5, 10, 15} // from the clue at the top left corner
	back := []int{15, 10, 5, 0} // from the bottom right one
	for _, tc := range []struct {
		name    string
		cells   []int
		value   int
		invalid string // a word of the validator's error, or ""
		broken  string // a word of the checker's error, or ""
	}{
		{"two 1s", diag, 21, "", ""},
		{"two 1s and two 4s, from the other end", back, 2124, "", ""},
		{"no 2", diag, 2, "", ""},
		{"one 1", diag, 11, "", "holds 2 1s, not 1"},
		{"no 4", diag, 4, "", "holds 2 4s, not 0"},
		{"two 1s and one 4", diag, 2114, "", "holds 2 4s, not 1"},
		{"a corner's one cell", []int{3}, 14, "", ""},
		{"five digits on four cells", diag, 2132, "asks for 5 digits on a diagonal of 4 cells", ""},
		{"a value named twice", diag, 1101, "names 1 twice", ""},
		{"a value beyond N", diag, 15, "no digit of a 4×4 grid", ""},
		{"no pairs", diag, 0, "no clue", ""},
		{"not a diagonal", []int{0, 1, 2, 3}, 11, "diagonal", ""},
		{"not from the edge", []int{5, 10, 15}, 11, "edge", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := &sudokusat.Puzzle{Grid: mustGrid(t, "................"), Rules: []sudokusat.Rule{{Kind: variant.LookAndSay, Cells: tc.cells, Value: tc.value}}}
			err := variant.Validate(p)
			if tc.invalid != "" {
				if !errors.Is(err, variant.ErrPuzzle) || !strings.Contains(err.Error(), tc.invalid) {
					t.Errorf("validate: %v, want an error saying %q", err, tc.invalid)
				}
				return
			}
			if err != nil {
				t.Fatalf("validate: %v", err)
			}
			err = variant.Check(p, mustGrid(t, sol4))
			if tc.broken == "" && err != nil {
				t.Errorf("check: %v", err)
			}
			if tc.broken != "" && (!errors.Is(err, variant.ErrNotSolution) || !strings.Contains(err.Error(), tc.broken)) {
				t.Errorf("check: %v, want an error saying %q", err, tc.broken)
			}
		})
	}
}

// TestLookAndSayClueCell: a look-and-say clue sits where a little killer
// of its cells does.
func TestLookAndSayClueCell(t *testing.T) {
	for _, cells := range [][]int{{0, 10, 20}, {72}, {8, 16, 24, 32, 40, 48, 56, 64, 72}, {62, 70, 78}} {
		lr, lc, lok := variant.ClueCell(9, sudokusat.Rule{Kind: variant.LittleKiller, Cells: cells, Value: 10})
		row, col, ok := variant.ClueCell(9, sudokusat.Rule{Kind: variant.LookAndSay, Cells: cells, Value: 11})
		if !ok || !lok || row != lr || col != lc {
			t.Errorf("%v: ClueCell %d, %d, %v; a little killer's %d, %d", cells, row, col, ok, lr, lc)
		}
	}
}
