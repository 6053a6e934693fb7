package encode

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// TestLinesDeterministic encodes lines of every kind twenty times: the
// formula is the same each time.
func TestLinesDeterministic(t *testing.T) {
	g, _ := sudokusat.NewGridSize(9)
	p := &sudokusat.Puzzle{Grid: g, Rules: []sudokusat.Rule{
		{Kind: variant.ZipperLine, Cells: []int{0, 1, 2, 3, 4, 5, 6}},
		{Kind: variant.RegionSumLine, Cells: []int{0, 10, 20, 30, 40, 50}},
		{Kind: variant.DoubleArrow, Cells: []int{72, 73, 74, 75, 76}},
		{Kind: variant.Renban, Cells: []int{9, 18, 27}},
		{Kind: variant.Whispers, Cells: []int{60, 61, 62}, Value: 4},
		{Kind: variant.Palindrome, Cells: []int{63, 64, 65, 66}},
		{Kind: variant.BetweenLine, Cells: []int{7, 16, 25}},
		{Kind: variant.EntropicLine, Cells: []int{8, 17, 26, 35}},
		{Kind: variant.ModularLine, Cells: []int{44, 53, 62}},
		{Kind: variant.Nabner, Cells: []int{37, 38}},
		{Kind: variant.SlowThermo, Cells: []int{77, 78, 79}},
		{Kind: variant.Lockout, Cells: []int{80, 71, 70, 69}},
		{Kind: variant.DifferenceCount, Cells: []int{45, 46, 47, 48, 49}},
		{Kind: variant.SequenceLine, Cells: []int{50, 51, 52, 53}},
	}}
	for _, sums := range []SumForm{SumClauses, SumPB} {
		var first []byte
		for range 20 {
			f, err := Puzzle(p, Options{Sums: sums})
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			if sums == SumPB {
				err = WriteOPB(&b, f)
			} else {
				err = WriteDIMACS(&b, f)
			}
			if err != nil {
				t.Fatal(err)
			}
			if first == nil {
				first = b.Bytes()
			} else if !bytes.Equal(first, b.Bytes()) {
				t.Fatalf("%s: two encodings of one puzzle differ", sums)
			}
		}
	}
}

// TestLinesSumBudget refuses a partial-sum graph past its budget of
// edges, which bounds the clauses of equal sums.
func TestLinesSumBudget(t *testing.T) {
	g, _ := sudokusat.NewGridSize(9)
	p := &sudokusat.Puzzle{Grid: g}
	v := &venc{f: &Formula{Vars: 729}, p: p, n: 9, ctx: context.Background()}
	total := []int32{v.f.newVar()} // the sum 20
	budget := 100
	if err := v.sumGraph([]int{0, 1, 2, 3, 4}, 20, total, &budget); err == nil || !strings.Contains(err.Error(), "edges of partial sums") {
		t.Errorf("%v, want the budget's error", err)
	}
	budget = maxSumEdges
	if err := v.sumGraph([]int{0, 1, 2, 3, 4}, 20, total, &budget); err != nil || budget == maxSumEdges {
		t.Errorf("%v, %d edges", err, maxSumEdges-budget)
	}
}
