package variant

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokusat/sudokusat"
)

// This file is the model and the validator of the clues group of rule
// kinds: clues outside the grid (little killers, sandwiches, x-sums,
// skyscrapers), the quadruple's circle of digits on a corner, and the
// digital-root cage. Each meaning is the one of the solver behind
// f-puzzles (github.com/dclamage/SudokuSolver: SolverFactory.cs reads the
// document, Constraints/<Name>Constraint.cs gives the rule).
//
// A clue outside the grid is a rule over the cells it reads, listed from
// the clue inwards: Cells[0] is the cell next to the clue, and the clue
// sits one step before it (ClueCell), which is how the drawing and the
// f-puzzles form find it again.

// The kinds of this file.
const (
	// LittleKiller: the digits along Cells, a diagonal from the grid's
	// edge to its edge listed from the clue, sum to Value; digits may
	// repeat.
	LittleKiller Kind = "little-killer"
	// Sandwich: the digits strictly between the 1 and the N of Cells, a
	// whole row or column listed from the clue, sum to Value (0 when the
	// 1 and the N touch).
	Sandwich Kind = "sandwich"
	// XSum: with X the digit of Cells[0], the first X digits of Cells (a
	// whole row or column listed from the clue) sum to Value.
	XSum Kind = "x-sum"
	// Skyscraper: along Cells (a whole row or column listed from the
	// clue), Value digits are larger than every digit before them.
	Skyscraper Kind = "skyscraper"
	// Quadruple: the four Cells (a 2×2 square) hold the digits that Value
	// lists (QuadrupleDigits), each as many times as listed, and any
	// others.
	Quadruple Kind = "quadruple"
	// DigitalRoot: the cells of a cage (the f-puzzles cosmetic "cage"
	// labelled DRn, n = Value) hold distinct digits whose sum is n, n+9,
	// n+18, … (within what they can sum to).
	DigitalRoot Kind = "digital-root"
	// PrimeCage: the cells of a cage hold distinct digits whose sum is a
	// prime number; PrimeCageRepeat: the same, but digits may repeat in
	// the cage. Value is 0.
	PrimeCage       Kind = "prime-cage"
	PrimeCageRepeat Kind = "prime-cage-repeat"
	// DistinctSums: the groups of cells of Lines (a puzzle's cages) sum
	// to totals of which no two are equal.
	DistinctSums Kind = "distinct-sums"
	// RomanCages: two cages, Lines[0] and Lines[1], each a straight run
	// of a row or a column listed top to bottom or left to right, joined
	// by a Roman numeral of value Value on the edge between Cells[0] (of
	// the first) and Cells[1] (of the second): each cage's digits read as
	// one decimal number, and the two numbers sum to Value.
	RomanCages Kind = "roman-cages"
	// LookAndSay: Cells, a diagonal from the grid's edge to its edge
	// listed from the clue as a little killer's, hold exactly count of
	// value for each (count, value) pair of the clue's digits
	// (LookAndSayPairs reads them from Value); a value the clue does not
	// name is free.
	LookAndSay Kind = "look-and-say"
)

// clueKinds returns the rows of Kinds for this file's kinds.
func clueKinds() []KindInfo {
	return []KindInfo{
		littleKillerKind(),
		sandwichKind(),
		xSumKind(),
		skyscraperKind(),
		quadrupleKind(),
		digitalRootKind(),
		primeCageKind(PrimeCage),
		primeCageKind(PrimeCageRepeat),
		distinctSumsKind(),
		lookAndSayKind(),
		romanCagesKind(),
	}
}

// --- Where a clue outside the grid sits ---

// ClueCell returns the place of a clue outside the grid, the row and the
// column counted from 0 (−1 and N are outside): one step before the
// rule's first cell along its line. A little killer of one cell, a corner
// of the grid, has two places that mean the same: ClueCell puts it above
// the top row or below the bottom one. ok is false for a rule that is not
// a clue outside the grid.
func ClueCell(n int, r sudokusat.Rule) (row, col int, ok bool) {
	switch r.Kind {
	case LittleKiller, Sandwich, XSum, Skyscraper, LookAndSay:
	default:
		return 0, 0, false
	}
	if len(r.Cells) == 0 {
		return 0, 0, false
	}
	dr, dc := clueStep(n, r)
	return r.Cells[0]/n - dr, r.Cells[0]%n - dc, true
}

