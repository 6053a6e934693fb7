package variant

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/sudokusat/sudokusat"
)

// ErrFormat reports a puzzle document or link that sudokusat cannot read:
// bad JSON, a bad link, or a rule it does not know. Its message names the
// format: "f-puzzles: …", "SudokuPad: …", "link: …".
var ErrFormat = errors.New("f-puzzles")

// formatError is an ErrFormat from a format other than f-puzzles.
type formatError struct{ format, msg string }

func (e *formatError) Error() string        { return e.format + ": " + e.msg }
func (e *formatError) Is(target error) bool { return target == ErrFormat }

// formatErrorf returns an ErrFormat that names format.
func formatErrorf(format, msg string, args ...any) error {
	return &formatError{format, fmt.Sprintf(msg, args...)}
}

// maxFPuzzlesSize is the largest grid side read or written as f-puzzles:
// one symbol a digit, as f-puzzles' own sizes (up to 16) and beyond.
const maxFPuzzlesSize = 35

// cosmetic lists the f-puzzles keys that neither carry a rule nor show
// anything on the grid: the size and grid (read first), metadata and the
// solver's settings. Drawings (fpDrawings, "cage") and fog of war
// ("fogofwar", "foglight") are listed in the puzzle's Unread. Every other
// key must be one ParseFPuzzles understands, or be empty: a rule is never
// dropped.
var cosmetic = map[string]bool{
	"size": true, "grid": true, "title": true, "author": true, "ruleset": true, "solution": true,
	"disabledlogic": true, "truecandidatesoptions": true, "highlightConflicts": true,
	"successMessage": true, "metadata": true,
}

type fpCell struct {
	Value            json.RawMessage   `json:"value"`
	Given            bool              `json:"given"`
	Region           json.RawMessage   `json:"region"` // absent: the default; null: none
	GivenPencilMarks []json.RawMessage `json:"givenPencilMarks"`
	// C and CArray are the cell's colour, or colours: a shading, which
	// is a drawing.
	C      json.RawMessage `json:"c"`
	CArray json.RawMessage `json:"cArray"`
}

// fpEntry is one entry of an f-puzzles list of rules.
type fpEntry struct {
	Cells []string        `json:"cells"`
	Cell  string          `json:"cell"`
	Lines [][]string      `json:"lines"`
	Value json.RawMessage `json:"value"`
	// CloneCells are a clone's other cells, paired with Cells.
	CloneCells []string `json:"cloneCells"`
	// Direction is a little killer's ("UR", "UL", "DR", "DL"), Values
	// the digits of a quadruple.
	Direction string            `json:"direction"`
	Values    []json.RawMessage `json:"values"`
	// OutlineC and FontC are a drawing's colours (a cosmetic cage's
	// tell whether SudokuPad shows it or reads it as metadata).
	OutlineC json.RawMessage `json:"outlineC"`
	FontC    json.RawMessage `json:"fontC"`
	// FromConstraint names the constraint that f-puzzles drew a
	// drawing for ("Renban", "X Sum"), and IsLLConstraint marks the
	// lockout lines' drawings that their userscript adds.
	FromConstraint json.RawMessage `json:"fromConstraint"`
	IsLLConstraint json.RawMessage `json:"isLLConstraint"`
}

// value returns the entry's value as text, a string's or a number's.
func (e fpEntry) value() string {
	str := ""
	if len(e.Value) > 0 {
		if json.Unmarshal(e.Value, &str) != nil {
			str = string(e.Value)
		}
	}
	return strings.TrimSpace(str)
}

