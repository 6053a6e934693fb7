package encode

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
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
