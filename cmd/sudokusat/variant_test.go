package main

import (
	"encoding/json"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat/internal/varianttest"
)

// miracleSolution is the Miracle Sudoku's one solution.
const miracleSolution = "483726159726159483159483726837261594261594837594837261372615948615948372948372615"

// fpuzzlesFile writes a 9×9 f-puzzles JSON object with the given givens
// (row, column from 0 → digit) and extra top-level fields, and returns
// its path.
func fpuzzlesFile(t *testing.T, name string, givens map[[2]int]int, extra map[string]any) string {
	t.Helper()
	grid := make([][]map[string]any, 9)
	for r := range grid {
		grid[r] = make([]map[string]any, 9)
		for c := range grid[r] {
			grid[r][c] = map[string]any{}
			if d, ok := givens[[2]int{r, c}]; ok {
				grid[r][c] = map[string]any{"value": d, "given": true}
			}
		}
	}
	doc := map[string]any{"size": 9, "grid": grid}
	for k, v := range extra {
		doc[k] = v
	}
	b, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

var miracleRules = map[string]any{"antiking": true, "antiknight": true, "nonconsecutive": true}

// miracleFile is the Miracle Sudoku; without its second given it has
// several solutions.
func miracleFile(t *testing.T, both bool) string {
	givens := map[[2]int]int{{4, 2}: 1}
	if both {
		givens[[2]int{5, 6}] = 2
	}
	return fpuzzlesFile(t, "miracle.json", givens, miracleRules)
}

func TestVariantSolve(t *testing.T) {
	path := miracleFile(t, true)
	out, errOut, code := runCLI(t, "", "solve", path)
	if code != 0 || out != miracleSolution+"\n" {
		t.Fatalf("solve: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	// The same file on standard input is recognised by its content.
	b, _ := os.ReadFile(path)
	if out, _, code := runCLI(t, string(b), "solve"); code != 0 || out != miracleSolution+"\n" {
		t.Errorf("solve from standard input: exit %d, %q", code, out)
	}
	// native and dlx take classic grids only: a puzzle with rules is an
	// error record of its own that names the engines that take it; the
	// search solves it.
	for _, name := range []string{"native", "dlx"} {
		want := "error: " + path + ":1: engine " + name + " takes classic grids only: this puzzle has rules or regions (engines that take them: search, sat, "
		if out, errOut, code := runCLI(t, "", "solve", "--engine", name, path); code != 1 || !strings.HasPrefix(out, want) || strings.Count(out, "\n") != 1 {
			t.Errorf("%s on a variant: exit %d, %q, %q", name, code, out, errOut)
		}
	}
	if out, errOut, code := runCLI(t, "", "solve", "--engine", "search", path); code != 0 || out != miracleSolution+"\n" || !strings.Contains(errOut, "engine search") {
		t.Errorf("search on a variant: exit %d, %q, %q", code, out, errOut)
	}
	// A bare compressed string (an f-puzzles link without its address)
	// is read as a variant puzzle, even as the input's first line.
	links := varianttest.Links(t)
	var bare []string
	for _, l := range links {
		if !strings.HasPrefix(l, "http") {
			bare = append(bare, l)
		}
	}
	out, errOut, code = runCLI(t, strings.Join(bare, "\n")+"\n", "solve")
	if len(bare) == 0 || code != 0 || strings.Count(out, "\n") != len(bare) {
		t.Errorf("%d bare links on standard input: exit %d, %q, %q", len(bare), code, out, errOut)
	}
	// A bad line among links gets its record in its place, naming its
	// line, and the links after it are solved.
	var good []string
	for _, l := range links {
		if strings.HasPrefix(l, "https://") {
			good = append(good, l)
		}
	}
	batch := filepath.Join(t.TempDir(), "links.txt")
	if err := os.WriteFile(batch, []byte(good[0]+"\nhttps://www.f-puzzles.com/?load=N4Ig!!\n\n"+good[0]+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code = runCLI(t, "", "solve", batch)
	recs := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 1 || len(recs) != 3 || recs[0] != miracleSolution || recs[2] != miracleSolution ||
		!strings.HasPrefix(recs[1], "invalid: "+batch+":2: ") {
		t.Errorf("a bad link between two good ones: exit %d, %q, %q", code, out, errOut)
	}
	// An f-puzzles file without variant rules is a classic puzzle, which
	// the classic engines take.
	classic := fpuzzlesFile(t, "classic.json", map[[2]int]int{}, nil)
	if out, errOut, code := runCLI(t, "", "solve", "--engine", "native", classic); code != 0 || len(strings.TrimSpace(out)) != 81 {
		t.Errorf("a rule-less f-puzzles grid with native: exit %d, %q, %q", code, out, errOut)
	}
}

func TestVariantCount(t *testing.T) {
	for _, sums := range []string{"clauses", "pb"} {
		out, errOut, code := runCLI(t, "", "count", "--sums", sums, miracleFile(t, true))
		if code != 0 || out != "1 unique\n" {
			t.Errorf("%s: count of a unique puzzle: exit %d, %q, %q", sums, code, out, errOut)
		}
	}
	out, errOut, code := runCLI(t, "", "count", miracleFile(t, false))
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 0 || len(lines) != 3 || !strings.HasPrefix(lines[0], "≥2 several: two solutions differ at r") {
		t.Fatalf("count of an open puzzle: exit %d, %q, %q", code, out, errOut)
	}
	a, b := strings.TrimSpace(lines[1]), strings.TrimSpace(lines[2])
	if len(a) != 81 || len(b) != 81 || a == b {
		t.Fatalf("two solutions %q and %q", a, b)
	}
	// The listed cells are exactly those where the two grids differ.
	var want []string
	for i := range 81 {
		if a[i] != b[i] {
			want = append(want, "r"+string(rune('1'+i/9))+"c"+string(rune('1'+i%9)))
		}
	}
	if got := strings.TrimPrefix(lines[0], "≥2 several: two solutions differ at "); got != strings.Join(want, " ") {
		t.Errorf("differences %q, want %q", got, strings.Join(want, " "))
	}
}

func requireCadical(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Skip("cadical is not on PATH: this test runs the variant CNF through it")
	}
}

// tallyRow returns the fields of check's summary row for an engine, or nil.
func tallyRow(out, engine string) []string {
	for _, l := range strings.Split(out, "\n") {
		if f := strings.Fields(l); len(f) > 0 && f[0] == engine {
			return f
		}
	}
	return nil
}

// TestVariantCheck: by default check compares the search and gophersat on a
// puzzle with rules (native and gophersat on a classic one, in the same
// file); --engines names others.
func TestVariantCheck(t *testing.T) {
	classic := filepath.Join(t.TempDir(), "classic.txt")
	if err := os.WriteFile(classic, []byte("1...............\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runCLI(t, "", "check", miracleFile(t, true), classic)
	for _, row := range []struct {
		engine, puzzles string
	}{{"native", "1"}, {"search", "1"}, {"sat/reduced", "2"}} {
		if f := tallyRow(out, row.engine); len(f) < 3 || f[1] != row.puzzles {
			t.Errorf("check's %s row %q, want %s puzzles", row.engine, f, row.puzzles)
		}
	}
	if code != 0 || !strings.Contains(out, "check: 2 puzzles, 3 engines, 0 disagreements, 0 with wrong answers or errors, 0 timed out, 0 invalid") {
		t.Errorf("check: exit %d, %q, %q", code, out, errOut)
	}
	requireCadical(t)
	out, errOut, code = runCLI(t, "", "check", "--engines", "sat,cadical", miracleFile(t, true))
	if code != 0 || !strings.Contains(out, "check: 1 puzzle, 2 engines, 0 disagreements") || len(tallyRow(out, "cadical")) == 0 {
		t.Errorf("check with cadical: exit %d, %q, %q", code, out, errOut)
	}
}

// TestVariantEncodeDecode runs the variant CNF through CaDiCaL and decodes
// its answer, which decode checks against the rules the CNF header
// carries.
func TestVariantEncodeDecode(t *testing.T) {
	requireCadical(t)
	dir := t.TempDir()
	cnf := filepath.Join(dir, "miracle.cnf")
	if _, errOut, code := runCLI(t, "", "encode", "-o", cnf, miracleFile(t, true)); code != 0 {
		t.Fatalf("encode: exit %d, %q", code, errOut)
	}
	answer, _ := exec.Command("cadical", "-q", cnf).Output() // exit 10 for SAT
	if !strings.Contains(string(answer), "s SATISFIABLE") {
		t.Fatalf("cadical: %q", answer)
	}
	out, errOut, code := runCLI(t, string(answer), "decode", "--cnf", cnf)
	if code != 0 || out != miracleSolution+"\n" {
		t.Errorf("decode: exit %d, %q, %q", code, out, errOut)
	}
	// The solution with 3 and 4 swapped keeps the givens, the classic
	// rules and the anti-king and anti-knight ones, but puts consecutive
	// digits side by side: the rules in the header refuse it.
	wrong := "s SATISFIABLE\nv"
	for cell, ch := range strings.NewReplacer("3", "4", "4", "3").Replace(miracleSolution) {
		wrong += " " + strconv.Itoa(cell*9+int(ch-'0'))
	}
	wrong += " 0\n"
	if out, errOut, code := runCLI(t, wrong, "decode", "--cnf", cnf); code != 1 || out != "" || errOut == "" {
		t.Errorf("decode of a grid breaking the rules: exit %d, %q, %q", code, out, errOut)
	}
}

func TestVariantEncodeOPB(t *testing.T) {
	out, errOut, code := runCLI(t, "", "encode", "--format", "opb", fpuzzlesFile(t, "killer.json", nil,
		map[string]any{"killercage": []map[string]any{{"cells": []string{"R1C1", "R1C2"}, "value": "3"}}}))
	if code != 0 || !strings.HasPrefix(out, "* #variable= 729 #constraint= ") || !strings.Contains(out, " = 3 ;\n") {
		t.Errorf("encode --format opb: exit %d, %.200q, %q", code, out, errOut)
	}
	if _, errOut, code := runCLI(t, "", "encode", "--format", "pdf", miracleFile(t, true)); code != 2 {
		t.Errorf("unknown format: exit %d, %q", code, errOut)
	}
}

// TestVariantRender draws a variant file with its rules and solution, to
// standard output and to a file.
func TestVariantRender(t *testing.T) {
	file := "../../testdata/variants/miracle-9.json"
	out, errOut, code := runCLI(t, "", "render", "--solution", file)
	if code != 0 || !strings.Contains(out, "anti-knight") || strings.Count(out, "<text") != 82 {
		t.Fatalf("exit %d, %d texts, stderr %q", code, strings.Count(out, "<text"), errOut)
	}
	svg := t.TempDir() + "/m.svg"
	if _, errOut, code := runCLI(t, "", "render", "-o", svg, file); code != 0 {
		t.Fatalf("-o: exit %d, %q", code, errOut)
	}
	if b, err := os.ReadFile(svg); err != nil || !strings.Contains(string(b), "</svg>") {
		t.Errorf("-o wrote %d bytes, %v", len(b), err)
	}
}

// TestVariantCertify: --certify on variants: gophersat's UNSAT answers
// are proved and check says so, an engine without proofs is refused by
// solve and count and shown uncertified by check, and PB sums, which DRAT
// cannot speak of, are refused.
func TestVariantCertify(t *testing.T) {
	path := miracleFile(t, true)
	out, errOut, code := runCLI(t, "", "check", "--limit", "2", "--certify", "--engines", "search,sat", path)
	sat, search := tallyRow(out, "sat/reduced"), tallyRow(out, "search")
	if code != 0 || len(sat) == 0 || sat[len(sat)-1] != "1" || len(search) == 0 || search[len(search)-1] != "uncertified" {
		t.Errorf("check --certify: exit %d, %q, %q", code, out, errOut)
	}
	if out, errOut, code := runCLI(t, "", "count", "--certify", "--engine", "sat", path); code != 0 || out != "1 unique\n" {
		t.Errorf("count --certify with sat: exit %d, %q, %q", code, out, errOut)
	}
	for _, args := range [][]string{
		{"count", "--certify", "--engine", "search", path},
		{"solve", "--certify", "--engine", "native", path},
		{"count", "--certify", "--engine", "sat", "--sums", "pb", path},
	} {
		if _, errOut, code := runCLI(t, "", args...); code != 2 || !strings.Contains(errOut, "--certify") && !strings.Contains(errOut, "certifying") {
			t.Errorf("%q: exit %d, %q; want a usage error about proofs", args, code, errOut)
		}
	}
}

// TestByteOrderMark checks that an input that starts with a UTF-8
// byte-order mark, as Windows editors save JSON and text, reads as it
// would without one, from a file and from standard input: the BOM is no
// symbol of the puzzle and does not hide the f-puzzles object.
func TestByteOrderMark(t *testing.T) {
	const bom = "\ufeff"
	read := func(name string) string { return mustRead(t, filepath.Join(testdata, name)) }
	links := read("variants/links.txt")
	// links.txt's first line is a comment: the BOM goes before a link.
	_, firstLink, _ := strings.Cut(links, "\n")
	tests := []struct {
		name, text string
		want       string // the first line of solve's answer
	}{
		{"f-puzzles JSON", read("variants/miracle-9.json"), miracleSolution},
		{"f-puzzles JSON, a blank line first", "\n" + read("variants/miracle-9.json"), miracleSolution},
		{"f-puzzles link", firstLink, miracleSolution},
		{"one line", inputPuzzle + "\n", inputSolution},
	}
	for _, tt := range tests {
		for _, from := range []string{"file", "stdin"} {
			t.Run(tt.name+" from "+from, func(t *testing.T) {
				stdin, args := bom+tt.text, []string{"solve", "--engine", "search"}
				if from == "file" {
					path := filepath.Join(t.TempDir(), "bom.txt")
					if err := os.WriteFile(path, []byte(stdin), 0o644); err != nil {
						t.Fatal(err)
					}
					stdin, args = "", append(args, path)
				}
				out, errOut, code := runCLI(t, stdin, args...)
				if first, _, _ := strings.Cut(out, "\n"); code != 0 || first != tt.want {
					t.Errorf("exit %d, first line %q, want %q\n%s", code, first, tt.want, errOut)
				}
			})
		}
	}
}

// TestStatedSolution: count and solve compare the solution a puzzle states
// with what the engine finds, and say when they differ; solve writes links
// that carry the solution found and read back as the same puzzle.
func TestStatedSolution(t *testing.T) {
	swapped := miracleSolution[9:18] + miracleSolution[:9] + miracleSolution[18:]
	wrong := miracleSolution[:80] + "4"
	right := fpuzzlesFile(t, "right.json", map[[2]int]int{{4, 2}: 1, {5, 6}: 2}, map[string]any{
		"antiking": true, "antiknight": true, "nonconsecutive": true, "solution": miracleSolution})
	breaks := fpuzzlesFile(t, "breaks.json", map[[2]int]int{{4, 2}: 1, {5, 6}: 2}, map[string]any{
		"antiking": true, "antiknight": true, "nonconsecutive": true, "solution": swapped})
	partial := fpuzzlesFile(t, "partial.json", map[[2]int]int{{4, 2}: 1, {5, 6}: 2}, map[string]any{
		"antiking": true, "antiknight": true, "nonconsecutive": true, "solution": wrong[:40]})

	out, _, code := runCLI(t, "", "count", right)
	if code != 0 || out != "1 unique\n" {
		t.Errorf("count, stated solution right: %q, exit %d", out, code)
	}
	out, _, code = runCLI(t, "", "count", breaks)
	if code != 0 || !strings.HasPrefix(out, "1 unique\n  the puzzle's stated solution breaks its rules as read: ") || !strings.HasSuffix(out, "\n  "+swapped+"\n") {
		t.Errorf("count, stated solution wrong: %q, exit %d", out, code)
	}
	out, _, _ = runCLI(t, "", "count", "--format", "json", right, breaks, partial)
	type record struct {
		Stated      string `json:"stated"`
		StatedError string `json:"stated_error"`
	}
	var recs []record
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var r record
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		recs = append(recs, r)
	}
	if len(recs) != 3 || recs[0].Stated != "agrees" || recs[1].Stated != "breaks" || recs[1].StatedError == "" || recs[2].Stated != "" {
		t.Errorf("count --format json: %+v\n%s", recs, out)
	}
	out, errOut, code := runCLI(t, "", "solve", breaks)
	if code != 0 || out != miracleSolution+"\n" || !strings.Contains(errOut, "breaks.json:1: the puzzle's stated solution breaks its rules as read") {
		t.Errorf("solve, stated solution wrong: %q %q, exit %d", out, errOut, code)
	}

	// The links solve writes open as the puzzle with the solution found
	// as its stated one: count agrees with them.
	for _, format := range []string{"fpuzzles", "sudokupad"} {
		out, _, code = runCLI(t, "", "solve", "--format", format, partial)
		if code != 0 || strings.Count(out, "\n") != 1 || !strings.HasPrefix(out, "https://") {
			t.Fatalf("solve --format %s: %q, exit %d", format, out, code)
		}
		again, _, code := runCLI(t, out, "count", "--format", "json", "-")
		if code != 0 || !strings.Contains(again, `"count":1,`) || !strings.Contains(again, `"stated":"agrees"`) {
			t.Errorf("count of solve --format %s: %q, exit %d", format, again, code)
		}
	}
	out, _, code = runCLI(t, "", "solve", "--format", "fpuzzles", miracleFile(t, true), "../../testdata/variants/killer-9.json")
	if code != 0 || strings.Count(out, "https://www.f-puzzles.com/?load=") != 2 {
		t.Errorf("solve --format fpuzzles of two files: %q, exit %d", out, code)
	}
}

// TestVariantSolveGrid: solve --format grid draws each solution of a
// variant puzzle, from an f-puzzles file or link, in its grid's rows and
// regions, a blank line after each, and the drawing holds the solution
// --format line gives. Before, it printed the one-line form.
func TestVariantSolveGrid(t *testing.T) {
	for _, tc := range []struct{ name, edge string }{
		{"miracle-9.json", "------+-------+------"}, // the boxes
		{"killer-9.json", "------+-------+------"},
		{"jigsaw-7.json", "+---+"}, // a region's edge, which no box has
		{"links.txt", "+"},         // 4×4 and 9×9 puzzles, a jigsaw among them
	} {
		name := tc.name
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(testdata, "variants", name)
			line, errOut, code := runCLI(t, "", "solve", "-q", path)
			if code != 0 {
				t.Fatalf("solve: exit %d, %q", code, errOut)
			}
			drawn, errOut, code := runCLI(t, "", "solve", "-q", "--format", "grid", path)
			if code != 0 {
				t.Fatalf("solve --format grid: exit %d, %q", code, errOut)
			}
			want := strings.Fields(line)
			records := strings.Split(strings.TrimSuffix(drawn, "\n\n"), "\n\n")
			if len(records) != len(want) {
				t.Fatalf("%d drawn records, want %d:\n%s", len(records), len(want), drawn)
			}
			for i, rec := range records {
				rows := strings.Split(rec, "\n")
				if n := int(math.Sqrt(float64(len(want[i])))); len(rows) < n || !strings.Contains(rec, tc.edge) {
					t.Errorf("record %d is not drawn:\n%s", i+1, rec)
					continue
				}
				digits := strings.Map(func(r rune) rune {
					if r >= '1' && r <= '9' {
						return r
					}
					return -1
				}, rec)
				if digits != want[i] {
					t.Errorf("record %d holds %s, want %s:\n%s", i+1, digits, want[i], rec)
				}
			}
		})
	}
}

// TestVariantDecodeGrid: decode --format grid draws a jigsaw's solution
// with its regions, as solve does. Before, it drew the boxes of a
// classic grid of its size, which the puzzle does not have.
func TestVariantDecodeGrid(t *testing.T) {
	path := filepath.Join(testdata, "variants", "jigsaw-7.json")
	line, _, code := runCLI(t, "", "solve", "-q", path)
	drawn, _, code2 := runCLI(t, "", "solve", "-q", "--format", "grid", path)
	cnf := filepath.Join(t.TempDir(), "jigsaw.cnf")
	_, errOut, code3 := runCLI(t, "", "encode", "-o", cnf, path)
	if code != 0 || code2 != 0 || code3 != 0 {
		t.Fatalf("solve, solve --format grid, encode: exit %d, %d, %d: %q", code, code2, code3, errOut)
	}
	// The direct encoding's map: variable cell*7 + d is digit d there.
	model := "s SATISFIABLE\nv"
	for cell, ch := range strings.TrimSpace(line) {
		model += " " + strconv.Itoa(cell*7+int(ch-'0'))
	}
	model += " 0\n"
	out, errOut, code := runCLI(t, model, "decode", "--format", "grid", "--cnf", cnf)
	if code != 0 || out != drawn {
		t.Errorf("decode --format grid: exit %d, %q\n%s\nwant\n%s", code, errOut, out, drawn)
	}
}

// TestSudokuPadDocument: a SudokuPad document (its JSON, as a link holds
// it decompressed) is read from a file or standard input as an f-puzzles
// one is; its solution, in f-puzzles' form, which has no inequality
// signs, is an error record counted as one, not a puzzle solved.
func TestSudokuPadDocument(t *testing.T) {
	f := varianttest.Load(t, "inequality-6")
	if !f.SudokuPad {
		t.Fatal("inequality-6 is no SudokuPad document")
	}
	path := filepath.Join(varianttest.Dir(t), "inequality-6.scl")
	want := f.Solution.String() + "\n"
	if out, errOut, code := runCLI(t, "", "solve", path); code != 0 || out != want {
		t.Errorf("solve %s: exit %d, %q, want %q; %s", path, code, out, want, errOut)
	}
	if out, errOut, code := runCLI(t, string(f.Doc), "solve", "--format", "sudokupad"); code != 0 || !strings.HasPrefix(out, "https://sudokupad.app/") {
		t.Errorf("solve --format sudokupad from standard input: exit %d, %q, %q", code, out, errOut)
	}
	out, errOut, code := runCLI(t, "", "solve", "--format", "fpuzzles", path)
	if code != 1 || !strings.HasPrefix(out, "error: "+path+":1: ") || !strings.Contains(out, "inequality") || !strings.Contains(errOut, "0 solved") || !strings.Contains(errOut, "1 error") {
		t.Errorf("solve --format fpuzzles: exit %d, %q, %q", code, out, errOut)
	}
}