// ParseFPuzzles reads one f-puzzles JSON document: the size, the grid's
// givens and regions (a jigsaw when cells name regions), and the rules:
// diagonals, anti-knight, anti-king, non-consecutive, killer cages, extra
// regions, thermometers, arrows, white ("difference") and black ("ratio")
// Kropki dots, XV, their negative rules ("negative"), even and odd cells.
// Drawings (lines, circles, rectangles, texts, cosmetic cages, shaded
// cells) and fog of war are no rules: the puzzle's Unread lists them, but
// for drawings of the rules read; the "ruleset" is its RulesText, the
// "title" and "author" its Title and Author. A rule of any other kind is an error
// wrapping ErrFormat that names it. The puzzle is validated.
func ParseFPuzzles(data []byte) (*sudokusat.Puzzle, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrFormat, err)
	}
	var size int
	if err := json.Unmarshal(raw["size"], &size); err != nil || size < 4 || size > maxFPuzzlesSize {
		return nil, fmt.Errorf("%w: size %s: want a grid side from 4 to %d", ErrFormat, raw["size"], maxFPuzzlesSize)
	}
	g, boxes, err := fpGrid(size)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrFormat, err)
	}
	p := &sudokusat.Puzzle{Grid: g, Layout: sudokusat.LayoutFPuzzles}
	var grid [][]fpCell
	if err := json.Unmarshal(raw["grid"], &grid); err != nil || len(grid) != size {
		return nil, fmt.Errorf("%w: the grid is not %d rows of cells", ErrFormat, size)
	}
	// A side without boxes (5, 7, 11, …) has its rows as default regions,
	// as in f-puzzles and its solver: the puzzle's regions are then
	// always its own.
	jigsaw := !boxes
	regions := make([]int, size*size)
	var shaded []int
	for r, row := range grid {
		if len(row) != size {
			return nil, fmt.Errorf("%w: grid row %d has %d cells, not %d", ErrFormat, r+1, len(row), size)
		}
		for c, cell := range row {
			i := r*size + c
			regions[i] = g.Box(r, c)
			if shading(cell) != "" {
				shaded = append(shaded, i)
			}
			if len(cell.Region) > 0 {
				jigsaw = true
				if regions[i], err = fpRegion(cell.Region); err != nil {
					return nil, fmt.Errorf("%w: r%dc%d: %v", ErrFormat, r+1, c+1, err)
				}
			}
			if !cell.Given || len(cell.Value) == 0 {
				// A cell without a given may hold given pencil marks.
				marks, err := fpPencilMarks(size, i, cell.GivenPencilMarks)
				if err != nil {
					return nil, fmt.Errorf("%w: r%dc%d: %v", ErrFormat, r+1, c+1, err)
				}
				p.Rules = append(p.Rules, marks...)
				continue
			}
			d, err := number(cell.Value)
			if err != nil || d < 1 || d > size {
				return nil, fmt.Errorf("%w: r%dc%d's given %s is not a digit from 1 to %d", ErrFormat, r+1, c+1, cell.Value, size)
			}
			g.SetCell(i, d)
		}
	}
	if jigsaw {
		p.Regions = regions
	}

	keys := make([]string, 0, len(raw))
	for k := range raw {
		keys = append(keys, k)
	}
	sort.Strings(keys) // the same puzzle gives the same constraint order
	r := newFPReader(size, p)
	for _, c := range shaded {
		r.drawn = append(r.drawn, fpDrawing{u: sudokusat.Unread{Kind: sudokusat.UnreadShading, Cells: []int{c}}})
	}
	for _, k := range keys {
		switch {
		case cosmetic[k]:
			continue
		case fpDrawings[k] != "":
			r.drawings(k, raw[k])
			continue
		case k == "fogofwar" || k == "foglight":
			r.fogKey(k, raw[k])
			continue
		}
		if err := r.key(k, raw[k]); err != nil {
			return nil, fmt.Errorf("%w: %q: %v", ErrFormat, k, err)
		}
	}
	p.Rules = distinctRules(p.Rules)
	if err := Validate(p); err != nil {
		return nil, err
	}
	p.Published = fpSolution(g, raw["solution"])
	for key, field := range map[string]*string{"ruleset": &p.RulesText, "title": &p.Title, "author": &p.Author} {
		var s string
		if json.Unmarshal(raw[key], &s) == nil {
			*field = strings.TrimSpace(s)
		}
	}
	p.Warnings = r.warnings
	p.Unread = r.unread(p.Rules)
	return p, nil
}

// fpSolution reads the solution a document states: an array of digits, or
// a string of them, comma-separated or not (as SudokuPad reads it). It is
// nil when there is none or it is not a full grid: a setter may state part
// of one, and it is the puzzle's claim, never a rule.
func fpSolution(g *sudokusat.Grid, raw json.RawMessage) *sudokusat.Grid {
	var list []json.RawMessage
	if json.Unmarshal(raw, &list) == nil {
		digits := make([]string, len(list))
		for i, v := range list {
			digits[i] = strings.Trim(string(v), `"`)
		}
		return publishedSolution(g, digits)
	}
	var text string
	if json.Unmarshal(raw, &text) != nil {
		return nil
	}
	return solutionText(g, text)
}

// solutionText reads a solution written as text: digits, comma-separated
// or, up to 9×9, not.
func solutionText(g *sudokusat.Grid, text string) *sudokusat.Grid {
	if strings.Contains(text, ",") {
		return publishedSolution(g, strings.Split(text, ","))
	}
	return publishedSolution(g, strings.Split(text, ""))
}

// fpGrid returns an empty grid of a side, with its boxes when the side has
// a box shape (boxes true), else with its rows as boxes.
func fpGrid(n int) (g *sudokusat.Grid, boxes bool, err error) {
	if sudokusat.ValidSize(n) {
		g, err = sudokusat.NewGridSize(n)
		return g, true, err
	}
	g, err = sudokusat.NewGrid(1, n)
	return g, false, err
}

