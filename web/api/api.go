// Package api is what the web page asks of sudokusat: solve, count, grade,
// encode and draw one puzzle given as text, and generate new ones. Requests
// and replies are plain records that travel as JSON, so that cmd/wasm only
// carries them across to JavaScript and the page holds no Sudoku logic of
// its own. Bad input gets the command line's messages, in its form
// "STATUS: line N: reason".
package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/generate"
	"github.com/sudokusat/sudokusat/grade"
	"github.com/sudokusat/sudokusat/native"
	"github.com/sudokusat/sudokusat/render"
	"github.com/sudokusat/sudokusat/satsolve"
)

// Engines that run inside a browser: the native solver and the embedded
// gophersat, under the command line's names.
const (
	EngineNative = "native"
	EngineSAT    = "sat"
)

// Statuses of a reply. The failures are the command line's.
const (
	StatusSolved     = "solved"
	StatusCounted    = "counted"
	StatusGraded     = "graded"
	StatusGenerated  = "generated"
	StatusEncoded    = "encoded"
	StatusDrawn      = "drawn"
	StatusUnsolvable = "unsolvable"
	StatusInvalid    = "invalid"
	StatusError      = "error"
)

// Request is one call's input. Each operation reads only the fields its
// doc comment names; the zero value of the others is ignored.
type Request struct {
	// Puzzle is the puzzle as text, in any format the command line reads.
	Puzzle string `json:"puzzle"`
	// Engine is EngineNative or EngineSAT; empty means EngineNative.
	Engine string `json:"engine"`
	// Encoding names the CNF encoding for EngineSAT and Encode; empty
	// means encode.Default.
	Encoding string `json:"encoding"`
	// Limit is how many solutions Count looks for; 0 means 2.
	Limit int `json:"limit"`
	// Size, Hints, Difficulty and Symmetric are Generate's targets, as
	// the generate command's flags of the same names.
	Size       int     `json:"size"`
	Hints      int     `json:"hints"`
	Difficulty float64 `json:"difficulty"`
	Symmetric  bool    `json:"symmetric"`
	// Seed makes Generate reproducible: a whole number, written as a
	// string because JavaScript numbers lose precision above 2⁵³. Empty
	// means a random seed, reported in the reply.
	Seed string `json:"seed"`
	// CellSize is a drawn cell's side in pixels; 0 means 40.
	CellSize float64 `json:"cellSize"`
}

// Reply is one call's answer. Message is set exactly when the call failed,
// and holds the line the command line would print for it.
type Reply struct {
	Status  string `json:"status"`
	Message string `json:"message,omitempty"`
	// Puzzle is the puzzle on one line; Size its side and Givens its
	// number of givens.
	Puzzle string `json:"puzzle,omitempty"`
	Size   int    `json:"size,omitempty"`
	Givens int    `json:"givens,omitempty"`
	// Solution is the solution on one line.
	Solution string `json:"solution,omitempty"`
	// Text is the record the command line prints on success: the
	// solution in the puzzle's own layout (solve), the count ("1", "≥2"),
	// or the grade line ("5.0 guessing guesses=21").
	Text string `json:"text,omitempty"`
	// Count and Limit are Count's answer: solutions found, capped at Limit.
	Count int `json:"count,omitempty"`
	Limit int `json:"limit,omitempty"`
	// Score, Hardest and Guesses are the grade, from Grade, or from
	// Generate with a difficulty target.
	Score   float64 `json:"score,omitempty"`
	Hardest string  `json:"hardest,omitempty"`
	Guesses int     `json:"guesses,omitempty"`
	// Reached, Attempts and Seed describe a generated puzzle: whether its
	// targets were met, how many full grids were tried, and the seed that
	// makes it again.
	Reached  bool   `json:"reached,omitempty"`
	Attempts int    `json:"attempts,omitempty"`
	Seed     string `json:"seed,omitempty"`
	// Engine and Encoding say what solved or counted; Encoding also names
	// Encode's encoding.
	Engine   string `json:"engine,omitempty"`
	Encoding string `json:"encoding,omitempty"`
	// Micros is the time the work took, in microseconds.
	Micros float64 `json:"us,omitempty"`
	// SVG draws the puzzle, with the solution in blue when there is one.
	SVG string `json:"svg,omitempty"`
	// DIMACS is Encode's CNF, Vars and Clauses its size, and Filename a
	// name to save it under.
	DIMACS   string `json:"dimacs,omitempty"`
	Vars     int    `json:"vars,omitempty"`
	Clauses  int    `json:"clauses,omitempty"`
	Filename string `json:"filename,omitempty"`
}

