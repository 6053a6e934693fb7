package variant

import (
	"encoding/json"
	"fmt"
	"math/bits"
	"slices"

	"github.com/sudokusat/sudokusat"
)

// This file is the model and the validator of the cells group of rule
// kinds: rules about single cells and groups of cells that f-puzzles marks
// on the grid (minimum and maximum cells, indexers, clones, given pencil
// marks) and disjoint groups. Each meaning is the f-puzzles solver's
// (dclamage/SudokuSolver: SolverFactory.cs reads the document, the
// Constraints folder holds each rule); counting circles, which f-puzzles
// lacks, are sigh/Interactive-Sudoku-Solver's (CountingCircles in
// js/sudoku_constraint.js and js/solver/handlers.js). No anchor defines the
// rule of no parity triple: its meaning is the published rule of the
// puzzles that use it (no three consecutive digits of a row or a column
// of one parity). cellKinds lists its rows of Kinds.

// The kinds of this file.
const (
	// Minimum: the one cell of Cells holds a digit less than each of its
	// orthogonal neighbours', but for the neighbours that are minimum
	// cells too (MinimumConstraint: one constraint over all the minimum
	// cells, which skips the neighbours among them).
	Minimum Kind = "minimum"
	// Maximum: the same, greater than each neighbour that is not a
	// maximum cell.
	Maximum Kind = "maximum"
	// DisjointGroups (global): the k-th cells of the regions, each
	// region's cells counted in reading order, hold distinct digits, for
	// each k (DisjointGroupConstraint).
	DisjointGroups Kind = "disjoint-groups"
	// RowIndexer: each of Cells is a row indexer: digit d in row r,
	// column c (counted from 1) means that row d of column c holds r
	// (RowIndexerConstraint: the target of candidate v at (i, j) is
	// digit i+1 at (v-1, j)).
	RowIndexer Kind = "row-indexer"
	// ColumnIndexer: digit d in row r, column c means that column d of
	// row r holds c.
	ColumnIndexer Kind = "column-indexer"
	// BoxIndexer: digit d in the p-th cell of its region (the region's
	// cells in reading order) means that the region's d-th cell holds p.
	BoxIndexer Kind = "box-indexer"
	// Clone: Cells and Lines[0], of the same length, hold the same digits
	// cell by cell (Cells[i] and Lines[0][i]); no cell is its own clone.
	Clone Kind = "clone"
	// PencilMarks: the one cell of Cells holds one of the digits of
	// Value, a set of digits with bit d-1 for digit d (f-puzzles'
	// "givenPencilMarks" of a grid cell without a given).
	PencilMarks Kind = "pencil-marks"
	// Inequality: an inequality sign between the two Cells, orthogonally
	// adjacent, points to Cells[1]: Cells[0] holds the larger digit (the
	// order of Interactive-Sudoku-Solver's GreaterThan~A~B, A > B). The
	// kind has no f-puzzles form: f-puzzles and its solver have none.
	Inequality Kind = "inequality"
	// CountingCircles: Cells are the circles of one set (a puzzle's
	// circles are one rule, as sigh/Interactive-Sudoku-Solver's
	// CountingCircles constraint holds them; each rule counts on its
	// own): each digit n in the circles is in exactly n of them. So the
	// digits the circles hold sum to the number of circles, each counted
	// once. f-puzzles has no such rule.
	CountingCircles Kind = "counting-circles"
	// NoParityTriple (global): any three consecutive cells of a row, or
	// of a column, hold at least one even and at least one odd digit
	// (the rule as puzzles publish it; neither f-puzzles nor the anchor
	// solvers name it).
	NoParityTriple Kind = "no-parity-triple"
	// EntropicKnightCircle: the one cell of Cells is circled, and every
	// cell a chess knight's move from it holds a digit of its band, the
	// entropic line's (EntropicBand: low, middle, high). Neither anchor
	// solver has the rule: its meaning is the published rule's, the
	// cells a knight's move from a circle in the circle's group (low 123,
	// medium 456, high 789), one rule a circle. f-puzzles has none.
	EntropicKnightCircle Kind = "entropic-knight-circle"
)

