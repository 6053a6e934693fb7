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
	// PAR2 is the engine's PAR-2 score in seconds, shown in the legend;
	// nil when it has none (a run unanswered and no time limit).
	PAR2 *float64
}

// Cactus returns the cactus plot of the series as SVG, under title: for
// each engine, its run times sorted, the k-th point at k runs answered; a
// time axis on a log scale, since times on a data set span several
// orders of magnitude, and the time limit drawn across when there is one
// (limit > 0), so that a line ending below it reads as runs unanswered.
// The legend gives each engine's runs answered of all and its PAR-2
// score. The further right and the lower a line, the better the engine.
// A series without an answered run has no line, only its legend.
func Cactus(title string, limit time.Duration, series []Series) []byte {
	const width, height, left, right, top, bottom = 820.0, 460.0, 70.0, 260.0, 40.0, 50.0
	var rows []Series
	lo, hi, most := math.Inf(1), math.Inf(-1), 1
	if limit > 0 {
		lo, hi = limit.Seconds(), limit.Seconds()
	}
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
	if math.IsInf(lo, 1) {
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
<title>%s</title>
<text x="%g" y="24" text-anchor="middle" font-size="15">%s</text>
`, width, height, width, height, xmlText(title), width/2, xmlText(title))
	fmt.Fprintf(&b, `<path d="M%g %gV%gH%g" fill="none" stroke="black"/>`+"\n", left, top, top+ph, left+pw)
	// The decades as whole powers: log10(0.1) is not quite -1, and
	// counting up from it labelled 1 s "1.0000000000000002 s".
	for e := math.Round(math.Log10(lo)); e <= math.Round(math.Log10(hi)); e++ {
		yy := y(math.Pow(10, e))
		fmt.Fprintf(&b, `<path d="M%g %gH%g" stroke="#ddd"/><text x="%g" y="%g" text-anchor="end">%s</text>`+"\n",
			left, yy, left+pw, left-6, yy+4, secondsLabel(math.Pow(10, e)))
	}
	if limit > 0 {
		yy := y(limit.Seconds())
		fmt.Fprintf(&b, `<path class="limit" d="M%g %gH%g" stroke="black" stroke-dasharray="6 3"/><text x="%g" y="%g" text-anchor="end">time limit %v</text>`+"\n",
			left, yy, left+pw, left+pw-4, yy-4, limit)
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
	}
	// The legend names every engine, one that answered nothing too (no
	// line, no swatch): its PAR-2 is what a reader compares.
	entry, line := 0, 0
	for _, s := range series {
		if s.Runs == 0 {
			continue
		}
		entry++
		ly := top + 16*float64(entry)
		if len(s.Times) > 0 {
			fmt.Fprintf(&b, `<path d="M%g %gh20" stroke="%s" stroke-width="3"/>`, left+pw+12, ly-4, colours[line%len(colours)])
			line++
		}
		par2 := ""
		if s.PAR2 != nil {
			par2 = ", PAR-2 " + secondsText(*s.PAR2)
		}
		fmt.Fprintf(&b, `<text x="%g" y="%g">%s (%d/%d%s)</text>`+"\n", left+pw+38, ly, xmlText(s.Name), len(s.Times), s.Runs, par2)
	}
	b.WriteString("</svg>\n")
	return []byte(b.String())
}

// A Side is one engine of a scatter plot: the times of the runs that
// answered, and the runs that gave no answer, by puzzle index.
type Side struct {
	Name       string
	Answered   map[int]time.Duration
	Unanswered map[int]bool
}

// Scatter returns, as SVG, the times of engines a and b on each puzzle
// both ran and one of them answered, one point per puzzle on log scales,
// with the diagonal: a point above it is a puzzle a solved faster. A run
// without an answer is placed at the time limit (limit), or at the top of
// the axis without one, on dashed lines: a point there is a puzzle only
// the other engine answered, which a plot of both's answers would hide.
func Scatter(a, b Side, limit time.Duration) []byte {
	const size, margin = 480.0, 80.0
	type point struct {
		x, y     float64
		only     bool // one engine answered
		xNo, yNo bool
	}
	var pts []point
	lo, hi := math.Inf(1), math.Inf(-1)
	if limit > 0 {
		lo, hi = limit.Seconds(), limit.Seconds()
	}
	indices := slices.Sorted(maps.Keys(a.Answered))
	for i := range b.Answered {
		if _, ok := a.Answered[i]; !ok {
			indices = append(indices, i)
		}
	}
	slices.Sort(indices)
	for _, i := range indices {
		ta, aok := a.Answered[i]
		tb, bok := b.Answered[i]
		switch {
		case aok && bok:
			pts = append(pts, point{x: max(ta.Seconds(), 1e-6), y: max(tb.Seconds(), 1e-6)})
		case aok && b.Unanswered[i]:
			pts = append(pts, point{x: max(ta.Seconds(), 1e-6), only: true, yNo: true})
		case bok && a.Unanswered[i]:
			pts = append(pts, point{y: max(tb.Seconds(), 1e-6), only: true, xNo: true})
		default:
			continue // the other engine did not run on it
		}
		p := pts[len(pts)-1]
		if !p.xNo {
			lo, hi = min(lo, p.x), max(hi, p.x)
		}
		if !p.yNo {
			lo, hi = min(lo, p.y), max(hi, p.y)
		}
	}
	if math.IsInf(lo, 1) {
		lo, hi = 1e-6, 1
	}
	lo, hi = math.Pow(10, math.Floor(math.Log10(lo))), math.Pow(10, math.Ceil(math.Log10(hi)))
	if hi <= lo {
		hi = lo * 10
	}
	none, noneLabel := hi, "no answer"
	if limit > 0 {
		none, noneLabel = limit.Seconds(), fmt.Sprintf("no answer (time limit %v)", limit)
	}
	side := size - 2*margin
	at := func(s float64) float64 {
		return side * (math.Log10(s) - math.Log10(lo)) / (math.Log10(hi) - math.Log10(lo))
	}
	both, only := 0, 0
	for _, p := range pts {
		if p.only {
			only++
		} else {
			both++
		}
	}
	title := fmt.Sprintf("%s against %s, puzzle by puzzle", a.Name, b.Name)
	var sb strings.Builder
	fmt.Fprintf(&sb, `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="%g" height="%g" viewBox="0 0 %g %g" font-family="sans-serif" font-size="12">
<rect width="100%%" height="100%%" fill="white"/>
<title>%s</title>
<text x="%g" y="22" text-anchor="middle" font-size="15">%s</text>
`, size, size, size, size, xmlText(title), size/2, xmlText(title))
	fmt.Fprintf(&sb, `<path d="M%g %gV%gH%g" fill="none" stroke="black"/>`+"\n", margin, margin, margin+side, margin+side)
	fmt.Fprintf(&sb, `<path d="M%g %gL%g %g" stroke="#aaa" stroke-dasharray="4 4"/>`+"\n", margin, margin+side, margin+side, margin)
	if only > 0 {
		fmt.Fprintf(&sb, `<path class="limit" d="M%g %gH%gM%g %gV%g" stroke="#d62728" stroke-dasharray="6 3"/><text x="%g" y="%g" text-anchor="end" fill="#d62728">%s</text>`+"\n",
			margin, margin+side-at(none), margin+side, margin+at(none), margin, margin+side, margin+side, margin+side-at(none)-4, xmlText(noneLabel))
	}
	for e := math.Round(math.Log10(lo)); e <= math.Round(math.Log10(hi)); e++ {
		v := math.Pow(10, e)
		fmt.Fprintf(&sb, `<text x="%g" y="%g" text-anchor="middle">%s</text>`+"\n", margin+at(v), margin+side+18, secondsLabel(v))
		fmt.Fprintf(&sb, `<text x="%g" y="%g" text-anchor="end">%s</text>`+"\n", margin-6, margin+side-at(v)+4, secondsLabel(v))
	}
	fmt.Fprintf(&sb, `<text x="%g" y="%g" text-anchor="middle">%s</text>`+"\n", margin+side/2, size-20, xmlText(a.Name))
	fmt.Fprintf(&sb, `<text transform="translate(18 %g) rotate(-90)" text-anchor="middle">%s</text>`+"\n", margin+side/2, xmlText(b.Name))
	puzzles := "puzzles"
	if both == 1 {
		puzzles = "puzzle"
	}
	fmt.Fprintf(&sb, `<text x="%g" y="%g" text-anchor="middle">%d %s both answered, %d only one</text>`+"\n", size/2, margin/2+8, both, puzzles, only)
	for _, p := range pts {
		x, y, colour := p.x, p.y, "#1f77b4"
		if p.xNo {
			x = none
		}
		if p.yNo {
			y = none
		}
		if p.only {
			colour = "#d62728"
		}
		fmt.Fprintf(&sb, `<circle cx="%.1f" cy="%.1f" r="2.5" fill="%s" fill-opacity="0.6"/>`+"\n", margin+at(x), margin+side-at(y), colour)
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

// secondsText writes a time in seconds with 3 significant digits, in the
// unit that keeps it readable.
func secondsText(s float64) string {
	switch {
	case s >= 1 || s == 0:
		return fmt.Sprintf("%.3g s", s)
	case s >= 1e-3:
		return fmt.Sprintf("%.3g ms", s*1e3)
	}
	return fmt.Sprintf("%.3g µs", s*1e6)
}

// xmlText escapes s for SVG text.
func xmlText(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}
