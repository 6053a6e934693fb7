package variant

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokusat/sudokusat"
)

// This file is the table of SudokuPad's drawing conventions: for each
// kind of rule that a SudokuPad puzzle shows as a drawing, the form the
// drawing takes (as SudokuPad draws f-puzzles' kinds when it imports
// them, and as setters' tools keep it) and the words its rules text names
// the kind in. A drawing is read as a kind only when both say so, and as
// one kind only: a drawing with one signal and not the other, or whose
// form and text fit two kinds, is listed as not read.
//
// The styles come from SudokuPad's f-puzzles importer (its decoder, as
// marktekfan/sudokupad-penpa-import keeps a copy of it, and the colours
// f-puzzles gives its constraint lines) and from the documents setters'
// tools make; docs/formats.md has the table in words.

// spLayer is where a convention finds its drawings.
type spLayer int

const (
	spOnLines  spLayer = iota // the lines
	spOnArrows                // the arrows
	spOnShapes                // the overlays and underlays
	spOnCages                 // the cages
	spOnText                  // none: a rule of the whole grid only the text states
)

// spConvention is one row of the table: a kind of rule and how a
// SudokuPad puzzle shows it.
type spConvention struct {
	// name is the drawing as docs and messages call it ("a thermometer").
	name string
	kind Kind
	on   spLayer
	// form says in words what the drawing looks like, for the docs.
	form string
	// words are the rules text's words for the kind. A drawing is read
	// as the kind only when a sentence names it, but for a drawing the
	// format itself states (format: a cage's total), which the words
	// only account for in the text.
	words  spWordList
	format bool
	// read tries a drawing (an index of spReader.draws) as the kind:
	// the rules it states and the other drawings that are part of it
	// (a thermometer's bulb, an arrow's circle), or ok false when its
	// form is not the kind's.
	read func(r *spReader, d int) (rules []sudokusat.Rule, with []int, ok bool)
	// sentence is the rules text the writer states for the kind, and
	// write draws a rule (see sudokupad_write.go); nil for a kind
	// written otherwise or not at all.
	sentence string
	write    func(w *spWriter, rule sudokusat.Rule)
	// gap marks a kind whose value is the least difference the text
	// states ("at least 4"), gapDefault when it states none (0: the
	// kind's own default).
	gap        bool
	gapDefault int
	// anyColour marks a form of no one colour (a difference count line,
	// a Fibonacci line, a pair sum line, which setters draw in any): a drawing that also has the form of a row
	// of its colour (a purple line: a renban line), both named, is that
	// row's, unless the text gives this row the drawing's colour and the
	// other none (see settle). Nor is a drawing that no sentence names
	// said to be drawn as this row: any line is.
	anyColour bool
	// total marks a kind whose value is the total the text states ("sum
	// to 10"): a sum line's.
	total bool
}

