package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/engine"
	"github.com/sudokusat/sudokusat/satsolve"
	"github.com/sudokusat/sudokusat/variant"
)

// newWorkers returns the pool of gophersat worker processes a command's
// SAT engines share: processes of this same binary, running the hidden
// worker command. workers is the number of puzzles run at once; deadlines
// says whether searches have a per-puzzle timeout.
func newWorkers(workers int, deadlines bool) (*engine.Workers, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	return engine.NewWorkers([]string{exe, workerCommand}, workers, deadlines), nil
}

// engineOptions are the engine options the command's flags set: --encoding,
// --sums and --certify, with w's worker processes.
func engineOptions(c *cli.Context, w *engine.Workers) (engine.Options, error) {
	sums, err := encode.ParseSumForm(c.String("sums"))
	if err != nil {
		return engine.Options{}, usagef("--sums: %w", err)
	}
	return engine.Options{Encoding: c.String("encoding"), Sums: sums, MaxClauses: c.Int("max-clauses"), Workers: w, Certify: c.Bool("certify"),
		MemoryLimit: int64(c.Int("mem-limit")) << 20, CPULimit: c.Duration("cpu-limit")}, nil
}

func maxClausesFlag() cli.Flag {
	return &cli.IntFlag{Name: "max-clauses", Value: encode.DefaultMaxClauses,
		Usage: "refuse a puzzle whose CNF would have more than `N` clauses (counted before it is built)",
		Action: func(_ *cli.Context, n int) error {
			if n < 1 {
				return usagef("--max-clauses %d: want at least 1", n)
			}
			return nil
		}}
}

// openEngine opens the engine that --engine, --encoding, --sums and
// --certify name; any problem with them is a usage error, found before
// any puzzle is read.
func openEngine(c *cli.Context, w *engine.Workers) (*engine.Engine, error) {
	return openEngineNamed(c, w, c.String("engine"))
}

// openEngineNamed is openEngine with the engine name given.
func openEngineNamed(c *cli.Context, w *engine.Workers, name string) (*engine.Engine, error) {
	o, err := engineOptions(c, w)
	if err != nil {
		return nil, err
	}
	e, err := tableOf(c).Open(name, o)
	if err != nil {
		return nil, usageError{engineTypo(tableOf(c), []string{name}, err)}
	}
	if o.Certify && !e.Certifies() {
		return nil, usagef("--certify: engine %s gives no proof; engines that do: %s", e.Name(), tableOf(c).ProofEngines())
	}
	return e, nil
}

func sumsFlag() cli.Flag {
	return &cli.StringFlag{Name: "sums", Value: encode.DefaultSums.String(),
		Usage: "puzzles with rules: killer and arrow sums as `FORM`: clauses (CNF) or pb (pseudo-Boolean, gophersat and OPB)"}
}

func certifyFlag() cli.Flag {
	return &cli.BoolFlag{Name: "certify", Usage: "accept a SAT engine's UNSAT answers only with a checked DRAT proof (with the reduced encoding, checked from the puzzle's extended encoding: grids up to 25×25)"}
}

// workerCommand is the hidden command a gophersat worker process runs.
const workerCommand = "gophersat-worker"

func workerCommandDef() *cli.Command {
	return &cli.Command{
		Name:   workerCommand,
		Usage:  "serve gophersat searches on standard input and output (used by sudokusat itself)",
		Hidden: true,
		Action: func(c *cli.Context) error {
			return satsolve.ServeWorker(c.App.Reader, c.App.Writer)
		},
	}
}

// outcome is what became of one input puzzle in solve or count.
type outcome struct {
	*item
	engine.Answer
}

// message is the error line for an unsolved puzzle: it names the place.
func (o *outcome) message() string {
	return fmt.Sprintf("%s: %v", o.where(), o.Err)
}

// runItem counts one input puzzle's solutions up to limit under an
// optional per-puzzle deadline.
func runItem(ctx context.Context, e *engine.Engine, it *item, limit int, timeout time.Duration) *outcome {
	if it.err != nil {
		return &outcome{item: it, Answer: engine.Answer{Status: engine.Invalid, Limit: limit, Err: it.err}}
	}
	return &outcome{item: it, Answer: engine.Count(ctx, e, it.puzzle, limit, timeout)}
}

