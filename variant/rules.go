package variant

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokusat/sudokusat"
)

// This file is the model and the validator of every kind of rule, a
// section each: the kind's name, its row of Kinds (what it means, how its
// cells are checked, how a solution is checked against it) and its
// f-puzzles form. Cells are numbered row-major from 0 (cell = r·N+c).

// The kinds of rule. A kind marked "global" has no cells: it applies to
// the whole grid.
const (
	// Region: the cells (at most N) hold distinct digits. Extra regions
	// of variant puzzles are regions.
	Region Kind = "region"
	// DiagonalMain: the cells of the diagonal from r1c1 to rNcN hold
	// distinct digits. Cells lists them.
	DiagonalMain Kind = "diagonal-"
	// DiagonalAnti: the cells of the diagonal from rNc1 to r1cN hold
	// distinct digits. Cells lists them.
	DiagonalAnti Kind = "diagonal+"
	// Killer: the cells hold distinct digits that sum to Value, or to
	// anything when Value is sudokusat.NoValue (a cage without a total).
	Killer Kind = "killer"
	// Thermo: the digits strictly increase along Cells, from the bulb
	// (Cells[0]).
	Thermo Kind = "thermo"
	// Arrow: the digits along each of Lines sum to the number that Cells
	// (the circle, one cell or a pill of several, read in their order as
	// decimal digits) makes: each line on its own, as f-puzzles and the
	// solver behind it have it.
	Arrow Kind = "arrow"
	// DifferenceArrow: an arrow whose circle is one cell (Cells) and
	// each of whose Lines is exactly two cells: the two digits on a line
	// differ by the circle's digit, |a − b| = circle. Drawn as an arrow
	// is. Neither anchor solver has the kind (sigh/Interactive-Sudoku-
	// Solver has Arrow, DoubleArrow and PillArrow sums only,
	// dclamage/SudokuSolver ArrowSumConstraint only), nor has f-puzzles:
	// the meaning is the setters' sentence ("the difference between the
	// two digits on the arrow is the digit in the circle"), so an arrow
	// of other than two line cells, whose difference is not defined, is
	// refused, and so is a pill. The name is sudokusat's.
	DifferenceArrow Kind = "difference-arrow"
	// White: the two Cells hold digits that differ by Value, or by 1
	// (consecutive) when Value is 0 (a white Kropki dot, f-puzzles'
	// "difference", whose "value" may be other than 1).
	White Kind = "white"
	// Black: one of the two Cells holds Value times the other, or twice
	// when Value is 0 (a black Kropki dot, f-puzzles' "ratio", whose
	// "value" may be other than 2).
	Black Kind = "black"
	// GreyDot: the two Cells hold digits that are consecutive or in a
	// 1:2 ratio, or both (1 and 2). No anchor has the kind: neither
	// solver, nor f-puzzles, whose documents cannot hold one. The name is
	// sudokusat's and the meaning the rule as puzzles publish it
	// (Pumpkin Wizard by Lizzy01 is one). It is a Kropki dot for the
	// negative rules: it exempts its pair from both, as a dot of either
	// other colour does.
	GreyDot Kind = "grey-dot"
	// XV: the two Cells sum to Value, 5 (V) or 10 (X).
	XV Kind = "xv"
	// Even and Odd: the one cell of Cells holds an even or an odd digit.
	Even Kind = "even"
	Odd  Kind = "odd"
	// AntiKnight (global): two cells a chess knight's move apart hold
	// different digits.
	AntiKnight Kind = "anti-knight"
	// AntiKing (global): two cells a king's move apart (diagonally
	// touching included) hold different digits.
	AntiKing Kind = "anti-king"
	// NonConsecutive (global): orthogonally adjacent cells do not hold
	// consecutive digits. It is the negative rule of white dots: a pair
	// with a Kropki dot, white, black or grey, is exempt (an edge holds
	// one dot, and a 1–2 pair, both consecutive and of ratio 2, may carry
	// either, as Kropki puzzles have it; a grey dot allows both).
	NonConsecutive Kind = "non-consecutive"
	// NoBlack (global): orthogonally adjacent cells without a Kropki dot,
	// white, black or grey, do not hold digits in the ratio of any black dot
	// of the puzzle, or of ratio 2 when it has none (the black dots'
	// negative rule, as the f-puzzles solver reads "negative": it forbids
	// each ratio its dots show).
	NoBlack Kind = "no-black"
	// NoXV (global): orthogonally adjacent cells without an X or a V do
	// not sum to 5 or to 10 (the negative rule of XV); to Value alone
	// when it is 5 (every V given) or 10 (every X given), as the
	// f-puzzles solver's "neg5" and "neg10".
	NoXV Kind = "no-xv"
)

