// The setters' questions: Candidates, Hint and Minimal, the page's
// "sudokusat candidates", "hint" and "minimal", on one puzzle.

package api

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/engine"
	"github.com/sudokusat/sudokusat/explain"
	"github.com/sudokusat/sudokusat/setter"
)

// Statuses of the setters' questions answered, as the command line's
// summaries count them.
const (
	StatusFound    = "found"    // Candidates
	StatusAnswered = "answered" // Hint and Minimal
)

// MaxCap bounds Request.Limit for Candidates and Hint: each count up to
// the cap keeps the solutions it finds, so the cap bounds the memory of a
// question as MaxSize bounds its grid.
const MaxCap = 100

// Hint's cap when the request gives none: as the hint command's.
const defaultHintCap = 10

// A Part is a given or a rule of the puzzle, or a given a setter may add:
// Hint's and Minimal's answers.
type Part struct {
	// Name says it as the command line does: "r3c3=4", or a rule by
	// its kind, cells and value, "killer r1c1,r1c2 (7)".
	Name string `json:"name"`
	// A given: Cell is its cell ("r3c3"), Row and Col count from 1,
	// Digit is its digit.
	Cell  string `json:"cell,omitempty"`
	Row   int    `json:"row,omitempty"`
	Col   int    `json:"col,omitempty"`
	Digit int    `json:"digit,omitempty"`
	// A rule: Rule is its index in the puzzle's rules, from 1 as the
	// command line numbers them, and Kind its kind ("killer").
	Rule int    `json:"rule,omitempty"`
	Kind string `json:"kind,omitempty"`
}

func givenPart(n, cell, digit int) Part {
	row, col := cell/n+1, cell%n+1
	c := fmt.Sprintf("r%dc%d", row, col)
	return Part{Name: fmt.Sprintf("%s=%d", c, digit), Cell: c, Row: row, Col: col, Digit: digit}
}

// part names one of p's givens or rules.
func part(p *sudokusat.Puzzle, x setter.Part) Part {
	if x.Rule >= 0 {
		kind := p.Rules[x.Rule].Kind
		return Part{Name: explain.RuleName(p, x.Rule), Rule: x.Rule + 1, Kind: kind}
	}
	return givenPart(p.Size(), x.Cell, p.Grid.Cell(x.Cell))
}

func parts(p *sudokusat.Puzzle, xs []setter.Part) []Part {
	var out []Part
	for _, x := range xs {
		out = append(out, part(p, x))
	}
	return out
}

func givenParts(n int, gs []setter.Given) []Part {
	var out []Part
	for _, g := range gs {
		out = append(out, givenPart(n, g.Cell, g.Digit))
	}
	return out
}

func names(ps []Part) string {
	s := make([]string, len(ps))
	for i, x := range ps {
		s[i] = x.Name
	}
	return JoinNames(s)
}

// JoinNames joins the names of givens and rules into a list, the command
// line's and the page's: with spaces between givens ("r1c1=4 r2c2=5"),
// with commas when a rule's name, which has spaces, is among them
// ("r1c1=4, killer r1c1-r1c2 (7)").
func JoinNames(names []string) string {
	if slices.ContainsFunc(names, func(s string) bool { return strings.Contains(s, " ") }) {
		return strings.Join(names, ", ")
	}
	return strings.Join(names, " ")
}

// setterCap reads a request's cap: 0 is def, and it is at least low and
// at most MaxCap.
func setterCap(limit, def, low int) (int, *Reply) {
	if limit == 0 {
		limit = def
	}
	if limit < low || limit > MaxCap {
		r := failure(engine.Failed.String(), 0, fmt.Errorf("limit %d: want %d to %d solutions", limit, low, MaxCap))
		return 0, &r
	}
	return limit, nil
}

// questionFailure is the reply to a setter's question that got no
// answer: a count that timed out, was cancelled or failed.
func questionFailure(p *sudokusat.Puzzle, err error) Reply {
	var q *setter.QuestionError
	switch {
	case errors.As(err, &q) && q.Cell < 0:
		return failed(q.Status.String(), p, q.Err)
	case errors.As(err, &q):
		n := p.Size()
		return failed(q.Status.String(), p, fmt.Errorf("asking for %v in r%dc%d: %w", q.Digits, q.Cell/n+1, q.Cell%n+1, q.Err))
	case errors.Is(err, engine.ErrNotUnique):
		return failed(engine.Failed.String(), p, err)
	}
	return failed(engine.Invalid.String(), p, err) // variant.Validate refused it
}

