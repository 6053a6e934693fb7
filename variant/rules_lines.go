package variant

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/sudokusat/sudokusat"
)

// This file is the model and the validator of the lines group of rule
// kinds: each a line drawn through touching cells, Cells listing them in
// the line's order. An f-puzzles entry of one of these keys holds "lines",
// each a rule of its own, as the solver behind f-puzzles reads them
// (dclamage/SudokuSolver, SolverFactory.cs: one constraint per line).
//
// The meanings are read from that solver's constraint classes
// (SudokuSolver/Constraints/<Name>Constraint.cs), but for the kinds it does
// not have, which have no f-puzzles form either (but for lockout lines):
// lockout lines, read from the f-puzzles userscript that adds them
// (Fpuzzles-LockoutLines, by Memeristor) and from
// dclamage/SudokuVariantSolverJS (src/solver/Constraint/LockoutConstraint.ts);
// sum lines, read from sigh/Interactive-Sudoku-Solver (its SumLine
// constraint and handler); sequence lines, its arithmetic progression;
// difference count, Fibonacci and pair sum lines, which no solver has:
// their meaning is the published rules text's.

// The kinds of line.
const (
	// Renban: the digits of the line are distinct and consecutive, in
	// any order (RenbanConstraint: the line is a group, and its digits a
	// run s..s+k-1).
	Renban Kind = "renban"
	// Whispers: neighbours along the line differ by at least Value, or,
	// when Value is 0, by (N+1)/2, 5 on a 9×9 grid (WhispersConstraint:
	// f-puzzles' "value" is the difference; without one, (MAX+1)/2).
	Whispers Kind = "whispers"
	// Palindrome: the line reads the same both ways: Cells[i] and
	// Cells[k-1-i] hold the same digit (PalindromeConstraint).
	Palindrome Kind = "palindrome"
	// RegionSumLine: the line is cut where it crosses from a region into
	// another (a stretch in one region, then the next; a region entered
	// twice gives two stretches), and every stretch sums to the same
	// total (RegionSumLinesConstraint over EqualSumsConstraint; the
	// regions are the grid's boxes or jigsaw pieces, not extra regions).
	RegionSumLine Kind = "region-sum-line"
	// RegionDifferenceLine: the line is cut into segments where it
	// crosses from a region into another, as a region sum line is; each
	// segment is exactly two cells, and the two digits of every segment
	// differ by the same amount. Neither anchor solver has the kind
	// (sigh/Interactive-Sudoku-Solver's RegionSumLine and
	// dclamage/SudokuSolver's RegionSumLinesConstraint are sums only),
	// nor has f-puzzles: the meaning is the setters' statement of the
	// rule (the digits along the line have the same difference within
	// each box it passes through), so a segment of one cell, or of three
	// or more, whose difference is not defined, is refused. The name is
	// sudokusat's.
	RegionDifferenceLine Kind = "region-difference-line"
	// BetweenLine: the cells between the two ends hold digits strictly
	// between the ends' (BetweenLineConstraint).
	BetweenLine Kind = "between-line"
	// EntropicLine: the digits 1..N fall in three bands of consecutive
	// digits, low, middle and high (sizes s, s+1, s when N = 3s+1, else
	// l, s, l with l = (N+2)/3, s = N/3: 1–3, 4–6, 7–9 on 9×9); cells
	// one or two steps apart along the line are in different bands (and
	// so cells three apart in the same: EntropicLineConstraint's weak
	// links, which tie every pair a multiple of three apart together).
	EntropicLine Kind = "entropic-line"
	// ModularLine: as EntropicLine, with the remainder modulo 3 for the
	// band (ModularLineConstraint).
	ModularLine Kind = "modular-line"
	// Nabner: no two digits of the line, neighbours or not, are equal or
	// consecutive (NabnerConstraint: a weak link between every pair of
	// cells for each pair of digits less than 2 apart).
	Nabner Kind = "nabner"
	// ZipperLine: the cells at the same distance from the line's middle
	// (Cells[i] and Cells[k-1-i]) sum to one total, which is the middle
	// cell's digit when k is odd (ZipperLineConstraint over
	// EqualSumsConstraint).
	ZipperLine Kind = "zipper-line"
	// DoubleArrow: the two ends sum to the total of the cells between
	// them (DoubleArrowConstraint over EqualSumsConstraint).
	DoubleArrow Kind = "double-arrow"
	// SlowThermo: digits never decrease along the line from its bulb,
	// Cells[0] (SlowThermometerConstraint).
	SlowThermo Kind = "slow-thermo"
	// Lockout: the two ends differ by at least Value, or, when Value is
	// 0, by N/2 rounded down, 4 on 9×9; no digit between the ends equals
	// an end's digit or lies between them. f-puzzles documents carry no
	// value for it (the userscript and SudokuVariantSolverJS both take
	// floor(size/2)); sudokusat reads and writes one only when Value is
	// set.
	Lockout Kind = "lockout"
	// DifferenceCount: the difference between two neighbours along the
	// line is how many pairs of neighbours along it have that exact
	// difference, so each difference on the line is there exactly as
	// many times as it says. Neighbours then differ (a difference of 0
	// would count itself), and the differences present are distinct
	// numbers that sum to the line's pairs (k-1 for k cells). Neither
	// anchor solver has the kind, nor f-puzzles: the name is sudokusat's,
	// the meaning the published rule's sentence (SudokuPad puzzles
	// "Differences Count" by Sujoyku and Marty Sears), which
	// Raizus/sudoku-setter's "adjacent differences count line" states in
	// the same words and models the same way (MiniZinc: the count of each
	// pair's difference among all the pairs' is that difference).
	DifferenceCount Kind = "difference-count-line"
	// SumLine ("10 line"): the line's cells, in order, fall into one or
	// more segments of consecutive cells, each summing to Value, or to
	// 10 when Value is 0; digits may repeat on the line. A loop lists its
	// first cell again at the end, and its segments may run through that
	// point: any cut of the loop will do (Interactive-Sudoku-Solver's
	// SumLine: "The line can be divided into segments that each sum to
	// the given sum", 10 by default, loops allowed, a loop's partial sum
	// at its start free and equal to its end's). f-puzzles has no sum
	// lines.
	SumLine Kind = "sum-line"
	// FibonacciLine: read from one of its ends, the line's digits
	// strictly increase and each from the third on is the sum of the two
	// before it (1 2 3 5 8, or 8 5 3 2 1 in the line's order); which end
	// starts is not given. No anchor solver has the kind (neither
	// dclamage/SudokuSolver nor sigh/Interactive-Sudoku-Solver), and
	// f-puzzles has none: the meaning is the published rule's ("lines
	// strictly increase from one end to the other where any digit on the
	// line beyond the lowest 2 digits is the sum of the previous 2
	// digits"), and the kind has no f-puzzles form.
	FibonacciLine Kind = "fibonacci-line"
	// SequenceLine: the digits along the line, in its order, form an
	// arithmetic sequence: each differs from the one before it by the
	// same step, up or down, for the whole line (1-4-7, 9-7-5). The step
	// may be 0, the digits then all equal, where the grid lets them
	// repeat (diagonal neighbours in different boxes): so reads
	// sigh/Interactive-Sudoku-Solver's "Arithmetic Progression" (help/
	// recipes.html, a state machine that keeps the first difference and
	// accepts each next one equal to it, 0 included), and GMPuzzles'
	// "Sequence Lines Sudoku" (Philip Newman) allows 5-5-5 in words.
	// dclamage/SudokuSolver and f-puzzles have no such line.
	SequenceLine Kind = "sequence-line"
	// PairSumLine: a line of exactly four cells whose first two digits
	// sum to the same total as its last two (Cells[0]+Cells[1] =
	// Cells[2]+Cells[3]); digits may repeat on it where the grid allows.
	// Neither anchor solver names the kind (sigh/Interactive-Sudoku-Solver
	// has only the general EqualSum of any segments, dclamage/SudokuSolver
	// only the zipper, region sum and double arrow lines over
	// EqualSumsConstraint), nor has f-puzzles, and no published general
	// form for longer lines was found: the meaning is the published rule's,
	// taken as stated (a line of four cells whose first two digits add up
	// to what its last two do), the name is sudokusat's, and the kind has
	// no f-puzzles form.
	PairSumLine Kind = "pair-sum-line"
)

