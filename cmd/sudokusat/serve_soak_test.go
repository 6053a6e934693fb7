package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/dlx"
	"github.com/sudokusat/sudokusat/internal/lzstring"
	"github.com/sudokusat/sudokusat/variant"
	"github.com/sudokusat/sudokusat/web"
	"github.com/sudokusat/sudokusat/web/api"
)

// The soak's bounds. soakDuration is how long the clients call: hundreds
// of calls of each kind, the whole test within some 10 s. Measured on
// 2026-11-25, on two cores already loaded by other work (load average 3
// to 4), in six runs: 2,700 to 4,300 calls in the 8 s, a quarter of them
// turned away as busy (503) and sent again, none for more than 0.6 s;
// ordinary calls answered in a median of 1 to 5 ms, the slowest in 85 ms;
// the link of 37,000 thermometers in 90 to 175 ms, the slowest in 250 ms.
// The server's resident set: 13 MB at the start, 131 to 162 MB at the
// peak (the largest document, read, and the one over MaxDocument,
// refused), 18 to 26 MB once the calls are over; at most 2 gophersat
// workers. Without debug.FreeOSMemory after a large call, it stayed at
// 137 MB.
//
// How long calls take is reported, not bounded: a machine busy with other
// work stretched an ordinary call to 3 s. What is bounded is a call that
// never comes back, or is turned away as busy for good (a slot never given
// back): soakHang, long enough for the most loaded machine.
const (
	soakDuration = 8 * time.Second
	// soakHang is the longest an ordinary call may take to be answered,
	// or turned away as busy (503) before it is taken.
	soakHang = time.Minute
	// soakHardLimit is the client's time limit on the unsolvable puzzle,
	// as the page's: it aborts the call, and the server must stop the
	// search and give its slot back.
	soakHardLimit = 300 * time.Millisecond
	// soakPeakRSS bounds the server's peak resident set (VmHWM) in KB.
	soakPeakRSS = 300 << 10
	// soakSettledRSS bounds how far above its start the server's
	// resident set may stay once the calls are over, in KB.
	soakSettledRSS = 40 << 10
)

