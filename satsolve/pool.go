package satsolve

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
)

// Isolated runs gophersat in worker processes, one search per process at a
// time unless Procs and Depth say otherwise. Each process has its own copy
// of gophersat's shared buffer, so searches run truly in parallel, and a
// deadline kills the process instead of abandoning a search that cannot be
// interrupted. Idle processes are kept for the next search; Close ends
// them.
//
// The worker command must run ServeWorker on its standard input and output;
// the sudokusat command does so as "sudokusat gophersat-worker". The parent
// decodes and validates every model, so a worker is trusted no more than
// any external solver.
type Isolated struct {
	command []string

	// Procs, when above zero, caps the number of worker processes: a search
	// beyond them queues on a busy process (see Depth) or waits for one.
	// Zero starts a process for every search under way. Set Procs and
	// Depth before the first search.
	Procs int
	// Depth is how many searches may be queued on one process at once,
	// when Procs caps them (values below 1 count as 1). Only searches whose
	// context has no deadline share a process: a deadline kills the
	// process, so a search with one waits for an idle process and has it
	// to itself. With work queued, a process goes from one search to the
	// next without waiting for the parent, and sends its replies a few at
	// a time: on two cores that cut the system time of a batch of small
	// puzzles by three quarters. A search queued behind a long one waits
	// for it, even when another process is free; and cancelling a queued
	// search's context kills its process, so that the searches queued
	// with it start again on another. Replies go out in fours (replyBatch)
	// while work waits, so a Depth above 4 keeps a process fed.
	Depth int

	mu       sync.Mutex
	changed  *sync.Cond // a worker's load fell, or a worker came or went
	workers  []*worker
	starting int // processes being started, counted against Procs
	waiting  int // searches with a deadline waiting for an idle process
	peak     int // the most searches queued on one process so far
	closed   bool
}

// NewIsolated returns a pool of gophersat worker processes started with
// command (the program and its arguments).
func NewIsolated(command ...string) *Isolated {
	p := &Isolated{command: command}
	p.changed = sync.NewCond(&p.mu)
	return p
}

// Name returns "sat": the engine is gophersat, wherever it runs.
func (p *Isolated) Name() string { return "sat" }

// Close ends every idle worker process. Searches under way end their
// process when they finish.
func (p *Isolated) Close() error {
	p.mu.Lock()
	var idle []*worker
	kept := p.workers[:0]
	for _, w := range p.workers {
		if w.load == 0 {
			idle = append(idle, w)
		} else {
			kept = append(kept, w)
		}
	}
	p.workers, p.closed = kept, true
	p.changed.Broadcast()
	p.mu.Unlock()
	for _, w := range idle {
		w.kill()
	}
	return nil
}

// Count looks for up to limit distinct solutions of f in a worker process.
// When ctx ends first the process is killed and the error wraps ctx.Err().
func (p *Isolated) Count(ctx context.Context, f *encode.Formula, limit int) (Result, error) {
	if limit < 1 {
		return Result{}, fmt.Errorf("satsolve: count limit %d, want at least 1", limit)
	}
	if err := ctx.Err(); err != nil {
		return Result{}, fmt.Errorf("gophersat: %w", err)
	}
	if f.NumVars == 0 && f.NumClauses() == 0 {
		return finish(f, Result{}, nil)
	}
	s, err := p.roundTrip(ctx, formulaRequest(f, limit))
	if err != nil {
		return Result{}, err
	}
	return s.result(f)
}

// CountGrid is Count for a puzzle rather than a formula: the worker encodes
// it with the named encoding, searches, and sends back the solution grids,
// which the parent checks with sudokusat.CheckSolution, each one. The
// parent's work per puzzle is then tiny, so that N workers come close to N
// times the speed of one.
func (p *Isolated) CountGrid(ctx context.Context, g *sudokusat.Grid, encoding string, limit int) (Result, error) {
	if limit < 1 {
		return Result{}, fmt.Errorf("satsolve: count limit %d, want at least 1", limit)
	}
	if _, err := encode.Lookup(encoding); err != nil {
		return Result{}, err
	}
	s, err := p.roundTrip(ctx, gridRequest(g, encoding, limit))
	if err != nil {
		return Result{}, err
	}
	return gridsResult(g, s)
}

// errRetry marks a request that a worker never answered because the worker
// went away, killed for another search's deadline or cancellation or broken
// on a search ahead of it: it is sent again, to another process.
var errRetry = errors.New("satsolve: worker went away; retry")

