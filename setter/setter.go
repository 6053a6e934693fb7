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

// A Part names one given or one rule of a puzzle: a given's cell (Rule is
// -1), or a rule's index in Puzzle.Rules (Cell is -1).
type Part struct {
	Cell int
	Rule int
}

// without returns p without the parts in drop.
func without(p *sudokusat.Puzzle, drop []Part) *sudokusat.Puzzle {
	q := *p
	q.Grid = p.Grid.Clone()
	q.Published = nil
	var rules []int
	for _, x := range drop {
		if x.Rule >= 0 {
			rules = append(rules, x.Rule)
		} else {
			q.Grid.SetCell(x.Cell, 0)
		}
	}
	if len(rules) > 0 {
		q.Rules = nil
		for i, r := range p.Rules {
			if !slices.Contains(rules, i) {
				q.Rules = append(q.Rules, r)
			}
		}
	}
	return &q
}

// parts lists p's givens, in reading order, then its rules.
func parts(p *sudokusat.Puzzle) []Part {
	var out []Part
	for cell := range p.Grid.Len() {
		if p.Grid.Cell(cell) != 0 {
			out = append(out, Part{Cell: cell, Rule: -1})
		}
	}
	for i := range p.Rules {
		out = append(out, Part{Cell: -1, Rule: i})
	}
	return out
}

// A Minimality says which givens and rules a unique puzzle does not need.
type Minimality struct {
	// Alone lists the parts each of which can be removed, alone, with the
	// puzzle staying unique; the puzzle is minimal when it is empty.
	Alone []Part
	// Together is one maximal set of parts removable together: with all
	// of them gone the puzzle is still unique, and each part left is
	// needed. Removing a part does not always add solutions (a Kropki or
	// XV dot taken away puts its pair under the negative rule), so the
	// greedy passes go over every part until one adds nothing.
	Together []Part
	// Questions is the number of counts asked; Certified reports that
	// every "unique" answer behind a removable part carried a checked
	// proof of "no second solution".
	Questions int
	Certified bool
	Elapsed   time.Duration
}

// Minimal reports, for a unique puzzle, which of its givens and rules can
// be removed keeping it unique: each alone, and one maximal set together.
// Every "not removable" has a second solution, checked by the validator,
// as its witness; every "removable" is the engine's "no second solution",
// proved with a certifying engine. A puzzle that is not unique is an
// error wrapping engine.ErrNotUnique.
func Minimal(ctx context.Context, e *engine.Engine, p *sudokusat.Puzzle, timeout time.Duration) (*Minimality, error) {
	return MinimalProgress(ctx, e, p, timeout, nil)
}

// Progress says how far Minimal has got on a puzzle, after each count.
// It is the one form of Minimal's progress: the page's reports
// (web/api's Reply.Progress) and the command line's --progress json
// lines are it as JSON, under the names its fields give.
type Progress struct {
	// Stage is the work under way: "unique" (the puzzle's own count),
	// "alone" (each part removed alone) or "together" (parts removed
	// together, pass after pass until one removes nothing).
	Stage string `json:"stage"`
	// Pass numbers the passes of "together", from 1.
	Pass int `json:"pass,omitempty"`
	// Done of Total parts have been tried in this stage (or pass), and
	// Removable of them found removable: alone, or added to those
	// removed together.
	Done      int `json:"done"`
	Total     int `json:"total"`
	Removable int `json:"removable"`
	// Givens and Rules are the puzzle's, which Total counts together
	// and Text names.
	Givens int `json:"-"`
	Rules  int `json:"-"`
	// Questions counts the counts asked so far, Micros the microseconds
	// since Minimal started.
	Questions int     `json:"questions"`
	Micros    float64 `json:"us"`
	// Text is String's words, set with the numbers for a reader of the
	// JSON.
	Text string `json:"text"`
}

// String says it in words, as the command line and the page show it:
// "Minimal: 37 of 81 givens tried alone, 12 removable", then "Minimal:
// 20 of 69 givens tried together (pass 1), 15 removed".
func (g Progress) String() string {
	parts := "givens"
	switch {
	case g.Rules > 0 && g.Givens > 0:
		parts = "givens and rules"
	case g.Rules > 0:
		parts = "rules"
	}
	switch g.Stage {
	case "alone":
		return fmt.Sprintf("Minimal: %d of %d %s tried alone, %d removable", g.Done, g.Total, parts, g.Removable)
	case "together":
		return fmt.Sprintf("Minimal: %d of %d %s tried together (pass %d), %d removed", g.Done, g.Total, parts, g.Pass, g.Removable)
	}
	return "Minimal: checking that the puzzle is unique"
}

