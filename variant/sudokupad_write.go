package variant

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/internal/lzstring"
)

// This file writes a puzzle in SudokuPad's own format: each rule drawn as
// its row of spConventions draws it, and the rules text naming each kind
// in the row's sentence, so that SudokuPad shows the puzzle as setters
// draw it and ParseSudokuPad reads it back as the same rules.

// spWriter is a SudokuPad document being written.
type spWriter struct {
	n                                        int
	cages, lines, arrows, overlays, underlay []map[string]any
	sentences                                []string
	global                                   []string
	meta                                     map[string]any
}

// SudokuPad writes p as a SudokuPad document (its JSON, not zipped) that
// ParseSudokuPad reads back as p: the givens, the regions, each rule drawn
// in its kind's style with a sentence of rules text that names it, and
// p's stated solution. A puzzle with a rule that has no SudokuPad form
// (see spConventions), or two kinds drawn alike (a minimum and a maximum
// cell, a thermometer and a slow one), or whose drawings would not read
// back as its rules (spReadsBack), or that shows what its reader did not
// read as rules (Unread), is an error wrapping ErrFormat.
func SudokuPad(p *sudokusat.Puzzle) ([]byte, error) {
	n := p.Size()
	if n > maxFPuzzlesSize {
		return nil, formatErrorf("SudokuPad", "a %d×%d grid: SudokuPad documents go up to %d×%d here", n, n, maxFPuzzlesSize, maxFPuzzlesSize)
	}
	if len(p.Unread) > 0 {
		// The drawings and sentences a reader left would be lost here,
		// and the puzzle shared without them: SudokuPadLink writes the
		// f-puzzles document instead, which carries them (FPuzzles).
		return nil, formatErrorf("SudokuPad", "%d drawings or sentences not read as rules: SudokuPad's own format is written with rules only", len(p.Unread))
	}
	if err := spAlike(p.Rules); err != nil {
		return nil, err
	}
	w := &spWriter{n: n, meta: map[string]any{}}
	table := spConventions()
	for _, rule := range p.Rules {
		c := w.convention(table, rule)
		if c == nil {
			return nil, formatErrorf("SudokuPad", "no SudokuPad form for a %s rule", rule.Kind)
		}
		if c.write != nil {
			c.write(w, rule)
		}
		w.say(w.sentence(c, rule))
	}
	cells := make([][]map[string]any, n)
	for r := range cells {
		cells[r] = make([]map[string]any, n)
		for c := range cells[r] {
			cells[r][c] = map[string]any{}
			if d := p.Grid.Cell(r*n + c); d != 0 {
				cells[r][c]["value"] = d
			}
		}
	}
	regions := make([][][2]int, 0, n)
	for _, reg := range p.RegionCells() {
		if len(reg) == 0 {
			continue
		}
		list := make([][2]int, len(reg))
		for i, c := range reg {
			list[i] = [2]int{c / n, c % n}
		}
		regions = append(regions, list)
	}
	w.meta["rules"] = strings.Join(append([]string{"Normal sudoku rules apply."}, w.sentences...), "\n")
	if p.Title != "" {
		w.meta["title"] = p.Title
	}
	if p.Author != "" {
		w.meta["author"] = p.Author
	}
	if p.Published != nil {
		digits := make([]string, p.Published.Len())
		for i := range digits {
			digits[i] = strconv.Itoa(p.Published.Cell(i))
		}
		sep := ""
		if n > 9 {
			sep = ","
		}
		w.meta["solution"] = strings.Join(digits, sep)
	}
	doc := map[string]any{"cellSize": 50, "cells": cells, "regions": regions, "cages": nonNil(w.cages),
		"lines": nonNil(w.lines), "arrows": nonNil(w.arrows), "overlays": nonNil(w.overlays),
		"underlays": nonNil(w.underlay), "metadata": w.meta}
	if len(w.global) > 0 {
		doc["global"] = w.global
	}
	data, err := json.Marshal(doc)
	if err != nil {
		return nil, err
	}
	return data, spReadsBack(p, data)
}

