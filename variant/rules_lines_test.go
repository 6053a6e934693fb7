package variant_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// onLine names cells "r1c1 r1c2 …" of an n×n grid.
func onLine(t *testing.T, n int, names string) []int {
	t.Helper()
	var out []int
	for _, f := range strings.Fields(names) {
		var r, c int
		if _, err := fmt.Sscanf(f, "r%dc%d", &r, &c); err != nil {
			t.Fatalf("%q: %v", f, err)
		}
		out = append(out, (r-1)*n+c-1)
	}
	return out
}

// TestLineValidate refuses malformed lines with ErrPuzzle: too short or
// too long, cells that do not touch or repeat, Lines, values out of range
// or on kinds without one.
func TestLineValidate(t *testing.T) {
	l := func(names string) []int { return onLine(t, 9, names) }
	for _, tc := range []struct {
		rule sudokusat.Rule
		want string // "" for valid
	}{
		{sudokusat.Rule{Kind: variant.Renban, Cells: l("r1c1 r1c2 r2c3")}, ""},
		{sudokusat.Rule{Kind: variant.Renban, Cells: l("r1c1")}, "1 cells, want 2 to 9"},
		{sudokusat.Rule{Kind: variant.Renban, Cells: l("r1c1 r1c2 r1c3 r1c4 r1c5 r1c6 r1c7 r1c8 r1c9 r2c9")}, "want 2 to 9"},
		{sudokusat.Rule{Kind: variant.Nabner, Cells: l("r1c1 r2c2 r3c3 r4c4 r5c5 r6c6 r7c7 r8c8 r9c9 r9c8")}, "want 2 to 9"},
		{sudokusat.Rule{Kind: variant.Whispers, Cells: l("r1c1 r1c3")}, "r1c3 does not touch r1c1"},
		{sudokusat.Rule{Kind: variant.Palindrome, Cells: l("r1c1 r1c2 r1c1")}, "r1c1 is listed twice"},
		{sudokusat.Rule{Kind: variant.BetweenLine, Cells: l("r1c1 r1c2")}, "2 cells, want at least 3"},
		{sudokusat.Rule{Kind: variant.DoubleArrow, Cells: l("r1c1 r1c2")}, "want at least 3"},
		{sudokusat.Rule{Kind: variant.ZipperLine, Cells: l("r1c1 r1c2")}, "want at least 3"},
		{sudokusat.Rule{Kind: variant.Lockout, Cells: l("r1c1 r1c2")}, ""},
		{sudokusat.Rule{Kind: variant.Whispers, Cells: l("r1c1 r1c2"), Value: 4}, ""},
		{sudokusat.Rule{Kind: variant.Whispers, Cells: l("r1c1 r1c2"), Value: 9}, "a difference of 9: want 1 to 8"},
		{sudokusat.Rule{Kind: variant.Lockout, Cells: l("r1c1 r1c2"), Value: -1}, "a difference of -1"},
		{sudokusat.Rule{Kind: variant.Renban, Cells: l("r1c1 r1c2"), Value: 3}, "a value of 3: renban rules have none"},
		{sudokusat.Rule{Kind: variant.SlowThermo, Cells: l("r1c1 r1c2"), Lines: [][]int{{2}}}, "in Cells, not in Lines"},
		{sudokusat.Rule{Kind: variant.DifferenceCount, Cells: l("r1c1 r1c2 r2c2 r3c3 r4c4 r5c5 r6c6 r7c7 r8c8 r9c9 r9c8")}, ""},
		{sudokusat.Rule{Kind: variant.DifferenceCount, Cells: l("r1c1")}, "1 cells, want at least 2"},
		{sudokusat.Rule{Kind: variant.DifferenceCount, Cells: l("r1c1 r1c2"), Value: 1}, "a value of 1: difference-count-line rules have none"},
		{sudokusat.Rule{Kind: variant.SumLine, Cells: l("r1c1 r1c2")}, ""},
		{sudokusat.Rule{Kind: variant.SumLine, Cells: l("r1c1 r1c2"), Value: 15}, ""},
		{sudokusat.Rule{Kind: variant.SumLine, Cells: l("r1c1")}, "1 cells, want at least 2"},
		{sudokusat.Rule{Kind: variant.SumLine, Cells: l("r1c1 r1c2"), Value: -1}, "a total of -1"},
		{sudokusat.Rule{Kind: variant.SumLine, Cells: l("r1c1 r1c2 r2c2 r1c1")}, ""}, // a loop
		{sudokusat.Rule{Kind: variant.SumLine, Cells: l("r1c1 r1c2 r1c1")}, "2 cells, want at least 3"},
		{sudokusat.Rule{Kind: variant.SumLine, Cells: l("r1c1 r1c2 r1c3 r1c1")}, "r1c1 does not touch r1c3"},
		{sudokusat.Rule{Kind: variant.SumLine, Cells: l("r1c1 r1c2 r2c2 r1c2")}, "r1c2 is listed twice"},
		{sudokusat.Rule{Kind: variant.SumLine, Cells: l("r1c1 r1c2 r2c2 r2c1 r1c2 r1c1")}, "r1c2 is listed twice"},
		{sudokusat.Rule{Kind: variant.Palindrome, Cells: l("r1c1 r1c2 r2c2 r1c1")}, "r1c1 is listed twice"}, // no loops
		{sudokusat.Rule{Kind: variant.FibonacciLine, Cells: l("r1c1 r1c2")}, ""},
		{sudokusat.Rule{Kind: variant.FibonacciLine, Cells: l("r1c1")}, "1 cells, want 2 to 9"},
		{sudokusat.Rule{Kind: variant.FibonacciLine, Cells: l("r1c1 r1c2 r1c4")}, "r1c4 does not touch r1c2"},
		{sudokusat.Rule{Kind: variant.FibonacciLine, Cells: l("r1c1 r1c2"), Value: 3}, "a value of 3: a Fibonacci line has none"},
		{sudokusat.Rule{Kind: variant.SequenceLine, Cells: l("r1c1 r1c2 r2c2 r3c3 r4c4 r5c5 r6c6 r7c7 r8c8 r9c9 r9c8")}, ""},
		{sudokusat.Rule{Kind: variant.SequenceLine, Cells: l("r1c1")}, "1 cells, want at least 2"},
		{sudokusat.Rule{Kind: variant.SequenceLine, Cells: l("r1c1 r1c2 r1c4")}, "r1c4 does not touch r1c2"},
		{sudokusat.Rule{Kind: variant.SequenceLine, Cells: l("r1c1 r1c2"), Value: 2}, "a value of 2: sequence-line rules have none"},
		{sudokusat.Rule{Kind: variant.RegionDifferenceLine, Cells: l("r1c2 r1c3 r1c4 r1c5")}, ""},
		{sudokusat.Rule{Kind: variant.RegionDifferenceLine, Cells: l("r1c1 r1c2")}, ""}, // one segment: nothing to compare
		{sudokusat.Rule{Kind: variant.RegionDifferenceLine, Cells: l("r1c1 r1c2 r1c3 r1c4")}, "a segment of 3 cells (r1c1,r1c2,r1c3) between region borders, want 2"},
		{sudokusat.Rule{Kind: variant.RegionDifferenceLine, Cells: l("r1c3 r1c4 r1c5")}, "a segment of 1 cells (r1c3) between region borders, want 2"},
		{sudokusat.Rule{Kind: variant.RegionDifferenceLine, Cells: l("r1c2 r1c3 r1c5")}, "r1c5 does not touch r1c3"},
		{sudokusat.Rule{Kind: variant.RegionDifferenceLine, Cells: l("r1c2 r1c3 r1c4 r1c5"), Value: 3}, "a value of 3: region-difference-line rules have none"},
		{sudokusat.Rule{Kind: variant.PairSumLine, Cells: l("r1c1 r1c2 r2c2 r2c1")}, ""},
		{sudokusat.Rule{Kind: variant.PairSumLine, Cells: l("r1c1 r1c2 r1c3")}, "3 cells, want 4"},
		{sudokusat.Rule{Kind: variant.PairSumLine, Cells: l("r1c1 r1c2 r1c3 r1c4 r1c5 r1c6")}, "6 cells, want 4"},
		{sudokusat.Rule{Kind: variant.PairSumLine, Cells: l("r1c1 r1c2 r2c2 r2c1 r1c1")}, "r1c1 is listed twice"}, // no loops
		{sudokusat.Rule{Kind: variant.PairSumLine, Cells: l("r1c1 r1c2 r2c2 r2c1"), Value: 3}, "a value of 3: pair-sum-line rules have none"},
	} {
		g, _ := sudokusat.NewGridSize(9)
		err := variant.Validate(&sudokusat.Puzzle{Grid: g, Rules: []sudokusat.Rule{tc.rule}})
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s %v: %v", tc.rule.Kind, tc.rule.Cells, err)
		case tc.want != "" && (!errors.Is(err, variant.ErrPuzzle) || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s %v: %v, want %q", tc.rule.Kind, tc.rule.Cells, err, tc.want)
		}
	}
}

