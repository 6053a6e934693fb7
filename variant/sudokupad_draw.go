package variant

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// This file is the drawing model of SudokuPad's format: its lines,
// arrows, overlays and underlays as shapes on the grid's plane, where a
// position is [row, column] in cells from the grid's top left corner
// (the centre of r1c1 is [0.5, 0.5]), and the geometry and colours the
// conventions (sudokupad_kinds.go) test them by.

// spColour is a colour as SudokuPad's documents write it: "#rgb",
// "#rgba", "#rrggbb", "#rrggbbaa", a few CSS names, "none" or
// "transparent". Its components are from 0 to 1; ok is false for no
// colour (absent, unknown or fully transparent).
type spColour struct {
	r, g, b, a float64
	ok         bool
}

// spNamedColours are the CSS colour names SudokuPad's documents use.
var spNamedColours = map[string]string{
	"black": "#000", "white": "#fff", "red": "#f00", "green": "#008000", "blue": "#00f",
	"yellow": "#ff0", "orange": "#ffa500", "purple": "#800080", "grey": "#808080", "gray": "#808080",
}

// parseColour reads a colour, as it looks on the white page; anything
// else is no colour.
func parseColour(s string) spColour {
	s = strings.ToLower(strings.TrimSpace(s))
	if named, ok := spNamedColours[s]; ok {
		s = named
	}
	hex, ok := strings.CutPrefix(s, "#")
	if !ok || !isHex(hex) {
		return spColour{}
	}
	var v [4]float64
	v[3] = 1
	switch len(hex) {
	case 3, 4:
		for i := range len(hex) {
			d, _ := strconv.ParseUint(hex[i:i+1], 16, 8)
			v[i] = float64(d*17) / 255
		}
	case 6, 8:
		for i := 0; i < len(hex); i += 2 {
			d, _ := strconv.ParseUint(hex[i:i+2], 16, 8)
			v[i/2] = float64(d) / 255
		}
	default:
		return spColour{}
	}
	// A colour is seen over SudokuPad's white page: "#0003" is a light
	// grey, not black.
	for i := range 3 {
		v[i] = v[3]*v[i] + 1 - v[3]
	}
	return spColour{v[0], v[1], v[2], v[3], v[3] > 0.02}
}

// hsl returns the colour's hue in degrees (0 to 360), its saturation
// (the chroma, 0 to 1) and its lightness (0 to 1).
func (c spColour) hsl() (hue, chroma, light float64) {
	hi, lo := max(c.r, c.g, c.b), min(c.r, c.g, c.b)
	chroma, light = hi-lo, (hi+lo)/2
	if chroma == 0 {
		return 0, 0, light
	}
	switch hi {
	case c.r:
		hue = math.Mod((c.g-c.b)/chroma+6, 6)
	case c.g:
		hue = (c.b-c.r)/chroma + 2
	default:
		hue = (c.r-c.g)/chroma + 4
	}
	return hue * 60, chroma, light
}

// grey reports a colour without a hue to speak of (white and black
// included).
func (c spColour) grey() bool {
	_, chroma, _ := c.hsl()
	return c.ok && chroma < 0.12
}

// white and black report the two ends of grey.
func (c spColour) white() bool {
	_, _, l := c.hsl()
	return c.grey() && l > 0.9
}

func (c spColour) black() bool {
	_, _, l := c.hsl()
	return c.grey() && l < 0.2
}

// near reports whether two colours look alike: the same hue family and
// lightness, or both grey of a like lightness.
func (c spColour) near(d spColour) bool {
	if !c.ok || !d.ok {
		return false
	}
	if c.grey() || d.grey() {
		_, _, l1 := c.hsl()
		_, _, l2 := d.hsl()
		return c.grey() && d.grey() && math.Abs(l1-l2) < 0.25
	}
	h1, _, l1 := c.hsl()
	h2, _, l2 := d.hsl()
	dh := math.Abs(h1 - h2)
	return min(dh, 360-dh) < 25 && math.Abs(l1-l2) < 0.3
}

// hueRange is an arc of hues, from lo to hi degrees, that may wrap
// through 0 (lo > hi).
type hueRange struct{ lo, hi float64 }

// in reports whether the colour has a hue in the range.
func (h hueRange) in(c spColour) bool {
	if !c.ok || c.grey() {
		return false
	}
	hue, _, _ := c.hsl()
	if h.lo <= h.hi {
		return hue >= h.lo && hue < h.hi
	}
	return hue >= h.lo || hue < h.hi
}

