package engine

import (
	"context"
	"errors"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/variant"
)

// miracleSolution is the Miracle Sudoku's one solution.
const miracleSolution = "483726159726159483159483726837261594261594837594837261372615948615948372948372615"

// miracle is Mitchell Lee's Miracle Sudoku: anti-king, anti-knight and
// non-consecutive, with 1 at r5c3 and 2 at r6c7; without the givens it
// has several solutions.
func miracle(t *testing.T, givens bool) *sudokusat.Puzzle {
	g := grid(t, ".................................................................................")
	if givens {
		g.SetCell(4*9+2, 1)
		g.SetCell(5*9+6, 2)
	}
	return &sudokusat.Puzzle{Grid: g, Rules: []sudokusat.Rule{
		{Kind: variant.AntiKing}, {Kind: variant.AntiKnight}, {Kind: variant.NonConsecutive},
	}}
}

func TestCount(t *testing.T) {
	specs := []string{"sat"}
	if _, err := exec.LookPath("cadical"); err == nil {
		specs = append(specs, "cadical")
	} else {
		t.Log("cadical is not on PATH: only gophersat counts here")
	}
	for _, spec := range specs {
		for _, sums := range []encode.SumForm{encode.SumClauses, encode.SumPB} {
			e, err := Open(spec, Options{Sums: sums})
			if err != nil {
				t.Fatal(err)
			}
			a := Count(context.Background(), e, miracle(t, true), 2, 0)
			if !a.Unique() || a.Solution().String() != miracleSolution {
				t.Errorf("%s/%s: %s, %d solutions %v (%v); want the one miracle solution", spec, sums, a.Status, a.Count, a.Solutions, a.Err)
			}
			a = Count(context.Background(), e, miracle(t, false), 2, 0)
			if !a.AtLimit() || len(a.Solutions) != 2 {
				t.Errorf("%s/%s without givens: %s, %d solutions; want 2 at the limit", spec, sums, a.Status, a.Count)
			}
			if d := Differences(a.Solutions[0], a.Solutions[1]); len(d) == 0 {
				t.Errorf("%s: two solutions with no difference", spec)
			}
		}
	}
}

// badVariant reports a grid that breaks the puzzle's rules.
type badVariant struct{ g *sudokusat.Grid }

func (badVariant) Name() string { return "bad" }
func (b badVariant) Count(context.Context, *sudokusat.Puzzle, int) (Result, error) {
	return Result{Count: 1, Solutions: []*sudokusat.Grid{b.g}}, nil
}

func TestCountRulesValidates(t *testing.T) {
	// A classic solution that is not a miracle solution: the validator,
	// not the engine, must refuse it.
	a := Count(context.Background(), New(Info{Name: "bad", Rules: true}, Options{}, badVariant{grid(t, solution)}), miracle(t, false), 2, 0)
	if a.Status != Wrong || !errors.Is(a.Err, ErrWrong) {
		t.Errorf("a grid breaking the rules: %s (%v), want wrong", a.Status, a.Err)
	}
	p := miracle(t, true)
	p.Grid.SetCell(0, 1)
	p.Grid.SetCell(2, 1) // two 1s in row 1
	if a := Count(context.Background(), New(Info{Name: "bad", Rules: true}, Options{}, badVariant{grid(t, solution)}), p, 2, 0); a.Status != Invalid {
		t.Errorf("clashing givens: %s, want invalid", a.Status)
	}
}