// spConventions returns the table, in the order the drawings are tried:
// the first rows of a layer claim the drawings that later rows would
// take for parts of theirs.
func spConventions() []spConvention {
	slow := []string{"slow", "stay the same", "or stay", "or equal", "remain the same", "never decrease", "not decrease", "non decreasing", "nondecreasing", "may repeat", "can repeat"}
	// Words that make a thermometer another: a step, a sum, another
	// direction ("increase from the tip to the bulb", "from either end").
	thermoOther := []string{"decrease", "differ", "difference", "step", "double", "twice", "sum", "total", "exactly", "to the bulb", "toward", "from the tip", "both ends"}
	return []spConvention{
		// Cages: the format states them.
		{name: "a killer cage", kind: Killer, on: spOnCages, form: "a cage with a whole number as its value", format: true, words: cageWords,
			read: readKillerCage, sentence: "Digits in a cage do not repeat and sum to the total in its corner.", write: writeCage},
		{name: "a cage without a total", kind: Killer, on: spOnCages, form: "a cage marked unique (no digit repeats), without a value", format: true, words: cageWords,
			read: readUniqueCage},
		{name: "a prime cage", kind: PrimeCage, on: spOnCages, form: "a cage marked unique (no digit repeats), without a value", words: primeCageWords,
			read: readPrimeCage(PrimeCage), sentence: "Digits in a cage do not repeat and sum to a prime number.", write: writePrimeCage},
		{name: "a prime cage whose digits may repeat", kind: PrimeCageRepeat, on: spOnCages, form: "a cage without a value", words: primeCageWords,
			read: readPrimeCage(PrimeCageRepeat), sentence: "The digits of a cage add up to a prime number and may repeat within the cage.", write: writePrimeCage},
		{name: "an extra region", kind: Region, on: spOnCages, form: "a hidden cage marked unique, or one of style extraregion", format: true,
			words: spWordList{any: [][]string{{"extra region"}, {"region", "repeat"}}, not: []string{"may repeat", "can repeat", "sum", "total"},
				gainsay: []string{"may repeat", "can repeat", "sum", "total"}}, read: readRegionCage, sentence: "Digits do not repeat in an extra region (a hidden cage).", write: writeRegion},

		// Lines with a bulb.
		{name: "a thermometer", kind: Thermo, on: spOnLines, form: "a thick line (thickness 9 or more) with a round bulb of its colour at one end",
			words: spWordList{any: [][]string{{"thermo", "increase"}, {"thermo", "ascend"}, {"thermo", "larger"}, {"thermo", "greater"}, {"thermo", "bigger"}, {"thermo", "rise"}},
				not: slices.Concat(slow, thermoOther, []string{"equal"}), called: []string{"thermometer"}}, read: readThermo,
			sentence: "Digits along a thermometer increase from the bulb end.", write: writeThermo},
		{name: "a slow thermometer", kind: SlowThermo, on: spOnLines, form: "as a thermometer",
			words: spWordList{any: [][]string{{"slow thermo"}, {"thermo", "stay the same"}, {"thermo", "or stay"}, {"thermo", "or equal"}, {"thermo", "remain the same"}, {"thermo", "never decrease"}, {"thermo", "not decrease"}, {"thermo", "non decreasing"},
				{"thermo", "may repeat"}, {"thermo", "can repeat"}}, not: thermoOther},
			read: readThermo, sentence: "Digits along a slow thermometer increase or stay the same from the bulb end.", write: writeThermo},
		// Lines with marked ends.
		{name: "a between line", kind: BetweenLine, on: spOnLines, form: "a grey line with a round circle at each end",
			words: spWordList{any: [][]string{{"between", "circle"}, {"strictly between"}}, not: []string{"sandwich", "double arrow", "equal", "outside", "not ", "never", "cannot", "cant", "no digit", "none",
				"some ", "exactly", "one digit", "apart from", "neighbo", "repeat", "consecutive", "if ", "sum", "total", "differ"}, called: []string{"between line"}},
			read: lineWithEnds(nil, true, endCircle), sentence: "Digits on a between line lie strictly between the digits in its circled ends.", write: writeLineEnds("#c8c8c8", endCircle)},
		{name: "a double arrow", kind: DoubleArrow, on: spOnLines, form: "a line with a round circle at each end, pink to purple",
			words: spWordList{any: [][]string{{"double arrow", "sum"}, {"double arrow", "total"}}, not: []string{"differ"}, called: []string{"double arrow"}},
			read:  lineWithEnds([]hueRange{{280, 350}}, false, endCircle), sentence: "The circled ends of a double arrow sum to the total of the digits between them.", write: writeLineEnds("#c54b8b", endCircle)},
		{name: "a lockout line", kind: Lockout, on: spOnLines, form: "a blue to purple line with a diamond at each end",
			words: spWordList{any: [][]string{{"lockout", "differ"}, {"lockout", "difference"}, {"lockout", "between"}}, part: [][]string{{"diamond", "differ"}, {"diamond", "difference"}},
				called: []string{"lockout line"}, own: spGapWords, negated: []string{"between"}},
			read: lineWithEnds([]hueRange{{200, 285}}, false, endDiamond), gap: true, sentence: "The diamond ends of a lockout line differ by at least 4 (half the side), and no digit between them on the line lies between or equals them.", write: writeLineEnds("#aabeef", endDiamond)},
		// Plain lines, by their colour.
		{name: "a renban line", kind: Renban, on: spOnLines, form: "a purple to pink (magenta) line",
			words: spWordList{any: [][]string{{"renban"}, {"consecutive", "any order"}, {"consecutive", "non repeating"}, {"consecutive", "set"}}, not: []string{"dot", "kropki", "may repeat", "can repeat", "twice", "increasing", "decreasing", "ascending", "descending", "odd", "even",
				"skip", "missing", "not consecutive", "non consecutive", "never consecutive", "sum", "total"}},
			read: setLine([]hueRange{{285, 345}}), sentence: "Digits on a purple renban line are a set of consecutive digits in any order, without repeats.", write: writeLine("#f067f0")},
		{name: "a whispers line", kind: Whispers, on: spOnLines, form: "a green line",
			words: spWordList{any: [][]string{{"differ", "at least"}, {"difference", "at least"}, {"differ", "or more"}}, not: []string{"dutch", "between", "lockout", "diamond", "dot", "equal", "sum", "total", "every other", "all other"}, called: []string{"german whisper"}, own: spGapWords},
			read:  plainLine([]hueRange{{70, 165}}, false), gap: true, sentence: "Adjacent digits along a green German whispers line differ by at least 5 (half the side, rounded up).", write: writeLine("#67f067")},
		{name: "a Dutch whispers line", kind: Whispers, on: spOnLines, form: "an orange line",
			words: spWordList{called: []string{"dutch whisper"}, any: [][]string{{"dutch whisper", "differ"}, {"dutch whisper", "difference"}}, own: spGapWords},
			read:  plainLine([]hueRange{{15, 50}}, false), gap: true, gapDefault: 4, sentence: "Adjacent digits along an orange Dutch whispers line differ by at least 4.", write: writeLine("#ff9a00")},
		{name: "a region sum line", kind: RegionSumLine, on: spOnLines, form: "a blue line",
			words: spWordList{any: [][]string{{"region sum", "same"}, {"region sum", "equal"}, {"box", "same", "sum"}, {"region", "same", "sum"}, {"box", "same", "total"}, {"region", "same", "total"},
				{"box", "equal", "sum"}, {"region", "equal", "sum"}, {"segment", "same", "sum"}, {"segment", "same", "total"}, {"border", "segment"}, {"border", "divide", "line"}}, not: []string{"cage", "product", "difference", "differ ", "differs ", "increase", "decrease", "double", "twice", "number of", "odd", "even", "count"},
				noTotal: true, called: []string{"region sum line"}},
			read: plainLine([]hueRange{{185, 250}}, false), sentence: "Digits on a blue region sum line have the same sum in each box (region) the line passes through.", write: writeLine("#2ecbff")},
		// A region difference line is drawn as a region sum line is: the
		// text tells them apart, stating a difference and no sum.
		{name: "a region difference line", kind: RegionDifferenceLine, on: spOnLines, form: "a blue line",
			words: regionDifferenceWords, read: plainLine([]hueRange{{185, 250}}, false),
			sentence: "Box borders divide a blue line into segments of two cells, and the digits of every segment have the same difference.", write: writeLine("#2ecbff")},
		{name: "a palindrome line", kind: Palindrome, on: spOnLines, form: "a grey line without a bulb or circled ends",
			words: spWordList{any: [][]string{{"palindrome", "same"}, {"palindrome", "read"}, {"read the same", "direction"}, {"reads the same", "direction"}, {"same forwards", "backwards"}, {"read the same", "backwards"}}, called: []string{"palindrom"},
				not: []string{"parity", "odd", "even", "sum", "add", "differ", "consecutive", "ratio", "double", "twice"},
				own: []string{"either end", "either direction", "both directions", "opposite"}},
			read: plainLine(nil, true), sentence: "Digits on a grey palindrome line read the same from either end.", write: writeLine("#c0c0c0")},
		{name: "an entropic line", kind: EntropicLine, on: spOnLines, form: "a peach or orange line",
			words: spWordList{any: append([][]string{{"entropic", "low"}, {"entropic", "123 "}, {"entropic", "1 3 "}, {"entropic", "1 2 3 "}},
				spEachOf([]string{"line"}, []string{"three", "3 "}, []string{"consecutive", "adjacent", "successive", "in a row"},
					[]string{"low"}, []string{"middle", "medium"}, []string{"high"}, []string{"123 ", "1 3 ", "1 2 3 "}, []string{"456 ", "4 6 ", "4 5 6 "},
					[]string{"789 ", "7 9 ", "7 8 9 "})...), called: []string{"entropic line"},
				not: []string{"four", "1234", "3456", "6789", "12 ", "89 ", "no ", "not ", "never", "exempt", "that order", "in order", "increasing", "ascending", "decreasing", "descending", "sum", "total", "either", "alternat", "or ", "end"}},
			read: plainLine([]hueRange{{10, 45}}, false), sentence: "Any three consecutive digits along a peach entropic line hold a low (1-3), a middle (4-6) and a high (7-9) digit.", write: writeLine("#ffccaa")},
		{name: "a modular line", kind: ModularLine, on: spOnLines, form: "a turquoise line",
			words: spWordList{any: [][]string{{"modular", "remainder"}, {"modular", "147 "}, {"modular", "1 4 7 "}, {"modular", "mod 3"}, {"modular", "modulo 3"}}, called: []string{"modular line"},
				not: []string{"four", "mod 4", "modulo 4", "same remainder"}},
			read: plainLine([]hueRange{{160, 195}}, false), sentence: "Any three consecutive digits along a turquoise modular line have different remainders when divided by 3.", write: writeLine("#33bbbb")},
		{name: "a nabner line", kind: Nabner, on: spOnLines, form: "a yellow (olive) line",
			words: spWordList{any: [][]string{{"nabner", "consecutive"}}, called: []string{"nabner line"}, not: []string{"may repeat", "can repeat", "differ by 2", "two or less"}},
			read:  setLine([]hueRange{{45, 75}}), sentence: "No two digits on a yellow nabner line are equal or consecutive.", write: writeLine("#c9c883")},
		{name: "a zipper line", kind: ZipperLine, on: spOnLines, form: "a lavender line (a dot may mark its middle)",
			words: spWordList{any: [][]string{{"zipper", "sum"}, {"zipper", "total"}}, called: []string{"zipper line"}, not: []string{"differ"}, noTotal: true},
			read:  readZipper, sentence: "Digits on a lavender zipper line at the same distance from its middle sum to the same total, the middle digit when there is one.", write: writeLine("#cdb1ec")},
		{name: "a sum line", kind: SumLine, on: spOnLines, form: "a white or light grey line, often over a thicker darker line (its outline)",
			words: spWordList{any: [][]string{{"10 line"}, {"ten line"}, {"sum line", "segment"}, {"segment", "sum to"}, {"segment", "sums to"}, {"segment", "summing to"},
				{"segment", "add to"}, {"segment", "adds to"}, {"segment", "add up to"}, {"segment", "adds up to"}, {"segment", "adding up to"}, {"segment", "total"}},
				not: []string{"region sum", "border", "same sum", "same total", "same value", "equal sum", "equal total", "cage", "arrow", "product", "differ"},
				own: []string{"or more"}},
			read: readSumLine, total: true, sentence: "Each white 10 line splits into one or more segments of consecutive cells, each with digits that sum to 10.", write: writeSumLine},
		{name: "a difference count line", kind: DifferenceCount, on: spOnLines, form: "a line of any hue (not grey), without a bulb or marked ends, that no other kind the text names claims by its colour",
			words: spWordList{any: [][]string{{"difference", "how many", "pair"}, {"difference", "number of", "pair"}}, called: []string{"difference count line", "differences count line"}},
			read:  plainLine(spAnyHue, false), anyColour: true, sentence: "For any two adjacent digits on a red difference count line, their difference says exactly how many adjacent pairs on that line have this same difference.", write: writeLine("#f08080")},
		// A Fibonacci line has no colour of its own: it yields a line
		// to a row of the line's colour that the text names too. The
		// name alone does not name it: puzzles call other rules so
		// (the first two digits in any order; sums of several digits).
		{name: "a Fibonacci line", kind: FibonacciLine, on: spOnLines, form: "a line of any colour (not white) without a bulb or marked ends, not of the colour of another line the text names",
			words: spWordList{any: [][]string{{"fibonacci", "increas", "sum"}, {"fibonacci", "increas", "total"}, {"fibonacci", "increas", "add"}, {"fibonacci", "ascend", "sum"}},
				not: []string{"three before", "previous three", "three previous", "3 before", "previous 3"}},
			read: anyLine, anyColour: true, sentence: "Digits on a teal Fibonacci line strictly increase from one end to the other, each digit after the lowest two the sum of the two before it.", write: writeLine("#2aa198")},
		// A sequence line has the palindrome line's form: a grey line
		// is read as one when the text names one kind of the two, and
		// left unread when it names both.
		{name: "a sequence line", kind: SequenceLine, on: spOnLines, form: "a grey line without a bulb or circled ends",
			words: spWordList{any: [][]string{{"sequence", "same difference"}, {"sequence", "constant difference"}, {"sequence", "common difference"}, {"in order", "same difference"}, {"arithmetic", "difference"}},
				not: []string{"geometric", "fibonacci", "ratio", "parity", "odd", "even", "exactly"}, called: []string{"sequence line", "arithmetic sequence", "arithmetic progression", "arithmetic series"}},
			read: plainLine(nil, true), sentence: "Digits along a grey sequence line, read in order, form an arithmetic sequence: neighbouring digits differ by the same amount in the same direction.", write: writeLine("#a0a0a0")},
		// A pair sum line has no colour of its own either. No name
		// names it: the text must state the rule, the first two digits'
		// sum equal to (the same as) the last two's.
		{name: "a pair sum line", kind: PairSumLine, on: spOnLines, form: "a line of four cells of any colour (not white) without a bulb or marked ends, not of the colour of another line the text names",
			words: spWordList{any: pairSumWords(), not: []string{"product", "cage", "arrow", "outside", "twice", "double", "not equal", "never equal", "unequal", "differ"}},
			read:  anyLine, anyColour: true, sentence: "On a pink line of four cells, the first two digits add up to the same sum as the last two digits.", write: writeLine("#f06497")},
		{name: "a main diagonal", kind: DiagonalMain, on: spOnLines, form: "a line from the grid's top left corner to its bottom right",
			words: spWordList{any: [][]string{{"diagonal", "repeat"}, {"diagonal", "once"}, {"diagonal", "distinct"}, {"diagonal", "1 "}, {"sudoku x"}}, not: spDiagonalOther},
			read:  readDiagonal(false), sentence: "Digits do not repeat on a marked diagonal.", write: writeDiagonal},
		{name: "an anti-diagonal", kind: DiagonalAnti, on: spOnLines, form: "a line from the grid's bottom left corner to its top right",
			words: spWordList{any: [][]string{{"diagonal", "repeat"}, {"diagonal", "once"}, {"diagonal", "distinct"}, {"diagonal", "1 "}, {"sudoku x"}}, not: spDiagonalOther},
			read:  readDiagonal(true), sentence: "Digits do not repeat on a marked diagonal.", write: writeDiagonal},

		{name: "an arrow drawn as lines", kind: Arrow, on: spOnLines, form: "a line from a circle with a head of two short strokes at its far end",
			words: arrowWords, read: readLineArrow},
		{name: "a difference arrow drawn as lines", kind: DifferenceArrow, on: spOnLines, form: "as an arrow drawn as lines; read only from a circle of one cell along two cells",
			words: differenceArrowWords, read: asDifferenceArrow(readLineArrow)},

		// Arrows.
		{name: "an arrow", kind: Arrow, on: spOnArrows, form: "an arrow that starts at the edge of a circle (or a pill over 2 or 3 cells)",
			words: arrowWords, read: readArrow, sentence: "Digits along an arrow sum to the number in its circle.", write: writeArrow},
		// A difference arrow is drawn as an arrow is: the text tells
		// them apart, stating a difference and no sum.
		{name: "a difference arrow", kind: DifferenceArrow, on: spOnArrows, form: "as an arrow; read only from a circle of one cell along two cells",
			words: differenceArrowWords, read: asDifferenceArrow(readArrow), sentence: "The difference between the two digits on a difference arrow is the digit in its circle.", write: writeArrow},
		{name: "a little killer", kind: LittleKiller, on: spOnArrows, form: "a short diagonal arrow outside the grid with its total as text beside it",
			words: spWordList{any: [][]string{{"little killer", "sum"}, {"little killer", "total"}, {"diagonal", "sum"}, {"diagonal", "total"}, {"diagonal", "add"}}, not: slices.Concat([]string{"product", "same sum", "count", "how many", "number of", "odd", "even", "first", "look and say"}, spNoRepeat), called: []string{"little killer"}},
			read:  readLittleKiller, sentence: "Digits along the diagonal a little killer arrow points along sum to its total; digits may repeat.", write: writeLittleKiller},
		// A look-and-say clue is drawn as a little killer is: the text
		// tells them apart, and one that names both leaves the arrows
		// unread.
		{name: "a look-and-say clue", kind: LookAndSay, on: spOnArrows, form: "a short diagonal arrow outside the grid with its clue, digits read as (count, value) pairs, as text beside it (a little killer's form)",
			words: lookAndSayWords,
			read:  readLookAndSay, sentence: "A look-and-say clue outside the grid says how many times each digit appears along the diagonal its arrow points along, read as pairs of count and digit: 1223 is one 2 and two 3s.", write: writeLookAndSay},

		// Shapes.
		{name: "a white dot", kind: White, on: spOnShapes, form: "a small white circle with a dark border on the edge between two cells",
			words: spWordList{any: [][]string{{"white", "consecutive"}, {"kropki", "consecutive"}, {"white", "differ by 1 "}, {"white", "1 apart"}, {"white", "one apart"}, {"white", "1 greater"}, {"white", "difference of 1 "},
				{"white", "differ by exactly 1 "}, {"white", "difference of exactly 1 "}},
				not: []string{"not consecutive", "never consecutive", "consecutive or", "differ by 2", "difference of 2", "1 or 2", "only in"},
				own: []string{"greater than", "larger than", "more than", "higher than", "bigger than"}},
			read: readDot(false, false), sentence: "Digits separated by a white dot are consecutive.", write: writeDot},
		{name: "a white dot with a number", kind: White, on: spOnShapes, form: "a white dot with a number as text",
			words: spWordList{any: [][]string{{"white", "differ", "number"}, {"white", "difference", "number"}}},
			read:  readDot(false, true), sentence: "Digits separated by a white dot with a number differ by that number.", write: writeDot},
		{name: "a black dot", kind: Black, on: spOnShapes, form: "a small black circle on the edge between two cells",
			words: spWordList{any: [][]string{{"black", "ratio"}, {"black", "double"}, {"black", "twice"}, {"black", "half"}},
				not: []string{"1 3 ", "3 1 ", "1 4 ", "4 1 ", "2 3 ", "3 2 ", "any ratio", "whole number", "integer"}},
			read: readDot(true, false), sentence: "Digits separated by a black dot are in a 1:2 ratio.", write: writeDot},
		{name: "a black dot with a number", kind: Black, on: spOnShapes, form: "a black dot with a number as text",
			words: spWordList{any: [][]string{{"black", "times", "number"}, {"black", "ratio", "number"}}},
			read:  readDot(true, true), sentence: "Of the digits separated by a black dot with a number, one is that number times the other.", write: writeDot},
		{name: "a grey dot", kind: GreyDot, on: spOnShapes, form: "a small grey circle, neither white nor black, on the edge between two cells",
			words: spWordList{any: [][]string{{"grey", "consecutive", "or ", "ratio"}, {"gray", "consecutive", "or ", "ratio"}, {"grey", "consecutive", "or ", "double"}, {"gray", "consecutive", "or ", "double"},
				{"grey", "consecutive", "or ", "twice"}, {"gray", "consecutive", "or ", "twice"}, {"grey", "consecutive", "or ", "half"}, {"gray", "consecutive", "or ", "half"}},
				not: []string{"white", "black", "sum", "colour", "color", "shaded", "not ", "never", "neither", "cannot"}},
			read: readGreyDot, sentence: "A grey dot joins two digits that are consecutive or in a 1:2 ratio, or both.", write: writeDot},
		{name: "an X", kind: XV, on: spOnShapes, form: "the text X on the edge between two cells (not between two cages without totals)",
			words: spWordList{any: [][]string{{"x ", "10 "}, {"xv", "sum"}}, not: []string{"differ"}},
			read:  readXV("X", 10), sentence: "Digits separated by an X sum to 10.", write: writeXV},
		{name: "a V", kind: XV, on: spOnShapes, form: "the text V on the edge between two cells (not between two cages without totals)",
			words: spWordList{any: [][]string{{"v ", "5 "}, {"xv", "sum"}}, not: []string{"differ"}},
			read:  readXV("V", 5), sentence: "Digits separated by a V sum to 5.", write: writeXV},
		// A Roman numeral on the edge between two cages without totals
		// (an X and a V too): the cages are part of the rule, read with
		// it; an X or a V there is no XV mark (see readXV). The text
		// names the cages' numbers (or how they read) and their sum:
		// "the digits of two cages sum to the numeral" is another rule,
		// a killer's, and so is "the larger number is the numeral".
		{name: "a Roman numeral between cages", kind: RomanCages, on: spOnShapes, form: "a Roman numeral (I, V, X, L, C, D, M, or several by the standard rules) as text on the edge between two cells of two cages without totals, each a straight run of a row or a column; a disc without text under it and the two cages are part of it",
			words: spWordList{any: spEachOf([]string{"roman"}, []string{"cage"}, []string{"number", "read"}, []string{"sum", "add", "total"}), part: [][]string{{"cage", "connect", "sum"}, {"cage", "join", "sum"}, {"cage", "link", "sum"},
				{"cage", "read", "top to bottom"}, {"cage", "read", "left to right"}},
				not: []string{"right to left", "bottom to top", "differ", "difference", "outward", "away from", "nearest", "closest", "backward", "base ",
					"larger", "smaller", "largest", "smallest", "greater", "bigger"}, own: []string{"as a number", "digit number", "concatenat"}},
			read: readRoman, sentence: "Roman numeral cages: two cages joined by a Roman numeral hold numbers that sum to its value. A cage's digits are read from top to bottom or from left to right.", write: writeRoman},
		// A V is a V and an inequality sign pointing down: a text that
		// names both leaves it unread (readOne), one that names one of
		// them reads it as that one.
		{name: "an inequality sign", kind: Inequality, on: spOnShapes, form: "the text <, >, ^ or v (˂, ˃, ˄, ˅, ∧, ∨ and the like), turned by its angle, on the edge between two cells, pointing to one of them",
			words: spWordList{any: [][]string{{"inequalit", "smaller"}, {"inequalit", "lower"}, {"inequalit", "less"}, {"point", "smaller"}, {"point", "lesser"},
				{"point", "lower digit"}, {"point", "lower number"}, {"point", "lower value"}, {"point", "lower of"},
				{"open", "larger"}, {"open", "greater"}, {"open", "bigger"}, {"open", "higher"}, {"greater than", "sign"}, {"greater than", "symbol"}, {"less than", "sign"}, {"less than", "symbol"}}, not: []string{"exactly"}},
			read: readInequality, sentence: "An inequality sign between two cells points to the smaller digit.", write: writeInequality},
		{name: "an even cell", kind: Even, on: spOnShapes, form: "a coloured square (0.35 to 0.9 of a cell) in a cell",
			words: spWordList{any: [][]string{{"even", "square"}}, not: spCountWords},
			read:  readParity(false), sentence: "A cell with a grey square holds an even digit.", write: writeParity},
		{name: "an odd cell", kind: Odd, on: spOnShapes, form: "a coloured circle (0.35 to 0.9 of a cell) in a cell",
			words: spWordList{any: [][]string{{"odd", "circle"}}, not: spCountWords},
			read:  readParity(true), sentence: "A cell with a grey circle holds an odd digit.", write: writeParity},
		{name: "a maximum cell", kind: Maximum, on: spOnShapes, form: "a shaded cell (chevrons toward its neighbours are part of it)",
			words: spWordList{any: [][]string{{"maximum"}, {"greater than", "neighbo"}, {"greater than", "adjacent"}, {"larger than", "adjacent"}, {"larger than", "neighbo"}, {"higher than", "adjacent"}, {"bigger than", "adjacent"}}, not: spExtremeOther},
			read:  readExtreme, sentence: "A digit in a grey maximum cell is greater than each orthogonally adjacent digit that is not in a maximum cell.", write: writeExtreme},
		{name: "a minimum cell", kind: Minimum, on: spOnShapes, form: "a shaded cell (chevrons toward its neighbours are part of it)",
			words: spWordList{any: [][]string{{"minimum"}, {"less than", "neighbo"}, {"less than", "adjacent"}, {"smaller than", "adjacent"}, {"smaller than", "neighbo"}, {"lower than", "adjacent"}}, not: spExtremeOther},
			read:  readExtreme, sentence: "A digit in a grey minimum cell is less than each orthogonally adjacent digit that is not in a minimum cell.", write: writeExtreme},
		{name: "a quadruple", kind: Quadruple, on: spOnShapes, form: "a circle on the corner of four cells with 1 to 4 digits as text",
			words: spWordList{any: [][]string{{"quad", "appear"}, {"quad", "contain"}, {"quad", "include"}, {"quad", "present"}}, not: []string{"quadrant", "once", "not ", "never", "sum", "total", "odd", "even", "exactly"}, called: []string{"quadruple"}},
			read:  readQuadruple, sentence: "The digits in a circle on the corner of four cells (a quadruple) appear in those cells.", write: writeQuadruple},
		{name: "a counting circle", kind: CountingCircles, on: spOnShapes, form: "a circle (0.4 to 1 of a cell, without text) centred in a cell; every such circle no other rule takes, or none",
			words: spWordList{any: [][]string{{"circle", "how many circles"}, {"circle", "exactly", "circles"}, {"circle", "number of circles"}}, called: []string{"counting circle"},
				not: []string{"n 1 ", "sum", "total", "add", "arrow", "odd", "even", "border", "sees", "row", "column", "box", "region", "adjacent", "surround", "touch", "neighbo", "cage", "line", "diagonal"}},
			read: readCountingCircle, sentence: "A digit n in a circle means that exactly n circles hold n.", write: writeCellCircles},
		{name: "an entropic knight circle", kind: EntropicKnightCircle, on: spOnShapes, form: "a circle (0.4 to 1 of a cell, without text) centred in a cell",
			words: spWordList{any: [][]string{{"circle", "knight", "entropic"}, {"circle", "knight", "group"}, {"circle", "knight", "band"}, {"circle", "knight", "123", "789"}},
				not: []string{"differ", "sum", "total", "arrow", "odd", "even", "line", "repeat", "not ", "never"}},
			read: cellCircle(EntropicKnightCircle), sentence: "Every cell a chess knight's move from a circled digit holds a digit of that circle's entropic group (low, middle or high).", write: writeCellCircles},
		{name: "a sandwich clue", kind: Sandwich, on: spOnShapes, form: "a number outside the grid beside a row or column",
			words: spWordList{any: [][]string{{"sandwich", "sum"}, {"sandwich", "total"}}, called: []string{"sandwich"},
				not: []string{"2 and ", "3 and ", "4 and ", "5 and ", "6 and ", "7 and ", "8 and ", "or between", "number of", "how many", "count", "odd", "even"}},
			read: readSide(Sandwich), sentence: "A number outside the grid (a sandwich clue) is the sum of the digits between the 1 and the 9 of its row or column.", write: writeSide},
		{name: "an x-sum clue", kind: XSum, on: spOnShapes, form: "a number outside the grid beside a row or column",
			words: spWordList{any: [][]string{{"x sum", "first"}}, called: []string{"x sums", "x sum clue"}, not: []string{"last", "twice"}},
			read:  readSide(XSum), sentence: "A number outside the grid (an x-sum clue) is the sum of the first X digits of its row or column, X being the first of them.", write: writeSide},
		{name: "a skyscraper clue", kind: Skyscraper, on: spOnShapes, form: "a number outside the grid beside a row or column",
			words: spWordList{any: [][]string{{"skyscraper", "seen"}, {"skyscraper", "see"}, {"skyscraper", "visible"}, {"skyscraper", "count"}, {"skyscraper", "taller"}}, called: []string{"skyscraper"}, not: []string{"sum", "total", "odd", "even", "only if", "by 2"},
				own: []string{"larger than", "greater than", "higher than", "taller than"}},
			read: readSide(Skyscraper), sentence: "A number outside the grid (a skyscraper clue) counts the digits of its row or column larger than every digit before them, from the clue.", write: writeSide},

		// Rules of the whole grid that no drawing shows.
		{name: "anti-knight", kind: AntiKnight, on: spOnText, form: "no drawing (or metadata antiknight: true)",
			words:    spChessWords("knight"),
			sentence: "Cells a chess knight's move apart cannot hold the same digit (anti-knight).", write: writeGlobal},
		{name: "anti-king", kind: AntiKing, on: spOnText, form: "no drawing (or metadata antiking: true)",
			words:    spChessWords("king"),
			sentence: "Cells a chess king's move apart cannot hold the same digit (anti-king).", write: writeGlobal},
		{name: "non-consecutive", kind: NonConsecutive, on: spOnText, form: "no drawing, or every white dot given",
			words: spWordList{any: [][]string{{"non consecutive"}, {"nonconsecutive"}, {"adjacent", "consecutive", "not"}, {"adjacent", "consecutive", "cannot"}, {"adjacent", "consecutive", "never"}}, not: []string{"line", "arrow", "cage", "diagonal", "parity", "odd"},
				own: []string{"unless", "except"}, whole: true},
			sentence: "Orthogonally adjacent digits are not consecutive unless a dot joins them (all possible white dots are given).", write: writeGlobal},
		{name: "both diagonals, named only", kind: DiagonalMain, on: spOnText, form: "no drawing", words: bothDiagonals},
		{name: "both diagonals, named only (anti)", kind: DiagonalAnti, on: spOnText, form: "no drawing", words: bothDiagonals},
		{name: "disjoint groups", kind: DisjointGroups, on: spOnText, form: "no drawing",
			words: spWordList{any: [][]string{{"disjoint group"}, {"disjoint subset"}, {"disjoint set"}, {"same position", "box", "repeat"}, {"same position", "region", "repeat"}, {"same position", "box", "same digit"},
				{"same position", "region", "same digit"}, {"same relative position", "repeat"}, {"same relative position", "same digit"}},
				not: []string{"sum", "total", "difference", "consecutive", "may repeat", "can repeat", "clone", "index", "indicat", "cage", "line", "arrow", "diagonal"}, whole: true, negated: []string{"repeat", "same digit", "same number", "same value", "identical"}},
			sentence: "Cells in the same position in their boxes (disjoint groups) cannot hold the same digit.", write: writeGlobal},
		{name: "no parity triple", kind: NoParityTriple, on: spOnText, form: "no drawing", words: parityTripleWords(),
			sentence: "Along any row or column, no string of 3 consecutive digits is all odd or all even.", write: writeGlobal},
		{name: "cages of distinct totals", kind: DistinctSums, on: spOnText, form: "no drawing: the cages read",
			words:    distinctSumWords,
			sentence: "No two cages sum to the same total.", write: writeGlobal},
		{name: "every black dot given", kind: NoBlack, on: spOnText, form: "every black dot given",
			sentence: "All possible black dots are given.", write: writeGlobal},
		{name: "every X and V given", kind: NoXV, on: spOnText, form: "every X and V given",
			sentence: "All possible Xs and Vs are given.", write: writeGlobal},
	}
}

