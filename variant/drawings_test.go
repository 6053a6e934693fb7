package variant_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// TestFPuzzlesUnread: what an f-puzzles document shows that is not a rule
// (drawings, fog of war) is listed in the puzzle's Unread, with its cells
// and text, but for the drawings of rules read: those f-puzzles marks as
// drawn for a constraint, and those without text on a rule's cells, one
// of its lines or a line's end. thermo-4 holds the thermometers r1c1-r1c4
// and r3c2-r3c1-r2c1.
func TestFPuzzlesUnread(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "variants", "thermo-4.json"))
	if err != nil {
		t.Fatal(err)
	}
	const (
		r1c1, r1c2, r1c3, r1c4 = 0, 1, 2, 3
		r2c1, r2c2, r2c3       = 4, 5, 6
		r3c1, r3c2, r4c4       = 8, 9, 15
	)
	type u = sudokusat.Unread
	for _, tc := range []struct {
		name string
		keys string // JSON object of the keys added
		cell string // a grid cell's extra fields, set on r2c2
		want []sudokusat.Unread
	}{
		{"none", `{}`, "", nil},
		{"a line and a text", `{"line":[{"lines":[["R2C2","R2C3"]],"outlineC":"#CFCFCF","width":0.3}],"text":[{"cells":["R4C4"],"value":"sum 9"}]}`, "",
			[]u{{Kind: "line", Cells: []int{r2c2, r2c3}}, {Kind: "text", Cells: []int{r4c4}, Text: "sum 9"}}},
		{"circles with a digit and without", `{"circle":[{"cells":["R2C2"],"value":"3"},{"cells":["R2C3"]}]}`, "",
			[]u{{Kind: "circle", Cells: []int{r2c2}, Text: "3"}, {Kind: "circle", Cells: []int{r2c3}}}},
		{"a thermometer drawn again", `{"line":[{"lines":[["R1C4","R1C3","R1C2","R1C1"]]}],"circle":[{"cells":["R1C1"]}],"rectangle":[{"cells":["R2C1"]}]}`, "", nil},
		{"a thermometer drawn again with a word", `{"circle":[{"cells":["R1C1"],"value":"hot"}]}`, "",
			[]u{{Kind: "circle", Cells: []int{r1c1}, Text: "hot"}}},
		{"a circle mid-thermometer", `{"circle":[{"cells":["R1C2"]}]}`, "", []u{{Kind: "circle", Cells: []int{r1c2}}}},
		{"drawn for a constraint", `{"line":[{"lines":[["R2C2","R2C3"]],"fromConstraint":"Renban"}],"rectangle":[{"cells":["R4C4"],"isLLConstraint":true}],"text":[{"cells":["R0C1"],"value":"5","fromConstraint":"X Sum"}]}`, "", nil},
		{"cages", `{"cage":[{"cells":["R2C2","R2C3"],"value":"3"},{"cells":["R4C4"]},{"cells":["R1C1"],"value":"msgcorrect: well done"},{"cells":[],"value":"title: Cages"}]}`, "",
			[]u{{Kind: "cage", Cells: []int{r2c2, r2c3}, Text: "3"}, {Kind: "cage", Cells: []int{r4c4}}}},
		{"a shown cage labelled like metadata", `{"cage":[{"cells":["R1C1"],"value":"note: odd","outlineC":"#FFCCAA"}]}`, "",
			[]u{{Kind: "cage", Cells: []int{r1c1}, Text: "note: odd"}}},
		{"fog of war", `{"fogofwar":["R1C1"],"foglight":["R4C4"],"cage":[{"cells":["R2C3"],"value":"FOGLIGHT"}]}`, "",
			[]u{{Kind: "fog of war", Cells: []int{r1c1, r1c2, r2c1, r2c2, r2c3, r4c4}}}},
		{"a shaded cell", `{}`, `,"c":"#A8A8A8"`, []u{{Kind: "shading", Cells: []int{r2c2}}}},
		{"a text off the grid", `{"text":[{"cells":["R0C1"],"value":"5"},{"cells":["R1C1"],"value":""}]}`, "", []u{{Kind: "text", Text: "5"}}},
		{"a drawing that does not read", `{"rectangle":"big","line":[]}`, "", []u{{Kind: "rectangle"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var doc map[string]json.RawMessage
			if err := json.Unmarshal(data, &doc); err != nil {
				t.Fatal(err)
			}
			var extra map[string]json.RawMessage
			if err := json.Unmarshal([]byte(tc.keys), &extra); err != nil {
				t.Fatal(err)
			}
			for k, v := range extra {
				doc[k] = v
			}
			if tc.cell != "" {
				doc["grid"] = json.RawMessage(`[[{},{},{},{}],[{"value":3,"given":true},{"value":0` + tc.cell + `},{"value":1,"given":true},{}],[{},{},{},{}],[{},{},{},{}]]`)
			}
			b, _ := json.Marshal(doc)
			p, err := variant.ParseFPuzzles(b)
			if err != nil {
				t.Fatal(err)
			}
			if len(p.Rules) != 2 {
				t.Errorf("%d rules, want thermo-4's 2", len(p.Rules))
			}
			if !reflect.DeepEqual(p.Unread, tc.want) {
				t.Errorf("unread %+v, want %+v", p.Unread, tc.want)
			}
		})
	}
}

