package variant

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokusat/sudokusat"
)

// ParseSudokuPad reads a puzzle in SudokuPad's own format: the JSON, or
// SudokuPad's zipped form of it, that a scl… or ctc… link holds. The
// format states the size, the givens, the regions, the cages (a total in
// a cage's corner, and whether its digits may repeat), the rules of the
// whole grid its metadata names (anti-knight, anti-king and SudokuPad's
// "global" list) and the solution its metadata gives. Every other rule is
// a drawing (a line, an arrow, a dot, a circle, a text): it is read as a
// rule when its form is the one SudokuPad and setters' tools give that
// kind of rule and the puzzle's rules text names the kind (see
// spConventions), and listed in the puzzle's Unread, with the reason, when
// not. A sentence of the rules text that no rule read accounts for is
// listed too, and a rule read that the stated solution breaks is taken
// back: the answer holds for the rules read, which are never a guess.
// The rules text is the puzzle's RulesText.
func ParseSudokuPad(data []byte) (*sudokusat.Puzzle, error) {
	p, _, err := parseSudokuPad(data)
	return p, err
}

// parseSudokuPad is ParseSudokuPad with the reader, which tests look into.
func parseSudokuPad(data []byte) (*sudokusat.Puzzle, *spReader, error) {
	text := strings.TrimSpace(string(data))
	if !json.Valid([]byte(text)) {
		text = unzipSudokuPad(text)
	}
	var raw any
	if err := json.Unmarshal([]byte(text), &raw); err != nil {
		return nil, nil, formatErrorf("SudokuPad", "not a puzzle: %v", err)
	}
	doc, ok := longKeys(raw).(map[string]any)
	if !ok {
		return nil, nil, formatErrorf("SudokuPad", "not a puzzle")
	}
	rows, _ := doc["cells"].([]any)
	n := len(rows)
	if n == 0 {
		return nil, nil, formatErrorf("SudokuPad", "a puzzle without cells")
	}
	g, boxes, err := fpGrid(n)
	if err != nil {
		return nil, nil, formatErrorf("SudokuPad", "a %d×%d grid: %v", n, n, err)
	}
	p := &sudokusat.Puzzle{Grid: g, Layout: sudokusat.LayoutFPuzzles}
	for r, row := range rows {
		cells, _ := row.([]any)
		if len(cells) != n {
			return nil, nil, formatErrorf("SudokuPad", "row %d has %d cells, not %d", r+1, len(cells), n)
		}
		for c, cell := range cells {
			obj, _ := cell.(map[string]any)
			if v, ok := obj["value"]; ok {
				d, err := strconv.Atoi(strings.TrimSpace(fmt.Sprint(v)))
				if err != nil || d < 1 || d > n {
					return nil, nil, formatErrorf("SudokuPad", "r%dc%d's given %v is not a digit from 1 to %d", r+1, c+1, v, n)
				}
				g.SetCell(r*n+c, d)
			}
		}
	}
	if err := spRegions(doc, p, boxes); err != nil {
		return nil, nil, err
	}
	meta := map[string]string{}
	if m, ok := doc["metadata"].(map[string]any); ok {
		for k, v := range m {
			meta[k] = metaText(v)
		}
	}
	r := &spReader{n: n, p: p, named: map[*spConvention][]int{}, accounts: map[int]bool{}, houses: map[int]string{}}
	cages, _ := doc["cages"].([]any)
	for i, c := range cages {
		cage, _ := c.(map[string]any)
		cells, err := spCells(cage["cells"], n)
		if err != nil {
			return nil, nil, formatErrorf("SudokuPad", "cage %d: %v", i+1, err)
		}
		value := ""
		if cage["value"] != nil {
			value = strings.TrimSpace(metaText(cage["value"]))
		}
		if len(cells) == 0 {
			// A cage without cells is metadata ("title: …"), as
			// SudokuPad reads it.
			if k, v, ok := strings.Cut(value, ":"); ok && !strings.Contains(k, " ") {
				if _, set := meta[k]; !set {
					meta[k] = strings.TrimSpace(v)
				}
			}
			continue
		}
		style, _ := cage["style"].(string)
		c := &spCage{cells: cells, value: value, hasValue: value != "", unique: truth(cage["unique"]), hidden: truth(cage["hidden"]), style: style}
		if c.hidden && !c.unique {
			// Shown nowhere and stating nothing (SudokuPad's importer
			// lists the cells in no region so).
			continue
		}
		r.draws = append(r.draws, spDrawing{on: spOnCages, cage: c})
	}
	hidden := spHiddenRegions(r, doc)
	r.addDrawings(doc)
	r.text = newSPText(meta["rules"], n)
	if list, _ := doc["regions"].([]any); len(list) == 0 && !hidden {
		r.readUndrawnRegions(boxes)
	}
	p.RulesText = strings.TrimSpace(strings.ReplaceAll(meta["rules"], `\n`, "\n"))
	p.Title, p.Author = strings.TrimSpace(meta["title"]), strings.TrimSpace(meta["author"])
	table := spConventions()
	r.readDrawings(table)
	r.countingSet()
	r.rereadHeld(table)
	r.takeBackChanged(table)
	r.readGlobals(table, meta, doc)
	if s := meta["solution"]; s != "" {
		p.Published = solutionText(g, s)
		if p.Published == nil {
			p.Warnings = append(p.Warnings, fmt.Sprintf("the stated solution %q is not a grid of digits from 1 to %d: the puzzle may be other than its grid", cut(s, 40), n))
		}
	}
	r.veto(p.Published)
	p.Rules = distinctRules(r.rules())
	// The rules in the order the f-puzzles reader gives them (by the
	// kinds' keys, each kind's in the document's order): the same
	// puzzle as its f-puzzles form, which the engines count alike.
	if r.kinds == nil {
		r.kinds = kinds()
	}
	slices.SortStableFunc(p.Rules, func(a, b sudokusat.Rule) int {
		return strings.Compare(fpKey(r.kinds[a.Kind]), fpKey(r.kinds[b.Kind]))
	})
	if err := Validate(p); err != nil {
		return nil, nil, err
	}
	p.Unread = r.unread(table)
	return p, r, nil
}

