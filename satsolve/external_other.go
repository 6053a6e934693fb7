//go:build !unix

package satsolve

import (
	"os"
	"os/exec"
)

// ownGroup leaves cmd as it is: process groups are a Unix notion, so here
// only the solver itself is killed when the context ends.
func ownGroup(cmd *exec.Cmd) {}

// killGroup does nothing: see ownGroup.
func killGroup(cmd *exec.Cmd) {}

// signalled reports no signal: processes end with an exit status only.
func signalled(ps *os.ProcessState) (string, bool) { return "", false }