// TestLineCheck reads lines against filled grids as their meanings say:
// the defaults of whispers and lockout lines and their values, a region
// sum line's stretches (a box entered twice makes two), the entropic
// bands of a 4×4 grid.
func TestLineCheck(t *testing.T) {
	const nine = "123456789" + "456789123" + "789123456" +
		"214365897" + "365897214" + "897214365" +
		"531642978" + "642978531" + "978531642"
	const four = "1234" + "3412" + "2143" + "4321"
	for _, tc := range []struct {
		grid  string
		kind  variant.Kind
		cells string
		value int
		ok    bool
	}{
		{nine, variant.Renban, "r1c1 r1c2 r1c3", 0, true},                   // 1 2 3
		{nine, variant.Renban, "r1c1 r1c2 r2c3", 0, false},                  // 1 2 6
		{nine, variant.Whispers, "r1c1 r2c2 r3c3", 0, false},                // 1 5 9: 4 apart, not 5
		{nine, variant.Whispers, "r1c1 r2c2 r3c3", 4, true},                 // Dutch
		{nine, variant.Whispers, "r3c4 r2c5 r3c6", 0, true},                 // 1 8 3
		{nine, variant.Palindrome, "r1c1 r2c2 r3c1", 0, false},              // 1 5 7
		{nine, variant.Palindrome, "r4c2 r3c3 r3c4", 0, true},               // 1 9 1
		{nine, variant.RegionSumLine, "r1c3 r1c4", 0, false},                // 3 | 4
		{nine, variant.RegionSumLine, "r3c3 r3c4 r2c5", 0, true},            // 9 | 1+8
		{nine, variant.RegionSumLine, "r1c3 r1c4 r2c4 r3c4 r3c3", 0, false}, // 3 | 4+7+1 | 9: box 1's 3+9 is 12 too, but two stretches
		{nine, variant.BetweenLine, "r1c1 r1c2 r1c3", 0, true},              // 1 (2) 3
		{nine, variant.BetweenLine, "r1c1 r2c2 r1c3", 0, false},             // 1 (5) 3
		{nine, variant.Lockout, "r1c1 r1c2 r1c3 r1c4 r1c5", 0, false},       // 1 (2 3 4) 5
		{nine, variant.Lockout, "r3c4 r2c4 r1c5", 0, true},                  // 1 (7) 5: 4 apart
		{nine, variant.Lockout, "r3c4 r2c4 r1c5", 5, false},                 // less than 5 apart
		{nine, variant.Nabner, "r1c1 r2c2 r3c3", 0, true},                   // 1 5 9
		{nine, variant.Nabner, "r1c1 r1c2", 0, false},                       // 1 2
		{nine, variant.SlowThermo, "r1c1 r2c1 r3c1", 0, true},               // 1 4 7
		{nine, variant.SlowThermo, "r3c1 r2c1", 0, false},                   // 7 4
		{nine, variant.EntropicLine, "r1c1 r2c1 r3c1 r4c1", 0, true},        // low middle high low
		{nine, variant.EntropicLine, "r1c1 r1c2", 0, false},                 // 1 2: both low
		{nine, variant.ModularLine, "r1c1 r1c2 r1c3", 0, true},              // 1 2 0 modulo 3
		{nine, variant.ModularLine, "r1c1 r2c1", 0, false},                  // 1 4
		{nine, variant.ZipperLine, "r2c2 r3c3 r4c3", 0, true},               // 5+4 = 9
		{nine, variant.ZipperLine, "r1c1 r1c2 r1c3 r1c4", 0, true},          // 1+4 = 2+3
		{nine, variant.ZipperLine, "r1c1 r1c2 r1c3", 0, false},              // 1+3 is not 2
		{nine, variant.DoubleArrow, "r2c2 r3c3 r4c3", 0, true},              // 5+4 = 9
		{nine, variant.DoubleArrow, "r1c1 r1c2 r1c3", 0, false},             // 1+3 is not 2
		{four, variant.EntropicLine, "r2c2 r1c1 r1c2", 0, true},             // 4 1 2: high, low, middle (2 and 3)
		{four, variant.EntropicLine, "r1c1 r1c2 r2c1", 0, false},            // 1 2 3: 2 and 3 both middle
		{four, variant.Whispers, "r1c1 r2c2", 0, true},                      // 1 4: at least 2 apart on 4×4
		{four, variant.Whispers, "r1c1 r1c2", 0, false},                     // 1 2
		{four, variant.Lockout, "r1c1 r1c2 r2c1", 0, false},                 // 1 (2) 3
		{four, variant.Lockout, "r1c2 r1c1 r2c2", 0, true},                  // 2 (1) 4: 2 apart
		{nine, variant.DifferenceCount, "r1c1 r1c2", 0, true},               // 1 2: one pair of difference 1
		{nine, variant.DifferenceCount, "r1c1 r1c2 r1c3", 0, false},         // 1 2 3: two pairs of difference 1
		{nine, variant.DifferenceCount, "r1c2 r2c1 r2c2 r3c1", 0, true},     // 2 4 5 7: differences 2 1 2
		{nine, variant.DifferenceCount, "r1c2 r2c1 r2c2 r1c3", 0, true},     // 2 4 5 3: 2 1 2
		{nine, variant.DifferenceCount, "r1c1 r1c2 r1c3 r1c4", 0, false},    // 1 2 3 4: three of difference 1
		{nine, variant.DifferenceCount, "r6c6 r7c5", 0, false},              // 4 4: a difference of 0 counts itself
		{nine, variant.DifferenceCount, "r5c6 r6c6 r7c5", 0, false},         // 7 4 4: 3 once, 0 once
		{four, variant.DifferenceCount, "r1c1 r2c2 r3c2 r4c1", 0, true},     // 1 4 1 4: three of difference 3
		{four, variant.DifferenceCount, "r1c1 r2c2 r3c2", 0, false},         // 1 4 1: two of difference 3
		{nine, variant.SumLine, "r1c1 r1c2 r1c3 r1c4", 0, true},             // 1+2+3+4
		{nine, variant.SumLine, "r1c1 r1c2 r1c3 r1c4 r1c5", 0, false},       // 1+2+3+4 | 5
		{nine, variant.SumLine, "r1c4 r1c5 r1c6 r1c7 r1c8", 0, false},       // 4+5 | 6…: past 10
		{nine, variant.SumLine, "r1c4 r1c5 r1c6 r1c7 r1c8", 15, true},       // 4+5+6 | 7+8
		{nine, variant.SumLine, "r1c4 r1c5 r1c6 r2c4 r2c3", 15, false},      // 4+5+6 | 7+6
		{nine, variant.SumLine, "r2c7 r3c8 r2c8 r3c7", 6, true},             // 1+5 | 2+4
		{nine, variant.SumLine, "r3c8 r2c8 r3c7 r2c7", 6, false},            // 5+2: past 6
		{nine, variant.SumLine, "r3c8 r2c8 r3c7 r2c7 r3c8", 6, true},        // a loop: 1+5 | 2+4, cut at r2c7
		{nine, variant.SumLine, "r1c1 r1c2 r2c2 r2c1 r1c1", 0, false},       // a loop of 12
		{four, variant.SumLine, "r1c1 r1c2 r2c2 r2c1 r1c1", 0, true},        // a loop of one segment, 1+2+4+3
		{four, variant.SumLine, "r1c2 r1c3 r2c3 r2c2", 5, true},             // 2+3 | 1+4
		{four, variant.SumLine, "r1c2 r1c3 r2c3 r2c2 r1c2", 5, true},        // the same, around
		{four, variant.SumLine, "r1c3 r2c3 r2c2 r1c2 r1c3", 5, true},        // cut between r1c2 and r1c3
		{four, variant.SumLine, "r1c3 r2c3 r2c2 r1c2", 5, false},            // 3+1 | 4+…: past 5
		{nine, variant.FibonacciLine, "r1c1 r1c2 r1c3 r2c2 r3c2", 0, true},  // 1 2 3 5 8
		{nine, variant.FibonacciLine, "r3c2 r2c2 r1c3 r1c2 r1c1", 0, true},  // 8 5 3 2 1: from the other end
		{nine, variant.FibonacciLine, "r1c2 r1c3 r2c2", 0, true},            // 2 3 5
		{nine, variant.FibonacciLine, "r1c1 r1c2 r1c3 r1c4", 0, false},      // 1 2 3 4
		{nine, variant.FibonacciLine, "r4c1 r4c2 r5c1", 0, false},           // 2 1 3: sums, but not increasing
		{nine, variant.FibonacciLine, "r1c2 r1c3 r2c2 r1c1", 0, false},      // 2 3 5 1: down at the end
		{nine, variant.FibonacciLine, "r2c1 r1c1", 0, true},                 // 4 1: two digits, one end lower
		{nine, variant.SequenceLine, "r1c1 r1c2 r1c3 r1c4", 0, true},        // 1 2 3 4
		{nine, variant.SequenceLine, "r1c1 r2c1 r3c1", 0, true},             // 1 4 7
		{nine, variant.SequenceLine, "r3c1 r2c1 r1c1", 0, true},             // 7 4 1: down
		{nine, variant.SequenceLine, "r3c3 r2c2 r1c1", 0, true},             // 9 5 1
		{nine, variant.SequenceLine, "r2c1 r1c1 r2c2", 0, false},            // 4 1 5: -3 then +4
		{nine, variant.SequenceLine, "r6c5 r6c4 r7c3", 0, false},            // 1 2 1: a step of the same size, not of the same direction
		{nine, variant.SequenceLine, "r1c1 r2c1 r3c1 r4c1", 0, false},       // 1 4 7 2
		{nine, variant.SequenceLine, "r1c9 r2c8", 0, true},                  // 9 2: two cells, any two digits
		{nine, variant.SequenceLine, "r3c3 r4c4", 0, true},                  // 9 3
		{nine, variant.SequenceLine, "r6c6 r7c5", 0, true},                  // 4 4
		{nine, variant.SequenceLine, "r5c6 r6c6 r7c5", 0, false},            // 7 4 4: -3 then 0
		{four, variant.SequenceLine, "r1c1 r2c2 r3c3", 0, false},            // 1 4 4
		{four, variant.SequenceLine, "r2c2 r3c3", 0, true},                  // 4 4: a step of 0, cells of two boxes
		{four, variant.SequenceLine, "r1c2 r2c1 r3c2", 0, false},            // 2 3 1
		{nine, variant.PairSumLine, "r2c1 r1c1 r1c2 r1c3", 0, true},         // 4+1 = 2+3
		{nine, variant.PairSumLine, "r1c3 r1c2 r1c1 r2c1", 0, true},         // 3+2 = 1+4: either way
		{nine, variant.PairSumLine, "r1c1 r1c2 r1c3 r1c4", 0, false},        // 1+2 is not 3+4 (a zipper line's 1+4 = 2+3)
		{nine, variant.PairSumLine, "r2c2 r2c1 r1c1 r1c2", 0, false},        // 5+4 is not 1+2

		{nine, variant.RegionDifferenceLine, "r1c2 r1c3 r1c4 r1c5", 0, true},  // 2 3 | 4 5: 1 and 1
		{nine, variant.RegionDifferenceLine, "r1c3 r2c3 r2c4 r1c4", 0, true},  // 3 6 | 7 4: 3 and 3, either way round
		{nine, variant.RegionDifferenceLine, "r1c2 r1c3 r1c4 r2c4", 0, false}, // 2 3 | 4 7: 1 and 3
		{nine, variant.RegionDifferenceLine, "r3c2 r3c3 r3c4 r3c5", 0, true},  // 8 9 | 1 2: 1 and 1, whatever the sums
		{nine, variant.RegionDifferenceLine, "r2c3 r1c3 r1c4 r1c5", 0, false}, // 6 3 | 4 5: the same sum, 9, but 3 and 1
		{nine, variant.RegionDifferenceLine, "r1c1 r1c2", 0, true},            // one segment
	} {
		sol, err := sudokusat.Parse(tc.grid)
		if err != nil {
			t.Fatal(err)
		}
		n := sol.Size()
		g, _ := sudokusat.NewGridSize(n)
		r := sudokusat.Rule{Kind: tc.kind, Cells: onLine(t, n, tc.cells), Value: tc.value}
		err = variant.Check(&sudokusat.Puzzle{Grid: g, Rules: []sudokusat.Rule{r}}, sol)
		if tc.ok && err != nil {
			t.Errorf("%s %s (value %d): %v", tc.kind, tc.cells, tc.value, err)
		}
		if !tc.ok && (!errors.Is(err, variant.ErrNotSolution) || !strings.Contains(err.Error(), tc.kind+" constraint")) {
			t.Errorf("%s %s (value %d): %v, want it refused", tc.kind, tc.cells, tc.value, err)
		}
	}
}

