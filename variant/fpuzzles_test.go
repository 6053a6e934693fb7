package variant_test

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

var update = flag.Bool("update", false, "rewrite testdata/variants from the puzzles built here")

// latin4 lists every 4×4 Latin square (576): with Check as the filter,
// they count any 4×4 variant's solutions, jigsaws included, with nothing
// shared with the engines.
func latin4() []*sudokusat.Grid { return latinSquares(4) }

// latinSquares lists every Latin square of side n (576 for 4, 161,280
// for 5), in grids whose boxes are their rows: Check reads the puzzle's
// regions, not the solution's.
func latinSquares(n int) []*sudokusat.Grid {
	var out []*sudokusat.Grid
	cells := make([]int, n*n)
	var fill func(i int)
	fill = func(i int) {
		if i == n*n {
			g, _ := sudokusat.NewGrid(1, n)
			for k, d := range cells {
				g.SetCell(k, d)
			}
			out = append(out, g)
			return
		}
		r, c := i/n, i%n
	next:
		for d := 1; d <= n; d++ {
			for k := 0; k < n; k++ {
				if (k < c && cells[r*n+k] == d) || (k < r && cells[k*n+c] == d) {
					continue next
				}
			}
			cells[i] = d
			fill(i + 1)
		}
	}
	fill(0)
	return out
}

// solutions4 returns the solutions of a variant among the Latin squares
// of its side.
func solutions4(p *sudokusat.Puzzle, squares []*sudokusat.Grid) []*sudokusat.Grid {
	var out []*sudokusat.Grid
	for _, g := range squares {
		if variant.Check(p, g) == nil {
			out = append(out, g)
		}
	}
	return out
}

// kropki marks every consecutive orthogonal pair of g white and every pair
// in ratio 2 black (a 1-2 pair gets both), under both negative rules.
func kropki(g *sudokusat.Grid) []sudokusat.Rule {
	var out []sudokusat.Rule
	n := g.Size()
	for a := 0; a < n*n; a++ {
		for _, b := range []int{a + 1, a + n} {
			if b >= n*n || (b == a+1 && b%n == 0) {
				continue
			}
			x, y := g.Cell(a), g.Cell(b)
			if x-y == 1 || y-x == 1 {
				out = append(out, sudokusat.Rule{Kind: variant.White, Cells: []int{a, b}})
			}
			if x == 2*y || y == 2*x {
				out = append(out, sudokusat.Rule{Kind: variant.Black, Cells: []int{a, b}})
			}
		}
	}
	return append(out, sudokusat.Rule{Kind: variant.NonConsecutive}, sudokusat.Rule{Kind: variant.NoBlack})
}

// xv marks every orthogonal pair of g that sums to 5 with a V, under the
// negative rule.
func xv(g *sudokusat.Grid) []sudokusat.Rule {
	var out []sudokusat.Rule
	n := g.Size()
	for a := 0; a < n*n; a++ {
		for _, b := range []int{a + 1, a + n} {
			if b < n*n && (b != a+1 || b%n != 0) && g.Cell(a)+g.Cell(b) == 5 {
				out = append(out, sudokusat.Rule{Kind: variant.XV, Cells: []int{a, b}, Value: 5})
			}
		}
	}
	return append(out, sudokusat.Rule{Kind: variant.NoXV})
}