// cellKinds returns the rows of Kinds for this file's kinds.
func cellKinds() []KindInfo {
	return []KindInfo{
		extremeKind(Minimum, "A minimum cell holds a digit less than the digit of each orthogonally adjacent cell that is not a minimum cell itself.", -1),
		extremeKind(Maximum, "A maximum cell holds a digit greater than the digit of each orthogonally adjacent cell that is not a maximum cell itself.", 1),
		disjointGroupsKind(),
		indexerKind(RowIndexer, "A digit d in a row-indexer cell of row r and column c says where r is in its column: row d of column c holds r.", "rowindexer"),
		indexerKind(ColumnIndexer, "A digit d in a column-indexer cell of row r and column c says where c is in its row: column d of row r holds c.", "columnindexer"),
		indexerKind(BoxIndexer, "A digit d in a box-indexer cell, the p-th cell of its region in reading order, says where p is in its region: the region's d-th cell holds p.", "boxindexer"),
		cloneKind(),
		pencilMarksKind(),
		inequalityKind(),
		countingCirclesKind(),
		noParityTripleKind(),
		entropicKnightCircleKind(),
	}
}

// --- Minimum and maximum cells ---

// extremeKind is a minimum (sign -1) or maximum (sign 1) cell.
func extremeKind(kind Kind, meaning string, sign int) KindInfo {
	return KindInfo{Name: kind, Meaning: meaning, FPuzzles: kind,
		validate: validateOneCell,
		check: func(c *checking, r sudokusat.Rule) error {
			cell := r.Cells[0]
			same := cellsOf(c.p.Rules, kind)
			for _, o := range orthogonal(c.n, cell) {
				if same[o] {
					continue
				}
				if (c.at(cell)-c.at(o))*sign <= 0 {
					return fmt.Errorf("%s holds %d beside %s's %d", cellName(c.n, cell), c.at(cell), cellName(c.n, o), c.at(o))
				}
			}
			return nil
		},
		fromFP: func(r *fpReader, e fpEntry) ([]sudokusat.Rule, error) {
			cell, err := r.cell(e.Cell)
			return []sudokusat.Rule{{Kind: kind, Cells: []int{cell}}}, err
		},
		toFP: func(w *fpWriter, r sudokusat.Rule) { w.entry(kind, map[string]any{"cell": w.name(r.Cells[0])}) }}
}

// validateOneCell checks a rule of one cell.
func validateOneCell(_ int, r sudokusat.Rule) error {
	if len(r.Cells) != 1 {
		return fmt.Errorf("%d cells, want 1", len(r.Cells))
	}
	return nil
}

// cellsOf returns the cells of the rules of a kind.
func cellsOf(rules []sudokusat.Rule, kind Kind) map[int]bool {
	out := map[int]bool{}
	for _, r := range rules {
		if r.Kind == kind {
			for _, c := range r.Cells {
				out[c] = true
			}
		}
	}
	return out
}

// orthogonal returns the cells that share an edge with cell.
func orthogonal(n, cell int) []int {
	var out []int
	r, c := cell/n, cell%n
	if r > 0 {
		out = append(out, cell-n)
	}
	if r < n-1 {
		out = append(out, cell+n)
	}
	if c > 0 {
		out = append(out, cell-1)
	}
	if c < n-1 {
		out = append(out, cell+1)
	}
	return out
}

// --- Disjoint groups ---

func disjointGroupsKind() KindInfo {
	return KindInfo{Name: DisjointGroups, Meaning: "Cells in the same position of their regions (the k-th cell of each region, its cells counted in reading order) hold distinct digits.",
		Global: true, Regions: true, FPuzzles: "disjointgroups", validate: validateGlobal,
		check: func(c *checking, _ sudokusat.Rule) error {
			for k, g := range disjointGroups(c.p) {
				if err := c.distinct(g); err != nil {
					return fmt.Errorf("the cells at position %d of their regions: %v", k+1, err)
				}
			}
			return nil
		},
		on:   func(int) sudokusat.Rule { return sudokusat.Rule{Kind: DisjointGroups} },
		toFP: func(w *fpWriter, _ sudokusat.Rule) { w.doc["disjointgroups"] = true }}
}

