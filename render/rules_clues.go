package render

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// This file is the drawing of the clues group of rule kinds (see
// variant/rules_clues.go), on the canvas of rules.go. Clues outside the
// grid are drawn in a ring one cell wide around it, which drawVariant adds
// only to a puzzle that has such a clue (outsideClues).

// clueDrawings returns the drawing of each of this file's kinds.
func clueDrawings() map[variant.Kind]kindDrawing {
	return map[variant.Kind]kindDrawing{
		variant.LittleKiller:    {over: func(c *canvas, r sudokusat.Rule) { drawDiagonalClue(c, r, strconv.Itoa(r.Value)) }},
		variant.Sandwich:        {over: func(c *canvas, r sudokusat.Rule) { drawClue(c, r, "") }},
		variant.XSum:            {over: func(c *canvas, r sudokusat.Rule) { drawClue(c, r, "circle") }},
		variant.Skyscraper:      {over: func(c *canvas, r sudokusat.Rule) { drawClue(c, r, "square") }},
		variant.Quadruple:       {over: drawQuadruple},
		variant.DigitalRoot:     {over: func(c *canvas, r sudokusat.Rule) { drawLabelledCage(c, r, "DR"+strconv.Itoa(r.Value)) }},
		variant.PrimeCage:       {over: func(c *canvas, r sudokusat.Rule) { drawLabelledCage(c, r, "P") }},
		variant.PrimeCageRepeat: {over: func(c *canvas, r sudokusat.Rule) { drawLabelledCage(c, r, "P*") }},
		variant.DistinctSums:    {note: true},
		variant.RomanCages:      {over: drawRomanCages},
		variant.LookAndSay:      {over: func(c *canvas, r sudokusat.Rule) { drawDiagonalClue(c, r, variant.LookAndSayText(r.Value)) }},
	}
}

// outsideClues reports whether p has a clue outside the grid, which
// needs the ring around it.
func outsideClues(p *sudokusat.Puzzle) bool {
	return slices.ContainsFunc(p.Rules, func(r sudokusat.Rule) bool {
		_, _, ok := variant.ClueCell(p.Size(), r)
		return ok
	})
}

// clueAt returns the centre of the place of an outside clue.
func clueAt(c *canvas, r sudokusat.Rule) (x, y float64) {
	row, col, _ := variant.ClueCell(c.n, r)
	return c.margin + (float64(col)+0.5)*c.cell, c.margin + (float64(row)+0.5)*c.cell
}

// clueText writes a clue's number centred on (x, y).
func clueText(c *canvas, x, y float64, s string) {
	size := c.cell * 0.45
	if len(s) > 2 {
		size = c.cell * 0.34
	}
	fmt.Fprintf(c.w, `<text x="%s" y="%s" font-family="DejaVu Sans, Arial, sans-serif" font-size="%s" text-anchor="middle" fill="%s">%s</text>`+"\n",
		c.f(x), c.f(y+size*0.35), c.f(size), GivenColour, s)
}

// drawClue draws the number of a clue beside its row or column: plain for
// a sandwich, in a circle for an x-sum, in a square for a skyscraper.
func drawClue(c *canvas, r sudokusat.Rule, frame string) {
	x, y := clueAt(c, r)
	h := c.cell * 0.34
	switch frame {
	case "circle":
		fmt.Fprintf(c.w, `<circle cx="%s" cy="%s" r="%s" fill="none" stroke="%s" stroke-width="%s"/>`+"\n", c.f(x), c.f(y), c.f(h), CageColour, c.f(c.thin*1.5))
	case "square":
		fmt.Fprintf(c.w, `<rect x="%s" y="%s" width="%s" height="%s" fill="none" stroke="%s" stroke-width="%s"/>`+"\n", c.f(x-h), c.f(y-h), c.f(2*h), c.f(2*h), CageColour, c.f(c.thin*1.5))
	}
	clueText(c, x, y, strconv.Itoa(r.Value))
}

