package engine

import (
	"github.com/sudokusat/sudokusat/satsolve"
)

// queueDepth is how many searches queue on each gophersat worker process
// when searches have no deadline, so that a process never waits for the
// parent between puzzles.
const queueDepth = 8

// Workers is a pool of gophersat worker processes, shared by the SAT
// engines opened with it. Each process has its own copy of gophersat's
// package-level buffer, so searches run in parallel, and a deadline kills
// its process instead of abandoning a search that cannot be interrupted.
type Workers struct {
	pool     *satsolve.Isolated
	procs    int
	queueing bool
}

// NewWorkers returns a pool whose processes are started with command,
// which must run satsolve.ServeWorker on its standard input and output.
// procs is the number of puzzles the caller runs at once. Without
// deadlines, searches queue on at most procs processes; with them, each
// search needs a process to itself, since its deadline kills the process.
// No process starts before the first search; Close ends them.
func NewWorkers(command []string, procs int, deadlines bool) *Workers {
	w := &Workers{pool: satsolve.NewIsolated(command...), procs: max(procs, 1), queueing: !deadlines}
	if w.queueing {
		w.pool.Procs, w.pool.Depth = w.procs, queueDepth
	}
	return w
}

// Warm starts a worker process in the background, if none is idle, so
// that the first search does not wait for one to start.
func (w *Workers) Warm() { go w.pool.Warm() }

// Close ends the worker processes.
func (w *Workers) Close() error { return w.pool.Close() }

// Concurrency returns how many puzzles a batch running es with the given
// number of workers should keep under way: workers, or more when gophersat
// searches queue on worker processes. Each external solver's search runs a
// process of its own, so with one among es the batch keeps to workers.
func Concurrency(workers int, es ...*Engine) int {
	n := max(workers, 1)
	queued, certify := false, false
	for _, e := range es {
		switch {
		case e.info.Runs == AsProgram:
			return n
		case e.info.Queues:
			q := e.o.Workers != nil && e.o.Workers.queueing
			queued = queued || q
			certify = certify || (q && e.o.Certify)
		}
	}
	switch {
	case certify:
		// Each puzzle's proof is checked here, after its search: a
		// puzzle being checked has left the workers' queues, and with
		// no more under way than the queues hold, the processes
		// wait for work while this one checks. Twice as many keep
		// them fed while the proofs of the searches before are
		// checked.
		return 2 * n * queueDepth
	case queued:
		return n * queueDepth
	}
	return n
}