// lineKinds returns the rows of Kinds for this file's kinds.
func lineKinds() []KindInfo {
	return []KindInfo{
		renbanKind(),
		whispersKind(),
		palindromeKind(),
		regionSumLineKind(),
		regionDifferenceLineKind(),
		betweenLineKind(),
		entropicLineKind(),
		modularLineKind(),
		nabnerKind(),
		zipperLineKind(),
		doubleArrowKind(),
		slowThermoKind(),
		lockoutKind(),
		differenceCountKind(),
		sumLineKind(),
		fibonacciLineKind(),
		sequenceLineKind(),
		pairSumLineKind(),
	}
}

// lineKind is the row of a kind of line read from the f-puzzles list key
// (none when key is "": a kind f-puzzles does not have): from least to
// most cells (see validateLine), each touching the one before; valued
// kinds take a Value from 1 to N-1 (0 is the default), read from and
// written to the entries' "value"; the others refuse one.
func lineKind(kind Kind, meaning, key string, least, most int, valued bool, check func(c *checking, r sudokusat.Rule) error) KindInfo {
	l := &line{kind, key, least, most, valued}
	info := KindInfo{Name: kind, Meaning: meaning, FPuzzles: key, Distinct: kind == Renban || kind == Nabner,
		validate: l.validate, check: check}
	if key != "" {
		info.fromFP, info.toFP = l.fromFP, l.toFP
	}
	return info
}