// small4 builds the 4×4 test puzzles around sol4 (or, for the jigsaw, a
// square with other regions): rules that sol4 keeps, then givens added
// where the other solutions differ until only sol4 is left.
func small4(t *testing.T, squares []*sudokusat.Grid) map[string]*sudokusat.Puzzle {
	c := func(k variant.Kind, v int, cells ...int) sudokusat.Rule {
		return sudokusat.Rule{Kind: k, Cells: cells, Value: v}
	}
	sol := mustGrid(t, sol4)
	puzzles := map[string]*sudokusat.Puzzle{
		"jigsaw-4": {Regions: []int{0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3}},
		"killer-4": {Rules: []sudokusat.Rule{
			c(variant.Killer, 3, 0, 1), c(variant.Killer, 7, 2, 3), c(variant.Killer, 7, 4, 5), c(variant.Killer, 3, 6, 7),
			c(variant.Killer, 3, 8, 9), c(variant.Killer, 7, 10, 11), c(variant.Killer, 7, 12, 13), c(variant.Killer, sudokusat.NoValue, 14, 15)}},
		"thermo-4":  {Rules: []sudokusat.Rule{c(variant.Thermo, 0, 0, 1, 2, 3), c(variant.Thermo, 0, 9, 8, 4)}},
		"arrow-4":   {Rules: []sudokusat.Rule{{Kind: variant.Arrow, Cells: []int{5}, Lines: [][]int{{4, 0}}}, {Kind: variant.Arrow, Cells: []int{10}, Lines: [][]int{{11, 15}}}}},
		"kropki-4":  {Rules: kropki(sol)},
		"xv-4":      {Rules: []sudokusat.Rule{c(variant.XV, 5, 1, 2), c(variant.XV, 5, 5, 6)}},
		"xv-neg-4":  {Rules: xv(sol)},
		"parity-4":  {Rules: []sudokusat.Rule{c(variant.Odd, 0, 0), c(variant.Even, 0, 1), c(variant.Odd, 0, 6), c(variant.Even, 0, 8)}},
		"regions-4": {Rules: []sudokusat.Rule{c(variant.Region, 0, 0, 5, 11), c(variant.Region, 0, 3, 6, 8)}},
	}
	for name, p := range puzzles {
		p.Grid = mustGrid(t, "................")
		want := sol
		if name == "jigsaw-4" {
			want = solutions4(p, squares)[0] // a square that keeps the regions
		}
		if err := variant.Check(p, want); err != nil {
			t.Fatalf("%s: the intended solution breaks the rules: %v", name, err)
		}
		for {
			all := solutions4(p, squares)
			if len(all) == 0 {
				t.Fatalf("%s: no solution", name)
			}
			if len(all) == 1 {
				break
			}
			// Give the first cell where another solution differs.
			other := all[0]
			if other.Equal(want) {
				other = all[1]
			}
			for i := 0; i < 16; i++ {
				if other.Cell(i) != want.Cell(i) {
					p.Grid.SetCell(i, want.Cell(i))
					break
				}
			}
		}
	}
	return puzzles
}

// inkalaSolution is the solution that the 9×9 killer, thermo and arrow
// puzzles were drawn around (package search's tests built them: rules this
// grid keeps, givens removed while the count stayed 1).
const inkalaSolution = "812753649943682175675491283154237896369845721287169534521974368438526917796318452"

