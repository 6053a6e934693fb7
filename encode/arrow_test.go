package encode

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/sudokusat/sudokusat"
)

// holdsUnder reports whether clauses can hold under the assumed literals, by
// unit propagation and splitting: small formulas only.
func holdsUnder(clauses [][]int32, assumed []int32) bool {
	val := map[int32]bool{} // variable → value
	for _, l := range assumed {
		val[abs32(l)] = l > 0
	}
	var solve func(val map[int32]bool) bool
	solve = func(val map[int32]bool) bool {
		for changed := true; changed; {
			changed = false
			for _, c := range clauses {
				open, sat := int32(0), false
				free := 0
				for _, l := range c {
					v, ok := val[abs32(l)]
					switch {
					case !ok:
						free++
						open = l
					case v == (l > 0):
						sat = true
					}
				}
				if sat {
					continue
				}
				if free == 0 {
					return false
				}
				if free == 1 {
					val[abs32(open)] = open > 0
					changed = true
				}
			}
		}
		for _, c := range clauses {
			for _, l := range c {
				if _, ok := val[abs32(l)]; !ok {
					for _, b := range []bool{true, false} {
						next := cloneVals(val)
						next[abs32(l)] = b
						if solve(next) {
							return true
						}
					}
					return false
				}
			}
		}
		return true
	}
	return solve(val)
}

func abs32(l int32) int32 {
	if l < 0 {
		return -l
	}
	return l
}

func cloneVals(m map[int32]bool) map[int32]bool {
	out := make(map[int32]bool, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// TestArrowGraph: an arrow written as partial sums (arrowGraph, the form a
// long line takes past maxCombos) holds for exactly the digits whose line
// sums to the circle's number, read as decimal digits for a circle of two
// cells: every digit assignment of its cells on a 4×4 grid, each checked
// for satisfiability of the arrow's clauses alone.
func TestArrowGraph(t *testing.T) {
	for _, tc := range []struct {
		name         string
		circle, line []int
	}{
		{"one cell, three on the line", []int{0}, []int{1, 6, 11}},
		{"two cells, three on the line", []int{0, 1}, []int{6, 11, 15}},
		{"two cells, four on the line", []int{4, 0}, []int{1, 6, 11, 15}},
	} {
		g, _ := sudokusat.NewGridSize(4)
		n := 4
		v := &venc{f: &Formula{Vars: n * n * n}, p: &sudokusat.Puzzle{Grid: g}, n: n, ctx: context.Background()}
		if err := v.arrowGraph(tc.circle, tc.line); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		var clauses [][]int32
		for c := range v.f.Clauses() {
			clauses = append(clauses, slices.Clone(c))
		}
		cells := slices.Concat(tc.circle, tc.line)
		ds := make([]int, len(cells))
		holds, refused := 0, 0
		for a := 0; a < pow(n, len(cells)); a++ {
			for i, r := 0, a; i < len(cells); i, r = i+1, r/n {
				ds[i] = r%n + 1
			}
			var assumed []int32
			for i, cell := range cells {
				for d := 1; d <= n; d++ {
					if d == ds[i] {
						assumed = append(assumed, v.x(cell, d))
					} else {
						assumed = append(assumed, -v.x(cell, d))
					}
				}
			}
			circle := 0
			for i := range tc.circle {
				circle = circle*10 + ds[i]
			}
			sum := 0
			for _, d := range ds[len(tc.circle):] {
				sum += d
			}
			want := sum == circle
			if got := holdsUnder(clauses, assumed); got != want {
				t.Fatalf("%s: digits %v: satisfiable %v, want %v (line sum %d, circle %d)", tc.name, ds, got, want, sum, circle)
			}
			if want {
				holds++
			} else {
				refused++
			}
		}
		if holds == 0 || refused == 0 {
			t.Errorf("%s: %d assignments hold, %d refused: want some of each", tc.name, holds, refused)
		}
	}
}

func pow(b, e int) int {
	p := 1
	for range e {
		p *= b
	}
	return p
}

// TestLongArrow: a 9×9 arrow of a two-cell circle and an eight-cell line,
// whose digit tuples pass maxCombos, is written as partial sums rather
// than refused.
func TestLongArrow(t *testing.T) {
	g, _ := sudokusat.NewGridSize(9)
	p := &sudokusat.Puzzle{Grid: g, Rules: []sudokusat.Rule{{Kind: "arrow", Cells: []int{0, 1}, Lines: [][]int{{11, 21, 31, 41, 51, 61, 71, 80}}}}}
	v := &venc{f: &Formula{Vars: 729}, p: p, n: 9, ctx: context.Background()}
	terms := []term{{0, -10}, {1, -1}}
	for _, c := range p.Rules[0].Lines[0] {
		terms = append(terms, term{c, 1})
	}
	if err := v.tupleSum(terms, 0, maxCombos); !errors.Is(err, errTooManyCombos) {
		t.Fatalf("the tuples: %v, want errTooManyCombos (the case the graph is for)", err)
	}
	f, err := Puzzle(p, Options{Sums: SumClauses})
	if err != nil {
		t.Fatal(err)
	}
	if f.NumClauses() > 200_000 {
		t.Errorf("%d clauses", f.NumClauses())
	}
}
