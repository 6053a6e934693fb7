package satsolve

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
)

// errRetry marks a request that a worker never answered because the worker
// went away, killed for another search's deadline or cancellation or broken
// on a search ahead of it: it is sent again, to another process.
var errRetry = errors.New("satsolve: worker went away; retry")

// errCrashed marks a request queued on a process that died under another
// search without being killed: it is sent again, to a process of its own.
var errCrashed = errors.New("satsolve: worker crashed; retry alone")

// lostReply wraps the error of a reply lost because the worker died
// without being killed: the search is tried again, up to maxCrashRetries.
type lostReply struct {
	err error
	w   *worker
}

func (e *lostReply) Error() string { return e.err.Error() }
func (e *lostReply) Unwrap() error { return e.err }

// worker is one gophersat process and its pipes. Requests queued on it are
// answered in the order they were sent: each caller takes a ticket as it
// sends and reads its reply when its ticket comes up.
type worker struct {
	cmd     *exec.Cmd
	in, out *os.File
	r       *bufio.Reader

	// load and exclusive belong to the pool's lock.
	load      int  // requests sent or about to be, not yet answered
	exclusive bool // a request with a deadline has the process to itself

	sending sync.Mutex // one request written at a time, in ticket order
	mu      sync.Mutex // the fields below
	turn    *sync.Cond
	sent    uint64 // tickets handed out
	next    uint64 // the ticket whose reply comes next
	broken  bool   // the stream is lost: unanswered tickets are retried

	once   sync.Once // kill
	killed atomic.Bool
	log    workerLog // what the process wrote on its standard error
}

// workerLog keeps what a worker process says when it dies: the first line
// of a Go runtime's fatal error, and whether it ran out of memory. Both may
// be followed by thousands of lines of goroutine dumps, which are not kept.
type workerLog struct {
	mu    sync.Mutex
	fatal string
	oom   bool
	line  []byte // the line being written, up to 256 bytes
}

func (l *workerLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, b := range p {
		if b != '\n' {
			if len(l.line) < 256 {
				l.line = append(l.line, b)
			}
			continue
		}
		line := string(l.line)
		l.line = l.line[:0]
		if strings.Contains(line, "out of memory") {
			l.oom = true
		}
		if l.fatal == "" && (strings.HasPrefix(line, "fatal error:") || strings.HasPrefix(line, "panic:")) {
			l.fatal = line
		}
	}
	return len(p), nil
}

// deathNote says why a worker died, once it has been waited for: it ran
// out of memory, its runtime's fatal error, or the signal that killed it.
func (w *worker) deathNote() string {
	w.log.mu.Lock()
	oom, fatal := w.log.oom, w.log.fatal
	w.log.mu.Unlock()
	switch {
	case oom:
		return " (the worker ran out of memory: a smaller --max-clauses refuses such formulas before they are built)"
	case fatal != "":
		return " (the worker said: " + fatal + ")"
	}
	if ps := w.cmd.ProcessState; ps != nil {
		if sig, ok := signalled(ps); ok {
			return " (the worker was killed by " + sig + "; by the system, perhaps, out of memory)"
		}
	}
	return ""
}

// exchange writes a request and waits for its reply. A request that a
// lost stream will never answer gives errRetry; a reply lost because the
// process died under it gives a *lostReply, or errRetry when it was killed.
func (w *worker) exchange(req []byte) (found, error) {
	// The send lock is not the turn lock: a caller blocked writing a
	// request to a full pipe must not stop the caller ahead of it from
	// reading the reply that frees the worker.
	w.sending.Lock()
	w.mu.Lock()
	if w.broken {
		w.mu.Unlock()
		w.sending.Unlock()
		return found{}, errRetry
	}
	ticket := w.sent
	w.sent++
	w.mu.Unlock()
	_, err := w.in.Write(req)
	w.sending.Unlock()

	w.mu.Lock()
	for w.next != ticket && !w.broken {
		w.turn.Wait()
	}
	if w.broken {
		w.mu.Unlock()
		if !w.killed.Load() {
			return found{}, errCrashed
		}
		return found{}, errRetry
	}
	w.mu.Unlock()
	var s found
	if err == nil {
		s, err = readReply(w.r)
	} else {
		err = workerErr(err)
	}
	w.mu.Lock()
	w.next++
	var said *workerSaid
	if err != nil && !errors.As(err, &said) {
		w.broken = true // the stream may be out of step: never reuse it
		if w.killed.Load() {
			err = errRetry // killed for another caller's sake, or for this one's
		} else {
			err = &lostReply{err, w}
		}
	}
	w.turn.Broadcast()
	w.mu.Unlock()
	return s, err
}

// markBroken marks w's stream as lost: every request queued on it is sent
// again elsewhere.
func (w *worker) markBroken() {
	w.mu.Lock()
	w.broken = true
	w.turn.Broadcast()
	w.mu.Unlock()
}

// isBroken reports whether w's stream is lost.
func (w *worker) isBroken() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.broken
}

// startWorker starts one worker process running command, with blocking
// pipes to and from it.
func startWorker(command []string) (*worker, error) {
	if len(command) == 0 {
		return nil, fmt.Errorf("%w: no worker command", ErrSolver)
	}
	cmd := exec.Command(command[0], command[1:]...)
	dieWithParent(cmd)
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrSolver, err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, fmt.Errorf("%w: %w", ErrSolver, err)
	}
	// Blocking mode for the child's ends too (Fd sets it): the worker then
	// waits for a request in a plain read, not through its runtime's poller.
	inR.Fd()
	outW.Fd()
	cmd.Stdin, cmd.Stdout = inR, outW
	w := &worker{cmd: cmd}
	cmd.Stderr = &w.log
	err = cmd.Start()
	inR.Close() // the child's ends: it holds its own copies
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, fmt.Errorf("%w: starting gophersat worker: %w", ErrSolver, err)
	}
	// Fd puts the parent's ends in blocking mode. A request and its reply
	// are one write and one read each: a thread blocked in the kernel wakes
	// straight away when the reply comes, where the runtime's poller costs
	// several wake-ups per exchange. A killed worker's pipes close, which
	// ends a read or write under way.
	inW.Fd()
	outR.Fd()
	w.in, w.out, w.r = inW, outR, bufio.NewReaderSize(outR, 64<<10)
	w.turn = sync.NewCond(&w.mu)
	return w, nil
}

// kill ends the process; it may be called more than once, from any
// goroutine.
func (w *worker) kill() {
	w.once.Do(func() {
		w.killed.Store(true)
		w.in.Close()
		w.cmd.Process.Kill()
		w.cmd.Wait()
		w.out.Close()
	})
}
