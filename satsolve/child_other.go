//go:build !linux

package satsolve

import "os/exec"

// dieWithParent does nothing where there is no parent-death signal: a
// gophersat worker there still ends when its input closes (ServeWorker),
// and an external solver when its group is killed.
func dieWithParent(cmd *exec.Cmd) {}
