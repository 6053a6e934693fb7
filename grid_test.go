package sudokusat

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

// patternSolution returns the solved grid (r·C + r/R + c) mod N + 1 for boxes
// of R×C cells. It is written from scratch for the tests and shares nothing
// with the solvers or the validator.
func patternSolution(t testing.TB, boxRows, boxCols int) *Grid {
	t.Helper()
	g, err := NewGrid(boxRows, boxCols)
	if err != nil {
		t.Fatalf("NewGrid(%d, %d): %v", boxRows, boxCols, err)
	}
	n := boxRows * boxCols
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			g.Set(r, c, (r*boxCols+r/boxRows+c)%n+1)
		}
	}
	return g
}

// shuffledSolution returns a pattern solution scrambled by moves that keep a
// Sudoku solved: relabelling the digits, permuting the rows inside each band,
// the bands, the columns inside each stack and the stacks.
func shuffledSolution(t testing.TB, rng *rand.Rand, boxRows, boxCols int) *Grid {
	t.Helper()
	p := patternSolution(t, boxRows, boxCols)
	n := boxRows * boxCols
	// order returns a permutation of 0..n-1 that keeps groups of size
	// inner together: the groups are shuffled, and so is each group.
	order := func(inner int) []int {
		groups := rng.Perm(n / inner)
		var out []int
		for _, gi := range groups {
			for _, k := range rng.Perm(inner) {
				out = append(out, gi*inner+k)
			}
		}
		return out
	}
	rows, cols := order(boxRows), order(boxCols)
	label := rng.Perm(n)
	g, _ := NewGrid(boxRows, boxCols)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			g.Set(r, c, label[p.Get(rows[r], cols[c])-1]+1)
		}
	}
	return g
}

// blanked returns a copy of g with each cell kept with probability keep.
func blanked(rng *rand.Rand, g *Grid, keep float64) *Grid {
	h := g.Clone()
	for i := 0; i < h.Len(); i++ {
		if rng.Float64() >= keep {
			h.SetCell(i, 0)
		}
	}
	return h
}

// isSolved checks a full grid from first principles, for the tests of the
// generator itself.
func isSolved(g *Grid) bool {
	n := g.Size()
	for i := 0; i < n; i++ {
		row, col, box := map[int]bool{}, map[int]bool{}, map[int]bool{}
		for j := 0; j < n; j++ {
			row[g.Get(i, j)] = true
			col[g.Get(j, i)] = true
			// box i: band i/(n/C), stack i%(n/C); cell j inside it.
			br, bc := g.BoxRows(), g.BoxCols()
			r := (i/(n/bc))*br + j/bc
			c := (i%(n/bc))*bc + j%bc
			box[g.Get(r, c)] = true
		}
		for d := 1; d <= n; d++ {
			if !row[d] || !col[d] || !box[d] {
				return false
			}
		}
	}
	return true
}

func TestTestGenerators(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, s := range [][2]int{{2, 2}, {2, 3}, {3, 2}, {3, 3}, {3, 4}, {4, 3}, {4, 4}, {2, 5}, {5, 5}, {6, 6}, {7, 7}} {
		if g := patternSolution(t, s[0], s[1]); !isSolved(g) {
			t.Errorf("pattern %d×%d is not solved:\n%s", s[0], s[1], g.Pretty())
		}
		if g := shuffledSolution(t, rng, s[0], s[1]); !isSolved(g) {
			t.Errorf("shuffled %d×%d is not solved:\n%s", s[0], s[1], g.Pretty())
		}
	}
	// A broken grid must be caught, or the checks above prove nothing.
	g := patternSolution(t, 3, 3)
	g.Set(0, 0, g.Get(0, 1))
	if isSolved(g) {
		t.Error("isSolved accepts a grid with a duplicate")
	}
}

