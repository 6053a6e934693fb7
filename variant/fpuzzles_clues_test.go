package variant_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// doc9 is an empty 9×9 f-puzzles document with extra keys (JSON text).
func doc9(extra string) []byte {
	row := "[" + strings.TrimSuffix(strings.Repeat("{},", 9), ",") + "]"
	grid := "[" + strings.TrimSuffix(strings.Repeat(row+",", 9), ",") + "]"
	return []byte(`{"size":9,"grid":` + grid + extra + `}`)
}

// TestFPuzzlesClues reads the f-puzzles forms of the clues group's kinds
// as the solver behind f-puzzles reads them (SolverFactory.cs and the
// constraints' classes): where each clue sits and which cells it reads,
// in which order; entries the solver ignores; warnings.
func TestFPuzzlesClues(t *testing.T) {
	seq := func(from, step, k int) []int {
		out := make([]int, k)
		for i := range out {
			out[i] = from + i*step
		}
		return out
	}
	tests := []struct {
		name, extra string
		want        []sudokusat.Rule
		warn        string
	}{
		{"little killer from the top-left corner", `,"littlekillersum":[{"cell":"R0C0","direction":"DR","value":"45"}]`,
			[]sudokusat.Rule{{Kind: variant.LittleKiller, Cells: seq(0, 10, 9), Value: 45}}, ""},
		{"little killer from below", `,"littlekillersum":[{"cell":"R10C3","direction":"UR","value":"30"}]`,
			[]sudokusat.Rule{{Kind: variant.LittleKiller, Cells: []int{75, 67, 59, 51, 43, 35}, Value: 30}}, ""},
		{"little killer from the right", `,"littlekillersum":[{"cell":"R2C10","direction":"DL","value":"12"}]`,
			[]sudokusat.Rule{{Kind: variant.LittleKiller, Cells: seq(26, 8, 7), Value: 12}}, ""},
		{"little killer without a number", `,"littlekillersum":[{"cell":"R2C10","direction":"DL","value":""}]`, nil, ""},
		{"little killer labelled with text", `,"littlekillersum":[{"cell":"R2C10","direction":"DL","value":"?"}]`, nil,
			`a little killer at R2C10 labelled "?": not a whole number from 1, ignored`},
		{"sandwich above", `,"sandwichsum":[{"cell":"R0C3","value":"10"}]`,
			[]sudokusat.Rule{{Kind: variant.Sandwich, Cells: seq(2, 9, 9), Value: 10}}, ""},
		{"sandwich right", `,"sandwichsum":[{"cell":"R3C10","value":0}]`,
			[]sudokusat.Rule{{Kind: variant.Sandwich, Cells: seq(26, -1, 9), Value: 0}}, ""},
		{"x-sum below", `,"xsum":[{"cell":"R10C1","value":"20"}]`,
			[]sudokusat.Rule{{Kind: variant.XSum, Cells: seq(72, -9, 9), Value: 20}}, ""},
		{"skyscraper left", `,"skyscraper":[{"cell":"R9C0","value":"3"}]`,
			[]sudokusat.Rule{{Kind: variant.Skyscraper, Cells: seq(72, 1, 9), Value: 3}}, ""},
		{"skyscraper labelled with text", `,"skyscraper":[{"cell":"R9C0","value":"x"}]`, nil,
			`a skyscraper clue at R9C0 labelled "x": not a whole number from 1, ignored`},
		{"quadruple", `,"quadruple":[{"cells":["R1C1","R1C2","R2C1","R2C2"],"values":[3,1,1]}]`,
			[]sudokusat.Rule{{Kind: variant.Quadruple, Cells: []int{0, 1, 9, 10}, Value: 113}}, ""},
		{"quadruple of strings", `,"quadruple":[{"cells":["R5C5","R5C6","R6C5","R6C6"],"values":["9"]}]`,
			[]sudokusat.Rule{{Kind: variant.Quadruple, Cells: []int{40, 41, 49, 50}, Value: 9}}, ""},
		{"empty quadruple", `,"quadruple":[{"cells":["R5C5","R5C6","R6C5","R6C6"],"values":[]}]`, nil, ""},
		{"digital-root cage", `,"cage":[{"cells":["R1C1","R1C2"],"value":"DR3"}]`,
			[]sudokusat.Rule{{Kind: variant.DigitalRoot, Cells: []int{0, 1}, Value: 3}}, ""},
		{"cosmetic cages", `,"cage":[{"cells":["R1C1","R1C2"],"value":"3"},{"cells":["R1C1"]},{"cells":["R1C1"],"value":"msgcorrect: DR"}]`, nil, ""},
		{"digital-root cage of no possible sum", `,"cage":[{"cells":["R1C1","R1C2","R1C3","R1C4","R1C5","R1C6","R1C7","R1C8","R1C9"],"value":"DR4"}]`,
			[]sudokusat.Rule{{Kind: variant.Killer, Cells: seq(0, 1, 9), Value: sudokusat.NoValue}}, `cage r1c1,r1c2,r1c3,r1c4,r1c5,r1c6,r1c7,r1c8,r1c9 labelled "DR4": no sum of 9 distinct digits`},
		{"killer cage labelled with text", `,"killercage":[{"cells":["R1C1","R1C2"],"value":">3"}]`,
			[]sudokusat.Rule{{Kind: variant.Killer, Cells: []int{0, 1}, Value: sudokusat.NoValue}}, `killer cage r1c1,r1c2 labelled ">3": not a number, read as a cage without a sum`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := variant.ParseFPuzzles(doc9(tc.extra))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.EqualFunc(p.Rules, tc.want, func(a, b sudokusat.Rule) bool {
				return a.Kind == b.Kind && slices.Equal(a.Cells, b.Cells) && a.Value == b.Value
			}) {
				t.Errorf("rules %v, want %v", p.Rules, tc.want)
			}
			w := p.Warnings
			if (tc.warn == "") != (len(w) == 0) || (tc.warn != "" && !strings.HasPrefix(w[0], tc.warn)) {
				t.Errorf("warnings %q, want %q", w, tc.warn)
			}
			// The f-puzzles form reads back as the same rules, with no
			// warning.
			doc, err := variant.FPuzzles(p)
			if err != nil {
				t.Fatal(err)
			}
			q, err := variant.ParseFPuzzles(doc)
			if err != nil || fmt.Sprint(q.Rules) != fmt.Sprint(p.Rules) || q.Warnings != nil {
				t.Errorf("read back: %v, %v, %q", q.Rules, err, q.Warnings)
			}
		})
	}
}

