package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"sync"
	"time"
)

// batch runs work on every input item with the given number of workers and
// passes the results to emit in input order. Items are read as they are
// needed: at most inFlight items are read but not yet emitted, so a file of
// any size streams through in bounded memory, and a slow puzzle holds back
// only the output, never the reading of what follows it beyond that bound.
func batch[T any](ctx context.Context, names []string, stdin io.Reader, workers int,
	work func(context.Context, *item) T, emit func(*item, T) error) error {
	if workers < 1 {
		workers = 1
	}
	inFlight := workers * 32
	type job struct {
		it  *item
		out T
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	tokens := make(chan struct{}, inFlight)
	jobs := make(chan *job)
	done := make(chan *job, inFlight)
	var readErr error
	var wg sync.WaitGroup

	go func() { // reader
		defer close(jobs)
		readErr = inputs(names, stdin, func(it *item) error {
			select {
			case tokens <- struct{}{}:
			case <-ctx.Done():
				return ctx.Err()
			}
			select {
			case jobs <- &job{it: it}:
				return nil
			case <-ctx.Done():
				return ctx.Err()
			}
		})
	}()
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				j.out = work(ctx, j.it)
				done <- j
			}
		}()
	}
	go func() { wg.Wait(); close(done) }()

	pending := make(map[int]*job, inFlight)
	next := 1 // the index to emit next; inputs numbers items from 1
	var emitErr error
	for j := range done {
		pending[j.it.index] = j
		for emitErr == nil {
			j, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			<-tokens
			if emitErr = emit(j.it, j.out); emitErr != nil {
				cancel() // stop reading; drain the workers
			}
		}
	}
	if emitErr != nil {
		return emitErr
	}
	if readErr != nil && readErr != context.Canceled {
		return readErr
	}
	return ctx.Err()
}

// progress prints a one-line progress report on a terminal, at most a few
// times a second, and clears it at the end.
type progress struct {
	w       io.Writer
	on      bool
	start   time.Time
	last    time.Time
	done    int
	printed bool
}

// newProgress reports on w only when w is a terminal.
func newProgress(w io.Writer) *progress {
	p := &progress{w: w, start: time.Now()}
	if f, ok := w.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			p.on = true
		}
	}
	return p
}

func (p *progress) add() {
	p.done++
	if !p.on {
		return
	}
	now := time.Now()
	if now.Sub(p.last) < 200*time.Millisecond {
		return
	}
	p.last = now
	rate := float64(p.done) / now.Sub(p.start).Seconds()
	fmt.Fprintf(p.w, "\r\033[K%d puzzles, %.0f/s, %v", p.done, rate, now.Sub(p.start).Round(time.Second))
	p.printed = true
}

func (p *progress) finish() {
	if p.printed {
		fmt.Fprint(p.w, "\r\033[K")
		p.printed = false
	}
}
