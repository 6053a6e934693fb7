package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/engine"
	"github.com/sudokusat/sudokusat/explain"
	"github.com/sudokusat/sudokusat/setter"
	"github.com/sudokusat/sudokusat/web/api"
)

// setterFlags are the flags the setters' questions share with count, the
// output formats first (the default first). Without --engine they ask
// the engine choice names for each puzzle (setterEngines).
func setterFlags(fs plainFormats, choice engine.Choice, extra ...cli.Flag) []cli.Flag {
	return append(extra,
		&cli.StringFlag{Name: "engine", Aliases: []string{"e"}, Usage: "solver `ENGINE`",
			DefaultText: choice.Classic + " for a classic grid, " + choice.Rules + " for one with rules; sat with --certify, --encoding or --sums"},
		&cli.StringFlag{Name: "encoding", Value: encode.Default, Usage: "CNF `ENCODING`: " + strings.Join(encode.Names(), ", ")},
		fs.flag(),
		timeoutFlag("give up on a question (one count) after `DURATION` (0: never)"),
		workersFlag(),
		quietFlag(),
		certifyFlag(),
		sumsFlag(),
		maxClausesFlag(),
		shardFlag(),
		maxDecompressedFlag(),
		resumeFlag(),
	)
}

// setterRecord is the outcome of minimal or hint on one puzzle: the
// answer's line and JSON fields, or why there is none.
type setterRecord struct {
	*item
	engine string // the engine that answered; empty when none was asked
	status engine.Status
	err    error
	text   string // the line form's record
	fields map[string]any
}

// runSetter runs one of the setters' questions (candidates, hint,
// minimal) on every input puzzle, one record each in the --format asked
// (one of fs; "json" is written from the record's fields, any other
// from its text), and writes a summary. Without --engine, each puzzle is
// asked the engine choice names for it (see setterEngines).
func runSetter(c *cli.Context, name string, fs plainFormats, choice engine.Choice, answer func(ctx context.Context, e *engine.Engine, it *item, format string) *setterRecord) error {
	f, err := fs.of(c)
	if err != nil {
		return err
	}
	format := f.name
	workers := c.Int("workers")
	pool, err := newWorkers(workers, c.Duration("timeout") > 0)
	if err != nil {
		return err
	}
	defer pool.Close()
	pick, engines, err := setterEngines(c, pool, choice)
	if err != nil {
		return err
	}
	start := time.Now()
	total, failed := 0, 0
	tally := map[string]int{}
	used := map[string]bool{}
	interrupted, err := runBatch(c, engine.Concurrency(workers, engines...),
		func(ctx context.Context, it *item) *setterRecord {
			if it.err != nil {
				return &setterRecord{item: it, status: engine.Invalid, err: it.err}
			}
			e := pick(it.puzzle)
			r := answer(ctx, e, it, format)
			r.engine = e.Name()
			return r
		},
		func(w *sudokusat.Writer, _ *item, r *setterRecord) {
			total++
			if r.err != nil {
				failed++
				tally[r.status.String()]++
			} else {
				tally["answered"]++
			}
			if r.engine != "" {
				used[r.engine] = true
			}
			writeSetter(w, r, format)
		}, nil)
	if err != nil && !interrupted {
		return err
	}
	ran := "engine " + strings.Join(slices.Sorted(maps.Keys(used)), ", ")
	switch {
	case len(used) > 1:
		ran = "engines " + strings.Join(slices.Sorted(maps.Keys(used)), ", ")
	case len(used) == 0:
		ran = "no engine asked"
	}
	fmt.Fprintf(c.App.ErrWriter, "sudokusat: %s of %d %s in %v (%s): %s\n", name, total, plural(total, "puzzle", "puzzles"),
		time.Since(start).Round(time.Millisecond), ran, tallyText(tally))
	if interrupted {
		return errInterrupted
	}
	if failed > 0 {
		return errUnsolved
	}
	return nil
}

// setterEngines opens the engine for each puzzle: the one --engine names;
// when it names none (the setters' default), gophersat if --certify,
// --encoding or --sums asks for what only a SAT engine does, else the
// engine choice names for the puzzle (engine.Counting for minimal and
// hint, engine.Covering for candidates). engines lists every engine pick
// may return.
func setterEngines(c *cli.Context, pool *engine.Workers, choice engine.Choice) (pick func(*sudokusat.Puzzle) *engine.Engine, engines []*engine.Engine, err error) {
	name := c.String("engine")
	if name == "" && (c.Bool("certify") || c.IsSet("encoding") || c.IsSet("sums")) {
		name = engine.NameSAT
	}
	if name != "" {
		e, err := openEngineNamed(c, pool, name)
		if err != nil {
			return nil, nil, err
		}
		return func(*sudokusat.Puzzle) *engine.Engine { return e }, []*engine.Engine{e}, nil
	}
	byName := map[string]*engine.Engine{}
	for _, name := range []string{choice.Classic, choice.Rules} {
		e, err := openEngineNamed(c, pool, name)
		if err != nil {
			return nil, nil, err
		}
		byName[name] = e
		engines = append(engines, e)
	}
	return func(p *sudokusat.Puzzle) *engine.Engine { return byName[choice.For(p)] }, engines, nil
}

