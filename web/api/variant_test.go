package api

import (
	"context"
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/engine"
	"github.com/sudokusat/sudokusat/internal/varianttest"
	"github.com/sudokusat/sudokusat/variant"
)

// readVariant returns a test variant puzzle's f-puzzles document and its
// golden solution.
func readVariant(t *testing.T, name string) (doc, solution string) {
	t.Helper()
	f := varianttest.Load(t, name)
	return string(f.Doc), f.Solution.String()
}

// empty4 is a 4×4 f-puzzles document with no givens and both diagonals:
// many solutions.
const empty4 = `{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"diagonal+":true,"diagonal-":true}`

func TestSolveVariant(t *testing.T) {
	miracle, miracleSolution := readVariant(t, "miracle-9")
	killer, killerSolution := readVariant(t, "killer-4")
	tests := []struct {
		name, puzzle, engine     string
		wantEngine, wantEncoding string
		wantSolution             string
		wantRules                []string
	}{
		{"miracle, variant search", miracle, "", engine.NameSearch, "", miracleSolution, []string{"anti-king", "anti-knight", "non-consecutive"}},
		{"miracle, gophersat", miracle, engine.NameSAT, engine.NameSAT, "variant", miracleSolution, []string{"anti-king", "anti-knight", "non-consecutive"}},
		{"killer after a comment line, gophersat", "\n\n" + killer, engine.NameSAT, engine.NameSAT, "variant", killerSolution, []string{"killer"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Solve(context.Background(), Request{Puzzle: tt.puzzle, Engine: tt.engine, Encoding: "minimal"})
			if r.Status != engine.Solved.String() {
				t.Fatalf("got %s %q", r.Status, r.Message)
			}
			if r.Solution != tt.wantSolution || r.Text != tt.wantSolution {
				t.Errorf("solution %q text %q, want %q", r.Solution, r.Text, tt.wantSolution)
			}
			if r.Engine != tt.wantEngine || r.Encoding != tt.wantEncoding {
				t.Errorf("engine %q encoding %q, want %q %q", r.Engine, r.Encoding, tt.wantEngine, tt.wantEncoding)
			}
			if !slices.Equal(r.Variant, tt.wantRules) {
				t.Errorf("rules %q, want %q", r.Variant, tt.wantRules)
			}
			if !strings.Contains(r.SVG, "<title>Variant Sudoku ") || drawnCells(r.SVG) < r.Size*r.Size {
				t.Errorf("drawing without its title or digits: %.300s", r.SVG)
			}
		})
	}
}

// TestSolveLinks pastes every link of the test data, as a setter would,
// and checks each answer with the variant validator.
func TestSolveLinks(t *testing.T) {
	for i, link := range varianttest.Links(t) {
		for _, e := range []string{"", engine.NameSAT} {
			r := Solve(context.Background(), Request{Puzzle: link, Engine: e})
			if r.Status != engine.Solved.String() {
				t.Errorf("link %d, %s: got %s %q", i+1, e, r.Status, r.Message)
				continue
			}
			p, err := variant.ParseLink(link)
			if err != nil {
				t.Fatal(err)
			}
			s, err := sudokusat.Parse(r.Solution)
			if err != nil {
				t.Fatal(err)
			}
			if err := variant.Check(p, s); err != nil {
				t.Errorf("link %d, %s: %v", i+1, e, err)
			}
		}
	}
}

// noVariantSolution has a thermometer whose bulb must be below a given 1.
const noVariantSolution = `{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"thermometer":[{"lines":[["R1C2","R1C1"]]}]}`

