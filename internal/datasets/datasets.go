// Package datasets finds the public Sudoku data sets for tests and
// benchmarks: a folder beside the project, ../shared/data from its root,
// that a fresh clone does not have. Every test that needs the folder goes
// through this package, so that all of them skip with the same message
// when it is missing.
//
// The package uses the standard library only, so that the root package's
// own tests can import it without an import cycle.
package datasets

import (
	"bufio"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// EnvVar names the environment variable that, when set, overrides the data
// sets' folder; CI points it at a missing folder to run the tests as a
// fresh clone would.
const EnvVar = "SUDOKUSAT_DATA"

// SkipMessage is what every test that needs the data sets says when it
// skips because they are not there.
const SkipMessage = "skipping: the shared data sets (../shared/data beside the project's root, or $" + EnvVar + ") are not here"

// Dir is the data sets' folder: $SUDOKUSAT_DATA when set, otherwise
// shared/data beside the project's root.
func Dir() string {
	if d := os.Getenv(EnvVar); d != "" {
		return d
	}
	// The root is two levels above this file, whichever package's test
	// runs (each runs in its own directory).
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "shared", "data")
}

// Available reports whether the data sets' folder is there.
func Available() bool {
	st, err := os.Stat(Dir())
	return err == nil && st.IsDir()
}

// Path is the path of the named file or folder of the data sets (name ""
// is the folder itself). It skips the test with SkipMessage when the folder
// is missing, and fails it when the folder is there but the name is not:
// that is a broken data set, not a fresh clone.
func Path(tb testing.TB, name string) string {
	tb.Helper()
	if !Available() {
		tb.Skip(SkipMessage)
	}
	p := filepath.Join(Dir(), name)
	if _, err := os.Stat(p); err != nil {
		tb.Fatalf("data sets: %v", err)
	}
	return p
}

// Load parses every puzzle of the named one-puzzle-per-line data set with
// parse, skipping blank lines and # comments; it skips the test as Path
// does, and fails it, naming the line, on a line parse rejects.
func Load[T any](tb testing.TB, name string, parse func(string) (T, error)) []T {
	tb.Helper()
	f, err := os.Open(Path(tb, name))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []T
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		v, err := parse(line)
		if err != nil {
			tb.Fatalf("%s:%d: %v", name, n, err)
		}
		out = append(out, v)
	}
	if err := sc.Err(); err != nil {
		tb.Fatalf("%s: %v", name, err)
	}
	if len(out) == 0 {
		tb.Fatalf("%s: no puzzles", name)
	}
	return out
}
