package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/engine"
	"github.com/sudokusat/sudokusat/explain"
)

// explained is what became of one input puzzle in explain.
type explained struct {
	*item
	answer engine.Answer // the count to 2 that found the solution
	path   *explain.Path
	next   bool // the path is --next's one step (none when solved)
	status string
	err    error
}

// explainItem counts the puzzle's solutions to 2 with e, then explains it
// from the solution found, under one deadline for both.
func explainItem(ctx context.Context, e *engine.Engine, it *item, timeout time.Duration, opt explain.Options, next bool) *explained {
	o := &explained{item: it, next: next}
	o.status, o.err = countThen(ctx, e, it, timeout, "explanation", func(ctx context.Context, a engine.Answer) error {
		o.answer = a
		// A step that rests on uniqueness needs it proved.
		opt.Solution, opt.Unique = a.Solution(), a.Unique()
		explainer := explain.Explain
		if next {
			explainer = explain.NextPath
		}
		path, err := explainer(ctx, it.puzzle, opt)
		if err != nil {
			return err
		}
		o.path = path
		return nil
	})
	if o.err == nil {
		o.status = string(o.path.Status)
	}
	return o
}

// explainFormats are explain's output formats.
var explainFormats = plainFormats{{name: "steps"}, {name: "line"}, {name: "json"}}

func explainCommand() *cli.Command {
	return &cli.Command{
		Name:      "explain",
		Usage:     "explain how to solve puzzles step by step, each step proved; one record per puzzle, in input order",
		ArgsUsage: "[FILE|-]...",
		Description: "Finds each puzzle's solution with --engine (counting to 2), then a logical path from the givens to it:\n" +
			"the cheapest step first (singles, locked candidates, subsets, fish, wings, uniqueness patterns,\n" +
			"chains; for puzzles with rules, what one rule forces and the smallest set of constraints that\n" +
			"forces a conclusion; then a contradiction followed from one candidate), a guess last, said so.\n" +
			"Every step is proved by SAT from the constraints and facts it names (docs/explain.md).\n" +
			"The status is explained (no guess), guessed, or stuck (with --max-rating or --no-guess).\n" +
			"Classic 9×9 steps are rated on Sudoku Explainer's scale; variant steps on the same ladder.\n\n" +
			examples(
				"sudokusat explain puzzle.txt", "each step on a line of its own, numbered",
				"sudokusat explain --format line puzzles.txt", "one line per puzzle: status, hardest step and break-in",
				"sudokusat explain --format json miracle.json", "one JSON record per puzzle, with every step",
				"sudokusat explain --max-rating 4.4 puzzle.txt", "where a solver who knows techniques up to XYZ-wings gets stuck",
				"sudokusat explain --next candidates.txt", "the next step from a candidate grid (729 characters: each cell's 9, the digit or '.')"),
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "engine", Aliases: []string{"e"}, Value: engine.NameAuto, Usage: "the `ENGINE` that finds the solution"},
			&cli.StringFlag{Name: "encoding", Value: encode.Default, Usage: "CNF `ENCODING` of a SAT engine: " + strings.Join(encode.Names(), ", ")},
			sumsFlag(),
			maxClausesFlag(),
			memLimitFlag(),
			cpuLimitFlag(),
			explainFormats.flag(),
			&cli.Float64Flag{Name: "max-rating", Usage: "stop (stuck) where only steps harder than `RATING` remain"},
			&cli.BoolFlag{Name: "no-guess", Usage: "stop (stuck) where a guess would be next"},
			&cli.BoolFlag{Name: "next", Usage: "only the next step, from the puzzle's pencil marks when it gives them (a candidate grid: N³ characters, Sukaku's form)"},
			timeoutFlag("give up on a puzzle after `DURATION` (0: never)"),
			workersFlag(),
			quietFlag(),
			shardFlag(),
			maxDecompressedFlag(),
			resumeFlag(),
		},
		Action: func(c *cli.Context) error {
			format, err := explainFormats.of(c)
			if err != nil {
				return err
			}
			if r := c.Float64("max-rating"); r < 0 {
				return usagef("--max-rating %g: want 0 (no limit) or more", r)
			}
			opt := explain.Options{MaxRating: c.Float64("max-rating"), NoGuess: c.Bool("no-guess")}
			timeout, workers := c.Duration("timeout"), c.Int("workers")
			pool, err := newWorkers(workers, timeout > 0)
			if err != nil {
				return err
			}
			defer pool.Close()
			e, err := openEngine(c, pool)
			if err != nil {
				return err
			}
			start := time.Now()
			tally := map[string]int{}
			total := 0
			interrupted, err := runBatch(c, engine.Concurrency(workers, e),
				func(ctx context.Context, it *item) *explained {
					return explainItem(ctx, e, it, timeout, opt, c.Bool("next"))
				},
				func(w *sudokusat.Writer, _ *item, o *explained) {
					total++
					tally[o.status]++
					writeExplained(w, format.name, o)
				}, nil)
			if err != nil {
				return err
			}
			ok := tally[string(explain.Explained)]
			fmt.Fprintf(c.App.ErrWriter, "sudokusat: %d %s: %d explained, %d guessed, %d stuck, %d not explained in %v\n",
				total, plural(total, "puzzle", "puzzles"), ok, tally[string(explain.Guessed)], tally[string(explain.Stuck)],
				total-ok-tally[string(explain.Guessed)]-tally[string(explain.Stuck)], time.Since(start).Round(time.Millisecond))
			if interrupted {
				return errInterrupted
			}
			if ok < total {
				return errUnsolved
			}
			return nil
		},
	}
}