func TestCountVariant(t *testing.T) {
	miracle, _ := readVariant(t, "miracle-9")
	for _, e := range []string{"", engine.NameSAT} {
		if r := Count(context.Background(), Request{Puzzle: noVariantSolution, Engine: e}); r.Status != StatusCounted || r.Count != 0 || r.Text != "0" {
			t.Errorf("no solution, %s: got %s %q count %d", e, r.Status, r.Message, r.Count)
		}
		if r := Count(context.Background(), Request{Puzzle: miracle, Engine: e}); r.Status != StatusCounted || r.Count != 1 || r.Other != "" || r.Differ != nil {
			t.Errorf("miracle, %s: got %s %q count %d other %q differ %v", e, r.Status, r.Message, r.Count, r.Other, r.Differ)
		}
		r := Count(context.Background(), Request{Puzzle: empty4, Engine: e})
		if r.Status != StatusCounted || r.Count != 2 || r.Text != "≥2" {
			t.Fatalf("empty 4×4 with diagonals, %s: got %s %q count %d", e, r.Status, r.Message, r.Count)
		}
		p, err := variant.ParseFPuzzles([]byte(empty4))
		if err != nil {
			t.Fatal(err)
		}
		var grids [2]*sudokusat.Grid
		for i, line := range []string{r.Solution, r.Other} {
			if grids[i], err = sudokusat.Parse(line); err != nil {
				t.Fatal(err)
			}
			if err := variant.Check(p, grids[i]); err != nil {
				t.Errorf("%s: solution %d %s: %v", e, i+1, line, err)
			}
		}
		var differ []string
		for c := range 16 {
			if r.Solution[c] != r.Other[c] {
				differ = append(differ, "r"+string(rune('1'+c/4))+"c"+string(rune('1'+c%4)))
			}
		}
		if len(differ) == 0 || !slices.Equal(r.Differ, differ) {
			t.Errorf("%s: differ %v, want %v (%s, %s)", e, r.Differ, differ, r.Solution, r.Other)
		}
		if drawnCells(r.SVG) != 16 {
			t.Errorf("%s: the first solution is not drawn: %.200s", e, r.SVG)
		}
	}
}

// TestCountClassicSeveral: classic puzzles with several solutions show two
// of them too, when the engine reports two (gophersat does; the native
// solver and dancing links report the first only).
func TestCountClassicSeveral(t *testing.T) {
	r := Count(context.Background(), Request{Puzzle: "................", Engine: engine.NameSAT})
	if r.Count != 2 || r.Other == "" || r.Other == r.Solution || len(r.Differ) == 0 {
		t.Fatalf("got count %d solution %q other %q differ %v", r.Count, r.Solution, r.Other, r.Differ)
	}
}

func TestVariantRefusals(t *testing.T) {
	miracle, _ := readVariant(t, "miracle-9")
	link := varianttest.Links(t)[0]
	tests := []struct {
		name        string
		call        func(context.Context, Request) Reply
		req         Request
		wantStatus  string
		wantMessage string
	}{
		{"dancing links", Solve, Request{Puzzle: miracle, Engine: engine.NameDLX}, engine.Failed.String(),
			"error: line 1: engine dlx takes classic grids only: this puzzle has rules or regions (engines that take them: search, sat, "},
		{"two links", Solve, Request{Puzzle: link + "\n" + link}, engine.Invalid.String(),
			"invalid: line 2: more than one puzzle in the input: the page takes one"},
		{"a document after a comment", Solve, Request{Puzzle: "# my puzzle\n" + noVariantSolution}, engine.Unsolvable.String(),
			"unsolvable: line 2: no solution"},
		{"a cut link", Solve, Request{Puzzle: "# a comment\n" + link[:len(link)-40]}, engine.Invalid.String(), "invalid: line 2: "},
		{"an unknown rule", Solve, Request{Puzzle: `{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"nosuchrule":[{"cell":"R1C0","value":3}]}`},
			engine.Invalid.String(), "invalid: line 1: "},
		{"givens that break a rule", Solve, Request{Puzzle: `{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{"value":1,"given":true},{},{}],[{},{},{},{}],[{},{},{},{}]],"diagonal-":true}`},
			engine.Invalid.String(), "invalid: line 1: malformed variant puzzle: 1 is given twice where digits differ (r1c1 and r2c2)"},
		{"no solution", Solve, Request{Puzzle: noVariantSolution}, engine.Unsolvable.String(), "unsolvable: line 1: no solution"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := tt.call(context.Background(), tt.req)
			if r.Status != tt.wantStatus || !strings.HasPrefix(r.Message, tt.wantMessage) {
				t.Errorf("got %s %q, want %s %q…", r.Status, r.Message, tt.wantStatus, tt.wantMessage)
			}
		})
	}
	s := Service{MaxSize: 4}
	if r := s.Solve(context.Background(), Request{Puzzle: miracle}); r.Status != engine.Invalid.String() || !strings.Contains(r.Message, "up to 4×4") {
		t.Errorf("a server's size bound: got %s %q", r.Status, r.Message)
	}
}