// nine9 builds the 9×9 test puzzles and their solutions.
func nine9(t *testing.T) map[string]struct {
	p   *sudokusat.Puzzle
	sol string
} {
	out := map[string]struct {
		p   *sudokusat.Puzzle
		sol string
	}{}
	killer := &sudokusat.Puzzle{Grid: mustGrid(t, strings.Repeat(".", 81))}
	for _, c := range []struct {
		sum   int
		cells []int
	}{
		{9, []int{80, 71}}, {11, []int{34, 43}}, {12, []int{68, 59, 67}},
		{23, []int{50, 49, 58, 48}}, {10, []int{27, 36, 18}}, {20, []int{10, 19, 9}},
		{19, []int{57, 56, 47, 55}}, {25, []int{73, 64, 65, 66}}, {5, []int{11, 2}},
		{15, []int{20, 21, 12}}, {13, []int{39, 30, 31}}, {17, []int{61, 62, 52}},
		{18, []int{63, 72, 54, 45}}, {22, []int{3, 4, 13, 14}}, {14, []int{69, 78, 70}},
		{9, []int{77, 76}}, {23, []int{51, 60, 42, 33}}, {3, []int{24, 23}},
		{24, []int{37, 28, 29, 38}}, {9, []int{74, 75}}, {9, []int{22}},
		{14, []int{15, 6, 7, 5}}, {15, []int{25, 16}}, {5, []int{79}},
		{16, []int{40, 41, 32}}, {8, []int{46}}, {9, []int{1, 0}},
		{11, []int{44, 35, 53}}, {17, []int{8, 17, 26}},
	} {
		killer.Rules = append(killer.Rules, sudokusat.Rule{Kind: variant.Killer, Cells: c.cells, Value: c.sum})
	}
	out["killer-9"] = struct {
		p   *sudokusat.Puzzle
		sol string
	}{killer, inkalaSolution}
	thermo := &sudokusat.Puzzle{Grid: mustGrid(t, "....5..4..4...2......4....3...............721..71......2..7........2..1...6......"), Rules: []sudokusat.Rule{
		{Kind: variant.Thermo, Cells: []int{64, 63, 54, 46, 38}},
		{Kind: variant.Thermo, Cells: []int{76, 66, 65, 73}},
		{Kind: variant.Thermo, Cells: []int{5, 4, 3, 13, 22}},
		{Kind: variant.Thermo, Cells: []int{31, 40, 32, 33, 34}},
	}}
	out["thermo-9"] = struct {
		p   *sudokusat.Puzzle
		sol string
	}{thermo, inkalaSolution}
	arrow := &sudokusat.Puzzle{Grid: mustGrid(t, ".1.7.36.....6...........2...........3....5....8...........................63.....")}
	for _, a := range []struct {
		circle int
		line   []int
	}{
		{71, []int{80, 79}}, {49, []int{40, 48, 56}}, {34, []int{35, 26}}, {59, []int{60, 70}},
		{16, []int{6, 15}}, {73, []int{64, 63, 55}}, {68, []int{67, 76, 75}}, {9, []int{10, 11, 2}},
	} {
		arrow.Rules = append(arrow.Rules, sudokusat.Rule{Kind: variant.Arrow, Cells: []int{a.circle}, Lines: [][]int{a.line}})
	}
	out["arrow-9"] = struct {
		p   *sudokusat.Puzzle
		sol string
	}{arrow, inkalaSolution}
	miracle := &sudokusat.Puzzle{Grid: mustGrid(t, strings.Repeat(".", 81)), Rules: []sudokusat.Rule{
		{Kind: variant.AntiKing}, {Kind: variant.AntiKnight}, {Kind: variant.NonConsecutive}}}
	miracle.Grid.Set(4, 2, 1)
	miracle.Grid.Set(5, 6, 2)
	out["miracle-9"] = struct {
		p   *sudokusat.Puzzle
		sol string
	}{miracle, "483726159726159483159483726837261594261594837594837261372615948615948372948372615"}
	return out
}

// TestVariantFiles reads every f-puzzles file of testdata/variants and
// checks its golden solution with Check; the 4×4 ones are shown unique by
// enumerating every Latin square. With -update, the files are written
// from the puzzles built here first.
func TestVariantFiles(t *testing.T) {
	dir := filepath.Join("..", "testdata", "variants")
	squares, squares5 := latin4(), latinSquares(5)
	if len(squares) != 576 || len(squares5) != 161280 {
		t.Fatalf("%d and %d Latin squares of sides 4 and 5, want 576 and 161,280", len(squares), len(squares5))
	}
	if *update {
		for name, p := range small4(t, squares) {
			writeVariant(t, dir, name, p, solutions4(p, squares)[0].String())
		}
		for name, e := range nine9(t) {
			writeVariant(t, dir, name, e.p, e.sol)
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) < 10 {
		t.Fatalf("%d variant files in %s", len(files), dir)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".json")
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			p, err := variant.ParseFPuzzles(data)
			if err != nil {
				t.Fatal(err)
			}
			gold, err := os.ReadFile(strings.TrimSuffix(file, ".json") + ".solution")
			if err != nil {
				t.Fatal(err)
			}
			sol, err := sudokusat.ParseLine(strings.TrimSpace(string(gold)), p.Grid.BoxRows(), p.Grid.BoxCols())
			if err != nil {
				t.Fatal(err)
			}
			if err := variant.Check(p, sol); err != nil {
				t.Fatalf("the golden solution: %v", err)
			}
			switch p.Size() {
			case 4:
				if all := solutions4(p, squares); len(all) != 1 {
					t.Errorf("%d solutions, want 1", len(all))
				}
			case 5:
				if all := solutions4(p, squares5); len(all) != 1 {
					t.Errorf("%d solutions, want 1", len(all))
				}
			}
			// The export reads back as the same puzzle.
			out, err := variant.FPuzzles(p)
			if err != nil {
				t.Fatal(err)
			}
			q, err := variant.ParseFPuzzles(out)
			if err != nil {
				t.Fatal(err)
			}
			again, _ := variant.FPuzzles(q)
			if !bytes.Equal(out, again) {
				t.Errorf("export, import, export differ:\n%s\n%s", out, again)
			}
		})
	}
}

