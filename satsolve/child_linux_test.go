package satsolve

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sudokusat/sudokusat/encode"
)

// ballast raises this process's high-water resident size to n bytes, the
// size Go's vfork leaves in a child's rusage: a test that measures a
// solver below it sees whether the figure is the solver's or this
// process's.
func ballast(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = 1
	}
	return b
}

// TestExternalPeakMemory: the peak memory of a run is the solver's own,
// whether it is below this process's (read in /proc, the rusage holding
// this process's) or above it (the rusage's).
func TestExternalPeakMemory(t *testing.T) {
	const heavy = 96 << 20
	b := ballast(heavy)
	defer runtime.KeepAlive(b)
	f := encodeWith(t, "reduced", readPuzzles(t, "top95-sample.txt")[0])
	tests := []struct {
		name     string
		body     string
		min, max int64
	}{
		// sh answers at once: a megabyte or two.
		{"small", `echo "s UNSATISFIABLE"; exit 20`, 1, 32 << 20},
		// awk doubles a string to 2^28 bytes, well above this process,
		// then answers.
		{"large", `awk 'BEGIN { s = "a"; while (length(s) < 268435456) s = s s }'; echo "s UNSATISFIABLE"; exit 20`, 1 << 28, 1 << 31},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := script(t, "exec 2>/dev/null\n"+tt.body)
			res, err := e.Count(context.Background(), f, 1)
			if err != nil {
				t.Fatal(err)
			}
			if res.PeakMemory < tt.min || res.PeakMemory > tt.max {
				t.Errorf("peak %d KB, want %d to %d KB (this process: %d KB)", res.PeakMemory>>10, tt.min>>10, tt.max>>10, ownPeak()>>10)
			}
			if res.Wall <= 0 {
				t.Errorf("wall time %v, want above 0", res.Wall)
			}
		})
	}
}

// TestPeakMemoryAsGNUTime: CaDiCaL's peak memory on a 9×9 puzzle, the
// median of five runs, is within 10 % of what GNU time reports for the
// same CNF, though this process is many times larger.
func TestPeakMemoryAsGNUTime(t *testing.T) {
	const gnuTime = "/usr/bin/time"
	if _, err := os.Stat(gnuTime); err != nil {
		t.Skipf("%s is missing: .ci/run installs GNU time (Debian's time package)", gnuTime)
	}
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Skip("cadical is not installed: .ci/run installs it")
	}
	b := ballast(64 << 20)
	defer runtime.KeepAlive(b)
	f := encodeWith(t, "reduced", readPuzzles(t, "top95-sample.txt")[0])
	cnf := filepath.Join(t.TempDir(), "puzzle.cnf")
	w, err := os.Create(cnf)
	if err != nil {
		t.Fatal(err)
	}
	if err := encode.WriteDIMACS(w, f); err != nil {
		t.Fatal(err)
	}
	w.Close()
	e, err := Engine("cadical")
	if err != nil {
		t.Fatal(err)
	}
	report := filepath.Join(t.TempDir(), "time.txt")
	var ours, theirs []int64
	for range 5 {
		res, err := e.Count(context.Background(), f, 1)
		if err != nil {
			t.Fatal(err)
		}
		ours = append(ours, res.PeakMemory>>10)
		err = exec.Command(gnuTime, "-f", "%M", "-o", report, "cadical", "-q", cnf).Run()
		var exit *exec.ExitError
		if err != nil && (!errors.As(err, &exit) || exit.ExitCode() != 10) {
			t.Fatalf("GNU time: %v", err)
		}
		out, err := os.ReadFile(report)
		if err != nil {
			t.Fatal(err)
		}
		// The last line: GNU time writes one before it for a status other
		// than 0.
		lines := strings.Fields(string(out))
		if len(lines) == 0 {
			t.Fatal("GNU time wrote nothing")
		}
		kb, err := strconv.ParseInt(lines[len(lines)-1], 10, 64)
		if err != nil {
			t.Fatalf("GNU time wrote %q: %v", out, err)
		}
		theirs = append(theirs, kb)
	}
	slices.Sort(ours)
	slices.Sort(theirs)
	o, g := ours[2], theirs[2]
	t.Logf("peak memory, KB: ours %v, GNU time's %v; this process %d", ours, theirs, ownPeak()>>10)
	if d := float64(o-g) / float64(g); d > 0.1 || d < -0.1 {
		t.Errorf("median peak %d KB, GNU time's %d KB: %+.0f %%, want within 10 %%", o, g, 100*d)
	}
}

