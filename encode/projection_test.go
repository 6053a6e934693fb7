package encode

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/crillab/gophersat/solver"
	"github.com/sudokusat/sudokusat"
)

// projection reads the projection lines of a CNF: the variables of its
// "c p show" line and of its "c ind" lines, and fails unless they follow
// the problem line and each "c ind" line is at most MaxComment bytes.
func projection(t *testing.T, cnf []byte) (show, ind []int) {
	t.Helper()
	problem := false
	read := func(line, prefix string) []int {
		fields := strings.Fields(strings.TrimPrefix(line, prefix))
		if len(fields) == 0 || fields[len(fields)-1] != "0" {
			t.Fatalf("%q does not end with 0", line)
		}
		var vs []int
		for _, f := range fields[:len(fields)-1] {
			v, err := strconv.Atoi(f)
			if err != nil || v < 1 {
				t.Fatalf("%q: %q is not a variable", line, f)
			}
			vs = append(vs, v)
		}
		return vs
	}
	for line := range strings.Lines(string(cnf)) {
		line = strings.TrimSuffix(line, "\n")
		switch {
		case strings.HasPrefix(line, "p cnf "):
			problem = true
		case strings.HasPrefix(line, "c p show "):
			if !problem || show != nil {
				t.Fatalf("%.40q: before the problem line, or a second one", line)
			}
			show = read(line, "c p show ")
		case strings.HasPrefix(line, "c ind "):
			if !problem || len(line) > MaxComment {
				t.Fatalf("%.40q: before the problem line, or %d bytes", line, len(line))
			}
			ind = append(ind, read(line, "c ind ")...)
		}
	}
	return show, ind
}

// TestProjection: with DIMACSOptions.Projection, "c p show" and "c ind"
// list exactly the cell variables, 1..NumVars(), and none of the
// auxiliary variables an encoding adds after them (the 16×16 reduced
// formula has 8,192); the formula reads back the same. Without it there
// are no such lines.
func TestProjection(t *testing.T) {
	for _, tc := range []struct {
		size     int
		encoding string
		aux      bool // the formula has auxiliary variables
	}{
		{4, "minimal", false},
		{4, "reduced", false},
		{9, "extended", false},
		{16, "reduced", true},
	} {
		g, _ := sudokusat.NewGridSize(tc.size)
		f, err := Puzzle(&sudokusat.Puzzle{Grid: g}, Options{Encoding: tc.encoding})
		if err != nil {
			t.Fatal(err)
		}
		if got := f.Vars > f.NumVars(); got != tc.aux {
			t.Fatalf("%d×%d %s: %d variables, %d of cells: auxiliary ones %v, want %v", tc.size, tc.size, tc.encoding, f.Vars, f.NumVars(), got, tc.aux)
		}
		var plain, projected bytes.Buffer
		if err := WriteDIMACS(&plain, f); err != nil {
			t.Fatal(err)
		}
		if err := WriteDIMACSWith(&projected, f, DIMACSOptions{Projection: true}); err != nil {
			t.Fatal(err)
		}
		if show, ind := projection(t, plain.Bytes()); show != nil || ind != nil {
			t.Errorf("%d×%d %s: projection lines without the option", tc.size, tc.size, tc.encoding)
		}
		show, ind := projection(t, projected.Bytes())
		cells := make([]int, f.NumVars())
		for i := range cells {
			cells[i] = i + 1
		}
		if !slices.Equal(show, cells) || !slices.Equal(ind, cells) {
			t.Errorf("%d×%d %s: show %d variables, ind %d; want the %d cell variables 1..%d", tc.size, tc.size, tc.encoding, len(show), len(ind), len(cells), len(cells))
		}
		back, err := ReadDIMACS(&projected)
		if err != nil || back.Vars != f.Vars || back.NumClauses() != f.NumClauses() {
			t.Errorf("%d×%d %s: read back: %v", tc.size, tc.size, tc.encoding, err)
		}
	}
}

// TestProjectedCount: the models of the empty 4×4 grid's formula, counted
// on the "c p show" variables (each model blocked on them alone), are its
// 288 grids.
func TestProjectedCount(t *testing.T) {
	g, _ := sudokusat.NewGridSize(4)
	f, err := Puzzle(&sudokusat.Puzzle{Grid: g}, Options{Encoding: "reduced"})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteDIMACSWith(&b, f, DIMACSOptions{Projection: true}); err != nil {
		t.Fatal(err)
	}
	show, _ := projection(t, b.Bytes())
	s := solver.New(solver.ParseSliceNb(f.Slices(), f.Vars))
	grids, n := map[string]bool{}, 0
	for ; s.Solve() == solver.Sat; n++ {
		m := s.Model()
		g, err := f.VarMap.Decode(m)
		if err != nil {
			t.Fatal(err)
		}
		grids[g.String()] = true
		var block []solver.Lit
		for _, v := range show {
			l := int32(v)
			if m[v-1] {
				l = -l
			}
			block = append(block, solver.IntToLit(l))
		}
		s.AppendClause(solver.NewClause(block))
	}
	if n != 288 || len(grids) != 288 {
		t.Errorf("%d models on the shown variables, %d grids; want 288 of each", n, len(grids))
	}
}