// spCountWords are the words of a rule of how many of the marked cells
// hold a kind of digit ("exactly two circles in each row hold odd
// digits"), or that they do not: not that each one holds it.
var spCountWords = []string{"exactly", "how many", "number of", "not ", "never", "sum", "total"}

// spGapWords are the words of a least difference ("at least 4", "5 or
// more", "more than 3"), which the kinds whose value it is own.
var spGapWords = []string{"at least", "or more", "more than", "no less than"}

// bothDiagonals are the words of a text that states both main diagonals
// without a drawing ("digits may not repeat on either main diagonal"):
// a text of one diagonal, or of marked ones, needs its line drawn.
var bothDiagonals = spWordList{any: [][]string{{"diagonal", "repeat", "both"}, {"diagonal", "repeat", "two"}, {"diagonal", "repeat", "either"},
	{"main diagonals", "repeat"}, {"long diagonals", "repeat"}, {"diagonal", "once", "both"}, {"main diagonals", "once"}, {"sudoku x"}, {"x sudoku"}, {"diagonal sudoku"}},
	not: []string{"sum", "arrow", "little killer", "product", "may repeat", "can repeat", "marked", "indicated", "shaded", "highlighted", "drawn", "line", "positive", "negative", "anti", "one of"}, whole: true}

// parityTripleWords returns the words of a sentence that states the rule of
// no parity triple: three (or "more than two") consecutive (adjacent, a
// string of, in a row) digits, in rows and columns, never (not, cannot,
// no, nor) all odd or all even, or of one parity ("Along any row or
// column, no string of 3 consecutive digits is all odd or all even"; "In any
// row or column, no more than two consecutive digits may have the same
// parity"). A sentence of lines, cages, boxes, marked cells or sums is of
// another rule.
func parityTripleWords() spWordList {
	three := []string{"three ", "3 ", "triple", "more than two", "more than 2"}
	run := []string{"consecutive", "adjacent", "string", "in a row", "sequence", "touching", "neighbo"}
	never := []string{"never", "not", "cannot", "no ", "nor ", "neither", "both", "mix"}
	row, column := []string{"row"}, []string{"column"}
	return spWordList{any: slices.Concat(spEachOf(three, run, row, column, never, []string{"odd"}, []string{"even"}),
		spEachOf(three, run, row, column, never, []string{"parity"})),
		not: []string{"line", "cage", "arrow", "circle", "square", "diagonal", "box", "region", "sum", "total", "dot", "shaded", "marked", "thermo", "may repeat", "can repeat"},
		own: []string{"no more than", "odd digit", "even digit", "odd number", "even number"}, whole: true}
}

// spEachOf returns the lists of terms that take one term of each group:
// a sentence holds one of them when it holds a term of every group.
func spEachOf(groups ...[]string) [][]string {
	out := [][]string{nil}
	for _, g := range groups {
		var next [][]string
		for _, head := range out {
			for _, t := range g {
				next = append(next, append(slices.Clip(head), t))
			}
		}
		out = next
	}
	return out
}

