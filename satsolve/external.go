package satsolve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sudokusat/sudokusat/encode"
)

// External is a DIMACS SAT solver run as a process, one run per solve. In
// Argv, "{cnf}" stands for the CNF file and "{out}" for a result file the
// solver writes (MiniSat's convention); without "{cnf}" the CNF file's path
// is appended. The answer is read from the result file when Argv names
// "{out}", else from standard output, in either format ReadAnswer takes.
//
// What is read of the answer is bounded by the formula's size (see
// answerLimit): a solver printing more is killed and the count fails. On
// Unix the solver runs in a process group of its own, killed whole when ctx
// ends or the solver exits, so that no process it started outlives it.
//
// With Certify set, an UNSAT answer counts only with a proof (DRAT, or one
// package drat reads as DRAT: see Program) that Certify accepts for the
// CNF the solver was given: the solver writes it to the file "{proof}"
// names in Argv, or in ProofArgs when Argv does not name it.
type External struct {
	Label string   // the engine's name in messages and tables
	Argv  []string // the command and its arguments
	// ProofArgs are added to Argv when Certify is set and Argv does not
	// name "{proof}" (see Program).
	ProofArgs []string
	// Certify, when not nil, checks a refutation: cnf is the formula the
	// solver was given, proof the proof it wrote.
	Certify func(ctx context.Context, cnf, proof io.Reader) error
	// MemoryLimit, when above zero, is the most resident memory in bytes a
	// run may take: past it the solver is killed and the run fails with
	// ErrMemoryOut. It is enforced on Linux, by reading the process's
	// resident size every few milliseconds; elsewhere it is not.
	MemoryLimit int64
	// CPULimit, when above zero, is the most CPU time (user and system) a
	// run may take: past it the solver is killed and the run fails with
	// ErrCPUOut, as runsolver and BenchExec limit a run's CPU time rather
	// than its wall time. Enforced on Linux, like MemoryLimit.
	CPULimit time.Duration
}

// ErrMemoryOut reports a solver killed for taking more memory than its
// limit (External.MemoryLimit), or that took more before it ended.
var ErrMemoryOut = errors.New("memory limit exceeded")

// ErrCPUOut reports a solver killed for taking more CPU time than its
// limit (External.CPULimit), or that took more before it ended.
var ErrCPUOut = errors.New("CPU time limit exceeded")

// ErrBadProof reports an UNSAT answer whose proof was missing or refused.
var ErrBadProof = errors.New("UNSAT proof refused")

// Program is a DIMACS solver that sudokusat knows by name: how to call it
// quietly and how to have it write a proof that package drat checks.
type Program struct {
	// Name is the name Engine takes; Aliases are other names for it.
	Name    string
	Aliases []string
	// Argv calls the solver quietly: "{cnf}" stands for the CNF file,
	// "{out}" for a result file it writes (MiniSat's convention).
	Argv []string
	// ProofArgs are added to Argv when a proof is asked for: "{proof}"
	// stands for the file the solver writes it to. Nil for a solver that
	// writes no proof package drat can check. A proof is DRAT (text or
	// binary), PicoSAT's RUP or text FRAT: drat.Check tells them apart.
	ProofArgs []string
	// Proof names what the solver writes with ProofArgs, as measured with
	// the version named, or why it writes nothing usable, for help texts
	// and messages.
	Proof string
	// Race lists the option sets the portfolio (engine auto) races the
	// solver with, when it is installed, in the order they join, best
	// first; none for a solver auto leaves out. --sat tunes CaDiCaL and
	// Kissat for satisfiable formulas, which a puzzle's formula nearly
	// always is: on sudoku-64-1 and three copies of it made by the
	// symmetries of the grid, CaDiCaL with --sat --seed=1 answered in
	// 4.0, 4.0, 12.7 and 2.0 s, and with its defaults none of the copies
	// within 40 s (docs/performance.md, 27 November 2026).
	Race [][]string
}

// race is the portfolio's option sets for CaDiCaL and Kissat, which both
// take them.
var race = [][]string{{"--sat", "--seed=1"}, {"--seed=0"}, {"--sat", "--seed=2"}}

