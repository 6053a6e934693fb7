package variant_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/satsolve"
	"github.com/sudokusat/sudokusat/variant"
	"github.com/sudokusat/sudokusat/variant/search"
)

// TestSPPrimeLatinSquare reads a puzzle made in SudokuPad's format that
// lists no regions, whose text states a Latin square, cages without totals
// that sum to primes, with digits that may repeat, and no two of one total:
// the rows are its regions, every sentence and cage is read, and the
// search and the encoder count the completions a brute force over the
// rows and columns, written from the rules text alone, counts.
func TestSPPrimeLatinSquare(t *testing.T) {
	const doc = `{"cellSize":50,"cells":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],` +
		`"regions":[],"cages":[{"cells":[[0,1],[0,2],[1,1]],"unique":true},{"cells":[[2,0],[2,1]],"unique":true},` +
		`{"cells":[[2,3],[3,2],[3,3]],"unique":true}],` +
		`"metadata":{"rules":"Place 1 to 4 once in every row and column. Each cage's digits sum to a prime, and no two cages have the same total. Digits may repeat within cages."}}`
	p, err := variant.ParseSudokuPad([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, r := range p.Rules {
		kinds = append(kinds, r.Kind)
	}
	want := []string{variant.PrimeCageRepeat, variant.PrimeCageRepeat, variant.PrimeCageRepeat, variant.DistinctSums}
	if !slices.Equal(kinds, want) || len(p.Unread) != 0 || len(p.Warnings) != 0 {
		t.Fatalf("rules %q, not read %+v, warnings %q; want %q", kinds, p.Unread, p.Warnings, want)
	}
	for c := range 16 {
		if p.Region(c) != c/4 {
			t.Fatalf("regions %v, want the rows", p.Regions)
		}
	}
	cages := [][]int{{1, 2, 5}, {8, 9}, {11, 14, 15}}
	prime := func(s int) bool { return s == 2 || s == 3 || s == 5 || s == 7 || s == 11 || s == 13 }
	var brute []string
	v := make([]int, 16)
	var fill func(c int)
	fill = func(c int) {
		if c == 16 {
			seen := map[int]bool{}
			for _, cage := range cages {
				s := 0
				for _, x := range cage {
					s += v[x]
				}
				if !prime(s) || seen[s] {
					return
				}
				seen[s] = true
			}
			g := p.Grid.Clone()
			for i, d := range v {
				g.SetCell(i, d)
			}
			brute = append(brute, g.String())
			return
		}
		for d := 1; d <= 4; d++ {
			if g := p.Grid.Cell(c); g != 0 && g != d {
				continue
			}
			ok := true
			for o := range c {
				ok = ok && !((o/4 == c/4 || o%4 == c%4) && v[o] == d)
			}
			if ok {
				v[c] = d
				fill(c + 1)
			}
		}
	}
	fill(0)
	if len(brute) < 2 {
		t.Fatalf("%d completions: the test wants several, to count", len(brute))
	}
	check := func(name string, sols []*sudokusat.Grid) {
		var got []string
		for _, s := range sols {
			got = append(got, s.String())
		}
		slices.Sort(got)
		if !slices.Equal(got, brute) {
			t.Errorf("%s: %d completions %v, brute force %d %v", name, len(got), got, len(brute), brute)
		}
	}
	r, err := search.Count(context.Background(), p, 100)
	if err != nil {
		t.Fatal(err)
	}
	check("search", r.Solutions)
	for _, sums := range []encode.SumForm{encode.SumClauses, encode.SumPB} {
		f, err := encode.Puzzle(p, encode.Options{Sums: sums})
		if err != nil {
			t.Fatal(err)
		}
		r, err := satsolve.Count(context.Background(), f, 100)
		if err != nil {
			t.Fatal(err)
		}
		check(fmt.Sprintf("gophersat, %s", sums), r.Solutions)
	}
}
