package explain

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/variant"
)

// Ref names one constraint of a puzzle that a step uses: a row, column or
// region (a house), or one of the puzzle's rules. Its kinds and indexes
// are the encoder's (encode.Part), so that a step's check can take the
// clauses of exactly the constraints the step names.
type Ref struct {
	Kind  encode.PartKind
	Index int
}

// house is a group of cells that holds each digit at most once, and each
// exactly once when it has N cells: a row, a column, a region, or a rule
// whose cells must differ (a diagonal, an extra region, a killer cage).
type house struct {
	ref   Ref
	cells []int
	full  bool // N cells: every digit is in it
}

// board is what does not change while a puzzle is explained: its houses
// and which cells see which.
type board struct {
	p      *sudokusat.Puzzle
	n      int
	all    uint64 // the mask of every digit
	houses []house
	// lines are the houses the fish and locked candidates read: rows
	// first (0..n-1), then columns (n..2n-1), then regions.
	cellHouses [][]int // for each cell, its houses' indexes
	peers      [][]int // for each cell, the cells that share a house with it
	seesMask   [][]uint64
	// cross and crossKeys are, by house, the cells other houses share
	// with it and those houses in order (built on first use by the
	// strong-link search).
	cross     []map[int][]int
	crossKeys [][]int
	// order lists the houses in the order Sudoku Explainer scans them:
	// regions (boxes), columns, rows, then the houses of rules.
	order []int
}

// newBoard builds the board of p. Rules whose kind makes its cells
// distinct are houses too, so that singles and subsets read them.
func newBoard(p *sudokusat.Puzzle) *board {
	n := p.Size()
	b := &board{p: p, n: n, all: uint64(1)<<n - 1}
	if n == 64 {
		b.all = ^uint64(0)
	}
	for r := range n {
		cells := make([]int, n)
		for c := range n {
			cells[c] = r*n + c
		}
		b.houses = append(b.houses, house{ref: Ref{encode.PartRow, r}, cells: cells, full: true})
	}
	for c := range n {
		cells := make([]int, n)
		for r := range n {
			cells[r] = r*n + c
		}
		b.houses = append(b.houses, house{ref: Ref{encode.PartColumn, c}, cells: cells, full: true})
	}
	for i, cells := range p.RegionCells() {
		if len(cells) == 0 {
			continue
		}
		b.houses = append(b.houses, house{ref: Ref{encode.PartRegion, i}, cells: cells, full: len(cells) == n})
	}
	for i, r := range p.Rules {
		info, ok := variant.Info(variant.Kind(r.Kind))
		if !ok || !info.Distinct || len(r.Cells) < 2 {
			continue
		}
		cells := slices.Clone(r.Cells)
		slices.Sort(cells)
		if dup := slices.IndexFunc(b.houses, func(h house) bool { return slices.Equal(h.cells, cells) }); dup >= 0 {
			continue
		}
		b.houses = append(b.houses, house{ref: Ref{encode.PartRule, i}, cells: cells, full: len(cells) == n})
	}
	for _, kind := range []encode.PartKind{encode.PartRegion, encode.PartColumn, encode.PartRow, encode.PartRule} {
		for i, h := range b.houses {
			if h.ref.Kind == kind {
				b.order = append(b.order, i)
			}
		}
	}
	b.cellHouses = make([][]int, n*n)
	for i, h := range b.houses {
		for _, c := range h.cells {
			b.cellHouses[c] = append(b.cellHouses[c], i)
		}
	}
	words := (n*n + 63) / 64
	b.seesMask = make([][]uint64, n*n)
	b.peers = make([][]int, n*n)
	for c := range n * n {
		m := make([]uint64, words)
		for _, hi := range b.cellHouses[c] {
			for _, o := range b.houses[hi].cells {
				if o != c {
					m[o/64] |= 1 << (o % 64)
				}
			}
		}
		b.seesMask[c] = m
		for o := range n * n {
			if m[o/64]&(1<<(o%64)) != 0 {
				b.peers[c] = append(b.peers[c], o)
			}
		}
	}
	return b
}

// sees reports whether cells a and b share a house.
func (b *board) sees(a, c int) bool { return b.seesMask[a][c/64]&(1<<(c%64)) != 0 }

// cellName names a cell as r1c1.
func (b *board) cellName(c int) string { return fmt.Sprintf("r%dc%d", c/b.n+1, c%b.n+1) }

// refName names a constraint as a reader would: "row 4", "column 5",
// "box 5", "killer cage r4c4,r5c5 (17)".
func (b *board) refName(r Ref) string {
	switch r.Kind {
	case encode.PartRow:
		return fmt.Sprintf("row %d", r.Index+1)
	case encode.PartColumn:
		return fmt.Sprintf("column %d", r.Index+1)
	case encode.PartRegion:
		if b.p.Regions == nil {
			return fmt.Sprintf("box %d", r.Index+1)
		}
		return fmt.Sprintf("region %d", r.Index+1)
	case encode.PartCell:
		return b.cellName(r.Index)
	}
	if r.Index < 0 || r.Index >= len(b.p.Rules) {
		return fmt.Sprintf("rule %d", r.Index+1)
	}
	return RuleName(b.p, r.Index)
}

