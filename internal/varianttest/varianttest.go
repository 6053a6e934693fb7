// Package varianttest reads the variant test puzzles of testdata/variants
// for the tests of every package: f-puzzles documents (.json) and, for
// the kinds f-puzzles does not have, SudokuPad documents (.scl, its JSON),
// each with its one solution in a .solution file beside it, and
// links.txt, one f-puzzles link a line. It is the one place that knows
// their folder and formats.
package varianttest

import (
	"bufio"
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// File is one test puzzle: its name (the file's, without .json), its
// document, the puzzle read from it and its golden solution.
type File struct {
	Name string
	// Format is the document's: "f-puzzles" or "SudokuPad".
	Format   string
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

// Load reads the test puzzle name ("miracle-9"), an f-puzzles document
// or else a SudokuPad one, and its solution.
func Load(tb testing.TB, name string) File {
	tb.Helper()
	base := filepath.Join(Dir(tb), name)
	format, parse := "f-puzzles", variant.ParseFPuzzles
	doc, err := os.ReadFile(base + ".json")
	if errors.Is(err, fs.ErrNotExist) {
		format, parse = "SudokuPad", variant.ParseSudokuPad
		doc, err = os.ReadFile(base + ".scl")
	}
	if err != nil {
		tb.Fatal(err)
	}
	p, err := parse(doc)
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
	return File{Name: name, Format: format, Doc: doc, Puzzle: p, Solution: g}
}

// All reads every test puzzle, in the order of their names.
func All(tb testing.TB) []File {
	tb.Helper()
	paths, err := filepath.Glob(filepath.Join(Dir(tb), "*.json"))
	scl, err2 := filepath.Glob(filepath.Join(Dir(tb), "*.scl"))
	if err := errors.Join(err, err2); err != nil || len(paths) == 0 {
		tb.Fatalf("varianttest: no puzzle files (%v)", err)
	}
	var names []string
	for _, p := range append(paths, scl...) {
		names = append(names, strings.TrimSuffix(filepath.Base(p), filepath.Ext(p)))
	}
	slices.Sort(names)
	var out []File
	for _, name := range names {
		out = append(out, Load(tb, name))
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
