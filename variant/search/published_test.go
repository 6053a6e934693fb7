package search

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// The published puzzles of testdata/variants/published (CC BY 4.0, from
// dclamage/SudokuVariantSolverJS puzzles/puzzles.json): cells.json,
// clues.json and lines.json by the group of their rules, search.json the
// ones the search once found hardest (Anti-Ratio Coverage took 38.8
// million nodes, 106 s, to count to 2 before it branched by dom/wdeg).

// publishedFiles are the files of the published set.
var publishedFiles = []string{"cells", "clues", "lines", "search"}

// publishedEntry is a published puzzle as the files list it; lines.json
// names the puzzle's field "link", the others "puzzle".
type publishedEntry struct {
	Title, Author, Licence, Puzzle, Link, Solution string
}

// published is a published puzzle read.
type published struct {
	name     string // file/title
	puzzle   *sudokusat.Puzzle
	solution *sudokusat.Grid
}

// publishedSet reads every puzzle of the published files.
func publishedSet(tb testing.TB) []published {
	var out []published
	for _, file := range publishedFiles {
		data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "variants", "published", file+".json"))
		if err != nil {
			tb.Fatal(err)
		}
		var list []publishedEntry
		if err := json.Unmarshal(data, &list); err != nil {
			tb.Fatalf("%s: %v", file, err)
		}
		for _, e := range list {
			link := e.Puzzle
			if link == "" {
				link = e.Link
			}
			p, err := variant.ParseLink(link)
			if err != nil {
				tb.Fatalf("%s/%s: %v", file, e.Title, err)
			}
			sol, err := sudokusat.Parse(e.Solution)
			if err != nil {
				tb.Fatalf("%s/%s: %v", file, e.Title, err)
			}
			out = append(out, published{file + "/" + e.Title, p, sol})
		}
	}
	if len(out) < 50 {
		tb.Fatalf("%d published puzzles", len(out))
	}
	return out
}

// publishedNodes bounds the nodes of a count to 2 of each published
// puzzle, and publishedTotal their sum. Measured with dom/wdeg (November
// 2026): at most 52,727 (Effluence), 15,142 (Modular Nabner DA Coverage)
// and under 7,000 for each other, 96,490 for the 56 puzzles. Before it, MRV took
// 38.8 million on Anti-Ratio Coverage and 128,105 on Sistine Hippos.
// Nodes, unlike time, are the same on every machine and every run.
const (
	publishedNodes = 60_000
	publishedTotal = 120_000
)

// TestPublishedNodes counts each published puzzle to 2: it is unique,
// its solution the one listed, within publishedNodes nodes.
func TestPublishedNodes(t *testing.T) {
	total := 0
	for _, pp := range publishedSet(t) {
		r, err := Count(bg, pp.puzzle, 2)
		if err != nil || r.Count != 1 || !r.Solutions[0].Equal(pp.solution) {
			t.Errorf("%s: %d solutions, %v", pp.name, r.Count, err)
		}
		if r.Nodes > publishedNodes {
			t.Errorf("%s: %d nodes, more than %d", pp.name, r.Nodes, publishedNodes)
		}
		t.Logf("%s: %d nodes", pp.name, r.Nodes)
		total += r.Nodes
	}
	t.Logf("%d nodes in all", total)
	if total > publishedTotal {
		t.Errorf("%d nodes in all, more than %d", total, publishedTotal)
	}
}

// BenchmarkPublished counts every published puzzle to 2: one op is one
// pass over the set.
func BenchmarkPublished(b *testing.B) {
	set := publishedSet(b)
	nodes := 0
	b.ReportAllocs()
	for b.Loop() {
		nodes = 0
		for _, pp := range set {
			r, err := Count(bg, pp.puzzle, 2)
			if err != nil || r.Count != 1 {
				b.Fatalf("%s: %d solutions, %v", pp.name, r.Count, err)
			}
			nodes += r.Nodes
		}
	}
	b.ReportMetric(float64(nodes), "nodes/op")
}
