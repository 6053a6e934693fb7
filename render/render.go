// Package render draws Sudoku grids as printable SVG: thin lines between
// cells, thick lines around boxes, the givens in bold black and, when a
// solution is given, the digits it fills in, in blue. It draws every size
// the model supports, rectangular boxes included.
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

// Options changes the drawing.
type Options struct {
	// Solution, when set, fills the blank cells with its digits, drawn
	// in FilledColour. It must solve the puzzle.
	Solution *sudokusat.Grid
	// CellSize is a cell's side in SVG user units (pixels); 0 means 40.
	CellSize float64
	// Title is the drawing's title, shown by viewers; empty for none.
	Title string
}

// SVG writes puzzle as an SVG document to w.
func SVG(w io.Writer, puzzle *sudokusat.Grid, o Options) error {
	if err := puzzle.Validate(); err != nil {
		return fmt.Errorf("render: %w", err)
	}
	if o.Solution != nil {
		if err := sudokusat.CheckSolution(puzzle, o.Solution); err != nil {
			return fmt.Errorf("%w: %w", ErrSolution, err)
		}
	}
	cell := o.CellSize
	if cell <= 0 {
		cell = 40
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