// explainRecord is one record of explain --format json.
type explainRecord struct {
	Index  int    `json:"index"`
	File   string `json:"file"`
	Line   int    `json:"line"`
	Status string `json:"status"`
	// Unique reports that the count found exactly one solution.
	Unique bool `json:"unique,omitempty"`
	*explain.Report
	Error string `json:"error,omitempty"`
	notReadJSON
}

func writeExplained(w io.Writer, format string, o *explained) {
	if format == "json" {
		r := explainRecord{Index: o.index, File: o.file, Line: o.line, Status: o.status, notReadJSON: o.notRead()}
		if o.path != nil {
			rep := explain.NewReport(o.puzzle, o.path)
			r.Report, r.Unique = &rep, o.answer.Unique()
		} else if o.err != nil {
			r.Error = fmt.Sprintf("%s: %v", o.where(), o.err)
		}
		b, _ := json.Marshal(r)
		w.Write(append(b, '\n'))
		return
	}
	if o.path == nil {
		fmt.Fprintf(w, "%s: %s: %v\n", o.status, o.where(), o.err)
		return
	}
	if o.next {
		if len(o.path.Steps) == 0 {
			fmt.Fprintf(w, "solved: %s: no step left\n", o.where())
			return
		}
		st := o.path.Steps[0]
		fmt.Fprintf(w, "next: %s: %s (%.1f)\n", o.where(), st.Text, st.Rating)
		return
	}
	fmt.Fprintf(w, "%s: %s in %d %s%s\n", o.status, o.where(), len(o.path.Steps), plural(len(o.path.Steps), "step", "steps"), summary(o.puzzle, o.path))
	if format == "steps" {
		for i, st := range o.path.Steps {
			fmt.Fprintf(w, "%4d. %s\n", i+1, st.Text)
		}
	}
}

// summary says a path's hardest step and its break-in.
func summary(p *sudokusat.Puzzle, path *explain.Path) string {
	s := ""
	if h := path.Hardest(); h >= 0 {
		st := path.Steps[h]
		scale := "cost"
		if explain.SEScale(p) {
			scale = "SE"
		}
		s += fmt.Sprintf("; hardest: step %d, %s (%s %.1f)", h+1, st.Technique, scale, st.Rating)
	}
	if b := path.BreakIn(); b >= 0 {
		s += fmt.Sprintf("; break-in: step %d, %s", b+1, path.Steps[b].Technique)
	}
	return s
}
