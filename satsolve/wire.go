package satsolve

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
)

// The wire format, little-endian uint32s unless said. There is one kind
// of request, a puzzle, which the worker encodes, searches and decodes:
// the parent's work per puzzle is then tiny, so that N workers come close
// to N times the speed of one. A request is the magic, the limit, the
// flags (flagProof, flagCover) and the box shape (rows, columns), then the
// encoding's name (a byte count and the bytes), the sum form, the most
// clauses the formula may have (uint64), and the puzzle: its cells, its
// regions (none for the boxes) and its rules, each a count and its items;
// a rule is its kind (a byte count and the bytes), its value (int32), its
// cells and its lines (a count of lists). A reply is a status byte (0 ok,
// 1 error); then, for ok, the number of models, decisions and conflicts
// and the nanoseconds the worker spent on the request (uint64), each model
// as a count and its grid's cells, and a byte: 1 when the proof follows,
// its blocking clauses (a list of lists) and its DRAT text (a byte count
// and the bytes); for error, a length and the message.
const wireMagic = 0x35575353 // "SSW5"; SSW2 to SSW4 were a grid, a formula and a grid with its proof

// flagProof asks a worker for gophersat's proof of the UNSAT answer that
// ends the count, and the blocking clauses it refutes; flagCover asks for
// models that cover the map variables (Cover) instead of distinct ones.
const (
	flagProof = 1
	flagCover = 2
)

// maxWire bounds any count read from the wire, so that a corrupt stream
// cannot make either side allocate without limit.
const maxWire = 1 << 30

// wireCount bounds a count sent on the wire to what the reading side
// accepts.
func wireCount(n int) uint32 { return uint32(min(max(n, 0), maxWire)) }

// puzzleRequest encodes a request for p, encoded as o says, with a limit
// (ignored with flagCover) and flags.
func puzzleRequest(p *sudokusat.Puzzle, o encode.Options, limit int, flags uint32) []byte {
	g := p.Grid
	b := make([]byte, 0, 64+len(o.Encoding)+4*g.Len())
	u32 := func(x uint32) { b = binary.LittleEndian.AppendUint32(b, x) }
	ints := func(xs []int) {
		u32(wireCount(len(xs)))
		for _, x := range xs {
			u32(uint32(int32(x)))
		}
	}
	str := func(s string) {
		u32(wireCount(len(s)))
		b = append(b, s...)
	}
	for _, x := range []uint32{wireMagic, wireCount(limit), flags, uint32(g.BoxRows()), uint32(g.BoxCols())} {
		u32(x)
	}
	str(o.Encoding)
	u32(uint32(o.Sums))
	b = binary.LittleEndian.AppendUint64(b, uint64(max(o.MaxClauses, 0)))
	u32(wireCount(g.Len()))
	for i := range g.Len() {
		u32(uint32(g.Cell(i)))
	}
	ints(p.Regions)
	u32(wireCount(len(p.Rules)))
	for _, r := range p.Rules {
		str(r.Kind)
		u32(uint32(int32(r.Value)))
		ints(r.Cells)
		u32(wireCount(len(r.Lines)))
		for _, l := range r.Lines {
			ints(l)
		}
	}
	return b
}

// errStream marks a request that could not be read: the stream is lost.
var errStream = errors.New("satsolve: broken request stream")

// readHeader reads the five numbers that open a request. It returns io.EOF
// itself when the input ends cleanly before a request.
func readHeader(r io.Reader) ([5]uint32, error) {
	var hdr [5]uint32
	if err := binary.Read(r, binary.LittleEndian, &hdr); err != nil {
		return hdr, err
	}
	if hdr[0] != wireMagic || hdr[1] == 0 || hdr[1] > maxWire || hdr[2] > flagProof|flagCover {
		return hdr, errors.New("satsolve: not a worker request")
	}
	return hdr, nil
}

// puzzleReq is a request as the worker reads it.
type puzzleReq struct {
	p     *sudokusat.Puzzle
	o     encode.Options
	limit int
	proof bool
	cover bool
}