// errCrashed marks a request queued on a process that died under another
// search without being killed: it is sent again, to a process of its own.
var errCrashed = errors.New("satsolve: worker crashed; retry alone")

// roundTrip sends one request to a worker and reads its reply. A deadline,
// or a cancellation, kills the process; a request queued behind another on
// a process that went away for the other's sake is sent again, and one
// caught in a process that died by itself is sent again to a process of
// its own, up to maxCrashRetries times if it was the one running.
func (p *Isolated) roundTrip(ctx context.Context, req []byte) (found, error) {
	crashes := 0
	alone := false // after a crash: which search caused it is not known
	for {
		if err := ctx.Err(); err != nil {
			return found{}, fmt.Errorf("gophersat: %w", err)
		}
		w, err := p.acquire(ctx, alone)
		if err != nil {
			return found{}, err
		}
		// The exchange runs in this goroutine; ending ctx kills the
		// process, which ends its blocking read.
		stop := context.AfterFunc(ctx, w.kill)
		s, err := w.exchange(req)
		stopped := stop()
		p.release(w, !stopped || w.isBroken())
		var lost *lostReply
		switch {
		case !stopped:
			return found{}, fmt.Errorf("gophersat: %w", ctx.Err())
		case errors.Is(err, errRetry):
			continue
		case errors.Is(err, errCrashed):
			alone = true
			continue
		case errors.As(err, &lost):
			// The process died without a kill: this search may have
			// caused it, or one read with it while this reply was held
			// back. Try again alone, so that only the culprit dies
			// again, and a few times only.
			if crashes++; crashes <= maxCrashRetries {
				alone = true
				continue
			}
			return found{}, lost.err
		case err != nil:
			return found{}, err
		}
		return s, nil
	}
}

// maxCrashRetries is how many times a search is sent again after its
// process died under it without being killed.
const maxCrashRetries = 2

// lostReply wraps the error of a reply lost because the worker died
// without being killed: the search is tried again, up to maxCrashRetries.
type lostReply struct{ err error }

func (e *lostReply) Error() string { return e.err.Error() }
func (e *lostReply) Unwrap() error { return e.err }

// acquire returns a worker for one request: an idle one, else a new one
// while Procs allows, else (for a request without a deadline) the least
// loaded one with room in its queue; otherwise it waits.
func (p *Isolated) acquire(ctx context.Context, alone bool) (*worker, error) {
	_, deadline := ctx.Deadline()
	alone = alone || deadline
	depth := max(p.Depth, 1)
	p.mu.Lock()
	defer p.mu.Unlock()
	var stopWaking func() bool
	defer func() {
		if stopWaking != nil {
			stopWaking()
		}
	}()
	if alone {
		// While a search that needs a process to itself waits, the others
		// stop joining queues, so that a process runs dry and goes to it.
		p.waiting++
		defer func() { p.waiting-- }()
	}
	for {
		if p.closed {
			return nil, fmt.Errorf("%w: gophersat worker pool is closed", ErrSolver)
		}
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("gophersat: %w", err)
		}
		var shared *worker
		for _, w := range p.workers {
			if w.killed.Load() {
				continue // on its way out
			}
			if w.load == 0 {
				w.load, w.exclusive = 1, alone
				return w, nil
			}
			if !alone && p.waiting == 0 && !w.exclusive && w.load < depth && (shared == nil || w.load < shared.load) {
				shared = w
			}
		}
		if p.Procs <= 0 || len(p.workers)+p.starting < p.Procs {
			p.starting++
			p.mu.Unlock()
			w, err := startWorker(p.command)
			p.mu.Lock()
			p.starting--
			p.changed.Broadcast() // a waiting search may queue on it
			if err != nil {
				return nil, err
			}
			w.load, w.exclusive = 1, alone
			p.workers = append(p.workers, w)
			return w, nil
		}
		if shared != nil {
			shared.load++
			p.peak = max(p.peak, shared.load)
			return shared, nil
		}
		if stopWaking == nil {
			stopWaking = context.AfterFunc(ctx, func() {
				p.mu.Lock()
				p.changed.Broadcast()
				p.mu.Unlock()
			})
		}
		p.changed.Wait()
	}
}

