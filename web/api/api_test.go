package api

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/sudokusat/sudokusat/engine"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/native"
)

const (
	inkala         = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
	inkalaSolution = "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
	// noSolution has no clashing givens, but r1c1 has no candidate left.
	noSolution = ".23456789" + "1........" + "..............................................................."
	clash      = "44.1\n....\n....\n....\n"
)

// drawnCells counts the digits an SVG drawing shows.
func drawnCells(svg string) int { return strings.Count(svg, "<text ") }

func TestSolve(t *testing.T) {
	tests := []struct {
		name         string
		req          Request
		wantStatus   string
		wantMessage  string
		wantSolution string
		wantText     string
	}{
		{"native", Request{Puzzle: inkala}, engine.Solved.String(), "", inkalaSolution, inkalaSolution},
		{"native by name", Request{Puzzle: inkala, Engine: engine.NameNative}, engine.Solved.String(), "", inkalaSolution, inkalaSolution},
		{"dancing links", Request{Puzzle: inkala, Engine: engine.NameDLX}, engine.Solved.String(), "", inkalaSolution, inkalaSolution},
		{"gophersat default encoding", Request{Puzzle: inkala, Engine: engine.NameSAT}, engine.Solved.String(), "", inkalaSolution, inkalaSolution},
		{"gophersat minimal", Request{Puzzle: inkala, Engine: engine.NameSAT, Encoding: "minimal"}, engine.Solved.String(), "", inkalaSolution, inkalaSolution},
		{"gophersat extended", Request{Puzzle: inkala, Engine: engine.NameSAT, Encoding: "extended"}, engine.Solved.String(), "", inkalaSolution, inkalaSolution},
		{"surrounding blank lines and CRLF", Request{Puzzle: "\r\n# Inkala\r\n" + inkala + "\r\n\r\n"}, engine.Solved.String(), "", inkalaSolution, inkalaSolution},
		{"rows come back as a drawn grid, as solve --format grid writes them", Request{Puzzle: ".2.1\n....\n....\n4.2.\n"}, engine.Solved.String(), "", "3241143223144123", "3 2 | 4 1\n1 4 | 3 2\n----+----\n2 3 | 1 4\n4 1 | 2 3\n"},
		{"clashing givens", Request{Puzzle: clash}, engine.Invalid.String(),
			"invalid: line 1: conflicting givens: 4 appears twice in row 1 (r1c1 and r1c2)", "", ""},
		{"short line", Request{Puzzle: "123"}, engine.Invalid.String(),
			"invalid: line 1: syntax error: 3 cells: not a puzzle (a puzzle on one line has N² symbols, e.g. 81 of 1-9 and '.' for 9×9; a grid has N rows of N cells)", "", ""},
		{"grid cut short", Request{Puzzle: "....\n"}, engine.Invalid.String(), "invalid: line 1: syntax error: 4 cells: not a puzzle (a puzzle on one line has N² symbols, e.g. 81 of 1-9 and '.' for 9×9; as a grid's first row (4×4), this line needs 3 rows after it)", "", ""},
		{"nothing", Request{Puzzle: " \n# only a comment\n"}, engine.Invalid.String(), "invalid: no puzzle in the input", "", ""},
		{"two puzzles", Request{Puzzle: inkala + "\n" + inkala}, engine.Invalid.String(),
			"invalid: line 2: more than one puzzle in the input: the page takes one", "", ""},
		{"good then bad", Request{Puzzle: inkala + "\n123"}, engine.Invalid.String(),
			"invalid: line 2: more than one puzzle in the input: the page takes one", "", ""},
		{"no solution native", Request{Puzzle: noSolution}, engine.Unsolvable.String(), "unsolvable: line 1: no solution", "", ""},
		{"no solution gophersat", Request{Puzzle: noSolution, Engine: engine.NameSAT}, engine.Unsolvable.String(), "unsolvable: line 1: no solution", "", ""},
		{"unknown engine", Request{Puzzle: inkala, Engine: "cadical"}, engine.Failed.String(),
			`error: line 1: unknown engine "cadical": the page runs native, search, dlx, sat`, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Solve(context.Background(), tt.req)
			if r.Status != tt.wantStatus || r.Message != tt.wantMessage {
				t.Fatalf("got %s %q, want %s %q", r.Status, r.Message, tt.wantStatus, tt.wantMessage)
			}
			if r.Solution != tt.wantSolution || r.Text != tt.wantText {
				t.Errorf("solution %q text %q, want %q and %q", r.Solution, r.Text, tt.wantSolution, tt.wantText)
			}
			switch r.Status {
			case engine.Solved.String():
				n := r.Size
				if got := drawnCells(r.SVG); got != n*n {
					t.Errorf("the drawing shows %d digits, want all %d", got, n*n)
				}
				if r.Micros <= 0 {
					t.Errorf("time %v µs, want it measured", r.Micros)
				}
			case engine.Unsolvable.String():
				if got := drawnCells(r.SVG); got != 9 {
					t.Errorf("the drawing of the unsolvable puzzle shows %d digits, want its 9 givens", got)
				}
			}
		})
	}
}

