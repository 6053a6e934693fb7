package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/engine"
)

func candidatesCommand() *cli.Command {
	return &cli.Command{
		Name:      "candidates",
		Usage:     "each cell's true candidates: the digits some solution puts there",
		ArgsUsage: "[FILE|-]...",
		Description: "Each puzzle gives one record: its true candidates (a digit is one when some solution puts\n" +
			"it in the cell), each with the number of solutions that do, up to --cap; or STATUS: message.\n" +
			"Every candidate has a solution found and checked as its witness; every digit left out is a\n" +
			"\"no solution\" answer of the engine, proved with --certify. --timeout bounds each question.\n" +
			"Formats: grid (pencil marks in the grid's layout), line (N³ symbols a puzzle, '.' where a digit\n" +
			"cannot go: the form other tools read) or json (with the counts)." + "\n\n" +
			examples(
				"sudokusat candidates puzzles.txt", "each puzzle's pencil-mark grid",
				"sudokusat candidates --format line puzzles.txt", "one line of 729 symbols a 9×9 puzzle",
				"sudokusat candidates --cap 10 --format json open.json", "how many solutions use each digit, up to 10",
				"sudokusat candidates --engine search thermo.json", "with the variant search, not gophersat",
				"sudokusat candidates --certify puzzles.txt", "every digit ruled out backed by a checked DRAT proof"),
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "cap", Value: 1, Usage: "count each candidate's solutions up to `K` (1: possible or not)"},
			&cli.StringFlag{Name: "engine", Aliases: []string{"e"}, Value: "sat", Usage: "solver `ENGINE`"},
			&cli.StringFlag{Name: "encoding", Value: encode.Default, Usage: "CNF `ENCODING`: " + strings.Join(encode.Names(), ", ")},
			&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "grid", Usage: "output `FORMAT`: grid, line or json"},
			timeoutFlag("give up on a question (one count) after `DURATION` (0: never)"),
			workersFlag(),
			quietFlag(),
			certifyFlag(),
			sumsFlag(),
			maxClausesFlag(),
		},
		Action: func(c *cli.Context) error {
			limit := c.Int("cap")
			if limit < 1 {
				return usagef("--cap %d: want at least 1", limit)
			}
			write, ok := candidateFormats[c.String("format")]
			if !ok {
				return usagef("unknown format %q (want grid, line or json)", c.String("format"))
			}
			timeout, workers := c.Duration("timeout"), c.Int("workers")
			pool, err := newWorkers(workers, timeout > 0)
			if err != nil {
				return err
			}
			defer pool.Close()
			e, err := openEngine(c, pool)
			if err != nil {
				return err
			}
			start := time.Now()
			var total, failed int
			tally := map[string]int{}
			interrupted, err := runBatch(c, engine.Concurrency(workers, e),
				func(ctx context.Context, it *item) *candidateOutcome {
					if it.err != nil {
						return &candidateOutcome{item: it, status: engine.Invalid, err: it.err}
					}
					k, err := engine.TrueCandidates(ctx, e, it.puzzle, limit, timeout)
					return newCandidateOutcome(it, k, err)
				},
				func(w *sudokusat.Writer, _ *item, o *candidateOutcome) {
					total++
					if o.status != engine.Solved {
						failed++
						tally[o.status.String()]++
					} else {
						tally["found"]++
					}
					write(w, e, o)
				}, nil)
			if err != nil && !interrupted {
				return err
			}
			fmt.Fprintf(c.App.ErrWriter, "sudokusat: candidates of %d %s in %v (engine %s): %s\n", total, plural(total, "puzzle", "puzzles"),
				time.Since(start).Round(time.Millisecond), e.Name(), tallyText(tally))
			if interrupted {
				return errInterrupted
			}
			if failed > 0 {
				return errUnsolved
			}
			return nil
		},
	}
}

// candidateOutcome is what became of one puzzle's candidates: Solved
// when they were found (a puzzle without a solution is Unsolvable).
type candidateOutcome struct {
	*item
	status engine.Status
	k      *engine.Candidates
	err    error
}

func newCandidateOutcome(it *item, k *engine.Candidates, err error) *candidateOutcome {
	o := &candidateOutcome{item: it, k: k, err: err}
	var q *engine.QuestionError
	switch {
	case errors.As(err, &q):
		o.status = q.Status
	case err != nil:
		o.status = engine.Invalid // the puzzle itself: variant.Validate refused it
	case len(k.Solutions) == 0:
		o.status, o.err = engine.Unsolvable, engine.ErrNoSolution
	default:
		o.status = engine.Solved
	}
	return o
}

// candidateFormats are candidates' output formats.
var candidateFormats = map[string]func(*sudokusat.Writer, engine.Engine, *candidateOutcome){
	"grid": writeCandidateGrid,
	"line": writeCandidateLine,
	"json": writeCandidateJSON,
}

