package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/engine"
	"github.com/sudokusat/sudokusat/plot"
	"github.com/sudokusat/sudokusat/verdict"
)

func checkCommand() *cli.Command {
	return &cli.Command{
		Name:      "check",
		Usage:     "cross-validate engines: every puzzle through every engine, answers compared",
		ArgsUsage: "FILE|-...",
		Description: "Each engine's answer is validated on its own, then their solution counts (up to --limit)\n" +
			"and solutions are compared. A disagreement prints the puzzle's place and every engine's\n" +
			"answer; with --out-dir it also writes the CNF that reproduces it there, and first shrinks the case\n" +
			"(--shrink): the fewest givens and rules, and an external solver's fewest clauses, that keep it.\n" +
			"A count that other engines' solutions, checked by the validator, refute (no solution where\n" +
			"one was found, exactly one where two were) is a wrong answer, not a disagreement.\n" +
			"A summary table ends the run.\n" +
			"Exit status 1 when any engine disagreed, gave a wrong answer, failed or timed out." + "\n\n" +
			"Without --engines, a classic puzzle goes to native and gophersat, one with rules or regions to\n" +
			"the search and gophersat: two engines that take it and share no code." + "\n\n" +
			examples(
				"sudokusat check puzzles.txt", "native and gophersat (reduced encoding) compared on every puzzle",
				"sudokusat check --engines native,sat,cadical,minisat --encoding reduced,extended puzzles.txt",
				"four engines, gophersat under two encodings",
				"sudokusat check killer.json", "an f-puzzles puzzle through the search and gophersat",
				"sudokusat check --engines sat,cadical killer.json", "the same through gophersat and CaDiCaL",
				"sudokusat check --engines native,'./mysolver {cnf}' --out-dir bugs puzzles.txt",
				"each failure shrunk, then written into bugs/ with a script that reproduces it"),
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "engines", DefaultText: "native,sat; search,sat for rules", Usage: "comma-separated `ENGINES` (sat runs once per encoding)"},
			&cli.StringFlag{Name: "encoding", Value: encode.Default, Usage: "comma-separated CNF `ENCODINGS`: " + strings.Join(encode.Names(), ", ")},
			&cli.IntFlag{Name: "limit", Aliases: []string{"k"}, Value: 1, Usage: "count solutions up to `K`: 1, one solver call per timed run, as a SAT benchmark times it; 2 also compares uniqueness, two calls timed as one"},
			timeoutFlag("give up on an engine's puzzle after `DURATION` (0: never)"),
			&cli.StringFlag{Name: "out-dir", Usage: "write the CNFs that reproduce each disagreement or failure, and the case shrunk, into `DIR`"},
			workersFlag(),
			quietFlag(),
			certifyFlag(),
			sumsFlag(),
			maxClausesFlag(),
			compressFlag(false),
			checkFormats.flag(),
			&cli.StringFlag{Name: "plot", Usage: "draw the cactus plot of the engines' run times into `FILE.svg`"},
			&cli.StringFlag{Name: "scatter", Usage: "draw the first two engines' times, puzzle by puzzle, into `FILE.svg`"},
			memLimitFlag(),
			cpuLimitFlag(),
			shardFlag(),
			resumeFlag(),
			maxDecompressedFlag(),
		}, shrinkFlags()...),
		Action: func(c *cli.Context) error {
			limit := c.Int("limit")
			if limit < 1 {
				return usagef("--limit must be at least 1")
			}
			f, err := checkFormats.of(c)
			if err != nil {
				return err
			}
			format := f.name
			timeout, workers := c.Duration("timeout"), c.Int("workers")
			// PAR-2 and the plots score against the limit that stops a
			// run: the tighter of --timeout and --cpu-limit (a run killed
			// at 20 s of CPU time is not charged twice a 60 s timeout).
			scored := timeout
			if cpu := c.Duration("cpu-limit"); cpu > 0 && (scored == 0 || cpu < scored) {
				scored = cpu
			}
			pool, err := newWorkers(workers, timeout > 0)
			if err != nil {
				return err
			}
			defer pool.Close()
			o, err := engineOptions(c, pool)
			if err != nil {
				return err
			}
			specs := splitList(c.String("engines"))
			if !c.IsSet("engines") {
				specs = verdict.DefaultEngines
			}
			engines, err := tableOf(c).OpenList(specs, splitList(c.String("encoding")), o)
			if err != nil {
				return usageError{engineTypo(tableOf(c), specs, err)}
			}
			chosen := verdict.Default
			if c.IsSet("engines") {
				chosen = func(*engine.Engine, *sudokusat.Puzzle) bool { return true }
			}
			outDir := c.String("out-dir")
			z, err := compressOption(c, outDir)
			if err != nil {
				return err
			}
			rep := verdict.Reproducer{Dir: outDir, Suffix: z.Suffix(), MaxClauses: o.MaxClauses}
			sh, err := newShrinker(c, engines, limit, timeout)
			if err != nil {
				return err
			}
			stats := make([]verdict.Tally, len(engines))
			var puzzles, invalid, disagree, failures, timedOut, canceled int
			start := time.Now()
			interrupted, err := runBatch(c, engine.Concurrency(workers, engines...),
				func(ctx context.Context, it *item) checked {
					if it.err != nil {
						return checked{}
					}
					r := checked{vs: verdict.Check(ctx, engines, chosen, it.puzzle, limit, timeout)}
					if sh != nil {
						r.shrunk = sh.Shrink(ctx, it.puzzle, r.vs)
					}
					return r
				},
				func(w *sudokusat.Writer, it *item, r checked) {
					vs := r.vs
					puzzles++
					if it.err != nil || vs[0].Status == engine.Invalid {
						// Every engine is given the puzzle, and the
						// engine layer finds clashing givens before any
						// runs.
						err := it.err
						if err == nil {
							err = vs[0].Err
						}
						invalid++
						if format == "json" {
							b, _ := json.Marshal(runRecord{Index: it.index, File: it.file, Line: it.line, Status: engine.Invalid.String(), Error: err.Error(), notReadJSON: it.notRead()})
							w.Write(append(b, '\n'))
							return
						}
						fmt.Fprintf(w, "invalid: %s: %v\n", it.where(), err)
						return
					}
					bad, late, stopped := false, false, false
					for i, v := range vs {
						if v.Kind == "" {
							continue // not one of this puzzle's engines
						}
						stats[i].Add(it.index, v)
						switch v.Kind {
						case verdict.Wrong, verdict.Error:
							bad = true
						case verdict.Timeout:
							late = true
						case verdict.Canceled:
							stopped = true
						}
					}
					agree := verdict.Agree(vs)
					if !agree {
						disagree++
					}
					if bad {
						failures++
					}
					if late {
						timedOut++
					}
					if stopped {
						canceled++
					}
					var report io.Writer = w
					if format == "json" {
						writeRuns(w, engines, it, vs, agree, limit)
						report = io.Discard // the CNFs of --out-dir are still written
					}
					if !agree || bad || late {
						cs := verdict.Case{Index: it.index, Where: it.where(), Puzzle: it.puzzle}
						verdict.Report(report, engines, cs, vs, agree, rep)
						sh.Report(report, cs, r.shrunk, rep)
					}
				},
				func(w *sudokusat.Writer) {
					if format == "json" {
						// A resumed run that found everything answered
						// writes nothing, summaries of no runs included.
						if puzzles > 0 || !c.IsSet("resume") {
							names := make([]string, len(engines))
							for i, e := range engines {
								names[i] = e.Name()
							}
							writeSummaries(w, names, stats, scored)
						}
						return
					}
					verdict.WriteTable(w, engines, stats, c.Bool("certify"), scored)
					fmt.Fprintln(w, checkLine(puzzles, len(verdict.Shown(stats)), disagree, failures, timedOut, canceled, invalid, time.Since(start)))
				})
			if err != nil {
				return err
			}
			if path := c.String("plot"); path != "" {
				var series []plot.Series
				for _, i := range verdict.Shown(stats) {
					s := plot.Series{Name: engines[i].Name(), Times: stats[i].Times, Runs: stats[i].Puzzles}
					if p, ok := stats[i].PAR2(scored); ok {
						s.PAR2 = &p
					}
					series = append(series, s)
				}
				title := fmt.Sprintf("%d %s of %s", puzzles, plural(puzzles, "puzzle", "puzzles"), strings.Join(c.Args().Slice(), ", "))
				if err := os.WriteFile(path, plot.Cactus(title, scored, series), 0o644); err != nil {
					return err
				}
			}
			if path := c.String("scatter"); path != "" {
				if rows := verdict.Shown(stats); len(rows) < 2 {
					fmt.Fprintf(c.App.ErrWriter, "sudokusat: --scatter: one engine ran; no plot\n")
				} else {
					side := func(i int) plot.Side {
						return plot.Side{Name: engines[i].Name(), Answered: stats[i].Answered, Unanswered: stats[i].Unanswered}
					}
					if err := os.WriteFile(path, plot.Scatter(side(rows[0]), side(rows[1]), scored), 0o644); err != nil {
						return err
					}
				}
			}
			// The text on standard output ends with the same line: on a
			// terminal, or standard error sent after it, it is read once.
			if format == "json" || !sameFile(c.App.Writer, c.App.ErrWriter) {
				fmt.Fprintln(c.App.ErrWriter, "sudokusat: "+checkLine(puzzles, len(verdict.Shown(stats)), disagree, failures, timedOut, canceled, invalid, time.Since(start)))
			}
			if interrupted {
				return errInterrupted
			}
			if disagree > 0 || failures > 0 || timedOut > 0 || invalid > 0 {
				return errUnsolved
			}
			return nil
		},
	}
}

// checkFormats are check's output formats.
var checkFormats = plainFormats{{name: "text"},
	{name: "json", note: "one record per engine's run on a puzzle, then one summary per engine with its PAR-2 score"}}

// checked is check's result on one puzzle: each engine's verdict, and the
// case shrunk when it failed and shrinking is on.
type checked struct {
	vs     []verdict.Verdict
	shrunk *verdict.Shrunk
}

// checkLine is check's summary line; each figure counts puzzles. A
// timeout is neither a wrong answer nor a disagreement, and a puzzle an
// interrupt stopped (canceled) is counted only when there is one.
func checkLine(puzzles, engines, disagree, failures, timedOut, canceled, invalid int, elapsed time.Duration) string {
	return fmt.Sprintf("check: %d %s, %d %s, %d %s, %d with wrong answers or errors, %d timed out, %s%d invalid, in %v",
		puzzles, plural(puzzles, "puzzle", "puzzles"), engines, plural(engines, "engine", "engines"),
		disagree, plural(disagree, "disagreement", "disagreements"), failures, timedOut, canceledText(canceled),
		invalid, elapsed.Round(time.Millisecond))
}