// MinimalProgress is Minimal calling report, when not nil, before its
// first count and after each: report runs in Minimal's goroutine, and a
// slow one slows Minimal.
func MinimalProgress(ctx context.Context, e *engine.Engine, p *sudokusat.Puzzle, timeout time.Duration, report func(Progress)) (*Minimality, error) {
	start := time.Now()
	m := &Minimality{Certified: true}
	defer func() { m.Elapsed = time.Since(start) }()
	all := parts(p)
	g := Progress{Stage: "unique", Total: 1, Rules: len(p.Rules), Givens: len(all) - len(p.Rules)}
	tell := func() {
		if report != nil {
			g.Questions, g.Micros = m.Questions, float64(time.Since(start).Nanoseconds())/1e3
			g.Text = g.String()
			report(g)
		}
	}
	count := 0
	unique := func(q *sudokusat.Puzzle) (bool, error) {
		tell()
		m.Questions++
		a := engine.Count(ctx, e, q, 2, timeout)
		if !a.Status.Answered() {
			return false, &QuestionError{Status: a.Status, Cell: -1, Err: a.Err}
		}
		if a.Count == 1 {
			m.Certified = m.Certified && a.Certified
		}
		count = a.Count
		return a.Count == 1, nil
	}
	if err := variant.Validate(p); err != nil {
		return nil, err
	}
	ok, err := unique(p)
	if err != nil {
		return nil, err
	}
	if !ok {
		what := "no solution"
		if count > 1 {
			what = "several solutions"
		}
		return nil, fmt.Errorf("%w: it has %s, and minimal asks about a unique puzzle", engine.ErrNotUnique, what)
	}
	g = Progress{Stage: "alone", Total: len(all), Givens: g.Givens, Rules: g.Rules}
	for _, x := range all {
		ok, err := unique(without(p, []Part{x}))
		if err != nil {
			return nil, err
		}
		g.Done++
		if ok {
			m.Alone = append(m.Alone, x)
			g.Removable++
		}
	}
	// The parts removable alone first, then the others, pass after pass.
	order := append(slices.Clone(m.Alone), slices.DeleteFunc(parts(p), func(x Part) bool { return slices.Contains(m.Alone, x) })...)
	g.Stage, g.Removable = "together", 0
	for grew := true; grew; {
		grew = false
		g.Pass++
		g.Done, g.Total = 0, len(order)-len(m.Together)
		for _, x := range order {
			if slices.Contains(m.Together, x) {
				continue
			}
			ok, err := unique(without(p, append(slices.Clone(m.Together), x)))
			if err != nil {
				return nil, err
			}
			g.Done++
			if ok {
				m.Together, grew = append(m.Together, x), true
				g.Removable++
			}
		}
	}
	tell()
	slices.SortFunc(m.Together, func(a, b Part) int { return slices.Index(order, a) - slices.Index(order, b) })
	return m, nil
}

// A Hint says what would make a puzzle unique.
type Hint struct {
	// Solutions is the puzzle's count, up to the cap asked.
	Solutions int
	// Givens lists the givens (cell, digit) that leave exactly one
	// solution, in reading order, for a puzzle with several.
	Givens []Given
	// Closest lists, when no single given does, the givens that leave
	// the fewest solutions, Left of them. Tried is the number of givens
	// weighed (every digit some solution puts in an open cell). When the
	// fewest are at the cap, those tied there are counted again up to
	// Ranked (RankFactor times the cap) to tell them apart, and Left may
	// pass the cap; at Ranked, each leaves at least that many.
	Closest []Given
	Left    int
	Tried   int
	Ranked  int
	// Pair is two givens that together leave exactly one solution, in
	// reading order, for a puzzle that no single given makes unique, or
	// nil when none was found: one is among the first few givens whose
	// solutions were all counted (under the cap, or under Ranked), the
	// fewest first, and the other a given that makes the puzzle with it
	// unique, its first in reading order.
	Pair []Given
	// Core, for a puzzle without a solution, is a set of parts with no
	// solution among themselves, each needed for that (a minimal
	// unsatisfiable core of its givens and rules); Fixes lists the parts
	// whose removal alone gives the whole puzzle a solution.
	Core, Fixes []Part
	Questions   int
	Elapsed     time.Duration
}

// A Given is a digit in a cell (row-major from 0).
type Given struct{ Cell, Digit int }

// MakeUnique answers what would make p unique: for a puzzle with several
// solutions, the single givens that leave exactly one (from its true
// candidates counted up to cap ≥ 2: a candidate in exactly one solution
// is such a given), or the ones that leave the fewest; for a puzzle with
// none, its conflicting core of givens and rules. A unique puzzle gives a
// Hint with Solutions 1 and nothing else.
func MakeUnique(ctx context.Context, e *engine.Engine, p *sudokusat.Puzzle, limit int, timeout time.Duration) (*Hint, error) {
	if limit < 2 {
		return nil, fmt.Errorf("hint: cap %d: want at least 2", limit)
	}
	start := time.Now()
	h := &Hint{}
	defer func() { h.Elapsed = time.Since(start) }()
	if err := variant.Validate(p); err != nil {
		return nil, err
	}
	h.Questions++
	a := engine.Count(ctx, e, p, limit, timeout)
	if !a.Status.Answered() {
		return nil, &QuestionError{Status: a.Status, Cell: -1, Err: a.Err}
	}
	h.Solutions = a.Count
	switch {
	case a.Count == 1:
		return h, nil
	case a.Count == 0:
		return h, h.core(ctx, e, p, timeout)
	}
	k, err := TrueCandidates(ctx, e, p, limit, timeout)
	if err != nil {
		return nil, err
	}
	h.Questions += k.Questions
	h.Left = limit + 1
	for cell, counts := range k.Count {
		if p.Grid.Cell(cell) != 0 {
			continue
		}
		for i, c := range counts {
			g := Given{cell, i + 1}
			switch {
			case c == 1:
				h.Givens = append(h.Givens, g)
			case c > 1 && c < h.Left:
				h.Left, h.Closest = c, []Given{g}
			case c > 1 && c == h.Left:
				h.Closest = append(h.Closest, g)
			}
		}
	}
	if len(h.Givens) > 0 {
		h.Closest, h.Left = nil, 0
		return h, nil
	}
	for cell, counts := range k.Count {
		for _, c := range counts {
			if c > 1 && p.Grid.Cell(cell) == 0 {
				h.Tried++
			}
		}
	}
	return h, h.closer(ctx, e, p, limit, timeout, k.Count)
}