// release hands back one request's share of w. A worker whose stream is
// lost, or that is killed, leaves the pool (requests still queued on it are
// retried elsewhere), and so does the last use of a worker of a closed pool.
func (p *Isolated) release(w *worker, lost bool) {
	if lost {
		w.markBroken() // searches queued on it are sent elsewhere
	}
	p.mu.Lock()
	w.load--
	if w.load == 0 {
		w.exclusive = false
	}
	gone := lost || w.killed.Load() || (p.closed && w.load == 0)
	if gone {
		for i, x := range p.workers {
			if x == w {
				p.workers = append(p.workers[:i], p.workers[i+1:]...)
				break
			}
		}
	}
	p.changed.Broadcast()
	p.mu.Unlock()
	if gone {
		w.kill()
	}
}

// gridsResult checks the grids a worker sent back: each must solve the
// puzzle, and no two may be the same.
func gridsResult(g *sudokusat.Grid, s found) (Result, error) {
	res := Result{Status: encode.Unsatisfiable, Count: len(s.models), Decisions: s.decisions, Conflicts: s.conflicts, Elapsed: s.elapsed}
	seen := make(map[string]bool, len(s.models))
	for _, cells := range s.models {
		if len(cells) != g.Len() {
			return Result{}, fmt.Errorf("%w: worker sent %d cells, want %d", ErrWrongModel, len(cells), g.Len())
		}
		sol := g.Clone()
		for i, d := range cells {
			if d < 0 || int(d) > g.Size() {
				return Result{}, fmt.Errorf("%w: worker sent digit %d", ErrWrongModel, d)
			}
			sol.SetCell(i, int(d))
		}
		if err := sudokusat.CheckSolution(g, sol); err != nil {
			return Result{}, fmt.Errorf("%w: %w", ErrWrongModel, err)
		}
		key := sol.String()
		if seen[key] {
			return Result{}, fmt.Errorf("%w: the same grid twice", ErrWrongModel)
		}
		seen[key] = true
		if res.Solution == nil {
			res.Solution = sol
		}
	}
	if res.Count > 0 {
		res.Status = encode.Satisfiable
	}
	return res, nil
}

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
			err = &lostReply{err}
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

func (w *worker) isBroken() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.broken
}

