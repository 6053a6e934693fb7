package satsolve

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
)

// The wire format, little-endian uint32s unless said. A formula request
// is the magic, the limit, the number of variables, the number of map
// variables and the flags (flagProof), then four lists, each a count and
// its items: the literal slots of the clauses (each clause ended by 0),
// the at-most-one constraints (each a list of literals), the
// pseudo-Boolean constraints (each Eq as 0 or 1, RHS as int32, its
// literals, its weights as int32) and the phase (the variables to try true
// first). A reply is a status byte (0 ok, 1 error); then, for ok, the
// number of models, decisions and conflicts and the nanoseconds the worker
// spent on the request (uint64), each model as a count and its true
// variables, and a byte: 1 when the proof follows, its blocking clauses
// (a list of lists) and its DRAT text (a byte count and the bytes); for
// error, a length and the message.
const (
	wireMagic     = 0x33575353 // "SSW3": a formula
	wireMagicGrid = 0x32575353 // "SSW2": a puzzle to encode, search and decode
	// A puzzle as SSW2, its reply with gophersat's proof, as a formula
	// request with flagProof has.
	wireMagicGridProof = 0x34575353 // "SSW4"
)

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

// formulaRequest encodes a formula request. The at-most-one constraints
// travel as such: the worker gives them to gophersat as cardinality
// constraints, as Count and CountProof do in this process (a proof is
// checked here, against this process's formula). It gives up, with an
// error wrapping ctx.Err(), when ctx ends first: a formula of tens of
// millions of clauses takes seconds to write.
func formulaRequest(ctx context.Context, f *encode.Formula, limit int, proof bool) ([]byte, error) {
	flags := uint32(0)
	if proof {
		flags |= flagProof
	}
	return formulaRequestFlags(ctx, f, limit, flags)
}

// requestCheck is how many clauses formulaRequest writes between two
// looks at its context.
const requestCheck = 1 << 16

// formulaRequestFlags is formulaRequest with its flags given.
func formulaRequestFlags(ctx context.Context, f *encode.Formula, limit int, flags uint32) ([]byte, error) {
	cards := len(f.PBs()) == 0 && f.NumAMOs() > 0
	clauses := f.Clauses()
	slots := f.NumLits() + f.NumClauses()
	if cards {
		clauses, slots = f.OtherClauses(), 0
		for c := range clauses {
			slots += len(c) + 1
		}
	}
	b := make([]byte, 0, 40+4*slots)
	u32 := func(x uint32) { b = binary.LittleEndian.AppendUint32(b, x) }
	ints := func(xs []int32) {
		u32(wireCount(len(xs)))
		for _, x := range xs {
			u32(uint32(x))
		}
	}
	for _, x := range []uint32{wireMagic, wireCount(limit), uint32(f.Vars), uint32(f.VarMap.NumVars()), flags} {
		u32(x)
	}
	u32(wireCount(slots))
	written := 0
	for c := range clauses {
		if written++; written%requestCheck == 0 {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("gophersat: writing the formula: %w", err)
			}
		}
		for _, l := range c {
			u32(uint32(l))
		}
		u32(0)
	}
	if cards {
		u32(wireCount(f.NumAMOs()))
		for a := range f.AMOs() {
			ints(a.Lits)
		}
	} else {
		u32(0)
	}
	u32(wireCount(len(f.PBs())))
	for _, c := range f.PBs() {
		eq := uint32(0)
		if c.Eq {
			eq = 1
		}
		u32(eq)
		u32(uint32(int32(c.RHS)))
		ints(c.Lits)
		u32(wireCount(len(c.Weights)))
		for _, w := range c.Weights {
			u32(uint32(int32(w)))
		}
	}
	ints(phaseOf(f))
	return b, nil
}

