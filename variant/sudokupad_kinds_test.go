package variant

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
)

// Drawings in the styles SudokuPad gives f-puzzles' kinds, and setters'
// tools theirs, for the conventions' tests.
func drawLine(colour string, thick float64, cells string) map[string]any {
	return map[string]any{"color": colour, "thickness": thick, "wayPoints": path(cells)}
}

func drawCircle(centre [2]float64, size float64, fill, border string) map[string]any {
	return map[string]any{"center": centre, "width": size, "height": size, "rounded": true, "backgroundColor": fill, "borderColor": border}
}

func drawSquare(centre [2]float64, size float64, fill string) map[string]any {
	return map[string]any{"center": centre, "width": size, "height": size, "rounded": false, "backgroundColor": fill}
}

func drawDiamond(centre [2]float64) map[string]any {
	return map[string]any{"center": centre, "width": 0.55, "height": 0.55, "angle": 45, "backgroundColor": "#FFFFFF", "borderColor": "#AABEEF"}
}

func drawText(centre [2]float64, text string) map[string]any {
	return map[string]any{"center": centre, "width": 0.25, "height": 0.25, "backgroundColor": "#FFFFFF", "borderColor": "#FFFFFF", "text": text}
}

// drawSign is an inequality sign as setters write it: a glyph of text on
// an edge, turned by angle degrees.
func drawSign(centre [2]float64, glyph string, angle float64) map[string]any {
	return map[string]any{"center": centre, "width": 0, "height": 0.9, "fontSize": 30, "color": "#000000", "text": glyph, "angle": angle}
}

func drawThermo(cells string) (line, bulb map[string]any) {
	return drawLine("#CFCFCF", 21, cells), drawCircle(at(strings.Fields(cells)[0]), 0.85, "#CFCFCF", "#CFCFCF")
}

// spConventionCase is a puzzle made in SudokuPad's format to test one
// row of the table of conventions: the rules it must read, and how many
// parts it must list as not read.
type spConventionCase struct {
	conv   string // the row's name
	doc    scl
	want   []string // ruleString of each rule, in order
	unread int
}

