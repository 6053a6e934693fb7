//go:build !linux

package satsolve

import (
	"context"
	"os"
	"os/exec"
)

// dieWithParent does nothing where there is no parent-death signal: a
// gophersat worker there still ends when its input closes (ServeWorker),
// and an external solver when its group is killed.
func dieWithParent(cmd *exec.Cmd) {}

// peakMemory is not measured here.
func peakMemory(*os.ProcessState) int64 { return 0 }

// watchMemory does nothing here: External.MemoryLimit is enforced on
// Linux only.
func watchMemory(context.Context, int, int64, func()) {}
