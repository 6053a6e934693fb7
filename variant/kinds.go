package variant

import (
	"slices"

	"github.com/sudokusat/sudokusat"
)

// KindInfo describes one kind of rule: its name, what it means, and this
// package's part of it (how its cells are checked, how a solution is
// checked against it, how f-puzzles writes it). The other concerns of a
// kind, each one file, are the encoder's (encode/rules.go), the search's
// (variant/search/rules.go) and the drawing's (render/rules.go); a test
// walks every kind of Kinds through each of them.
type KindInfo struct {
	// Name is the kind, as Rule.Kind, messages and JSON write it.
	Name Kind
	// Meaning is the rule in one sentence, as f-puzzles and the solvers
	// setters use with it have it. docs/rules.md lists it.
	Meaning string
	// Global marks a rule of the whole grid, which has no cells.
	Global bool
	// Distinct marks a rule whose cells hold distinct digits, so that
	// givens may not repeat there.
	Distinct bool
	// Repeats marks a kind of drawing whose rule lets a digit appear
	// more than once on one drawing (only the houses it crosses may
	// forbid it): an arrow, a whispers line. A text that says digits may
	// repeat on such drawings says nothing new (see the SudokuPad
	// reader); said of any other kind, it changes the rule.
	Repeats bool
	// Regions marks a rule that reads the regions' cells in order (the
	// k-th cell of a region): it needs every cell in a region.
	Regions bool
	// Loops marks a kind of line that may close on itself: a rule of
	// the kind whose Cells end with its first cell again is a loop (see
	// LoopCells), the one cell a rule may list twice.
	Loops bool
	// FPuzzles is the key f-puzzles documents hold the rule under: a
	// list of entries, or a switch (true or false) when the kind has no
	// entries (fromFP is nil). Negative is its name in the document's
	// "negative" list, which turns it on too, or "".
	FPuzzles, Negative string

	// validate checks a rule's cells and value for the kind, on a grid
	// of side n; the cells are known to be in the grid.
	validate func(n int, r sudokusat.Rule) error
	// validateRegions checks, for a kind whose rule the regions cut into
	// parts (a region difference line's segments), that the parts are
	// of the kind's shape in the puzzle's regions; nil for the others.
	validateRegions func(p *sudokusat.Puzzle, r sudokusat.Rule) error
	// check reports how a solution breaks the rule, or nil.
	check func(c *checking, r sudokusat.Rule) error
	// fromFP reads one entry of the kind's f-puzzles list (a
	// thermometer entry holds several lines, each a rule); nil for a
	// switch, which on turns into the rule.
	fromFP func(r *fpReader, e fpEntry) ([]sudokusat.Rule, error)
	on     func(n int) sudokusat.Rule
	// toFP writes the rule into an f-puzzles document.
	toFP func(w *fpWriter, r sudokusat.Rule)
}

// Kinds returns the table of rule kinds, one line each: the one list the
// validator, the checker, the f-puzzles reader and writer, the encoder,
// the search and the drawing read. The kinds come in groups, a file per
// group and concern (rules.go and rules_lines.go, rules_clues.go,
// rules_cells.go in variant, encode, variant/search and render): a new kind
// is a line in its group's list and a section in its group's file of each
// concern. The slice is new on each call.
func Kinds() []KindInfo {
	return slices.Concat(baseKinds(), lineKinds(), clueKinds(), cellKinds())
}

// baseKinds lists the kinds of rules.go.
func baseKinds() []KindInfo {
	return []KindInfo{
		regionKind(),
		diagonalMainKind(),
		diagonalAntiKind(),
		killerKind(),
		thermoKind(),
		arrowKind(),
		differenceArrowKind(),
		whiteKind(),
		blackKind(),
		greyDotKind(),
		xvKind(),
		evenKind(),
		oddKind(),
		antiKnightKind(),
		antiKingKind(),
		nonConsecutiveKind(),
		noBlackKind(),
		noXVKind(),
	}
}

// kinds returns the table by name.
func kinds() map[Kind]KindInfo {
	m := make(map[Kind]KindInfo)
	for _, k := range Kinds() {
		m[k.Name] = k
	}
	return m
}

// Info returns the row of Kinds for a kind, and whether there is one.
func Info(kind Kind) (KindInfo, bool) {
	for _, k := range Kinds() {
		if k.Name == kind {
			return k, true
		}
	}
	return KindInfo{}, false
}