// arrowWords are an arrow's words.
var arrowWords = spWordList{any: [][]string{{"arrow", "sum"}, {"arrow", "add"}, {"arrow", "total"}},
	not: slices.Concat([]string{"diagonal", "little killer", "outside", "double arrow", "differ", "twice", "double", "smallest", "largest", "point"}, spNoRepeat), pill: true}

// differenceArrowWords are a difference arrow's words: an arrow and a
// difference, and no sum (which is an arrow's). A difference negated
// ("is not the digit in its circle"), scaled ("twice", "half", "divided
// by"), signed by the arrow's direction or said of which digit is the
// larger or first is another rule.
var differenceArrowWords = spWordList{any: [][]string{{"arrow", "difference"}, {"arrow", "differ "}, {"arrow", "differs "}},
	not: slices.Concat([]string{"sum", "total", "add", "diagonal", "little killer", "outside", "double arrow", "lockout", "point", "ratio",
		"twice", "double", "half", "halve", "divid", "direction", "order", "smaller", "larger", "greater", "bigger", "lesser", "first", "second"}, spNoRepeat, spNegations)}

// lookAndSayWords are a look-and-say clue's words: its name, and the
// diagonal, or a digit appearing (how many times). The pairs read
// otherwise than (count, value) (pairsOther), the digits of another house
// than the diagonal, of some digits or cells, in order ("followed by",
// runs), with another count ("or one fewer", "twice") or naming every
// digit on the diagonal ("only", "no other") are another rule.
var lookAndSayWords = spWordList{any: [][]string{{"diagonal", "look and say"}, {"look and say", "appear"}, {"look and say", "how many"}, {"look and say", "times"}},
	not: []string{"cage", "little killer", "sum", "total", "row", "column", "box", "region", "both diagonal", "main diagonal", "odd", "even",
		"in order", "then ", "followed by", "consecutive", "run ", "runs ", "either order", "reverse", "backward",
		"fewer", "twice", "double", "half", "until", "up to", "within", "omit", "exclud", "ignor",
		"every digit", "all digits", "all the digits", "only", "no other", "nothing else"},
	called: []string{"look and say"}, pairs: true}

// regionDifferenceWords are a region difference line's words: a box
// (region, segment), the same (equal) difference, and no sum (which is a
// region sum line's), nor neighbours along the line (another rule). The
// same difference negated ("no two boxes", "not the same"), signed (in
// a direction, the larger first) is another rule.
var regionDifferenceWords = spWordList{any: spEachOf([]string{"box", "region", "segment"}, []string{"same", "equal"}, []string{"difference", "differ ", "differs "}),
	not: slices.Concat([]string{"sum", "total", "add", "cage", "arrow", "dot", "product", "ratio", "increase", "decrease", "double", "twice", "number of", "count", "odd", "even",
		"adjacent", "neighbo", "consecutive", "sequence", "whisper", "renban", "different", "distinct", "unique", "vary", "varies",
		"sign", "direction", "order", "read", "first", "larger", "smaller", "largest", "smallest", "greater"}, spNegations)}

// spNoRepeat are the words of a sentence that says digits do not repeat,
// which changes a rule whose digits may (an arrow's, a little killer's).
var spNoRepeat = []string{"may not repeat", "cannot repeat", "not repeat", "dont repeat", "never repeat", "distinct", "unique"}

// spDiagonalOther are the words that make a diagonal's rule (its digits
// do not repeat) another: a sum, repeats, a digit's parity, neighbours
// on it, another set to differ from.
var spDiagonalOther = []string{"sum", "arrow", "little killer", "product", "may repeat", "can repeat", "odd", "even", "consecutive", "distinct from", "different from", "twice", "exactly"}

// spExtremeOther are the words that make a maximum's or a minimum's rule
// (more, or less, than each orthogonal neighbour) another.
var spExtremeOther = []string{"diagonal", "exactly", "sum", "total"}

// spChessWords are the words of the anti-king or anti-knight rule, by
// the piece's name: "anti-knight", "a knight's move apart … the same" or
// "… different"; but not different, different from something else, a
// sum or a difference (another rule of the same cells), or not all cells.
func spChessWords(piece string) spWordList {
	any := [][]string{{"anti " + piece}, {"anti" + piece}}
	for _, move := range []string{piece + "s move", piece + " move"} {
		for _, same := range []string{"same", "repeat", "identical"} {
			any = append(any, []string{move, same})
		}
	}
	any = append(any, []string{piece + "s move", "different"}, []string{piece + " move", "different"})
	return spWordList{any: any,
		not: []string{"not different", "not be different", "cannot be different", "cant be different", "never different", "never be different",
			"different from", "different than", "different colo", "different size", "as different", "mostly", "not all", "sum", "differ ", "differs",
			"difference", "consecutive", "circle", "entropic", "parity", "indexer", "may repeat", "can repeat"},
		whole: true, negated: []string{"same", "identical", "repeat"}}
}

// cageWords are a killer cage's words, which account for sentences about
// cages: a cage's rule is the format's.
var cageWords = spWordList{any: [][]string{{"cage", "sum"}, {"cage", "total"}, {"cage", "add"}, {"cage", "repeat"}, {"killer "}},
	not: []string{"little killer", "may repeat", "can repeat", "product", "multipl", "look and say", "roman", "average", "prime"},
	gainsay: []string{"may repeat", "can repeat", "product", "multipl", "look and say", "roman", "average", "prime", "same total", "same sum", "equal sum",
		"how many", "count", "number of", "last digit", "units digit"}}

// primeCageWords are a prime cage's words: a cage, its sum (total), and a
// prime. A cage and a prime alone are other rules' ("each digit in a cage
// is prime", "the number of cells in a cage is prime"), as are a prime
// negated ("no cage sums to a prime"), one of some primes ("an odd
// prime", "a two-digit prime", "below 20"), one offered beside another
// value ("a prime or 1"), a sum of some digits ("ignoring 1s", "counting
// repeats once", "read backwards") and a prime said of a cage's digits or
// size besides its sum. A sentence naming it that says more of the cages together
// (spCagesTogether) is read by the row of cages of distinct totals, or
// the cages are not read (see readDistinctSums).
var primeCageWords = spWordList{any: spEachOf([]string{"cage"}, []string{"sum", "total", "add"}, []string{"prime"}),
	not: []string{"little killer", "product", "multipl", "not prime", "non prime", "composite",
		"no cage", "never", "not sum", "not add", "not total", "none",
		"prime or", "primes or", "prime number or", "prime numbers or",
		"digit prime", "digits prime", "prime digit", "odd prime", "even prime", "next prime", "prime whose", "prime which", "prime that",
		"largest", "smallest", "biggest", "highest", "lowest", "size", "number of digits", "number of cells", "length",
		"backward", "ignor", "once", "below", "above", "under ", "over ", "odd", "even"}}

// distinctSumWords are the words of the rule that no two cages share a
// total: no two cages the same sum (total, prime), or cages of different
// (distinct) ones. A sentence that says so of some cages ("in a row",
// "other than", "of the same size", "all but one"), negated ("not all
// cages have different totals"), says more of the totals ("no two cages
// have consecutive totals", "no cage sums to 2", "two cages share a
// total") or speaks of the cages' cells or digits is of another rule.
var distinctSumWords = spWordList{any: slices.Concat(spEachOf([]string{"no two cages"}, []string{"same"}, []string{"sum", "total", "prime", "add"}),
	[][]string{{"cages", "different sums"}, {"cages", "different totals"}, {"cages", "different primes"},
		{"cages", "distinct sums"}, {"cages", "distinct totals"}, {"cages", "distinct primes"}, {"cage sums", "different"}, {"cage totals", "different"}}),
	not: []string{"product", "same digit", "same set", "shape", "size", "colo", "may be the same", "can be the same", "may have the same", "can have the same",
		"consecutive", "differ by", "increas", "decreas", "order", "row", "column", "box", "region", "adjacent", "touch", "neighbo",
		"other than", "apart from", "besides", "no cage", "cells", "length",
		"not ", "never", "dont", "doesnt", "share", "all but", "but one", "but two", "largest", "smallest", "odd", "even"}}

// spCagesTogether are the words by which a sentence about cages speaks of
// them together ("no two cages sum to the same prime").
var spCagesTogether = []string{"no two", "same", "different", "distinct", "equal", "unique", "share"}

// spReader is a SudokuPad document being read: its drawings, which ones
// a rule read took, and the rules read.
type spReader struct {
	n     int
	p     *sudokusat.Puzzle
	draws []spDrawing
	text  *spText
	// named caches, by row of the table, the sentences naming it.
	named map[*spConvention][]int
	// reads are the rules read and what they were read from.
	reads []spRead
	// vetoed are the rules without a drawing that the stated solution
	// took back, and fog the document's fog of war.
	vetoed []sudokusat.Unread
	fog    *sudokusat.Unread
	// accounts are the sentences that state a rule read otherwise (a
	// negative rule the metadata names too).
	accounts map[int]bool
	// houses are the sentences that name houses the document does not
	// draw, with why they are not read (see readUndrawnRegions).
	houses map[int]string
	// kinds is the table of kinds by name, made once.
	kinds map[Kind]KindInfo
	// The indexes of the drawings (see index): each line's cells in
	// the grid, the shapes by half cell, the lines by the cells they
	// pass and by the half cells of their points.
	walks    [][]int
	shapesAt map[[2]int][]int
	linesAt  map[int][]int
	pointsAt map[[2]int][]int
	// outlines are each line's outlines, by the line's index (see
	// findOutlines).
	outlines map[int][]int
	// held are the lines left unread before the shapes were read whose
	// ends held a mark no rule had taken (see rereadHeld).
	held []int
	// cagesAt are the cages without a total by the cells they hold (see
	// totalless), made once.
	cagesAt map[int][]int
}

// spDrawing is one drawing of the document.
type spDrawing struct {
	on    spLayer
	shape *spShape
	line  *spLine
	cage  *spCage
	// taken marks a drawing a rule read took; why says why one was
	// not read.
	taken bool
	why   string
	// outline marks a line that is another's outline (see
	// findOutlines): part of that line's drawing, never read alone.
	outline bool
}

// spCage is a cage of the document: cells, a value shown in its corner
// (or metadata when it has no cells), and whether SudokuPad checks that
// its digits do not repeat.
type spCage struct {
	cells          []int
	value          string
	unique, hidden bool
	style          string
	hasValue       bool
}

// spRead is a rule read, with the drawings it came from and the row of
// the table that read it (nil for the format's metadata).
type spRead struct {
	rule  sudokusat.Rule
	conv  *spConvention
	draws []int
	// sentence is the sentence of the text a rule without a drawing
	// was read from, or -1.
	sentence int
}

// readDrawings reads every drawing of the document by the table, in
// layer order, and returns the rows that read something.
func (r *spReader) readDrawings(table []spConvention) {
	// Arrows come before lines: a line may end on an arrow's circle,
	// which is then no mark of the line's.
	r.findOutlines()
	for _, layer := range []spLayer{spOnCages, spOnArrows, spOnLines, spOnShapes} {
		if layer == spOnShapes {
			r.held = r.endsHeld()
		}
		for d := range r.draws {
			if r.draws[d].on != layer || r.draws[d].taken || r.draws[d].outline {
				continue
			}
			r.readOne(table, layer, d)
		}
	}
}

// endsHeld returns the lines left unread whose end cells hold a mark no
// rule has taken (a bulb, a circle, a diamond).
func (r *spReader) endsHeld() []int {
	r.index()
	var out []int
	for d, dr := range r.draws {
		if dr.on != spOnLines || dr.taken || dr.outline || dr.line == nil {
			continue
		}
		if walk := r.walks[d]; len(walk) >= 2 && (r.endMarked(walk[0]) || r.endMarked(walk[len(walk)-1])) {
			out = append(out, d)
		}
	}
	return out
}

// rereadHeld reads again the lines that endsHeld found, once the shapes
// are read: a line whose end circle (or diamond) another rule took (an
// entropic knight circle, a counting circle) keeps its own form, a
// plain line's, as a line ending on an arrow's circle does. A line whose
// end still holds a mark no rule took stays as it was, and so does one
// with a bulb of its own colour at an end: a thermometer's, whatever
// took the bulb.
func (r *spReader) rereadHeld(table []spConvention) {
	for _, d := range r.held {
		walk, l := r.walks[d], r.draws[d].line
		if r.draws[d].taken {
			continue
		}
		first, last := walk[0], walk[len(walk)-1]
		if r.endMarked(first) || r.endMarked(last) ||
			len(r.endBulb(centre(r.n, first), l.colour)) > 0 || len(r.endBulb(centre(r.n, last), l.colour)) > 0 {
			continue
		}
		r.readOne(table, spOnLines, d)
	}
}

type spFit struct {
	conv  *spConvention
	rules []sudokusat.Rule
	with  []int
}