// setterStart reads and checks what the three questions share: the cell
// size, the puzzle and the engine (without req.Engine, the one choice
// names for the puzzle). The reply is valid only when the puzzle is nil.
func (s Service) setterStart(req Request, choice engine.Choice) (*sudokusat.Puzzle, *engine.Engine, Reply) {
	if fail := cellSizeFailure(req.CellSize); fail != nil {
		return nil, nil, *fail
	}
	p, fail := s.parse(req.Puzzle)
	if p == nil {
		return nil, nil, fail
	}
	e, err := s.engine(req, p, choice)
	if err != nil {
		return nil, nil, failed(engine.Failed.String(), p, err)
	}
	if !p.Classic() && !e.Info().Rules {
		return nil, nil, failed(engine.Failed.String(), p, fmt.Errorf("engine %s %w: this puzzle has rules or regions (engines that take them: %s)", e.Name(), engine.ErrRules, s.table().Page().RulesEngines()))
	}
	return p, e, Reply{}
}

// answered is the start of a setter's reply: the puzzle described and
// drawn, givens only, and the engine that answered.
func answered(status string, p *sudokusat.Puzzle, e *engine.Engine, cellSize float64) (Reply, error) {
	r := Reply{Status: status, Engine: e.Name(), Encoding: e.Encoding()}
	if r.Encoding != "" && !p.Classic() {
		r.Encoding = variantEncoding
	}
	describe(&r, p)
	var err error
	r.SVG, err = draw(p, nil, cellSize)
	return r, err
}

// Candidates is Service.Candidates on the zero Service.
func Candidates(ctx context.Context, req Request) Reply { return Service{}.Candidates(ctx, req) }

// Candidates finds req.Puzzle's true candidates, as the candidates
// command does: the digits some solution puts in each cell, each with
// the number of solutions that do, up to req.Limit (0 means 1: possible
// or not; at most MaxCap). The reply's Candidates lists each cell's
// digits, Counts (with a cap above 1) their counts, and Text is the
// command line's line form; it draws the puzzle, givens only. A puzzle
// without a solution is an "unsolvable" reply with its drawing. It reads
// Puzzle, Engine, Encoding, Limit and CellSize.
func (s Service) Candidates(ctx context.Context, req Request) Reply {
	limit, fail := setterCap(req.Limit, 1, 1)
	if fail != nil {
		return *fail
	}
	p, e, r := s.setterStart(req, engine.Covering())
	if p == nil {
		return r
	}
	k, err := setter.TrueCandidates(ctx, e, p, limit, 0)
	if err != nil {
		return questionFailure(p, err)
	}
	r, err = answered(StatusFound, p, e, req.CellSize)
	if err != nil {
		return failed(engine.Failed.String(), p, err)
	}
	r.Micros, r.Questions, r.Met, r.Limit = micros(k.Elapsed), k.Questions, len(k.Solutions), limit
	if len(k.Solutions) == 0 {
		r.Status, r.Message = engine.Unsolvable.String(), failed(engine.Unsolvable.String(), p, engine.ErrNoSolution).Message
		return r
	}
	n := k.Size
	r.Candidates = make([][]int, n*n)
	var line []byte
	for cell, counts := range k.Count {
		r.Candidates[cell] = []int{}
		for d, c := range counts {
			if c > 0 {
				r.Candidates[cell] = append(r.Candidates[cell], d+1)
			}
			if n <= sudokusat.MaxSymbolSize {
				if c > 0 {
					line = append(line, sudokusat.Symbol(d+1))
				} else {
					line = append(line, '.')
				}
			}
		}
	}
	r.Text = string(line)
	if limit > 1 {
		r.Counts = k.Count
	}
	return r
}

// Hint is Service.Hint on the zero Service.
func Hint(ctx context.Context, req Request) Reply { return Service{}.Hint(ctx, req) }

// Hint answers what would make req.Puzzle unique, as the hint command
// does. For a puzzle with several solutions (Count of them, up to
// req.Limit: 0 means 10, at least 2, at most MaxCap), Unique lists the
// givens that each leave exactly one, or, when none does, Pair two that
// together do, and Closest those that leave the fewest (Left of them,
// counted up to Ranked past the cap when tied there; Tried givens
// weighed); for a puzzle without a solution,
// Core is a set of givens and rules with none among themselves and Fixes
// those of them whose removal alone gives it one. Text is the command
// line's line. It draws the puzzle, givens only, and reads Puzzle,
// Engine, Encoding, Limit and CellSize.
func (s Service) Hint(ctx context.Context, req Request) Reply {
	limit, fail := setterCap(req.Limit, defaultHintCap, 2)
	if fail != nil {
		return *fail
	}
	p, e, r := s.setterStart(req, engine.Counting())
	if p == nil {
		return r
	}
	h, err := setter.MakeUnique(ctx, e, p, limit, 0)
	if err != nil {
		return questionFailure(p, err)
	}
	r, err = answered(StatusAnswered, p, e, req.CellSize)
	if err != nil {
		return failed(engine.Failed.String(), p, err)
	}
	n := p.Size()
	r.Micros, r.Questions, r.Count, r.Limit = micros(h.Elapsed), h.Questions, h.Solutions, limit
	r.Unique, r.Closest, r.Left = givenParts(n, h.Givens), givenParts(n, h.Closest), h.Left
	r.Core, r.Fixes = parts(p, h.Core), parts(p, h.Fixes)
	r.Pair, r.Tried, r.Ranked = givenParts(n, h.Pair), h.Tried, h.Ranked
	r.Text = HintText(p, h, limit)
	return r
}

