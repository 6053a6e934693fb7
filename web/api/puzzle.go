// Reading and checking the one puzzle of a request, describing and drawing
// it, and choosing and running the engine that counts its solutions.

package api

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/engine"
	"github.com/sudokusat/sudokusat/render"
	"github.com/sudokusat/sudokusat/variant"
)

// variantEncoding names the one CNF of variant puzzles (encode.Puzzle of a puzzle with rules)
// in replies.
const variantEncoding = "variant"

// errNoPuzzle answers an input without a puzzle. The command line, which
// has no record to write then, says "no puzzle in FILE" on standard error.
var errNoPuzzle = errors.New("no puzzle in the input")

// errTwoPuzzles rejects a second puzzle, which the page would otherwise drop
// without a word.
var errTwoPuzzles = errors.New("more than one puzzle in the input: the page takes one")

// parse reads the one puzzle of text, in any format the command line
// reads, and checks its givens and rules, as the command line does before
// any solver sees it. The failure reply is valid only when the puzzle is
// nil.
func (s Service) parse(text string) (*sudokusat.Puzzle, Reply) {
	r := variant.NewReader(strings.NewReader(text))
	r.MaxDocument = s.MaxDocument
	p, err := r.Read()
	if err != nil {
		return nil, readFailure(err)
	}
	var pe *sudokusat.ParseError
	next, err := r.Read()
	switch {
	case errors.As(err, &pe):
		return nil, failure(engine.Invalid.String(), pe.Line, errTwoPuzzles)
	case err == nil:
		return nil, failure(engine.Invalid.String(), next.Line, errTwoPuzzles)
	}
	if n := p.Size(); s.MaxSize > 0 && n > s.MaxSize {
		return nil, failed(engine.Invalid.String(), p, s.tooLarge(n))
	}
	if err := variant.Validate(p); err != nil {
		return nil, failed(engine.Invalid.String(), p, err)
	}
	return p, Reply{}
}

// readFailure is the reply for a first puzzle that could not be read: none
// in the input, one that does not parse (its line named), or the reader's
// own failure.
func readFailure(err error) Reply {
	var pe *sudokusat.ParseError
	switch {
	case errors.Is(err, io.EOF):
		return failure(engine.Invalid.String(), 0, errNoPuzzle)
	case errors.As(err, &pe):
		return failure(engine.Invalid.String(), pe.Line, pe.Err)
	}
	return failure(engine.Failed.String(), 0, err)
}

func (s Service) tooLarge(n int) error {
	return fmt.Errorf("a %d×%d grid: this server takes grids up to %d×%d (the command line and the WebAssembly page take any)", n, n, s.MaxSize, s.MaxSize)
}

// describe fills in the puzzle's own fields of a reply.
func describe(r *Reply, p *sudokusat.Puzzle) {
	g := p.Grid
	r.Puzzle, r.Size, r.Givens = g.String(), g.Size(), g.Givens()
	r.Variant = rules(p)
	r.document(p)
}

// notRead lists what p's document shows that was not read as a rule.
func notRead(p *sudokusat.Puzzle) []Unread {
	var out []Unread
	n := p.Size()
	for _, u := range p.Unread {
		cells := make([]string, len(u.Cells))
		for i, c := range u.Cells {
			cells[i] = fmt.Sprintf("r%dc%d", c/n+1, c%n+1)
		}
		out = append(out, Unread{Kind: u.Kind, Cells: cells, Text: u.Text, Reason: u.Reason})
	}
	return out
}

// rules names a puzzle's rules, each once, in the puzzle's order.
func rules(p *sudokusat.Puzzle) []string {
	var out []string
	seen := map[string]bool{}
	add := func(name string) {
		if !seen[name] {
			seen[name] = true
			out = append(out, name)
		}
	}
	if p.Regions != nil {
		add("jigsaw")
	}
	for _, c := range p.Rules {
		switch c.Kind {
		case variant.DiagonalMain, variant.DiagonalAnti:
			add("diagonal")
		case variant.Region:
			add("extra region")
		default:
			add(c.Kind)
		}
	}
	return out
}

// cellSizeFailure is the reply to a request whose CellSize render does
// not take (1e308 drew width="+Inf"), given before any work is done, or
// nil.
func cellSizeFailure(px float64) *Reply {
	if render.ValidCellSize(px) {
		return nil
	}
	r := failure(engine.Failed.String(), 0, fmt.Errorf("cellSize %g: want %d to %d pixels, or 0 for 40", px, render.MinCellSize, render.MaxCellSize))
	return &r
}

// draw returns the SVG drawing of p, with solution in blue unless nil.
func draw(p *sudokusat.Puzzle, solution *sudokusat.Grid, cellSize float64) (string, error) {
	var b strings.Builder
	n := p.Grid.Size()
	o := render.Options{Solution: solution, CellSize: cellSize, Title: fmt.Sprintf("Sudoku %d×%d", n, n)}
	if !p.Classic() {
		o.Title = fmt.Sprintf("Variant Sudoku %d×%d", n, n)
	}
	if err := render.SVG(&b, p, o); err != nil {
		return "", err
	}
	return b.String(), nil
}

// table returns the table of engines the service runs.
func (s Service) table() engine.Table {
	if s.Table == nil {
		return engine.Engines()
	}
	return s.Table
}

// engine returns the engine req names for p: one of the table's page
// engines (no processes of their own), or for an empty name the one
// choice names for p (engine.Counting but for candidates). A name means
// what it means on the command line: native takes classic grids only.
func (s Service) engine(req Request, p *sudokusat.Puzzle, choice engine.Choice) (*engine.Engine, error) {
	name := req.Engine
	if name == "" {
		name = choice.For(p)
	}
	page := s.table().Page()
	if !slices.Contains(page.Names(), name) {
		return nil, fmt.Errorf("unknown engine %q: the page runs %s", req.Engine, strings.Join(page.Names(), ", "))
	}
	return page.Open(name, engine.Options{Encoding: req.Encoding, Workers: s.Workers})
}

// counted is what count ran: the engine's name and the encoding, if any.
type counted struct{ engine, encoding string }

// count counts up to limit solutions of p with the engine req names. The
// reply is valid only when the answer's status is not an answer.
func (s Service) count(ctx context.Context, req Request, p *sudokusat.Puzzle, limit int) (engine.Answer, counted, Reply) {
	e, err := s.engine(req, p, engine.Counting())
	if err != nil {
		return engine.Answer{}, counted{}, failed(engine.Failed.String(), p, err)
	}
	a := engine.Count(ctx, e, p, limit, 0)
	what := counted{e.Name(), e.Encoding()}
	if what.encoding != "" && !p.Classic() {
		what.encoding = variantEncoding
	}
	if !a.Status.Answered() {
		return a, what, failed(a.Status.String(), p, a.Err)
	}
	return a, what, Reply{}
}