func TestFPuzzlesCluesErrors(t *testing.T) {
	for _, tc := range []struct{ extra, want string }{
		{`,"littlekillersum":[{"cell":"R5C5","direction":"DR","value":"5"}]`, "inside the grid"},
		{`,"littlekillersum":[{"cell":"R0C3","direction":"UL","value":"5"}]`, "away from the grid"},
		{`,"littlekillersum":[{"cell":"R0C3","direction":"D","value":"5"}]`, "want UR, UL, DR or DL"},
		{`,"littlekillersum":[{"cell":"R12C3","direction":"UR","value":"5"}]`, "not a place on or around"},
		{`,"littlekillersum":[{"cell":"R0C1","direction":"DR","value":"100"}]`, "sum 100"},
		{`,"sandwichsum":[{"cell":"R0C0","value":"5"}]`, "not beside a row or a column"},
		{`,"sandwichsum":[{"cell":"R0C3","value":"36"}]`, "clue 36: want 0 to 35"},
		{`,"xsum":[{"cell":"R4C4","value":"5"}]`, "not beside a row or a column"},
		{`,"skyscraper":[{"cell":"R0C2","value":"10"}]`, "clue 10: want 1 to 9"},
		{`,"quadruple":[{"cells":["R1C1","R1C2","R2C1","R2C2"],"values":[1,2,3,4,5]}]`, "at most 4"},
		{`,"quadruple":[{"cells":["R1C1","R1C2","R2C1","R2C3"],"values":[1]}]`, "around a corner"},
		{`,"quadruple":[{"cells":["R1C1","R1C2","R2C1","R2C2"],"values":[10]}]`, "want 1 to 9"},
		{`,"cage":[{"cells":["R1C1","R1C1"],"value":"DR3"}]`, "r1c1 is listed twice"},
	} {
		_, err := variant.ParseFPuzzles(doc9(tc.extra))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error saying %q", tc.extra, err, tc.want)
		}
	}
}

// TestClueCell: a clue's place, and a corner's little killer of one cell
// written and read back at the place ClueCell gives it.
func TestClueCell(t *testing.T) {
	for _, tc := range []struct {
		r        sudokusat.Rule
		row, col int
	}{
		{sudokusat.Rule{Kind: variant.Sandwich, Cells: []int{2, 11, 20, 29, 38, 47, 56, 65, 74}}, -1, 2},
		{sudokusat.Rule{Kind: variant.Skyscraper, Cells: []int{26, 25, 24, 23, 22, 21, 20, 19, 18}, Value: 3}, 2, 9},
		{sudokusat.Rule{Kind: variant.LittleKiller, Cells: []int{0}, Value: 5}, -1, 1},
		{sudokusat.Rule{Kind: variant.LittleKiller, Cells: []int{8}, Value: 5}, -1, 7},
		{sudokusat.Rule{Kind: variant.LittleKiller, Cells: []int{72}, Value: 5}, 9, 1},
		{sudokusat.Rule{Kind: variant.LittleKiller, Cells: []int{80}, Value: 5}, 9, 7},
	} {
		row, col, ok := variant.ClueCell(9, tc.r)
		if !ok || row != tc.row || col != tc.col {
			t.Errorf("%v: ClueCell %d, %d, %v; want %d, %d", tc.r, row, col, ok, tc.row, tc.col)
		}
		g, _ := sudokusat.NewGridSize(9)
		p := &sudokusat.Puzzle{Grid: g, Rules: []sudokusat.Rule{tc.r}}
		if err := variant.Validate(p); err != nil {
			t.Errorf("%v: %v", tc.r, err)
			continue
		}
		doc, _ := variant.FPuzzles(p)
		q, err := variant.ParseFPuzzles(doc)
		if err != nil || fmt.Sprint(q.Rules) != fmt.Sprint(p.Rules) {
			t.Errorf("%v: read back %v, %v from %s", tc.r, q.Rules, err, doc)
		}
	}
	if _, _, ok := variant.ClueCell(9, sudokusat.Rule{Kind: variant.Killer, Cells: []int{0}}); ok {
		t.Errorf("ClueCell of a killer cage")
	}
	// One cell that is not a corner is no little killer.
	g, _ := sudokusat.NewGridSize(9)
	if err := variant.Validate(&sudokusat.Puzzle{Grid: g, Rules: []sudokusat.Rule{{Kind: variant.LittleKiller, Cells: []int{4}, Value: 5}}}); err == nil {
		t.Errorf("a little killer of one cell mid-edge validates")
	}
}
