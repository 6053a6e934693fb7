// Package bench times engines over the same puzzles in one process, as
// sudokusat bench does: each engine warmed up on the puzzles first, then
// timed over them one at a time, its table row giving its rate, the mean,
// median and 99th percentile of its times, the time spent around it, and
// its own search figures per puzzle. The programs in its folders time
// outside tools (tdoku, drat-trim) beside it.
package bench

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/engine"
)

// warmUp bounds the untimed counts before an engine's timed pass over a
// file: a pass of the native solver over magictour takes 14 ms, a
// gophersat count of a hard 9×9 puzzle a millisecond.
const warmUp = 100 * time.Millisecond

// Header is the table's header, the columns of Run's rows.
var Header = []string{"engine", "file", "puzzles", "puzzles/s", "mean µs", "median µs", "p99 µs", "check µs", "decisions", "conflicts", "guesses", "errors"}

// Run times engine e over the puzzles of file, one at a time, each
// counted up to limit, and returns its row of the table. The µs columns
// are the engine's time (engine.Count's Elapsed); the time of the loop
// besides, spent in the validator and in done, is check µs, so that the
// engine's figures are comparable with its Go benchmarks'. done, when not
// nil, is told each timed answer, by the puzzle's place in puzzles.
func Run(ctx context.Context, e *engine.Engine, file string, puzzles []*sudokusat.Puzzle, limit int, done func(i int, a engine.Answer)) ([]string, error) {
	// Untimed first, as Go's benchmarks and tdoku's harness warm up: the
	// file's puzzles until warmUp has passed or each has run once. Timed
	// cold, the native solver's single pass over magictour came out
	// 0.1-1.3 µs a puzzle above a second pass in the same process.
	warm := time.Now().Add(warmUp)
	for _, p := range puzzles {
		if time.Now().After(warm) {
			break
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		engine.Count(ctx, e, p, limit, 0)
	}
	times := make([]time.Duration, 0, len(puzzles))
	var inEngine time.Duration // every run's, answered or not
	var stats engine.Stats
	errs := 0
	start := time.Now()
	for i, p := range puzzles {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		a := engine.Count(ctx, e, p, limit, 0)
		inEngine += a.Elapsed
		if done != nil {
			done(i, a)
		}
		if !a.Status.Answered() {
			errs++
			continue
		}
		times = append(times, a.Elapsed)
		stats.Add(a.Stats)
	}
	wall := time.Since(start)
	slices.Sort(times)
	var sum time.Duration
	for _, t := range times {
		sum += t
	}
	us := func(d time.Duration) string { return strconv.FormatFloat(float64(d.Nanoseconds())/1e3, 'f', 1, 64) }
	// A figure that is not there, for want of timed puzzles or because
	// the engine does not measure it (total -1), is "-", not 0.0.
	per := func(total int) string {
		if len(times) == 0 || total < 0 {
			return "-"
		}
		return strconv.FormatFloat(float64(total)/float64(len(times)), 'f', 1, 64)
	}
	if !e.Info().Decisions {
		stats.Decisions, stats.Conflicts = -1, -1
	}
	if !e.Info().Guesses {
		stats.Guesses = -1
	}
	check := us((wall - inEngine) / time.Duration(len(puzzles)))
	row := []string{e.Name(), filepath.Base(file), strconv.Itoa(len(puzzles)), "-", "-", "-", "-", check, per(stats.Decisions), per(stats.Conflicts), per(stats.Guesses), strconv.Itoa(errs)}
	if n := len(times); n > 0 {
		row[3] = strconv.FormatFloat(float64(n)/wall.Seconds(), 'f', 0, 64)
		row[4] = us(sum / time.Duration(n))
		row[5] = us(times[n/2])
		row[6] = us(times[min(n-1, n*99/100)])
	}
	return row, nil
}

// WriteMarkdown writes the table of rows under Header as Markdown, its
// first two columns left-aligned, the figures right-aligned.
func WriteMarkdown(out io.Writer, rows [][]string) error {
	w := sudokusat.NewWriter(out)
	fmt.Fprintf(w, "| %s |\n", strings.Join(Header, " | "))
	seps := make([]string, len(Header))
	for i := range seps {
		seps[i] = "---:"
		if i < 2 {
			seps[i] = "---"
		}
	}
	fmt.Fprintf(w, "|%s|\n", strings.Join(seps, "|"))
	for _, r := range rows {
		fmt.Fprintf(w, "| %s |\n", strings.Join(r, " | "))
	}
	return w.Flush()
}