// --- Regions and diagonals ---

func regionKind() KindInfo {
	return KindInfo{Name: Region, Meaning: "The cells of an extra region hold distinct digits.",
		Distinct: true, FPuzzles: "extraregion", validate: validateGroup, check: checkDistinct,
		fromFP: func(r *fpReader, e fpEntry) ([]sudokusat.Rule, error) {
			cells, err := r.cells(e.Cells)
			return []sudokusat.Rule{{Kind: Region, Cells: cells}}, err
		},
		toFP: func(w *fpWriter, r sudokusat.Rule) { w.entry("extraregion", map[string]any{"cells": w.names(r.Cells)}) }}
}

func diagonalMainKind() KindInfo {
	return KindInfo{Name: DiagonalMain, Meaning: "The cells of the diagonal from r1c1 to rNcN hold distinct digits.",
		Distinct: true, FPuzzles: "diagonal-", validate: validateGroup, check: checkDistinct,
		on: func(n int) sudokusat.Rule {
			cells := make([]int, n)
			for i := range cells {
				cells[i] = i*n + i
			}
			return sudokusat.Rule{Kind: DiagonalMain, Cells: cells}
		},
		toFP: func(w *fpWriter, _ sudokusat.Rule) { w.doc["diagonal-"] = true }}
}

func diagonalAntiKind() KindInfo {
	return KindInfo{Name: DiagonalAnti, Meaning: "The cells of the diagonal from rNc1 to r1cN hold distinct digits.",
		Distinct: true, FPuzzles: "diagonal+", validate: validateGroup, check: checkDistinct,
		on: func(n int) sudokusat.Rule {
			cells := make([]int, n)
			for i := range cells {
				cells[i] = (n-1-i)*n + i
			}
			return sudokusat.Rule{Kind: DiagonalAnti, Cells: cells}
		},
		toFP: func(w *fpWriter, _ sudokusat.Rule) { w.doc["diagonal+"] = true }}
}

// validateGroup checks a group of distinct cells: 2 to N of them.
func validateGroup(n int, r sudokusat.Rule) error {
	if len(r.Cells) < 2 || len(r.Cells) > n {
		return fmt.Errorf("%d cells, want 2 to %d", len(r.Cells), n)
	}
	return nil
}

func checkDistinct(c *checking, r sudokusat.Rule) error { return c.distinct(r.Cells) }

// --- Killer cages ---

