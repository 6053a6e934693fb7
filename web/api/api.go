// Package api is what the web page asks of sudokusat: solve, count, grade,
// encode and draw one puzzle given as text, and generate new ones. A
// puzzle is a classic grid in any format the command line reads, or a
// variant puzzle as an f-puzzles JSON document or link. Requests
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
	"github.com/sudokusat/sudokusat/engine"
	"github.com/sudokusat/sudokusat/generate"
	"github.com/sudokusat/sudokusat/grade"
	"github.com/sudokusat/sudokusat/render"
	"github.com/sudokusat/sudokusat/variant"
)

// Engines that run inside a browser: the native solver, the embedded
// gophersat and dancing links, under the command line's names. On variant
// puzzles EngineNative is the independent variant search, as on the
// command line, and dancing links, which know classic grids only, are an
// error.
const (
	EngineNative = "native"
	EngineSAT    = "sat"
	EngineDLX    = "dlx"
)

// Statuses of a successful reply, by operation. Solve's is "solved"; a
// failure's status is the engine layer's, as the command line prints it
// (engine.Status: "unsolvable", "invalid", "timeout", "error", …).
const (
	StatusCounted   = "counted"
	StatusGraded    = "graded"
	StatusGenerated = "generated"
	StatusEncoded   = "encoded"
	StatusDrawn     = "drawn"
)

