// Package verdict judges engines' answers on one puzzle against each
// other, as check compares them: each answer's kind, the counts that the
// others' validated solutions refute (wrong answers that only two engines
// together show), whether the answers left agree, and each engine's tally
// over a batch. A case that fails is reported with the CNFs that
// reproduce it, and shrunk (Shrinker) to the fewest givens, rules and
// clauses that keep its failure, with a script that reproduces that.
package verdict

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/engine"
)

// Kind is what an engine's answer on a puzzle is.
type Kind string

// The kinds of answer. The zero Kind marks an engine that did not run on
// the puzzle.
const (
	Solved     Kind = "solved" // exactly one solution; at least one with a limit of 1
	Unsolvable Kind = "unsolvable"
	Multiple   Kind = "multiple"
	Wrong      Kind = "wrong"
	Error      Kind = "error"
	Timeout    Kind = "timeout"
	Canceled   Kind = "canceled"
)

// A Verdict is one engine's answer on one puzzle, classified.
type Verdict struct {
	Kind Kind
	engine.Answer
	// Refuted marks a count that other answers' solutions refute (see
	// Refute), and Refuter is the engine with a solution it did not
	// count: a wrong answer that only the two engines together show.
	Refuted bool
	Refuter int
}

// Classify gives an answer, counted up to limit, its verdict.
func Classify(a engine.Answer, limit int) Verdict {
	v := Verdict{Answer: a}
	switch a.Status {
	case engine.Wrong:
		v.Kind = Wrong
	case engine.Unsolvable:
		v.Kind = Unsolvable
	case engine.Solved:
		v.Kind = Multiple
		if a.Count == 1 || limit == 1 { // at least one: all a limit of 1 can tell
			v.Kind = Solved
		}
	case engine.Timeout:
		v.Kind = Timeout
	case engine.Canceled:
		v.Kind = Canceled
	default:
		v.Kind = Error
	}
	return v
}

// Answered reports whether v is an answer about the puzzle: a count,
// zero included, that nothing refuted.
func (v Verdict) Answered() bool {
	return v.Kind == Solved || v.Kind == Unsolvable || v.Kind == Multiple
}

func (v Verdict) String() string {
	switch v.Kind {
	case Solved:
		return "1 solution " + v.Solution().String()
	case Unsolvable:
		return "no solution"
	case Multiple:
		return fmt.Sprintf("%d or more solutions, first %s", v.Count, v.Solution())
	}
	return fmt.Sprintf("%s: %v", v.Kind, v.Err)
}

// Checked says how far v's answer, counted up to limit, was verified:
// "model" when a solution was found and checked by the validator, "proof"
// when the UNSAT answer that ended the count (no solution, or no other)
// came with a proof that was checked, and "claimed" when it did not; a
// count that found solutions and then proved or claimed there were no
// more says both ("model+proof", "model+claimed"); "" when there is no
// answer.
func (v Verdict) Checked(limit int) string {
	var parts []string
	if len(v.Solutions) > 0 {
		parts = append(parts, "model")
	}
	if v.Kind == Solved || v.Kind == Unsolvable || (v.Kind == Multiple && v.Count < limit) {
		if v.Count < limit {
			if v.Certified {
				parts = append(parts, "proof")
			} else {
				parts = append(parts, "claimed")
			}
		}
	}
	return strings.Join(parts, "+")
}

// Check puts puzzle p through every engine that chosen picks for it,
// counting solutions up to limit under timeout, and gives each answer its
// verdict, refuted where the others' solutions refute it; the verdicts of
// the engines not chosen have no kind.
func Check(ctx context.Context, engines []*engine.Engine, chosen func(*engine.Engine, *sudokusat.Puzzle) bool,
	p *sudokusat.Puzzle, limit int, timeout time.Duration) []Verdict {
	vs := make([]Verdict, len(engines))
	for i, e := range engines {
		if !chosen(e, p) {
			continue
		}
		vs[i] = Classify(engine.Count(ctx, e, p, limit, timeout), limit)
	}
	Refute(engines, vs)
	return vs
}

