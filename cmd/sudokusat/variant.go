package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/engine"
	"github.com/sudokusat/sudokusat/variant"
)

// variantItem is one variant puzzle of the input, or the error in its
// place.
type variantItem struct {
	where string // FILE:LINE, the line the puzzle starts on
	p     *sudokusat.Puzzle
	err   error
}

// variantPeek is how much of an input is looked at to tell a variant
// file from a classic one.
const variantPeek = 512

// variantInputs reports whether the command's inputs hold variant puzzles,
// and reads them when they do: the first input decides. Standard input is
// peeked through a buffer that then stands in for it, so that a classic
// input is read whole by the classic path.
func variantInputs(c *cli.Context) ([]*variantItem, bool, error) {
	names := c.Args().Slice()
	if len(names) == 0 {
		names = []string{"-"}
	}
	if names[0] == "-" {
		br := bufio.NewReaderSize(c.App.Reader, variantPeek)
		c.App.Reader = br
		head, _ := br.Peek(variantPeek)
		if !variant.IsVariant(head) {
			return nil, false, nil
		}
	} else {
		f, err := openInput(names[0])
		if err != nil {
			return nil, false, usageError{err}
		}
		head := make([]byte, variantPeek)
		k, _ := io.ReadFull(f, head)
		f.Close()
		if !variant.IsVariant(head[:k]) {
			return nil, false, nil
		}
	}
	var items []*variantItem
	for _, name := range names {
		var r io.Reader = c.App.Reader
		where := "standard input"
		if name != "-" {
			f, err := openInput(name)
			if err != nil {
				return nil, true, usageError{err}
			}
			defer f.Close()
			r, where = f, name
		}
		items = append(items, readVariants(where, r)...)
	}
	return items, true, nil
}

// readVariants reads the variant puzzles of one input, one item per
// puzzle line: a line that cannot be read is an item with its error, so
// that every puzzle line of a batch gets its record, in order.
func readVariants(where string, r io.Reader) []*variantItem {
	var items []*variantItem
	rd := variant.NewReader(r)
	for {
		p, line, err := rd.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		var pe *sudokusat.ParseError
		if err != nil && !errors.As(err, &pe) {
			// The input itself failed: nothing after it can be read.
			items = append(items, &variantItem{where: where, err: err})
			break
		}
		it := &variantItem{where: fmt.Sprintf("%s:%d", where, line), p: p}
		if pe != nil {
			it.err = pe.Err
		}
		items = append(items, it)
	}
	if len(items) == 0 {
		return []*variantItem{{where: where, err: errNoPuzzle}}
	}
	return items
}

func sumsFlag() cli.Flag {
	return &cli.StringFlag{Name: "sums", Value: encode.DefaultSums.String(),
		Usage: "variant puzzles: killer and arrow sums as `FORM`: clauses (CNF) or pb (pseudo-Boolean, gophersat and OPB)"}
}

// variantRunner counts variant puzzles with the engine --engine names, and
// classic ones (an f-puzzles file without variant rules) with its classic
// form, as for any classic input.
type variantRunner struct {
	spec    string
	ve      engine.VariantEngine // nil when the input has no variant puzzle
	classic engine.Engine        // nil when the input has no classic puzzle
	timeout time.Duration
}

// newVariantRunner opens the engine spec names in the forms the items
// need: an engine that cannot take them is a usage error, found before
// any search, as is, when proofs must back every answer (solve and count
// with --certify; check shows which engines certified), an engine that
// gives none.
func newVariantRunner(c *cli.Context, spec string, items []*variantItem, needProofs bool) (*variantRunner, error) {
	sums, err := encode.ParseSumForm(c.String("sums"))
	if err != nil {
		return nil, usageError{err}
	}
	r := &variantRunner{spec: spec, timeout: c.Duration("timeout")}
	for _, it := range items {
		switch {
		case it.p == nil:
		case it.p.Classic() && r.classic == nil:
			if r.classic, err = engine.Open(spec, engine.Options{Certify: c.Bool("certify")}); err != nil {
				return nil, usageError{err}
			}
			if needProofs && !engine.Certifies(r.classic) {
				return nil, usagef("--certify: engine %s gives no proof; the SAT engines do (sat, cadical, kissat, or a command line with {proof})", r.classic.Name())
			}
		case !it.p.Classic() && r.ve == nil:
			if r.ve, err = engine.OpenVariant(spec, engine.VariantOptions{Sums: sums, Certify: c.Bool("certify")}); err != nil {
				return nil, usageError{err}
			}
			if needProofs && !engine.CertifiesVariant(r.ve) {
				return nil, usagef("--certify: engine %s gives no proof; the SAT engines do (sat, cadical, kissat, or a command line with {proof})", r.ve.Name())
			}
		}
	}
	return r, nil
}