// TestFPuzzlesWritesUnread: what a puzzle's reader did not read as rules
// goes out in f-puzzles data as drawings on the same cells with the same
// text, and its rules text as the document's ruleset, so that the
// document read back lists the same (an arrow comes back a line: under
// f-puzzles' "arrow" key it would be an arrow sum; a cage label that
// would read as a digital root is left off).
func TestFPuzzlesWritesUnread(t *testing.T) {
	g, _ := sudokusat.NewGrid(2, 2)
	type u = sudokusat.Unread
	p := &sudokusat.Puzzle{Grid: g, RulesText: "Normal rules.\nA grey line is a mystery.", Unread: []u{
		{Kind: sudokusat.UnreadLine, Cells: []int{0, 5, 10}, Reason: "drawn as a line of no kind"},
		{Kind: sudokusat.UnreadArrow, Cells: []int{12, 13}},
		{Kind: sudokusat.UnreadCircle, Cells: []int{3}, Text: "7"},
		{Kind: sudokusat.UnreadRectangle, Cells: []int{6, 7}},
		{Kind: sudokusat.UnreadText, Cells: []int{15}, Text: "?"},
		{Kind: sudokusat.UnreadText, Cells: []int{14}}, // shows nothing
		{Kind: sudokusat.UnreadCage, Cells: []int{1, 2}, Text: "12"},
		{Kind: sudokusat.UnreadCage, Cells: []int{8, 9}, Text: "DR3"},
		{Kind: sudokusat.UnreadShading, Cells: []int{4}},
		{Kind: sudokusat.UnreadShading, Cells: []int{11}},
		{Kind: sudokusat.UnreadSentence, Text: "A grey line is a mystery."},
		{Kind: sudokusat.UnreadCircle}, // on no cell: f-puzzles cannot place it
	}}
	data, err := variant.FPuzzles(p)
	if err != nil {
		t.Fatal(err)
	}
	q, err := variant.ParseFPuzzles(data)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	if q.RulesText != p.RulesText {
		t.Errorf("rules text %q, want %q", q.RulesText, p.RulesText)
	}
	want := []u{
		{Kind: sudokusat.UnreadShading, Cells: []int{4}},
		{Kind: sudokusat.UnreadShading, Cells: []int{11}},
		{Kind: sudokusat.UnreadCage, Cells: []int{1, 2}, Text: "12"},
		{Kind: sudokusat.UnreadCage, Cells: []int{8, 9}},
		{Kind: sudokusat.UnreadCircle, Cells: []int{3}, Text: "7"},
		{Kind: sudokusat.UnreadLine, Cells: []int{0, 5, 10}},
		{Kind: sudokusat.UnreadLine, Cells: []int{12, 13}},
		{Kind: sudokusat.UnreadRectangle, Cells: []int{6, 7}},
		{Kind: sudokusat.UnreadText, Cells: []int{15}, Text: "?"},
	}
	if !reflect.DeepEqual(q.Unread, want) {
		t.Errorf("read back:\n%+v\nwant\n%+v\n%s", q.Unread, want, data)
	}
}

// TestTitleAndAuthor: a puzzle's title and setter, as SudokuPad's
// metadata and f-puzzles' document state them, are read, and written back
// by both writers.
func TestTitleAndAuthor(t *testing.T) {
	g, _ := sudokusat.NewGrid(2, 2)
	p := &sudokusat.Puzzle{Grid: g, Title: "Four by four", Author: "A. Setter"}
	fp, err := variant.FPuzzles(p)
	if err != nil {
		t.Fatal(err)
	}
	sp, err := variant.SudokuPad(p)
	if err != nil {
		t.Fatal(err)
	}
	for _, doc := range []struct {
		name  string
		parse func([]byte) (*sudokusat.Puzzle, error)
		data  []byte
	}{{"f-puzzles", variant.ParseFPuzzles, fp}, {"SudokuPad", variant.ParseSudokuPad, sp}} {
		q, err := doc.parse(doc.data)
		if err != nil {
			t.Fatalf("%s: %v", doc.name, err)
		}
		if q.Title != p.Title || q.Author != p.Author {
			t.Errorf("%s: title %q, author %q; want %q, %q\n%s", doc.name, q.Title, q.Author, p.Title, p.Author, doc.data)
		}
	}
}