// spReadsBack refuses a document that does not read back as every rule of
// p: SudokuPad draws some kinds in colours that the words of another
// kind's sentence cover too (a pink pair sum line beside purple renban
// lines), which a reader cannot tell apart; a document that loses a rule
// would be a wrong puzzle.
func spReadsBack(p *sudokusat.Puzzle, data []byte) error {
	back, err := ParseSudokuPad(data)
	if err != nil {
		return formatErrorf("SudokuPad", "the document written does not read back: %v", err)
	}
	count := map[Kind]int{}
	for _, r := range p.Rules {
		count[r.Kind]++
	}
	for _, r := range back.Rules {
		count[r.Kind]--
	}
	var lost []string
	for _, r := range p.Rules {
		if count[r.Kind] > 0 && !slices.Contains(lost, r.Kind) {
			lost = append(lost, r.Kind)
		}
	}
	if len(lost) == 0 && len(back.Unread) == 0 {
		return nil
	}
	why := ""
	for _, u := range back.Unread {
		if u.Reason != "" && u.Kind != "sentence" {
			why = ": " + u.Reason
			break
		}
	}
	if len(lost) == 0 {
		lost = append(lost, "some")
	}
	return formatErrorf("SudokuPad", "%s rules would not read back from SudokuPad's drawings%s", strings.Join(lost, " and "), why)
}

func nonNil(list []map[string]any) []map[string]any {
	if list == nil {
		return []map[string]any{}
	}
	return list
}

// SudokuPadLink writes p as a SudokuPad link. It is in SudokuPad's own
// format (https://sudokupad.app/scl…, see SudokuPad) when every rule has a
// form there, and around p's f-puzzles document
// (https://sudokupad.app/fpuzzles…, which SudokuPad opens too) when one
// does not: the rules travel as data either way, never lost.
func SudokuPadLink(p *sudokusat.Puzzle) (string, error) {
	if doc, err := SudokuPad(p); err == nil {
		return "https://sudokupad.app/scl" + lzstring.CompressToBase64(string(doc)), nil
	}
	doc, err := FPuzzles(p)
	if err != nil {
		return "", err
	}
	return "https://sudokupad.app/fpuzzles" + lzstring.CompressToBase64(string(doc)), nil
}

// spAlike refuses rules of two kinds that SudokuPad draws alike, which a
// reader could not tell apart.
func spAlike(rules []sudokusat.Rule) error {
	has := map[Kind]bool{}
	for _, r := range rules {
		has[r.Kind] = true
	}
	for _, group := range [][]Kind{{Thermo, SlowThermo}, {Minimum, Maximum}, {Sandwich, XSum, Skyscraper}, {Palindrome, SequenceLine},
		{Arrow, DifferenceArrow}, {RegionSumLine, RegionDifferenceLine}} {
		var in []string
		for _, k := range group {
			if has[k] {
				in = append(in, k)
			}
		}
		if len(in) > 1 {
			return formatErrorf("SudokuPad", "%s rules are drawn alike in SudokuPad", strings.Join(in, " and "))
		}
	}
	// The text states one total for all sum lines, which look alike.
	var totals []int
	for _, r := range rules {
		if t := SumLineValue(r); r.Kind == SumLine && !slices.Contains(totals, t) {
			totals = append(totals, t)
		}
	}
	if len(totals) > 1 {
		return formatErrorf("SudokuPad", "sum lines of totals %d and %d are drawn alike in SudokuPad", totals[0], totals[1])
	}
	var gaps []int
	for _, r := range rules {
		if r.Kind == Whispers && !slices.Contains(gaps, r.Value) {
			gaps = append(gaps, r.Value)
		}
	}
	for _, g := range gaps {
		if g != 0 && g != 4 || g == 4 && len(gaps) > 2 {
			return formatErrorf("SudokuPad", "whispers of gap %d have no SudokuPad form beside German (5) and Dutch (4) ones", g)
		}
	}
	return nil
}

// convention returns the row that writes a rule.
func (w *spWriter) convention(table []spConvention, rule sudokusat.Rule) *spConvention {
	for i := range table {
		c := &table[i]
		if c.kind != rule.Kind || c.sentence == "" {
			continue
		}
		switch {
		case rule.Kind == Whispers && (rule.Value == 4 && (w.n+1)/2 != 4) != (c.gapDefault == 4):
			continue
		case rule.Kind == XV && (rule.Value == 10) != (c.name == "an X"):
			continue
		case (rule.Kind == White || rule.Kind == Black) && (rule.Value != 0) != strings.HasSuffix(c.name, "with a number"):
			continue
		}
		return c
	}
	return nil
}

