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

// publishedCells are the published puzzles of the cells group's kinds
// (and Kropki dots with values): testdata/variants/published/cells.json
// holds their links as dclamage/SudokuVariantSolverJS ships them in
// puzzles/puzzles.json (commit 06eaf432), under CC BY 4.0, each with its
// title, author, licence and solution.
type publishedPuzzle struct {
	Title    string `json:"title"`
	Author   string `json:"author"`
	Licence  string `json:"licence"`
	Source   string `json:"source"`
	Puzzle   string `json:"puzzle"`
	Solution string `json:"solution"`
}

// publishedBound is the most a count to 2 of one of them may take, by
// gophersat (each sum form) or the search: the slowest took about 0.3 s
// when measured (see the log), with room for slower machines.
const publishedBound = 3 * time.Second

// TestPublishedCells: each published puzzle reads, is counted unique by
// gophersat on both sum forms and by the search, and solved to its
// published solution, each within publishedBound.
func TestPublishedCells(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "variants", "published", "cells.json"))
	if err != nil {
		t.Fatal(err)
	}
	var puzzles []publishedPuzzle
	if err := json.Unmarshal(data, &puzzles); err != nil {
		t.Fatal(err)
	}
	if len(puzzles) == 0 {
		t.Fatal("no published puzzles")
	}
	ctx := context.Background()
	for _, pp := range puzzles {
		t.Run(pp.Title, func(t *testing.T) {
			if pp.Author == "" || pp.Licence == "" {
				t.Errorf("no author or licence")
			}
			p, err := variant.ParseLink(pp.Puzzle)
			if err != nil {
				t.Fatal(err)
			}
			want, err := sudokusat.Parse(pp.Solution)
			if err != nil {
				t.Fatal(err)
			}
			if err := variant.Check(p, want); err != nil {
				t.Errorf("the published solution: %v", err)
			}
			for _, sums := range []encode.SumForm{encode.SumClauses, encode.SumPB} {
				start := time.Now()
				f, err := encode.Variant(p, sums)
				if err != nil {
					t.Fatal(err)
				}
				r, err := satsolve.Count(ctx, f, 2)
				took := time.Since(start)
				if err != nil || r.Count != 1 || !r.Solution().Equal(want) {
					t.Errorf("gophersat (%s): %d solutions, %v", sums, r.Count, err)
				}
				t.Logf("gophersat (%s): %v", sums, took.Round(time.Millisecond))
				if took > publishedBound {
					t.Errorf("gophersat (%s) took %v, more than %v", sums, took, publishedBound)
				}
			}
			start := time.Now()
			r, err := search.Count(ctx, p, 2)
			took := time.Since(start)
			if err != nil || r.Count != 1 || !r.Solutions[0].Equal(want) {
				t.Errorf("search: %d solutions, %v", r.Count, err)
			}
			t.Logf("search: %v, %d nodes", took.Round(time.Millisecond), r.Nodes)
			if took > publishedBound {
				t.Errorf("the search took %v, more than %v", took, publishedBound)
			}
		})
	}
}
