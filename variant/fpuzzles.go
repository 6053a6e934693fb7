package variant

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/internal/lzstring"
)

// ErrFormat reports an f-puzzles document that sudokusat cannot read: bad
// JSON, a bad link, or a constraint it does not know.
var ErrFormat = errors.New("f-puzzles")

// cosmetic lists the f-puzzles keys that carry no rule: drawings, texts and
// metadata, which the f-puzzles solver ignores too. Every other key must be
// one ParseFPuzzles understands, or be empty: a rule is never dropped.
var cosmetic = map[string]bool{
	"size": true, "grid": true, "title": true, "author": true, "ruleset": true, "solution": true,
	"text": true, "line": true, "rectangle": true, "circle": true, "cage": true,
	"disabledlogic": true, "truecandidatesoptions": true, "highlightConflicts": true,
}

type fpCell struct {
	Value  json.RawMessage `json:"value"`
	Given  bool            `json:"given"`
	Region *int            `json:"region"`
}

type fpCells struct {
	Cells []string        `json:"cells"`
	Cell  string          `json:"cell"`
	Lines [][]string      `json:"lines"`
	Value json.RawMessage `json:"value"`
}

// ParseFPuzzles reads one f-puzzles JSON document: the size, the grid's
// givens and regions (a jigsaw when cells name regions), and the rules:
// diagonals, anti-knight, anti-king, non-consecutive, killer cages, extra
// regions, thermometers, arrows, white ("difference") and black ("ratio")
// Kropki dots, XV, their negative rules ("negative"), even and odd cells.
// Drawings and texts are skipped; a rule of any other kind is an error
// wrapping ErrFormat that names it. The puzzle is validated.
func ParseFPuzzles(data []byte) (*sudokusat.Puzzle, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrFormat, err)
	}
	var size int
	if err := json.Unmarshal(raw["size"], &size); err != nil || !sudokusat.ValidSize(size) || size > 35 {
		return nil, fmt.Errorf("%w: size %s: want a grid side from 4 to 35 with boxes", ErrFormat, raw["size"])
	}
	g, err := sudokusat.NewGridSize(size)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrFormat, err)
	}
	p := &sudokusat.Puzzle{Grid: g, Layout: sudokusat.LayoutFPuzzles}
	var grid [][]fpCell
	if err := json.Unmarshal(raw["grid"], &grid); err != nil || len(grid) != size {
		return nil, fmt.Errorf("%w: the grid is not %d rows of cells", ErrFormat, size)
	}
	jigsaw := false
	regions := make([]int, size*size)
	for r, row := range grid {
		if len(row) != size {
			return nil, fmt.Errorf("%w: grid row %d has %d cells, not %d", ErrFormat, r+1, len(row), size)
		}
		for c, cell := range row {
			i := r*size + c
			regions[i] = g.Box(r, c)
			if cell.Region != nil {
				jigsaw = true
				regions[i] = *cell.Region
			}
			if !cell.Given || len(cell.Value) == 0 {
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
	r := fpReader{n: size, p: p}
	for _, k := range keys {
		if cosmetic[k] {
			continue
		}
		if err := r.key(k, raw[k]); err != nil {
			return nil, fmt.Errorf("%w: %q: %v", ErrFormat, k, err)
		}
	}
	if err := Validate(p); err != nil {
		return nil, err
	}
	return p, nil
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

type fpReader struct {
	n int
	p *sudokusat.Puzzle
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

func (r *fpReader) add(k Kind, cells []int, value int) {
	r.p.Rules = append(r.p.Rules, sudokusat.Rule{Kind: k, Cells: cells, Value: value})
}

// key reads one key of the document.
func (r *fpReader) key(k string, v json.RawMessage) error {
	switch k {
	case "diagonal+", "diagonal-", "antiknight", "antiking", "nonconsecutive":
		var on bool
		if err := json.Unmarshal(v, &on); err != nil {
			return fmt.Errorf("want true or false")
		}
		if !on {
			return nil
		}
		switch k {
		case "diagonal+", "diagonal-":
			var cells []int
			for i := 0; i < r.n; i++ {
				if k == "diagonal-" {
					cells = append(cells, i*r.n+i)
				} else {
					cells = append(cells, (r.n-1-i)*r.n+i)
				}
			}
			r.add(map[string]Kind{"diagonal+": DiagonalAnti, "diagonal-": DiagonalMain}[k], cells, 0)
		case "antiknight":
			r.add(AntiKnight, nil, 0)
		case "antiking":
			r.add(AntiKing, nil, 0)
		case "nonconsecutive":
			r.add(NonConsecutive, nil, 0)
		}
		return nil
	case "negative":
		var list []string
		if err := json.Unmarshal(v, &list); err != nil {
			return fmt.Errorf("want a list of names")
		}
		for _, name := range list {
			switch name {
			case "ratio":
				r.add(NoBlack, nil, 0)
			case "xv":
				r.add(NoXV, nil, 0)
			case "difference":
				r.add(NonConsecutive, nil, 0)
			default:
				return fmt.Errorf("the negative rule of %q is not supported", name)
			}
		}
		return nil
	}
	var list []fpCells
	if err := json.Unmarshal(v, &list); err != nil {
		// An unknown key holding false, null, 0 or "" carries no rule.
		var any interface{}
		if json.Unmarshal(v, &any) == nil && (any == nil || any == false || any == "" || any == 0.0) {
			return nil
		}
		if _, known := fpKinds[k]; known {
			return fmt.Errorf("want a list of objects")
		}
		return fmt.Errorf("a rule sudokusat does not know")
	}
	if len(list) == 0 {
		return nil
	}
	if _, known := fpKinds[k]; !known {
		return fmt.Errorf("a rule sudokusat does not know (%d of them)", len(list))
	}
	for i, e := range list {
		if err := r.entry(k, e); err != nil {
			return fmt.Errorf("entry %d: %v", i+1, err)
		}
	}
	return nil
}

// fpKinds lists the f-puzzles constraint lists ParseFPuzzles reads.
var fpKinds = map[string]struct{}{
	"killercage": {}, "extraregion": {}, "thermometer": {}, "arrow": {}, "difference": {}, "ratio": {},
	"xv": {}, "even": {}, "odd": {},
}

func (r *fpReader) entry(k string, e fpCells) error {
	cells, err := r.cells(e.Cells)
	if err != nil {
		return err
	}
	str := ""
	if len(e.Value) > 0 {
		if json.Unmarshal(e.Value, &str) != nil {
			str = string(e.Value)
		}
	}
	str = strings.TrimSpace(str)
	switch k {
	case "killercage":
		sum := 0
		if str != "" {
			if sum, err = strconv.Atoi(str); err != nil {
				return fmt.Errorf("sum %q is not a number", str)
			}
		}
		r.add(Killer, cells, sum)
	case "extraregion":
		r.add(Region, cells, 0)
	case "thermometer":
		for _, line := range e.Lines {
			lc, err := r.cells(line)
			if err != nil {
				return err
			}
			r.add(Thermo, lc, 0)
		}
	case "arrow":
		c := sudokusat.Rule{Kind: Arrow, Cells: cells}
		circle := make(map[int]bool)
		for _, x := range cells {
			circle[x] = true
		}
		for _, line := range e.Lines {
			lc, err := r.cells(line)
			if err != nil {
				return err
			}
			// f-puzzles draws a line from inside the circle: its cells
			// in the circle are not summed.
			for len(lc) > 0 && circle[lc[0]] {
				lc = lc[1:]
			}
			c.Lines = append(c.Lines, lc)
		}
		r.p.Rules = append(r.p.Rules, c)
	case "difference", "ratio":
		want := map[string]string{"difference": "1", "ratio": "2"}[k]
		if str != "" && str != want {
			return fmt.Errorf("a dot of value %s is not supported (only %s)", str, want)
		}
		r.add(map[string]Kind{"difference": White, "ratio": Black}[k], cells, 0)
	case "xv":
		switch strings.ToUpper(str) {
		case "X":
			r.add(XV, cells, 10)
		case "V":
			r.add(XV, cells, 5)
		default:
			return fmt.Errorf("value %q: want X or V", str)
		}
	case "even", "odd":
		c, err := r.cell(e.Cell)
		if err != nil {
			return err
		}
		r.add(map[string]Kind{"even": Even, "odd": Odd}[k], []int{c}, 0)
	}
	return nil
}

// ParseLink reads an f-puzzles link (https://www.f-puzzles.com/?load=…),
// or the compressed text alone: lz-string's base64 form, or its URI form.
func ParseLink(s string) (*sudokusat.Puzzle, error) {
	s = strings.TrimSpace(s)
	if i := strings.Index(s, "load="); i >= 0 {
		s = s[i+len("load="):]
		if j := strings.IndexAny(s, "&#"); j >= 0 {
			s = s[:j]
		}
		if u, err := url.QueryUnescape(strings.ReplaceAll(s, "+", "%2B")); err == nil {
			s = u
		}
	}
	var text string
	var err error
	if strings.ContainsAny(s, "-$") {
		text, err = lzstring.DecompressFromEncodedURIComponent(s)
	} else {
		text, err = lzstring.DecompressFromBase64(s)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: the link does not decompress: %v", ErrFormat, err)
	}
	if text == "" {
		return nil, fmt.Errorf("%w: the link holds nothing", ErrFormat)
	}
	return ParseFPuzzles([]byte(text))
}

// FPuzzles writes p as an f-puzzles JSON document that ParseFPuzzles reads
// back as p (constraints in its key order), for the page's links and for
// other tools.
func FPuzzles(p *sudokusat.Puzzle) ([]byte, error) {
	n := p.Size()
	name := func(cell int) string { return fmt.Sprintf("R%dC%d", cell/n+1, cell%n+1) }
	names := func(cells []int) []string {
		out := make([]string, len(cells))
		for i, c := range cells {
			out[i] = name(c)
		}
		return out
	}
	type cell struct {
		Value  int  `json:"value,omitempty"`
		Given  bool `json:"given,omitempty"`
		Region *int `json:"region,omitempty"`
	}
	doc := map[string]any{"size": n}
	grid := make([][]cell, n)
	for r := range grid {
		grid[r] = make([]cell, n)
		for c := range grid[r] {
			i := r*n + c
			if d := p.Grid.Cell(i); d != 0 {
				grid[r][c] = cell{Value: d, Given: true}
			}
			if p.Regions != nil {
				reg := p.Regions[i]
				grid[r][c].Region = &reg
			}
		}
	}
	doc["grid"] = grid
	lists := map[string][]map[string]any{}
	for _, c := range p.Rules {
		switch c.Kind {
		case DiagonalMain:
			doc["diagonal-"] = true
		case DiagonalAnti:
			doc["diagonal+"] = true
		case AntiKnight:
			doc["antiknight"] = true
		case AntiKing:
			doc["antiking"] = true
		case NonConsecutive:
			doc["nonconsecutive"] = true
		case NoBlack, NoXV:
			neg, _ := doc["negative"].([]string)
			doc["negative"] = append(neg, map[Kind]string{NoBlack: "ratio", NoXV: "xv"}[c.Kind])
		case Killer:
			e := map[string]any{"cells": names(c.Cells)}
			if c.Value != 0 {
				e["value"] = strconv.Itoa(c.Value)
			}
			lists["killercage"] = append(lists["killercage"], e)
		case Region:
			lists["extraregion"] = append(lists["extraregion"], map[string]any{"cells": names(c.Cells)})
		case Thermo:
			lists["thermometer"] = append(lists["thermometer"], map[string]any{"lines": [][]string{names(c.Cells)}})
		case Arrow:
			var lines [][]string
			for _, l := range c.Lines {
				lines = append(lines, append([]string{name(c.Cells[len(c.Cells)-1])}, names(l)...))
			}
			lists["arrow"] = append(lists["arrow"], map[string]any{"cells": names(c.Cells), "lines": lines})
		case White:
			lists["difference"] = append(lists["difference"], map[string]any{"cells": names(c.Cells)})
		case Black:
			lists["ratio"] = append(lists["ratio"], map[string]any{"cells": names(c.Cells)})
		case XV:
			lists["xv"] = append(lists["xv"], map[string]any{"cells": names(c.Cells), "value": map[int]string{5: "V", 10: "X"}[c.Value]})
		case Even, Odd:
			lists[string(c.Kind)] = append(lists[string(c.Kind)], map[string]any{"cell": name(c.Cells[0])})
		default:
			return nil, fmt.Errorf("%w: no f-puzzles form for %q", ErrFormat, c.Kind)
		}
	}
	for k, v := range lists {
		doc[k] = v
	}
	return json.Marshal(doc)
}
