package main

import (
	"bufio"
	"fmt"
	"io"
	"os"

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
			if items, ok, err := variantInputs(c); err != nil {
				return err
			} else if ok {
				return renderVariants(c, items)
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

// renderVariants draws the one variant puzzle of the input, its rules
// marked, with its solution by the variant search when --solution asks.
func renderVariants(c *cli.Context, items []*variantItem) error {
	if len(items) != 1 {
		return usagef("render draws one variant puzzle; the input has %d", len(items))
	}
	it := items[0]
	if it.err != nil {
		return fmt.Errorf("%s: %w", it.where, it.err)
	}
	n := it.p.Size()
	o := render.Options{CellSize: c.Float64("cell-size"), Title: fmt.Sprintf("Variant Sudoku %d×%d, %s", n, n, it.where)}
	if c.Bool("solution") {
		e, err := engine.OpenVariant(engine.NameSearch, engine.VariantOptions{})
		if err != nil {
			return err
		}
		a := engine.CountVariant(c.Context, e, it.p, 1, 0)
		if a.Status != engine.Solved {
			return fmt.Errorf("%s: %s: %w", it.where, a.Status, a.Err)
		}
		o.Solution = a.Solution()
	}
	if name := c.String("output"); name != "" {
		f, err := os.Create(name)
		if err != nil {
			return usageError{err}
		}
		err = writeVariantSVG(f, it, o)
		if cerr := f.Close(); err == nil && cerr != nil {
			err = writeErr(cerr)
		}
		return err
	}
	return writeVariantSVG(c.App.Writer, it, o)
}

func writeVariantSVG(out io.Writer, it *variantItem, o render.Options) error {
	w := bufio.NewWriter(out)
	if err := render.VariantSVG(w, it.p, o); err != nil {
		return fmt.Errorf("%s: %w", it.where, err)
	}
	if err := w.Flush(); err != nil {
		return writeErr(err)
	}
	return nil
}
