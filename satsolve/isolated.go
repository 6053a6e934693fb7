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

	"sudokusat"
	"sudokusat/encode"
)

// Isolated runs gophersat in worker processes, one search per process at a
// time. Each process has its own copy of gophersat's shared buffer, so
// searches run truly in parallel, and a deadline kills the process instead
// of abandoning a search that cannot be interrupted. Idle processes are kept
// for the next search; Close ends them.
//
// The worker command must run ServeWorker on its standard input and output;
// the sudokusat command does so as "sudokusat gophersat-worker". The parent
// decodes and validates every model, so a worker is trusted no more than
// any external solver.
type Isolated struct {
	command []string

	mu     sync.Mutex
	idle   []*worker
	closed bool
}

// NewIsolated returns a pool of gophersat worker processes started with
// command (the program and its arguments).
func NewIsolated(command ...string) *Isolated {
	return &Isolated{command: command}
}

// Name returns "sat": the engine is gophersat, wherever it runs.
func (p *Isolated) Name() string { return "sat" }

// Close ends every idle worker process. Searches under way end their
// process when they finish.
func (p *Isolated) Close() error {
	p.mu.Lock()
	idle := p.idle
	p.idle, p.closed = nil, true
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
	return p.roundTrip(ctx, func(w *worker) (Result, error) {
		s, err := w.search(f, limit)
		if err != nil {
			return Result{}, err
		}
		return s.result(f)
	})
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
	return p.roundTrip(ctx, func(w *worker) (Result, error) {
		s, err := w.searchGrid(g, encoding, limit)
		if err != nil {
			return Result{}, err
		}
		return gridsResult(g, s)
	})
}

// roundTrip runs one exchange with a worker, killing it when ctx ends
// first or when the exchange fails.
func (p *Isolated) roundTrip(ctx context.Context, exchange func(*worker) (Result, error)) (Result, error) {
	if err := ctx.Err(); err != nil {
		return Result{}, fmt.Errorf("gophersat: %w", err)
	}
	w, err := p.get()
	if err != nil {
		return Result{}, err
	}
	// The exchange runs in this goroutine; a deadline kills the process,
	// which ends its blocking read. No goroutine per exchange: the hand-off
	// cost as much as a small search.
	stop := context.AfterFunc(ctx, w.kill)
	r, err := exchange(w)
	if !stop() {
		return Result{}, fmt.Errorf("gophersat: %w", ctx.Err())
	}
	if err != nil && !errors.Is(err, ErrWrongModel) {
		w.kill() // its stream may be out of step: never reuse it
		return Result{}, err
	}
	p.put(w)
	return r, err
}

// gridsResult checks the grids a worker sent back: each must solve the
// puzzle, and no two may be the same.
func gridsResult(g *sudokusat.Grid, s found) (Result, error) {
	res := Result{Status: encode.Unsatisfiable, Count: len(s.models), Decisions: s.decisions, Conflicts: s.conflicts}
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

func (p *Isolated) get() (*worker, error) {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return nil, fmt.Errorf("%w: gophersat worker pool is closed", ErrSolver)
	}
	if n := len(p.idle); n > 0 {
		w := p.idle[n-1]
		p.idle = p.idle[:n-1]
		p.mu.Unlock()
		return w, nil
	}
	p.mu.Unlock()
	return startWorker(p.command)
}

func (p *Isolated) put(w *worker) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		w.kill()
		return
	}
	p.idle = append(p.idle, w)
}

// worker is one gophersat process and its pipes.
type worker struct {
	cmd     *exec.Cmd
	in, out *os.File
	w       *bufio.Writer
	r       *bufio.Reader
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
	return &worker{cmd: cmd, in: inW, out: outR, w: bufio.NewWriterSize(inW, 64<<10), r: bufio.NewReaderSize(outR, 64<<10)}, nil
}

func (w *worker) kill() {
	w.in.Close()
	w.cmd.Process.Kill()
	w.cmd.Wait()
	w.out.Close()
}

