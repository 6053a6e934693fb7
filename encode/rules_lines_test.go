package encode

import (
	"bytes"
	"context"
	"slices"
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
		{Kind: variant.SumLine, Cells: []int{46, 47, 48, 57}},
		{Kind: variant.SumLine, Cells: []int{49, 50, 59, 58, 49}, Value: 15}, // a loop
		{Kind: variant.FibonacciLine, Cells: []int{46, 47, 56}},
		{Kind: variant.SequenceLine, Cells: []int{50, 51, 52, 53}},
		{Kind: variant.PairSumLine, Cells: []int{1, 2, 3, 4}},
		{Kind: variant.RegionDifferenceLine, Cells: []int{55, 56, 57, 58}},
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

// TestSumLineBudget: a sum line too long for clauses is refused by the
// edges' budget, in good time, not written.
func TestSumLineBudget(t *testing.T) {
	big, _ := sudokusat.NewGridSize(25)
	var cells []int
	for r := range 25 {
		for c := range 12 {
			if r%2 == 1 {
				c = 11 - c
			}
			cells = append(cells, r*25+c)
		}
	}
	_, err := Puzzle(&sudokusat.Puzzle{Grid: big, Rules: []sudokusat.Rule{{Kind: variant.SumLine, Cells: cells, Value: 1500}}}, Options{})
	if err == nil || !strings.Contains(err.Error(), "edges of running sums") {
		t.Errorf("a sum line of 300 cells and total 1500 on 25×25: %v, want the budget's error", err)
	}
}

// TestFibonacciLineSupports: unit propagation on a Fibonacci line's
// clauses alone takes from each cell the digits no sequence puts there,
// read from either end: on 9×9 a line of five holds 1 2 3 5 8 one way or
// the other, on 4×4 a line of three 1 2 3 or 1 3 4.
func TestFibonacciLineSupports(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want [][]int // each cell's digits left, in the line's order
	}{
		{9, [][]int{{1, 8}, {2, 5}, {3}, {2, 5}, {1, 8}}},
		{4, [][]int{{1, 3, 4}, {2, 3}, {1, 3, 4}}},
	} {
		g, _ := sudokusat.NewGridSize(tc.n)
		v := &venc{f: &Formula{Vars: tc.n * tc.n * tc.n}, p: &sudokusat.Puzzle{Grid: g}, n: tc.n, ctx: context.Background()}
		cells := make([]int, len(tc.want))
		for i := range cells {
			cells[i] = i // along the first row
		}
		if err := v.fibonacciLine(sudokusat.Rule{Kind: variant.FibonacciLine, Cells: cells}); err != nil {
			t.Fatal(err)
		}
		u := newUnitProp(v.f)
		if !u.run() {
			t.Fatalf("%d×%d: a contradiction", tc.n, tc.n)
		}
		for i, c := range cells {
			for d := 1; d <= tc.n; d++ {
				if left := u.value(v.x(c, d)) != -1; left != slices.Contains(tc.want[i], d) {
					t.Errorf("%d×%d: cell %d, digit %d left %v, want %v", tc.n, tc.n, i+1, d, left, !left)
				}
			}
		}
	}
}

// TestPairSumLineSupports: unit propagation on a pair sum line's clauses
// and its first two cells' digits takes from the last two every digit
// that no pair of the same sum holds: 9 and 8 leave 8 and 9; 1 and 1 (a
// line that leaves its row and box) leave 1; 5 and 5 leave 1 to 9.
func TestPairSumLineSupports(t *testing.T) {
	for _, tc := range []struct {
		first [2]int
		want  []int // the digits left in each of the last two cells
	}{
		{[2]int{9, 8}, []int{8, 9}},
		{[2]int{1, 1}, []int{1}},
		{[2]int{5, 5}, []int{1, 2, 3, 4, 5, 6, 7, 8, 9}},
	} {
		g, _ := sudokusat.NewGridSize(9)
		v := &venc{f: &Formula{Vars: 9 * 9 * 9}, p: &sudokusat.Puzzle{Grid: g}, n: 9, sums: SumClauses, ctx: context.Background()}
		cells := []int{0, 1, 2, 3}
		if err := v.pairSumLine(sudokusat.Rule{Kind: variant.PairSumLine, Cells: cells}); err != nil {
			t.Fatal(err)
		}
		// The first two cells' digits, as the cells' own clauses
		// would leave them: every other digit false.
		for i, c := range cells[:2] {
			for d := 1; d <= 9; d++ {
				if d != tc.first[i] {
					v.clause(-v.x(c, d))
				}
			}
		}
		u := newUnitProp(v.f)
		if !u.run() {
			t.Fatalf("%v: a contradiction", tc.first)
		}
		for _, c := range cells[2:] {
			for d := 1; d <= 9; d++ {
				if left := u.value(v.x(c, d)) != -1; left != slices.Contains(tc.want, d) {
					t.Errorf("%v: cell %d, digit %d left %v, want %v", tc.first, c+1, d, left, !left)
				}
			}
		}
	}
}