// TestExternalCPULimit: a solver past its CPU time is killed with
// ErrCPUOut, its CPU time reported; one that waits longer than the limit
// without using the CPU is not.
func TestExternalCPULimit(t *testing.T) {
	f := encodeWith(t, "reduced", readPuzzles(t, "top95-sample.txt")[0])
	const limit = 200 * time.Millisecond
	tests := []struct {
		name string
		body string
		want error
	}{
		{"busy", `while :; do :; done`, ErrCPUOut},
		{"sleeping", `sleep 1; echo "s UNSATISFIABLE"; exit 20`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := script(t, tt.body).(*External)
			e.CPULimit = limit
			ctx, cancel := context.WithTimeout(context.Background(), hang)
			defer cancel()
			res, err := e.Count(ctx, f, 1)
			if !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
			if tt.want != nil && res.CPU < limit {
				t.Errorf("CPU time %v reported, want at least the limit %v", res.CPU, limit)
			}
			if tt.want == nil && res.Wall < time.Second {
				t.Errorf("wall time %v, want at least the second the solver slept", res.Wall)
			}
		})
	}
}

// TestExternalMemoryLimit: a solver past its memory limit is killed with
// ErrMemoryOut, its peak reported; the limit is the solver's, not this
// process's, which is far above it.
func TestExternalMemoryLimit(t *testing.T) {
	b := ballast(96 << 20)
	defer runtime.KeepAlive(b)
	f := encodeWith(t, "reduced", readPuzzles(t, "top95-sample.txt")[0])
	const limit = 48 << 20
	tests := []struct {
		name string
		body string
		want error
	}{
		{"hog", `exec awk 'BEGIN { s = "a"; while (1) s = s s }'`, ErrMemoryOut},
		{"small", `echo "s UNSATISFIABLE"; exit 20`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := script(t, tt.body).(*External)
			e.MemoryLimit = limit
			ctx, cancel := context.WithTimeout(context.Background(), hang)
			defer cancel()
			res, err := e.Count(ctx, f, 1)
			if !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
			if tt.want != nil && (res.PeakMemory <= limit || res.PeakMemory > 1<<30) {
				t.Errorf("peak %d KB, want past the limit of %d KB and caught before a gigabyte", res.PeakMemory>>10, limit>>10)
			}
		})
	}
}

// TestSolverPeak: the rusage's figure is the solver's only when well
// above this process's high-water mark; CI's figures, where a 4 MB
// CaDiCaL was reported at this process's 176 MB, are the first case.
func TestSolverPeak(t *testing.T) {
	const kb = 1 << 10
	tests := []struct {
		name                         string
		rusage, parent, polled, want int64
	}{
		{"left at the exec, above the later reading", 176912 * kb, 176900 * kb, 4040 * kb, 4040 * kb},
		{"left at the exec, below", 176528 * kb, 176900 * kb, 4012 * kb, 4012 * kb},
		{"the solver's own, well above", 268 << 20, 96 << 20, 200 << 20, 268 << 20},
		{"nothing read in /proc", 12 << 20, 12 << 20, 0, 0},
	}
	for _, tt := range tests {
		if got := solverPeak(tt.rusage, tt.parent, tt.polled); got != tt.want {
			t.Errorf("%s: solverPeak(%d, %d, %d) = %d KB, want %d KB", tt.name, tt.rusage>>10, tt.parent>>10, tt.polled>>10, got>>10, tt.want>>10)
		}
	}
}
