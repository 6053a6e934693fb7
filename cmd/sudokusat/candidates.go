package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/engine"
	"github.com/sudokusat/sudokusat/setter"
)

func candidatesCommand() *cli.Command {
	return &cli.Command{
		Name:      "candidates",
		Usage:     "each cell's true candidates: the digits some solution puts there",
		ArgsUsage: "[FILE|-]...",
		Description: "Each puzzle gives one record: its true candidates (a digit is one when some solution puts\n" +
			"it in the cell), each with the number of solutions that do, up to --cap; or STATUS: message.\n" +
			"Every candidate has a solution found and checked as its witness; every digit left out is a\n" +
			"\"no solution\" answer of the engine, proved with --certify. --timeout bounds each question.\n" +
			"Formats: grid (pencil marks in the grid's layout), line (N³ symbols a puzzle, '.' where a digit\n" +
			"cannot go: the form other tools read) or json (with the counts)." + "\n\n" +
			examples(
				"sudokusat candidates puzzles.txt", "each puzzle's pencil-mark grid",
				"sudokusat candidates --format line puzzles.txt", "one line of 729 symbols a 9×9 puzzle",
				"sudokusat candidates --cap 10 --format json open.json", "how many solutions use each digit, up to 10",
				"sudokusat candidates --engine search thermo.json", "with the variant search, not gophersat",
				"sudokusat candidates --certify puzzles.txt", "every digit ruled out backed by a checked DRAT proof"),
		Flags: setterFlags([]string{"grid", "line", "json"},
			&cli.IntFlag{Name: "cap", Value: 1, Usage: "count each candidate's solutions up to `K` (1: possible or not)"}),
		Action: func(c *cli.Context) error {
			limit, timeout := c.Int("cap"), c.Duration("timeout")
			if limit < 1 {
				return usagef("--cap %d: want at least 1", limit)
			}
			return runSetter(c, "candidates", []string{"grid", "line", "json"}, func(ctx context.Context, e *engine.Engine, it *item, format string) *setterRecord {
				k, err := setter.TrueCandidates(ctx, e, it.puzzle, limit, timeout)
				if err != nil {
					return failure(it, err)
				}
				if len(k.Solutions) == 0 {
					return &setterRecord{item: it, status: engine.Unsolvable, err: engine.ErrNoSolution}
				}
				r := &setterRecord{item: it, fields: candidateFields(k)}
				switch format {
				case "grid":
					r.text = candidateGrid(it.puzzle, k)
				case "line":
					if r.text, err = candidateLine(k); err != nil {
						return &setterRecord{item: it, status: engine.Failed, err: err}
					}
				}
				return r
			})
		},
	}
}

// symbols writes a cell's candidates in symbols ("137"), or as numbers
// separated by commas above 35×35.
func symbols(k *setter.Candidates, cell int) string {
	var b strings.Builder
	for d := 1; d <= k.Size; d++ {
		if !k.Possible(cell, d) {
			continue
		}
		if k.Size > sudokusat.MaxSymbolSize {
			if b.Len() > 0 {
				b.WriteByte(',')
			}
			fmt.Fprint(&b, d)
			continue
		}
		b.WriteByte(sudokusat.Symbol(d))
	}
	return b.String()
}

// candidateGrid writes the pencil-mark grid: each cell's candidates,
// padded to one width, box lines between boxes when the regions are the
// grid's boxes, and a blank line after it.
func candidateGrid(p *sudokusat.Puzzle, k *setter.Candidates) string {
	n := k.Size
	width := 1
	for cell := range n * n {
		width = max(width, len(symbols(k, cell)))
	}
	boxes := p.Regions == nil && p.Grid.BoxRows() > 1
	br, bc := p.Grid.BoxRows(), p.Grid.BoxCols()
	var out strings.Builder
	for r := range n {
		var b strings.Builder
		for c := range n {
			if boxes && c > 0 && c%bc == 0 {
				b.WriteString(" |")
			}
			fmt.Fprintf(&b, " %-*s", width, symbols(k, r*n+c))
		}
		row := b.String()[1:]
		if boxes && r > 0 && r%br == 0 {
			// The rule under a row of boxes: '+' where the row has '|'.
			out.WriteString(strings.Map(func(ch rune) rune {
				if ch == '|' {
					return '+'
				}
				return '-'
			}, row) + "\n")
		}
		out.WriteString(strings.TrimRight(row, " ") + "\n")
	}
	return out.String()
}

// candidateLine writes the N³ symbols of a puzzle's candidates on one
// line: for each cell, digit d at place d, '.' where it cannot go.
func candidateLine(k *setter.Candidates) (string, error) {
	if k.Size > sudokusat.MaxSymbolSize {
		return "", fmt.Errorf("a %d×%d grid has no line of symbols (up to %d×%d): use --format json", k.Size, k.Size, sudokusat.MaxSymbolSize, sudokusat.MaxSymbolSize)
	}
	b := make([]byte, 0, k.Size*k.Size*k.Size)
	for cell := range k.Size * k.Size {
		for d := 1; d <= k.Size; d++ {
			if k.Possible(cell, d) {
				b = append(b, sudokusat.Symbol(d))
			} else {
				b = append(b, '.')
			}
		}
	}
	return string(b), nil
}

// candidateFields are a record's JSON fields: each cell's possible
// digits (row-major), the counts with a cap above 1, the solutions met
// and the counts asked.
func candidateFields(k *setter.Candidates) map[string]any {
	cands := make([][]int, len(k.Count))
	for cell, counts := range k.Count {
		cands[cell] = []int{}
		for d, c := range counts {
			if c > 0 {
				cands[cell] = append(cands[cell], d+1)
			}
		}
	}
	f := map[string]any{"candidates": cands, "solutions": len(k.Solutions), "questions": k.Questions,
		"certified": k.Certified, "us": float64(k.Elapsed.Nanoseconds()) / 1e3}
	if k.Cap > 1 {
		f["counts"], f["cap"] = k.Count, k.Cap
	}
	return f
}