func (r *variantRunner) name() string {
	switch {
	case r.ve != nil:
		return r.ve.Name()
	case r.classic != nil:
		return r.classic.Name()
	}
	return r.spec
}

func (r *variantRunner) count(ctx context.Context, it *variantItem, limit int) engine.Answer {
	if it.err != nil {
		return engine.Answer{Status: engine.Invalid, Limit: limit, Err: it.err}
	}
	if it.p.Classic() {
		return engine.Count(ctx, r.classic, it.p.Grid, limit, r.timeout)
	}
	return engine.CountVariant(ctx, r.ve, it.p, limit, r.timeout)
}

// solveVariants is solve for variant inputs: one record per puzzle, the
// solution or STATUS: message.
func solveVariants(c *cli.Context, items []*variantItem) error {
	format := c.String("format")
	if format != "line" && format != "grid" {
		return usagef("variant puzzles: unknown format %q (want line or grid)", format)
	}
	run, err := newVariantRunner(c, c.String("engine"), items, c.Bool("certify"))
	if err != nil {
		return err
	}
	w := sudokusat.NewWriter(c.App.Writer)
	solved := 0
	for _, it := range items {
		a := run.count(c.Context, it, 1)
		switch {
		case a.Status != engine.Solved:
			fmt.Fprintf(w, "%s: %s: %v\n", a.Status, it.where, a.Err)
		case format == "grid":
			w.WriteGrid(a.Solution(), sudokusat.LayoutRows)
			solved++
		default:
			w.WriteGrid(a.Solution(), sudokusat.LayoutLine)
			solved++
		}
	}
	if err := w.Flush(); err != nil {
		return writeErr(err)
	}
	fmt.Fprintf(c.App.ErrWriter, "sudokusat: %d variant %s: %d solved (engine %s)\n", len(items), plural(len(items), "puzzle", "puzzles"), solved, run.name())
	if solved < len(items) {
		return errUnsolved
	}
	return nil
}

// countVariants is count for variant inputs, as setters ask it: the count
// and what it means (unique, none, several), and for several solutions two
// of them and the cells where they differ.
func countVariants(c *cli.Context, items []*variantItem, limit int) error {
	if c.String("format") != "line" {
		return usagef("variant puzzles: count writes lines only")
	}
	run, err := newVariantRunner(c, c.String("engine"), items, c.Bool("certify"))
	if err != nil {
		return err
	}
	w := sudokusat.NewWriter(c.App.Writer)
	failed := 0
	for _, it := range items {
		a := run.count(c.Context, it, limit)
		if !a.Status.Answered() {
			failed++
			fmt.Fprintf(w, "%s: %s: %v\n", a.Status, it.where, a.Err)
			continue
		}
		writeVariantCount(w, a, limit)
	}
	if err := w.Flush(); err != nil {
		return writeErr(err)
	}
	fmt.Fprintf(c.App.ErrWriter, "sudokusat: %d variant %s counted (engine %s)\n", len(items), plural(len(items), "puzzle", "puzzles"), run.name())
	if failed > 0 {
		return errUnsolved
	}
	return nil
}

// writeVariantCount writes a count record: "1 unique", "0 none", or "≥2
// several" (or the count, below a higher limit) with the first two
// solutions and the cells where they differ.
func writeVariantCount(w io.Writer, a engine.Answer, limit int) {
	count := countText(a.Count, limit)
	switch {
	case a.Count == 0:
		fmt.Fprintf(w, "%s none\n", count)
	case a.Count == 1 && limit > 1:
		fmt.Fprintf(w, "%s unique\n", count)
	case a.Count == 1:
		fmt.Fprintf(w, "%s (uniqueness not checked: --limit 1)\n", count)
	default:
		s, t := a.Solutions[0], a.Solutions[1]
		n := s.Size()
		var cells []string
		for _, cell := range engine.Differences(s, t) {
			cells = append(cells, fmt.Sprintf("r%dc%d", cell/n+1, cell%n+1))
		}
		fmt.Fprintf(w, "%s several: two solutions differ at %s\n  %s\n  %s\n", count, strings.Join(cells, " "), s, t)
	}
}

// variantCheckEngines are the engines check compares on variant puzzles
// when --engines is not given: the classic default's native engine knows
// no variant rules.
const variantCheckEngines = "sat"

