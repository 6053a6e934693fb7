package variant_test

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/internal/datasets"
	"github.com/sudokusat/sudokusat/variant"
)

// links reads testdata/variants/sudokupad-links.txt: name, link.
func links(t *testing.T) map[string]string {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "testdata", "variants", "sudokupad-links.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m := map[string]string{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if name, link, ok := strings.Cut(sc.Text(), " "); ok && !strings.HasPrefix(name, "#") {
			m[name] = link
		}
	}
	return m
}

// samePuzzle reports whether two puzzles are one: givens, regions (the
// same cells together, whatever their numbers), rules, and stated
// solution.
func samePuzzle(p, q *sudokusat.Puzzle) bool {
	str := func(g *sudokusat.Grid) string {
		if g == nil {
			return "none"
		}
		return g.String()
	}
	// The rules text is what a document says, not the puzzle: SudokuPad's
	// states the rules the writer drew, f-puzzles' test files none.
	bare := func(p *sudokusat.Puzzle) *sudokusat.Puzzle {
		b := *relabel(p)
		b.RulesText = ""
		return &b
	}
	fp, _ := variant.FPuzzles(bare(p))
	fq, _ := variant.FPuzzles(bare(q))
	return p.Grid.String() == q.Grid.String() && string(fp) == string(fq) && str(p.Published) == str(q.Published)
}

// relabel returns p with its regions numbered in the order their first
// cells come, which a format's own numbering does not change.
func relabel(p *sudokusat.Puzzle) *sudokusat.Puzzle {
	if p.Regions == nil {
		return p
	}
	q := *p
	q.Regions = make([]int, len(p.Regions))
	label := map[int]int{sudokusat.NoRegion: sudokusat.NoRegion}
	for i, r := range p.Regions {
		if _, ok := label[r]; !ok {
			label[r] = len(label) - 1
		}
		q.Regions[i] = label[r]
	}
	return &q
}

// TestLinks reads the links SudokuPad and the Cracking the Cryptic app
// make (testdata/variants/sudokupad-links.txt, made with their own compressor and zipper): an
// f-puzzles document in every wrapper, SudokuPad's own format for what it
// states, and clear refusals for what sudokusat cannot read.
func TestLinks(t *testing.T) {
	m := links(t)
	parse := func(name string) (*sudokusat.Puzzle, error) {
		link, ok := m[name]
		if !ok {
			t.Fatalf("no link %q in testdata/variants/sudokupad-links.txt", name)
		}
		return variant.ParseLink(link)
	}
	// Every wrapper of one f-puzzles document gives one puzzle.
	first, err := parse("wrapped-fpuzzles")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"wrapped-fpuz", "wrapped-beta", "wrapped-ctc-app", "wrapped-encoded", "wrapped-puzzleid"} {
		p, err := parse(name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
		} else if !samePuzzle(p, first) {
			t.Errorf("%s: another puzzle than wrapped-fpuzzles", name)
		}
	}

	// SudokuPad's format, zipped (scl) or not (ctc): Inkala's puzzle with
	// a killer cage r1c1+r1c2 = 9 and its solution.
	const inkala = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
	const solution = "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
	for _, name := range []string{"scl", "ctc", "slashes", "slashes-merged"} {
		p, err := parse(name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if p.Grid.String() != inkala {
			t.Errorf("%s: givens %s", name, p.Grid)
		}
		if len(p.Rules) != 1 || p.Rules[0].Kind != variant.Killer || p.Rules[0].Value != 9 || len(p.Rules[0].Cells) != 2 || p.Rules[0].Cells[0] != 0 || p.Rules[0].Cells[1] != 1 {
			t.Errorf("%s: rules %+v, want one killer cage r1c1 r1c2 of 9", name, p.Rules)
		}
		if p.Regions != nil {
			t.Errorf("%s: regions %v, want the boxes", name, p.Regions)
		}
		if p.Published == nil || p.Published.String() != solution {
			t.Errorf("%s: stated solution %v", name, p.Published)
		} else if err := variant.Check(p, p.Published); err != nil {
			t.Errorf("%s: the stated solution: %v", name, err)
		}
	}
	// A link whose "//" a server merged into "/" is mended.
	a, errA := parse("slashes")
	b, errB := parse("slashes-merged")
	if errA != nil || errB != nil || !samePuzzle(a, b) || !strings.Contains(m["slashes"][len("https://"):], "//") || strings.Contains(m["slashes-merged"][len("https://"):], "//") {
		t.Errorf("slashes: %v, %v", errA, errB)
	}

	// A drawing the rules text does not name is listed, not read; the
	// text is quoted back.
	p, err := parse("scl-line")
	if err != nil {
		t.Fatal(err)
	} else if len(p.Unread) != 1 || p.Unread[0].Kind != sudokusat.UnreadLine || !strings.Contains(p.Unread[0].Reason, "which the rules text does not name") ||
		p.RulesText != "Normal sudoku rules apply. Digits in a cage sum to its total." || len(p.Rules) != 1 {
		t.Errorf("scl-line: rules %+v, not read %+v, rules text %q", p.Rules, p.Unread, p.RulesText)
	}
	// Parity Fish as Sudoku-Bench links it: its Kropki dots are read,
	// and its parity lines, stated in its text but not in this copy's
	// drawings, are a sentence not read.
	if p, err = parse("parity-fish"); err != nil {
		t.Fatal(err)
	}
	dots := map[variant.Kind]int{}
	for _, r := range p.Rules {
		dots[r.Kind]++
	}
	if dots[variant.White] != 16 || dots[variant.Black] != 5 || len(p.Rules) != 21 || len(p.Unread) != 1 || p.Unread[0].Kind != sudokusat.UnreadSentence ||
		!strings.Contains(p.Unread[0].Text, "red line") {
		t.Errorf("parity-fish: rules %v, not read %+v", dots, p.Unread)
	}
	if _, err := parse("short-id"); err == nil || !errors.Is(err, variant.ErrFormat) || !strings.Contains(err.Error(), `link: "wsj7iunsg6" is a short id of a puzzle kept on sudokupad.app's server`) {
		t.Errorf("short-id: %v, want an ErrFormat that says it is a short id", err)
	}
}