func spConventionCases() []spConventionCase {
	thermo, bulb := drawThermo("r1c1 r1c2 r1c3")
	tip, tipBulb := drawThermo("r2c3 r2c2 r2c1")
	tip["wayPoints"] = path("r2c1 r2c2 r2c3") // drawn from its tip
	n6 := func(d scl) scl { d.n = 6; return d }
	n9 := func(d scl) scl { d.n = 9; return d }
	n4 := func(d scl) scl { d.n = 4; return d }
	return []spConventionCase{
		{conv: "a killer cage", doc: n4(scl{rules: "Digits in cages sum to the total in their corner.",
			cages: []map[string]any{{"cells": rc("r1c1 r1c2"), "value": 3, "unique": true}}}),
			want: []string{"killer r1c1,r1c2 = 3"}},
		{conv: "a cage without a total", doc: n4(scl{rules: "Digits cannot repeat within a cage.",
			cages: []map[string]any{{"cells": rc("r1c1 r2c1"), "unique": true}}}),
			want: []string{"killer r1c1,r2c1 = -1"}},
		{conv: "a prime cage", doc: n4(scl{rules: "Digits in a cage do not repeat and sum to a prime number.",
			cages: []map[string]any{{"cells": rc("r1c1 r2c1"), "unique": true}}}),
			want: []string{"prime-cage r1c1,r2c1"}},
		// Setters' tools mark a cage unique whatever the text says.
		{conv: "a prime cage whose digits may repeat", doc: n4(scl{rules: "The total of each cage is a prime number. Within a cage, digits MAY repeat.",
			cages: []map[string]any{{"cells": rc("r1c1 r1c2"), "unique": true}, {"cells": rc("r2c1 r2c2 r2c3"), "unique": false}}}),
			want: []string{"prime-cage-repeat r1c1,r1c2", "prime-cage-repeat r2c1,r2c2,r2c3"}},
		{conv: "cages of distinct totals", doc: n4(scl{rules: "No two cages sum to the same prime, and each cage's digits total a prime.",
			cages: []map[string]any{{"cells": rc("r1c1 r1c2"), "unique": true}, {"cells": rc("r3c1 r4c1"), "unique": true}}}),
			want: []string{"prime-cage r1c1,r1c2", "prime-cage r3c1,r4c1", "distinct-sums / r1c1,r1c2 / r3c1,r4c1"}},
		{conv: "an extra region", doc: n4(scl{rules: "Digits do not repeat in an extra region.",
			cages: []map[string]any{{"cells": rc("r1c1 r2c2 r3c3 r4c4"), "unique": true, "hidden": true}}}),
			want: []string{"region r1c1,r2c2,r3c3,r4c4"}},
		{conv: "a thermometer", doc: n4(scl{rules: "Digits along a thermometer increase from the bulb.",
			lines: []map[string]any{thermo, tip}, underlays: []map[string]any{bulb, tipBulb}}),
			want: []string{"thermo r1c1,r1c2,r1c3", "thermo r2c3,r2c2,r2c1"}},
		{conv: "a slow thermometer", doc: n4(scl{rules: "Digits along a thermometer increase or stay the same from the bulb.",
			lines: []map[string]any{thermo}, underlays: []map[string]any{bulb}}),
			want: []string{"slow-thermo r1c1,r1c2,r1c3"}},
		{conv: "a between line", doc: n4(scl{rules: "Digits on a line between two circles lie strictly between the digits in the circles.",
			// SudokuPad's importer draws it from the circles' edges.
			lines:    []map[string]any{{"color": "#CFCFCF", "thickness": 2, "wayPoints": [][2]float64{{0.5, 0.9}, {0.5, 1.5}, {0.5, 2.1}}}},
			overlays: []map[string]any{drawCircle(at("r1c1"), 0.8, "#FFFFFF", "#CFCFCF"), drawCircle(at("r1c3"), 0.8, "#FFFFFF", "#CFCFCF")}}),
			want: []string{"between-line r1c1,r1c2,r1c3"}},
		{conv: "a double arrow", doc: n4(scl{rules: "The digits in the circles of a double arrow sum to the total of the digits between them.",
			lines:    []map[string]any{drawLine("#C54B8B", 4.8, "r1c1 r1c2 r1c3")},
			overlays: []map[string]any{drawCircle(at("r1c1"), 0.8, "#FFFFFF", "#C54B8B"), drawCircle(at("r1c3"), 0.8, "#FFFFFF", "#C54B8B")}}),
			want: []string{"double-arrow r1c1,r1c2,r1c3"}},
		{conv: "a lockout line", doc: n6(scl{rules: "The diamonds of a lockout line differ by at least 4, and no digit on the line lies between them.",
			lines:    []map[string]any{drawLine("#AABEEF", 4.8, "r1c1 r1c2 r1c3")},
			overlays: []map[string]any{drawDiamond(at("r1c1")), drawDiamond(at("r1c3"))}}),
			want: []string{"lockout r1c1,r1c2,r1c3 = 4"}},
		{conv: "a renban line", doc: n4(scl{rules: "Digits on a purple renban line are a set of consecutive digits in any order.",
			lines: []map[string]any{drawLine("#F067F0", 8, "r1c1 r2c2 r3c3")}}),
			want: []string{"renban r1c1,r2c2,r3c3"}},
		{conv: "a whispers line", doc: n6(scl{rules: "German whispers: adjacent digits along a green line differ by at least 3.",
			lines: []map[string]any{drawLine("#67F067", 6, "r1c1 r1c2 r2c3")}}),
			want: []string{"whispers r1c1,r1c2,r2c3"}},
		{conv: "a Dutch whispers line", doc: n6(scl{rules: "Adjacent digits along an orange Dutch whispers line have a difference of at least 4.",
			lines: []map[string]any{drawLine("#FF9A00", 6, "r1c1 r1c2 r2c3")}}),
			want: []string{"whispers r1c1,r1c2,r2c3 = 4"}},
		{conv: "a region sum line", doc: n4(scl{rules: "Digits on a blue line have the same sum in each box it passes through.",
			lines: []map[string]any{drawLine("#2ECBFF", 5, "r1c1 r1c2 r1c3 r1c4")}}),
			want: []string{"region-sum-line r1c1,r1c2,r1c3,r1c4"}},
		{conv: "a region difference line", doc: n4(scl{rules: "Digits on a blue line have the same difference in each box it passes through.",
			lines: []map[string]any{drawLine("#2ECBFF", 5, "r1c1 r1c2 r1c3 r1c4"), drawLine("#2ECBFF", 5, "r3c2 r4c2 r4c3 r3c3")}}),
			want: []string{"region-difference-line r1c1,r1c2,r1c3,r1c4", "region-difference-line r3c2,r4c2,r4c3,r3c3"}},
		{conv: "a palindrome line", doc: n4(scl{rules: "A grey palindrome line reads the same in either direction.",
			lines: []map[string]any{drawLine("#CFCFCF", 16, "r4c1 r4c2 r4c3")}}),
			want: []string{"palindrome r4c1,r4c2,r4c3"}},
		{conv: "an entropic line", doc: n9(scl{rules: "Every three adjacent digits along a peach entropic line hold a low (123), a middle (456) and a high (789) digit.",
			lines: []map[string]any{drawLine("#FFCCAA", 5, "r1c1 r1c2 r1c3 r1c4")}}),
			want: []string{"entropic-line r1c1,r1c2,r1c3,r1c4"}},
		{conv: "a modular line", doc: n9(scl{rules: "Every three adjacent digits along a modular line have different remainders modulo 3.",
			lines: []map[string]any{drawLine("#33BBBB", 5, "r1c1 r1c2 r1c3")}}),
			want: []string{"modular-line r1c1,r1c2,r1c3"}},
		{conv: "a nabner line", doc: n6(scl{rules: "No two digits on a nabner line are equal or consecutive.",
			lines: []map[string]any{drawLine("#C9C883", 8, "r1c1 r2c2 r3c3")}}),
			want: []string{"nabner r1c1,r2c2,r3c3"}},
		{conv: "a zipper line", doc: n4(scl{rules: "Digits on a lavender zipper line at the same distance from its middle (the dot) sum to the middle digit.",
			lines:     []map[string]any{drawLine("#cdb1ec", 5, "r1c1 r1c2 r1c3")},
			underlays: []map[string]any{drawCircle(at("r1c2"), 0.44, "#cdb1ec", "")}}),
			want: []string{"zipper-line r1c1,r1c2,r1c3"}},
		{conv: "a difference count line", doc: n6(scl{rules: "For any two adjacent digits on a coloured line, their difference says exactly how many adjacent pairs on that line have this same difference.",
			// In the colours of other kinds, which the text does not
			// name: setters draw these lines in any colour.
			lines: []map[string]any{drawLine("#dfb1f4ff", 10, "r1c1 r1c2 r2c3"), drawLine("#b7f68cff", 10, "r3c2 r4c3 r5c4 r5c5")}}),
			want: []string{"difference-count-line r1c1,r1c2,r2c3", "difference-count-line r3c2,r4c3,r5c4,r5c5"}},
		{conv: "a sum line", doc: n9(scl{rules: "10 lines: every line splits into one or more segments, each with digits that sum to 10.",
			// A white line over its grey outline, and a light grey loop
			// without one.
			lines: []map[string]any{drawLine("#aaaf", 9.6, "r1c1 r1c2 r1c3"), drawLine("#FFFFFF", 5.12, "r1c1 r1c2 r1c3"),
				drawLine("#DDDDDD", 6, "r3c1 r3c2 r4c2 r4c1 r3c1")}}),
			want: []string{"sum-line r1c1,r1c2,r1c3", "sum-line r3c1,r3c2,r4c2,r4c1,r3c1"}},
		{conv: "a Fibonacci line", doc: n9(scl{rules: "Digits along a Fibonacci line strictly increase from one end to the other, each digit after the lowest two being the sum of the two before it.",
			// Any colour: grey, blue, black, and purple (renban's, not
			// named here); a line of two cells too.
			lines: []map[string]any{drawLine("#A0A0A0", 8, "r1c1 r1c2 r1c3"), drawLine("#4A86E8", 5, "r3c1 r3c2 r4c3 r5c3"),
				drawLine("#000000", 4, "r7c7 r8c8"), drawLine("#F067F0", 8, "r9c1 r9c2 r9c3")}}),
			want: []string{"fibonacci-line r1c1,r1c2,r1c3", "fibonacci-line r3c1,r3c2,r4c3,r5c3", "fibonacci-line r7c7,r8c8", "fibonacci-line r9c1,r9c2,r9c3"}},
		{conv: "a sequence line", doc: n9(scl{rules: "Digits along a grey line form an arithmetic sequence, read from one end to the other.",
			// Greys light and dark, thick and thin, as setters draw them.
			lines: []map[string]any{drawLine("#CFCFCF", 16, "r1c1 r1c2 r1c3"), drawLine("#9d9d9dff", 10, "r3c3 r2c4 r2c5 r3c6"), drawLine("#777", 5, "r5c5 r6c5")}}),
			want: []string{"sequence-line r1c1,r1c2,r1c3", "sequence-line r3c3,r2c4,r2c5,r3c6", "sequence-line r5c5,r6c5"}},
		{conv: "a pair sum line", doc: n9(scl{rules: "On each line of four cells, the first two digits add up to the same sum as the last two digits.",
			// Any colour: green (whispers', not named here), grey,
			// blue and pink; bent and straight.
			lines: []map[string]any{drawLine("#67F067", 10, "r1c1 r1c2 r2c2 r2c1"), drawLine("#A0A0A0", 8, "r4c1 r4c2 r4c3 r4c4"),
				drawLine("#4A86E8", 5, "r7c7 r8c8 r9c9 r9c8"), drawLine("#f06497", 10, "r6c6 r5c6 r5c5 r6c5")}}),
			want: []string{"pair-sum-line r1c1,r1c2,r2c2,r2c1", "pair-sum-line r4c1,r4c2,r4c3,r4c4", "pair-sum-line r7c7,r8c8,r9c9,r9c8", "pair-sum-line r6c6,r5c6,r5c5,r6c5"}},
		{conv: "a main diagonal", doc: n4(scl{rules: "Digits may not repeat on the marked diagonal.",
			lines: []map[string]any{{"color": "#34BBE6", "thickness": 2, "wayPoints": [][2]float64{{0, 0}, {4, 4}}}}}),
			want: []string{"diagonal- r1c1,r2c2,r3c3,r4c4"}},
		{conv: "an anti-diagonal", doc: n4(scl{rules: "Digits may not repeat on the marked diagonal.",
			lines: []map[string]any{{"color": "#34BBE6", "thickness": 2, "wayPoints": [][2]float64{{4, 0}, {0, 4}}}}}),
			want: []string{"diagonal+ r4c1,r3c2,r2c3,r1c4"}},
		{conv: "an arrow drawn as lines", doc: n4(scl{rules: "Digits along an arrow sum to the digit in its circle.",
			lines: []map[string]any{drawLine("#bbbf", 3.2, "r1c1 r1c2 r1c3"),
				{"color": "#bbbf", "thickness": 3.2, "wayPoints": [][2]float64{{0.333, 2.167}, {0.5, 2.5}, {0.667, 2.167}}}},
			overlays: []map[string]any{drawCircle(at("r1c1"), 0.85, "#FFFFFF", "#bbbf")}}),
			want: []string{"arrow r1c1 / r1c2,r1c3"}},
		{conv: "a difference arrow drawn as lines", doc: n4(scl{rules: "The two digits along an arrow differ by the digit in its circle.",
			lines: []map[string]any{drawLine("#bbbf", 3.2, "r1c1 r1c2 r1c3"),
				{"color": "#bbbf", "thickness": 3.2, "wayPoints": [][2]float64{{0.333, 2.167}, {0.5, 2.5}, {0.667, 2.167}}}},
			overlays: []map[string]any{drawCircle(at("r1c1"), 0.85, "#FFFFFF", "#bbbf")}}),
			want: []string{"difference-arrow r1c1 / r1c2,r1c3"}},
		{conv: "a difference arrow", doc: n9(scl{rules: "The difference between the two digits on an arrow is the digit in its circle.",
			// A circle with two arrows, one bent, as SudokuPad's importer
			// draws them, and another circle's.
			arrows: []map[string]any{
				{"color": "#a1a1a1", "thickness": 5, "headLength": 0.3, "wayPoints": [][2]float64{{0.5, 0.9}, {0.5, 1.5}, {0.5, 2.5}}},
				{"color": "#a1a1a1", "thickness": 5, "headLength": 0.3, "wayPoints": [][2]float64{{0.78, 0.78}, {1.5, 1.5}, {2.5, 1.5}}},
				{"color": "#a1a1a1", "thickness": 5, "headLength": 0.3, "wayPoints": [][2]float64{{4.9, 4.5}, {5.5, 4.5}, {6.5, 4.5}}}},
			overlays: []map[string]any{drawCircle(at("r1c1"), 0.83, "#FFFFFF", "#a1a1a1"), drawCircle(at("r5c5"), 0.83, "#FFFFFF", "#a1a1a1")}}),
			want: []string{"difference-arrow r1c1 / r1c2,r1c3 / r2c2,r3c2", "difference-arrow r5c5 / r6c5,r7c5"}},
		{conv: "an arrow", doc: n9(scl{rules: "Digits along an arrow sum to the number in its circle.",
			// A circle of one cell with two arrows, and a pill over
			// two, as SudokuPad's importer draws them.
			arrows: []map[string]any{
				{"color": "#a1a1a1", "thickness": 5, "headLength": 0.3, "wayPoints": [][2]float64{{0.5, 0.9}, {0.5, 1.5}, {0.5, 2.5}}},
				{"color": "#a1a1a1", "thickness": 5, "headLength": 0.3, "wayPoints": [][2]float64{{0.78, 0.78}, {1.5, 1.5}}},
				{"color": "#a1a1a1", "thickness": 5, "headLength": 0.3, "wayPoints": [][2]float64{{3.9, 3.5}, {4.5, 3.5}, {5.5, 3.5}, {6.5, 3.5}}}},
			overlays: []map[string]any{drawCircle(at("r1c1"), 0.83, "#FFFFFF", "#a1a1a1"),
				{"center": mid("r4c3 r4c4"), "width": 1.83, "height": 0.83, "rounded": true, "backgroundColor": "#FFFFFF", "borderColor": "#a1a1a1"}}}),
			want: []string{"arrow r1c1 / r1c2,r1c3 / r2c2", "arrow r4c3,r4c4 / r5c4,r6c4,r7c4"}},
		{conv: "a little killer", doc: n4(scl{rules: "Digits along the diagonal an arrow outside the grid points along sum to the number beside it.",
			arrows:   []map[string]any{{"color": "#000000", "thickness": 2, "wayPoints": [][2]float64{{-0.2, -0.2}, {-0.02, -0.02}}}},
			overlays: []map[string]any{drawText([2]float64{-0.5, -0.5}, "10")}}),
			want: []string{"little-killer r1c1,r2c2,r3c3,r4c4 = 10"}},
		// Drawn as a little killer is; the text "03" keeps its 0.
		{conv: "a look-and-say clue", doc: n4(scl{rules: "Each indicated diagonal carries a 'Look and Say' clue: its first digit tells how many times its second digit occurs on that diagonal.",
			arrows: []map[string]any{{"color": "#000000", "thickness": 2, "wayPoints": [][2]float64{{-0.2, -0.2}, {-0.02, -0.02}}},
				{"color": "#000000", "thickness": 2, "wayPoints": [][2]float64{{4.2, 0.8}, {4.02, 0.98}}}},
			overlays: []map[string]any{drawText([2]float64{-0.5, -0.5}, "2113"), drawText([2]float64{4.5, 0.5}, "03")}}),
			want: []string{"look-and-say r1c1,r2c2,r3c3,r4c4 = 2113", "look-and-say r4c2,r3c3,r2c4 = 3"}},
		{conv: "a white dot", doc: n4(scl{rules: "Digits separated by a white dot are consecutive.",
			overlays: []map[string]any{drawCircle(mid("r1c1 r1c2"), 0.3, "#FFFFFF", "#000000")}}),
			want: []string{"white r1c1,r1c2"}},
		{conv: "a white dot with a number", doc: n4(scl{rules: "Digits separated by a white dot with a number differ by that number.",
			overlays: []map[string]any{{"center": mid("r1c1 r2c1"), "width": 0.3, "height": 0.3, "rounded": true, "backgroundColor": "#FFFFFF", "borderColor": "#000000", "text": "2"}}}),
			want: []string{"white r1c1,r2c1 = 2"}},
		{conv: "a black dot", doc: n4(scl{rules: "Digits separated by a black dot are in a 1:2 ratio.",
			overlays: []map[string]any{drawCircle(mid("r2c2 r2c3"), 0.3, "#000000", "#000000")}}),
			want: []string{"black r2c2,r2c3"}},
		{conv: "a black dot with a number", doc: n4(scl{rules: "Of two digits separated by a black dot with a number, one is that number times the other.",
			overlays: []map[string]any{{"center": mid("r2c2 r2c3"), "width": 0.3, "height": 0.3, "rounded": true, "backgroundColor": "#000000", "text": "3"}}}),
			want: []string{"black r2c2,r2c3 = 3"}},
		{conv: "a grey dot", doc: n6(scl{rules: "Digits separated by a gray dot are consecutive, or one is double the other.",
			// Greys from dark to light, bordered or not, over SudokuPad's
			// white page ("#0006" is a mid grey there).
			overlays: []map[string]any{drawCircle(mid("r1c1 r1c2"), 0.3, "#808080", "#000000"), drawCircle(mid("r2c1 r3c1"), 0.25, "#3a3a3a", "#3a3a3a"),
				drawCircle(mid("r4c4 r4c5"), 0.35, "#0006", ""), drawCircle(mid("r5c6 r6c6"), 0.3, "#C8C8C8", "#808080")}}),
			want: []string{"grey-dot r1c1,r1c2", "grey-dot r2c1,r3c1", "grey-dot r4c4,r4c5", "grey-dot r5c6,r6c6"}},
		{conv: "an X", doc: n9(scl{rules: "Digits separated by an X sum to 10.",
			overlays: []map[string]any{drawText(mid("r1c1 r1c2"), "X")}}),
			want: []string{"xv r1c1,r1c2 = 10"}},
		{conv: "a V", doc: n9(scl{rules: "Digits separated by a V sum to 5.",
			overlays: []map[string]any{drawText(mid("r1c1 r2c1"), "V")}}),
			want: []string{"xv r1c1,r2c1 = 5"}},
		{conv: "a Roman numeral between cages", doc: n9(scl{rules: "Roman Numeral Cages: two cages joined by a C hold numbers summing to 100. Two cages joined by an X hold numbers summing to 10. Read each cage's digits left-to-right or top-to-bottom.",
			// A C on a white disc of its own between two cages of a row,
			// the middle cage joined to a third by a C too; an X with
			// its disc in one shape between two cages of a column, one
			// of them a single cell.
			cages: []map[string]any{{"cells": rc("r1c1 r1c2")}, {"cells": rc("r1c3 r1c4")}, {"cells": rc("r2c3 r2c4"), "unique": true},
				{"cells": rc("r5c5 r6c5 r7c5")}, {"cells": rc("r8c5")}},
			overlays: []map[string]any{drawCircle(mid("r1c2 r1c3"), 0.32, "#FFFFFF", ""), {"center": mid("r1c2 r1c3"), "width": 0, "height": 0.55, "fontSize": 16.8, "color": "#000000", "text": "C"},
				drawCircle(mid("r1c4 r2c4"), 0.32, "#FFFFFF", ""), {"center": mid("r1c4 r2c4"), "width": 0, "height": 0.55, "fontSize": 16.8, "color": "#000000", "text": "C"},
				{"center": mid("r7c5 r8c5"), "width": 0.35, "height": 0.35, "rounded": true, "backgroundColor": "#FFFFFF", "borderColor": "#000000", "text": "X"}}}),
			want: []string{"roman-cages r1c2,r1c3 / r1c1,r1c2 / r1c3,r1c4 = 100", "roman-cages r1c4,r2c4 / r1c3,r1c4 / r2c3,r2c4 = 100", "roman-cages r7c5,r8c5 / r5c5,r6c5,r7c5 / r8c5 = 10"}},
		{conv: "an inequality sign", doc: n4(scl{rules: "The inequality signs point to the lower digit.",
			// Upright and turned, as f-puzzles' text and SudokuPad draw
			// it; a V with no XV named is a sign pointing down.
			overlays: []map[string]any{drawSign(mid("r1c1 r1c2"), ">", 0), drawSign(mid("r2c1 r2c2"), "<", 0), drawSign(mid("r1c3 r2c3"), "v", 0),
				drawSign(mid("r1c4 r2c4"), ">", -90), drawSign(mid("r3c1 r4c1"), "<", 90), drawSign(mid("r3c2 r3c3"), "˄", 90), drawText(mid("r3c4 r4c4"), "V")}}),
			want: []string{"inequality r1c1,r1c2", "inequality r2c2,r2c1", "inequality r1c3,r2c3", "inequality r2c4,r1c4", "inequality r4c1,r3c1", "inequality r3c2,r3c3", "inequality r3c4,r4c4"}},
		{conv: "an even cell", doc: n4(scl{rules: "A cell with a grey square holds an even digit.",
			underlays: []map[string]any{drawSquare(at("r2c2"), 0.7, "#CFCFCF")}}),
			want: []string{"even r2c2"}},
		{conv: "an odd cell", doc: n4(scl{rules: "The yellow circles hold odd digits.",
			underlays: []map[string]any{drawCircle(at("r2c2"), 0.7, "#d4da31e6", "")}}),
			want: []string{"odd r2c2"}},
		{conv: "a maximum cell", doc: n4(scl{rules: "Digits in grey shaded cells are greater than every orthogonally adjacent digit.",
			underlays: []map[string]any{drawSquare(at("r2c2"), 1, "#0003")},
			// A chevron toward r2c1, as SudokuPad's importer draws it.
			lines: []map[string]any{{"color": "#000000", "thickness": 1, "wayPoints": [][2]float64{{1.4, 1.06}, {1.5, 1.11}, {1.6, 1.06}}}}}),
			want: []string{"maximum r2c2"}},
		{conv: "a minimum cell", doc: n4(scl{rules: "A digit in a shaded cell is less than its orthogonally adjacent digits.",
			underlays: []map[string]any{drawSquare(at("r2c2"), 1, "#ccc")}}),
			want: []string{"minimum r2c2"}},
		{conv: "a quadruple", doc: n4(scl{rules: "The digits in a circle on a corner (a quadruple) appear in the four cells around it.",
			overlays: []map[string]any{{"center": mid("r1c1 r2c2"), "width": 0.7, "height": 0.7, "rounded": true, "backgroundColor": "#FFFFFF", "borderColor": "#000000", "text": "1 2"}}}),
			want: []string{"quadruple r1c1,r1c2,r2c1,r2c2 = 12"}},
		{conv: "a counting circle", doc: n4(scl{rules: "Counting circles: if a digit n is in a circle, then n is in exactly n circles.",
			// r2c3's circle drawn twice, an underlay and an overlay: one
			// circle.
			underlays: []map[string]any{drawCircle(at("r1c1"), 0.82, "#FFFFFF", "#000000"), drawCircle(at("r2c3"), 0.82, "#FFFFFF", "#000000")},
			overlays:  []map[string]any{drawCircle(at("r2c3"), 0.7, "", "#000000"), drawCircle(at("r4c2"), 0.6, "#c0c0c0", "")}}),
			want: []string{"counting-circles r1c1,r2c3,r4c2"}},
		{conv: "an entropic knight circle", doc: n4(scl{rules: "Every cell a chess knight's move from a circled digit holds a digit of that circle's entropic group (low, middle or high).",
			// A border alone (as setters draw them) and a white circle.
			underlays: []map[string]any{drawCircle(at("r1c1"), 0.85, "", "#000000")},
			overlays:  []map[string]any{drawCircle(at("r3c2"), 0.8, "#FFFFFF", "#000000")}}),
			want: []string{"entropic-knight-circle r1c1", "entropic-knight-circle r3c2"}},
		{conv: "a sandwich clue", doc: n4(scl{rules: "A sandwich clue outside the grid is the sum of the digits between the 1 and the 4 of its column.",
			overlays: []map[string]any{drawText([2]float64{-0.5, 1.5}, "3")}}),
			want: []string{"sandwich r1c2,r2c2,r3c2,r4c2 = 3"}},
		{conv: "an x-sum clue", doc: n4(scl{rules: "X-sums: a clue outside the grid is the sum of the first X digits of its row, X being the first of them.",
			overlays: []map[string]any{drawText([2]float64{1.5, 4.5}, "7")}}),
			want: []string{"x-sum r2c4,r2c3,r2c2,r2c1 = 7"}},
		{conv: "a skyscraper clue", doc: n4(scl{rules: "Skyscrapers: a clue outside the grid counts the skyscrapers seen from it.",
			overlays: []map[string]any{drawText([2]float64{4.5, 0.5}, "2")}}),
			want: []string{"skyscraper r4c1,r3c1,r2c1,r1c1 = 2"}},
		{conv: "anti-knight", doc: n4(scl{rules: "Cells a knight's move apart cannot hold the same digit."}),
			want: []string{"anti-knight"}},
		{conv: "anti-king", doc: n4(scl{rules: "Cells a king's move apart cannot hold the same digit."}),
			want: []string{"anti-king"}},
		{conv: "non-consecutive", doc: n4(scl{rules: "Orthogonally adjacent cells cannot hold consecutive digits."}),
			want: []string{"non-consecutive"}},
		{conv: "both diagonals, named only", doc: n4(scl{rules: "Digits may not repeat on either of the two main diagonals."}),
			want: []string{"diagonal+ r4c1,r3c2,r2c3,r1c4", "diagonal- r1c1,r2c2,r3c3,r4c4"}},
		{conv: "both diagonals, named only (anti)", doc: n6(scl{rules: "Sudoku X: digits do not repeat on the main diagonals."}),
			want: []string{"diagonal+ r6c1,r5c2,r4c3,r3c4,r2c5,r1c6", "diagonal- r1c1,r2c2,r3c3,r4c4,r5c5,r6c6"}},
		{conv: "disjoint groups", doc: n4(scl{rules: "Disjoint groups: digits may not repeat in cells that occupy the same position in their boxes."}),
			want: []string{"disjoint-groups"}},
		{conv: "no parity triple", doc: n6(scl{rules: "A string of 3 adjacent digits in any row or column is never all even or all odd."}),
			want: []string{"no-parity-triple"}},
		{conv: "no parity triple", doc: n9(scl{rules: "In any row or column, no more than two consecutive digits may have the same parity (i.e. be both odd or both even)."}),
			want: []string{"no-parity-triple"}},
		{conv: "every black dot given", doc: n4(scl{rules: "Digits separated by a black dot are in a 1:2 ratio. All possible black dots are given.",
			overlays: []map[string]any{drawCircle(mid("r2c2 r2c3"), 0.3, "#000000", "#000000")}}),
			want: []string{"no-black", "black r2c2,r2c3"}},
		// Grey dots alone: every grey dot given is both negatives, since
		// a pair without a dot is then neither consecutive nor 1:2.
		{conv: "every black dot given", doc: n4(scl{rules: "The digits across a grey dot are consecutive or in a 1:2 ratio. All possible dots are given.",
			overlays: []map[string]any{drawCircle(mid("r2c2 r2c3"), 0.3, "#808080", "#000000")}}),
			want: []string{"grey-dot r2c2,r2c3", "no-black", "non-consecutive"}},
		{conv: "every X and V given", doc: n9(scl{rules: "XV: digits separated by an X sum to 10, by a V to 5. All possible Xs and Vs are given.",
			overlays: []map[string]any{drawText(mid("r1c1 r1c2"), "X"), drawText(mid("r1c1 r2c1"), "V")}}),
			want: []string{"no-xv", "xv r1c1,r1c2 = 10", "xv r1c1,r2c1 = 5"}},
		{conv: "every X and V given", doc: n9(scl{rules: "Digits separated by a V sum to 5. All such pairs are given.",
			overlays: []map[string]any{drawText(mid("r1c1 r2c1"), "V")}}),
			want: []string{"no-xv = 5", "xv r1c1,r2c1 = 5"}},
		{conv: "every X and V given", doc: n9(scl{rules: "Digits separated by an X sum to 10. All possible Xs are given.",
			overlays: []map[string]any{drawText(mid("r1c1 r1c2"), "X")}}),
			want: []string{"no-xv = 10", "xv r1c1,r1c2 = 10"}},
	}
}

