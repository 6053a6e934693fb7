package render

import (
	"fmt"
	"io"
	"maps"
	"math"
	"strconv"

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
		variant.Arrow: {under: drawArrow},
		variant.White: dot,
		variant.Black: dot,
		variant.XV:    dot,
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

// drawCage draws a killer cage's dashed outline, inset in its cells, and
// its sum in the corner of its first cell.
func drawCage(c *canvas, r sudokusat.Rule) {
	n, cell := c.n, c.cell
	in := make(map[int]bool)
	for _, k := range r.Cells {
		in[k] = true
	}
	d := cell * 0.08
	fmt.Fprintf(c.w, `<g stroke="%s" stroke-width="%s" stroke-dasharray="%s %s" fill="none">`+"\n", CageColour, c.f(c.thin*1.5), c.f(cell/12), c.f(cell/16))
	for _, k := range r.Cells {
		x0, y0 := c.x(k)-cell/2+d, c.y(k)-cell/2+d
		x1, y1 := c.x(k)+cell/2-d, c.y(k)+cell/2-d
		row, col := k/n, k%n
		edge := func(ax, ay, bx, by float64) {
			fmt.Fprintf(c.w, `<line x1="%s" y1="%s" x2="%s" y2="%s"/>`+"\n", c.f(ax), c.f(ay), c.f(bx), c.f(by))
		}
		if row == 0 || !in[k-n] {
			edge(x0, y0, x1, y0)
		}
		if row == n-1 || !in[k+n] {
			edge(x0, y1, x1, y1)
		}
		if col == 0 || !in[k-1] {
			edge(x0, y0, x0, y1)
		}
		if col == n-1 || !in[k+1] {
			edge(x1, y0, x1, y1)
		}
	}
	fmt.Fprintf(c.w, "</g>\n")
	if r.Value != sudokusat.NoValue {
		first := r.Cells[0]
		for _, k := range r.Cells {
			if k < first {
				first = k
			}
		}
		fmt.Fprintf(c.w, `<text x="%s" y="%s" font-family="DejaVu Sans, Arial, sans-serif" font-size="%s" fill="%s">%d</text>`+"\n",
			c.f(c.x(first)-cell/2+d*1.3), c.f(c.y(first)-cell/2+d+cell*0.2), c.f(cell*0.22), CageColour, r.Value)
	}
}

// drawDot draws a Kropki dot, white or black, or an X or a V, on the edge
// between its two cells.
func drawDot(c *canvas, r sudokusat.Rule) {
	a, b := r.Cells[0], r.Cells[1]
	mx, my := (c.x(a)+c.x(b))/2, (c.y(a)+c.y(b))/2
	if r.Kind == variant.XV {
		fmt.Fprintf(c.w, `<text x="%s" y="%s" font-family="DejaVu Sans, Arial, sans-serif" font-size="%s" font-weight="bold" text-anchor="middle" fill="%s" stroke="#ffffff" stroke-width="%s" paint-order="stroke">%s</text>`+"\n",
			c.f(mx), c.f(my+c.cell*0.11), c.f(c.cell*0.32), GivenColour, c.f(c.thin*3), map[int]string{5: "V", 10: "X"}[r.Value])
		return
	}
	fill := "#ffffff"
	if r.Kind == variant.Black {
		fill = GivenColour
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