// RankFactor is how far past its cap MakeUnique counts the givens tied
// there: RankFactor times the cap. Each count keeps its solutions, so the
// factor bounds the memory of a question as the cap does.
const RankFactor = 8

// pairTries is how many givens MakeUnique tries as the first of a pair,
// fewest solutions first: each try is a search for true candidates.
const pairTries = 3

// closer ranks the givens tied at the fewest solutions left, counting
// past the cap when they are tied there, and looks for a pair of givens
// that leaves one solution: a given whose solutions were all counted
// (fewest first), and a given that makes the puzzle with it unique.
// counts are the candidates' counts up to limit.
func (h *Hint) closer(ctx context.Context, e *engine.Engine, p *sudokusat.Puzzle, limit int, timeout time.Duration, counts [][]int) error {
	// The givens counted exactly, each with its count: those under the
	// cap, and those tied there counted again under Ranked.
	type weighed struct {
		g     Given
		count int
	}
	var exact []weighed
	for cell := range p.Grid.Len() {
		for i, c := range counts[cell] {
			if c > 1 && c < limit && p.Grid.Cell(cell) == 0 {
				exact = append(exact, weighed{Given{cell, i + 1}, c})
			}
		}
	}
	if h.Left >= limit && len(h.Closest) > 0 {
		h.Ranked = RankFactor * limit
		left, closest := h.Ranked+1, []Given(nil)
		for _, g := range h.Closest {
			h.Questions++
			a := engine.Count(ctx, e, given(p, g.Cell, g.Digit), h.Ranked, timeout)
			if !a.Status.Answered() {
				return &QuestionError{Status: a.Status, Cell: -1, Err: a.Err}
			}
			switch {
			case a.Count < left:
				left, closest = a.Count, []Given{g}
			case a.Count == left:
				closest = append(closest, g)
			}
			if a.Count < h.Ranked {
				exact = append(exact, weighed{g, a.Count})
			}
		}
		h.Left, h.Closest = left, closest
	}
	slices.SortStableFunc(exact, func(a, b weighed) int { return a.count - b.count })
	for _, w := range exact[:min(len(exact), pairTries)] {
		k, err := TrueCandidates(ctx, e, given(p, w.g.Cell, w.g.Digit), 2, timeout)
		if err != nil {
			return err
		}
		h.Questions += k.Questions
		for cell, cs := range k.Count {
			if i := slices.Index(cs, 1); i >= 0 && p.Grid.Cell(cell) == 0 && cell != w.g.Cell {
				h.Pair = []Given{w.g, {cell, i + 1}}
				slices.SortFunc(h.Pair, func(a, b Given) int { return a.Cell - b.Cell })
				return nil
			}
		}
	}
	return nil
}

// core finds a minimal set of p's parts with no solution among
// themselves (deletion: a part whose removal leaves the rest without a
// solution is not needed), then the parts whose removal alone gives p a
// solution.
func (h *Hint) core(ctx context.Context, e *engine.Engine, p *sudokusat.Puzzle, timeout time.Duration) error {
	solvable := func(q *sudokusat.Puzzle) (bool, error) {
		h.Questions++
		a := engine.Count(ctx, e, q, 1, timeout)
		if !a.Status.Answered() {
			return false, &QuestionError{Status: a.Status, Cell: -1, Err: a.Err}
		}
		return a.Count > 0, nil
	}
	all := parts(p)
	var dropped []Part
	for _, x := range all {
		ok, err := solvable(without(p, append(slices.Clone(dropped), x)))
		if err != nil {
			return err
		}
		if !ok {
			dropped = append(dropped, x) // not needed for the conflict
		}
	}
	for _, x := range all {
		if !slices.Contains(dropped, x) {
			h.Core = append(h.Core, x)
		}
	}
	for _, x := range h.Core {
		ok, err := solvable(without(p, []Part{x}))
		if err != nil {
			return err
		}
		if ok {
			h.Fixes = append(h.Fixes, x)
		}
	}
	return nil
}