func TestSolveBadEncoding(t *testing.T) {
	r := Solve(context.Background(), Request{Puzzle: inkala, Engine: engine.NameSAT, Encoding: "fancy"})
	if r.Status != engine.Failed.String() || !strings.HasPrefix(r.Message, "error: line 1: ") || !strings.Contains(r.Message, "fancy") {
		t.Errorf("got %s %q, want an error naming the encoding", r.Status, r.Message)
	}
}

func TestCount(t *testing.T) {
	tests := []struct {
		name      string
		req       Request
		wantCount int
		wantText  string
		wantLimit int
	}{
		{"unique", Request{Puzzle: inkala}, 1, "1", 2},
		{"unique gophersat", Request{Puzzle: inkala, Engine: engine.NameSAT}, 1, "1", 2},
		{"empty 4×4 at the default limit", Request{Puzzle: "................"}, 2, "≥2", 2},
		{"every empty 4×4", Request{Puzzle: "................", Limit: 1000}, 288, "288", 1000},
		{"every empty 4×4 gophersat", Request{Puzzle: "................", Limit: 1000, Engine: engine.NameSAT}, 288, "288", 1000},
		{"limit 1 is a plain count", Request{Puzzle: "................", Limit: 1}, 1, "1", 1},
		{"no solution", Request{Puzzle: noSolution}, 0, "0", 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Count(context.Background(), tt.req)
			if r.Status != StatusCounted {
				t.Fatalf("got %s %q, want %s", r.Status, r.Message, StatusCounted)
			}
			if r.Count != tt.wantCount || r.Text != tt.wantText || r.Limit != tt.wantLimit {
				t.Errorf("count %d %q limit %d, want %d %q limit %d", r.Count, r.Text, r.Limit, tt.wantCount, tt.wantText, tt.wantLimit)
			}
		})
	}
	if r := Count(context.Background(), Request{Puzzle: inkala, Limit: -1}); r.Message != "error: limit -1: want at least 1" {
		t.Errorf("negative limit: got %q", r.Message)
	}
}

func TestGrade(t *testing.T) {
	tests := []struct {
		name, puzzle, wantStatus, wantText, wantMessage string
	}{
		{"hard", "009500800050030790810700005000070308030805060708020000300007082087060010005004900", StatusGraded, "7.3 forcing-chain", ""},
		{"easy", "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", StatusGraded, "", ""},
		{"several solutions", "................", engine.Invalid.String(), "", "invalid: line 1: more than one solution: a grade needs a unique puzzle"},
		{"no solution", noSolution, engine.Unsolvable.String(), "", "unsolvable: line 1: no solution"},
		{"clash", clash, engine.Invalid.String(), "", "invalid: line 1: conflicting givens: 4 appears twice in row 1 (r1c1 and r1c2)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Grade(context.Background(), Request{Puzzle: tt.puzzle})
			if r.Status != tt.wantStatus || r.Message != tt.wantMessage {
				t.Fatalf("got %s %q, want %s %q", r.Status, r.Message, tt.wantStatus, tt.wantMessage)
			}
			if tt.wantText != "" && r.Text != tt.wantText {
				t.Errorf("text %q, want %q", r.Text, tt.wantText)
			}
			if r.Status == StatusGraded && (r.Score < 1 || r.Score > 10 || r.Hardest == "") {
				t.Errorf("score %v hardest %q: want a grade", r.Score, r.Hardest)
			}
			// SE rates it 7.3, by an XY forcing chain.
			if tt.name == "hard" && r.Score != 7.3 {
				t.Errorf("hard: %v %q, want 7.3", r.Score, r.Text)
			}
		})
	}
}