// writeSetter writes a record: its fields as JSON, or its text (an error
// as STATUS: PLACE: reason, with a blank line after it in the grid form,
// whose records end with one).
func writeSetter(w *sudokusat.Writer, r *setterRecord, format string) {
	if format == "json" {
		// The place and status first, as every command's records have
		// them, then the answer's fields by name.
		keys := []string{"index", "file", "line", "status"}
		rec := map[string]any{"index": r.index, "file": r.file, "line": r.item.line, "status": "answered"}
		if r.err != nil {
			rec["status"], rec["error"] = r.status.String(), fmt.Sprintf("%s: %v", r.where(), r.err)
			keys = append(keys, "error")
		}
		keys = append(keys, slices.Sorted(maps.Keys(r.fields))...)
		for k, v := range r.fields {
			rec[k] = v
		}
		if r.engine != "" {
			rec["engine"] = r.engine
			keys = append(keys, "engine")
		}
		nr := r.notRead()
		if nr.NotRead != nil {
			rec["not_read"] = nr.NotRead
			keys = append(keys, "not_read")
		}
		for _, f := range []struct{ key, s string }{{"rules_text", nr.RulesText}, {"title", nr.Title}, {"author", nr.Author}} {
			if f.s != "" {
				rec[f.key] = f.s
				keys = append(keys, f.key)
			}
		}
		b := []byte{'{'}
		for i, k := range keys {
			if i > 0 {
				b = append(b, ',')
			}
			kb, _ := json.Marshal(k)
			vb, _ := json.Marshal(rec[k]) // numbers, strings and lists of them
			b = append(append(append(b, kb...), ':'), vb...)
		}
		w.Write(append(b, '}', '\n'))
		return
	}
	if r.err != nil {
		fmt.Fprintf(w, "%s: %s: %v\n", r.status, r.where(), r.err)
		if format == "grid" {
			w.WriteString("\n")
		}
		return
	}
	w.WriteString(r.text + "\n")
}

// failure is the record of a question that got no answer.
func failure(it *item, err error) *setterRecord {
	r := &setterRecord{item: it, err: err, status: engine.Invalid}
	var q *setter.QuestionError
	switch {
	case errors.As(err, &q):
		r.status = q.Status
	case errors.Is(err, engine.ErrNotUnique):
		r.status = engine.Failed
	}
	return r
}

// partName names a given ("r1c2=5") or a rule by its kind, cells and
// value ("killer r1c1,r1c2 (7)"), as explain names it.
func partName(p *sudokusat.Puzzle, x setter.Part) string {
	if x.Rule >= 0 {
		return explain.RuleName(p, x.Rule)
	}
	n := p.Size()
	return fmt.Sprintf("r%dc%d=%d", x.Cell/n+1, x.Cell%n+1, p.Grid.Cell(x.Cell))
}

func partNames(p *sudokusat.Puzzle, xs []setter.Part) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = partName(p, x)
	}
	return out
}

func minimalCommand() *cli.Command {
	return &cli.Command{
		Name:      "minimal",
		Usage:     "which givens and rules a unique puzzle does not need",
		ArgsUsage: "[FILE|-]...",
		Description: "For each unique puzzle: the givens and rules that can each be removed with the puzzle staying\n" +
			"unique, and one maximal set removable together; with --check, only whether it is minimal\n" +
			"(nothing removable). Every \"needed\" has a second solution, checked, as its witness; every\n" +
			"\"removable\" is the engine's \"no second solution\", proved with --certify. A puzzle that is\n" +
			"not unique is an error record." + "\n\n" +
			examples(
				"sudokusat minimal puzzles.txt", "each puzzle's removable givens and rules",
				"sudokusat minimal --check puzzles.txt", "minimal or not minimal, one line a puzzle",
				"sudokusat minimal --format json killer.json", "a variant puzzle, as JSON (with the search, the engine fast on it)",
				"sudokusat minimal --progress json big.txt 2>progress.jsonl", "how far each puzzle has got, as JSON lines"),
		Flags: setterFlags(lineOrJSON, engine.Counting(), &cli.BoolFlag{Name: "check", Usage: "only say whether each puzzle is minimal"}, progressFlag()),
		Action: func(c *cli.Context) error {
			check, timeout := c.Bool("check"), c.Duration("timeout")
			report, err := progressReport(c)
			if err != nil {
				return err
			}
			return runSetter(c, "minimal", lineOrJSON, engine.Counting(), func(ctx context.Context, e *engine.Engine, it *item, _ string) *setterRecord {
				m, err := setter.MinimalProgress(ctx, e, it.puzzle, timeout, report(it))
				if err != nil {
					return failure(it, err)
				}
				p := it.puzzle
				alone, together := partNames(p, m.Alone), partNames(p, m.Together)
				r := &setterRecord{item: it, fields: map[string]any{"minimal": len(alone) == 0, "alone": alone, "together": together,
					"questions": m.Questions, "certified": m.Certified, "us": float64(m.Elapsed.Nanoseconds()) / 1e3}}
				switch {
				case len(alone) == 0:
					r.text = "minimal"
				case check:
					r.text = "not minimal"
				default:
					r.text = fmt.Sprintf("not minimal: removable alone: %s; together: %s", api.JoinNames(alone), api.JoinNames(together))
				}
				return r
			})
		},
	}
}

