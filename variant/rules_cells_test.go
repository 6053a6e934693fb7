package variant_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/internal/varianttest"
	"github.com/sudokusat/sudokusat/satsolve"
	"github.com/sudokusat/sudokusat/variant"
	"github.com/sudokusat/sudokusat/variant/search"
)

// cellsFixtures are the test puzzles of testdata/variants made for the
// cells group and for Kropki dots with values: each was drawn around a
// random filling (many true rules of its kind and givens, then givens and
// rules removed while the search counted one solution), and kept when the
// kind matters (TestEveryKindEveryConcern checks that it still does).
var cellsFixtures = []string{
	"minimum-6", "maximum-6", "disjoint-groups-6", "row-indexer-6", "column-indexer-6",
	"box-indexer-6", "clone-6", "pencil-marks-4", "kropki-values-6",
}

// fixtureEffort bounds the conflicts of gophersat (each sum form) and the
// nodes of the search counting a cells fixture to 2: at most 12 and 14
// when measured (November 2026). Time would say the same on a quiet
// machine only; effort says it on every one.
const fixtureEffort = 1000

// TestCellsFixturesSpeed: each of them is counted to 2 by gophersat (both
// sum forms) and by the search, to its one solution, within fixtureEffort.
func TestCellsFixturesSpeed(t *testing.T) {
	ctx := context.Background()
	for _, name := range cellsFixtures {
		f := varianttest.Load(t, name)
		for _, sums := range []encode.SumForm{encode.SumClauses, encode.SumPB} {
			start := time.Now()
			form, err := encode.Puzzle(f.Puzzle, encode.Options{Sums: sums})
			if err != nil {
				t.Fatal(err)
			}
			r, err := satsolve.Count(ctx, form, 2)
			if err != nil || r.Count != 1 || !r.Solution().Equal(f.Solution) {
				t.Errorf("%s: gophersat (%s): %d solutions, %v", name, sums, r.Count, err)
			}
			if r.Conflicts > fixtureEffort {
				t.Errorf("%s: gophersat (%s): %d conflicts", name, sums, r.Conflicts)
			}
			t.Logf("%s: gophersat (%s) %d conflicts, %v", name, sums, r.Conflicts, time.Since(start).Round(time.Millisecond))
		}
		start := time.Now()
		r, err := search.Count(ctx, f.Puzzle, 2)
		if err != nil || r.Count != 1 || !r.Solutions[0].Equal(f.Solution) {
			t.Errorf("%s: search: %d solutions, %v", name, r.Count, err)
		}
		if r.Nodes > fixtureEffort {
			t.Errorf("%s: the search took %d nodes", name, r.Nodes)
		}
		t.Logf("%s: search %d nodes, %v", name, r.Nodes, time.Since(start).Round(time.Millisecond))
	}
}

// TestKropkiValuesNegative: in kropki-values-6 the ratio negative forbids
// ratio 3 as well as 2, its black dots showing both (0 is 2). Without any
// dot of ratio 3 the negative forbids ratio 2 alone, and the solution,
// whose undotted pairs then include pairs of ratio 3, meets it; without
// one of them only, ratio 3 is still forbidden and that pair breaks it.
func TestKropkiValuesNegative(t *testing.T) {
	f := varianttest.Load(t, "kropki-values-6")
	var values []int
	for _, r := range f.Puzzle.Rules {
		if r.Kind == variant.Black && !slices.Contains(values, r.Value) {
			values = append(values, r.Value)
		}
	}
	slices.Sort(values)
	if !slices.Equal(values, []int{0, 3}) {
		t.Fatalf("black dot values %v, want 0 (2) and 3", values)
	}
	ratio3 := func(r sudokusat.Rule) bool { return r.Kind == variant.Black && r.Value == 3 }
	q := *f.Puzzle
	q.Rules = slices.DeleteFunc(slices.Clone(f.Puzzle.Rules), ratio3)
	if err := variant.Check(&q, f.Solution); err != nil {
		t.Errorf("without the ratio-3 dots: %v", err)
	}
	q.Rules = slices.Clone(f.Puzzle.Rules)
	q.Rules = slices.Delete(q.Rules, slices.IndexFunc(q.Rules, ratio3), slices.IndexFunc(q.Rules, ratio3)+1)
	if err := variant.Check(&q, f.Solution); err == nil || !strings.Contains(err.Error(), "no-black constraint") {
		t.Errorf("without one ratio-3 dot: %v, want the negative broken", err)
	}
}

