package sudokusat

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
)

// Puzzle is the one model of a puzzle, classic or variant: a grid of
// givens, the regions that each hold every digit once (the grid's boxes
// unless Regions says otherwise), and the rules beyond rows, columns and
// regions, none for a classic puzzle. It also says where and how the
// puzzle was written, so that answers can name its line and come back in
// its notation.
//
// What a rule means is package variant's: its table of kinds gives each
// kind's meaning, its validator and its reading from f-puzzles. This
// package holds the rules as data only, so that every reader, engine and
// writer passes the same value around.
type Puzzle struct {
	// Grid holds the size and the givens (0 for a blank). Its box shape
	// is ignored when Regions is set.
	Grid *Grid
	// Regions, when not nil, gives each cell's region (0..N-1) in place
	// of the grid's boxes: a jigsaw puzzle. Each region has N cells or
	// none; a cell may be in no region (NoRegion), as f-puzzles lets a
	// setter take cells out of every region.
	Regions []int
	// Rules are the puzzle's rules beyond rows, columns and regions, in
	// the order the puzzle gave them.
	Rules []Rule
	// Published is the solution the puzzle's document states (f-puzzles'
	// solution, SudokuPad's solution metadata), or nil: what its setter
	// published, which answers are compared with.
	Published *Grid
	// Warnings are what reading the puzzle found doubtful but read anyway,
	// a sentence each (a killer cage labelled with text, read without a
	// sum); the command line prints them on standard error.
	Warnings []string
	// Unread lists what the puzzle's document shows that was not read as
	// a rule: drawings (a line, a circle, a text, a cage without a total,
	// shaded cells) and fog of war, whose meaning only the puzzle's own
	// text gives. An answer holds for the rules read, whatever these
	// mean; the command line says so (NotReadNote) and its JSON records
	// list them. A drawing of a rule that was read is not listed.
	Unread []Unread
	// RulesText is the puzzle's rules as its document states them in
	// words (SudokuPad's rules metadata, f-puzzles' ruleset), or "": the
	// answer's records quote it, so that a user sees what was stated
	// beside what was read.
	RulesText string
	// Title and Author are the puzzle's title and setter as its document
	// states them, or "": the records quote them, so that each answer in
	// a file of published puzzles says which puzzle it is.
	Title, Author string
	// Line is the line of its input the puzzle starts on, from 1, or 0.
	Line int
	// Layout is how the puzzle was written.
	Layout Layout
}

// Rule is one rule of a puzzle beyond its rows, columns and regions: a
// killer cage, a thermometer, a Kropki dot, anti-knight, … Which fields
// matter depends on Kind (see package variant). Cells are numbered
// row-major from 0 (cell = r·N+c).
type Rule struct {
	// Kind names the rule's kind, as messages, JSON and the command line
	// write it ("killer", "thermo", "anti-knight", …).
	Kind string
	// Cells are the cells the rule is about; none for a rule over the
	// whole grid.
	Cells []int
	// Lines are the lines of a rule drawn as several (an arrow's), each
	// from the cell next to the circle outwards.
	Lines [][]int
	// Value is the rule's number: a cage's total (NoValue for none,
	// which is not 0: a total of 0 is stated, and no cage reaches it),
	// an XV pair's sum.
	Value int
}

// NoValue is the Value of a rule that states no number where its kind
// may state one or none: a killer cage without a total. It is no number
// a rule may state, and a reader refuses a stated one that would read as
// it.
const NoValue = -1

// Size returns N, the grid's side.
func (p *Puzzle) Size() int { return p.Grid.Size() }

// NoRegion is the region of a cell in none.
const NoRegion = -1

// Region returns the region of a cell: Regions[cell] when set (NoRegion
// for a cell in none), else the grid's box.
func (p *Puzzle) Region(cell int) int {
	if p.Regions != nil {
		return p.Regions[cell]
	}
	n := p.Size()
	return p.Grid.Box(cell/n, cell%n)
}

// RegionCells returns the cells of each region, indexed by region, each
// in reading order: N lists, empty for a region no cell is in.
func (p *Puzzle) RegionCells() [][]int {
	n := p.Size()
	out := make([][]int, n)
	for cell := range n * n {
		if r := p.Region(cell); r >= 0 && r < n {
			out[r] = append(out[r], cell)
		}
	}
	return out
}

// Classic reports whether p is a classic Sudoku: no rule and the grid's
// own boxes, so that every engine can solve it.
func (p *Puzzle) Classic() bool { return p.Regions == nil && len(p.Rules) == 0 }

// Format returns g in p's layout: one line for LayoutLine and
// LayoutFPuzzles, a drawn grid for LayoutRows, rows of numbers for
// LayoutNumbers. Only the one-line form has no trailing newline.
func (p *Puzzle) Format(g *Grid) string {
	switch p.Layout {
	case LayoutRows:
		return g.Pretty()
	case LayoutNumbers:
		return g.Rows()
	}
	return g.String()
}

