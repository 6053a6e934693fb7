// Package transform maps Sudoku grids onto equivalent ones: the layout
// changes (rotations, transposition, mirroring, permutations of bands, of
// rows within a band, of stacks and of columns within a stack) and the
// relabelling of digits that keep every row, column and box a unit. Each
// keeps a puzzle valid and its number of solutions unchanged, and so its
// difficulty. Canonical picks one representative of a puzzle's class, so that
// equivalent puzzles can be recognised.
package transform

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/sudokusat/sudokusat"
)

// ErrShape reports a transform that would turn the boxes of a grid into
// boxes of another shape: transposing, or turning by a quarter, a grid whose
// boxes are not square (2×3 boxes would become 3×2 ones).
var ErrShape = errors.New("transform changes the box shape")

// Map is one element of the symmetry group of a grid shape: an optional
// transposition, then a permutation of rows and one of columns that keep
// bands and stacks whole, then a relabelling of the digits. The zero Map is
// not usable: start from Identity.
type Map struct {
	boxRows, boxCols int
	transpose        bool
	rows, cols       []int // output row i reads source row rows[i] (after transposing)
	digits           []int // digit d becomes digits[d]; digits[0] is 0
}

// Identity returns the map that leaves grids of g's shape unchanged.
func Identity(g *sudokusat.Grid) Map {
	n := g.Size()
	m := Map{boxRows: g.BoxRows(), boxCols: g.BoxCols(),
		rows: make([]int, n), cols: make([]int, n), digits: make([]int, n+1)}
	for i := range n {
		m.rows[i], m.cols[i] = i, i
	}
	for d := range m.digits {
		m.digits[d] = d
	}
	return m
}

// clone copies m so that changing the copy leaves m alone: Maps are values,
// and every method returns a new one.
func (m Map) clone() Map {
	m.rows = append([]int(nil), m.rows...)
	m.cols = append([]int(nil), m.cols...)
	m.digits = append([]int(nil), m.digits...)
	return m
}

// Apply returns the image of g under m. g must have the shape m was made
// for.
func (m Map) Apply(g *sudokusat.Grid) (*sudokusat.Grid, error) {
	if g.BoxRows() != m.boxRows || g.BoxCols() != m.boxCols {
		return nil, fmt.Errorf("transform: map for %d×%d boxes applied to a grid of %d×%d boxes",
			m.boxRows, m.boxCols, g.BoxRows(), g.BoxCols())
	}
	out := g.Clone()
	n := g.Size()
	for i := range n {
		for j := range n {
			r, c := m.rows[i], m.cols[j]
			if m.transpose {
				r, c = c, r
			}
			out.Set(i, j, m.digits[g.Get(r, c)])
		}
	}
	return out, nil
}

// Transpose returns m followed by a reflection in the main diagonal. It
// fails with ErrShape for grids whose boxes are not square.
func (m Map) Transpose() (Map, error) {
	if m.boxRows != m.boxCols {
		return m, fmt.Errorf("%w: %d×%d boxes would become %d×%d", ErrShape, m.boxRows, m.boxCols, m.boxCols, m.boxRows)
	}
	t := m.clone()
	t.transpose = !m.transpose
	t.rows, t.cols = t.cols, t.rows
	return t, nil
}

// Mirror returns m followed by a left-right reflection.
func (m Map) Mirror() Map {
	t := m.clone()
	n := len(t.cols)
	for j := range n {
		t.cols[j] = m.cols[n-1-j]
	}
	return t
}

// Flip returns m followed by a top-bottom reflection.
func (m Map) Flip() Map {
	t := m.clone()
	n := len(t.rows)
	for i := range n {
		t.rows[i] = m.rows[n-1-i]
	}
	return t
}

// Rotate returns m followed by a clockwise turn of degrees, which must be
// 0, 90, 180 or 270. Quarter turns fail with ErrShape for grids whose boxes
// are not square; a half turn always works.
func (m Map) Rotate(degrees int) (Map, error) {
	switch degrees {
	case 0:
		return m.clone(), nil
	case 180:
		return m.Mirror().Flip(), nil
	case 90, 270:
		t, err := m.Transpose()
		if err != nil {
			return m, err
		}
		if degrees == 90 {
			// A clockwise quarter turn is a transposition, then a mirror.
			return t.Mirror(), nil
		}
		return t.Flip(), nil
	}
	return m, fmt.Errorf("transform: rotation by %d degrees, want 90, 180 or 270", degrees)
}

// PermuteRows returns m followed by a reordering of the rows: output row i
// is row perm[i] of m's output. perm must keep bands whole, which
// IsLayoutPerm checks.
func (m Map) PermuteRows(perm []int) (Map, error) {
	if !IsLayoutPerm(perm, m.boxRows) {
		return m, fmt.Errorf("transform: %v does not permute %d rows in bands of %d", perm, len(m.rows), m.boxRows)
	}
	t := m.clone()
	for i, p := range perm {
		t.rows[i] = m.rows[p]
	}
	return t, nil
}

// PermuteCols is PermuteRows for columns and stacks.
func (m Map) PermuteCols(perm []int) (Map, error) {
	if !IsLayoutPerm(perm, m.boxCols) {
		return m, fmt.Errorf("transform: %v does not permute %d columns in stacks of %d", perm, len(m.cols), m.boxCols)
	}
	t := m.clone()
	for j, p := range perm {
		t.cols[j] = m.cols[p]
	}
	return t, nil
}

