package render

import (
	"cmp"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// This file is the drawing of every kind of rule (see variant.Kinds):
// what each draws under the grid lines, what over them, and which are
// named in the note of the rules of the whole grid.

// kindDrawing is how one kind of rule is drawn.
type kindDrawing struct {
	under func(c *canvas, r sudokusat.Rule) // shapes under the grid lines, or nil
	over  func(c *canvas, r sudokusat.Rule) // marks over them, or nil
	note  bool                              // named in the note under the grid
}

// kindDrawings returns the drawing of each kind: the one place of the
// drawing that names the kinds, its groups in files of their own.
func kindDrawings() map[variant.Kind]kindDrawing {
	m := baseDrawings()
	for _, group := range []map[variant.Kind]kindDrawing{lineDrawings(), clueDrawings(), cellDrawings()} {
		maps.Copy(m, group)
	}
	return m
}

// baseDrawings returns the part of each kind of this file.
func baseDrawings() map[variant.Kind]kindDrawing {
	line := kindDrawing{under: drawDiagonal}
	dot := kindDrawing{over: drawDot}
	note := kindDrawing{note: true}
	return map[variant.Kind]kindDrawing{
		variant.Region: {under: func(c *canvas, r sudokusat.Rule) {
			for _, k := range r.Cells {
				c.square(k, 0, `fill="`+RegionColour+`"`)
			}
		}},
		variant.DiagonalMain: line,
		variant.DiagonalAnti: line,
		variant.Killer:       {over: drawCage},
		variant.Thermo: {under: func(c *canvas, r sudokusat.Rule) {
			fmt.Fprintf(c.w, `<circle cx="%s" cy="%s" r="%s" fill="%s"/>`+"\n", c.f(c.x(r.Cells[0])), c.f(c.y(r.Cells[0])), c.f(c.cell*0.35), ShapeColour)
			fmt.Fprintf(c.w, `<path d="%s" fill="none" stroke="%s" stroke-width="%s" stroke-linecap="round" stroke-linejoin="round"/>`+"\n",
				c.path(r.Cells), ShapeColour, c.f(c.cell*0.3))
		}},
		variant.Arrow:   {under: drawArrow},
		variant.White:   dot,
		variant.Black:   dot,
		variant.GreyDot: dot,
		variant.XV:      dot,
		variant.Even: {under: func(c *canvas, r sudokusat.Rule) {
			c.square(r.Cells[0], c.cell*0.15, `fill="`+ShapeColour+`"`)
		}},
		variant.Odd: {under: func(c *canvas, r sudokusat.Rule) {
			fmt.Fprintf(c.w, `<circle cx="%s" cy="%s" r="%s" fill="%s"/>`+"\n", c.f(c.x(r.Cells[0])), c.f(c.y(r.Cells[0])), c.f(c.cell*0.38), ShapeColour)
		}},
		variant.AntiKnight:     note,
		variant.AntiKing:       note,
		variant.NonConsecutive: note,
		variant.NoBlack:        note,
		variant.NoXV:           note,

		variant.DifferenceArrow: {under: drawArrow}, // drawn as setters draw it: as an arrow
	}
}

// canvas is a variant drawing being written: its writer and geometry.
type canvas struct {
	w                         io.Writer
	n                         int
	cell, thin, thick, margin float64
}

// f writes a coordinate with at most two decimals.
func (c *canvas) f(x float64) string {
	return strconv.FormatFloat(math.Round(x*100)/100, 'f', -1, 64)
}

// x and y are a cell's centre.
func (c *canvas) x(k int) float64 { return c.margin + (float64(k%c.n)+0.5)*c.cell }
func (c *canvas) y(k int) float64 { return c.margin + (float64(k/c.n)+0.5)*c.cell }

// square draws a cell's square, inset on each side.
func (c *canvas) square(k int, inset float64, attrs string) {
	fmt.Fprintf(c.w, `<rect x="%s" y="%s" width="%s" height="%s" %s/>`+"\n",
		c.f(c.x(k)-c.cell/2+inset), c.f(c.y(k)-c.cell/2+inset), c.f(c.cell-2*inset), c.f(c.cell-2*inset), attrs)
}

// path is an SVG path through the cells' centres.
func (c *canvas) path(cells []int) string {
	s := ""
	for i, k := range cells {
		op := "L"
		if i == 0 {
			op = "M"
		}
		s += fmt.Sprintf("%s%s %s ", op, c.f(c.x(k)), c.f(c.y(k)))
	}
	return s
}

// drawDiagonal draws a diagonal from corner to corner.
func drawDiagonal(c *canvas, r sudokusat.Rule) {
	a, b := r.Cells[0], r.Cells[len(r.Cells)-1]
	dx, dy := c.cell/2, c.cell/2
	if r.Kind == variant.DiagonalAnti {
		dy = -dy
	}
	if c.x(a) > c.x(b) {
		a, b = b, a
	}
	fmt.Fprintf(c.w, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="%s"/>`+"\n",
		c.f(c.x(a)-dx), c.f(c.y(a)-dy), c.f(c.x(b)+dx), c.f(c.y(b)+dy), ShapeColour, c.f(c.thick))
}

// drawArrow draws each line from the circle with its head, then the
// circle, its white hiding where the lines start.
func drawArrow(c *canvas, r sudokusat.Rule) {
	for _, line := range r.Lines {
		cells := append([]int{r.Cells[len(r.Cells)-1]}, line...)
		fmt.Fprintf(c.w, `<path d="%s" fill="none" stroke="%s" stroke-width="%s" stroke-linejoin="round"/>`+"\n",
			c.path(cells), ShapeColour, c.f(c.thick*0.8))
		// The head: two strokes back from the last cell's centre.
		if len(cells) >= 2 {
			a, b := cells[len(cells)-2], cells[len(cells)-1]
			ang := math.Atan2(c.y(b)-c.y(a), c.x(b)-c.x(a))
			for _, s := range []float64{-1, 1} {
				hx := c.x(b) - c.cell*0.3*math.Cos(ang+s*0.5)
				hy := c.y(b) - c.cell*0.3*math.Sin(ang+s*0.5)
				fmt.Fprintf(c.w, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="%s" stroke-linecap="round"/>`+"\n",
					c.f(c.x(b)), c.f(c.y(b)), c.f(hx), c.f(hy), ShapeColour, c.f(c.thick*0.8))
			}
		}
	}
	for _, k := range r.Cells {
		fmt.Fprintf(c.w, `<circle cx="%s" cy="%s" r="%s" fill="#ffffff" stroke="%s" stroke-width="%s"/>`+"\n",
			c.f(c.x(k)), c.f(c.y(k)), c.f(c.cell*0.4), ShapeColour, c.f(c.thick*0.8))
	}
}