// TestSPConventions reads, for every row of the table of conventions, a
// puzzle made in SudokuPad's format whose drawings have the row's form and
// whose rules text names its kind, zipped and not: the rules come out,
// nothing is left unread, and the puzzle goes back to SudokuPad's format
// and reads the same.
func TestSPConventions(t *testing.T) {
	for _, c := range spConventionCases() {
		for _, zip := range []bool{false, true} {
			c.doc.rules = "Normal sudoku rules apply. " + c.doc.rules
			p := parseSCL(t, c.doc, zip)
			var got []string
			for _, r := range p.Rules {
				got = append(got, ruleString(p.Size(), r))
			}
			if !slices.Equal(got, c.want) || len(p.Unread) != c.unread {
				t.Errorf("%s (zipped %v): rules %q, want %q; not read %+v", c.conv, zip, got, c.want, p.Unread)
				continue
			}
			doc, err := SudokuPad(p)
			if err != nil {
				t.Errorf("%s: written: %v", c.conv, err)
				continue
			}
			q, err := ParseSudokuPad(doc)
			if err != nil {
				t.Errorf("%s: %s read back: %v", c.conv, doc, err)
				continue
			}
			var back []string
			for _, r := range q.Rules {
				back = append(back, ruleString(q.Size(), r))
			}
			if !slices.Equal(back, got) || len(q.Unread) != 0 {
				t.Errorf("%s: written and read back as %q, not read %+v\n%s", c.conv, back, q.Unread, doc)
			}
		}
	}
}

// TestSPEveryConvention: every row of the table has a test puzzle in
// TestSPConventions, and each row's name is its own.
func TestSPEveryConvention(t *testing.T) {
	tested := map[string]bool{}
	for _, c := range spConventionCases() {
		tested[c.conv] = true
	}
	seen := map[string]bool{}
	for _, c := range spConventions() {
		if seen[c.name] {
			t.Errorf("two rows named %q", c.name)
		}
		seen[c.name] = true
		if !tested[c.name] {
			t.Errorf("row %q has no test puzzle", c.name)
		}
		if _, ok := Info(c.kind); !ok {
			t.Errorf("row %q reads kind %q, which Kinds does not have", c.name, c.kind)
		}
	}
	for name := range tested {
		if !seen[name] {
			t.Errorf("test puzzle for %q, which no row is", name)
		}
	}
}