func progressFlag() cli.Flag {
	return &cli.StringFlag{Name: "progress", Value: "line",
		Usage: "progress on standard error as `FORM`: line (a line on a terminal only) or json (a JSON line before each count and after the last, wherever standard error goes)"}
}

// progressLine is one line of --progress json: the puzzle's place, as
// its record gives it, and how far Minimal has got on it, as the page's
// reports say it.
type progressLine struct {
	Index int    `json:"index"`
	File  string `json:"file"`
	Line  int    `json:"line"`
	setter.Progress
}

// progressReport reads --progress: for json, it returns the reporter of
// each puzzle, which writes its lines to standard error, one at a time
// whatever the puzzles under way at once; for line, a nil reporter,
// and the progress line is the batch's.
func progressReport(c *cli.Context) (func(*item) func(setter.Progress), error) {
	switch form := c.String("progress"); form {
	case "line":
		return func(*item) func(setter.Progress) { return nil }, nil
	case "json":
	default:
		return nil, usagef("--progress %q: want line or json", form)
	}
	var mu sync.Mutex
	w := c.App.ErrWriter
	return func(it *item) func(setter.Progress) {
		return func(g setter.Progress) {
			b, _ := json.Marshal(progressLine{Index: it.index, File: it.file, Line: it.line, Progress: g}) // numbers and strings
			mu.Lock()
			defer mu.Unlock()
			w.Write(append(b, '\n'))
		}
	}, nil
}

func hintCommand() *cli.Command {
	return &cli.Command{
		Name:      "hint",
		Usage:     "what would make a puzzle unique",
		ArgsUsage: "[FILE|-]...",
		Description: "For each puzzle with several solutions: the givens (cell=digit) that each leave exactly one,\n" +
			"in reading order, or, when none does, two givens that together do, or else the given that leaves\n" +
			"the fewest (counted up to --cap, and past it, to 8 times it, to rank those tied there). For one\n" +
			"without a solution: a core of givens and rules with no solution among themselves, and those\n" +
			"of them whose removal alone gives the puzzle a solution. A unique puzzle needs no hint.\n" +
			"Without --engine: native for a classic grid, search for one with rules, as minimal asks." + "\n\n" +
			examples(
				"sudokusat hint open.txt", "the givens that would make each puzzle unique",
				"sudokusat hint --format json broken.json", "the conflicting givens and rules of a puzzle without a solution"),
		Flags: setterFlags(lineOrJSON, engine.Counting(), &cli.IntFlag{Name: "cap", Value: 10, Usage: "count solutions up to `K` (at least 2)"}),
		Action: func(c *cli.Context) error {
			limit, timeout := c.Int("cap"), c.Duration("timeout")
			if limit < 2 {
				return usagef("--cap %d: want at least 2", limit)
			}
			return runSetter(c, "hint", lineOrJSON, engine.Counting(), func(ctx context.Context, e *engine.Engine, it *item, _ string) *setterRecord {
				h, err := setter.MakeUnique(ctx, e, it.puzzle, limit, timeout)
				if err != nil {
					return failure(it, err)
				}
				p := it.puzzle
				n := p.Size()
				names := func(gs []setter.Given) []string {
					out := make([]string, len(gs))
					for i, g := range gs {
						out[i] = fmt.Sprintf("r%dc%d=%d", g.Cell/n+1, g.Cell%n+1, g.Digit)
					}
					return out
				}
				r := &setterRecord{item: it, text: api.HintText(p, h, limit), fields: map[string]any{"solutions": h.Solutions, "at_least": h.Solutions >= limit,
					"givens": names(h.Givens), "closest": names(h.Closest), "left": h.Left, "tried": h.Tried, "ranked": h.Ranked, "pair": names(h.Pair),
					"core": partNames(p, h.Core), "fixes": partNames(p, h.Fixes),
					"questions": h.Questions, "us": float64(h.Elapsed.Nanoseconds()) / 1e3}}
				return r
			})
		},
	}
}