// clueStep returns the step (rows, columns) from a clue's cell to the
// next one, the first step being from the clue into the grid.
func clueStep(n int, r sudokusat.Rule) (dr, dc int) {
	if len(r.Cells) >= 2 {
		a, b := r.Cells[0], r.Cells[1]
		return b/n - a/n, b%n - a%n
	}
	// One cell: a corner's little killer, entered from above the top row
	// or below the bottom one, towards the grid's side it is on.
	row, col := r.Cells[0]/n, r.Cells[0]%n
	dr, dc = -1, 1
	if row == 0 {
		dr = 1
	}
	if col == 0 {
		dc = -1
	}
	return dr, dc
}

// lineFrom checks that cells follow one step (dr, dc) from an edge of
// the grid to the other: the place before the first cell and the one
// after the last are outside.
func lineFrom(n int, cells []int, dr, dc int) error {
	inside := func(r, c int) bool { return r >= 0 && r < n && c >= 0 && c < n }
	for i := 1; i < len(cells); i++ {
		a, b := cells[i-1], cells[i]
		if b/n-a/n != dr || b%n-a%n != dc {
			return fmt.Errorf("%s does not follow %s in line", cellName(n, b), cellName(n, a))
		}
	}
	first, last := cells[0], cells[len(cells)-1]
	if inside(first/n-dr, first%n-dc) {
		return fmt.Errorf("the line does not start at the grid's edge")
	}
	if inside(last/n+dr, last%n+dc) {
		return fmt.Errorf("the line does not reach the grid's edge")
	}
	return nil
}

// cellNames names cells as "r1c1,r1c2", for messages.
func cellNames(n int, cells []int) string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = cellName(n, c)
	}
	return strings.Join(out, ",")
}

// validateSide checks the cells of a clue that reads a whole row or
// column from outside the grid: its N cells in order from the clue.
func validateSide(n int, r sudokusat.Rule) error {
	if len(r.Cells) != n || n < 2 {
		return fmt.Errorf("%d cells, want a whole row or column of %d", len(r.Cells), n)
	}
	dr, dc := clueStep(n, r)
	if dr*dr+dc*dc != 1 {
		return fmt.Errorf("want a whole row or column, in order from the clue")
	}
	return lineFrom(n, r.Cells, dr, dc)
}

// outsideCell reads "R0C3", a place on the grid or in the ring around it
// (row and column from 0: −1 and N are outside, as R0 and R(N+1) in
// f-puzzles). Beyond the ring is an error, as in the solver.
func (r *fpReader) outsideCell(s string) (row, col int, err error) {
	u := strings.ToUpper(strings.TrimSpace(s))
	c := strings.IndexByte(u, 'C')
	if !strings.HasPrefix(u, "R") || c < 0 {
		return 0, 0, fmt.Errorf("%q is not a cell (want R0C1)", s)
	}
	row, err1 := strconv.Atoi(u[1:c])
	col, err2 := strconv.Atoi(u[c+1:])
	if err1 != nil || err2 != nil || row < 0 || col < 0 || row > r.n+1 || col > r.n+1 {
		return 0, 0, fmt.Errorf("%q is not a place on or around the %d×%d grid", s, r.n, r.n)
	}
	return row - 1, col - 1, nil
}

// clueValue reads the number of an outside clue's entry. An entry without
// one carries no rule, as the solver has it (ok false, no error); one
// whose value is not a whole number from lo is ignored too, as the solver
// ignores it, with a warning, since the setter meant something by it.
func (r *fpReader) clueValue(e fpEntry, what, where string, lo int) (v int, ok bool) {
	s := e.value()
	if s == "" {
		return 0, false
	}
	v, err := strconv.Atoi(s)
	if err != nil || v < lo {
		r.warn("%s at %s labelled %q: not a whole number from %d, ignored (as the f-puzzles solver ignores it)", what, where, s, lo)
		return 0, false
	}
	return v, true
}

