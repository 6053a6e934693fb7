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
	"runtime"
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

// TestWireRoundTrip sends puzzle requests through the wire format and
// ServeWorker in one go, and checks each reply against its own request:
// replies come back in order, and a request the worker refuses leaves the
// stream in step for the next one.
func TestWireRoundTrip(t *testing.T) {
	g := readPuzzles(t, "top95-sample.txt")[0]
	serg := readPuzzles(t, "serg-sample.txt")[0]
	empty, _ := sudokusat.NewGridSize(4)
	killer := varianttest.Load(t, "killer-9").Puzzle
	out, err := serve(t,
		puzzleRequest(classic(g), enc("reduced"), 2, 0),
		puzzleRequest(classic(g), enc("nope"), 2, 0),
		puzzleRequest(classic(serg), enc("minimal"), 2, 0),
		puzzleRequest(killer, encode.Options{Sums: encode.SumPB}, 2, 0),
		puzzleRequest(classic(serg), enc("extended"), 3, 0),
		puzzleRequest(classic(empty), enc("reduced"), 1000, 0),
	)
	if err != nil {
		t.Fatalf("ServeWorker: %v", err)
	}
	r := bytes.NewReader(out)
	grids := func(g *sudokusat.Grid) func(found) (Result, error) {
		return func(s found) (Result, error) { return gridsResult(g, s) }
	}
	for i, check := range []func(found, error) error{
		func(s found, err error) error { return wantCount(s, err, grids(g), 1) },
		func(s found, err error) error {
			var said *workerSaid
			if !errors.As(err, &said) || !errors.Is(err, ErrSolver) || !strings.Contains(err.Error(), `"nope"`) {
				return fmt.Errorf("unknown encoding: err = %v, want a worker's message naming it", err)
			}
			return nil
		},
		func(s found, err error) error { return wantCount(s, err, grids(serg), 2) },
		func(s found, err error) error { return wantCount(s, err, grids(killer.Grid), 1) },
		func(s found, err error) error { return wantCount(s, err, grids(serg), 3) },
		func(s found, err error) error { return wantCount(s, err, grids(empty), 288) },
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
	req := puzzleRequest(classic(g), enc("reduced"), 2, 0)
	ruled := puzzleRequest(varianttest.Load(t, "arrow-9").Puzzle, encode.Options{}, 2, 0)
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
		{"not a request", u32(7, 2, 0, 3, 3), false},
		{"an old request", u32(0x32575353, 2, 3, 3, 7), false},
		{"limit zero", u32(wireMagic, 0, 0, 3, 3), false},
		{"limit too large", u32(wireMagic, maxWire+1, 0, 3, 3), false},
		{"unknown flag", u32(wireMagic, 2, 4, 3, 3), false},
		{"bad box shape", u32(wireMagic, 2, 0, 0, 0), true},
		{"name too long", u32(wireMagic, 2, 0, 3, 3, maxWire+1), true},
		{"cells too few", append(u32(wireMagic, 2, 0, 3, 3, 0, 0, 0, 0, 80), make([]byte, 4*80)...), true},
		{"truncated cells", req[:60], true},
		{"truncated rules", ruled[:len(ruled)-4], true},
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

// TestWirePuzzle: a request carries its puzzle whole, grid, regions and
// rules (their kinds, values, cells and lines), and how to encode it, to
// the worker, for every test puzzle and a classic one.
func TestWirePuzzle(t *testing.T) {
	puzzles := []*sudokusat.Puzzle{classic(readPuzzles(t, "large-25.txt")[0])}
	for _, f := range varianttest.All(t) {
		puzzles = append(puzzles, f.Puzzle)
	}
	regions, lines, values := 0, 0, 0
	for _, p := range puzzles {
		o := encode.Options{Encoding: "reduced-pairwise", Sums: encode.SumPB, MaxClauses: 12345}
		for _, flags := range []uint32{0, flagProof, flagCover} {
			r := bytes.NewReader(puzzleRequest(p, o, 7, flags))
			hdr, err := readHeader(r)
			if err != nil {
				t.Fatal(err)
			}
			got, err := readPuzzle(r, hdr)
			if err != nil {
				t.Fatalf("%v: %v", p.Grid, err)
			}
			if r.Len() != 0 || got.o != o || got.limit != 7 || got.proof != (flags == flagProof) || got.cover != (flags == flagCover) {
				t.Errorf("%v: read %+v, %d bytes left", p.Grid, got, r.Len())
			}
			q := got.p
			same := q.Grid.Equal(p.Grid) && q.Grid.BoxRows() == p.Grid.BoxRows() && slices.Equal(q.Regions, p.Regions) && len(q.Rules) == len(p.Rules)
			for i := 0; same && i < len(p.Rules); i++ {
				a, b := q.Rules[i], p.Rules[i]
				same = a.Kind == b.Kind && a.Value == b.Value && slices.Equal(a.Cells, b.Cells) && slices.EqualFunc(a.Lines, b.Lines, slices.Equal)
			}
			if !same {
				t.Errorf("%v: read back as %+v, want %+v", p.Grid, q, p)
			}
		}
		if p.Regions != nil {
			regions++
		}
		for _, r := range p.Rules {
			if len(r.Lines) > 0 {
				lines++
			}
			if r.Value != 0 {
				values++
			}
		}
	}
	if regions == 0 || lines == 0 || values == 0 {
		t.Errorf("%d puzzles with regions, %d rules with lines, %d with values: want some of each", regions, lines, values)
	}
}

// TestWireCarriesEverything: a worker answers a puzzle as this process
// does on the puzzle's formula, classic or with rules, its sums as clauses
// or as PB sums, and a proof comes back when asked for: the worker's
// answer is this process's, grid for grid, and its proof has the
// blocking clauses of the grids found.
func TestWireCarriesEverything(t *testing.T) {
	miracle := varianttest.Load(t, "miracle-9").Puzzle
	open := *miracle
	open.Grid = miracle.Grid.Clone()
	open.Grid.SetCell(5*9+6, 0) // one given fewer: several solutions
	killer := varianttest.Load(t, "killer-9").Puzzle
	jigsaw := varianttest.Load(t, "jigsaw-7").Puzzle
	large := classic(readPuzzles(t, "large-25.txt")[0])
	type request struct {
		name string
		p    *sudokusat.Puzzle
		o    encode.Options
	}
	var reqs []request
	for _, p := range []*sudokusat.Puzzle{miracle, &open, killer, jigsaw} {
		for _, sums := range []encode.SumForm{encode.SumClauses, encode.SumPB} {
			reqs = append(reqs, request{fmt.Sprintf("%d rules, %s", len(p.Rules), sums), p, encode.Options{Sums: sums}})
		}
	}
	reqs = append(reqs, request{"reduced 25×25", large, enc("reduced")})
	amos, pbs := 0, 0
	for _, c := range reqs {
		f, err := encode.Puzzle(c.p, c.o)
		if err != nil {
			t.Fatal(err)
		}
		amos += f.NumAMOs()
		pbs += len(f.PBs())
	}
	if amos == 0 || pbs == 0 {
		t.Fatalf("%d at-most-one groups, %d PB sums to carry: want some of each", amos, pbs)
	}
	for _, c := range reqs {
		f, err := encode.Puzzle(c.p, c.o)
		if err != nil {
			t.Fatal(err)
		}
		for _, proof := range []bool{false, true} {
			if proof && len(f.PBs()) > 0 {
				continue // DRAT knows no PB
			}
			flags := uint32(0)
			if proof {
				flags = flagProof
			}
			out, err := serve(t, puzzleRequest(c.p, c.o, 2, flags))
			if err != nil {
				t.Fatalf("%s: ServeWorker: %v", c.name, err)
			}
			s, err := readReply(bytes.NewReader(out))
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			got, err := gridsResult(c.p.Grid, s)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			want, wantProof, err := CountProof(context.Background(), f, 2)
			if err != nil {
				t.Fatal(err)
			}
			if !proof {
				// Without a proof the worker searches as Count does here
				// (no certificate), which may meet other grids first than
				// CountProof on a puzzle of several solutions.
				if want, err = Count(context.Background(), f, 2); err != nil {
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
	cmd.Stdin = bytes.NewReader(puzzleRequest(classic(g), enc("extended"), 1, 0))
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

// TestWireCountNotTrusted: a reply whose model claims 2^30 literals and
// holds two allocates as it reads, not 4 GB for the claim.
func TestWireCountNotTrusted(t *testing.T) {
	reply := []byte{0}
	reply = binary.LittleEndian.AppendUint32(reply, 1)
	reply = append(reply, make([]byte, 24)...)
	reply = binary.LittleEndian.AppendUint32(reply, maxWire)
	reply = append(reply, make([]byte, 8)...)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := readReply(bytes.NewReader(reply))
	runtime.ReadMemStats(&after)
	if !errors.Is(err, ErrSolver) {
		t.Errorf("err = %v, want ErrSolver", err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 64<<20 {
		t.Errorf("reading a cut reply allocated %d MB", got>>20)
	}
}
