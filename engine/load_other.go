//go:build !linux

package engine

// machineRunning reports that the machine's count of running threads is
// not known here.
func machineRunning() (int, bool) { return 0, false }