// TestServeSoak loads "sudokusat serve" on loopback for soakDuration with
// eight clients at once, each sending one kind of call, and checks every
// answer with validators that share nothing with the engines (the root
// package's CheckSolution, variant.Check, dancing links for uniqueness):
//
//   - classic puzzles solved and counted by the native engine, and by
//     gophersat (in the server's worker processes);
//   - variant puzzles (testdata/variants) solved by gophersat and by the
//     variant search;
//   - an unsolvable 25×25 puzzle that no engine refutes in seconds,
//     aborted by the client after soakHardLimit as the page's time limit
//     does, then at once an easy puzzle, which must be solved: a search
//     left running, or its worker, would answer it late or not at all;
//   - grade, encode, render and generate;
//   - bad requests, which get their documented status: invalid givens,
//     bad JSON, a form post, an unknown operation, GET, an engine the
//     server does not run, a grid over MaxSize, a body over MaxBody, a
//     link over MaxDocument once decompressed; and a link just under it;
//   - connections opened and never sent a byte.
//
// Every call is answered within soakHang, and a call turned away as busy
// (503, two calls at once on two cores) is sent again, until soakHang.
// After the soak, the server's peak resident set stays under soakPeakRSS,
// its resident set falls back to near its start, its gophersat workers
// are at most twice its slots (web.DefaultLimits().AtOnce: see below), and
// neither it nor they go on using CPU. It reads /proc, so it runs on Linux
// only.
func TestServeSoak(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("TestServeSoak watches the server's memory and worker processes in /proc: Linux only")
	}
	url, proc := startServeProcess(t)
	pid := proc.Pid
	startRSS := procStatusKB(t, pid, "VmRSS")

	s := &soak{t: t, url: url, lat: map[string][]time.Duration{}}
	mix := soakMix(t, s)
	ctx, cancel := context.WithTimeout(context.Background(), soakDuration)
	defer cancel()

	// The server's workers and memory, watched while the clients run.
	var maxWorkers int
	watched := make(chan struct{})
	go func() {
		defer close(watched)
		tick := time.NewTicker(50 * time.Millisecond)
		defer tick.Stop()
		for {
			maxWorkers = max(maxWorkers, len(workerChildren(pid)))
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
		}
	}()

	start := time.Now()
	var wg sync.WaitGroup
	for _, client := range mix {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := &soakClient{soak: s, name: client.name, http: &http.Client{Transport: &http.Transport{}, Timeout: soakHang}}
			defer c.http.CloseIdleConnections()
			for i := 0; ctx.Err() == nil; i++ {
				client.step(ctx, c, i)
			}
			c.done()
		}()
	}
	wg.Wait()
	<-watched
	elapsed := time.Since(start)
	s.report(elapsed)

	// Memory: the peak, and what is left once the calls are over.
	peak := procStatusKB(t, pid, "VmHWM")
	if peak > soakPeakRSS {
		t.Errorf("the server's peak resident set was %d MB, over the bound of %d MB", peak>>10, soakPeakRSS>>10)
	}
	rss := procStatusKB(t, pid, "VmRSS")
	ended := time.Now()
	for rss > startRSS+soakSettledRSS && time.Since(ended) < soakHang {
		time.Sleep(100 * time.Millisecond)
		rss = procStatusKB(t, pid, "VmRSS")
	}
	settled := time.Since(ended)
	if rss > startRSS+soakSettledRSS {
		t.Errorf("the server's resident set is %d MB %v after the soak, from %d MB at its start: over %d MB more", rss>>10, soakHang, startRSS>>10, soakSettledRSS>>10)
	}

	// Worker processes: no more than twice the slots, none left
	// searching, and the server itself idle. A search the client aborts
	// has its process killed and a spare started (satsolve's Warm); the
	// next search, when no process is idle yet, starts one of its own, and
	// idle processes stay. On a loaded machine, where a process takes long
	// to start, that left 3 for 2 slots. A process left per aborted search
	// (some 20 here) or one still searching (the CPU below) is a leak.
	slots := web.DefaultLimits().AtOnce
	most := 2 * slots
	workers := workerChildren(pid)
	for deadline := time.Now().Add(soakHang); len(workers) > most && time.Now().Before(deadline); {
		time.Sleep(50 * time.Millisecond)
		workers = workerChildren(pid)
	}
	t.Logf("gophersat workers: at most %d seen during the soak, %d after, for %d slots", maxWorkers, len(workers), slots)
	if len(workers) > most {
		t.Errorf("%d gophersat worker processes are left, more than twice the server's %d slots: %v", len(workers), slots, workers)
	}
	before := map[int]int{pid: procCPUTicks(pid)}
	for _, w := range workers {
		before[w] = procCPUTicks(w)
	}
	time.Sleep(500 * time.Millisecond)
	for p, ticks := range before {
		// Clock ticks of 10 ms (USER_HZ is 100 on Linux): 20 is 0.2 s of
		// CPU in 0.5 s, where an idle server takes none, and a search
		// left running all of it.
		if used := procCPUTicks(p) - ticks; used > 20 {
			what := "a gophersat worker"
			if p == pid {
				what = "the server"
			}
			t.Errorf("%s (process %d) used %d ms of CPU in the 500 ms after the soak, with no call under way: a search left running", what, p, used*10)
		}
	}
	t.Logf("the server's resident set: %d MB at the start, %d MB at the peak, %d MB %v after the soak, %d MB 0.5 s later",
		startRSS>>10, peak>>10, rss>>10, settled.Round(time.Millisecond), procStatusKB(t, pid, "VmRSS")>>10)

	// The server still answers.
	c := &soakClient{soak: s, name: "after the soak", http: &http.Client{Timeout: soakHang}}
	c.solveClassic("solve sat after the soak", inkala, "sat")
	c.done()
}

