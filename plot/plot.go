// Package plot draws the SVG plots of engines' run times that check
// writes: the cactus plot of each engine's runs, and the scatter plot of
// two engines' times puzzle by puzzle.
package plot

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
	"time"
)

// A Series is one engine's runs.
type Series struct {
	Name  string
	Times []time.Duration // of the runs that answered, in any order
	Runs  int             // the runs, answered or not
}

// Cactus returns the cactus plot of the series as SVG: for each engine,
// its run times sorted, the k-th point at k runs answered; a time axis on
// a log scale, since times on a data set span several orders of
// magnitude. The further right and the lower a line, the better the
// engine. A series without an answered run has no line.
func Cactus(series []Series) []byte {
	const width, height, left, right, top, bottom = 780.0, 440.0, 70.0, 220.0, 20.0, 50.0
	var rows []Series
	lo, hi, most := math.Inf(1), math.Inf(-1), 1
	for _, s := range series {
		ts := slices.Clone(s.Times)
		if len(ts) == 0 {
			continue
		}
		slices.Sort(ts)
		s.Times = ts
		rows = append(rows, s)
		lo = min(lo, max(ts[0].Seconds(), 1e-6))
		hi = max(hi, max(ts[len(ts)-1].Seconds(), 1e-6))
		most = max(most, s.Runs)
	}
	if len(rows) == 0 {
		lo, hi = 1e-6, 1
	}
	lo, hi = math.Pow(10, math.Floor(math.Log10(lo))), math.Pow(10, math.Ceil(math.Log10(hi)))
	if hi <= lo {
		hi = lo * 10
	}
	pw, ph := width-left-right, height-top-bottom
	x := func(k int) float64 { return left + pw*float64(k)/float64(most) }
	y := func(s float64) float64 {
		return top + ph*(1-(math.Log10(max(s, lo))-math.Log10(lo))/(math.Log10(hi)-math.Log10(lo)))
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="%g" height="%g" viewBox="0 0 %g %g" font-family="sans-serif" font-size="12">
<rect width="100%%" height="100%%" fill="white"/>
<title>cactus plot: run times sorted, per engine</title>
`, width, height, width, height)
	fmt.Fprintf(&b, `<path d="M%g %gV%gH%g" fill="none" stroke="black"/>`+"\n", left, top, top+ph, left+pw)
	for e := math.Log10(lo); e <= math.Log10(hi)+1e-9; e++ {
		yy := y(math.Pow(10, e))
		fmt.Fprintf(&b, `<path d="M%g %gH%g" stroke="#ddd"/><text x="%g" y="%g" text-anchor="end">%s</text>`+"\n",
			left, yy, left+pw, left-6, yy+4, secondsLabel(math.Pow(10, e)))
	}
	for _, k := range []int{0, most / 2, most} {
		fmt.Fprintf(&b, `<text x="%g" y="%g" text-anchor="middle">%d</text>`+"\n", x(k), top+ph+18, k)
	}
	fmt.Fprintf(&b, `<text x="%g" y="%g" text-anchor="middle">runs answered</text>`+"\n", left+pw/2, height-10)
	fmt.Fprintf(&b, `<text transform="translate(16 %g) rotate(-90)" text-anchor="middle">time per run</text>`+"\n", top+ph/2)
	colours := []string{"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"}
	for n, s := range rows {
		colour := colours[n%len(colours)]
		var pts []string
		for k, d := range s.Times {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(k+1), y(d.Seconds())))
		}
		fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="1.5"/>`+"\n", strings.Join(pts, " "), colour)
		ly := top + 16*float64(n+1)
		fmt.Fprintf(&b, `<path d="M%g %gh20" stroke="%s" stroke-width="3"/><text x="%g" y="%g">%s (%d/%d)</text>`+"\n",
			left+pw+12, ly-4, colour, left+pw+38, ly, xmlText(s.Name), len(s.Times), s.Runs)
	}
	b.WriteString("</svg>\n")
	return []byte(b.String())
}

// Scatter returns, as SVG, the times of engines a and b on each puzzle
// both answered (ta and tb: the times by puzzle), one point per puzzle on
// log scales, with the diagonal: a point above it is a puzzle a solved
// faster.
func Scatter(a, b string, ta, tb map[int]time.Duration) []byte {
	const size, margin = 460.0, 70.0
	type point struct{ x, y float64 }
	var pts []point
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, i := range slices.Sorted(maps.Keys(ta)) {
		if db, ok := tb[i]; ok {
			p := point{max(ta[i].Seconds(), 1e-6), max(db.Seconds(), 1e-6)}
			pts = append(pts, p)
			lo, hi = min(lo, p.x, p.y), max(hi, p.x, p.y)
		}
	}
	if len(pts) == 0 {
		lo, hi = 1e-6, 1
	}
	lo, hi = math.Pow(10, math.Floor(math.Log10(lo))), math.Pow(10, math.Ceil(math.Log10(hi)))
	if hi <= lo {
		hi = lo * 10
	}
	side := size - 2*margin
	at := func(s float64) float64 {
		return side * (math.Log10(s) - math.Log10(lo)) / (math.Log10(hi) - math.Log10(lo))
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="%g" height="%g" viewBox="0 0 %g %g" font-family="sans-serif" font-size="12">
<rect width="100%%" height="100%%" fill="white"/>
<title>%s against %s, puzzle by puzzle</title>
`, size, size, size, size, xmlText(a), xmlText(b))
	fmt.Fprintf(&sb, `<path d="M%g %gV%gH%g" fill="none" stroke="black"/>`+"\n", margin, margin, margin+side, margin+side)
	fmt.Fprintf(&sb, `<path d="M%g %gL%g %g" stroke="#aaa" stroke-dasharray="4 4"/>`+"\n", margin, margin+side, margin+side, margin)
	for e := math.Log10(lo); e <= math.Log10(hi)+1e-9; e++ {
		v := math.Pow(10, e)
		fmt.Fprintf(&sb, `<text x="%g" y="%g" text-anchor="middle">%s</text>`+"\n", margin+at(v), margin+side+18, secondsLabel(v))
		fmt.Fprintf(&sb, `<text x="%g" y="%g" text-anchor="end">%s</text>`+"\n", margin-6, margin+side-at(v)+4, secondsLabel(v))
	}
	fmt.Fprintf(&sb, `<text x="%g" y="%g" text-anchor="middle">%s</text>`+"\n", margin+side/2, size-20, xmlText(a))
	fmt.Fprintf(&sb, `<text transform="translate(18 %g) rotate(-90)" text-anchor="middle">%s</text>`+"\n", margin+side/2, xmlText(b))
	fmt.Fprintf(&sb, `<text x="%g" y="%g" text-anchor="middle">%d puzzles both answered</text>`+"\n", size/2, margin/2, len(pts))
	for _, p := range pts {
		fmt.Fprintf(&sb, `<circle cx="%.1f" cy="%.1f" r="2.5" fill="#1f77b4" fill-opacity="0.6"/>`+"\n", margin+at(p.x), margin+side-at(p.y))
	}
	sb.WriteString("</svg>\n")
	return []byte(sb.String())
}

// secondsLabel writes a power of ten of seconds as an axis label.
func secondsLabel(s float64) string {
	switch {
	case s >= 1:
		return fmt.Sprintf("%g s", s)
	case s >= 1e-3:
		return fmt.Sprintf("%g ms", math.Round(s*1e3))
	}
	return fmt.Sprintf("%g µs", math.Round(s*1e6))
}

// xmlText escapes s for SVG text.
func xmlText(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}
