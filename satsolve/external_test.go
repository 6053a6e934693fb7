package satsolve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestExternalOutputLimit checks that a solver printing without end is
// killed once past the limit the formula sets, with an error naming it, and
// that what it printed was never held in memory.
func TestExternalOutputLimit(t *testing.T) {
	f := encodeWith(t, "reduced", readPuzzles(t, "top95-sample.txt")[0])
	limit := answerLimit(f.Vars)
	tests := []struct{ name, body string }{
		{"comments", `yes c | head -c 1073741824; echo "s UNSATISFIABLE"; exit 20`},
		{"one endless line", `yes | tr -d '\n'`},
		{"endless model", `echo "s SATISFIABLE"; yes "v 1" `},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := script(t, tt.body)
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			start := time.Now()
			_, err := e.Count(context.Background(), f, 1)
			took := time.Since(start)
			runtime.ReadMemStats(&after)
			if !errors.Is(err, ErrSolver) || !strings.Contains(err.Error(), "more than "+strconv.FormatInt(limit, 10)+" bytes") {
				t.Fatalf("err = %v, want ErrSolver naming the limit %d", err, limit)
			}
			// The old reader kept everything: a gigabyte.
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 {
				t.Errorf("allocated %d MB reading the output", alloc>>20)
			}
			t.Logf("%v, %d MB allocated, after %v", err, (after.TotalAlloc-before.TotalAlloc)>>20, took)
		})
	}
}

// TestExternalResultFileLimit checks the bound on a result file ({out}).
func TestExternalResultFileLimit(t *testing.T) {
	f := encodeWith(t, "reduced", readPuzzles(t, "top95-sample.txt")[0])
	limit := answerLimit(f.Vars)
	e := script(t, fmt.Sprintf(`yes c | head -c %d > "$2"; exit 20`, limit+1))
	e.(*External).Argv = append(e.(*External).Argv, "{cnf}", "{out}")
	_, err := e.Count(context.Background(), f, 1)
	if !errors.Is(err, ErrSolver) || !strings.Contains(err.Error(), "over "+strconv.FormatInt(limit, 10)+" bytes") {
		t.Fatalf("err = %v, want ErrSolver naming the limit %d", err, limit)
	}
	// One byte less, ending in a verdict, is read.
	e = script(t, fmt.Sprintf(`{ yes c | head -c %d; echo UNSAT; } > "$2"; exit 20`, limit-6))
	e.(*External).Argv = append(e.(*External).Argv, "{cnf}", "{out}")
	if res, err := e.Count(context.Background(), f, 1); err != nil || res.Status != Unsatisfiable {
		t.Fatalf("a result file of exactly the limit: %v %v", res.Status, err)
	}
}

// TestExternalErrorOneLine checks that a failing solver's error output is
// quoted short and on one line.
func TestExternalErrorOneLine(t *testing.T) {
	f := encodeWith(t, "reduced", readPuzzles(t, "top95-sample.txt")[0])
	tests := []struct {
		name, body   string
		want, absent string
	}{
		{"multi-line", `i=0; while [ $i -lt 100 ]; do echo "line $i of the trace" >&2; i=$((i+1)); done
printf 'fatal: é\nthe end\n' >&2; exit 1`, `fatal: é\nthe end"`, "line 1 of"},
		{"short", `printf 'bad\toption\n' >&2; exit 2`, `status 2 (stderr: "bad\toption")`, ""},
		// 203 bytes after the x: the last 200 start inside an é.
		{"cut in a rune", `printf 'x%.0s' $(seq 1 50) >&2; i=0; while [ $i -lt 101 ]; do printf 'é' >&2; i=$((i+1)); done; printf 'y' >&2; exit 1`, `(stderr: …"éé`, "x"},
		{"malformed answer", `echo "s SATISFIABLE"; echo "v 1 -1 0"; printf 'a\nb\n' >&2; exit 10`, `literal -1 contradicts literal 1 given before (stderr: "a\nb")`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := script(t, tt.body).Count(context.Background(), f, 1)
			if !errors.Is(err, ErrSolver) {
				t.Fatalf("err = %v, want ErrSolver", err)
			}
			msg := err.Error()
			if strings.ContainsAny(msg, "\n\r") || strings.Contains(msg, `\x`) || !strings.Contains(msg, tt.want) ||
				(tt.absent != "" && strings.Contains(msg[strings.Index(msg, "stderr"):], tt.absent)) {
				t.Errorf("message %q: want one line with %q, without %q", msg, tt.want, tt.absent)
			}
			if i := strings.Index(msg, "(stderr: "); i >= 0 && len(msg)-i > stderrShown*2 {
				t.Errorf("quotes %d bytes of stderr", len(msg)-i)
			}
		})
	}
}

