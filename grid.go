// Package sudokusat is the puzzle model of the sudokusat toolkit: N×N Sudoku
// grids with R×C boxes, their text formats, and a validator that checks a
// solution without sharing any logic with the solvers.
//
// The solvers live in the sub-packages: encode turns a grid into CNF,
// satsolve solves CNF with gophersat or an external SAT solver, and native is
// a bitmask constraint-propagation solver.
package sudokusat

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// MaxSize is the largest grid side the model accepts.
const MaxSize = 400

// MaxSymbolSize is the largest grid side that can be written with one symbol
// per cell: 1-9, then A-Z.
const MaxSymbolSize = 35

// ErrSize reports a grid side or box shape that is not a Sudoku.
var ErrSize = errors.New("not a Sudoku size")

// Grid is an N×N Sudoku grid whose boxes have BoxRows rows and BoxCols
// columns (N = BoxRows·BoxCols). A cell holds 0 when blank, else a digit
// from 1 to N. The zero Grid is not usable: make one with NewGrid or
// NewGridSize.
type Grid struct {
	boxRows, boxCols int
	cells            []uint16 // row-major
}

// BoxShape returns the box shape sudokusat uses for side n: square boxes when
// n is a perfect square, otherwise the most nearly square R×C with R ≤ C and
// R ≥ 2 (2×3 for 6, 3×4 for 12). It fails for sides with no such shape.
func BoxShape(n int) (boxRows, boxCols int, err error) {
	if n < 4 || n > MaxSize {
		return 0, 0, fmt.Errorf("%w: side %d is outside 4..%d", ErrSize, n, MaxSize)
	}
	for r := int(math.Sqrt(float64(n))); r >= 2; r-- {
		if n%r == 0 {
			return r, n / r, nil
		}
	}
	return 0, 0, fmt.Errorf("%w: side %d is prime, so it has no R×C boxes", ErrSize, n)
}

// ValidSize reports whether n is a grid side the model accepts.
func ValidSize(n int) bool {
	_, _, err := BoxShape(n)
	return err == nil
}

// NewGrid returns an empty grid with boxes of boxRows×boxCols cells. Boxes
// of one row are the rows themselves: the grid of a puzzle whose side has
// no box shape (5, 7, 11, …) and that gives its own regions, as f-puzzles
// draws such a grid.
func NewGrid(boxRows, boxCols int) (*Grid, error) {
	// Each side is bounded before the product is trusted: 2³²×2³² wraps
	// to 0.
	n := boxRows * boxCols
	if boxRows < 1 || boxCols < 2 || boxRows > MaxSize || boxCols > MaxSize || n > MaxSize || n < 4 {
		return nil, fmt.Errorf("%w: boxes of %d×%d", ErrSize, boxRows, boxCols)
	}
	return &Grid{boxRows: boxRows, boxCols: boxCols, cells: make([]uint16, n*n)}, nil
}

// NewGridSize returns an empty n×n grid with the box shape given by BoxShape.
func NewGridSize(n int) (*Grid, error) {
	r, c, err := BoxShape(n)
	if err != nil {
		return nil, err
	}
	return NewGrid(r, c)
}

// Size returns N, the number of rows, columns, boxes and digits.
func (g *Grid) Size() int { return g.boxRows * g.boxCols }

// BoxRows returns the number of rows in a box.
func (g *Grid) BoxRows() int { return g.boxRows }

// BoxCols returns the number of columns in a box.
func (g *Grid) BoxCols() int { return g.boxCols }

// Len returns the number of cells, N².
func (g *Grid) Len() int { return len(g.cells) }

// Get returns the digit at row r, column c (both from 0), or 0 when blank.
func (g *Grid) Get(r, c int) int { return int(g.cells[r*g.Size()+c]) }

// Set puts digit d (0 to blank the cell) at row r, column c.
func (g *Grid) Set(r, c, d int) { g.cells[r*g.Size()+c] = uint16(d) }

// Cell returns the digit in cell i, counted row-major from 0.
func (g *Grid) Cell(i int) int { return int(g.cells[i]) }

// SetCell puts digit d (0 to blank it) in cell i, counted row-major from 0.
func (g *Grid) SetCell(i, d int) { g.cells[i] = uint16(d) }

