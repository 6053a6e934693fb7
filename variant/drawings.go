package variant

import (
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokusat/sudokusat"
)

// This file reads what an f-puzzles document shows that is not a rule:
// its drawings and fog of war, which become the puzzle's Unread list,
// since only the puzzle's own text says what they mean; and writes a
// puzzle's Unread list back as such drawings.

// fpDrawings are the f-puzzles keys of drawings, by the kind of Unread
// they make. A "cage" is read with the digital-root cages (a cage that is
// no rule is a drawing: see cosmeticCage), and a cell's colour with the
// grid.
var fpDrawings = map[string]string{
	"line":      sudokusat.UnreadLine,
	"circle":    sudokusat.UnreadCircle,
	"rectangle": sudokusat.UnreadRectangle,
	"text":      sudokusat.UnreadText,
}

// fpDrawing is one drawing of the document: its cells, and for a line
// each of its lines apart.
type fpDrawing struct {
	u     sudokusat.Unread
	lines [][]int
}

// drawingCells reads the cells a drawing is on, leaving out those that
// are not cells of the grid: a drawing may sit anywhere, and where it
// sits is only said, never read as a rule.
func (r *fpReader) drawingCells(names []string) []int {
	var out []int
	for _, s := range names {
		if c, err := r.cell(s); err == nil {
			out = append(out, c)
		}
	}
	return out
}

// drawings reads the drawings under key k, one of fpDrawings. Entries it
// cannot read as drawings (not a list of objects with cells) are one
// drawing of the kind, on no cell, rather than none: the document shows
// something there.
func (r *fpReader) drawings(k string, v json.RawMessage) {
	kind := fpDrawings[k]
	var list []fpEntry
	if err := json.Unmarshal(v, &list); err != nil {
		var any interface{}
		if json.Unmarshal(v, &any) == nil && (any == nil || any == false || any == "" || any == 0.0) {
			return // an empty key shows nothing
		}
		r.drawn = append(r.drawn, fpDrawing{u: sudokusat.Unread{Kind: kind}})
		return
	}
	for _, e := range list {
		if e.constraint() {
			continue
		}
		d := fpDrawing{u: sudokusat.Unread{Kind: kind, Text: e.value()}}
		if kind == sudokusat.UnreadText && d.u.Text == "" {
			continue // a text without words shows nothing
		}
		if kind == sudokusat.UnreadLine {
			for _, names := range e.Lines {
				line := r.drawingCells(names)
				d.lines = append(d.lines, line)
				d.u.Cells = append(d.u.Cells, line...)
			}
		} else {
			d.u.Cells = r.drawingCells(e.Cells)
		}
		r.drawn = append(r.drawn, d)
	}
}

// constraint reports whether f-puzzles drew the entry for one of its
// constraints, which the document holds as such: its rule is read, or
// refused, under its own key. f-puzzles marks them so when it makes a
// document for SudokuPad, which draws them.
func (e fpEntry) constraint() bool {
	var from string
	var ll bool
	return json.Unmarshal(e.FromConstraint, &from) == nil && strings.TrimSpace(from) != "" ||
		json.Unmarshal(e.IsLLConstraint, &ll) == nil && ll
}

// fpMeta reports whether a cage's label is one SudokuPad reads as the
// puzzle's metadata ("msgcorrect: …", "rules: …"): a line that starts
// with a word without spaces, a colon and something after it (its
// pattern ^([^: ]+):\s*(.+), line by line).
func fpMeta(label string) bool {
	for line := range strings.Lines(label) {
		key, rest, ok := strings.Cut(strings.TrimRight(line, "\r\n"), ":")
		if ok && key != "" && !strings.Contains(key, " ") && rest != "" {
			return true
		}
	}
	return false
}