// drawCage draws a killer cage as f-puzzles and SudokuPad do: one dashed
// outline around its cells, inset in them, and its sum in the corner of
// its first cell, over the outline on a white ground.
func drawCage(c *canvas, r sudokusat.Rule) {
	cell := c.cell
	d := cell * 0.08
	fmt.Fprintf(c.w, `<path d="%s" stroke="%s" stroke-width="%s" stroke-dasharray="%s %s" fill="none"/>`+"\n",
		c.outline(r.Cells, d), CageColour, c.f(c.thin*1.5), c.f(cell/12), c.f(cell/16))
	if r.Value != sudokusat.NoValue {
		first := slices.Min(r.Cells)
		size := cell * 0.22
		// The page lays its pencil marks out below a cell's sum: the
		// class and cell say where one is.
		fmt.Fprintf(c.w, `<text class="cage-sum" data-cell="r%dc%d" x="%s" y="%s" font-family="DejaVu Sans, Arial, sans-serif" font-size="%s" fill="%s" stroke="#ffffff" stroke-width="%s" paint-order="stroke">%d</text>`+"\n",
			first/c.n+1, first%c.n+1, c.f(c.x(first)-cell/2+d*0.7), c.f(c.y(first)-cell/2+d+size*0.72), c.f(size), CageColour, c.f(size*0.25), r.Value)
	}
}

// corner is a point of an outline inset in the grid's cells: on the
// lines x = bx and y = by (cell edges, counted from the grid's top left),
// moved ox and oy insets off them (-1, 0 or 1).
type corner struct{ bx, ox, by, oy int }