// sideKind is a clue outside the grid that reads the whole row or column
// beside it, from the clue: f-puzzles holds its place as "cell" (R0C3 is
// above column 3, R3C0 left of row 3, R10C3 below column 3 on a 9×9, R3C10
// right of row 3) and its number as "value".
func sideKind(kind Kind, meaning, key, what string, lo func(n int) int, hi func(n int) int, holds func(ds []int, v int) (int, bool)) KindInfo {
	return KindInfo{Name: kind, Meaning: meaning, FPuzzles: key,
		validate: func(n int, r sudokusat.Rule) error {
			if err := validateSide(n, r); err != nil {
				return err
			}
			if r.Value < lo(n) || r.Value > hi(n) {
				return fmt.Errorf("clue %d: want %d to %d on a %d×%d grid", r.Value, lo(n), hi(n), n, n)
			}
			return nil
		},
		check: func(c *checking, r sudokusat.Rule) error {
			ds := make([]int, len(r.Cells))
			for i, cell := range r.Cells {
				ds[i] = c.at(cell)
			}
			if got, ok := holds(ds, r.Value); !ok {
				row, col, _ := ClueCell(c.n, r)
				return fmt.Errorf("the clue %d at R%dC%d reads %s as %d", r.Value, row+1, col+1, c.names(r.Cells), got)
			}
			return nil
		},
		fromFP: func(fr *fpReader, e fpEntry) ([]sudokusat.Rule, error) {
			row, col, err := fr.outsideCell(e.Cell)
			if err != nil {
				return nil, err
			}
			n := fr.n
			rowOut, colOut := row < 0 || row >= n, col < 0 || col >= n
			if rowOut == colOut {
				return nil, fmt.Errorf("%s is not beside a row or a column", e.Cell)
			}
			v, ok := fr.clueValue(e, what, e.Cell, lo(n))
			if !ok {
				return nil, nil
			}
			cells := make([]int, n)
			for i := range cells {
				switch {
				case row < 0: // above: down the column
					cells[i] = i*n + col
				case row >= n: // below: up the column
					cells[i] = (n-1-i)*n + col
				case col < 0: // left: along the row
					cells[i] = row*n + i
				default: // right: back along the row
					cells[i] = row*n + n - 1 - i
				}
			}
			return []sudokusat.Rule{{Kind: kind, Cells: cells, Value: v}}, nil
		},
		toFP: func(w *fpWriter, r sudokusat.Rule) {
			row, col, _ := ClueCell(w.n, r)
			w.entry(key, map[string]any{"cell": fmt.Sprintf("R%dC%d", row+1, col+1), "value": strconv.Itoa(r.Value)})
		}}
}

// --- Little killers ---

// validateDiagonal checks the cells of a clue that reads a diagonal from
// outside the grid, as a little killer's arrow points along it: 1 to N
// cells in order from the clue, from the grid's edge to its far edge.
func validateDiagonal(n int, r sudokusat.Rule) error {
	k := len(r.Cells)
	if k < 1 || k > n {
		return fmt.Errorf("%d cells, want a diagonal of 1 to %d", k, n)
	}
	dr, dc := clueStep(n, r)
	if dr*dr != 1 || dc*dc != 1 {
		return fmt.Errorf("want a diagonal, in order from the clue")
	}
	return lineFrom(n, r.Cells, dr, dc)
}

func littleKillerKind() KindInfo {
	return KindInfo{Name: LittleKiller, Repeats: true, Meaning: "The digits along the diagonal that a little killer's arrow points along, from its clue outside the grid to the grid's far edge, sum to the clue; digits may repeat.",
		FPuzzles: "littlekillersum",
		validate: func(n int, r sudokusat.Rule) error {
			if err := validateDiagonal(n, r); err != nil {
				return err
			}
			if k := len(r.Cells); r.Value < k || r.Value > k*n {
				return fmt.Errorf("sum %d: %d digits sum to %d..%d", r.Value, k, k, k*n)
			}
			return nil
		},
		check: func(c *checking, r sudokusat.Rule) error {
			if sum := c.sum(r.Cells); sum != r.Value {
				return fmt.Errorf("diagonal %s sums to %d, not %d", c.names(r.Cells), sum, r.Value)
			}
			return nil
		},
		fromFP: func(fr *fpReader, e fpEntry) ([]sudokusat.Rule, error) {
			row, col, err := fr.outsideCell(e.Cell)
			if err != nil {
				return nil, err
			}
			n := fr.n
			inside := func(r, c int) bool { return r >= 0 && r < n && c >= 0 && c < n }
			if inside(row, col) {
				return nil, fmt.Errorf("the little killer's clue %s is inside the grid, not beside it", e.Cell)
			}
			step := map[string][2]int{"UR": {-1, 1}, "UL": {-1, -1}, "DR": {1, 1}, "DL": {1, -1}}
			d, ok := step[strings.ToUpper(strings.TrimSpace(e.Direction))]
			if !ok {
				return nil, fmt.Errorf("direction %q: want UR, UL, DR or DL", e.Direction)
			}
			if !inside(row+d[0], col+d[1]) {
				return nil, fmt.Errorf("the little killer at %s points %s, away from the grid", e.Cell, e.Direction)
			}
			v, ok := fr.clueValue(e, "a little killer", e.Cell, 1)
			if !ok {
				return nil, nil
			}
			var cells []int
			for r, c := row+d[0], col+d[1]; inside(r, c); r, c = r+d[0], c+d[1] {
				cells = append(cells, r*n+c)
			}
			return []sudokusat.Rule{{Kind: LittleKiller, Cells: cells, Value: v}}, nil
		},
		toFP: func(w *fpWriter, r sudokusat.Rule) {
			row, col, _ := ClueCell(w.n, r)
			dr, dc := clueStep(w.n, r)
			dir := map[[2]int]string{{-1, 1}: "UR", {-1, -1}: "UL", {1, 1}: "DR", {1, -1}: "DL"}[[2]int{dr, dc}]
			w.entry("littlekillersum", map[string]any{"cell": fmt.Sprintf("R%dC%d", row+1, col+1), "direction": dir, "value": strconv.Itoa(r.Value)})
		}}
}

