// Package setter answers a setter's questions about a puzzle, classic or
// with rules: its true candidates (the digits each cell holds in some
// solution: TrueCandidates), what would make it unique (MakeUnique), and
// which givens and rules a unique one does not need (Minimal). Each answer
// is a series of counts asked of an engine through engine.Count, so that
// every solution met is checked by the validator and every "no solution"
// carries the engine's certificate when it gives one.
package setter

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/engine"
	"github.com/sudokusat/sudokusat/variant"
)

// Candidates are a puzzle's true candidates: the digits each cell holds in
// some solution, each with the number of solutions that put it there, up
// to a cap.
type Candidates struct {
	// Size is the grid's side N.
	Size int
	// Cap is the most solutions counted for one candidate.
	Cap int
	// Count[cell][d-1] is the number of solutions with digit d in cell
	// (row-major from 0), at most Cap: 0 for a digit no solution puts
	// there.
	Count [][]int
	// Solutions are the distinct solutions met on the way, each checked
	// by the validator: every candidate counted has a witness here. With
	// a cap above 1 a count may be higher than its witnesses: an engine
	// that counts a candidate's solutions without listing them all (the
	// native solver returns the first) is taken at its count; gophersat
	// lists every solution it counts.
	Solutions []*sudokusat.Grid
	// Questions is the number of counts asked of the engine.
	Questions int
	// Certified reports that every "no solution" answer behind a digit
	// counted 0 was proved by a checked proof (see engine.Options.Certify);
	// digits refused by the givens alone need none.
	Certified bool
	// Stats are the engine's figures, summed over the questions.
	Stats engine.Stats
	// Elapsed is the time the questions took, each as the engine measured
	// it where it ran: a worker's queue, shared by the puzzles under way,
	// is left out.
	Elapsed time.Duration
}

// Possible reports whether digit d goes in cell in some solution.
func (c *Candidates) Possible(cell, d int) bool { return c.Count[cell][d-1] > 0 }

// A QuestionError is a count a setter's question asked that got no
// answer: Status says why (engine.Timeout, Canceled, Wrong or Failed), Err
// is the answer's reason.
type QuestionError struct {
	Status engine.Status
	// Cell and Digits say what was asked: a solution with one of Digits
	// in Cell (row-major from 0), or any solution when Cell is -1.
	Cell   int
	Digits []int
	Size   int
	Err    error
}

func (e *QuestionError) Error() string {
	if e.Cell < 0 {
		return fmt.Sprintf("%s: %v", e.Status, e.Err)
	}
	return fmt.Sprintf("%s asking for %v in r%dc%d: %v", e.Status, e.Digits, e.Cell/e.Size+1, e.Cell%e.Size+1, e.Err)
}

func (e *QuestionError) Unwrap() error { return e.Err }

// TrueCandidates finds p's true candidates with e, each digit of each cell
// counted up to limit (≥ 1) solutions. Every count is a question to e
// through Count, so that each solution met is checked by the validator
// and each "no solution" carries e's certificate when it gives one. The
// questions are few: a solution found marks all its digits at once, and
// for an engine that takes rules, one question per cell asks for a
// solution with any digit not yet seen there (the cell's pencil marks), so
// that one "no solution" rules all of them out. An engine of classic
// grids is asked digit by digit, each as a given. A positive timeout
// bounds each question. A puzzle that has no solution has no candidates:
// every count is 0.
func TrueCandidates(ctx context.Context, e *engine.Engine, p *sudokusat.Puzzle, limit int, timeout time.Duration) (*Candidates, error) {
	if limit < 1 {
		return nil, fmt.Errorf("candidates: cap %d: want at least 1", limit)
	}
	if err := variant.Validate(p); err != nil {
		return nil, err
	}
	n := p.Size()
	k := &candidateFinder{
		Candidates: Candidates{Size: n, Cap: limit, Count: make([][]int, n*n), Certified: true},
		ctx:        ctx, e: e, p: p, timeout: timeout,
		seen: map[string]bool{}, exact: make([]bool, n*n*n),
	}
	for i := range k.Count {
		k.Count[i] = make([]int, n)
	}

	// The puzzle itself first: its solutions mark their digits, and a
	// puzzle without one has no candidates.
	found, err := k.ask(p, -1, nil, limit)
	if err != nil || found == 0 {
		return &k.Candidates, err
	}
	// A given's cell holds the given.
	for cell := range n * n {
		if g := p.Grid.Cell(cell); g != 0 {
			k.ruleOut(cell, slices.DeleteFunc(digitsOf(1<<n-1), func(d int) bool { return d == g }))
		}
	}
	// Possible or not: gophersat covers every digit some solution puts in
	// some cell in one solver (see engine.Cover); the other engines, and
	// gophersat when its answers must be certified, are asked cell by cell
	// for solutions with digits not yet seen there, until none is left.
	covered, err := k.cover()
	if err != nil {
		return nil, err
	}
	marks := e.Info().Rules && n < 63
	for cell := range n * n {
		if covered {
			break
		}
		for {
			unseen := 0
			for d := 1; d <= n; d++ {
				if k.Count[cell][d-1] == 0 && !k.ruledOut(cell, d) {
					unseen |= 1 << (d - 1)
				}
			}
			if unseen == 0 {
				break
			}
			if !marks {
				for d := 1; d <= n; d++ {
					if unseen>>(d-1)&1 != 0 {
						if _, err := k.ask(given(p, cell, d), cell, []int{d}, 1); err != nil {
							return nil, err
						}
					}
				}
				break
			}
			q := withRule(p, sudokusat.Rule{Kind: variant.PencilMarks, Cells: []int{cell}, Value: unseen})
			found, err = k.ask(q, cell, digitsOf(unseen), 1)
			if err != nil {
				return nil, err
			}
			if found == 0 {
				break
			}
		}
	}
	// Counts up to the cap, for the digits that are possible.
	if limit > 1 {
		for cell := range n * n {
			for d := 1; d <= n; d++ {
				if c := k.Count[cell][d-1]; c > 0 && c < limit {
					found, err := k.ask(given(p, cell, d), cell, []int{d}, limit)
					if err != nil {
						return nil, err
					}
					// found counts every solution with d in cell, up to
					// the cap, those recorded before and after it too:
					// the count is exact, and record adds no more to it.
					k.Count[cell][d-1] = max(k.Count[cell][d-1], found)
					k.exact[cell*n+d-1] = true
				}
			}
		}
	}
	return &k.Candidates, nil
}

