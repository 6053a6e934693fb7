package render_test

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/render"
	"github.com/sudokusat/sudokusat/variant"
)

// corners counts the corners of the outline of cells in an n×n grid: a
// grid point is one where one or three of the four cells around it are
// in, and two where two are, diagonally.
func corners(cells []int, n int) int {
	in := map[int]bool{}
	for _, k := range cells {
		in[k] = true
	}
	has := func(r, c int) bool { return r >= 0 && r < n && c >= 0 && c < n && in[r*n+c] }
	total := 0
	for r := 0; r <= n; r++ {
		for c := 0; c <= n; c++ {
			a, b, d, e := has(r-1, c-1), has(r-1, c), has(r, c-1), has(r, c)
			switch m := btoi(a) + btoi(b) + btoi(d) + btoi(e); {
			case m == 1 || m == 3:
				total++
			case m == 2 && a == e:
				total += 2
			}
		}
	}
	return total
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestCageOutline: a killer cage is one dashed outline, as f-puzzles and
// SudokuPad draw it, not a dashed box in each cell (which made a cage
// look like separate cells): one closed loop around its cells, with a
// corner where the cage's edge turns and nowhere else, and a second loop
// around a hole. The cages of the killer test puzzle, and shapes.
func TestCageOutline(t *testing.T) {
	cage := func(value int, cells ...int) sudokusat.Rule {
		return sudokusat.Rule{Kind: variant.Killer, Cells: cells, Value: value}
	}
	killer, _ := readVariant(t, "killer-9")
	tests := []struct {
		name  string
		rules []sudokusat.Rule
		loops []int // loops each cage's outline has
	}{
		{"domino", []sudokusat.Rule{cage(3, 0, 1)}, []int{1}},
		{"L", []sudokusat.Rule{cage(6, 0, 4, 5)}, []int{1}},
		{"T", []sudokusat.Rule{cage(10, 0, 1, 2, 5)}, []int{1}},
		{"square", []sudokusat.Rule{cage(10, 0, 1, 4, 5)}, []int{1}},
		{"S", []sudokusat.Rule{cage(10, 1, 2, 4, 5)}, []int{1}},
		{"ring", []sudokusat.Rule{cage(sudokusat.NoValue, 0, 1, 2, 9, 11, 18, 19, 20)}, []int{2}},
		{"killer-9", killer.Rules, nil},
	}
	pathRE := regexp.MustCompile(`<path d="([^"]*)"[^>]*stroke-dasharray`)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := killer
			if tt.loops != nil {
				g, _ := sudokusat.NewGridSize(4)
				if tt.name == "ring" {
					g, _ = sudokusat.NewGridSize(9) // a ring's sum would exceed 4×4's digits
				}
				p = &sudokusat.Puzzle{Grid: g, Rules: tt.rules}
			}
			var b bytes.Buffer
			if err := render.SVG(&b, p, render.Options{}); err != nil {
				t.Fatal(err)
			}
			paths := pathRE.FindAllStringSubmatch(b.String(), -1)
			if len(paths) != len(p.Rules) {
				t.Fatalf("%d dashed paths for %d cages:\n%s", len(paths), len(p.Rules), b.String())
			}
			for i, r := range p.Rules {
				d := paths[i][1]
				loops, want := strings.Count(d, "M"), 1
				if tt.loops != nil {
					want = tt.loops[i]
				}
				turns := strings.Count(d, "M") + strings.Count(d, "L")
				if loops != want || strings.Count(d, "Z") != loops || turns != corners(r.Cells, p.Size()) {
					t.Errorf("cage %v: %d loops (want %d), %d corners (want %d): %s", r.Cells, loops, want, turns, corners(r.Cells, p.Size()), d)
				}
			}
		})
	}
}
