package bench

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/engine"
)

// TestRun: a row of every column, the puzzles timed each once (done told
// of each), "-" for a figure the engine does not measure, and the
// Markdown table of it; a context that ended stops the run.
func TestRun(t *testing.T) {
	var puzzles []*sudokusat.Puzzle
	for _, line := range []string{
		"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
		"2...8.3...6..7..84.3.5..2.9...1.54.8.........4.27.6...3.1..7.4.72..4..6...4.1...3",
		"11..............", // a clash: no answer
	} {
		g, err := sudokusat.Parse(line)
		if err != nil {
			t.Fatal(err)
		}
		puzzles = append(puzzles, &sudokusat.Puzzle{Grid: g})
	}
	var seen []int
	row, err := Run(context.Background(), engine.Native(), "dir/some.txt", puzzles, 2, func(i int, a engine.Answer) { seen = append(seen, i) })
	if err != nil {
		t.Fatal(err)
	}
	if len(row) != len(Header) || row[0] != "native" || row[1] != "some.txt" || row[2] != "3" || row[8] != "-" || row[9] != "-" || row[10] == "-" || row[11] != "1" {
		t.Errorf("row %q", row)
	}
	if len(seen) != 3 || seen[2] != 2 {
		t.Errorf("done told of %v, want 0, 1, 2", seen)
	}
	var b bytes.Buffer
	if err := WriteMarkdown(&b, [][]string{row}); err != nil || !strings.HasPrefix(b.String(), "| engine | file |") || !strings.Contains(b.String(), "\n|---|---|---:|") {
		t.Errorf("%v\n%s", err, b.String())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(ctx, engine.Native(), "x", puzzles, 2, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("a canceled run: %v", err)
	}
}