// Box returns the index of the box that holds row r, column c; boxes are
// counted row-major from 0.
func (g *Grid) Box(r, c int) int {
	return (r/g.boxRows)*g.boxRows + c/g.boxCols
}

// Givens returns the number of filled cells.
func (g *Grid) Givens() int {
	k := 0
	for _, d := range g.cells {
		if d != 0 {
			k++
		}
	}
	return k
}

// Clone returns a deep copy of g.
func (g *Grid) Clone() *Grid {
	c := *g
	c.cells = append([]uint16(nil), g.cells...)
	return &c
}

// Equal reports whether g and h have the same shape and the same cells.
func (g *Grid) Equal(h *Grid) bool {
	if g.boxRows != h.boxRows || g.boxCols != h.boxCols {
		return false
	}
	for i, d := range g.cells {
		if h.cells[i] != d {
			return false
		}
	}
	return true
}

// Symbol returns the character that writes digit d in symbol notation:
// '.' for 0, '1'-'9', then 'A'-'Z'. It returns 0 for digits above 35.
func Symbol(d int) byte {
	switch {
	case d == 0:
		return '.'
	case d <= 9:
		return byte('0' + d)
	case d <= MaxSymbolSize:
		return byte('A' + d - 10)
	}
	return 0
}

// String returns the grid on one line: one symbol per cell ('.' for blank)
// when N ≤ 35, else the digits separated by spaces ('0' for blank).
func (g *Grid) String() string {
	return string(g.AppendLine(nil))
}

// AppendLine appends the one-line form of String to b and returns it.
func (g *Grid) AppendLine(b []byte) []byte {
	if g.Size() <= MaxSymbolSize {
		for _, d := range g.cells {
			b = append(b, Symbol(int(d)))
		}
		return b
	}
	for i, d := range g.cells {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, int64(d), 10)
	}
	return b
}

// Pretty returns the grid as N lines with box borders drawn in '|', '-' and
// '+', each line ending in a newline. Grids larger than 35 use numbers
// padded to a common width.
func (g *Grid) Pretty() string {
	n := g.Size()
	width := g.cellWidth()
	var sb strings.Builder
	cell := func(d int) { g.writeCell(&sb, d, width) }
	// A separator line mirrors a row: each cell's width plus its space.
	var sep strings.Builder
	for c := 0; c < n; c++ {
		if c > 0 {
			if c%g.boxCols == 0 {
				sep.WriteString("-+")
			}
			sep.WriteByte('-')
		}
		sep.WriteString(strings.Repeat("-", width))
	}
	for r := 0; r < n; r++ {
		if r > 0 && r%g.boxRows == 0 {
			sb.WriteString(sep.String())
			sb.WriteByte('\n')
		}
		for c := 0; c < n; c++ {
			if c > 0 {
				if c%g.boxCols == 0 {
					sb.WriteString(" |")
				}
				sb.WriteByte(' ')
			}
			cell(g.Get(r, c))
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// cellWidth is the width of a cell in Pretty's drawing: one symbol, or
// the widest number right-aligned past MaxSymbolSize.
func (g *Grid) cellWidth() int {
	if n := g.Size(); n > MaxSymbolSize {
		return len(strconv.Itoa(n))
	}
	return 1
}

// writeCell writes digit d (0 for a blank) as Pretty draws it, width
// characters wide.
func (g *Grid) writeCell(sb *strings.Builder, d, width int) {
	if g.Size() <= MaxSymbolSize {
		sb.WriteByte(Symbol(d))
		return
	}
	s := strconv.Itoa(d)
	if d == 0 {
		s = "."
	}
	sb.WriteString(strings.Repeat(" ", width-len(s)))
	sb.WriteString(s)
}

// Rows returns the grid as N lines of whitespace-separated numbers ('0' for
// blank), each line ending in a newline: the notation of the large data sets.
func (g *Grid) Rows() string {
	n := g.Size()
	var b []byte
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			if c > 0 {
				b = append(b, ' ')
			}
			b = strconv.AppendInt(b, int64(g.Get(r, c)), 10)
		}
		b = append(b, '\n')
	}
	return string(b)
}