// sentence is the rules text for a rule: its row's, with the numbers
// that depend on the grid's side or the rule's value.
func (w *spWriter) sentence(c *spConvention, rule sudokusat.Rule) string {
	switch {
	case rule.Kind == Lockout:
		gap := rule.Value
		if gap == 0 {
			gap = w.n / 2
		}
		return fmt.Sprintf("The diamond ends of a lockout line differ by at least %d, and no digit between them on the line lies between or equals them.", gap)
	case rule.Kind == Whispers && c.gapDefault == 0:
		return fmt.Sprintf("Adjacent digits along a green German whispers line differ by at least %d.", (w.n+1)/2)
	case rule.Kind == NoXV && rule.Value == 5:
		return "All possible Vs are given."
	case rule.Kind == NoXV && rule.Value == 10:
		return "All possible Xs are given."
	case rule.Kind == SumLine && SumLineValue(rule) != SumLineTotal:
		return fmt.Sprintf("Each white sum line splits into one or more segments of consecutive cells, each with digits that sum to %d.", SumLineValue(rule))
	case rule.Kind == Sandwich:
		return fmt.Sprintf("A number outside the grid (a sandwich clue) is the sum of the digits between the 1 and the %d of its row or column.", w.n)
	}
	return c.sentence
}

// say adds a sentence to the rules text, once.
func (w *spWriter) say(s string) {
	if s != "" && !slices.Contains(w.sentences, s) {
		w.sentences = append(w.sentences, s)
	}
}

// rc writes a cell as SudokuPad's [row, column].
func (w *spWriter) rc(cell int) [2]int { return [2]int{cell / w.n, cell % w.n} }

func (w *spWriter) rcs(cells []int) [][2]int {
	out := make([][2]int, len(cells))
	for i, c := range cells {
		out[i] = w.rc(c)
	}
	return out
}

// at writes a cell's centre.
func (w *spWriter) at(cell int) [2]float64 {
	p := centre(w.n, cell)
	return [2]float64{p.r, p.c}
}

func (w *spWriter) path(cells []int) [][2]float64 {
	out := make([][2]float64, len(cells))
	for i, c := range cells {
		out[i] = w.at(c)
	}
	return out
}

// between writes the middle of two cells' centres: an edge's, or with
// four cells a corner's.
func (w *spWriter) between(cells ...int) [2]float64 {
	var r, c float64
	for _, cell := range cells {
		p := w.at(cell)
		r, c = r+p[0], c+p[1]
	}
	k := float64(len(cells))
	return [2]float64{r / k, c / k}
}

func writeCage(w *spWriter, rule sudokusat.Rule) {
	cage := map[string]any{"cells": w.rcs(rule.Cells), "unique": true}
	if rule.Value != sudokusat.NoValue {
		cage["value"] = rule.Value
	}
	w.cages = append(w.cages, cage)
}

// writePrimeCage draws a prime cage without a value, marked unique when
// its digits do not repeat.
func writePrimeCage(w *spWriter, rule sudokusat.Rule) {
	w.cages = append(w.cages, map[string]any{"cells": w.rcs(rule.Cells), "unique": rule.Kind == PrimeCage})
}

func writeRegion(w *spWriter, rule sudokusat.Rule) {
	w.cages = append(w.cages, map[string]any{"cells": w.rcs(rule.Cells), "unique": true, "style": "extraregion"})
}

func writeThermo(w *spWriter, rule sudokusat.Rule) {
	w.underlay = append(w.underlay, map[string]any{"center": w.at(rule.Cells[0]), "width": 0.85, "height": 0.85,
		"rounded": true, "backgroundColor": "#CFCFCF", "borderColor": "#CFCFCF"})
	w.lines = append(w.lines, map[string]any{"wayPoints": w.path(rule.Cells), "color": "#CFCFCF", "thickness": 21})
}

// writeLine draws a rule's cells as a line of a colour.
func writeLine(colour string) func(w *spWriter, rule sudokusat.Rule) {
	return func(w *spWriter, rule sudokusat.Rule) {
		w.lines = append(w.lines, map[string]any{"wayPoints": w.path(rule.Cells), "color": colour, "thickness": 10})
	}
}

// writeSumLine draws a sum line as setters draw 10 lines: a white line
// over a thicker grey one, its outline; a loop's path comes back to its
// first cell.
func writeSumLine(w *spWriter, rule sudokusat.Rule) {
	path := w.path(rule.Cells)
	w.lines = append(w.lines, map[string]any{"wayPoints": path, "color": "#AAAAAA", "thickness": 10},
		map[string]any{"wayPoints": path, "color": "#FFFFFF", "thickness": 5})
}

// writeLineEnds draws a line with a circle, or a diamond, at each end.
func writeLineEnds(colour, end string) func(w *spWriter, rule sudokusat.Rule) {
	return func(w *spWriter, rule sudokusat.Rule) {
		thick := 10
		if end == endCircle && colour == "#c8c8c8" {
			thick = 2 // a between line is thin, as SudokuPad draws it
		}
		w.lines = append(w.lines, map[string]any{"wayPoints": w.path(rule.Cells), "color": colour, "thickness": thick})
		for _, c := range []int{rule.Cells[0], rule.Cells[len(rule.Cells)-1]} {
			mark := map[string]any{"center": w.at(c), "width": 0.8, "height": 0.8, "rounded": true,
				"backgroundColor": "#FFFFFF", "borderColor": colour}
			if end == endDiamond {
				mark = map[string]any{"center": w.at(c), "width": 0.55, "height": 0.55, "angle": 45,
					"backgroundColor": "#FFFFFF", "borderColor": colour}
			}
			w.overlays = append(w.overlays, mark)
		}
	}
}