// TestClassicEnginesRefuseRules: native and dlx answer a puzzle with rules
// or regions with an error that names the engines that take it; the
// search takes it.
func TestClassicEnginesRefuseRules(t *testing.T) {
	jigsaw := &sudokusat.Puzzle{Grid: grid(t, "................"), Regions: []int{0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3}}
	for _, e := range []*Engine{Native(), mustOpen(NameDLX)} {
		for _, p := range []*sudokusat.Puzzle{miracle(t, true), jigsaw} {
			a := Count(context.Background(), e, p, 2, 0)
			if a.Status != Failed || !errors.Is(a.Err, ErrRules) || !strings.Contains(a.Err.Error(), NameSearch) {
				t.Errorf("%s: %s (%v), want an error naming %s", e.Name(), a.Status, a.Err, NameSearch)
			}
		}
		if e.Info().Rules {
			t.Errorf("%s takes rules", e.Name())
		}
	}
	for _, spec := range []string{"", "no-such-solver-xyz"} {
		if _, err := Open(spec, Options{}); !errors.Is(err, ErrEngine) {
			t.Errorf("%q: %v, want an ErrEngine error", spec, err)
		}
	}
	e, err := Open(NameSearch, Options{})
	if err != nil || e.Name() != NameSearch || !e.Info().Rules {
		t.Fatalf("search: %v, %v", e, err)
	}
	if a := Count(context.Background(), e, miracle(t, true), 2, 0); !a.Unique() {
		t.Errorf("search on the Miracle: %v count %d", a.Status, a.Count)
	}
	// The table says the same as the engines.
	for _, info := range Engines() {
		if info.Runs == AsProgram {
			continue
		}
		e, err := Open(info.Name, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if e.Info().Rules != info.Rules {
			t.Errorf("%s: the table says rules %v, the engine %v", info.Name, info.Rules, e.Info().Rules)
		}
		a := Count(context.Background(), e, jigsaw, 2, 0)
		if a.Status.Answered() != info.Rules {
			t.Errorf("%s on a jigsaw: %s (%v), the table says rules %v", info.Name, a.Status, a.Err, info.Rules)
		}
	}
}

func TestDifferences(t *testing.T) {
	a, b := grid(t, solution), grid(t, solution)
	if d := Differences(a, b); d != nil {
		t.Errorf("equal grids differ at %v", d)
	}
	b.SetCell(0, 9)
	b.SetCell(80, 1)
	if d := Differences(a, b); !slices.Equal(d, []int{0, 80}) {
		t.Errorf("differences %v, want [0 80]", d)
	}
}

// TestCertifyVariant: with Certify, gophersat's UNSAT answers on variant
// formulas (no other solution; no solution at all) come with a checked
// DRAT proof, and sums as PB, which DRAT cannot speak of, are refused.
func TestCertifyRules(t *testing.T) {
	e, err := Open(NameSAT, Options{Certify: true})
	if err != nil {
		t.Fatal(err)
	}
	if !e.Certifies() {
		t.Fatal("gophersat opened with Certify does not certify")
	}
	a := Count(context.Background(), e, miracle(t, true), 2, 0)
	if !a.Unique() || !a.Certified || a.Solution().String() != miracleSolution {
		t.Errorf("miracle: %s, %d solutions, certified %v (%v); want the one solution, certified", a.Status, a.Count, a.Certified, a.Err)
	}
	// A 2 next to the given 1 breaks non-consecutive: no solution, which
	// the proof must show.
	none := miracle(t, true)
	none.Grid.SetCell(4*9+3, 2)
	a = Count(context.Background(), e, none, 2, 0)
	if a.Status != Unsolvable || !a.Certified {
		t.Errorf("no solution: %s, certified %v (%v); want unsolvable, certified", a.Status, a.Certified, a.Err)
	}
	// At the limit there is no UNSAT answer to certify.
	a = Count(context.Background(), e, miracle(t, false), 2, 0)
	if !a.AtLimit() || a.Certified {
		t.Errorf("without givens: %s, %d solutions, certified %v; want 2 at the limit, nothing certified", a.Status, a.Count, a.Certified)
	}

	if _, err := Open(NameSAT, Options{Certify: true, Sums: encode.SumPB}); !errors.Is(err, ErrEngine) {
		t.Errorf("certify with PB sums: %v, want an engine error", err)
	}
	for _, spec := range []string{NameSearch, NameSAT} {
		e, err := Open(spec, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if e.Certifies() {
			t.Errorf("%s opened without Certify certifies", spec)
		}
	}
}

// TestKropkiOneDotPerEdge: under both Kropki negatives, a 1–2 pair carries
// one dot of either colour, as an edge holds one dot. On a grid with every
// consecutive or ratio-2 pair dotted, its 1–2 pairs in each colour by
// turns, the independent search and gophersat find the same solutions,
// each passed by the variant validator, the grid among them: the three
// implementations of the rule agree.
func TestKropkiOneDotPerEdge(t *testing.T) {
	fill := grid(t, "1234341221434321")
	p := &sudokusat.Puzzle{Grid: grid(t, "................"), Rules: []sudokusat.Rule{{Kind: variant.NonConsecutive}, {Kind: variant.NoBlack}}}
	turn := 0
	for a := range 16 {
		for _, b := range []int{a + 1, a + 4} {
			if (b == a+1 && a%4 == 3) || b >= 16 {
				continue
			}
			x, y := fill.Cell(a), fill.Cell(b)
			cons, ratio := x-y == 1 || y-x == 1, x == 2*y || y == 2*x
			var kind variant.Kind
			switch {
			case cons && ratio:
				kind = []variant.Kind{variant.White, variant.Black}[turn%2]
				turn++
			case cons:
				kind = variant.White
			case ratio:
				kind = variant.Black
			}
			if kind != "" {
				p.Rules = append(p.Rules, sudokusat.Rule{Kind: kind, Cells: []int{a, b}})
			}
		}
	}
	if turn < 2 {
		t.Fatalf("%d 1–2 pairs in the filling, want both colours used", turn)
	}
	var sets [][]string
	for _, name := range []string{NameSearch, NameSAT} {
		e, err := Open(name, Options{})
		if err != nil {
			t.Fatal(err)
		}
		a := Count(context.Background(), e, p, 100, 0)
		if a.Status != Solved || a.Count >= 100 {
			t.Fatalf("%s: %s, %d solutions (%v)", name, a.Status, a.Count, a.Err)
		}
		var got []string
		for _, s := range a.Solutions {
			got = append(got, s.String())
		}
		slices.Sort(got)
		if !slices.Contains(got, fill.String()) {
			t.Errorf("%s: %v, without %s", name, got, fill)
		}
		sets = append(sets, got)
	}
	if !slices.Equal(sets[0], sets[1]) {
		t.Errorf("the search finds %v, gophersat %v", sets[0], sets[1])
	}
}

// TestArrowLines: an arrow of several lines asks each line to sum to its
// circle, as f-puzzles and the solver behind it read it (the lines used to
// be added together). On an empty 4×4 grid, the grid 1234/3412/2143/4321
// keeps an arrow from r1c4 (4) along r1c1, r1c3 (1+3) and r2c3, r3c4
// (1+3): the search and gophersat must both count it among the solutions.
func TestArrowLines(t *testing.T) {
	p := &sudokusat.Puzzle{Grid: grid(t, "................"), Rules: []sudokusat.Rule{
		{Kind: variant.Arrow, Cells: []int{3}, Lines: [][]int{{0, 2}, {6, 11}}},
	}}
	want := grid(t, "1234341221434321")
	for _, name := range []string{NameSearch, NameSAT} {
		e, err := Open(name, Options{})
		if err != nil {
			t.Fatal(err)
		}
		a := Count(context.Background(), e, p, 288, 0)
		if a.Status != Solved || a.Count >= 288 || !slices.ContainsFunc(a.Solutions, want.Equal) {
			t.Errorf("%s: %s, %d solutions (%v), %s not among them", name, a.Status, a.Count, a.Err, want)
		}
	}
}

// TestLatinSquare: a Latin square, stated as regions that are the rows
// (the SudokuPad reader's reading of a document without regions whose
// text names only rows and columns), is counted alike by every engine
// that takes regions, and as the test's own backtracking over the rows
// and columns alone counts its completions; the classic engines refuse
// it.
func TestLatinSquare(t *testing.T) {
	const givens = "1......2..3....." // 4×4
	regions := make([]int, 16)
	for c := range regions {
		regions[c] = c / 4
	}
	p := &sudokusat.Puzzle{Grid: grid(t, givens), Regions: regions}
	if err := variant.Validate(p); err != nil {
		t.Fatal(err)
	}
	// Fill cell by cell with every digit its row and column allow.
	v := []byte(givens)
	want := 0
	var fill func(c int)
	fill = func(c int) {
		if c == 16 {
			want++
			return
		}
		if v[c] != '.' {
			fill(c + 1)
			return
		}
		for d := byte('1'); d <= '4'; d++ {
			ok := true
			for o := range 16 {
				ok = ok && !(o != c && (o/4 == c/4 || o%4 == c%4) && v[o] == d)
			}
			if ok {
				v[c] = d
				fill(c + 1)
				v[c] = '.'
			}
		}
	}
	fill(0)
	boxed := Count(context.Background(), mustOpen(NameSAT), &sudokusat.Puzzle{Grid: grid(t, givens)}, 1000, 0)
	if want <= boxed.Count {
		t.Fatalf("the Latin square has %d completions, the Sudoku %d: the test does not tell them apart", want, boxed.Count)
	}
	for _, info := range Engines() {
		if info.Runs == AsProgram {
			continue
		}
		a := Count(context.Background(), mustOpen(info.Name), p, 1000, 0)
		switch {
		case !info.Rules && (a.Status != Failed || !errors.Is(a.Err, ErrRules)):
			t.Errorf("%s: %s (%v), want it refused", info.Name, a.Status, a.Err)
		case info.Rules && (a.Count != want || a.AtLimit()):
			t.Errorf("%s: %d completions (%s, %v), want %d", info.Name, a.Count, a.Status, a.Err, want)
		}
		for _, s := range a.Solutions {
			if err := variant.Check(p, s); err != nil {
				t.Errorf("%s: %v", info.Name, err)
			}
		}
	}
}