// TestDifferenceSupports: unit propagation on a difference arrow's or a
// region difference line's clauses alone, with some of its cells' digits
// given, leaves in the others exactly the digits that some filling keeping
// the rule has: a circle of 8 leaves 1 and 9 on its line, a 5 on the line
// leaves the circle 1 to 4, 3 and 7 leave it 4; a segment of 1 and 9
// leaves the next 1 and 9, and with a 9 there the last cell 1. Two equal
// digits in a segment of one box are a contradiction.
func TestDifferenceSupports(t *testing.T) {
	const r1c1, r2c5, r3c7 = 0, 13, 24 // a circle and a line of cells that see none of the others
	all := []int{1, 2, 3, 4, 5, 6, 7, 8, 9}
	arrow := sudokusat.Rule{Kind: variant.DifferenceArrow, Cells: []int{r1c1}, Lines: [][]int{{r2c5, r3c7}}}
	line := sudokusat.Rule{Kind: variant.RegionDifferenceLine, Cells: []int{1, 2, 3, 4}} // r1c2 r1c3 | r1c4 r1c5
	for _, tc := range []struct {
		name  string
		rule  sudokusat.Rule
		given map[int]int
		want  map[int][]int // nil: a contradiction
	}{
		{"circle 8", arrow, map[int]int{r1c1: 8}, map[int][]int{r2c5: {1, 9}, r3c7: {1, 9}}},
		{"a 5 on the line", arrow, map[int]int{r2c5: 5}, map[int][]int{r1c1: {1, 2, 3, 4}, r3c7: {1, 2, 3, 4, 6, 7, 8, 9}}},
		{"3 and 7", arrow, map[int]int{r2c5: 3, r3c7: 7}, map[int][]int{r1c1: {4}}},
		{"the circle's digit on its line", arrow, map[int]int{r1c1: 4, r2c5: 4}, map[int][]int{r3c7: {8}}},
		{"1 and 9", line, map[int]int{1: 1, 2: 9}, map[int][]int{3: {1, 9}, 4: {1, 9}}},
		{"1 and 9, then 9", line, map[int]int{1: 1, 2: 9, 3: 9}, map[int][]int{4: {1}}},
		{"1 and 4", line, map[int]int{1: 1, 2: 4}, map[int][]int{3: all, 4: all}},
		{"one digit twice in a box", line, map[int]int{1: 5, 2: 5}, nil},
	} {
		g, _ := sudokusat.NewGridSize(9)
		v := &venc{f: &Formula{Vars: 9 * 9 * 9}, p: &sudokusat.Puzzle{Grid: g}, n: 9, sums: SumClauses, ctx: context.Background()}
		var err error
		if tc.rule.Kind == variant.DifferenceArrow {
			err = v.differenceArrow(tc.rule)
		} else {
			err = v.regionDifferenceLine(tc.rule)
		}
		if err != nil {
			t.Fatal(err)
		}
		// Each cell one digit, as the grid's own clauses say, and the
		// given ones theirs.
		for _, c := range []int{r1c1, 1, 2, 3, 4, r2c5, r3c7} {
			lits := make([]int32, 0, 9)
			for d := 1; d <= 9; d++ {
				lits = append(lits, v.x(c, d))
				if g, ok := tc.given[c]; ok && d != g {
					v.clause(-v.x(c, d))
				}
			}
			v.f.Add(lits...)
		}
		u := newUnitProp(v.f)
		if ok := u.run(); ok != (tc.want != nil) {
			t.Errorf("%s: propagation succeeds %v, want %v", tc.name, ok, tc.want != nil)
			continue
		}
		for c, want := range tc.want {
			for d := 1; d <= 9; d++ {
				if left := u.value(v.x(c, d)) != -1; left != slices.Contains(want, d) {
					t.Errorf("%s: cell %d, digit %d left %v, want %v", tc.name, c, d, left, !left)
				}
			}
		}
	}
}