func TestGenerate(t *testing.T) {
	tests := []struct {
		name string
		req  Request
	}{
		{"9×9 to 24 hints", Request{Size: 9, Hints: 24, Seed: "1"}},
		{"default size", Request{Hints: 30, Seed: "7"}},
		{"symmetric 4×4 minimal", Request{Size: 4, Symmetric: true, Seed: "2"}},
		{"6×6", Request{Size: 6, Seed: "3"}},
		{"difficulty", Request{Size: 9, Difficulty: 2, Seed: "5"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Generate(context.Background(), tt.req)
			if r.Status != StatusGenerated {
				t.Fatalf("got %s %q", r.Status, r.Message)
			}
			if r.Seed != tt.req.Seed {
				t.Errorf("seed %q, want %q", r.Seed, tt.req.Seed)
			}
			p, err := sudokusat.Parse(r.Puzzle)
			if err != nil {
				t.Fatal(err)
			}
			want := tt.req.Size
			if want == 0 {
				want = 9
			}
			if p.Size() != want || r.Size != want || r.Givens != p.Givens() {
				t.Errorf("size %d (reply %d, givens %d/%d), want %d", p.Size(), r.Size, r.Givens, p.Givens(), want)
			}
			c, err := native.Count(context.Background(), p, 2)
			if err != nil || c.Count != 1 || c.Solution.String() != r.Solution {
				t.Errorf("native count %d, %v, solution %v: want the reply's unique solution %s", c.Count, err, c.Solution, r.Solution)
			}
			if got := drawnCells(r.SVG); got != r.Givens {
				t.Errorf("the drawing shows %d digits, want the %d givens", got, r.Givens)
			}
			if tt.req.Difficulty != 0 && r.Hardest == "" {
				t.Errorf("no grade with a difficulty target")
			}
			again := Generate(context.Background(), tt.req)
			if again.Puzzle != r.Puzzle {
				t.Errorf("seed %s gave %s, then %s", tt.req.Seed, r.Puzzle, again.Puzzle)
			}
		})
	}
}

func TestGenerateRandomSeed(t *testing.T) {
	r := Generate(context.Background(), Request{Size: 4})
	if r.Status != StatusGenerated || r.Seed == "" {
		t.Fatalf("got %s %q seed %q, want a puzzle and the seed drawn", r.Status, r.Message, r.Seed)
	}
	again := Generate(context.Background(), Request{Size: 4, Seed: r.Seed})
	if again.Puzzle != r.Puzzle {
		t.Errorf("the reported seed %s gives %s, not %s", r.Seed, again.Puzzle, r.Puzzle)
	}
}

func TestGenerateBadOptions(t *testing.T) {
	tests := []struct {
		name string
		req  Request
		want string
	}{
		{"prime size", Request{Size: 7}, "error: size 7: not a Sudoku size: side 7 is prime, so it has no R×C boxes"},
		{"huge size", Request{Size: 500}, "error: size 500: not a Sudoku size: side 500 is outside 4..400"},
		{"too many hints", Request{Size: 9, Hints: 90}, "error: hints 90: want 0 to 81 for a 9×9 grid"},
		{"negative hints", Request{Size: 4, Hints: -1}, "error: hints -1: want 0 to 16 for a 4×4 grid"},
		{"difficulty", Request{Difficulty: 11}, "error: difficulty 11: want 1.0 to 10.0"},
		{"difficulty of a large grid", Request{Size: 81, Difficulty: 2}, "error: difficulty 2: grading stops at 25×25"},
		{"seed", Request{Seed: "abc"}, `error: seed "abc": want a whole number from 0 to 18446744073709551615`},
		{"negative seed", Request{Seed: "-1"}, `error: seed "-1": want a whole number from 0 to 18446744073709551615`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Generate(context.Background(), tt.req)
			if r.Status != engine.Failed.String() || r.Message != tt.want {
				t.Errorf("got %s %q, want %q", r.Status, r.Message, tt.want)
			}
		})
	}
}

