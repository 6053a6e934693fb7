package main

import (
	"bufio"
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
				"sudokusat render --out-dir svg/ puzzles.txt", "one SVG per puzzle",
				"sudokusat render --solution miracle.json > miracle.svg", "a variant puzzle (f-puzzles), its rules drawn"),
		Flags: []cli.Flag{
			// SVG is the only format: --svg is accepted, for scripts that say it.
			&cli.BoolFlag{Name: "svg", Value: true, Hidden: true},
			&cli.BoolFlag{Name: "solution", Usage: "fill in the solution, in blue"},
			&cli.Float64Flag{Name: "cell-size", Value: 40, Usage: fmt.Sprintf("a cell's side in `PIXELS`, %d to %d", render.MinCellSize, render.MaxCellSize)},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the SVG to `FILE` instead of standard output (- is standard output)"},
			&cli.StringFlag{Name: "out-dir", Usage: "write one SVG file per puzzle into `DIR` (puzzle-0001.svg, …)"},
			compressFlag(true),
			shardFlag(),
			maxDecompressedFlag(),
		},
		Action: func(c *cli.Context) error {
			if !c.Bool("svg") {
				return usagef("render writes SVG only: drop --svg=false")
			}
			// 0 is render's default, but not a size to ask for here.
			if px := c.Float64("cell-size"); px == 0 || !render.ValidCellSize(px) {
				return usagef("--cell-size %g: want %d to %d pixels", px, render.MinCellSize, render.MaxCellSize)
			}
			return perPuzzle(c, "svg", func(w io.Writer, it *item) error {
				return renderItem(c, w, it)
			})
		},
	}
}

// renderItem draws one puzzle, which variant.Validate accepts, to w, its
// rules marked. --solution fills in the solution that the native solver finds,
// or the search for a puzzle with rules.
func renderItem(c *cli.Context, w io.Writer, it *item) error {
	p := it.puzzle
	n := p.Size()
	o := render.Options{CellSize: c.Float64("cell-size"), Title: fmt.Sprintf("Sudoku %d×%d, %s", n, n, it.where())}
	if !p.Classic() {
		o.Title = "Variant " + o.Title
	}
	if c.Bool("solution") {
		e, err := tableOf(c).Open(engine.For(p), engine.Options{})
		if err != nil {
			return err
		}
		a := engine.Solve(c.Context, e, p, 0)
		if a.Status != engine.Solved {
			return fmt.Errorf("%s: %w", a.Status, a.Err)
		}
		o.Solution = a.Solution()
	}
	bw := bufio.NewWriter(w)
	if err := render.SVG(bw, p, o); err != nil {
		return err
	}
	return bw.Flush()
}
