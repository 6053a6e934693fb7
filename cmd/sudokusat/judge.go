package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/sudokusat/sudokusat/engine"
)

// memLimitFlag is --mem-limit, the memory an external solver's run may take.
func memLimitFlag() cli.Flag {
	return &cli.IntFlag{Name: "mem-limit", Usage: "kill an external solver's run past `MB` megabytes of resident memory: status memout (Linux; 0: no limit)",
		Action: func(_ *cli.Context, n int) error {
			if n < 0 {
				return usagef("--mem-limit %d: want 0 (no limit) or more", n)
			}
			return nil
		}}
}

// runRecord is check's JSON record of one engine's run on one puzzle: what
// a solver developer's judge reads. Checked says how far the answer was
// verified: "model" when a solution was found and checked by the
// validator, "proof" when the UNSAT answer that ended the count (no
// solution, or no other) came with a proof that was checked, and
// "claimed" when it did not; a count that found solutions and then
// proved or claimed there were no more says both ("model+proof",
// "model+claimed"); "" when there is no answer.
type runRecord struct {
	Index   int     `json:"index"`
	File    string  `json:"file"`
	Line    int     `json:"line"`
	Engine  string  `json:"engine"`
	Status  string  `json:"status"` // solved (one solution), multiple, unsolvable, wrong, error, timeout, canceled, memout, invalid
	Count   int     `json:"count"`
	Checked string  `json:"checked"`
	Agree   *bool   `json:"agree,omitempty"` // check: the engines that answered on this puzzle agree
	Micros  float64 `json:"us"`
	CPU     float64 `json:"cpu_us,omitempty"`  // an external solver's user and system time
	PeakKB  int64   `json:"peak_kb,omitempty"` // an external solver's largest resident size
	By      string  `json:"by,omitempty"`
	Error   string  `json:"error,omitempty"`
	notReadJSON
}

// summaryRecord is check's JSON record of one engine over the batch.
type summaryRecord struct {
	Summary  bool     `json:"summary"`
	Engine   string   `json:"engine"`
	Runs     int      `json:"runs"`
	Answered int      `json:"answered"`
	Wrong    int      `json:"wrong"`
	Errors   int      `json:"errors"`
	Timeouts int      `json:"timeouts"`
	Seconds  float64  `json:"seconds"`
	PAR2     *float64 `json:"par2,omitempty"` // seconds; only with --timeout
}

// checkedText says how far v's answer was verified (see runRecord).
func checkedText(v verdict, limit int) string {
	var parts []string
	if len(v.Solutions) > 0 {
		parts = append(parts, "model")
	}
	if v.kind == "solved" || v.kind == "unsolvable" || (v.kind == "multiple" && v.Count < limit) {
		if v.Count < limit {
			if v.Certified {
				parts = append(parts, "proof")
			} else {
				parts = append(parts, "claimed")
			}
		}
	}
	return strings.Join(parts, "+")
}

// writeRuns writes the JSON record of each engine's run on one puzzle.
func writeRuns(w io.Writer, engines []*engine.Engine, it *item, vs []verdict, agree bool, limit int) {
	for i, e := range engines {
		if vs[i].kind != "" {
			writeRun(w, e, it, vs[i], &agree, limit)
		}
	}
}

// writeRun writes the JSON record of e's run on one puzzle; agree is nil
// where no engines were compared (bench).
func writeRun(w io.Writer, e *engine.Engine, it *item, v verdict, agree *bool, limit int) {
	r := runRecord{Index: it.index, File: it.file, Line: it.line, Engine: e.Name(), Status: v.kind, Count: v.Count,
		Agree: agree, Micros: float64(v.Elapsed.Nanoseconds()) / 1e3, CPU: float64(v.CPU.Nanoseconds()) / 1e3,
		PeakKB: v.PeakMemory >> 10, By: v.By, notReadJSON: it.notRead()}
	if v.kind == "error" && v.Status == engine.MemoryOut {
		r.Status = v.Status.String()
	}
	if v.answered() {
		r.Checked = checkedText(v, limit)
	} else {
		r.Error = v.Err.Error()
	}
	b, _ := json.Marshal(r) // strings and numbers always marshal
	w.Write(append(b, '\n'))
}

// par2 is the PAR-2 score of t's runs in seconds: the mean of each run's
// time, a run without an answer counted as twice the timeout, as the SAT
// competitions score solvers. Without a timeout there is none.
func (t *engineTally) par2(timeout time.Duration) (float64, bool) {
	if timeout <= 0 || t.puzzles == 0 {
		return 0, false
	}
	sum := 0.0
	for _, d := range t.times {
		sum += d.Seconds()
	}
	sum += float64(t.puzzles-len(t.times)) * 2 * timeout.Seconds()
	return sum / float64(t.puzzles), true
}