// readOne reads one drawing: the rows whose form it has, those of them
// the text names (in a colour the drawing has, when it gives one), and
// the rule of the one row left.
func (r *spReader) readOne(table []spConvention, layer spLayer, d int) {
	var fits []spFit
	for i := range table {
		c := &table[i]
		if c.on != layer || c.read == nil {
			continue
		}
		if rules, with, ok := c.read(r, d); ok {
			fits = append(fits, spFit{c, rules, with})
		}
	}
	if len(fits) == 0 {
		r.draws[d].why = "no kind of rule is drawn so"
		return
	}
	var named []spFit
	gainsaid := ""
	// The rule of the cages together is read from its sentence.
	var together []spWordList
	for i := range table {
		if table[i].kind == DistinctSums {
			together = append(together, table[i].words)
		}
	}
	for _, f := range fits {
		if f.conv.format {
			// The format states the kind (a cage's total, its digits
			// unique), unless the text says otherwise of it: then
			// another row the text names may read it (a prime cage).
			if s := r.text.gainsaid(f.conv.words, together); s != "" {
				if gainsaid == "" {
					gainsaid = fmt.Sprintf("drawn as %s, but the rules text says otherwise: %q", f.conv.name, s)
				}
				continue
			}
			named = append(named, f)
		} else if r.namedFor(f.conv, d) {
			named = append(named, f)
		}
	}
	if len(named) == 0 && gainsaid != "" {
		r.draws[d].why = gainsaid
		return
	}
	named = r.settle(named, d)
	switch len(named) {
	case 1:
		f := named[0]
		rules, why := r.complete(f.conv, d, f.rules)
		if why != "" {
			r.draws[d].why = "drawn as " + f.conv.name + ", " + why
			return
		}
		f.rules = rules
		if f.conv.on == spOnLines && r.branches(d, f.conv.kind) {
			r.draws[d].why = "drawn as " + f.conv.name + ", but a line of its colour starts or ends on it, or it on one: whether they are one line or several is not certain"
			return
		}
		if r.kinds == nil {
			r.kinds = kinds()
		}
		for _, rule := range f.rules {
			if err := validateRule(r.kinds, r.p, rule, r.n); err != nil {
				r.draws[d].why = "drawn as " + f.conv.name + ", but not a valid one: " + err.Error()
				return
			}
		}
		f.with = append(f.with, r.outlines[d]...)
		r.draws[d].taken = true
		for _, w := range f.with {
			r.draws[w].taken = true
		}
		for _, rule := range f.rules {
			r.reads = append(r.reads, spRead{rule: rule, conv: f.conv, draws: append([]int{d}, f.with...), sentence: -1})
		}
	case 0:
		var names []string
		for _, f := range fits {
			if !f.conv.anyColour {
				names = append(names, f.conv.name)
			}
		}
		if len(names) == 0 {
			r.draws[d].why = "no kind of rule is drawn so"
			return
		}
		r.draws[d].why = "drawn as " + orList(names) + ", which the rules text does not name"
		// A sentence in the words of a kind the drawing has the form
		// of that says otherwise of it is the reason.
		for _, f := range fits {
			if f.conv.anyColour {
				continue
			}
			for _, s := range r.text.sentences {
				if cw := s.colours(); len(cw) > 0 && !colourFits(r.draws[d].colour(), cw) {
					continue
				}
				if w := f.conv.words.otherwise(s); w != "" {
					r.draws[d].why = fmt.Sprintf("drawn as %s, but the rules text says otherwise of it (%q): %q", f.conv.name, w, s.raw)
					return
				}
			}
		}
	default:
		names := make([]string, len(named))
		for i, f := range named {
			names[i] = f.conv.name
		}
		r.draws[d].why = "drawn as " + orList(names) + ", all of which the rules text names"
	}
}

// settle decides between the rows named for drawing d when a row of any
// colour is one of them. When the text gives that row the drawing's
// colour ("blue lines are Fibonacci lines"), the rows it gives the colour
// are left (the any-colour row alone, unless the text gives the colour to
// another kind too); else the rows whose form has a colour are (a purple
// line is a renban line's when renban lines are named too).
func (r *spReader) settle(named []spFit, d int) []spFit {
	if len(named) < 2 || !slices.ContainsFunc(named, func(f spFit) bool { return f.conv.anyColour }) {
		return named
	}
	if slices.ContainsFunc(named, func(f spFit) bool { return f.conv.anyColour && r.colourNamed(f.conv, d) }) {
		return slices.DeleteFunc(slices.Clone(named), func(f spFit) bool { return !r.colourNamed(f.conv, d) })
	}
	return slices.DeleteFunc(slices.Clone(named), func(f spFit) bool { return f.conv.anyColour })
}

// colourNamed reports whether a sentence naming the row gives it
// drawing d's colour.
func (r *spReader) colourNamed(c *spConvention, d int) bool {
	colour := r.draws[d].colour()
	for _, i := range r.named[c] {
		if words := r.text.sentences[i].colours(); len(words) > 0 && colourFits(colour, words) {
			return true
		}
	}
	return false
}

// complete fills in what a form leaves to the row that read it: the
// kind, a loop's rules, the value the text gives.
func (r *spReader) complete(c *spConvention, d int, rules []sudokusat.Rule) ([]sudokusat.Rule, string) {
	var out []sudokusat.Rule
	for _, rule := range rules {
		if rule.Kind == "" {
			rule.Kind = c.kind
		}
		if c.words.pill && len(rule.Cells) > 1 {
			// A pill is the kind's number, read left to right and top to
			// bottom, unless the text reads it otherwise.
			for _, s := range r.text.sentences {
				if o := s.pillOther(); o != "" {
					return nil, fmt.Sprintf("but the rules text reads its pill otherwise (%q): %q", o, s.raw)
				}
			}
		}
		// A line kind's reader gives a closed loop as Lines; an arrow's
		// and Roman numeral cages' Lines are their own.
		ownLines := rule.Kind == Arrow || rule.Kind == DifferenceArrow || rule.Kind == RomanCages
		if !ownLines && len(rule.Lines) > 0 {
			loop, ok := r.loopRules(rule.Kind, rule.Lines[0])
			if !ok {
				return nil, "but a loop, which " + c.name + " cannot be"
			}
			out = append(out, loop...)
			continue
		}
		out = append(out, rule)
	}
	if c.gap {
		gap, why := r.gap(c)
		if why != "" {
			return nil, why
		}
		for i := range out {
			out[i].Value = gap
		}
	}
	if c.total {
		total, ok := r.total(c)
		if !ok {
			return nil, "but the sentences naming it state no total, or several"
		}
		for i := range out {
			out[i].Value = total
		}
	}
	return out, ""
}

// total returns the total the sentences naming a row state ("segments
// that each sum to 10", "10 lines"), as the kind's Value: 0 for the
// default, SumLineTotal. The sentences must state one total, and only
// one: a text of lines whose totals differ ("each line has its own
// total") states none the drawing can take.
func (r *spReader) total(c *spConvention) (int, bool) {
	total := -1
	for _, i := range r.named[c] {
		for _, t := range spTotals(r.text.sentences[i]) {
			if total >= 0 && t != total {
				return 0, false
			}
			total = t
		}
	}
	switch total {
	case -1:
		return 0, false
	case SumLineTotal:
		return 0, true
	}
	return total, total > 0
}

// gap returns the least difference the sentences naming a row state, as
// the kind's Value: 0 for the kind's default (half the side). A sentence
// that bounds the difference otherwise ("at most 4", "exactly 5"), or two
// that state different ones, leave the drawing unread: why says so.
func (r *spReader) gap(c *spConvention) (int, string) {
	v, stated := c.gapDefault, 0
	for _, i := range r.named[c] {
		s := r.text.sentences[i]
		g, ok := spWhispersGap(s)
		switch {
		case !ok:
			return 0, fmt.Sprintf("but the rules text bounds its difference otherwise than \"at least\" a number: %q", s.raw)
		case g > 0 && stated > 0 && g != stated:
			return 0, fmt.Sprintf("but the rules text states two least differences, %d and %d", stated, g)
		case g > 0:
			v, stated = g, g
		}
	}
	if v == spDefaultGap(c.kind, r.n) {
		return 0, ""
	}
	return v, ""
}

// spDefaultGap is the least difference a gap kind's Value 0 stands for:
// half the side, rounded up, but for a lockout line's, rounded down.
func spDefaultGap(kind Kind, n int) int {
	if kind == Lockout {
		return n / 2
	}
	return (n + 1) / 2
}

// loopRules reads a line that closes on itself as rules of a kind that
// has a meaning for loops: a set for renban and nabner, each neighbouring
// pair for whispers (the closing pair a line of its own), for entropic
// and modular lines of a length divisible by 3 the line and the stretch
// across its ends, for a region sum line the loop cut where it crosses a
// region's border (its stretches are then those of the loop), and for a
// sum line the loop itself. Other kinds have none: a Fibonacci line
// increases from one end, a pair sum line sums its first two cells and its
// last two, and a difference count line's loop is defined nowhere (no
// anchor solver has the kind, sigh/Interactive-Sudoku-Solver lets only
// SumLine loop, and the published rule counts the pairs along a line with
// ends: whether a loop's closing pair counts is not stated).
func (r *spReader) loopRules(kind Kind, cells []int) ([]sudokusat.Rule, bool) {
	k := len(cells)
	switch kind {
	case RegionSumLine, RegionDifferenceLine:
		for i := range cells {
			if r.p.Region(cells[i]) != r.p.Region(cells[(i+k-1)%k]) {
				return []sudokusat.Rule{{Kind: kind, Cells: append(slices.Clone(cells[i:]), cells[:i]...)}}, true
			}
		}
		return []sudokusat.Rule{{Kind: kind, Cells: cells}}, true // one stretch: no rule but its own
	case Renban, Nabner:
		return []sudokusat.Rule{{Kind: kind, Cells: cells}}, true
	case SumLine:
		return []sudokusat.Rule{{Kind: kind, Cells: append(slices.Clone(cells), cells[0])}}, true // a loop ends on its first cell again
	case Whispers:
		return []sudokusat.Rule{{Kind: kind, Cells: cells}, {Kind: kind, Cells: []int{cells[k-1], cells[0]}}}, true
	case EntropicLine, ModularLine:
		if k%3 != 0 {
			return nil, false
		}
		return []sudokusat.Rule{{Kind: kind, Cells: cells}, {Kind: kind, Cells: []int{cells[k-2], cells[k-1], cells[0], cells[1]}}}, true
	}
	return nil, false
}

// branches reports whether a line meets another of its colour in a T:
// an end of one on a cell of the other that is not an end of it. Such
// lines are one branching line or several, and for most kinds that
// changes the rule; not for thermometers (each branch from the bulb is
// one, as setters draw them) nor whispers (a rule on neighbours).
func (r *spReader) branches(d int, kind Kind) bool {
	if kind == Thermo || kind == SlowThermo || kind == Whispers || kind == DiagonalMain || kind == DiagonalAnti {
		return false
	}
	r.index()
	l := r.draws[d].line
	mine := r.walks[d]
	if len(mine) < 2 {
		return false
	}
	// A cell inside a line: one it passes through between its ends,
	// its end cells too when it comes back to them (a lasso's knot) or
	// closes on itself (every cell of a loop).
	inner := func(cells []int, c int) bool {
		if cells[0] == cells[len(cells)-1] {
			return slices.Contains(cells, c)
		}
		return slices.Contains(cells[1:len(cells)-1], c)
	}
	meets := func(e int) bool {
		o := r.draws[e].line
		return e != d && !r.draws[e].outline && !o.arrow && o.thick >= spThick && o.colour.near(l.colour)
	}
	// A line of its colour through one of its cells: an end of one on
	// the other's inside.
	tried := map[int]bool{d: true}
	for _, cell := range mine {
		for _, e := range r.linesAt[cell] {
			if tried[e] {
				continue
			}
			tried[e] = true
			theirs := r.walks[e]
			if len(theirs) < 2 {
				continue
			}
			if (inner(mine, theirs[0]) || inner(mine, theirs[len(theirs)-1]) || inner(theirs, mine[0]) || inner(theirs, mine[len(mine)-1])) && meets(e) {
				return true
			}
		}
	}
	return false
}

// findOutlines finds the lines drawn as another's outline: a line under
// another (before it in the document) along the same way points, thicker
// and of another colour, shows as the other's rim, as setters outline a
// white line in grey. The two are one drawing in the upper line's colour:
// the outline goes with the line, read or not, and is never read alone.
// A hidden copy under a thicker line is no outline: it shows nothing.
func (r *spReader) findOutlines() {
	r.index()
	r.outlines = map[int][]int{}
	for d := range r.draws {
		l := r.draws[d].line
		if l == nil || l.arrow {
			continue
		}
		for _, o := range near(r.pointsAt, l.points[0], 0.05) {
			u := r.draws[o].line
			if o < d && !u.arrow && u.thick > l.thick && u.colour != l.colour && samePath(u.points, l.points) {
				r.outlines[d] = append(r.outlines[d], o)
				r.draws[o].outline = true
			}
		}
	}
}