func writeDiagonal(w *spWriter, rule sudokusat.Rule) {
	n := float64(w.n)
	points := [][2]float64{{0, 0}, {n, n}}
	if rule.Kind == DiagonalAnti {
		points = [][2]float64{{n, 0}, {0, n}}
	}
	w.lines = append(w.lines, map[string]any{"wayPoints": points, "color": "#34BBE6", "thickness": 2})
}

func writeArrow(w *spWriter, rule sudokusat.Rule) {
	n := w.n
	lo, hi := slices.Min(rule.Cells), slices.Max(rule.Cells)
	centre := w.between(lo, hi)
	w.overlays = append(w.overlays, map[string]any{"center": centre, "rounded": true, "text": "",
		"width": 0.83 + float64(hi%n-lo%n), "height": 0.83 + float64(hi/n-lo/n),
		"borderColor": "#a1a1a1", "backgroundColor": "#FFFFFF"})
	for _, line := range rule.Lines {
		// The arrow starts on the circle's edge, at the circle's cell
		// next to the line.
		from := rule.Cells[0]
		for _, c := range rule.Cells {
			if touching(n, c, line[0]) {
				from = c
				break
			}
		}
		a, b := w.at(from), w.at(line[0])
		dr, dc := b[0]-a[0], b[1]-a[1]
		d := math.Hypot(dr, dc)
		start := [2]float64{a[0] + 0.4*dr/d, a[1] + 0.4*dc/d}
		w.arrows = append(w.arrows, map[string]any{"wayPoints": append([][2]float64{start}, w.path(line)...),
			"color": "#a1a1a1", "thickness": 5, "headLength": 0.3})
	}
}

func writeLittleKiller(w *spWriter, rule sudokusat.Rule) {
	writeDiagonalClue(w, rule, strconv.Itoa(rule.Value))
}

func writeLookAndSay(w *spWriter, rule sudokusat.Rule) {
	writeDiagonalClue(w, rule, LookAndSayText(rule.Value))
}

// writeDiagonalClue draws a clue that reads a diagonal from outside the
// grid: a short arrow in its place pointing along the diagonal, and its
// text.
func writeDiagonalClue(w *spWriter, rule sudokusat.Rule, text string) {
	row, col, _ := ClueCell(w.n, rule)
	dr, dc := clueStep(w.n, rule)
	r, c := float64(row)+0.5, float64(col)+0.5
	w.arrows = append(w.arrows, map[string]any{"color": "#000000", "thickness": 2, "headLength": 0.15,
		"wayPoints": [][2]float64{{r + 0.3*float64(dr), c + 0.3*float64(dc)}, {r + 0.48*float64(dr), c + 0.48*float64(dc)}}})
	w.overlays = append(w.overlays, map[string]any{"center": [2]float64{r, c}, "width": 0.25, "height": 0.25,
		"backgroundColor": "#FFFFFF", "borderColor": "#FFFFFF", "fontSize": 28, "text": text})
}

func writeDot(w *spWriter, rule sudokusat.Rule) {
	fill := "#FFFFFF"
	switch rule.Kind {
	case Black:
		fill = "#000000"
	case GreyDot:
		fill = "#A0A0A0"
	}
	dot := map[string]any{"center": w.between(rule.Cells...), "width": 0.3, "height": 0.3, "rounded": true,
		"backgroundColor": fill, "borderColor": "#000000", "text": ""}
	if rule.Value != 0 {
		dot["text"] = strconv.Itoa(rule.Value)
		dot["color"] = map[bool]string{true: "#FFFFFF", false: "#000000"}[rule.Kind == Black]
	}
	w.overlays = append(w.overlays, dot)
}

func writeXV(w *spWriter, rule sudokusat.Rule) {
	letter := "V"
	if rule.Value == 10 {
		letter = "X"
	}
	w.overlays = append(w.overlays, map[string]any{"center": w.between(rule.Cells...), "width": 0.25, "height": 0.25,
		"backgroundColor": "#FFFFFF", "borderColor": "#FFFFFF", "fontSize": 21, "text": letter})
}