// countAll runs the engine that --engine and --encoding name on every
// input puzzle, counting solutions up to limit under --timeout with
// --workers, and writes each outcome's record with record, in input order.
// It returns the engine, for the summary, and whether an interrupt ended
// the batch (its records are written then too).
func countAll(c *cli.Context, limit int, record func(*sudokusat.Writer, *engine.Engine, *outcome)) (e *engine.Engine, interrupted bool, err error) {
	timeout, workers := c.Duration("timeout"), c.Int("workers")
	pool, err := newWorkers(workers, timeout > 0)
	if err != nil {
		return nil, false, err
	}
	defer pool.Close()
	if e, err = openEngine(c, pool); err != nil {
		return nil, false, err
	}
	interrupted, err = runBatch(c, engine.Concurrency(workers, e),
		func(ctx context.Context, it *item) *outcome { return runItem(ctx, e, it, limit, timeout) },
		func(w *sudokusat.Writer, _ *item, o *outcome) { record(w, e, o) }, nil)
	return e, interrupted, err
}

// isInterrupt reports whether err is the end of a batch that an interrupt
// (Ctrl-C) cancelled: the records so far were written, and the summary
// follows.
func isInterrupt(c *cli.Context, err error) bool {
	return errors.Is(err, context.Canceled) && c.Context.Err() != nil
}

// writeErr names a failed write to standard output, unless the error
// names its file already.
func writeErr(err error) error {
	var pe *fs.PathError
	if err == nil || errors.As(err, &pe) {
		return err
	}
	return fmt.Errorf("write standard output: %w", err)
}

func solveCommand(t engine.Table) *cli.Command {
	return &cli.Command{
		Name:      "solve",
		Usage:     "solve puzzles, one answer per puzzle, in input order",
		ArgsUsage: "[FILE|-]...",
		Description: "Each puzzle gives exactly one record: its solution, or STATUS: message naming the line.\n" +
			"Engines: " + strings.Join(t.Names(), ", ") + ",\n" +
			"or any DIMACS solver command line (\"{cnf}\" stands for the CNF file, \"{out}\" for a result file).\n" +
			"Puzzles with rules or regions (f-puzzles) run on " + t.RulesEngines() + "." + "\n\n" +
			examples(
				"sudokusat solve puzzles.txt", "one solution per line, with the embedded gophersat",
				"sudokusat solve --engine native --format grid puzzles.txt", "the native solver, each solution drawn",
				"sudokusat solve --engine cadical --timeout 10s big.txt", "CaDiCaL on each puzzle's CNF, 10 s at most each",
				"sudokusat solve --engine 'glucose -model {cnf}' puzzles.txt", "any DIMACS solver by its command line",
				"sudokusat solve thermo.json", "a variant puzzle: an f-puzzles JSON object, or f-puzzles or SudokuPad links one a line",
				"sudokusat solve --format fpuzzles thermo.json", "the puzzle as an f-puzzles link stating the solution found, to share",
				"sudokusat solve -f json --shard 2/8 --resume out2.jsonl big.txt >> out2.jsonl",
				"every 8th puzzle from the 2nd (one machine's share), run again after a kill: only those out2.jsonl lacks",
				"echo 8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.. | sudokusat solve", "from standard input"),
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "engine", Aliases: []string{"e"}, Value: "sat", Usage: "solver `ENGINE`"},
			&cli.StringFlag{Name: "encoding", Value: encode.Default, Usage: "CNF `ENCODING`: " + strings.Join(encode.Names(), ", ")},
			solveFormats.flag(),
			timeoutFlag("give up on a puzzle after `DURATION` (0: never)"),
			memLimitFlag(),
			cpuLimitFlag(),
			workersFlag(),
			quietFlag(),
			certifyFlag(),
			sumsFlag(),
			maxClausesFlag(),
			shardFlag(),
			maxDecompressedFlag(),
			resumeFlag(),
		},
		Action: func(c *cli.Context) error {
			format, err := solveFormats.of(c)
			if err != nil {
				return err
			}
			write := format.write
			tally := map[engine.Status]int{}
			start := time.Now()
			e, interrupted, err := countAll(c, 1, func(w *sudokusat.Writer, e *engine.Engine, o *outcome) {
				write(w, e, o) // may fail the outcome: see writeLink
				tally[o.Status]++
				// The solution formats have no room for a note: a
				// disagreement with the puzzle's own solution goes to
				// standard error (and is a field in JSON).
				if st := engine.CompareStated(o.puzzle, o.Answer); st.Verdict != "" && st.Verdict != "agrees" {
					fmt.Fprintf(c.App.ErrWriter, "sudokusat: %s: %s\n", o.where(), st)
				}
			})
			if err != nil {
				return err
			}
			total := 0
			for _, n := range tally {
				total += n
			}
			solved, timedOut, canceled := tally[engine.Solved], tally[engine.Timeout], tally[engine.Canceled]
			errs := total - solved - tally[engine.Unsolvable] - tally[engine.Invalid] - timedOut - canceled
			fmt.Fprintf(c.App.ErrWriter, "sudokusat: %d %s: %d solved, %d unsolvable, %d invalid, %d timed out, %s%d %s in %v (engine %s)\n",
				total, plural(total, "puzzle", "puzzles"), solved, tally[engine.Unsolvable], tally[engine.Invalid], timedOut,
				canceledText(canceled), errs, plural(errs, "error", "errors"), time.Since(start).Round(time.Millisecond), e.Name())
			if interrupted {
				return errInterrupted
			}
			if solved < total {
				return errUnsolved
			}
			return nil
		},
	}
}

