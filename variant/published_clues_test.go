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

// publishedNodes bounds the search's effort on each published puzzle of
// testdata/variants/published/clues.json and cells.json: measured at most
// 21,222 nodes (Deflation; the other clues under 50; cells at most 709),
// counting to 2 in at most 0.1 s, where gophersat took at most 10 ms on
// the clause form and 0.17 s on the PB form (November 2026).
const publishedNodes = 50_000

// TestPublishedClues reads the published puzzles that use the clues
// group's kinds (links, CC BY 4.0, from dclamage/SudokuVariantSolverJS):
// each is read without a warning, is unique for gophersat on both sum
// forms and for the search, whose solutions are the published one.
func TestPublishedClues(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "variants", "published", "clues.json"))
	if err != nil {
		t.Fatal(err)
	}
	var list []publishedPuzzle // the cells group's published puzzles' form
	if err := json.Unmarshal(data, &list); err != nil {
		t.Fatal(err)
	}
	kinds := map[variant.Kind]bool{}
	for _, e := range list {
		t.Run(e.Title, func(t *testing.T) {
			p, err := variant.ParseLink(e.Puzzle)
			if err != nil {
				t.Fatal(err)
			}
			if w := p.Warnings; w != nil {
				t.Errorf("warnings: %q", w)
			}
			for _, r := range p.Rules {
				kinds[r.Kind] = true
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
				t.Logf("gophersat (%s): %d conflicts, %v", sums, r.Conflicts, time.Since(start))
			}
			start := time.Now()
			r, err := search.Count(ctx, p, 2)
			if err != nil || r.Count != 1 || !r.Solutions[0].Equal(sol) {
				t.Errorf("search: %d solutions, %v", r.Count, err)
			}
			if r.Nodes > publishedNodes {
				t.Errorf("search: %d nodes, more than %d", r.Nodes, publishedNodes)
			}
			t.Logf("search: %d nodes, %v", r.Nodes, time.Since(start))
		})
	}
	for _, k := range []variant.Kind{variant.LittleKiller, variant.Sandwich, variant.XSum, variant.Skyscraper, variant.Quadruple} {
		if !kinds[k] {
			t.Errorf("no published puzzle has a rule of kind %s", k)
		}
	}
}