// readPuzzle reads the rest of a request.
func readPuzzle(r io.Reader, hdr [5]uint32) (puzzleReq, error) {
	req := puzzleReq{limit: int(hdr[1]), proof: hdr[2]&flagProof != 0, cover: hdr[2]&flagCover != 0}
	fail := func(err error) (puzzleReq, error) { return puzzleReq{}, fmt.Errorf("%w: %w", errStream, err) }
	g, err := sudokusat.NewGrid(int(min(hdr[3], maxWire)), int(min(hdr[4], maxWire)))
	if err != nil {
		return fail(err)
	}
	name, err := readBytes(r)
	if err != nil {
		return fail(err)
	}
	var opts struct {
		Sums       uint32
		MaxClauses uint64
	}
	if err := binary.Read(r, binary.LittleEndian, &opts); err != nil {
		return fail(err)
	}
	req.o = encode.Options{Encoding: string(name), Sums: encode.SumForm(opts.Sums), MaxClauses: int(min(opts.MaxClauses, 1<<62))}
	n, err := readCount(r)
	if err != nil {
		return fail(err)
	}
	if n != g.Len() {
		return fail(fmt.Errorf("%d cells for a %d×%d grid", n, g.Size(), g.Size()))
	}
	cells := make([]byte, 4*n)
	if _, err := io.ReadFull(r, cells); err != nil {
		return fail(err)
	}
	for i := range n {
		d := binary.LittleEndian.Uint32(cells[4*i:])
		if d > uint32(g.Size()) {
			return fail(fmt.Errorf("cell %d holds %d, past %d", i+1, d, g.Size()))
		}
		g.SetCell(i, int(d))
	}
	req.p = &sudokusat.Puzzle{Grid: g}
	if req.p.Regions, err = readIntList(r); err != nil {
		return fail(err)
	}
	if n, err = readCount(r); err != nil {
		return fail(err)
	}
	for range n {
		var rule sudokusat.Rule
		kind, err := readBytes(r)
		if err != nil {
			return fail(err)
		}
		var value int32
		if err := binary.Read(r, binary.LittleEndian, &value); err != nil {
			return fail(err)
		}
		rule.Kind, rule.Value = string(kind), int(value)
		if rule.Cells, err = readIntList(r); err != nil {
			return fail(err)
		}
		lines, err := readCount(r)
		if err != nil {
			return fail(err)
		}
		for range lines {
			l, err := readIntList(r)
			if err != nil {
				return fail(err)
			}
			rule.Lines = append(rule.Lines, l)
		}
		req.p.Rules = append(req.p.Rules, rule)
	}
	return req, nil
}

// readIntList is readInts as ints, nil for none.
func readIntList(r io.Reader) ([]int, error) {
	xs, err := readInts(r)
	if err != nil || len(xs) == 0 {
		return nil, err
	}
	out := make([]int, len(xs))
	for i, x := range xs {
		out[i] = int(x)
	}
	return out, nil
}

// replyHead is the fixed part of an ok reply, after its status byte.
type replyHead struct {
	Models               uint32
	Decisions, Conflicts uint64
	Nanos                uint64
}

// writeReply writes the reply to one request: what the search found, or
// err as the worker's message.
func writeReply(bw *bufio.Writer, s found, err error, elapsed time.Duration) {
	if err != nil {
		msg := []byte(err.Error())
		bw.WriteByte(1)
		binary.Write(bw, binary.LittleEndian, uint32(len(msg)))
		bw.Write(msg)
		return
	}
	bw.WriteByte(0)
	binary.Write(bw, binary.LittleEndian, replyHead{uint32(len(s.models)), uint64(s.decisions), uint64(s.conflicts), uint64(elapsed)})
	for _, m := range s.models {
		binary.Write(bw, binary.LittleEndian, uint32(len(m)))
		binary.Write(bw, binary.LittleEndian, m)
	}
	if s.proof == nil {
		bw.WriteByte(0)
		return
	}
	bw.WriteByte(1)
	binary.Write(bw, binary.LittleEndian, uint32(len(s.proof.Blocks)))
	for _, b := range s.proof.Blocks {
		binary.Write(bw, binary.LittleEndian, uint32(len(b)))
		binary.Write(bw, binary.LittleEndian, b)
	}
	binary.Write(bw, binary.LittleEndian, uint32(len(s.proof.DRAT)))
	bw.Write(s.proof.DRAT)
}

// workerErr wraps an error met on a worker's stream.
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
	var head replyHead
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
	var hasProof [1]byte
	if _, err := io.ReadFull(r, hasProof[:]); err != nil {
		return found{}, workerErr(err)
	}
	if hasProof[0] == 0 {
		return s, nil
	}
	s.proof = &Proof{}
	n, err := readCount(r)
	if err != nil {
		return found{}, workerErr(err)
	}
	for range n {
		b, err := readInts(r)
		if err != nil {
			return found{}, workerErr(err)
		}
		s.proof.Blocks = append(s.proof.Blocks, b)
	}
	if s.proof.DRAT, err = readBytes(r); err != nil {
		return found{}, workerErr(err)
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
	b, err := readN(r, 4*n)
	if err != nil {
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
	return readN(r, n)
}

// wireChunk is the most readN allocates before the bytes come.
const wireChunk = 1 << 20

// readN reads n bytes. Above wireChunk its buffer grows as the bytes come
// rather than trusting n at once: a corrupt count fails at the stream's
// end, not in an allocation of gigabytes.
func readN(r io.Reader, n int) ([]byte, error) {
	if n <= wireChunk {
		b := make([]byte, n)
		_, err := io.ReadFull(r, b)
		return b, err
	}
	var buf bytes.Buffer
	buf.Grow(wireChunk)
	if _, err := io.CopyN(&buf, r, int64(n)); err != nil {
		if errors.Is(err, io.EOF) {
			err = io.ErrUnexpectedEOF
		}
		return nil, err
	}
	return buf.Bytes(), nil
}