func writeVariant(t *testing.T, dir, name string, p *sudokusat.Puzzle, sol string) {
	t.Helper()
	data, err := variant.FPuzzles(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".json"), append(data, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".solution"), []byte(sol+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestParseFPuzzlesErrors(t *testing.T) {
	grid := `"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]`
	tests := []struct{ doc, want string }{
		{`{"size":4,` + grid + `,"nosuchrule":[{"cell":"R0C1","value":"5"}]}`, `"nosuchrule": a rule sudokusat does not know`},
		{`{"size":4,` + grid + `,"killercage":[{"cells":["R1C1","R9C9"]}]}`, `not a cell of the 4×4 grid`},
		{`{"size":4,` + grid + `,"xv":[{"cells":["R1C1","R1C2"],"value":"Y"}]}`, `want X or V`},
		{`{"size":4,` + grid + `,"ratio":[{"cells":["R1C1","R1C2"],"value":"0"}]}`, `not supported`},
		{`{"size":4,` + grid + `,"negative":["palindrome"]}`, `not supported`},
		{`{"size":3,` + grid + `}`, `size 3: want a grid side from 4 to 35`},
		{`{"size":36,` + grid + `}`, `size 36: want a grid side from 4 to 35`},
		{`{"size":4,"grid":[[{"region":"a"},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`, `r1c1: region "a" is not a number`},
		{`{"size":4,"grid":[[{"region":4},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`, `r1c1 is in region 5, not 1 to 4`},
		{`{"size":4,"grid":[[{"region":null},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`, `region 1 has 3 cells, not 4`},
		{`{"size":4,"grid":[]}`, `not 4 rows`},
		{`{"size":4,` + grid + `,"difference":[{"cells":["R1C1","R2C2"]}]}`, `adjacent`},
		{`not json`, `invalid character`},
	}
	for _, tc := range tests {
		_, err := variant.ParseFPuzzles([]byte(tc.doc))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.doc, err, tc.want)
		}
	}
	// Drawings and empty lists carry no rule.
	p, err := variant.ParseFPuzzles([]byte(`{"size":4,` + grid + `,"title":"t","line":[{"lines":[["R1C1","R1C2"]]}],"quadruple":[],"antiking":false,"fogofwar":["R1C1"],"foglight":["R2C2"]}`))
	if err != nil || len(p.Rules) != 0 {
		t.Errorf("cosmetics (drawings, empty lists, fog of war): %v, %v", p, err)
	}
}

// FuzzParseFPuzzles: any document is read or refused with an error, never
// a panic; what is read validates and exports back.
func FuzzParseFPuzzles(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "variants", "*.json"))
	for _, file := range files {
		data, _ := os.ReadFile(file)
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := variant.ParseFPuzzles(data)
		if err != nil {
			return
		}
		if err := variant.Validate(p); err != nil {
			t.Fatalf("read but invalid: %v", err)
		}
		out, err := variant.FPuzzles(p)
		if err != nil {
			t.Fatal(err)
		}
		// What is written reads back: the same rules, and what was not
		// read as drawings again (fog and the drawings that draw a rule
		// aside, none more than before).
		q, err := variant.ParseFPuzzles(out)
		if err != nil {
			t.Fatalf("written, not read back: %v\n%s", err, out)
		}
		if len(q.Rules) != len(p.Rules) || len(q.Unread) > len(p.Unread) || q.RulesText != p.RulesText {
			t.Fatalf("read back as %d rules, %d not read, rules text %q; want %d, at most %d, %q\n%s",
				len(q.Rules), len(q.Unread), q.RulesText, len(p.Rules), len(p.Unread), p.RulesText, out)
		}
		_, _ = variant.ParseLink(string(data))
	})
}

