package encode

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
)

// TestEncodings checks the table against what its builders make: each row's
// builder writes a formula of its own name, and every name resolves.
func TestEncodings(t *testing.T) {
	g := mustGrid(t, inkala)
	infos := Encodings()
	var names []string
	for _, e := range infos {
		if e.Name == "" || e.Doc == "" || e.Build == nil || strings.Contains(e.Doc, "\n") {
			t.Errorf("incomplete row %+v", e)
			continue
		}
		names = append(names, e.Name)
		f, err := e.Build(g)
		if err != nil {
			t.Fatalf("%s: %v", e.Name, err)
		}
		if f.Encoding != e.Name {
			t.Errorf("the %s row builds a %s formula", e.Name, f.Encoding)
		}
	}
	if !slices.Equal(names, Names()) {
		t.Errorf("Names() = %v, the table has %v", Names(), names)
	}
	if !slices.Contains(names, Default) {
		t.Errorf("Default %q is not in the table %v", Default, names)
	}
	infos[0].Name = "changed"
	if Encodings()[0].Name == "changed" {
		t.Error("a caller's change to Encodings() reached the next caller")
	}

	for _, c := range []struct{ name, want string }{
		{"", Default},
		{"minimal", "minimal"},
		{"efficient", "efficient"},
		{"extended", "extended"},
		{"reduced", "reduced"},
		{"Reduced", ""},
		{" minimal", ""},
		{"nope", ""},
	} {
		got, err := Resolve(c.name)
		if c.want == "" {
			if !errors.Is(err, ErrUnknownEncoding) || !strings.Contains(err.Error(), fmt.Sprintf("%q", c.name)) {
				t.Errorf("Resolve(%q): err = %v, want ErrUnknownEncoding naming it", c.name, err)
				continue
			}
			for _, n := range names {
				if !strings.Contains(err.Error(), n) {
					t.Errorf("Resolve(%q): the error %q does not name %s", c.name, err, n)
				}
			}
			if enc, err := Lookup(c.name); enc != nil || !errors.Is(err, ErrUnknownEncoding) {
				t.Errorf("Lookup(%q) = %v, %v", c.name, enc, err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("Resolve(%q) = %q, %v; want %q", c.name, got, err, c.want)
		}
		enc, err := Lookup(c.name)
		if err != nil {
			t.Fatalf("Lookup(%q): %v", c.name, err)
		}
		if f, err := enc(g); err != nil {
			t.Errorf("Lookup(%q): %v", c.name, err)
		} else if f.Encoding != c.want {
			t.Errorf("Lookup(%q) builds %q, want %q", c.name, f.Encoding, c.want)
		}
	}
}

func ExampleEncodings() {
	for _, e := range Encodings() {
		fmt.Printf("%-16s %s\n", e.Name, e.Doc)
	}
	// Output:
	// minimal          cell at-least-one and pairwise at-most-one per row, column and box (Lynce & Ouaknine)
	// efficient        minimal plus at most one digit per cell (Weber)
	// extended         exactly one digit per cell and per row, column and box (Lynce & Ouaknine)
	// reduced          givens propagated first; only the candidates left are variables (the default)
	// reduced-pairwise reduced with pairwise at-most-one in every group: more clauses, no auxiliary variables
}

// TestMaxClauses: each encoding counts its clauses before it builds any,
// and refuses past the limit with an error naming the count. The count of
// the reduced encoding, made after the propagation, is the formula's
// (an upper bound for box groups, whose pairs in a row or column are not
// written twice), and its variables are exactly the formula's.
func TestMaxClauses(t *testing.T) {
	for _, file := range []string{"top95-sample.txt", "large-16.txt", "large-25.txt"} {
		g := readGrids(t, file)[0]
		for _, e := range Encodings() {
			f, err := Puzzle(&sudokusat.Puzzle{Grid: g}, Options{Encoding: e.Name})
			if err != nil {
				t.Fatal(err)
			}
			if f.NumClauses() == 0 {
				continue
			}
			_, err = Puzzle(&sudokusat.Puzzle{Grid: g}, Options{Encoding: e.Name, MaxClauses: f.NumClauses() - 1})
			if e.Name == "reduced" || e.Name == "reduced-pairwise" {
				p := newProp(g)
				p.run(g)
				threshold := productThreshold
				if e.Name == "reduced-pairwise" {
					threshold = math.MaxInt
				}
				clauses, vars := p.size(threshold)
				if clauses < f.NumClauses() || vars != f.Vars {
					t.Errorf("%s %s: counted %d clauses, %d variables; the formula has %d, %d", file, e.Name, clauses, vars, f.NumClauses(), f.Vars)
				}
			}
			if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "clauses over") {
				t.Errorf("%s %s one clause under the limit: %v", file, e.Name, err)
			}
			if _, err := Puzzle(&sudokusat.Puzzle{Grid: g}, Options{Encoding: e.Name, MaxClauses: f.NumClauses() * 2}); err != nil {
				t.Errorf("%s %s under the limit: %v", file, e.Name, err)
			}
		}
	}
	// An empty 400×400 grid's reduced formula would have 756 million
	// clauses: it is refused with nothing built, which the memory
	// allocated shows on any machine, where the time (2 s here, counting
	// the clauses) would depend on its load. Counting allocates 18 MB;
	// the formula would take tens of GB.
	g, _ := sudokusat.NewGridSize(400)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := Puzzle(&sudokusat.Puzzle{Grid: g}, Options{Encoding: "reduced"})
	runtime.ReadMemStats(&after)
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "the reduced encoding of this 400×400 puzzle has 755,840,000 clauses over 89,600,000 variables") {
		t.Errorf("an empty 400×400: %v", err)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 128<<20 {
		t.Errorf("the refusal allocated %d MB", alloc>>20)
	}
}

// readGrids reads the puzzles of a file of testdata.
func readGrids(t *testing.T, name string) []*sudokusat.Grid {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []*sudokusat.Grid
	r := sudokusat.NewReader(f)
	for {
		p, err := r.Read()
		if errors.Is(err, io.EOF) {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, p.Grid)
	}
}
