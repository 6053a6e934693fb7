package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/satsolve"
)

func countCommand() *cli.Command {
	return &cli.Command{
		Name:      "count",
		Usage:     "count each puzzle's solutions, up to a limit",
		ArgsUsage: "[FILE|-]...",
		Description: "Each puzzle gives one record: 0, 1, … or ≥K when the limit K was reached (so with the\n" +
			"default --limit 2, 1 proves a puzzle unique and ≥2 shows it is not), or STATUS: message.\n" +
			"Engines as for solve.",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "limit", Aliases: []string{"k"}, Value: 2, Usage: "stop counting at `K` solutions"},
			&cli.StringFlag{Name: "engine", Aliases: []string{"e"}, Value: "sat", Usage: "solver `ENGINE`"},
			&cli.StringFlag{Name: "encoding", Value: encode.Default, Usage: "CNF `ENCODING`: " + strings.Join(encode.Names(), ", ")},
			&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "line", Usage: "output `FORMAT`: line or json"},
			&cli.DurationFlag{Name: "timeout", Usage: "give up on a puzzle after `DURATION` (0: never)"},
			workersFlag(),
		},
		Action: func(c *cli.Context) error {
			limit := c.Int("limit")
			if limit < 1 {
				return usagef("--limit must be at least 1")
			}
			format := c.String("format")
			if format != "line" && format != "json" {
				return usagef("unknown format %q (want line or json)", format)
			}
			e, err := newEngine(c.String("engine"), c.String("encoding"))
			if err != nil {
				return err
			}
			defer e.close()
			timeout := c.Duration("timeout")
			em := newEmitter(c)
			defer em.close()
			start := time.Now()
			var total, failed int
			counts := map[string]int{}
			err = batch(c.Context, c.Args().Slice(), c.App.Reader, e.concurrency(c.Int("workers"), timeout),
				func(ctx context.Context, it *item) *outcome { return runItem(ctx, e, it, limit, timeout) },
				func(_ *item, o *outcome) error {
					total++
					if counted(o) {
						counts[countText(o.count, limit)]++
					} else {
						failed++
						counts[o.status]++
					}
					writeCount(em.w, e, o, limit, format)
					return em.written()
				})
			em.close()
			if err != nil {
				return err
			}
			fmt.Fprintf(c.App.ErrWriter, "sudokusat: %d %s counted in %v (engine %s): %s\n", total, plural(total, "puzzle", "puzzles"),
				time.Since(start).Round(time.Millisecond), e.name, tallyText(counts))
			if failed > 0 {
				return errUnsolved
			}
			return nil
		},
	}
}

// counted reports whether a puzzle's count is known: no solution is a
// count too.
func counted(o *outcome) bool {
	return o.status == statusSolved || o.status == statusUnsolvable
}

// countText is a count as printed: the number, or ≥K at the limit.
func countText(count, limit int) string {
	if count >= limit && limit > 1 {
		return "≥" + strconv.Itoa(limit)
	}
	return strconv.Itoa(count)
}

func writeCount(w io.Writer, e *engine, r *outcome, limit int, format string) {
	status := "counted"
	if !counted(r) {
		status = r.status
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
			Micros  float64 `json:"us"`
		}{Index: r.index, File: r.file, Line: r.line, Status: status, Count: r.count,
			AtLeast: r.count >= limit && limit > 1, Engine: e.name, Micros: float64(r.elapsed.Nanoseconds()) / 1e3}
		if !counted(r) {
			rec.Error = r.message()
		}
		b, _ := json.Marshal(rec) // strings and numbers always marshal
		w.Write(append(b, '\n'))
		return
	}
	if !counted(r) {
		fmt.Fprintf(w, "%s: %s\n", r.status, r.message())
		return
	}
	fmt.Fprintln(w, countText(r.count, limit))
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

// parseEngines expands --engines and --encoding lists for check and bench:
// gophersat once per encoding, every other engine once, external solvers
// with the first encoding.
func parseEngines(engines, encodings string, isolated bool) ([]*engine, error) {
	encs := splitList(encodings)
	if len(encs) == 0 {
		encs = []string{encode.Default}
	}
	var out []*engine
	for _, spec := range splitList(engines) {
		if spec == "sat" || spec == "gophersat" {
			for _, enc := range encs {
				e, err := newEngine(spec, enc)
				if err != nil {
					return nil, err
				}
				if !isolated {
					e.close()
					e.sat = satsolve.Gophersat{}
				}
				e.name = "sat/" + enc
				out = append(out, e)
			}
			continue
		}
		e, err := newEngine(spec, encs[0])
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	if len(out) == 0 {
		return nil, usagef("no engine named")
	}
	return out, nil
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
