package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/native"
	"github.com/sudokusat/sudokusat/satsolve"
)

// engine solves puzzles: natively, or through a SAT solver and an encoding.
type engine struct {
	name    string
	sat     satsolve.Solver // nil for the native engine
	enc     encode.Encoding
	encName string
}

// newEngine returns the engine named by spec. The embedded gophersat runs
// in worker processes of this same binary: that makes a deadline kill the
// search, and lets searches run in parallel, which gophersat's shared
// buffer forbids within one process. Close the engine when done.
func newEngine(spec, encoding string) (*engine, error) {
	enc, err := encode.Lookup(encoding)
	if err != nil {
		return nil, usageError{err}
	}
	if spec == "native" {
		return &engine{name: "native"}, nil
	}
	s, err := satsolve.Engine(spec)
	if err != nil {
		return nil, usageError{err}
	}
	if _, ok := s.(satsolve.Gophersat); ok {
		exe, err := os.Executable()
		if err != nil {
			return nil, err
		}
		s = satsolve.NewIsolated(exe, workerCommand)
	}
	return &engine{name: s.Name(), sat: s, enc: enc, encName: encoding}, nil
}

// queueDepth is how many puzzles solve and count keep queued on each
// gophersat worker process when no per-puzzle timeout is set.
const queueDepth = 8

// concurrency returns how many puzzles a batch on e should have under way
// with the given number of workers. For gophersat without a per-puzzle
// timeout it caps the worker processes at workers and lets queueDepth
// puzzles queue on each, so that a process never waits for the parent
// between puzzles; with a timeout each puzzle needs a process to itself,
// since the deadline kills it.
func (e *engine) concurrency(workers int, timeout time.Duration) int {
	workers = max(workers, 1)
	p, ok := e.sat.(*satsolve.Isolated)
	if !ok || timeout > 0 {
		return workers
	}
	p.Procs, p.Depth = workers, queueDepth
	return workers * queueDepth
}

