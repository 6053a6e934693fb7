package encode

import (
	"bytes"
	"errors"
	"reflect"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

func jigsawKiller(t *testing.T) *sudokusat.Puzzle {
	g := mustGrid(t, "1...............")
	return &sudokusat.Puzzle{
		Grid:    g,
		Regions: []int{0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3},
		Rules: []sudokusat.Rule{
			{Kind: variant.Killer, Cells: []int{1, 2}, Value: 5},
			{Kind: variant.Arrow, Cells: []int{15}, Lines: [][]int{{14, 13}}},
			{Kind: variant.AntiKing},
		},
	}
}

// TestVariantDIMACSRoundTrip checks that the CNF header records the
// variant rules and reads them back, and that the PB form is refused.
func TestVariantDIMACSRoundTrip(t *testing.T) {
	p := jigsawKiller(t)
	f, err := Puzzle(p, Options{Sums: SumClauses})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteDIMACS(&b, f); err != nil {
		t.Fatal(err)
	}
	back, err := ReadDIMACS(&b)
	if err != nil {
		t.Fatal(err)
	}
	if back.NumClauses() != f.NumClauses() || back.Puzzle.Classic() {
		t.Fatalf("read back %d clauses, puzzle %v; want %d and the rules", back.NumClauses(), back.Puzzle, f.NumClauses())
	}
	if !reflect.DeepEqual(back.Puzzle.Regions, p.Regions) || !reflect.DeepEqual(back.Puzzle.Rules, p.Rules) || !back.Puzzle.Grid.Equal(p.Grid) {
		t.Errorf("rules read back as %+v, want %+v", back.Puzzle, p)
	}
	pb, err := Puzzle(p, Options{Sums: SumPB})
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteDIMACS(&b, pb); !errors.Is(err, ErrHasPB) {
		t.Errorf("DIMACS of a PB formula: %v, want ErrHasPB", err)
	}
}

// TestVariantRefusesBadInput checks that malformed puzzles are errors
// naming the constraint, never a panic.
func TestVariantRefusesBadInput(t *testing.T) {
	tests := []struct {
		name string
		edit func(p *sudokusat.Puzzle)
	}{
		{"unknown kind", func(p *sudokusat.Puzzle) { p.Rules[0].Kind = "no-such-kind" }},
		{"cell out of grid", func(p *sudokusat.Puzzle) { p.Rules[0].Cells = []int{1, 16} }},
		{"cell twice", func(p *sudokusat.Puzzle) { p.Rules[0].Cells = []int{1, 1} }},
		{"dot of one cell", func(p *sudokusat.Puzzle) { p.Rules[0] = sudokusat.Rule{Kind: variant.White, Cells: []int{1}} }},
		{"arrow without circle", func(p *sudokusat.Puzzle) { p.Rules[1].Cells = nil }},
		{"short regions", func(p *sudokusat.Puzzle) { p.Regions = p.Regions[:15] }},
		{"uneven regions", func(p *sudokusat.Puzzle) { p.Regions[0] = 3 }},
		{"region out of range", func(p *sudokusat.Puzzle) { p.Regions[0] = 7 }},
	}
	for _, tt := range tests {
		p := jigsawKiller(t)
		tt.edit(p)
		if _, err := Puzzle(p, Options{Sums: SumClauses}); !errors.Is(err, ErrVariant) {
			t.Errorf("%s: %v, want an ErrVariant error", tt.name, err)
		}
	}
	big := &sudokusat.Puzzle{Grid: emptyGrid(t, 16), Rules: []sudokusat.Rule{
		{Kind: variant.Arrow, Cells: []int{0, 1}, Lines: [][]int{{2, 3}}}}}
	if _, err := Puzzle(big, Options{Sums: SumPB}); !errors.Is(err, ErrVariant) {
		t.Errorf("a pill on a 16×16 grid: %v, want an ErrVariant error", err)
	}
}

// TestVariantMapTotals: the CNF header keeps a killer cage's total as
// stated, 0 too, apart from a cage without one, which it writes without a
// value, as CNFs written before sudokusat.NoValue have it.
func TestVariantMapTotals(t *testing.T) {
	g := mustGrid(t, "................")
	p := &sudokusat.Puzzle{Grid: g, Rules: []sudokusat.Rule{
		{Kind: variant.Killer, Cells: []int{0, 1}, Value: sudokusat.NoValue},
		{Kind: variant.Killer, Cells: []int{2, 3}, Value: 0},
		{Kind: variant.Killer, Cells: []int{4, 5}, Value: 5},
		{Kind: variant.White, Cells: []int{6, 7}},
	}}
	text := string(marshalRules(p))
	const want = `{"constraints":[{"kind":"killer","cells":[0,1]},{"kind":"killer","cells":[2,3],"value":0},{"kind":"killer","cells":[4,5],"value":5},{"kind":"white","cells":[6,7]}]}`
	if text != want {
		t.Errorf("header %s, want %s", text, want)
	}
	back, err := unmarshalRules(text, g)
	if err != nil || !reflect.DeepEqual(back.Rules, p.Rules) {
		t.Errorf("read back %+v, %v; want %+v", back.Rules, err, p.Rules)
	}
}