// TestSPOneSignal: a drawing in a kind's form that the rules text does
// not name, a text that names a kind no drawing has the form of, a
// drawing whose form and text fit two kinds, and a colour the text gives
// another: none is read, and each is listed with its reason.
func TestSPOneSignal(t *testing.T) {
	thermo, bulb := drawThermo("r1c1 r1c2 r1c3")
	for _, c := range []struct {
		name   string
		doc    scl
		rules  int
		unread []string // kind: reason, of each part not read
	}{
		{"form without words", scl{n: 4, rules: "Normal sudoku rules apply.", lines: []map[string]any{drawLine("#F067F0", 8, "r1c1 r2c2 r3c3")}},
			0, []string{"line: drawn as a renban line, which the rules text does not name"}},
		// A cage's rule is the format's, unless the text says otherwise.
		{"a cage whose digits may repeat", scl{n: 4, rules: "Digits in a cage sum to its total. Digits in cages may repeat.",
			cages: []map[string]any{{"cells": rc("r1c1 r1c2"), "value": 3, "unique": true}}},
			0, []string{`cage: drawn as a killer cage, but the rules text says otherwise: "Digits in cages may repeat."`, "sentence: no rule read accounts for it", "sentence: no rule read accounts for it"}},
		// A prime cage's digits repeat or not as the text or the cage
		// says: a cage neither marks unique nor says may repeat is not
		// read; nor are prime cages of which the text says more than
		// the rule of distinct totals reads.
		{"a prime cage, repeats unsaid", scl{n: 4, rules: "A cage's digits total a prime.",
			cages: []map[string]any{{"cells": rc("r1c1 r2c1"), "unique": false}}},
			0, []string{"cage: no kind of rule is drawn so", "sentence: no rule read accounts for it"}},
		{"prime cages said more of", scl{n: 4, rules: "A cage's digits total a prime, and no two cages sum to consecutive primes.",
			cages: []map[string]any{{"cells": rc("r1c1 r2c1"), "unique": true}, {"cells": rc("r3c1 r4c1"), "unique": true}}},
			0, []string{`cage: drawn as a prime cage, but the rules text says more of the cages: "A cage's digits total a prime, and no two cages sum to consecutive primes."`,
				`cage: drawn as a prime cage, but the rules text says more of the cages: "A cage's digits total a prime, and no two cages sum to consecutive primes."`,
				"sentence: no rule read accounts for it"}},
		{"words without form", scl{n: 4, rules: "Digits on a purple renban line are consecutive, in any order.", lines: []map[string]any{drawLine("#67F067", 8, "r1c1 r2c2 r3c3")}},
			0, []string{"line: drawn as a whispers line, which the rules text does not name", "sentence: no rule read accounts for it"}},
		{"two kinds", scl{n: 4, rules: "Digits on a thermometer increase from the bulb. On slow thermometers they may stay the same.",
			lines: []map[string]any{thermo}, underlays: []map[string]any{bulb}},
			0, []string{"line: drawn as a thermometer or a slow thermometer, all of which the rules text names",
				"circle: drawn as an odd cell, a counting circle or an entropic knight circle, which the rules text does not name", "sentence: no rule read accounts for it", "sentence: no rule read accounts for it"}},
		{"another colour", scl{n: 4, rules: "Digits on a green renban line are consecutive, in any order.", lines: []map[string]any{drawLine("#F067F0", 8, "r1c1 r2c2 r3c3")}},
			0, []string{"line: drawn as a renban line, which the rules text does not name", "sentence: no rule read accounts for it"}},
		{"a rule of words only", scl{n: 4, rules: "Digits in a cage sum to its total. The digit in r1c1 is a prime.", cages: []map[string]any{{"cells": rc("r1c1 r1c2"), "value": 3}}},
			1, []string{"sentence: no rule read accounts for it"}},
		{"no classic rules", scl{n: 4, rules: "Fill the grid with digits 1 to 9 so that no digit repeats in a row, column or box."},
			0, []string{"sentence: no rule read accounts for it"}},
		{"a branching line", scl{n: 4, rules: "Digits on a purple renban line are consecutive, in any order.",
			lines: []map[string]any{drawLine("#F067F0", 8, "r1c1 r1c2 r1c3"), drawLine("#F067F0", 8, "r1c2 r2c2 r3c2")}},
			0, []string{"line: drawn as a renban line, but a line of its colour starts or ends on it, or it on one: whether they are one line or several is not certain",
				"line: drawn as a renban line, but a line of its colour starts or ends on it, or it on one: whether they are one line or several is not certain", "sentence: no rule read accounts for it"}},
		{"a line from a lasso's knot", scl{n: 6, rules: "Digits on a purple renban line are consecutive, in any order.",
			lines: []map[string]any{drawLine("#F067F0", 8, "r3c1 r2c2 r3c3 r2c4 r1c3 r2c2"), drawLine("#F067F0", 8, "r2c2 r1c1")}},
			0, []string{"line: drawn as a renban line, but a line of its colour starts or ends on it, or it on one: whether they are one line or several is not certain",
				"line: drawn as a renban line, but a line of its colour starts or ends on it, or it on one: whether they are one line or several is not certain", "sentence: no rule read accounts for it"}},
		{"a line from a loop", scl{n: 6, rules: "Digits on a purple renban line are consecutive, in any order.",
			lines: []map[string]any{drawLine("#F067F0", 8, "r2c2 r2c3 r3c3 r3c2 r2c2"), drawLine("#F067F0", 8, "r2c2 r1c1")}},
			0, []string{"line: drawn as a renban line, but a line of its colour starts or ends on it, or it on one: whether they are one line or several is not certain",
				"line: drawn as a renban line, but a line of its colour starts or ends on it, or it on one: whether they are one line or several is not certain", "sentence: no rule read accounts for it"}},
		{"a thermometer without its bulb", scl{n: 4, rules: "Digits along a thermometer increase from the bulb.", lines: []map[string]any{thermo}},
			0, []string{"line: drawn as a palindrome line, a sum line or a sequence line, which the rules text does not name", "sentence: no rule read accounts for it"}},
		// A grey line is a palindrome or a sequence line: with both
		// named, it is neither; with one, that one (TestSPConventions).
		{"a grey line of a palindrome or a sequence line", scl{n: 6, rules: "Grey lines are palindromes. Digits along a sequence line form an arithmetic sequence.",
			lines: []map[string]any{drawLine("#CFCFCF", 10, "r1c1 r1c2 r1c3")}},
			0, []string{"line: drawn as a palindrome line or a sequence line, all of which the rules text names", "sentence: no rule read accounts for it", "sentence: no rule read accounts for it"}},
		// Grey dots of other meanings: the text names no grey dot, and
		// a white or black dot is none.
		{"a grey dot of another rule", scl{n: 6, rules: "Digits separated by a grey dot sum to 5.",
			overlays: []map[string]any{drawCircle(mid("r1c1 r1c2"), 0.3, "#808080", "#000000")}},
			0, []string{"circle: drawn as a grey dot, which the rules text does not name", "sentence: no rule read accounts for it"}},
		{"white and black dots, grey dots named", scl{n: 6, rules: "The digits across a grey dot are consecutive or in a 1:2 ratio.",
			overlays: []map[string]any{drawCircle(mid("r1c1 r1c2"), 0.3, "#FFFFFF", "#000000"), drawCircle(mid("r2c1 r2c2"), 0.3, "#000000", "#000000")}},
			0, []string{"circle: drawn as a white dot, which the rules text does not name", "circle: drawn as a black dot, which the rules text does not name", "sentence: no rule read accounts for it"}},
		// A V is an XV mark and an inequality sign: with both named, it
		// is neither; with one named, it is that one (TestSPConventions).
		{"a V of XV or an inequality sign", scl{n: 9, rules: "Digits separated by a V sum to 5. Inequality signs point to the smaller digit.",
			overlays: []map[string]any{drawText(mid("r1c1 r2c1"), "V")}},
			0, []string{"text: drawn as a V or an inequality sign, all of which the rules text names", "sentence: no rule read accounts for it", "sentence: no rule read accounts for it"}},
		{"an inequality sign along its edge", scl{n: 4, rules: "Inequality signs point to the smaller digit.",
			overlays: []map[string]any{drawSign(mid("r1c1 r1c2"), ">", 90), drawSign(mid("r2c1 r3c1"), "<", 45)}},
			0, []string{"text: no kind of rule is drawn so", "text: no kind of rule is drawn so", "sentence: no rule read accounts for it"}},
		{"a sum line, form without words", scl{n: 9, rules: "Normal sudoku rules apply.",
			lines: []map[string]any{drawLine("#aaaf", 9.6, "r1c1 r1c2 r1c3"), drawLine("#FFFFFF", 5.12, "r1c1 r1c2 r1c3")}},
			0, []string{"line: drawn as a sum line, which the rules text does not name"}}, // the line and its outline, once
		{"a sum line, words without form", scl{n: 9, rules: "Every line splits into one or more segments, each with digits that sum to 10.",
			lines: []map[string]any{drawLine("#67F067", 8, "r1c1 r1c2 r1c3")}},
			0, []string{"line: drawn as a whispers line, which the rules text does not name", "sentence: no rule read accounts for it"}},
		{"a sum line without a total", scl{n: 9, rules: "Each white line can be divided into segments that each add to N, a total of its own.",
			lines: []map[string]any{drawLine("#FFFFFF", 5, "r1c1 r1c2 r1c3")}},
			0, []string{"line: drawn as a sum line, but the sentences naming it state no total, or several", "sentence: no rule read accounts for it"}},
		{"a sum line of two totals", scl{n: 9, rules: "10 lines: each white line can be divided into segments that each sum to 15.",
			lines: []map[string]any{drawLine("#FFFFFF", 5, "r1c1 r1c2 r1c3")}},
			0, []string{"line: drawn as a sum line, but the sentences naming it state no total, or several", "sentence: no rule read accounts for it"}},
		{"a loop of a kind without loops", scl{n: 4, rules: "Digits on a grey palindrome line read the same in either direction.", lines: []map[string]any{drawLine("#CFCFCF", 16, "r1c1 r1c2 r2c2 r2c1 r1c1")}},
			0, []string{"line: drawn as a palindrome line, but a loop, which a palindrome line cannot be", "sentence: no rule read accounts for it"}},
		// A Fibonacci line is a line of any colour, not a line of any
		// rule: unnamed, it is drawn as no kind.
		{"a line of no kind's colour", scl{n: 4, rules: "Normal sudoku rules apply.", lines: []map[string]any{drawLine("#E06060", 8, "r1c1 r1c2 r1c3")}},
			0, []string{"line: no kind of rule is drawn so"}},
		{"a Fibonacci line of another rule", scl{n: 9, rules: "Grey lines are Fibonacci lines: the first two digits can be anything, each later digit is the sum of the two before it.",
			lines: []map[string]any{drawLine("#A0A0A0", 8, "r1c1 r1c2 r1c3")}},
			0, []string{"line: drawn as a palindrome line, a sum line or a sequence line, which the rules text does not name", "sentence: no rule read accounts for it"}},
		{"a Fibonacci line of another colour", scl{n: 9, rules: "Digits on a red Fibonacci line strictly increase from one end, each after the lowest two the sum of the two before it.",
			lines: []map[string]any{drawLine("#4A86E8", 8, "r1c1 r1c2 r1c3")}},
			0, []string{"line: drawn as a region sum line or a region difference line, which the rules text does not name", "sentence: no rule read accounts for it"}},
		// The text gives both kinds the line's colour: neither.
		{"a Fibonacci line or a region sum line", scl{n: 9, rules: "Digits on a blue Fibonacci line strictly increase from one end, each after the lowest two the sum of the two before it. Digits on a blue line have the same sum in each box it passes through.",
			lines: []map[string]any{drawLine("#4A86E8", 8, "r1c1 r1c2 r1c3")}},
			0, []string{"line: drawn as a region sum line or a Fibonacci line, all of which the rules text names", "sentence: no rule read accounts for it", "sentence: no rule read accounts for it"}},
		{"a Fibonacci loop", scl{n: 9, rules: "Digits along a Fibonacci line strictly increase from one end, each after the lowest two the sum of the two before it.",
			lines: []map[string]any{drawLine("#A0A0A0", 8, "r1c1 r1c2 r2c2 r2c1 r1c1")}},
			0, []string{"line: drawn as a Fibonacci line, but a loop, which a Fibonacci line cannot be", "sentence: no rule read accounts for it"}},
		// A pair sum line has four cells: the text states it of a line
		// of three, which is not one.
		{"a pair sum line of three cells", scl{n: 9, rules: "On each line, the first two digits add up to the same sum as the last two digits.",
			lines: []map[string]any{drawLine("#67F067", 10, "r1c1 r1c2 r1c3")}},
			0, []string{"line: drawn as a pair sum line, but not a valid one: 3 cells, want 4", "sentence: no rule read accounts for it"}},
		{"a pair sum loop", scl{n: 9, rules: "On each line, the first two digits add up to the same sum as the last two digits.",
			lines: []map[string]any{drawLine("#67F067", 10, "r1c1 r1c2 r2c2 r2c1 r1c1")}},
			0, []string{"line: drawn as a pair sum line, but a loop, which a pair sum line cannot be", "sentence: no rule read accounts for it"}},
		{"a pair sum line of another colour", scl{n: 9, rules: "On a green line, the first two digits add up to the same sum as the last two digits.",
			lines: []map[string]any{drawLine("#4A86E8", 8, "r1c1 r1c2 r1c3 r1c4")}},
			0, []string{"line: drawn as a region sum line or a region difference line, which the rules text does not name", "sentence: no rule read accounts for it"}},
		// A look-and-say clue has a little killer's form: a text that
		// names both kinds reads neither, and one that names neither
		// (look-and-say cages) reads none.
		{"a little killer or a look-and-say clue", scl{n: 4, rules: "Digits along an indicated diagonal sum to the little killer clue. Look-and-say: the first digit of a clue says how many times its second digit appears along the diagonal.",
			arrows: []map[string]any{{"color": "#000000", "thickness": 2, "wayPoints": [][2]float64{{-0.2, -0.2}, {-0.02, -0.02}}}}, overlays: []map[string]any{drawText([2]float64{-0.5, -0.5}, "12")}},
			0, []string{"arrow: drawn as a little killer or a look-and-say clue, all of which the rules text names", "text: no kind of rule is drawn so", "sentence: no rule read accounts for it", "sentence: no rule read accounts for it"}},
		{"look-and-say cages", scl{n: 4, rules: "Cages are look-and-say: the number in a cage says how many times each digit appears in it.",
			arrows: []map[string]any{{"color": "#000000", "thickness": 2, "wayPoints": [][2]float64{{-0.2, -0.2}, {-0.02, -0.02}}}}, overlays: []map[string]any{drawText([2]float64{-0.5, -0.5}, "12")}},
			0, []string{`arrow: drawn as a look-and-say clue, but the rules text says otherwise of it ("cage"): "Cages are look-and-say: the number in a cage says how many times each digit appears in it."`, "text: no kind of rule is drawn so", "sentence: no rule read accounts for it"}},
		// Clues that are no (count, value) pairs, or ask for more digits
		// than the diagonal has cells: unread, with why.
		{"a look-and-say clue of three digits", scl{n: 4, rules: "Look and say: the first digit of a clue says how many times its second digit appears along the diagonal.",
			arrows: []map[string]any{{"color": "#000000", "thickness": 2, "wayPoints": [][2]float64{{-0.2, -0.2}, {-0.02, -0.02}}}}, overlays: []map[string]any{drawText([2]float64{-0.5, -0.5}, "123")}},
			0, []string{"arrow: drawn as a look-and-say clue, but not a valid one: no clue of (count, value) pairs of digits: an even number of digits, no value 0", "text: no kind of rule is drawn so", "sentence: no rule read accounts for it"}},
		{"a look-and-say clue naming 0", scl{n: 4, rules: "Look and say: the first digit of a clue says how many times its second digit appears along the diagonal.",
			arrows: []map[string]any{{"color": "#000000", "thickness": 2, "wayPoints": [][2]float64{{-0.2, -0.2}, {-0.02, -0.02}}}}, overlays: []map[string]any{drawText([2]float64{-0.5, -0.5}, "1012")}},
			0, []string{"arrow: drawn as a look-and-say clue, but not a valid one: no clue of (count, value) pairs of digits: an even number of digits, no value 0", "text: no kind of rule is drawn so", "sentence: no rule read accounts for it"}},
		{"a look-and-say clue too long for its diagonal", scl{n: 4, rules: "Look and say: the first digit of a clue says how many times its second digit appears along the diagonal.",
			arrows: []map[string]any{{"color": "#000000", "thickness": 2, "wayPoints": [][2]float64{{-0.2, 1.8}, {-0.02, 1.98}}}}, overlays: []map[string]any{drawText([2]float64{-0.5, 1.5}, "1221")}},
			0, []string{"arrow: drawn as a look-and-say clue, but not a valid one: clue 1221 asks for 3 digits on a diagonal of 2 cells", "text: drawn as a sandwich clue, an x-sum clue or a skyscraper clue, which the rules text does not name", "sentence: no rule read accounts for it"}},
	} {
		p := parseSCL(t, c.doc, false)
		var got []string
		for _, u := range p.Unread {
			got = append(got, u.Kind+": "+u.Reason)
		}
		if len(p.Rules) != c.rules || !slices.Equal(got, c.unread) {
			t.Errorf("%s: %d rules %+v, not read %q; want %d rules, not read %q", c.name, len(p.Rules), p.Rules, got, c.rules, c.unread)
		}
	}
}