// samePath reports whether two polylines have the same way points, in
// one order or the other.
func samePath(a, b []spPoint) bool {
	if len(a) != len(b) {
		return false
	}
	same, reversed := true, true
	for i := range a {
		same = same && a[i].dist(b[i]) <= 0.05
		reversed = reversed && a[i].dist(b[len(b)-1-i]) <= 0.05
	}
	return same || reversed
}

// index makes the reader's indexes of its drawings, once: the shapes by
// where they are, the lines by the cells they pass and the places their
// points are, so that finding a drawing's parts costs no walk through
// every drawing (a document may hold thousands).
func (r *spReader) index() {
	if r.walks != nil {
		return
	}
	r.walks = make([][]int, len(r.draws))
	r.shapesAt = map[[2]int][]int{}
	r.linesAt = map[int][]int{}
	r.pointsAt = map[[2]int][]int{}
	for i, d := range r.draws {
		switch {
		case d.shape != nil:
			k := spKey(d.shape.at)
			r.shapesAt[k] = append(r.shapesAt[k], i)
		case d.line != nil:
			centres, _ := pathCells(r.n, d.line.points)
			r.walks[i] = clipCells(r.n, centres)
			for _, c := range slices.Compact(slices.Sorted(slices.Values(r.walks[i]))) {
				r.linesAt[c] = append(r.linesAt[c], i)
			}
			seen := map[[2]int]bool{}
			for _, p := range d.line.points {
				if k := spKey(p); !seen[k] {
					seen[k] = true
					r.pointsAt[k] = append(r.pointsAt[k], i)
				}
			}
		}
	}
}

// spKey is the index key of a point: the half cell it is in.
func spKey(p spPoint) [2]int {
	return [2]int{int(math.Floor(p.r * 2)), int(math.Floor(p.c * 2))}
}