func killerKind() KindInfo {
	return KindInfo{Name: Killer, Meaning: "The cells of a cage hold distinct digits that sum to the cage's total, when it shows one.",
		Distinct: true, FPuzzles: "killercage",
		validate: func(n int, r sudokusat.Rule) error {
			k := len(r.Cells)
			if k < 1 || k > n {
				return fmt.Errorf("%d cells, want 1 to %d", k, n)
			}
			lo, hi := k*(k+1)/2, k*(2*n-k+1)/2
			if r.Value != sudokusat.NoValue && (r.Value < lo || r.Value > hi) {
				return fmt.Errorf("sum %d: %d distinct digits sum to %d..%d", r.Value, k, lo, hi)
			}
			return nil
		},
		check: func(c *checking, r sudokusat.Rule) error {
			if err := c.distinct(r.Cells); err != nil {
				return err
			}
			if sum := c.sum(r.Cells); r.Value != sudokusat.NoValue && sum != r.Value {
				return fmt.Errorf("cage %s sums to %d, not %d", c.names(r.Cells), sum, r.Value)
			}
			return nil
		},
		fromFP: func(r *fpReader, e fpEntry) ([]sudokusat.Rule, error) {
			cells, err := r.cells(e.Cells)
			if err != nil {
				return nil, err
			}
			// A total is read as stated, 0 too, which no cage of
			// positive digits reaches (the solver behind f-puzzles
			// reads "0" as no total, its sum 0 meaning none: a setter
			// who wrote 0 meant one). Only a cage without a value,
			// or with an empty one, has none.
			sum := sudokusat.NoValue
			if s := e.value(); s != "" {
				if sum, err = strconv.Atoi(s); err != nil {
					// f-puzzles takes any text (">3", "?"): a rule
					// that only the puzzle's text explains, read as
					// a cage without a sum, and said. (The solver
					// behind f-puzzles takes the digits just before
					// the ";" it joins the label with, 3 for ">3",
					// and fails on "?": neither is the setter's.)
					sum = sudokusat.NoValue
					r.warn("killer cage %s labelled %q: not a number, read as a cage without a sum", cellNames(r.n, cells), s)
				} else if sum < 0 {
					return nil, fmt.Errorf("killer cage %s: total %d: want a whole number from 0", cellNames(r.n, cells), sum)
				}
			}
			return []sudokusat.Rule{{Kind: Killer, Cells: cells, Value: sum}}, nil
		},
		toFP: func(w *fpWriter, r sudokusat.Rule) {
			e := map[string]any{"cells": w.names(r.Cells)}
			if r.Value != sudokusat.NoValue {
				e["value"] = strconv.Itoa(r.Value)
			}
			w.entry("killercage", e)
		}}
}

// --- Thermometers ---

func thermoKind() KindInfo {
	return KindInfo{Name: Thermo, Meaning: "Digits strictly increase along a thermometer, from its bulb.",
		FPuzzles: "thermometer",
		validate: func(n int, r sudokusat.Rule) error {
			if len(r.Cells) < 2 || len(r.Cells) > n {
				return fmt.Errorf("%d cells, want 2 to %d", len(r.Cells), n)
			}
			for i := 1; i < len(r.Cells); i++ {
				if !touching(n, r.Cells[i-1], r.Cells[i]) {
					return fmt.Errorf("%s does not touch %s", cellName(n, r.Cells[i]), cellName(n, r.Cells[i-1]))
				}
			}
			return nil
		},
		check: func(c *checking, r sudokusat.Rule) error {
			for i := 1; i < len(r.Cells); i++ {
				a, b := r.Cells[i-1], r.Cells[i]
				if c.at(b) <= c.at(a) {
					return fmt.Errorf("%s holds %d after %s's %d: not increasing", cellName(c.n, b), c.at(b), cellName(c.n, a), c.at(a))
				}
			}
			return nil
		},
		fromFP: func(r *fpReader, e fpEntry) ([]sudokusat.Rule, error) {
			var out []sudokusat.Rule
			for _, line := range e.Lines {
				cells, err := r.cells(line)
				if err != nil {
					return nil, err
				}
				out = append(out, sudokusat.Rule{Kind: Thermo, Cells: cells})
			}
			return out, nil
		},
		toFP: func(w *fpWriter, r sudokusat.Rule) {
			w.entry("thermometer", map[string]any{"lines": [][]string{w.names(r.Cells)}})
		}}
}

// --- Arrows ---