// repeating returns a kind's row marked Repeats: its rule lets a digit
// appear twice on one line.
func repeating(k KindInfo) KindInfo {
	k.Repeats = true
	return k
}

// line is the part that the kinds of line share: their methods are one
// function for all the kinds, where closures would be one per kind.
type line struct {
	kind, key   string
	least, most int
	valued      bool
}

func (l *line) validate(n int, r sudokusat.Rule) error {
	if err := validateLine(n, r, l.least, l.most); err != nil {
		return err
	}
	if !l.valued && r.Value != 0 {
		return fmt.Errorf("a value of %d: %s rules have none", r.Value, l.kind)
	}
	if l.valued && r.Value != 0 && (r.Value < 1 || r.Value > n-1) {
		return fmt.Errorf("a difference of %d: want 1 to %d", r.Value, n-1)
	}
	return nil
}

// fromFP reads an entry: each of its lines is a rule, with the entry's
// value. A stated 0 is refused rather than read as the default that a
// Value of 0 stands for: SudokuSolver reads a whispers "0" as a
// difference of 0 and refuses it, only a missing value has the default,
// and a setter who wrote 0 did not mean 5.
func (l *line) fromFP(rd *fpReader, e fpEntry) ([]sudokusat.Rule, error) {
	value := 0
	var out []sudokusat.Rule
	for _, names := range e.Lines {
		cells, err := rd.cells(names)
		if err != nil {
			return nil, err
		}
		out = append(out, sudokusat.Rule{Kind: l.kind, Cells: cells})
	}
	if s := e.value(); s != "" {
		if !l.valued {
			return nil, fmt.Errorf("a value %q: a %s line takes none", s, l.kind)
		}
		v, err := strconv.Atoi(s)
		if err != nil {
			return nil, fmt.Errorf("value %q is not a number", s)
		}
		if v == 0 {
			line := ""
			if len(out) > 0 {
				line = " " + cellNames(rd.n, out[0].Cells)
			}
			return nil, fmt.Errorf("%s line%s: a difference of 0: want 1 to %d, or no value for the default", l.kind, line, rd.n-1)
		}
		value = v
	}
	for i := range out {
		out[i].Value = value
	}
	return out, nil
}

