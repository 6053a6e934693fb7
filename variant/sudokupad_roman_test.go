package variant

import "testing"

// TestSPRoman: a Roman numeral is read with the two cages it sits between
// (and its disc) only when the text names Roman numeral cages and both
// its cells are in cages without totals; an X or a V between cells not
// both in such cages stays an XV mark; anything else is left unread, with
// its reason.
func TestSPRoman(t *testing.T) {
	const roman = "Roman Numeral Cages: two cages joined by a C hold numbers summing to 100. Read each cage's digits left-to-right or top-to-bottom."
	const xv = "Digits separated by an X sum to 10."
	numeral := func(cells, text string) map[string]any {
		return map[string]any{"center": mid(cells), "width": 0, "height": 0.55, "fontSize": 16.8, "color": "#000000", "text": text}
	}
	disc := func(cells string) map[string]any { return drawCircle(mid(cells), 0.32, "#FFFFFF", "") }
	twoCages := []map[string]any{{"cells": rc("r1c1 r1c2")}, {"cells": rc("r1c3 r1c4")}}
	for _, c := range []struct {
		name         string
		doc          scl
		want, unread []string
	}{
		// XC, an X between two cages (Roman), an X between a cage's cell
		// and one of none (XV): both rules named in the text.
		{"Roman numerals and XV marks", scl{n: 9, rules: roman + " Numbers in cages connected by an XC sum to 90. " + xv,
			cages:    []map[string]any{{"cells": rc("r1c1 r1c2")}, {"cells": rc("r1c3 r1c4")}, {"cells": rc("r3c1")}, {"cells": rc("r4c1")}},
			overlays: []map[string]any{disc("r1c2 r1c3"), numeral("r1c2 r1c3", "XC"), numeral("r3c1 r4c1", "X"), drawText(mid("r1c4 r1c5"), "X")}},
			[]string{"roman-cages r1c2,r1c3 / r1c1,r1c2 / r1c3,r1c4 = 90", "roman-cages r3c1,r4c1 / r3c1 / r4c1 = 10", "xv r1c4,r1c5 = 10"}, nil},
		// A cage drawn twice is one cage.
		{"a cage drawn twice", scl{n: 9, rules: roman,
			cages:    []map[string]any{{"cells": rc("r1c1 r1c2")}, {"cells": rc("r1c2 r1c1")}, {"cells": rc("r1c3 r1c4")}},
			overlays: []map[string]any{numeral("r1c2 r1c3", "C")}},
			[]string{"roman-cages r1c2,r1c3 / r1c1,r1c2 / r1c3,r1c4 = 100"}, nil},
		// An X between two cages, the text naming XV only: not an XV mark.
		{"an X between cages, Roman numerals not named", scl{n: 9, rules: xv, cages: twoCages, overlays: []map[string]any{drawText(mid("r1c2 r1c3"), "X")}},
			nil, []string{"cage: no kind of rule is drawn so", "cage: no kind of rule is drawn so",
				"text: drawn as a Roman numeral between cages, which the rules text does not name", "sentence: no rule read accounts for it"}},
		// A C between two unique cages without Roman numerals named: the
		// cages are killer cages without totals, the C a numeral unread.
		{"a C between cages, Roman numerals not named", scl{n: 9, rules: "Digits do not repeat in cages.",
			cages:    []map[string]any{{"cells": rc("r1c1 r1c2"), "unique": true}, {"cells": rc("r1c3 r1c4"), "unique": true}},
			overlays: []map[string]any{disc("r1c2 r1c3"), numeral("r1c2 r1c3", "C")}},
			[]string{"killer r1c1,r1c2 = -1", "killer r1c3,r1c4 = -1"},
			[]string{"circle: no kind of rule is drawn so", "text: drawn as a Roman numeral between cages, which the rules text does not name"}},
		// A numeral between a cage's cell and a cell of none, in a bent
		// cage, of a letter not Roman, not in the standard form, inside
		// one cage, or where two different cages hold a cell.
		{"a numeral beside a cell of no cage", scl{n: 9, rules: roman, cages: []map[string]any{{"cells": rc("r1c1 r1c2")}}, overlays: []map[string]any{numeral("r1c2 r1c3", "C")}},
			nil, []string{"cage: no kind of rule is drawn so", "text: no kind of rule is drawn so", "sentence: no rule read accounts for it", "sentence: no rule read accounts for it"}},
		{"a bent cage", scl{n: 9, rules: roman, cages: []map[string]any{{"cells": rc("r1c1 r1c2 r2c2")}, {"cells": rc("r1c3 r1c4")}}, overlays: []map[string]any{numeral("r1c2 r1c3", "C")}},
			nil, []string{"cage: no kind of rule is drawn so", "cage: no kind of rule is drawn so",
				"text: drawn as a Roman numeral between cages, but not a valid one: cage r1c1,r1c2,r2c2 is not a straight run of a row or a column, listed top to bottom or left to right",
				"sentence: no rule read accounts for it", "sentence: no rule read accounts for it"}},
		{"not a numeral", scl{n: 9, rules: roman, cages: twoCages, overlays: []map[string]any{numeral("r1c2 r1c3", "Q")}},
			nil, []string{"cage: no kind of rule is drawn so", "cage: no kind of rule is drawn so", "text: no kind of rule is drawn so", "sentence: no rule read accounts for it", "sentence: no rule read accounts for it"}},
		{"a numeral not in its standard form", scl{n: 9, rules: roman, cages: twoCages, overlays: []map[string]any{numeral("r1c2 r1c3", "IC")}},
			nil, []string{"cage: no kind of rule is drawn so", "cage: no kind of rule is drawn so", "text: no kind of rule is drawn so", "sentence: no rule read accounts for it", "sentence: no rule read accounts for it"}},
		{"a numeral inside one cage", scl{n: 9, rules: roman, cages: []map[string]any{{"cells": rc("r1c1 r1c2 r1c3")}}, overlays: []map[string]any{numeral("r1c2 r1c3", "C")}},
			nil, []string{"cage: no kind of rule is drawn so", "text: no kind of rule is drawn so", "sentence: no rule read accounts for it", "sentence: no rule read accounts for it"}},
		{"a cell in two cages", scl{n: 9, rules: roman, cages: []map[string]any{{"cells": rc("r1c1 r1c2")}, {"cells": rc("r1c2 r2c2")}, {"cells": rc("r1c3 r1c4")}},
			overlays: []map[string]any{numeral("r1c2 r1c3", "C")}},
			nil, []string{"cage: no kind of rule is drawn so", "cage: no kind of rule is drawn so", "cage: no kind of rule is drawn so", "text: no kind of rule is drawn so",
				"sentence: no rule read accounts for it", "sentence: no rule read accounts for it"}},
		// A text that reads the cages otherwise names no Roman numeral
		// cages.
		{"cages read right to left", scl{n: 9, rules: "Roman numeral cages: two cages joined by a C hold numbers summing to 100, read right to left.", cages: twoCages,
			overlays: []map[string]any{numeral("r1c2 r1c3", "C")}},
			nil, []string{"cage: no kind of rule is drawn so", "cage: no kind of rule is drawn so",
				`text: drawn as a Roman numeral between cages, but the rules text says otherwise of it ("right to left"): "Roman numeral cages: two cages joined by a C hold numbers summing to 100, read right to left."`,
				"sentence: no rule read accounts for it"}},
	} {
		c.doc.rules = "Normal sudoku rules apply. " + c.doc.rules
		checkRead(t, c.name, parseSCL(t, c.doc, false), c.want, c.unread)
	}
}
