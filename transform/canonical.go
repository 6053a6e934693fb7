package transform

import (
	"context"
	"errors"
	"fmt"

	"github.com/sudokusat/sudokusat"
)

// ErrTooLarge reports a grid whose canonical form would take too long: its
// column layouts, which Canonical enumerates, number more than
// MaxCanonicalLayouts.
var ErrTooLarge = errors.New("too many layouts for a canonical form")

// MaxCanonicalLayouts bounds the column layouts (stack orders times column
// orders inside the stacks) Canonical enumerates per orientation: 1,296 for
// 9×9, 82,944 for 12×12, but 7,962,624 for 16×16, which is refused.
const MaxCanonicalLayouts = 1 << 17

// Canonical returns the canonical form of g: the least grid, read row by
// row with a blank before every digit, among all the images of g under its
// shape's layout group (transposition when the boxes are square, orders of
// bands, of rows in a band, of stacks and of columns in a stack), each
// relabelled by first appearance (the first digit read becomes 1, the next
// new one 2, …). Two puzzles are equivalent exactly when their canonical
// forms are equal.
//
// Column layouts are enumerated, but rows are chosen one at a time: for a
// column layout only the rows that give the least next row (ties kept) are
// followed, and a branch ends as soon as its prefix is beyond the best
// grid found. A 9×9 canonical form takes about a millisecond.
func Canonical(ctx context.Context, g *sudokusat.Grid) (*sudokusat.Grid, error) {
	n, br, bc := g.Size(), g.BoxRows(), g.BoxCols()
	if layouts := colLayouts(n, bc); layouts > MaxCanonicalLayouts {
		// colLayouts stops counting past the limit, so the count is not printed.
		return nil, fmt.Errorf("%w: %d×%d has more than %d column layouts", ErrTooLarge, n, n, MaxCanonicalLayouts)
	}
	s := &canon{n: n, br: br, best: make([]uint16, n*n), ctx: ctx}
	orients := []bool{false}
	if br == bc {
		orients = append(orients, true)
	}
	for _, t := range orients {
		s.src = make([]uint16, n*n)
		for r := range n {
			for c := range n {
				if t {
					s.src[r*n+c] = uint16(g.Get(c, r))
				} else {
					s.src[r*n+c] = uint16(g.Get(r, c))
				}
			}
		}
		s.findDuplicates(bc)
		if err := s.eachColLayout(bc); err != nil {
			return nil, err
		}
	}
	out := g.Clone()
	for i, d := range s.best {
		out.SetCell(i, int(d))
	}
	return out, nil
}

// colLayouts returns (n/bc)!·(bc!)^(n/bc), saturating above
// MaxCanonicalLayouts.
func colLayouts(n, bc int) int {
	total := 1
	mul := func(k int) {
		for i := 2; i <= k; i++ {
			total *= i
			if total > MaxCanonicalLayouts {
				total = MaxCanonicalLayouts + 1
			}
		}
	}
	mul(n / bc)
	for range n / bc {
		mul(bc)
	}
	return total
}

// canon is the state of one canonical-form search.
type canon struct {
	ctx   context.Context
	n, br int
	src   []uint16 // the grid in one orientation, row-major
	// dupRow[r] and dupCol[c] name an earlier line of the same band or
	// stack with the same content (-1 when none): swapping two such lines
	// leaves the grid unchanged, so only one of their orders is tried.
	dupRow, dupCol []int
	cols           []int    // the column layout being tried: output column j reads cols[j]
	best           []uint16 // the least grid found so far, its first bestRows rows valid
	bestRows       int
	tried          int
}

// findDuplicates fills dupRow and dupCol for the current orientation. In a
// valid puzzle only empty lines can be equal within a band or stack, but
// those are common, and without this an empty grid takes seconds.
func (s *canon) findDuplicates(bc int) {
	n := s.n
	s.dupRow, s.dupCol = make([]int, n), make([]int, n)
	for a := range n {
		s.dupRow[a], s.dupCol[a] = -1, -1
		for b := a - a%s.br; b < a && s.dupRow[a] < 0; b++ {
			same := true
			for c := range n {
				if s.src[a*n+c] != s.src[b*n+c] {
					same = false
					break
				}
			}
			if same {
				s.dupRow[a] = b
			}
		}
		for b := a - a%bc; b < a && s.dupCol[a] < 0; b++ {
			same := true
			for r := range n {
				if s.src[r*n+a] != s.src[r*n+b] {
					same = false
					break
				}
			}
			if same {
				s.dupCol[a] = b
			}
		}
	}
}

