package engine

import (
	"context"
	"errors"
	"math/bits"
	"testing"
	"time"

	"github.com/sudokusat/sudokusat"
)

// deadlineCtx is a context whose deadline passes when expire is called,
// so that a test chooses the moment without a clock.
type deadlineCtx struct {
	context.Context
	done chan struct{}
}

func newDeadlineCtx() *deadlineCtx {
	return &deadlineCtx{Context: context.Background(), done: make(chan struct{})}
}

func (c *deadlineCtx) expire()                     { close(c.done) }
func (c *deadlineCtx) Done() <-chan struct{}       { return c.done }
func (c *deadlineCtx) Deadline() (time.Time, bool) { return time.Now().Add(time.Hour), true }
func (c *deadlineCtx) Err() error {
	select {
	case <-c.done:
		return context.DeadlineExceeded
	default:
		return nil
	}
}

// slowCover answers counts as native does, and its one-search cover runs
// until the caller's deadline passes.
type slowCover struct {
	*Engine
	ctx *deadlineCtx
}

func (slowCover) covers() bool { return true }

func (c slowCover) cover(ctx context.Context, _ *sudokusat.Puzzle) (Result, error) {
	c.ctx.expire()
	<-ctx.Done()
	return Result{}, ctx.Err()
}

// TestCoverDeadline: the caller's deadline passing during the one-search
// cover is a timeout. It was reported canceled: the page said "canceled"
// for a candidates question that ran out of time.
func TestCoverDeadline(t *testing.T) {
	ctx := newDeadlineCtx()
	p := puzzle(t, "1...............")
	a, ok := Cover(ctx, New(Info{Name: NameNative}, Options{}, slowCover{Native(), ctx}), p, 0)
	if !ok || a.Status != Timeout || !errors.Is(a.Err, context.DeadlineExceeded) {
		t.Errorf("ok %v, %v: %v, want a timeout", ok, a.Status, a.Err)
	}
}

// TestCover: gophersat's cover finds, in checked solutions, every digit
// some solution puts in each cell of a 4×4 grid with one given (each cell
// of its row but the given's has three, every other cell four); engines
// without a cover, and gophersat when it must certify, run nothing.
func TestCover(t *testing.T) {
	ctx := context.Background()
	p := puzzle(t, "1...............")
	sat, err := Open(NameSAT, Options{})
	if err != nil {
		t.Fatal(err)
	}
	a, ok := Cover(ctx, sat, p, 0)
	if !ok || a.Status != Solved || a.Count != len(a.Solutions) {
		t.Fatalf("ok %v, %v, %d solutions: %v", ok, a.Status, a.Count, a.Err)
	}
	seen := make([]int, 16)
	for _, s := range a.Solutions {
		for cell := range 16 {
			seen[cell] |= 1 << s.Cell(cell)
		}
	}
	for cell, set := range seen {
		want := 4
		switch {
		case cell == 0:
			want = 1
		case cell < 4, cell%4 == 0, cell == 5:
			want = 3 // the given's row, column and box
		}
		if got := bits.OnesCount(uint(set)); got != want {
			t.Errorf("cell %d: %d digits covered, want %d", cell, got, want)
		}
	}
	certifying, err := Open(NameSAT, Options{Certify: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range []*Engine{Native(), certifying} {
		if _, ok := Cover(ctx, e, p, 0); ok {
			t.Errorf("%s: covered", e.Name())
		}
	}
}
