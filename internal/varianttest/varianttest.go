// Package varianttest reads the variant test puzzles of testdata/variants
// for the tests of every package: f-puzzles documents, each with its one
// solution in a .solution file beside it, and links.txt, one f-puzzles
// link a line. It is the one place that knows their folder and format.
package varianttest

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// File is one test puzzle: its name (the file's, without .json), its
// document, the puzzle read from it and its golden solution.
type File struct {
	Name     string
	Doc      []byte
	Puzzle   *sudokusat.Puzzle
	Solution *sudokusat.Grid
}

// Dir returns testdata/variants of the module the test runs in, found by
// going up from the package's folder to go.mod.
func Dir(tb testing.TB) string {
	tb.Helper()
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "testdata", "variants")
		}
		up := filepath.Dir(dir)
		if up == dir {
			tb.Fatal("varianttest: no go.mod above the test's folder")
		}
		dir = up
	}
}

// Load reads the test puzzle name ("miracle-9") and its solution.
func Load(tb testing.TB, name string) File {
	tb.Helper()
	base := filepath.Join(Dir(tb), name)
	doc, err := os.ReadFile(base + ".json")
	if err != nil {
		tb.Fatal(err)
	}
	p, err := variant.ParseFPuzzles(doc)
	if err != nil {
		tb.Fatalf("%s: %v", name, err)
	}
	sol, err := os.ReadFile(base + ".solution")
	if err != nil {
		tb.Fatal(err)
	}
	// The solution has the puzzle's side, which may have no boxes (5, 7).
	g, err := sudokusat.ParseLine(strings.TrimSpace(string(sol)), p.Grid.BoxRows(), p.Grid.BoxCols())
	if err != nil {
		tb.Fatalf("%s.solution: %v", name, err)
	}
	return File{Name: name, Doc: doc, Puzzle: p, Solution: g}
}

// All reads every test puzzle, in the order of their names.
func All(tb testing.TB) []File {
	tb.Helper()
	paths, err := filepath.Glob(filepath.Join(Dir(tb), "*.json"))
	if err != nil || len(paths) == 0 {
		tb.Fatalf("varianttest: no puzzle files (%v)", err)
	}
	var out []File
	for _, p := range paths {
		out = append(out, Load(tb, strings.TrimSuffix(filepath.Base(p), ".json")))
	}
	return out
}

// Links returns the links of links.txt, comments and blank lines left out.
func Links(tb testing.TB) []string {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join(Dir(tb), "links.txt"))
	if err != nil {
		tb.Fatal(err)
	}
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	if err := sc.Err(); err != nil || len(out) == 0 {
		tb.Fatalf("links.txt: %d links, %v", len(out), err)
	}
	return out
}
