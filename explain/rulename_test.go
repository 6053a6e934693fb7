package explain

import (
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// TestRuleName: a rule is named by its kind, its cells (a run of one row
// or column in its order, from a thermometer's bulb) and its number;
// a cage without a total has none, and pencil marks name their digits.
// Before, a cage without a total was "(-1)", pencil marks their bit set,
// two cells a list and a thermometer's cells sorted.
func TestRuleName(t *testing.T) {
	g, err := sudokusat.NewGridSize(9)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		rule sudokusat.Rule
		want string
	}{
		{sudokusat.Rule{Kind: variant.Killer, Cells: []int{0, 1}, Value: 7}, "killer r1c1-r1c2 (7)"},
		{sudokusat.Rule{Kind: variant.Killer, Cells: []int{0, 1, 10}, Value: 12}, "killer r1c1,r1c2,r2c2 (12)"},
		{sudokusat.Rule{Kind: variant.Killer, Cells: []int{0, 9}, Value: sudokusat.NoValue}, "killer r1c1-r2c1"},
		{sudokusat.Rule{Kind: variant.Thermo, Cells: []int{3, 2, 1}}, "thermo r1c4-r1c2"},
		{sudokusat.Rule{Kind: variant.Thermo, Cells: []int{8, 9}}, "thermo r1c9,r2c1"}, // not a run: another row
		{sudokusat.Rule{Kind: string(variant.PencilMarks), Cells: []int{0}, Value: 1<<0 | 1<<2}, "pencil-marks r1c1 (13)"},
		{sudokusat.Rule{Kind: variant.AntiKnight}, "anti-knight"},
	} {
		p := &sudokusat.Puzzle{Grid: g, Rules: []sudokusat.Rule{tc.rule}}
		if got := RuleName(p, 0); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.rule, got, tc.want)
		}
	}
}
