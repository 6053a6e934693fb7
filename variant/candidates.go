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
