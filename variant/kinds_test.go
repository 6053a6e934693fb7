package variant_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/internal/varianttest"
	"github.com/sudokusat/sudokusat/render"
	"github.com/sudokusat/sudokusat/satsolve"
	"github.com/sudokusat/sudokusat/variant"
	"github.com/sudokusat/sudokusat/variant/search"
)

// without returns p without its rules of kind k.
func without(p *sudokusat.Puzzle, k variant.Kind) *sudokusat.Puzzle {
	q := *p
	q.Rules = slices.DeleteFunc(slices.Clone(p.Rules), func(r sudokusat.Rule) bool { return r.Kind == k })
	return &q
}

// TestEveryKindEveryConcern walks every kind of variant.Kinds through
// every concern: the model (its meaning, validator, checker and f-puzzles
// form, or SudokuPad's for a kind f-puzzles has not), the encoder (through gophersat), the search and the drawing. For
// each kind a test puzzle of testdata/variants has it, and there the kind
// must matter: without its rules the puzzle has a second solution. Each
// concern must then find the one solution, refuse the other, and draw
// the kind, so that a kind that a concern does not know, or ignores,
// fails here.
func TestEveryKindEveryConcern(t *testing.T) {
	files := varianttest.All(t)
	docs, err := os.ReadFile(filepath.Join("..", "docs", "rules.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range variant.Kinds() {
		t.Run(k.Name, func(t *testing.T) {
			if !strings.HasSuffix(k.Meaning, ".") || !bytes.Contains(docs, []byte("| `"+k.Name+"` | "+k.Meaning+" |")) {
				t.Errorf("docs/rules.md has no row \"| `%s` | %s |\"", k.Name, k.Meaning)
			}
			if info, ok := variant.Info(k.Name); !ok || info.Name != k.Name {
				t.Errorf("Info(%q) = %v, %v", k.Name, info.Name, ok)
			}
			if k.Distinct && k.Repeats {
				t.Errorf("%s is marked both Distinct and Repeats: its digits cannot both differ and repeat", k.Name)
			}
			var f *varianttest.File
			var other *sudokusat.Grid
			for i := range files {
				p := files[i].Puzzle
				if !slices.ContainsFunc(p.Rules, func(r sudokusat.Rule) bool { return r.Kind == k.Name }) {
					continue
				}
				r, err := search.Count(context.Background(), without(p, k.Name), 2)
				if err != nil {
					t.Fatal(err)
				}
				for _, s := range r.Solutions {
					if !s.Equal(files[i].Solution) {
						f, other = &files[i], s
					}
				}
				if f != nil {
					break
				}
			}
			if f == nil {
				t.Fatalf("no puzzle of testdata/variants has a rule of kind %s that matters (a second solution without it)", k.Name)
			}
			p := f.Puzzle
			t.Logf("%s: %s", k.Name, f.Name)

			// The model: the puzzle validates, its solution passes the
			// checker, the other grid is refused by this kind, and the
			// f-puzzles form reads back the same rules.
			if err := variant.Validate(p); err != nil {
				t.Errorf("validate: %v", err)
			}
			if err := variant.Check(p, f.Solution); err != nil {
				t.Errorf("check of the solution: %v", err)
			}
			if err := variant.Check(p, other); err == nil || !strings.Contains(err.Error(), k.Name+" constraint") {
				t.Errorf("check of a grid breaking the %s rule: %v", k.Name, err)
			}
			// A kind f-puzzles has not is refused there, and goes through
			// SudokuPad's format instead, where its test puzzle is.
			form, parse := variant.FPuzzles, variant.ParseFPuzzles
			if f.SudokuPad {
				if _, err := variant.FPuzzles(p); !errors.Is(err, variant.ErrFormat) || !strings.Contains(err.Error(), k.Name) {
					t.Errorf("f-puzzles form of a kind f-puzzles has not: %v", err)
				}
				form, parse = variant.SudokuPad, variant.ParseSudokuPad
			}
			doc, err := form(p)
			if err != nil {
				t.Fatalf("f-puzzles (or SudokuPad) form: %v", err)
			}
			back, err := parse(doc)
			if err != nil || !slices.EqualFunc(kindsOf(back), kindsOf(p), func(a, b string) bool { return a == b }) {
				t.Errorf("f-puzzles (or SudokuPad) form read back: %v, %v; want %v", kindsOf(back), err, kindsOf(p))
			}

			// The encoder, through gophersat, in both sum forms.
			for _, sums := range []encode.SumForm{encode.SumClauses, encode.SumPB} {
				form, err := encode.Puzzle(p, encode.Options{Sums: sums})
				if err != nil {
					t.Fatalf("encode (%s): %v", sums, err)
				}
				r, err := satsolve.Count(context.Background(), form, 2)
				if err != nil || r.Count != 1 || !r.Solution().Equal(f.Solution) {
					t.Errorf("gophersat on the %s formula: %d solutions, %v", sums, r.Count, err)
				}
			}

			// The search.
			r, err := search.Count(context.Background(), p, 2)
			if err != nil || r.Count != 1 || !r.Solutions[0].Equal(f.Solution) {
				t.Errorf("search: %d solutions, %v", r.Count, err)
			}

			// The drawing: the kind draws something, a mark or its name.
			var with, less bytes.Buffer
			if err := render.SVG(&with, p, render.Options{}); err != nil {
				t.Fatalf("render: %v", err)
			}
			if err := render.SVG(&less, without(p, k.Name), render.Options{}); err != nil {
				t.Fatalf("render without the kind: %v", err)
			}
			if bytes.Equal(with.Bytes(), less.Bytes()) {
				t.Errorf("render draws nothing for the %s rules", k.Name)
			}
		})
	}
}

func kindsOf(p *sudokusat.Puzzle) []string {
	var out []string
	for _, r := range p.Rules {
		out = append(out, r.Kind)
	}
	slices.Sort(out)
	return out
}
