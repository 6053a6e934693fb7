package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/engine"
	"github.com/sudokusat/sudokusat/shrink"
	"github.com/sudokusat/sudokusat/variant"
)

// defaultShrinkTime is --shrink-time's default: enough for a 9×9 case
// through an external solver (a run costs milliseconds) to reach a puzzle
// of a few givens and a formula of a few clauses, short enough that a
// batch with many failures still ends.
const defaultShrinkTime = 5 * time.Second

func shrinkFlags() []cli.Flag {
	return []cli.Flag{
		&cli.BoolFlag{Name: "shrink", DefaultText: "on with --out-dir",
			Usage: "shrink each disagreement or failure: drop givens and rules, then an external solver's clauses, while it persists"},
		&cli.DurationFlag{Name: "shrink-time", Value: defaultShrinkTime,
			Usage: "spend at most `DURATION` shrinking each case: two thirds on the puzzle, the rest on the CNF"},
	}
}

// shrinker shrinks check's failing cases in the workers, as soon as a
// case's verdicts are in, and keeps the results for reportCheck, which
// prints and writes them in input order.
type shrinker struct {
	engines []*engine.Engine
	limit   int
	timeout time.Duration // per engine run, as check's --timeout
	budget  time.Duration
	certify bool

	mu   sync.Mutex
	done map[int]*shrunk // by item index
}

// newShrinker returns check's shrinker, or nil when shrinking is off: it
// is on with --out-dir unless --shrink=false, and on with --shrink alone
// (the smallest puzzle printed, nothing written).
func newShrinker(c *cli.Context, engines []*engine.Engine, limit int, timeout time.Duration) (*shrinker, error) {
	on := c.String("out-dir") != ""
	if c.IsSet("shrink") {
		on = c.Bool("shrink")
	}
	if !on {
		return nil, nil
	}
	if c.Duration("shrink-time") <= 0 {
		return nil, usagef("--shrink-time must be positive")
	}
	return &shrinker{engines: engines, limit: limit, timeout: timeout, budget: c.Duration("shrink-time"),
		certify: c.Bool("certify"), done: map[int]*shrunk{}}, nil
}

// target is what a case's shrinking keeps: engine a wrong or failing
// (b < 0), engine a's count refuted by engine b's solutions (refuted), or
// engines a and b disagreeing.
type target struct {
	a, b    int
	status  engine.Status // a's status, when b < 0
	refuted bool
}

// shrunk is a case shrunk.
type shrunk struct {
	target  target
	from    *sudokusat.Puzzle
	puzzle  *sudokusat.Puzzle // the smallest puzzle found that keeps the target
	tests   int               // puzzles tried
	elapsed time.Duration     // on the puzzle
	cnfs    []shrunkCNF       // an external solver's wrong answer, shrunk
	notes   []string          // why a solver's formula was not shrunk
}

// shrunkCNF is an external solver's wrong answer shrunk to few clauses.
type shrunkCNF struct {
	engine  int
	fault   *engine.Fault
	from    int             // the fault formula's clauses
	formula *encode.Formula // the fewest clauses found on which the solver is still wrong
	tests   int
	elapsed time.Duration
}

// targetOf picks what a case's shrinking keeps: the first engine with a
// wrong answer the validator refused, else the first whose count another
// engine's solutions refute, else the first that failed (a time-out is
// not shrunk: each try would cost it), else the first pair that
// disagrees.
func targetOf(vs []verdict) (target, bool) {
	for i, v := range vs {
		if v.kind != "" && v.Status == engine.Wrong && !v.refuted {
			return target{a: i, b: -1, status: engine.Wrong}, true
		}
	}
	for i, v := range vs {
		if v.refuted {
			return target{a: i, b: v.refuter, refuted: true}, true
		}
	}
	for i, v := range vs {
		if v.kind != "" && v.Status == engine.Failed {
			return target{a: i, b: -1, status: engine.Failed}, true
		}
	}
	ref := -1
	for i, v := range vs {
		if !v.answered() {
			continue
		}
		if ref < 0 {
			ref = i
		} else if differ(vs[ref].Answer, v.Answer) {
			return target{a: ref, b: i}, true
		}
	}
	return target{}, false
}

// differ reports whether two answers disagree, as agreement judges them.
func differ(a, b engine.Answer) bool {
	return a.Count != b.Count || a.Unique() && b.Unique() && !a.Solution().Equal(b.Solution())
}