// symbols writes a cell's candidates in symbols ("137"), or as numbers
// separated by commas above 35×35.
func symbols(k *engine.Candidates, cell int) string {
	var b strings.Builder
	for d := 1; d <= k.Size; d++ {
		if !k.Possible(cell, d) {
			continue
		}
		if k.Size > sudokusat.MaxSymbolSize {
			if b.Len() > 0 {
				b.WriteByte(',')
			}
			fmt.Fprint(&b, d)
			continue
		}
		b.WriteByte(sudokusat.Symbol(d))
	}
	return b.String()
}

// writeCandidateGrid writes the pencil-mark grid: each cell's candidates,
// padded to one width, box lines between boxes when the regions are the
// grid's boxes; a blank line after each record.
func writeCandidateGrid(w *sudokusat.Writer, _ engine.Engine, o *candidateOutcome) {
	if o.status != engine.Solved {
		fmt.Fprintf(w, "%s: %s: %v\n\n", o.status, o.where(), o.err)
		return
	}
	k, p := o.k, o.puzzle
	n := k.Size
	width := 1
	for cell := range n * n {
		width = max(width, len(symbols(k, cell)))
	}
	boxes := p.Regions == nil && p.Grid.BoxRows() > 1
	br, bc := p.Grid.BoxRows(), p.Grid.BoxCols()
	for r := range n {
		var b strings.Builder
		for c := range n {
			if boxes && c > 0 && c%bc == 0 {
				b.WriteString(" |")
			}
			fmt.Fprintf(&b, " %-*s", width, symbols(k, r*n+c))
		}
		row := b.String()[1:]
		if boxes && r > 0 && r%br == 0 {
			// The rule under a row of boxes: '+' where the row has '|'.
			w.WriteString(strings.Map(func(ch rune) rune {
				if ch == '|' {
					return '+'
				}
				return '-'
			}, row) + "\n")
		}
		w.WriteString(strings.TrimRight(row, " ") + "\n")
	}
	w.WriteString("\n")
}

// writeCandidateLine writes the N³ symbols of a puzzle's candidates on
// one line: for each cell, digit d at place d, '.' where it cannot go.
func writeCandidateLine(w *sudokusat.Writer, _ engine.Engine, o *candidateOutcome) {
	if o.status != engine.Solved {
		fmt.Fprintf(w, "%s: %s: %v\n", o.status, o.where(), o.err)
		return
	}
	k := o.k
	if k.Size > sudokusat.MaxSymbolSize {
		fmt.Fprintf(w, "error: %s: a %d×%d grid has no line of symbols (up to %d×%d): use --format json\n", o.where(), k.Size, k.Size, sudokusat.MaxSymbolSize, sudokusat.MaxSymbolSize)
		return
	}
	b := make([]byte, 0, k.Size*k.Size*k.Size+1)
	for cell := range k.Size * k.Size {
		for d := 1; d <= k.Size; d++ {
			if k.Possible(cell, d) {
				b = append(b, sudokusat.Symbol(d))
			} else {
				b = append(b, '.')
			}
		}
	}
	w.Write(append(b, '\n'))
}

// candidateJSON is one record of candidates --format json.
type candidateJSON struct {
	Index  int    `json:"index"`
	File   string `json:"file"`
	Line   int    `json:"line"`
	Status string `json:"status"`
	Error  string `json:"error,omitempty"`
	// Candidates lists each cell's possible digits, row-major; Counts,
	// with --cap above 1, each cell's count for digits 1..N.
	Candidates [][]int `json:"candidates,omitempty"`
	Counts     [][]int `json:"counts,omitempty"`
	Cap        int     `json:"cap,omitempty"`
	// Solutions is the number of distinct solutions met, Questions the
	// counts asked of the engine.
	Solutions int     `json:"solutions"`
	Questions int     `json:"questions"`
	Certified bool    `json:"certified,omitempty"`
	Engine    string  `json:"engine"`
	Micros    float64 `json:"us"`
}

func writeCandidateJSON(w *sudokusat.Writer, e engine.Engine, o *candidateOutcome) {
	r := candidateJSON{Index: o.index, File: o.file, Line: o.line, Status: o.status.String(), Engine: e.Name()}
	if o.err != nil {
		r.Error = fmt.Sprintf("%s: %v", o.where(), o.err)
	}
	if k := o.k; k != nil {
		r.Solutions, r.Questions, r.Micros = len(k.Solutions), k.Questions, float64(k.Elapsed.Nanoseconds())/1e3
		if o.status == engine.Solved {
			r.Certified = k.Certified
			r.Candidates = make([][]int, len(k.Count))
			for cell, counts := range k.Count {
				r.Candidates[cell] = []int{}
				for d, c := range counts {
					if c > 0 {
						r.Candidates[cell] = append(r.Candidates[cell], d+1)
					}
				}
			}
			if k.Cap > 1 {
				r.Counts, r.Cap = k.Count, k.Cap
			}
		}
	}
	b, _ := json.Marshal(r) // numbers and strings always marshal
	w.Write(append(b, '\n'))
}
