package main

import (
	"context"
	"io"
	"iter"
	"sync"

	"github.com/sudokusat/sudokusat"
	"github.com/urfave/cli/v2"
)

// batch runs work on every input item with the given number of workers and
// passes the results to emit in input order. Items are read as they are
// needed: a worker reads an item only while it is fewer than inFlight ahead
// of the next one to emit, so a file of any size streams through in bounded
// memory, and a slow puzzle holds back only the output, never the reading
// of what follows it beyond that bound.
//
// The workers read, work and emit themselves, under two locks: no reader or
// writer goroutine hands items over. Each hand-off wakes a thread, and in a
// batch of small puzzles on two cores those wake-ups cost as much CPU as
// the gophersat worker processes that they keep waiting.
//
// Only the items that sel keeps are read (--shard, --resume); they are
// numbered in the order read, since their indices in the input have gaps.
func batch[T any](ctx context.Context, names []string, stdin io.Reader, warn io.Writer, limit int64, m *meter, sel *selection, workers int,
	work func(context.Context, *item) T, emit func(*item, T) error) error {
	if workers < 1 {
		workers = 1
	}
	inFlight := workers * 32
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	// seq is an item's place among those read, from 1.
	type numbered struct {
		it  *item
		seq int
	}
	var readErr error
	next, stop := iter.Pull(func(yield func(numbered) bool) {
		seq := 0
		readErr = readInputs(names, stdin, warn, limit, m, sel, func(it *item) error {
			seq++
			if !yield(numbered{it, seq}) {
				return context.Canceled
			}
			return nil
		})
	})
	var in sync.Mutex // next, stop, and readErr while reading

	type result struct {
		it  *item
		out T
	}
	var out sync.Mutex // everything below
	window := sync.NewCond(&out)
	// Not sized by inFlight: the results waiting for an earlier one are
	// usually few, and inFlight can be large.
	pending := map[int]result{}
	emitted := 1 // the seq to emit next
	var emitErr error
	busy := 0         // workers that hold an item
	stopping := false // set once the batch returns: items read after it are dropped

	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				in.Lock()
				n, ok := next()
				in.Unlock()
				out.Lock()
				if !ok || stopping {
					out.Unlock()
					return
				}
				busy++
				for n.seq >= emitted+inFlight && emitErr == nil && ctx.Err() == nil {
					window.Wait()
				}
				out.Unlock()
				r := result{n.it, work(ctx, n.it)}

				out.Lock()
				pending[n.seq] = r
				for emitErr == nil {
					r, ok := pending[emitted]
					if !ok {
						break
					}
					delete(pending, emitted)
					emitted++
					if emitErr = emit(r.it, r.out); emitErr != nil {
						cancel() // stop reading; let the workers finish
					}
				}
				busy--
				window.Broadcast()
				out.Unlock()
			}
		}()
	}
	// A worker waiting for the window must see a cancellation too.
	stopWaking := context.AfterFunc(ctx, func() {
		out.Lock()
		window.Broadcast()
		out.Unlock()
	})
	defer stopWaking()
	finished := make(chan struct{})
	go func() {
		wg.Wait()
		close(finished)
	}()
	select {
	case <-finished:
	case <-ctx.Done():
		// Wait for the workers that hold an item, whose records are
		// written in order; a worker blocked reading an input that may
		// never end (a terminal, a pipe) is left behind, so that Ctrl-C
		// does not wait for the next line.
		out.Lock()
		stopping = true
		for busy > 0 {
			window.Wait()
		}
		err := emitErr
		out.Unlock()
		if !in.TryLock() {
			// A reader is blocked in next: stop must not run beside it.
			if err != nil {
				return err
			}
			return ctx.Err()
		}
		defer in.Unlock()
	}
	stop()
	if emitErr != nil {
		return emitErr
	}
	if readErr != nil && readErr != context.Canceled {
		return readErr
	}
	return ctx.Err()
}

// runBatch is the one skeleton of the batch commands: it runs work on
// every input puzzle, workers at a time, and writes each result's record
// with record, in input order, through one emitter (progress on a
// terminal, flushed as it goes), then what last writes (a summary table)
// after the records. It reports whether an interrupt ended the batch: the
// records of what was done are written then too, and the caller writes
// its summary and returns errInterrupted.
func runBatch[T any](c *cli.Context, workers int, work func(context.Context, *item) T,
	record func(*sudokusat.Writer, *item, T), last func(*sudokusat.Writer)) (interrupted bool, err error) {
	sel, err := selectionOf(c)
	if err != nil {
		return false, err
	}
	defer sel.release() // once every record is written
	in := &meter{}
	em := newEmitter(c, in)
	err = batch(c.Context, c.Args().Slice(), c.App.Reader, c.App.ErrWriter, maxDecompressed(c), in, sel, workers, work,
		func(it *item, out T) error {
			return em.record(func(w *sudokusat.Writer) { record(w, it, out) })
		})
	if isInterrupt(c, err) {
		return true, em.close(last)
	}
	if err != nil {
		em.close(nil)
		return false, err
	}
	return false, em.close(last)
}
