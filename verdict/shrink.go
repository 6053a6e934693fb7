package verdict

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"
	"unicode"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/engine"
	"github.com/sudokusat/sudokusat/internal/compress"
	"github.com/sudokusat/sudokusat/shrink"
	"github.com/sudokusat/sudokusat/variant"
)

// A Shrinker shrinks failing cases: the fewest givens and rules of a
// puzzle on which the engines still fail or disagree the same way, then,
// for an external solver, the fewest clauses of its formula on which it
// is still wrong.
type Shrinker struct {
	Engines []*engine.Engine
	Limit   int           // solutions counted, as the case's were
	Timeout time.Duration // per engine run
	Budget  time.Duration // per case: two thirds on the puzzle, the rest on the CNF
	Certify bool          // the engines' UNSAT answers are proved, as the case's were
}

// target is what a case's shrinking keeps: engine a wrong or failing
// (b < 0), engine a's count refuted by engine b's solutions (refuted), or
// engines a and b disagreeing.
type target struct {
	a, b    int
	status  engine.Status // a's status, when b < 0
	refuted bool
}

// A Shrunk is a case shrunk.
type Shrunk struct {
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
func targetOf(vs []Verdict) (target, bool) {
	for i, v := range vs {
		if v.Kind != "" && v.Status == engine.Wrong && !v.Refuted {
			return target{a: i, b: -1, status: engine.Wrong}, true
		}
	}
	for i, v := range vs {
		if v.Refuted {
			return target{a: i, b: v.Refuter, refuted: true}, true
		}
	}
	for i, v := range vs {
		if v.Kind != "" && v.Status == engine.Failed {
			return target{a: i, b: -1, status: engine.Failed}, true
		}
	}
	ref := -1
	for i, v := range vs {
		if !v.Answered() {
			continue
		}
		if ref < 0 {
			ref = i
		} else if Differ(vs[ref].Answer, v.Answer) {
			return target{a: ref, b: i}, true
		}
	}
	return target{}, false
}

// Shrink shrinks the puzzle of a case whose verdicts vs show a failure or
// a disagreement, within the budget, and returns the result for Report;
// nil when the verdicts show neither, or only time-outs.
func (s *Shrinker) Shrink(ctx context.Context, p *sudokusat.Puzzle, vs []Verdict) *Shrunk {
	t, ok := targetOf(vs)
	if !ok {
		return nil
	}
	start := time.Now()
	ctx, cancel := context.WithTimeout(ctx, s.Budget)
	defer cancel()
	pctx, pcancel := context.WithTimeout(ctx, s.Budget*2/3)
	defer pcancel()
	holds := func(q *sudokusat.Puzzle) bool { return s.holds(pctx, t, q) }
	q, tests := shrink.Puzzle(pctx, p, holds)
	r := &Shrunk{target: t, from: p, puzzle: q, tests: tests, elapsed: time.Since(start)}
	s.shrinkCNF(ctx, r)
	return r
}

// holds reports whether puzzle q keeps the target: the same engine wrong
// or failing, the same engine's count refuted by the other's solutions,
// or the same two engines disagreeing.
func (s *Shrinker) holds(ctx context.Context, t target, q *sudokusat.Puzzle) bool {
	a := engine.Count(ctx, s.Engines[t.a], q, s.Limit, s.Timeout)
	if ctx.Err() != nil {
		return false // an answer cut short says nothing
	}
	if t.b < 0 {
		return a.Status == t.status
	}
	if !a.Status.Answered() {
		return false
	}
	b := engine.Count(ctx, s.Engines[t.b], q, s.Limit, s.Timeout)
	if ctx.Err() != nil || !b.Status.Answered() {
		return false
	}
	if t.refuted {
		return Refutes(a, b)
	}
	return Differ(a, b)
}

// shrinkCNF finds, for each external solver of the target, a run of its
// count of the shrunk puzzle that is wrong on its own formula, and drops
// that formula's clauses while the solver stays wrong on it. The solutions
// that refute an UNSAT claim are the search's (package variant/search,
// sharing no code with the encoder) and the other engine's, validated.
func (s *Shrinker) shrinkCNF(ctx context.Context, r *Shrunk) {
	search, err := engine.Open(engine.NameSearch, engine.Options{})
	if err != nil {
		r.notes = append(r.notes, err.Error())
		return
	}
	ref := engine.Count(ctx, search, r.puzzle, s.Limit, s.Timeout)
	known := ref.Solutions
	for _, i := range []int{r.target.a, r.target.b} {
		if i < 0 {
			continue
		}
		a := engine.Count(ctx, s.Engines[i], r.puzzle, s.Limit, s.Timeout)
		known = append(known, a.Solutions...) // validated by Count
	}
	for _, i := range []int{r.target.a, r.target.b} {
		if i < 0 {
			continue
		}
		e := s.Engines[i]
		// The engine known to be wrong, or failing; in a disagreement,
		// one of the two is expected to be right.
		accused := i == r.target.a && (r.target.b < 0 || r.target.refuted)
		if _, ok := engine.CommandLine(e, ""); !ok {
			if accused {
				r.notes = append(r.notes, e.Name()+" runs in this process: shrunk at the puzzle's level only")
			}
			continue
		}
		ft, err := engine.FindFault(ctx, e, r.puzzle, s.Limit, known)
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

// String says what the shrunk formula shows, for the report.
func (c shrunkCNF) String(e *engine.Engine) string {
	return fmt.Sprintf("%s still gives %s on %d of %d clauses (%d formulas tried in %v)",
		e.Name(), c.fault.Kind, c.formula.NumClauses(), c.from, c.tests, c.elapsed.Round(time.Millisecond))
}

// writeShrunkCNF writes a shrunk formula, after comment lines that say
// what it is and, for an UNSAT claim, give the model that refutes it.
// They come before sudokusat's header, which decode still reads.
func writeShrunkCNF(path string, c Case, e *engine.Engine, sc shrunkCNF) error {
	return compress.Create(path, func(w io.Writer) error {
		fmt.Fprintf(w, "c shrunk by sudokusat check from case #%d (%s): %d of the %d clauses of the formula %s was wrong on,\n",
			c.Index, c.Where, sc.formula.NumClauses(), sc.from, e.Name())
		fmt.Fprintf(w, "c on which it still gives %s.\n", sc.fault.Kind)
		if sc.fault.Kind == engine.FalseUNSAT {
			// The model is the one that refuted the claim on the whole
			// formula: every clause kept is one of those it satisfies.
			b := []byte("c a model: v")
			for v := 1; v < len(sc.fault.Witness); v++ {
				if !sc.fault.Witness[v] {
					b = fmt.Appendf(b, " -%d", v)
				} else {
					b = fmt.Appendf(b, " %d", v)
				}
			}
			fmt.Fprintf(w, "%s 0\n", b)
		}
		return encode.WriteDIMACS(w, sc.formula)
	})
}

// Report prints a shrunk case r and, with a folder to write into, writes
// there the smallest puzzle, its CNF for each encoding of the target's
// engines, each shrunk formula and a script that reproduces the case.
func (s *Shrinker) Report(w io.Writer, c Case, r *Shrunk, rep Reproducer) {
	if r == nil {
		return
	}
	q := r.puzzle
	what := fmt.Sprintf("%d %s (from %d)", q.Grid.Givens(), plural(q.Grid.Givens(), "given", "givens"), r.from.Grid.Givens())
	if len(r.from.Rules) > 0 {
		what += fmt.Sprintf(", %d of %d rules", len(q.Rules), len(r.from.Rules))
	}
	what += fmt.Sprintf(" (%d puzzles tried in %v)", r.tests, r.elapsed.Round(time.Millisecond))
	if rep.Dir == "" {
		fmt.Fprintf(w, "  shrunk: %s: %s\n", what, q.Grid)
		for _, sc := range r.cnfs {
			fmt.Fprintf(w, "  shrunk CNF: %s\n", sc.String(s.Engines[sc.engine]))
		}
		for _, n := range r.notes {
			fmt.Fprintf(w, "  (%s)\n", n)
		}
		return
	}
	base := filepath.Join(rep.Dir, fmt.Sprintf("check-%06d-shrunk", c.Index))
	pzl, err := writePuzzle(base, q)
	if err != nil {
		fmt.Fprintf(w, "  (could not write %s: %v)\n", pzl, err)
		return
	}
	fmt.Fprintf(w, "  shrunk: %s: %s\n", what, pzl)
	written := map[string]bool{}
	for _, i := range []int{r.target.a, r.target.b} {
		if i < 0 || s.Engines[i].Encoding() == "" {
			continue
		}
		f, err := encode.Puzzle(q, encode.Options{Encoding: s.Engines[i].Encoding(), MaxClauses: rep.MaxClauses})
		if err != nil {
			fmt.Fprintf(w, "  (could not encode the shrunk puzzle: %v)\n", err)
			continue
		}
		path := base + "-" + f.Encoding + ".cnf" + rep.Suffix
		if written[path] {
			continue
		}
		written[path] = true
		if err := WriteCNF(path, f); err != nil {
			fmt.Fprintf(w, "  (could not write %s: %v)\n", path, err)
			continue
		}
		fmt.Fprintf(w, "  shrunk puzzle's CNF: %s\n", path)
	}
	var cnfLines []string
	for _, sc := range r.cnfs {
		e := s.Engines[sc.engine]
		path := fmt.Sprintf("check-%06d-%s-min.cnf", c.Index, slug(e.Name()))
		if err := writeShrunkCNF(filepath.Join(rep.Dir, path), c, e, sc); err != nil {
			fmt.Fprintf(w, "  (could not write %s: %v)\n", path, err)
			continue
		}
		fmt.Fprintf(w, "  shrunk CNF: %s: %s\n", sc.String(e), filepath.Join(rep.Dir, path))
		argv, _ := engine.CommandLine(e, path)
		if len(argv) > 0 {
			argv[0] = absProgram(argv[0])
		}
		cnfLines = append(cnfLines, fmt.Sprintf("# %s gives %s on %s (%d clauses):", e.Name(), sc.fault.Kind, path, sc.formula.NumClauses()),
			"# "+shellJoin(argv))
	}
	for _, n := range r.notes {
		fmt.Fprintf(w, "  (%s)\n", n)
	}
	script := filepath.Join(rep.Dir, fmt.Sprintf("check-%06d-reproduce.sh", c.Index))
	if err := os.WriteFile(script, []byte(s.script(r, filepath.Base(pzl), cnfLines)), 0o755); err != nil {
		fmt.Fprintf(w, "  (could not write %s: %v)\n", script, err)
		return
	}
	fmt.Fprintf(w, "  reproduce the shrunk case: %s\n", script)
}

// script is the shell script that reproduces a shrunk case: check on the
// smallest puzzle, with the target's engines, exits 1. $SUDOKUSAT names
// the program, sudokusat by default.
func (s *Shrinker) script(r *Shrunk, puzzle string, cnfLines []string) string {
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
		e := s.Engines[i]
		spec := e.Name()
		if strings.HasPrefix(spec, engine.NameSAT+"/") {
			spec = engine.NameSAT
		} else if _, ok := engine.CommandLine(e, ""); ok {
			if ext == "" {
				ext = e.Encoding() // external solvers take the first encoding
			}
			spec = absCommand(spec)
		}
		add(&specs, spec)
	}
	if ext != "" {
		add(&encs, ext)
	}
	for _, i := range []int{r.target.a, r.target.b} {
		if i >= 0 && s.Engines[i].Encoding() != "" {
			add(&encs, s.Engines[i].Encoding())
		}
	}
	argv := []string{"check", "--engines", strings.Join(specs, ",")}
	if len(encs) > 0 {
		argv = append(argv, "--encoding", strings.Join(encs, ","))
	}
	argv = append(argv, "--limit", fmt.Sprint(s.Limit))
	if s.Certify {
		argv = append(argv, "--certify")
	}
	what := s.Engines[r.target.a].Name() + " " + r.target.status.String()
	switch {
	case r.target.refuted:
		what = s.Engines[r.target.a].Name() + " wrong, its count refuted by " + s.Engines[r.target.b].Name() + "'s solutions"
	case r.target.b >= 0:
		what = s.Engines[r.target.a].Name() + " and " + s.Engines[r.target.b].Name() + " disagree"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "#!/bin/sh\n# Written by sudokusat check: %s on %s, shrunk from %d givens to %d.\n",
		what, puzzle, r.from.Grid.Givens(), r.puzzle.Grid.Givens())
	b.WriteString("# It reproduces the case when check exits with status 1. $SUDOKUSAT names the program.\n")
	// The puzzle is found beside the script, and the solvers by the paths
	// absCommand made absolute, from whatever folder the script is run in:
	// a cd into the script's folder would lose a solver (or $SUDOKUSAT)
	// given by a path relative to the folder check ran in.
	b.WriteString("\"${SUDOKUSAT:-sudokusat}\" " + shellJoin(argv) + " \"$(dirname \"$0\")\"/" + shellJoin([]string{puzzle}) + "\n")
	for _, l := range cnfLines {
		b.WriteString(l + "\n")
	}
	return b.String()
}

// absCommand returns an external solver's command line with its program
// made absolute when it was given by a relative path, as "./mysolver
// {cnf}": the script that reproduces a case finds it from any folder.
func absCommand(spec string) string {
	f := strings.Fields(spec)
	if len(f) == 0 {
		return spec
	}
	p := absProgram(f[0])
	if p == f[0] || strings.ContainsFunc(p, unicode.IsSpace) {
		return spec // --engines splits a command line on white space
	}
	return strings.Join(append([]string{p}, f[1:]...), " ")
}

// absProgram returns a program's path made absolute when it names a file
// relative to the current folder; a bare name, looked up on $PATH, stays.
func absProgram(program string) string {
	if !strings.ContainsRune(program, filepath.Separator) || filepath.IsAbs(program) {
		return program
	}
	if abs, err := filepath.Abs(program); err == nil {
		return abs
	}
	return program
}

// writePuzzle writes q next to base: a one-line puzzle (base+".txt") when
// it is classic, else f-puzzles JSON (base+".json"), or SudokuPad's for a
// kind f-puzzles lacks, and returns the file's path.
func writePuzzle(base string, q *sudokusat.Puzzle) (string, error) {
	path, data := base+".txt", []byte(q.Grid.String()+"\n")
	if !q.Classic() {
		path = base + ".json"
		var err error
		data, err = variant.FPuzzles(q)
		if errors.Is(err, variant.ErrFormat) {
			// A kind f-puzzles lacks: SudokuPad's document, which the
			// reader takes too.
			data, err = variant.SudokuPad(q)
		}
		if err != nil {
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
