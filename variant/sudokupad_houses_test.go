package variant

import (
	"slices"
	"strings"
	"testing"
)

// TestSPUndrawnRegions: a document that lists no regions has the grid's
// boxes only when its rules text says so (it names boxes, or Sudoku's
// rules); a text that says the digits appear once in each row and column
// states a Latin square, read as regions that are the rows, the sentence
// accounted for; a text naming other regions names regions to be found,
// its sentences left unread; a text silent on houses is read with the
// rows and columns alone, and said in a warning where the side has boxes.
func TestSPUndrawnRegions(t *testing.T) {
	const latin, boxes, houses = "rows", "boxes", "it names regions, but the document draws none: read with the rows and columns alone"
	for _, c := range []struct {
		n       int
		rules   string
		regions string // latin or boxes
		unread  []string
		warned  bool
	}{
		{4, "In every row and every column, each of the digits 1-4 appears once.", latin, nil, false},
		{4, "Digits may not repeat in any row or column. Digits along a thermometer increase from the bulb.", latin, nil, false},
		{5, "In every row and every column, each of the digits 1-5 appears once.", latin, nil, false},
		{4, "Normal sudoku rules apply.", boxes, nil, false},
		{4, "Place the digits 1 to 4 once each in every row, column and box.", boxes, nil, false},
		{4, "In every row and every column, each of the digits 1-4 appears once. Normal sudoku rules apply.", boxes, nil, false},
		{4, "Place the digits 1 to 4 once each in every row, column and region.", latin, []string{houses}, false},
		{4, "Digits don't repeat in a row, column or kingdom.", latin, []string{houses}, false},
		{4, "Irregular sudoku rules apply.", latin, []string{houses}, false},
		{4, "Digits along a thermometer increase from the bulb.", latin, nil, true},
		{4, "", latin, nil, true},
		{5, "Digits along a thermometer increase from the bulb.", latin, nil, false},
		// Rows and columns in which digits may (must) repeat, or some
		// digits, or Sudoku without boxes, state no Latin square nor
		// boxes.
		{4, "Digits may repeat in rows and columns. Digits along a thermometer increase from the bulb.", latin, []string{"no rule read accounts for it"}, true},
		{4, "Normal sudoku rules apply, without boxes. Digits along a thermometer increase from the bulb.", latin, []string{"no rule read accounts for it"}, true},
		{4, "Normal sudoku rules apply; there are no 2x2 boxes. Digits along a thermometer increase from the bulb.", latin, []string{"no rule read accounts for it"}, true},
		{4, "Rows and columns may contain repeated digits. Digits along a thermometer increase from the bulb.", latin, []string{"no rule read accounts for it"}, true},
		{4, "Digits must repeat in rows and columns. Digits along a thermometer increase from the bulb.", latin, []string{"no rule read accounts for it"}, true},
		{4, "Every digit repeats in each row and column. Digits along a thermometer increase from the bulb.", latin, []string{"no rule read accounts for it"}, true},
		{4, "Each row and column contains exactly one repeated digit. Digits along a thermometer increase from the bulb.", latin, []string{"no rule read accounts for it"}, true},
		{4, "No digit appears once in a row or column. Digits along a thermometer increase from the bulb.", latin, []string{"no rule read accounts for it"}, true},
		{4, "Each row and column contains the digit 4 once. Digits along a thermometer increase from the bulb.", latin, []string{"no rule read accounts for it"}, true},
		{4, "Each row and column contains a digit. Digits along a thermometer increase from the bulb.", latin, []string{"no rule read accounts for it"}, true},
		// Boxes named in passing, or Sudoku's rules said of rows and
		// columns, state no boxes.
		{4, "In every row and every column, each of the digits 1-4 appears once. Digits along a thermometer increase from the bulb, even across box borders.", latin, nil, false},
		{4, "Digits along a thermometer increase from the bulb. Normal Sudoku rules apply to rows and columns.", latin, nil, true},
		// The digits once each, said in other words, are a Latin square.
		{4, "Each row and column contains every digit. Digits along a thermometer increase from the bulb.", latin, nil, false},
		{4, "Place the digits 1 to 4 in each row and column. Digits along a thermometer increase from the bulb.", latin, nil, false},
		{4, "No digit repeats in a row or column. Digits along a thermometer increase from the bulb.", latin, nil, false},
	} {
		thermo, bulb := drawThermo("r2c1 r2c2 r2c3")
		d := scl{n: c.n, noRegions: true, rules: c.rules, lines: []map[string]any{thermo}, underlays: []map[string]any{bulb}}
		if !strings.Contains(c.rules, "thermometer") {
			d.lines, d.underlays = nil, nil
		}
		p := parseSCL(t, d, false)
		var left []string
		for _, u := range p.Unread {
			left = append(left, u.Reason)
		}
		rows := p.Regions != nil
		for cell := range c.n * c.n {
			rows = rows && p.Region(cell) == cell/c.n
		}
		got := map[bool]string{true: latin, false: boxes}[rows]
		if c.regions == boxes && p.Regions != nil {
			got = "other regions"
		}
		if got != c.regions || !slices.Equal(left, c.unread) || (len(p.Warnings) > 0) != c.warned {
			t.Errorf("%d×%d %q: regions %s %v, not read %q, warnings %q; want %s, not read %q, warned %v",
				c.n, c.n, c.rules, got, p.Regions, left, p.Warnings, c.regions, c.unread, c.warned)
		}
	}
}