// TestSPAnyHue: a difference count line is a line of any hue the text
// names no other kind in: a line of a colour another kind that the text
// names has is that kind's, and a grey line, a line with a bulb or a
// loop is none.
func TestSPAnyHue(t *testing.T) {
	const count = "For any two adjacent digits on a coloured line, their difference says exactly how many adjacent pairs on that line have this same difference."
	thermo, bulb := drawThermo("r4c1 r4c2 r4c3")
	for _, c := range []struct {
		name   string
		doc    scl
		want   []string
		unread []string
	}{
		{"whispers named too", scl{n: 6, rules: count + " Adjacent digits along a green line differ by at least 3.",
			lines: []map[string]any{drawLine("#67F067", 10, "r1c1 r1c2 r1c3"), drawLine("#FF9A00", 10, "r2c1 r2c2 r2c3")}},
			[]string{"difference-count-line r2c1,r2c2,r2c3", "whispers r1c1,r1c2,r1c3"}, nil},
		{"a colour the text gives it", scl{n: 6, rules: "For any two adjacent digits on a red line, their difference says exactly how many adjacent pairs on that line have this same difference.",
			lines: []map[string]any{drawLine("#f08080", 10, "r1c1 r1c2 r1c3"), drawLine("#3366EE", 10, "r2c1 r2c2 r2c3")}},
			[]string{"difference-count-line r1c1,r1c2,r1c3"}, []string{"line: drawn as a region sum line or a region difference line, which the rules text does not name"}},
		{"grey", scl{n: 6, rules: count, lines: []map[string]any{drawLine("#CFCFCF", 10, "r1c1 r1c2 r1c3")}},
			nil, []string{"line: drawn as a palindrome line, a sum line or a sequence line, which the rules text does not name", "sentence: no rule read accounts for it"}},
		{"a bulb", scl{n: 6, rules: count, lines: []map[string]any{thermo}, underlays: []map[string]any{bulb}},
			nil, []string{"line: drawn as a thermometer or a slow thermometer, which the rules text does not name",
				"circle: drawn as an odd cell, a counting circle or an entropic knight circle, which the rules text does not name", "sentence: no rule read accounts for it"}},
		{"a loop", scl{n: 6, rules: count, lines: []map[string]any{drawLine("#9ad6f7", 10, "r1c1 r1c2 r2c2 r2c1 r1c1")}},
			nil, []string{"line: drawn as a difference count line, but a loop, which a difference count line cannot be", "sentence: no rule read accounts for it"}},
		{"not named", scl{n: 6, rules: "Normal sudoku rules apply.", lines: []map[string]any{drawLine("#f08080", 10, "r1c1 r1c2 r1c3")}},
			nil, []string{"line: no kind of rule is drawn so"}},
	} {
		p := parseSCL(t, c.doc, false)
		checkRead(t, c.name, p, c.want, c.unread)
	}
}

// TestSPPairSum: a pair sum line is a line of any colour that no other
// kind the text names claims by its colour, or one the text gives it.
func TestSPPairSum(t *testing.T) {
	const pair = "On each line of four cells, the first two digits add up to the same sum as the last two digits."
	for _, c := range []struct {
		name   string
		doc    scl
		want   []string
		unread []string
	}{
		// Green is whispers' when whispers are named too and the text
		// gives pair sum lines no colour.
		{"whispers named too", scl{n: 6, rules: pair + " Adjacent digits along a green line differ by at least 3.",
			lines: []map[string]any{drawLine("#67F067", 10, "r1c1 r1c2 r1c3"), drawLine("#FF9A00", 10, "r2c1 r2c2 r2c3 r2c4")}},
			[]string{"pair-sum-line r2c1,r2c2,r2c3,r2c4", "whispers r1c1,r1c2,r1c3"}, nil},
		// The text gives pair sum lines green, and whispers no colour:
		// the green line is a pair sum line.
		{"a colour the text gives it", scl{n: 6, rules: "On a green line, the first two digits add up to the same sum as the last two digits. Adjacent digits on German whispers lines differ by at least 3.",
			lines: []map[string]any{drawLine("#67F067", 10, "r1c1 r1c2 r1c3 r1c4")}},
			[]string{"pair-sum-line r1c1,r1c2,r1c3,r1c4"}, []string{"sentence: no rule read accounts for it"}},
		// Both are given green: neither.
		{"both given the colour", scl{n: 6, rules: "On a green line, the first two digits add up to the same sum as the last two digits. Adjacent digits along a green line differ by at least 3.",
			lines: []map[string]any{drawLine("#67F067", 10, "r1c1 r1c2 r1c3 r1c4")}},
			nil, []string{"line: drawn as a whispers line or a pair sum line, all of which the rules text names", "sentence: no rule read accounts for it", "sentence: no rule read accounts for it"}},
		{"not named", scl{n: 6, rules: "Normal sudoku rules apply.", lines: []map[string]any{drawLine("#f06497", 10, "r1c1 r1c2 r1c3 r1c4")}},
			nil, []string{"line: drawn as a renban line, which the rules text does not name"}},
		{"a bulb", scl{n: 6, rules: pair, lines: []map[string]any{func() map[string]any { l, _ := drawThermo("r4c1 r4c2 r4c3 r4c4"); return l }()},
			underlays: []map[string]any{func() map[string]any { _, b := drawThermo("r4c1 r4c2 r4c3 r4c4"); return b }()}},
			nil, []string{"line: drawn as a thermometer or a slow thermometer, which the rules text does not name",
				"circle: drawn as an odd cell, a counting circle or an entropic knight circle, which the rules text does not name", "sentence: no rule read accounts for it"}},
	} {
		p := parseSCL(t, c.doc, false)
		checkRead(t, c.name, p, c.want, c.unread)
	}
}

// TestSPDifferences: a difference arrow and a region difference line are
// drawn as an arrow and a region sum line are, and read when the text
// states a difference and no sum; one of another length, whose difference
// is not defined, is left unread with its reason, and so is a drawing the
// text names both meanings for (but in colours it tells apart).
func TestSPDifferences(t *testing.T) {
	const arrowDiff = "The difference between the two digits on an arrow is the digit in its circle."
	const lineDiff = "Digits on a blue line have the same difference in each box it passes through."
	arrow := func(colour string, points ...[2]float64) map[string]any {
		return map[string]any{"color": colour, "thickness": 5, "headLength": 0.3, "wayPoints": points}
	}
	circle := func(cell string) map[string]any { return drawCircle(at(cell), 0.83, "#FFFFFF", "#a1a1a1") }
	for _, c := range []struct {
		name   string
		doc    scl
		want   []string
		unread []string
	}{
		{"an arrow of three cells", scl{n: 9, rules: arrowDiff, arrows: []map[string]any{arrow("#a1a1a1", [2]float64{0.5, 0.9}, [2]float64{0.5, 3.5})},
			overlays: []map[string]any{circle("r1c1")}},
			nil, []string{"arrow: drawn as a difference arrow, but not a valid one: line 1 has 3 cells, want 2: the difference of 3 digits is not defined", "circle: drawn as a counting circle or an entropic knight circle, which the rules text does not name", "sentence: no rule read accounts for it"}},
		{"an arrow of one cell", scl{n: 9, rules: arrowDiff, arrows: []map[string]any{arrow("#a1a1a1", [2]float64{0.5, 0.9}, [2]float64{0.5, 1.5})},
			overlays: []map[string]any{circle("r1c1")}},
			nil, []string{"arrow: drawn as a difference arrow, but not a valid one: line 1 has 1 cells, want 2: the difference of 1 digits is not defined", "circle: drawn as a counting circle or an entropic knight circle, which the rules text does not name", "sentence: no rule read accounts for it"}},
		{"an arrow from a pill", scl{n: 9, rules: arrowDiff, arrows: []map[string]any{arrow("#a1a1a1", [2]float64{3.9, 3.5}, [2]float64{4.5, 3.5}, [2]float64{5.5, 3.5})},
			overlays: []map[string]any{{"center": mid("r4c3 r4c4"), "width": 1.83, "height": 0.83, "rounded": true, "backgroundColor": "#FFFFFF", "borderColor": "#a1a1a1"}}},
			nil, []string{"arrow: drawn as a difference arrow, but not a valid one: a circle of 2 cells, want 1: the difference of two digits is one digit", "circle: no kind of rule is drawn so", "sentence: no rule read accounts for it"}},
		{"sums and differences named", scl{n: 9, rules: arrowDiff + " Digits along an arrow sum to the digit in its circle.",
			arrows: []map[string]any{arrow("#a1a1a1", [2]float64{0.5, 0.9}, [2]float64{0.5, 2.5})}, overlays: []map[string]any{circle("r1c1")}},
			nil, []string{"arrow: drawn as an arrow or a difference arrow, all of which the rules text names", "circle: drawn as a counting circle or an entropic knight circle, which the rules text does not name", "sentence: no rule read accounts for it", "sentence: no rule read accounts for it"}},
		{"a sum and a difference in one sentence", scl{n: 9, rules: "Digits along an arrow sum to the circle, or differ by it.",
			arrows: []map[string]any{arrow("#a1a1a1", [2]float64{0.5, 0.9}, [2]float64{0.5, 2.5})}, overlays: []map[string]any{circle("r1c1")}},
			nil, []string{`arrow: drawn as an arrow, but the rules text says otherwise of it ("differ"): "Digits along an arrow sum to the circle, or differ by it."`, "circle: drawn as a counting circle or an entropic knight circle, which the rules text does not name", "sentence: no rule read accounts for it"}},
		{"colours that tell them apart", scl{n: 9, rules: "The two digits on a red arrow differ by the digit in its circle. Digits along a grey arrow sum to the digit in its circle.",
			arrows:   []map[string]any{arrow("#e06060", [2]float64{0.5, 0.9}, [2]float64{0.5, 2.5}), arrow("#a1a1a1", [2]float64{4.5, 4.9}, [2]float64{4.5, 6.5})},
			overlays: []map[string]any{circle("r1c1"), circle("r5c5")}},
			[]string{"difference-arrow r1c1 / r1c2,r1c3", "arrow r5c5 / r5c6,r5c7"}, nil},
		{"a sum arrow of two cells", scl{n: 9, rules: "Digits along an arrow sum to the digit in its circle.",
			arrows: []map[string]any{arrow("#a1a1a1", [2]float64{0.5, 0.9}, [2]float64{0.5, 2.5})}, overlays: []map[string]any{circle("r1c1")}},
			[]string{"arrow r1c1 / r1c2,r1c3"}, nil},
		{"a segment of three cells", scl{n: 6, rules: lineDiff, lines: []map[string]any{drawLine("#2ECBFF", 5, "r1c1 r1c2 r1c3 r1c4 r1c5")}},
			nil, []string{"line: drawn as a region difference line, but not a valid one: a segment of 3 cells (r1c1,r1c2,r1c3) between region borders, want 2: the difference of 3 digits is not defined", "sentence: no rule read accounts for it"}},
		{"a segment of one cell", scl{n: 4, rules: lineDiff, lines: []map[string]any{drawLine("#2ECBFF", 5, "r1c2 r1c3 r1c4")}},
			nil, []string{"line: drawn as a region difference line, but not a valid one: a segment of 1 cells (r1c2) between region borders, want 2: the difference of 1 digits is not defined", "sentence: no rule read accounts for it"}},
		{"sums and differences of lines named", scl{n: 4, rules: lineDiff + " Digits on a blue line have the same sum in each box it passes through.",
			lines: []map[string]any{drawLine("#2ECBFF", 5, "r1c1 r1c2 r1c3 r1c4")}},
			nil, []string{"line: drawn as a region sum line or a region difference line, all of which the rules text names", "sentence: no rule read accounts for it", "sentence: no rule read accounts for it"}},
		{"box borders and segments", scl{n: 4, rules: "Box borders divide the blue line into segments whose two digits differ by the same amount.",
			lines: []map[string]any{drawLine("#2ECBFF", 5, "r1c1 r1c2 r1c3 r1c4")}},
			[]string{"region-difference-line r1c1,r1c2,r1c3,r1c4"}, nil},
		{"a sum line of segments", scl{n: 4, rules: "Box borders divide the blue line into segments with the same sum.",
			lines: []map[string]any{drawLine("#2ECBFF", 5, "r1c1 r1c2 r1c3 r1c4")}},
			[]string{"region-sum-line r1c1,r1c2,r1c3,r1c4"}, nil},
		{"neighbours in a box", scl{n: 4, rules: "Adjacent digits on a blue line in the same box differ by the same amount.",
			lines: []map[string]any{drawLine("#2ECBFF", 5, "r1c1 r1c2 r1c3 r1c4")}},
			nil, []string{`line: drawn as a region difference line, but the rules text says otherwise of it ("adjacent"): "Adjacent digits on a blue line in the same box differ by the same amount."`, "sentence: no rule read accounts for it"}},
		{"a loop", scl{n: 4, rules: lineDiff, lines: []map[string]any{drawLine("#2ECBFF", 5, "r1c2 r1c3 r2c3 r2c2 r1c2")}},
			[]string{"region-difference-line r1c3,r2c3,r2c2,r1c2"}, nil},
	} {
		p := parseSCL(t, c.doc, false)
		checkRead(t, c.name, p, c.want, c.unread)
	}
}