// TestLimits: what one input may ask of memory is bounded. A link whose
// JSON would be over 1 MiB is refused as it decompresses (a 16 KB link of
// 40,000 copies of one thermometer here; one of 52 KB held 16 MB and took
// 3.3 GB to count); a rule given twice is one rule; and a puzzle carries at
// most RuleLimits' rules and cells.
func TestLimits(t *testing.T) {
	bomb, err := os.ReadFile(filepath.Join("testdata", "bomb-link.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := variant.ParseLink(string(bomb)); err == nil || !strings.Contains(err.Error(), "decompresses to more than 1048576 bytes") {
		t.Errorf("a link of 1.1 MB of JSON: %v", err)
	}
	grid := `"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]`
	p, err := variant.ParseFPuzzles([]byte(`{"size":4,` + grid + `,"thermometer":[` +
		`{"lines":[["R1C1","R1C2"]]},{"lines":[["R1C1","R1C2"],["R2C1","R2C2"]]},{"lines":[["R1C1","R1C2"]]}]}`))
	if err != nil || len(p.Rules) != 2 {
		t.Errorf("three thermometers, two of them the same: %v rules, %v", p, err)
	}
	n := 9
	rules, cells := variant.RuleLimits(n)
	g, _ := sudokusat.NewGridSize(n)
	many := &sudokusat.Puzzle{Grid: g}
	for i := 0; len(many.Rules) <= rules; i++ {
		// One-cell cages: 81 cells × 9 sums are 729 distinct rules.
		many.Rules = append(many.Rules, sudokusat.Rule{Kind: variant.Killer, Cells: []int{i % (n * n)}, Value: i/(n*n) + 1})
	}
	if err := variant.Validate(many); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("at most %d", rules)) {
		t.Errorf("%d rules: %v", len(many.Rules), err)
	}
	long := &sudokusat.Puzzle{Grid: g, Rules: []sudokusat.Rule{{Kind: variant.Arrow, Cells: []int{0}}}}
	for len(long.Rules[0].Lines)*8 <= cells {
		long.Rules[0].Lines = append(long.Rules[0].Lines, []int{1, 2, 3, 4, 5, 6, 7, 8})
	}
	if err := variant.Validate(long); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("at most %d", cells)) {
		t.Errorf("an arrow of %d lines: %v", len(long.Rules[0].Lines), err)
	}
}