// close ends the engine's worker processes, if it has any.
func (e *engine) close() {
	if c, ok := e.sat.(io.Closer); ok {
		c.Close()
	}
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

// answer is one engine's answer on one puzzle.
type answer struct {
	count    int             // solutions found, capped at the limit
	solution *sudokusat.Grid // the first one, validated
	stats    searchStats
	elapsed  time.Duration
}

// searchStats are an engine's own search figures, where it reports them.
type searchStats struct {
	decisions, conflicts, guesses int
}

// errWrong marks an engine's answer that the validator rejected.
var errWrong = errors.New("wrong answer")

// count looks for up to limit solutions of g. Whatever the engine, its
// first solution is checked here by the validator, which shares nothing
// with any solver; a rejected one is an error wrapping errWrong.
func (e *engine) count(ctx context.Context, g *sudokusat.Grid, limit int) (answer, error) {
	start := time.Now()
	var a answer
	if e.sat == nil {
		r, err := native.Count(ctx, g, limit)
		if err != nil {
			return answer{}, err
		}
		a = answer{count: r.Count, solution: r.Solution, stats: searchStats{guesses: r.Guesses}}
	} else {
		var r satsolve.Result
		var err error
		if p, ok := e.sat.(*satsolve.Isolated); ok {
			// The worker encodes: the parent keeps only the validation.
			r, err = p.CountGrid(ctx, g, e.encName, limit)
		} else {
			var f *encode.Formula
			if f, err = e.enc(g); err != nil {
				return answer{}, err
			}
			r, err = e.sat.Count(ctx, f, limit)
		}
		if errors.Is(err, satsolve.ErrWrongModel) {
			return answer{}, fmt.Errorf("%w: %w", errWrong, err)
		}
		if err != nil {
			return answer{}, err
		}
		a = answer{count: r.Count, solution: r.Solution, stats: searchStats{decisions: r.Decisions, conflicts: r.Conflicts}}
		// A worker's own figure leaves out the wait in its queue, which
		// would otherwise count the puzzles ahead too.
		a.elapsed = r.Elapsed
	}
	if a.elapsed == 0 {
		a.elapsed = time.Since(start)
	}
	if (a.count > 0) != (a.solution != nil) {
		return answer{}, fmt.Errorf("%w: %s counted %d but gave %v", errWrong, e.name, a.count, a.solution)
	}
	if a.solution != nil {
		if err := sudokusat.CheckSolution(g, a.solution); err != nil {
			return answer{}, fmt.Errorf("%w: %s: %w", errWrong, e.name, err)
		}
	}
	return a, nil
}

// Statuses of a solved puzzle, as "solve" reports them.
const (
	statusSolved     = "solved"
	statusUnsolvable = "unsolvable"
	statusInvalid    = "invalid"
	statusTimeout    = "timeout"
	statusError      = "error"
)

// outcome is what became of one input puzzle in solve or count.
type outcome struct {
	*item
	status string // statusSolved, statusUnsolvable, statusInvalid, …
	answer
	err error // why it was not solved
}

// message is the error line for an unsolved puzzle: it names the place.
func (o *outcome) message() string {
	return fmt.Sprintf("%s: %v", o.where(), o.err)
}

// runItem counts one input puzzle's solutions up to limit under an
// optional per-puzzle deadline, and classifies what happened.
func runItem(ctx context.Context, e *engine, it *item, limit int, timeout time.Duration) *outcome {
	o := &outcome{item: it}
	if it.err != nil {
		o.status, o.err = statusInvalid, it.err
		return o
	}
	g := it.puzzle.Grid
	if err := g.Validate(); err != nil {
		o.status, o.err = statusInvalid, err
		return o
	}
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	a, err := e.count(ctx, g, limit)
	o.answer = a
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		o.status, o.err = statusTimeout, fmt.Errorf("no answer within %v", timeout)
	case err != nil:
		o.status, o.err = statusError, err
	case a.count == 0:
		o.status, o.err = statusUnsolvable, errors.New("no solution")
	default:
		o.status = statusSolved
	}
	return o
}

// emitter writes batch records to standard output, keeping the progress
// line up to date and flushing often enough for a pipeline to see them.
type emitter struct {
	w    *bufio.Writer
	prog *progress
}

func newEmitter(c *cli.Context) *emitter {
	return &emitter{w: bufio.NewWriter(c.App.Writer), prog: newProgress(c.App.ErrWriter)}
}

// written notes one record written.
func (em *emitter) written() error {
	em.prog.add()
	if em.prog.on || em.w.Buffered() > 32<<10 {
		return em.w.Flush()
	}
	return nil
}

func (em *emitter) close() {
	em.prog.finish()
	em.w.Flush()
}

