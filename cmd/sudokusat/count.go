package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/engine"
)

func countCommand() *cli.Command {
	return &cli.Command{
		Name:      "count",
		Usage:     "count each puzzle's solutions, up to a limit",
		ArgsUsage: "[FILE|-]...",
		Description: "Each puzzle gives one record: 0, 1, … or ≥K when the limit K was reached (so with the\n" +
			"default --limit 2, 1 proves a puzzle unique and ≥2 shows it is not), or STATUS: message.\n" +
			"An external solver's 0 is its claim alone unless --certify proved it: \"0 (unverified: claimed by SOLVER)\".\n" +
			"Engines as for solve." + "\n\n" +
			examples(
				"sudokusat count puzzles.txt", "1 for a unique puzzle, ≥2 for one with several solutions, 0 for none",
				"sudokusat count --limit 1000 --engine native open.txt", "count up to 1000 solutions",
				"sudokusat count --format json puzzles.txt", "one JSON record per puzzle",
				"sudokusat count killer.json", "an f-puzzles puzzle (JSON or links): 1 unique, 0 none, or ≥2 several, two solutions and where they differ"),
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "limit", Aliases: []string{"k"}, Value: 2, Usage: "stop counting at `K` solutions"},
			&cli.StringFlag{Name: "engine", Aliases: []string{"e"}, Value: "sat", Usage: "solver `ENGINE`"},
			&cli.StringFlag{Name: "encoding", Value: encode.Default, Usage: "CNF `ENCODING`: " + strings.Join(encode.Names(), ", ")},
			lineOrJSON.flag(),
			timeoutFlag("give up on a puzzle after `DURATION` (0: never)"),
			memLimitFlag(),
			cpuLimitFlag(),
			workersFlag(),
			quietFlag(),
			certifyFlag(),
			sumsFlag(),
			maxClausesFlag(),
			shardFlag(),
			maxDecompressedFlag(),
			resumeFlag(),
		},
		Action: func(c *cli.Context) error {
			limit := c.Int("limit")
			if limit < 1 {
				return usagef("--limit must be at least 1")
			}
			format, err := lineOrJSON.of(c)
			if err != nil {
				return err
			}
			start := time.Now()
			var total, failed int
			counts := map[string]int{}
			e, interrupted, err := countAll(c, limit, func(w *sudokusat.Writer, e *engine.Engine, o *outcome) {
				total++
				if o.Status.Answered() {
					counts[countText(o.Count, limit)]++
				} else {
					failed++
					counts[o.Status.String()]++
				}
				writeCount(w, e, o, limit, format.name)
			})
			if err != nil {
				return err
			}
			fmt.Fprintf(c.App.ErrWriter, "sudokusat: %d %s counted in %v (engine %s): %s\n", total, plural(total, "puzzle", "puzzles"),
				time.Since(start).Round(time.Millisecond), e.Name(), tallyText(counts))
			if interrupted {
				return errInterrupted
			}
			if failed > 0 {
				return errUnsolved
			}
			return nil
		},
	}
}

// countText is a count as printed: the number, or ≥K at the limit.
func countText(count, limit int) string {
	if count >= limit && limit > 1 {
		return "≥" + strconv.Itoa(limit)
	}
	return strconv.Itoa(count)
}

func writeCount(w io.Writer, e *engine.Engine, r *outcome, limit int, format string) {
	status := "counted"
	if !r.Status.Answered() {
		status = r.Status.String()
	}
	if format == "json" {
		rec := struct {
			Index   int     `json:"index"`
			File    string  `json:"file"`
			Line    int     `json:"line"`
			Status  string  `json:"status"`
			Count   int     `json:"count"`
			AtLeast bool    `json:"at_least"`
			Error   string  `json:"error,omitempty"`
			Engine  string  `json:"engine"`
			By      string  `json:"by,omitempty"` // auto's engine that answered
			Micros  float64 `json:"us"`
			// Certified marks a count ended by an UNSAT answer proved
			// with --certify: no solution, or none besides those counted.
			Certified bool `json:"certified,omitempty"`
			// Unverified marks a count ended by an external solver's
			// UNSAT claim that nothing checked: a 0 that is its word
			// alone, or no solution besides those counted.
			Unverified bool `json:"unverified,omitempty"`
			// Solutions and Differ are, for an f-puzzles puzzle with
			// several solutions, two of them and the cells where they
			// differ, as the line form writes them.
			Solutions []string `json:"solutions,omitempty"`
			Differ    []string `json:"differ,omitempty"`
			statedJSON
			notReadJSON
		}{Index: r.index, File: r.file, Line: r.line, Status: status, Count: r.Count,
			AtLeast: r.Count >= limit && limit > 1, Engine: e.Name(), By: r.By, Micros: float64(r.Elapsed.Nanoseconds()) / 1e3,
			Certified: r.Certified, Unverified: r.Unverified, statedJSON: newStatedJSON(r), notReadJSON: r.notRead()}
		if !r.Status.Answered() {
			rec.Error = r.message()
		} else if r.puzzle.Layout == sudokusat.LayoutFPuzzles && len(r.Solutions) >= 2 {
			rec.Solutions = []string{r.Solutions[0].String(), r.Solutions[1].String()}
			rec.Differ = differences(r.Solutions[0], r.Solutions[1])
		}
		b, _ := json.Marshal(rec) // strings and numbers always marshal
		w.Write(append(b, '\n'))
		return
	}
	if !r.Status.Answered() {
		fmt.Fprintf(w, "%s: %s\n", r.Status, r.message())
		return
	}
	if r.puzzle.Layout == sudokusat.LayoutFPuzzles {
		writeSetterCount(w, e, r.Answer, limit)
		writeStated(w, r)
		return
	}
	fmt.Fprintf(w, "%s%s\n", countText(r.Count, limit), unverified(e, r.Answer))
}