// --- Sandwiches, x-sums and skyscrapers ---

func sandwichKind() KindInfo {
	return sideKind(Sandwich, "The digits strictly between the 1 and the N (9 on a 9×9 grid) in the row or column beside a sandwich clue sum to the clue.",
		"sandwichsum", "a sandwich clue",
		func(int) int { return 0 },
		func(n int) int { return n*(n+1)/2 - 1 - n }, // every digit but the crusts, as the solver bounds it
		func(ds []int, v int) (int, bool) {
			n := len(ds)
			i, j := slices.Index(ds, 1), slices.Index(ds, n)
			if i < 0 || j < 0 {
				return -1, false // not a row of distinct digits: never in a solution
			}
			sum := 0
			for _, d := range ds[min(i, j)+1 : max(i, j)] {
				sum += d
			}
			return sum, sum == v
		})
}

func xSumKind() KindInfo {
	return sideKind(XSum, "The first X digits of the row or column beside an x-sum clue, counted from the clue, sum to the clue, X being the first of them.",
		"xsum", "an x-sum clue",
		func(int) int { return 1 },
		func(n int) int { return n * (n + 1) / 2 },
		func(ds []int, v int) (int, bool) {
			sum := 0
			for _, d := range ds[:min(ds[0], len(ds))] {
				sum += d
			}
			return sum, sum == v
		})
}

func skyscraperKind() KindInfo {
	return sideKind(Skyscraper, "Read from a skyscraper clue along the row or column beside it, as many digits as the clue are larger than every digit before them (the skyscrapers seen from the clue, taller ones hiding shorter ones).",
		"skyscraper", "a skyscraper clue",
		func(int) int { return 1 },
		func(n int) int { return n },
		func(ds []int, v int) (int, bool) {
			seen, top := 0, 0
			for _, d := range ds {
				if d > top {
					seen, top = seen+1, d
				}
			}
			return seen, seen == v
		})
}

// --- Quadruples ---

// QuadrupleDigits returns the digits a quadruple's Value lists, smallest
// first, repeats kept: its decimal digits on grids up to 9×9 (1134 lists
// 1, 1, 3 and 4), and two decimal places a digit above (10 16 is 1016, 2 10
// is 210), as the solver writes digits of large grids. A place holding 0
// or a digit beyond N makes it nil: Value holds no list.
func QuadrupleDigits(n, value int) []int {
	base := 10
	if n > 9 {
		base = 100
	}
	var out []int
	for v := value; v > 0; v /= base {
		d := v % base
		if d < 1 || d > n {
			return nil
		}
		out = append(out, d)
	}
	slices.Sort(out)
	return out
}

// QuadrupleValue is the Value of a quadruple that lists digits (each 1
// to N), as QuadrupleDigits reads it: the digits smallest first.
func QuadrupleValue(n int, digits []int) int {
	base := 10
	if n > 9 {
		base = 100
	}
	v := 0
	for _, d := range slices.Sorted(slices.Values(digits)) {
		v = v*base + d
	}
	return v
}