// drawDiagonalClue draws the text of a clue that reads a diagonal (a
// little killer's sum, a look-and-say clue) in its place and an arrow
// from it towards the diagonal.
func drawDiagonalClue(c *canvas, r sudokusat.Rule, text string) {
	x, y := clueAt(c, r)
	tx, ty := c.x(r.Cells[0]), c.y(r.Cells[0])
	ang := math.Atan2(ty-y, tx-x)
	dx, dy := math.Cos(ang)*c.cell, math.Sin(ang)*c.cell
	clueText(c, x-dx*0.12, y-dy*0.12, text)
	ax, ay := x+dx*0.3, y+dy*0.3 // the arrow's tip, short of the grid
	fmt.Fprintf(c.w, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="%s" stroke-linecap="round"/>`+"\n",
		c.f(x+dx*0.12), c.f(y+dy*0.12), c.f(ax), c.f(ay), CageColour, c.f(c.thin*1.5))
	for _, s := range []float64{-1, 1} {
		fmt.Fprintf(c.w, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="%s" stroke-linecap="round"/>`+"\n",
			c.f(ax), c.f(ay), c.f(ax-c.cell*0.1*math.Cos(ang+s*0.6)), c.f(ay-c.cell*0.1*math.Sin(ang+s*0.6)), CageColour, c.f(c.thin*1.5))
	}
}

// drawQuadruple draws a white circle on the corner the four cells share,
// with its digits in two rows.
func drawQuadruple(c *canvas, r sudokusat.Rule) {
	top := slices.Min(r.Cells)
	x, y := c.x(top)+c.cell/2, c.y(top)+c.cell/2
	fmt.Fprintf(c.w, `<circle cx="%s" cy="%s" r="%s" fill="#ffffff" stroke="%s" stroke-width="%s"/>`+"\n", c.f(x), c.f(y), c.f(c.cell*0.28), GivenColour, c.f(c.thin*1.5))
	var ds []string
	for _, d := range variant.QuadrupleDigits(c.n, r.Value) {
		ds = append(ds, label(d, c.n))
	}
	rows := [][]string{ds}
	if len(ds) > 2 {
		rows = [][]string{ds[:2], ds[2:]}
	}
	size := c.cell * 0.2
	for i, row := range rows {
		ty := y + size*0.35 + (float64(i)-float64(len(rows)-1)/2)*size*1.1
		fmt.Fprintf(c.w, `<text x="%s" y="%s" font-family="DejaVu Sans, Arial, sans-serif" font-size="%s" text-anchor="middle" fill="%s">%s</text>`+"\n",
			c.f(x), c.f(ty), c.f(size), GivenColour, strings.Join(row, " "))
	}
}

// drawLabelledCage draws a cage whose total is one of a set as a killer
// cage's outline with a label in its corner: DRn for a digital-root cage,
// P for a prime cage, P* for one whose digits may repeat.
func drawLabelledCage(c *canvas, r sudokusat.Rule, label string) {
	drawCage(c, sudokusat.Rule{Kind: variant.Killer, Cells: r.Cells, Value: sudokusat.NoValue})
	first := slices.Min(r.Cells)
	d := c.cell * 0.08
	fmt.Fprintf(c.w, `<text x="%s" y="%s" font-family="DejaVu Sans, Arial, sans-serif" font-size="%s" fill="%s">%s</text>`+"\n",
		c.f(c.x(first)-c.cell/2+d*1.3), c.f(c.y(first)-c.cell/2+d+c.cell*0.2), c.f(c.cell*0.22), CageColour, label)
}

// drawRomanCages draws the two cages without totals and their numeral on
// a white disc over the edge between them, as setters draw them.
func drawRomanCages(c *canvas, r sudokusat.Rule) {
	for _, cage := range r.Lines {
		drawCage(c, sudokusat.Rule{Kind: variant.Killer, Cells: cage, Value: sudokusat.NoValue})
	}
	if len(r.Cells) != 2 {
		return
	}
	a, b := r.Cells[0], r.Cells[1]
	mx, my := (c.x(a)+c.x(b))/2, (c.y(a)+c.y(b))/2
	numeral := variant.RomanNumeral(r.Value)
	size := c.cell * 0.3
	if len(numeral) > 2 {
		size = c.cell * 0.22
	}
	fmt.Fprintf(c.w, `<circle cx="%s" cy="%s" r="%s" fill="#ffffff"/>`+"\n", c.f(mx), c.f(my), c.f(c.cell*0.18))
	fmt.Fprintf(c.w, `<text x="%s" y="%s" font-family="DejaVu Sans, Arial, sans-serif" font-size="%s" font-weight="bold" text-anchor="middle" fill="%s">%s</text>`+"\n",
		c.f(mx), c.f(my+size*0.36), c.f(size), GivenColour, numeral)
}