// RuleName names rule i of p by its kind, cells and value, as a person
// reads it: "killer r4c4-r5c5 (17)", "thermo r1c1-r1c4", "anti-knight";
// a cage without a total has no number, and pencil marks name their
// digits ("pencil-marks r1c1 (13)").
func RuleName(p *sudokusat.Puzzle, i int) string {
	r := p.Rules[i]
	n := p.Size()
	var b strings.Builder
	b.WriteString(r.Kind)
	if len(r.Cells) > 0 {
		b.WriteByte(' ')
		b.WriteString(cellRange(n, r.Cells))
	}
	switch {
	case r.Kind == string(variant.PencilMarks):
		b.WriteString(" (")
		for d := 1; d <= n; d++ {
			if r.Value>>(d-1)&1 != 0 {
				fmt.Fprint(&b, d)
			}
		}
		b.WriteByte(')')
	case r.Value != 0 && r.Value != sudokusat.NoValue:
		fmt.Fprintf(&b, " (%d)", r.Value)
	}
	return b.String()
}

// cellRange writes cells as "r1c1-r1c4" when they are consecutive in one
// row or column, in their order (a thermometer's "r1c4-r1c1" starts at its
// bulb), else as a list "r1c1,r2c3".
func cellRange(n int, cells []int) string {
	name := func(c int) string { return fmt.Sprintf("r%dc%d", c/n+1, c%n+1) }
	if len(cells) == 1 {
		return name(cells[0])
	}
	step := cells[1] - cells[0]
	run := step == 1 || step == -1 || step == n || step == -n
	for i := 1; run && i < len(cells); i++ {
		run = cells[i]-cells[i-1] == step && (step == n || step == -n || cells[i]/n == cells[0]/n)
	}
	if run {
		return name(cells[0]) + "-" + name(cells[len(cells)-1])
	}
	parts := make([]string, len(cells))
	for i, c := range cells {
		parts[i] = name(c)
	}
	return strings.Join(parts, ",")
}

// state is the candidate grid: for each cell, the digits it may still
// hold (bit d-1 for digit d), and the digit placed in it, or 0.
type state struct {
	b      *board
	cand   []uint64
	placed []int
	// version counts the steps applied, so that what was found for one
	// grid is not taken for another's.
	version int
}

// newState is the grid before any step: every digit everywhere, the
// givens placed. Their eliminations are the path's first step.
func newState(b *board) *state {
	n := b.n
	s := &state{b: b, cand: make([]uint64, n*n), placed: make([]int, n*n)}
	for c := range n * n {
		s.cand[c] = b.all
		if d := b.p.Grid.Cell(c); d != 0 {
			s.cand[c] = bit(d)
			s.placed[c] = d
		}
	}
	return s
}

// apply makes a step's conclusions part of the grid.
func (s *state) apply(st *Step) {
	s.version++
	for _, e := range st.Eliminations {
		s.cand[e.Cell] &^= bit(e.Digit)
	}
	for _, p := range st.Placements {
		s.cand[p.Cell] = bit(p.Digit)
		s.placed[p.Cell] = p.Digit
	}
}

// solved reports whether every cell holds a digit.
func (s *state) solved() bool {
	for _, d := range s.placed {
		if d == 0 {
			return false
		}
	}
	return true
}

// broken reports whether a cell has no candidate left.
func (s *state) broken() bool {
	for _, m := range s.cand {
		if m == 0 {
			return true
		}
	}
	return false
}

// facts lists what the grid says of the digits of mask in cells: each
// placement (once per cell) and each digit of mask taken out. These are a
// step's premises.
func (s *state) facts(cells []int, mask uint64) []Fact {
	var out []Fact
	for _, c := range cells {
		if p := s.placed[c]; p != 0 {
			out = append(out, Fact{Candidate: Candidate{c, p}, Placed: true})
			continue
		}
		for m := mask &^ s.cand[c]; m != 0; m &= m - 1 {
			out = append(out, Fact{Candidate: Candidate{c, bits.TrailingZeros64(m) + 1}})
		}
	}
	return out
}

func bit(d int) uint64 { return 1 << (d - 1) }

// digits lists the digits of a mask, from the smallest.
func digits(m uint64) []int {
	out := make([]int, 0, bits.OnesCount64(m))
	for ; m != 0; m &= m - 1 {
		out = append(out, bits.TrailingZeros64(m)+1)
	}
	return out
}

func count(m uint64) int { return bits.OnesCount64(m) }

// only returns the one digit of a mask with one bit.
func only(m uint64) int { return bits.TrailingZeros64(m) + 1 }
