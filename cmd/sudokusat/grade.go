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
	"github.com/sudokusat/sudokusat/engine"
	"github.com/sudokusat/sudokusat/grade"
	"github.com/sudokusat/sudokusat/variant"
)

// statusGraded is grade's status for a puzzle it rated.
const statusGraded = "graded"

// graded is what became of one input puzzle in grade.
type graded struct {
	*item
	status string // statusGraded, engine.Invalid.String(), engine.Unsolvable.String(), engine.Timeout.String() or engine.Failed.String()
	res    grade.Result
	err    error
}

func gradeItem(ctx context.Context, it *item, timeout time.Duration) *graded {
	o := &graded{item: it}
	if it.err != nil {
		o.status, o.err = engine.Invalid.String(), it.err
		return o
	}
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	if err := variant.Validate(it.puzzle); err != nil {
		o.status, o.err = engine.Invalid.String(), err
		return o
	}
	if !it.puzzle.Classic() {
		o.status, o.err = engine.Invalid.String(), grade.ErrRules
		return o
	}
	r, err := grade.Grade(ctx, it.puzzle.Grid)
	if err == nil {
		o.status, o.res = statusGraded, r
		return o
	}
	// A canceled puzzle is an interrupt, not a failure: --resume grades it
	// again.
	st, reason := engine.GradeStatus(ctx, err)
	o.status, o.err = st.String(), reason
	if st == engine.Timeout {
		o.err = fmt.Errorf("no grade within %v", timeout)
	}
	return o
}

func gradeCommand() *cli.Command {
	return &cli.Command{
		Name:      "grade",
		Usage:     "rate how hard puzzles are for a person, one line per puzzle, in input order",
		ArgsUsage: "[FILE|-]...",
		Description: "Solves each puzzle with human techniques only, always the easiest that works, and scores it\n" +
			"by the hardest one needed, from 1.0 (hidden singles) to 5.0 (guessing), on the scale below.\n" +
			"A line is \"SCORE TECHNIQUE\", with \"guesses=N\" for puzzles that need guessing,\n" +
			"or STATUS: message naming the line, as solve writes it." + "\n\n" +
			examples(
				"sudokusat grade puzzles.txt", "one SCORE TECHNIQUE line per puzzle",
				"sudokusat grade --format json puzzles.txt", "one JSON record per puzzle") + "\n\n" + difficultyScale(),
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "line", Usage: "output `FORMAT`: line or json"},
			timeoutFlag("give up on a puzzle after `DURATION` (0: never)"),
			workersFlag(),
			quietFlag(),
			shardFlag(),
			maxDecompressedFlag(),
			resumeFlag(),
		},
		Action: func(c *cli.Context) error {
			format := c.String("format")
			if format != "line" && format != "json" {
				return usagef("unknown format %q (want line or json)", format)
			}
			timeout := c.Duration("timeout")
			start := time.Now()
			total, ok := 0, 0
			sum := 0.0
			interrupted, err := runBatch(c, c.Int("workers"),
				func(ctx context.Context, it *item) *graded { return gradeItem(ctx, it, timeout) },
				func(w *sudokusat.Writer, _ *item, o *graded) {
					total++
					if o.status == statusGraded {
						ok++
						sum += o.res.Score
					}
					writeGraded(w, format, o)
				}, nil)
			if err != nil {
				return err
			}
			mean := 0.0
			if ok > 0 {
				mean = sum / float64(ok)
			}
			fmt.Fprintf(c.App.ErrWriter, "sudokusat: %d %s: %d graded, mean score %.2f, %d not graded in %v\n",
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
	Index   int            `json:"index"`
	File    string         `json:"file"`
	Line    int            `json:"line"`
	Status  string         `json:"status"`
	Score   float64        `json:"score,omitempty"`
	Hardest string         `json:"hardest,omitempty"`
	Guesses int            `json:"guesses,omitempty"`
	Steps   map[string]int `json:"steps,omitempty"`
	Error   string         `json:"error,omitempty"`
	notReadJSON
}

func writeGraded(w io.Writer, format string, o *graded) {
	if format == "json" {
		r := gradeRecord{Index: o.index, File: o.file, Line: o.line, Status: o.status, notReadJSON: o.notRead()}
		if o.status == statusGraded {
			r.Score, r.Hardest, r.Guesses = o.res.Score, o.res.Hardest.String(), o.res.Guesses
			r.Steps = map[string]int{}
			for t, k := range o.res.Steps {
				if k > 0 {
					r.Steps[grade.Technique(t).String()] = k
				}
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
	if o.res.Hardest == grade.Guessing {
		fmt.Fprintf(w, "%.1f %v guesses=%d\n", o.res.Score, o.res.Hardest, o.res.Guesses)
		return
	}
	fmt.Fprintf(w, "%.1f %v\n", o.res.Score, o.res.Hardest)
}

// difficultyScale is the grade scale as a help section, from grade's own
// table of techniques.
func difficultyScale() string {
	var b strings.Builder
	b.WriteString("Difficulty scale (the hardest technique needed):")
	for t := grade.Technique(0); t < grade.NumTechniques; t++ {
		fmt.Fprintf(&b, "\n  %.1f  %s", t.Level(), t)
	}
	return b.String()
}
