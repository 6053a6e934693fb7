package main

import (
	"context"
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/engine"
	"github.com/sudokusat/sudokusat/setter"
	"github.com/sudokusat/sudokusat/variant"
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
			"Without --engine: native for a classic grid, sat (its one-solver cover) for one with rules.\n" +
			"Formats: grid (pencil marks in the grid's layout), line (N³ symbols a puzzle, '.' where a digit\n" +
			"cannot go: the form other tools read) or json (with the counts)." + "\n\n" +
			examples(
				"sudokusat candidates puzzles.txt", "each puzzle's pencil-mark grid",
				"sudokusat candidates --format line puzzles.txt", "one line of 729 symbols a 9×9 puzzle",
				"sudokusat candidates --cap 10 --format json open.json", "how many solutions use each digit, up to 10",
				"sudokusat candidates --engine search thermo.json", "with the variant search, not gophersat's one-solver cover",
				"sudokusat candidates --certify puzzles.txt", "every digit ruled out backed by a checked DRAT proof"),
		Flags: setterFlags(candidateFormats, engine.Covering(),
			&cli.IntFlag{Name: "cap", Value: 1, Usage: "count each candidate's solutions up to `K` (1: possible or not)"}),
		Action: func(c *cli.Context) error {
			limit, timeout := c.Int("cap"), c.Duration("timeout")
			if limit < 1 {
				return usagef("--cap %d: want at least 1", limit)
			}
			return runSetter(c, "candidates", candidateFormats, engine.Covering(), func(ctx context.Context, e *engine.Engine, it *item, format string) *setterRecord {
				k, err := setter.TrueCandidates(ctx, e, it.puzzle, limit, timeout)
				if err != nil {
					return failure(it, err)
				}
				if len(k.Solutions) == 0 {
					return &setterRecord{item: it, status: engine.Unsolvable, err: engine.ErrNoSolution}
				}
				r := &setterRecord{item: it, fields: candidateFields(k)}
				switch {
				case format == "grid":
					r.text = variant.CandidateGrid(it.puzzle, k)
				case format == "line" && k.Size > sudokusat.MaxSymbolSize:
					err := fmt.Errorf("a %d×%d grid has no line of symbols (up to %d×%d): use --format json", k.Size, k.Size, sudokusat.MaxSymbolSize, sudokusat.MaxSymbolSize)
					return &setterRecord{item: it, status: engine.Failed, err: err}
				case format == "line":
					r.text = variant.CandidateLine(k.Size, k)
				}
				return r
			})
		},
	}
}

// candidateFormats are candidates' output formats.
var candidateFormats = plainFormats{{name: "grid"}, {name: "line"}, {name: "json"}}

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
