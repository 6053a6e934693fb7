package encode_test

import (
	"testing"

	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/internal/varianttest"
)

// TestParts: on every variant test puzzle, the parts cover the formula's
// clauses in order, each once, but the givens' units; there is a part for
// every cell, row, column, region and rule; and the solution satisfies
// every part while a grid with one cell changed breaks some part.
func TestParts(t *testing.T) {
	for _, file := range varianttest.All(t) {
		t.Run(file.Name, func(t *testing.T) {
			p := file.Puzzle
			f, parts, err := encode.Parts(p)
			if err != nil {
				t.Fatal(err)
			}
			n := p.Size()
			count := map[encode.PartKind]int{}
			at := 0
			var clauses [][]int32
			for c := range f.Clauses() {
				clauses = append(clauses, append([]int32(nil), c...))
			}
			for _, part := range parts {
				count[part.Kind]++
				for ; at < part.From; at++ {
					if len(clauses[at]) != 1 || clauses[at][0] < 0 {
						t.Fatalf("clause %d, %v, is in no part and not a given", at, clauses[at])
					}
				}
				if part.To < part.From {
					t.Fatalf("part %+v ends before it starts", part)
				}
				at = part.To
			}
			for ; at < len(clauses); at++ {
				if len(clauses[at]) != 1 || clauses[at][0] < 0 {
					t.Fatalf("clause %d, %v, is in no part and not a given", at, clauses[at])
				}
			}
			regions := 0
			for _, cells := range p.RegionCells() {
				if len(cells) > 0 {
					regions++
				}
			}
			want := map[encode.PartKind]int{encode.PartCell: n * n, encode.PartRow: n, encode.PartColumn: n, encode.PartRegion: regions, encode.PartRule: len(p.Rules)}
			for k, w := range want {
				if count[k] != w {
					t.Errorf("%d %s parts, want %d", count[k], k, w)
				}
			}
			sat := func(val func(v int32) bool, part encode.Part) bool {
				for _, c := range clauses[part.From:part.To] {
					ok := false
					for _, x := range c {
						if x > 0 && val(x) || x < 0 && !val(-x) {
							ok = true
							break
						}
					}
					if !ok {
						return false
					}
				}
				return true
			}
			// Auxiliary variables are left free here, so only parts over
			// the grid's variables alone are checked with the solution.
			direct := func(part encode.Part) bool {
				for _, c := range clauses[part.From:part.To] {
					for _, x := range c {
						if x > int32(n*n*n) || -x > int32(n*n*n) {
							return false
						}
					}
				}
				return true
			}
			sol := file.Solution
			val := func(v int32) bool { cell, d := int(v-1)/n, int(v-1)%n+1; return sol.Cell(cell) == d }
			for _, part := range parts {
				if direct(part) && !sat(val, part) {
					t.Errorf("the solution breaks %s %d", part.Kind, part.Index)
				}
			}
			bad := sol.Clone()
			bad.SetCell(0, sol.Cell(0)%n+1)
			badVal := func(v int32) bool { cell, d := int(v-1)/n, int(v-1)%n+1; return bad.Cell(cell) == d }
			broken := false
			for _, part := range parts {
				if direct(part) && !sat(badVal, part) {
					broken = true
				}
			}
			if !broken {
				t.Errorf("a grid with r1c1 changed breaks no part")
			}
		})
	}
}
