package satsolve

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sudokusat/sudokusat/encode"
)

// ErrParentGone is ServeWorker's error when its input ends during a
// search: the parent is gone, or gave up on the worker.
var ErrParentGone = errors.New("satsolve: the worker's input ended during a search")

// ServeWorker is the loop of a gophersat worker process: it reads search
// requests from r and writes replies to w until r ends, which is how the
// parent tells it to stop. It returns nil at a clean end of input.
//
// Requests are read as they come, in a goroutine of their own, so that r
// ending during a search is seen at once: nobody closes a worker's input
// while waiting for its answer, so the parent is gone, and ServeWorker
// returns ErrParentGone without waiting for a search that gophersat cannot
// interrupt (the process then exits, and the search with it).
func ServeWorker(r io.Reader, w io.Writer) error {
	br := bufio.NewReaderSize(r, 64<<10)
	out := &replies{w: bufio.NewWriterSize(w, 64<<10)}
	// Whatever ends the loop, the replies held back go out first.
	defer out.close()
	incoming := make(chan workerRequest, 16)
	go readRequests(br, incoming)
	var queued []workerRequest // read during a search
	for {
		var req workerRequest
		if len(queued) > 0 {
			req, queued = queued[0], queued[1:]
		} else {
			req = <-incoming
		}
		if req.err == io.EOF { // readHeader's own: the input ended between requests
			return nil
		}
		if req.err != nil {
			return req.err
		}
		start := time.Now()
		done := make(chan searched, 1)
		go func() {
			s, err := req.search()
			done <- searched{s, err}
		}()
		var res searched
	wait:
		for {
			select {
			case res = <-done:
				break wait
			case next := <-incoming:
				if next.err != nil {
					select {
					case res = <-done: // finished meanwhile: answer it
						queued = append(queued, next)
						break wait
					default:
						return ErrParentGone
					}
				}
				queued = append(queued, next)
			}
		}
		reply := func(bw *bufio.Writer) { writeReply(bw, res.s, res.err, time.Since(start)) }
		if err := out.send(reply, len(queued) > 0 || len(incoming) > 0); err != nil {
			return err
		}
	}
}

// workerRequest is a request read by readRequests: its search, or the
// error that ended the input (io.EOF at its clean end).
type workerRequest struct {
	search func() (found, error)
	err    error
}

// searched is what one request's search gave.
type searched struct {
	s   found
	err error
}

// readRequests reads requests from br and sends them on out, ending with
// the error that ends the input; a request the worker cannot take (an
// unknown encoding) is a search that fails with it.
func readRequests(br *bufio.Reader, out chan<- workerRequest) {
	for {
		hdr, err := readHeader(br)
		if err != nil {
			out <- workerRequest{err: err}
			return
		}
		search, err := readJob(br, hdr)
		if err != nil {
			out <- workerRequest{err: err}
			return
		}
		out <- workerRequest{search: search}
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

// readJob reads a request and returns its search: encode, search and
// decode. The models it gives are the grids' cells; the parent's caller
// validates them. With flagProof, the reply has gophersat's proof, over
// the formula encoded here, as CountProof gives it; with flagCover, the
// models cover the map variables, as Cover gives them. A request that
// cannot be read ends the stream (errStream); one that cannot be encoded
// (an unknown encoding, a formula past its limit) is a search that fails.
func readJob(br io.Reader, hdr [5]uint32) (func() (found, error), error) {
	req, err := readPuzzle(br, hdr)
	if err != nil {
		return nil, err
	}
	return func() (found, error) {
		f, err := encode.Puzzle(req.p, req.o)
		if err != nil {
			return found{}, err
		}
		var proof *Proof
		if req.proof {
			if len(f.PBs()) > 0 {
				return found{}, fmt.Errorf("%w: DRAT proofs know no pseudo-Boolean constraints", encode.ErrHasPB)
			}
			proof = &Proof{}
		}
		limit := req.limit
		if req.cover {
			limit = f.VarMap.NumVars() + 1
		}
		var s found
		if f.Vars == 0 && f.NumClauses() == 0 {
			s.models = [][]int32{nil} // propagation solved it: decode the empty model
			if proof != nil && limit > 1 {
				proof.Blocks = [][]int32{{}} // as CountProof: the one grid, blocked
			}
		} else {
			var never atomic.Bool
			if s, err = safeSearch(f, f.VarMap.NumVars(), limit, &never, proof, phaseOf(f), req.cover && proof == nil); err != nil {
				return found{}, err
			}
		}
		s.proof = proof
		for i, m := range s.models {
			model := make([]bool, f.VarMap.NumVars())
			for _, v := range m {
				if v >= 1 && int(v) <= len(model) {
					model[v-1] = true
				}
			}
			sol, err := decodeModel(f, model)
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
	}, nil
}

// safeSearch is search with gophersat's panics turned into errors.
func safeSearch(f *encode.Formula, mapVars, limit int, stop *atomic.Bool, proof *Proof, phase []int32, cover bool) (s found, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("gophersat panicked: %v", p)
		}
	}()
	return search(f, mapVars, limit, stop, proof, phase, cover)
}