// unverified is the note after a count of 0 that is an external solver's
// UNSAT claim which nothing checked, as solve's "claimed by SOLVER, not
// verified": " (unverified: claimed by SOLVER)". Every other count has at
// least one solution checked by the validator behind it, or a proof.
func unverified(e *engine.Engine, a engine.Answer) string {
	if a.Count > 0 || !a.Unverified {
		return ""
	}
	by := e.Name()
	if a.By != "" {
		by = a.By
	}
	return " (unverified: claimed by " + by + ")"
}

// writeSetterCount writes the count of a puzzle from f-puzzles as setters
// ask it: "1 unique", "0 none", or "≥2 several" (or the count, below a
// higher limit) with the first two solutions and the cells where they
// differ, where a given would tell them apart.
func writeSetterCount(w io.Writer, e *engine.Engine, a engine.Answer, limit int) {
	count := countText(a.Count, limit)
	switch {
	case a.Count == 0:
		fmt.Fprintf(w, "%s none%s\n", count, unverified(e, a))
	case a.Count == 1 && limit > 1:
		fmt.Fprintf(w, "%s unique\n", count)
	case a.Count == 1:
		fmt.Fprintf(w, "%s (uniqueness not checked: --limit 1)\n", count)
	default:
		s, t := a.Solutions[0], a.Solutions[1]
		fmt.Fprintf(w, "%s several: two solutions differ at %s\n  %s\n  %s\n", count, strings.Join(differences(s, t), " "), s, t)
	}
}

// writeStated adds a line under a count when the puzzle's stated solution
// is not among those found, and the stated grid.
func writeStated(w io.Writer, o *outcome) {
	st := engine.CompareStated(o.puzzle, o.Answer)
	if st.Verdict == "" || st.Verdict == "agrees" {
		return
	}
	fmt.Fprintf(w, "  %s", st)
	if len(st.Differ) > 0 {
		fmt.Fprintf(w, ": %s", strings.Join(cellNames(o.puzzle.Size(), st.Differ), " "))
	}
	fmt.Fprintf(w, "\n  %s\n", o.puzzle.Published)
}

// statedJSON is how a record compares with the puzzle's stated solution,
// in JSON: "agrees", "differs" (with the cells) or "breaks" (with the
// reason), and nothing when the puzzle states none.
type statedJSON struct {
	Stated       string   `json:"stated,omitempty"`
	StatedDiffer []string `json:"stated_differ,omitempty"`
	StatedError  string   `json:"stated_error,omitempty"`
}

func newStatedJSON(o *outcome) statedJSON {
	st := engine.CompareStated(o.puzzle, o.Answer)
	j := statedJSON{Stated: st.Verdict}
	if len(st.Differ) > 0 {
		j.StatedDiffer = cellNames(o.puzzle.Size(), st.Differ)
	}
	if st.Err != nil {
		j.StatedError = st.Err.Error()
	}
	return j
}

// differences names the cells where two grids differ, as r1c2.
func differences(s, t *sudokusat.Grid) []string {
	return cellNames(s.Size(), engine.Differences(s, t))
}

// cellNames names cells of an n×n grid as r1c2.
func cellNames(n int, cells []int) []string {
	names := make([]string, len(cells))
	for i, cell := range cells {
		names[i] = fmt.Sprintf("r%dc%d", cell/n+1, cell%n+1)
	}
	return names
}

// tallyText writes a tally as "1: 95, ≥2: 3", in a stable order.
func tallyText(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	// Counts first, in numeric order, then the failure statuses.
	less := func(a, b string) bool {
		na, ea := strconv.Atoi(strings.TrimPrefix(a, "≥"))
		nb, eb := strconv.Atoi(strings.TrimPrefix(b, "≥"))
		if (ea == nil) != (eb == nil) {
			return ea == nil
		}
		if ea == nil && na != nb {
			return na < nb
		}
		return a < b
	}
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && less(keys[j], keys[j-1]); j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s: %d", k, m[k])
	}
	return strings.Join(parts, ", ")
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