// fpRegion reads a cell's region: its number from 0, or null for a cell a
// setter took out of every region.
func fpRegion(raw json.RawMessage) (int, error) {
	if string(raw) == "null" {
		return sudokusat.NoRegion, nil
	}
	var r int
	if err := json.Unmarshal(raw, &r); err != nil {
		return 0, fmt.Errorf("region %s is not a number", raw)
	}
	return r, nil
}

// distinctRules drops the rules that repeat an earlier one exactly: a
// rule given twice is one rule, and a document of a million copies of one
// thermometer is a puzzle with one.
func distinctRules(rules []sudokusat.Rule) []sudokusat.Rule {
	seen := make(map[string]bool, len(rules))
	out := rules[:0]
	for _, r := range rules {
		key := fmt.Sprint(r.Kind, r.Cells, r.Lines, r.Value)
		if !seen[key] {
			seen[key] = true
			out = append(out, r)
		}
	}
	return out
}

// number reads a JSON number or a string holding one.
func number(v json.RawMessage) (int, error) {
	var s string
	if json.Unmarshal(v, &s) == nil {
		return strconv.Atoi(strings.TrimSpace(s))
	}
	var n int
	err := json.Unmarshal(v, &n)
	return n, err
}

// fpReader is an f-puzzles document being read, with the table of kinds
// by their f-puzzles keys and negative names.
type fpReader struct {
	n         int
	p         *sudokusat.Puzzle
	keys      map[string]KindInfo
	negatives map[string]KindInfo
	warnings  []string // see Puzzle.Warnings
	// drawn are the document's drawings and fogged its fog of war, if
	// any, which become Puzzle.Unread.
	drawn  []fpDrawing
	fogged *sudokusat.Unread
}

// warn records what the reading found doubtful but read anyway.
func (r *fpReader) warn(format string, args ...any) {
	r.warnings = append(r.warnings, fmt.Sprintf(format, args...))
}

func newFPReader(n int, p *sudokusat.Puzzle) *fpReader {
	r := &fpReader{n: n, p: p, keys: map[string]KindInfo{}, negatives: map[string]KindInfo{}}
	for _, k := range Kinds() {
		if k.FPuzzles != "" {
			r.keys[k.FPuzzles] = k
		}
		if k.Negative != "" {
			r.negatives[k.Negative] = k
		}
	}
	return r
}

// cell reads "R1C1".
func (r *fpReader) cell(s string) (int, error) {
	u := strings.ToUpper(strings.TrimSpace(s))
	c := strings.IndexByte(u, 'C')
	if !strings.HasPrefix(u, "R") || c < 0 {
		return 0, fmt.Errorf("%q is not a cell (want R1C1)", s)
	}
	row, err1 := strconv.Atoi(u[1:c])
	col, err2 := strconv.Atoi(u[c+1:])
	if err1 != nil || err2 != nil || row < 1 || col < 1 || row > r.n || col > r.n {
		return 0, fmt.Errorf("%q is not a cell of the %d×%d grid", s, r.n, r.n)
	}
	return (row-1)*r.n + col - 1, nil
}

func (r *fpReader) cells(ss []string) ([]int, error) {
	out := make([]int, len(ss))
	for i, s := range ss {
		c, err := r.cell(s)
		if err != nil {
			return nil, err
		}
		out[i] = c
	}
	return out, nil
}

// key reads one key of the document: a switch, the "negative" list, or a
// list of entries, each read by its kind (see Kinds).
func (r *fpReader) key(k string, v json.RawMessage) error {
	if k == "negative" {
		var list []string
		if err := json.Unmarshal(v, &list); err != nil {
			return fmt.Errorf("want a list of names")
		}
		for _, name := range list {
			kind, ok := r.negatives[name]
			if !ok {
				return fmt.Errorf("the negative rule of %q is not supported", name)
			}
			r.p.Rules = append(r.p.Rules, kind.on(r.n))
		}
		return nil
	}
	kind, known := r.keys[k]
	if known && kind.fromFP == nil {
		var on bool
		if err := json.Unmarshal(v, &on); err != nil {
			return fmt.Errorf("want true or false")
		}
		if on {
			r.p.Rules = append(r.p.Rules, kind.on(r.n))
		}
		return nil
	}
	var list []fpEntry
	if err := json.Unmarshal(v, &list); err != nil {
		// An unknown key holding false, null, 0 or "" carries no rule.
		var any interface{}
		if json.Unmarshal(v, &any) == nil && (any == nil || any == false || any == "" || any == 0.0) {
			return nil
		}
		if known {
			return fmt.Errorf("want a list of objects")
		}
		return fmt.Errorf("a rule sudokusat does not know")
	}
	if len(list) == 0 {
		return nil
	}
	if !known {
		return fmt.Errorf("a rule sudokusat does not know (%d of them)", len(list))
	}
	for i, e := range list {
		rules, err := kind.fromFP(r, e)
		if err != nil {
			return fmt.Errorf("entry %d: %v", i+1, err)
		}
		r.p.Rules = append(r.p.Rules, rules...)
	}
	return nil
}

