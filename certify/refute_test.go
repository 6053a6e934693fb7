package certify

import (
	"context"
	"runtime"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
)

// TestMinDirectClauses: the bound File holds a CNF file to is a
// lower bound of every direct encoding's size, and minimal's exact size
// without givens; direct tells the direct encodings from the others.
func TestMinDirectClauses(t *testing.T) {
	for _, e := range encode.Encodings() {
		isDirect := e.Name == "minimal" || e.Name == "efficient" || e.Name == "extended"
		if direct(e.Build) != isDirect {
			t.Errorf("%s: direct %v", e.Name, !isDirect)
		}
		if !isDirect {
			continue
		}
		for _, shape := range [][2]int{{2, 2}, {2, 3}, {3, 3}, {4, 4}} {
			n := shape[0] * shape[1]
			g, err := sudokusat.ParseLine(strings.Repeat(".", n*n), shape[0], shape[1])
			if err != nil {
				t.Fatal(err)
			}
			f, err := e.Build(g)
			if err != nil {
				t.Fatal(err)
			}
			if got := f.NumClauses(); got < minDirectClauses(n) || e.Name == "minimal" && got != minDirectClauses(n) {
				t.Errorf("%s %d×%d: %d clauses, bound %d", e.Name, n, n, got, minDirectClauses(n))
			}
		}
	}
}

// TestFileBounds: File refuses before building what the CNF
// file could not have held: a direct formula with more clauses than the
// file, a reduced one above the grids whose proofs it checks.
func TestFileBounds(t *testing.T) {
	empty := func(box int) *sudokusat.Puzzle {
		g, err := sudokusat.ParseLine(strings.Repeat(".", box*box*box*box), box, box)
		if err != nil {
			t.Fatal(err)
		}
		return &sudokusat.Puzzle{Grid: g}
	}
	tests := []struct {
		name  string
		m     *encode.VarMap
		given int // clauses in the file
		want  string
	}{
		{"extended 64×64, no clauses", &encode.VarMap{Encoding: "extended", Puzzle: empty(8)}, 0, "the CNF file holds 0 clauses, fewer than the 24776704"},
		{"minimal 16×16, one clause short", &encode.VarMap{Encoding: "minimal", Puzzle: empty(4)}, minDirectClauses(16) - 1, "fewer than the 92416"},
		{"reduced 144×144", &encode.VarMap{Encoding: "reduced", Puzzle: empty(12)}, 1 << 30, "checked up to 25×25 grids, not 144×144"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var before, after runtime.MemStats
			given := &encode.Formula{Vars: 1}
			for range min(tt.given, minDirectClauses(16)) {
				given.Add(1)
			}
			runtime.ReadMemStats(&before)
			_, err := File(context.Background(), tt.m, given, strings.NewReader("0\n"))
			runtime.ReadMemStats(&after)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want %q", err, tt.want)
			}
			// The reduced 144×144 formula took 2 GB before its refusal.
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
				t.Errorf("%d bytes allocated before the refusal", alloc)
			}
		})
	}
}
