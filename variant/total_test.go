package variant_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/satsolve"
	"github.com/sudokusat/sudokusat/variant"
	"github.com/sudokusat/sudokusat/variant/search"
)

// TestKillerTotals: a killer cage's total is read as stated, 0 included,
// and only a cage that states none (no value, null, an empty or blank
// string) is read without one. killer-4's first cage, r1c1 and r1c2,
// states 3; a total no two distinct digits reach (0, 1, -3) is refused
// as the document is read, never read as "no total".
func TestKillerTotals(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "variants", "killer-4.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		value any    // the first cage's "value"; nil for none
		none  bool   // the key is left out
		want  int    // the rule's Value when read
		err   string // else a word of the error
	}{
		{"stated", "3", false, 3, ""},
		{"stated as a number", 3, false, 3, ""},
		{"stated 0", "0", false, 0, "sum 0: 2 distinct digits sum to 3..7"},
		{"stated 0 as a number", 0, false, 0, "sum 0: 2 distinct digits sum to 3..7"},
		{"stated 0 padded", " 0 ", false, 0, "sum 0: 2 distinct digits sum to 3..7"},
		{"stated 1", "1", false, 0, "sum 1: 2 distinct digits sum to 3..7"},
		{"negative", "-1", false, 0, "total -1: want a whole number from 0"},
		{"no value", nil, true, sudokusat.NoValue, ""},
		{"null", nil, false, sudokusat.NoValue, ""},
		{"empty", "", false, sudokusat.NoValue, ""},
		{"blank", "  ", false, sudokusat.NoValue, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var doc map[string]any
			if err := json.Unmarshal(data, &doc); err != nil {
				t.Fatal(err)
			}
			cage := doc["killercage"].([]any)[0].(map[string]any)
			delete(cage, "value")
			if !tc.none {
				cage["value"] = tc.value
			}
			b, _ := json.Marshal(doc)
			p, err := variant.ParseFPuzzles(b)
			if tc.err != "" {
				if !errors.Is(err, variant.ErrPuzzle) && !errors.Is(err, variant.ErrFormat) || err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Errorf("%v, want an error saying %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			r := p.Rules[0]
			if r.Kind != variant.Killer || r.Value != tc.want {
				t.Fatalf("first rule %v, want a killer cage of total %d", r, tc.want)
			}
			// The f-puzzles form states the same total, or none.
			out, err := variant.FPuzzles(p)
			if err != nil {
				t.Fatal(err)
			}
			q, err := variant.ParseFPuzzles(out)
			if err != nil || q.Rules[0].Value != tc.want {
				t.Errorf("read back: %v, %v; want the total %d", q.Rules, err, tc.want)
			}
		})
	}
}

// TestKillerTotalZero: a cage of positive digits whose stated total is 0
// has no filling, and a puzzle with one no solution: every engine counts
// 0, where reading 0 as "no total" would count the rest's solutions. The
// puzzle is built here, since Validate refuses it as read.
func TestKillerTotalZero(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "variants", "killer-4.json"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := variant.ParseFPuzzles(data)
	if err != nil {
		t.Fatal(err)
	}
	p.Rules[0].Value = 0
	if err := variant.Validate(p); err == nil {
		t.Errorf("a cage of total 0 validates")
	}
	r, err := search.Count(context.Background(), p, 2)
	if err != nil || r.Count != 0 {
		t.Errorf("search: %d solutions, %v; want none", r.Count, err)
	}
	for _, sums := range []encode.SumForm{encode.SumClauses, encode.SumPB} {
		form, err := encode.Puzzle(p, encode.Options{Sums: sums})
		if err != nil {
			t.Fatalf("encode (%s): %v", sums, err)
		}
		r, err := satsolve.Count(context.Background(), form, 2)
		if err != nil || r.Count != 0 {
			t.Errorf("gophersat on the %s formula: %d solutions, %v; want none", sums, r.Count, err)
		}
	}
}
