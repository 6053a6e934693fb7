package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/engine"
	"github.com/sudokusat/sudokusat/generate"
)

// maxDuplicateRetries bounds the fresh streams tried for a puzzle that came
// out equal to an earlier one (likely only on tiny grids).
const maxDuplicateRetries = 20

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
			&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "line", Usage: "output `FORMAT`: line or json"},
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
			format := c.String("format")
			if format != "line" && format != "json" {
				return usagef("unknown format %q (want line or json)", format)
			}
			seed := c.Uint64("seed")
			if !c.IsSet("seed") {
				seed = uint64(time.Now().UnixNano())
			}
			g := &generator{
				opts: generate.Options{Size: n, Hints: c.Int("hints"), Difficulty: c.Float64("difficulty"),
					Symmetric: c.Bool("symmetric"), Seed: seed},
				count:   c.Int("count"),
				timeout: c.Duration("timeout"),
			}
			// Option errors show at once, as usage errors naming the flag,
			// not per puzzle.
			if err := g.opts.Check(); err != nil {
				return usagef("--%w", err)
			}
			g.checks = []*engine.Engine{engine.Native()}
			if !c.Bool("no-sat-check") {
				// In this process: the puzzles are proved one after another
				// by each worker goroutine, and gophersat queues on its slot.
				sat, err := engine.Open(engine.NameSAT, engine.Options{})
				if err != nil {
					return err
				}
				g.checks = append(g.checks, sat)
			}
			return g.run(c, format, c.Bool("with-solution"), c.Int("workers"))
		},
	}
}

// generator makes the puzzles of one generate command.
type generator struct {
	opts    generate.Options
	count   int
	checks  []*engine.Engine // the engines that prove each puzzle unique again
	timeout time.Duration
}

// made is one generated puzzle, or why there is none.
type made struct {
	index  int
	p      *generate.Puzzle
	status engine.Status // Solved when made, else Timeout or Failed
	err    error
	took   time.Duration
}

// one makes puzzle index (from 1) from the given random stream and proves
// it unique twice.
func (g *generator) one(ctx context.Context, index int, stream uint64) made {
	m := made{index: index, status: engine.Failed}
	if g.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, g.timeout)
		defer cancel()
	}
	start := time.Now()
	o := g.opts
	o.Stream = stream
	p, err := generate.Generate(ctx, o)
	if err == nil {
		err = engine.VerifyUnique(ctx, p.Puzzle, p.Solution, g.checks...)
		if errors.Is(err, engine.ErrNotUnique) {
			err = fmt.Errorf("generator bug: %w", err)
		}
	}
	m.took = time.Since(start)
	if err == nil {
		m.status, m.p = engine.Solved, p
		return m
	}
	m.err = err
	if st, ok := engine.ContextStatus(ctx, err); ok {
		m.status = st
		if st == engine.Timeout {
			m.err = fmt.Errorf("no puzzle within %v", g.timeout)
		}
	}
	return m
}

// run makes the puzzles with several workers and writes them in order.
// Puzzle i uses random stream i, so the output does not depend on the
// number of workers; a puzzle equal to an earlier one is made again from
// streams count+i, 2·count+i, … in the writing loop, which runs in order.
func (g *generator) run(c *cli.Context, format string, withSolution bool, workers int) error {
	ctx, cancel := context.WithCancel(c.Context)
	var wg sync.WaitGroup
	defer func() {
		cancel() // first, so that the workers stop early
		wg.Wait()
	}()
	if workers < 1 {
		workers = 1
	}
	// Puzzle i goes to slot i mod window, and is handed to a worker only
	// once puzzle i−window is written, which frees its slot and its token:
	// memory follows the puzzles under way, not --count (a slot per puzzle
	// made --count 1000000000 die with "fatal error: out of memory"), and a
	// slow puzzle holds back at most window others.
	window := min(g.count, 4*workers)
	slots := make([]chan made, window)
	for i := range slots {
		slots[i] = make(chan made, 1)
	}
	tokens := make(chan struct{}, window)
	for range window {
		tokens <- struct{}{}
	}
	next := make(chan int)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				slots[i%window] <- g.one(ctx, i+1, uint64(i))
			}
		}()
	}
	go func() {
		defer close(next)
		for i := range g.count {
			select {
			case <-tokens:
			case <-ctx.Done():
				return
			}
			select {
			case next <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	w := sudokusat.NewWriter(c.App.Writer)
	start := time.Now()
	seen := map[string]bool{}
	failed, givens := 0, 0
	for i := range g.count {
		var m made
		select {
		case m = <-slots[i%window]:
			tokens <- struct{}{}
		case <-ctx.Done():
			return ctx.Err()
		}
		for k := 1; m.p != nil && seen[m.p.Puzzle.Grid.String()]; k++ {
			if k > maxDuplicateRetries {
				m = made{index: i + 1, status: engine.Failed, err: fmt.Errorf("no new puzzle after %d tries: this size has few", maxDuplicateRetries)}
				break
			}
			m = g.one(ctx, i+1, uint64(k*g.count+i))
		}
		if m.p != nil {
			seen[m.p.Puzzle.Grid.String()] = true
			givens += m.p.Puzzle.Grid.Givens()
		} else {
			failed++
		}
		writeMade(w, format, withSolution, m)
		if w.Buffered() > 32<<10 {
			w.Flush()
		}
		if err := w.Error(); err != nil {
			return writeErr(err)
		}
	}
	if err := w.Flush(); err != nil {
		return writeErr(err)
	}
	ok := g.count - failed
	checks := "native count and gophersat"
	if len(g.checks) == 1 {
		checks = "native count"
	}
	avg := 0.0
	if ok > 0 {
		avg = float64(givens) / float64(ok)
	}
	fmt.Fprintf(c.App.ErrWriter, "sudokusat: %d %s %d×%d, %.1f givens on average, each proved unique by %s; %d failed; %v (seed %d)\n",
		ok, plural(ok, "puzzle", "puzzles"), g.opts.Size, g.opts.Size, avg, checks, failed,
		time.Since(start).Round(time.Millisecond), g.opts.Seed)
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
// it with withSolution; or "STATUS: puzzle K: reason".
func writeMade(w *sudokusat.Writer, format string, withSolution bool, m made) {
	if format == "json" {
		r := generateRecord{Index: m.index, Status: "generated", Millis: float64(m.took.Microseconds()) / 1e3}
		if m.p == nil {
			r.Status, r.Error = m.status.String(), fmt.Sprintf("puzzle %d: %v", m.index, m.err)
		} else {
			r.Puzzle, r.Givens, r.Reached, r.Attempts = m.p.Puzzle.Grid.String(), m.p.Puzzle.Grid.Givens(), m.p.Reached, m.p.Attempts
			if withSolution {
				r.Solution = m.p.Solution.String()
			}
			if m.p.Grade != nil {
				score := m.p.Grade.Rating
				r.Score, r.Hardest = &score, m.p.Grade.Hardest
			}
		}
		b, _ := json.Marshal(r) // strings and numbers always marshal
		w.Write(append(b, '\n'))
		return
	}
	if m.p == nil {
		fmt.Fprintf(w, "%s: puzzle %d: %v\n", m.status, m.index, m.err)
		return
	}
	layout := sudokusat.LayoutLine
	if m.p.Puzzle.Size() > sudokusat.MaxSymbolSize {
		layout = sudokusat.LayoutNumbers
	}
	w.WriteGrid(m.p.Puzzle.Grid, layout)
	if withSolution {
		w.WriteGrid(m.p.Solution, layout)
	}
}
