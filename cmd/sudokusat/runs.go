package main

import (
	"encoding/json"
	"io"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/sudokusat/sudokusat/engine"
	"github.com/sudokusat/sudokusat/verdict"
)

// memLimitFlag is --mem-limit, the memory an external solver's run may take.
func memLimitFlag() cli.Flag {
	return &cli.IntFlag{Name: "mem-limit", Usage: "kill an external solver's run past `MB` megabytes of resident memory: status memout (Linux; 0: no limit)",
		Action: func(_ *cli.Context, n int) error {
			if n < 0 {
				return usagef("--mem-limit %d: want 0 (no limit) or more", n)
			}
			return nil
		}}
}

// cpuLimitFlag is --cpu-limit, the CPU time an external solver's run may
// take.
func cpuLimitFlag() cli.Flag {
	return &cli.DurationFlag{Name: "cpu-limit", Usage: "kill an external solver's run past `DURATION` of CPU time (user and system), as BenchExec and runsolver limit a run: status timeout (Linux; 0: no limit)",
		Action: func(_ *cli.Context, d time.Duration) error {
			if d < 0 {
				return usagef("--cpu-limit %v: want 0 (no limit) or more", d)
			}
			return nil
		}}
}

// runRecord is check's JSON record of one engine's run on one puzzle: what
// a solver developer's judge reads. Checked says how far the answer was
// verified (verdict.Verdict.Checked).
type runRecord struct {
	Index   int     `json:"index"`
	File    string  `json:"file"`
	Line    int     `json:"line"`
	Engine  string  `json:"engine"`
	Status  string  `json:"status"` // solved (one solution), multiple, unsolvable, wrong, error, timeout, canceled, memout, invalid
	Count   int     `json:"count"`
	Checked string  `json:"checked"`
	Agree   *bool   `json:"agree,omitempty"` // check: the engines that answered on this puzzle agree
	Micros  float64 `json:"us"`
	CPU     float64 `json:"cpu_us,omitempty"`  // an external solver's user and system time
	PeakKB  int64   `json:"peak_kb,omitempty"` // an external solver's largest resident size
	// CPUTime, WallTime and Memory are the run's figures as BenchExec
	// names them (seconds, seconds, bytes): an external solver's
	// process's own, measured by the system; for the other engines only
	// the wall time, the engine's.
	CPUTime  float64 `json:"cputime,omitempty"`
	WallTime float64 `json:"walltime"`
	Memory   int64   `json:"memory,omitempty"`
	By       string  `json:"by,omitempty"`
	Error    string  `json:"error,omitempty"`
	notReadJSON
}

// summaryRecord is check's JSON record of one engine over the batch.
type summaryRecord struct {
	Summary  bool     `json:"summary"`
	Engine   string   `json:"engine"`
	Runs     int      `json:"runs"`
	Answered int      `json:"answered"`
	Wrong    int      `json:"wrong"`
	Errors   int      `json:"errors"`
	Timeouts int      `json:"timeouts"`
	Seconds  float64  `json:"seconds"`
	PAR2     *float64 `json:"par2,omitempty"` // seconds, to 6 significant digits
	// PAR2Needs says what the PAR-2 score needs when there is none: a
	// time limit, when some run gave no answer.
	PAR2Needs string `json:"par2_needs,omitempty"`
	// TimeLimit is the runs' time limit (--timeout) in seconds, which
	// PAR-2 counts twice for a run unanswered; absent without one.
	TimeLimit float64 `json:"time_limit,omitempty"`
}

// writeRuns writes the JSON record of each engine's run on one puzzle.
func writeRuns(w io.Writer, engines []*engine.Engine, it *item, vs []verdict.Verdict, agree bool, limit int) {
	for i, e := range engines {
		if vs[i].Kind != "" {
			writeRun(w, e, it, vs[i], &agree, limit)
		}
	}
}

// writeRun writes the JSON record of e's run on one puzzle; agree is nil
// where no engines were compared (bench).
func writeRun(w io.Writer, e *engine.Engine, it *item, v verdict.Verdict, agree *bool, limit int) {
	r := runRecord{Index: it.index, File: it.file, Line: it.line, Engine: e.Name(), Status: string(v.Kind), Count: v.Count,
		Agree: agree, Micros: float64(v.Elapsed.Nanoseconds()) / 1e3, CPU: float64(v.CPU.Nanoseconds()) / 1e3,
		PeakKB: v.PeakMemory >> 10, By: v.By, notReadJSON: it.notRead(),
		CPUTime: v.CPU.Seconds(), WallTime: v.Elapsed.Seconds(), Memory: v.PeakMemory}
	if v.Wall > 0 {
		r.WallTime = v.Wall.Seconds()
	}
	if v.Kind == verdict.Error && v.Status == engine.MemoryOut {
		r.Status = v.Status.String()
	}
	if v.Answered() {
		r.Checked = v.Checked(limit)
	} else {
		r.Error = v.Err.Error()
	}
	b, _ := json.Marshal(r) // strings and numbers always marshal
	w.Write(append(b, '\n'))
}

// writeSummaries writes one summary record per engine shown, the engines
// named by names.
func writeSummaries(w io.Writer, names []string, stats []verdict.Tally, timeout time.Duration) {
	for _, i := range verdict.Shown(stats) {
		t := stats[i]
		s := summaryRecord{Summary: true, Engine: names[i], Runs: t.Puzzles, Answered: len(t.Times),
			Wrong: t.Wrong, Errors: t.Errors, Timeouts: t.Timeouts, Seconds: t.Total.Seconds(), TimeLimit: timeout.Seconds()}
		if p, ok := t.PAR2(timeout); ok {
			p = verdict.Round6(p)
			s.PAR2 = &p
		}
		s.PAR2Needs = t.PAR2Needs(timeout)
		b, _ := json.Marshal(s)
		w.Write(append(b, '\n'))
	}
}
