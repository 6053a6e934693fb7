package cputime

import (
	"context"
	"errors"
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

// TestWithBudget: the context ends with context.DeadlineExceeded once the
// process has used the budget, not before, and not for a loop that waits
// without using CPU; cancel ends it with context.Canceled, and so does its
// parent's end.
func TestWithBudget(t *testing.T) {
	if _, ok := Used(); !ok {
		t.Skip("this system does not report CPU time")
	}
	const budget = 50 * time.Millisecond
	start, _ := Used()
	ctx, cancel := WithBudget(context.Background(), budget)
	defer cancel()
	time.Sleep(2 * budget) // no CPU: the budget is not spent
	if err := ctx.Err(); err != nil {
		t.Fatalf("after a sleep: %v", err)
	}
	for ctx.Err() == nil {
	}
	now, _ := Used()
	if !errors.Is(ctx.Err(), context.DeadlineExceeded) || now-start < budget {
		t.Errorf("ended with %v after %v of CPU, want context.DeadlineExceeded after %v", ctx.Err(), now-start, budget)
	}
	<-ctx.Done()

	ctx, cancel = WithBudget(context.Background(), time.Hour)
	cancel()
	<-ctx.Done()
	if !errors.Is(ctx.Err(), context.Canceled) {
		t.Errorf("cancelled: %v", ctx.Err())
	}
	parent, stop := context.WithCancel(context.Background())
	ctx, cancel = WithBudget(parent, time.Hour)
	defer cancel()
	stop()
	<-ctx.Done()
	if !errors.Is(ctx.Err(), context.Canceled) {
		t.Errorf("parent cancelled: %v", ctx.Err())
	}
}