// Relabel returns m followed by renaming digit d to perm[d-1] (perm holds
// the digits 1..N once each).
func (m Map) Relabel(perm []int) (Map, error) {
	n := len(m.rows)
	seen := make([]bool, n+1)
	for _, d := range perm {
		if d < 1 || d > n || seen[d] {
			return m, fmt.Errorf("transform: %v is not a permutation of 1..%d", perm, n)
		}
		seen[d] = true
	}
	if len(perm) != n {
		return m, fmt.Errorf("transform: %d labels for %d digits", len(perm), n)
	}
	t := m.clone()
	for d := 1; d <= n; d++ {
		t.digits[d] = perm[m.digits[d]-1]
	}
	return t, nil
}

// IsLayoutPerm reports whether perm permutes 0..len(perm)-1 so that each
// group of size consecutive lines (a band or a stack) lands whole on another.
func IsLayoutPerm(perm []int, size int) bool {
	n := len(perm)
	if size < 1 || n%size != 0 {
		return false
	}
	seen := make([]bool, n)
	for i, p := range perm {
		if p < 0 || p >= n || seen[p] {
			return false
		}
		seen[p] = true
		// Lines i and its group's first line come from the same group.
		if first := perm[i-i%size]; p/size != first/size {
			return false
		}
	}
	return true
}

// ShuffleBands returns m followed by a random reordering of the bands.
func (m Map) ShuffleBands(rng *rand.Rand) Map {
	t, _ := m.PermuteRows(groupPerm(rng, len(m.rows), m.boxRows, true, false))
	return t
}

// ShuffleRows returns m followed by a random reordering of the rows inside
// each band.
func (m Map) ShuffleRows(rng *rand.Rand) Map {
	t, _ := m.PermuteRows(groupPerm(rng, len(m.rows), m.boxRows, false, true))
	return t
}

// ShuffleStacks returns m followed by a random reordering of the stacks.
func (m Map) ShuffleStacks(rng *rand.Rand) Map {
	t, _ := m.PermuteCols(groupPerm(rng, len(m.cols), m.boxCols, true, false))
	return t
}

// ShuffleCols returns m followed by a random reordering of the columns
// inside each stack.
func (m Map) ShuffleCols(rng *rand.Rand) Map {
	t, _ := m.PermuteCols(groupPerm(rng, len(m.cols), m.boxCols, false, true))
	return t
}

// RandomRelabel returns m followed by a random renaming of the digits.
func (m Map) RandomRelabel(rng *rand.Rand) Map {
	perm := rng.Perm(len(m.rows))
	for i := range perm {
		perm[i]++
	}
	t, _ := m.Relabel(perm)
	return t
}

// Random returns a map drawn uniformly from the whole group of g's shape:
// a transposition half of the time when the boxes are square, random
// orders of bands, rows, stacks and columns, and a random relabelling.
func Random(g *sudokusat.Grid, rng *rand.Rand) Map {
	return Identity(g).Randomize(rng)
}

// Randomize returns m followed by a random element of the group, as Random
// draws it.
func (m Map) Randomize(rng *rand.Rand) Map {
	if m.boxRows == m.boxCols && rng.IntN(2) == 1 {
		m, _ = m.Transpose()
	}
	return m.ShuffleBands(rng).ShuffleRows(rng).ShuffleStacks(rng).ShuffleCols(rng).RandomRelabel(rng)
}

// groupPerm returns a permutation of n lines in groups of size: the groups
// are reordered when groups is set, the lines inside each group when lines
// is set.
func groupPerm(rng *rand.Rand, n, size int, groups, lines bool) []int {
	k := n / size
	order := make([]int, k)
	for i := range order {
		order[i] = i
	}
	if groups {
		rng.Shuffle(k, func(i, j int) { order[i], order[j] = order[j], order[i] })
	}
	perm := make([]int, 0, n)
	for _, b := range order {
		in := make([]int, size)
		for i := range in {
			in[i] = b*size + i
		}
		if lines {
			rng.Shuffle(size, func(i, j int) { in[i], in[j] = in[j], in[i] })
		}
		perm = append(perm, in...)
	}
	return perm
}

// Options are the transforms Apply makes, in the order of the fields:
// each keeps a puzzle valid, its number of solutions and its grade.
type Options struct {
	Random        bool // a random element of the whole symmetry group
	Transpose     bool // a reflection in the main diagonal (square boxes)
	Rotate        int  // a clockwise turn of 0, 90, 180 or 270 degrees (quarter turns: square boxes)
	Mirror        bool // a reflection left to right
	ShuffleBands  bool // the bands reordered at random
	ShuffleRows   bool // the rows inside each band reordered at random
	ShuffleStacks bool // the stacks reordered at random
	ShuffleCols   bool // the columns inside each stack reordered at random
	Relabel       bool // the digits renamed at random
	// Canonical, last, gives the canonical form of the grid transformed,
	// the same for every equivalent grid.
	Canonical bool
}

// Apply maps g with the transforms o asks for, drawing what is random
// from rng.
func (o Options) Apply(ctx context.Context, g *sudokusat.Grid, rng *rand.Rand) (*sudokusat.Grid, error) {
	m := Identity(g)
	var err error
	if o.Random {
		m = m.Randomize(rng)
	}
	if o.Transpose {
		if m, err = m.Transpose(); err != nil {
			return nil, err
		}
	}
	if o.Rotate != 0 {
		if m, err = m.Rotate(o.Rotate); err != nil {
			return nil, err
		}
	}
	if o.Mirror {
		m = m.Mirror()
	}
	if o.ShuffleBands {
		m = m.ShuffleBands(rng)
	}
	if o.ShuffleRows {
		m = m.ShuffleRows(rng)
	}
	if o.ShuffleStacks {
		m = m.ShuffleStacks(rng)
	}
	if o.ShuffleCols {
		m = m.ShuffleCols(rng)
	}
	if o.Relabel {
		m = m.RandomRelabel(rng)
	}
	out, err := m.Apply(g)
	if err != nil || !o.Canonical {
		return out, err
	}
	return Canonical(ctx, out)
}