// Programs returns the table of solvers Engine knows by name, one row
// each: the one list that the engine names, the help texts and the
// --certify messages read. The slice is new on each call.
func Programs() []Program {
	return []Program{
		{Name: "cadical", Argv: []string{"cadical", "-q", "{cnf}"}, ProofArgs: []string{"{proof}"}, Proof: "DRAT (binary), to the file after the CNF", Race: race},
		{Name: "kissat", Argv: []string{"kissat", "-q", "{cnf}"}, ProofArgs: []string{"{proof}"}, Proof: "DRAT, to the file after the CNF", Race: race},
		{Name: "minisat", Argv: []string{"minisat", "-verb=0", "{cnf}", "{out}"}, Proof: "none: MiniSat 2.2 has no proof option"},
		// PicoSAT 965's -R writes its learned clauses as it goes: text DRAT
		// with no deletions under a "%RUPD32 VARIABLES CLAUSES" header,
		// which drat skips. Its -r, -t and -T (RUP of the core, TraceCheck
		// traces) abort in the Debian build ("compiled without trace
		// support"; picosat.trace has them).
		{Name: "picosat", Argv: []string{"picosat", "{cnf}"}, ProofArgs: []string{"-R", "{proof}"},
			Proof: "RUP (text DRAT without deletions), with -R"},
		// CryptoMiniSat 5.11 has no DRAT option (--drat and --dratfile are
		// unknown options): --frat, like a second file after the CNF,
		// writes text FRAT, which drat reads as DRAT.
		{Name: "cryptominisat5", Aliases: []string{"cryptominisat"}, Argv: []string{"cryptominisat5", "--verb", "0", "{cnf}"}, ProofArgs: []string{"--frat", "{proof}"},
			Proof: "FRAT (text), with --frat: its additions and deletions checked as DRAT's"},
	}
}

// program returns the row of Programs that name is a name of.
func program(name string) (Program, bool) {
	for _, p := range Programs() {
		if p.Name == name || slices.Contains(p.Aliases, name) {
			return p, true
		}
	}
	return Program{}, false
}

// Engine returns the SAT engine named by spec: "sat" (or "gophersat") for
// the embedded gophersat, a known solver's name (see Programs), or a
// command line such as "glucose -model {cnf}", split on white space. A
// command line whose program is a known solver writes its proofs as that
// solver does.
func Engine(spec string) (Solver, error) {
	spec = strings.TrimSpace(spec)
	switch spec {
	case "sat", "gophersat":
		return Gophersat{}, nil
	case "":
		return nil, errors.New("satsolve: empty engine name")
	}
	if p, ok := program(spec); ok {
		return &External{Label: spec, Argv: p.Argv, ProofArgs: p.ProofArgs}, nil
	}
	argv := strings.Fields(spec)
	p, _ := program(filepath.Base(argv[0]))
	return &External{Label: spec, Argv: argv, ProofArgs: p.ProofArgs}, nil
}

// Name returns the engine's label.
func (e *External) Name() string { return e.Label }

// Count looks for up to limit distinct solutions, running the solver once
// per solution and once more to prove there is no other: each run gets the
// formula plus one clause blocking each grid found so far. The process is
// killed when ctx ends.
func (e *External) Count(ctx context.Context, f *encode.Formula, limit int) (Result, error) {
	if limit < 1 {
		return Result{}, fmt.Errorf("satsolve: count limit %d, want at least 1", limit)
	}
	if len(e.Argv) == 0 {
		return Result{}, fmt.Errorf("%w: no command", ErrSolver)
	}
	path, err := exec.LookPath(e.Argv[0])
	if err != nil {
		return Result{}, fmt.Errorf("%w: %s: %w", ErrSolver, e.Label, err)
	}
	rd, err := newRunDir()
	if err != nil {
		return Result{}, err
	}
	defer rd.remove()
	dir := rd.path

	res := Result{Status: Unsatisfiable}
	g := f
	for res.Count < limit {
		a, u, err := e.run(ctx, path, dir, g)
		res.CPU += u.cpu
		res.PeakMemory = max(res.PeakMemory, u.peak)
		res.Wall += u.wall
		if err != nil {
			// The figures of the runs go with the failure: a memory-out
			// is judged by them.
			return Result{CPU: res.CPU, PeakMemory: res.PeakMemory, Wall: res.Wall}, err
		}
		if a.Status == Unknown {
			return Result{}, fmt.Errorf("%w: %s answered UNKNOWN", ErrSolver, e.Label)
		}
		if a.Status == Unsatisfiable {
			if e.Certify != nil {
				if err := e.certify(ctx, dir); err != nil {
					return Result{}, err
				}
				res.Certified = true
			}
			break
		}
		// The model is checked against the formula the solver was given,
		// clause by clause: a model that breaks a given's unit clause
		// decodes to the right grid all the same (the decoder fills the
		// givens in), and would hide the solver's bug.
		if k := g.Falsified(a.Model); k >= 0 {
			return Result{CPU: res.CPU, PeakMemory: res.PeakMemory, Wall: res.Wall}, fmt.Errorf("%w: %s's model falsifies clause %d of the formula it was given", ErrWrongModel, e.Label, k+1)
		}
		model := make([]bool, f.VarMap.NumVars())
		for _, l := range a.Model {
			if l > 0 && l <= len(model) {
				model[l-1] = true
			}
		}
		sol, err := decodeModel(f, model)
		if err != nil {
			return Result{}, fmt.Errorf("%s: %w", e.Label, err)
		}
		if err := res.add(sol); err != nil {
			return Result{}, fmt.Errorf("%s: %w (a blocked grid came back)", e.Label, err)
		}
		res.Count++
		if res.Count == limit {
			break
		}
		block := make([]int32, 0, 64)
		for _, l := range a.Model {
			if l > 0 && l <= f.VarMap.NumVars() {
				block = append(block, int32(-l))
			}
		}
		if len(block) == 0 {
			break // nothing was open: the one grid is the only one
		}
		if g == f {
			g = f.Clone()
		}
		g.Add(block...)
	}
	if res.Count > 0 {
		res.Status = Satisfiable
	}
	return res, nil
}

