package main

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/sudokusat/sudokusat"
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
			engines, err := tableOf(c).OpenList(splitList(c.String("engines")), splitList(c.String("encoding")), engine.Options{MaxClauses: c.Int("max-clauses")})
			if err != nil {
				return usageError{err}
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
					row, err := benchEngine(c, e, file, items, limit, runs)
					if err != nil {
						return err
					}
					rows = append(rows, row)
				}
			}
			if err := writeMarkdown(c.App.Writer, benchHeader, rows); err != nil {
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
				cw.Write(benchHeader)
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

// warmUp bounds the untimed counts before an engine's timed pass over a
// file: a pass of the native solver over magictour takes 14 ms, a
// gophersat count of a hard 9×9 puzzle a millisecond.
const warmUp = 100 * time.Millisecond

var benchHeader = []string{"engine", "file", "puzzles", "puzzles/s", "mean µs", "median µs", "p99 µs", "check µs", "decisions", "conflicts", "guesses", "errors"}

// benchEngine times one engine over one file's puzzles, one at a time.
// The µs columns are the engine's time (engine.Count's Elapsed); the time
// of the loop besides, spent in the validator and on records, is check µs,
// so that the engine's figures are comparable with its Go benchmarks'.
func benchEngine(c *cli.Context, e *engine.Engine, file string, items []*item, limit int, runs io.Writer) ([]string, error) {
	// Untimed first, as Go's benchmarks and tdoku's harness warm up: the
	// file's puzzles until warmUp has passed or each has run once. Timed
	// cold, the native solver's single pass over magictour came out
	// 0.1-1.3 µs a puzzle above a second pass in the same process.
	warm := time.Now().Add(warmUp)
	for _, it := range items {
		if time.Now().After(warm) {
			break
		}
		if err := c.Context.Err(); err != nil {
			return nil, err
		}
		engine.Count(c.Context, e, it.puzzle, limit, 0)
	}
	times := make([]time.Duration, 0, len(items))
	var inEngine time.Duration // every run's, answered or not
	var stats engine.Stats
	errs := 0
	start := time.Now()
	for _, it := range items {
		if err := c.Context.Err(); err != nil {
			return nil, err
		}
		a := engine.Count(c.Context, e, it.puzzle, limit, 0)
		inEngine += a.Elapsed
		if runs != nil {
			writeRun(runs, e, it, verdict.Classify(a, limit), nil, limit)
		}
		if !a.Status.Answered() {
			errs++
			fmt.Fprintf(c.App.ErrWriter, "sudokusat: %s: %s: %v\n", e.Name(), it.where(), a.Err)
			continue
		}
		times = append(times, a.Elapsed)
		stats.Add(a.Stats)
	}
	wall := time.Since(start)
	slices.Sort(times)
	var sum time.Duration
	for _, t := range times {
		sum += t
	}
	us := func(d time.Duration) string { return strconv.FormatFloat(float64(d.Nanoseconds())/1e3, 'f', 1, 64) }
	// A figure that is not there, for want of timed puzzles or because
	// the engine does not measure it (total -1), is "-", not 0.0.
	per := func(total int) string {
		if len(times) == 0 || total < 0 {
			return "-"
		}
		return strconv.FormatFloat(float64(total)/float64(len(times)), 'f', 1, 64)
	}
	sat, guesses := e.Info().Decisions, e.Info().Guesses
	if !sat {
		stats.Decisions, stats.Conflicts = -1, -1
	}
	if !guesses {
		stats.Guesses = -1
	}
	check := us((wall - inEngine) / time.Duration(len(items)))
	row := []string{e.Name(), filepath.Base(file), strconv.Itoa(len(items)), "-", "-", "-", "-", check, per(stats.Decisions), per(stats.Conflicts), per(stats.Guesses), strconv.Itoa(errs)}
	if n := len(times); n > 0 {
		row[3] = strconv.FormatFloat(float64(n)/wall.Seconds(), 'f', 0, 64)
		row[4] = us(sum / time.Duration(n))
		row[5] = us(times[n/2])
		row[6] = us(times[min(n-1, n*99/100)])
	}
	return row, nil
}

func writeMarkdown(out io.Writer, header []string, rows [][]string) error {
	w := sudokusat.NewWriter(out)
	fmt.Fprintf(w, "| %s |\n", strings.Join(header, " | "))
	seps := make([]string, len(header))
	for i := range seps {
		seps[i] = "---:"
		if i < 2 {
			seps[i] = "---"
		}
	}
	fmt.Fprintf(w, "|%s|\n", strings.Join(seps, "|"))
	for _, r := range rows {
		fmt.Fprintf(w, "| %s |\n", strings.Join(r, " | "))
	}
	return w.Flush()
}
