package satsolve

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/internal/varianttest"
)

// serve runs ServeWorker in this process on the given requests, holding the
// gophersat slot as any search here must, and returns its output.
func serve(t *testing.T, reqs ...[]byte) ([]byte, error) {
	t.Helper()
	var out bytes.Buffer
	var serveErr error
	if err := inSlot(context.Background(), func() {
		serveErr = ServeWorker(bytes.NewReader(bytes.Join(reqs, nil)), &out)
	}); err != nil {
		t.Fatal(err)
	}
	return out.Bytes(), serveErr
}

// TestWireRoundTrip sends formula and puzzle requests through the wire
// format and ServeWorker in one go, and checks each reply against its own
// request: replies come back in order, and a request the worker refuses
// leaves the stream in step for the next one.
func TestWireRoundTrip(t *testing.T) {
	g := readPuzzles(t, "top95-sample.txt")[0]
	serg := readPuzzles(t, "serg-sample.txt")[0]
	empty, _ := sudokusat.NewGridSize(4)
	f := encodeWith(t, "reduced", g)
	f2 := encodeWith(t, "extended", serg)
	out, err := serve(t,
		formulaRequest(f, 2, false),
		gridRequest(g, "nope", 2),
		gridRequest(serg, "minimal", 2),
		formulaRequest(f2, 3, false),
		gridRequest(empty, "reduced", 1000),
	)
	if err != nil {
		t.Fatalf("ServeWorker: %v", err)
	}
	r := bytes.NewReader(out)
	for i, check := range []func(found, error) error{
		func(s found, err error) error {
			return wantCount(s, err, func(s found) (Result, error) { return s.result(f) }, 1)
		},
		func(s found, err error) error {
			var said *workerSaid
			if !errors.As(err, &said) || !errors.Is(err, ErrSolver) || !strings.Contains(err.Error(), `"nope"`) {
				return fmt.Errorf("unknown encoding: err = %v, want a worker's message naming it", err)
			}
			return nil
		},
		func(s found, err error) error {
			return wantCount(s, err, func(s found) (Result, error) { return gridsResult(serg, s) }, 2)
		},
		func(s found, err error) error {
			return wantCount(s, err, func(s found) (Result, error) { return s.result(f2) }, 3)
		},
		func(s found, err error) error {
			return wantCount(s, err, func(s found) (Result, error) { return gridsResult(empty, s) }, 288)
		},
	} {
		if err := check(readReply(r)); err != nil {
			t.Errorf("reply %d: %v", i+1, err)
		}
	}
	if r.Len() != 0 {
		t.Errorf("%d bytes left after the last reply", r.Len())
	}
}

// wantCount decodes a reply with result and checks its count; result
// validates every model.
func wantCount(s found, err error, result func(found) (Result, error), want int) error {
	if err != nil {
		return err
	}
	res, err := result(s)
	if err != nil {
		return err
	}
	if res.Count != want || res.Elapsed <= 0 {
		return fmt.Errorf("count %d in %v, want %d in some time", res.Count, res.Elapsed, want)
	}
	return nil
}

