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

// publishedConflicts bounds gophersat's conflicts counting a published
// puzzle to 2, on either sum form; publishedNodes (with the clues) bounds
// the search's nodes. Measured (November 2026): at most 872 conflicts on
// the clause form and 4,301 on the PB form for cells.json, 381 and 7,326
// for clues.json, 629 and 6,169 for search.json. Conflicts, unlike time,
// are the same on every machine and every run: a loaded machine took 3 s
// over what a quiet one does in 0.3.
const publishedConflicts = 20_000

// hang bounds a count that must end, for a test to fail rather than wait:
// minutes, for the most loaded machine.
const hang = 2 * time.Minute

// TestPublishedCells: each published puzzle reads, is counted unique by
// gophersat on both sum forms and by the search, and solved to its
// published solution, each within publishedConflicts or publishedNodes.
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
			ctx, cancel := context.WithTimeout(context.Background(), hang)
			defer cancel()
			for _, sums := range []encode.SumForm{encode.SumClauses, encode.SumPB} {
				start := time.Now()
				f, err := encode.Puzzle(p, encode.Options{Sums: sums})
				if err != nil {
					t.Fatal(err)
				}
				r, err := satsolve.Count(ctx, f, 2)
				if err != nil || r.Count != 1 || !r.Solution().Equal(want) {
					t.Errorf("gophersat (%s): %d solutions, %v", sums, r.Count, err)
				}
				if r.Conflicts > publishedConflicts {
					t.Errorf("gophersat (%s): %d conflicts, more than %d", sums, r.Conflicts, publishedConflicts)
				}
				t.Logf("gophersat (%s): %d conflicts, %v", sums, r.Conflicts, time.Since(start).Round(time.Millisecond))
			}
			start := time.Now()
			r, err := search.Count(ctx, p, 2)
			if err != nil || r.Count != 1 || !r.Solutions[0].Equal(want) {
				t.Errorf("search: %d solutions, %v", r.Count, err)
			}
			if r.Nodes > publishedNodes {
				t.Errorf("search: %d nodes, more than %d", r.Nodes, publishedNodes)
			}
			t.Logf("search: %d nodes, %v", r.Nodes, time.Since(start).Round(time.Millisecond))
		})
	}
}
