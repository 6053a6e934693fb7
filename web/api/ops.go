// The page's operations: Solve, Count, Grade, Generate, Encode and Render,
// each as a Service method and as a function on the zero Service (the
// setters' questions are in setter.go).

package api

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/engine"
	"github.com/sudokusat/sudokusat/explain"
	"github.com/sudokusat/sudokusat/generate"
	"github.com/sudokusat/sudokusat/variant"
)

func micros(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e3 }

// Solve is Service.Solve on the zero Service.
func Solve(ctx context.Context, req Request) Reply { return Service{}.Solve(ctx, req) }

// Solve solves req.Puzzle with req.Engine (and req.Encoding) and draws it
// with its solution. It reads Puzzle, Engine, Encoding and CellSize.
func (s Service) Solve(ctx context.Context, req Request) Reply {
	if fail := cellSizeFailure(req.CellSize); fail != nil {
		return *fail
	}
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
		r.Status, r.Message = engine.Unsolvable.String(), failed(engine.Unsolvable.String(), p, a.Err).Message
		r.SVG, _ = draw(p, nil, req.CellSize) // a valid puzzle always draws
		stated(&r, p, a)
		return r
	}
	svg, err := draw(p, a.Solution(), req.CellSize)
	if err != nil {
		return failed(engine.Failed.String(), p, err)
	}
	r.Status, r.Solution, r.Text, r.SVG = engine.Solved.String(), a.Solution().String(), p.Format(a.Solution()), svg
	shared := *p
	shared.Published = a.Solution()
	r.Link, err = variant.FPuzzlesLink(&shared) // none above 35×35
	if errors.Is(err, variant.ErrFormat) {
		r.Link, _ = variant.SudokuPadLink(&shared) // a kind f-puzzles lacks
	}
	stated(&r, p, a)
	return r
}

// stated fills in how the answer compares with the puzzle's stated
// solution.
func stated(r *Reply, p *sudokusat.Puzzle, a engine.Answer) {
	st := engine.CompareStated(p, a)
	r.Stated = st.Verdict
	if st.Verdict != "agrees" {
		r.StatedNote = st.String()
	}
}

// Count is Service.Count on the zero Service.
func Count(ctx context.Context, req Request) Reply { return Service{}.Count(ctx, req) }

// Count counts req.Puzzle's solutions up to req.Limit (2 when 0: a count
// of 1 proves the puzzle unique). When it finds two or more, the reply
// holds two of them, the cells where they differ, and a drawing of the
// first. It reads Puzzle, Engine, Encoding, Limit and CellSize.
func (s Service) Count(ctx context.Context, req Request) Reply {
	if fail := cellSizeFailure(req.CellSize); fail != nil {
		return *fail
	}
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
	stated(&r, p, a)
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
			return failed(engine.Failed.String(), p, err)
		}
		r.SVG = svg
	}
	return r
}

// Grade is Service.Grade on the zero Service.
func Grade(ctx context.Context, req Request) Reply { return Service{}.Grade(ctx, req) }

// Grade rates how hard req.Puzzle is for a person, as the grade command
// does: it proves it unique with the engine req names, then rates its
// solve path (explain). It reads Puzzle, Engine and Encoding.
func (s Service) Grade(ctx context.Context, req Request) Reply {
	p, fail := s.parse(req.Puzzle)
	if p == nil {
		return fail
	}
	start := time.Now()
	a, _, fail := s.count(ctx, req, p, 2)
	switch {
	case !a.Status.Answered():
		return fail
	case a.Status != engine.Solved:
		return failed(a.Status.String(), p, a.Err)
	case !a.Unique():
		return failed(engine.Invalid.String(), p, errors.New("more than one solution: a grade needs a unique puzzle"))
	}
	g, _, err := explain.Rate(ctx, p, explain.Options{Solution: a.Solution(), Unique: true, NoCheck: true})
	if err != nil {
		st, ok := engine.ContextStatus(ctx, err)
		if !ok {
			st = engine.Failed
		}
		if st == engine.Timeout {
			err = errors.New("no grade before the deadline")
		}
		return failed(st.String(), p, err)
	}
	r := Reply{Status: StatusGraded, Score: g.Rating, Hardest: g.Hardest, Guesses: g.Guesses,
		Solution: a.Solution().String(), Micros: micros(time.Since(start))}
	describe(&r, p)
	r.Text = fmt.Sprintf("%.1f %s", g.Rating, g.Hardest)
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
	if fail := cellSizeFailure(req.CellSize); fail != nil {
		return *fail
	}
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
	if st, ok := engine.ContextStatus(ctx, err); ok {
		if st == engine.Timeout {
			err = errors.New("no puzzle before the deadline")
		}
		return failure(st.String(), 0, err)
	}
	if err != nil {
		return failure(engine.Failed.String(), 0, err)
	}
	svg, err := draw(p.Puzzle, nil, req.CellSize)
	if err != nil {
		return failure(engine.Failed.String(), 0, err)
	}
	r := Reply{Status: StatusGenerated, Solution: p.Solution.String(), Reached: p.Reached, Attempts: p.Attempts,
		Seed: strconv.FormatUint(seed, 10), Micros: micros(time.Since(start)), SVG: svg}
	describe(&r, p.Puzzle)
	if p.Grade != nil {
		r.Score, r.Hardest, r.Guesses = p.Grade.Rating, p.Grade.Hardest, p.Grade.Guesses
	}
	return r
}

// Encode is Service.Encode on the zero Service.
func Encode(ctx context.Context, req Request) Reply { return Service{}.Encode(ctx, req) }

// Encode writes req.Puzzle as DIMACS CNF in req.Encoding, with the comment
// lines that let "sudokusat decode" read any solver's answer. A variant
// puzzle has one CNF (its rules in the comments, so that decode checks
// them). It reads Puzzle and Encoding.
func (s Service) Encode(ctx context.Context, req Request) Reply {
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
	f, err := encode.PuzzleContext(ctx, p, encode.Options{Encoding: req.Encoding})
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return failed(engine.Timeout.String(), p, err)
	case errors.Is(err, context.Canceled):
		return failed(engine.Canceled.String(), p, err)
	case err != nil:
		return failed(engine.Failed.String(), p, err)
	}
	name := f.Encoding
	filename := fmt.Sprintf("sudoku-%dx%d-%s.cnf", n, n, name)
	var b bytes.Buffer
	if err := encode.WriteDIMACS(&b, f); err != nil {
		return failed(engine.Failed.String(), p, err)
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
	if fail := cellSizeFailure(req.CellSize); fail != nil {
		return *fail
	}
	p, fail := s.parse(req.Puzzle)
	if p == nil {
		return fail
	}
	svg, err := draw(p, nil, req.CellSize)
	if err != nil {
		return failed(engine.Failed.String(), p, err)
	}
	r := Reply{Status: StatusDrawn, SVG: svg}
	describe(&r, p)
	return r
}