// writeSummaries writes one summary record per engine shown.
func writeSummaries(w io.Writer, engines []*engine.Engine, stats []engineTally, timeout time.Duration) {
	for _, i := range shown(stats) {
		t := stats[i]
		s := summaryRecord{Summary: true, Engine: engines[i].Name(), Runs: t.puzzles, Answered: len(t.times),
			Wrong: t.wrong, Errors: t.errors, Timeouts: t.timeouts, Seconds: t.total.Seconds()}
		if p, ok := t.par2(timeout); ok {
			s.PAR2 = &p
		}
		b, _ := json.Marshal(s)
		w.Write(append(b, '\n'))
	}
}

// cactus writes the cactus plot of the engines' answered runs to path as
// SVG: for each engine, its run times sorted, the k-th point at k runs
// answered; a time axis on a log scale, since times on a data set span
// several orders of magnitude. The further right and the lower a line,
// the better the engine.
func cactus(path string, engines []*engine.Engine, stats []engineTally) error {
	const width, height, left, right, top, bottom = 780.0, 440.0, 70.0, 220.0, 20.0, 50.0
	var rows []int
	lo, hi, most := math.Inf(1), math.Inf(-1), 1
	for _, i := range shown(stats) {
		ts := stats[i].times
		if len(ts) == 0 {
			continue
		}
		rows = append(rows, i)
		slices.Sort(ts)
		lo = min(lo, max(ts[0].Seconds(), 1e-6))
		hi = max(hi, max(ts[len(ts)-1].Seconds(), 1e-6))
		most = max(most, stats[i].puzzles)
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
	for n, i := range rows {
		colour := colours[n%len(colours)]
		var pts []string
		for k, d := range stats[i].times {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(k+1), y(d.Seconds())))
		}
		fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="1.5"/>`+"\n", strings.Join(pts, " "), colour)
		ly := top + 16*float64(n+1)
		fmt.Fprintf(&b, `<path d="M%g %gh20" stroke="%s" stroke-width="3"/><text x="%g" y="%g">%s (%d/%d)</text>`+"\n",
			left+pw+12, ly-4, colour, left+pw+38, ly, xmlText(engines[i].Name()), len(stats[i].times), stats[i].puzzles)
	}
	b.WriteString("</svg>\n")
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// scatter writes to path, as SVG, the times of engines a and b on each
// puzzle both answered, one point per puzzle on log scales, with the
// diagonal: a point above it is a puzzle a solved faster.
func scatter(path string, a, b *engine.Engine, ta, tb engineTally) error {
	const size, margin = 460.0, 70.0
	type point struct{ x, y float64 }
	var pts []point
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, da := range ta.answered {
		if db, ok := tb.answered[i]; ok {
			p := point{max(da.Seconds(), 1e-6), max(db.Seconds(), 1e-6)}
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
`, size, size, size, size, xmlText(a.Name()), xmlText(b.Name()))
	fmt.Fprintf(&sb, `<path d="M%g %gV%gH%g" fill="none" stroke="black"/>`+"\n", margin, margin, margin+side, margin+side)
	fmt.Fprintf(&sb, `<path d="M%g %gL%g %g" stroke="#aaa" stroke-dasharray="4 4"/>`+"\n", margin, margin+side, margin+side, margin)
	for e := math.Log10(lo); e <= math.Log10(hi)+1e-9; e++ {
		v := math.Pow(10, e)
		fmt.Fprintf(&sb, `<text x="%g" y="%g" text-anchor="middle">%s</text>`+"\n", margin+at(v), margin+side+18, secondsLabel(v))
		fmt.Fprintf(&sb, `<text x="%g" y="%g" text-anchor="end">%s</text>`+"\n", margin-6, margin+side-at(v)+4, secondsLabel(v))
	}
	fmt.Fprintf(&sb, `<text x="%g" y="%g" text-anchor="middle">%s</text>`+"\n", margin+side/2, size-20, xmlText(a.Name()))
	fmt.Fprintf(&sb, `<text transform="translate(18 %g) rotate(-90)" text-anchor="middle">%s</text>`+"\n", margin+side/2, xmlText(b.Name()))
	fmt.Fprintf(&sb, `<text x="%g" y="%g" text-anchor="middle">%d puzzles both answered</text>`+"\n", size/2, margin/2, len(pts))
	for _, p := range pts {
		fmt.Fprintf(&sb, `<circle cx="%.1f" cy="%.1f" r="2.5" fill="#1f77b4" fill-opacity="0.6"/>`+"\n", margin+at(p.x), margin+side-at(p.y))
	}
	sb.WriteString("</svg>\n")
	return os.WriteFile(path, []byte(sb.String()), 0o644)
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