// candidateFinder is TrueCandidates at work.
type candidateFinder struct {
	Candidates
	ctx     context.Context
	e       *engine.Engine
	p       *sudokusat.Puzzle
	timeout time.Duration
	seen    map[string]bool // the solutions in Solutions
	// exact marks the counts that a count of their own set, at
	// cell*N+d-1: a solution recorded later is already in them.
	exact []bool
	// out marks the digits known impossible: out[cell] bit d-1.
	out map[int]int
}

func (k *candidateFinder) ruledOut(cell, d int) bool { return k.out[cell]>>(d-1)&1 != 0 }

// ask counts q's solutions up to limit, records each new one (every digit
// of it counts once more, up to the cap), and returns the count. When q
// has none, the digits asked about are ruled out for cell.
func (k *candidateFinder) ask(q *sudokusat.Puzzle, cell int, digits []int, limit int) (int, error) {
	if variant.Validate(q) != nil {
		// The givens refuse the digit: no engine needed.
		k.ruleOut(cell, digits)
		return 0, nil
	}
	k.Questions++
	a := engine.Count(k.ctx, k.e, q, limit, k.timeout)
	k.Stats.Add(a.Stats)
	k.Elapsed += a.Elapsed
	switch a.Status {
	case engine.Solved:
		for _, s := range a.Solutions {
			k.record(s)
		}
		return a.Count, nil
	case engine.Unsolvable:
		k.Certified = k.Certified && a.Certified
		k.ruleOut(cell, digits)
		return 0, nil
	}
	return 0, &QuestionError{Status: a.Status, Cell: cell, Digits: digits, Size: k.Size, Err: a.Err}
}

// cover asks the engine for solutions that cover every possible digit of
// every cell in one search (engine.Cover), records them, each checked by
// the validator, and rules out every digit none of them has. covered is
// false when the engine has no such search, or when the question gets no
// answer in its own time or fails: the questions are then asked one by
// one. The caller's deadline or cancellation, and a wrong answer, are
// errors.
func (k *candidateFinder) cover() (covered bool, err error) {
	a, ok := engine.Cover(k.ctx, k.e, k.p, k.timeout)
	k.Elapsed += a.Elapsed
	switch {
	case !ok:
		return false, nil
	case k.ctx.Err() != nil, a.Status == engine.Wrong:
		return false, &QuestionError{Status: a.Status, Cell: -1, Size: k.Size, Err: a.Err}
	case a.Status != engine.Solved:
		return false, nil
	}
	k.Questions += len(a.Solutions) + 1 // the models, and the UNSAT that ends them
	k.Stats.Add(a.Stats)
	k.Certified = false
	for _, s := range a.Solutions {
		k.record(s)
	}
	for cell := range k.Size * k.Size {
		var out []int
		for d := 1; d <= k.Size; d++ {
			if k.Count[cell][d-1] == 0 {
				out = append(out, d)
			}
		}
		k.ruleOut(cell, out)
	}
	return true, nil
}

func (k *candidateFinder) ruleOut(cell int, digits []int) {
	if cell < 0 {
		return // the whole puzzle: its counts stay 0
	}
	if k.out == nil {
		k.out = map[int]int{}
	}
	for _, d := range digits {
		k.out[cell] |= 1 << (d - 1)
	}
}

// record adds a solution not met before: each of its digits counts once
// more. It was checked by Count against a puzzle with p's rules and more,
// so it is a solution of p.
func (k *candidateFinder) record(s *sudokusat.Grid) {
	key := s.String()
	if k.seen[key] {
		return
	}
	k.seen[key] = true
	k.Solutions = append(k.Solutions, s)
	for cell := range s.Len() {
		d := s.Cell(cell)
		if !k.exact[cell*k.Size+d-1] {
			k.Count[cell][d-1] = min(k.Count[cell][d-1]+1, k.Cap)
		}
	}
}

// given returns p with digit d given in cell.
func given(p *sudokusat.Puzzle, cell, d int) *sudokusat.Puzzle {
	q := *p
	q.Grid = p.Grid.Clone()
	q.Grid.SetCell(cell, d)
	q.Published = nil
	return &q
}

// withRule returns p with one more rule.
func withRule(p *sudokusat.Puzzle, r sudokusat.Rule) *sudokusat.Puzzle {
	q := *p
	q.Rules = append(slices.Clip(p.Rules), r)
	q.Published = nil
	return &q
}

// digitsOf lists the digits of a set, bit d-1 for digit d.
func digitsOf(set int) []int {
	var out []int
	for d := 1; set>>(d-1) != 0; d++ {
		if set>>(d-1)&1 != 0 {
			out = append(out, d)
		}
	}
	return out
}
