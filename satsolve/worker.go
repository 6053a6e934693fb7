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

// ServeWorker is the loop of a gophersat worker process: it reads search
// requests from r and writes replies to w until r ends, which is how the
// parent tells it to stop. It returns nil at a clean end of input.
func ServeWorker(r io.Reader, w io.Writer) error {
	br := bufio.NewReaderSize(r, 64<<10)
	out := &replies{w: bufio.NewWriterSize(w, 64<<10)}
	// Whatever ends the loop, the replies held back go out first.
	defer out.close()
	for {
		hdr, err := readHeader(br)
		if err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
		start := time.Now()
		var s found
		var searchErr error
		if hdr[0] == wireMagicGrid {
			s, searchErr = serveGrid(br, hdr)
		} else {
			s, searchErr = serveFormula(br, hdr)
		}
		if errors.Is(searchErr, errStream) {
			return searchErr
		}
		reply := func(bw *bufio.Writer) { writeReply(bw, s, searchErr, time.Since(start)) }
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

// serveFormula reads a formula and searches it, with gophersat's proof
// when the request asks for one.
func serveFormula(br io.Reader, hdr [5]uint32) (found, error) {
	req, err := readFormula(br, hdr)
	if err != nil {
		return found{}, err
	}
	var proof *Proof
	if req.proof {
		proof = &Proof{}
	}
	var never atomic.Bool
	s, err := safeSearch(req.f, req.mapVars, req.limit, &never, proof, req.phase)
	s.proof = proof
	return s, err
}

// serveGrid encodes, searches and decodes a puzzle. The models it returns
// are the grids' cells; the parent's caller validates them.
func serveGrid(br io.Reader, hdr [5]uint32) (found, error) {
	limit := int(hdr[1])
	g, name, err := readGrid(br, hdr)
	if err != nil {
		return found{}, err
	}
	enc, err := encode.Lookup(name)
	if err != nil {
		return found{}, err
	}
	f, err := enc(g)
	if err != nil {
		return found{}, err
	}
	var s found
	if f.Vars == 0 && f.NumClauses() == 0 {
		s.models = [][]int32{nil} // propagation solved it: decode the empty model
	} else {
		var never atomic.Bool
		if s, err = safeSearch(f, f.VarMap.NumVars(), limit, &never, nil, phaseOf(f)); err != nil {
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
}

// safeSearch is search with gophersat's panics turned into errors.
func safeSearch(f *encode.Formula, mapVars, limit int, stop *atomic.Bool, proof *Proof, phase []int32) (s found, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("gophersat panicked: %v", p)
		}
	}()
	return search(f, mapVars, limit, stop, proof, phase)
}