// FPuzzles writes p as an f-puzzles JSON document that ParseFPuzzles reads
// back as p (rules in its key order), for the page's links and for other
// tools; p's stated solution, where it has one, as the document's
// "solution", which SudokuPad checks a solver's grid against; its rules
// text as the "ruleset"; and what its reader did not read as rules as
// drawings (writeDrawings), which the document read back lists again.
func FPuzzles(p *sudokusat.Puzzle) ([]byte, error) {
	n := p.Size()
	if n > maxFPuzzlesSize {
		return nil, fmt.Errorf("%w: a %d×%d grid: f-puzzles documents go up to %d×%d here", ErrFormat, n, n, maxFPuzzlesSize, maxFPuzzlesSize)
	}
	type cell struct {
		Value            int             `json:"value,omitempty"`
		Given            bool            `json:"given,omitempty"`
		Region           json.RawMessage `json:"region,omitempty"`
		GivenPencilMarks []int           `json:"givenPencilMarks,omitempty"`
		C                string          `json:"c,omitempty"`
	}
	w := &fpWriter{n: n, doc: map[string]any{"size": n}, lists: map[string][]map[string]any{}}
	grid := make([][]cell, n)
	for r := range grid {
		grid[r] = make([]cell, n)
		for c := range grid[r] {
			i := r*n + c
			if d := p.Grid.Cell(i); d != 0 {
				grid[r][c] = cell{Value: d, Given: true}
			}
			if p.Regions != nil {
				grid[r][c].Region = json.RawMessage(strconv.Itoa(p.Regions[i]))
				if p.Regions[i] == sudokusat.NoRegion {
					grid[r][c].Region = json.RawMessage("null")
				}
			}
		}
	}
	w.doc["grid"] = grid
	table := kinds()
	for _, r := range p.Rules {
		k, ok := table[r.Kind]
		if !ok || k.toFP == nil {
			// A kind f-puzzles has no rule for (counting circles) has
			// no form there: a drawing in its place would lose the rule.
			return nil, fmt.Errorf("%w: no f-puzzles form for %q", ErrFormat, r.Kind)
		}
		if r.Kind == NoXV && r.Value != 0 {
			// f-puzzles' negative rule of XV is of both marks.
			return nil, fmt.Errorf("%w: no f-puzzles form for %q of %d alone", ErrFormat, r.Kind, r.Value)
		}
		k.toFP(w, r)
	}
	for c, set := range w.pencil {
		grid[c/n][c%n].GivenPencilMarks = markDigits(set)
	}
	shade := map[int]bool{}
	w.writeDrawings(p.Unread, shade)
	for c := range shade {
		grid[c/n][c%n].C = "#A8A8A8"
	}
	for key, s := range map[string]string{"ruleset": p.RulesText, "title": p.Title, "author": p.Author} {
		if s != "" {
			w.doc[key] = s
		}
	}
	for k, v := range w.lists {
		w.doc[k] = v
	}
	if p.Published != nil {
		digits := make([]int, p.Published.Len())
		for i := range digits {
			digits[i] = p.Published.Cell(i)
		}
		w.doc["solution"] = digits
	}
	return json.Marshal(w.doc)
}

// fpWriter is an f-puzzles document being written.
type fpWriter struct {
	n      int
	doc    map[string]any
	lists  map[string][]map[string]any
	pencil map[int]int // the given pencil marks of cells, as digit sets
}

// name names a cell as f-puzzles does: R1C1.
func (w *fpWriter) name(cell int) string { return fmt.Sprintf("R%dC%d", cell/w.n+1, cell%w.n+1) }

func (w *fpWriter) names(cells []int) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = w.name(c)
	}
	return out
}

// entry appends an entry to the list under key.
func (w *fpWriter) entry(key string, e map[string]any) { w.lists[key] = append(w.lists[key], e) }

// negative turns on a negative rule by its name in the "negative" list.
func (w *fpWriter) negative(name string) {
	neg, _ := w.doc["negative"].([]string)
	w.doc["negative"] = append(neg, name)
}