// notation writes a solution in its puzzle's notation on as few lines as
// that notation allows: symbols on one line, or rows of numbers.
func notation(p *sudokusat.Puzzle, g *sudokusat.Grid) string {
	if p.Layout == sudokusat.LayoutNumbers {
		return strings.TrimSuffix(g.Rows(), "\n")
	}
	return g.String()
}

// workersPerCPU bounds --workers: each worker may hold a gophersat or
// external solver process, 8 searches queued on it and 32 puzzles read
// ahead per puzzle under way, so the bound caps the processes, goroutines
// and memory a typo can ask for. --workers 1000000 took 15 GB and 64 s
// for 20 puzzles (8 million goroutines), or died with "fatal error: out of
// memory"; more workers than 64 per CPU gain nothing, every search being
// CPU-bound.
const workersPerCPU = 64

// maxWorkers is the largest --workers.
func maxWorkers() int { return workersPerCPU * runtime.NumCPU() }

func workersFlag() cli.Flag {
	return &cli.IntFlag{Name: "workers", Aliases: []string{"j"}, Value: runtime.NumCPU(),
		Usage: fmt.Sprintf("solve `N` puzzles at a time, at most %d per CPU (output stays in input order)", workersPerCPU),
		Action: func(_ *cli.Context, n int) error {
			if n < 1 {
				return usagef("--workers %d: want at least 1", n)
			}
			if n > maxWorkers() {
				return usagef("--workers %d: want at most %d (%d per CPU)", n, maxWorkers(), workersPerCPU)
			}
			return nil
		}}
}

func timeoutFlag(usage string) cli.Flag {
	return &cli.DurationFlag{Name: "timeout", Usage: usage,
		Action: func(_ *cli.Context, d time.Duration) error {
			if d < 0 {
				return usagef("--timeout %v: want 0 (no limit) or more", d)
			}
			return nil
		}}
}

type writeFunc func(w *sudokusat.Writer, e *engine.Engine, o *outcome)

// solveFormats are solve's output formats, each with its writer.
var solveFormats = formats[writeFunc]{
	{name: "line", write: writeLine},
	{name: "grid", write: writeGrid},
	{name: "json", write: writeJSON},
	{name: "fpuzzles", write: writeLink(variant.FPuzzlesLink)},
	{name: "sudokupad", write: writeLink(variant.SudokuPadLink)},
}

