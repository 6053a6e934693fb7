package satsolve

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// dieWithParent has Linux kill cmd's process when this one dies, however
// it dies (SIGKILL included): a gophersat worker or a SAT solver must not
// go on at full CPU, reparented to init, once nobody reads its answer.
// The signal comes when the thread that started the process ends, which in
// Go is the process's end: the runtime does not end its threads.
func dieWithParent(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
}

// peakMemory returns the largest resident size of the ended process, in
// bytes (Linux reports it in kilobytes).
func peakMemory(ps *os.ProcessState) int64 {
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		return ru.Maxrss << 10
	}
	return 0
}

// memoryPoll is how often watchMemory reads a solver's resident size: a
// solver that allocates a gigabyte a second overshoots its limit by at
// most 10 MB.
const memoryPoll = 10 * time.Millisecond

// watchMemory calls over once the resident size of process pid passes
// limit bytes, reading /proc/pid/status every memoryPoll until ctx ends
// or the process is gone.
func watchMemory(ctx context.Context, pid int, limit int64, over func()) {
	path := fmt.Sprintf("/proc/%d/status", pid)
	t := time.NewTicker(memoryPoll)
	defer t.Stop()
	for {
		if rss, ok := residentSize(path); !ok {
			return
		} else if rss > limit {
			over()
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// residentSize reads the VmRSS line of a /proc/PID/status file, in bytes.
func residentSize(path string) (int64, bool) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, false
	}
	for line := range strings.Lines(string(b)) {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10, err == nil
		}
	}
	// A zombie has no VmRSS line: it holds no memory.
	return 0, true
}