// refutes reports whether b's solutions refute a's count, as refute
// judges it: a says exactly so many (below the limit), and the two
// answers hold more distinct solutions than that.
func refutes(a, b engine.Answer) bool {
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

// shrink shrinks a case whose verdicts vs show a failure or a
// disagreement, and keeps the result for reportCheck.
func (s *shrinker) shrink(ctx context.Context, it *item, vs []verdict) {
	if s == nil || it.err != nil || len(vs) == 0 {
		return
	}
	t, ok := targetOf(vs)
	if !ok {
		return
	}
	start := time.Now()
	ctx, cancel := context.WithTimeout(ctx, s.budget)
	defer cancel()
	pctx, pcancel := context.WithTimeout(ctx, s.budget*2/3)
	defer pcancel()
	holds := func(q *sudokusat.Puzzle) bool { return s.holds(pctx, t, q) }
	q, tests := shrink.Puzzle(pctx, it.puzzle, holds)
	r := &shrunk{target: t, from: it.puzzle, puzzle: q, tests: tests, elapsed: time.Since(start)}
	s.shrinkCNF(ctx, r)
	s.mu.Lock()
	s.done[it.index] = r
	s.mu.Unlock()
}

// holds reports whether puzzle q keeps the target: the same engine wrong
// or failing, the same engine's count refuted by the other's solutions,
// or the same two engines disagreeing.
func (s *shrinker) holds(ctx context.Context, t target, q *sudokusat.Puzzle) bool {
	a := engine.Count(ctx, s.engines[t.a], q, s.limit, s.timeout)
	if ctx.Err() != nil {
		return false // an answer cut short says nothing
	}
	if t.b < 0 {
		return a.Status == t.status
	}
	if !a.Status.Answered() {
		return false
	}
	b := engine.Count(ctx, s.engines[t.b], q, s.limit, s.timeout)
	if ctx.Err() != nil || !b.Status.Answered() {
		return false
	}
	if t.refuted {
		return refutes(a, b)
	}
	return differ(a, b)
}

// shrinkCNF finds, for each external solver of the target, a run of its
// count of the shrunk puzzle that is wrong on its own formula, and drops
// that formula's clauses while the solver stays wrong on it. The solutions
// that refute an UNSAT claim are the search's (package variant/search,
// sharing no code with the encoder) and the other engine's, validated.
func (s *shrinker) shrinkCNF(ctx context.Context, r *shrunk) {
	search, err := engine.Open(engine.NameSearch, engine.Options{})
	if err != nil {
		r.notes = append(r.notes, err.Error())
		return
	}
	ref := engine.Count(ctx, search, r.puzzle, s.limit, s.timeout)
	known := ref.Solutions
	for _, i := range []int{r.target.a, r.target.b} {
		if i < 0 {
			continue
		}
		a := engine.Count(ctx, s.engines[i], r.puzzle, s.limit, s.timeout)
		known = append(known, a.Solutions...) // validated by Count
	}
	for _, i := range []int{r.target.a, r.target.b} {
		if i < 0 {
			continue
		}
		e := s.engines[i]
		// The engine known to be wrong, or failing; in a disagreement,
		// one of the two is expected to be right.
		accused := i == r.target.a && (r.target.b < 0 || r.target.refuted)
		if _, ok := engine.CommandLine(e, ""); !ok {
			if accused {
				r.notes = append(r.notes, e.Name()+" runs in this process: shrunk at the puzzle's level only")
			}
			continue
		}
		ft, err := engine.FindFault(ctx, e, r.puzzle, s.limit, known)
		if err != nil {
			if !errors.Is(err, engine.ErrNoFault) || accused {
				r.notes = append(r.notes, fmt.Sprintf("%s: CNF not shrunk: %v", e.Name(), err))
			}
			continue
		}
		start := time.Now()
		holds := func(g *encode.Formula) bool { return ft.Holds(ctx, e, g) }
		from, extra := ft.Formula, 0
		if ft.Kind == engine.BadModel {
			// The clauses the model falsifies are often enough on their
			// own, and few: one test can save hundreds.
			extra = 1
			if sub := shrink.Falsifying(ft.Formula, ft.Model); holds(sub) {
				from = sub
			}
		}
		g, tests := shrink.Formula(ctx, from, holds)
		tests += extra
		r.cnfs = append(r.cnfs, shrunkCNF{engine: i, fault: ft, from: ft.Formula.NumClauses(), formula: g,
			tests: tests, elapsed: time.Since(start)})
	}
}

// String says what the shrunk formula shows, for check's report.
func (c shrunkCNF) String(e *engine.Engine) string {
	return fmt.Sprintf("%s still gives %s on %d of %d clauses (%d formulas tried in %v)",
		e.Name(), c.fault.Kind, c.formula.NumClauses(), c.from, c.tests, c.elapsed.Round(time.Millisecond))
}

// writeShrunkCNF writes a shrunk formula, after comment lines that say
// what it is and, for an UNSAT claim, give the model that refutes it.
// They come before sudokusat's header, which decode still reads.
func writeShrunkCNF(path string, it *item, e *engine.Engine, c shrunkCNF) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	err = writeFile(f, path, func(w io.Writer) error {
		fmt.Fprintf(w, "c shrunk by sudokusat check from case #%d (%s): %d of the %d clauses of the formula %s was wrong on,\n",
			it.index, it.where(), c.formula.NumClauses(), c.from, e.Name())
		fmt.Fprintf(w, "c on which it still gives %s.\n", c.fault.Kind)
		if c.fault.Kind == engine.FalseUNSAT {
			// The model is the one that refuted the claim on the whole
			// formula: every clause kept is one of those it satisfies.
			b := []byte("c a model: v")
			for v := 1; v < len(c.fault.Witness); v++ {
				if !c.fault.Witness[v] {
					b = fmt.Appendf(b, " -%d", v)
				} else {
					b = fmt.Appendf(b, " %d", v)
				}
			}
			fmt.Fprintf(w, "%s 0\n", b)
		}
		return encode.WriteDIMACS(w, c.formula)
	})
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// take returns the shrunk case of item index, if any, and forgets it.
func (s *shrinker) take(index int) *shrunk {
	if s == nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.done[index]
	delete(s.done, index)
	return r
}

// report prints a shrunk case and, with an output directory, writes the
// smallest puzzle, its CNF for each encoding of the target's engines, each
// shrunk formula and a script that reproduces the case.
func (s *shrinker) report(w io.Writer, it *item, outDir, suffix string, maxClauses int) {
	r := s.take(it.index)
	if r == nil {
		return
	}
	q := r.puzzle
	what := fmt.Sprintf("%d %s (from %d)", q.Grid.Givens(), plural(q.Grid.Givens(), "given", "givens"), r.from.Grid.Givens())
	if len(r.from.Rules) > 0 {
		what += fmt.Sprintf(", %d of %d rules", len(q.Rules), len(r.from.Rules))
	}
	what += fmt.Sprintf(" (%d puzzles tried in %v)", r.tests, r.elapsed.Round(time.Millisecond))
	if outDir == "" {
		fmt.Fprintf(w, "  shrunk: %s: %s\n", what, q.Grid)
		for _, c := range r.cnfs {
			fmt.Fprintf(w, "  shrunk CNF: %s\n", c.String(s.engines[c.engine]))
		}
		for _, n := range r.notes {
			fmt.Fprintf(w, "  (%s)\n", n)
		}
		return
	}
	base := filepath.Join(outDir, fmt.Sprintf("check-%06d-shrunk", it.index))
	pzl, err := writePuzzleFile(base, q)
	if err != nil {
		fmt.Fprintf(w, "  (could not write %s: %v)\n", pzl, err)
		return
	}
	fmt.Fprintf(w, "  shrunk: %s: %s\n", what, pzl)
	written := map[string]bool{}
	for _, i := range []int{r.target.a, r.target.b} {
		if i < 0 || s.engines[i].Encoding() == "" {
			continue
		}
		f, err := encode.Puzzle(q, encode.Options{Encoding: s.engines[i].Encoding(), MaxClauses: maxClauses})
		if err != nil {
			fmt.Fprintf(w, "  (could not encode the shrunk puzzle: %v)\n", err)
			continue
		}
		path := base + "-" + f.Encoding + ".cnf" + suffix
		if written[path] {
			continue
		}
		written[path] = true
		if err := writeCNF(path, f); err != nil {
			fmt.Fprintf(w, "  (could not write %s: %v)\n", path, err)
			continue
		}
		fmt.Fprintf(w, "  shrunk puzzle's CNF: %s\n", path)
	}
	var cnfLines []string
	for _, c := range r.cnfs {
		e := s.engines[c.engine]
		path := fmt.Sprintf("check-%06d-%s-min.cnf", it.index, slug(e.Name()))
		if err := writeShrunkCNF(filepath.Join(outDir, path), it, e, c); err != nil {
			fmt.Fprintf(w, "  (could not write %s: %v)\n", path, err)
			continue
		}
		fmt.Fprintf(w, "  shrunk CNF: %s: %s\n", c.String(e), filepath.Join(outDir, path))
		argv, _ := engine.CommandLine(e, path)
		cnfLines = append(cnfLines, fmt.Sprintf("# %s gives %s on %s (%d clauses):", e.Name(), c.fault.Kind, path, c.formula.NumClauses()),
			"# "+shellJoin(argv))
	}
	for _, n := range r.notes {
		fmt.Fprintf(w, "  (%s)\n", n)
	}
	script := filepath.Join(outDir, fmt.Sprintf("check-%06d-reproduce.sh", it.index))
	if err := os.WriteFile(script, []byte(s.script(r, filepath.Base(pzl), cnfLines)), 0o755); err != nil {
		fmt.Fprintf(w, "  (could not write %s: %v)\n", script, err)
		return
	}
	fmt.Fprintf(w, "  reproduce the shrunk case: %s\n", script)
}

// script is the shell script that reproduces a shrunk case: check on the
// smallest puzzle, with the target's engines, exits 1. $SUDOKUSAT names
// the program, sudokusat by default.
func (s *shrinker) script(r *shrunk, puzzle string, cnfLines []string) string {
	var specs, encs []string
	add := func(list *[]string, x string) {
		for _, y := range *list {
			if y == x {
				return
			}
		}
		*list = append(*list, x)
	}
	ext := ""
	for _, i := range []int{r.target.a, r.target.b} {
		if i < 0 {
			continue
		}
		e := s.engines[i]
		spec := e.Name()
		if strings.HasPrefix(spec, engine.NameSAT+"/") {
			spec = engine.NameSAT
		} else if _, ok := engine.CommandLine(e, ""); ok && ext == "" {
			ext = e.Encoding() // external solvers take the first encoding
		}
		add(&specs, spec)
	}
	if ext != "" {
		add(&encs, ext)
	}
	for _, i := range []int{r.target.a, r.target.b} {
		if i >= 0 && s.engines[i].Encoding() != "" {
			add(&encs, s.engines[i].Encoding())
		}
	}
	argv := []string{"check", "--engines", strings.Join(specs, ",")}
	if len(encs) > 0 {
		argv = append(argv, "--encoding", strings.Join(encs, ","))
	}
	argv = append(argv, "--limit", fmt.Sprint(s.limit))
	if s.certify {
		argv = append(argv, "--certify")
	}
	argv = append(argv, puzzle)
	what := s.engines[r.target.a].Name() + " " + r.target.status.String()
	switch {
	case r.target.refuted:
		what = s.engines[r.target.a].Name() + " wrong, its count refuted by " + s.engines[r.target.b].Name() + "'s solutions"
	case r.target.b >= 0:
		what = s.engines[r.target.a].Name() + " and " + s.engines[r.target.b].Name() + " disagree"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "#!/bin/sh\n# Written by sudokusat check: %s on %s, shrunk from %d givens to %d.\n",
		what, puzzle, r.from.Grid.Givens(), r.puzzle.Grid.Givens())
	b.WriteString("# It reproduces the case when check exits with status 1. $SUDOKUSAT names the program.\n")
	b.WriteString("cd \"$(dirname \"$0\")\" || exit 2\n")
	b.WriteString("\"${SUDOKUSAT:-sudokusat}\" " + shellJoin(argv) + "\n")
	for _, l := range cnfLines {
		b.WriteString(l + "\n")
	}
	return b.String()
}

// writePuzzleFile writes q next to base: a one-line puzzle (base+".txt")
// when it is classic, else f-puzzles JSON (base+".json"), and returns the
// file's path.
func writePuzzleFile(base string, q *sudokusat.Puzzle) (string, error) {
	path, data := base+".txt", []byte(q.Grid.String()+"\n")
	if !q.Classic() {
		path = base + ".json"
		var err error
		if data, err = variant.FPuzzles(q); err != nil {
			return path, err
		}
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return path, err
	}
	return path, os.WriteFile(path, data, 0o644)
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// slug makes a file-name part of an engine's name, which may be a command
// line: its program's base name.
func slug(name string) string {
	if f := strings.Fields(name); len(f) > 0 {
		name = filepath.Base(f[0])
	}
	name = unsafeName.ReplaceAllString(name, "_")
	if name == "" {
		return "engine"
	}
	return name
}

// shellJoin quotes each word for a POSIX shell where it needs it.
func shellJoin(argv []string) string {
	out := make([]string, len(argv))
	for i, a := range argv {
		if a != "" && !strings.ContainsFunc(a, func(r rune) bool {
			return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./,=:+@%", r))
		}) {
			out[i] = a
			continue
		}
		out[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	return strings.Join(out, " ")
}