func TestBoxShape(t *testing.T) {
	tests := []struct {
		n, rows, cols int
		ok            bool
	}{
		{4, 2, 2, true},
		{6, 2, 3, true},
		{8, 2, 4, true},
		{9, 3, 3, true},
		{10, 2, 5, true},
		{12, 3, 4, true},
		{15, 3, 5, true},
		{16, 4, 4, true},
		{18, 3, 6, true},
		{20, 4, 5, true},
		{24, 4, 6, true},
		{25, 5, 5, true},
		{35, 5, 7, true},
		{36, 6, 6, true},
		{49, 7, 7, true},
		{225, 15, 15, true},
		{399, 19, 21, true},
		{400, 20, 20, true},
		{-9, 0, 0, false},
		{0, 0, 0, false},
		{1, 0, 0, false},
		{2, 0, 0, false},
		{3, 0, 0, false},
		{5, 0, 0, false},
		{7, 0, 0, false},
		{11, 0, 0, false},
		{13, 0, 0, false},
		{397, 0, 0, false}, // prime
		{401, 0, 0, false},
		{1 << 20, 0, 0, false},
	}
	for _, tt := range tests {
		r, c, err := BoxShape(tt.n)
		if tt.ok {
			if err != nil || r != tt.rows || c != tt.cols {
				t.Errorf("BoxShape(%d) = %d, %d, %v; want %d, %d, nil", tt.n, r, c, err, tt.rows, tt.cols)
			}
		} else {
			if err == nil || !errors.Is(err, ErrSize) {
				t.Errorf("BoxShape(%d) = %d, %d, %v; want an error wrapping ErrSize", tt.n, r, c, err)
			}
		}
		if got := ValidSize(tt.n); got != tt.ok {
			t.Errorf("ValidSize(%d) = %v, want %v", tt.n, got, tt.ok)
		}
		g, err := NewGridSize(tt.n)
		if tt.ok != (err == nil) {
			t.Errorf("NewGridSize(%d) error = %v, want ok=%v", tt.n, err, tt.ok)
		}
		if err == nil && (g.Size() != tt.n || g.BoxRows() != tt.rows || g.BoxCols() != tt.cols || g.Len() != tt.n*tt.n || g.Givens() != 0) {
			t.Errorf("NewGridSize(%d): size %d, boxes %d×%d, %d cells, %d givens", tt.n, g.Size(), g.BoxRows(), g.BoxCols(), g.Len(), g.Givens())
		}
	}
	// The messages say why.
	if _, _, err := BoxShape(7); err == nil || !strings.Contains(err.Error(), "prime") {
		t.Errorf("BoxShape(7) = %v, want a message about a prime side", err)
	}
	if _, _, err := BoxShape(401); err == nil || !strings.Contains(err.Error(), "401") {
		t.Errorf("BoxShape(401) = %v, want a message naming 401", err)
	}
}