// TestRegionsAsFPuzzlesHasThem: a side without boxes (7) has its rows as
// regions unless the document gives others, as in f-puzzles and its
// solver; a cell whose region is null is in none; both write back as they
// were read.
func TestRegionsAsFPuzzlesHasThem(t *testing.T) {
	row := func(n int, cell string) string {
		return "[" + strings.TrimSuffix(strings.Repeat(cell+",", n), ",") + "]"
	}
	grid := func(n int, first string) string {
		rows := make([]string, n)
		for r := range rows {
			rows[r] = row(n, "{}")
		}
		rows[0] = "[" + first + "," + strings.TrimPrefix(row(n-1, "{}"), "[")
		return `"grid":[` + strings.Join(rows, ",") + "]"
	}
	p, err := variant.ParseFPuzzles([]byte(`{"size":7,` + grid(7, "{}") + `}`))
	if err != nil {
		t.Fatal(err)
	}
	if p.Classic() || p.Grid.BoxRows() != 1 || len(p.Regions) != 49 || p.Region(8) != 1 || p.Region(48) != 6 {
		t.Errorf("7×7 without regions: classic %v, boxes of %d rows, regions %v", p.Classic(), p.Grid.BoxRows(), p.Regions)
	}
	// A 4×4 with its first box taken out of every region: four cells in
	// none, three regions left.
	doc := `{"size":4,"grid":[[{"region":null},{"region":null},{},{}],[{"region":null},{"region":null},{},{}],[{},{},{},{}],[{},{},{},{}]]}`
	p, err = variant.ParseFPuzzles([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if p.Region(0) != sudokusat.NoRegion || p.Region(5) != sudokusat.NoRegion || p.Region(2) != 1 || len(p.RegionCells()[0]) != 0 {
		t.Errorf("a box taken out: regions %v", p.Regions)
	}
	// (On 4×4 three full boxes force the fourth: the brute-force count
	// of testdata/variants/no-region-5 is where a region taken out
	// matters.)
	sol, _ := sudokusat.ParseLine("1234341221434321", 2, 2)
	if err := variant.Check(p, sol); err != nil {
		t.Errorf("a solution: %v", err)
	}
	out, err := variant.FPuzzles(p)
	if err != nil || !strings.Contains(string(out), `{"region":null}`) {
		t.Fatalf("written as %s, %v", out, err)
	}
	q, err := variant.ParseFPuzzles(out)
	if err != nil || !slices.Equal(q.Regions, p.Regions) {
		t.Errorf("read back: %v, %v", q, err)
	}
	// A rule that reads the regions' order needs every cell in one.
	if _, err := variant.ParseFPuzzles([]byte(strings.TrimSuffix(doc, "}") + `,"disjointgroups":true}`)); err == nil || !strings.Contains(err.Error(), "some cells are in no region") {
		t.Errorf("disjoint groups with cells in no region: %v", err)
	}
}

// TestParseFPuzzlesRepeatedCell: a rule that lists one cell twice, of any
// kind, is refused as the document is read, with ErrPuzzle, naming the
// rule and the cell, where the engines would otherwise fail on it later
// each with its own error.
func TestParseFPuzzlesRepeatedCell(t *testing.T) {
	for _, tc := range []struct{ name, extra, want string }{
		{"thermometer", `,"thermometer":[{"lines":[["R1C1","R1C2","R1C1"]]}]`, "thermo constraint 1: r1c1 is listed twice"},
		{"killer cage", `,"killercage":[{"cells":["R1C1","R1C2","R1C1"],"value":"10"}]`, "killer constraint 1: r1c1 is listed twice"},
		{"extra region", `,"extraregion":[{"cells":["R2C2","R3C3","R2C2"]}]`, "region constraint 1: r2c2 is listed twice"},
		{"arrow line", `,"arrow":[{"cells":["R1C1"],"lines":[["R1C1","R1C2","R1C3","R1C2"]]}]`, "arrow constraint 1: line 1 lists r1c2 twice"},
		{"renban", `,"renban":[{"lines":[["R5C5","R5C6","R5C5"]]}]`, "renban constraint 1: r5c5 is listed twice"},
		{"palindrome", `,"palindrome":[{"lines":[["R1C1","R1C2","R1C1"]]}]`, "palindrome constraint 1: r1c1 is listed twice"},
		{"clone", `,"clone":[{"cells":["R1C1","R1C1"],"cloneCells":["R5C5","R5C6"]}]`, "clone constraint 1: r1c1 is listed twice"},
		{"clone's other cells", `,"clone":[{"cells":["R1C1","R1C2"],"cloneCells":["R5C5","R5C5"]}]`, "clone constraint 1: line 1 lists r5c5 twice"},
		{"digital-root cage", `,"cage":[{"cells":["R1C1","R1C1"],"value":"DR3"}]`, "digital-root constraint 1: r1c1 is listed twice"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := variant.ParseFPuzzles(doc9(tc.extra))
			if !errors.Is(err, variant.ErrPuzzle) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%v, want ErrPuzzle saying %q", err, tc.want)
			}
		})
	}
}

// TestNoXVOfOneSumWritten: f-puzzles' negative rule of XV is of both
// marks, so a puzzle whose every V (and not every X) is given has no
// f-puzzles form, and its link is SudokuPad's own format, which reads
// back the same.
func TestNoXVOfOneSumWritten(t *testing.T) {
	g, _ := sudokusat.NewGridSize(9)
	p := &sudokusat.Puzzle{Grid: g, Rules: []sudokusat.Rule{{Kind: variant.NoXV, Value: 5}, {Kind: variant.XV, Cells: []int{0, 1}, Value: 5}}}
	if _, err := variant.FPuzzles(p); !errors.Is(err, variant.ErrFormat) {
		t.Errorf("written as f-puzzles data: %v", err)
	}
	link, err := variant.SudokuPadLink(p)
	if err != nil || !strings.HasPrefix(link, "https://sudokupad.app/scl") {
		t.Fatalf("link %s, %v", link, err)
	}
	q, err := variant.ParseLink(link)
	if err != nil || !slices.EqualFunc(q.Rules, p.Rules, func(a, b sudokusat.Rule) bool {
		return a.Kind == b.Kind && a.Value == b.Value && slices.Equal(a.Cells, b.Cells)
	}) || len(q.Unread) > 0 {
		t.Errorf("read back as %+v, not read %+v, %v", q.Rules, q.Unread, err)
	}
}
