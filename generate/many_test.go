package generate

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"
)

// made runs Many and collects what it gives.
func made(t *testing.T, b Batch) []Made {
	t.Helper()
	var ms []Made
	if err := Many(context.Background(), b, func(m Made) error { ms = append(ms, m); return nil }); err != nil {
		t.Fatal(err)
	}
	return ms
}

// TestMany: the puzzles come in order, distinct, the same whatever the
// workers; Verify's error and the puzzle's deadline are the puzzle's, and
// emit's error stops the batch.
func TestMany(t *testing.T) {
	b := Batch{Options: Options{Size: 4, Seed: 7}, Count: 8, Workers: 1}
	one := made(t, b)
	b.Workers = 3
	three := made(t, b)
	var lines []string
	for i, m := range one {
		if m.Index != i+1 || m.Err != nil || m.Puzzle == nil || !m.Puzzle.Puzzle.Grid.Equal(three[i].Puzzle.Puzzle.Grid) {
			t.Fatalf("puzzle %d: %+v with one worker, %+v with three", i+1, m, three[i])
		}
		lines = append(lines, m.Puzzle.Puzzle.Grid.String())
	}
	if slices.Sort(lines); len(slices.Compact(lines)) != len(one) {
		t.Errorf("%d distinct puzzles of %d", len(slices.Compact(lines)), len(one))
	}

	refused := errors.New("refused")
	b.Verify = func(context.Context, *Puzzle) error { return refused }
	for _, m := range made(t, b) {
		if m.Puzzle != nil || !errors.Is(m.Err, refused) {
			t.Errorf("puzzle %d refused by Verify: %+v", m.Index, m)
		}
	}
	b.Verify = func(ctx context.Context, _ *Puzzle) error { <-ctx.Done(); return context.Cause(ctx) }
	b.Timeout = time.Millisecond
	for _, m := range made(t, b) {
		if m.Puzzle != nil || !errors.Is(m.Err, context.DeadlineExceeded) {
			t.Errorf("puzzle %d past its deadline: %+v", m.Index, m)
		}
	}
	stop := errors.New("stop")
	n := 0
	err := Many(context.Background(), Batch{Options: Options{Size: 4, Seed: 7}, Count: 8, Workers: 2}, func(Made) error { n++; return stop })
	if !errors.Is(err, stop) || n != 1 {
		t.Errorf("emit's error: %v after %d puzzles, want stop after 1", err, n)
	}
}