func arrowKind() KindInfo {
	return KindInfo{Name: Arrow, Repeats: true, Meaning: "The digits along each line of an arrow sum to the number in its circle (a circle of several cells read as one number, in the order f-puzzles lists them).",
		FPuzzles: "arrow",
		validate: func(n int, r sudokusat.Rule) error {
			if len(r.Cells) < 1 || len(r.Cells) > 3 {
				return fmt.Errorf("a circle of %d cells, want 1 to 3", len(r.Cells))
			}
			if len(r.Cells) > 1 && n > 9 {
				return fmt.Errorf("a circle of several cells on a %d×%d grid: digits above 9 make no decimal number", n, n)
			}
			if len(r.Lines) == 0 {
				return fmt.Errorf("no line")
			}
			for _, line := range r.Lines {
				if len(line) == 0 {
					return fmt.Errorf("an empty line")
				}
			}
			return nil
		},
		check: func(c *checking, r sudokusat.Rule) error {
			circle := 0
			for _, cell := range r.Cells {
				circle = circle*10 + c.at(cell)
			}
			for i, line := range r.Lines {
				if sum := c.sum(line); sum != circle {
					return fmt.Errorf("line %d (%s) sums to %d, the circle %s holds %d", i+1, c.names(line), sum, c.names(r.Cells), circle)
				}
			}
			return nil
		},
		fromFP: func(r *fpReader, e fpEntry) ([]sudokusat.Rule, error) {
			cells, err := r.cells(e.Cells)
			if err != nil {
				return nil, err
			}
			a := sudokusat.Rule{Kind: Arrow, Cells: cells}
			circle := make(map[int]bool)
			for _, x := range cells {
				circle[x] = true
			}
			for _, line := range e.Lines {
				lc, err := r.cells(line)
				if err != nil {
					return nil, err
				}
				// f-puzzles draws a line from inside the circle: its
				// cells in the circle are not summed.
				for len(lc) > 0 && circle[lc[0]] {
					lc = lc[1:]
				}
				a.Lines = append(a.Lines, lc)
			}
			return []sudokusat.Rule{a}, nil
		},
		toFP: func(w *fpWriter, r sudokusat.Rule) {
			var lines [][]string
			for _, l := range r.Lines {
				lines = append(lines, append([]string{w.name(r.Cells[len(r.Cells)-1])}, w.names(l)...))
			}
			w.entry("arrow", map[string]any{"cells": w.names(r.Cells), "lines": lines})
		}}
}

// --- Difference arrows ---

func differenceArrowKind() KindInfo {
	return KindInfo{Name: DifferenceArrow, Repeats: true, Meaning: "The difference between the two digits on a difference arrow is the digit in its circle.",
		validate: func(n int, r sudokusat.Rule) error {
			if len(r.Cells) != 1 {
				return fmt.Errorf("a circle of %d cells, want 1: the difference of two digits is one digit", len(r.Cells))
			}
			if r.Value != 0 {
				return fmt.Errorf("a value of %d: a difference arrow has none", r.Value)
			}
			if len(r.Lines) == 0 {
				return fmt.Errorf("no line")
			}
			for i, line := range r.Lines {
				if len(line) != 2 {
					return fmt.Errorf("line %d has %d cells, want 2: the difference of %d digits is not defined", i+1, len(line), len(line))
				}
				if slices.Contains(line, r.Cells[0]) {
					return fmt.Errorf("line %d runs through its circle %s", i+1, cellName(n, r.Cells[0]))
				}
			}
			return nil
		},
		check: func(c *checking, r sudokusat.Rule) error {
			circle := c.at(r.Cells[0])
			for i, line := range r.Lines {
				a, b := c.at(line[0]), c.at(line[1])
				if max(a-b, b-a) != circle {
					return fmt.Errorf("line %d (%s) holds %d and %d, whose difference is not the circle %s's %d", i+1, c.names(line), a, b, c.names(r.Cells), circle)
				}
			}
			return nil
		}}
}

// --- Kropki dots and XV ---

func whiteKind() KindInfo {
	return dotKind(White, "The two cells of a white dot hold digits that differ by the dot's value, 1 (consecutive digits) when it shows none.", "difference", 1,
		func(a, b, v int) bool { return a-b == v || b-a == v },
		func(v int) string {
			if v == 1 {
				return "not consecutive"
			}
			return fmt.Sprintf("they do not differ by %d", v)
		})
}

func blackKind() KindInfo {
	return dotKind(Black, "One of the two cells of a black dot holds the other's digit times the dot's value, 2 (twice) when it shows none.", "ratio", 2,
		func(a, b, v int) bool { return a == v*b || b == v*a },
		func(v int) string {
			if v == 2 {
				return "neither is twice the other"
			}
			return fmt.Sprintf("neither is %d times the other", v)
		})
}

