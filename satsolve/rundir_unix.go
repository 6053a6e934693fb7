//go:build unix

package satsolve

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// The directories of External's runs, in the temporary directory: made
// under newDirPrefix, locked, then renamed to runDirPrefix, so that
// RemoveStaleRuns never meets a directory of a live process unlocked.
const (
	runDirPrefix = "sudokusat-run-"
	newDirPrefix = "sudokusat-new-"
)

// runDir is the directory of one External call's runs: the CNF the solver
// reads, and the result and proof files it writes. Its process holds an
// exclusive flock on it for as long as it uses it. A process killed
// outright (SIGKILL), which runs no code on the way out, leaves the
// directory behind, but the system releases the lock however the process
// ends: RemoveStaleRuns, on a later run, tells the left directories by
// that and removes them. The solver is given plain paths, so that a
// solver, or a user's wrapper script, may write files of its own beside
// them ("$1.res"), as a descriptor passed as /dev/fd/N would not allow.
type runDir struct {
	path string
	lock *os.File // the directory, open and locked
}

// newRunDir makes a locked run directory.
func newRunDir() (*runDir, error) {
	tmp, err := os.MkdirTemp("", newDirPrefix)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(tmp)
	if err == nil {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err != nil {
			f.Close()
		}
	}
	if err != nil {
		os.RemoveAll(tmp)
		return nil, &os.PathError{Op: "lock", Path: tmp, Err: err}
	}
	path := filepath.Join(filepath.Dir(tmp), runDirPrefix+strings.TrimPrefix(filepath.Base(tmp), newDirPrefix))
	if err := os.Rename(tmp, path); err != nil {
		f.Close()
		os.RemoveAll(tmp)
		return nil, err
	}
	return &runDir{path: path, lock: f}, nil
}

// remove removes the directory and its files, then releases its lock.
func (d *runDir) remove() error {
	err := os.RemoveAll(d.path)
	d.lock.Close()
	return err
}

// RemoveStaleRuns removes, from the temporary directory, the run
// directories that External's processes left behind when they were killed
// outright (SIGKILL, or the system's out-of-memory killer): those whose
// lock no process holds. A directory in use, of this process or another,
// keeps its lock and is left alone. It is best effort: a directory that
// cannot be read or removed (another user's) stays, and nothing is
// reported. The engines call it when they open an external solver.
func RemoveStaleRuns() {
	tmp := os.TempDir()
	entries, err := os.ReadDir(tmp)
	if err != nil {
		return
	}
	for _, e := range entries {
		if !e.IsDir() || !strings.HasPrefix(e.Name(), runDirPrefix) {
			continue // a symbolic link is no run directory either
		}
		path := filepath.Join(tmp, e.Name())
		f, err := os.Open(path)
		if err != nil {
			continue
		}
		if syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil {
			os.RemoveAll(path)
		}
		f.Close()
	}
}
