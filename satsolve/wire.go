package satsolve

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
)

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
	for _, x := range []uint32{wireMagic, wireCount(limit), uint32(f.Vars), uint32(f.VarMap.NumVars()), uint32(f.NumLits() + f.NumClauses())} {
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

// errStream marks a request that could not be read: the stream is lost.
var errStream = errors.New("satsolve: broken request stream")

// readHeader reads the five numbers that open a request. It returns io.EOF
// itself when the input ends cleanly before a request.
func readHeader(r io.Reader) ([5]uint32, error) {
	var hdr [5]uint32
	if err := binary.Read(r, binary.LittleEndian, &hdr); err != nil {
		return hdr, err
	}
	if (hdr[0] != wireMagic && hdr[0] != wireMagicGrid) || hdr[4] > maxWire || hdr[1] == 0 {
		return hdr, errors.New("satsolve: not a worker request")
	}
	return hdr, nil
}

// readFormula reads the rest of a formula request, and returns the formula
// and its number of map variables.
func readFormula(r io.Reader, hdr [5]uint32) (*encode.Formula, int, error) {
	numVars, mapVars := int(hdr[2]), int(hdr[3])
	raw := make([]byte, 4*int(hdr[4]))
	if _, err := io.ReadFull(r, raw); err != nil {
		return nil, 0, fmt.Errorf("%w: %w", errStream, err)
	}
	f := &encode.Formula{Vars: numVars}
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
	return f, mapVars, nil
}

// readGrid reads the rest of a puzzle request, and returns the puzzle and
// the encoding's name.
func readGrid(r io.Reader, hdr [5]uint32) (*sudokusat.Grid, string, error) {
	boxRows, boxCols := int(hdr[2]), int(hdr[3])
	name := make([]byte, hdr[4])
	if _, err := io.ReadFull(r, name); err != nil {
		return nil, "", fmt.Errorf("%w: %w", errStream, err)
	}
	g, err := sudokusat.NewGrid(boxRows, boxCols)
	if err != nil {
		return nil, "", fmt.Errorf("%w: %w", errStream, err)
	}
	raw := make([]byte, 2*g.Len())
	if _, err := io.ReadFull(r, raw); err != nil {
		return nil, "", fmt.Errorf("%w: %w", errStream, err)
	}
	for i := range g.Len() {
		g.SetCell(i, int(binary.LittleEndian.Uint16(raw[2*i:])))
	}
	return g, string(name), nil
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
