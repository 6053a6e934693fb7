// Package grade rates how hard a Sudoku puzzle is for a person: it solves
// the puzzle with human techniques only, always the easiest one that makes
// progress, and scores the puzzle by the hardest technique it needed. A
// puzzle that the techniques cannot finish needs guessing, the top band.
//
// The scale, from 1.0 to 5.0 (Level gives each technique's value):
//
//	1.0  hidden single (a digit with one place left in a row, column or box)
//	1.5  naked single (a cell with one candidate left)
//	2.0  locked candidates (pointing and claiming)
//	2.5  naked pair          2.8  hidden pair
//	3.0  naked triple        3.2  hidden triple
//	3.4  X-wing
//	3.6  naked quad          3.8  hidden quad
//	4.0  swordfish
//	4.2  XY-wing
//	5.0  guessing (trial and error; the number of guesses is reported)
package grade

import (
	"context"
	"errors"
	"fmt"
	"math/bits"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/native"
)

// MaxSize is the largest grid side Grade accepts: a cell's candidates are
// one 64-bit word.
const MaxSize = 64

// Technique is a human solving technique, from the easiest.
type Technique int

// The techniques, in the order the grader tries them.
const (
	HiddenSingle Technique = iota
	NakedSingle
	LockedCandidates
	NakedPair
	HiddenPair
	NakedTriple
	HiddenTriple
	XWing
	NakedQuad
	HiddenQuad
	Swordfish
	XYWing
	Guessing
	// NumTechniques is the number of techniques, Guessing included.
	NumTechniques
)

var techInfo = [NumTechniques]struct {
	name  string
	level float64
}{
	{"hidden-single", 1.0},
	{"naked-single", 1.5},
	{"locked-candidates", 2.0},
	{"naked-pair", 2.5},
	{"hidden-pair", 2.8},
	{"naked-triple", 3.0},
	{"hidden-triple", 3.2},
	{"x-wing", 3.4},
	{"naked-quad", 3.6},
	{"hidden-quad", 3.8},
	{"swordfish", 4.0},
	{"xy-wing", 4.2},
	{"guessing", 5.0},
}

// String returns the technique's name, e.g. "x-wing".
func (t Technique) String() string {
	if t < 0 || t >= NumTechniques {
		return fmt.Sprintf("technique(%d)", int(t))
	}
	return techInfo[t].name
}

// Level returns the technique's place on the 1.0–5.0 scale.
func (t Technique) Level() float64 {
	if t < 0 || t >= NumTechniques {
		return 0
	}
	return techInfo[t].level
}

// ErrUnsolvable reports a puzzle with no solution.
var ErrUnsolvable = errors.New("no solution")

// ErrNotUnique reports a puzzle with more than one solution: it has no
// single answer to reach by deduction, so it has no grade.
var ErrNotUnique = errors.New("more than one solution")

// ErrTooLarge reports a grid wider than MaxSize.
var ErrTooLarge = errors.New("grid too large to grade")

// ErrRules refuses a puzzle with rules or regions: the difficulty scale
// rates the techniques of classic Sudoku.
var ErrRules = errors.New("grading rates classic puzzles only: the difficulty scale knows no rules or regions")

// Result is a puzzle's grade.
type Result struct {
	// Score is the Level of Hardest: 1.0 to 5.0.
	Score float64
	// Hardest is the hardest technique the solve needed.
	Hardest Technique
	// Steps counts how often each technique made progress, indexed by
	// Technique, before any guess.
	Steps [NumTechniques]int
	// Guesses is the number of trial placements a depth-first search made
	// before it reached the solution, using every technique between
	// guesses; 0 when no guess was needed.
	Guesses int
	// Solution is the puzzle's solution.
	Solution *sudokusat.Grid
}