func quadrupleKind() KindInfo {
	return KindInfo{Name: Quadruple, Meaning: "The four cells around a quadruple's circle hold every digit written in it (a digit written twice in two of them), and may hold others.",
		FPuzzles: "quadruple",
		validate: func(n int, r sudokusat.Rule) error {
			if len(r.Cells) != 4 {
				return fmt.Errorf("%d cells, want the 4 around a corner", len(r.Cells))
			}
			top := slices.Min(r.Cells)
			want := []int{top, top + 1, top + n, top + n + 1}
			if top%n == n-1 || !slices.Equal(slices.Sorted(slices.Values(r.Cells)), want) {
				return fmt.Errorf("want the 4 cells around a corner (a 2×2 square)")
			}
			ds := QuadrupleDigits(n, r.Value)
			if len(ds) < 1 || len(ds) > 4 {
				return fmt.Errorf("value %d lists no digits, or more than 4, from 1 to %d", r.Value, n)
			}
			return nil
		},
		check: func(c *checking, r sudokusat.Rule) error {
			var have []int
			for _, cell := range r.Cells {
				have = append(have, c.at(cell))
			}
			left := slices.Clone(have)
			for _, d := range QuadrupleDigits(c.n, r.Value) {
				i := slices.Index(left, d)
				if i < 0 {
					return fmt.Errorf("%s hold %v: not every digit of %v", c.names(r.Cells), have, QuadrupleDigits(c.n, r.Value))
				}
				left = slices.Delete(left, i, i+1)
			}
			return nil
		},
		fromFP: func(fr *fpReader, e fpEntry) ([]sudokusat.Rule, error) {
			cells, err := fr.cells(e.Cells)
			if err != nil {
				return nil, err
			}
			if len(e.Values) == 0 {
				return nil, nil // an empty circle asks nothing, as in the solver
			}
			var ds []int
			for _, raw := range e.Values {
				d, err := number(raw)
				if err != nil || d < 1 || d > fr.n {
					return nil, fmt.Errorf("digit %s: want 1 to %d", raw, fr.n)
				}
				ds = append(ds, d)
			}
			if len(ds) > 4 {
				return nil, fmt.Errorf("%d digits in a quadruple: at most 4", len(ds))
			}
			return []sudokusat.Rule{{Kind: Quadruple, Cells: cells, Value: QuadrupleValue(fr.n, ds)}}, nil
		},
		toFP: func(w *fpWriter, r sudokusat.Rule) {
			w.entry("quadruple", map[string]any{"cells": w.names(r.Cells), "values": QuadrupleDigits(w.n, r.Value)})
		}}
}

// --- Digital-root cages ---

// digitalRootLabel finds what the solver reads in a cosmetic cage's
// value, the first "DR" followed by digits anywhere in it (the pattern
// DR(\d+)), and returns the digits.
func digitalRootLabel(s string) (string, bool) {
	for i := strings.Index(s, "DR"); i >= 0; {
		j := i + 2
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j > i+2 {
			return s[i+2 : j], true
		}
		k := strings.Index(s[i+1:], "DR")
		if k < 0 {
			break
		}
		i += 1 + k
	}
	return "", false
}

// digitalRootSums returns the sums a cage of k distinct digits of 1..n
// may have under label DRroot: root, root+9, root+18, … within what k
// distinct digits sum to, as SolverFactory.cs lists them.
func digitalRootSums(n, k, root int) []int {
	return CageSums(n, sudokusat.Rule{Kind: DigitalRoot, Cells: make([]int, k), Value: root})
}

// CageSums returns the totals a cage whose total is one of a set may sum
// to, ascending, within what its digits can (k distinct digits of 1 to n,
// or k digits that may repeat, as its kind's Distinct says): a
// digital-root cage's root, root+9, root+18, …; a prime cage's primes.
// It is nil for a rule of another kind. The validator, the checker, the
// encoder and the search read a cage of a set of totals through it.
func CageSums(n int, r sudokusat.Rule) []int {
	var in func(s int) bool
	distinct := true
	switch r.Kind {
	case DigitalRoot:
		in = func(s int) bool { return s >= r.Value && (s-r.Value)%9 == 0 }
	case PrimeCage:
		in = prime
	case PrimeCageRepeat:
		in, distinct = prime, false
	default:
		return nil
	}
	k := len(r.Cells)
	lo, hi := k, k*n
	if distinct {
		lo, hi = k*(k+1)/2, n*(n+1)/2-(n-k)*(n-k+1)/2
	}
	var out []int
	for s := lo; s <= hi; s++ {
		if in(s) {
			out = append(out, s)
		}
	}
	return out
}

// prime reports whether s is a prime number.
func prime(s int) bool {
	if s < 2 {
		return false
	}
	for d := 2; d*d <= s; d++ {
		if s%d == 0 {
			return false
		}
	}
	return true
}

