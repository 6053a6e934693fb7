//go:build !unix

package satsolve

import "os"

// runDir is the directory of one External call's runs: the CNF the solver
// reads, and the result and proof files it writes. Here it is a plain
// temporary directory: without flock, a directory that a process killed
// outright left behind cannot be told from one in use.
type runDir struct{ path string }

func newRunDir() (*runDir, error) {
	path, err := os.MkdirTemp("", "sudokusat-run-")
	if err != nil {
		return nil, err
	}
	return &runDir{path: path}, nil
}

func (d *runDir) remove() error { return os.RemoveAll(d.path) }

// RemoveStaleRuns does nothing here: see runDir.
func RemoveStaleRuns() {}