// TestLinkExport: every test puzzle, with its solution stated, goes out
// as an f-puzzles link and a SudokuPad one and comes back the same. The
// SudokuPad link is in SudokuPad's own format for every puzzle whose rules
// all have a form there (all but the kinds SudokuPad draws no convention
// for: indexers, clones, digital roots, disjoint groups, given pencil
// marks), and reads back with nothing left unread.
func TestLinkExport(t *testing.T) {
	scl := 0
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "variants", "*.json"))
	if len(files) < 10 {
		t.Fatalf("%d test puzzles", len(files))
	}
	for _, file := range files {
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
		if p.Published, err = sudokusat.ParseLine(strings.TrimSpace(string(gold)), p.Grid.BoxRows(), p.Grid.BoxCols()); err != nil {
			t.Fatal(err)
		}
		for _, export := range []func(*sudokusat.Puzzle) (string, error){variant.FPuzzlesLink, variant.SudokuPadLink} {
			link, err := export(p)
			if err != nil {
				t.Fatal(err)
			}
			q, err := variant.ParseLink(link)
			if err != nil {
				t.Errorf("%s: %s: %v", filepath.Base(file), link, err)
			} else if !samePuzzle(p, q) {
				t.Errorf("%s: %s reads as another puzzle", filepath.Base(file), link)
			} else if strings.HasPrefix(link, "https://sudokupad.app/scl") {
				scl++
				if len(q.Unread) > 0 {
					t.Errorf("%s: %s: not read %+v", filepath.Base(file), link, q.Unread)
				}
			}
		}
		if _, err := variant.SudokuPad(p); err == nil {
			if link, _ := variant.SudokuPadLink(p); !strings.HasPrefix(link, "https://sudokupad.app/scl") {
				t.Errorf("%s: %s, want SudokuPad's own format", filepath.Base(file), link)
			}
		}
	}
	if scl < len(files)*4/5 {
		t.Errorf("%d of %d puzzles written in SudokuPad's own format, want at least 4 in 5", scl, len(files))
	}
}

// TestStatedSolution: an f-puzzles document's "solution" is read in the
// forms SudokuPad reads (an array, a string, comma-separated or not), and
// is no solution at all when it is not a full grid.
func TestStatedSolution(t *testing.T) {
	grid := `"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]`
	const sol = "1234341221434321"
	for _, c := range []struct{ solution, want string }{
		{`[1,2,3,4,3,4,1,2,2,1,4,3,4,3,2,1]`, sol},
		{`["1","2","3","4","3","4","1","2","2","1","4","3","4","3","2","1"]`, sol},
		{`"1234341221434321"`, sol},
		{`"1,2,3,4,3,4,1,2,2,1,4,3,4,3,2,1"`, sol},
		{`[1,2,3,4,3,4,1,2,2,1,4,3,4,3,2,null]`, ""},
		{`"123434122143432"`, ""},
		{`"12343412214343.1"`, ""},
		{`"1234341221434325"`, ""},
		{`[]`, ""},
		{`{}`, ""},
	} {
		p, err := variant.ParseFPuzzles([]byte(`{"size":4,` + grid + `,"solution":` + c.solution + `}`))
		if err != nil {
			t.Errorf("%s: %v", c.solution, err)
			continue
		}
		got := ""
		if p.Published != nil {
			got = p.Published.String()
		}
		if got != c.want {
			t.Errorf("%s: %q, want %q", c.solution, got, c.want)
		}
	}
}

// FuzzParseLink: any text is read as a link or refused with ErrFormat,
// never a panic; what is read validates.
func FuzzParseLink(f *testing.F) {
	data, _ := os.ReadFile(filepath.Join("..", "testdata", "variants", "sudokupad-links.txt"))
	for _, line := range strings.Split(string(data), "\n") {
		if _, link, ok := strings.Cut(line, " "); ok && !strings.HasPrefix(line, "#") {
			f.Add(link)
		}
	}
	f.Add(`{ce:[[,{v:1}]],re:[[[0,0]]],ca:[{ce:[[0,0]],v:'a'}],l:[],o:[,]}`)
	f.Fuzz(func(t *testing.T, s string) {
		p, err := variant.ParseLink(s)
		if err != nil {
			if !errors.Is(err, variant.ErrFormat) {
				t.Fatalf("%v: not an ErrFormat", err)
			}
			return
		}
		if err := variant.Validate(p); err != nil {
			t.Fatalf("read but invalid: %v", err)
		}
		if _, err := variant.ParseSudokuPad([]byte(s)); err != nil && !errors.Is(err, variant.ErrFormat) {
			t.Fatalf("%v: not an ErrFormat", err)
		}
	})
}

// BenchmarkParseLink reads each published SudokuPad link of the data
// sets' sudokupad-dev.txt (decompressed, its JSON decoded, its drawings and
// rules text read), one sub-benchmark a link, so that the slowest shows:
// issue 40 asks at most 10 ms a link.
func BenchmarkParseLink(b *testing.B) {
	links := datasets.Load(b, "sudokupad-dev.txt", func(s string) (string, error) { return s, nil })
	for i, link := range links {
		b.Run(fmt.Sprintf("dev-%02d", i+1), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := variant.ParseLink(link); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
