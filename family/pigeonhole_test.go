package family

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
)

// TestPigeonhole makes pigeonhole instances of several sizes and checks
// what makes them the kind they are: unsatisfiable by the counting
// argument alone (HallViolated, on the puzzle read back from the CNF),
// not refuted by unit propagation in their default encoding, refuted by
// it once the row's at-least-once clauses are added, and refuted by it in
// extended, whose clauses hold them.
func TestPigeonhole(t *testing.T) {
	for _, tc := range []struct{ size, pigeons int }{{4, 0}, {6, 0}, {9, 0}, {9, 4}, {16, 5}, {25, 6}} {
		o := Options{Kinds: []Kind{Pigeonhole}, Count: 2, Seed: 3, Size: tc.size, Pigeons: tc.pigeons}
		ins, _ := makeAll(t, o)
		if len(ins) != 2 {
			t.Fatalf("size %d: %d instances, want 2", tc.size, len(ins))
		}
		for _, in := range ins {
			name := in.File
			if in.Status != UNSAT || in.Count != CountNone || in.Encoding != PigeonholeEncoding {
				t.Errorf("size %d %s: %s %s in %s, want UNSAT 0 in %s", tc.size, name, in.Status, in.Count, in.Encoding, PigeonholeEncoding)
			}
			f, err := encode.ReadDIMACS(bytes.NewReader(in.CNF))
			if err != nil {
				t.Fatal(err)
			}
			g := f.Puzzle.Grid
			row, open := openRow(g)
			if row < 0 || len(open) != o.pigeons() {
				t.Fatalf("size %d %s: row %d with %d open cells too few digits for them, want %d", tc.size, name, row+1, len(open), o.pigeons())
			}
			if UnitRefutes(f) {
				t.Errorf("size %d %s: unit propagation refutes it in %s", tc.size, name, in.Encoding)
			}
			f2 := f.Clone()
			for _, c := range rowClauses(&f.VarMap, tc.size, row) {
				f2.Add(c...)
			}
			if !UnitRefutes(f2) {
				t.Errorf("size %d %s: unit propagation does not refute it with the row's clauses", tc.size, name)
			}
			ext, err := encode.Puzzle(&sudokusat.Puzzle{Grid: g}, encode.Options{Encoding: "extended"})
			if err != nil {
				t.Fatal(err)
			}
			if !UnitRefutes(ext) {
				t.Errorf("size %d %s: unit propagation does not refute it in extended", tc.size, name)
			}
		}
	}
}

// TestPigeonholeEncodings: in every encoding, unit propagation refutes
// the instance once the row's clauses are added (the certificate Make
// checks by gophersat, which must be quick), and in those without the
// rows' at-least-once clauses it does not refute the instance alone.
func TestPigeonholeEncodings(t *testing.T) {
	for _, e := range encode.Names() {
		o := Options{Kinds: []Kind{Pigeonhole}, Count: 1, Seed: 5, Size: 9, Pigeons: 5, Encoding: e}
		ins, _ := makeAll(t, o)
		f, err := encode.ReadDIMACS(bytes.NewReader(ins[0].CNF))
		if err != nil {
			t.Fatal(err)
		}
		row, _ := openRow(f.Puzzle.Grid)
		f2 := f.Clone()
		for _, c := range rowClauses(&f.VarMap, 9, row) {
			f2.Add(c...)
		}
		if !UnitRefutes(f2) {
			t.Errorf("%s: unit propagation does not refute the instance with the row's clauses", e)
		}
		if (e == "minimal" || e == "efficient") && UnitRefutes(f) {
			t.Errorf("%s: unit propagation refutes the instance alone", e)
		}
	}
}

// openRow returns the first row of g whose open cells are too few digits
// between them (HallViolated), and those cells' columns; -1 and nil when
// there is none.
func openRow(g *sudokusat.Grid) (int, []int) {
	n := g.Size()
	for r := range n {
		var open []int
		for c := range n {
			if g.Get(r, c) == 0 {
				open = append(open, c)
			}
		}
		if HallViolated(g, r, open) == nil {
			return r, open
		}
	}
	return -1, nil
}

// TestHallViolated: the counting check refuses grids where the open cells
// have enough digits, clashing givens and cells that are not open.
func TestHallViolated(t *testing.T) {
	grid := func(s string) *sudokusat.Grid {
		g, err := sudokusat.ParseLine(s, 2, 2)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	for _, tc := range []struct {
		name, grid string
		open       []int
		want       string // "" for a violation found
	}{
		// Row 1: 1 given; r1c1..r1c3 open, each kept from 2 by the 2s
		// below: 3 cells, digits 3 and 4.
		{"violated", "...1" + "2..." + ".2.." + "..2.", []int{0, 1, 2}, ""},
		{"enough digits", "...1" + "............", []int{0, 1, 2}, "3 open cells of row 1 have 3 candidate digits"},
		{"clash", "1..1" + "............", []int{1, 2}, "the givens clash"},
		{"not open", "...1" + "............", []int{3}, "r1c4 is not open"},
	} {
		err := HallViolated(grid(tc.grid), 0, tc.open)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.want)
		}
	}
}

// TestPigeonsChecked: a pigeonhole row needs 2 to N−1 open cells.
func TestPigeonsChecked(t *testing.T) {
	for _, k := range []int{1, 9, -1} {
		o := Options{Kinds: []Kind{Pigeonhole}, Count: 1, Size: 9, Pigeons: k}
		err := Make(context.Background(), o, func(*Instance) error { return nil })
		if err == nil || !strings.Contains(err.Error(), "pigeons") {
			t.Errorf("pigeons %d: error %v, want one naming pigeons", k, err)
		}
	}
}