// Op is one operation of the page.
type Op func(context.Context, Request) Reply

// Ops returns the page's operations by the names JavaScript calls them.
func Ops() map[string]Op {
	return map[string]Op{
		"solve":    Solve,
		"count":    Count,
		"grade":    Grade,
		"generate": Generate,
		"encode":   Encode,
		"render":   Render,
	}
}

// Call runs the operation named op on a JSON request and returns the JSON
// reply. It always returns a reply: an unknown operation, a malformed
// request or a panic in the solvers becomes one with StatusError, because
// a panic would end the WebAssembly program and leave the page dead.
func Call(ctx context.Context, op string, request []byte) (reply []byte) {
	defer func() {
		if p := recover(); p != nil {
			reply = marshal(Reply{Status: StatusError, Message: fmt.Sprintf("%s: %s: internal error: %v", StatusError, op, p)})
		}
	}()
	fn, ok := Ops()[op]
	if !ok {
		return marshal(Reply{Status: StatusError, Message: fmt.Sprintf("%s: unknown operation %q", StatusError, op)})
	}
	var req Request
	if err := json.Unmarshal(request, &req); err != nil {
		return marshal(Reply{Status: StatusError, Message: fmt.Sprintf("%s: %s: bad request: %v", StatusError, op, err)})
	}
	return marshal(fn(ctx, req))
}

func marshal(r Reply) []byte {
	b, err := json.Marshal(r)
	if err != nil { // only a NaN or infinite number could do this
		b, _ = json.Marshal(Reply{Status: StatusError, Message: fmt.Sprintf("%s: %v", StatusError, err)})
	}
	return b
}

// failure is a reply that failed: status, and the command line's message,
// which names the puzzle's line when there is one.
func failure(status string, line int, err error) Reply {
	if line > 0 {
		return Reply{Status: status, Message: fmt.Sprintf("%s: line %d: %v", status, line, err)}
	}
	return Reply{Status: status, Message: fmt.Sprintf("%s: %v", status, err)}
}

// errNoPuzzle is the command line's message for an input without a puzzle.
var errNoPuzzle = errors.New("no puzzle in the input")

// errTwoPuzzles rejects a second puzzle, which the page would otherwise drop
// without a word.
var errTwoPuzzles = errors.New("more than one puzzle in the input: the page takes one")

// parse reads the one puzzle of text and checks its givens, as the command
// line does before any solver sees it. The failure reply is valid only when
// the puzzle is nil.
func parse(text string) (*sudokusat.Puzzle, Reply) {
	r := sudokusat.NewReader(strings.NewReader(text))
	p, err := r.Read()
	var pe *sudokusat.ParseError
	switch {
	case errors.Is(err, io.EOF):
		return nil, failure(StatusInvalid, 0, errNoPuzzle)
	case errors.As(err, &pe):
		return nil, failure(StatusInvalid, pe.Line, pe.Err)
	case err != nil:
		return nil, failure(StatusError, 0, err)
	}
	next, err := r.Read()
	switch {
	case errors.As(err, &pe):
		return nil, failure(StatusInvalid, pe.Line, errTwoPuzzles)
	case err == nil:
		return nil, failure(StatusInvalid, next.Line, errTwoPuzzles)
	}
	if err := p.Grid.Validate(); err != nil {
		return nil, failure(StatusInvalid, p.Line, err)
	}
	return p, Reply{}
}