// DefaultEngines are the engines check opens when it is not told which;
// Default picks two of them for each puzzle, two that take it and share no
// code: the engine that is fast on it (engine.For: native for a classic
// puzzle, the search for one with rules or regions) and gophersat.
var DefaultEngines = []string{engine.NameNative, engine.NameSearch, engine.NameSAT}

// Default reports whether e is one of the two default engines for p.
func Default(e *engine.Engine, p *sudokusat.Puzzle) bool {
	return e.Info().Name == engine.NameSAT || e.Info().Name == engine.For(p)
}

// Refute marks wrong each count of engines' verdicts vs that the
// solutions of all the answers refute. Every solution passed the
// validator in engine.Count, so distinct solutions are evidence no engine
// can argue with: a count below the limit says "exactly that many" (0 is
// an UNSAT claim; 1 with a limit of 2 says unique), and more distinct
// solutions than that prove it wrong. A count at the limit says "at
// least", which no solution refutes, and counts that no solutions tell
// apart (1 against ≥2 when only one grid was shown) stay a disagreement
// for Agree.
func Refute(engines []*engine.Engine, vs []Verdict) {
	// The distinct solutions, each with the first engine that gave it.
	var grids []*sudokusat.Grid
	var from []int
	for i, v := range vs {
		if !v.Answered() {
			continue
		}
	next:
		for _, g := range v.Solutions {
			for _, h := range grids {
				if g.Equal(h) {
					continue next
				}
			}
			grids, from = append(grids, g), append(from, i)
		}
	}
	for i := range vs {
		v := &vs[i]
		if !v.Answered() || v.Count >= v.Limit || len(grids) <= v.Count {
			continue
		}
		// A solution it did not count, and the engine that found it.
		k := slices.IndexFunc(grids, func(g *sudokusat.Grid) bool {
			return !slices.ContainsFunc(v.Solutions, g.Equal)
		})
		claim := engines[i].Name() + " claimed no solution"
		if v.Count > 0 {
			claim = fmt.Sprintf("%s claimed exactly %d %s", engines[i].Name(), v.Count, plural(v.Count, "solution", "solutions"))
		}
		if v.Certified {
			claim += ", with a proof that checked" // then the encoding is at fault
		}
		evidence := fmt.Sprintf("%s found %s", engines[from[k]].Name(), grids[k])
		if v.Count > 0 {
			evidence = fmt.Sprintf("the engines found %d distinct ones, %s among them", len(grids), evidence)
		}
		v.Kind, v.Refuted, v.Refuter = Wrong, true, from[k]
		v.Status, v.Err = engine.Wrong, fmt.Errorf("%w: %s, but %s, which the validator accepts", engine.ErrWrong, claim, evidence)
	}
}

// Refutes reports whether b's solutions refute a's count, as Refute
// judges it: a says exactly so many (below the limit), and the two
// answers hold more distinct solutions than that.
func Refutes(a, b engine.Answer) bool {
	if a.Count >= a.Limit {
		return false
	}
	n := len(a.Solutions)
	for _, g := range b.Solutions {
		if !slices.ContainsFunc(a.Solutions, g.Equal) {
			n++
		}
	}
	return n > a.Count
}

// Agree reports whether the engines that answered agree (each answer has
// already passed the validator in engine.Count, and none is refuted by
// another's solutions): the same count, and the same grid when the puzzle
// has exactly one solution. Engines that failed or timed out are reported
// on their own, not as disagreements.
func Agree(vs []Verdict) bool {
	var ref *Verdict
	for i := range vs {
		v := &vs[i]
		if !v.Answered() {
			continue
		}
		if ref == nil {
			ref = v
			continue
		}
		if v.Count != ref.Count {
			return false
		}
		if v.Unique() && !v.Solution().Equal(ref.Solution()) {
			return false
		}
	}
	return true
}

// Differ reports whether two answers disagree, as Agree judges them: not
// the same count, or not the same grid as the one solution.
func Differ(a, b engine.Answer) bool {
	return a.Count != b.Count || a.Unique() && b.Unique() && !a.Solution().Equal(b.Solution())
}

// plural is one for 1 and many for any other count, 0 included.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