// Solve runs the solver once on f and returns its verdict and model as it
// gave them, undecoded and unchecked: the one run that a count repeats,
// for callers that judge a solver's answer on a formula that need not
// encode a puzzle (check's shrinking of a wrong answer to a few clauses).
// With Certify set, an UNSAT answer counts only with a proof that Certify
// accepts for the CNF the solver was given; else the error wraps
// ErrBadProof. Unknown is an answer, not an error.
func (e *External) Solve(ctx context.Context, f *encode.Formula) (Answer, error) {
	if len(e.Argv) == 0 {
		return Answer{}, fmt.Errorf("%w: no command", ErrSolver)
	}
	path, err := exec.LookPath(e.Argv[0])
	if err != nil {
		return Answer{}, fmt.Errorf("%w: %s: %w", ErrSolver, e.Label, err)
	}
	rd, err := newRunDir()
	if err != nil {
		return Answer{}, err
	}
	defer rd.remove()
	dir := rd.path
	a, _, err := e.run(ctx, path, dir, f)
	if err == nil && a.Status == Unsatisfiable && e.Certify != nil {
		err = e.certify(ctx, dir)
	}
	return a, err
}

// ctxWriter fails once ctx has ended, so that writing a large CNF file
// stops at the deadline rather than after the last clause.
type ctxWriter struct {
	ctx context.Context
	w   io.Writer
}

func (c ctxWriter) Write(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.w.Write(p)
}

// certify checks the proof of the last run's UNSAT answer against its CNF.
func (e *External) certify(ctx context.Context, dir string) error {
	cnf, err := os.Open(filepath.Join(dir, "puzzle.cnf"))
	if err != nil {
		return err
	}
	defer cnf.Close()
	proof, err := os.Open(filepath.Join(dir, "proof.drat"))
	if err != nil {
		return fmt.Errorf("%w: %s wrote no proof", ErrBadProof, e.Label)
	}
	defer proof.Close()
	if err := e.Certify(ctx, cnf, proof); err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("%s: checking its proof: %w", e.Label, ctx.Err())
		}
		return fmt.Errorf("%w: %s: %w", ErrBadProof, e.Label, err)
	}
	return nil
}

// solverPeak is a solver's peak memory, in bytes, from its rusage's
// figure, this process's high-water mark read after the solver ended and
// the highest high-water mark watch read in the solver's /proc directory.
// Go starts a process with vfork, and at the exec Linux leaves this
// process's high-water mark in the solver's rusage: the rusage is the
// solver's own only when well above this process's. Well above: Linux
// keeps the resident counts per CPU and sums them roughly, and this
// process goes on allocating, so the figure left at the exec may pass
// the one read later by a few hundred kilobytes (CI saw 176,912 KB left
// in a solver of 4 MB, 176,900 KB read after it ended). Below, the figure
// is watch's, 0 if it read none.
func solverPeak(rusage, parent, polled int64) int64 {
	if rusage > parent+parent/32+1<<20 {
		return rusage
	}
	return polled
}

// pipeGrace bounds the wait for a solver's output to close once the solver
// has exited and its group has been killed: only a process that left the
// group can still hold it open.
const pipeGrace = time.Second

// usage is what one run of a solver took, as the system measured it.
type usage struct {
	cpu  time.Duration // user and system time
	peak int64         // the largest resident size, in bytes: the solver's own (see peakMemory)
	wall time.Duration // from the start of the process to its end
}

func (e *External) run(ctx context.Context, path, dir string, f *encode.Formula) (Answer, usage, error) {
	var u usage
	a, err := e.runOnce(ctx, path, dir, f, &u)
	return a, u, err
}