// gridRequest encodes a puzzle request: the magic, the limit, the box
// shape, the length of the encoding's name, the name, the cells as uint16,
// and the most clauses the formula may have as uint64. The reply's models
// are the solution grids, one digit per cell.
func gridRequest(g *sudokusat.Grid, o encode.Options, limit int, proof bool) []byte {
	magic := uint32(wireMagicGrid)
	if proof {
		magic = wireMagicGridProof
	}
	b := make([]byte, 0, 28+len(o.Encoding)+2*g.Len())
	for _, x := range []uint32{magic, wireCount(limit), uint32(g.BoxRows()), uint32(g.BoxCols()), uint32(len(o.Encoding))} {
		b = binary.LittleEndian.AppendUint32(b, x)
	}
	b = append(b, o.Encoding...)
	for i := range g.Len() {
		b = binary.LittleEndian.AppendUint16(b, uint16(g.Cell(i)))
	}
	return binary.LittleEndian.AppendUint64(b, uint64(max(o.MaxClauses, 0)))
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
	if (hdr[0] != wireMagic && hdr[0] != wireMagicGrid && hdr[0] != wireMagicGridProof) || hdr[4] > maxWire || hdr[1] == 0 || hdr[2] > maxWire || hdr[3] > hdr[2] && hdr[0] == wireMagic {
		return hdr, errors.New("satsolve: not a worker request")
	}
	return hdr, nil
}

// formulaReq is a formula request as the worker reads it.
type formulaReq struct {
	f       *encode.Formula
	mapVars int
	limit   int
	proof   bool
	cover   bool
	phase   []int32
}

// readFormula reads the rest of a formula request.
func readFormula(r io.Reader, hdr [5]uint32) (formulaReq, error) {
	req := formulaReq{f: &encode.Formula{Vars: int(hdr[2])}, mapVars: int(hdr[3]), limit: int(hdr[1]), proof: hdr[4]&flagProof != 0, cover: hdr[4]&flagCover != 0}
	fail := func(err error) (formulaReq, error) { return formulaReq{}, fmt.Errorf("%w: %w", errStream, err) }
	slots, err := readInts(r)
	if err != nil {
		return fail(err)
	}
	var clause []int32
	for _, l := range slots {
		if l != 0 {
			clause = append(clause, l)
			continue
		}
		req.f.Add(clause...)
		clause = clause[:0]
	}
	n, err := readCount(r)
	if err != nil {
		return fail(err)
	}
	for range n {
		lits, err := readInts(r)
		if err != nil {
			return fail(err)
		}
		req.f.AddAMO(lits...)
	}
	if n, err = readCount(r); err != nil {
		return fail(err)
	}
	for range n {
		var c encode.PB
		var head [2]uint32
		if err := binary.Read(r, binary.LittleEndian, &head); err != nil {
			return fail(err)
		}
		c.Eq, c.RHS = head[0] == 1, int(int32(head[1]))
		if c.Lits, err = readInts(r); err != nil {
			return fail(err)
		}
		weights, err := readInts(r)
		if err != nil {
			return fail(err)
		}
		if len(weights) != len(c.Lits) {
			return fail(errors.New("a PB constraint's weights and literals differ in number"))
		}
		for _, w := range weights {
			c.Weights = append(c.Weights, int(w))
		}
		req.f.AddPB(c)
	}
	if req.phase, err = readInts(r); err != nil {
		return fail(err)
	}
	return req, nil
}

// readGrid reads the rest of a puzzle request, and returns the puzzle and
// how to encode it.
func readGrid(r io.Reader, hdr [5]uint32) (*sudokusat.Grid, encode.Options, error) {
	boxRows, boxCols := int(hdr[2]), int(hdr[3])
	fail := func(err error) (*sudokusat.Grid, encode.Options, error) {
		return nil, encode.Options{}, fmt.Errorf("%w: %w", errStream, err)
	}
	name := make([]byte, hdr[4])
	if _, err := io.ReadFull(r, name); err != nil {
		return fail(err)
	}
	g, err := sudokusat.NewGrid(boxRows, boxCols)
	if err != nil {
		return fail(err)
	}
	raw := make([]byte, 2*g.Len()+8)
	if _, err := io.ReadFull(r, raw); err != nil {
		return fail(err)
	}
	for i := range g.Len() {
		g.SetCell(i, int(binary.LittleEndian.Uint16(raw[2*i:])))
	}
	maxClauses := binary.LittleEndian.Uint64(raw[2*g.Len():])
	return g, encode.Options{Encoding: string(name), MaxClauses: int(min(maxClauses, 1<<62))}, nil
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