// disjointGroups returns the disjoint groups of p: group k holds the k-th
// cell of each region.
func disjointGroups(p *sudokusat.Puzzle) [][]int {
	n := p.Size()
	out := make([][]int, n)
	for _, cells := range p.RegionCells() {
		for k, cell := range cells {
			out[k] = append(out[k], cell)
		}
	}
	return out
}

// --- Indexers ---

// indexerKind is a list of row, column or box indexer cells.
func indexerKind(kind Kind, meaning, key string) KindInfo {
	return KindInfo{Name: kind, Meaning: meaning, FPuzzles: key, Regions: kind == BoxIndexer,
		validate: func(n int, r sudokusat.Rule) error {
			if len(r.Cells) == 0 || len(r.Cells) > n*n {
				return fmt.Errorf("%d cells, want 1 to %d", len(r.Cells), n*n)
			}
			return nil
		},
		check: func(c *checking, r sudokusat.Rule) error {
			for _, cell := range r.Cells {
				target, digit := indexed(c.p, kind, cell, c.at(cell))
				if c.at(target) != digit {
					return fmt.Errorf("%s holds %d, so %s should hold %d, not %d", cellName(c.n, cell), c.at(cell), cellName(c.n, target), digit, c.at(target))
				}
			}
			return nil
		},
		fromFP: func(r *fpReader, e fpEntry) ([]sudokusat.Rule, error) {
			cells, err := r.cells(e.Cells)
			if err != nil {
				return nil, err
			}
			// A cell listed twice is one indexer, as in the solver, which
			// reads the cells of every entry into one constraint.
			var once []int
			for _, c := range cells {
				if !slices.Contains(once, c) {
					once = append(once, c)
				}
			}
			if len(once) == 0 {
				return nil, nil
			}
			return []sudokusat.Rule{{Kind: kind, Cells: once}}, nil
		},
		toFP: func(w *fpWriter, r sudokusat.Rule) { w.entry(key, map[string]any{"cells": w.names(r.Cells)}) }}
}

// indexed returns the cell an indexer cell of the kind points at when it
// holds digit d, and the digit that cell must then hold.
func indexed(p *sudokusat.Puzzle, kind Kind, cell, d int) (target, digit int) {
	n := p.Size()
	r, c := cell/n, cell%n
	switch kind {
	case RowIndexer:
		return (d-1)*n + c, r + 1
	case ColumnIndexer:
		return r*n + d - 1, c + 1
	}
	cells := p.RegionCells()[p.Region(cell)]
	return cells[d-1], slices.Index(cells, cell) + 1
}

// --- Clones ---

