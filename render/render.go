// Package render draws Sudoku puzzles as printable SVG: thin lines between
// cells, thick lines around boxes or regions, the givens in bold black
// and, when a solution is given, the digits it fills in, in blue; a
// puzzle's rules are marked on the grid. It draws every size the model
// supports, rectangular boxes included.
package render

import (
	"bufio"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/sudokusat/sudokusat"
)

// Colours of the drawing: black givens and lines on white, blue filled
// digits, grey thin lines (light enough to tell from the box lines even
// when printed in black and white).
const (
	GivenColour  = "#000000"
	FilledColour = "#1c58c7"
	ThinColour   = "#8c8c8c"
	ThickColour  = "#000000"
)

// ErrSolution reports a solution that does not solve the puzzle drawn.
var ErrSolution = errors.New("render: not the puzzle's solution")

// MinCellSize and MaxCellSize bound Options.CellSize, in pixels: below 4
// no digit can be read, and at 400 the largest grid is 160,000 pixels a
// side already. Out of them, a size is refused rather than drawn: 1e308
// wrote width="+Inf", and -5 a drawing of negative size.
const (
	MinCellSize = 4
	MaxCellSize = 400
)

// ValidCellSize reports whether px is a cell side Options takes: 0 (40)
// or MinCellSize to MaxCellSize pixels; never NaN or an infinity.
func ValidCellSize(px float64) bool {
	return px == 0 || px >= MinCellSize && px <= MaxCellSize
}

// cellSide returns the side of a cell that Options.CellSize px asks for.
func cellSide(px float64) (float64, error) {
	if !ValidCellSize(px) {
		return 0, fmt.Errorf("render: cell size %g: want %d to %d pixels (0 means 40)", px, MinCellSize, MaxCellSize)
	}
	if px == 0 {
		return 40, nil
	}
	return px, nil
}

// Options changes the drawing.
type Options struct {
	// Solution, when set, fills the blank cells with its digits, drawn
	// in FilledColour. It must solve the puzzle.
	Solution *sudokusat.Grid
	// CellSize is a cell's side in SVG user units (pixels), MinCellSize
	// to MaxCellSize; 0 means 40.
	CellSize float64
	// Title is the drawing's title, shown by viewers; empty for none.
	Title string
}

// SVG writes p as an SVG document to w: a classic puzzle as its grid and
// boxes, one with rules or regions with them marked (see drawVariant).
// Every caller draws through it, so that none chooses a drawing by the
// kind of puzzle. A classic grid is drawn apart, its box lines one line
// each across the grid, where regions are drawn cell side by cell side: a
// 400×400 grid would have 320,000 segments for its 798 lines.
func SVG(w io.Writer, p *sudokusat.Puzzle, o Options) error {
	if p == nil || p.Grid == nil {
		return errors.New("render: no grid")
	}
	if p.Classic() {
		return drawClassic(w, p.Grid, o)
	}
	return drawVariant(w, p, o)
}