// TestSPGreyDotsGiven: a sentence saying every dot is given, in a puzzle
// with grey dots, states the grey dot's negative (a pair without a dot is
// neither consecutive nor 1:2): non-consecutive and no-black together,
// both of which a grey dot exempts. Read only where no-black forbids the
// ratio 2, which a black dot of another value takes from it.
func TestSPGreyDotsGiven(t *testing.T) {
	const grey = "The digits across a grey dot are consecutive or in a 1:2 ratio."
	greyDot := drawCircle(mid("r2c2 r2c3"), 0.3, "#808080", "#000000")
	for _, c := range []struct {
		name   string
		doc    scl
		want   []string
		unread []string
	}{
		{"every grey dot", scl{n: 4, rules: grey + " All possible grey dots are given.", overlays: []map[string]any{greyDot}},
			[]string{"grey-dot r2c2,r2c3", "no-black", "non-consecutive"}, nil},
		{"every dot, no colour named", scl{n: 4, rules: grey + " All dots are shown.", overlays: []map[string]any{greyDot}},
			[]string{"grey-dot r2c2,r2c3", "no-black", "non-consecutive"}, nil},
		// Every white dot given, with grey and white dots: consecutive
		// digits have a dot; a 1:2 pair need not.
		{"every white dot, with grey dots", scl{n: 4, rules: grey + " Digits separated by a white dot are consecutive. All possible white dots are given.",
			overlays: []map[string]any{greyDot, drawCircle(mid("r1c1 r1c2"), 0.3, "#FFFFFF", "#000000")}},
			[]string{"grey-dot r2c2,r2c3", "white r1c1,r1c2", "non-consecutive"}, nil},
		// Every black dot given, with grey dots alone: no pair without
		// a dot is 1:2.
		{"every black dot, grey dots alone", scl{n: 4, rules: grey + " All possible black dots are given.", overlays: []map[string]any{greyDot}},
			[]string{"grey-dot r2c2,r2c3", "no-black"}, nil},
		// A black dot of ratio 3: no-black would forbid 3, not the
		// grey dot's 2.
		{"a black dot of another ratio", scl{n: 4, rules: grey + " Of two digits separated by a black dot with a number, one is that number times the other. All possible dots are given.",
			overlays: []map[string]any{greyDot, {"center": mid("r3c2 r3c3"), "width": 0.3, "height": 0.3, "rounded": true, "backgroundColor": "#000000", "text": "3"}}},
			[]string{"grey-dot r2c2,r2c3", "black r3c2,r3c3 = 3"}, []string{"sentence: no rule read accounts for it"}},
		// No grey dot read: the sentence states no rule.
		{"no dot drawn", scl{n: 4, rules: grey + " All possible grey dots are given."},
			nil, []string{"sentence: no rule read accounts for it", "sentence: no rule read accounts for it"}},
	} {
		p := parseSCL(t, c.doc, false)
		checkRead(t, c.name, p, c.want, c.unread)
	}
}

// TestSPLoops: lines that close on themselves, read for the kinds whose
// rule has a meaning around a loop.
func TestSPLoops(t *testing.T) {
	for _, c := range []struct {
		name, rules, colour string
		n                   int
		cells               string
		want                []string
	}{
		{"renban", "Digits on a purple renban line are consecutive, in any order.", "#F067F0", 4, "r1c1 r1c2 r2c2 r2c1 r1c1",
			[]string{"renban r1c1,r1c2,r2c2,r2c1"}},
		{"whispers", "Adjacent digits along a green line differ by at least 2.", "#67F067", 4, "r1c1 r1c2 r2c2 r2c1 r1c1",
			[]string{"whispers r1c1,r1c2,r2c2,r2c1", "whispers r2c1,r1c1"}},
		{"entropic", "Three adjacent digits on an entropic line hold a low (123), a middle and a high digit.", "#FFCCAA", 9, "r1c1 r1c2 r1c3 r2c3 r2c2 r2c1 r1c1",
			[]string{"entropic-line r1c1,r1c2,r1c3,r2c3,r2c2,r2c1", "entropic-line r2c2,r2c1,r1c1,r1c2"}},
		// Cut where it crosses from box 1 into box 2, the loop is a
		// line of two stretches.
		{"region sum", "Digits on a blue line have the same sum in each box it passes.", "#2ECBFF", 4, "r1c2 r1c3 r2c3 r2c2 r1c2",
			[]string{"region-sum-line r1c3,r2c3,r2c2,r1c2"}},
		// A sum line's loop is itself, closing on its first cell.
		{"sum line", "Every white line splits into one or more segments, each with digits that sum to 10.", "#FFFFFF", 4, "r1c1 r1c2 r2c2 r2c1 r1c1",
			[]string{"sum-line r1c1,r1c2,r2c2,r2c1,r1c1"}},
	} {
		p := parseSCL(t, scl{n: c.n, rules: c.rules, lines: []map[string]any{drawLine(c.colour, 8, c.cells)}}, false)
		var got []string
		for _, r := range p.Rules {
			got = append(got, ruleString(p.Size(), r))
		}
		if !slices.Equal(got, c.want) || len(p.Unread) != 0 {
			t.Errorf("%s: %q, want %q; not read %+v", c.name, got, c.want, p.Unread)
		}
	}
}

// TestSPCountingCircles: the counting circles of a puzzle are one rule
// of every circle no other rule takes; a circle left out, or a set the
// stated solution breaks, leaves them all unread, each listed.
func TestSPCountingCircles(t *testing.T) {
	const counting = "Counting circles: a digit n in a circle is in exactly n circles."
	circle := func(cell string) map[string]any { return drawCircle(at(cell), 0.8, "#FFFFFF", "#000000") }
	circled := func(cell, text string) map[string]any {
		c := circle(cell)
		c["text"] = text
		return c
	}
	left := "drawn as a counting circle, but the circle in r3c3 is not read as one, and every circle counts"
	broken := "read as a counting circle, but the stated solution breaks it: r1c2 holds 2, which 1 of the circles hold, not 2"
	for _, c := range []struct {
		name   string
		doc    scl
		rules  []string
		unread []string // kind: reason, of each part not read
	}{
		{"an arrow's circle is none", scl{n: 4, rules: "Digits along an arrow sum to the digit in its circle. " + counting,
			arrows:   []map[string]any{{"color": "#a1a1a1", "thickness": 5, "headLength": 0.3, "wayPoints": [][2]float64{{0.5, 0.9}, {0.5, 1.5}}}},
			overlays: []map[string]any{drawCircle(at("r1c1"), 0.83, "#FFFFFF", "#a1a1a1"), circle("r4c4"), circle("r2c2"), circle("r3c3")}},
			[]string{"counting-circles r2c2,r3c3,r4c4", "arrow r1c1 / r1c2"}, nil},
		{"a circle with text left out", scl{n: 4, rules: counting, overlays: []map[string]any{circle("r1c1"), circle("r2c2"), circled("r3c3", "3")}},
			nil, []string{"circle: " + left, "circle: " + left, "text: no kind of rule is drawn so", "sentence: no rule read accounts for it"}},
		{"a circle the text names for two kinds", scl{n: 4, rules: counting + " Grey circles hold odd digits.",
			underlays: []map[string]any{circle("r1c1"), drawCircle(at("r3c3"), 0.7, "#CFCFCF", "")}},
			nil, []string{"circle: " + left, "circle: drawn as an odd cell or a counting circle, all of which the rules text names",
				"sentence: no rule read accounts for it", "sentence: no rule read accounts for it"}},
		{"kept by the stated solution", scl{n: 4, rules: counting, solution: "1234341221434321", overlays: []map[string]any{circle("r1c1"), circle("r1c2"), circle("r2c4")}},
			[]string{"counting-circles r1c1,r1c2,r2c4"}, nil},
		{"broken by the stated solution", scl{n: 4, rules: counting, solution: "1234341221434321", overlays: []map[string]any{circle("r1c1"), circle("r1c2")}},
			nil, []string{"circle: " + broken, "circle: " + broken, "sentence: no rule read accounts for it"}},
	} {
		p := parseSCL(t, c.doc, false)
		checkRead(t, c.name, p, c.rules, c.unread)
	}
}

// TestSPOutlines: a line drawn over a thicker line of another colour
// along the same way points, its outline, is one drawing, read (or not)
// in the upper line's colour, for any kind: the outline is neither read
// nor listed on its own. A thicker line drawn over a thinner one hides
// it and is no outline.
func TestSPOutlines(t *testing.T) {
	for _, c := range []struct {
		name   string
		doc    scl
		want   []string
		unread []string
	}{
		{"an outlined renban line", scl{n: 4, rules: "Digits on a purple renban line are consecutive, in any order.",
			lines: []map[string]any{drawLine("#800080", 12, "r1c1 r2c2 r3c3"), drawLine("#F067F0", 8, "r1c1 r2c2 r3c3")}},
			[]string{"renban r1c1,r2c2,r3c3"}, nil},
		{"an outline drawn the other way", scl{n: 4, rules: "Digits on a purple renban line are consecutive, in any order.",
			lines: []map[string]any{drawLine("#800080", 12, "r3c3 r2c2 r1c1"), drawLine("#F067F0", 8, "r1c1 r2c2 r3c3")}},
			[]string{"renban r1c1,r2c2,r3c3"}, nil},
		// The sum line's grey outline is no palindrome, nor the
		// outline of a loop a branch of it.
		{"an outlined sum line beside palindromes", scl{n: 9, rules: "Grey lines are palindromes. Every white line splits into one or more segments, each with digits that sum to 10.",
			lines: []map[string]any{drawLine("#CFCFCF", 16, "r9c1 r9c2 r9c3"),
				drawLine("#aaaf", 9.6, "r1c1 r1c2 r2c2 r2c1 r1c1"), drawLine("#FFFFFF", 5.12, "r1c1 r1c2 r2c2 r2c1 r1c1")}},
			[]string{"sum-line r1c1,r1c2,r2c2,r2c1,r1c1", "palindrome r9c1,r9c2,r9c3"}, nil},
		{"a total of 15", scl{n: 9, rules: "Every white line splits into one or more segments, each with digits that add up to 15.",
			lines: []map[string]any{drawLine("#aaaf", 9.6, "r1c1 r1c2 r1c3"), drawLine("#FFFFFF", 5.12, "r1c1 r1c2 r1c3")}},
			[]string{"sum-line r1c1,r1c2,r1c3 = 15"}, nil},
		{"a thicker line over a thinner one", scl{n: 4, rules: "Digits on a purple renban line are consecutive, in any order.",
			lines: []map[string]any{drawLine("#F067F0", 8, "r1c1 r2c2 r3c3"), drawLine("#67F067", 12, "r1c1 r2c2 r3c3")}},
			[]string{"renban r1c1,r2c2,r3c3"}, []string{"line: drawn as a whispers line, which the rules text does not name"}},
	} {
		p := parseSCL(t, c.doc, false)
		checkRead(t, c.name, p, c.want, c.unread)
	}
}

// TestSPAnyColour: a Fibonacci line, of any colour, beside kinds whose
// form has a colour: a line of another kind's colour is that kind's when
// the text names both, unless the text gives the Fibonacci lines the
// colour and the other kind none.
func TestSPAnyColour(t *testing.T) {
	const fib = "Digits along a Fibonacci line strictly increase from one end, each after the lowest two the sum of the two before it."
	for _, c := range []struct {
		name, rules string
		lines       []map[string]any
		want        []string
		unread      []string
	}{
		{"renban named too", fib + " Digits on a renban line are consecutive, in any order.",
			[]map[string]any{drawLine("#F067F0", 8, "r1c1 r1c2 r1c3"), drawLine("#A0A0A0", 8, "r3c1 r3c2 r3c3")},
			[]string{"fibonacci-line r3c1,r3c2,r3c3", "renban r1c1,r1c2,r1c3"}, nil},
		{"the text's colour", "Blue lines are Fibonacci lines: digits strictly increase from one end, each after the lowest two the sum of the two before it. Digits on a region sum line have the same sum in each box.",
			[]map[string]any{drawLine("#4A86E8", 8, "r1c1 r1c2 r1c3")},
			[]string{"fibonacci-line r1c1,r1c2,r1c3"}, []string{"sentence: no rule read accounts for it"}},
		{"the other kind's colour", fib + " Digits on a blue line have the same sum in each box.",
			[]map[string]any{drawLine("#4A86E8", 8, "r1c1 r1c2 r1c3 r1c4"), drawLine("#E06060", 8, "r3c1 r3c2 r3c3")},
			[]string{"fibonacci-line r3c1,r3c2,r3c3", "region-sum-line r1c1,r1c2,r1c3,r1c4"}, nil},
	} {
		p := parseSCL(t, scl{n: 9, rules: c.rules, lines: c.lines}, false)
		checkRead(t, c.name, p, c.want, c.unread)
	}
}

