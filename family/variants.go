package family

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// LoadVariants reads the f-puzzles documents FILE.json of dir, each with
// its solution in one line in FILE.solution beside it, in the order of
// their names; the repository's testdata/variants is such a folder. A
// document without its solution file, or that does not parse, is an error
// naming the file.
func LoadVariants(dir string) ([]Source, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("%s: no .json puzzle files", dir)
	}
	var out []Source
	for _, path := range paths { // Glob sorts them
		doc, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		p, err := variant.ParseFPuzzles(doc)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		solPath := strings.TrimSuffix(path, ".json") + ".solution"
		sol, err := os.ReadFile(solPath)
		if err != nil {
			return nil, fmt.Errorf("%s: its solution: %w", path, err)
		}
		g, err := sudokusat.ParseLine(strings.TrimSpace(string(sol)), p.Grid.BoxRows(), p.Grid.BoxCols())
		if err != nil {
			return nil, fmt.Errorf("%s: %w", solPath, err)
		}
		out = append(out, Source{Name: filepath.Base(path), Puzzle: p, Solution: g})
	}
	return out, nil
}