// writeLink writes the puzzle as a link with the solution found as its
// stated solution: the link opens the puzzle to solve, and SudokuPad
// checks the solver's grid against it.
func writeLink(link func(*sudokusat.Puzzle) (string, error)) writeFunc {
	return func(w *sudokusat.Writer, _ *engine.Engine, o *outcome) {
		if o.Status != engine.Solved {
			fmt.Fprintf(w, "%s: %s\n", o.Status, o.message())
			return
		}
		p := *o.puzzle
		p.Published = o.Solution()
		s, err := link(&p)
		if err != nil {
			// A solution the format cannot hold (a kind f-puzzles lacks)
			// is no answer in it: the record and the tally say error.
			o.Status, o.Err = engine.Failed, err
			fmt.Fprintf(w, "%s: %s\n", o.Status, o.message())
			return
		}
		w.WriteString(s + "\n")
	}
}

// writeLine writes the solution in its puzzle's notation, on as few lines
// as it allows, or "STATUS: message". A puzzle written as rows of numbers
// gets rows of numbers back, as from decode and in JSON: one line of symbols
// would be unreadable above 35×35 and in another notation than its input.
func writeLine(w *sudokusat.Writer, _ *engine.Engine, o *outcome) {
	if o.Status == engine.Solved {
		w.WriteString(notation(o.puzzle, o.Solution()) + "\n")
		return
	}
	fmt.Fprintf(w, "%s: %s\n", o.Status, o.message())
}

// writeGrid writes the solution in the puzzle's own layout, drawn as a grid,
// and a blank line after each record.
func writeGrid(w *sudokusat.Writer, _ *engine.Engine, o *outcome) {
	if o.Status != engine.Solved {
		fmt.Fprintf(w, "%s: %s\n\n", o.Status, o.message())
		return
	}
	writeDrawn(w, o.puzzle, o.Solution())
}

// writeDrawn writes g drawn in p's layout and a blank line: rows of
// numbers for a puzzle written in numbers, else its rows, columns and
// regions drawn (Puzzle.Pretty), whether it was written on one line,
// drawn, or given as an f-puzzles document or link, whose layout is its
// grid's.
func writeDrawn(w *sudokusat.Writer, p *sudokusat.Puzzle, g *sudokusat.Grid) {
	if p.Layout == sudokusat.LayoutNumbers {
		w.WriteGrid(g, sudokusat.LayoutNumbers)
		return
	}
	w.WriteString(strings.TrimRight(p.Pretty(g), "\n") + "\n\n")
}

// jsonRecord is one line of --format json.
type jsonRecord struct {
	Index    int     `json:"index"`
	File     string  `json:"file"`
	Line     int     `json:"line"`
	Status   string  `json:"status"`
	Solution string  `json:"solution,omitempty"`
	Error    string  `json:"error,omitempty"`
	Engine   string  `json:"engine"`
	Micros   float64 `json:"us"`
	// By names the engine of auto that answered.
	By string `json:"by,omitempty"`
	// Certified marks an UNSAT answer proved with --certify.
	Certified bool `json:"certified,omitempty"`
	statedJSON
	notReadJSON
}

func writeJSON(w *sudokusat.Writer, e *engine.Engine, o *outcome) {
	r := jsonRecord{Index: o.index, File: o.file, Line: o.line, Status: o.Status.String(), Engine: e.Name(), By: o.By,
		Micros: float64(o.Elapsed.Nanoseconds()) / 1e3, Certified: o.Certified, statedJSON: newStatedJSON(o),
		notReadJSON: o.notRead()}
	if o.Status == engine.Solved {
		r.Solution = notation(o.puzzle, o.Solution())
	} else {
		r.Error = o.message()
	}
	b, _ := json.Marshal(r) // a struct of strings and numbers always marshals
	w.Write(append(b, '\n'))
}

// canceledText is the summaries' count of the puzzles an interrupt
// stopped under way, "N canceled, ": neither answered nor failed, so
// never counted among the errors. It is empty when there are none, as
// there are none without an interrupt.
func canceledText(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("%d canceled, ", n)
}

// plural is one for 1 and many for any other count, 0 included ("0
// errors"), for the summaries, which a person reads.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
