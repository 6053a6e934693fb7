// Package cputime reads the CPU time this process has used, for the tests
// of every package that bound the work done in some span: how long a
// search runs on past its deadline, how long a computation takes. Unlike
// the time on the clock, it does not grow when other programs hold the
// cores, so such a bound holds on a busy machine as on a quiet one.
package cputime

import (
	"context"
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
