package render

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// This file is the drawing of the cells group of rule kinds (see
// variant/rules_cells.go), on the canvas of rules.go.

// Colours of the cells group: indexer cells and clones are shaded, each
// kind its own pale tint, as f-puzzles does.
const (
	indexerColour = "#f6dcdc"
	cloneColour   = "#e1e1f6"
	cloneLine     = "#a0a0d8"
	extremeColour = "#a0a0a0"
	// countingColour is the ring of a counting circle.
	countingColour = "#606060"
	// entropicKnightColour is the ring of an entropic knight circle, a
	// tint of its own so that it is not taken for a counting circle.
	entropicKnightColour = "#7a5ca8"
)

// cellDrawings returns the drawing of each of this file's kinds.
func cellDrawings() map[variant.Kind]kindDrawing {
	indexer := func(letter string) kindDrawing {
		return kindDrawing{under: func(c *canvas, r sudokusat.Rule) {
			for _, k := range r.Cells {
				c.square(k, 0, `fill="`+indexerColour+`"`)
				fmt.Fprintf(c.w, `<text x="%s" y="%s" font-family="DejaVu Sans, Arial, sans-serif" font-size="%s" fill="%s">%s</text>`+"\n",
					c.f(c.x(k)-c.cell*0.42), c.f(c.y(k)-c.cell*0.22), c.f(c.cell*0.2), CageColour, letter)
			}
		}}
	}
	return map[variant.Kind]kindDrawing{
		variant.Minimum:        {under: func(c *canvas, r sudokusat.Rule) { drawExtreme(c, r.Cells[0], -1) }},
		variant.Maximum:        {under: func(c *canvas, r sudokusat.Rule) { drawExtreme(c, r.Cells[0], 1) }},
		variant.DisjointGroups: {note: true},
		// Nothing to draw: the note under the grid names it.
		variant.NoParityTriple: {note: true},
		variant.RowIndexer:     indexer("R"),
		variant.ColumnIndexer:  indexer("C"),
		variant.BoxIndexer:     indexer("B"),
		variant.Clone: {under: func(c *canvas, r sudokusat.Rule) {
			// Both clones shaded, and a dashed line joining each cell
			// to its clone.
			for _, k := range append(append([]int(nil), r.Cells...), r.Lines[0]...) {
				c.square(k, c.cell*0.06, `fill="`+cloneColour+`"`)
			}
			for i, a := range r.Cells {
				fmt.Fprintf(c.w, `<path d="%s" fill="none" stroke="%s" stroke-width="%s" stroke-dasharray="%s %s"/>`+"\n",
					c.path([]int{a, r.Lines[0][i]}), cloneLine, c.f(c.thin*1.5), c.f(c.cell/10), c.f(c.cell/10))
			}
		}},
		variant.PencilMarks: {over: drawPencilMarks},
		variant.CountingCircles: {under: func(c *canvas, r sudokusat.Rule) {
			// An open circle in each cell, as setters draw them: the
			// digit stays readable inside.
			for _, k := range r.Cells {
				fmt.Fprintf(c.w, `<circle cx="%s" cy="%s" r="%s" fill="none" stroke="%s" stroke-width="%s"/>`+"\n",
					c.f(c.x(k)), c.f(c.y(k)), c.f(c.cell*0.4), countingColour, c.f(c.thick*0.6))
			}
		}},
		variant.Inequality: {over: drawInequality},
		variant.EntropicKnightCircle: {under: func(c *canvas, r sudokusat.Rule) {
			// An open circle in its cell, the digit readable inside.
			k := r.Cells[0]
			fmt.Fprintf(c.w, `<circle cx="%s" cy="%s" r="%s" fill="none" stroke="%s" stroke-width="%s"/>`+"\n",
				c.f(c.x(k)), c.f(c.y(k)), c.f(c.cell*0.4), entropicKnightColour, c.f(c.thick*0.6))
		}},
	}
}

// drawInequality draws an inequality sign on the edge between its two
// cells: a chevron whose tip points to the second cell, the smaller
// digit's, haloed in white so that it shows on a region's thick border.
func drawInequality(c *canvas, r sudokusat.Rule) {
	a, b := r.Cells[0], r.Cells[1]
	mx, my := (c.x(a)+c.x(b))/2, (c.y(a)+c.y(b))/2
	// u points from the larger digit's cell to the smaller's, v across.
	ux, uy := (c.x(b)-c.x(a))/c.cell, (c.y(b)-c.y(a))/c.cell
	vx, vy := -uy, ux
	h, w := c.cell*0.05, c.cell*0.11
	d := fmt.Sprintf("M%s %s L%s %s L%s %s", c.f(mx-ux*h+vx*w), c.f(my-uy*h+vy*w), c.f(mx+ux*h), c.f(my+uy*h), c.f(mx-ux*h-vx*w), c.f(my-uy*h-vy*w))
	for _, stroke := range []struct{ colour, width string }{{"#ffffff", c.f(c.thin * 5)}, {GivenColour, c.f(c.thin * 2)}} {
		fmt.Fprintf(c.w, `<path d="%s" fill="none" stroke="%s" stroke-width="%s" stroke-linecap="round" stroke-linejoin="round"/>`+"\n", d, stroke.colour, stroke.width)
	}
}

// drawExtreme draws a minimum (sign -1) or maximum (sign 1) cell: a grey
// square with a small triangle on each side, pointing out of the cell for
// a maximum (its neighbours are lower) and into it for a minimum.
func drawExtreme(c *canvas, k, sign int) {
	c.square(k, c.cell*0.1, `fill="`+RegionColour+`"`)
	s := float64(sign)
	for _, d := range [][2]float64{{0, -1}, {0, 1}, {-1, 0}, {1, 0}} {
		// The triangle's base lies across the side, 0.3 of a cell in from
		// the edge, its tip towards the edge (maximum) or the centre.
		bx, by := c.x(k)+d[0]*c.cell*(0.32-0.06*s), c.y(k)+d[1]*c.cell*(0.32-0.06*s)
		tx, ty := bx+d[0]*c.cell*0.12*s, by+d[1]*c.cell*0.12*s
		w := c.cell * 0.1
		fmt.Fprintf(c.w, `<path d="M%s %s L%s %s L%s %s Z" fill="%s"/>`+"\n",
			c.f(bx-d[1]*w), c.f(by-d[0]*w), c.f(bx+d[1]*w), c.f(by+d[0]*w), c.f(tx), c.f(ty), extremeColour)
	}
}

// drawPencilMarks writes a cell's given pencil marks small along its top.
func drawPencilMarks(c *canvas, r sudokusat.Rule) {
	k := r.Cells[0]
	var ds []string
	for d := 1; d <= c.n; d++ {
		if uint64(r.Value)>>(d-1)&1 == 1 {
			ds = append(ds, strconv.Itoa(d))
		}
	}
	fmt.Fprintf(c.w, `<text x="%s" y="%s" font-family="DejaVu Sans, Arial, sans-serif" font-size="%s" text-anchor="middle" fill="%s">%s</text>`+"\n",
		c.f(c.x(k)), c.f(c.y(k)-c.cell*0.28), c.f(c.cell*0.18), CageColour, strings.Join(ds, " "))
}