// checkVariants is check for variant inputs: every engine counts every
// puzzle to --limit, each answer validated on its own, then counts and
// solutions compared.
func checkVariants(c *cli.Context, items []*variantItem, limit int) error {
	specs := splitList(c.String("engines"))
	if !c.IsSet("engines") {
		specs = splitList(variantCheckEngines)
	}
	var runs []*variantRunner
	for _, spec := range specs {
		r, err := newVariantRunner(c, spec, items, false)
		if err != nil {
			return err
		}
		runs = append(runs, r)
	}
	if len(runs) == 0 {
		return usagef("no engine named")
	}
	w := sudokusat.NewWriter(c.App.Writer)
	disagree, failures := 0, 0
	for _, it := range items {
		answers := make([]engine.Answer, len(runs))
		agree, bad := true, false
		for i, r := range runs {
			answers[i] = r.count(c.Context, it, limit)
			a := answers[i]
			if !a.Status.Answered() {
				bad = true
				continue
			}
			if a0 := answers[0]; a0.Status.Answered() && (a.Count != a0.Count || (a.Count == 1 && !a.Solution().Equal(a0.Solution()))) {
				agree = false
			}
		}
		switch {
		case !agree || bad:
			if !agree {
				disagree++
			}
			if bad {
				failures++
			}
			fmt.Fprintf(w, "DISAGREE or FAILED: %s\n", it.where)
			for i, r := range runs {
				a := answers[i]
				if a.Status.Answered() {
					fmt.Fprintf(w, "  %-10s %s solutions\n", r.name()+":", countText(a.Count, limit))
				} else {
					fmt.Fprintf(w, "  %-10s %s: %v\n", r.name()+":", a.Status, a.Err)
				}
			}
		default:
			var times, certified []string
			for i, r := range runs {
				times = append(times, fmt.Sprintf("%s %v", r.name(), answers[i].Elapsed.Round(time.Microsecond)))
				if answers[i].Certified {
					certified = append(certified, r.name())
				}
			}
			proofs := ""
			if c.Bool("certify") {
				// Only an answer below the limit ends on an UNSAT
				// claim, which a proof backs.
				proofs = ", certified by " + strings.Join(certified, ", ")
				if len(certified) == 0 {
					proofs = ", nothing to certify"
					if answers[0].Count < limit {
						proofs = ", certified by no engine"
					}
				}
			}
			fmt.Fprintf(w, "agree: %s: %s %s (%s)%s\n", it.where, countText(answers[0].Count, limit), plural(answers[0].Count, "solution", "solutions"), strings.Join(times, ", "), proofs)
		}
	}
	line := fmt.Sprintf("check: %d variant %s, %d engines, %d disagreements, %d with wrong answers or errors",
		len(items), plural(len(items), "puzzle", "puzzles"), len(runs), disagree, failures)
	fmt.Fprintln(w, line)
	if err := w.Flush(); err != nil {
		return writeErr(err)
	}
	fmt.Fprintln(c.App.ErrWriter, "sudokusat: "+line)
	if disagree > 0 || failures > 0 {
		return errUnsolved
	}
	return nil
}

// encodeVariant is encode for a variant input: its one puzzle as DIMACS
// (sums as combination clauses) or OPB (sums as PB equations, unless
// --sums says otherwise).
func encodeVariant(c *cli.Context, items []*variantItem) error {
	if len(items) != 1 {
		return usagef("encode takes one variant puzzle; the input has %d", len(items))
	}
	it := items[0]
	if it.err != nil {
		return fmt.Errorf("%s: %w", it.where, it.err)
	}
	if err := variant.Validate(it.p); err != nil {
		return fmt.Errorf("%s: %w", it.where, err)
	}
	format := c.String("format")
	sums := encode.SumClauses
	if format == "opb" {
		sums = encode.SumPB
	}
	if c.IsSet("sums") {
		var err error
		if sums, err = encode.ParseSumForm(c.String("sums")); err != nil {
			return usageError{err}
		}
	}
	f, err := encode.Variant(it.p, sums)
	if err != nil {
		return fmt.Errorf("%s: %w", it.where, err)
	}
	write := func(w io.Writer) error {
		if format == "opb" {
			return encode.WriteOPB(w, f)
		}
		return encode.WriteDIMACS(w, f)
	}
	path := c.String("output")
	if path == "" {
		return writeErr(write(c.App.Writer))
	}
	file, err := os.Create(path)
	if err != nil {
		return usageError{err}
	}
	err = write(file)
	if cerr := file.Close(); err == nil {
		err = cerr
	}
	return err
}