// soak is the state the clients share.
type soak struct {
	t   *testing.T
	url string

	mu      sync.Mutex
	lat     map[string][]time.Duration // answered calls' times, by kind
	busy    int                        // 503s
	calls   int
	aborted int // searches of the unsolvable puzzle abandoned at soakHardLimit
	// longestBusy is the longest a call was turned away before it was
	// taken.
	longestBusy time.Duration
}

// soakClient is one client of the soak, with its own connections.
type soakClient struct {
	*soak
	name string
	http *http.Client
	errs int
}

// soakKind is one client's part of the mix: step makes its i-th call.
type soakKind struct {
	name string
	step func(ctx context.Context, c *soakClient, i int)
}

// errorf reports a wrong answer, the first few of each client in full.
func (c *soakClient) errorf(format string, args ...any) {
	c.t.Helper()
	if c.errs++; c.errs <= 5 {
		c.t.Errorf("%s: %s", c.name, fmt.Sprintf(format, args...))
	}
}

func (c *soakClient) done() {
	if c.errs > 5 {
		c.t.Errorf("%s: %d wrong answers in all", c.name, c.errs)
	}
}

// post sends one API call, again while it is turned away as busy, and
// returns the HTTP status and the reply. kind names the call in the
// times reported. Each answer must come within soakHang (the client's
// timeout), and a call may be turned away for no longer. A call the
// client abandons (ctx ended) returns ctx's error.
func (c *soakClient) post(ctx context.Context, kind, op, contentType string, body []byte) (int, api.Reply, error) {
	c.t.Helper()
	var busySince time.Time
	for {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url+"api/"+op, bytes.NewReader(body))
		if err != nil {
			c.errorf("%s: %v", kind, err)
			return 0, api.Reply{}, err
		}
		req.Header.Set("Content-Type", contentType)
		start := time.Now()
		resp, err := c.http.Do(req)
		var data []byte
		if err == nil {
			data, err = io.ReadAll(resp.Body)
			resp.Body.Close()
		}
		took := time.Since(start)
		if ctx.Err() != nil {
			return 0, api.Reply{}, ctx.Err()
		}
		if err != nil {
			c.errorf("%s: no answer: %v after %v", kind, err, took.Round(time.Millisecond))
			return 0, api.Reply{}, err
		}
		var r api.Reply
		if err := json.Unmarshal(data, &r); err != nil {
			c.errorf("%s: %d, the reply is not JSON: %.200q", kind, resp.StatusCode, data)
			return resp.StatusCode, r, err
		}
		c.mu.Lock()
		c.calls++
		if resp.StatusCode == http.StatusServiceUnavailable {
			c.busy++
		}
		c.mu.Unlock()
		if resp.StatusCode != http.StatusServiceUnavailable {
			c.mu.Lock()
			c.lat[kind] = append(c.lat[kind], took)
			if !busySince.IsZero() {
				c.longestBusy = max(c.longestBusy, start.Sub(busySince))
			}
			c.mu.Unlock()
			return resp.StatusCode, r, nil
		}
		if resp.Header.Get("Retry-After") == "" || !strings.Contains(r.Message, "busy") {
			c.errorf("%s: 503 without Retry-After or a word of being busy: %q", kind, r.Message)
		}
		if busySince.IsZero() {
			busySince = start
		} else if time.Since(busySince) > soakHang {
			c.errorf("%s: turned away as busy for %v", kind, time.Since(busySince).Round(time.Millisecond))
			return resp.StatusCode, r, errors.New("busy")
		}
		// Retry-After says 1 s, for a person; the soak comes back sooner.
		time.Sleep(time.Duration(10+rand.IntN(40)) * time.Millisecond)
	}
}

// call posts an api.Request and expects code and status.
func (c *soakClient) call(kind, op string, req api.Request, code int, status string) (api.Reply, bool) {
	c.t.Helper()
	body, _ := json.Marshal(req) // strings and numbers only
	return c.expect(kind, op, "application/json", body, code, status)
}

