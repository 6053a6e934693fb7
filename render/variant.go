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
	CageColour   = "#404040"
)

// VariantSVG writes a variant puzzle as an SVG document: the regions' thick
// borders (a jigsaw's included), extra regions shaded, diagonals, killer
// cages (dashed, with their sums), thermometers, arrows, Kropki dots, XV
// marks, even (square) and odd (circle) cells, and a note of the rules of
// the whole grid (anti-knight, anti-king, the negative rules) under it.
func VariantSVG(w io.Writer, p *sudokusat.Puzzle, o Options) error {
	if err := variant.Validate(p); err != nil {
		return fmt.Errorf("render: %w", err)
	}
	if o.Solution != nil {
		if err := variant.Check(p, o.Solution); err != nil {
			return fmt.Errorf("%w: %w", ErrSolution, err)
		}
	}
	cell := o.CellSize
	if cell <= 0 {
		cell = 40
	}
	n := p.Size()
	thin, thick := cell/40, cell*0.075
	margin := thick * 2
	side := float64(n)*cell + 2*margin
	var globals []string
	for _, c := range p.Rules {
		switch c.Kind {
		case variant.AntiKnight, variant.AntiKing, variant.NonConsecutive, variant.NoBlack, variant.NoXV:
			globals = append(globals, string(c.Kind))
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

	// Shapes under the grid lines: shaded extra regions and parity cells,
	// diagonals, thermometers, arrows.
	square := func(c int, inset float64, attrs string) {
		fmt.Fprintf(bw, `<rect x="%s" y="%s" width="%s" height="%s" %s/>`+"\n",
			f(x(c)-cell/2+inset), f(y(c)-cell/2+inset), f(cell-2*inset), f(cell-2*inset), attrs)
	}
	path := func(cells []int) string {
		s := ""
		for i, c := range cells {
			op := "L"
			if i == 0 {
				op = "M"
			}
			s += fmt.Sprintf("%s%s %s ", op, f(x(c)), f(y(c)))
		}
		return s
	}
	for _, c := range p.Rules {
		switch c.Kind {
		case variant.Region:
			for _, k := range c.Cells {
				square(k, 0, `fill="`+RegionColour+`"`)
			}
		case variant.Even:
			square(c.Cells[0], cell*0.15, `fill="`+ShapeColour+`"`)
		case variant.Odd:
			fmt.Fprintf(bw, `<circle cx="%s" cy="%s" r="%s" fill="%s"/>`+"\n", f(x(c.Cells[0])), f(y(c.Cells[0])), f(cell*0.38), ShapeColour)
		case variant.DiagonalMain, variant.DiagonalAnti:
			a, b := c.Cells[0], c.Cells[len(c.Cells)-1]
			dx, dy := cell/2, cell/2
			if c.Kind == variant.DiagonalAnti {
				dy = -dy
			}
			if x(a) > x(b) {
				a, b = b, a
			}
			fmt.Fprintf(bw, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="%s"/>`+"\n",
				f(x(a)-dx), f(y(a)-dy), f(x(b)+dx), f(y(b)+dy), ShapeColour, f(thick))
		case variant.Thermo:
			fmt.Fprintf(bw, `<circle cx="%s" cy="%s" r="%s" fill="%s"/>`+"\n", f(x(c.Cells[0])), f(y(c.Cells[0])), f(cell*0.35), ShapeColour)
			fmt.Fprintf(bw, `<path d="%s" fill="none" stroke="%s" stroke-width="%s" stroke-linecap="round" stroke-linejoin="round"/>`+"\n",
				path(c.Cells), ShapeColour, f(cell*0.3))
		case variant.Arrow:
			for _, line := range c.Lines {
				cells := append([]int{c.Cells[len(c.Cells)-1]}, line...)
				fmt.Fprintf(bw, `<path d="%s" fill="none" stroke="%s" stroke-width="%s" stroke-linejoin="round"/>`+"\n",
					path(cells), ShapeColour, f(thick*0.8))
				// The head: two strokes back from the last cell's centre.
				if len(cells) >= 2 {
					a, b := cells[len(cells)-2], cells[len(cells)-1]
					ang := math.Atan2(y(b)-y(a), x(b)-x(a))
					for _, s := range []float64{-1, 1} {
						hx := x(b) - cell*0.3*math.Cos(ang+s*0.5)
						hy := y(b) - cell*0.3*math.Sin(ang+s*0.5)
						fmt.Fprintf(bw, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="%s" stroke-linecap="round"/>`+"\n",
							f(x(b)), f(y(b)), f(hx), f(hy), ShapeColour, f(thick*0.8))
					}
				}
			}
			// The circle after the lines, its white hiding where they
			// start.
			for _, k := range c.Cells {
				fmt.Fprintf(bw, `<circle cx="%s" cy="%s" r="%s" fill="#ffffff" stroke="%s" stroke-width="%s"/>`+"\n",
					f(x(k)), f(y(k)), f(cell*0.4), ShapeColour, f(thick*0.8))
			}
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
		switch c.Kind {
		case variant.Killer:
			in := make(map[int]bool)
			for _, k := range c.Cells {
				in[k] = true
			}
			d := cell * 0.08
			fmt.Fprintf(bw, `<g stroke="%s" stroke-width="%s" stroke-dasharray="%s %s" fill="none">`+"\n", CageColour, f(thin*1.5), f(cell/12), f(cell/16))
			for _, k := range c.Cells {
				x0, y0 := x(k)-cell/2+d, y(k)-cell/2+d
				x1, y1 := x(k)+cell/2-d, y(k)+cell/2-d
				r, col := k/n, k%n
				edge := func(ax, ay, bx, by float64) {
					fmt.Fprintf(bw, `<line x1="%s" y1="%s" x2="%s" y2="%s"/>`+"\n", f(ax), f(ay), f(bx), f(by))
				}
				if r == 0 || !in[k-n] {
					edge(x0, y0, x1, y0)
				}
				if r == n-1 || !in[k+n] {
					edge(x0, y1, x1, y1)
				}
				if col == 0 || !in[k-1] {
					edge(x0, y0, x0, y1)
				}
				if col == n-1 || !in[k+1] {
					edge(x1, y0, x1, y1)
				}
			}
			fmt.Fprintf(bw, "</g>\n")
			if c.Value != 0 {
				first := c.Cells[0]
				for _, k := range c.Cells {
					if k < first {
						first = k
					}
				}
				fmt.Fprintf(bw, `<text x="%s" y="%s" font-family="DejaVu Sans, Arial, sans-serif" font-size="%s" fill="%s">%d</text>`+"\n",
					f(x(first)-cell/2+d*1.3), f(y(first)-cell/2+d+cell*0.2), f(cell*0.22), CageColour, c.Value)
			}
		case variant.White, variant.Black, variant.XV:
			a, b := c.Cells[0], c.Cells[1]
			mx, my := (x(a)+x(b))/2, (y(a)+y(b))/2
			if c.Kind == variant.XV {
				fmt.Fprintf(bw, `<text x="%s" y="%s" font-family="DejaVu Sans, Arial, sans-serif" font-size="%s" font-weight="bold" text-anchor="middle" fill="%s" stroke="#ffffff" stroke-width="%s" paint-order="stroke">%s</text>`+"\n",
					f(mx), f(my+cell*0.11), f(cell*0.32), GivenColour, f(thin*3), map[int]string{5: "V", 10: "X"}[c.Value])
				continue
			}
			fill := "#ffffff"
			if c.Kind == variant.Black {
				fill = GivenColour
			}
			fmt.Fprintf(bw, `<circle cx="%s" cy="%s" r="%s" fill="%s" stroke="%s" stroke-width="%s"/>`+"\n", f(mx), f(my), f(cell*0.12), fill, GivenColour, f(thin*1.5))
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