// greyDotKind is a grey dot: consecutive digits or digits in a 1:2 ratio.
// It has no value and no f-puzzles form.
func greyDotKind() KindInfo {
	return KindInfo{Name: GreyDot, Meaning: "A grey dot joins two digits that are consecutive or in a 1:2 ratio, or both.",
		validate: func(n int, r sudokusat.Rule) error {
			if r.Value != 0 {
				return fmt.Errorf("a value of %d: a grey dot has none", r.Value)
			}
			return validatePair(n, r)
		},
		check: func(c *checking, r sudokusat.Rule) error {
			if a, b := c.at(r.Cells[0]), c.at(r.Cells[1]); !greyDotAllows(a, b) {
				return fmt.Errorf("%s hold %d and %d: neither consecutive nor one twice the other", c.names(r.Cells), a, b)
			}
			return nil
		}}
}

// greyDotAllows reports whether a grey dot may join digits a and b: they
// are consecutive, or one is twice the other.
func greyDotAllows(a, b int) bool { return a-b == 1 || b-a == 1 || a == 2*b || b == 2*a }

// dotValue returns the value of a Kropki dot: its Value, or the kind's
// default (1 for a white dot, 2 for a black one) when Value is 0.
func dotValue(r sudokusat.Rule) int {
	switch {
	case r.Value != 0:
		return r.Value
	case r.Kind == Black:
		return 2
	}
	return 1
}

// dotKind is a Kropki dot: two orthogonally adjacent cells whose digits ok
// accepts for the dot's value, read from the f-puzzles list key, whose
// entries may show a value (none, or def, is Value 0: the default).
func dotKind(kind Kind, meaning, key string, def int, ok func(a, b, value int) bool, broken func(value int) string) KindInfo {
	return KindInfo{Name: kind, Meaning: meaning, FPuzzles: key,
		validate: func(n int, r sudokusat.Rule) error {
			// A value beyond n no two digits of 1..n make; it is
			// refused rather than left to overflow a product.
			if r.Value < 0 || r.Value > n {
				return fmt.Errorf("value %d: want 1 to %d, or 0 for %d", r.Value, n, def)
			}
			return validatePair(n, r)
		},
		check: func(c *checking, r sudokusat.Rule) error {
			if a, b := c.at(r.Cells[0]), c.at(r.Cells[1]); !ok(a, b, dotValue(r)) {
				return fmt.Errorf("%s hold %d and %d: %s", c.names(r.Cells), a, b, broken(dotValue(r)))
			}
			return nil
		},
		fromFP: func(r *fpReader, e fpEntry) ([]sudokusat.Rule, error) {
			cells, err := r.cells(e.Cells)
			if err != nil {
				return nil, err
			}
			value := 0
			if s := e.value(); s != "" {
				if value, err = strconv.Atoi(s); err != nil || value < 1 {
					return nil, fmt.Errorf("a dot of value %q is not supported (want a whole number from 1)", s)
				}
				if value == def {
					value = 0
				}
			}
			return []sudokusat.Rule{{Kind: kind, Cells: cells, Value: value}}, nil
		},
		toFP: func(w *fpWriter, r sudokusat.Rule) {
			e := map[string]any{"cells": w.names(r.Cells)}
			if r.Value != 0 && r.Value != def {
				e["value"] = strconv.Itoa(r.Value)
			}
			w.entry(key, e)
		}}
}

func xvKind() KindInfo {
	return KindInfo{Name: XV, Meaning: "The two cells of an X sum to 10, the two of a V to 5.",
		FPuzzles: "xv",
		validate: func(n int, r sudokusat.Rule) error {
			if err := validatePair(n, r); err != nil {
				return err
			}
			if r.Value != 5 && r.Value != 10 {
				return fmt.Errorf("sum %d, want 5 (V) or 10 (X)", r.Value)
			}
			return nil
		},
		check: func(c *checking, r sudokusat.Rule) error {
			if a, b := c.at(r.Cells[0]), c.at(r.Cells[1]); a+b != r.Value {
				return fmt.Errorf("%s hold %d and %d: the sum is not %d", c.names(r.Cells), a, b, r.Value)
			}
			return nil
		},
		fromFP: func(r *fpReader, e fpEntry) ([]sudokusat.Rule, error) {
			cells, err := r.cells(e.Cells)
			if err != nil {
				return nil, err
			}
			switch s := e.value(); strings.ToUpper(s) {
			case "X":
				return []sudokusat.Rule{{Kind: XV, Cells: cells, Value: 10}}, nil
			case "V":
				return []sudokusat.Rule{{Kind: XV, Cells: cells, Value: 5}}, nil
			default:
				return nil, fmt.Errorf("value %q: want X or V", s)
			}
		},
		toFP: func(w *fpWriter, r sudokusat.Rule) {
			w.entry("xv", map[string]any{"cells": w.names(r.Cells), "value": map[int]string{5: "V", 10: "X"}[r.Value]})
		}}
}