// expect posts body and checks the reply's HTTP status and status.
func (c *soakClient) expect(kind, op, contentType string, body []byte, code int, status string) (api.Reply, bool) {
	c.t.Helper()
	got, r, err := c.post(context.Background(), kind, op, contentType, body)
	if err != nil {
		return r, false
	}
	if got != code || r.Status != status {
		c.errorf("%s: %d %s %q, want %d %s", kind, got, r.Status, r.Message, code, status)
		return r, false
	}
	return r, true
}

// solveClassic solves a classic puzzle with engine and checks the
// solution with the root package's validator. kind names the call in the
// times reported.
func (c *soakClient) solveClassic(kind, puzzle, engine string) {
	c.t.Helper()
	r, ok := c.call(kind, "solve", api.Request{Puzzle: puzzle, Engine: engine}, 200, "solved")
	if ok {
		c.checkClassic(kind, puzzle, r.Solution)
	}
}

// checkClassic checks that solution solves the classic puzzle.
func (c *soakClient) checkClassic(kind, puzzle, solution string) {
	c.t.Helper()
	p, err := sudokusat.Parse(puzzle)
	if err == nil {
		var g *sudokusat.Grid
		if g, err = sudokusat.Parse(solution); err == nil {
			err = sudokusat.CheckSolution(p, g)
		}
	}
	if err != nil {
		c.errorf("%s of %s: %q is no solution: %v", kind, puzzle, solution, err)
	}
}