func digitalRootKind() KindInfo {
	return KindInfo{Name: DigitalRoot, Meaning: "The cells of a cage labelled DRn hold distinct digits whose sum is one of n, n+9, n+18 and so on (a sum of digital root n).",
		Distinct: true, FPuzzles: "cage",
		validate: func(n int, r sudokusat.Rule) error {
			k := len(r.Cells)
			if k < 1 || k > n {
				return fmt.Errorf("%d cells, want 1 to %d", k, n)
			}
			if r.Value < 0 {
				return fmt.Errorf("DR%d: want a root from 0", r.Value)
			}
			if len(digitalRootSums(n, k, r.Value)) == 0 {
				return fmt.Errorf("DR%d: no sum of %d distinct digits is %d plus a multiple of 9", r.Value, k, r.Value)
			}
			return nil
		},
		check: func(c *checking, r sudokusat.Rule) error {
			if err := c.distinct(r.Cells); err != nil {
				return err
			}
			if sum := c.sum(r.Cells); sum < r.Value || (sum-r.Value)%9 != 0 {
				return fmt.Errorf("cage %s sums to %d, not DR%d (%d plus a multiple of 9)", c.names(r.Cells), sum, r.Value, r.Value)
			}
			return nil
		},
		fromFP: func(fr *fpReader, e fpEntry) ([]sudokusat.Rule, error) {
			// Other cages are drawings, or metadata: the solver reads
			// a cage of 1 to N cells whose value holds DRn, and
			// nothing else.
			digits, ok := digitalRootLabel(e.value())
			if !ok || len(e.Cells) < 1 || len(e.Cells) > fr.n {
				fr.cosmeticCage(e)
				return nil, nil
			}
			cells, err := fr.cells(e.Cells)
			if err != nil {
				return nil, err
			}
			root, err := strconv.Atoi(digits)
			if err != nil {
				return nil, fmt.Errorf("DR%s: the root is not a number", digits)
			}
			if len(digitalRootSums(fr.n, len(cells), root)) == 0 {
				// The solver then keeps the cage's digits distinct
				// and asks no sum: a killer cage without one.
				fr.warn("cage %s labelled %q: no sum of %d distinct digits is %d plus a multiple of 9, read as a cage without a sum (as the f-puzzles solver reads it)",
					cellNames(fr.n, cells), e.value(), len(cells), root)
				return []sudokusat.Rule{{Kind: Killer, Cells: cells, Value: sudokusat.NoValue}}, nil
			}
			return []sudokusat.Rule{{Kind: DigitalRoot, Cells: cells, Value: root}}, nil
		},
		toFP: func(w *fpWriter, r sudokusat.Rule) {
			w.entry("cage", map[string]any{"cells": w.names(r.Cells), "value": "DR" + strconv.Itoa(r.Value)})
		}}
}

// --- Look-and-say clues ---

// LookAndSayPair is one (count, value) pair of a look-and-say clue: its
// cells hold exactly Count digits Value.
type LookAndSayPair struct{ Count, Value int }

// LookAndSayPairs returns the pairs of a look-and-say rule's Value: its
// decimal digits read two by two from the left, after a leading 0 when
// they are odd in number (Value 3 is the clue "03", no 3; 1223 is one 2
// and two 3s). A Value below 1 holds none: nil.
func LookAndSayPairs(value int) []LookAndSayPair {
	if value < 1 {
		return nil
	}
	s := LookAndSayText(value)
	out := make([]LookAndSayPair, 0, len(s)/2)
	for i := 0; i+1 < len(s); i += 2 {
		out = append(out, LookAndSayPair{int(s[i] - '0'), int(s[i+1] - '0')})
	}
	return out
}

// LookAndSayText returns a look-and-say rule's clue as setters write it:
// Value's decimal digits, with a leading 0 when they are odd in number.
func LookAndSayText(value int) string {
	s := strconv.Itoa(value)
	if len(s)%2 == 1 {
		s = "0" + s
	}
	return s
}

// ParseLookAndSay reads a look-and-say clue as written ("1223") into a
// rule's Value. It must be (count, value) pairs of digits, so an even
// number of them (at most 18: nine values); a value of 0 is no digit of
// a grid, and is refused rather than lost (Value keeps no leading "00").
// Whether the pairs fit the cells is the validator's.
func ParseLookAndSay(text string) (int, error) {
	s := strings.TrimSpace(text)
	if s == "" || len(s)%2 == 1 || len(s) > 18 || strings.Trim(s, "0123456789") != "" {
		return 0, fmt.Errorf("look-and-say clue %q: want (count, value) pairs of digits, an even number of them up to 18", text)
	}
	for i := 1; i < len(s); i += 2 {
		if s[i] == '0' {
			return 0, fmt.Errorf("look-and-say clue %q: its pair %s names 0, no digit of the grid", text, s[i-1:i+1])
		}
	}
	v, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("look-and-say clue %q: %w", text, err)
	}
	return v, nil
}

