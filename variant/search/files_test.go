package search

import (
	"context"
	"testing"

	"github.com/sudokusat/sudokusat/internal/varianttest"
)

// TestVariantFiles counts every f-puzzles test file of testdata/variants to
// 2: each has exactly its golden solution.
func TestVariantFiles(t *testing.T) {
	files := varianttest.All(t)
	if len(files) < 10 {
		t.Fatalf("%d variant files", len(files))
	}
	for _, file := range files {
		t.Run(file.Name, func(t *testing.T) {
			r, err := Count(context.Background(), file.Puzzle, 2)
			if err != nil {
				t.Fatal(err)
			}
			if r.Count != 1 || !r.Solutions[0].Equal(file.Solution) {
				t.Errorf("%d solutions, first %v; want only the golden one", r.Count, r.Solutions)
			}
		})
	}
}