// toFP writes a rule as an entry of one line, with its value when set.
func (l *line) toFP(w *fpWriter, r sudokusat.Rule) {
	e := map[string]any{"lines": [][]string{w.names(r.Cells)}}
	if r.Value != 0 {
		e["value"] = strconv.Itoa(r.Value)
	}
	w.entry(l.key, e)
}

// validateLine checks a line: least to most cells (no most when 0, N when
// -1), each touching the one before (orthogonally or diagonally), and no
// Lines. That none is on it twice Validate checks for every kind.
func validateLine(n int, r sudokusat.Rule, least, most int) error {
	k := len(r.Cells)
	if most < 0 {
		most = n // a line of distinct digits
	}
	if k < least || (most > 0 && k > most) {
		if most > 0 && most == least {
			return fmt.Errorf("%d cells, want %d", k, least)
		}
		if most > 0 {
			return fmt.Errorf("%d cells, want %d to %d", k, least, most)
		}
		return fmt.Errorf("%d cells, want at least %d", k, least)
	}
	if len(r.Lines) != 0 {
		return fmt.Errorf("a line rule lists its cells in Cells, not in Lines")
	}
	for i, c := range r.Cells {
		if i > 0 && !touching(n, r.Cells[i-1], c) {
			return fmt.Errorf("%s does not touch %s", cellName(n, c), cellName(n, r.Cells[i-1]))
		}
	}
	return nil
}

// --- Renban ---

func renbanKind() KindInfo {
	return lineKind(Renban, "The digits on a renban line are distinct and consecutive, in any order.",
		"renban", 2, -1, false, func(c *checking, r sudokusat.Rule) error {
			if err := c.distinct(r.Cells); err != nil {
				return err
			}
			lo, hi := c.at(r.Cells[0]), c.at(r.Cells[0])
			for _, x := range r.Cells {
				lo, hi = min(lo, c.at(x)), max(hi, c.at(x))
			}
			if hi-lo != len(r.Cells)-1 {
				return fmt.Errorf("%s hold %d to %d: %d distinct digits, not consecutive", c.names(r.Cells), lo, hi, len(r.Cells))
			}
			return nil
		})
}

// --- Whispers ---

func whispersKind() KindInfo {
	return repeating(lineKind(Whispers, "Neighbouring digits along a whispers line differ by at least its value, by default half the grid's side rounded up (5 on 9×9: German whispers; f-puzzles' value 4 makes Dutch whispers).",
		"whispers", 2, 0, true, func(c *checking, r sudokusat.Rule) error {
			diff := whispersDifference(c.n, r)
			for i := 1; i < len(r.Cells); i++ {
				a, b := c.at(r.Cells[i-1]), c.at(r.Cells[i])
				if a-b < diff && b-a < diff {
					return fmt.Errorf("%s and %s hold %d and %d: less than %d apart", cellName(c.n, r.Cells[i-1]), cellName(c.n, r.Cells[i]), a, b, diff)
				}
			}
			return nil
		}))
}

// whispersDifference returns the least difference between neighbours on
// a whispers rule of a grid of side n: its Value, or (n+1)/2 when it has
// none, as SudokuSolver's default (MAX_VALUE + 1) / 2.
func whispersDifference(n int, r sudokusat.Rule) int {
	if r.Value != 0 {
		return r.Value
	}
	return (n + 1) / 2
}

// --- Palindromes ---

func palindromeKind() KindInfo {
	return repeating(lineKind(Palindrome, "The digits along a palindrome line read the same from either end.",
		"palindrome", 2, 0, false, func(c *checking, r sudokusat.Rule) error {
			k := len(r.Cells)
			for i := 0; i < k/2; i++ {
				a, b := r.Cells[i], r.Cells[k-1-i]
				if c.at(a) != c.at(b) {
					return fmt.Errorf("%s holds %d and %s holds %d: not a palindrome", cellName(c.n, a), c.at(a), cellName(c.n, b), c.at(b))
				}
			}
			return nil
		}))
}

