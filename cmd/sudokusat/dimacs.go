package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/certify"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/engine"
	"github.com/sudokusat/sudokusat/satsolve"
	"github.com/sudokusat/sudokusat/variant"
)

// encodeFormats and decodeFormats are encode's and decode's output
// formats.
var (
	encodeFormats = plainFormats{{name: "dimacs", note: "CNF"}, {name: "opb", note: "pseudo-Boolean"}}
	decodeFormats = plainFormats{{name: "line"}, {name: "grid"}}
)

func encodeCommand() *cli.Command {
	return &cli.Command{
		Name:      "encode",
		Usage:     "write a puzzle as DIMACS CNF for any SAT solver",
		ArgsUsage: "[FILE|-]",
		Description: "The CNF's comment lines record the encoding, the puzzle and the variable map, so that\n" +
			"\"sudokusat decode --cnf FILE\" can turn any solver's answer back into a grid.\n" +
			"With several puzzles in the input, --out-dir writes one .cnf file each." + "\n\n" +
			examples(
				"sudokusat encode puzzle.txt > puzzle.cnf", "the reduced encoding, with the map in its comments",
				"sudokusat encode --encoding extended -o puzzle.cnf puzzle.txt", "the extended encoding, to a file",
				"sudokusat encode --out-dir cnf/ puzzles.txt", "one CNF per puzzle",
				"sudokusat encode --format opb killer.json > killer.opb", "a variant puzzle as OPB, its sums as PB equations"),
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "encoding", Value: encode.Default, Usage: "CNF `ENCODING`: " + strings.Join(encode.Names(), ", ")},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the CNF to `FILE` instead of standard output (- is standard output)"},
			&cli.StringFlag{Name: "out-dir", Usage: "write one CNF file per puzzle into `DIR` (puzzle-0001.cnf, …)"},
			&cli.BoolFlag{Name: "projection", Usage: "add the lines \"c p show … 0\" and \"c ind … 0\" that list the cell variables, so that a model counter (ganak, d4, sharpSAT-TD, ApproxMC) counts grids, not the assignments of auxiliary variables"},
			compressFlag(true),
			encodeFormats.flag(),
			sumsFlag(),
			maxClausesFlag(),
			shardFlag(),
			maxDecompressedFlag(),
		},
		Action: func(c *cli.Context) error {
			_, err := encode.Describe(c.String("encoding"))
			if err != nil {
				return usageError{err}
			}
			f, err := encodeFormats.of(c)
			if err != nil {
				return err
			}
			format := f.name
			// Sums of puzzles with rules: combination clauses in CNF, PB
			// equations in OPB, unless --sums says otherwise.
			o := encode.Options{Encoding: c.String("encoding"), Sums: encode.SumClauses, MaxClauses: c.Int("max-clauses")}
			if format == "opb" {
				o.Sums = encode.SumPB
			}
			if c.IsSet("sums") {
				var err error
				if o.Sums, err = encode.ParseSumForm(c.String("sums")); err != nil {
					return usagef("--sums: %w", err)
				}
			}
			if format == "opb" && c.Bool("projection") {
				return usagef("--projection writes DIMACS comment lines: not with --format opb")
			}
			ext := map[string]string{"dimacs": "cnf", "opb": "opb"}[format]
			return perPuzzle(c, ext, func(w io.Writer, it *item) error {
				// The formula keeps the puzzle's layout, so that decode
				// writes the solution back in it.
				f, err := encode.Puzzle(it.puzzle, o)
				if err != nil {
					return err
				}
				if format == "opb" {
					return encode.WriteOPB(w, f)
				}
				return encode.WriteDIMACSWith(w, f, encode.DIMACSOptions{Projection: c.Bool("projection")})
			})
		},
	}
}