// TestCellsFPuzzles reads the f-puzzles forms of the cells group, and the
// values of Kropki dots, as the f-puzzles solver does (SolverFactory.cs),
// and writes them back.
func TestCellsFPuzzles(t *testing.T) {
	grid := `"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]`
	rules := func(doc string) []sudokusat.Rule {
		t.Helper()
		p, err := variant.ParseFPuzzles([]byte(doc))
		if err != nil {
			t.Fatalf("%s: %v", doc, err)
		}
		back, err := variant.FPuzzles(p)
		if err != nil {
			t.Fatal(err)
		}
		q, err := variant.ParseFPuzzles(back)
		if err != nil || !slices.EqualFunc(q.Rules, p.Rules, func(a, b sudokusat.Rule) bool { return same(a, b) }) {
			t.Errorf("%s: written back as %s, read as %v, %v", doc, back, q, err)
		}
		return p.Rules
	}
	tests := []struct {
		doc  string
		want []sudokusat.Rule
	}{
		// A dot's value: none, or the default, is Value 0.
		{`{"size":4,` + grid + `,"difference":[{"cells":["R1C1","R1C2"],"value":"1"},{"cells":["R2C1","R2C2"],"value":"3"},{"cells":["R3C1","R3C2"],"value":""}]}`,
			[]sudokusat.Rule{{Kind: variant.White, Cells: []int{0, 1}}, {Kind: variant.White, Cells: []int{4, 5}, Value: 3}, {Kind: variant.White, Cells: []int{8, 9}}}},
		{`{"size":4,` + grid + `,"ratio":[{"cells":["R1C1","R1C2"],"value":2},{"cells":["R2C1","R2C2"],"value":"4"}],"negative":["ratio"]}`,
			[]sudokusat.Rule{{Kind: variant.NoBlack}, {Kind: variant.Black, Cells: []int{0, 1}}, {Kind: variant.Black, Cells: []int{4, 5}, Value: 4}}},
		{`{"size":4,` + grid + `,"minimum":[{"cell":"R1C1"}],"maximum":[{"cell":"R4C4"}],"disjointgroups":true}`,
			[]sudokusat.Rule{{Kind: variant.DisjointGroups}, {Kind: variant.Maximum, Cells: []int{15}}, {Kind: variant.Minimum, Cells: []int{0}}}},
		// Indexer cells: a cell listed twice is one.
		{`{"size":4,` + grid + `,"rowindexer":[{"cells":["R1C1","R2C1","R1C1"]}],"columnindexer":[{"cells":["R1C1"]}],"boxindexer":[{"cells":["R3C3"]}]}`,
			[]sudokusat.Rule{{Kind: variant.BoxIndexer, Cells: []int{10}}, {Kind: variant.ColumnIndexer, Cells: []int{0}}, {Kind: variant.RowIndexer, Cells: []int{0, 4}}}},
		// A clone: a cell paired with itself is skipped, as the solver does.
		{`{"size":4,` + grid + `,"clone":[{"cells":["R1C1","R1C2","R2C2"],"cloneCells":["R3C3","R1C2","R4C4"]}]}`,
			[]sudokusat.Rule{{Kind: variant.Clone, Cells: []int{0, 5}, Lines: [][]int{{10, 15}}}}},
		// Given pencil marks: read where the cell has no given.
		{`{"size":4,"grid":[[{"givenPencilMarks":[1,3]},{"value":2,"given":true,"givenPencilMarks":[1]},{"value":4,"givenPencilMarks":["4",2]},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{"givenPencilMarks":[]}]]}`,
			[]sudokusat.Rule{{Kind: variant.PencilMarks, Cells: []int{0}, Value: 0b101}, {Kind: variant.PencilMarks, Cells: []int{2}, Value: 0b1010}}},
	}
	for _, tc := range tests {
		got := rules(tc.doc)
		if !slices.EqualFunc(got, tc.want, same) {
			t.Errorf("%s:\n got %v\nwant %v", tc.doc, got, tc.want)
		}
	}
	refused := []struct{ doc, want string }{
		{`{"size":4,` + grid + `,"difference":[{"cells":["R1C1","R1C2"],"value":"0"}]}`, `not supported`},
		{`{"size":4,` + grid + `,"ratio":[{"cells":["R1C1","R1C2"],"value":"two"}]}`, `not supported`},
		{`{"size":4,` + grid + `,"ratio":[{"cells":["R1C1","R1C2"],"value":"5"}]}`, `want 1 to 4`},
		{`{"size":4,` + grid + `,"clone":[{"cells":["R1C1","R1C2"],"cloneCells":["R3C3"]}]}`, `2 cells and 1 clone cells`},
		{`{"size":4,` + grid + `,"clone":[{"cells":["R1C1","R1C1"],"cloneCells":["R3C3","R4C4"]}]}`, `listed twice`},
		{`{"size":4,"grid":[[{"givenPencilMarks":[5]},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`, `pencil mark 5`},
		{`{"size":4,` + grid + `,"minimum":[{"cell":"R5C1"}]}`, `not a cell`},
	}
	for _, tc := range refused {
		if _, err := variant.ParseFPuzzles([]byte(tc.doc)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.doc, err, tc.want)
		}
	}
	// Existing documents read and write as before: a plain dot writes no
	// value.
	g, _ := sudokusat.NewGridSize(4)
	p := &sudokusat.Puzzle{Grid: g, Rules: []sudokusat.Rule{{Kind: variant.White, Cells: []int{0, 1}}, {Kind: variant.Black, Cells: []int{4, 5}, Value: 2}}}
	doc, err := variant.FPuzzles(p)
	if err != nil || strings.Contains(string(doc), "value") {
		t.Errorf("plain dots written as %s, %v", doc, err)
	}
}

func same(a, b sudokusat.Rule) bool {
	return a.Kind == b.Kind && slices.Equal(a.Cells, b.Cells) && a.Value == b.Value &&
		slices.EqualFunc(a.Lines, b.Lines, func(x, y []int) bool { return slices.Equal(x, y) })
}