// TestSPLineEndCircle: a line whose end circle another rule takes (an
// entropic knight circle, a counting circle, as an arrow's) keeps its own
// plain form; one whose end circle no rule takes, or whose bulb of its
// own colour another rule took, is no plain line.
func TestSPLineEndCircle(t *testing.T) {
	const (
		knight   = "Every cell a knight's move from a circled digit holds a digit of that circle's entropic group."
		counting = "Counting circles: a digit n in a circle is in exactly n circles."
		renban   = "Digits on a purple renban line are consecutive, in any order."
		odd      = "Grey circles hold odd digits. Digits on a grey palindrome line read the same both ways."
	)
	purple := func(cells string) map[string]any { return drawLine("#f067f0ff", 6.4, cells) }
	ring := func(cell string) map[string]any {
		return map[string]any{"center": at(cell), "width": 0.85, "height": 0.85, "rounded": true, "borderColor": "#000000", "thickness": 3.2}
	}
	for _, c := range []struct {
		name   string
		doc    scl
		rules  []string
		unread []string // kind: reason, of each part not read
	}{
		{"an entropic knight circle", scl{n: 4, rules: knight + " " + renban,
			lines: []map[string]any{purple("r1c1 r2c2"), purple("r4c4 r3c3 r3c2")}, underlays: []map[string]any{ring("r1c1"), ring("r4c4")}},
			[]string{"entropic-knight-circle r1c1", "entropic-knight-circle r4c4", "renban r1c1,r2c2", "renban r4c4,r3c3,r3c2"}, nil},
		{"a counting circle", scl{n: 4, rules: counting + " " + renban,
			lines: []map[string]any{purple("r1c1 r2c2")}, underlays: []map[string]any{ring("r1c1"), ring("r3c4")}},
			[]string{"counting-circles r1c1,r3c4", "renban r1c1,r2c2"}, nil},
		{"a circle no rule takes", scl{n: 4, rules: renban,
			lines: []map[string]any{purple("r1c1 r2c2")}, underlays: []map[string]any{ring("r1c1")}},
			nil, []string{"line: no kind of rule is drawn so", "circle: drawn as a counting circle or an entropic knight circle, which the rules text does not name", "sentence: no rule read accounts for it"}},
		{"a bulb of the line's colour", scl{n: 4, rules: odd,
			lines: []map[string]any{drawLine("#CFCFCF", 10, "r1c1 r1c2 r1c3")}, underlays: []map[string]any{drawCircle(at("r1c1"), 0.8, "#CFCFCF", "")}},
			[]string{"odd r1c1"}, []string{"line: drawn as a thermometer or a slow thermometer, which the rules text does not name", "sentence: no rule read accounts for it"}},
	} {
		p := parseSCL(t, c.doc, false)
		checkRead(t, c.name, p, c.rules, c.unread)
	}
}

// TestSPStatedSolution: a rule read that the stated solution breaks is
// taken back and listed with the reason; one the solution keeps stays.
func TestSPStatedSolution(t *testing.T) {
	const solution = "1234341221434321"
	d := scl{n: 4, solution: solution, rules: "Digits separated by a white dot are consecutive.",
		overlays: []map[string]any{
			drawCircle(mid("r1c1 r1c2"), 0.3, "#FFFFFF", "#000000"), // 1|2: kept
			drawCircle(mid("r1c1 r2c1"), 0.3, "#FFFFFF", "#000000"), // 1|3: broken
		}}
	p := parseSCL(t, d, false)
	if len(p.Rules) != 1 || ruleString(4, p.Rules[0]) != "white r1c1,r1c2" {
		t.Errorf("rules %+v, want the dot the solution keeps", p.Rules)
	}
	if len(p.Unread) != 1 || !strings.Contains(p.Unread[0].Reason, "read as a white dot, but the stated solution breaks it") {
		t.Errorf("not read %+v, want the broken dot", p.Unread)
	}
	if p.Published == nil || p.Published.String() != solution {
		t.Errorf("stated solution %v", p.Published)
	}
	// A rule of the text alone is taken back as its sentence.
	p = parseSCL(t, scl{n: 4, solution: solution, rules: "Cells a king's move apart cannot hold the same digit."}, false)
	if len(p.Rules) != 0 || len(p.Unread) != 1 || p.Unread[0].Kind != sudokusat.UnreadSentence || !strings.Contains(p.Unread[0].Reason, "anti-king") {
		t.Errorf("anti-king against a solution that breaks it: rules %+v, not read %+v", p.Rules, p.Unread)
	}
	// A stated solution that is no grid of the puzzle's digits is said.
	p = parseSCL(t, scl{n: 4, solution: "4158673254273681"}, false)
	if p.Published != nil || len(p.Warnings) != 1 {
		t.Errorf("a solution of digits beyond 4: %v, warnings %q", p.Published, p.Warnings)
	}
}

// TestSPFormat: what the format states without drawings: metadata as
// cages, SudokuPad's global list and chess metadata, irregular regions
// as hidden cages, and shapes and cages that show nothing.
func TestSPFormat(t *testing.T) {
	// Irregular regions as a setter's tool writes them: no regions, 4
	// hidden cages whose digits do not repeat.
	var cages []map[string]any
	for _, reg := range []string{"r1c1 r1c2 r1c3 r2c1", "r1c4 r2c2 r2c3 r2c4", "r3c1 r4c1 r4c2 r3c2", "r3c3 r3c4 r4c3 r4c4"} {
		cages = append(cages, map[string]any{"cells": rc(reg), "unique": true, "hidden": true})
	}
	cages = append(cages, map[string]any{"value": "rules: Normal irregular sudoku rules apply."}, map[string]any{"value": "solution: 1234342121434312"},
		// SudokuPad's importer lists cells in no region in a hidden
		// cage that states nothing.
		map[string]any{"cells": rc("r4c4"), "unique": false, "hidden": true})
	d := scl{n: 4, noRegions: true, cages: cages, meta: map[string]any{"antiking": true}, global: []string{"antiknight", "nonconsecutive"},
		underlays: []map[string]any{{"center": [2]float64{2, 2}, "width": 4.1, "height": 4.1, "backgroundColor": "#FFFFFF00"}}}
	d.rules = ""
	p := parseSCL(t, d, true)
	if p.Regions == nil || p.Region(namedCells(4, "r2c1")[0]) != p.Region(0) || p.Region(namedCells(4, "r2c2")[0]) == p.Region(0) {
		t.Errorf("regions %v, want the hidden cages'", p.Regions)
	}
	var kinds []string
	for _, r := range p.Rules {
		kinds = append(kinds, r.Kind)
	}
	if !slices.Equal(kinds, []string{AntiKing, AntiKnight, NonConsecutive}) || len(p.Unread) != 0 || p.RulesText != "Normal irregular sudoku rules apply." {
		t.Errorf("rules %q, not read %+v, rules text %q", kinds, p.Unread, p.RulesText)
	}
	if p.Published == nil || p.Published.String() != "1234342121434312" {
		t.Errorf("stated solution %v", p.Published)
	}
}

// namedCells names cells ("r1c1 r1c2") as an n×n grid's indexes.
func namedCells(n int, names string) []int {
	var out []int
	for _, p := range path(names) {
		out = append(out, int(p[0])*n+int(p[1]))
	}
	return out
}

// TestSPConventionsDocumented: docs/formats.md has a row of its table of
// SudokuPad's conventions for every row of the code's, with its kind and
// form as the code has them.
func TestSPConventionsDocumented(t *testing.T) {
	docs, err := os.ReadFile(filepath.Join("..", "docs", "formats.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range spConventions() {
		row := "| " + c.name + " | `" + c.kind + "` | " + c.form + " |"
		if !strings.Contains(string(docs), row) {
			t.Errorf("docs/formats.md has no row %q", row)
		}
	}
}

// FuzzParseSudokuPad: any document, zipped or not, is read or refused,
// never a panic; what is read validates, and every sentence or drawing
// not read carries its kind.
func FuzzParseSudokuPad(f *testing.F) {
	for _, c := range spConventionCases() {
		f.Add(string(c.doc.document()))
		f.Add(zipSCL(string(c.doc.document())))
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseSudokuPad([]byte(s))
		if err != nil {
			return
		}
		if err := Validate(p); err != nil {
			t.Fatalf("read but invalid: %v", err)
		}
		for _, u := range p.Unread {
			if u.Kind == "" {
				t.Fatalf("not read, of no kind: %+v", u)
			}
		}
	})
}

// TestSPSizes: grids of 6, 8 (irregular), 12 and 16 cells a side, with
// their regions, givens above 9, a cage and a thermometer, read and
// written back.
func TestSPSizes(t *testing.T) {
	irregular := [][]string{ // 8×8: each row pair's two halves
		{"r1c1 r1c2 r1c3 r1c4 r2c1 r2c2 r2c3 r3c1"}, {"r1c5 r1c6 r1c7 r1c8 r2c4 r2c5 r2c6 r2c7"},
		{"r2c8 r3c2 r3c3 r3c4 r3c5 r3c6 r3c7 r3c8"}, {"r4c1 r4c2 r4c3 r4c4 r5c1 r5c2 r5c3 r5c4"},
		{"r4c5 r4c6 r4c7 r4c8 r5c5 r5c6 r5c7 r5c8"}, {"r6c1 r6c2 r6c3 r6c4 r7c1 r7c2 r7c3 r7c4"},
		{"r6c5 r6c6 r6c7 r6c8 r7c5 r7c6 r7c7 r7c8"}, {"r8c1 r8c2 r8c3 r8c4 r8c5 r8c6 r8c7 r8c8"},
	}
	for _, c := range []struct {
		n       int
		regions [][]string
		given   string
	}{{6, nil, "6"}, {8, irregular, "8"}, {12, nil, "12"}, {16, nil, "16"}} {
		thermo, bulb := drawThermo("r2c1 r2c2 r2c3")
		d := scl{n: c.n, rules: "Digits in cages sum to the total. Digits along a thermometer increase from the bulb.",
			lines: []map[string]any{thermo}, underlays: []map[string]any{bulb},
			cages: []map[string]any{{"cells": rc("r1c1 r1c2"), "value": 3, "unique": true}}}
		for _, reg := range c.regions {
			d.regions = append(d.regions, strings.Fields(reg[0]))
		}
		doc := string(d.document())
		// The given in the last cell, above 9 on the larger grids.
		doc = strings.Replace(doc, `{}]]`, `{"value":`+c.given+`}]]`, 1)
		p, err := ParseSudokuPad([]byte(doc))
		if err != nil {
			t.Errorf("%d×%d: %v", c.n, c.n, err)
			continue
		}
		var got []string
		for _, r := range p.Rules {
			got = append(got, ruleString(c.n, r))
		}
		want := []string{"killer r1c1,r1c2 = 3", "thermo r2c1,r2c2,r2c3"}
		last := c.n*c.n - 1
		if !slices.Equal(got, want) || len(p.Unread) != 0 || p.Grid.Cell(last) != c.n || (c.regions != nil) != (p.Regions != nil) {
			t.Errorf("%d×%d: rules %q, not read %+v, given %d, regions %v", c.n, c.n, got, p.Unread, p.Grid.Cell(last), p.Regions)
			continue
		}
		if c.regions != nil && p.Region(namedCells(c.n, "r3c1")[0]) != p.Region(0) {
			t.Errorf("%d×%d: irregular regions %v", c.n, c.n, p.Regions)
		}
		back, err := SudokuPad(p)
		if err != nil {
			t.Fatal(err)
		}
		q, err := ParseSudokuPad(back)
		if err != nil || q.Grid.String() != p.Grid.String() || len(q.Rules) != 2 || !slices.Equal(q.RegionCells()[0], p.RegionCells()[0]) {
			t.Errorf("%d×%d: written and read back: %v, %v", c.n, c.n, q, err)
		}
	}
}