// TestClassicFPuzzles: an f-puzzles document without variant rules is a
// classic puzzle, which every engine of the page solves.
func TestClassicFPuzzles(t *testing.T) {
	doc := `{"size":4,"grid":[[{},{"value":2,"given":true},{},{"value":1,"given":true}],[{},{},{},{}],[{},{},{},{}],[{"value":4,"given":true},{},{"value":2,"given":true},{}]]}`
	for _, e := range []string{"", engine.NameDLX, engine.NameSAT} {
		r := Solve(context.Background(), Request{Puzzle: doc, Engine: e})
		if r.Status != engine.Solved.String() || r.Solution != "3241143223144123" || r.Variant != nil {
			t.Errorf("%s: got %s %q solution %q rules %v", e, r.Status, r.Message, r.Solution, r.Variant)
		}
	}
}

func TestEncodeVariant(t *testing.T) {
	miracle, _ := readVariant(t, "miracle-9")
	r := Encode(context.Background(), Request{Puzzle: miracle, Encoding: "minimal"})
	if r.Status != StatusEncoded || r.Encoding != "variant" || r.Filename != "sudoku-9x9-variant.cnf" {
		t.Fatalf("got %s %q encoding %q file %q", r.Status, r.Message, r.Encoding, r.Filename)
	}
	f, err := encode.ReadDIMACS(strings.NewReader(r.DIMACS))
	if err != nil {
		t.Fatal(err)
	}
	if f.Vars != r.Vars || f.NumClauses() != r.Clauses || r.Vars < 729 {
		t.Errorf("CNF has %d variables and %d clauses; the reply says %d and %d", f.Vars, f.NumClauses(), r.Vars, r.Clauses)
	}
	if !strings.Contains(r.DIMACS, "c variant") {
		t.Errorf("no variant comment, so decode could not check the rules: %.300s", r.DIMACS)
	}
}

// TestEncodeDeadline checks that Encode keeps the call's deadline: a
// formula is not built for a call that has run out of time.
func TestEncodeDeadline(t *testing.T) {
	miracle, _ := readVariant(t, "miracle-9")
	expired, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		ctx    context.Context
		status string
	}{{expired, engine.Timeout.String()}, {cancelled, engine.Canceled.String()}} {
		for _, puzzle := range []string{miracle, inkala} {
			if r := Encode(tc.ctx, Request{Puzzle: puzzle}); r.Status != tc.status || r.DIMACS != "" {
				t.Errorf("%v: %s %q, want %s", tc.ctx.Err(), r.Status, r.Message, tc.status)
			}
		}
	}
}

func TestRenderVariant(t *testing.T) {
	miracle, _ := readVariant(t, "miracle-9")
	r := Render(context.Background(), Request{Puzzle: miracle})
	if r.Status != StatusDrawn || r.Givens != 2 || drawnCells(r.SVG) < 2 || !strings.Contains(r.SVG, "anti-knight") {
		t.Errorf("got %s %q, %d givens, %.300s", r.Status, r.Message, r.Givens, r.SVG)
	}
}

