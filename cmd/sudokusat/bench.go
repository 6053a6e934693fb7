package main

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/bench"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/engine"
	"github.com/sudokusat/sudokusat/variant"
	"github.com/sudokusat/sudokusat/verdict"
)

func benchCommand() *cli.Command {
	return &cli.Command{
		Name:      "bench",
		Usage:     "time engines over the same puzzles in one process",
		ArgsUsage: "FILE...",
		Description: "Every engine counts every puzzle's solutions up to --limit (2: solve and prove unique),\n" +
			"one puzzle at a time, and the table gives puzzles/s, mean, median and p99 µs per puzzle and\n" +
			"the engine's own search figures per puzzle. Each engine first counts the file's puzzles\n" +
			"untimed for up to 0.1 s, a warm-up. The µs columns time the engine alone; check µs\n" +
			"is what bench spends on each puzzle besides (validating the puzzle, checking the answer,\n" +
			"writing --runs), which puzzles/s includes. gophersat runs in-process here, so that the\n" +
			"encodings are compared without the cost of worker processes. Markdown on standard output;\n" +
			"--csv FILE writes the same rows as CSV." + "\n\n" +
			examples(
				"sudokusat bench puzzles.txt", "native and gophersat, solve and prove unique",
				"sudokusat bench --engines sat --encoding minimal,extended,reduced --max 500 puzzles.txt", "compare encodings",
				"sudokusat bench --csv times.csv puzzles.txt", "the table as CSV too"),
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "engines", Value: "native,sat", Usage: "comma-separated `ENGINES` (sat runs once per encoding)"},
			&cli.StringFlag{Name: "encoding", Value: encode.Default, Usage: "comma-separated CNF `ENCODINGS`: " + strings.Join(encode.Names(), ", ")},
			&cli.IntFlag{Name: "limit", Aliases: []string{"k"}, Value: 2, Usage: "count solutions up to `K`"},
			&cli.IntFlag{Name: "max", Usage: "use at most `N` puzzles of each file (0: all)",
				Action: func(_ *cli.Context, n int) error {
					// Checked here, before any file is read: a negative
					// --max once kept every puzzle out and ended with
					// "no valid puzzle to time", exit 1.
					if n < 0 {
						return usagef("--max %d: want 0 (all) or more", n)
					}
					return nil
				}},
			&cli.StringFlag{Name: "csv", Usage: "also write the table as CSV to `FILE`"},
			&cli.StringFlag{Name: "runs", Usage: "also write one JSON record per engine's run on a puzzle to `FILE` (as check --format json writes them)"},
			maxClausesFlag(),
			maxDecompressedFlag(),
		},
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				return usagef("bench needs at least one FILE")
			}
			limit := c.Int("limit")
			if limit < 1 {
				return usagef("--limit must be at least 1")
			}
			// No worker pool: gophersat runs in this process, one puzzle
			// at a time, so that encodings compare without the pipes.
			specs := splitList(c.String("engines"))
			engines, err := tableOf(c).OpenList(specs, splitList(c.String("encoding")), engine.Options{MaxClauses: c.Int("max-clauses")})
			if err != nil {
				return usageError{engineTypo(tableOf(c), specs, err)}
			}
			// runs stays a nil interface without --runs (a nil
			// *bufio.Writer in it would not be).
			var runs io.Writer
			var runsBuf *bufio.Writer
			var runsFile *os.File
			if path := c.String("runs"); path != "" {
				if runsFile, err = os.Create(path); err != nil {
					return usageError{err}
				}
				defer runsFile.Close() // on an early return; closed and checked below
				runsBuf = bufio.NewWriter(runsFile)
				runs = runsBuf
			}
			var rows [][]string
			for _, file := range c.Args().Slice() {
				var items []*item
				err := inputs([]string{file}, c.App.Reader, c.App.ErrWriter, maxDecompressed(c), func(it *item) error {
					if it.err == nil && variant.Validate(it.puzzle) == nil && (c.Int("max") == 0 || len(items) < c.Int("max")) {
						items = append(items, it)
					}
					return nil
				})
				if err != nil {
					return err
				}
				if len(items) == 0 {
					return fmt.Errorf("%s: no valid puzzle to time", file)
				}
				for _, e := range engines {
					items := items
					if !e.Info().Rules {
						items = slices.DeleteFunc(slices.Clone(items), func(it *item) bool { return !it.puzzle.Classic() })
						if len(items) == 0 {
							fmt.Fprintf(c.App.ErrWriter, "sudokusat: %s: %s takes no puzzle of it (they have rules or regions): no row\n", file, e.Name())
							continue
						}
					}
					puzzles := make([]*sudokusat.Puzzle, len(items))
					for i, it := range items {
						puzzles[i] = it.puzzle
					}
					row, err := bench.Run(c.Context, e, file, puzzles, limit, func(i int, a engine.Answer) {
						if runs != nil {
							writeRun(runs, e, items[i], verdict.Classify(a, limit), nil, limit)
						}
						if !a.Status.Answered() {
							fmt.Fprintf(c.App.ErrWriter, "sudokusat: %s: %s: %v\n", e.Name(), items[i].where(), a.Err)
						}
					})
					if err != nil {
						return err
					}
					rows = append(rows, row)
				}
			}
			if err := bench.WriteMarkdown(c.App.Writer, rows); err != nil {
				return writeErr(err)
			}
			if runsBuf != nil {
				err := runsBuf.Flush()
				if cerr := runsFile.Close(); err == nil {
					err = cerr
				}
				if err != nil {
					return fmt.Errorf("--runs: %w", err)
				}
			}
			if path := c.String("csv"); path != "" {
				f, err := os.Create(path)
				if err != nil {
					return usageError{err}
				}
				cw := csv.NewWriter(f)
				cw.Write(bench.Header)
				cw.WriteAll(rows) // flushes, and keeps any error for Error
				err = cw.Error()
				if cerr := f.Close(); err == nil {
					err = cerr
				}
				if err != nil {
					return fmt.Errorf("--csv: %w", err)
				}
			}
			return nil
		},
	}
}