// validatePair checks two orthogonally adjacent cells.
func validatePair(n int, r sudokusat.Rule) error {
	if len(r.Cells) != 2 || !adjacent(n, r.Cells[0], r.Cells[1]) {
		return fmt.Errorf("want two orthogonally adjacent cells")
	}
	return nil
}

// --- Even and odd cells ---

func evenKind() KindInfo {
	return parityKind(Even, "A cell marked even (a grey square) holds an even digit.", 0)
}

func oddKind() KindInfo {
	return parityKind(Odd, "A cell marked odd (a grey circle) holds an odd digit.", 1)
}

// parityKind is a cell whose digit's remainder by 2 is parity.
func parityKind(kind Kind, meaning string, parity int) KindInfo {
	return KindInfo{Name: kind, Meaning: meaning, FPuzzles: kind,
		validate: func(_ int, r sudokusat.Rule) error {
			if len(r.Cells) != 1 {
				return fmt.Errorf("%d cells, want 1", len(r.Cells))
			}
			return nil
		},
		check: func(c *checking, r sudokusat.Rule) error {
			if d := c.at(r.Cells[0]); d%2 != parity {
				return fmt.Errorf("%s holds %d", cellName(c.n, r.Cells[0]), d)
			}
			return nil
		},
		fromFP: func(r *fpReader, e fpEntry) ([]sudokusat.Rule, error) {
			c, err := r.cell(e.Cell)
			if err != nil {
				return nil, err
			}
			return []sudokusat.Rule{{Kind: kind, Cells: []int{c}}}, nil
		},
		toFP: func(w *fpWriter, r sudokusat.Rule) { w.entry(kind, map[string]any{"cell": w.name(r.Cells[0])}) }}
}

// --- Chess moves ---

func antiKnightKind() KindInfo {
	return movesKind(AntiKnight, "Two cells a chess knight's move apart hold different digits.", "antiknight",
		[][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}})
}

func antiKingKind() KindInfo {
	return movesKind(AntiKing, "Two cells a chess king's move apart, diagonal neighbours included, hold different digits.", "antiking",
		[][2]int{{0, 1}, {1, -1}, {1, 0}, {1, 1}})
}

// movesKind is a rule of the whole grid: cells one of moves apart (each
// move counted in both directions) hold different digits.
func movesKind(kind Kind, meaning, key string, moves [][2]int) KindInfo {
	return KindInfo{Name: kind, Meaning: meaning, Global: true, FPuzzles: key, validate: validateGlobal,
		check: func(c *checking, _ sudokusat.Rule) error {
			return eachPair(c.n, moves, func(a, b int) error {
				if c.at(a) == c.at(b) {
					return fmt.Errorf("%s and %s both hold %d", cellName(c.n, a), cellName(c.n, b), c.at(a))
				}
				return nil
			})
		},
		on:   func(int) sudokusat.Rule { return sudokusat.Rule{Kind: kind} },
		toFP: func(w *fpWriter, _ sudokusat.Rule) { w.doc[key] = true }}
}

// validateGlobal checks a rule of the whole grid: no cells.
func validateGlobal(_ int, r sudokusat.Rule) error {
	if len(r.Cells) != 0 || len(r.Lines) != 0 {
		return fmt.Errorf("a rule of the whole grid has no cells")
	}
	return nil
}

// --- Negative rules ---

