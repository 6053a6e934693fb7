package family

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite docs/families-peak.svg from docs/families-sweep.tsv")

// sweepFile holds the runs of the hardness sweep, one a line: kind, size,
// open fraction, file, encoding, variables, clauses, expected status,
// solver, exit code, CPU seconds and the CPU-time limit.
const sweepFile = "../docs/families-sweep.tsv"

// point is one kind, size, encoding, open fraction and solver of the
// sweep.
type point struct {
	curve
	open   float64
	solver string
}

// curve is one kind, size and encoding of the sweep: the open fractions
// measured of it make a curve.
type curve struct {
	kind     Kind
	size     int
	encoding string
}

// cell is what the sweep measured at a point: the CPU seconds of each
// run, those past the limit counted at the limit, how many were, and how
// many instances were SAT.
type cell struct {
	times    []float64
	timeouts int
	sat      int
}

// median returns the median of the runs' times.
func (c *cell) median() float64 {
	ts := slices.Sorted(slices.Values(c.times))
	k := len(ts)
	if k%2 == 1 {
		return ts[k/2]
	}
	return (ts[k/2-1] + ts[k/2]) / 2
}

// readSweep reads the sweep's runs, by point.
func readSweep(t *testing.T) map[point]*cell {
	t.Helper()
	data, err := os.ReadFile(sweepFile)
	if err != nil {
		t.Fatal(err)
	}
	cells := map[point]*cell{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for line := 1; sc.Scan(); line++ {
		if strings.HasPrefix(sc.Text(), "#") || sc.Text() == "" {
			continue
		}
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 12 {
			t.Fatalf("%s:%d: %d fields, want 12", sweepFile, line, len(f))
		}
		size, err1 := strconv.Atoi(f[1])
		open, err2 := strconv.ParseFloat(f[2], 64)
		cpu, err3 := strconv.ParseFloat(f[10], 64)
		limit, err4 := strconv.ParseFloat(f[11], 64)
		if err := cmpErr(err1, err2, err3, err4); err != nil {
			t.Fatalf("%s:%d: %v", sweepFile, line, err)
		}
		p := point{curve{Kind(f[0]), size, f[4]}, open, f[8]}
		c := cells[p]
		if c == nil {
			c = &cell{}
			cells[p] = c
		}
		// Exit 10 is SAT, 20 UNSAT; anything else is a run stopped at the
		// limit, counted there.
		if f[9] != "10" && f[9] != "20" {
			c.timeouts++
			cpu = limit
		}
		c.times = append(c.times, cpu)
		if f[7] == SAT {
			c.sat++
		}
	}
	return cells
}

func cmpErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// flat is how far apart CaDiCaL's medians may be, in seconds, for a
// curve to be flat: the time then is that of reading the file.
const flat = 0.05

// peakOf returns, for each kind, size and encoding, the open fraction at
// which CaDiCaL's median was highest; on a tie (timer resolution is
// 10 ms), MiniSat's, and then the lower fraction. Where CaDiCaL's curve is
// flat, QCP's peak is instead the fraction whose share of SAT instances
// is nearest a half, the satisfiability threshold.
func peakOf(cells map[point]*cell) map[curve]float64 {
	type score struct{ cadical, minisat float64 }
	best := map[curve]score{}
	lowest := map[curve]float64{}
	at := map[curve]float64{}
	for p, c := range cells {
		if p.solver != "cadical" {
			continue
		}
		s := score{c.median(), 0}
		if m := cells[point{p.curve, p.open, "minisat"}]; m != nil {
			s.minisat = m.median()
		}
		key := p.curve
		b, ok := best[key]
		if !ok || s.cadical < lowest[key] {
			lowest[key] = s.cadical
		}
		better := !ok || s.cadical > b.cadical ||
			s.cadical == b.cadical && (s.minisat > b.minisat || s.minisat == b.minisat && p.open < at[key])
		if better {
			best[key], at[key] = s, p.open
		}
	}
	for key := range at {
		if key.kind != QCP || best[key].cadical-lowest[key] > flat {
			continue
		}
		gap := math.Inf(1)
		for p, c := range cells {
			if p.solver != "cadical" || p.curve != key {
				continue
			}
			g := math.Round(math.Abs(float64(c.sat)/float64(len(c.times))-0.5)*1e6) / 1e6
			if g < gap || g == gap && p.open < at[key] {
				gap, at[key] = g, p.open
			}
		}
	}
	return at
}

// hard is the CaDiCaL median, in seconds, that a default family at its
// peak is to reach (issue 41).
const hard = 1.0

// strength lists the direct encodings from the one whose unit
// propagation does most to the one that does least: a weaker encoding
// makes instances harder, and is the default only where a stronger one
// leaves them easy.
var strength = []string{"extended", "efficient", "minimal"}

// TestPeakOpen: the default of each measured size is the strongest
// encoding whose QWH and QCP peaks both took CaDiCaL a median of at least
// a second in the sweep (extended where none did), and the default open
// fraction is the one at which the sweep's CaDiCaL median peaked for that
// size and encoding.
func TestPeakOpen(t *testing.T) {
	cells := readSweep(t)
	peak := peakOf(cells)
	if len(peak) == 0 {
		t.Fatal("no CaDiCaL runs in the sweep")
	}
	// atPeak is CaDiCaL's median at a curve's peak, and whether the sweep
	// measured the curve.
	atPeak := func(c curve) (float64, bool) {
		open, ok := peak[c]
		if !ok {
			return 0, false
		}
		return cells[point{c, open, "cadical"}].median(), true
	}
	kinds := []Kind{QWH, QCP}
	for _, p := range peaks(QWH) {
		want := DefaultEncoding
		for _, enc := range strength {
			met := true
			for _, k := range kinds {
				m, ok := atPeak(curve{k, p.size, enc})
				met = met && ok && m >= hard
			}
			if met {
				want = enc
				break
			}
		}
		for _, k := range kinds {
			if got := PeakEncoding(k, p.size); got != want {
				t.Errorf("%s %d×%d: default encoding %s, want %s", k, p.size, p.size, got, want)
			}
		}
	}
	for _, k := range kinds {
		for _, p := range peaks(k) {
			c := curve{k, p.size, p.encoding}
			open, ok := peak[c]
			if !ok {
				t.Errorf("%s %d×%d %s: a default the sweep does not measure", k, p.size, p.size, p.encoding)
				continue
			}
			if got := PeakOpen(k, p.size); math.Abs(got-open) > 1e-9 {
				t.Errorf("%s %d×%d %s: default open %v, the sweep's peak %v", k, p.size, p.size, p.encoding, got, open)
			}
		}
	}
}

// TestPeakEncoding: between and beyond the measured sizes a kind takes the
// encoding of the nearest, and kinds without peaks the family's default.
func TestPeakEncoding(t *testing.T) {
	for _, tc := range []struct {
		n, nearest int
	}{
		{4, 16}, {16, 16}, {20, 16}, {21, 25}, {25, 25}, {30, 25}, {31, 36}, {36, 36}, {64, 36},
	} {
		for _, k := range []Kind{QWH, QCP} {
			i := slices.IndexFunc(peaks(k), func(p peak) bool { return p.size == tc.nearest })
			if i < 0 {
				t.Fatalf("%s: no peak at %d×%d", k, tc.nearest, tc.nearest)
			}
			if got, want := PeakEncoding(k, tc.n), peaks(k)[i].encoding; got != want {
				t.Errorf("%s %d×%d: %s, want %s (%d×%d's)", k, tc.n, tc.n, got, want, tc.nearest, tc.nearest)
			}
		}
	}
	for _, k := range []Kind{Unique, Several, Refutation, Unsat, Variant} {
		if got := PeakEncoding(k, 25); got != DefaultEncoding {
			t.Errorf("%s: %s, want %s", k, got, DefaultEncoding)
		}
	}
}

// TestPeakPlot: docs/families-peak.svg is the plot of the sweep's
// medians (go test ./family -run TestPeakPlot -update redraws it).
func TestPeakPlot(t *testing.T) {
	svg := peakPlot(readSweep(t))
	const file = "../docs/families-peak.svg"
	if *update {
		if err := os.WriteFile(file, svg, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	old, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(old, svg) {
		t.Errorf("%s is not the plot of %s: run go test ./family -run TestPeakPlot -update", file, sweepFile)
	}
}

// peakPlot draws the median CPU time of each kind, size, encoding and
// solver against the open fraction, on a log scale: CaDiCaL solid,
// MiniSat dashed, a colour per kind, size and encoding.
func peakPlot(cells map[point]*cell) []byte {
	const width, height, left, right, top, bottom = 800.0, 460.0, 70.0, 190.0, 40.0, 50.0
	type line struct {
		curve
		solver string
	}
	lines := map[line][]point{}
	xlo, xhi, ylo, yhi := 1.0, 0.0, 0.01, 1.0
	for p, c := range cells {
		l := line{p.curve, p.solver}
		lines[l] = append(lines[l], p)
		xlo, xhi = min(xlo, p.open), max(xhi, p.open)
		yhi = max(yhi, c.median())
		ylo = min(ylo, max(c.median(), 0.001))
	}
	xlo, xhi = math.Floor(xlo*10)/10, math.Ceil(xhi*10)/10
	ylo, yhi = math.Pow(10, math.Floor(math.Log10(ylo))), math.Pow(10, math.Ceil(math.Log10(yhi)))
	pw, ph := width-left-right, height-top-bottom
	x := func(o float64) float64 { return left + pw*(o-xlo)/(xhi-xlo) }
	y := func(s float64) float64 {
		return top + ph*(1-(math.Log10(max(s, ylo))-math.Log10(ylo))/(math.Log10(yhi)-math.Log10(ylo)))
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="%g" height="%g" viewBox="0 0 %g %g" font-family="sans-serif" font-size="12">
<rect width="100%%" height="100%%" fill="white"/>
<text x="%g" y="20" font-size="14">Median CPU time against the fraction of cells open (docs/families-sweep.tsv)</text>
`, width, height, width, height, left)
	fmt.Fprintf(&b, "<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" fill=\"none\" stroke=\"black\"/>\n", left, top, pw, ph)
	for d := ylo; d <= yhi*1.0001; d *= 10 {
		fmt.Fprintf(&b, "<line x1=\"%g\" y1=\"%.1f\" x2=\"%g\" y2=\"%.1f\" stroke=\"#ddd\"/><text x=\"%g\" y=\"%.1f\" text-anchor=\"end\">%g s</text>\n",
			left, y(d), left+pw, y(d), left-6, y(d)+4, d)
	}
	for o := xlo; o <= xhi+1e-9; o += 0.1 {
		fmt.Fprintf(&b, "<line x1=\"%.1f\" y1=\"%g\" x2=\"%.1f\" y2=\"%g\" stroke=\"#ddd\"/><text x=\"%.1f\" y=\"%g\" text-anchor=\"middle\">%.0f %%</text>\n",
			x(o), top, x(o), top+ph, x(o), top+ph+16, o*100)
	}
	fmt.Fprintf(&b, "<text x=\"%g\" y=\"%g\" text-anchor=\"middle\">cells open</text>\n", left+pw/2, height-10)
	keys := slices.SortedFunc(func(yield func(line) bool) {
		for l := range lines {
			if !yield(l) {
				return
			}
		}
	}, func(a, b line) int {
		if c := strings.Compare(string(a.kind), string(b.kind)); c != 0 {
			return c
		}
		if a.size != b.size {
			return a.size - b.size
		}
		if c := slices.Index(strength, a.encoding) - slices.Index(strength, b.encoding); c != 0 {
			return c
		}
		return strings.Compare(a.solver, b.solver)
	})
	colours := []string{"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2",
		"#17becf", "#bcbd22", "#7f7f7f", "#aec7e8", "#ff9896", "#98df8a", "#c5b0d5"}
	colour := map[curve]string{}
	// The legend names each curve once, in its colour, and the solvers
	// once, by their dash, below: a line per curve and solver would not fit.
	legend := func(i int, stroke, dash, label string) {
		ly := top + 10 + 18*float64(i)
		fmt.Fprintf(&b, "<line x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\" stroke=\"%s\" stroke-width=\"2\"%s/><text x=\"%g\" y=\"%g\">%s</text>\n",
			left+pw+10, ly, left+pw+34, ly, stroke, dash, left+pw+40, ly+4, label)
	}
	for _, l := range keys {
		key := l.curve
		if _, ok := colour[key]; !ok {
			colour[key] = colours[len(colour)%len(colours)]
			legend(len(colour)-1, colour[key], "", fmt.Sprintf("%s %d×%d %s", key.kind, key.size, key.size, key.encoding))
		}
		ps := lines[l]
		slices.SortFunc(ps, func(a, b point) int { return int(math.Round((a.open - b.open) * 1e6)) })
		var pts []string
		for _, p := range ps {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(p.open), y(cells[p].median())))
		}
		dash := ""
		if l.solver != "cadical" {
			dash = ` stroke-dasharray="5,3"`
		}
		fmt.Fprintf(&b, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s points=\"%s\"/>\n", colour[key], dash, strings.Join(pts, " "))
	}
	legend(len(colour)+1, "black", "", "CaDiCaL")
	legend(len(colour)+2, "black", ` stroke-dasharray="5,3"`, "MiniSat")
	b.WriteString("</svg>\n")
	return []byte(b.String())
}