func startWorker(command []string) (*worker, error) {
	if len(command) == 0 {
		return nil, fmt.Errorf("%w: no worker command", ErrSolver)
	}
	cmd := exec.Command(command[0], command[1:]...)
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
	w := &worker{cmd: cmd, in: inW, out: outR, r: bufio.NewReaderSize(outR, 64<<10)}
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

// The wire format, little-endian. A request is the magic, the limit, the
// number of variables, the number of map variables, the number of literal
// slots, then the literals with each clause ended by 0. A reply is a status
// byte (0 ok, 1 error); then, for ok, the number of models, decisions and
// conflicts and the nanoseconds the worker spent on the request (uint64),
// and each model as a count and its true variables; for error, a length and
// the message.
const (
	wireMagic     = 0x31575353 // "SSW1": a formula
	wireMagicGrid = 0x32575353 // "SSW2": a puzzle to encode, search and decode
)

// maxWire bounds any count read from the wire, so that a corrupt stream
// cannot make either side allocate without limit.
const maxWire = 1 << 30

// wireCount bounds a count sent on the wire to what the reading side
// accepts.
func wireCount(n int) uint32 { return uint32(min(max(n, 0), maxWire)) }

// formulaRequest encodes a formula request.
func formulaRequest(f *encode.Formula, limit int) []byte {
	b := make([]byte, 0, 20+4*(f.NumLits()+f.NumClauses()))
	for _, x := range []uint32{wireMagic, wireCount(limit), uint32(f.NumVars), uint32(f.VarMap.NumVars()), uint32(f.NumLits() + f.NumClauses())} {
		b = binary.LittleEndian.AppendUint32(b, x)
	}
	for c := range f.Clauses() {
		for _, l := range c {
			b = binary.LittleEndian.AppendUint32(b, uint32(l))
		}
		b = binary.LittleEndian.AppendUint32(b, 0)
	}
	return b
}

// gridRequest encodes a puzzle request: the magic, the limit, the box
// shape, the length of the encoding's name, the name, and the cells as
// uint16. The reply's models are the solution grids, one digit per cell.
func gridRequest(g *sudokusat.Grid, encoding string, limit int) []byte {
	b := make([]byte, 0, 20+len(encoding)+2*g.Len())
	for _, x := range []uint32{wireMagicGrid, wireCount(limit), uint32(g.BoxRows()), uint32(g.BoxCols()), uint32(len(encoding))} {
		b = binary.LittleEndian.AppendUint32(b, x)
	}
	b = append(b, encoding...)
	for i := range g.Len() {
		b = binary.LittleEndian.AppendUint16(b, uint16(g.Cell(i)))
	}
	return b
}

func workerErr(err error) error {
	return fmt.Errorf("%w: gophersat worker: %w", ErrSolver, err)
}

// workerSaid is an error a worker reported in a well-formed reply: the
// stream is still in step, and the worker stays in use.
type workerSaid struct{ msg string }

func (e *workerSaid) Error() string { return ErrSolver.Error() + ": gophersat worker: " + e.msg }
func (e *workerSaid) Unwrap() error { return ErrSolver }

func readReply(r io.Reader) (found, error) {
	var status [1]byte
	if _, err := io.ReadFull(r, status[:]); err != nil {
		return found{}, workerErr(err)
	}
	if status[0] != 0 {
		msg, err := readBytes(r)
		if err != nil {
			return found{}, workerErr(err)
		}
		return found{}, &workerSaid{string(msg)}
	}
	var head struct {
		Models               uint32
		Decisions, Conflicts uint64
		Nanos                uint64
	}
	if err := binary.Read(r, binary.LittleEndian, &head); err != nil {
		return found{}, workerErr(err)
	}
	if head.Models > maxWire {
		return found{}, workerErr(errors.New("corrupt reply"))
	}
	s := found{decisions: int(head.Decisions), conflicts: int(head.Conflicts), elapsed: time.Duration(head.Nanos)}
	for i := uint32(0); i < head.Models; i++ {
		m, err := readInts(r)
		if err != nil {
			return found{}, workerErr(err)
		}
		s.models = append(s.models, m)
	}
	return s, nil
}

func readCount(r io.Reader) (int, error) {
	var n uint32
	if err := binary.Read(r, binary.LittleEndian, &n); err != nil {
		return 0, err
	}
	if n > maxWire {
		return 0, errors.New("corrupt stream")
	}
	return int(n), nil
}

func readInts(r io.Reader) ([]int32, error) {
	n, err := readCount(r)
	if err != nil {
		return nil, err
	}
	b := make([]byte, 4*n)
	if _, err := io.ReadFull(r, b); err != nil {
		return nil, err
	}
	out := make([]int32, n)
	for i := range out {
		out[i] = int32(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return out, nil
}

func readBytes(r io.Reader) ([]byte, error) {
	n, err := readCount(r)
	if err != nil {
		return nil, err
	}
	b := make([]byte, n)
	_, err = io.ReadFull(r, b)
	return b, err
}

// ServeWorker is the loop of a gophersat worker process: it reads search
// requests from r and writes replies to w until r ends, which is how the
// parent tells it to stop. It returns nil at a clean end of input.
func ServeWorker(r io.Reader, w io.Writer) error {
	br := bufio.NewReaderSize(r, 64<<10)
	out := &replies{w: bufio.NewWriterSize(w, 64<<10)}
	// Whatever ends the loop, the replies held back go out first.
	defer out.close()
	for {
		var hdr [5]uint32
		if err := binary.Read(br, binary.LittleEndian, &hdr); err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
		if (hdr[0] != wireMagic && hdr[0] != wireMagicGrid) || hdr[4] > maxWire || hdr[1] == 0 {
			return errors.New("satsolve: not a worker request")
		}
		start := time.Now()
		var s found
		var err error
		if hdr[0] == wireMagicGrid {
			s, err = serveGrid(br, hdr)
		} else {
			s, err = serveFormula(br, hdr)
		}
		if errors.Is(err, errStream) {
			return err
		}
		reply := func(bw *bufio.Writer) {
			if err != nil {
				msg := []byte(err.Error())
				bw.WriteByte(1)
				binary.Write(bw, binary.LittleEndian, uint32(len(msg)))
				bw.Write(msg)
				return
			}
			bw.WriteByte(0)
			binary.Write(bw, binary.LittleEndian, struct {
				Models               uint32
				Decisions, Conflicts uint64
				Nanos                uint64
			}{uint32(len(s.models)), uint64(s.decisions), uint64(s.conflicts), uint64(time.Since(start))})
			for _, m := range s.models {
				binary.Write(bw, binary.LittleEndian, uint32(len(m)))
				binary.Write(bw, binary.LittleEndian, m)
			}
		}
		if err := out.send(reply, br.Buffered() > 0); err != nil {
			return err
		}
	}
}

// replies writes a worker's replies. While more requests are already read
// it holds a few back (each flush wakes the parent), but none for longer
// than replyDelay: a long search must not hold up answers already found.
type replies struct {
	mu    sync.Mutex
	w     *bufio.Writer
	held  int
	timer *time.Timer
	err   error // the first failed flush
}

// replyBatch is how many replies a worker with requests queued holds back
// before it sends them: enough to spare wake-ups, few enough that a parent
// keeping Depth requests queued refills the queue before it runs dry.
const replyBatch = 4

// replyDelay bounds how long a reply is held back.
const replyDelay = 5 * time.Millisecond

// send writes one reply, and flushes unless more requests are waiting.
func (r *replies) send(write func(*bufio.Writer), more bool) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	write(r.w)
	r.held++
	if !more || r.held >= replyBatch {
		return r.flush()
	}
	if r.held == 1 {
		if r.timer == nil {
			r.timer = time.AfterFunc(replyDelay, r.flushLate)
		} else {
			r.timer.Reset(replyDelay)
		}
	}
	return r.err
}

// flush sends what is held; r.mu must be held.
func (r *replies) flush() error {
	r.held = 0
	if r.timer != nil {
		r.timer.Stop()
	}
	if err := r.w.Flush(); err != nil && r.err == nil {
		r.err = err
	}
	return r.err
}

func (r *replies) flushLate() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.held > 0 {
		r.flush()
	}
}

// close sends what is held and stops the timer.
func (r *replies) close() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.flush()
}