func lookAndSayKind() KindInfo {
	return KindInfo{Name: LookAndSay, Repeats: true,
		Meaning: "The digits along the diagonal that a look-and-say clue's arrow points along, from the clue outside the grid to the grid's far edge, hold each value the clue names exactly as often as it says, the clue read as (count, value) digit pairs (23: exactly two 3s; 1223: one 2 and two 3s; a count of 0: no such digit), and any number of the values it does not name.",
		validate: func(n int, r sudokusat.Rule) error {
			if err := validateDiagonal(n, r); err != nil {
				return err
			}
			pairs := LookAndSayPairs(r.Value)
			if len(pairs) == 0 {
				return fmt.Errorf("no clue of (count, value) pairs of digits: an even number of digits, no value 0")
			}
			total := 0
			for i, p := range pairs {
				if p.Value < 1 || p.Value > n {
					return fmt.Errorf("clue %s names %d, no digit of a %d×%d grid", LookAndSayText(r.Value), p.Value, n, n)
				}
				if slices.ContainsFunc(pairs[:i], func(q LookAndSayPair) bool { return q.Value == p.Value }) {
					return fmt.Errorf("clue %s names %d twice", LookAndSayText(r.Value), p.Value)
				}
				total += p.Count
			}
			if total > len(r.Cells) {
				return fmt.Errorf("clue %s asks for %d digits on a diagonal of %d cells", LookAndSayText(r.Value), total, len(r.Cells))
			}
			return nil
		},
		check: func(c *checking, r sudokusat.Rule) error {
			for _, p := range LookAndSayPairs(r.Value) {
				got := 0
				for _, cell := range r.Cells {
					if c.at(cell) == p.Value {
						got++
					}
				}
				if got != p.Count {
					return fmt.Errorf("diagonal %s holds %d %ds, not %d (clue %s)", c.names(r.Cells), got, p.Value, p.Count, LookAndSayText(r.Value))
				}
			}
			return nil
		}}
}

// --- Roman numeral cages ---

// romanLetter is a letter of a Roman numeral, or a pair of letters read
// as one (a smaller letter before a larger one, subtracted), and its value.
type romanLetter struct {
	s string
	v int
}

// romanLetters are the letters and pairs of the Roman numerals, largest
// first.
var romanLetters = []romanLetter{{"M", 1000}, {"CM", 900}, {"D", 500}, {"CD", 400}, {"C", 100}, {"XC", 90}, {"L", 50}, {"XL", 40}, {"X", 10}, {"IX", 9}, {"V", 5}, {"IV", 4}, {"I", 1}}

// RomanNumeral writes v, from 1 to 3999, as a Roman numeral by the
// standard rules ("XC" for 90), or "" for any other number.
func RomanNumeral(v int) string {
	if v < 1 || v > 3999 {
		return ""
	}
	var b strings.Builder
	for _, l := range romanLetters {
		for ; v >= l.v; v -= l.v {
			b.WriteString(l.s)
		}
	}
	return b.String()
}

// RomanValue reads a Roman numeral written by the standard rules (I 1, V
// 5, X 10, L 50, C 100, D 500, M 1000, a smaller letter before a larger
// one subtracted as in IV, IX, XL, XC, CD and CM), in upper or lower case:
// its value and whether s is one. A numeral not in its one standard form
// ("IIII", "VX", "IC") is none.
func RomanValue(s string) (int, bool) {
	s = strings.ToUpper(s)
	v := 0
	for i := 0; i < len(s); {
		j := slices.IndexFunc(romanLetters, func(l romanLetter) bool { return strings.HasPrefix(s[i:], l.s) })
		if j < 0 {
			return 0, false
		}
		v += romanLetters[j].v
		i += len(romanLetters[j].s)
	}
	return v, v > 0 && RomanNumeral(v) == s
}

// romanNumber reads a cage's digits as one decimal number, in its order.
func romanNumber(c *checking, cells []int) int {
	v := 0
	for _, cell := range cells {
		v = v*10 + c.at(cell)
	}
	return v
}

// validateRomanCage checks that a cage is a straight run of a row or a
// column, listed top to bottom or left to right.
func validateRomanCage(n int, cells []int) error {
	if len(cells) == 0 || len(cells) > n {
		return fmt.Errorf("a cage of %d cells, want 1 to %d", len(cells), n)
	}
	for i := 1; i < len(cells); i++ {
		step := cells[i] - cells[i-1]
		if !(step == 1 && cells[i]/n == cells[0]/n || step == n && len(cells) > 1 && cells[1]-cells[0] == n) {
			return fmt.Errorf("cage %s is not a straight run of a row or a column, listed top to bottom or left to right", cellNames(n, cells))
		}
	}
	return nil
}