// Grade checks that g has exactly one solution (native.Count) and rates it.
// The error wraps ErrUnsolvable, ErrNotUnique, ErrTooLarge,
// sudokusat.ErrConflict for conflicting givens, or ctx.Err().
func Grade(ctx context.Context, g *sudokusat.Grid) (Result, error) {
	if err := g.Validate(); err != nil {
		return Result{}, fmt.Errorf("grade: %w", err)
	}
	if g.Size() > MaxSize {
		return Result{}, fmt.Errorf("grade: %w: %d×%d, the limit is %d×%d", ErrTooLarge, g.Size(), g.Size(), MaxSize, MaxSize)
	}
	c, err := native.Count(ctx, g, 2)
	if err != nil {
		return Result{}, fmt.Errorf("grade: %w", err)
	}
	switch c.Count {
	case 0:
		return Result{}, fmt.Errorf("grade: %w", ErrUnsolvable)
	case 2:
		return Result{}, fmt.Errorf("grade: %w", ErrNotUnique)
	}
	return Rate(ctx, g)
}

// Rate is Grade without the uniqueness proof, for callers that have made it
// already (the generator proves every removal). On a puzzle with several
// solutions it rates the way to the first solution its search meets.
func Rate(ctx context.Context, g *sudokusat.Grid) (Result, error) {
	if g.Size() > MaxSize {
		return Result{}, fmt.Errorf("grade: %w: %d×%d, the limit is %d×%d", ErrTooLarge, g.Size(), g.Size(), MaxSize, MaxSize)
	}
	b := newBoard(g.BoxRows(), g.BoxCols())
	s := b.newState()
	for i := range g.Len() {
		if d := g.Cell(i); d != 0 && !s.place(i, d) {
			return Result{}, fmt.Errorf("grade: %w", ErrUnsolvable)
		}
	}
	r := &rater{ctx: ctx, b: b}
	var res Result
	ok, err := r.logic(s, &res.Steps)
	if err != nil {
		return Result{}, err
	}
	if !ok {
		return Result{}, fmt.Errorf("grade: %w", ErrUnsolvable)
	}
	for t := Technique(0); t < Guessing; t++ {
		if res.Steps[t] > 0 {
			res.Hardest = t
		}
	}
	if s.left > 0 {
		solved, err := r.search(s)
		if err != nil {
			return Result{}, err
		}
		if solved == nil {
			return Result{}, fmt.Errorf("grade: %w", ErrUnsolvable)
		}
		s = solved
		res.Hardest = Guessing
		res.Guesses = r.guesses
	}
	res.Score = res.Hardest.Level()
	res.Solution = g.Clone()
	for i, d := range s.val {
		res.Solution.SetCell(i, int(d))
	}
	return res, nil
}

// rater runs one grading.
type rater struct {
	ctx     context.Context
	b       *board
	guesses int
	work    int // logic steps since the context was last checked
}

// logic applies the techniques, easiest first, until the puzzle is solved
// or none makes progress. It returns false on a contradiction, which only a
// wrong guess produces.
func (r *rater) logic(s *state, steps *[NumTechniques]int) (bool, error) {
	for s.left > 0 {
		r.work++
		if r.work%256 == 0 {
			if err := r.ctx.Err(); err != nil {
				return false, fmt.Errorf("grade: %w", err)
			}
		}
		progress := false
		for t := Technique(0); t < Guessing; t++ {
			p, ok := s.apply(t)
			if !ok {
				return false, nil
			}
			if p {
				steps[t]++
				progress = true
				break
			}
		}
		if !progress {
			return true, nil
		}
	}
	return true, nil
}

// search guesses depth first: it tries each candidate of a cell with the
// fewest, finishing each try with logic, and returns the solved state, or
// nil when every guess fails.
func (r *rater) search(s *state) (*state, error) {
	cell, best := -1, 65
	for i, c := range s.cand {
		if s.val[i] == 0 {
			if k := bits.OnesCount64(c); k < best {
				cell, best = i, k
			}
		}
	}
	var scratch [NumTechniques]int
	for c := s.cand[cell]; c != 0; c &= c - 1 {
		if err := r.ctx.Err(); err != nil {
			return nil, fmt.Errorf("grade: %w", err)
		}
		d := bits.TrailingZeros64(c) + 1
		r.guesses++
		t := s.clone()
		if !t.place(cell, d) {
			continue
		}
		ok, err := r.logic(t, &scratch)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		if t.left == 0 {
			return t, nil
		}
		solved, err := r.search(t)
		if err != nil || solved != nil {
			return solved, err
		}
	}
	return nil, nil
}