// Pretty returns g drawn in p's rows, columns and regions, one row per
// line: Grid.Pretty's drawing of the grid's boxes, or for a puzzle with
// regions of its own (a jigsaw) a '|' between two cells of a row in
// different regions and a line of '-' and '+' under a row where a cell
// and the one below it are in different regions, so that the regions
// read as they are. The last line ends in a newline.
func (p *Puzzle) Pretty(g *Grid) string {
	if p.Regions == nil {
		return g.Pretty()
	}
	n := g.Size()
	width := g.cellWidth()
	region := func(r, c int) int { return p.Regions[r*n+c] }
	var sb strings.Builder
	for r := range n {
		if r > 0 {
			// A '-' under each cell whose region changes below it; at the
			// corner between two columns, a '+' where a region's edge
			// turns or crosses, '|' where it only goes down.
			var line []byte
			h := func(c int) bool { return region(r-1, c) != region(r, c) }
			for c := range n {
				if c > 0 {
					up, down := region(r-1, c-1) != region(r-1, c), region(r, c-1) != region(r, c)
					mid := byte(' ')
					switch {
					case (up || down) && (h(c-1) || h(c)):
						mid = '+'
					case up || down:
						mid = '|'
					case h(c-1) && h(c):
						mid = '-'
					}
					line = append(line, dash(h(c-1)), mid, dash(h(c)))
				}
				line = append(line, bytes.Repeat([]byte{dash(h(c))}, width)...)
			}
			if l := bytes.TrimRight(line, " "); len(l) > 0 {
				sb.Write(l)
				sb.WriteByte('\n')
			}
		}
		for c := range n {
			if c > 0 {
				if region(r, c-1) != region(r, c) {
					sb.WriteString(" | ")
				} else {
					sb.WriteString("   ")
				}
			}
			g.writeCell(&sb, g.Get(r, c), width)
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// dash is the character of a region's edge under a cell: '-' where there
// is one, ' ' where there is none.
func dash(edge bool) byte {
	if edge {
		return '-'
	}
	return ' '
}

// Unread is one part of a puzzle's document that was not read as a rule
// (see Puzzle.Unread), in terms that hold for every format.
type Unread struct {
	// Kind says what it is: one of the Unread kinds below, or another
	// that a reader names.
	Kind string
	// Cells are the cells it is drawn on or over, row-major from 0; none
	// when it is on none (or none of the grid's).
	Cells []int
	// Text is the text it shows, a label or a word, or "".
	Text string
	// Reason says why it was not read, when the reader knows more than
	// that it is a drawing ("drawn as a renban line, which the rules
	// text does not name"), or "".
	Reason string
}

// The kinds of Unread. Fog of war hides cells from a solver's view until
// digits light them; every other kind is a drawing.
const (
	UnreadLine      = "line"
	UnreadCircle    = "circle"
	UnreadRectangle = "rectangle"
	UnreadText      = "text"
	UnreadCage      = "cage"
	UnreadShading   = "shading" // one shaded cell
	UnreadArrow     = "arrow"
	// UnreadSentence is a sentence of the puzzle's rules text that no
	// rule read accounts for (Text holds it): a rule that the puzzle
	// states in words only, or one that no reader knows.
	UnreadSentence = "sentence"
	UnreadFog      = "fog of war"
)

// NotReadNote says in a sentence what us holds, the drawings counted by
// kind, most first, then the sentences of the rules text and fog of war:
// "13 drawings (12 circles, 1 text), 1 sentence of the rules text and fog
// of war not read as rules: the answer holds for the rules read". It is
// "" when us is empty.
func NotReadNote(us []Unread) string {
	count := map[string]int{}
	var kinds []string
	drawings, sentences, fog := 0, 0, false
	for _, u := range us {
		switch u.Kind {
		case UnreadFog:
			fog = true
			continue
		case UnreadSentence:
			sentences++
			continue
		}
		if count[u.Kind] == 0 {
			kinds = append(kinds, u.Kind)
		}
		count[u.Kind]++
		drawings++
	}
	slices.SortStableFunc(kinds, func(a, b string) int { return count[b] - count[a] })
	var parts []string
	for _, k := range kinds {
		parts = append(parts, fmt.Sprintf("%d %s", count[k], unreadNoun(k, count[k])))
	}
	var what []string
	switch {
	case drawings == 1:
		what = append(what, "1 drawing ("+parts[0]+")")
	case drawings > 1:
		what = append(what, fmt.Sprintf("%d drawings (%s)", drawings, strings.Join(parts, ", ")))
	}
	switch {
	case sentences == 1:
		what = append(what, "1 sentence of the rules text")
	case sentences > 1:
		what = append(what, fmt.Sprintf("%d sentences of the rules text", sentences))
	}
	if fog {
		what = append(what, "fog of war")
	}
	if len(what) == 0 {
		return ""
	}
	rules := "rules"
	if len(what) == 1 && drawings+sentences <= 1 {
		rules = "a rule"
	}
	list := what[0]
	if k := len(what); k > 1 {
		list = strings.Join(what[:k-1], ", ") + " and " + what[k-1]
	}
	return list + " not read as " + rules + ": the answer holds for the rules read"
}

// unreadNoun names k drawings of a kind.
func unreadNoun(kind string, k int) string {
	one, many := kind, kind+"s"
	if kind == UnreadShading {
		one, many = "shaded cell", "shaded cells"
	}
	if k == 1 {
		return one
	}
	return many
}