// The wire format, little-endian. A request is the magic, the limit, the
// number of variables, the number of map variables, the number of literal
// slots, then the literals with each clause ended by 0. A reply is a status
// byte (0 ok, 1 error); then, for ok, the number of models, decisions and
// conflicts (uint64), and each model as a count and its true variables; for
// error, a length and the message.
const (
	wireMagic     = 0x31575353 // "SSW1": a formula
	wireMagicGrid = 0x32575353 // "SSW2": a puzzle to encode, search and decode
)

// maxWire bounds any count read from the wire, so that a corrupt stream
// cannot make either side allocate without limit.
const maxWire = 1 << 30

func (w *worker) search(f *encode.Formula, limit int) (found, error) {
	hdr := []uint32{wireMagic, uint32(limit), uint32(f.NumVars), uint32(f.VarMap.NumVars()), uint32(f.NumLits() + f.NumClauses())}
	if err := binary.Write(w.w, binary.LittleEndian, hdr); err != nil {
		return found{}, workerErr(err)
	}
	var buf []byte
	for c := range f.Clauses() {
		buf = buf[:0]
		for _, l := range c {
			buf = binary.LittleEndian.AppendUint32(buf, uint32(l))
		}
		buf = binary.LittleEndian.AppendUint32(buf, 0)
		if _, err := w.w.Write(buf); err != nil {
			return found{}, workerErr(err)
		}
	}
	if err := w.w.Flush(); err != nil {
		return found{}, workerErr(err)
	}
	return readReply(w.r)
}

// searchGrid sends a puzzle request: the magic, the limit, the box shape,
// the length of the encoding's name, the name, and the cells as uint16.
// The reply's models are the solution grids, one digit per cell.
func (w *worker) searchGrid(g *sudokusat.Grid, encoding string, limit int) (found, error) {
	hdr := []uint32{wireMagicGrid, uint32(limit), uint32(g.BoxRows()), uint32(g.BoxCols()), uint32(len(encoding))}
	if err := binary.Write(w.w, binary.LittleEndian, hdr); err != nil {
		return found{}, workerErr(err)
	}
	w.w.WriteString(encoding)
	cells := make([]byte, 2*g.Len())
	for i := range g.Len() {
		binary.LittleEndian.PutUint16(cells[2*i:], uint16(g.Cell(i)))
	}
	w.w.Write(cells)
	if err := w.w.Flush(); err != nil {
		return found{}, workerErr(err)
	}
	return readReply(w.r)
}

func workerErr(err error) error {
	return fmt.Errorf("%w: gophersat worker: %w", ErrSolver, err)
}

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
		return found{}, fmt.Errorf("%w: gophersat worker: %s", ErrSolver, msg)
	}
	var head struct {
		Models               uint32
		Decisions, Conflicts uint64
	}
	if err := binary.Read(r, binary.LittleEndian, &head); err != nil {
		return found{}, workerErr(err)
	}
	if head.Models > maxWire {
		return found{}, workerErr(errors.New("corrupt reply"))
	}
	s := found{decisions: int(head.Decisions), conflicts: int(head.Conflicts)}
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
	bw := bufio.NewWriterSize(w, 64<<10)
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
		if err != nil {
			msg := []byte(err.Error())
			bw.WriteByte(1)
			binary.Write(bw, binary.LittleEndian, uint32(len(msg)))
			bw.Write(msg)
		} else {
			bw.WriteByte(0)
			binary.Write(bw, binary.LittleEndian, struct {
				Models               uint32
				Decisions, Conflicts uint64
			}{uint32(len(s.models)), uint64(s.decisions), uint64(s.conflicts)})
			for _, m := range s.models {
				binary.Write(bw, binary.LittleEndian, uint32(len(m)))
				binary.Write(bw, binary.LittleEndian, m)
			}
		}
		if err := bw.Flush(); err != nil {
			return err
		}
	}
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
