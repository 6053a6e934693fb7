package api

import (
	"context"
	"fmt"
	"time"

	"github.com/sudokusat/sudokusat/engine"
	"github.com/sudokusat/sudokusat/explain"
)

// Explain is Service.Explain on the zero Service.
func Explain(ctx context.Context, req Request) Reply { return Service{}.Explain(ctx, req) }

// Explain finds req.Puzzle's solve path, as the explain command does: it
// counts the puzzle's solutions to 2 with the engine req names, then
// finds the path from the givens to the solution, every step proved. The
// reply's status is the path's ("explained", "guessed" or "stuck"), its
// Explanation the path as the command line's JSON writes it, and its SVG
// the puzzle drawn, for the page to mark each step's cells on. It reads
// Puzzle, Engine, Encoding, MaxRating, NoGuess and CellSize.
func (s Service) Explain(ctx context.Context, req Request) Reply {
	if fail := cellSizeFailure(req.CellSize); fail != nil {
		return *fail
	}
	if req.MaxRating < 0 {
		return failure(engine.Failed.String(), 0, fmt.Errorf("maxRating %g: want 0 (no limit) or more", req.MaxRating))
	}
	p, fail := s.parse(req.Puzzle)
	if p == nil {
		return fail
	}
	start := time.Now()
	a, what, fail := s.count(ctx, req, p, 2)
	if !a.Status.Answered() {
		return fail
	}
	if a.Status != engine.Solved {
		return failed(a.Status.String(), p, a.Err)
	}
	path, err := explain.Explain(ctx, p, explain.Options{Solution: a.Solution(), Unique: a.Unique(), MaxRating: req.MaxRating, NoGuess: req.NoGuess})
	if err != nil {
		st, ok := engine.ContextStatus(ctx, err)
		if !ok {
			st = engine.Failed
		}
		return failed(st.String(), p, err)
	}
	svg, err := draw(p, nil, req.CellSize)
	if err != nil {
		return failed(engine.Failed.String(), p, err)
	}
	rep := explain.NewReport(p, path)
	r := Reply{Status: string(path.Status), Explanation: &rep, Solution: a.Solution().String(), Count: a.Count, Limit: a.Limit,
		Engine: what.engine, Encoding: what.encoding, SVG: svg, Micros: micros(time.Since(start))}
	describe(&r, p)
	r.Text = fmt.Sprintf("%s in %d steps", path.Status, len(path.Steps))
	if h := rep.Hardest; h != nil {
		r.Text += fmt.Sprintf("; hardest: step %d, %s (%.1f)", h.Step, h.Technique, h.Cost)
	}
	return r
}
