package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/engine"
	"github.com/sudokusat/sudokusat/verdict"
)

func mergeCommand() *cli.Command {
	return &cli.Command{
		Name:      "merge",
		Usage:     "merge the JSON records of a batch's shards into one output, in input order, summaries recomputed",
		ArgsUsage: "FILE...",
		Description: "Reads the --format json outputs of one command's shards (--shard I/N), each perhaps resumed\n" +
			"(--resume), and writes their records in input order, by their index. The summaries of check's\n" +
			"outputs, one per engine and shard, are left out and recomputed over all the records: runs,\n" +
			"answers, total time and PAR-2, with the time limit the shards' summaries give (or --timeout).\n" +
			"A puzzle answered in two places (a shard given twice, or two runs that wrote one file) is\n" +
			"refused, exit 2, naming both: the merge holds every record once.\n\n" +
			examples(
				"sudokusat merge out/*.jsonl > all.jsonl", "the shards' records in input order",
				"sudokusat merge --timeout 10s check-1.jsonl check-2.jsonl", "check's shards, one summary per engine, PAR-2 at 10 s"),
		Flags: []cli.Flag{
			timeoutFlag("the runs' time limit, for PAR-2, when the shards' summaries do not give it: a run without an answer counts twice `DURATION`"),
		},
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				return usagef("merge takes the files to merge")
			}
			m := &merger{first: map[int]recordAt{}, limits: map[time.Duration]bool{}}
			for _, name := range c.Args().Slice() {
				if err := m.read(name); err != nil {
					return err
				}
			}
			timeout := c.Duration("timeout")
			if !c.IsSet("timeout") {
				if len(m.limits) > 1 {
					return usagef("the shards' summaries give %d time limits: give the one for PAR-2 with --timeout", len(m.limits))
				}
				for d := range m.limits {
					timeout = d
				}
			}
			return m.write(sudokusat.NewWriter(c.App.Writer), timeout)
		},
	}
}

// mergeError is a file that merge refuses, at its line: a usage error,
// reported without a pointer to the help.
type mergeError struct {
	at  recordAt
	err error
}

func (e *mergeError) Error() string { return fmt.Sprintf("%v: %v", e.at, e.err) }
func (e *mergeError) Unwrap() error { return e.err }

// refuse is a usage error of the file name at its line n.
func refuse(name string, n int, format string, args ...any) error {
	return usageError{&mergeError{recordAt{name, n}, fmt.Errorf(format, args...)}}
}

// recordAt is where a record was read: its file and line.
type recordAt struct {
	file string
	line int
}

func (r recordAt) String() string { return fmt.Sprintf("%s:%d", r.file, r.line) }

// merged is one record to merge: its puzzle's index, and its line.
type merged struct {
	index int
	line  []byte
	run   *mergedRun // a run of check's (or bench's), nil for another record
}

// mergedRun is what a summary counts of a run record.
type mergedRun struct {
	engine string
	status string
	us     float64
}

// merger gathers the records of the files to merge.
type merger struct {
	recs   []merged
	first  map[int]recordAt       // where each puzzle's records begin
	limits map[time.Duration]bool // the time limits the summaries give, 0 for none
}

// read reads the records of the file name. A puzzle's records (check
// writes one per engine) follow each other; a puzzle whose records were
// read before, in this file or another, is answered twice.
func (m *merger) read(name string) error {
	f, err := os.Open(name)
	if err != nil {
		return usageError{err}
	}
	defer f.Close()
	r := bufio.NewReader(f)
	last := 0
	for n := 1; ; n++ {
		line, err := r.ReadBytes('\n')
		if err == io.EOF && len(line) > 0 {
			return refuse(name, n, "the last line was cut short: a run killed while writing (resume it with --resume %s)", name)
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		var rec struct {
			Index     *int     `json:"index"`
			Summary   bool     `json:"summary"`
			Engine    string   `json:"engine"`
			Status    string   `json:"status"`
			Micros    float64  `json:"us"`
			WallTime  *float64 `json:"walltime"`
			TimeLimit float64  `json:"time_limit"`
		}
		if err := json.Unmarshal(line, &rec); err != nil {
			return refuse(name, n, "not a JSON record: merge reads what --format json wrote")
		}
		if rec.Summary {
			m.limits[time.Duration(math.Round(rec.TimeLimit*1e9))] = true
			last = 0
			continue
		}
		if rec.Index == nil {
			return refuse(name, n, "a record without its index: merge reads what --format json wrote")
		}
		i := *rec.Index
		if i != last {
			if at, ok := m.first[i]; ok {
				return refuse(name, n, "puzzle %d is answered a second time (first at %v)", i, at)
			}
			m.first[i] = recordAt{name, n}
			last = i
		}
		if rec.Status == engine.Canceled.String() {
			return refuse(name, n, "a canceled record: a run stopped while the puzzle was under way (resume it with --resume %s)", name)
		}
		mr := merged{index: i, line: slices.Clone(line)}
		if rec.WallTime != nil && rec.Engine != "" {
			mr.run = &mergedRun{rec.Engine, rec.Status, rec.Micros}
		}
		m.recs = append(m.recs, mr)
	}
}

// write writes the records in input order, a puzzle's records in the
// order they were read, then, when the files had summaries (check's do;
// bench's records have none), the summaries of the runs, one per engine
// in the order the engines first appear.
func (m *merger) write(w *sudokusat.Writer, timeout time.Duration) error {
	slices.SortStableFunc(m.recs, func(a, b merged) int { return a.index - b.index })
	var names []string
	var stats []verdict.Tally
	for _, r := range m.recs {
		w.Write(append(r.line, '\n'))
		if r.run == nil || r.run.status == engine.Invalid.String() {
			continue
		}
		k := slices.Index(names, r.run.engine)
		if k < 0 {
			k = len(names)
			names = append(names, r.run.engine)
			stats = append(stats, verdict.Tally{})
		}
		kind := verdict.Kind(r.run.status)
		if r.run.status == engine.MemoryOut.String() {
			kind = verdict.Error
		}
		stats[k].Add(r.index, verdict.Verdict{Kind: kind, Answer: engine.Answer{Elapsed: time.Duration(math.Round(r.run.us * 1e3))}})
	}
	if len(names) > 0 && len(m.limits) > 0 {
		writeSummaries(w, names, stats, timeout)
	}
	return writeErr(w.Flush())
}
