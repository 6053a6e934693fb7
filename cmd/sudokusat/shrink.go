package main

import (
	"time"

	"github.com/urfave/cli/v2"

	"github.com/sudokusat/sudokusat/engine"
	"github.com/sudokusat/sudokusat/verdict"
)

// defaultShrinkTime is --shrink-time's default: enough for a 9×9 case
// through an external solver (a run costs milliseconds) to reach a puzzle
// of a few givens and a formula of a few clauses, short enough that a
// batch with many failures still ends.
const defaultShrinkTime = 5 * time.Second

func shrinkFlags() []cli.Flag {
	return []cli.Flag{
		&cli.BoolFlag{Name: "shrink", DefaultText: "on with --out-dir",
			Usage: "shrink each disagreement or failure: drop givens and rules, then an external solver's clauses, while it persists"},
		&cli.DurationFlag{Name: "shrink-time", Value: defaultShrinkTime,
			Usage: "spend at most `DURATION` shrinking each case: two thirds on the puzzle, the rest on the CNF"},
	}
}

// newShrinker returns check's shrinker, or nil when shrinking is off: it
// is on with --out-dir unless --shrink=false, and on with --shrink alone
// (the smallest puzzle printed, nothing written).
func newShrinker(c *cli.Context, engines []*engine.Engine, limit int, timeout time.Duration) (*verdict.Shrinker, error) {
	on := c.String("out-dir") != ""
	if c.IsSet("shrink") {
		on = c.Bool("shrink")
	}
	if !on {
		return nil, nil
	}
	if c.Duration("shrink-time") <= 0 {
		return nil, usagef("--shrink-time must be positive")
	}
	return &verdict.Shrinker{Engines: engines, Limit: limit, Timeout: timeout, Budget: c.Duration("shrink-time"),
		Certify: c.Bool("certify")}, nil
}