// eachColLayout runs the row search for every column layout.
func (s *canon) eachColLayout(bc int) error {
	n := s.n
	stacks := n / bc
	s.cols = make([]int, n)
	usedStack := make([]bool, stacks)
	usedCol := make([]bool, n)
	var place func(j int) error
	place = func(j int) error {
		if j == n {
			s.tried++
			if s.tried%64 == 0 {
				if err := s.ctx.Err(); err != nil {
					return fmt.Errorf("canonical form: %w", err)
				}
			}
			s.searchRows()
			return nil
		}
		if j%bc == 0 {
			for st := range stacks {
				if usedStack[st] {
					continue
				}
				usedStack[st] = true
				for c := st * bc; c < (st+1)*bc; c++ {
					if p := s.dupCol[c]; p >= 0 {
						continue // its twin p must come first
					}
					usedCol[c] = true
					s.cols[j] = c
					if err := place(j + 1); err != nil {
						return err
					}
					usedCol[c] = false
				}
				usedStack[st] = false
			}
			return nil
		}
		st := s.cols[j-j%bc] / bc
		for c := st * bc; c < (st+1)*bc; c++ {
			if usedCol[c] || s.dupCol[c] >= 0 && !usedCol[s.dupCol[c]] {
				continue
			}
			usedCol[c] = true
			s.cols[j] = c
			if err := place(j + 1); err != nil {
				return err
			}
			usedCol[c] = false
		}
		return nil
	}
	return place(0)
}

// branch is a partial row layout: the rows chosen so far and the labels
// their digits got.
type branch struct {
	label []uint16 // digit → label, 0 while unlabelled
	next  uint16   // the next label to give
	used  []bool   // source rows already placed
}

// searchRows finds the least grid for the current column layout, row by
// row, and keeps it when it beats the best.
func (s *canon) searchRows() {
	n := s.n
	b := branch{label: make([]uint16, n+1), next: 1, used: make([]bool, n)}
	row := make([]uint16, n*n) // the grid being built
	s.rowLevel(0, -1, &b, row)
}

// rowLevel chooses output row i; band is the source band of the current
// output band, or -1 when row i starts a new band.
func (s *canon) rowLevel(i, band int, b *branch, grid []uint16) {
	n, br := s.n, s.br
	if i == n {
		copy(s.best, grid)
		s.bestRows = n
		return
	}
	lo, hi := 0, n
	if i%br != 0 {
		lo, hi = band*br, (band+1)*br
	}
	cur := grid[i*n : (i+1)*n]
	cand := make([]uint16, n)
	scratch := branch{label: make([]uint16, n+1)}
	var ties []int
	for r := lo; r < hi; r++ {
		if b.used[r] || s.dupRow[r] >= 0 && !b.used[s.dupRow[r]] {
			continue
		}
		copy(scratch.label, b.label)
		scratch.next = b.next
		s.relabelRow(r, &scratch, cand)
		switch {
		case ties == nil:
		case less(cand, cur):
			ties = ties[:0]
		case less(cur, cand):
			continue
		}
		copy(cur, cand)
		ties = append(ties, r)
	}
	if s.bestRows > i {
		bestRow := s.best[i*n : (i+1)*n]
		if less(bestRow, cur) {
			return
		}
		if less(cur, bestRow) {
			// A new leader: the best's rows from here on no longer bind.
			s.bestRows = i
		}
	}
	if s.bestRows == i {
		copy(s.best[i*n:(i+1)*n], cur)
		s.bestRows = i + 1
	}
	saveLabel := append([]uint16(nil), b.label...)
	saveNext := b.next
	for _, r := range ties {
		// Ties are equal rows, but their digits may carry different
		// labels, so each is followed with its own labelling.
		copy(b.label, saveLabel)
		b.next = saveNext
		s.relabelRow(r, b, cand)
		copy(cur, cand)
		b.used[r] = true
		nb := band
		if i%br == 0 {
			nb = r / br
		}
		s.rowLevel(i+1, nb, b, grid)
		b.used[r] = false
	}
	copy(b.label, saveLabel)
	b.next = saveNext
}

// relabelRow writes source row r under the current column layout into out,
// labelling its new digits, and records those labels in b.
func (s *canon) relabelRow(r int, b *branch, out []uint16) {
	n := s.n
	src := s.src[r*n : (r+1)*n]
	for j, c := range s.cols {
		d := src[c]
		if d == 0 {
			out[j] = 0
			continue
		}
		if b.label[d] == 0 {
			b.label[d] = b.next
			b.next++
		}
		out[j] = b.label[d]
	}
}

// less reports whether a comes before b, compared cell by cell.
func less(a, b []uint16) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}