// writeRoman draws a Roman numeral on a white disc over the edge between
// its two cells, and its two cages without totals, each once however many
// numerals join it.
func writeRoman(w *spWriter, rule sudokusat.Rule) {
	for _, cage := range rule.Lines {
		cells := w.rcs(cage)
		if !slices.ContainsFunc(w.cages, func(c map[string]any) bool {
			have, ok := c["cells"].([][2]int)
			return ok && slices.Equal(have, cells) && c["value"] == nil
		}) {
			w.cages = append(w.cages, map[string]any{"cells": cells})
		}
	}
	at := w.between(rule.Cells...)
	w.overlays = append(w.overlays, map[string]any{"center": at, "width": 0.35, "height": 0.35, "rounded": true, "backgroundColor": "#FFFFFF"},
		map[string]any{"center": at, "width": 0.3, "height": 0.3, "fontSize": 16, "color": "#000000", "text": RomanNumeral(rule.Value)})
}

// writeInequality draws an inequality sign as a > or < turned a quarter
// (SudokuPad turns a shape's text with it) between cells of a column:
// never a v or a ^, which a text that names XV too would leave unread.
func writeInequality(w *spWriter, rule sudokusat.Rule) {
	a, b := rule.Cells[0], rule.Cells[1]
	sign, angle := ">", 0
	switch {
	case b == a-1:
		sign = "<"
	case b == a+w.n:
		angle = 90
	case b == a-w.n:
		sign, angle = "<", 90
	}
	w.overlays = append(w.overlays, map[string]any{"center": w.between(a, b), "width": 0.25, "height": 0.25,
		"fontSize": 24, "color": "#000000", "text": sign, "angle": angle})
}

func writeParity(w *spWriter, rule sudokusat.Rule) {
	w.underlay = append(w.underlay, map[string]any{"center": w.at(rule.Cells[0]), "width": 0.7, "height": 0.7,
		"rounded": rule.Kind == Odd, "backgroundColor": "#CFCFCF", "borderColor": "#CFCFCF"})
}

func writeExtreme(w *spWriter, rule sudokusat.Rule) {
	w.underlay = append(w.underlay, map[string]any{"center": w.at(rule.Cells[0]), "width": 1, "height": 1,
		"rounded": false, "backgroundColor": "#CCCCCC"})
}

func writeQuadruple(w *spWriter, rule sudokusat.Rule) {
	var digits []string
	for _, d := range QuadrupleDigits(w.n, rule.Value) {
		digits = append(digits, strconv.Itoa(d))
	}
	w.overlays = append(w.overlays, map[string]any{"center": w.between(rule.Cells...), "width": 0.7, "height": 0.7,
		"rounded": true, "backgroundColor": "#FFFFFF", "borderColor": "#000000", "fontSize": 14, "text": strings.Join(digits, " ")})
}

// writeCellCircles draws a circle in each cell of the rule (counting
// circles, entropic knight circles), white with a black border, as
// setters' tools draw them.
func writeCellCircles(w *spWriter, rule sudokusat.Rule) {
	for _, c := range rule.Cells {
		w.underlay = append(w.underlay, map[string]any{"center": w.at(c), "width": 0.8, "height": 0.8,
			"rounded": true, "backgroundColor": "#FFFFFF", "borderColor": "#000000"})
	}
}

func writeSide(w *spWriter, rule sudokusat.Rule) {
	row, col, _ := ClueCell(w.n, rule)
	w.overlays = append(w.overlays, map[string]any{"center": [2]float64{float64(row) + 0.5, float64(col) + 0.5},
		"width": 0.25, "height": 0.25, "backgroundColor": "#FFFFFF", "borderColor": "#FFFFFF", "fontSize": 32,
		"text": strconv.Itoa(rule.Value)})
}

// writeGlobal writes a rule of the whole grid as SudokuPad's metadata
// and "global" list name it.
func writeGlobal(w *spWriter, rule sudokusat.Rule) {
	switch rule.Kind {
	case AntiKnight:
		w.meta["antiknight"] = true
		w.global = append(w.global, "antiknight")
	case AntiKing:
		w.meta["antiking"] = true
		w.global = append(w.global, "antiking")
	case NonConsecutive:
		w.global = append(w.global, "nonconsecutive")
	case DisjointGroups, NoParityTriple, DistinctSums:
		// SudokuPad has no name for it: the sentence states it.
	case NoXV:
		if rule.Value == 0 {
			w.global = append(w.global, "antixv")
		} // else SudokuPad's antixv is of both marks: the sentence states it
	default:
		k, _ := Info(rule.Kind)
		w.global = append(w.global, "anti"+k.Negative)
	}
}
