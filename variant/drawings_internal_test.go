package variant

import "testing"

// TestFPuzzlesMetaCage: a cage's label and colours read as SudokuPad reads
// them, its patterns ^([^: ]+):\s*(.+) (by line) and, unanchored,
// #([0-9a-f]{3}0|[0-9a-f]{6}00).
func TestFPuzzlesMetaCage(t *testing.T) {
	for _, tc := range []struct {
		label string
		meta  bool
	}{
		{"msgcorrect: well done", true},
		{"title:x", true},
		{"rules: \n", true},
		{"killer\nrules: none", true},
		{"title:", false},
		{"a title: x", false},
		{": x", false},
		{"12", false},
	} {
		if got := fpMeta(tc.label); got != tc.meta {
			t.Errorf("fpMeta(%q) = %v", tc.label, got)
		}
	}
	for _, tc := range []struct {
		colour string
		clear  bool
	}{
		{"#ffffff00", true},
		{"#0000", true},
		{"#000000", true}, // as SudokuPad reads it: #000 and 0
		{"#FF0000", true},
		{"#FFCCAA", false},
		{"#abc", false},
		{"red #abcdef00", true},
		{"#12#abc0", true},
		{"", false},
	} {
		if got := fpClear(tc.colour); got != tc.clear {
			t.Errorf("fpClear(%q) = %v", tc.colour, got)
		}
	}
}
