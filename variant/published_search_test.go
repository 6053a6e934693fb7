package variant_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/satsolve"
	"github.com/sudokusat/sudokusat/variant"
	"github.com/sudokusat/sudokusat/variant/search"
)

// TestPublishedSearch reads testdata/variants/published/search.json: the
// published puzzles (CC BY 4.0, from dclamage/SudokuVariantSolverJS
// puzzles/puzzles.json, in the cells group's form) that the search once
// took longest to count, Anti-Ratio Coverage 106 s and Crawfish 7.6 s
// among them. Each reads without a warning, its published solution keeps
// its rules, and gophersat on both sum forms and the search count it
// unique with that solution. The search's effort on them is bounded in
// nodes by package search's TestPublishedNodes, not here in time.
func TestPublishedSearch(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "variants", "published", "search.json"))
	if err != nil {
		t.Fatal(err)
	}
	var list []publishedPuzzle
	if err := json.Unmarshal(data, &list); err != nil {
		t.Fatal(err)
	}
	if len(list) == 0 {
		t.Fatal("no published puzzles")
	}
	for _, e := range list {
		t.Run(e.Title, func(t *testing.T) {
			if e.Author == "" || e.Licence == "" || e.Source == "" {
				t.Errorf("no author, licence or source")
			}
			p, err := variant.ParseLink(e.Puzzle)
			if err != nil {
				t.Fatal(err)
			}
			if w := p.Warnings; w != nil {
				t.Errorf("warnings: %q", w)
			}
			sol, err := sudokusat.Parse(e.Solution)
			if err != nil {
				t.Fatal(err)
			}
			if err := variant.Check(p, sol); err != nil {
				t.Errorf("the published solution: %v", err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), hang)
			defer cancel()
			for _, sums := range []encode.SumForm{encode.SumClauses, encode.SumPB} {
				start := time.Now()
				f, err := encode.Puzzle(p, encode.Options{Sums: sums})
				if err != nil {
					t.Fatal(err)
				}
				r, err := satsolve.Count(ctx, f, 2)
				if err != nil || r.Count != 1 || !r.Solution().Equal(sol) {
					t.Errorf("gophersat (%s): %d solutions, %v", sums, r.Count, err)
				}
				if r.Conflicts > publishedConflicts {
					t.Errorf("gophersat (%s): %d conflicts, more than %d", sums, r.Conflicts, publishedConflicts)
				}
				t.Logf("gophersat (%s): %d conflicts, %v", sums, r.Conflicts, time.Since(start).Round(time.Millisecond))
			}
			start := time.Now()
			r, err := search.Count(ctx, p, 2)
			if err != nil || r.Count != 1 || !r.Solutions[0].Equal(sol) {
				t.Errorf("search: %d solutions, %v", r.Count, err)
			}
			t.Logf("search: %d nodes, %v", r.Nodes, time.Since(start).Round(time.Millisecond))
		})
	}
}
