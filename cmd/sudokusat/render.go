package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/urfave/cli/v2"

	"github.com/sudokusat/sudokusat/native"
	"github.com/sudokusat/sudokusat/render"
)

func renderCommand() *cli.Command {
	return &cli.Command{
		Name:      "render",
		Usage:     "draw a puzzle as printable SVG",
		ArgsUsage: "[FILE|-]",
		Description: "Draws thin lines between cells and thick ones around boxes, the givens in bold black and,\n" +
			"with --solution, the digits the native solver fills in, in blue. One puzzle goes to standard\n" +
			"output or -o FILE; with several in the input, --out-dir writes puzzle-0001.svg, …",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "svg", Value: true, Usage: "write SVG (the only format, and the default)"},
			&cli.BoolFlag{Name: "solution", Usage: "fill in the solution, in blue"},
			&cli.Float64Flag{Name: "cell-size", Value: 40, Usage: "a cell's side in `PIXELS`"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the SVG to `FILE` instead of standard output"},
			&cli.StringFlag{Name: "out-dir", Usage: "write one SVG file per puzzle into `DIR` (puzzle-0001.svg, …)"},
		},
		Action: func(c *cli.Context) error {
			if !c.Bool("svg") {
				return usagef("render writes SVG only: drop --svg=false")
			}
			if c.NArg() > 1 {
				return usagef("render takes one input; got %d", c.NArg())
			}
			if c.Float64("cell-size") <= 0 {
				return usagef("--cell-size %g: want a positive size", c.Float64("cell-size"))
			}
			outDir, output := c.String("out-dir"), c.String("output")
			if outDir != "" && output != "" {
				return usagef("--output and --out-dir exclude each other")
			}
			if outDir != "" {
				if err := os.MkdirAll(outDir, 0o755); err != nil {
					return usageError{err}
				}
			}
			failed := 0
			do := func(it *item) error {
				path := output
				if outDir != "" {
					path = filepath.Join(outDir, fmt.Sprintf("puzzle-%04d.svg", it.index))
				}
				if err := renderItem(c, it, path); err != nil {
					var ue usageError
					if errors.As(err, &ue) {
						return err
					}
					failed++
					fmt.Fprintf(c.App.ErrWriter, "sudokusat: %s: %v\n", it.where(), err)
				}
				return nil
			}
			// As in encode: without --out-dir the first puzzle waits until
			// the input is known to hold no second one.
			var first *item
			err := inputs(c.Args().Slice(), c.App.Reader, func(it *item) error {
				if outDir != "" {
					return do(it)
				}
				if first != nil {
					return usagef("%s: more than one puzzle in the input: use --out-dir DIR", it.where())
				}
				first = it
				return nil
			})
			if err == nil && first != nil {
				err = do(first)
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

// renderItem draws one puzzle to path, or to standard output when path is
// empty.
func renderItem(c *cli.Context, it *item, path string) error {
	if it.err != nil {
		return it.err
	}
	g := it.puzzle.Grid
	if err := g.Validate(); err != nil {
		return err
	}
	o := render.Options{CellSize: c.Float64("cell-size"), Title: fmt.Sprintf("Sudoku %d×%d, %s", g.Size(), g.Size(), it.where())}
	if c.Bool("solution") {
		sol, err := native.Solve(c.Context, g)
		if err != nil {
			return err
		}
		o.Solution = sol
	}
	if path == "" {
		return render.SVG(c.App.Writer, g, o)
	}
	f, err := os.Create(path)
	if err != nil {
		return usageError{err}
	}
	err = render.SVG(f, g, o)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
