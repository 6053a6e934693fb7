package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/engine"
	"github.com/sudokusat/sudokusat/generate"
)

func generateCommand() *cli.Command {
	return &cli.Command{
		Name:      "generate",
		Usage:     "make puzzles with exactly one solution",
		ArgsUsage: " ",
		Description: "Fills a random grid, then blanks cells in random order while the solution stays unique\n" +
			"(native count), until --hints or --difficulty is reached or no cell can go. Each puzzle's\n" +
			"uniqueness is proved again by gophersat unless --no-sat-check. --seed makes the output\n" +
			"reproducible; without it a seed is drawn and reported on standard error." + "\n\n" +
			examples(
				"sudokusat generate", "one minimal 9×9 puzzle",
				"sudokusat generate --hints 24 --count 100 --seed 1", "100 puzzles of 24 givens, the same every run",
				"sudokusat generate --size 16 --difficulty 3 --with-solution", "a 16×16 puzzle of grade 3 or more, and its solution"),
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "size", Aliases: []string{"n"}, Value: 9, Usage: "grid side `N` (4, 6, 8, 9, 12, 16, 25, …)"},
			&cli.IntFlag{Name: "hints", Usage: "stop blanking at `H` givens, a lower bound (0: as few as possible; half the cells above 16×16)"},
			&cli.Float64Flag{Name: "difficulty", Usage: "stop blanking once the grade (Sudoku Explainer's scale) reaches `D` (1.0–10.0, see grade)"},
			&cli.BoolFlag{Name: "symmetric", Usage: "blank cells in pairs symmetric under a half turn"},
			&cli.Uint64Flag{Name: "seed", DefaultText: "random, reported on standard error", Usage: "random `SEED`, for reproducible output"},
			&cli.IntFlag{Name: "count", Value: 1, Usage: "make `N` distinct puzzles"},
			&cli.BoolFlag{Name: "with-solution", Usage: "print each puzzle's solution after it"},
			&cli.BoolFlag{Name: "no-sat-check", Usage: "skip the second uniqueness proof by gophersat"},
			lineOrJSON.flag(),
			timeoutFlag("give up on a puzzle after `DURATION` (0: never)"),
			workersFlag(),
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usagef("generate takes no arguments; got %q", c.Args().First())
			}
			n := c.Int("size")
			if c.Int("count") < 1 {
				return usagef("--count %d: want at least 1", c.Int("count"))
			}
			format, err := lineOrJSON.of(c)
			if err != nil {
				return err
			}
			seed := c.Uint64("seed")
			if !c.IsSet("seed") {
				seed = uint64(time.Now().UnixNano())
			}
			b := generate.Batch{Options: generate.Options{Size: n, Hints: c.Int("hints"), Difficulty: c.Float64("difficulty"),
				Symmetric: c.Bool("symmetric"), Seed: seed}, Count: c.Int("count"), Workers: c.Int("workers"), Timeout: c.Duration("timeout")}
			// Option errors show at once, as usage errors naming the flag,
			// not per puzzle.
			if err := b.Options.Check(); err != nil {
				return usagef("--%w", err)
			}
			checks := []*engine.Engine{engine.Native()}
			if !c.Bool("no-sat-check") {
				// In this process: the puzzles are proved one after another
				// by each worker goroutine, and gophersat queues on its slot.
				sat, err := engine.Open(engine.NameSAT, engine.Options{})
				if err != nil {
					return err
				}
				checks = append(checks, sat)
			}
			b.Verify = func(ctx context.Context, p *generate.Puzzle) error {
				err := engine.VerifyUnique(ctx, p.Puzzle, p.Solution, checks...)
				if errors.Is(err, engine.ErrNotUnique) {
					err = fmt.Errorf("generator bug: %w", err)
				}
				return err
			}
			return runGenerate(c, b, format.name, c.Bool("with-solution"), len(checks))
		},
	}
}