// String writes the colour as "#rrggbb", or "#rrggbbaa" when it is not
// opaque.
func (c spColour) String() string {
	b := func(v float64) int { return int(math.Round(v * 255)) }
	if c.a >= 1 {
		return fmt.Sprintf("#%02x%02x%02x", b(c.r), b(c.g), b(c.b))
	}
	return fmt.Sprintf("#%02x%02x%02x%02x", b(c.r), b(c.g), b(c.b), b(c.a))
}

// spPoint is a position on the grid's plane: row and column, in cells.
type spPoint struct{ r, c float64 }

func (p spPoint) dist(q spPoint) float64 { return math.Hypot(p.r-q.r, p.c-q.c) }

// spShape is an overlay or an underlay: a rectangle, or an ellipse when
// rounded, with its fill, its border and its text.
type spShape struct {
	at           spPoint
	w, h         float64
	rounded      bool
	fill, border spColour
	text         string
	angle        float64
}

// spLine is a line or an arrow (which has a head at its last point).
type spLine struct {
	arrow  bool
	points []spPoint
	colour spColour
	thick  float64
}

// visible reports whether a shape shows anything: a text, a fill or a
// border. A transparent rectangle (penpa's "board-position") does not.
func (s *spShape) visible() bool {
	return strings.TrimSpace(s.text) != "" || s.fill.ok || s.border.ok && s.border.a > 0.02
}

// round reports an ellipse or circle; a square turned 45° is a diamond,
// neither round nor square.
func (s *spShape) round() bool { return s.rounded }

// square reports an axis-aligned rectangle.
func (s *spShape) square() bool {
	a := math.Mod(math.Abs(s.angle), 90)
	return !s.rounded && (a < 1 || a > 89)
}

// diamond reports a square turned 45°.
func (s *spShape) diamond() bool {
	return !s.rounded && math.Abs(math.Mod(math.Abs(s.angle), 90)-45) < 1
}

// sized reports whether both sides are from lo to hi cells.
func (s *spShape) sized(lo, hi float64) bool {
	return s.w >= lo && s.w <= hi && s.h >= lo && s.h <= hi
}

// number reads the shape's text as a whole number from 0.
func (s *spShape) number() (int, bool) {
	v, err := strconv.Atoi(strings.TrimSpace(s.text))
	return v, err == nil && v >= 0
}

// spTol is how far from a cell's centre, an edge's middle or a corner a
// drawing may sit and still be placed there: setters' tools round
// positions to a hundredth or so.
const spTol = 0.12

// cellAt returns the cell whose centre p is at (within spTol), in an n×n
// grid.
func cellAt(n int, p spPoint) (int, bool) {
	r, c := math.Floor(p.r), math.Floor(p.c)
	if math.Abs(p.r-r-0.5) > spTol || math.Abs(p.c-c-0.5) > spTol {
		return 0, false
	}
	if r < 0 || c < 0 || int(r) >= n || int(c) >= n {
		return 0, false
	}
	return int(r)*n + int(c), true
}

// outsideAt returns the row and column (from 0, -1 or n beside the grid)
// of the place outside the grid whose centre p is at.
func outsideAt(n int, p spPoint) (row, col int, ok bool) {
	r, c := math.Floor(p.r), math.Floor(p.c)
	if math.Abs(p.r-r-0.5) > spTol || math.Abs(p.c-c-0.5) > spTol {
		return 0, 0, false
	}
	row, col = int(r), int(c)
	inside := row >= 0 && col >= 0 && row < n && col < n
	return row, col, !inside && row >= -1 && col >= -1 && row <= n && col <= n
}

// edgeAt returns the two orthogonally adjacent cells whose shared edge's
// middle p is at.
func edgeAt(n int, p spPoint) (a, b int, ok bool) {
	r, c := math.Round(p.r), math.Round(p.c)
	switch {
	case math.Abs(p.r-r) <= spTol: // a horizontal edge, between rows r-1 and r
		col := math.Floor(p.c)
		if math.Abs(p.c-col-0.5) > spTol || r < 1 || int(r) >= n || col < 0 || int(col) >= n {
			return 0, 0, false
		}
		return (int(r)-1)*n + int(col), int(r)*n + int(col), true
	case math.Abs(p.c-c) <= spTol: // a vertical edge
		row := math.Floor(p.r)
		if math.Abs(p.r-row-0.5) > spTol || c < 1 || int(c) >= n || row < 0 || int(row) >= n {
			return 0, 0, false
		}
		return int(row)*n + int(c) - 1, int(row)*n + int(c), true
	}
	return 0, 0, false
}

