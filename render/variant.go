package render

import (
	"bufio"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// Colours of the variant marks: pale grey shapes under the digits, so that
// the givens and the solution stay readable.
const (
	ShapeColour  = "#c8c8c8"
	RegionColour = "#eef3fb"
	// NoRegionColour fills a cell in no region, so that it stands apart
	// from the regions around it.
	NoRegionColour = "#f0f0f0"
	CageColour     = "#404040"
)

// drawVariant draws a puzzle with rules or regions: the regions' thick
// borders (a jigsaw's included), extra regions shaded, diagonals, killer
// cages (dashed, with their sums), thermometers, arrows, Kropki dots, XV
// marks, even (square) and odd (circle) cells, and a note of the rules of
// the whole grid (anti-knight, anti-king, the negative rules) under it.
// Clues outside the grid are drawn in a ring one cell wide around it,
// which only a puzzle with such a clue has.
func drawVariant(w io.Writer, p *sudokusat.Puzzle, o Options) error {
	if err := variant.Validate(p); err != nil {
		return fmt.Errorf("render: %w", err)
	}
	if o.Solution != nil {
		if err := variant.Check(p, o.Solution); err != nil {
			return fmt.Errorf("%w: %w", ErrSolution, err)
		}
	}
	cell, err := cellSide(o.CellSize)
	if err != nil {
		return err
	}
	n := p.Size()
	thin, thick := cell/40, cell*0.075
	margin := thick * 2
	if outsideClues(p) {
		margin += cell // a ring for the clues outside the grid
	}
	side := float64(n)*cell + 2*margin
	drawings := kindDrawings()
	var globals []string
	for _, c := range p.Rules {
		d, ok := drawings[c.Kind]
		if !ok {
			return fmt.Errorf("render: no drawing for rules of kind %q", c.Kind)
		}
		if d.note {
			globals = append(globals, c.Kind)
		}
	}
	height := side
	if len(globals) > 0 {
		height += cell * 0.6
	}
	fontSize := cell * 0.6
	if n > 9 {
		fontSize = cell * 0.5
	}
	bw := bufio.NewWriter(w)
	f := func(x float64) string { return strconv.FormatFloat(math.Round(x*100)/100, 'f', -1, 64) }
	x := func(c int) float64 { return margin + (float64(c%n)+0.5)*cell } // a cell's centre
	y := func(c int) float64 { return margin + (float64(c/n)+0.5)*cell }
	fmt.Fprintf(bw, `<?xml version="1.0" encoding="UTF-8"?>`+"\n")
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s">`+"\n", f(side), f(height), f(side), f(height))
	if o.Title != "" {
		bw.WriteString("<title>")
		xml.EscapeText(bw, []byte(o.Title))
		bw.WriteString("</title>\n")
	}
	fmt.Fprintf(bw, `<rect x="0" y="0" width="%s" height="%s" fill="#ffffff"/>`+"\n", f(side), f(height))

	// Cells in no region, shaded, then shapes under the grid lines:
	// shaded extra regions and parity cells, diagonals, thermometers,
	// arrows.
	for i := range n * n {
		if p.Region(i) == sudokusat.NoRegion {
			fmt.Fprintf(bw, `<rect x="%s" y="%s" width="%s" height="%s" fill="%s"/>`+"\n", f(margin+float64(i%n)*cell), f(margin+float64(i/n)*cell), f(cell), f(cell), NoRegionColour)
		}
	}
	cv := &canvas{w: bw, n: n, cell: cell, thin: thin, thick: thick, margin: margin}
	for _, c := range p.Rules {
		if d := drawings[c.Kind]; d.under != nil {
			d.under(cv, c)
		}
	}

	// Grid lines: thin between cells, thick between regions.
	fmt.Fprintf(bw, `<g stroke="%s" stroke-width="%s" stroke-linecap="square">`+"\n", ThinColour, f(thin))
	for k := 1; k < n; k++ {
		q := margin + float64(k)*cell
		fmt.Fprintf(bw, `<line x1="%s" y1="%s" x2="%s" y2="%s"/>`+"\n", f(q), f(margin), f(q), f(side-margin))
		fmt.Fprintf(bw, `<line x1="%s" y1="%s" x2="%s" y2="%s"/>`+"\n", f(margin), f(q), f(side-margin), f(q))
	}
	fmt.Fprintf(bw, "</g>\n")
	fmt.Fprintf(bw, `<g stroke="%s" stroke-width="%s" stroke-linecap="square">`+"\n", ThickColour, f(thick))
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			i := r*n + c
			if c+1 < n && p.Region(i) != p.Region(i+1) {
				q := margin + float64(c+1)*cell
				fmt.Fprintf(bw, `<line x1="%s" y1="%s" x2="%s" y2="%s"/>`+"\n", f(q), f(margin+float64(r)*cell), f(q), f(margin+float64(r+1)*cell))
			}
			if r+1 < n && p.Region(i) != p.Region(i+n) {
				q := margin + float64(r+1)*cell
				fmt.Fprintf(bw, `<line x1="%s" y1="%s" x2="%s" y2="%s"/>`+"\n", f(margin+float64(c)*cell), f(q), f(margin+float64(c+1)*cell), f(q))
			}
		}
	}
	fmt.Fprintf(bw, `<rect x="%s" y="%s" width="%s" height="%s" fill="none"/>`+"\n", f(margin), f(margin), f(side-2*margin), f(side-2*margin))
	fmt.Fprintf(bw, "</g>\n")

	// Marks over the lines: cages, dots, XV.
	for _, c := range p.Rules {
		if d := drawings[c.Kind]; d.over != nil {
			d.over(cv, c)
		}
	}

	text := func(colour, weight string, pick func(i int) int) {
		fmt.Fprintf(bw, `<g font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="%s" font-weight="%s" fill="%s" text-anchor="middle">`+"\n",
			f(fontSize), weight, colour)
		for i := range p.Grid.Len() {
			if d := pick(i); d != 0 {
				fmt.Fprintf(bw, `<text x="%s" y="%s">%s</text>`+"\n", f(x(i)), f(y(i)+0.35*fontSize), label(d, n))
			}
		}
		fmt.Fprintf(bw, "</g>\n")
	}
	text(GivenColour, "bold", p.Grid.Cell)
	if o.Solution != nil {
		text(FilledColour, "normal", func(i int) int {
			if p.Grid.Cell(i) != 0 {
				return 0
			}
			return o.Solution.Cell(i)
		})
	}
	if len(globals) > 0 {
		note := "rules of the whole grid: "
		for i, g := range globals {
			if i > 0 {
				note += ", "
			}
			note += g
		}
		// Small grids have little width for a long note: the font shrinks
		// so that the note fits (0.6 em is a wide average for DejaVu Sans
		// and Arial), never to grow past 0.3 of a cell.
		size := min(cell*0.3, (side-2*margin)/(0.6*float64(len([]rune(note)))))
		fmt.Fprintf(bw, `<text x="%s" y="%s" font-family="DejaVu Sans, Arial, sans-serif" font-size="%s" fill="%s">`, f(margin), f(side+cell*0.35), f(size), CageColour)
		xml.EscapeText(bw, []byte(note))
		fmt.Fprintf(bw, "</text>\n")
	}
	fmt.Fprintf(bw, "</svg>\n")
	return bw.Flush()
}
