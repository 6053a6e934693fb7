// Package datasets loads the public Sudoku data sets that live beside the
// project, in ../shared/data, for tests and benchmarks.
package datasets

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/sudokusat/sudokusat"
)

// Dir is the data sets' folder: shared/data beside the project's root.
func Dir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "shared", "data")
}

// Load reads every puzzle of the named data set, or skips the test, with a
// message, when the data sets are not beside the project.
func Load(tb testing.TB, name string) []*sudokusat.Grid {
	tb.Helper()
	f, err := os.Open(filepath.Join(Dir(), name))
	if err != nil {
		tb.Skipf("shared data set not available (%v): run beside ../shared", err)
	}
	defer f.Close()
	r := sudokusat.NewReader(f)
	var gs []*sudokusat.Grid
	for {
		p, err := r.Read()
		if errors.Is(err, io.EOF) {
			return gs
		}
		if err != nil {
			tb.Fatalf("%s: %v", name, err)
		}
		gs = append(gs, p.Grid)
	}
}
