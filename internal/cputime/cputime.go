// Package cputime reads the CPU time this process has used, for the tests
// of every package that bound the work done in some span: how long a
// search runs on past its deadline, how long a computation takes, how
// long a search runs before its deadline. Unlike the time on the clock, it
// does not grow when other programs hold the cores, so such a bound holds
// on a busy machine as on a quiet one.
package cputime

import (
	"context"
	"sync"
	"time"
)

// Used returns the CPU time, user and system, that the process has used
// so far, and false where the system does not report it.
func Used() (time.Duration, bool) { return used() }

// AfterDone starts measuring the CPU time the process uses from the end of
// ctx. The function it returns, called once ctx has ended, gives the time
// used since then; it reports false where the system does not report CPU
// time, and when ctx has not ended.
//
// The start is read by a goroutine that ctx's end wakes: on a busy
// machine it may be read late, which can make the time returned smaller,
// never larger.
func AfterDone(ctx context.Context) func() (time.Duration, bool) {
	var start time.Duration
	var ok bool
	read := make(chan struct{})
	stop := context.AfterFunc(ctx, func() {
		start, ok = used()
		close(read)
	})
	return func() (time.Duration, bool) {
		if stop() {
			return 0, false // ctx has not ended: nothing to measure
		}
		<-read
		now, nowOK := used()
		return now - start, ok && nowOK
	}
}

// WithBudget returns a context that ends as a deadline does, with
// context.DeadlineExceeded, once the process has used d more CPU time; or
// when parent ends, or cancel is called. A search under it has had that
// much CPU before it ends, however busy the machine, where a deadline on
// the clock may come before its first step. The CPU time is looked at
// every millisecond. Where the system does not report it, the context is
// context.WithTimeout(parent, d).
func WithBudget(parent context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	start, ok := used()
	if !ok {
		return context.WithTimeout(parent, d)
	}
	c := &budgetCtx{Context: parent, done: make(chan struct{})}
	stop := make(chan struct{})
	var once sync.Once
	go func() {
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-parent.Done():
				c.end(parent.Err())
				return
			case <-stop:
				c.end(context.Canceled)
				return
			case <-tick.C:
				if now, _ := used(); now-start >= d {
					c.end(context.DeadlineExceeded)
					return
				}
			}
		}
	}()
	return c, func() { once.Do(func() { close(stop) }) }
}

// budgetCtx is WithBudget's context.
type budgetCtx struct {
	context.Context // the parent, for its values and deadline
	done            chan struct{}
	mu              sync.Mutex
	err             error
}

func (c *budgetCtx) Done() <-chan struct{} { return c.done }

func (c *budgetCtx) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

func (c *budgetCtx) end(err error) {
	c.mu.Lock()
	c.err = err
	c.mu.Unlock()
	close(c.done)
}