// near returns the indexes under keys within tol of p, from an index.
func near(index map[[2]int][]int, p spPoint, tol float64) []int {
	lo, hi := spKey(spPoint{p.r - tol, p.c - tol}), spKey(spPoint{p.r + tol, p.c + tol})
	var out []int
	for a := lo[0]; a <= hi[0]; a++ {
		for b := lo[1]; b <= hi[1]; b++ {
			out = append(out, index[[2]int{a, b}]...)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// orList joins names with commas and "or".
func orList(names []string) string {
	names = slices.Compact(names)
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// namedFor reports whether the text names the row for drawing d: a
// sentence names the kind, and the colours it gives the kind, if any,
// include the drawing's.
func (r *spReader) namedFor(c *spConvention, d int) bool {
	idx, ok := r.named[c]
	if !ok {
		idx = r.text.naming(c.words)
		r.named[c] = idx
	}
	colour := r.draws[d].colour()
	for _, i := range idx {
		s := r.text.sentences[i]
		if words := s.colours(); len(words) == 0 || colourFits(colour, words) {
			return true
		}
	}
	return false
}

// colour returns the colour a drawing is seen in: a line's, a shape's
// fill, or its border when it has no fill.
func (d *spDrawing) colour() spColour {
	switch {
	case d.line != nil:
		return d.line.colour
	case d.shape != nil && d.shape.fill.ok:
		return d.shape.fill
	case d.shape != nil:
		return d.shape.border
	}
	return spColour{}
}

// shapes returns the shapes, taken or not, whose centre is within tol of
// p and that ok accepts.
func (r *spReader) shapes(p spPoint, tol float64, ok func(*spShape) bool) []int {
	r.index()
	var out []int
	for _, i := range near(r.shapesAt, p, tol) {
		if s := r.draws[i].shape; s.at.dist(p) <= tol && ok(s) {
			out = append(out, i)
		}
	}
	return out
}

// --- Cages ---

func readKillerCage(r *spReader, d int) ([]sudokusat.Rule, []int, bool) {
	c := r.draws[d].cage
	v, err := strconv.Atoi(strings.TrimSpace(c.value))
	if len(c.cells) == 0 || !c.hasValue || err != nil || v < 0 || c.hidden {
		return nil, nil, false
	}
	return []sudokusat.Rule{{Kind: Killer, Cells: c.cells, Value: v}}, nil, true
}

func readUniqueCage(r *spReader, d int) ([]sudokusat.Rule, []int, bool) {
	c := r.draws[d].cage
	if len(c.cells) == 0 || !c.unique || c.hidden || c.style == "extraregion" || strings.TrimSpace(c.value) != "" {
		return nil, nil, false
	}
	return []sudokusat.Rule{{Kind: Killer, Cells: c.cells, Value: sudokusat.NoValue}}, nil, true
}

// readPrimeCage reads a cage without a value as a prime cage of a kind:
// PrimeCageRepeat when a sentence says digits may repeat in cages,
// PrimeCage when none does and the cage is marked unique (as a killer
// cage's digits do not repeat); a cage neither says is not read.
func readPrimeCage(kind Kind) func(r *spReader, d int) ([]sudokusat.Rule, []int, bool) {
	return func(r *spReader, d int) ([]sudokusat.Rule, []int, bool) {
		c := r.draws[d].cage
		if len(c.cells) == 0 || c.hidden || c.style == "extraregion" || strings.TrimSpace(c.value) != "" {
			return nil, nil, false
		}
		repeats := slices.ContainsFunc(r.text.sentences, func(s spSentence) bool { return spSaysRepeats(s) && s.has("cage") })
		if kind == PrimeCageRepeat && !repeats || kind == PrimeCage && (repeats || !c.unique) {
			return nil, nil, false
		}
		return []sudokusat.Rule{{Kind: kind, Cells: c.cells}}, nil, true
	}
}

func readRegionCage(r *spReader, d int) ([]sudokusat.Rule, []int, bool) {
	c := r.draws[d].cage
	if len(c.cells) < 2 || !c.unique || !c.hidden && c.style != "extraregion" || strings.TrimSpace(c.value) != "" {
		return nil, nil, false
	}
	return []sudokusat.Rule{{Kind: Region, Cells: c.cells}}, nil, true
}

// --- Lines ---

// lineCells returns the cells of a line drawn through cell centres (or
// near them), and whether it is a loop. A line that leaves the grid,
// jumps a cell or crosses itself is none.
func (r *spReader) lineCells(l *spLine) (cells []int, loop, ok bool) {
	centres, ok := pathCells(r.n, l.points)
	if !ok {
		return nil, false, false
	}
	return gridPath(r.n, centres)
}

// spThick is the thickness of a line that marks a rule: SudokuPad's
// thinnest constraint lines are 4.8 (f-puzzles' lockout), its thickest
// 21 (thermometers); grid lines, borders and chevrons are thinner.
const spThick = 3

// endBulb returns the bulb at a point: a round shape of 0.5 to 1 cell of
// the line's colour.
func (r *spReader) endBulb(p spPoint, colour spColour) []int {
	return r.shapes(p, spTol, func(s *spShape) bool {
		return s.round() && s.sized(0.5, 1.0) && s.fill.near(colour) && strings.TrimSpace(s.text) == ""
	})
}

func readThermo(r *spReader, d int) ([]sudokusat.Rule, []int, bool) {
	l := r.draws[d].line
	if l == nil || l.thick < 9 {
		return nil, nil, false
	}
	cells, loop, ok := r.lineCells(l)
	if !ok || loop || len(cells) < 2 {
		return nil, nil, false
	}
	first := r.endBulb(centre(r.n, cells[0]), l.colour)
	last := r.endBulb(centre(r.n, cells[len(cells)-1]), l.colour)
	switch {
	case len(first) > 0 && len(last) == 0:
	case len(last) > 0 && len(first) == 0:
		cells = slices.Clone(cells)
		slices.Reverse(cells)
		first = last
	default:
		return nil, nil, false // no bulb, or one at each end
	}
	return []sudokusat.Rule{{Cells: cells}}, first, true
}

// pairSumWords are the word sets that state a pair sum line's rule: the
// first two and the last two digits, their sum (or total), and that the
// two are equal (the same).
func pairSumWords() [][]string {
	var out [][]string
	for _, two := range [][2]string{{"first two", "last two"}, {"first 2 ", "last 2 "}} {
		for _, sum := range []string{"sum", "total"} {
			for _, same := range []string{"equal", "same"} {
				out = append(out, []string{two[0], two[1], sum, same})
			}
		}
	}
	return out
}

// spAnyHue is every hue: a line of any colour but grey, white or black.
var spAnyHue = []hueRange{{0, 360}}

// plainLine is the form of a line of a colour in hues (or grey), without
// a bulb or circled ends.
func plainLine(hues []hueRange, grey bool) func(r *spReader, d int) ([]sudokusat.Rule, []int, bool) {
	return plainLineOf(func(c spColour) bool { return colourIn(c, hues, grey) })
}

// readSumLine is the form of a sum line: a plain line, white or light
// grey (its outline, when it has one, read with it).
var readSumLine = plainLineOf(func(c spColour) bool {
	_, _, light := c.hsl()
	return c.grey() && light >= 0.6
})

// anyLine is the form of a line of any colour a line shows in (white is
// none: it is a line's inner stripe, or paper), without a bulb or circled
// ends, for a kind setters draw in no one colour.
var anyLine = plainLineOf(func(c spColour) bool { return c.ok && !c.white() })

// plainLineOf is the form of a line of a colour that colour accepts,
// without a bulb or circled ends.
func plainLineOf(colour func(spColour) bool) func(r *spReader, d int) ([]sudokusat.Rule, []int, bool) {
	return func(r *spReader, d int) ([]sudokusat.Rule, []int, bool) {
		l := r.draws[d].line
		if l == nil || l.thick < spThick || !colour(l.colour) {
			return nil, nil, false
		}
		cells, loop, ok := r.lineCells(l)
		if !ok || len(cells) < 2 {
			return nil, nil, false
		}
		if r.endMarked(cells[0]) || r.endMarked(cells[len(cells)-1]) {
			return nil, nil, false // a bulb, a circle, a diamond: a line of another kind
		}
		return []sudokusat.Rule{{Cells: cells, Lines: loopLines(loop, cells)}}, nil, true
	}
}

// endMarked reports whether a line's end cell holds a mark that no rule
// read took (another's, such as an arrow's circle, is no part of the
// line): a bulb, a circle or a diamond, which make a line of a kind
// other than a plain one.
func (r *spReader) endMarked(cell int) bool {
	for _, i := range r.shapes(centre(r.n, cell), spTol, func(s *spShape) bool {
		return s.round() && s.sized(0.5, 1.0) || s.diamond() && s.sized(0.3, 0.9)
	}) {
		if !r.draws[i].taken {
			return true
		}
	}
	return false
}

// setLine is the form of a plain line of a kind whose cells are a set
// (renban, nabner): the line may cross itself, its cells read once.
func setLine(hues []hueRange) func(r *spReader, d int) ([]sudokusat.Rule, []int, bool) {
	plain := plainLine(hues, false)
	return func(r *spReader, d int) ([]sudokusat.Rule, []int, bool) {
		if rules, with, ok := plain(r, d); ok {
			return rules, with, ok
		}
		l := r.draws[d].line
		if l == nil || l.thick < spThick || !colourIn(l.colour, hues, false) {
			return nil, nil, false
		}
		centres, ok := pathCells(r.n, l.points)
		if !ok {
			return nil, nil, false
		}
		walk, ok := gridWalk(r.n, centres)
		if !ok || r.endMarked(walk[0]) || r.endMarked(walk[len(walk)-1]) {
			return nil, nil, false
		}
		var cells []int
		for _, c := range walk {
			if !slices.Contains(cells, c) {
				cells = append(cells, c)
			}
		}
		if len(cells) < 2 {
			return nil, nil, false
		}
		return []sudokusat.Rule{{Cells: cells}}, nil, true
	}
}

// readZipper is the form of a zipper line: a plain line, with the dot
// that may mark its middle (a small round shape of its colour) as part
// of it.
func readZipper(r *spReader, d int) ([]sudokusat.Rule, []int, bool) {
	rules, _, ok := plainLine([]hueRange{{240, 295}}, false)(r, d)
	if !ok || len(rules[0].Lines) > 0 {
		return nil, nil, false
	}
	cells := rules[0].Cells
	k := len(cells)
	mid := centre(r.n, cells[k/2])
	if k%2 == 0 {
		a, b := centre(r.n, cells[k/2-1]), mid
		mid = spPoint{(a.r + b.r) / 2, (a.c + b.c) / 2}
	}
	colour := r.draws[d].line.colour
	dots := r.shapes(mid, spTol, func(s *spShape) bool {
		return s.round() && s.sized(0.1, 0.6) && s.fill.near(colour) && strings.TrimSpace(s.text) == ""
	})
	return rules, dots, true
}

// loopLines marks a loop for the kinds that read one (see loopRules):
// the rule's Lines hold the cells again.
func loopLines(loop bool, cells []int) [][]int {
	if !loop {
		return nil
	}
	return [][]int{cells}
}

// colourIn reports whether a colour is of one of the hues, or grey when
// grey is set.
func colourIn(c spColour, hues []hueRange, grey bool) bool {
	if grey {
		return c.grey() && !c.white()
	}
	for _, h := range hues {
		if h.in(c) {
			return true
		}
	}
	return false
}

// The marks a line's ends may carry.
const (
	endCircle  = "circle"
	endDiamond = "diamond"
)

// lineWithEnds is the form of a line with a circle, or a diamond, at each
// end: of a colour in hues, or grey.
func lineWithEnds(hues []hueRange, grey bool, end string) func(r *spReader, d int) ([]sudokusat.Rule, []int, bool) {
	return func(r *spReader, d int) ([]sudokusat.Rule, []int, bool) {
		l := r.draws[d].line
		if l == nil || l.thick < 1 || !colourIn(l.colour, hues, grey) {
			return nil, nil, false
		}
		// SudokuPad's importer starts and ends such a line on the
		// marks' edges, short of their cells' centres.
		centres, ok := pathCells(r.n, l.points)
		if !ok {
			return nil, nil, false
		}
		for _, end := range []spPoint{l.points[0], l.points[len(l.points)-1]} {
			c := spPoint{math.Floor(end.r) + 0.5, math.Floor(end.c) + 0.5}
			switch {
			case len(centres) == 0:
				centres = []spPoint{c}
			case end == l.points[0] && c != centres[0]:
				centres = append([]spPoint{c}, centres...)
			case end != l.points[0] && c != centres[len(centres)-1]:
				centres = append(centres, c)
			}
		}
		cells, loop, ok := gridPath(r.n, centres)
		if !ok || loop || len(cells) < 2 {
			return nil, nil, false
		}
		mark := func(s *spShape) bool {
			if end == endCircle {
				return s.round() && s.sized(0.5, 1.0)
			}
			return s.diamond() && s.sized(0.3, 0.9)
		}
		a := r.shapes(centre(r.n, cells[0]), spTol, mark)
		b := r.shapes(centre(r.n, cells[len(cells)-1]), spTol, mark)
		if len(a) == 0 || len(b) == 0 {
			return nil, nil, false
		}
		return []sudokusat.Rule{{Cells: cells}}, append(a, b...), true
	}
}

// readDiagonal is the form of a marked diagonal: a line from corner to
// corner of the grid, the main one (top left to bottom right) or the
// other (anti).
func readDiagonal(anti bool) func(r *spReader, d int) ([]sudokusat.Rule, []int, bool) {
	return func(r *spReader, d int) ([]sudokusat.Rule, []int, bool) {
		l := r.draws[d].line
		if l == nil || len(l.points) < 2 {
			return nil, nil, false
		}
		n := float64(r.n)
		a, b := l.points[0], l.points[len(l.points)-1]
		atCorner := func(p spPoint, row, col float64) bool { return p.dist(spPoint{row, col}) <= 0.2 }
		corners := [2]spPoint{{0, 0}, {n, n}}
		kind := DiagonalMain
		if anti {
			corners, kind = [2]spPoint{{n, 0}, {0, n}}, DiagonalAnti
		}
		if !(atCorner(a, corners[0].r, corners[0].c) && atCorner(b, corners[1].r, corners[1].c) || atCorner(b, corners[0].r, corners[0].c) && atCorner(a, corners[1].r, corners[1].c)) {
			return nil, nil, false
		}
		info, _ := Info(kind)
		return []sudokusat.Rule{info.on(r.n)}, nil, true
	}
}

// --- Arrows ---

// asDifferenceArrow is the form of a difference arrow: an arrow's, read
// as one. A circle of other than one cell, or a line of other than two,
// is read too, and left with its reason when the rule is validated: the
// difference of three digits is not defined.
func asDifferenceArrow(read func(r *spReader, d int) ([]sudokusat.Rule, []int, bool)) func(r *spReader, d int) ([]sudokusat.Rule, []int, bool) {
	return func(r *spReader, d int) ([]sudokusat.Rule, []int, bool) {
		rules, with, ok := read(r, d)
		for i := range rules {
			rules[i].Kind = DifferenceArrow
		}
		return rules, with, ok
	}
}

// circleCells returns the cells a round shape covers as an arrow's
// circle: one cell, or a pill over 2 or 3 cells in a row or column.
func circleCells(n int, s *spShape) ([]int, bool) {
	if !s.round() || s.w < 0.5 || s.h < 0.5 {
		return nil, false
	}
	kw, kh := int(math.Round(s.w-0.83))+1, int(math.Round(s.h-0.83))+1
	if kw < 1 || kh < 1 || kw > 1 && kh > 1 || kw > 3 || kh > 3 {
		return nil, false
	}
	r0 := math.Round(s.at.r - float64(kh)/2)
	c0 := math.Round(s.at.c - float64(kw)/2)
	if math.Abs(r0+float64(kh)/2-s.at.r) > spTol || math.Abs(c0+float64(kw)/2-s.at.c) > spTol {
		return nil, false
	}
	var out []int
	for i := range kh {
		for j := range kw {
			row, col := int(r0)+i, int(c0)+j
			if row < 0 || col < 0 || row >= n || col >= n {
				return nil, false
			}
			out = append(out, row*n+col)
		}
	}
	return out, true
}

func readArrow(r *spReader, d int) ([]sudokusat.Rule, []int, bool) {
	l := r.draws[d].line
	if l == nil || len(l.points) < 2 {
		return nil, nil, false
	}
	return r.arrowFrom(l)
}

// readLineArrow is the form of an arrow drawn as lines, as some tools
// draw it: a line from a circle, and a head of two short strokes (one
// line of three points of its colour, bent at the line's far end).
func readLineArrow(r *spReader, d int) ([]sudokusat.Rule, []int, bool) {
	l := r.draws[d].line
	if l == nil || len(l.points) < 2 || l.thick >= 9 {
		return nil, nil, false
	}
	tip := l.points[len(l.points)-1]
	var head []int
	r.index()
	for _, i := range near(r.pointsAt, tip, 0.05) {
		h := r.draws[i].line
		if i == d || len(h.points) != 3 || h.points[1].dist(tip) > 0.05 || !h.colour.near(l.colour) ||
			h.points[0].dist(tip) > 0.5 || h.points[2].dist(tip) > 0.5 {
			continue
		}
		head = append(head, i)
	}
	if len(head) != 1 {
		return nil, nil, false
	}
	rules, with, ok := r.arrowFrom(l)
	if !ok {
		return nil, nil, false
	}
	return rules, append(with, head...), true
}

// arrowFrom reads an arrow's line: its circle, where the line starts (on
// the circle's edge or inside it), and the cells after.
func (r *spReader) arrowFrom(l *spLine) ([]sudokusat.Rule, []int, bool) {
	start := l.points[0]
	// The circle the arrow starts from: the arrow's first point is on
	// its edge, or inside it (a pill's edge is no ellipse's: the box
	// around it is the test).
	var circle []int
	at := -1
	// A pill reaches 1.5 cells from its centre.
	for _, i := range r.shapes(start, 1.7, func(*spShape) bool { return true }) {
		s := r.draws[i].shape
		if !s.round() || strings.TrimSpace(s.text) != "" {
			continue
		}
		cells, ok := circleCells(r.n, s)
		if !ok {
			continue
		}
		if math.Abs(start.r-s.at.r) <= s.h/2+0.15 && math.Abs(start.c-s.at.c) <= s.w/2+0.15 {
			circle, at = cells, i
			break
		}
	}
	if at < 0 {
		return nil, nil, false
	}
	centres, ok := pathCells(r.n, l.points)
	if !ok {
		return nil, nil, false
	}
	var path []spPoint
	for _, p := range centres {
		if c, in := cellAt(r.n, p); !in || !slices.Contains(circle, c) {
			path = append(path, p)
		}
	}
	cells, loop, ok := gridPath(r.n, path)
	if !ok || loop || len(cells) == 0 || !slices.ContainsFunc(circle, func(c int) bool { return touching(r.n, c, cells[0]) }) {
		return nil, nil, false
	}
	return []sudokusat.Rule{{Kind: Arrow, Cells: circle, Lines: [][]int{cells}}}, []int{at}, true
}

func readLittleKiller(r *spReader, d int) ([]sudokusat.Rule, []int, bool) {
	cells, text, ok := readDiagonalClue(r, d, func(s *spShape) bool {
		_, ok := s.number()
		return ok
	})
	if !ok {
		return nil, nil, false
	}
	v, _ := r.draws[text].shape.number()
	return []sudokusat.Rule{{Kind: LittleKiller, Cells: cells, Value: v}}, []int{text}, true
}

// readLookAndSay reads a look-and-say clue, drawn as a little killer is:
// its text, digits, is read as (count, value) pairs. A text that is no
// such pairs (an odd number of digits, a value of 0) is read as a clue of
// none, which the validator refuses: the arrow is left unread, with why.
func readLookAndSay(r *spReader, d int) ([]sudokusat.Rule, []int, bool) {
	cells, text, ok := readDiagonalClue(r, d, func(s *spShape) bool {
		t := strings.TrimSpace(s.text)
		return t != "" && strings.Trim(t, "0123456789") == ""
	})
	if !ok {
		return nil, nil, false
	}
	v, err := ParseLookAndSay(r.draws[text].shape.text)
	if err != nil {
		v = sudokusat.NoValue
	}
	return []sudokusat.Rule{{Kind: LookAndSay, Cells: cells, Value: v}}, []int{text}, true
}

// readDiagonalClue is the form of a clue that reads a diagonal from
// outside the grid (a little killer's, a look-and-say clue's): a short
// diagonal arrow in a place beside the grid, pointing into it, and one
// text that isText takes centred in that place. It returns the diagonal's
// cells from the clue and the text's drawing.
func readDiagonalClue(r *spReader, d int, isText func(*spShape) bool) (cells []int, text int, ok bool) {
	l := r.draws[d].line
	if l == nil || len(l.points) < 2 {
		return nil, 0, false
	}
	a, b := l.points[0], l.points[len(l.points)-1]
	dr, dc := b.r-a.r, b.c-a.c
	if a.dist(b) > 0.8 || math.Abs(math.Abs(dr)-math.Abs(dc)) > 0.2*math.Max(math.Abs(dr), math.Abs(dc)) || dr == 0 {
		return nil, 0, false
	}
	n := r.n
	row, col := int(math.Floor(a.r)), int(math.Floor(a.c))
	inside := func(row, col int) bool { return row >= 0 && col >= 0 && row < n && col < n }
	sr, sc := 1, 1
	if dr < 0 {
		sr = -1
	}
	if dc < 0 {
		sc = -1
	}
	if inside(row, col) || !inside(row+sr, col+sc) || row < -1 || col < -1 || row > n || col > n {
		return nil, 0, false
	}
	texts := r.shapes(spPoint{float64(row) + 0.5, float64(col) + 0.5}, 0.35, isText)
	if len(texts) != 1 {
		return nil, 0, false
	}
	for i, j := row+sr, col+sc; inside(i, j); i, j = i+sr, j+sc {
		cells = append(cells, i*n+j)
	}
	return cells, texts[0], true
}

// --- Shapes ---

// readDot is the form of a Kropki dot: a small circle on an edge, white
// with a dark border, or black; without text, or (valued) with a number
// as its text, which is its value.
func readDot(black, valued bool) func(r *spReader, d int) ([]sudokusat.Rule, []int, bool) {
	return func(r *spReader, d int) ([]sudokusat.Rule, []int, bool) {
		s := r.draws[d].shape
		if s == nil || !s.round() || !s.sized(0.15, 0.5) {
			return nil, nil, false
		}
		if black && !s.fill.black() || !black && !(s.fill.white() && s.border.ok && !s.border.white()) {
			return nil, nil, false
		}
		a, b, ok := edgeAt(r.n, s.at)
		if !ok {
			return nil, nil, false
		}
		v := 0
		if valued != (strings.TrimSpace(s.text) != "") {
			return nil, nil, false
		}
		if valued {
			if v, ok = s.number(); !ok || v < 1 {
				return nil, nil, false
			}
		}
		kind := White
		if black {
			kind = Black
		}
		return []sudokusat.Rule{{Kind: kind, Cells: []int{a, b}, Value: v}}, nil, true
	}
}

// readGreyDot is the form of a grey dot: a small circle without text on
// an edge, filled with a grey that is neither white nor black (a white
// dot's fill, or a black one's).
func readGreyDot(r *spReader, d int) ([]sudokusat.Rule, []int, bool) {
	s := r.draws[d].shape
	if s == nil || !s.round() || !s.sized(0.15, 0.5) || strings.TrimSpace(s.text) != "" {
		return nil, nil, false
	}
	if !s.fill.grey() || s.fill.white() || s.fill.black() {
		return nil, nil, false
	}
	a, b, ok := edgeAt(r.n, s.at)
	if !ok {
		return nil, nil, false
	}
	return []sudokusat.Rule{{Kind: GreyDot, Cells: []int{a, b}}}, nil, true
}

// readXV is the form of an X or a V: its letter as text on an edge, but
// not between two cages without totals, where it is a Roman numeral's
// (readRoman), or nothing a reader can tell.
func readXV(letter string, sum int) func(r *spReader, d int) ([]sudokusat.Rule, []int, bool) {
	return func(r *spReader, d int) ([]sudokusat.Rule, []int, bool) {
		s := r.draws[d].shape
		if s == nil || !strings.EqualFold(strings.TrimSpace(s.text), letter) || s.w > 0.6 || s.h > 0.6 {
			return nil, nil, false
		}
		a, b, ok := edgeAt(r.n, s.at)
		if !ok {
			return nil, nil, false
		}
		if _, _, _, _, between := r.cagesBeside(a, b); between {
			return nil, nil, false
		}
		return []sudokusat.Rule{{Kind: XV, Cells: []int{a, b}, Value: sum}}, nil, true
	}
}

// readRoman is the form of a Roman numeral cage clue: a Roman numeral
// (RomanValue) as text on the edge between two cells, each in a cage
// without a total, two different cages. The cages and a disc without text
// at the numeral's place (the white disc setters write it on) are part of
// it; whether each cage is a straight run is the validator's to say.
func readRoman(r *spReader, d int) ([]sudokusat.Rule, []int, bool) {
	s := r.draws[d].shape
	if s == nil || s.w > 1 || s.h > 1 {
		return nil, nil, false
	}
	v, ok := RomanValue(strings.TrimSpace(s.text))
	if !ok {
		return nil, nil, false
	}
	a, b, ok := edgeAt(r.n, s.at)
	if !ok {
		return nil, nil, false
	}
	first, second, firstDraws, secondDraws, ok := r.cagesBeside(a, b)
	if !ok {
		return nil, nil, false
	}
	with := slices.Concat(firstDraws, secondDraws, r.shapes(s.at, 0.05, func(o *spShape) bool {
		return o != s && o.round() && strings.TrimSpace(o.text) == "" && o.sized(0.1, 0.9)
	}))
	return []sudokusat.Rule{{Kind: RomanCages, Cells: []int{a, b}, Lines: [][]int{first, second}, Value: v}}, with, true
}

// cagesBeside returns the cages without a total that hold cells a and b,
// each as its cells in order (top to bottom, left to right) and the
// drawings that draw it, when each cell is in one such cage (drawn once
// or more) and the two cages differ.
func (r *spReader) cagesBeside(a, b int) (first, second, firstDraws, secondDraws []int, ok bool) {
	if r.cagesAt == nil {
		r.cagesAt = map[int][]int{}
		for i, dr := range r.draws {
			if c := dr.cage; c != nil && !c.hidden && c.style != "extraregion" && strings.TrimSpace(c.value) == "" {
				for _, cell := range c.cells {
					r.cagesAt[cell] = append(r.cagesAt[cell], i)
				}
			}
		}
	}
	cage := func(cell int) ([]int, []int, bool) {
		var cells []int
		for _, i := range r.cagesAt[cell] {
			sorted := slices.Sorted(slices.Values(r.draws[i].cage.cells))
			if cells != nil && !slices.Equal(cells, sorted) {
				return nil, nil, false // two cages hold the cell
			}
			cells = sorted
		}
		return cells, r.cagesAt[cell], cells != nil
	}
	first, firstDraws, okA := cage(a)
	second, secondDraws, okB := cage(b)
	if !okA || !okB || slices.Equal(first, second) {
		return nil, nil, nil, nil, false
	}
	return first, second, firstDraws, secondDraws, true
}

// spPointing are the glyphs of an inequality sign and where each points
// when upright, as (rows, columns): ">" to the right.
var spPointing = map[string][2]int{
	">": {0, 1}, "＞": {0, 1}, "˃": {0, 1}, "›": {0, 1}, "❯": {0, 1},
	"<": {0, -1}, "＜": {0, -1}, "˂": {0, -1}, "‹": {0, -1}, "❮": {0, -1},
	"^": {-1, 0}, "˄": {-1, 0}, "∧": {-1, 0}, "⌃": {-1, 0}, "＾": {-1, 0},
	"v": {1, 0}, "V": {1, 0}, "˅": {1, 0}, "∨": {1, 0}, "⌄": {1, 0},
}

// readInequality is the form of an inequality sign: its glyph as text on
// an edge, turned by the shape's angle (clockwise, in degrees, a multiple
// of 90 within 10), pointing across the edge to the cell with the smaller
// digit, which is the rule's second cell.
func readInequality(r *spReader, d int) ([]sudokusat.Rule, []int, bool) {
	s := r.draws[d].shape
	if s == nil {
		return nil, nil, false
	}
	dir, ok := spPointing[s.text]
	if !ok {
		return nil, nil, false
	}
	quarter := math.Round(s.angle / 90)
	if math.Abs(s.angle-90*quarter) > 10 {
		return nil, nil, false
	}
	// A quarter turn clockwise, on a plane whose rows go down, takes
	// (rows, columns) to (columns, −rows).
	for range (int(quarter)%4 + 4) % 4 {
		dir = [2]int{dir[1], -dir[0]}
	}
	a, b, ok := edgeAt(r.n, s.at)
	if !ok {
		return nil, nil, false
	}
	switch [2]int{b/r.n - a/r.n, b%r.n - a%r.n} {
	case dir: // to b, below or right of a
		return []sudokusat.Rule{{Kind: Inequality, Cells: []int{a, b}}}, nil, true
	case [2]int{-dir[0], -dir[1]}:
		return []sudokusat.Rule{{Kind: Inequality, Cells: []int{b, a}}}, nil, true
	}
	return nil, nil, false // along the edge, to neither cell
}

// readParity is the form of an even cell (a square) or an odd one (a
// circle): a coloured shape inside a cell, without text.
func readParity(odd bool) func(r *spReader, d int) ([]sudokusat.Rule, []int, bool) {
	return func(r *spReader, d int) ([]sudokusat.Rule, []int, bool) {
		s := r.draws[d].shape
		if s == nil || !s.sized(0.35, 0.9) || !s.fill.ok || s.fill.white() || strings.TrimSpace(s.text) != "" || math.Abs(s.w-s.h) > 0.05 {
			return nil, nil, false
		}
		if odd && !s.round() || !odd && !s.square() {
			return nil, nil, false
		}
		cell, ok := cellAt(r.n, s.at)
		if !ok {
			return nil, nil, false
		}
		kind := Even
		if odd {
			kind = Odd
		}
		return []sudokusat.Rule{{Kind: kind, Cells: []int{cell}}}, nil, true
	}
}

// readExtreme is the form of a minimum or maximum cell: a shaded cell,
// with the small chevrons drawn in it toward its neighbours.
func readExtreme(r *spReader, d int) ([]sudokusat.Rule, []int, bool) {
	s := r.draws[d].shape
	if s == nil || !s.square() || !s.sized(0.9, 1.05) || !s.fill.ok || s.fill.white() || strings.TrimSpace(s.text) != "" {
		return nil, nil, false
	}
	cell, ok := cellAt(r.n, s.at)
	if !ok {
		return nil, nil, false
	}
	row, col := float64(cell/r.n), float64(cell%r.n)
	var chevrons []int
	r.index()
	for _, i := range near(r.pointsAt, s.at, 0.5) {
		l := r.draws[i].line
		if l.arrow || l.thick >= spThick || len(l.points) > 3 {
			continue
		}
		in := true
		for _, p := range l.points {
			in = in && p.r >= row && p.r <= row+1 && p.c >= col && p.c <= col+1
		}
		if in {
			chevrons = append(chevrons, i)
		}
	}
	return []sudokusat.Rule{{Cells: []int{cell}}}, chevrons, true
}

func readQuadruple(r *spReader, d int) ([]sudokusat.Rule, []int, bool) {
	s := r.draws[d].shape
	if s == nil || !s.round() || !s.sized(0.4, 1.0) {
		return nil, nil, false
	}
	cells, ok := cornerAt(r.n, s.at)
	if !ok {
		return nil, nil, false
	}
	var digits []int
	for _, f := range strings.FieldsFunc(s.text, func(c rune) bool { return c == ' ' || c == ',' || c == '\n' || c == '\u00a0' }) {
		v, err := strconv.Atoi(f)
		if err != nil || v < 1 || v > r.n {
			return nil, nil, false
		}
		digits = append(digits, v)
	}
	if len(digits) < 1 || len(digits) > 4 {
		return nil, nil, false
	}
	return []sudokusat.Rule{{Kind: Quadruple, Cells: cells, Value: QuadrupleValue(r.n, digits)}}, nil, true
}

// readCountingCircle is the form of a counting circle: a circle without
// text in a cell. Each is read as a rule of its own cell, which
// countingSet joins into the one rule of the puzzle's circles.
var readCountingCircle = cellCircle(CountingCircles)

// cellCircle is the form of a kind drawn as a circle without text
// centred in a cell (0.4 to 1 of a cell): a rule of that cell.
func cellCircle(kind Kind) func(r *spReader, d int) ([]sudokusat.Rule, []int, bool) {
	return func(r *spReader, d int) ([]sudokusat.Rule, []int, bool) {
		s := r.draws[d].shape
		if s == nil || !s.round() || !s.sized(0.4, 1.0) || math.Abs(s.w-s.h) > 0.05 || strings.TrimSpace(s.text) != "" {
			return nil, nil, false
		}
		cell, ok := cellAt(r.n, s.at)
		if !ok {
			return nil, nil, false
		}
		return []sudokusat.Rule{{Kind: kind, Cells: []int{cell}}}, nil, true
	}
}

// countingSet joins the counting circles read, a rule of one cell each,
// into one rule: every circle counts, so the rule holds them all (a
// circle drawn twice in a cell is one). When a circle in a cell that
// could be one of them (round, 0.3 to 1.05 of a cell, with text or not)
// is left unread, a rule of the others would count wrong: none is read,
// and each is listed with the circle left out. A circle that another
// rule read took (an arrow's, a bulb) is none of them.
func (r *spReader) countingSet() {
	var reads []int
	for i, rd := range r.reads {
		if rd.rule.Kind == CountingCircles {
			reads = append(reads, i)
		}
	}
	if len(reads) == 0 {
		return
	}
	var left []int
	for _, dr := range r.draws {
		if s := dr.shape; s != nil && !dr.taken && s.round() && s.sized(0.3, 1.05) {
			if cell, ok := cellAt(r.n, s.at); ok {
				left = append(left, cell)
			}
		}
	}
	if len(left) > 0 {
		slices.Sort(left)
		names := make([]string, 0, len(left))
		for _, c := range slices.Compact(left) {
			names = append(names, cellName(r.n, c))
		}
		why := "drawn as a counting circle, but the circle in " + strings.Join(names, ", ") + " is not read as one, and every circle counts"
		for _, i := range reads {
			for _, d := range r.reads[i].draws {
				r.draws[d].taken, r.draws[d].why = false, why
			}
		}
		r.reads = slices.DeleteFunc(r.reads, func(rd spRead) bool { return rd.rule.Kind == CountingCircles })
		return
	}
	all := r.reads[reads[0]]
	all.rule.Cells, all.draws = nil, nil
	for _, i := range reads {
		all.rule.Cells = append(all.rule.Cells, r.reads[i].rule.Cells...)
		all.draws = append(all.draws, r.reads[i].draws...)
	}
	slices.Sort(all.rule.Cells)
	all.rule.Cells = slices.Compact(all.rule.Cells)
	r.reads = slices.DeleteFunc(r.reads, func(rd spRead) bool { return rd.rule.Kind == CountingCircles })
	r.reads = append(r.reads, all)
}

// readSide is the form of a clue outside the grid that reads its row or
// column: a number beside it.
func readSide(kind Kind) func(r *spReader, d int) ([]sudokusat.Rule, []int, bool) {
	return func(r *spReader, d int) ([]sudokusat.Rule, []int, bool) {
		s := r.draws[d].shape
		if s == nil {
			return nil, nil, false
		}
		v, ok := s.number()
		if !ok {
			return nil, nil, false
		}
		n := r.n
		row, col, ok := outsideAt(n, s.at)
		if !ok || (row < 0 || row >= n) == (col < 0 || col >= n) {
			return nil, nil, false
		}
		cells := make([]int, n)
		for i := range cells {
			switch {
			case row < 0:
				cells[i] = i*n + col
			case row >= n:
				cells[i] = (n-1-i)*n + col
			case col < 0:
				cells[i] = row*n + i
			default:
				cells[i] = row*n + n - 1 - i
			}
		}
		return []sudokusat.Rule{{Kind: kind, Cells: cells, Value: v}}, nil, true
	}
}