// outline returns the SVG path of the closed outlines of cells, inset by
// d inside them: one loop around each group of touching cells, and one
// more around each hole, each with a corner only where it turns.
func (c *canvas) outline(cells []int, d float64) string {
	n := c.n
	in := make(map[int]bool, len(cells))
	for _, k := range cells {
		in[k] = true
	}
	has := func(row, col int) bool { return row >= 0 && row < n && col >= 0 && col < n && in[row*n+col] }
	// end is where an edge along a cell side ends, beside the cell
	// across the end (across) and the one diagonal to it (diagonal):
	// inset short of a side the outline turns at, on the cell line where
	// the next cell's edge goes on, or inset past it into a turn inward.
	end := func(b, inward int, across, diagonal bool) (int, int) {
		switch {
		case !across:
			return b, inward
		case diagonal:
			return b, -inward
		}
		return b, 0
	}
	// The edges of every cell where the outline passes, clockwise (x
	// right, y down): each corner starts one edge.
	next := map[corner]corner{}
	for _, k := range cells {
		row, col := k/n, k%n
		if !has(row-1, col) { // top, left to right
			lx, lo := end(col, 1, has(row, col-1), has(row-1, col-1))
			rx, ro := end(col+1, -1, has(row, col+1), has(row-1, col+1))
			next[corner{lx, lo, row, 1}] = corner{rx, ro, row, 1}
		}
		if !has(row, col+1) { // right, top to bottom
			ty, to := end(row, 1, has(row-1, col), has(row-1, col+1))
			by, bo := end(row+1, -1, has(row+1, col), has(row+1, col+1))
			next[corner{col + 1, -1, ty, to}] = corner{col + 1, -1, by, bo}
		}
		if !has(row+1, col) { // bottom, right to left
			rx, ro := end(col+1, -1, has(row, col+1), has(row+1, col+1))
			lx, lo := end(col, 1, has(row, col-1), has(row+1, col-1))
			next[corner{rx, ro, row + 1, -1}] = corner{lx, lo, row + 1, -1}
		}
		if !has(row, col-1) { // left, bottom to top
			by, bo := end(row+1, -1, has(row+1, col), has(row+1, col-1))
			ty, to := end(row, 1, has(row-1, col), has(row-1, col-1))
			next[corner{col, 1, by, bo}] = corner{col, 1, ty, to}
		}
	}
	at := func(p corner) (float64, float64) {
		return c.margin + float64(p.bx)*c.cell + float64(p.ox)*d, c.margin + float64(p.by)*c.cell + float64(p.oy)*d
	}
	starts := slices.SortedFunc(maps.Keys(next), func(a, b corner) int {
		return cmp.Or(a.by-b.by, a.oy-b.oy, a.bx-b.bx, a.ox-b.ox)
	})
	var sb strings.Builder
	for _, start := range starts {
		if _, ok := next[start]; !ok {
			continue // on a loop already drawn
		}
		// The loop from start, its corners where it turns.
		var loop []corner
		for p := start; ; {
			q, ok := next[p]
			if !ok {
				break
			}
			delete(next, p)
			loop = append(loop, p)
			p = q
		}
		// Every edge is level or upright: a corner is a turn where a
		// level edge meets an upright one.
		level := func(a, b corner) bool { return a.by == b.by && a.oy == b.oy }
		var turns []corner
		for i, p := range loop {
			prev, q := loop[(i+len(loop)-1)%len(loop)], loop[(i+1)%len(loop)]
			if level(prev, p) != level(p, q) {
				turns = append(turns, p)
			}
		}
		for i, p := range turns {
			x, y := at(p)
			op := "L"
			if i == 0 {
				op = "M"
			}
			fmt.Fprintf(&sb, "%s%s %s", op, c.f(x), c.f(y))
		}
		sb.WriteString("Z")
	}
	return sb.String()
}

// greyDotColour fills a grey dot: a mid grey, apart from the white and
// black dots' fills and from the pale grey of the shapes under the digits.
const greyDotColour = "#8c8c8c"

// drawDot draws a Kropki dot, white, black or grey, or an X or a V, on the
// edge between its two cells.
func drawDot(c *canvas, r sudokusat.Rule) {
	a, b := r.Cells[0], r.Cells[1]
	mx, my := (c.x(a)+c.x(b))/2, (c.y(a)+c.y(b))/2
	if r.Kind == variant.XV {
		fmt.Fprintf(c.w, `<text x="%s" y="%s" font-family="DejaVu Sans, Arial, sans-serif" font-size="%s" font-weight="bold" text-anchor="middle" fill="%s" stroke="#ffffff" stroke-width="%s" paint-order="stroke">%s</text>`+"\n",
			c.f(mx), c.f(my+c.cell*0.11), c.f(c.cell*0.32), GivenColour, c.f(c.thin*3), map[int]string{5: "V", 10: "X"}[r.Value])
		return
	}
	fill := "#ffffff"
	switch r.Kind {
	case variant.Black:
		fill = GivenColour
	case variant.GreyDot:
		fill = greyDotColour
	}
	fmt.Fprintf(c.w, `<circle cx="%s" cy="%s" r="%s" fill="%s" stroke="%s" stroke-width="%s"/>`+"\n", c.f(mx), c.f(my), c.f(c.cell*0.12), fill, GivenColour, c.f(c.thin*1.5))
	if r.Value != 0 {
		// A dot of another difference or ratio than 1 or 2 shows it,
		// in the colour of the other dot.
		ink := GivenColour
		if r.Kind == variant.Black {
			ink = "#ffffff"
		}
		fmt.Fprintf(c.w, `<text x="%s" y="%s" font-family="DejaVu Sans, Arial, sans-serif" font-size="%s" font-weight="bold" text-anchor="middle" fill="%s">%d</text>`+"\n",
			c.f(mx), c.f(my+c.cell*0.055), c.f(c.cell*0.16), ink, r.Value)
	}
}