// soakMix returns the eight clients of the soak.
func soakMix(t *testing.T, s *soak) []soakKind {
	var classic []string
	for _, g := range append(puzzleLines(t, "top95-sample.txt"), puzzleLines(t, "17clue-sample.txt")...) {
		classic = append(classic, g.String())
	}
	// 17 givens are the fewest a 9×9 with one solution has: without its
	// first given, a 17-clue puzzle has several.
	var several []string
	for _, g := range puzzleLines(t, "17clue-sample.txt") {
		p := g.String()
		i := strings.IndexFunc(p, func(r rune) bool { return r != '.' })
		several = append(several, p[:i]+"."+p[i+1:])
	}
	type variantPuzzle struct {
		name, doc string
		p         *sudokusat.Puzzle
	}
	var variants []variantPuzzle
	for _, name := range []string{"miracle-9", "killer-9", "arrow-9", "thermo-9", "jigsaw-7", "whispers-6", "renban-6", "xv-neg-6", "between-line-6", "kropki-values-6"} {
		doc, err := os.ReadFile(filepath.Join(testdata, "variants", name+".json"))
		if err != nil {
			t.Fatal(err)
		}
		p, err := variant.ParseFPuzzles(doc)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		variants = append(variants, variantPuzzle{name, string(doc), p})
	}
	solveVariant := func(c *soakClient, i int, engine string) {
		v := variants[i%len(variants)]
		kind := "variant " + engine
		r, ok := c.call(kind, "solve", api.Request{Puzzle: v.doc, Engine: engine}, 200, "solved")
		if !ok {
			return
		}
		if err := variant.Check(v.p, variantGrid(v.p, r.Solution)); err != nil {
			c.errorf("%s of %s: %q is no solution: %v", kind, v.name, r.Solution, err)
		}
	}
	hard := string(pigeonholeDoc())

	// The largest document the server takes, 37,000 thermometers in
	// 1 MiB less 400 bytes, and one just over its bound, both in links of
	// a few KB.
	maxDoc := web.DefaultLimits().MaxDocument
	heavy, over := soakThermoLink((maxDoc-400)/28), soakThermoLink(maxDoc/28+100)
	heavyPuzzle, err := variant.ParseLink(heavy)
	if err != nil {
		t.Fatal(err)
	}
	maxBody := web.DefaultLimits().MaxBody
	tooLong, _ := json.Marshal(api.Request{Puzzle: strings.Repeat(".", int(maxBody))})
	bigGrid := strings.Repeat(strings.Repeat(". ", 35)+".\n", 36)
	clash := "11" + strings.Repeat(".", 79)

	return []soakKind{
		{"classic native", func(_ context.Context, c *soakClient, i int) {
			p := classic[i%len(classic)]
			if i%2 == 0 {
				c.solveClassic("solve native", p, "native")
				return
			}
			// Each of these puzzles has one solution.
			if r, ok := c.call("count native", "count", api.Request{Puzzle: p, Engine: "native"}, 200, "counted"); ok && (r.Count != 1 || r.Text != "1") {
				c.errorf("count native of %s: %d (%q), want 1", p, r.Count, r.Text)
			}
		}},
		{"classic sat", func(_ context.Context, c *soakClient, i int) {
			if i%2 == 0 {
				c.solveClassic("solve sat", classic[i%len(classic)], "sat")
				return
			}
			p := several[i%len(several)]
			r, ok := c.call("count sat", "count", api.Request{Puzzle: p, Engine: "sat"}, 200, "counted")
			if !ok {
				return
			}
			if r.Count != 2 || r.Text != "≥2" || r.Solution == r.Other || len(r.Differ) == 0 {
				c.errorf("count sat of %s: %d (%q), solutions %q and %q differing in %v: want two different ones", p, r.Count, r.Text, r.Solution, r.Other, r.Differ)
			}
			c.checkClassic("count sat", p, r.Solution)
			c.checkClassic("count sat", p, r.Other)
		}},
		{"variant sat", func(_ context.Context, c *soakClient, i int) { solveVariant(c, i, "sat") }},
		{"variant search", func(_ context.Context, c *soakClient, i int) { solveVariant(c, i+3, "search") }},
		{"unsolvable, aborted", func(_ context.Context, c *soakClient, i int) {
			engine := []string{"sat", "search"}[i%2]
			body, _ := json.Marshal(api.Request{Puzzle: hard, Engine: engine})
			ctx, cancel := context.WithTimeout(context.Background(), soakHardLimit)
			start := time.Now()
			_, r, err := c.post(ctx, "unsolvable "+engine, "solve", "application/json", body)
			cancel()
			switch {
			case errors.Is(err, context.DeadlineExceeded):
				// The page's "timeout": the client gave up, as it should.
				c.mu.Lock()
				c.aborted++
				c.mu.Unlock()
			case err == nil && r.Status == "unsolvable":
				// The right answer, had an engine found it in time.
			case err == nil:
				c.errorf("the unsolvable puzzle, %s: %s %q after %v", engine, r.Status, r.Message, time.Since(start).Round(time.Millisecond))
			}
			// The next call, on the engine just stopped, must be answered
			// right away and right.
			c.solveClassic("solve "+engine+" after an abort", classic[i%len(classic)], engine)
		}},
		{"grade, encode, render, generate", func(_ context.Context, c *soakClient, i int) {
			p := classic[i%len(classic)]
			switch i % 4 {
			case 0:
				if r, ok := c.call("grade", "grade", api.Request{Puzzle: p}, 200, "graded"); ok {
					c.checkClassic("grade", p, r.Solution)
				}
			case 1:
				if r, ok := c.call("encode", "encode", api.Request{Puzzle: p}, 200, "encoded"); ok && !strings.Contains(r.DIMACS, fmt.Sprintf("\np cnf %d %d\n", r.Vars, r.Clauses)) {
					c.errorf("encode of %s: %d variables and %d clauses, and a DIMACS without their problem line", p, r.Vars, r.Clauses)
				}
			case 2:
				if r, ok := c.call("render", "render", api.Request{Puzzle: p}, 200, "drawn"); ok && !strings.Contains(r.SVG, "<svg") {
					c.errorf("render of %s: %.100q", p, r.SVG)
				}
			case 3:
				seed := strconv.Itoa(rand.IntN(1_000_000))
				r, ok := c.call("generate", "generate", api.Request{Size: 9, Hints: 28, Seed: seed}, 200, "generated")
				if !ok {
					return
				}
				c.checkClassic("generate", r.Puzzle, r.Solution)
				g, err := sudokusat.Parse(r.Puzzle)
				if err != nil {
					c.errorf("generate, seed %s: %q: %v", seed, r.Puzzle, err)
					return
				}
				// Dancing links, which generate does not use, prove it
				// unique.
				if n, err := dlx.Count(context.Background(), g, 2); err != nil || n.Count != 1 || g.Givens() < 28 {
					c.errorf("generate, seed %s: %s has %d givens and %d solutions (%v), want at least 28 and 1", seed, r.Puzzle, g.Givens(), n.Count, err)
				}
			}
		}},
		{"refused", func(_ context.Context, c *soakClient, i int) {
			want := func(kind string, r api.Reply, ok bool, text string) {
				if ok && !strings.Contains(r.Message, text) {
					c.errorf("%s: %q, want it to say %q", kind, r.Message, text)
				}
			}
			switch i % 10 {
			case 0:
				r, ok := c.call("conflicting givens", "solve", api.Request{Puzzle: clash}, 200, "invalid")
				want("conflicting givens", r, ok, "conflicting givens")
			case 1:
				r, ok := c.expect("not JSON", "count", "application/json", []byte(`{"puzzle":`), 200, "error")
				want("not JSON", r, ok, "bad request")
			case 2:
				c.expect("a form post", "solve", "application/x-www-form-urlencoded", []byte(`{"puzzle":"`+inkala+`"}`), 415, "error")
			case 3:
				c.expect("an unknown operation", "shutdown", "application/json", []byte(`{}`), 404, "error")
			case 4:
				r, ok := c.call("an engine the server does not run", "solve", api.Request{Puzzle: inkala, Engine: "cadical"}, 200, "error")
				want("an engine the server does not run", r, ok, "the page runs native, search, dlx, sat")
			case 5:
				r, ok := c.call("a grid over MaxSize", "solve", api.Request{Puzzle: bigGrid}, 200, "invalid")
				want("a grid over MaxSize", r, ok, "this server takes grids up to 25×25")
			case 6:
				r, ok := c.expect("a body over MaxBody", "solve", "application/json", tooLong, 413, "error")
				want("a body over MaxBody", r, ok, fmt.Sprintf("request over %d KiB", maxBody>>10))
			case 7:
				r, ok := c.call("a link over MaxDocument", "solve", api.Request{Puzzle: over}, 200, "invalid")
				want("a link over MaxDocument", r, ok, fmt.Sprintf("the link decompresses to more than %d bytes", maxDoc))
			case 8:
				resp, err := c.http.Get(c.url + "api/solve")
				if err != nil {
					c.errorf("GET: %v", err)
					return
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusMethodNotAllowed {
					c.errorf("GET on the API: %d, want 405", resp.StatusCode)
				}
			case 9:
				body, _ := json.Marshal(api.Request{Puzzle: heavy})
				r, ok := c.expect("37,000 thermometers", "solve", "application/json", body, 200, "solved")
				if !ok {
					return
				}
				if err := variant.Check(heavyPuzzle, variantGrid(heavyPuzzle, r.Solution)); err != nil {
					c.errorf("37,000 thermometers: %q is no solution: %v", r.Solution, err)
				}
			}
		}},
		{"silent connections", func(ctx context.Context, c *soakClient, i int) {
			// Connections that never send a byte, 16 at a time, each held
			// 1.6 s: the server must not answer them, nor let them hold
			// up the others.
			host := strings.TrimSuffix(strings.TrimPrefix(c.url, "http://"), "/")
			var conns []net.Conn
			for range 16 {
				conn, err := net.Dial("tcp", host)
				if err != nil {
					c.errorf("dialing: %v", err)
					break
				}
				conns = append(conns, conn)
				select {
				case <-ctx.Done():
				case <-time.After(100 * time.Millisecond):
				}
			}
			for _, conn := range conns {
				conn.SetReadDeadline(time.Now().Add(time.Millisecond))
				if n, err := conn.Read(make([]byte, 1)); n > 0 || !errors.Is(err, os.ErrDeadlineExceeded) {
					c.errorf("a silent connection: the server answered, or closed it: %d bytes, %v", n, err)
				}
				conn.Close()
			}
		}},
	}
}

// report logs the soak's calls and their times, by kind.
func (s *soak) report(elapsed time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.t.Logf("%d calls in %v; %d turned away as busy and sent again, none for longer than %v; %d searches of the unsolvable puzzle abandoned after %v",
		s.calls, elapsed.Round(time.Millisecond), s.busy, s.longestBusy.Round(time.Millisecond), s.aborted, soakHardLimit)
	kinds := make([]string, 0, len(s.lat))
	for k := range s.lat {
		kinds = append(kinds, k)
	}
	slices.Sort(kinds)
	for _, k := range kinds {
		d := slices.Clone(s.lat[k])
		slices.Sort(d)
		s.t.Logf("  %-36s %4d answered: median %v, 95th percentile %v, longest %v", k, len(d),
			d[len(d)/2].Round(100*time.Microsecond), d[len(d)*95/100].Round(100*time.Microsecond), d[len(d)-1].Round(100*time.Microsecond))
	}
}

// variantGrid is a solution on one line, digits 1 to 9, as a grid of p's
// shape; a line of the wrong length leaves cells empty, which the
// validator refuses.
func variantGrid(p *sudokusat.Puzzle, line string) *sudokusat.Grid {
	g := p.Grid.Clone()
	for i := range g.Len() {
		d := 0
		if i < len(line) && line[i] >= '1' && line[i] <= '9' {
			d = int(line[i] - '0')
		}
		g.SetCell(i, d)
	}
	return g
}

// soakThermoLink returns an f-puzzles link to an empty 9×9 with n
// identical thermometers: a few KB that decompress to n×28 bytes of JSON.
// (web's tests have the same, as thermoLink.)
func soakThermoLink(n int) string {
	doc := `{"size":9,"grid":[` + strings.Repeat(`[{},{},{},{},{},{},{},{},{}],`, 8) + `[{},{},{},{},{},{},{},{},{}]],` +
		`"thermometer":[` + strings.Repeat(`{"lines":[["R1C1","R1C2"]]},`, n-1) + `{"lines":[["R1C1","R1C2"]]}]}`
	return "https://www.f-puzzles.com/?load=" + lzstring.CompressToBase64(doc)
}

// procStatusKB returns a field of /proc/PID/status given in kB (VmRSS,
// VmHWM).
func procStatusKB(t *testing.T, pid int, field string) int {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, field+":"); ok {
			n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), " kB"))
			if err != nil {
				t.Fatalf("/proc/%d/status: %q", pid, line)
			}
			return n
		}
	}
	t.Fatalf("/proc/%d/status has no %s", pid, field)
	return 0
}

// procStat returns the fields of /proc/PID/stat after the command's name,
// from the state (field 3) on; nil when the process is gone.
func procStat(pid int) []string {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return nil
	}
	i := bytes.LastIndexByte(b, ')') // the name may hold spaces and parentheses
	if i < 0 {
		return nil
	}
	return strings.Fields(string(b[i+1:]))
}

// procCPUTicks is the CPU a process has used, user and system, in clock
// ticks; 0 when it is gone.
func procCPUTicks(pid int) int {
	f := procStat(pid)
	if len(f) < 13 {
		return 0
	}
	user, _ := strconv.Atoi(f[11]) // utime, field 14
	sys, _ := strconv.Atoi(f[12])  // stime, field 15
	return user + sys
}

// workerChildren returns the gophersat worker processes of the server
// pid: its children, not yet exited, that run the worker command.
func workerChildren(pid int) []int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	var out []int
	for _, e := range entries {
		child, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		f := procStat(child)
		if len(f) < 2 || f[1] != strconv.Itoa(pid) || f[0] == "Z" {
			continue
		}
		cmdline, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", child))
		if slices.Contains(strings.Split(string(cmdline), "\x00"), workerCommand) {
			out = append(out, child)
		}
	}
	return out
}