// --- Region sum lines ---

func regionSumLineKind() KindInfo {
	return repeating(lineKind(RegionSumLine, "The stretches of a region sum line in one region each (a new stretch each time it enters a region) all have the same sum.",
		"regionsumline", 2, 0, false, func(c *checking, r sudokusat.Rule) error {
			parts := regionStretches(c.p, r.Cells)
			for _, part := range parts[1:] {
				if s, t := c.sum(part), c.sum(parts[0]); s != t {
					return fmt.Errorf("%s sum to %d, %s to %d", c.names(parts[0]), t, c.names(part), s)
				}
			}
			return nil
		}))
}

// regionStretches cuts a line into its stretches in one region of p each,
// in the line's order: a new one each time the line passes into another
// region, so that a region the line leaves and enters again holds two.
func regionStretches(p *sudokusat.Puzzle, cells []int) [][]int {
	var out [][]int
	for i, c := range cells {
		if i == 0 || p.Region(c) != p.Region(cells[i-1]) {
			out = append(out, nil)
		}
		out[len(out)-1] = append(out[len(out)-1], c)
	}
	return out
}

// --- Region difference lines ---

func regionDifferenceLineKind() KindInfo {
	k := repeating(lineKind(RegionDifferenceLine, "Box borders divide a region difference line into segments of exactly two cells, and every segment's two digits differ by the same amount.",
		"", 2, 0, false, func(c *checking, r sudokusat.Rule) error {
			parts := regionStretches(c.p, r.Cells)
			diff := func(part []int) int { return max(c.at(part[0])-c.at(part[1]), c.at(part[1])-c.at(part[0])) }
			for _, part := range parts[1:] {
				if d, e := diff(part), diff(parts[0]); d != e {
					return fmt.Errorf("%s differ by %d, %s by %d", c.names(parts[0]), e, c.names(part), d)
				}
			}
			return nil
		}))
	k.validateRegions = func(p *sudokusat.Puzzle, r sudokusat.Rule) error {
		for _, part := range regionStretches(p, r.Cells) {
			if len(part) != 2 {
				return fmt.Errorf("a segment of %d cells (%s) between region borders, want 2: the difference of %d digits is not defined", len(part), cellNames(p.Size(), part), len(part))
			}
		}
		return nil
	}
	return k
}

// --- Between lines ---

func betweenLineKind() KindInfo {
	return repeating(lineKind(BetweenLine, "The digits on a between line, other than its two circled ends, lie strictly between the digits in those ends.",
		"betweenline", 3, 0, false, func(c *checking, r sudokusat.Rule) error {
			k := len(r.Cells)
			a, b := c.at(r.Cells[0]), c.at(r.Cells[k-1])
			lo, hi := min(a, b), max(a, b)
			for _, x := range r.Cells[1 : k-1] {
				if d := c.at(x); d <= lo || d >= hi {
					return fmt.Errorf("%s holds %d, not strictly between the ends' %d and %d", cellName(c.n, x), d, a, b)
				}
			}
			return nil
		}))
}

// --- Entropic and modular lines ---

func entropicLineKind() KindInfo {
	return repeating(bandsKind(EntropicLine, "Along an entropic line any two cells one or two steps apart hold digits of different bands, the bands being low, middle and high (1–3, 4–6, 7–9 on 9×9; on other sizes three runs of consecutive digits as near equal as can be, the two outer ones of one size).",
		"entropicline", EntropicBand))
}

func modularLineKind() KindInfo {
	return repeating(bandsKind(ModularLine, "Along a modular line any two cells one or two steps apart hold digits of different remainders modulo 3.",
		"modularline", func(_, d int) int { return d % 3 }))
}

// EntropicBand returns the band (0 low, 1 middle, 2 high) of digit d on a
// grid of side n: three runs of consecutive digits, the outer two of one
// size, s+1 in the middle when n = 3s+1 and one fewer than the outer ones
// when n = 3s+2 (EntropicLineConstraint's groups). Entropic lines and
// entropic knight circles share it.
func EntropicBand(n, d int) int {
	small, large := n/3, (n+2)/3
	low := large // the size of the low (and of the high) band
	if n%3 == 1 {
		low = small
	}
	switch {
	case d <= low:
		return 0
	case d <= n-low:
		return 1
	}
	return 2
}