// TestWireCorrupt feeds both sides broken streams: each must end with an
// error, not a panic, a hang or a huge allocation.
func TestWireCorrupt(t *testing.T) {
	g := readPuzzles(t, "top95-sample.txt")[0]
	req := formulaRequest(encodeWith(t, "reduced", g), 2, false)
	u32 := func(xs ...uint32) []byte {
		var b []byte
		for _, x := range xs {
			b = binary.LittleEndian.AppendUint32(b, x)
		}
		return b
	}
	for _, c := range []struct {
		name   string
		in     []byte
		stream bool // the error must wrap errStream
	}{
		{"half a header", req[:10], false},
		{"not a request", u32(7, 2, 1, 1, 0), false},
		{"limit zero", u32(wireMagic, 0, 1, 1, 0), false},
		{"count too large", u32(wireMagic, 2, 1, 1, maxWire+1), false},
		{"truncated clauses", req[:len(req)-4], true},
		{"bad box shape", u32(wireMagicGrid, 2, 0, 0, 0), true},
		{"truncated cells", gridRequest(g, "reduced", 2)[:40], true},
	} {
		_, err := serve(t, c.in)
		if err == nil || (c.stream && !errors.Is(err, errStream)) {
			t.Errorf("%s: ServeWorker returned %v", c.name, err)
		}
	}
	if out, err := serve(t); err != nil || len(out) != 0 {
		t.Errorf("no request: %v, %d bytes out", err, len(out))
	}

	good, err := serve(t, req)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		reply []byte
	}{
		{"empty", nil},
		{"truncated", good[:len(good)-1]},
		{"too many models", append([]byte{0}, append(u32(maxWire+1), make([]byte, 24)...)...)},
		{"model too long", append(append([]byte{0}, u32(1)...), append(make([]byte, 24), u32(maxWire+1)...)...)},
		{"message cut short", append([]byte{1}, u32(10)...)},
	} {
		if _, err := readReply(bytes.NewReader(c.reply)); !errors.Is(err, ErrSolver) {
			t.Errorf("%s reply: err = %v, want ErrSolver", c.name, err)
		}
	}
}

// TestWireCarriesEverything: a formula reaches the worker whole, its
// at-most-one groups, its PB sums and its phase included, and a proof
// comes back when asked for: the worker's answer is the one this process
// gives, grid for grid, and its proof has the blocking clauses of the
// grids found.
func TestWireCarriesEverything(t *testing.T) {
	miracle := varianttest.Load(t, "miracle-9").Puzzle
	open := *miracle
	open.Grid = miracle.Grid.Clone()
	open.Grid.SetCell(5*9+6, 0) // one given fewer: several solutions
	killer := varianttest.Load(t, "killer-9").Puzzle
	large := readPuzzles(t, "large-25.txt")[0]
	type formula struct {
		name string
		f    *encode.Formula
	}
	var fs []formula
	for _, p := range []*sudokusat.Puzzle{miracle, &open, killer} {
		for _, sums := range []encode.SumForm{encode.SumClauses, encode.SumPB} {
			f, err := encode.Variant(p, sums)
			if err != nil {
				t.Fatal(err)
			}
			fs = append(fs, formula{fmt.Sprintf("%d rules, %s", len(p.Rules), sums), f})
		}
	}
	fs = append(fs, formula{"reduced 25×25", encodeWith(t, "reduced", large)})
	amos, pbs := 0, 0
	for _, c := range fs {
		amos += c.f.NumAMOs()
		pbs += len(c.f.PBs())
	}
	if amos == 0 || pbs == 0 {
		t.Fatalf("%d at-most-one groups, %d PB sums to carry: want some of each", amos, pbs)
	}
	for _, c := range fs {
		for _, proof := range []bool{false, true} {
			if proof && len(c.f.PBs()) > 0 {
				continue // DRAT knows no PB
			}
			out, err := serve(t, formulaRequest(c.f, 2, proof))
			if err != nil {
				t.Fatalf("%s: ServeWorker: %v", c.name, err)
			}
			s, err := readReply(bytes.NewReader(out))
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			got, err := s.result(c.f)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			want, wantProof, err := CountProof(context.Background(), c.f, 2)
			if err != nil {
				t.Fatal(err)
			}
			if got.Count != want.Count || !slices.EqualFunc(got.Solutions, want.Solutions, (*sudokusat.Grid).Equal) {
				t.Errorf("%s (proof %v): the worker counts %d, this process %d", c.name, proof, got.Count, want.Count)
			}
			switch {
			case !proof && s.proof != nil:
				t.Errorf("%s: a proof not asked for", c.name)
			case proof && s.proof == nil:
				t.Errorf("%s: no proof", c.name)
			case proof && !slices.EqualFunc(s.proof.Blocks, wantProof.Blocks, slices.Equal[[]int32]):
				t.Errorf("%s: blocking clauses %v, want %v", c.name, s.proof.Blocks, wantProof.Blocks)
			case proof && want.Count < 2 && len(s.proof.DRAT) == 0 && len(wantProof.DRAT) > 0:
				t.Errorf("%s: an empty proof", c.name)
			}
		}
	}
}
