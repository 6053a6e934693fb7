package satsolve

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/sudokusat/sudokusat"
)

// TestIsolatedNoHeldReply has the worker read a small search and an
// endless one in one go, behind a longer one: the worker holds replies
// back while requests wait, but not the small one's for ever.
func TestIsolatedNoHeldReply(t *testing.T) {
	p := testPool(t)
	p.Procs, p.Depth = 1, 4
	empty, _ := sudokusat.NewGridSize(9)
	longer := classic(empty) // 500 solutions reduced: ~0.15 s; endless minimal
	small := classic(readPuzzles(t, "top95-sample.txt")[0])
	if _, err := p.Count(context.Background(), small, enc("reduced"), 1); err != nil {
		t.Fatal(err) // the process is started
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	answered := make(chan error, 1)
	var wg sync.WaitGroup
	wg.Add(3)
	go func() {
		defer wg.Done()
		p.Count(ctx, longer, enc("reduced"), 500)
	}()
	waitSent(t, p, 2)
	go func() {
		defer wg.Done()
		res, err := p.Count(ctx, small, enc("reduced"), 2)
		if err == nil && res.Count != 1 {
			err = fmt.Errorf("count %d, want 1", res.Count)
		}
		answered <- err
	}()
	waitSent(t, p, 3)
	go func() {
		defer wg.Done()
		p.Count(ctx, longer, enc("minimal"), 1<<30) // endless
	}()
	select {
	case err := <-answered:
		if err != nil {
			t.Error(err)
		}
	case <-time.After(hang):
		t.Error("the small search's reply was held back behind the endless one")
	}
	cancel()
	wg.Wait()
}

// TestRepliesConcurrent writes replies with requests waiting, so that the
// timer flushes them, from the timer's goroutine while more are written.
func TestRepliesConcurrent(t *testing.T) {
	var buf safeBuffer
	r := &replies{w: bufio.NewWriter(&buf)}
	defer r.close()
	for i := 0; i < 3; i++ {
		if err := r.send(func(w *bufio.Writer) { w.WriteByte(byte('a' + i)) }, true); err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.Now().Add(hang)
	for buf.String() != "abc" && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if got := buf.String(); got != "abc" {
		t.Fatalf("held replies flushed as %q, want \"abc\"", got)
	}
	for i := 0; i < 100; i++ {
		r.send(func(w *bufio.Writer) { w.WriteByte('x') }, i%7 != 0)
		if i%10 == 0 {
			time.Sleep(replyDelay)
		}
	}
	r.send(func(w *bufio.Writer) { w.WriteByte('.') }, false)
	if got := buf.String(); len(got) != 3+100+1 {
		t.Errorf("%d bytes written, want 104", len(got))
	}
}

// safeBuffer is a bytes.Buffer that the timer's goroutine may write to
// while the test reads it.
type safeBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *safeBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *safeBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
