package render

import (
	"fmt"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// This file is the drawing of the lines group of rule kinds (see
// variant/rules_lines.go), on the canvas of rules.go: each a pale line
// through its cells' centres under the grid lines, in the colour setters
// give the kind, with its ends' circles or diamonds where it has them,
// and its value in the first cell's corner when it sets one.

// The lines' colours, pale enough for the digits over them.
const (
	renbanColour      = "#e8b4ee"
	whispersColour    = "#a8e0a8"
	regionSumColour   = "#a8c8f0"
	entropicColour    = "#f5cf98"
	modularColour     = "#a4dcd4"
	nabnerColour      = "#ebe08a"
	zipperColour      = "#d2b8ea"
	doubleArrowColour = "#b8b8b8"
	lockoutColour     = "#98c0e4"
	// differenceCountColour is a pale red, a hue no other line takes:
	// setters draw these lines in any colour, several to a puzzle.
	differenceCountColour = "#f2a8a8"
	fibonacciColour       = "#f0aaa0" // setters give it no one colour: one no other line has
	// sequenceColour is a grey darker than a palindrome's, drawn
	// thinner: setters draw both in grey.
	sequenceColour = "#a4a4a4"
	pairSumColour  = "#d2bc9c" // nor this one: a pale brown, no other line's
)

// lineDrawings returns the drawing of each of this file's kinds.
func lineDrawings() map[variant.Kind]kindDrawing {
	plain := func(colour string, width float64) kindDrawing {
		return kindDrawing{under: func(c *canvas, r sudokusat.Rule) { c.strokeLine(r, colour, width) }}
	}
	return map[variant.Kind]kindDrawing{
		variant.Renban:          plain(renbanColour, 0.4),
		variant.Whispers:        plain(whispersColour, 0.3),
		variant.Palindrome:      plain(ShapeColour, 0.3),
		variant.RegionSumLine:   plain(regionSumColour, 0.2),
		variant.EntropicLine:    plain(entropicColour, 0.3),
		variant.ModularLine:     plain(modularColour, 0.3),
		variant.Nabner:          plain(nabnerColour, 0.3),
		variant.ZipperLine:      plain(zipperColour, 0.3),
		variant.DifferenceCount: plain(differenceCountColour, 0.3),
		variant.FibonacciLine:   plain(fibonacciColour, 0.3),
		variant.SequenceLine:    plain(sequenceColour, 0.16),
		variant.PairSumLine:     plain(pairSumColour, 0.3),

		variant.RegionDifferenceLine: plain(regionSumColour, 0.2), // drawn as setters draw it: as a region sum line

		variant.BetweenLine: {under: func(c *canvas, r sudokusat.Rule) {
			c.strokeLine(r, ShapeColour, 0.1)
			c.circleEnds(r, ShapeColour)
		}},
		variant.DoubleArrow: {under: func(c *canvas, r sudokusat.Rule) {
			c.strokeLine(r, doubleArrowColour, 0.1)
			c.circleEnds(r, doubleArrowColour)
		}},
		variant.SlowThermo: {under: func(c *canvas, r sudokusat.Rule) {
			// A thermometer's bulb and tube, the tube hollow: slow.
			fmt.Fprintf(c.w, `<circle cx="%s" cy="%s" r="%s" fill="%s"/>`+"\n", c.f(c.x(r.Cells[0])), c.f(c.y(r.Cells[0])), c.f(c.cell*0.35), ShapeColour)
			c.strokeLine(r, ShapeColour, 0.3)
			c.strokeLine(r, "#ffffff", 0.14)
		}},
		variant.SumLine: {under: func(c *canvas, r sudokusat.Rule) {
			// A white line with a grey outline, as setters draw 10
			// lines; a loop's path comes back to its first cell.
			c.strokeLine(r, ShapeColour, 0.3)
			c.strokeLine(r, "#ffffff", 0.18)
		}},
		variant.Lockout: {under: func(c *canvas, r sudokusat.Rule) {
			c.strokeLine(r, lockoutColour, 0.1)
			for _, k := range []int{r.Cells[0], r.Cells[len(r.Cells)-1]} {
				x, y, d := c.x(k), c.y(k), c.cell*0.36
				fmt.Fprintf(c.w, `<path d="M%s %s L%s %s L%s %s L%s %s Z" fill="#ffffff" stroke="%s" stroke-width="%s"/>`+"\n",
					c.f(x), c.f(y-d), c.f(x+d), c.f(y), c.f(x), c.f(y+d), c.f(x-d), c.f(y), lockoutColour, c.f(c.thick*0.6))
			}
		}},
	}
}

// strokeLine draws a rule's line through its cells' centres, width a share of a
// cell, with round ends and joins, and its value, when it sets one, in the
// first cell's corner.
func (c *canvas) strokeLine(r sudokusat.Rule, colour string, width float64) {
	fmt.Fprintf(c.w, `<path d="%s" fill="none" stroke="%s" stroke-width="%s" stroke-linecap="round" stroke-linejoin="round"/>`+"\n",
		c.path(r.Cells), colour, c.f(c.cell*width))
	if r.Value != 0 && colour != "#ffffff" {
		k := r.Cells[0]
		fmt.Fprintf(c.w, `<text x="%s" y="%s" font-family="DejaVu Sans, Arial, sans-serif" font-size="%s" fill="%s">%d</text>`+"\n",
			c.f(c.x(k)-c.cell*0.42), c.f(c.y(k)-c.cell*0.22), c.f(c.cell*0.22), CageColour, r.Value)
	}
}

// circleEnds draws white circles on a line's two ends.
func (c *canvas) circleEnds(r sudokusat.Rule, colour string) {
	for _, k := range []int{r.Cells[0], r.Cells[len(r.Cells)-1]} {
		fmt.Fprintf(c.w, `<circle cx="%s" cy="%s" r="%s" fill="#ffffff" stroke="%s" stroke-width="%s"/>`+"\n",
			c.f(c.x(k)), c.f(c.y(k)), c.f(c.cell*0.4), colour, c.f(c.thick*0.6))
	}
}