// describe fills in the puzzle's own fields of a reply.
func describe(r *Reply, g *sudokusat.Grid) {
	r.Puzzle, r.Size, r.Givens = g.String(), g.Size(), g.Givens()
}

// draw returns the SVG drawing of puzzle, with solution in blue unless nil.
func draw(puzzle, solution *sudokusat.Grid, cellSize float64) (string, error) {
	var b strings.Builder
	n := puzzle.Size()
	o := render.Options{Solution: solution, CellSize: cellSize, Title: fmt.Sprintf("Sudoku %d×%d", n, n)}
	if err := render.SVG(&b, puzzle, o); err != nil {
		return "", err
	}
	return b.String(), nil
}

// errWrong marks an engine's answer that the validator rejected, as the
// command line names it.
var errWrong = errors.New("wrong answer")

// counted is one engine's count of a puzzle's solutions.
type counted struct {
	count    int
	solution *sudokusat.Grid
	engine   string
	encoding string
	elapsed  time.Duration
}

// countWith counts up to limit solutions of g with the engine req names,
// and checks the first one with the validator, which shares no code with
// either engine, as the command line does.
func countWith(ctx context.Context, req Request, g *sudokusat.Grid, limit int) (counted, error) {
	start := time.Now()
	var c counted
	switch req.Engine {
	case "", EngineNative:
		r, err := native.Count(ctx, g, limit)
		if err != nil {
			return counted{}, err
		}
		c = counted{count: r.Count, solution: r.Solution, engine: EngineNative}
	case EngineSAT:
		name := req.Encoding
		if name == "" {
			name = encode.Default
		}
		enc, err := encode.Lookup(name)
		if err != nil {
			return counted{}, err
		}
		f, err := enc(g)
		if err != nil {
			return counted{}, err
		}
		r, err := satsolve.Count(ctx, f, limit)
		if errors.Is(err, satsolve.ErrWrongModel) {
			return counted{}, fmt.Errorf("%w: %w", errWrong, err)
		}
		if err != nil {
			return counted{}, err
		}
		c = counted{count: r.Count, solution: r.Solution, engine: EngineSAT, encoding: name}
	default:
		return counted{}, fmt.Errorf("unknown engine %q: the page runs %s and %s", req.Engine, EngineNative, EngineSAT)
	}
	c.elapsed = time.Since(start)
	if (c.count > 0) != (c.solution != nil) {
		return counted{}, fmt.Errorf("%w: %s counted %d but gave %v", errWrong, c.engine, c.count, c.solution)
	}
	if c.solution != nil {
		if err := sudokusat.CheckSolution(g, c.solution); err != nil {
			return counted{}, fmt.Errorf("%w: %s: %w", errWrong, c.engine, err)
		}
	}
	return c, nil
}

func micros(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e3 }

// Solve solves req.Puzzle with req.Engine (and req.Encoding) and draws it
// with its solution. It reads Puzzle, Engine, Encoding and CellSize.
func Solve(ctx context.Context, req Request) Reply {
	p, fail := parse(req.Puzzle)
	if p == nil {
		return fail
	}
	c, err := countWith(ctx, req, p.Grid, 1)
	if err != nil {
		return failure(StatusError, p.Line, err)
	}
	r := Reply{Engine: c.engine, Encoding: c.encoding, Micros: micros(c.elapsed)}
	describe(&r, p.Grid)
	if c.count == 0 {
		r.Status, r.Message = StatusUnsolvable, failure(StatusUnsolvable, p.Line, errors.New("no solution")).Message
		r.SVG, _ = draw(p.Grid, nil, req.CellSize) // a valid puzzle always draws
		return r
	}
	svg, err := draw(p.Grid, c.solution, req.CellSize)
	if err != nil {
		return failure(StatusError, p.Line, err)
	}
	r.Status, r.Solution, r.Text, r.SVG = StatusSolved, c.solution.String(), p.Format(c.solution), svg
	return r
}

