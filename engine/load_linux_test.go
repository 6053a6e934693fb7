package engine

import "testing"

func TestCountCPUs(t *testing.T) {
	tests := []struct {
		list string
		want int
	}{
		{"0", 1},
		{"0-1", 2},
		{"0-3,6,8-9", 7},
		{"", -1},
		{"0-", -1},
		{"3-1", -1},
		{"a", -1},
	}
	for _, tt := range tests {
		if got := countCPUs(tt.list); got != tt.want {
			t.Errorf("countCPUs(%q) = %d, want %d", tt.list, got, tt.want)
		}
	}
}

// TestMachineRunning: on Linux the count is known, and counts at least
// the test's own thread, unless the test runs on fewer cores than the
// machine has.
func TestMachineRunning(t *testing.T) {
	n, ok := machineRunning()
	if !ok {
		t.Skip("the machine's running threads do not speak for this process's cores (taskset or cpuset)")
	}
	if n < 1 {
		t.Errorf("%d threads running, want at least this one", n)
	}
}