// bandsKind is a line whose cells one or two steps apart hold digits of
// different bands.
func bandsKind(kind Kind, meaning, key string, band func(n, d int) int) KindInfo {
	return lineKind(kind, meaning, key, 2, 0, false, func(c *checking, r sudokusat.Rule) error {
		for i, a := range r.Cells {
			for _, b := range r.Cells[i+1 : min(i+3, len(r.Cells))] {
				if x, y := c.at(a), c.at(b); band(c.n, x) == band(c.n, y) {
					return fmt.Errorf("%s and %s hold %d and %d, of one band", cellName(c.n, a), cellName(c.n, b), x, y)
				}
			}
		}
		return nil
	})
}

// --- Nabner ---

func nabnerKind() KindInfo {
	return lineKind(Nabner, "No two digits on a nabner line are equal or consecutive.",
		"nabner", 2, -1, false, func(c *checking, r sudokusat.Rule) error {
			for i, a := range r.Cells {
				for _, b := range r.Cells[i+1:] {
					if x, y := c.at(a), c.at(b); x-y <= 1 && y-x <= 1 {
						return fmt.Errorf("%s and %s hold %d and %d", cellName(c.n, a), cellName(c.n, b), x, y)
					}
				}
			}
			return nil
		})
}

// --- Zipper lines and double arrows ---

func zipperLineKind() KindInfo {
	return repeating(lineKind(ZipperLine, "The pairs of cells at the same distance from the middle of a zipper line all have the same sum, which is the middle cell's digit when the line has an odd number of cells.",
		"zipperline", 3, 0, false, func(c *checking, r sudokusat.Rule) error {
			k := len(r.Cells)
			total := c.at(r.Cells[0]) + c.at(r.Cells[k-1])
			if k%2 == 1 {
				total = c.at(r.Cells[k/2])
			}
			for i := 0; i < k/2; i++ {
				a, b := r.Cells[i], r.Cells[k-1-i]
				if s := c.at(a) + c.at(b); s != total {
					return fmt.Errorf("%s and %s sum to %d, not %d", cellName(c.n, a), cellName(c.n, b), s, total)
				}
			}
			return nil
		}))
}

func doubleArrowKind() KindInfo {
	return repeating(lineKind(DoubleArrow, "The digits in the two circled ends of a double arrow sum to the total of the digits between them.",
		"doublearrow", 3, 0, false, func(c *checking, r sudokusat.Rule) error {
			k := len(r.Cells)
			ends := c.at(r.Cells[0]) + c.at(r.Cells[k-1])
			if s := c.sum(r.Cells[1 : k-1]); s != ends {
				return fmt.Errorf("the ends sum to %d, the cells between them to %d", ends, s)
			}
			return nil
		}))
}

// --- Slow thermometers ---

func slowThermoKind() KindInfo {
	return repeating(lineKind(SlowThermo, "Digits never decrease along a slow thermometer from its bulb: each cell holds the digit before it or a larger one.",
		"slowthermometer", 2, 0, false, func(c *checking, r sudokusat.Rule) error {
			for i := 1; i < len(r.Cells); i++ {
				a, b := r.Cells[i-1], r.Cells[i]
				if c.at(b) < c.at(a) {
					return fmt.Errorf("%s holds %d after %s's %d: decreasing", cellName(c.n, b), c.at(b), cellName(c.n, a), c.at(a))
				}
			}
			return nil
		}))
}

// --- Lockout lines ---