// drawClassic draws a classic puzzle, its grid alone.
func drawClassic(w io.Writer, puzzle *sudokusat.Grid, o Options) error {
	if err := puzzle.Validate(); err != nil {
		return fmt.Errorf("render: %w", err)
	}
	if o.Solution != nil {
		if err := sudokusat.CheckSolution(puzzle, o.Solution); err != nil {
			return fmt.Errorf("%w: %w", ErrSolution, err)
		}
	}
	cell, err := cellSide(o.CellSize)
	if err != nil {
		return err
	}
	n := puzzle.Size()
	thin, thick := cell/40, cell*0.075
	margin := thick * 2
	side := float64(n)*cell + 2*margin
	// One- and two-character labels fill 60% of a cell; three-digit ones
	// (grids over 99) shrink to fit.
	fontSize := cell * 0.6
	if n > 99 {
		fontSize = cell * 0.38
	} else if n > sudokusat.MaxSymbolSize {
		fontSize = cell * 0.5
	}

	bw := bufio.NewWriter(w)
	f := func(x float64) string { return strconv.FormatFloat(math.Round(x*100)/100, 'f', -1, 64) }
	fmt.Fprintf(bw, `<?xml version="1.0" encoding="UTF-8"?>`+"\n")
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s">`+"\n", f(side), f(side), f(side), f(side))
	if o.Title != "" {
		bw.WriteString("<title>")
		xml.EscapeText(bw, []byte(o.Title)) // cannot fail on a bufio.Writer; its error shows at Flush
		bw.WriteString("</title>\n")
	}
	fmt.Fprintf(bw, `<rect x="0" y="0" width="%s" height="%s" fill="#ffffff"/>`+"\n", f(side), f(side))

	// Thin lines first, so that the box lines cover their ends.
	fmt.Fprintf(bw, `<g stroke="%s" stroke-width="%s" stroke-linecap="square">`+"\n", ThinColour, f(thin))
	for k := 1; k < n; k++ {
		p := margin + float64(k)*cell
		if k%puzzle.BoxCols() != 0 {
			fmt.Fprintf(bw, `<line x1="%s" y1="%s" x2="%s" y2="%s"/>`+"\n", f(p), f(margin), f(p), f(side-margin))
		}
		if k%puzzle.BoxRows() != 0 {
			fmt.Fprintf(bw, `<line x1="%s" y1="%s" x2="%s" y2="%s"/>`+"\n", f(margin), f(p), f(side-margin), f(p))
		}
	}
	fmt.Fprintf(bw, "</g>\n")
	fmt.Fprintf(bw, `<g stroke="%s" stroke-width="%s" stroke-linecap="square">`+"\n", ThickColour, f(thick))
	for k := puzzle.BoxCols(); k < n; k += puzzle.BoxCols() {
		p := margin + float64(k)*cell
		fmt.Fprintf(bw, `<line x1="%s" y1="%s" x2="%s" y2="%s"/>`+"\n", f(p), f(margin), f(p), f(side-margin))
	}
	for k := puzzle.BoxRows(); k < n; k += puzzle.BoxRows() {
		p := margin + float64(k)*cell
		fmt.Fprintf(bw, `<line x1="%s" y1="%s" x2="%s" y2="%s"/>`+"\n", f(margin), f(p), f(side-margin), f(p))
	}
	fmt.Fprintf(bw, `<rect x="%s" y="%s" width="%s" height="%s" fill="none"/>`+"\n", f(margin), f(margin), f(side-2*margin), f(side-2*margin))
	fmt.Fprintf(bw, "</g>\n")

	// The text's baseline sits 0.35 em below the cell's centre, which
	// centres digits without dominant-baseline, which some renderers
	// ignore.
	text := func(colour, weight string, pick func(i int) int) {
		fmt.Fprintf(bw, `<g font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="%s" font-weight="%s" fill="%s" text-anchor="middle">`+"\n",
			f(fontSize), weight, colour)
		for i := range puzzle.Len() {
			d := pick(i)
			if d == 0 {
				continue
			}
			x := margin + (float64(i%n)+0.5)*cell
			y := margin + (float64(i/n)+0.5)*cell + 0.35*fontSize
			fmt.Fprintf(bw, `<text x="%s" y="%s">%s</text>`+"\n", f(x), f(y), label(d, n))
		}
		fmt.Fprintf(bw, "</g>\n")
	}
	text(GivenColour, "bold", puzzle.Cell)
	if o.Solution != nil {
		text(FilledColour, "normal", func(i int) int {
			if puzzle.Cell(i) != 0 {
				return 0
			}
			return o.Solution.Cell(i)
		})
	}
	fmt.Fprintf(bw, "</svg>\n")
	return bw.Flush()
}

// label writes digit d as the text formats do: a symbol (1-9, A-Z) up to
// 35, a number beyond.
func label(d, n int) string {
	if n <= sudokusat.MaxSymbolSize {
		return string(sudokusat.Symbol(d))
	}
	return strconv.Itoa(d)
}