func solveCommand() *cli.Command {
	return &cli.Command{
		Name:      "solve",
		Usage:     "solve puzzles, one answer per puzzle, in input order",
		ArgsUsage: "[FILE|-]...",
		Description: "Each puzzle gives exactly one record: its solution, or STATUS: message naming the line.\n" +
			"Engines: sat (embedded gophersat), native, " + strings.Join(satsolve.KnownExternal(), ", ") + ",\n" +
			"or any DIMACS solver command line (\"{cnf}\" stands for the CNF file, \"{out}\" for a result file).",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "engine", Aliases: []string{"e"}, Value: "sat", Usage: "solver `ENGINE`"},
			&cli.StringFlag{Name: "encoding", Value: encode.Default, Usage: "CNF `ENCODING`: " + strings.Join(encode.Names(), ", ")},
			&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "line", Usage: "output `FORMAT`: line, grid or json"},
			&cli.DurationFlag{Name: "timeout", Usage: "give up on a puzzle after `DURATION` (0: never)"},
			workersFlag(),
		},
		Action: func(c *cli.Context) error {
			e, err := newEngine(c.String("engine"), c.String("encoding"))
			if err != nil {
				return err
			}
			write, err := writerFor(c.String("format"))
			if err != nil {
				return err
			}
			defer e.close()
			timeout := c.Duration("timeout")
			em := newEmitter(c)
			defer em.close()
			var tally [5]int
			start := time.Now()
			err = batch(c.Context, c.Args().Slice(), c.App.Reader, e.concurrency(c.Int("workers"), timeout),
				func(ctx context.Context, it *item) *outcome { return runItem(ctx, e, it, 1, timeout) },
				func(_ *item, o *outcome) error {
					tally[statusIndex(o.status)]++
					write(em.w, e, o)
					return em.written()
				})
			em.close()
			if err != nil {
				return err
			}
			total := tally[0] + tally[1] + tally[2] + tally[3] + tally[4]
			fmt.Fprintf(c.App.ErrWriter, "sudokusat: %d %s: %d solved, %d unsolvable, %d invalid, %d timed out, %d errors in %v (engine %s)\n",
				total, plural(total, "puzzle", "puzzles"), tally[0], tally[1], tally[2], tally[3], tally[4],
				time.Since(start).Round(time.Millisecond), e.name)
			if tally[0] < total {
				return errUnsolved
			}
			return nil
		},
	}
}

func statusIndex(s string) int {
	switch s {
	case statusSolved:
		return 0
	case statusUnsolvable:
		return 1
	case statusInvalid:
		return 2
	case statusTimeout:
		return 3
	}
	return 4
}

// notation writes a solution in its puzzle's notation on as few lines as
// that notation allows: symbols on one line, or rows of numbers.
func notation(p *sudokusat.Puzzle, g *sudokusat.Grid) string {
	if p.Layout == sudokusat.LayoutNumbers {
		return strings.TrimSuffix(g.Rows(), "\n")
	}
	return g.String()
}

func workersFlag() cli.Flag {
	return &cli.IntFlag{Name: "workers", Aliases: []string{"j"}, Value: runtime.NumCPU(),
		Usage: "solve `N` puzzles at a time (output stays in input order)"}
}

type writeFunc func(w io.Writer, e *engine, o *outcome)

func writerFor(format string) (writeFunc, error) {
	switch format {
	case "line":
		return writeLine, nil
	case "grid":
		return writeGrid, nil
	case "json":
		return writeJSON, nil
	}
	return nil, usagef("unknown format %q (want line, grid or json)", format)
}

// writeLine writes the solution on one line, or "STATUS: message".
func writeLine(w io.Writer, _ *engine, o *outcome) {
	if o.status == statusSolved {
		fmt.Fprintln(w, o.solution)
		return
	}
	fmt.Fprintf(w, "%s: %s\n", o.status, o.message())
}

// writeGrid writes the solution in the puzzle's own layout, drawn as a grid,
// and a blank line after each record.
func writeGrid(w io.Writer, _ *engine, o *outcome) {
	if o.status == statusSolved {
		p := o.puzzle
		if p.Layout == sudokusat.LayoutLine {
			p = &sudokusat.Puzzle{Layout: sudokusat.LayoutRows}
		}
		fmt.Fprintf(w, "%s\n", strings.TrimRight(p.Format(o.solution), "\n"))
	} else {
		fmt.Fprintf(w, "%s: %s\n", o.status, o.message())
	}
	fmt.Fprintln(w)
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
}

func writeJSON(w io.Writer, e *engine, o *outcome) {
	r := jsonRecord{Index: o.index, File: o.file, Line: o.line, Status: o.status, Engine: e.name,
		Micros: float64(o.elapsed.Nanoseconds()) / 1e3}
	if o.status == statusSolved {
		r.Solution = notation(o.puzzle, o.solution)
	} else {
		r.Error = o.message()
	}
	b, _ := json.Marshal(r) // a struct of strings and numbers always marshals
	w.Write(append(b, '\n'))
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
