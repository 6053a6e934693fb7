package satsolve

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/sudokusat/sudokusat/encode"
)

// External is a DIMACS SAT solver run as a process, one run per solve. In
// Argv, "{cnf}" stands for the CNF file and "{out}" for a result file the
// solver writes (MiniSat's convention); without "{cnf}" the CNF file's path
// is appended. The answer is read from the result file when Argv names
// "{out}", else from standard output, in either format encode.ReadAnswer
// takes.
type External struct {
	Label string   // the engine's name in messages and tables
	Argv  []string // the command and its arguments
}

// knownArgv returns how to call a known solver quietly.
func knownArgv(name string) ([]string, bool) {
	switch name {
	case "cadical", "kissat":
		return []string{name, "-q", "{cnf}"}, true
	case "minisat":
		return []string{"minisat", "-verb=0", "{cnf}", "{out}"}, true
	case "picosat":
		return []string{"picosat", "{cnf}"}, true
	case "cryptominisat5", "cryptominisat":
		return []string{"cryptominisat5", "--verb", "0", "{cnf}"}, true
	}
	return nil, false
}

// KnownExternal lists the solver names Engine knows besides "sat".
func KnownExternal() []string {
	return []string{"cadical", "kissat", "minisat", "picosat", "cryptominisat5"}
}

// Engine returns the SAT engine named by spec: "sat" (or "gophersat") for
// the embedded gophersat, a known solver's name (see KnownExternal), or a
// command line such as "glucose -model {cnf}", split on white space.
func Engine(spec string) (Solver, error) {
	spec = strings.TrimSpace(spec)
	switch spec {
	case "sat", "gophersat":
		return Gophersat{}, nil
	case "":
		return nil, errors.New("satsolve: empty engine name")
	}
	if argv, ok := knownArgv(spec); ok {
		return &External{Label: spec, Argv: argv}, nil
	}
	return &External{Label: spec, Argv: strings.Fields(spec)}, nil
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
	dir, err := os.MkdirTemp("", "sudokusat-")
	if err != nil {
		return Result{}, err
	}
	defer os.RemoveAll(dir)

	res := Result{Status: encode.Unsatisfiable}
	g := f
	for res.Count < limit {
		a, err := e.run(ctx, path, dir, g)
		if err != nil {
			return Result{}, err
		}
		if a.Status == encode.Unknown {
			return Result{}, fmt.Errorf("%w: %s answered UNKNOWN", ErrSolver, e.Label)
		}
		if a.Status == encode.Unsatisfiable {
			break
		}
		model := make([]bool, f.VarMap.NumVars())
		for _, l := range a.Model {
			if l > 0 && l <= len(model) {
				model[l-1] = true
			}
		}
		sol, err := decodeChecked(f, model)
		if err != nil {
			return Result{}, fmt.Errorf("%s: %w", e.Label, err)
		}
		if res.Solution != nil && sol.Equal(res.Solution) {
			return Result{}, fmt.Errorf("%s: %w: the blocked grid came back", e.Label, ErrWrongModel)
		}
		res.Count++
		if res.Solution == nil {
			res.Solution = sol
		}
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
		res.Status = encode.Satisfiable
	}
	return res, nil
}

// maxStderr bounds how much of a solver's error output is kept for messages.
const maxStderr = 4 << 10

// tail keeps the last bytes written to it.
type tail struct{ b []byte }

func (t *tail) Write(p []byte) (int, error) {
	t.b = append(t.b, p...)
	if len(t.b) > maxStderr {
		t.b = t.b[len(t.b)-maxStderr:]
	}
	return len(p), nil
}

func (e *External) run(ctx context.Context, path, dir string, f *encode.Formula) (encode.Answer, error) {
	cnf := filepath.Join(dir, "puzzle.cnf")
	out := filepath.Join(dir, "result.txt")
	w, err := os.Create(cnf)
	if err != nil {
		return encode.Answer{}, err
	}
	err = encode.WriteDIMACS(w, f)
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return encode.Answer{}, err
	}
	os.Remove(out)

	args, sawCNF, useOut := make([]string, 0, len(e.Argv)), false, false
	for _, a := range e.Argv[1:] {
		if strings.Contains(a, "{cnf}") {
			sawCNF = true
		}
		if strings.Contains(a, "{out}") {
			useOut = true
		}
		args = append(args, strings.NewReplacer("{cnf}", cnf, "{out}", out).Replace(a))
	}
	if !sawCNF {
		args = append(args, cnf)
	}
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.WaitDelay = time.Second
	var stdout bytes.Buffer
	var stderr tail
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	if ctx.Err() != nil {
		return encode.Answer{}, fmt.Errorf("%s: %w", e.Label, ctx.Err())
	}
	code := cmd.ProcessState.ExitCode()
	var exitErr *exec.ExitError
	if runErr != nil && !errors.As(runErr, &exitErr) {
		return encode.Answer{}, fmt.Errorf("%w: %s: %w", ErrSolver, e.Label, runErr)
	}
	if code != 0 && code != 10 && code != 20 {
		return encode.Answer{}, fmt.Errorf("%w: %s exited with status %d%s", ErrSolver, e.Label, code, stderrNote(stderr.b))
	}
	answer := stdout.Bytes()
	if useOut {
		if answer, err = os.ReadFile(out); err != nil {
			return encode.Answer{}, fmt.Errorf("%w: %s wrote no result file%s", ErrSolver, e.Label, stderrNote(stderr.b))
		}
	}
	a, err := encode.ReadAnswer(bytes.NewReader(answer))
	if err != nil {
		return encode.Answer{}, fmt.Errorf("%w: %s: %w%s", ErrSolver, e.Label, err, stderrNote(stderr.b))
	}
	if (code == 10 && a.Status != encode.Satisfiable) || (code == 20 && a.Status != encode.Unsatisfiable) {
		return encode.Answer{}, fmt.Errorf("%w: %s exited with %d but answered %v", ErrSolver, e.Label, code, a.Status)
	}
	return a, nil
}

func stderrNote(b []byte) string {
	s := strings.TrimSpace(string(b))
	if s == "" {
		return ""
	}
	return " (stderr: " + s + ")"
}
