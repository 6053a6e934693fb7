package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/engine"
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
			&cli.IntFlag{Name: "limit", Aliases: []string{"k"}, Value: 2, Usage: "count solutions up to `K`"},
			timeoutFlag("give up on an engine's puzzle after `DURATION` (0: never)"),
			&cli.StringFlag{Name: "out-dir", Usage: "write the CNFs that reproduce each disagreement or failure, and the case shrunk, into `DIR`"},
			workersFlag(),
			quietFlag(),
			certifyFlag(),
			sumsFlag(),
			maxClausesFlag(),
			compressFlag(),
			&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "text", Usage: "output `FORMAT`: text, or json (one record per engine's run on a puzzle, then one summary per engine with its PAR-2 score)"},
			&cli.StringFlag{Name: "plot", Usage: "draw the cactus plot of the engines' run times into `FILE.svg`"},
			&cli.StringFlag{Name: "scatter", Usage: "draw the first two engines' times, puzzle by puzzle, into `FILE.svg`"},
			memLimitFlag(),
			shardFlag(),
			maxDecompressedFlag(),
		}, shrinkFlags()...),
		Action: func(c *cli.Context) error {
			limit := c.Int("limit")
			if limit < 1 {
				return usagef("--limit must be at least 1")
			}
			format := c.String("format")
			if format != "text" && format != "json" {
				return usagef("unknown format %q (want text or json)", format)
			}
			timeout, workers := c.Duration("timeout"), c.Int("workers")
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
				specs = defaultCheckEngines
			}
			engines, err := tableOf(c).OpenList(specs, splitList(c.String("encoding")), o)
			if err != nil {
				return usageError{err}
			}
			chosen := defaultCheck
			if c.IsSet("engines") {
				chosen = func(*engine.Engine, *sudokusat.Puzzle) bool { return true }
			}
			outDir := c.String("out-dir")
			z, err := compressOption(c, outDir)
			if err != nil {
				return err
			}
			sh, err := newShrinker(c, engines, limit, timeout)
			if err != nil {
				return err
			}
			stats := make([]engineTally, len(engines))
			var puzzles, invalid, disagree, failures, timedOut, canceled int
			start := time.Now()
			interrupted, err := runBatch(c, engine.Concurrency(workers, engines...),
				func(ctx context.Context, it *item) []verdict {
					vs := checkItem(ctx, engines, chosen, it, limit, timeout)
					sh.shrink(ctx, it, vs)
					return vs
				},
				func(w *sudokusat.Writer, it *item, vs []verdict) {
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
						if v.kind == "" {
							continue // not one of this puzzle's engines
						}
						stats[i].add(it.index, v)
						switch v.kind {
						case "wrong", "error":
							bad = true
						case "timeout":
							late = true
						case "canceled":
							stopped = true
						}
					}
					agree := agreement(vs)
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
					switch {
					case !agree || bad:
						reportCheck(report, engines, it, vs, agree, outDir, z.Suffix(), o.MaxClauses)
						sh.report(report, it, outDir, z.Suffix(), o.MaxClauses)
					case late:
						reportCheck(report, engines, it, vs, agree, "", "", 0)
					}
				},
				func(w *sudokusat.Writer) {
					if format == "json" {
						writeSummaries(w, engines, stats, timeout)
						return
					}
					printTally(w, engines, stats, c.Bool("certify"), timeout)
					fmt.Fprintln(w, checkLine(puzzles, len(shown(stats)), disagree, failures, timedOut, canceled, invalid, time.Since(start)))
				})
			if err != nil {
				return err
			}
			if plot := c.String("plot"); plot != "" {
				if err := cactus(plot, engines, stats); err != nil {
					return err
				}
			}
			if plot := c.String("scatter"); plot != "" {
				if rows := shown(stats); len(rows) < 2 {
					fmt.Fprintf(c.App.ErrWriter, "sudokusat: --scatter: one engine ran; no plot\n")
				} else if err := scatter(plot, engines[rows[0]], engines[rows[1]], stats[rows[0]], stats[rows[1]]); err != nil {
					return err
				}
			}
			fmt.Fprintln(c.App.ErrWriter, "sudokusat: "+checkLine(puzzles, len(shown(stats)), disagree, failures, timedOut, canceled, invalid, time.Since(start)))
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

// defaultCheckEngines are the engines check opens when --engines is not
// given; defaultCheck picks two of them for each puzzle, two that take it
// and share no code: the engine that is fast on it (engine.For: native for
// a classic puzzle, the search for one with rules or regions) and
// gophersat.
var defaultCheckEngines = []string{engine.NameNative, engine.NameSearch, engine.NameSAT}