func TestEncode(t *testing.T) {
	for _, name := range append(encode.Names(), "") {
		t.Run(name, func(t *testing.T) {
			r := Encode(context.Background(), Request{Puzzle: inkala, Encoding: name})
			want := name
			if want == "" {
				want = encode.Default
			}
			if r.Status != StatusEncoded || r.Encoding != want {
				t.Fatalf("got %s %q encoding %q, want %s", r.Status, r.Message, r.Encoding, want)
			}
			if r.Filename != "sudoku-9x9-"+want+".cnf" {
				t.Errorf("file name %q", r.Filename)
			}
			m, err := encode.ReadVarMap(strings.NewReader(r.DIMACS))
			if err != nil {
				t.Fatal(err)
			}
			if m.Encoding != want || m.Puzzle.Grid.String() != inkala {
				t.Errorf("the CNF's map says %s %s", m.Encoding, m.Puzzle.Grid)
			}
			f, err := encode.ReadDIMACS(strings.NewReader(r.DIMACS))
			if err != nil {
				t.Fatal(err)
			}
			if f.Vars != r.Vars || f.NumClauses() != r.Clauses || r.Clauses == 0 {
				t.Errorf("CNF has %d variables and %d clauses; the reply says %d and %d", f.Vars, f.NumClauses(), r.Vars, r.Clauses)
			}
		})
	}
	if r := Encode(context.Background(), Request{Puzzle: clash}); r.Status != engine.Invalid.String() || r.DIMACS != "" {
		t.Errorf("clashing givens: got %s %q and %d bytes of CNF", r.Status, r.Message, len(r.DIMACS))
	}
	if r := Encode(context.Background(), Request{Puzzle: inkala, Encoding: "fancy"}); r.Status != engine.Failed.String() || !strings.Contains(r.Message, "fancy") {
		t.Errorf("unknown encoding: got %s %q", r.Status, r.Message)
	}
}

func TestRender(t *testing.T) {
	tests := []struct {
		name, puzzle, wantStatus, wantMessage string
		wantDigits                            int
	}{
		{"9×9", inkala, StatusDrawn, "", 21},
		{"6×6", "..1.2....6.3.5.2........1.....56...4", StatusDrawn, "", 10},
		{"clash", clash, engine.Invalid.String(), "invalid: line 1: conflicting givens: 4 appears twice in row 1 (r1c1 and r1c2)", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Render(context.Background(), Request{Puzzle: tt.puzzle, CellSize: 30})
			if r.Status != tt.wantStatus || r.Message != tt.wantMessage {
				t.Fatalf("got %s %q, want %s %q", r.Status, r.Message, tt.wantStatus, tt.wantMessage)
			}
			if got := drawnCells(r.SVG); got != tt.wantDigits {
				t.Errorf("%d digits drawn, want %d", got, tt.wantDigits)
			}
			if r.Status == StatusDrawn && !strings.Contains(r.SVG, "<title>Sudoku ") {
				t.Errorf("no title in %.200s", r.SVG)
			}
		})
	}
}