func cloneKind() KindInfo {
	return KindInfo{Name: Clone, Meaning: "The cells of a clone hold the same digits as the cells of the other clone, cell by cell in the order f-puzzles lists them.",
		FPuzzles: "clone",
		validate: func(n int, r sudokusat.Rule) error {
			if len(r.Lines) != 1 || len(r.Lines[0]) != len(r.Cells) || len(r.Cells) == 0 {
				return fmt.Errorf("want the cells and one line of their clones, as many")
			}
			if len(r.Cells) > n*n {
				return fmt.Errorf("%d cells, want at most %d", len(r.Cells), n*n)
			}
			for i, c := range r.Cells {
				if r.Lines[0][i] == c {
					return fmt.Errorf("%s is its own clone", cellName(n, c))
				}
			}
			return nil
		},
		check: func(c *checking, r sudokusat.Rule) error {
			for i, a := range r.Cells {
				if b := r.Lines[0][i]; c.at(a) != c.at(b) {
					return fmt.Errorf("%s holds %d, its clone %s %d", cellName(c.n, a), c.at(a), cellName(c.n, b), c.at(b))
				}
			}
			return nil
		},
		fromFP: func(r *fpReader, e fpEntry) ([]sudokusat.Rule, error) {
			cells, err := r.cells(e.Cells)
			if err != nil {
				return nil, err
			}
			clones, err := r.cells(e.CloneCells)
			if err != nil {
				return nil, err
			}
			if len(clones) != len(cells) {
				return nil, fmt.Errorf("%d cells and %d clone cells", len(cells), len(clones))
			}
			// The solver skips a cell paired with itself; a pair given
			// twice is one.
			rule := sudokusat.Rule{Kind: Clone, Lines: [][]int{nil}}
			seen := map[[2]int]bool{}
			for i, a := range cells {
				if b := clones[i]; a != b && !seen[[2]int{a, b}] {
					seen[[2]int{a, b}] = true
					rule.Cells = append(rule.Cells, a)
					rule.Lines[0] = append(rule.Lines[0], b)
				}
			}
			if len(rule.Cells) == 0 {
				return nil, nil
			}
			return []sudokusat.Rule{rule}, nil
		},
		toFP: func(w *fpWriter, r sudokusat.Rule) {
			w.entry("clone", map[string]any{"cells": w.names(r.Cells), "cloneCells": w.names(r.Lines[0])})
		}}
}

// --- Given pencil marks ---

func pencilMarksKind() KindInfo {
	return KindInfo{Name: PencilMarks, Meaning: "A cell with given pencil marks holds one of those digits.",
		validate: func(n int, r sudokusat.Rule) error {
			if err := validateOneCell(n, r); err != nil {
				return err
			}
			if r.Value <= 0 || n < 63 && r.Value >= 1<<n {
				return fmt.Errorf("digits %#x: want a set of digits from 1 to %d (bit d-1 for digit d)", r.Value, n)
			}
			return nil
		},
		check: func(c *checking, r sudokusat.Rule) error {
			if d := c.at(r.Cells[0]); r.Value>>(d-1)&1 == 0 {
				return fmt.Errorf("%s holds %d, not one of %v", cellName(c.n, r.Cells[0]), d, markDigits(r.Value))
			}
			return nil
		},
		toFP: func(w *fpWriter, r sudokusat.Rule) {
			if w.pencil == nil {
				w.pencil = map[int]int{}
			}
			if old, ok := w.pencil[r.Cells[0]]; ok {
				w.pencil[r.Cells[0]] = old & r.Value // two rules on one cell: both hold
				return
			}
			w.pencil[r.Cells[0]] = r.Value
		}}
}

// markDigits returns the digits of a set, bit d-1 for digit d.
func markDigits(set int) []int {
	var out []int
	for s := uint64(set); s != 0; s &= s - 1 {
		out = append(out, bits.TrailingZeros64(s)+1)
	}
	return out
}

// fpPencilMarks reads the "givenPencilMarks" of a grid cell of side n
// into a rule, or none for an empty list. The solver reads them when the
// cell has no given (SolverFactory.cs, CreateFromFPuzzles).
func fpPencilMarks(n, cell int, marks []json.RawMessage) ([]sudokusat.Rule, error) {
	set := 0
	for _, m := range marks {
		d, err := number(m)
		if err != nil || d < 1 || d > n {
			return nil, fmt.Errorf("pencil mark %s is not a digit from 1 to %d", m, n)
		}
		set |= 1 << (d - 1)
	}
	if set == 0 {
		return nil, nil
	}
	return []sudokusat.Rule{{Kind: PencilMarks, Cells: []int{cell}, Value: set}}, nil
}

// --- Inequality signs ---