func lockoutKind() KindInfo {
	return repeating(lineKind(Lockout, "The diamond ends of a lockout line hold digits that differ by at least its value (by default half the grid's side rounded down, 4 on 9×9), and no digit on the line between them equals either end's or lies between them.",
		"lockout", 2, 0, true, func(c *checking, r sudokusat.Rule) error {
			k := len(r.Cells)
			a, b := c.at(r.Cells[0]), c.at(r.Cells[k-1])
			lo, hi := min(a, b), max(a, b)
			if diff := lockoutDifference(c.n, r); hi-lo < diff {
				return fmt.Errorf("the ends hold %d and %d: less than %d apart", a, b, diff)
			}
			for _, x := range r.Cells[1 : k-1] {
				if d := c.at(x); d >= lo && d <= hi {
					return fmt.Errorf("%s holds %d, from %d to %d, the ends' range", cellName(c.n, x), d, lo, hi)
				}
			}
			return nil
		}))
}

// lockoutDifference returns the least difference between the ends of a
// lockout rule of a grid of side n: its Value, or n/2 rounded down when it
// has none, as the f-puzzles userscript and SudokuVariantSolverJS take.
func lockoutDifference(n int, r sudokusat.Rule) int {
	if r.Value != 0 {
		return r.Value
	}
	return n / 2
}

// --- Difference count lines ---

func differenceCountKind() KindInfo {
	return repeating(lineKind(DifferenceCount, "On a difference count line, the difference of any two adjacent digits is exactly the number of adjacent pairs along the line with that same difference.",
		"", 2, 0, false, func(c *checking, r sudokusat.Rule) error {
			diffs := lineDifferences(r.Cells, c.at)
			for i, d := range diffs {
				if k := countOf(diffs, d); k != d {
					return fmt.Errorf("%s and %s differ by %d, and %d pairs of neighbours on the line differ by %d", cellName(c.n, r.Cells[i]), cellName(c.n, r.Cells[i+1]), d, k, d)
				}
			}
			return nil
		}))
}

// --- Sequence lines ---

func sequenceLineKind() KindInfo {
	return repeating(lineKind(SequenceLine, "The digits along a sequence line, read in order, form an arithmetic sequence: every two neighbouring digits differ by the same amount in the same direction, which may be 0 where the other rules let a digit repeat.",
		"", 2, 0, false, func(c *checking, r sudokusat.Rule) error {
			step := c.at(r.Cells[1]) - c.at(r.Cells[0])
			for i := 2; i < len(r.Cells); i++ {
				a, b := r.Cells[i-1], r.Cells[i]
				if d := c.at(b) - c.at(a); d != step {
					return fmt.Errorf("%s holds %d after %s's %d, a step of %+d where the line's first is %+d", cellName(c.n, b), c.at(b), cellName(c.n, a), c.at(a), d, step)
				}
			}
			return nil
		}))
}

// lineDifferences returns the differences between neighbours along a
// line, digit reading each cell's digit.
func lineDifferences(cells []int, digit func(int) int) []int {
	out := make([]int, len(cells)-1)
	for i := range out {
		a, b := digit(cells[i]), digit(cells[i+1])
		out[i] = max(a-b, b-a)
	}
	return out
}

// countOf returns how many of xs are x.
func countOf(xs []int, x int) int {
	k := 0
	for _, y := range xs {
		if y == x {
			k++
		}
	}
	return k
}

// --- Sum lines ---

// SumLineTotal is a sum line's total when its rule states none (Value 0).
const SumLineTotal = 10

func sumLineKind() KindInfo {
	return KindInfo{Name: SumLine, Loops: true, Repeats: true,
		Meaning: "A sum line (10 line) splits into one or more segments of consecutive cells along it, the digits of each summing to its total, 10 unless it states another; digits may repeat on it, and around a loop a segment may run through the point where the loop closes.",
		validate: func(n int, r sudokusat.Rule) error {
			open, loop := loopCells(r.Cells)
			least := 2
			if loop {
				least = 3
			}
			if len(open) < least {
				return fmt.Errorf("%d cells, want at least %d", len(open), least)
			}
			if err := validateLine(n, r, 0, 0); err != nil {
				return err
			}
			if r.Value < 0 {
				return fmt.Errorf("a total of %d: want one above 0 (0 for the default %d)", r.Value, SumLineTotal)
			}
			return nil
		},
		check: func(c *checking, r sudokusat.Rule) error {
			open, loop := loopCells(r.Cells)
			digits := make([]int, len(open))
			for i, x := range open {
				digits[i] = c.at(x)
			}
			if !SumLineHolds(digits, SumLineValue(r), loop) {
				what := "line"
				if loop {
					what = "loop"
				}
				return fmt.Errorf("%s hold %v: the %s does not divide into segments that each sum to %d", c.names(open), digits, what, SumLineValue(r))
			}
			return nil
		},
	}
}