// fpClear reports whether SudokuPad takes a colour for one it does not
// show: one holding "#", three hex digits and "0", or six and "00" (an
// alpha of 0). Its pattern is not anchored, so that "#000000" and
// "#FF0000" pass for clear too, here as in SudokuPad.
func fpClear(c string) bool {
	hex := func(s string) bool {
		return strings.Trim(strings.ToLower(s), "0123456789abcdef") == ""
	}
	for i := strings.IndexByte(c, '#'); i >= 0; {
		s := c[i+1:]
		if len(s) >= 4 && hex(s[:3]) && s[3] == '0' || len(s) >= 8 && hex(s[:6]) && s[6:8] == "00" {
			return true
		}
		j := strings.IndexByte(s, '#')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}

// cosmeticCage reads a cage of the "cage" key that is no rule: metadata
// (a "key: value" label on a cage without cells or colours, as SudokuPad
// reads it), fog of war (SudokuPad's "FOW" lamp and "FOGLIGHT" cells), or
// a drawing.
func (r *fpReader) cosmeticCage(e fpEntry) {
	if e.constraint() {
		return
	}
	label := e.value()
	cells := r.drawingCells(e.Cells)
	clear := func(raw json.RawMessage) bool {
		var c string
		return len(raw) == 0 || json.Unmarshal(raw, &c) == nil && (c == "" || fpClear(c))
	}
	switch {
	case fpMeta(label) && (len(e.Cells) == 0 || clear(e.OutlineC) && clear(e.FontC)):
		return
	case label == "FOW" && len(cells) == 1:
		r.fog(fogLamp(r.n, cells[0]))
		return
	case label == "FOGLIGHT":
		r.fog(cells)
		return
	}
	r.drawn = append(r.drawn, fpDrawing{u: sudokusat.Unread{Kind: sudokusat.UnreadCage, Cells: cells, Text: label}})
}

// fogKey reads the fog of war keys: "fogofwar" lists lamps, each lighting
// its cell and the eight around it, "foglight" cells lit from the start.
func (r *fpReader) fogKey(k string, v json.RawMessage) {
	var names []string
	if err := json.Unmarshal(v, &names); err != nil {
		var any interface{}
		if json.Unmarshal(v, &any) == nil && (any == nil || any == false || any == "" || any == 0.0) {
			return
		}
		r.fog(nil)
		return
	}
	if len(names) == 0 {
		return
	}
	for _, c := range r.drawingCells(names) {
		if k == "fogofwar" {
			r.fog(fogLamp(r.n, c))
		} else {
			r.fog([]int{c})
		}
	}
	if r.fogged == nil {
		r.fog(nil) // lamps and lights off the grid: fog all the same
	}
}

// fogLamp returns the cells a fog of war lamp lights: its own and the
// eight around it.
func fogLamp(n, cell int) []int {
	var out []int
	row, col := cell/n, cell%n
	for r := max(row-1, 0); r <= min(row+1, n-1); r++ {
		for c := max(col-1, 0); c <= min(col+1, n-1); c++ {
			out = append(out, r*n+c)
		}
	}
	return out
}

// fog adds cells to the fog of war's lit cells: the puzzle has fog.
func (r *fpReader) fog(cells []int) {
	if r.fogged == nil {
		r.fogged = &sudokusat.Unread{Kind: sudokusat.UnreadFog}
	}
	for _, c := range cells {
		if !slices.Contains(r.fogged.Cells, c) {
			r.fogged.Cells = append(r.fogged.Cells, c)
		}
	}
}

// unread returns what the document showed that was not read as a rule:
// the drawings that draw no rule read, then the fog of war. A drawing
// without text draws a rule when its cells are the rule's cells or one
// of its lines (for a line drawing, each of its lines is), or, for a
// drawing on one cell, one end of a line rule: f-puzzles and setters draw
// a lockout line's diamonds, an even cell's square, a region sum line
// again as cosmetics. A drawing with text says something of its own.
func (r *fpReader) unread(rules []sudokusat.Rule) []sudokusat.Unread {
	lineKind := map[Kind]bool{Thermo: true}
	for _, k := range lineKinds() {
		lineKind[k.Name] = true
	}
	drawn := map[string]bool{} // the cell sets of the rules and their lines
	ends := map[int]bool{}     // the ends of the line rules
	for _, rule := range rules {
		drawn[cellSet(rule.Cells)] = true
		for _, l := range rule.Lines {
			drawn[cellSet(l)] = true
		}
		if k := len(rule.Cells); lineKind[rule.Kind] && k >= 2 {
			ends[rule.Cells[0]], ends[rule.Cells[k-1]] = true, true
		}
	}
	draws := func(cells []int) bool {
		return len(cells) > 0 && (drawn[cellSet(cells)] || len(cells) == 1 && ends[cells[0]])
	}
	var out []sudokusat.Unread
	for _, d := range r.drawn {
		drawsRule := d.u.Text == "" && len(d.u.Cells) > 0
		if drawsRule && d.u.Kind == sudokusat.UnreadLine {
			drawsRule = !slices.ContainsFunc(d.lines, func(l []int) bool { return !draws(l) })
		} else if drawsRule {
			drawsRule = draws(d.u.Cells)
		}
		if !drawsRule {
			out = append(out, d.u)
		}
	}
	if r.fogged != nil {
		slices.Sort(r.fogged.Cells)
		out = append(out, *r.fogged)
	}
	return out
}

// cellSet returns a key for a set of cells, the same whatever their order
// or repeats.
func cellSet(cells []int) string {
	set := slices.Compact(slices.Sorted(slices.Values(cells)))
	var b strings.Builder
	for _, c := range set {
		b.WriteString(strconv.Itoa(c))
		b.WriteByte(',')
	}
	return b.String()
}

// shading reads a grid cell's colour ("c", or the first of "cArray", as
// SudokuPad reads them), or "" for none.
func shading(c fpCell) string {
	raw := c.C
	if len(raw) == 0 || string(raw) == "null" {
		var list []json.RawMessage
		if json.Unmarshal(c.CArray, &list) != nil || len(list) == 0 {
			return ""
		}
		raw = list[0]
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		s = string(raw)
	}
	if s = strings.TrimSpace(s); s == "null" {
		return ""
	}
	return s
}

// fpDrawingStyle is how writeDrawings draws each kind of Unread: plain
// black and grey, since what was not read keeps its cells and its text
// but not its colours. An arrow that was not read is drawn as a line:
// under f-puzzles' "arrow" key it would be read as an arrow sum.
var fpDrawingStyle = map[string]struct {
	key   string
	style map[string]any
}{
	sudokusat.UnreadLine:      {"line", map[string]any{"outlineC": "#A0A0A0", "width": 0.25}},
	sudokusat.UnreadArrow:     {"line", map[string]any{"outlineC": "#A0A0A0", "width": 0.25}},
	sudokusat.UnreadCircle:    {"circle", map[string]any{"baseC": "#FFFFFF", "outlineC": "#000000", "fontC": "#000000", "width": 0.6, "height": 0.6, "angle": 0}},
	sudokusat.UnreadRectangle: {"rectangle", map[string]any{"baseC": "#FFFFFF", "outlineC": "#000000", "fontC": "#000000", "width": 0.6, "height": 0.6, "angle": 0}},
	sudokusat.UnreadText:      {"text", map[string]any{"fontC": "#000000", "size": 0.5, "angle": 0}},
	sudokusat.UnreadCage:      {"cage", map[string]any{"outlineC": "#000000", "fontC": "#000000"}},
}

// writeDrawings writes what p's reader did not read as rules back into
// an f-puzzles document as drawings, which its reader lists as not read
// again: lines, circles, rectangles, texts and cosmetic cages on their
// cells with their text, shaded cells in grey (shade, by cell), fog of war
// as the cells lit from the start. A puzzle shared as f-puzzles data then
// shows what its answer did not account for. Left out: drawings on no cell
// of the grid (f-puzzles places a drawing by its cells), a cage label that
// f-puzzles' reader would take for a rule or for fog (the cage is drawn
// without it), and the sentences of the rules text, which go whole under
// "ruleset".
func (w *fpWriter) writeDrawings(us []sudokusat.Unread, shade map[int]bool) {
	for _, u := range us {
		if len(u.Cells) == 0 {
			continue
		}
		switch u.Kind {
		case sudokusat.UnreadShading:
			for _, c := range u.Cells {
				shade[c] = true
			}
			continue
		case sudokusat.UnreadFog:
			w.doc["foglight"] = w.names(u.Cells)
			continue
		}
		st, ok := fpDrawingStyle[u.Kind]
		if !ok || u.Kind == sudokusat.UnreadText && u.Text == "" {
			continue
		}
		e := maps.Clone(st.style)
		if st.key == "line" {
			e["lines"] = [][]string{w.names(u.Cells)}
		} else {
			e["cells"] = w.names(u.Cells)
		}
		text := u.Text
		if _, root := digitalRootLabel(text); st.key == "cage" && (root || fpMeta(text) || text == "FOW" || text == "FOGLIGHT") {
			text = ""
		}
		if text != "" && st.key != "line" {
			e["value"] = text
		}
		w.entry(st.key, e)
	}
}