// Request is one call's input. Each operation reads only the fields its
// doc comment names; the zero value of the others is ignored.
type Request struct {
	// Puzzle is the puzzle as text, in any format the command line reads:
	// a classic grid, or a variant puzzle as one f-puzzles JSON document
	// or link.
	Puzzle string `json:"puzzle"`
	// Engine is EngineNative, EngineSAT or EngineDLX; empty means
	// EngineNative.
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
	// Puzzle is the puzzle's givens on one line; Size its side and
	// Givens its number of givens.
	Puzzle string `json:"puzzle,omitempty"`
	Size   int    `json:"size,omitempty"`
	Givens int    `json:"givens,omitempty"`
	// Variant lists the rules of a variant puzzle beyond rows, columns and
	// boxes ("jigsaw", "killer", "anti-knight", …), each once, in the
	// order the puzzle gives them; it is empty for a classic puzzle, whose
	// Puzzle line says it all.
	Variant []string `json:"variant,omitempty"`
	// Solution is the solution on one line.
	Solution string `json:"solution,omitempty"`
	// Other and Differ are Count's answer when a puzzle has several
	// solutions: a second solution on one line, and the cells ("r1c2")
	// where it differs from Solution, where a setter may add a given.
	Other  string   `json:"other,omitempty"`
	Differ []string `json:"differ,omitempty"`
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

// Service runs the page's operations. Its zero value runs gophersat in
// this process, as the WebAssembly build does; a server sets Workers, so
// that searches run in parallel and a deadline stops them.
type Service struct {
	// Workers, when not nil, runs gophersat in its worker processes.
	Workers *engine.Workers
	// MaxSize, when above zero, is the largest grid side the operations
	// take, Generate's Size included: a server's bound on the work and
	// the reply one call may cause.
	MaxSize int
}

// Ops returns the page's operations by the names JavaScript calls them.
func (s Service) Ops() map[string]Op {
	return map[string]Op{
		"solve":    s.Solve,
		"count":    s.Count,
		"grade":    s.Grade,
		"generate": s.Generate,
		"encode":   s.Encode,
		"render":   s.Render,
	}
}

// Ops returns the operations of the zero Service.
func Ops() map[string]Op { return Service{}.Ops() }

// Call is Service.Call on the zero Service.
func Call(ctx context.Context, op string, request []byte) []byte {
	return Service{}.Call(ctx, op, request)
}

// Call runs the operation named op on a JSON request and returns the JSON
// reply. It always returns a reply: an unknown operation, a malformed
// request or a panic in the solvers becomes an "error" reply, because a
// panic would end the WebAssembly program and leave the page dead.
func (s Service) Call(ctx context.Context, op string, request []byte) (reply []byte) {
	defer func() {
		if p := recover(); p != nil {
			reply = marshal(Reply{Status: engine.Failed.String(), Message: fmt.Sprintf("%s: %s: internal error: %v", engine.Failed.String(), op, p)})
		}
	}()
	fn, ok := s.Ops()[op]
	if !ok {
		return marshal(Reply{Status: engine.Failed.String(), Message: fmt.Sprintf("%s: unknown operation %q", engine.Failed.String(), op)})
	}
	var req Request
	if err := json.Unmarshal(request, &req); err != nil {
		return marshal(Reply{Status: engine.Failed.String(), Message: fmt.Sprintf("%s: %s: bad request: %v", engine.Failed.String(), op, err)})
	}
	return marshal(fn(ctx, req))
}

func marshal(r Reply) []byte {
	b, err := json.Marshal(r)
	if err != nil { // only a NaN or infinite number could do this
		b, _ = json.Marshal(Reply{Status: engine.Failed.String(), Message: fmt.Sprintf("%s: %v", engine.Failed.String(), err)})
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

// variantEncoding names the one CNF of variant puzzles (encode.Variant)
// in replies.
const variantEncoding = "variant"

// errNoPuzzle is the command line's message for an input without a puzzle.
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
		return nil, failure(engine.Invalid.String(), p.Line, s.tooLarge(n))
	}
	if err := variant.Validate(p); err != nil {
		return nil, failure(engine.Invalid.String(), p.Line, err)
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

// draw returns the SVG drawing of p, with solution in blue unless nil.
func draw(p *sudokusat.Puzzle, solution *sudokusat.Grid, cellSize float64) (string, error) {
	var b strings.Builder
	n := p.Grid.Size()
	o := render.Options{Solution: solution, CellSize: cellSize, Title: fmt.Sprintf("Sudoku %d×%d", n, n)}
	if !p.Classic() {
		o.Title = fmt.Sprintf("Variant Sudoku %d×%d", n, n)
		if err := render.VariantSVG(&b, p, o); err != nil {
			return "", err
		}
		return b.String(), nil
	}
	if err := render.SVG(&b, p.Grid, o); err != nil {
		return "", err
	}
	return b.String(), nil
}

// engine returns the engine req names for p: the page runs the native
// solver, dancing links and the embedded gophersat only (no external
// processes). The page's native is the fast path of the puzzle at hand:
// for a puzzle with rules or regions, which the native solver does not
// take, it is the search that does.
func (s Service) engine(req Request, p *sudokusat.Puzzle) (engine.Engine, error) {
	name := req.Engine
	switch name {
	case "", EngineNative:
		name = engine.NameNative
		if !p.Classic() {
			name = engine.NameSearch
		}
	case EngineDLX, EngineSAT:
	default:
		return nil, fmt.Errorf("unknown engine %q: the page runs %s, %s and %s", req.Engine, EngineNative, EngineSAT, EngineDLX)
	}
	return engine.Open(name, engine.Options{Encoding: req.Encoding, Workers: s.Workers})
}

// counted is what count ran: the engine's name and the encoding, if any.
type counted struct{ engine, encoding string }

// count counts up to limit solutions of p with the engine req names. The
// reply is valid only when the answer's status is not an answer.
func (s Service) count(ctx context.Context, req Request, p *sudokusat.Puzzle, limit int) (engine.Answer, counted, Reply) {
	e, err := s.engine(req, p)
	if err != nil {
		return engine.Answer{}, counted{}, failure(engine.Failed.String(), p.Line, err)
	}
	a := engine.Count(ctx, e, p, limit, 0)
	what := counted{e.Name(), engine.Encoding(e)}
	if what.encoding != "" && !p.Classic() {
		what.encoding = variantEncoding
	}
	if !a.Status.Answered() {
		return a, what, failure(a.Status.String(), p.Line, a.Err)
	}
	return a, what, Reply{}
}

func micros(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e3 }

// Solve is Service.Solve on the zero Service.
func Solve(ctx context.Context, req Request) Reply { return Service{}.Solve(ctx, req) }

// Solve solves req.Puzzle with req.Engine (and req.Encoding) and draws it
// with its solution. It reads Puzzle, Engine, Encoding and CellSize.
func (s Service) Solve(ctx context.Context, req Request) Reply {
	p, fail := s.parse(req.Puzzle)
	if p == nil {
		return fail
	}
	a, e, fail := s.count(ctx, req, p, 1)
	if !a.Status.Answered() {
		return fail
	}
	r := Reply{Engine: e.engine, Encoding: e.encoding, Micros: micros(a.Elapsed)}
	describe(&r, p)
	if a.Status == engine.Unsolvable {
		r.Status, r.Message = engine.Unsolvable.String(), failure(engine.Unsolvable.String(), p.Line, a.Err).Message
		r.SVG, _ = draw(p, nil, req.CellSize) // a valid puzzle always draws
		return r
	}
	svg, err := draw(p, a.Solution(), req.CellSize)
	if err != nil {
		return failure(engine.Failed.String(), p.Line, err)
	}
	r.Status, r.Solution, r.Text, r.SVG = engine.Solved.String(), a.Solution().String(), p.Format(a.Solution()), svg
	return r
}

// Count is Service.Count on the zero Service.
func Count(ctx context.Context, req Request) Reply { return Service{}.Count(ctx, req) }

// Count counts req.Puzzle's solutions up to req.Limit (2 when 0: a count
// of 1 proves the puzzle unique). When it finds two or more, the reply
// holds two of them, the cells where they differ, and a drawing of the
// first. It reads Puzzle, Engine, Encoding, Limit and CellSize.
func (s Service) Count(ctx context.Context, req Request) Reply {
	p, fail := s.parse(req.Puzzle)
	if p == nil {
		return fail
	}
	limit := req.Limit
	if limit == 0 {
		limit = 2
	}
	if limit < 1 {
		return failure(engine.Failed.String(), 0, fmt.Errorf("limit %d: want at least 1", limit))
	}
	a, e, fail := s.count(ctx, req, p, limit)
	if !a.Status.Answered() {
		return fail
	}
	r := Reply{Status: StatusCounted, Count: a.Count, Limit: limit, Engine: e.engine, Encoding: e.encoding, Micros: micros(a.Elapsed)}
	describe(&r, p)
	r.Text = strconv.Itoa(a.Count)
	if a.Count >= limit && limit > 1 {
		r.Text = "≥" + strconv.Itoa(limit)
	}
	if len(a.Solutions) >= 2 {
		first, other := a.Solutions[0], a.Solutions[1]
		r.Solution, r.Other = first.String(), other.String()
		for _, c := range engine.Differences(first, other) {
			r.Differ = append(r.Differ, fmt.Sprintf("r%dc%d", c/first.Size()+1, c%first.Size()+1))
		}
		svg, err := draw(p, first, req.CellSize)
		if err != nil {
			return failure(engine.Failed.String(), p.Line, err)
		}
		r.SVG = svg
	}
	return r
}

// Grade is Service.Grade on the zero Service.
func Grade(ctx context.Context, req Request) Reply { return Service{}.Grade(ctx, req) }

// Grade rates how hard req.Puzzle is for a person, as the grade command
// does. It reads Puzzle.
func (s Service) Grade(ctx context.Context, req Request) Reply {
	p, fail := s.parse(req.Puzzle)
	if p == nil {
		return fail
	}
	if !p.Classic() {
		return failure(engine.Invalid.String(), p.Line, grade.ErrRules)
	}
	start := time.Now()
	g, err := grade.Grade(ctx, p.Grid)
	switch {
	case errors.Is(err, grade.ErrUnsolvable):
		return failure(engine.Unsolvable.String(), p.Line, grade.ErrUnsolvable)
	case errors.Is(err, grade.ErrNotUnique):
		return failure(engine.Invalid.String(), p.Line, grade.ErrNotUnique)
	case errors.Is(err, grade.ErrTooLarge):
		return failure(engine.Invalid.String(), p.Line, err)
	case err != nil:
		return failure(engine.Failed.String(), p.Line, err)
	}
	r := Reply{Status: StatusGraded, Score: g.Score, Hardest: g.Hardest.String(), Guesses: g.Guesses,
		Solution: g.Solution.String(), Micros: micros(time.Since(start))}
	describe(&r, p)
	r.Text = fmt.Sprintf("%.1f %v", g.Score, g.Hardest)
	if g.Guesses > 0 {
		r.Text += fmt.Sprintf(" guesses=%d", g.Guesses)
	}
	return r
}

// Generate is Service.Generate on the zero Service.
func Generate(ctx context.Context, req Request) Reply { return Service{}.Generate(ctx, req) }

// Generate makes a puzzle with exactly one solution, as the generate
// command does, and proves it unique a second time with the native count
// and gophersat. It reads Size (0 means 9), Hints, Difficulty, Symmetric,
// Seed and CellSize.
func (s Service) Generate(ctx context.Context, req Request) Reply {
	n := req.Size
	if n == 0 {
		n = 9
	}
	// A short seed, so that a person can note it down to make the puzzle
	// again.
	seed := rand.Uint64N(1_000_000_000)
	if t := strings.TrimSpace(req.Seed); t != "" {
		var err error
		if seed, err = strconv.ParseUint(t, 10, 64); err != nil {
			return failure(engine.Failed.String(), 0, fmt.Errorf("seed %q: want a whole number from 0 to %d", t, uint64(1<<64-1)))
		}
	}
	if s.MaxSize > 0 && n > s.MaxSize {
		return failure(engine.Failed.String(), 0, s.tooLarge(n))
	}
	o := generate.Options{Size: n, Hints: req.Hints, Difficulty: req.Difficulty, Symmetric: req.Symmetric, Seed: seed}
	if err := o.Check(); err != nil {
		return failure(engine.Failed.String(), 0, err)
	}
	sat, err := engine.Open(engine.NameSAT, engine.Options{Workers: s.Workers})
	if err != nil {
		return failure(engine.Failed.String(), 0, err)
	}
	start := time.Now()
	p, err := generate.Generate(ctx, o)
	if err == nil {
		err = engine.VerifyUnique(ctx, p.Puzzle, p.Solution, engine.Native(), sat)
		if errors.Is(err, engine.ErrNotUnique) {
			err = fmt.Errorf("generator bug: %w", err)
		}
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return failure(engine.Timeout.String(), 0, errors.New("no puzzle before the deadline"))
	}
	if err != nil {
		return failure(engine.Failed.String(), 0, err)
	}
	made := &sudokusat.Puzzle{Grid: p.Puzzle}
	svg, err := draw(made, nil, req.CellSize)
	if err != nil {
		return failure(engine.Failed.String(), 0, err)
	}
	r := Reply{Status: StatusGenerated, Solution: p.Solution.String(), Reached: p.Reached, Attempts: p.Attempts,
		Seed: strconv.FormatUint(seed, 10), Micros: micros(time.Since(start)), SVG: svg}
	describe(&r, made)
	if p.Grade != nil {
		r.Score, r.Hardest, r.Guesses = p.Grade.Score, p.Grade.Hardest.String(), p.Grade.Guesses
	}
	return r
}

// Encode is Service.Encode on the zero Service.
func Encode(ctx context.Context, req Request) Reply { return Service{}.Encode(ctx, req) }

// Encode writes req.Puzzle as DIMACS CNF in req.Encoding, with the comment
// lines that let "sudokusat decode" read any solver's answer. A variant
// puzzle has one CNF (its rules in the comments, so that decode checks
// them). It reads Puzzle and Encoding.
func (s Service) Encode(_ context.Context, req Request) Reply {
	p, fail := s.parse(req.Puzzle)
	if p == nil {
		return fail
	}
	n := p.Grid.Size()
	start := time.Now()
	if _, err := encode.Describe(req.Encoding); err != nil {
		return failure(engine.Failed.String(), 0, err)
	}
	// A puzzle with rules has one CNF, its sums as combination clauses:
	// DIMACS has no PB constraints.
	f, err := encode.Puzzle(p, encode.Options{Encoding: req.Encoding})
	if err != nil {
		return failure(engine.Failed.String(), p.Line, err)
	}
	name := f.Encoding
	filename := fmt.Sprintf("sudoku-%dx%d-%s.cnf", n, n, name)
	var b bytes.Buffer
	if err := encode.WriteDIMACS(&b, f); err != nil {
		return failure(engine.Failed.String(), p.Line, err)
	}
	r := Reply{Status: StatusEncoded, Encoding: name, DIMACS: b.String(), Vars: f.Vars, Clauses: f.NumClauses(),
		Filename: filename, Micros: micros(time.Since(start))}
	describe(&r, p)
	return r
}

// Render is Service.Render on the zero Service.
func Render(ctx context.Context, req Request) Reply { return Service{}.Render(ctx, req) }

// Render draws req.Puzzle as SVG, givens only. It reads Puzzle and
// CellSize.
func (s Service) Render(_ context.Context, req Request) Reply {
	p, fail := s.parse(req.Puzzle)
	if p == nil {
		return fail
	}
	svg, err := draw(p, nil, req.CellSize)
	if err != nil {
		return failure(engine.Failed.String(), p.Line, err)
	}
	r := Reply{Status: StatusDrawn, SVG: svg}
	describe(&r, p)
	return r
}
