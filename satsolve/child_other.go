//go:build !linux

package satsolve

import (
	"context"
	"os"
	"os/exec"
	"sync/atomic"
	"time"
)

// dieWithParent does nothing where there is no parent-death signal: a
// gophersat worker there still ends when its input closes (ServeWorker),
// and an external solver when its group is killed.
func dieWithParent(cmd *exec.Cmd) {}

// peakMemory is not measured here.
func peakMemory(*os.ProcessState) int64 { return 0 }

// ownPeak is not measured here.
func ownPeak() int64 { return 0 }

// proc is a started process's figures, not read here.
type proc struct{}

func openProc(int) *proc                 { return nil }
func (*proc) close()                     {}
func (*proc) peak() (int64, bool)        { return 0, false }
func (*proc) cpu() (time.Duration, bool) { return 0, false }

// watch does nothing here: External's limits are enforced on Linux only.
func watch(context.Context, *proc, int64, time.Duration, *atomic.Int64, func(), func(bool)) {}

// fillPipe fills nothing here: 0 bytes.
func fillPipe(*os.File) int { return 0 }