// runGenerate makes the puzzles of b and writes them in order, then the
// summary; checks is the number of engines that prove each unique.
func runGenerate(c *cli.Context, b generate.Batch, format string, withSolution bool, checks int) error {
	w := sudokusat.NewWriter(c.App.Writer)
	start := time.Now()
	failed, givens := 0, 0
	err := generate.Many(c.Context, b, func(m generate.Made) error {
		if m.Puzzle != nil {
			givens += m.Puzzle.Puzzle.Grid.Givens()
		} else {
			failed++
		}
		writeMade(c.Context, w, format, withSolution, m, b.Timeout)
		if w.Buffered() > 32<<10 {
			w.Flush()
		}
		return writeErr(w.Error())
	})
	if err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return writeErr(err)
	}
	ok := b.Count - failed
	proofs := "native count and gophersat"
	if checks == 1 {
		proofs = "native count"
	}
	avg := 0.0
	if ok > 0 {
		avg = float64(givens) / float64(ok)
	}
	fmt.Fprintf(c.App.ErrWriter, "sudokusat: %d %s %d×%d, %.1f givens on average, each proved unique by %s; %d failed; %v (seed %d)\n",
		ok, plural(ok, "puzzle", "puzzles"), b.Size, b.Size, avg, proofs, failed,
		time.Since(start).Round(time.Millisecond), b.Seed)
	if failed > 0 {
		return errUnsolved
	}
	return nil
}

// generateRecord is one line of generate --format json.
type generateRecord struct {
	Index    int      `json:"index"`
	Status   string   `json:"status"`
	Puzzle   string   `json:"puzzle,omitempty"`
	Solution string   `json:"solution,omitempty"`
	Givens   int      `json:"givens,omitempty"`
	Reached  bool     `json:"reached"`
	Score    *float64 `json:"score,omitempty"`
	Hardest  string   `json:"hardest,omitempty"`
	Attempts int      `json:"attempts,omitempty"`
	Error    string   `json:"error,omitempty"`
	Millis   float64  `json:"ms"`
}

// writeMade writes one puzzle: its line (rows of numbers then a blank line
// above 35×35, where one line cannot be read back), and the solution after
// it with withSolution; or "STATUS: puzzle K: reason", the status Timeout
// when the puzzle's time ran out, Canceled when ctx ended.
func writeMade(ctx context.Context, w *sudokusat.Writer, format string, withSolution bool, m generate.Made, timeout time.Duration) {
	status, err := engine.Failed, m.Err
	if st, ok := engine.ContextStatus(ctx, err); ok {
		status = st
		if st == engine.Timeout {
			err = fmt.Errorf("no puzzle within %v", timeout)
		}
	}
	if format == "json" {
		r := generateRecord{Index: m.Index, Status: "generated", Millis: float64(m.Elapsed.Microseconds()) / 1e3}
		if m.Puzzle == nil {
			r.Status, r.Error = status.String(), fmt.Sprintf("puzzle %d: %v", m.Index, err)
		} else {
			r.Puzzle, r.Givens, r.Reached, r.Attempts = m.Puzzle.Puzzle.Grid.String(), m.Puzzle.Puzzle.Grid.Givens(), m.Puzzle.Reached, m.Puzzle.Attempts
			if withSolution {
				r.Solution = m.Puzzle.Solution.String()
			}
			if m.Puzzle.Grade != nil {
				score := m.Puzzle.Grade.Rating
				r.Score, r.Hardest = &score, m.Puzzle.Grade.Hardest
			}
		}
		b, _ := json.Marshal(r) // strings and numbers always marshal
		w.Write(append(b, '\n'))
		return
	}
	if m.Puzzle == nil {
		fmt.Fprintf(w, "%s: puzzle %d: %v\n", status, m.Index, err)
		return
	}
	layout := sudokusat.LayoutLine
	if m.Puzzle.Puzzle.Size() > sudokusat.MaxSymbolSize {
		layout = sudokusat.LayoutNumbers
	}
	w.WriteGrid(m.Puzzle.Puzzle.Grid, layout)
	if withSolution {
		w.WriteGrid(m.Puzzle.Solution, layout)
	}
}