// errStream marks a request that could not be read: the stream is lost.
var errStream = errors.New("satsolve: broken request stream")

func serveFormula(br io.Reader, hdr [5]uint32) (found, error) {
	limit, numVars, mapVars := int(hdr[1]), int(hdr[2]), int(hdr[3])
	raw := make([]byte, 4*int(hdr[4]))
	if _, err := io.ReadFull(br, raw); err != nil {
		return found{}, fmt.Errorf("%w: %w", errStream, err)
	}
	f := &encode.Formula{NumVars: numVars}
	var clause []int32
	for i := 0; i < len(raw); i += 4 {
		l := int32(binary.LittleEndian.Uint32(raw[i:]))
		if l != 0 {
			clause = append(clause, l)
			continue
		}
		f.Add(clause...)
		clause = clause[:0]
	}
	var never atomic.Bool
	return safeSearch(f, mapVars, limit, &never)
}

// serveGrid encodes, searches and decodes a puzzle. The models it returns
// are solution grids, validated here as in-process; the parent checks them
// again.
func serveGrid(br io.Reader, hdr [5]uint32) (found, error) {
	limit, boxRows, boxCols := int(hdr[1]), int(hdr[2]), int(hdr[3])
	name := make([]byte, hdr[4])
	if _, err := io.ReadFull(br, name); err != nil {
		return found{}, fmt.Errorf("%w: %w", errStream, err)
	}
	g, err := sudokusat.NewGrid(boxRows, boxCols)
	if err != nil {
		return found{}, fmt.Errorf("%w: %w", errStream, err)
	}
	raw := make([]byte, 2*g.Len())
	if _, err := io.ReadFull(br, raw); err != nil {
		return found{}, fmt.Errorf("%w: %w", errStream, err)
	}
	for i := range g.Len() {
		g.SetCell(i, int(binary.LittleEndian.Uint16(raw[2*i:])))
	}
	enc, err := encode.Lookup(string(name))
	if err != nil {
		return found{}, err
	}
	f, err := enc(g)
	if err != nil {
		return found{}, err
	}
	var s found
	if f.NumVars == 0 && f.NumClauses() == 0 {
		s.models = [][]int32{nil} // propagation solved it: decode the empty model
	} else {
		var never atomic.Bool
		if s, err = safeSearch(f, f.VarMap.NumVars(), limit, &never); err != nil {
			return found{}, err
		}
	}
	for i, m := range s.models {
		model := make([]bool, f.VarMap.NumVars())
		for _, v := range m {
			if v >= 1 && int(v) <= len(model) {
				model[v-1] = true
			}
		}
		sol, err := decodeChecked(f, model)
		if err != nil {
			return found{}, err
		}
		cells := make([]int32, sol.Len())
		for j := range cells {
			cells[j] = int32(sol.Cell(j))
		}
		s.models[i] = cells
	}
	return s, nil
}

// safeSearch is search with gophersat's panics turned into errors.
func safeSearch(f *encode.Formula, mapVars, limit int, stop *atomic.Bool) (s found, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("gophersat panicked: %v", p)
		}
	}()
	return search(f, mapVars, limit, stop)
}