func romanCagesKind() KindInfo {
	return KindInfo{Name: RomanCages, Meaning: "Numbers in cages connected by a Roman numeral sum to its value (C 100, D 500, and so on by the standard rules: I 1, V 5, X 10, L 50, M 1000, XC 90), each cage a straight run of a row or a column read as one number top-to-bottom or left-to-right.",
		validate: func(n int, r sudokusat.Rule) error {
			if n > 9 {
				return fmt.Errorf("a %d×%d grid has digits above 9, which make no decimal number of Roman numeral cages", n, n)
			}
			if len(r.Lines) != 2 {
				return fmt.Errorf("%d cages, want two", len(r.Lines))
			}
			for _, cage := range r.Lines {
				if err := validateRomanCage(n, cage); err != nil {
					return err
				}
			}
			for _, cell := range r.Lines[0] {
				if slices.Contains(r.Lines[1], cell) {
					return fmt.Errorf("%s is in both cages", cellName(n, cell))
				}
			}
			if len(r.Cells) != 2 || !slices.Contains(r.Lines[0], r.Cells[0]) || !slices.Contains(r.Lines[1], r.Cells[1]) || !adjacent(n, r.Cells[0], r.Cells[1]) {
				return fmt.Errorf("want the numeral's two cells, orthogonally adjacent, one of each cage in their order")
			}
			if RomanNumeral(r.Value) == "" {
				return fmt.Errorf("%d: want the value of a Roman numeral, 1 to 3999", r.Value)
			}
			return nil
		},
		check: func(c *checking, r sudokusat.Rule) error {
			a, b := romanNumber(c, r.Lines[0]), romanNumber(c, r.Lines[1])
			if a+b != r.Value {
				return fmt.Errorf("cages %s (%d) and %s (%d) sum to %d, not %s (%d)", c.names(r.Lines[0]), a, c.names(r.Lines[1]), b, a+b, RomanNumeral(r.Value), r.Value)
			}
			return nil
		}}
}

// --- Prime cages, and cages of distinct totals ---

// primeCageKind returns the row of a prime cage: PrimeCage, whose digits
// do not repeat, or PrimeCageRepeat, whose may. Setters state them in
// words (a cage's digits add up to a prime, and may or may not repeat),
// with cages drawn without totals; f-puzzles has neither.
func primeCageKind(kind Kind) KindInfo {
	k := KindInfo{Name: kind, Distinct: true, Meaning: "The cells of a cage hold distinct digits whose sum is a prime number."}
	if kind == PrimeCageRepeat {
		k.Distinct, k.Repeats = false, true
		k.Meaning = "The digits of a cage sum to a prime number; digits may repeat in it."
	}
	k.validate = func(n int, r sudokusat.Rule) error {
		most := n * n
		if k.Distinct {
			most = n
		}
		if len(r.Cells) < 1 || len(r.Cells) > most {
			return fmt.Errorf("%d cells, want 1 to %d", len(r.Cells), most)
		}
		if r.Value != 0 {
			return fmt.Errorf("value %d: a prime cage states none (want 0)", r.Value)
		}
		if len(CageSums(n, r)) == 0 {
			return fmt.Errorf("no sum of its %d digits is a prime number", len(r.Cells))
		}
		return nil
	}
	k.check = func(c *checking, r sudokusat.Rule) error {
		if k.Distinct {
			if err := c.distinct(r.Cells); err != nil {
				return err
			}
		}
		if sum := c.sum(r.Cells); !prime(sum) {
			return fmt.Errorf("cage %s sums to %d, not a prime number", c.names(r.Cells), sum)
		}
		return nil
	}
	return k
}

func distinctSumsKind() KindInfo {
	return KindInfo{Name: DistinctSums, Meaning: "No two of the cages it lists sum to the same total.",
		validate: func(n int, r sudokusat.Rule) error {
			if len(r.Cells) != 0 {
				return fmt.Errorf("%d cells: the rule lists its cages as lines, and no cells", len(r.Cells))
			}
			if len(r.Lines) < 2 {
				return fmt.Errorf("%d cages, want at least 2", len(r.Lines))
			}
			for i, l := range r.Lines {
				if len(l) == 0 {
					return fmt.Errorf("cage %d has no cells", i+1)
				}
			}
			if r.Value != 0 {
				return fmt.Errorf("value %d: want 0", r.Value)
			}
			return nil
		},
		check: func(c *checking, r sudokusat.Rule) error {
			by := map[int]int{} // the first cage of each total
			for i, l := range r.Lines {
				sum := c.sum(l)
				if j, ok := by[sum]; ok {
					return fmt.Errorf("cages %s and %s both sum to %d", c.names(r.Lines[j]), c.names(l), sum)
				}
				by[sum] = i
			}
			return nil
		}}
}
