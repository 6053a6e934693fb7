package satsolve

import (
	"context"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync/atomic"
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
// bytes, as its rusage says (Linux reports kilobytes). Go starts a process
// with vfork, sharing this process's memory until the exec, and at the
// exec Linux counts the memory it leaves in the child's high-water mark:
// a solver of 4 MB started by a sudokusat of 12 MB reports 12 MB, which
// solverPeak sorts out.
func peakMemory(ps *os.ProcessState) int64 {
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		return ru.Maxrss << 10
	}
	return 0
}

// ownPeak is this process's high-water resident size, in bytes.
func ownPeak() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	n, _ := statusField(b, "VmHWM:")
	return n
}

// proc reads a started process's figures in its /proc directory, held
// open from the start: once the process is reaped and its id given to
// another, the reads fail rather than read the other's.
type proc struct{ dir *os.Root }

// openProc opens process pid's /proc directory; nil if it cannot.
func openProc(pid int) *proc {
	dir, err := os.OpenRoot("/proc/" + strconv.Itoa(pid))
	if err != nil {
		return nil
	}
	return &proc{dir}
}

func (p *proc) close() {
	if p != nil {
		p.dir.Close()
	}
}

func (p *proc) read(name string) ([]byte, error) {
	f, err := p.dir.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

// status returns the process's high-water resident size (VmHWM: its own
// since its exec), in bytes, and whether it is asleep or ended rather
// than running or ready to run; false once it is gone.
func (p *proc) status() (hwm int64, asleep, ok bool) {
	if p == nil {
		return 0, false, false
	}
	b, err := p.read("status")
	if err != nil {
		return 0, false, false
	}
	hwm, ok = statusField(b, "VmHWM:")
	for line := range strings.Lines(string(b)) {
		if rest, found := strings.CutPrefix(line, "State:"); found {
			asleep = !strings.HasPrefix(strings.TrimSpace(rest), "R")
		}
	}
	return hwm, asleep, ok
}

// cpu returns the process's user and system time; false once it is gone.
func (p *proc) cpu() (time.Duration, bool) {
	if p == nil {
		return 0, false
	}
	b, err := p.read("stat")
	if err != nil {
		return 0, false
	}
	return cpuTime(b)
}

// watchPoll is how often watch reads a solver's figures once its first
// pollFast readings, a millisecond apart, are done: a run of a few
// milliseconds (CaDiCaL on a 9×9 puzzle) is still read several times,
// and a solver that allocates a gigabyte a second overshoots a memory
// limit by at most 10 MB before it is killed.
const (
	watchPoll = 10 * time.Millisecond
	pollFast  = 20
)

// watch reads p's high-water resident size and, with a CPU limit, its
// CPU time, until ctx ends or the process is gone. It raises peak to the
// largest size read, calls asleep after the second reading in a row that
// finds the process asleep (one is a passing wait, two a wait it is held
// in, such as a write to a full pipe), and calls over once the size passes
// memLimit or the CPU time cpuLimit (either 0 for none), then stops.
func watch(ctx context.Context, p *proc, memLimit int64, cpuLimit time.Duration, peak *atomic.Int64, asleep func(), over func(memory bool)) {
	t := time.NewTimer(time.Millisecond)
	defer t.Stop()
	slept := 0
	for n := 0; ; n++ {
		hwm, sleeping, ok := p.status()
		if !ok {
			return
		}
		raise(peak, hwm)
		if slept++; !sleeping {
			slept = 0
		} else if slept == 2 {
			asleep()
		}
		if memLimit > 0 && hwm > memLimit {
			over(true)
			return
		}
		if cpuLimit > 0 {
			if cpu, ok := p.cpu(); ok && cpu > cpuLimit {
				over(false)
				return
			}
		}
		if n < pollFast || slept > 0 {
			t.Reset(time.Millisecond)
		} else {
			t.Reset(watchPoll)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// statusField reads a "NAME: N kB" line of a /proc status file, in bytes.
// A zombie has no memory lines: it reports 0, true.
func statusField(b []byte, name string) (int64, bool) {
	for line := range strings.Lines(string(b)) {
		if rest, ok := strings.CutPrefix(line, name); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10, err == nil
		}
	}
	return 0, true
}

// clockTicks is the unit of /proc/PID/stat's times: USER_HZ, 100 on every
// Linux architecture Go runs on.
const clockTicks = 100

// cpuTime reads the user and system time of a /proc/PID/stat file.
func cpuTime(b []byte) (time.Duration, bool) {
	// The command name, in parentheses, may hold spaces: the fields are
	// counted from after its closing parenthesis.
	i := strings.LastIndexByte(string(b), ')')
	if i < 0 {
		return 0, false
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 13 {
		return 0, false
	}
	u, err1 := strconv.ParseInt(f[11], 10, 64)
	s, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	return time.Duration(u+s) * time.Second / clockTicks, true
}

// fillPipe fills the pipe w writes to, so that the solver's first write
// to it waits until the reader takes what fillPipe wrote, and returns how
// many bytes that is: 0 if it could not learn the pipe's size.
func fillPipe(w *os.File) int {
	raw, err := w.SyscallConn()
	if err != nil {
		return 0
	}
	size := 0
	raw.Control(func(fd uintptr) {
		n, _, errno := syscall.Syscall(syscall.SYS_FCNTL, fd, fGetPipeSize, 0)
		if errno == 0 {
			size = int(n)
		}
	})
	if size <= 0 {
		return 0
	}
	n, _ := w.Write(make([]byte, size))
	return n
}

// fGetPipeSize is fcntl's F_GETPIPE_SZ, which package syscall lacks.
const fGetPipeSize = 1032
