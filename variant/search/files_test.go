package search

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat/variant"
)

// TestVariantFiles counts every f-puzzles test file of testdata/variants to
// 2: each has exactly its golden solution.
func TestVariantFiles(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "variants", "*.json"))
	if len(files) < 10 {
		t.Fatalf("%d variant files", len(files))
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".json")
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			p, err := variant.ParseFPuzzles(data)
			if err != nil {
				t.Fatal(err)
			}
			gold, err := os.ReadFile(strings.TrimSuffix(file, ".json") + ".solution")
			if err != nil {
				t.Fatal(err)
			}
			r, err := Count(context.Background(), p, 2)
			if err != nil {
				t.Fatal(err)
			}
			if r.Count != 1 || r.Solutions[0].String() != strings.TrimSpace(string(gold)) {
				t.Errorf("%d solutions, first %v; want only the golden one", r.Count, r.Solutions)
			}
		})
	}
}
