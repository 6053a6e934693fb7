package satsolve

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"io"
	"os"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
)

func TestIsolatedBrokenWorker(t *testing.T) {
	g := readPuzzles(t, "top95-sample.txt")[0]
	for _, cmd := range [][]string{{"true"}, {"/nonexistent/worker"}, {"sh", "-c", "cat >/dev/null & printf '\\000\\001\\000\\000\\000'"}} {
		p := NewIsolated(cmd...)
		_, err := p.Count(context.Background(), classic(g), enc("reduced"), 2)
		if !errors.Is(err, ErrSolver) && !errors.Is(err, ErrWrongModel) {
			t.Errorf("%v: err = %v, want ErrSolver or ErrWrongModel", cmd, err)
		}
		p.Close()
	}
}

// TestIsolatedKilledWorkerLeaves replays a search whose context ended just
// as its reply came: the kill has started, so the process must leave the
// pool rather than be handed, dying, to the next search.
func TestIsolatedKilledWorkerLeaves(t *testing.T) {
	p := testPool(t)
	g := readPuzzles(t, "top95-sample.txt")[0]
	if _, err := p.Count(context.Background(), classic(g), encode.Options{Encoding: "reduced"}, 2); err != nil {
		t.Fatal(err)
	}
	w, err := p.acquire(context.Background(), false)
	if err != nil {
		t.Fatal(err)
	}
	go w.kill()        // the context's AfterFunc, under way
	p.release(w, true) // roundTrip after stop() returned false
	p.mu.Lock()
	kept := slices.Contains(p.workers, w)
	p.mu.Unlock()
	if kept {
		t.Error("a killed worker is still in the pool")
	}
}

// crashOn777 makes a test worker die 2 ms after it reads a puzzle request
// with a limit of 777.
type crashOn777 struct{ r io.Reader }

func (c crashOn777) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	if bytes.Contains(b[:n], binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint32(nil, wireMagic), 777)) {
		time.AfterFunc(2*time.Millisecond, func() { os.Exit(3) })
	}
	return n, err
}

// TestIsolatedCrashSparesOthers has a worker die on one search while the
// reply of a search read with it may still be held back: that search is
// sent again and answered; the one that kills every process it reaches
// fails after a few tries.
func TestIsolatedCrashSparesOthers(t *testing.T) {
	t.Setenv("SUDOKUSAT_TEST_WORKER", "crash")
	p := NewIsolated(os.Args[0], "-test.run=^$")
	defer p.Close()
	p.Procs, p.Depth = 1, 4
	g := readPuzzles(t, "top95-sample.txt")[0]
	sol, err := Solve(context.Background(), encodeWith(t, "reduced", g))
	if err != nil {
		t.Fatal(err)
	}
	easy := sol.Solution().Clone()
	easy.SetCell(0, 0)
	empty, _ := sudokusat.NewGridSize(9)
	if _, err := p.Count(context.Background(), classic(easy), encode.Options{Encoding: "reduced"}, 2); err != nil {
		t.Fatal(err) // the process is started
	}
	var wg sync.WaitGroup
	wg.Add(3)
	var easyErr, crashErr error
	go func() {
		defer wg.Done()
		p.Count(context.Background(), classic(empty), encode.Options{Encoding: "reduced"}, 500)
	}() // ~0.15 s
	waitSent(t, p, 2)
	go func() {
		defer wg.Done()
		_, easyErr = p.Count(context.Background(), classic(easy), encode.Options{Encoding: "reduced"}, 2)
	}()
	waitSent(t, p, 3)
	go func() {
		defer wg.Done()
		_, crashErr = p.Count(context.Background(), classic(empty), encode.Options{Encoding: "reduced"}, 777)
	}()
	wg.Wait()
	if easyErr != nil {
		t.Errorf("the search read with the crashing one: %v", easyErr)
	}
	if !errors.Is(crashErr, ErrSolver) {
		t.Errorf("the crashing search: err = %v, want ErrSolver", crashErr)
	}
}

// waitSent waits until the pool's first worker process has been sent n
// requests in all, and fails the test if that takes 10 s.
func waitSent(t *testing.T, p *Isolated, n uint64) {
	t.Helper()
	for deadline := time.Now().Add(hang); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		var sent uint64
		p.mu.Lock()
		if len(p.workers) > 0 {
			w := p.workers[0]
			w.mu.Lock()
			sent = w.sent
			w.mu.Unlock()
		}
		p.mu.Unlock()
		if sent >= n {
			return
		}
	}
	t.Fatalf("the worker process was not sent %d requests in %v", n, hang)
}
