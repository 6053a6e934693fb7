package variant

import (
	"fmt"
	"strings"

	"github.com/sudokusat/sudokusat"
)

// Candidate grids: the form Sukaku puzzles and solvers' pencil marks are
// written in, one grid a line of N³ characters, N for each cell in
// reading order, the k-th of them the digit k when the cell may hold it
// and '0' or '.' when it may not (729 characters for 9×9). A cell with
// one candidate holds that digit.

// candidateSide returns N when line is a candidate grid of an N×N grid
// (N up to 9, whose digits are one character each), else 0: N³
// characters, each cell's k-th the digit k or a blank, and every cell
// with a candidate. No classic line passes for one: a classic 8×8 line
// has 64 characters, but its blanks make cells of no candidate.
func candidateSide(line []byte) int {
	for n := 4; n <= 9; n++ {
		if len(line) != n*n*n || !sudokusat.ValidSize(n) {
			continue
		}
		for c := 0; c < n*n; c++ {
			any := false
			for k := range n {
				switch b := line[c*n+k]; {
				case b == byte('1'+k):
					any = true
				case b == '0' || b == '.':
				default:
					return 0
				}
			}
			if !any {
				return 0
			}
		}
		return n
	}
	return 0
}

// ParseCandidates reads a candidate grid (see candidateSide) as a puzzle:
// a cell with one candidate is a given, and a cell with some but not all
// a pencil-marks rule (kind PencilMarks, its candidates as the rule's
// digit set), the solver's marks taken as what the puzzle states. Sukaku
// puzzles are written so, and explain --next starts from them.
func ParseCandidates(line string) (*sudokusat.Puzzle, error) {
	t := strings.TrimSpace(line)
	n := candidateSide([]byte(t))
	if n == 0 {
		return nil, fmt.Errorf("%w: %d characters: not a candidate grid (N³ characters, the k-th of each cell the digit k or '.')", ErrFormat, len(t))
	}
	g, err := sudokusat.NewGridSize(n)
	if err != nil {
		return nil, err
	}
	p := &sudokusat.Puzzle{Grid: g, Layout: sudokusat.LayoutLine}
	for c := range n * n {
		set, count, last := 0, 0, 0
		for k := range n {
			if t[c*n+k] == byte('1'+k) {
				set |= 1 << k
				count++
				last = k + 1
			}
		}
		switch {
		case count == 1:
			g.SetCell(c, last)
		case count < n:
			p.Rules = append(p.Rules, sudokusat.Rule{Kind: string(PencilMarks), Cells: []int{c}, Value: set})
		}
	}
	return p, nil
}

// Possibilities says which digits the cells of a grid may hold, cells in
// reading order from 0 and digits from 1: the true candidates a count
// finds (engine.Candidates), or a solver's pencil marks.
type Possibilities interface {
	Possible(cell, d int) bool
}

// CandidateLine writes the candidates c of an n×n grid on one line, the
// form ParseCandidates reads: for each cell, digit d at place d and '.'
// where it cannot go. Digits are symbols (sudokusat.Symbol), so that n is
// at most sudokusat.MaxSymbolSize; ParseCandidates reads grids up to 9×9.
func CandidateLine(n int, c Possibilities) string {
	b := make([]byte, 0, n*n*n)
	for cell := range n * n {
		for d := 1; d <= n; d++ {
			if c.Possible(cell, d) {
				b = append(b, sudokusat.Symbol(d))
			} else {
				b = append(b, '.')
			}
		}
	}
	return string(b)
}

// CandidateGrid draws puzzle p's candidates c as a grid of pencil marks:
// each cell's candidates, padded to one width, box lines between boxes
// when the regions are the grid's boxes, a line each row.
func CandidateGrid(p *sudokusat.Puzzle, c Possibilities) string {
	n := p.Size()
	width := 1
	for cell := range n * n {
		width = max(width, len(marks(n, c, cell)))
	}
	boxes := p.Regions == nil && p.Grid.BoxRows() > 1
	br, bc := p.Grid.BoxRows(), p.Grid.BoxCols()
	var out strings.Builder
	for r := range n {
		var b strings.Builder
		for col := range n {
			if boxes && col > 0 && col%bc == 0 {
				b.WriteString(" |")
			}
			fmt.Fprintf(&b, " %-*s", width, marks(n, c, r*n+col))
		}
		row := b.String()[1:]
		if boxes && r > 0 && r%br == 0 {
			// The rule under a row of boxes: '+' where the row has '|'.
			out.WriteString(strings.Map(func(ch rune) rune {
				if ch == '|' {
					return '+'
				}
				return '-'
			}, row) + "\n")
		}
		out.WriteString(strings.TrimRight(row, " ") + "\n")
	}
	return out.String()
}

// marks writes a cell's candidates in symbols ("137"), or as numbers
// separated by commas above sudokusat.MaxSymbolSize.
func marks(n int, c Possibilities, cell int) string {
	var b strings.Builder
	for d := 1; d <= n; d++ {
		if !c.Possible(cell, d) {
			continue
		}
		if n > sudokusat.MaxSymbolSize {
			if b.Len() > 0 {
				b.WriteByte(',')
			}
			fmt.Fprint(&b, d)
			continue
		}
		b.WriteByte(sudokusat.Symbol(d))
	}
	return b.String()
}