// HintText is a hint's line, the command line's and the page's: for a
// puzzle with several solutions that no single given makes unique, it
// says so and what comes closest, a pair of givens that does or the
// given that leaves the fewest solutions, without listing every given
// tied there.
func HintText(p *sudokusat.Puzzle, h *setter.Hint, limit int) string {
	n := p.Size()
	count := countText(h.Solutions, limit)
	switch {
	case h.Solutions == 1:
		return "1 unique: no hint needed"
	case h.Solutions == 0 && len(h.Fixes) > 0:
		return fmt.Sprintf("0 none: conflicting: %s; removing one of these gives a solution: %s", names(parts(p, h.Core)), names(parts(p, h.Fixes)))
	case h.Solutions == 0:
		return fmt.Sprintf("0 none: conflicting: %s; no one of them alone gives a solution", names(parts(p, h.Core)))
	case len(h.Givens) > 0:
		return fmt.Sprintf("%s several: each of these makes it unique: %s", count, names(givenParts(n, h.Givens)))
	}
	s := fmt.Sprintf("%s several: no one of the %d givens the solutions allow makes it unique", count, h.Tried)
	if len(h.Pair) == 2 {
		return s + "; these two together do: " + names(givenParts(n, h.Pair))
	}
	if len(h.Closest) == 0 {
		return s
	}
	if h.Ranked > 0 {
		limit = h.Ranked
	}
	left := countText(h.Left, limit)
	switch best := givenPart(n, h.Closest[0].Cell, h.Closest[0].Digit).Name; {
	case h.Left >= limit && len(h.Closest) == h.Tried:
		return fmt.Sprintf("%s; each leaves %s solutions", s, left)
	case len(h.Closest) == 1:
		return fmt.Sprintf("%s; %s leaves the fewest solutions: %s", s, best, left)
	default:
		return fmt.Sprintf("%s; %s and %d more leave the fewest solutions: %s", s, best, len(h.Closest)-1, left)
	}
}

// countText writes a count up to limit as the command line does: "≥10"
// at the limit.
func countText(count, limit int) string {
	if count >= limit && limit > 1 {
		return fmt.Sprintf("≥%d", limit)
	}
	return fmt.Sprint(count)
}

// Minimal is Service.Minimal on the zero Service.
func Minimal(ctx context.Context, req Request) Reply { return Service{}.Minimal(ctx, req) }

// Minimal reports which givens and rules a unique req.Puzzle does not
// need, as the minimal command does: Alone lists those each of which can
// go alone, the puzzle staying unique (none: IsMinimal), and Together one
// maximal set that can go together. Text is the command line's line. A
// puzzle that is not unique is an "error" reply (engine.ErrNotUnique),
// with Count its solutions up to 2. It draws the puzzle, givens only,
// and reads Puzzle, Engine, Encoding and CellSize. Under CallProgress it
// reports how far it has got.
func (s Service) Minimal(ctx context.Context, req Request) Reply {
	p, e, r := s.setterStart(req, engine.Counting())
	if p == nil {
		return r
	}
	m, err := setter.MinimalProgress(ctx, e, p, 0, reporter(ctx))
	if errors.Is(err, engine.ErrNotUnique) {
		// Its first question, asked again for the count, which the page
		// puts in words: cheap beside the questions of a unique puzzle.
		r = questionFailure(p, err)
		if a := engine.Count(ctx, e, p, 2, 0); a.Status.Answered() {
			r.Count = a.Count
			r.Limit = 2
		}
		return r
	}
	if err != nil {
		return questionFailure(p, err)
	}
	r, err = answered(StatusAnswered, p, e, req.CellSize)
	if err != nil {
		return failed(engine.Failed.String(), p, err)
	}
	r.Micros, r.Questions = micros(m.Elapsed), m.Questions
	r.Alone, r.Together, r.IsMinimal = parts(p, m.Alone), parts(p, m.Together), len(m.Alone) == 0
	switch {
	case r.IsMinimal:
		r.Text = "minimal"
	default:
		r.Text = fmt.Sprintf("not minimal: removable alone: %s; together: %s", names(r.Alone), names(r.Together))
	}
	return r
}