func defaultCheck(e *engine.Engine, p *sudokusat.Puzzle) bool {
	return e.Info().Name == engine.NameSAT || e.Info().Name == engine.For(p)
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

// verdict is one engine's answer on one puzzle, classified.
type verdict struct {
	kind string // solved (exactly one), unsolvable, multiple, wrong, error, timeout, canceled
	engine.Answer
	// refuted marks a count that other answers' solutions refute (see
	// refute), and refuter is the engine with a solution it did not
	// count: a wrong answer that only the two engines together show.
	refuted bool
	refuter int
}

// answered reports whether v is an answer about the puzzle: a count,
// zero included, that nothing refuted.
func (v verdict) answered() bool {
	return v.kind == "solved" || v.kind == "unsolvable" || v.kind == "multiple"
}

func (v verdict) String() string {
	switch v.kind {
	case "solved":
		return "1 solution " + v.Solution().String()
	case "unsolvable":
		return "no solution"
	case "multiple":
		return fmt.Sprintf("%d or more solutions, first %s", v.Count, v.Solution())
	}
	return fmt.Sprintf("%s: %v", v.kind, v.Err)
}

// checkItem puts one puzzle through every engine chosen for it; the
// verdicts of the others have no kind.
func checkItem(ctx context.Context, engines []*engine.Engine, chosen func(*engine.Engine, *sudokusat.Puzzle) bool,
	it *item, limit int, timeout time.Duration) []verdict {
	if it.err != nil {
		return nil
	}
	vs := make([]verdict, len(engines))
	for i, e := range engines {
		if !chosen(e, it.puzzle) {
			continue
		}
		vs[i] = classify(engine.Count(ctx, e, it.puzzle, limit, timeout), limit)
	}
	refute(engines, vs)
	return vs
}

// classify gives an answer its verdict's kind.
func classify(a engine.Answer, limit int) verdict {
	v := verdict{Answer: a}
	switch a.Status {
	case engine.Wrong:
		v.kind = "wrong"
	case engine.Unsolvable:
		v.kind = "unsolvable"
	case engine.Solved:
		v.kind = "multiple"
		if a.Count == 1 || limit == 1 { // at least one: all a limit of 1 can tell
			v.kind = "solved"
		}
	case engine.Timeout:
		v.kind = "timeout"
	case engine.Canceled:
		v.kind = "canceled"
	default:
		v.kind = "error"
	}
	return v
}

// refute marks wrong each count that the solutions of all the answers
// refute. Every solution passed the validator in engine.Count, so
// distinct solutions are evidence no engine can argue with: a count below
// the limit says "exactly that many" (0 is an UNSAT claim; 1 with a limit
// of 2 says unique), and more distinct solutions than that prove it
// wrong. A count at the limit says "at least", which no solution refutes,
// and counts that no solutions tell apart (1 against ≥2 when only one
// grid was shown) stay a disagreement for agreement.
func refute(engines []*engine.Engine, vs []verdict) {
	// The distinct solutions, each with the first engine that gave it.
	var grids []*sudokusat.Grid
	var from []int
	for i, v := range vs {
		if !v.answered() {
			continue
		}
	next:
		for _, g := range v.Solutions {
			for _, h := range grids {
				if g.Equal(h) {
					continue next
				}
			}
			grids, from = append(grids, g), append(from, i)
		}
	}
	for i := range vs {
		v := &vs[i]
		if !v.answered() || v.Count >= v.Limit || len(grids) <= v.Count {
			continue
		}
		// A solution it did not count, and the engine that found it.
		k := slices.IndexFunc(grids, func(g *sudokusat.Grid) bool {
			return !slices.ContainsFunc(v.Solutions, g.Equal)
		})
		claim := engines[i].Name() + " claimed no solution"
		if v.Count > 0 {
			claim = fmt.Sprintf("%s claimed exactly %d %s", engines[i].Name(), v.Count, plural(v.Count, "solution", "solutions"))
		}
		if v.Certified {
			claim += ", with a proof that checked" // then the encoding is at fault
		}
		evidence := fmt.Sprintf("%s found %s", engines[from[k]].Name(), grids[k])
		if v.Count > 0 {
			evidence = fmt.Sprintf("the engines found %d distinct ones, %s among them", len(grids), evidence)
		}
		v.kind, v.refuted, v.refuter = "wrong", true, from[k]
		v.Status, v.Err = engine.Wrong, fmt.Errorf("%w: %s, but %s, which the validator accepts", engine.ErrWrong, claim, evidence)
	}
}

// agreement reports whether the engines that answered agree (each answer
// has already passed the validator in engine.Count, and none is refuted
// by another's solutions): the same count, and the same grid when the
// puzzle has exactly one solution. Engines that failed or timed out are
// reported on their own, not as disagreements.
func agreement(vs []verdict) bool {
	var ref *verdict
	for i := range vs {
		v := &vs[i]
		if !v.answered() {
			continue
		}
		if ref == nil {
			ref = v
			continue
		}
		if v.Count != ref.Count {
			return false
		}
		if v.Unique() && !v.Solution().Equal(ref.Solution()) {
			return false
		}
	}
	return true
}

// reportCheck prints a puzzle whose engines disagreed, failed or timed
// out, and writes the CNF of each SAT encoding involved, so that the case
// can be rerun. A puzzle that only timed out is reported without an
// output directory: it holds nothing to reproduce.
func reportCheck(w io.Writer, engines []*engine.Engine, it *item, vs []verdict, agree bool, outDir, suffix string, maxClauses int) {
	what := "TIMEOUT"
	for _, v := range vs {
		if v.kind == "wrong" || v.kind == "error" {
			what = "FAILED"
		}
	}
	if !agree {
		what = "DISAGREE"
	}
	fmt.Fprintf(w, "%s #%d (%s): %s\n", what, it.index, it.where(), it.puzzle.Grid)
	written := map[string]bool{}
	for i, e := range engines {
		if vs[i].kind == "" {
			continue
		}
		fmt.Fprintf(w, "  %-16s %v\n", e.Name()+":", vs[i])
		if outDir == "" || e.Encoding() == "" {
			continue
		}
		f, err := encode.Puzzle(it.puzzle, encode.Options{Encoding: e.Encoding(), MaxClauses: maxClauses})
		if err != nil {
			continue
		}
		path := filepath.Join(outDir, fmt.Sprintf("check-%06d-%s.cnf%s", it.index, f.Encoding, suffix))
		if written[path] {
			continue
		}
		written[path] = true
		if err := writeCNF(path, f); err != nil {
			fmt.Fprintf(w, "  (could not write %s: %v)\n", path, err)
			continue
		}
		fmt.Fprintf(w, "  reproduce: %s\n", path)
	}
	if outDir == "" && what != "TIMEOUT" {
		fmt.Fprintf(w, "  (--out-dir DIR writes the CNF that reproduces this, shrunk)\n")
	}
}

func writeCNF(path string, f *encode.Formula) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	file, err := os.Create(path)
	if err != nil {
		return err
	}
	err = writeFile(file, path, func(w io.Writer) error { return encode.WriteDIMACS(w, f) })
	if cerr := file.Close(); err == nil {
		err = cerr
	}
	return err
}

