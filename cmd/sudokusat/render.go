package main

import (
	"fmt"
	"io"

	"github.com/urfave/cli/v2"

	"github.com/sudokusat/sudokusat/engine"
	"github.com/sudokusat/sudokusat/render"
)

func renderCommand() *cli.Command {
	return &cli.Command{
		Name:      "render",
		Usage:     "draw a puzzle as printable SVG",
		ArgsUsage: "[FILE|-]",
		Description: "Draws thin lines between cells and thick ones around boxes, the givens in bold black and,\n" +
			"with --solution, the digits the native solver fills in, in blue. One puzzle goes to standard\n" +
			"output or -o FILE; with several in the input, --out-dir writes puzzle-0001.svg, …" + "\n\n" +
			examples(
				"sudokusat render puzzle.txt > puzzle.svg", "the puzzle, ready to print",
				"sudokusat render --solution -o solved.svg puzzle.txt", "with its solution in blue",
				"sudokusat render --out-dir svg/ puzzles.txt", "one SVG per puzzle"),
		Flags: []cli.Flag{
			// SVG is the only format: --svg is accepted, for scripts that say it.
			&cli.BoolFlag{Name: "svg", Value: true, Hidden: true},
			&cli.BoolFlag{Name: "solution", Usage: "fill in the solution, in blue"},
			&cli.Float64Flag{Name: "cell-size", Value: 40, Usage: "a cell's side in `PIXELS`"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the SVG to `FILE` instead of standard output"},
			&cli.StringFlag{Name: "out-dir", Usage: "write one SVG file per puzzle into `DIR` (puzzle-0001.svg, …)"},
		},
		Action: func(c *cli.Context) error {
			if !c.Bool("svg") {
				return usagef("render writes SVG only: drop --svg=false")
			}
			if c.Float64("cell-size") <= 0 {
				return usagef("--cell-size %g: want a positive size", c.Float64("cell-size"))
			}
			return perPuzzle(c, "svg", func(w io.Writer, it *item) error {
				return renderItem(c, w, it)
			})
		},
	}
}

// renderItem draws one puzzle, whose givens do not clash, to w.
func renderItem(c *cli.Context, w io.Writer, it *item) error {
	g := it.puzzle.Grid
	o := render.Options{CellSize: c.Float64("cell-size"), Title: fmt.Sprintf("Sudoku %d×%d, %s", g.Size(), g.Size(), it.where())}
	if c.Bool("solution") {
		a := engine.Solve(c.Context, engine.Native(), g, 0)
		switch a.Status {
		case engine.Solved:
			o.Solution = a.Solution()
		default:
			return a.Err
		}
	}
	return render.SVG(w, g, o)
}