// SumLineValue returns a sum line's total: its Value, or SumLineTotal
// when it states none.
func SumLineValue(r sudokusat.Rule) int {
	if r.Value != 0 {
		return r.Value
	}
	return SumLineTotal
}

// SumLineHolds reports whether digits (each at least 1), in the line's
// order, divide into segments of consecutive digits that each sum to
// total; around a loop, from some cut. Digits being positive, a line
// divides in at most one way: each segment ends as soon as it reaches
// the total.
func SumLineHolds(digits []int, total int, loop bool) bool {
	starts := 1
	if loop {
		starts = len(digits)
	}
	for start := range starts {
		s := 0
		for i := range digits {
			if s += digits[(start+i)%len(digits)]; s == total {
				s = 0
			} else if s > total {
				break
			}
		}
		if s == 0 {
			return true
		}
	}
	return false
}

// LoopCells returns a line rule's cells, each once, and whether the
// line is a loop: for a kind that may close on itself (KindInfo.Loops),
// one whose Cells end with its first cell again, that cell left off.
func LoopCells(r sudokusat.Rule) ([]int, bool) {
	if k, ok := Info(r.Kind); !ok || !k.Loops {
		return r.Cells, false
	}
	return loopCells(r.Cells)
}

// loopCells returns cells without a last cell that is the first again,
// and whether there was one.
func loopCells(cells []int) ([]int, bool) {
	if k := len(cells); k > 1 && cells[0] == cells[k-1] {
		return cells[:k-1], true
	}
	return cells, false
}

// --- Fibonacci lines ---

func fibonacciLineKind() KindInfo {
	return KindInfo{Name: FibonacciLine, Meaning: "The digits along a Fibonacci line strictly increase from one of its ends to the other, and each digit after the lowest two is the sum of the two before it.",
		Distinct: true,
		validate: func(n int, r sudokusat.Rule) error {
			if err := validateLine(n, r, 2, -1); err != nil {
				return err
			}
			if r.Value != 0 {
				return fmt.Errorf("a value of %d: a Fibonacci line has none", r.Value)
			}
			return nil
		},
		check: func(c *checking, r sudokusat.Rule) error {
			ds := make([]int, len(r.Cells))
			for i, x := range r.Cells {
				ds[i] = c.at(x)
			}
			up := slices.Clone(ds)
			slices.Reverse(up)
			if fibonacciUp(ds) || fibonacciUp(up) {
				return nil
			}
			return fmt.Errorf("%s hold %v: from neither end increasing, each digit after the first two the sum of the two before it", c.names(r.Cells), ds)
		}}
}

// fibonacciUp reports whether ds strictly increases, each digit from the
// third on the sum of the two before it.
func fibonacciUp(ds []int) bool {
	for i := 1; i < len(ds); i++ {
		if ds[i] <= ds[i-1] || i >= 2 && ds[i] != ds[i-1]+ds[i-2] {
			return false
		}
	}
	return true
}

// --- Pair sum lines ---

func pairSumLineKind() KindInfo {
	return repeating(lineKind(PairSumLine, "A pair sum line has four cells, and the sum of its first two digits equals the sum of its last two.",
		"", 4, 4, false, func(c *checking, r sudokusat.Rule) error {
			first, last := c.sum(r.Cells[:2]), c.sum(r.Cells[2:])
			if first != last {
				return fmt.Errorf("the first two digits sum to %d, the last two to %d", first, last)
			}
			return nil
		}))
}