// Count counts req.Puzzle's solutions up to req.Limit (2 when 0: a count
// of 1 proves the puzzle unique). It reads Puzzle, Engine, Encoding and
// Limit.
func Count(ctx context.Context, req Request) Reply {
	p, fail := parse(req.Puzzle)
	if p == nil {
		return fail
	}
	limit := req.Limit
	if limit == 0 {
		limit = 2
	}
	if limit < 1 {
		return failure(StatusError, 0, fmt.Errorf("limit %d: want at least 1", limit))
	}
	c, err := countWith(ctx, req, p.Grid, limit)
	if err != nil {
		return failure(StatusError, p.Line, err)
	}
	r := Reply{Status: StatusCounted, Count: c.count, Limit: limit, Engine: c.engine, Encoding: c.encoding, Micros: micros(c.elapsed)}
	describe(&r, p.Grid)
	r.Text = strconv.Itoa(c.count)
	if c.count >= limit && limit > 1 {
		r.Text = "≥" + strconv.Itoa(limit)
	}
	return r
}

// Grade rates how hard req.Puzzle is for a person, as the grade command
// does. It reads Puzzle.
func Grade(ctx context.Context, req Request) Reply {
	p, fail := parse(req.Puzzle)
	if p == nil {
		return fail
	}
	start := time.Now()
	g, err := grade.Grade(ctx, p.Grid)
	switch {
	case errors.Is(err, grade.ErrUnsolvable):
		return failure(StatusUnsolvable, p.Line, grade.ErrUnsolvable)
	case errors.Is(err, grade.ErrNotUnique):
		return failure(StatusInvalid, p.Line, grade.ErrNotUnique)
	case errors.Is(err, grade.ErrTooLarge):
		return failure(StatusInvalid, p.Line, err)
	case err != nil:
		return failure(StatusError, p.Line, err)
	}
	r := Reply{Status: StatusGraded, Score: g.Score, Hardest: g.Hardest.String(), Guesses: g.Guesses,
		Solution: g.Solution.String(), Micros: micros(time.Since(start))}
	describe(&r, p.Grid)
	r.Text = fmt.Sprintf("%.1f %v", g.Score, g.Hardest)
	if g.Guesses > 0 {
		r.Text += fmt.Sprintf(" guesses=%d", g.Guesses)
	}
	return r
}

// Generate makes a puzzle with exactly one solution, as the generate
// command does, and proves it unique a second time with the native count
// and gophersat. It reads Size (0 means 9), Hints, Difficulty, Symmetric,
// Seed and CellSize.
func Generate(ctx context.Context, req Request) Reply {
	n := req.Size
	if n == 0 {
		n = 9
	}
	if !sudokusat.ValidSize(n) {
		_, _, err := sudokusat.BoxShape(n)
		if err == nil {
			err = fmt.Errorf("%w: %d: want 4 to %d", sudokusat.ErrSize, n, sudokusat.MaxSize)
		}
		return failure(StatusError, 0, err)
	}
	if h := req.Hints; h < 0 || h > n*n {
		return failure(StatusError, 0, fmt.Errorf("hints %d: want 0 to %d for a %d×%d grid", h, n*n, n, n))
	}
	if d := req.Difficulty; d != 0 && (d < 1 || d > 5) {
		return failure(StatusError, 0, fmt.Errorf("difficulty %g: want 1.0 to 5.0", d))
	}
	if req.Difficulty != 0 && n > grade.MaxSize {
		return failure(StatusError, 0, fmt.Errorf("difficulty: grading stops at %d×%d", grade.MaxSize, grade.MaxSize))
	}
	// A short seed, so that a person can note it down to make the puzzle
	// again.
	seed := rand.Uint64N(1_000_000_000)
	if s := strings.TrimSpace(req.Seed); s != "" {
		var err error
		if seed, err = strconv.ParseUint(s, 10, 64); err != nil {
			return failure(StatusError, 0, fmt.Errorf("seed %q: want a whole number from 0 to %d", s, uint64(1<<64-1)))
		}
	}
	o := generate.Options{Size: n, Hints: req.Hints, Difficulty: req.Difficulty, Symmetric: req.Symmetric, Seed: seed}
	if n > 16 {
		// As in the generate command: sparse large grids can take seconds
		// per proof, and a cell whose removal is not proved keeps its given.
		o.CheckTimeout = time.Second
	}
	start := time.Now()
	p, err := generate.Generate(ctx, o)
	if err == nil {
		err = verify(ctx, p)
	}
	if err != nil {
		return failure(StatusError, 0, err)
	}
	svg, err := draw(p.Puzzle, nil, req.CellSize)
	if err != nil {
		return failure(StatusError, 0, err)
	}
	r := Reply{Status: StatusGenerated, Solution: p.Solution.String(), Reached: p.Reached, Attempts: p.Attempts,
		Seed: strconv.FormatUint(seed, 10), Micros: micros(time.Since(start)), SVG: svg}
	describe(&r, p.Puzzle)
	if p.Grade != nil {
		r.Score, r.Hardest, r.Guesses = p.Grade.Score, p.Grade.Hardest.String(), p.Grade.Guesses
	}
	return r
}

