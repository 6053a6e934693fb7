package engine

import (
	"bytes"
	"os"
	"runtime"
	"strconv"
	"strings"
)

// machineRunning returns how many threads of the whole machine are running
// or ready to run now, the caller's included (the fourth field of
// /proc/loadavg), and whether that count speaks for the cores this process
// runs on: not when they are fewer than the machine's online cores (a
// taskset, a container's cpuset on a larger host), since the count takes
// in the other cores' threads too.
func machineRunning() (int, bool) {
	online, err := os.ReadFile("/sys/devices/system/cpu/online")
	if err != nil || countCPUs(string(bytes.TrimSpace(online))) != runtime.NumCPU() {
		return 0, false
	}
	load, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0, false
	}
	f := strings.Fields(string(load))
	if len(f) < 4 {
		return 0, false
	}
	running, _, ok := strings.Cut(f[3], "/")
	n, err := strconv.Atoi(running)
	return n, ok && err == nil && n > 0
}

// countCPUs counts the CPUs of a Linux CPU list such as "0-3,6,8-9", or
// returns -1 when list is not one.
func countCPUs(list string) int {
	n := 0
	for _, r := range strings.Split(list, ",") {
		lo, hi, isRange := strings.Cut(r, "-")
		if !isRange {
			hi = lo
		}
		a, err1 := strconv.Atoi(lo)
		b, err2 := strconv.Atoi(hi)
		if err1 != nil || err2 != nil || b < a {
			return -1
		}
		n += b - a + 1
	}
	return n
}