func inequalityKind() KindInfo {
	return KindInfo{Name: Inequality, Meaning: "Of two orthogonally adjacent cells with an inequality sign between them, the cell the sign points to holds the smaller digit.",
		validate: validatePair,
		check: func(c *checking, r sudokusat.Rule) error {
			if a, b := c.at(r.Cells[0]), c.at(r.Cells[1]); a <= b {
				return fmt.Errorf("%s holds %d and %s %d: the sign points to the larger", cellName(c.n, r.Cells[0]), a, cellName(c.n, r.Cells[1]), b)
			}
			return nil
		}}
}

// --- Counting circles ---

func countingCirclesKind() KindInfo {
	return KindInfo{Name: CountingCircles, Meaning: "A digit n in a counting circle means that exactly n of the circles hold n.",
		validate: func(n int, r sudokusat.Rule) error {
			if len(r.Cells) == 0 || len(r.Cells) > n*n {
				return fmt.Errorf("%d cells, want 1 to %d", len(r.Cells), n*n)
			}
			return nil
		},
		check: func(c *checking, r sudokusat.Rule) error {
			count := map[int]int{}
			for _, cell := range r.Cells {
				count[c.at(cell)]++
			}
			for _, cell := range r.Cells {
				if d := c.at(cell); count[d] != d {
					return fmt.Errorf("%s holds %d, which %d of the circles hold, not %d", cellName(c.n, cell), d, count[d], d)
				}
			}
			return nil
		}}
}

// --- No parity triple ---

func noParityTripleKind() KindInfo {
	return KindInfo{Name: NoParityTriple, Meaning: "Any three consecutive cells of a row or of a column hold at least one even and at least one odd digit: no such run of three is all of one parity.",
		Global: true, validate: validateGlobal,
		check: func(c *checking, _ sudokusat.Rule) error {
			for _, t := range ParityTriples(c.n) {
				a, b, d := c.at(t[0]), c.at(t[1]), c.at(t[2])
				if a%2 == b%2 && b%2 == d%2 {
					parity := "even"
					if a%2 == 1 {
						parity = "odd"
					}
					return fmt.Errorf("%s hold %d, %d and %d: all %s", c.names(t[:]), a, b, d, parity)
				}
			}
			return nil
		}}
}

// ParityTriples returns the triples of consecutive cells of the rows and
// columns of a grid of side n, each in order along its row or column:
// the cells the rule of no parity triple reads.
func ParityTriples(n int) [][3]int {
	var out [][3]int
	for line := 0; line < n; line++ {
		for i := 0; i+2 < n; i++ {
			out = append(out, [3]int{line*n + i, line*n + i + 1, line*n + i + 2})
			out = append(out, [3]int{i*n + line, (i+1)*n + line, (i+2)*n + line})
		}
	}
	return out
}

// --- Entropic knight circles ---

func entropicKnightCircleKind() KindInfo {
	return KindInfo{Name: EntropicKnightCircle, Meaning: "Every cell a chess knight's move away from an entropic knight circle holds a digit of the circle's entropic group: low [123], medium [456] or high [789] on 9×9, an entropic line's bands on other sizes.",
		validate: validateOneCell,
		check: func(c *checking, r sudokusat.Rule) error {
			cell := r.Cells[0]
			for _, o := range KnightCells(c.n, cell) {
				if a, b := c.at(cell), c.at(o); EntropicBand(c.n, a) != EntropicBand(c.n, b) {
					return fmt.Errorf("%s holds %d and %s, a knight's move away, %d, of another band", cellName(c.n, cell), a, cellName(c.n, o), b)
				}
			}
			return nil
		}}
}

// KnightCells returns the cells of a grid of side n a chess knight's move
// from cell, in reading order.
func KnightCells(n, cell int) []int {
	var out []int
	r, c := cell/n, cell%n
	for _, m := range [][2]int{{-2, -1}, {-2, 1}, {-1, -2}, {-1, 2}, {1, -2}, {1, 2}, {2, -1}, {2, 1}} {
		if r2, c2 := r+m[0], c+m[1]; r2 >= 0 && r2 < n && c2 >= 0 && c2 < n {
			out = append(out, r2*n+c2)
		}
	}
	return out
}