// verify proves a generated puzzle unique again, independently of the
// generator, as the generate command does: the validator on its solution,
// the native count, and gophersat on the reduced CNF.
func verify(ctx context.Context, p *generate.Puzzle) error {
	if err := sudokusat.CheckSolution(p.Puzzle, p.Solution); err != nil {
		return fmt.Errorf("generator bug: %w", err)
	}
	r, err := native.Count(ctx, p.Puzzle, 2)
	if err != nil {
		return err
	}
	if r.Count != 1 {
		return fmt.Errorf("generator bug: native count finds %d solutions", r.Count)
	}
	f, err := encode.Reduced(p.Puzzle)
	if err != nil {
		return err
	}
	s, err := satsolve.Count(ctx, f, 2)
	if err != nil {
		return fmt.Errorf("gophersat check: %w", err)
	}
	if s.Count != 1 || !s.Solution.Equal(p.Solution) {
		return fmt.Errorf("generator bug: gophersat finds %d solutions", s.Count)
	}
	return nil
}

// Encode writes req.Puzzle as DIMACS CNF in req.Encoding, with the comment
// lines that let "sudokusat decode" read any solver's answer. It reads
// Puzzle and Encoding.
func Encode(_ context.Context, req Request) Reply {
	p, fail := parse(req.Puzzle)
	if p == nil {
		return fail
	}
	name := req.Encoding
	if name == "" {
		name = encode.Default
	}
	enc, err := encode.Lookup(name)
	if err != nil {
		return failure(StatusError, 0, err)
	}
	start := time.Now()
	f, err := enc(p.Grid)
	if err != nil {
		return failure(StatusError, p.Line, err)
	}
	var b bytes.Buffer
	if err := encode.WriteDIMACS(&b, f); err != nil {
		return failure(StatusError, p.Line, err)
	}
	n := p.Grid.Size()
	r := Reply{Status: StatusEncoded, Encoding: name, DIMACS: b.String(), Vars: f.Vars, Clauses: f.NumClauses(),
		Filename: fmt.Sprintf("sudoku-%dx%d-%s.cnf", n, n, name), Micros: micros(time.Since(start))}
	describe(&r, p.Grid)
	return r
}

// Render draws req.Puzzle as SVG, givens only. It reads Puzzle and
// CellSize.
func Render(_ context.Context, req Request) Reply {
	p, fail := parse(req.Puzzle)
	if p == nil {
		return fail
	}
	svg, err := draw(p.Grid, nil, req.CellSize)
	if err != nil {
		return failure(StatusError, p.Line, err)
	}
	r := Reply{Status: StatusDrawn, SVG: svg}
	describe(&r, p.Grid)
	return r
}