// TestLineFPuzzles reads the lines of f-puzzles entries, one rule a line;
// a whispers value is the difference (a lockout value too, written only
// when set), a value on another kind is refused; the document written
// back reads the same.
func TestLineFPuzzles(t *testing.T) {
	grid := `"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]`
	p, err := variant.ParseFPuzzles([]byte(`{"size":4,` + grid + `,
		"whispers":[{"lines":[["R1C1","R2C2"],["R3C3","R4C4"]],"value":"3"},{"lines":[["R1C4","R2C4"]]}],
		"lockout":[{"lines":[["R3C1","R4C2","R4C3"]],"value":""}],
		"renban":[{"lines":[["R1C2","R1C3"]]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	want := []sudokusat.Rule{
		{Kind: variant.Lockout, Cells: []int{8, 13, 14}},
		{Kind: variant.Renban, Cells: []int{1, 2}},
		{Kind: variant.Whispers, Cells: []int{0, 5}, Value: 3},
		{Kind: variant.Whispers, Cells: []int{10, 15}, Value: 3},
		{Kind: variant.Whispers, Cells: []int{3, 7}},
	}
	if fmt.Sprint(p.Rules) != fmt.Sprint(want) {
		t.Errorf("rules %v, want %v", p.Rules, want)
	}
	doc, err := variant.FPuzzles(p)
	if err != nil {
		t.Fatal(err)
	}
	back, err := variant.ParseFPuzzles(doc)
	if err != nil || fmt.Sprint(back.Rules) != fmt.Sprint(p.Rules) {
		t.Errorf("read back: %v, %v", back, err)
	}
	if strings.Count(string(doc), `"value"`) != 2 {
		t.Errorf("%s: want the two whispers of value 3 to carry it, and no other", doc)
	}
	for _, bad := range []string{
		`"renban":[{"lines":[["R1C2","R1C3"]],"value":"3"}]`,
		`"whispers":[{"lines":[["R1C2","R1C3"]],"value":"x"}]`,
		`"whispers":[{"lines":[["R1C2","R1C3"]],"value":"4"}]`,
		`"palindrome":[{"lines":[["R1C1","R1C3"]]}]`,
	} {
		if _, err := variant.ParseFPuzzles([]byte(`{"size":4,` + grid + `,` + bad + `}`)); err == nil {
			t.Errorf("%s: read, want an error", bad)
		}
	}
}

// TestLineValues: a whispers or lockout entry's value is read as stated,
// and only an entry that states none (no value, null, an empty or blank
// string) has the default, which the rule's Value 0 stands for. A stated
// 0 is refused with an error naming the line, as SudokuSolver refuses a
// whispers difference of 0, never read as the default.
func TestLineValues(t *testing.T) {
	for _, tc := range []struct {
		name  string
		file  string // of testdata/variants, a 6×6 whose first entry is changed
		value any    // the first entry's "value"; nil for null
		none  bool   // the key is left out
		want  int    // the first rule's Value when read
		err   string // else a word of the error
	}{
		{"whispers stated", "whispers-6.json", "2", false, 2, ""},
		{"whispers stated as a number", "whispers-6.json", 2, false, 2, ""},
		{"whispers stated 0", "whispers-6.json", "0", false, 0, "whispers line r4c6,r5c6,r5c5,r5c4,r4c5: a difference of 0: want 1 to 5"},
		{"whispers stated 0 as a number", "whispers-6.json", 0, false, 0, "whispers line r4c6,r5c6,r5c5,r5c4,r4c5: a difference of 0"},
		{"whispers stated 0 padded", "whispers-6.json", " 0 ", false, 0, "a difference of 0"},
		{"whispers negative", "whispers-6.json", "-1", false, 0, "a difference of -1: want 1 to 5"},
		{"whispers no value", "whispers-6.json", nil, true, 0, ""},
		{"whispers null", "whispers-6.json", nil, false, 0, ""},
		{"whispers blank", "whispers-6.json", "  ", false, 0, ""},
		{"lockout stated", "lockout-6.json", "2", false, 2, ""},
		{"lockout stated 0", "lockout-6.json", "0", false, 0, "lockout line r1c1,r2c2,r3c1: a difference of 0: want 1 to 5"},
		{"lockout stated 0 as a number", "lockout-6.json", 0, false, 0, "lockout line r1c1,r2c2,r3c1: a difference of 0"},
		{"lockout no value", "lockout-6.json", nil, true, 0, ""},
		{"lockout empty", "lockout-6.json", "", false, 0, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("..", "testdata", "variants", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			var doc map[string]any
			if err := json.Unmarshal(data, &doc); err != nil {
				t.Fatal(err)
			}
			key := strings.TrimSuffix(tc.file, "-6.json")
			entry := doc[key].([]any)[0].(map[string]any)
			delete(entry, "value")
			if !tc.none {
				entry["value"] = tc.value
			}
			b, _ := json.Marshal(doc)
			p, err := variant.ParseFPuzzles(b)
			if tc.err != "" {
				if err == nil || !errors.Is(err, variant.ErrPuzzle) && !errors.Is(err, variant.ErrFormat) || !strings.Contains(err.Error(), tc.err) {
					t.Errorf("%v, want an error saying %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if r := p.Rules[0]; r.Kind != key || r.Value != tc.want {
				t.Fatalf("first rule %v, want a %s line of value %d", r, key, tc.want)
			}
		})
	}
}