func (e *External) runOnce(ctx context.Context, path, dir string, f *encode.Formula, u *usage) (Answer, error) {
	cnf := filepath.Join(dir, "puzzle.cnf")
	out := filepath.Join(dir, "result.txt")
	w, err := os.Create(cnf)
	if err != nil {
		return Answer{}, err
	}
	err = encode.WriteDIMACS(ctxWriter{ctx, w}, f)
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		if ctx.Err() != nil {
			return Answer{}, fmt.Errorf("%s: %w", e.Label, ctx.Err())
		}
		return Answer{}, err
	}
	proof := filepath.Join(dir, "proof.drat")
	os.Remove(out)
	os.Remove(proof)

	args, sawCNF, useOut, sawProof := make([]string, 0, len(e.Argv)+1), false, false, false
	for _, a := range e.Argv[1:] {
		if strings.Contains(a, "{cnf}") {
			sawCNF = true
		}
		if strings.Contains(a, "{out}") {
			useOut = true
		}
		if strings.Contains(a, "{proof}") {
			sawProof = true
		}
		args = append(args, strings.NewReplacer("{cnf}", cnf, "{out}", out, "{proof}", proof).Replace(a))
	}
	if !sawCNF {
		args = append(args, cnf)
	}
	if e.Certify != nil && !sawProof {
		if len(e.ProofArgs) == 0 {
			return Answer{}, fmt.Errorf("%w: %s: a certified run needs {proof} in the solver's command line", ErrSolver, e.Label)
		}
		for _, a := range e.ProofArgs {
			args = append(args, strings.ReplaceAll(a, "{proof}", proof))
		}
	}
	limit := answerLimit(f.Vars)

	// runCtx also ends when the answer outgrows its limit, killing the
	// solver.
	runCtx, stop := context.WithCancel(ctx)
	defer stop()
	cmd := exec.CommandContext(runCtx, path, args...)
	ownGroup(cmd)
	dieWithParent(cmd)
	// Only a process that survives its SIGKILL could make Wait wait this
	// long: the pipes are *os.File, so exec runs no copying goroutine that
	// a leftover child could hold up.
	cmd.WaitDelay = time.Second

	// The pipes are made here, not by exec, so that Wait returns as soon as
	// the solver exits and the readers below see the end of the output as
	// soon as its group is killed.
	errR, errW, err := os.Pipe()
	if err != nil {
		return Answer{}, err
	}
	defer errR.Close()
	cmd.Stderr = errW
	// Standard output is a pipe even with a result file (its lines are
	// then dropped): filled before the start (see fillPipe), it holds the
	// solver's first write until a reading of its memory (see watch).
	outR, outW, err := os.Pipe()
	if err != nil {
		errW.Close()
		return Answer{}, err
	}
	defer outR.Close()
	cmd.Stdout = outW
	filled := fillPipe(outW)
	started := time.Now()
	err = cmd.Start()
	errW.Close()
	outW.Close()
	if err != nil {
		if ctx.Err() != nil {
			return Answer{}, fmt.Errorf("%s: %w", e.Label, ctx.Err())
		}
		return Answer{}, fmt.Errorf("%w: %s: %w", ErrSolver, e.Label, err)
	}

	// The figures of the run are the solver's own process's: its rusage
	// for the CPU time; for the memory, see solverPeak. The pipe is read
	// once watch has seen the solver asleep, which it is when held at its
	// first write (its answer, its search done): a solver of a few
	// milliseconds is measured at its end, not between two readings.
	pr := openProc(cmd.Process.Pid)
	defer pr.close()
	var polled atomic.Int64
	asleep := make(chan struct{})
	var once sync.Once
	wake := func() { once.Do(func() { close(asleep) }) }

	var stderr tail
	var answer Answer
	var answerErr error
	tooLong := false
	readers := make(chan struct{}, 2)
	go func() {
		io.Copy(&stderr, errR)
		readers <- struct{}{}
	}()
	go func() {
		select {
		case <-asleep:
		case <-runCtx.Done():
		}
		var r io.Reader = outR
		if filled > 0 {
			// What fillPipe wrote comes first; an error here is the
			// solver's output closed early, which the next read sees.
			io.CopyN(io.Discard, outR, int64(filled))
		}
		if useOut {
			io.Copy(io.Discard, r)
			readers <- struct{}{}
			return
		}
		cr := &capReader{r: r, n: limit}
		answer, answerErr = ReadAnswer(cr, f.Vars)
		if answerErr != nil {
			// Drain what is left, within the limit, so that the solver
			// finishes and its exit status is known.
			_, err := io.Copy(io.Discard, cr)
			if errors.Is(answerErr, errTooLong) || errors.Is(err, errTooLong) {
				tooLong = true
				stop()
			}
		}
		readers <- struct{}{}
	}()
	var memOut, cpuOut atomic.Bool
	watched := make(chan struct{})
	go func() {
		watch(runCtx, pr, e.MemoryLimit, e.CPULimit, &polled, wake, func(memory bool) {
			if memory {
				memOut.Store(true)
			} else {
				cpuOut.Store(true)
			}
			stop()
		})
		wake()
		close(watched)
	}()
	waitErr := cmd.Wait()
	u.wall = time.Since(started)
	stop()
	<-watched
	killGroup(cmd)
	if ps := cmd.ProcessState; ps != nil {
		u.cpu = ps.UserTime() + ps.SystemTime()
		u.peak = solverPeak(peakMemory(ps), ownPeak(), polled.Load())
		// A run that passed a limit between two readings is over it all
		// the same, as runsolver and BenchExec judge it.
		if e.MemoryLimit > 0 && u.peak > e.MemoryLimit {
			memOut.Store(true)
		}
		if e.CPULimit > 0 && u.cpu > e.CPULimit {
			cpuOut.Store(true)
		}
	}
	timer := time.NewTimer(pipeGrace)
	defer timer.Stop()
	heldOpen := false
	for range 2 {
		select {
		case <-readers:
			continue
		case <-timer.C:
		case <-ctx.Done():
		}
		// Closing the read ends unblocks the readers.
		heldOpen = true
		errR.Close()
		outR.Close()
		<-readers
	}

	if ctx.Err() != nil {
		return Answer{}, fmt.Errorf("%s: %w", e.Label, ctx.Err())
	}
	note := stderrNote(stderr.b)
	if memOut.Load() {
		return Answer{}, fmt.Errorf("%w: %s took more than %d MB (%.1f MB); it was killed or ended over it%s", ErrMemoryOut, e.Label, e.MemoryLimit>>20, float64(u.peak)/(1<<20), note)
	}
	if cpuOut.Load() {
		return Answer{}, fmt.Errorf("%w: %s took more than %v of CPU time (%v); it was killed or ended over it%s", ErrCPUOut, e.Label, e.CPULimit, u.cpu.Round(time.Millisecond), note)
	}
	if tooLong {
		return Answer{}, fmt.Errorf("%w: %s printed more than %d bytes, the limit for a formula of %d variables; it was killed%s",
			ErrSolver, e.Label, limit, f.Vars, note)
	}
	var exitErr *exec.ExitError
	if waitErr != nil && !errors.As(waitErr, &exitErr) {
		return Answer{}, fmt.Errorf("%w: %s: %w", ErrSolver, e.Label, waitErr)
	}
	if sig, ok := signalled(cmd.ProcessState); ok {
		return Answer{}, fmt.Errorf("%w: %s killed by signal %s%s", ErrSolver, e.Label, sig, note)
	}
	code := cmd.ProcessState.ExitCode()
	if code != 0 && code != 10 && code != 20 {
		return Answer{}, fmt.Errorf("%w: %s exited with status %d%s", ErrSolver, e.Label, code, note)
	}
	if heldOpen {
		return Answer{}, fmt.Errorf("%w: %s exited, but a process it started kept its output open", ErrSolver, e.Label)
	}
	if useOut {
		file, err := os.Open(out)
		if err != nil {
			return Answer{}, fmt.Errorf("%w: %s wrote no result file%s", ErrSolver, e.Label, note)
		}
		answer, answerErr = ReadAnswer(&capReader{r: file, n: limit}, f.Vars)
		file.Close()
		if errors.Is(answerErr, errTooLong) {
			return Answer{}, fmt.Errorf("%w: %s wrote a result file over %d bytes, the limit for a formula of %d variables%s",
				ErrSolver, e.Label, limit, f.Vars, note)
		}
	}
	if answerErr != nil {
		return Answer{}, fmt.Errorf("%w: %s: %w%s", ErrSolver, e.Label, answerErr, note)
	}
	a := answer
	if (code == 10 && a.Status != Satisfiable) || (code == 20 && a.Status != Unsatisfiable) {
		return Answer{}, fmt.Errorf("%w: %s exited with %d but answered %v", ErrSolver, e.Label, code, a.Status)
	}
	return a, nil
}

// raise sets a to v if v is larger.
func raise(a *atomic.Int64, v int64) {
	for {
		old := a.Load()
		if v <= old || a.CompareAndSwap(old, v) {
			return
		}
	}
}