// cornerAt returns the four cells around the inner corner p is at, in
// reading order.
func cornerAt(n int, p spPoint) ([]int, bool) {
	r, c := math.Round(p.r), math.Round(p.c)
	if math.Abs(p.r-r) > spTol || math.Abs(p.c-c) > spTol || r < 1 || c < 1 || int(r) >= n || int(c) >= n {
		return nil, false
	}
	top := (int(r)-1)*n + int(c) - 1
	return []int{top, top + 1, top + n, top + n + 1}, true
}

// touchedCells returns the cells of an n×n grid a shape's centre is in or
// on the border of, in reading order: one for a shape in a cell, two on
// an edge, four on a corner.
func touchedCells(n int, p spPoint) []int {
	var out []int
	for r := int(math.Floor(p.r - spTol)); r <= int(math.Floor(p.r+spTol)); r++ {
		for c := int(math.Floor(p.c - spTol)); c <= int(math.Floor(p.c+spTol)); c++ {
			if r >= 0 && c >= 0 && r < n && c < n {
				out = append(out, r*n+c)
			}
		}
	}
	return out
}

// spLineReach is how near a line must pass to a cell's centre to be
// drawn through the cell: a line from centre to centre passes through
// them, one that cuts a corner by a fifth of a cell still does, and a
// diagonal past a cell's corner (0.7 from two centres) does not.
const spLineReach = 0.3

// spEndReach is how near a line's end must be to a cell's centre to end
// in the cell: setters stop a line short of the centre so as not to cover
// the digit, a diagonal one a quarter cell short on both axes (0.35 from
// the centre), still well inside the cell, whose edge is 0.5 away.
const spEndReach = 0.4

// pathCells returns the centres of the cells a polyline passes through
// (within spLineReach of their centres) or ends in (spEndReach), on or off
// the grid, in the order
// it reaches them. A cell the line comes back to after others is listed
// again (a loop ends where it started). A polyline far longer than the
// grid is none.
func pathCells(n int, points []spPoint) (cells []spPoint, ok bool) {
	var out []spPoint
	last := spPoint{math.NaN(), math.NaN()}
	visit := func(p spPoint, reach float64) {
		r, c := math.Floor(p.r), math.Floor(p.c)
		centre := spPoint{r + 0.5, c + 0.5}
		if p.dist(centre) > reach || centre == last {
			return
		}
		out = append(out, centre)
		last = centre
	}
	if len(points) == 0 {
		return nil, false
	}
	visit(points[0], spEndReach)
	for i := 1; i < len(points); i++ {
		a, b := points[i-1], points[i]
		steps := int(math.Ceil(a.dist(b) / 0.05))
		if steps > 4*n*n+100 {
			return nil, false // a line far off the grid
		}
		for s := 1; s <= steps; s++ {
			t := float64(s) / float64(steps)
			reach := spLineReach
			if s == steps && i == len(points)-1 {
				reach = spEndReach
			}
			visit(spPoint{a.r + t*(b.r-a.r), a.c + t*(b.c-a.c)}, reach)
		}
	}
	return out, true
}

// gridPath returns the cells of a path of cell centres on an n×n grid:
// every one in the grid, each touching the one before (a king's move),
// none twice but for a loop's last, which is its first (loop true).
func gridPath(n int, centres []spPoint) (cells []int, loop, ok bool) {
	walk, ok := gridWalk(n, centres)
	if !ok {
		return nil, false, false
	}
	seen := map[int]bool{}
	for i, cell := range walk {
		if seen[cell] {
			if i == len(walk)-1 && cell == walk[0] && len(walk) >= 4 {
				return walk[:i], true, true
			}
			return nil, false, false
		}
		seen[cell] = true
	}
	return walk, false, len(walk) > 0
}

// gridWalk returns the cells of a path of cell centres on an n×n grid,
// each touching the one before, as often as the path visits them.
func gridWalk(n int, centres []spPoint) ([]int, bool) {
	cells := make([]int, 0, len(centres))
	for i, p := range centres {
		cell, in := cellAt(n, p)
		if !in || i > 0 && !touching(n, cells[i-1], cell) {
			return nil, false
		}
		cells = append(cells, cell)
	}
	return cells, len(cells) > 0
}

// clipCells returns the cells of centres that are in the grid.
func clipCells(n int, centres []spPoint) []int {
	var out []int
	for _, p := range centres {
		if c, ok := cellAt(n, p); ok {
			out = append(out, c)
		}
	}
	return out
}

// centre returns the centre of a cell of an n×n grid.
func centre(n, cell int) spPoint {
	return spPoint{float64(cell/n) + 0.5, float64(cell%n) + 0.5}
}