// TestShareAndStated: Solve gives a link to share that opens the puzzle
// with the solution found as its stated one, and Solve and Count compare a
// puzzle's own stated solution with theirs.
func TestShareAndStated(t *testing.T) {
	doc, solution := readVariant(t, "killer-4")
	r := Solve(context.Background(), Request{Puzzle: doc, Engine: engine.NameSAT})
	shared, err := variant.ParseLink(r.Link)
	if err != nil || shared.Published == nil || shared.Published.String() != solution || r.Stated != "" {
		t.Fatalf("solve: link %q (%v), stated %q", r.Link, err, r.Stated)
	}
	// The link states its solution: solved again, it agrees.
	r = Solve(context.Background(), Request{Puzzle: r.Link})
	if r.Status != engine.Solved.String() || r.Stated != "agrees" || r.StatedNote != "" {
		t.Errorf("solve of the shared link: %s %q %q", r.Status, r.Stated, r.StatedNote)
	}
	// A stated solution that breaks a cage is said to.
	wrong := []byte(solution)
	wrong[0], wrong[1] = wrong[1], wrong[0]
	broken := strings.TrimSuffix(strings.TrimSpace(doc), "}") + `,"solution":"` + string(wrong) + `"}`
	for _, op := range []Op{Service{}.Solve, Service{}.Count} {
		r = op(context.Background(), Request{Puzzle: broken})
		if r.Stated != "breaks" || !strings.Contains(r.StatedNote, "stated solution breaks its rules as read") {
			t.Errorf("a wrong stated solution: %s %q %q", r.Status, r.Stated, r.StatedNote)
		}
	}
	// A grid beyond f-puzzles' 35×35 has no link, and is solved all the same.
	blank36 := strings.Repeat(strings.TrimSpace(strings.Repeat("0 ", 36))+"\n", 36)
	if r := Solve(context.Background(), Request{Puzzle: blank36}); r.Link != "" || r.Status != engine.Solved.String() {
		t.Errorf("36×36: link %q, status %s %s", r.Link, r.Status, r.Message)
	}
}

// TestNotRead: every reply about a puzzle lists, under not_read, what its
// document shows that was not read as a rule, here a line and a text, and
// says it in the command line's warning, which the page shows; and quotes
// the document's title and author.
func TestNotRead(t *testing.T) {
	doc := `{"size":4,"grid":[[{},{},{},{}],[{"value":3,"given":true},{},{"value":1,"given":true},{}],[{},{},{},{}],[{},{},{},{}]],` +
		`"line":[{"lines":[["R1C1","R1C2"]]}],"text":[{"cells":["R4C4"],"value":"a thermometer"}],"title":"Drawn","author":"A. Setter"}`
	want := []Unread{{Kind: "line", Cells: []string{"r1c1", "r1c2"}}, {Kind: "text", Cells: []string{"r4c4"}, Text: "a thermometer"}}
	req, _ := json.Marshal(Request{Puzzle: doc})
	for name := range Ops() {
		if name == "generate" || name == "engines" {
			continue // they read no puzzle
		}
		t.Run(name, func(t *testing.T) {
			var r struct {
				Status  string   `json:"status"`
				Message string   `json:"message"`
				NotRead []Unread `json:"not_read"`
				Note    string   `json:"not_read_note"`
				Title   string   `json:"title"`
				Author  string   `json:"author"`
			}
			if err := json.Unmarshal(Call(context.Background(), name, req), &r); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(r.NotRead, want) {
				t.Errorf("%s %q: not_read %+v, want %+v", r.Status, r.Message, r.NotRead, want)
			}
			if note := "2 drawings (1 line, 1 text) not read as rules: the answer holds for the rules read"; r.Note != note {
				t.Errorf("not_read_note %q, want %q", r.Note, note)
			}
			if r.Title != "Drawn" || r.Author != "A. Setter" {
				t.Errorf("title %q, author %q; want the document's", r.Title, r.Author)
			}
		})
	}
}

// TestShareLinkSudokuPad: a solved puzzle with a kind f-puzzles has no
// form for is shared as a SudokuPad link, which reads back to the puzzle
// with the solution found as its stated one.
func TestShareLinkSudokuPad(t *testing.T) {
	f := varianttest.Load(t, "inequality-6")
	r := Solve(context.Background(), Request{Puzzle: string(f.Doc)})
	if r.Status != engine.Solved.String() || !strings.HasPrefix(r.Link, "https://sudokupad.app/") {
		t.Fatalf("status %s %q, link %q", r.Status, r.Message, r.Link)
	}
	back, err := variant.ParseLink(r.Link)
	if err != nil || back.Published == nil || back.Published.String() != f.Solution.String() || len(back.Rules) != len(f.Puzzle.Rules) {
		t.Errorf("the link reads back as %v, %v", back, err)
	}
}
