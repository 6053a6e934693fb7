package main

import (
	"context"
	"encoding/json"
	"errors"
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

// statusGraded is grade's status for a puzzle it rated.
const statusGraded = "graded"

// errNotUnique is grade's reason for a puzzle with several solutions: a
// difficulty is a unique puzzle's.
var errNotUnique = errors.New("more than one solution: a grade needs a unique puzzle")

// graded is what became of one input puzzle in grade.
type graded struct {
	*item
	status string // statusGraded, or an engine status: invalid, unsolvable, timeout, …
	res    explain.Grade
	err    error
}

// gradeItem counts the puzzle's solutions to 2 with e, then rates its
// solve path, under one deadline for both. The steps are not checked: a
// grade needs their ratings, and explain proves them.
func gradeItem(ctx context.Context, e *engine.Engine, it *item, timeout time.Duration) *graded {
	o := &graded{item: it}
	o.status, o.err = countThen(ctx, e, it, timeout, "grade", func(ctx context.Context, a engine.Answer) (err error) {
		if !a.Unique() {
			return errNotUnique
		}
		o.res, _, err = explain.Rate(ctx, it.puzzle, explain.Options{Solution: a.Solution(), Unique: true, NoCheck: true})
		return err
	})
	if o.err == nil {
		o.status = statusGraded
	}
	return o
}

// countThen counts the solutions of it's puzzle to 2 with e, then, when
// it found one, runs then on the count's answer, under one deadline of
// timeout for both. It returns the status and the error of a puzzle that
// went no further: invalid for an input error or errNotUnique, the
// count's status, or that of then's error (timeout, said as "no WHAT
// within TIMEOUT"; canceled; failed); nil when then succeeded.
func countThen(ctx context.Context, e *engine.Engine, it *item, timeout time.Duration, what string, then func(context.Context, engine.Answer) error) (string, error) {
	if it.err != nil {
		return engine.Invalid.String(), it.err
	}
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	a := engine.Count(ctx, e, it.puzzle, 2, 0)
	if a.Status != engine.Solved {
		return a.Status.String(), a.Err
	}
	err := then(ctx, a)
	switch {
	case err == nil:
		return "", nil
	case errors.Is(err, errNotUnique):
		return engine.Invalid.String(), err
	}
	st, ok := engine.ContextStatus(ctx, err)
	if !ok {
		st = engine.Failed
	}
	if st == engine.Timeout {
		err = fmt.Errorf("no %s within %v", what, timeout)
	}
	return st.String(), err
}

func gradeCommand() *cli.Command {
	return &cli.Command{
		Name:      "grade",
		Usage:     "rate how hard puzzles are for a person, one line per puzzle, in input order",
		ArgsUsage: "[FILE|-]...",
		Description: "Rates each puzzle by its solve path (see explain): the hardest step it needs, on Sudoku\n" +
			"Explainer's scale for a classic 9×9 puzzle (--scale se, the community's scale), and on the same\n" +
			"ladder for every other puzzle. A line is \"RATING TECHNIQUE\", with \"guesses=N\" for a path that\n" +
			"needed guessing, or STATUS: message naming the line, as solve writes it. A puzzle must be unique\n" +
			"to be graded.\n\n" +
			examples(
				"sudokusat grade puzzles.txt", "one RATING TECHNIQUE line per puzzle",
				"sudokusat grade --format json puzzles.txt", "one JSON record per puzzle, with the break-in and the steps of each technique",
				"sudokusat explain puzzle.txt", "the steps themselves") + "\n\n" + difficultyScale(),
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "scale", Value: "se", Usage: "rating `SCALE`: se (Sudoku Explainer's; variants on the same ladder)"},
			&cli.StringFlag{Name: "engine", Aliases: []string{"e"}, Value: engine.NameAuto, Usage: "the `ENGINE` that proves each puzzle unique and finds its solution"},
			&cli.StringFlag{Name: "encoding", Value: encode.Default, Usage: "CNF `ENCODING` of a SAT engine: " + strings.Join(encode.Names(), ", ")},
			sumsFlag(),
			maxClausesFlag(),
			memLimitFlag(),
			cpuLimitFlag(),
			lineOrJSON.flag(),
			timeoutFlag("give up on a puzzle after `DURATION` (0: never)"),
			workersFlag(),
			quietFlag(),
			shardFlag(),
			maxDecompressedFlag(),
			resumeFlag(),
		},
		Action: func(c *cli.Context) error {
			format, err := lineOrJSON.of(c)
			if err != nil {
				return err
			}
			if s := c.String("scale"); s != "se" {
				return usagef("unknown scale %q (want se)", s)
			}
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
			total, ok := 0, 0
			sum := 0.0
			interrupted, err := runBatch(c, engine.Concurrency(workers, e),
				func(ctx context.Context, it *item) *graded { return gradeItem(ctx, e, it, timeout) },
				func(w *sudokusat.Writer, _ *item, o *graded) {
					total++
					if o.status == statusGraded {
						ok++
						sum += o.res.Rating
					}
					writeGraded(w, format.name, o)
				}, nil)
			if err != nil {
				return err
			}
			mean := 0.0
			if ok > 0 {
				mean = sum / float64(ok)
			}
			fmt.Fprintf(c.App.ErrWriter, "sudokusat: %d %s: %d graded, mean rating %.2f, %d not graded in %v\n",
				total, plural(total, "puzzle", "puzzles"), ok, mean, total-ok, time.Since(start).Round(time.Millisecond))
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

// gradeRecord is one line of grade --format json.
type gradeRecord struct {
	Index  int    `json:"index"`
	File   string `json:"file"`
	Line   int    `json:"line"`
	Status string `json:"status"`
	// SE is the rating on Sudoku Explainer's scale, for a classic 9×9
	// puzzle; Cost the same ladder's for any puzzle.
	SE      *float64       `json:"se,omitempty"`
	Cost    float64        `json:"cost,omitempty"`
	Hardest string         `json:"hardest,omitempty"`
	BreakIn string         `json:"break_in,omitempty"`
	Chains  bool           `json:"chains,omitempty"`
	Guesses int            `json:"guesses,omitempty"`
	Steps   map[string]int `json:"steps,omitempty"`
	Error   string         `json:"error,omitempty"`
	notReadJSON
}

func writeGraded(w io.Writer, format string, o *graded) {
	if format == "json" {
		r := gradeRecord{Index: o.index, File: o.file, Line: o.line, Status: o.status, notReadJSON: o.notRead()}
		if o.status == statusGraded {
			g := o.res
			r.Cost, r.Hardest, r.BreakIn, r.Chains, r.Guesses, r.Steps = g.Rating, g.Hardest, g.BreakIn, g.Chains, g.Guesses, g.Steps
			if g.SE {
				r.SE = &g.Rating
			}
		} else {
			r.Error = fmt.Sprintf("%s: %v", o.where(), o.err)
		}
		b, _ := json.Marshal(r) // strings, numbers and a map of them always marshal
		w.Write(append(b, '\n'))
		return
	}
	if o.status != statusGraded {
		fmt.Fprintf(w, "%s: %s: %v\n", o.status, o.where(), o.err)
		return
	}
	if o.res.Guesses > 0 {
		fmt.Fprintf(w, "%.1f %s guesses=%d\n", o.res.Rating, o.res.Hardest, o.res.Guesses)
		return
	}
	fmt.Fprintf(w, "%.1f %s\n", o.res.Rating, o.res.Hardest)
}

// difficultyScale is the scale as a help section: Sudoku Explainer's
// rungs, as explain rates them.
func difficultyScale() string {
	return "Difficulty scale (Sudoku Explainer's; the hardest step needed):\n" +
		"  1.0  full house        1.2  hidden single (box)   1.5  hidden single (row, column)\n" +
		"  2.3  naked single      2.6  pointing              2.8  claiming\n" +
		"  3.0  naked pair        3.2  X-wing                3.4  hidden pair\n" +
		"  3.6  naked triple      3.8  swordfish             4.0  hidden triple, skyscraper\n" +
		"  4.2  XY-wing           4.4  XYZ-wing              4.5  unique rectangles and loops\n" +
		"  5.0  naked quad        5.2  jellyfish             5.4  hidden quad\n" +
		"  5.6  BUG               6.2  aligned pair exclusion, VWXYZ-wing\n" +
		"  6.5+ chains and cycles 7.5+ Nishio               8.0+ multiple forcing chains\n" +
		"  8.5+ dynamic chains    10.0 a guess (no logical step found)\n" +
		"Puzzles with rules are rated on the same ladder: what one rule forces alone 2.4-3.0, the\n" +
		"smallest set of constraints that forces a conclusion 3.0 and up (docs/explain.md)."
}
