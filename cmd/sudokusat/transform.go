package main

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/engine"
	"github.com/sudokusat/sudokusat/transform"
	"github.com/sudokusat/sudokusat/variant"
)

func transformCommand() *cli.Command {
	return &cli.Command{
		Name:      "transform",
		Usage:     "map puzzles onto equivalent ones, or print their canonical forms",
		ArgsUsage: "[FILE|-]...",
		Description: "Every transform keeps a puzzle valid, its number of solutions and its grade. They apply in\n" +
			"this order: --random, --transpose, --rotate, --mirror, --shuffle-bands, --shuffle-rows,\n" +
			"--shuffle-stacks, --shuffle-cols, --relabel; then --canonical prints the canonical form, equal\n" +
			"for equivalent puzzles. Quarter turns and transposition need square boxes. Each puzzle gets its\n" +
			"own random stream of --seed, so the output is reproducible." + "\n\n" +
			examples(
				"sudokusat transform --rotate 90 puzzles.txt", "each puzzle turned a quarter",
				"sudokusat transform --random --seed 7 puzzles.txt", "a random equivalent of each, reproducible",
				"sudokusat transform --canonical puzzles.txt", "one representative per class of equivalent puzzles (up to 12×12)"),
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "rotate", Usage: "turn clockwise by `DEGREES`: 90, 180 or 270"},
			&cli.BoolFlag{Name: "transpose", Usage: "reflect in the main diagonal"},
			&cli.BoolFlag{Name: "mirror", Usage: "reflect left to right"},
			&cli.BoolFlag{Name: "relabel", Usage: "rename the digits at random"},
			&cli.BoolFlag{Name: "shuffle-rows", Usage: "reorder the rows inside each band at random"},
			&cli.BoolFlag{Name: "shuffle-bands", Usage: "reorder the bands at random"},
			&cli.BoolFlag{Name: "shuffle-cols", Usage: "reorder the columns inside each stack at random"},
			&cli.BoolFlag{Name: "shuffle-stacks", Usage: "reorder the stacks at random"},
			&cli.BoolFlag{Name: "random", Usage: "apply a random element of the whole symmetry group"},
			&cli.BoolFlag{Name: "canonical", Usage: "print the canonical form (up to 12×12)"},
			&cli.Uint64Flag{Name: "seed", DefaultText: "random, reported on standard error", Usage: "random `SEED`, for reproducible output"},
			shardFlag(),
			maxDecompressedFlag(),
		},
		Action: func(c *cli.Context) error {
			switch c.Int("rotate") {
			case 0, 90, 180, 270:
			default:
				return usagef("--rotate %d: want 90, 180 or 270", c.Int("rotate"))
			}
			seed := c.Uint64("seed")
			if !c.IsSet("seed") {
				// A short seed, reported, so that a random run can be repeated.
				seed = uint64(time.Now().UnixNano()) % 1_000_000_000
				if c.Bool("random") {
					fmt.Fprintf(c.App.ErrWriter, "sudokusat: transform --random with seed %d (--seed %d repeats it)\n", seed, seed)
				}
			}
			sel, err := selectionOf(c)
			if err != nil {
				return err
			}
			w := sudokusat.NewWriter(c.App.Writer)
			failed := 0
			err = readInputs(c.Args().Slice(), c.App.Reader, c.App.ErrWriter, maxDecompressed(c), nil, sel, func(it *item) error {
				out, status, err := transformItem(c, it, rand.New(rand.NewPCG(seed, uint64(it.index))))
				if err != nil {
					failed++
					fmt.Fprintf(w, "%s: %s: %v\n", status, it.where(), err)
				} else {
					w.WriteGrid(out, it.puzzle.Layout)
				}
				return writeErr(w.Error())
			})
			if ferr := writeErr(w.Flush()); err == nil {
				err = ferr
			}
			if err != nil {
				return err
			}
			if failed > 0 {
				return errUnsolved
			}
			return nil
		},
	}
}

// errTransformRules refuses to map a puzzle with rules or regions: the
// symmetries would have to carry every rule, and relabelling digits breaks
// sums, thermometers and dots.
var errTransformRules = errors.New("transform maps classic puzzles only: this one has rules or regions")

// transformItem applies the command's transforms to one puzzle. On failure
// it returns the status to report.
func transformItem(c *cli.Context, it *item, rng *rand.Rand) (*sudokusat.Grid, string, error) {
	if it.err != nil {
		return nil, engine.Invalid.String(), it.err
	}
	g := it.puzzle.Grid
	if err := variant.Validate(it.puzzle); err != nil {
		return nil, engine.Invalid.String(), err
	}
	if !it.puzzle.Classic() {
		return nil, engine.Invalid.String(), errTransformRules
	}
	o := transform.Options{Random: c.Bool("random"), Transpose: c.Bool("transpose"), Rotate: c.Int("rotate"), Mirror: c.Bool("mirror"),
		ShuffleBands: c.Bool("shuffle-bands"), ShuffleRows: c.Bool("shuffle-rows"), ShuffleStacks: c.Bool("shuffle-stacks"),
		ShuffleCols: c.Bool("shuffle-cols"), Relabel: c.Bool("relabel"), Canonical: c.Bool("canonical")}
	out, err := o.Apply(c.Context, g, rng)
	if err != nil {
		return nil, engine.Failed.String(), err
	}
	return out, "", nil
}