func decodeCommand() *cli.Command {
	return &cli.Command{
		Name:      "decode",
		Usage:     "turn a SAT solver's answer into a grid",
		ArgsUsage: "--cnf FILE [MODEL|-]",
		Description: "MODEL is a solver's output: SAT-competition (\"s SATISFIABLE\" and \"v\" lines) or MiniSat's\n" +
			"result file. The CNF must have been written by \"sudokusat encode\": its comments hold the map.\n" +
			"The grid is checked against the puzzle before it is printed." + "\n\n" +
			examples(
				"cadical puzzle.cnf > answer.txt; sudokusat decode --cnf puzzle.cnf answer.txt", "a competition solver's answer",
				"minisat puzzle.cnf result.txt; sudokusat decode --cnf puzzle.cnf result.txt", "MiniSat's result file",
				"cadical puzzle.cnf | sudokusat decode --cnf puzzle.cnf --format grid", "from a pipe, drawn",
				"cadical puzzle.cnf proof.drat > answer.txt; sudokusat decode --cnf puzzle.cnf --certify --proof proof.drat answer.txt", "an UNSAT answer, its proof checked"),
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "cnf", Usage: "the CNF `FILE` the solver was given"},
			decodeFormats.flag(),
			&cli.BoolFlag{Name: "competition-codes", Usage: "exit as SAT solvers do: 10 for a grid, 20 for no solution, 0 for no answer"},
			&cli.BoolFlag{Name: "certify", Usage: "accept an UNSAT answer only with the DRAT proof --proof names, checked from the puzzle"},
			&cli.StringFlag{Name: "proof", Usage: "the proof `FILE` the solver wrote, for --certify: DRAT (text or binary), PicoSAT's RUP or text FRAT"},
		},
		Action: func(c *cli.Context) error {
			sat, unsat, unknown := error(nil), error(errUnsolved), error(errUnsolved)
			if c.Bool("competition-codes") {
				sat, unsat, unknown = exitStatus(10), exitStatus(20), nil
			}
			if c.String("cnf") == "" {
				return usagef("decode needs --cnf FILE, the CNF the solver was given")
			}
			f, err := decodeFormats.of(c)
			if err != nil {
				return err
			}
			format := f.name
			if c.NArg() > 1 {
				return usagef("decode takes one model; got %d", c.NArg())
			}
			if c.Bool("certify") != (c.String("proof") != "") {
				return usagef("--certify and --proof FILE go together")
			}
			cnfName := c.String("cnf")
			file, err := openStream(cnfName)
			if err != nil {
				return usageError{err}
			}
			defer file.Close()
			// A CNF, an answer and a proof are a solver's data, not
			// puzzles: they are not bounded by --max-decompressed, a
			// proof of gigabytes being a real one.
			cnf, err := encode.NewCNFReader(decompressed(file, 0))
			if err != nil {
				return fmt.Errorf("%s: %w", cnfName, err)
			}
			m := cnf.VarMap
			var in io.Reader = c.App.Reader
			name := "standard input"
			if c.NArg() == 1 && c.Args().First() != "-" {
				name = c.Args().First()
				f, err := openStream(name)
				if err != nil {
					return usageError{err}
				}
				defer f.Close()
				in = f
			}
			// The answer holds the formula's auxiliary variables too, so its
			// literals are checked against the problem line, not the map;
			// ReadAnswer's memory follows the literals it reads, not that
			// count, which nothing here vouches for.
			a, err := satsolve.ReadAnswer(decompressed(in, 0), cnf.Vars)
			if err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			switch a.Status {
			case satsolve.Unsatisfiable:
				if !c.Bool("certify") {
					fmt.Fprintf(c.App.Writer, "%s: %s: no solution (claimed by the solver, not verified)\n", engine.Unsolvable, name)
					return unsat
				}
				if cnf.OPB {
					return fmt.Errorf("%s: --certify checks DRAT proofs of CNF formulas; this is an OPB file, whose solvers write none", cnfName)
				}
				proof, err := openStream(c.String("proof"))
				if err != nil {
					return usageError{err}
				}
				defer proof.Close()
				if !m.Puzzle.Classic() {
					return fmt.Errorf("%s: --certify checks the proofs of classic puzzles' formulas; this CNF holds a variant puzzle", cnfName)
				}
				// The proof is checked against the clauses the solver was
				// given, read here, which must be the puzzle's formula
				// (encoded again from the header) and clauses that block
				// solutions of it.
				given, err := cnf.ReadClauses()
				if err != nil {
					return fmt.Errorf("%s: %w", cnfName, err)
				}
				blocks, err := certify.File(c.Context, m, given, bufio.NewReader(decompressed(proof, 0)))
				if errors.Is(err, certify.ErrNotChecked) {
					return fmt.Errorf("%s: %w", cnfName, err)
				}
				if err != nil {
					if c.Context.Err() != nil {
						return c.Context.Err()
					}
					fmt.Fprintf(c.App.Writer, "%s: %s: proof rejected: %v\n", engine.Wrong, name, err)
					return errUnsolved
				}
				switch blocks {
				case 0:
					fmt.Fprintf(c.App.Writer, "%s: %s: no solution (certified: the proof checked)\n", engine.Unsolvable, name)
				case 1:
					fmt.Fprintf(c.App.Writer, "%s: %s: no solution but the grid the CNF's last clause blocks, so the puzzle is unique (certified: the proof checked)\n", engine.Unsolvable, name)
				default:
					fmt.Fprintf(c.App.Writer, "%s: %s: no solution but the grids the CNF's last %d clauses block (certified: the proof checked)\n", engine.Unsolvable, name, blocks)
				}
				return unsat
			case satsolve.Unknown:
				fmt.Fprintf(c.App.Writer, "%s: %s: the solver gave no answer\n", engine.Timeout, name)
				return unknown
			}
			g, err := m.DecodeLits(a.Model)
			if err == nil {
				err = variant.Check(m.Puzzle, g)
			}
			if err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			// In the layout the puzzle was given in, as solve writes it:
			// rows of numbers stay numbers.
			w := sudokusat.NewWriter(c.App.Writer)
			switch {
			case format == "grid" && !m.Puzzle.Classic():
				writeDrawn(w, m.Puzzle, g)
			case format == "grid" && m.Puzzle.Layout == sudokusat.LayoutNumbers:
				w.WriteGrid(g, sudokusat.LayoutNumbers)
			case format == "grid":
				w.WriteGrid(g, sudokusat.LayoutRows)
			case m.Puzzle.Layout == sudokusat.LayoutNumbers:
				w.WriteString(notation(m.Puzzle, g) + "\n")
			default:
				w.WriteGrid(g, sudokusat.LayoutLine)
			}
			if err := w.Flush(); err != nil {
				return writeErr(err)
			}
			return sat
		},
	}
}
