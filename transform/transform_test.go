package transform

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"testing"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/internal/cputime"
	"github.com/sudokusat/sudokusat/native"
)

// readPuzzles reads every puzzle of a file in ../testdata.
func readPuzzles(t *testing.T, name string) []*sudokusat.Grid {
	t.Helper()
	f, err := os.Open("../testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := sudokusat.NewReader(f)
	var gs []*sudokusat.Grid
	for {
		p, err := r.Read()
		if err != nil {
			break
		}
		gs = append(gs, p.Grid)
	}
	if len(gs) == 0 {
		t.Fatalf("%s: no puzzles", name)
	}
	return gs
}

func mustParse(t *testing.T, s string) *sudokusat.Grid {
	t.Helper()
	g, err := sudokusat.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// ops are the single transforms the command line offers, as map builders.
var ops = []struct {
	name string
	do   func(Map, *rand.Rand) (Map, error)
}{
	{"rotate90", func(m Map, _ *rand.Rand) (Map, error) { return m.Rotate(90) }},
	{"rotate180", func(m Map, _ *rand.Rand) (Map, error) { return m.Rotate(180) }},
	{"rotate270", func(m Map, _ *rand.Rand) (Map, error) { return m.Rotate(270) }},
	{"transpose", func(m Map, _ *rand.Rand) (Map, error) { return m.Transpose() }},
	{"mirror", func(m Map, _ *rand.Rand) (Map, error) { return m.Mirror(), nil }},
	{"relabel", func(m Map, r *rand.Rand) (Map, error) { return m.RandomRelabel(r), nil }},
	{"shuffle-rows", func(m Map, r *rand.Rand) (Map, error) { return m.ShuffleRows(r), nil }},
	{"shuffle-bands", func(m Map, r *rand.Rand) (Map, error) { return m.ShuffleBands(r), nil }},
	{"shuffle-cols", func(m Map, r *rand.Rand) (Map, error) { return m.ShuffleCols(r), nil }},
	{"shuffle-stacks", func(m Map, r *rand.Rand) (Map, error) { return m.ShuffleStacks(r), nil }},
	{"random", func(m Map, r *rand.Rand) (Map, error) { return m.Randomize(r), nil }},
}

// TestTransformsKeepSolutions applies every transform to many puzzles and
// checks that the image is valid, has as many solutions (native count,
// limit 2), and that its solution is the image of the puzzle's solution.
func TestTransformsKeepSolutions(t *testing.T) {
	var puzzles []*sudokusat.Grid
	for _, f := range []string{"top95-sample.txt", "magictour-sample.txt", "17clue-sample.txt", "large-4.txt", "large-16.txt"} {
		puzzles = append(puzzles, readPuzzles(t, f)...)
	}
	// A puzzle with two solutions and a 6×6 one with rectangular boxes.
	puzzles = append(puzzles,
		mustParse(t, "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."),
		mustParse(t, "1.....\n..3...\n......\n...2..\n....5.\n.6...."))
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(1, 2))
	checked := 0
	for pi, p := range puzzles {
		want, err := native.Count(ctx, p, 2)
		if err != nil {
			t.Fatal(err)
		}
		for _, op := range ops {
			m, err := op.do(Identity(p), rng)
			if p.BoxRows() != p.BoxCols() && (op.name == "transpose" || op.name == "rotate90" || op.name == "rotate270") {
				if !errors.Is(err, ErrShape) {
					t.Errorf("puzzle %d %s: rectangular boxes gave %v, want ErrShape", pi, op.name, err)
				}
				continue
			}
			if err != nil {
				t.Fatalf("puzzle %d %s: %v", pi, op.name, err)
			}
			q, err := m.Apply(p)
			if err != nil {
				t.Fatal(err)
			}
			if err := q.Validate(); err != nil {
				t.Errorf("puzzle %d %s: image invalid: %v", pi, op.name, err)
			}
			if q.Givens() != p.Givens() {
				t.Errorf("puzzle %d %s: %d givens became %d", pi, op.name, p.Givens(), q.Givens())
			}
			got, err := native.Count(ctx, q, 2)
			if err != nil {
				t.Fatal(err)
			}
			if got.Count != want.Count {
				t.Errorf("puzzle %d %s: %d solutions became %d", pi, op.name, want.Count, got.Count)
				continue
			}
			if want.Count == 1 {
				img, err := m.Apply(want.Solution)
				if err != nil {
					t.Fatal(err)
				}
				if !img.Equal(got.Solution) {
					t.Errorf("puzzle %d %s: solution of the image is not the image of the solution", pi, op.name)
				}
			}
			checked++
		}
	}
	if checked < 500 {
		t.Errorf("only %d transforms checked", checked)
	}
}

// TestRotateKnown checks the geometric transforms against hand-made images
// of a 4×4 grid.
func TestRotateKnown(t *testing.T) {
	g := mustParse(t, "12..\n....\n....\n...4")
	tests := []struct {
		name string
		do   func(Map) (Map, error)
		want string
	}{
		{"rotate90", func(m Map) (Map, error) { return m.Rotate(90) }, "...1...2....4..." /* 1 goes to the top right */},
		{"rotate180", func(m Map) (Map, error) { return m.Rotate(180) }, "4.............21"},
		{"rotate270", func(m Map) (Map, error) { return m.Rotate(270) }, "...4....2...1..."},
		{"transpose", func(m Map) (Map, error) { return m.Transpose() }, "1...2..........4"},
		{"mirror", func(m Map) (Map, error) { return m.Mirror(), nil }, "..21........4..."},
		{"rotate0", func(m Map) (Map, error) { return m.Rotate(0) }, "12.............4"},
	}
	for _, tt := range tests {
		m, err := tt.do(Identity(g))
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		got, err := m.Apply(g)
		if err != nil {
			t.Fatal(err)
		}
		if got.String() != tt.want {
			t.Errorf("%s: got %s, want %s", tt.name, got, tt.want)
		}
	}
	if _, err := Identity(g).Rotate(45); err == nil {
		t.Error("rotation by 45 degrees accepted")
	}
}

func TestIsLayoutPerm(t *testing.T) {
	tests := []struct {
		perm []int
		size int
		want bool
	}{
		{[]int{0, 1, 2, 3, 4, 5}, 3, true},
		{[]int{3, 5, 4, 2, 0, 1}, 3, true},
		{[]int{0, 1, 3, 2, 4, 5}, 3, false}, // row 3 moved into the first band alone
		{[]int{0, 0, 1, 2, 3, 4}, 3, false},
		{[]int{0, 1, 2, 3, 4}, 3, false},
		{[]int{1, 0, 3, 2}, 2, true},
		{[]int{0, 1, 2, 6}, 2, false},
	}
	for _, tt := range tests {
		if got := IsLayoutPerm(tt.perm, tt.size); got != tt.want {
			t.Errorf("IsLayoutPerm(%v, %d) = %v, want %v", tt.perm, tt.size, got, tt.want)
		}
	}
}

// TestCanonical checks that every image of a puzzle has the puzzle's
// canonical form, that the form is itself an image (same givens, valid,
// same count) and is minimal, and that inequivalent puzzles differ.
func TestCanonical(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(3, 4))
	puzzles := append(readPuzzles(t, "top95-sample.txt")[:8], readPuzzles(t, "17clue-sample.txt")[:8]...)
	puzzles = append(puzzles, readPuzzles(t, "large-4.txt")...)
	puzzles = append(puzzles, mustParse(t, "1.....\n..3...\n......\n...2..\n....5.\n.6...."))
	empty, _ := sudokusat.NewGridSize(9)
	puzzles = append(puzzles, empty)
	forms := map[string]int{}
	for pi, p := range puzzles {
		c, err := Canonical(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		if c.Givens() != p.Givens() || c.Validate() != nil {
			t.Errorf("puzzle %d: canonical form %s is not an image of %s", pi, c, p)
		}
		if !lessOrEqual(c, p) && p.Givens() > 0 {
			// The identity layout relabelled is an image, so the form can
			// only be beyond the puzzle when relabelling made it larger.
			if r := relabelFirst(p); !lessOrEqual(c, r) {
				t.Errorf("puzzle %d: canonical form %s is beyond the relabelled puzzle %s", pi, c, r)
			}
		}
		for k := range 5 {
			q, err := Random(p, rng).Apply(p)
			if err != nil {
				t.Fatal(err)
			}
			cq, err := Canonical(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			if !cq.Equal(c) {
				t.Errorf("puzzle %d image %d: canonical form %s, want %s", pi, k, cq, c)
			}
		}
		if j, ok := forms[c.String()]; ok {
			t.Errorf("puzzles %d and %d share the canonical form %s", j, pi, c)
		}
		forms[c.String()] = pi
	}
	if got := forms[empty.String()]; got == 0 {
		t.Error("empty grid: no canonical form recorded")
	}
}

// TestCanonicalTooLarge checks the documented limit.
func TestCanonicalTooLarge(t *testing.T) {
	g, _ := sudokusat.NewGridSize(16)
	if _, err := Canonical(context.Background(), g); !errors.Is(err, ErrTooLarge) {
		t.Errorf("16×16: %v, want ErrTooLarge", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g9, _ := sudokusat.NewGridSize(9)
	if _, err := Canonical(ctx, g9); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: %v, want context.Canceled", err)
	}
}

func relabelFirst(g *sudokusat.Grid) *sudokusat.Grid {
	out := g.Clone()
	label := make([]int, g.Size()+1)
	next := 1
	for i := range g.Len() {
		d := g.Cell(i)
		if d == 0 {
			continue
		}
		if label[d] == 0 {
			label[d] = next
			next++
		}
		out.SetCell(i, label[d])
	}
	return out
}

func lessOrEqual(a, b *sudokusat.Grid) bool {
	for i := range a.Len() {
		if a.Cell(i) != b.Cell(i) {
			return a.Cell(i) < b.Cell(i)
		}
	}
	return true
}

// TestCanonicalSpeed keeps the 9×9 canonical form within milliseconds:
// 200 ms of CPU time per puzzle at most, which other programs on the
// machine do not stretch as they do the clock's (20 ms a puzzle on a
// machine at a load of 20, against 2 quiet). Where the system does not
// report CPU time, nothing is bounded.
func TestCanonicalSpeed(t *testing.T) {
	puzzles := readPuzzles(t, "magictour-sample.txt")
	start := time.Now()
	cpuStart, cpuOK := cputime.Used()
	for _, p := range puzzles {
		if _, err := Canonical(context.Background(), p); err != nil {
			t.Fatal(err)
		}
	}
	cpuEnd, ok := cputime.Used()
	per := time.Since(start) / time.Duration(len(puzzles))
	cpu := (cpuEnd - cpuStart) / time.Duration(len(puzzles))
	t.Logf("canonical form: %v of CPU, %v on the clock per 9×9 puzzle", cpu, per)
	if ok && cpuOK && cpu > 200*time.Millisecond {
		t.Errorf("canonical form takes %v of CPU per puzzle", cpu)
	}
}

// TestOptionsApply: Options apply the transforms in their order, refuse
// a quarter turn of non-square boxes, and their canonical form is every
// equivalent grid's.
func TestOptionsApply(t *testing.T) {
	g := mustParse(t, "12..\n....\n....\n...4")
	ctx := context.Background()
	rng := func() *rand.Rand { return rand.New(rand.NewPCG(1, 2)) }
	turned, err := Options{Rotate: 90, Mirror: true}.Apply(ctx, g, rng())
	if err != nil {
		t.Fatal(err)
	}
	m, _ := Identity(g).Rotate(90)
	want, _ := m.Mirror().Apply(g)
	if !turned.Equal(want) {
		t.Errorf("a quarter turn, then a mirror: %v, want %v", turned, want)
	}
	if _, err := (Options{Transpose: true}).Apply(ctx, mustParse(t, "1.....\n..3...\n......\n...2..\n....5.\n.6...."), rng()); !errors.Is(err, ErrShape) {
		t.Errorf("a 2×3-box grid transposed: %v, want ErrShape", err)
	}
	all := Options{Random: true, Transpose: true, Rotate: 270, Mirror: true, ShuffleBands: true, ShuffleRows: true,
		ShuffleStacks: true, ShuffleCols: true, Relabel: true}
	a, err := all.Apply(ctx, g, rng())
	if err != nil {
		t.Fatal(err)
	}
	all.Canonical = true
	ca, err1 := all.Apply(ctx, g, rng())
	cg, err2 := Options{Canonical: true}.Apply(ctx, g, rng())
	if err1 != nil || err2 != nil || !ca.Equal(cg) || a.Givens() != g.Givens() {
		t.Errorf("canonical forms %v and %v (%v, %v); want equal", ca, cg, err1, err2)
	}
}