// fpKey returns the key of an f-puzzles document that holds a kind: its
// list or switch, or "negative" for a negative rule without one.
func fpKey(k KindInfo) string {
	if k.FPuzzles == "" && k.Negative != "" {
		return "negative"
	}
	return k.FPuzzles
}

// metaText returns a metadata value as text: a list's items a line each.
func metaText(v any) string {
	if list, ok := v.([]any); ok {
		parts := make([]string, len(list))
		for i, x := range list {
			parts[i] = metaText(x)
		}
		return strings.Join(parts, "\n")
	}
	if v == nil {
		return ""
	}
	return fmt.Sprint(v)
}

// truth reads a flag SudokuPad writes as true, 1 or "true".
func truth(v any) bool {
	switch v := v.(type) {
	case bool:
		return v
	case float64:
		return v != 0
	case string:
		return v == "true" || v == "1"
	}
	return false
}

// spCells reads a list of [row, column] pairs.
func spCells(v any, n int) ([]int, error) {
	list, _ := v.([]any)
	out := make([]int, 0, len(list))
	for _, rc := range list {
		pair, _ := rc.([]any)
		if len(pair) != 2 {
			return nil, fmt.Errorf("%v is not a cell", rc)
		}
		r, ok1 := pair[0].(float64)
		c, ok2 := pair[1].(float64)
		if !ok1 || !ok2 || r < 0 || c < 0 || int(r) >= n || int(c) >= n || r != float64(int(r)) || c != float64(int(c)) {
			return nil, fmt.Errorf("%v is not a cell of the %d×%d grid", rc, n, n)
		}
		out = append(out, int(r)*n+int(c))
	}
	return out, nil
}

