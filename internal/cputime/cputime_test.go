package cputime

import (
	"context"
	"testing"
	"time"
)

// spin keeps one core busy until ctx ends, or for d more past its end.
func spin(ctx context.Context, d time.Duration) {
	for ctx.Err() == nil {
	}
	start, _ := Used()
	for now, _ := Used(); now-start < d; now, _ = Used() {
	}
}

// TestAfterDone: a loop that stops as its context ends is measured at
// under 100 ms of CPU past the end, however busy the machine; one that
// runs 200 ms of CPU on is measured at some, and not at more than a
// second (the end's reading may come late, which only shrinks it).
func TestAfterDone(t *testing.T) {
	if _, ok := Used(); !ok {
		t.Skip("this system does not report CPU time")
	}
	tests := []struct {
		name string
		past time.Duration
		ok   func(time.Duration) bool
	}{
		{"stops at once", 0, func(d time.Duration) bool { return d < 100*time.Millisecond }},
		{"runs on for 200 ms of CPU", 200 * time.Millisecond, func(d time.Duration) bool { return d > 0 && d <= time.Second }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
			defer cancel()
			late := AfterDone(ctx)
			spin(ctx, tt.past)
			d, ok := late()
			if !ok || !tt.ok(d) {
				t.Errorf("measured %v (%v)", d, ok)
			}
		})
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if _, ok := AfterDone(ctx)(); ok {
		t.Errorf("a context not ended: measured")
	}
}
