package satsolve

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/internal/varianttest"
)

// serve runs ServeWorker in this process on the given requests, holding the
// gophersat slot as any search here must, and returns its output. As a
// parent does, it keeps the worker's input open until every reply is in
// (an input that ends during a search means the parent is gone).
func serve(t *testing.T, reqs ...[]byte) ([]byte, error) {
	t.Helper()
	release := make(chan struct{})
	in := io.MultiReader(bytes.NewReader(bytes.Join(reqs, nil)), blocked(release))
	outR, outW := io.Pipe()
	var out bytes.Buffer
	read := make(chan struct{})
	go func() {
		defer close(read)
		tee := io.TeeReader(outR, &out)
		for range reqs {
			var said *workerSaid
			if _, err := readReply(tee); err != nil && !errors.As(err, &said) {
				break // the worker stopped: no more replies
			}
		}
		close(release)
		io.Copy(io.Discard, tee)
	}()
	var serveErr error
	if err := inSlot(context.Background(), func() {
		serveErr = ServeWorker(in, outW)
		outW.Close()
	}); err != nil {
		t.Fatal(err)
	}
	<-read
	return out.Bytes(), serveErr
}

// serveRaw runs ServeWorker on in as it is, its end included: for streams
// that break before a search starts.
func serveRaw(t *testing.T, in []byte) ([]byte, error) {
	t.Helper()
	var out bytes.Buffer
	var serveErr error
	if err := inSlot(context.Background(), func() { serveErr = ServeWorker(bytes.NewReader(in), &out) }); err != nil {
		t.Fatal(err)
	}
	return out.Bytes(), serveErr
}

// blocked is an input that ends when release is closed.
type blocked chan struct{}

func (b blocked) Read([]byte) (int, error) {
	<-b
	return 0, io.EOF
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
		request(t, f, 2, false),
		gridRequest(g, encode.Options{Encoding: "nope"}, 2, false),
		gridRequest(serg, encode.Options{Encoding: "minimal"}, 2, false),
		request(t, f2, 3, false),
		gridRequest(empty, encode.Options{Encoding: "reduced"}, 1000, false),
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

// request is formulaRequest without a deadline.
func request(t *testing.T, f *encode.Formula, limit int, proof bool) []byte {
	t.Helper()
	req, err := formulaRequest(context.Background(), f, limit, proof)
	if err != nil {
		t.Fatal(err)
	}
	return req
}

// TestWireCorrupt feeds both sides broken streams: each must end with an
// error, not a panic, a hang or a huge allocation.
func TestWireCorrupt(t *testing.T) {
	g := readPuzzles(t, "top95-sample.txt")[0]
	req := request(t, encodeWith(t, "reduced", g), 2, false)
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
		{"truncated cells", gridRequest(g, encode.Options{Encoding: "reduced"}, 2, false)[:40], true},
	} {
		_, err := serveRaw(t, c.in)
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
			out, err := serve(t, request(t, c.f, 2, proof))
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
			if !proof {
				// Without a proof the worker searches as Count does here
				// (at-most-one constraints as cardinality constraints,
				// no certificate), which may meet other grids first than
				// CountProof on a puzzle of several solutions.
				if want, err = Count(context.Background(), c.f, 2); err != nil {
					t.Fatal(err)
				}
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

// TestWorkerStopsWhenInputEnds: a worker process whose input ends during
// a search (its parent is gone: a parent never closes it while waiting for
// an answer) exits at once with ErrParentGone, without waiting for the
// search, which gophersat cannot interrupt.
func TestWorkerStopsWhenInputEnds(t *testing.T) {
	var in strings.Builder
	for range 49 {
		in.WriteString(strings.TrimSpace(strings.Repeat("0 ", 49)) + "\n")
	}
	g, err := sudokusat.Parse(in.String())
	if err != nil {
		t.Fatal(err)
	}
	// An empty 49×49 grid in the extended encoding: seconds of encoding
	// and loading before gophersat's first decision.
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "SUDOKUSAT_TEST_WORKER=1")
	cmd.Stdin = bytes.NewReader(gridRequest(g, encode.Options{Encoding: "extended"}, 1, false))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	// A worker that waited for the search would answer it and end without
	// the message (the input ended between requests, by then), or, held
	// up past hang, be killed.
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	watchdog := time.AfterFunc(hang, func() { cmd.Process.Kill() })
	defer watchdog.Stop()
	err = cmd.Wait()
	if d := time.Since(start); d > hang {
		t.Errorf("the worker was still running %v after its input ended", d)
	}
	if err == nil || !strings.Contains(stderr.String(), ErrParentGone.Error()) {
		t.Errorf("exit %v, stderr %q; want ErrParentGone's message", err, stderr.String())
	}
}

// TestFormulaRequestContext checks that writing a large formula for a
// worker gives up when its context has ended, and not otherwise.
func TestFormulaRequestContext(t *testing.T) {
	g, _ := sudokusat.NewGridSize(16)
	f := encodeWith(t, "extended", g) // 123,904 clauses
	if _, err := formulaRequest(context.Background(), f, 1, false); err != nil {
		t.Fatal(err)
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := formulaRequest(cancelled, f, 1, false); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v, want context.Canceled", err)
	}
}