// TestSPWords: which rows of the table a sentence of a rules text names,
// in the words setters use: by what the rule does, or by its name alone
// when the name is the rule; never when a word changes it.
func TestSPWords(t *testing.T) {
	for _, c := range []struct {
		sentence string
		want     []string // rows named
	}{
		{"Digits along thermometers increase from the bulb end.", []string{"a thermometer"}},
		{"Grey shapes are thermometers.", []string{"a thermometer"}},
		{"Digits along a thermometer increase or stay the same.", []string{"a slow thermometer"}},
		{"Digits decrease along thermometers from the bulb.", nil},
		{"The grey lines are not thermometers.", nil},
		{"Green lines are German Whispers.", []string{"a whispers line"}},
		{"Adjacent digits along a green line must differ by at least five.", []string{"a whispers line"}},
		{"Orange lines are Dutch whispers lines.", []string{"a Dutch whispers line"}},
		{"Grey lines are palindromes.", []string{"a palindrome line"}},
		{"Modified palindromes read the same after adding 1.", nil},
		{"Digits in cages sum to the clue in the corner and do not repeat.", []string{"a killer cage", "a cage without a total"}},
		{"Within a cage, digits may repeat.", nil},
		{"No two cages sum to the same prime, and each cage's digits total a prime.", []string{"a prime cage", "a prime cage whose digits may repeat", "cages of distinct totals"}},
		{"Each cage sums to a prime; all cages have different totals.", []string{"a prime cage", "a prime cage whose digits may repeat", "cages of distinct totals"}},
		{"The product of the digits in a cage is a prime.", nil},
		{"No two cages may be the same shape.", nil},
		{"Digits in a cage multiply to the clue.", nil},
		{"Digits separated by a white dot are consecutive; by a black dot, in a 1:2 ratio.", []string{"a white dot", "a black dot"}},
		{"Digits separated by an X sum to 7.", nil},
		{"Digits separated by a V sum to 5.", []string{"a V"}},
		{"The inequality sign ‘points’ to the lower digit.", []string{"an inequality sign"}},
		{"The digit on the open side of a greater than sign is larger.", []string{"an inequality sign"}},
		{"Inequality signs point to the larger digit.", nil},
		{"The arrow points to the lower right corner.", nil},
		{"Fibonacci Lines: lines strictly increase from one end to the other where any digit on the line beyond the lowest 2 digits is the sum of the previous 2 digits in the sequence.", []string{"a Fibonacci line"}},
		{"Along a Fibonacci line digits increase, each adding the two before it.", []string{"a Fibonacci line"}},
		{"Grey lines are Fibonacci lines: every successive digit is the sum of the previous two.", nil},
		{"Every line contains a finite Fibonacci sequence; which end it starts on must be deduced.", nil},
		{"Digits along a grey line form an arithmetic progression.", []string{"a sequence line"}},
		{"Sequence lines: neighbouring digits along a line have a constant difference.", []string{"a sequence line"}},
		{"Digits along a line appear in order, with the same difference between neighbours.", []string{"a sequence line"}},
		{"Each digit on a blue line is the sum of the previous two digits in the sequence.", nil},
		{"Every 3-cell sequence on a grey line holds a digit from 123, one from 456 and one from 789.", nil},
		{"Digits on a grey line form a geometric sequence: the same ratio, not the same difference.", nil},
		{"Either the digits on a grey dot are consecutive or their ratio is 1:2, or both hold.", []string{"a grey dot"}},
		{"Digits joined by a gray dot are consecutive or one is twice the other.", []string{"a grey dot"}},
		{"If a grey dot joins two shaded cells their digits are in a 1:2 ratio, or if it joins two unshaded cells, they are consecutive.", nil},
		{"A grey dot joins digits that are consecutive or in a 1:2 ratio, but not both.", nil},
		{"Digits separated by a grey dot sum to 5.", nil},
		{"On each line of four cells, the first two digits add up to the same sum as the last two digits.", []string{"a pair sum line"}},
		{"Along the green lines, the first 2 digits have the same total as the last 2 digits.", []string{"a pair sum line"}},
		{"The sum of the first two digits of each row is shown outside the grid.", nil},
		{"In each cage the first two digits sum to the same as the last two.", []string{"a killer cage", "a cage without a total"}},
		{"The first two digits on an arrow sum to the same total as the last two.", []string{"an arrow drawn as lines", "an arrow"}},
		{"The product of the first two digits equals the product of the last two.", nil},
		{"Clues outside the grid are X-sums.", []string{"an x-sum clue"}},
		{"Every indicated diagonal has the same product.", nil},
		{"Cells a knight's move apart may not contain the same digit.", []string{"anti-knight"}},
		{"Cells a knight's move apart may not sum to 10.", nil},
		{"Digits in the same relative position in each box cannot be the same digit.", []string{"disjoint groups"}},
		{"Digits may not repeat on the marked diagonal.", []string{"a main diagonal", "an anti-diagonal"}},
		{"Digits may not repeat on both marked diagonals.", []string{"a main diagonal", "an anti-diagonal"}},
		{"Digits may not repeat on the positive diagonal.", []string{"a main diagonal", "an anti-diagonal"}},
		{"Digits may not repeat on both main diagonals.", []string{"a main diagonal", "an anti-diagonal", "both diagonals, named only", "both diagonals, named only (anti)"}},
		{"Digits in the same position in boxes 1 and 9 may repeat but are never consecutive.", nil},
		{"Shaded cells are clones: cells in the same position in each shaded box hold the same digit.", nil},
		{"Counting circles: a digit in a circle indicates exactly how many circles contain that digit.", []string{"a counting circle"}},
		{"If a digit n appears in a circle, then the digit n appears in exactly n circles.", []string{"a counting circle"}},
		{"Counting Circles", []string{"a counting circle"}},
		{"A circled digit counts the borders between regions that it sees along its row and its column.", []string{"a between line"}},
		{"Exactly two circles in each row hold odd digits.", nil}, // not every circle
		{"Digits in circles sum to the number of circles in their box.", nil},
		{"Every white line splits into one or more segments, each with digits that sum to 10.", []string{"a sum line"}},
		{"10 lines: digits on a line divide into segments of consecutive digits summing to 10.", []string{"a sum line"}},
		{"Grey lines are 10 lines.", []string{"a sum line"}},
		{"Box borders divide blue lines into segments with the same sum.", []string{"a region sum line"}},
		{"Box borders divide blue lines into segments whose digits differ by the same amount.", []string{"a region difference line"}},
		{"Digits on the line differ by the same amount in each region it passes through.", []string{"a region difference line"}},
		{"Each box along a blue line holds two digits with the same difference.", []string{"a region difference line"}},
		{"Adjacent digits along a blue line differ by the same amount in each box.", nil},
		{"Digits in each box of a blue line have the same sum and the same difference.", nil},
		{"Digits on an arrow differ by the digit in the attached circle.", []string{"a difference arrow drawn as lines", "a difference arrow"}},
		{"The two digits on each arrow have a difference equal to the digit in its circle.", []string{"a difference arrow drawn as lines", "a difference arrow"}},
		{"The digits on an arrow sum to the circle, and differ by at least 2.", nil},
		{"Digits along the diagonal an arrow points along have a difference of 3.", nil},
		{"Digits separated by an X sum to 10.", []string{"an X"}},
		{"A string of 3 adjacent digits in any row or column is never all even or all odd.", []string{"no parity triple"}},
		{"In any row or column, no more than two consecutive digits may have the same parity.", []string{"no parity triple"}},
		{"No three adjacent cells in a row or column can all be odd or all be even.", []string{"no parity triple"}},
		{"Along a row or column, three digits in a row cannot all have the same parity.", []string{"no parity triple"}},
		{"Three consecutive digits in a row or column are all odd or all even.", nil},
		{"No three consecutive digits along a grey line in a row or column are all odd.", nil},
		{"In every row, column and box, three adjacent digits are never all odd nor all even.", nil},
		{"Orthogonally adjacent digits are not consecutive and of opposite parity.", nil},
	} {
		s := newSPText(c.sentence, 9).sentences[0]
		var got []string
		for _, conv := range spConventions() {
			if (len(conv.words.any) > 0 || len(conv.words.called) > 0) && conv.words.names(s) {
				got = append(got, conv.name)
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%q names %q, want %q", c.sentence, got, c.want)
		}
	}
	if g, ok := spWhispersGap(newSPText("Adjacent digits along an orange line differ by at least four.", 9).sentences[0]); g != 4 || !ok {
		t.Errorf("gap %d (%v), want 4", g, ok)
	}
	for sentence, want := range map[string][]int{
		"Each line divides into segments that each sum to 10.":   {10},
		"Segments add up to 12; other lines are ten lines.":      {12, 10},
		"Each segment has a total of 15.":                        {15},
		"Digits on a line sum to N, where N is each line's own.": nil,
	} {
		if got := spTotals(newSPText(sentence, 9).sentences[0]); !slices.Equal(got, want) {
			t.Errorf("%q: totals %v, want %v", sentence, got, want)
		}
	}
}

// TestSPAlike: a puzzle with two kinds that SudokuPad draws alike is not
// written in its format (a reader could not tell them apart), and each
// of them alone is.
func TestSPAlike(t *testing.T) {
	line := func(k Kind, cells string) sudokusat.Rule { return sudokusat.Rule{Kind: k, Cells: namedCells(4, cells)} }
	arrow := func(k Kind, circle, cells string) sudokusat.Rule {
		return sudokusat.Rule{Kind: k, Cells: namedCells(4, circle), Lines: [][]int{namedCells(4, cells)}}
	}
	for _, pair := range [][2]sudokusat.Rule{
		{line(Thermo, "r1c1 r1c2 r1c3"), line(SlowThermo, "r3c1 r3c2 r3c3")},
		{line(Palindrome, "r1c1 r1c2 r1c3"), line(SequenceLine, "r3c1 r3c2 r3c3")},
		{line(RegionSumLine, "r1c1 r1c2 r1c3 r1c4"), line(RegionDifferenceLine, "r3c1 r3c2 r3c3 r3c4")},
		{arrow(Arrow, "r1c1", "r1c2 r1c3"), arrow(DifferenceArrow, "r3c1", "r3c2 r3c3")},
	} {
		g, _ := sudokusat.NewGridSize(4)
		a, b := pair[0], pair[1]
		if _, err := SudokuPad(&sudokusat.Puzzle{Grid: g, Rules: []sudokusat.Rule{a, b}}); !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), "drawn alike") {
			t.Errorf("%s and %s: %v, want ErrFormat: drawn alike", a.Kind, b.Kind, err)
		}
		for _, r := range []sudokusat.Rule{a, b} {
			doc, err := SudokuPad(&sudokusat.Puzzle{Grid: g, Rules: []sudokusat.Rule{r}})
			if err != nil {
				t.Errorf("%s alone: %v", r.Kind, err)
				continue
			}
			if q, err := ParseSudokuPad(doc); err != nil || len(q.Rules) != 1 || q.Rules[0].Kind != r.Kind {
				t.Errorf("%s alone, read back: %+v, %v", r.Kind, q, err)
			}
		}
	}
}

// TestSPShortEnds: a line that stops short of its end cells' centres, as
// setters draw them so as not to cover the digits (a diagonal one a
// quarter cell short on both axes, 0.35 from the centre), ends in those
// cells. Along the line the reach stays 0.3 (TestSPConventions' lines).
func TestSPShortEnds(t *testing.T) {
	const rules = "Digits on a purple renban line are consecutive, in any order."
	for _, c := range []struct {
		name   string
		points [][2]float64
		want   []string
	}{
		{"a diagonal a quarter short", [][2]float64{{0.75, 0.75}, {3.25, 3.25}}, []string{"renban r1c1,r2c2,r3c3,r4c4"}},
		{"a row a third short", [][2]float64{{0.5, 0.85}, {0.5, 3.15}}, []string{"renban r1c1,r1c2,r1c3,r1c4"}},
	} {
		line := map[string]any{"color": "#F067F0", "thickness": 8, "wayPoints": c.points}
		p := parseSCL(t, scl{n: 4, rules: rules, lines: []map[string]any{line}}, false)
		var got []string
		for _, r := range p.Rules {
			got = append(got, ruleString(p.Size(), r))
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: %q, want %q; not read %+v", c.name, got, c.want, p.Unread)
		}
	}
}

// TestSPLinesTogether: SudokuPad's format either holds a line of every
// kind of the lines group it writes, in one puzzle, and reads them back,
// or refuses the puzzle naming the kinds it would lose: some kinds are
// drawn in colours another kind's words cover too (a pink pair sum line
// beside purple renban lines). Two kinds a reader cannot mix up are
// written together.
func TestSPLinesTogether(t *testing.T) {
	g, _ := sudokusat.NewGridSize(16)
	line := func(k Kind, row int) sudokusat.Rule {
		return sudokusat.Rule{Kind: k, Cells: namedCells(16, fmt.Sprintf("r%dc1 r%dc2 r%dc3 r%dc4", row, row, row, row))}
	}
	var all []sudokusat.Rule
	for _, c := range spConventions() {
		if c.write != nil && c.on == spOnLines && (c.kind != SequenceLine && c.kind != RegionDifferenceLine && c.kind != SlowThermo && c.kind != Thermo && c.kind != DiagonalMain && c.kind != DiagonalAnti) {
			if _, ok := Info(c.kind); ok && !strings.Contains(c.name, "Dutch") {
				all = append(all, line(c.kind, len(all)+1))
			}
		}
	}
	_, err := SudokuPad(&sudokusat.Puzzle{Grid: g, Rules: all})
	if !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), "would not read back") {
		t.Errorf("every line kind at once: %v, want an error naming the rules lost", err)
	}
	for _, pair := range [][2]Kind{{DifferenceCount, FibonacciLine}, {Whispers, PairSumLine}, {SumLine, Palindrome}} {
		p := &sudokusat.Puzzle{Grid: g, Rules: []sudokusat.Rule{line(pair[0], 1), line(pair[1], 3)}}
		doc, err := SudokuPad(p)
		if err != nil {
			t.Errorf("%s and %s: %v", pair[0], pair[1], err)
			continue
		}
		if back, err := ParseSudokuPad(doc); err != nil || len(back.Rules) != 2 || len(back.Unread) != 0 {
			t.Errorf("%s and %s read back as %v, %v", pair[0], pair[1], back, err)
		}
	}
}