// engineTally sums one engine's verdicts for the summary table.
type engineTally struct {
	puzzles, solved, unsolvable, multiple, wrong, errors int
	timeouts, canceled                                   int
	certified                                            int // UNSAT answers proved
	total                                                time.Duration
	times                                                []time.Duration       // of the runs that answered
	answered                                             map[int]time.Duration // the same, by puzzle index
}

func (t *engineTally) add(index int, v verdict) {
	t.puzzles++
	t.total += v.Elapsed
	if v.answered() {
		t.times = append(t.times, v.Elapsed)
		if t.answered == nil {
			t.answered = map[int]time.Duration{}
		}
		t.answered[index] = v.Elapsed
	}
	if v.Certified {
		t.certified++
	}
	switch v.kind {
	case "solved":
		t.solved++
	case "unsolvable":
		t.unsolvable++
	case "multiple":
		t.multiple++
	case "wrong":
		t.wrong++
	case "timeout":
		t.timeouts++
	case "canceled":
		t.canceled++
	default:
		t.errors++
	}
}

// printTally prints the summary table, a row for each engine shown; with --certify, a column counts
// each engine's certified UNSAT answers (no solution, or no second one),
// and says "uncertified" for an engine that gives no proof.
func printTally(w io.Writer, engines []*engine.Engine, stats []engineTally, certify bool, timeout time.Duration) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	head := "engine\tpuzzles\tsolved\tunsolvable\tmultiple\twrong\terrors\ttimeouts\ttotal\tmean µs\t"
	if timeout > 0 {
		head += "PAR-2 s\t"
	}
	if certify {
		head += "certified\t"
	}
	fmt.Fprintln(tw, head)
	rows := shown(stats)
	for _, i := range rows {
		e, t := engines[i], stats[i]
		mean := 0.0
		if t.puzzles > 0 {
			mean = float64(t.total.Microseconds()) / float64(t.puzzles)
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%v\t%.1f\t", e.Name(), t.puzzles, t.solved, t.unsolvable,
			t.multiple, t.wrong, t.errors, t.timeouts, t.total.Round(time.Millisecond), mean)
		if p, ok := t.par2(timeout); ok {
			fmt.Fprintf(tw, "%.4g\t", p)
		}
		switch {
		case !certify:
		case e.Certifies():
			fmt.Fprintf(tw, "%d\t", t.certified)
		default:
			fmt.Fprint(tw, "uncertified\t")
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
}

// shown lists the engines of the summary: those that ran on some puzzle
// (check's default engines run on the puzzles they fit), or all of them
// when none did.
func shown(stats []engineTally) []int {
	var ran, all []int
	for i, t := range stats {
		all = append(all, i)
		if t.puzzles > 0 {
			ran = append(ran, i)
		}
	}
	if len(ran) == 0 {
		return all
	}
	return ran
}