// spRegions reads the regions the document lists: nil when they are the
// grid's boxes; a cell in no listed region is in none. A document that
// lists none is read by spHiddenRegions and readUndrawnRegions.
func spRegions(doc map[string]any, p *sudokusat.Puzzle, boxes bool) error {
	n := p.Size()
	list, _ := doc["regions"].([]any)
	if len(list) == 0 {
		return nil
	}
	regions := make([]int, n*n)
	for i := range regions {
		regions[i] = -1
	}
	// The regions are left as the boxes when they are exactly those (a
	// side without boxes keeps its own).
	same := boxes
	for r, reg := range list {
		cells, err := spCells(reg, n)
		if err != nil {
			return formatErrorf("SudokuPad", "region %d: %v", r+1, err)
		}
		for _, c := range cells {
			if regions[c] != -1 {
				return formatErrorf("SudokuPad", "r%dc%d is in two regions", c/n+1, c%n+1)
			}
			regions[c] = r
			same = same && p.Grid.Box(c/n, c%n) == p.Grid.Box(cells[0]/n, cells[0]%n)
		}
	}
	for _, r := range regions {
		same = same && r != -1
	}
	if !same {
		p.Regions = regions // -1 is sudokusat.NoRegion
	}
	return nil
}

// publishedSolution reads a stated solution, one digit per cell; nil when
// it is not a full grid (a setter may state part of one, or none).
func publishedSolution(g *sudokusat.Grid, digits []string) *sudokusat.Grid {
	if len(digits) != g.Len() {
		return nil
	}
	s := g.Clone()
	for i, t := range digits {
		d, err := strconv.Atoi(strings.TrimSpace(t))
		if err != nil || d < 1 || d > g.Size() {
			return nil
		}
		s.SetCell(i, d)
	}
	return s
}

// longKeys renames SudokuPad's short keys to their long names, throughout.
func longKeys(v any) any {
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			if long, ok := spLongKeys[k]; ok {
				k = long
			}
			out[k] = longKeys(x)
		}
		return out
	case []any:
		for i := range v {
			v[i] = longKeys(v[i])
		}
	}
	return v
}

// spLongKeys are the short keys of SudokuPad's zipped form and the names
// they stand for.
var spLongKeys = map[string]string{
	"c": "color", "ca": "cages", "ct": "center", "c1": "borderColor", "c2": "backgroundColor",
	"ce": "cells", "cs": "cellSize", "a": "arrows", "o": "overlays", "u": "underlays", "w": "width",
	"h": "height", "v": "value", "vd": "videos", "l": "lines", "r": "rounded", "re": "regions",
	"fs": "fontSize", "th": "thickness", "hl": "headLength", "wp": "wayPoints", "t": "title",
	"te": "text", "d": "duration", "d2": "d",
}

// unzipSudokuPad undoes SudokuPad's zipping of a puzzle's JSON: keys
// without quotes, empty objects left out between separators, false, true
// and colours shortened, and single quotes for double ones. It is a scan
// rather than regular expressions: the page's WebAssembly build carries
// every package the reader uses, and regexp would add 600 KB to it.
func unzipSudokuPad(z string) string {
	if !strings.Contains(z, `"`) {
		// An escaped single quote is a quote inside a string.
		z = strings.ReplaceAll(z, `\'`, "\x00")
		z = strings.ReplaceAll(z, `'`, `"`)
		z = strings.ReplaceAll(z, "\x00", `'`)
	}
	// ends reports whether a value ends at z[j].
	ends := func(j int) bool { return j < len(z) && strings.IndexByte(",}]", z[j]) >= 0 }
	var b strings.Builder
	for i := 0; i < len(z); i++ {
		c := z[i]
		b.WriteByte(c)
		switch {
		case c == ',' || c == '{' || c == '[':
			j := i + 1
			for j < len(z) && isAlnum(z[j]) {
				j++
			}
			if j > i+1 && j < len(z) && z[j] == ':' {
				b.WriteString(`"` + z[i+1:j] + `"`)
				i = j - 1
			} else if ends(i+1) && (c != '{' || z[i+1] != '}') {
				b.WriteString("{}")
			}
		case c == ':':
			switch {
			case ends(i+2) && z[i+1] == 'f':
				b.WriteString("false")
				i++
			case ends(i+2) && z[i+1] == 't':
				b.WriteString("true")
				i++
			case ends(i+3) && z[i+1:i+3] == "#0":
				b.WriteString(`"#000000"`)
				i += 2
			case ends(i+3) && z[i+1:i+3] == "#F":
				b.WriteString(`"#FFFFFF"`)
				i += 2
			case ends(i+7) && isHex(z[i+1:i+7]):
				b.WriteString(`"#` + z[i+1:i+7] + `"`)
				i += 6
			}
		}
	}
	return b.String()
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}
