package main

import (
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// batchInput is n puzzle lines, every seventh one malformed, so that parse
// errors travel through the batch as items too.
func batchInput(n int) string {
	const good = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
	var b strings.Builder
	for i := range n {
		if i%7 == 3 {
			b.WriteString("not a puzzle\n")
			continue
		}
		b.WriteString(good + "\n")
	}
	return b.String()
}

// TestBatchConcurrentOrder runs items of random cost through several
// workers: every item must be emitted once, in input order, with its own
// result, and no more than the in-flight bound may be read ahead.
func TestBatchConcurrentOrder(t *testing.T) {
	const n = 600
	for _, workers := range []int{1, 2, 5} {
		var started, emittedN atomic.Int64
		var ahead atomic.Int64 // the most items seen in work but not yet emitted
		next := 1
		work := func(ctx context.Context, it *item) int {
			if d := started.Add(1) - emittedN.Load(); d > ahead.Load() {
				ahead.Store(d)
			}
			time.Sleep(time.Duration(rand.IntN(200)) * time.Microsecond)
			return it.index * 10
		}
		emit := func(it *item, out int) error {
			if it.index != next || out != it.index*10 {
				t.Errorf("workers %d: emitted item %d (result %d), want %d", workers, it.index, out, next)
				return errors.New("out of order")
			}
			if (it.err != nil) != (it.index%7 == 4) {
				t.Errorf("workers %d: item %d: err %v", workers, it.index, it.err)
			}
			next++
			emittedN.Add(1)
			return nil
		}
		err := batch(context.Background(), nil, strings.NewReader(batchInput(n)), io.Discard, 0, nil, nil, workers, work, emit)
		if err != nil {
			t.Fatalf("workers %d: %v", workers, err)
		}
		if next != n+1 {
			t.Errorf("workers %d: %d items emitted, want %d", workers, next-1, n)
		}
		if max := int64(workers*32 + workers); ahead.Load() > max {
			t.Errorf("workers %d: %d items in flight, bound %d", workers, ahead.Load(), max)
		}
	}
}

// TestBatchConcurrentStop checks that an emit error and a cancelled context
// both end a batch early with that error, and that nothing is emitted after
// a failed emit.
func TestBatchConcurrentStop(t *testing.T) {
	errFull := errors.New("disk full")
	work := func(ctx context.Context, it *item) int { return it.index }
	var after atomic.Int64
	failed := false
	err := batch(context.Background(), nil, strings.NewReader(batchInput(2000)), io.Discard, 0, nil, nil, 3, work, func(it *item, _ int) error {
		if failed {
			after.Add(1)
		}
		if it.index == 50 {
			failed = true
			return errFull
		}
		return nil
	})
	if !errors.Is(err, errFull) || after.Load() != 0 {
		t.Errorf("emit error: err %v, %d items emitted after it", err, after.Load())
	}

	ctx, cancel := context.WithCancel(context.Background())
	emitted := 0
	err = batch(ctx, nil, strings.NewReader(batchInput(2000)), io.Discard, 0, nil, nil, 3, work, func(it *item, _ int) error {
		if emitted++; emitted == 100 {
			cancel()
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) || emitted >= 2000 {
		t.Errorf("cancelled: err %v after %d items", err, emitted)
	}
}