func TestNewGrid(t *testing.T) {
	tests := []struct {
		r, c int
		ok   bool
	}{
		{2, 2, true},
		{2, 3, true},
		{3, 2, true}, // tall boxes are allowed when asked for
		{3, 4, true},
		{20, 20, true},
		{10, 40, true},
		{1, 9, true}, // boxes of one row: the rows, for a puzzle that gives its regions
		{1, 3, false},
		{1, 401, false},
		{9, 1, false},
		{0, 0, false},
		{-2, -3, false},
		{20, 21, false},
	}
	for _, tt := range tests {
		g, err := NewGrid(tt.r, tt.c)
		if !tt.ok {
			if err == nil || !errors.Is(err, ErrSize) {
				t.Errorf("NewGrid(%d, %d) error = %v, want ErrSize", tt.r, tt.c, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("NewGrid(%d, %d): %v", tt.r, tt.c, err)
			continue
		}
		if g.BoxRows() != tt.r || g.BoxCols() != tt.c || g.Size() != tt.r*tt.c || g.Len() != tt.r*tt.c*tt.r*tt.c {
			t.Errorf("NewGrid(%d, %d): %d×%d boxes, size %d, %d cells", tt.r, tt.c, g.BoxRows(), g.BoxCols(), g.Size(), g.Len())
		}
	}
}

func TestBox(t *testing.T) {
	tests := []struct {
		boxRows, boxCols int
		r, c, want       int
	}{
		{2, 2, 0, 0, 0},
		{2, 2, 1, 3, 1},
		{2, 2, 2, 1, 2},
		{2, 2, 3, 3, 3},
		{3, 3, 0, 0, 0},
		{3, 3, 0, 8, 2},
		{3, 3, 4, 4, 4},
		{3, 3, 5, 2, 3},
		{3, 3, 6, 3, 7},
		{3, 3, 8, 8, 8},
		// 6×6, boxes of 2 rows × 3 columns: 3 bands of 2 boxes.
		{2, 3, 0, 2, 0},
		{2, 3, 0, 3, 1},
		{2, 3, 1, 5, 1},
		{2, 3, 2, 0, 2},
		{2, 3, 3, 4, 3},
		{2, 3, 5, 5, 5},
		// 6×6, boxes of 3 rows × 2 columns: 2 bands of 3 boxes.
		{3, 2, 0, 1, 0},
		{3, 2, 0, 2, 1},
		{3, 2, 2, 5, 2},
		{3, 2, 3, 0, 3},
		{3, 2, 5, 3, 4},
		{3, 2, 5, 5, 5},
		// 12×12, boxes of 3×4: 4 bands of 3 boxes.
		{3, 4, 0, 4, 1},
		{3, 4, 2, 11, 2},
		{3, 4, 3, 0, 3},
		{3, 4, 4, 5, 4},
		{3, 4, 8, 8, 8},
		{3, 4, 9, 3, 9},
		{3, 4, 11, 11, 11},
	}
	for _, tt := range tests {
		g, err := NewGrid(tt.boxRows, tt.boxCols)
		if err != nil {
			t.Fatal(err)
		}
		if got := g.Box(tt.r, tt.c); got != tt.want {
			t.Errorf("%d×%d boxes: Box(%d, %d) = %d, want %d", tt.boxRows, tt.boxCols, tt.r, tt.c, got, tt.want)
		}
	}
	// Every box holds N cells that fit in a boxRows×boxCols rectangle.
	for _, s := range [][2]int{{2, 2}, {2, 3}, {3, 2}, {3, 4}, {4, 3}, {2, 5}, {5, 5}} {
		g, _ := NewGrid(s[0], s[1])
		n := g.Size()
		count := make([]int, n)
		minR, minC := make([]int, n), make([]int, n)
		for i := range minR {
			minR[i], minC[i] = n, n
		}
		maxR, maxC := make([]int, n), make([]int, n)
		for r := 0; r < n; r++ {
			for c := 0; c < n; c++ {
				b := g.Box(r, c)
				if b < 0 || b >= n {
					t.Fatalf("%d×%d: Box(%d, %d) = %d, out of range", s[0], s[1], r, c, b)
				}
				count[b]++
				minR[b], maxR[b] = min(minR[b], r), max(maxR[b], r)
				minC[b], maxC[b] = min(minC[b], c), max(maxC[b], c)
			}
		}
		for b := 0; b < n; b++ {
			if count[b] != n || maxR[b]-minR[b]+1 != s[0] || maxC[b]-minC[b]+1 != s[1] {
				t.Errorf("%d×%d: box %d has %d cells in rows %d-%d, columns %d-%d", s[0], s[1], b, count[b], minR[b], maxR[b], minC[b], maxC[b])
			}
		}
	}
}

func TestGetSetCell(t *testing.T) {
	g, _ := NewGrid(2, 3)
	g.Set(2, 4, 5)
	if g.Get(2, 4) != 5 || g.Cell(2*6+4) != 5 || g.Givens() != 1 {
		t.Errorf("Set(2, 4, 5): Get %d, Cell %d, Givens %d", g.Get(2, 4), g.Cell(16), g.Givens())
	}
	g.SetCell(35, 6)
	if g.Get(5, 5) != 6 || g.Givens() != 2 {
		t.Errorf("SetCell(35, 6): Get(5, 5) = %d, Givens %d", g.Get(5, 5), g.Givens())
	}
	g.Set(2, 4, 0)
	if g.Get(2, 4) != 0 || g.Givens() != 1 {
		t.Errorf("Set(2, 4, 0): Get %d, Givens %d", g.Get(2, 4), g.Givens())
	}
}

func TestClone(t *testing.T) {
	g := patternSolution(t, 3, 4)
	h := g.Clone()
	if !h.Equal(g) || !g.Equal(h) {
		t.Fatal("a clone is not Equal to its original")
	}
	if h.BoxRows() != 3 || h.BoxCols() != 4 {
		t.Fatalf("clone has %d×%d boxes", h.BoxRows(), h.BoxCols())
	}
	h.Set(0, 0, 0)
	if g.Get(0, 0) != 1 {
		t.Error("changing the clone changed the original")
	}
	g.Set(11, 11, 0)
	if h.Get(11, 11) == 0 {
		t.Error("changing the original changed the clone")
	}
	if g.Equal(h) {
		t.Error("Equal ignores differing cells")
	}
}

func TestEqual(t *testing.T) {
	a, _ := NewGrid(2, 3)
	b, _ := NewGrid(3, 2)
	c, _ := NewGrid(2, 3)
	d, _ := NewGrid(2, 2)
	tests := []struct {
		name string
		g, h *Grid
		want bool
	}{
		{"same grid", a, a, true},
		{"two empty 2×3", a, c, true},
		{"2×3 and 3×2 boxes", a, b, false},
		{"6×6 and 4×4", a, d, false},
		{"pattern and its clone", patternSolution(t, 3, 3), patternSolution(t, 3, 3), true},
		{"pattern and empty", patternSolution(t, 2, 3), a, false},
	}
	for _, tt := range tests {
		if got := tt.g.Equal(tt.h); got != tt.want {
			t.Errorf("%s: Equal = %v, want %v", tt.name, got, tt.want)
		}
		if got := tt.h.Equal(tt.g); got != tt.want {
			t.Errorf("%s (swapped): Equal = %v, want %v", tt.name, got, tt.want)
		}
	}
	// One cell differs, in the last position.
	g, h := patternSolution(t, 3, 3), patternSolution(t, 3, 3)
	h.SetCell(80, 0)
	if g.Equal(h) || h.Equal(g) {
		t.Error("Equal ignores the last cell")
	}
}

func TestSymbol(t *testing.T) {
	tests := []struct {
		d    int
		want byte
	}{
		{0, '.'}, {1, '1'}, {9, '9'}, {10, 'A'}, {16, 'G'}, {25, 'P'}, {33, 'X'}, {35, 'Z'}, {36, 0}, {400, 0},
	}
	for _, tt := range tests {
		if got := Symbol(tt.d); got != tt.want {
			t.Errorf("Symbol(%d) = %q, want %q", tt.d, got, tt.want)
		}
	}
}

func TestStringPrettyRows(t *testing.T) {
	g := patternSolution(t, 2, 2)
	g.Set(0, 0, 0)
	if got, want := g.String(), ".234341223414123"; got != want {
		t.Errorf("String = %q, want %q", got, want)
	}
	if got, want := string(g.AppendLine([]byte("x:"))), "x:.234341223414123"; got != want {
		t.Errorf("AppendLine = %q, want %q", got, want)
	}
	wantPretty := ". 2 | 3 4\n" +
		"3 4 | 1 2\n" +
		"----+----\n" +
		"2 3 | 4 1\n" +
		"4 1 | 2 3\n"
	if got := g.Pretty(); got != wantPretty {
		t.Errorf("Pretty =\n%s\nwant\n%s", got, wantPretty)
	}
	wantRows := "0 2 3 4\n3 4 1 2\n2 3 4 1\n4 1 2 3\n"
	if got := g.Rows(); got != wantRows {
		t.Errorf("Rows = %q, want %q", got, wantRows)
	}

	// 6×6 with 2×3 boxes: separators after every second row.
	g6 := patternSolution(t, 2, 3)
	want6 := "1 2 3 | 4 5 6\n" +
		"4 5 6 | 1 2 3\n" +
		"------+------\n" +
		"2 3 4 | 5 6 1\n" +
		"5 6 1 | 2 3 4\n" +
		"------+------\n" +
		"3 4 5 | 6 1 2\n" +
		"6 1 2 | 3 4 5\n"
	if got := g6.Pretty(); got != want6 {
		t.Errorf("6×6 Pretty =\n%s\nwant\n%s", got, want6)
	}

	// Over 35, String writes numbers and Pretty pads them.
	g36 := patternSolution(t, 6, 6)
	g36.Set(0, 1, 0)
	s := g36.String()
	if !strings.HasPrefix(s, "1 0 3 4 5 6 7 8 9 10 11 ") || len(strings.Fields(s)) != 36*36 {
		t.Errorf("36×36 String starts %q and has %d fields", s[:30], len(strings.Fields(s)))
	}
	first := strings.SplitN(g36.Pretty(), "\n", 2)[0]
	if !strings.HasPrefix(first, " 1  .  3  4  5  6 |  7  8 ") {
		t.Errorf("36×36 Pretty starts %q", first)
	}
}