// TestExternalSignal checks that a solver killed by a signal is reported
// so, not as "status -1".
func TestExternalSignal(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no signals on Windows")
	}
	f := encodeWith(t, "reduced", readPuzzles(t, "top95-sample.txt")[0])
	_, err := script(t, `echo "cannot go on" >&2; kill -SEGV $$`).Count(context.Background(), f, 1)
	if !errors.Is(err, ErrSolver) || !strings.Contains(err.Error(), "killed by signal SIGSEGV (segmentation fault)") ||
		!strings.Contains(err.Error(), "cannot go on") {
		t.Errorf("err = %v, want ErrSolver naming SIGSEGV", err)
	}
}

// TestExternalSolve: one run gives the solver's verdict and model as they
// are, a model that is not a solution included; a failure is ErrSolver;
// with Certify, an UNSAT answer whose proof Certify refuses is ErrBadProof.
func TestExternalSolve(t *testing.T) {
	f := encodeWith(t, "extended", readPuzzles(t, "top95-sample.txt")[0])
	for _, c := range []struct {
		name, body string
		certify    bool
		want       Answer
		err        error
	}{
		{"model as printed", "echo 's SATISFIABLE'; echo 'v 1 -2 3 0'; exit 10", false, Answer{Status: Satisfiable, Model: []int{1, -2, 3}}, nil},
		{"unsat", "echo 's UNSATISFIABLE'; exit 20", false, Answer{Status: Unsatisfiable}, nil},
		{"unknown", "echo 's UNKNOWN'", false, Answer{Status: Unknown}, nil},
		{"crash", "kill -SEGV $$", false, Answer{}, ErrSolver},
		{"proof refused", "echo 's UNSATISFIABLE'; : > \"$2\"; exit 20", true, Answer{}, ErrBadProof},
		{"no Certify, no check", "echo 's UNSATISFIABLE'; : > \"$2\"; exit 20", false, Answer{Status: Unsatisfiable}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := script(t, c.body).(*External)
			e.Argv = append(e.Argv, "{cnf}", "{proof}")
			if c.certify {
				e.Certify = func(context.Context, io.Reader, io.Reader) error { return errors.New("refused") }
			}
			a, err := e.Solve(context.Background(), f)
			if !errors.Is(err, c.err) || (c.err == nil && err != nil) {
				t.Fatalf("Solve: %v, want %v", err, c.err)
			}
			if c.err == nil && (a.Status != c.want.Status || fmt.Sprint(a.Model) != fmt.Sprint(c.want.Model)) {
				t.Errorf("Solve = %+v, want %+v", a, c.want)
			}
		})
	}
}

// TestExternalModelBreaksAGiven: a model whose only fault is a given's
// variable set false decodes to the right grid (the decoder fills the
// givens in); it is refused all the same, checked against the clauses the
// solver was given.
func TestExternalModelBreaksAGiven(t *testing.T) {
	g := readPuzzles(t, "top95-sample.txt")[0]
	if g.Cell(0) == 0 {
		t.Fatal("the test needs a given at r1c1")
	}
	f := encodeWith(t, "extended", g)
	if !f.Direct() || f.Vars != 729 {
		t.Fatalf("the extended encoding has %d variables, want the 729 direct ones", f.Vars)
	}
	sol, err := Solve(context.Background(), f)
	if err != nil || sol.Count != 1 {
		t.Fatal(sol, err)
	}
	var model strings.Builder
	for cell := range 81 {
		for d := 1; d <= 9; d++ {
			l := cell*9 + d
			if sol.Solution().Cell(cell) != d || cell == 0 {
				l = -l // r1c1's given is the lie
			}
			fmt.Fprintf(&model, " %d", l)
		}
	}
	e := script(t, "echo 's SATISFIABLE'; echo 'v"+model.String()+" 0'; exit 10")
	_, err = e.Count(context.Background(), f, 1)
	if !errors.Is(err, ErrWrongModel) || !strings.Contains(err.Error(), "falsifies clause") {
		t.Errorf("err = %v, want ErrWrongModel naming the clause", err)
	}
}