func nonConsecutiveKind() KindInfo {
	k := negativeKind(NonConsecutive, "Orthogonally adjacent cells do not hold consecutive digits, unless a Kropki dot (white, black or grey) joins them.",
		"difference", []Kind{White, Black, GreyDot}, "Kropki dot", func(*checking, sudokusat.Rule) func(x, y int) bool {
			return func(x, y int) bool { return x-y == 1 || y-x == 1 }
		})
	// The Miracle's rule is a switch of its own in f-puzzles; the
	// negative of white dots is the same rule.
	k.FPuzzles = "nonconsecutive"
	k.on = func(int) sudokusat.Rule { return sudokusat.Rule{Kind: NonConsecutive} }
	k.toFP = func(w *fpWriter, _ sudokusat.Rule) { w.doc["nonconsecutive"] = true }
	return k
}

func noBlackKind() KindInfo {
	return negativeKind(NoBlack, "Orthogonally adjacent cells without a Kropki dot (white, black or grey) do not hold digits in the ratio of any black dot of the grid (2 when the grid has none).",
		"ratio", []Kind{White, Black, GreyDot}, "Kropki dot", func(c *checking, _ sudokusat.Rule) func(x, y int) bool {
			ratios := negativeRatios(c.p.Rules)
			return func(x, y int) bool {
				for _, v := range ratios {
					if x == v*y || y == v*x {
						return true
					}
				}
				return false
			}
		})
}

// negativeRatios returns the ratios the black dots' negative rule forbids
// between orthogonal neighbours without a dot: the value of each black dot
// among rules, in increasing order, or 2 alone when there is none. So
// does the f-puzzles solver read "negative": ["ratio"] (one "neg" ratio
// per distinct dot value, "neg2" without dots).
func negativeRatios(rules []sudokusat.Rule) []int {
	var out []int
	for _, r := range rules {
		if r.Kind == Black && !slices.Contains(out, dotValue(r)) {
			out = append(out, dotValue(r))
		}
	}
	if out == nil {
		return []int{2}
	}
	slices.Sort(out)
	return out
}

func noXVKind() KindInfo {
	k := negativeKind(NoXV, "Orthogonally adjacent cells without an X or a V do not sum to 5 or to 10 (with a value of 5 or 10, to that sum alone: every V, or every X, given).",
		"xv", []Kind{XV}, "X or V", func(_ *checking, r sudokusat.Rule) func(x, y int) bool {
			return func(x, y int) bool { return NoXVForbids(r.Value, x+y) }
		})
	k.validate = func(n int, r sudokusat.Rule) error {
		if r.Value != 0 && r.Value != 5 && r.Value != 10 {
			return fmt.Errorf("value %d: want 5 (every V given), 10 (every X given) or 0 (both)", r.Value)
		}
		return validateGlobal(n, r)
	}
	return k
}

// NoXVForbids reports whether a NoXV rule of a value forbids a sum to
// orthogonal neighbours without an X or a V: 5 and 10 for 0, the value
// alone for 5 or 10.
func NoXVForbids(value, sum int) bool {
	return (sum == 5 || sum == 10) && (value == 0 || value == sum)
}

// negativeKind is a negative rule: orthogonal neighbours without a mark
// of the exempting kinds do not hold digits that bad (made for the puzzle
// being checked) accepts. A Kropki dot of any colour exempts its pair
// from both Kropki negatives (one edge holds one dot, and a 1–2 pair may
// carry any); an X or a V from the XV negative. In f-puzzles it is the
// name in the "negative" list.
func negativeKind(kind Kind, meaning, negative string, exempt []Kind, mark string, bad func(c *checking, r sudokusat.Rule) func(x, y int) bool) KindInfo {
	return KindInfo{Name: kind, Meaning: meaning, Global: true, Negative: negative, validate: validateGlobal,
		check: func(c *checking, r sudokusat.Rule) error {
			bad := bad(c, r)
			return eachPair(c.n, [][2]int{{0, 1}, {1, 0}}, func(a, b int) error {
				for _, k := range exempt {
					if c.marked(k, a, b) {
						return nil
					}
				}
				if x, y := c.at(a), c.at(b); bad(x, y) {
					return fmt.Errorf("%s and %s hold %d and %d, with no %s between them", cellName(c.n, a), cellName(c.n, b), x, y, mark)
				}
				return nil
			})
		},
		on:   func(int) sudokusat.Rule { return sudokusat.Rule{Kind: kind} },
		toFP: func(w *fpWriter, _ sudokusat.Rule) { w.negative(negative) }}
}
