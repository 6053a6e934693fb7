package generate

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
)

// maxDuplicateRetries bounds the fresh streams Many tries for a puzzle
// that came out equal to an earlier one (likely only on tiny grids).
const maxDuplicateRetries = 20

// A Batch says what puzzles Many makes.
type Batch struct {
	// Options are every puzzle's; Many sets each one's Stream.
	Options
	Count   int           // the puzzles to make
	Workers int           // the puzzles made at once
	Timeout time.Duration // per puzzle, Verify included; 0 for none
	// Verify, when not nil, proves each puzzle made again, with other
	// engines than the native count that carved it; its error is the
	// puzzle's.
	Verify func(ctx context.Context, p *Puzzle) error
}

// A Made is one puzzle of a batch, or why there is none.
type Made struct {
	Index   int     // the puzzle's place in the batch, from 1
	Puzzle  *Puzzle // nil when none was made
	Err     error   // why not; it wraps context.DeadlineExceeded when the puzzle's Timeout passed
	Elapsed time.Duration
}

// Many makes b.Count distinct puzzles, b.Workers at a time, and gives each
// to emit in order. Puzzle i is made from random stream i-1, so that what
// is made does not depend on the workers; one equal to an earlier puzzle
// is made again, in order, from streams Count+i-1, 2·Count+i-1, …, and
// after maxDuplicateRetries of them it is an error. Memory follows the
// puzzles under way, not Count: puzzle i is started only once puzzle
// i−window is given to emit, so that a slow puzzle holds back at most a
// window of others. Many stops at emit's first error, and with ctx.Err()
// when ctx ends first.
func Many(ctx context.Context, b Batch, emit func(Made) error) error {
	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	defer func() {
		cancel() // first, so that the workers stop early
		wg.Wait()
	}()
	workers := max(b.Workers, 1)
	// Puzzle i goes to slot i mod window, and is handed to a worker only
	// once puzzle i−window is given to emit, which frees its slot and its
	// token (a slot per puzzle made a count of 1000000000 die with "fatal
	// error: out of memory").
	window := min(b.Count, 4*workers)
	slots := make([]chan Made, window)
	for i := range slots {
		slots[i] = make(chan Made, 1)
	}
	tokens := make(chan struct{}, window)
	for range window {
		tokens <- struct{}{}
	}
	next := make(chan int)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				slots[i%window] <- b.one(ctx, i+1, uint64(i))
			}
		}()
	}
	go func() {
		defer close(next)
		for i := range b.Count {
			select {
			case <-tokens:
			case <-ctx.Done():
				return
			}
			select {
			case next <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	seen := map[string]bool{}
	for i := range b.Count {
		var m Made
		select {
		case m = <-slots[i%window]:
			tokens <- struct{}{}
		case <-ctx.Done():
			return ctx.Err()
		}
		for k := 1; m.Puzzle != nil && seen[m.Puzzle.Puzzle.Grid.String()]; k++ {
			if k > maxDuplicateRetries {
				m = Made{Index: i + 1, Err: fmt.Errorf("no new puzzle after %d tries: this size has few", maxDuplicateRetries)}
				break
			}
			m = b.one(ctx, i+1, uint64(k*b.Count+i))
		}
		if m.Puzzle != nil {
			seen[m.Puzzle.Puzzle.Grid.String()] = true
		}
		if err := emit(m); err != nil {
			return err
		}
	}
	return nil
}

// one makes puzzle index from the given random stream and verifies it.
func (b *Batch) one(ctx context.Context, index int, stream uint64) Made {
	if b.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, b.Timeout)
		defer cancel()
	}
	start := time.Now()
	o := b.Options
	o.Stream = stream
	p, err := Generate(ctx, o)
	if err == nil && b.Verify != nil {
		err = b.Verify(ctx, p)
	}
	m := Made{Index: index, Elapsed: time.Since(start)}
	switch {
	case err == nil:
		m.Puzzle = p
	case errors.Is(err, context.Canceled) && errors.Is(ctx.Err(), context.DeadlineExceeded):
		// Cut short by the puzzle's own deadline.
		m.Err = fmt.Errorf("%w: %w", context.DeadlineExceeded, err)
	default:
		m.Err = err
	}
	return m
}