// TestCellSize: every operation that draws takes a cell size of 4 to 400
// pixels, 0 meaning 40, and refuses any other before doing any work. The
// API drew -5, 1e-7 and 1e308 (width="+Inf").
func TestCellSize(t *testing.T) {
	for _, op := range []string{"solve", "count", "generate", "render", "candidates", "hint", "minimal"} {
		for _, tt := range []struct {
			px   string
			want string // the message, "" for success
		}{
			{"0", ""},
			{"4", ""},
			{"400", ""},
			{"-5", "error: cellSize -5: want 4 to 400 pixels, or 0 for 40"},
			{"1e-7", "error: cellSize 1e-07: want 4 to 400 pixels, or 0 for 40"},
			{"3.5", "error: cellSize 3.5: want 4 to 400 pixels, or 0 for 40"},
			{"1e308", "error: cellSize 1e+308: want 4 to 400 pixels, or 0 for 40"},
		} {
			var r Reply
			req := `{"puzzle":"` + inkala + `","size":4,"seed":"1","cellSize":` + tt.px + `}`
			if err := json.Unmarshal(Call(context.Background(), op, []byte(req)), &r); err != nil {
				t.Fatal(err)
			}
			if r.Message != tt.want || (tt.want == "") == (r.Status == engine.Failed.String()) {
				t.Errorf("%s, cellSize %s: %s %q, want %q", op, tt.px, r.Status, r.Message, tt.want)
			}
			if tt.want == "" && op != "count" && !strings.Contains(r.SVG, "<svg") {
				t.Errorf("%s, cellSize %s: no drawing", op, tt.px)
			}
		}
	}
}

func TestCall(t *testing.T) {
	tests := []struct {
		name, op, request, wantStatus, wantMessage string
	}{
		{"solve", "solve", `{"puzzle":"` + inkala + `","engine":"sat"}`, engine.Solved.String(), ""},
		{"every field", "generate", `{"size":4,"hints":6,"difficulty":0,"symmetric":true,"seed":"9","cellSize":20}`, StatusGenerated, ""},
		{"unknown operation", "explode", `{}`, engine.Failed.String(), `error: unknown operation "explode"`},
		{"malformed request", "solve", `{"puzzle":`, engine.Failed.String(), "error: solve: bad request: unexpected end of JSON input"},
		{"wrong type", "count", `{"limit":"two"}`, engine.Failed.String(),
			"error: count: bad request: json: cannot unmarshal string into Go struct field Request.limit of type int"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var r Reply
			if err := json.Unmarshal(Call(context.Background(), tt.op, []byte(tt.request)), &r); err != nil {
				t.Fatal(err)
			}
			if r.Status != tt.wantStatus || r.Message != tt.wantMessage {
				t.Errorf("got %s %q, want %s %q", r.Status, r.Message, tt.wantStatus, tt.wantMessage)
			}
		})
	}
}

func TestOps(t *testing.T) {
	// The names JavaScript calls: cmd/wasm exports exactly these.
	want := []string{"candidates", "count", "encode", "engines", "explain", "generate", "grade", "hint", "minimal", "render", "solve"}
	ops := Ops()
	if len(ops) != len(want) {
		t.Errorf("%d operations, want %d", len(ops), len(want))
	}
	for _, name := range want {
		if ops[name] == nil {
			t.Errorf("no operation %q", name)
		}
	}
}

// TestContextStatuses: every operation that computes reports the
// request's deadline as "timeout" and a caller who went away as
// "canceled". Grade once said "error" for both, and Generate "error" for
// the second.
func TestContextStatuses(t *testing.T) {
	expired, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	gone, cancel2 := context.WithCancel(context.Background())
	cancel2()
	reqs := map[string]Request{
		"solve":      {Puzzle: inkala},
		"count":      {Puzzle: inkala},
		"grade":      {Puzzle: inkala},
		"generate":   {Seed: "1"},
		"candidates": {Puzzle: several4},
		"hint":       {Puzzle: several4},
		"minimal":    {Puzzle: unique4},
		"explain":    {Puzzle: inkala},
	}
	for op, req := range reqs {
		for _, c := range []struct {
			ctx  context.Context
			want string
		}{{expired, engine.Timeout.String()}, {gone, engine.Canceled.String()}} {
			r := Service{}.Ops()[op](c.ctx, req)
			if r.Status != c.want || !strings.HasPrefix(r.Message, c.want+": ") {
				t.Errorf("%s: %s %q, want %s", op, r.Status, r.Message, c.want)
			}
		}
	}
}
