package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"image/png"
	"io"
	"io/fs"
	"maps"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/native"
	"github.com/sudokusat/sudokusat/variant"
	"github.com/sudokusat/sudokusat/web"
	"github.com/sudokusat/sudokusat/web/api"
)

const (
	inkala         = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
	inkalaSolution = "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
)

// startServe runs "sudokusat serve" on a free loopback port and returns
// the URL it prints. At the end of the test it interrupts the server, as
// Ctrl-C would, and checks that it stopped cleanly.
func startServe(t *testing.T) string {
	t.Helper()
	url, _ := startServeProcess(t)
	return url
}

// startServeProcess is startServe that also returns the server's process,
// whose memory and children a test may watch.
func startServeProcess(t *testing.T) (string, *os.Process) {
	t.Helper()
	cmd := exec.Command(binary, "serve", "--addr", "127.0.0.1:0")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		select {
		case err := <-exited:
			if err != nil {
				t.Errorf("serve after Ctrl-C: %v; stderr: %s", err, stderr.String())
			}
		case <-time.After(time.Minute):
			cmd.Process.Kill()
			t.Errorf("serve did not stop within a minute of Ctrl-C")
		}
	})
	line, err := bufio.NewReader(stdout).ReadString('\n')
	go func() {
		io.Copy(io.Discard, stdout)
		exited <- cmd.Wait()
	}()
	if err != nil {
		t.Fatalf("reading serve's first line: %v; stderr: %s", err, stderr.String())
	}
	url := regexp.MustCompile(`http://127\.0\.0\.1:[0-9]+/`).FindString(line)
	if url == "" {
		t.Fatalf("serve printed %q, want the URL it listens on", line)
	}
	return url, cmd.Process
}

// wasmEmbedded tells whether "go generate ./web" had built main.wasm when
// the binary under test was built (from the same files as this test): the
// page then runs in the browser, else on the server's API.
func wasmEmbedded(t *testing.T) bool {
	t.Helper()
	_, err := fs.Stat(web.FS(), "main.wasm")
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	return err == nil
}

func TestServe(t *testing.T) {
	url := startServe(t)
	type row struct {
		method, path string
		wantCode     int
		wantType     string // Content-Type prefix
		wantBody     string // a string the body holds
	}
	tests := []row{
		{"GET", "", 200, "text/html", `<script type="module" src="app.js">`},
		{"GET", "index.html", 301, "", ""}, // FileServer's canonical URL is "/"
		{"GET", "app.js", 200, "text/javascript", "new Worker('worker.js')"},
		{"GET", "worker.js", 200, "text/javascript", "importScripts('wasm_exec.js')"},
		{"GET", "style.css", 200, "text/css", "@media print"},
		{"GET", "missing.txt", 404, "text/plain", "404 page not found"},
		{"POST", "", 405, "text/plain", "method not allowed"},
		{"DELETE", "app.js", 405, "text/plain", "method not allowed"},
	}
	// The page runs in the browser when the binary holds main.wasm, and
	// the server says so in the page; else it runs on the server's API,
	// with its limit on grids.
	if wasmEmbedded(t) {
		tests = append(tests,
			row{"GET", "", 200, "text/html", pageMeta(t, web.PageConfig{Runs: "browser"})},
			row{"GET", "wasm_exec.js", 200, "text/javascript", "globalThis.Go"},
			// instantiateStreaming accepts only this type.
			row{"GET", "main.wasm", 200, "application/wasm", "\x00asm"},
			row{"HEAD", "main.wasm", 200, "application/wasm", ""})
	} else {
		tests = append(tests,
			row{"GET", "", 200, "text/html", pageMeta(t, web.PageConfig{Runs: "server", MaxSize: web.DefaultLimits().MaxSize})},
			row{"HEAD", "main.wasm", 404, "text/plain", ""},
			row{"GET", "wasm_exec.js", 404, "text/plain", "404 page not found"})
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for _, tt := range tests {
		t.Run(tt.method+" /"+tt.path, func(t *testing.T) {
			req, err := http.NewRequest(tt.method, url+tt.path, nil)
			if err != nil {
				t.Fatal(err)
			}
			resp, err := client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			if err != nil {
				t.Fatal(err)
			}
			if resp.StatusCode != tt.wantCode {
				t.Fatalf("status %d, want %d", resp.StatusCode, tt.wantCode)
			}
			if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, tt.wantType) {
				t.Errorf("Content-Type %q, want %q", ct, tt.wantType)
			}
			if !bytes.Contains(body, []byte(tt.wantBody)) {
				t.Errorf("body %.80q does not hold %q", body, tt.wantBody)
			}
			if tt.wantCode == 200 {
				for _, h := range []string{"Content-Security-Policy", "Cross-Origin-Opener-Policy", "Cross-Origin-Embedder-Policy", "X-Content-Type-Options"} {
					if resp.Header.Get(h) == "" {
						t.Errorf("no %s header", h)
					}
				}
			}
		})
	}
}

// pageMeta is index.html's meta tag as the server fills it in with cfg.
func pageMeta(t *testing.T, cfg web.PageConfig) string {
	t.Helper()
	b, err := json.Marshal(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return `<meta name="sudokusat-server" content="` + html.EscapeString(string(b)) + `">`
}

func TestServeUsage(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"bad address", []string{"serve", "--addr", "nowhere"}, "sudokusat: --addr: listen tcp: address nowhere: missing port in address (see 'sudokusat serve --help')"},
		{"argument", []string{"serve", "web"}, `sudokusat: serve takes no arguments; got "web" (see 'sudokusat serve --help')`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", tt.args...)
			if code != exitUsage || out != "" || strings.TrimSpace(errOut) != tt.want {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit %d and %q", code, out, errOut, exitUsage, tt.want)
			}
		})
	}
}

// TestServeHelpOps: serve's help lists every operation the server
// answers, from the table it answers them by (api's Ops); it listed six
// and left out candidates, hint, minimal, explain and engines.
func TestServeHelpOps(t *testing.T) {
	out, _, code := runCLI(t, "", "serve", "--help")
	_, list, ok := strings.Cut(out, "OP is one of:\n")
	list, _, _ = strings.Cut(list, ".\n")
	got := strings.Split(strings.TrimSpace(list), ", ")
	slices.Sort(got)
	want := slices.Sorted(maps.Keys(api.Ops()))
	if code != 0 || !ok || !slices.Equal(got, want) {
		t.Errorf("serve --help lists %q, want %q:\n%s", got, want, out)
	}
}

// TestPageMessagesMatchCLI checks that the page, through package api, says
// what the command line says about the same bad input, and gives the same
// answers.
func TestPageMessagesMatchCLI(t *testing.T) {
	noSolution := ".23456789" + "1........" + strings.Repeat(".", 63)
	tests := []struct {
		name  string
		input string
		args  []string // the command line
		op    api.Op
	}{
		{"solve clash", "44.1\n....\n....\n....\n", []string{"solve", "--engine", "native"}, api.Solve},
		{"solve short line", "123\n", []string{"solve"}, api.Solve},
		{"solve bad symbol", strings.Replace(inkala, "8", "Q", 1) + "\n", []string{"solve"}, api.Solve},
		{"solve grid cut short", "# four rows?\n....\n", []string{"solve"}, api.Solve},
		{"solve no solution", noSolution + "\n", []string{"solve", "--engine", "native"}, api.Solve},
		{"solve no solution gophersat", noSolution + "\n", []string{"solve", "--engine", "sat"}, api.Solve},
		{"count clash", "11..............\n", []string{"count"}, api.Count},
		{"count", "................\n", []string{"count", "--engine", "native"}, api.Count},
		{"grade several solutions", "................\n", []string{"grade"}, api.Grade},
		{"grade no solution", noSolution + "\n", []string{"grade"}, api.Grade},
		{"grade", inkala + "\n", []string{"grade"}, api.Grade},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, _, _ := runCLI(t, tt.input, tt.args...)
			cli := strings.TrimSuffix(out, "\n")
			req := api.Request{Puzzle: tt.input}
			if len(tt.args) > 2 && tt.args[1] == "--engine" {
				req.Engine = tt.args[2]
			}
			r := tt.op(context.Background(), req)
			page := r.Message
			if page == "" {
				page = r.Text
			}
			if page != cli {
				t.Errorf("the page says %q, the command line %q", page, cli)
			}
		})
	}

	// An empty input: the page, which takes one puzzle, answers it as
	// invalid; the command line, whose records answer puzzles, has none to
	// write and says on standard error that there is no puzzle.
	_, errOut, _ := runCLI(t, "\n", "solve")
	if page := api.Solve(context.Background(), api.Request{Puzzle: "\n"}).Message; page != "invalid: no puzzle in the input" || errOut != "sudokusat: no puzzle in standard input\n" {
		t.Errorf("empty input: the page says %q, the command line %q", page, errOut)
	}
}

func TestPageAnswersMatchCLI(t *testing.T) {
	ctx := context.Background()
	t.Run("generate", func(t *testing.T) {
		out, _, code := runCLI(t, "", "generate", "--hints", "24", "--seed", "1")
		r := api.Generate(ctx, api.Request{Size: 9, Hints: 24, Seed: "1"})
		if code != 0 || r.Puzzle+"\n" != out {
			t.Errorf("seed 1: the page made %s, the command line %q", r.Puzzle, out)
		}
	})
	t.Run("generate bad options", func(t *testing.T) {
		for _, args := range [][]string{{"--hints", "90"}, {"--difficulty", "11"}, {"--size", "7"}} {
			_, errOut, _ := runCLI(t, "", append([]string{"generate"}, args...)...)
			req := api.Request{}
			switch args[0] {
			case "--hints":
				req.Hints = 90
			case "--difficulty":
				req.Difficulty = 11
			case "--size":
				req.Size = 7
			}
			// The command line names its flags; the page, its fields.
			cli := strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(errOut), "sudokusat: "), "--")
			cli = strings.TrimSuffix(cli, " (see 'sudokusat generate --help')")
			if page := strings.TrimPrefix(api.Generate(ctx, req).Message, "error: "); page != cli {
				t.Errorf("%v: the page says %q, the command line %q", args, page, cli)
			}
		}
	})
	for _, name := range encode.Names() {
		t.Run("encode "+name, func(t *testing.T) {
			out, _, _ := runCLI(t, inkala, "encode", "--encoding", name)
			if r := api.Encode(ctx, api.Request{Puzzle: inkala, Encoding: name}); r.DIMACS != out || out == "" {
				t.Errorf("the page's CNF (%d bytes) differs from the command line's (%d bytes)", len(r.DIMACS), len(out))
			}
		})
	}
	// The setters' questions: the page (its native, the variant search on
	// a variant) says what the command line (gophersat) says.
	killer, err := os.ReadFile("../../testdata/variants/killer-4.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, puzzle string
		args         []string
		op           api.Op
	}{
		{"candidates", "1234........2...", []string{"candidates", "--format", "line"}, api.Candidates},
		{"candidates of a variant", string(killer), []string{"candidates", "--format", "line"}, api.Candidates},
		{"hint", "1234........2...", []string{"hint"}, api.Hint},
		{"hint without a solution", "......34...23...", []string{"hint"}, api.Hint},
		{"hint by a pair", ".00080.000600700.4030.00.09000105408000000000402706000301007040720040060004010003", []string{"hint"}, api.Hint},
		{"hint of the fewest", "000000.07000.20.80000.0502.100904000050000040000507009920108000034059000507000000", []string{"hint"}, api.Hint},
		{"minimal", ".2.1........4.2.", []string{"minimal"}, api.Minimal},
		{"minimal of a variant", string(killer), []string{"minimal"}, api.Minimal},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out, _, code := runCLI(t, tt.puzzle, tt.args...)
			if r := tt.op(ctx, api.Request{Puzzle: tt.puzzle}); code != 0 || r.Text+"\n" != out || r.Message != "" {
				t.Errorf("the page says %q (%s), the command line %q (exit %d)", r.Text, r.Message, out, code)
			}
		})
	}
	t.Run("render", func(t *testing.T) {
		out, _, _ := runCLI(t, inkala, "render", "--solution")
		// The titles differ: the command line names the input line.
		untitled := regexp.MustCompile(`<title>[^<]*</title>`)
		r := api.Solve(ctx, api.Request{Puzzle: inkala})
		if untitled.ReplaceAllString(r.SVG, "") != untitled.ReplaceAllString(out, "") {
			t.Errorf("the page's drawing differs from render --solution's")
		}
	})
}

// browserTestEnv, set to "require", makes TestBrowser fail rather than
// skip when Chromium, Node.js or playwright-core is missing: CI sets it.
const browserTestEnv = "SUDOKUSAT_BROWSER_TEST"

// browserResult is what web/e2e/page.mjs reports the page showed.
type browserResult struct {
	Requests    []string `json:"requests"`
	Failed      []string `json:"failed"` // "METHOD URL STATUS" of answers over 399
	Errors      []string `json:"errors"`
	Screenshots []string `json:"screenshots"`
	Version     string   `json:"version"` // the footer's line on where the work runs
	Build       string   `json:"build"`   // its technical line, in the footer's details
	// Words is the text a reader sees in the intro and the footer, and
	// what the footer's <details> hold (and whether it is open).
	Words struct {
		Intro, Footer, Details string
		DetailsOpen            *bool
	} `json:"words"`
	SolveTitle  string `json:"solveTitle"`
	SolveKey    string `json:"solveKey"`
	Placeholder string `json:"placeholder"` // the puzzle box's
	// KeyHintShown tells whether the Ctrl+Enter hint is on screen, and
	// SplitLabels names the radio buttons and checkboxes whose label is
	// not on their line: on the desktop, and on the phone once loaded.
	KeyHintShown bool     `json:"keyHintShown"`
	SplitLabels  []string `json:"splitLabels"`
	PhoneLoad    struct {
		KeyHintShown bool     `json:"keyHintShown"`
		SplitLabels  []string `json:"splitLabels"`
	} `json:"phoneLoad"`
	// EncodingDisabled tells, by engine, whether the encoding could be
	// chosen.
	EncodingDisabled map[string]bool `json:"encodingDisabled"`
	Native, SAT      struct {
		Status, Grid, Line string
	}
	Unique string `json:"unique"`
	DIMACS string `json:"dimacs"`
	// Variant is what the page showed for the Miracle Sudoku's link and
	// for the count of a variant with several solutions.
	Variant struct {
		Link, Described, AfterTyping string
		Fastest, SAT                 struct {
			Status, Grid, Line string
			Share              string // the f-puzzles link shown under the solution
		}
		Several struct {
			Status, Lines string
			Marked        []string // the cells where two solutions differ, as "r1c2=3" (the second's digit)
		}
		// Unread is the warning under the status for a puzzle whose
		// line and text are no rule: hidden before, shown with the
		// answer, hidden after for a puzzle without.
		Unread struct {
			Before, Shown, After bool
			Text                 string
		}
	} `json:"variant"`
	Bad struct {
		Puzzle, Message string
		Marked          []string // the cells marked as clashing, as "r1c2=4"
		Shown, Line     string   // the digits drawn, the solution line
	} `json:"bad"`
	// Typed is the puzzle after typing on the grid, and TypedClash after
	// typing a clash there.
	Typed struct {
		Puzzle, Shown, Cell string
	} `json:"typed"`
	TypedClash struct {
		Puzzle, Message string
		Marked          []string
	} `json:"typedClash"`
	// Phone is what a 390×844 screen showed after Solve.
	Phone struct {
		Width  int
		Status string
		Boxes  []struct {
			Sel         string
			Top, Bottom int
			Visible     bool
		}
	} `json:"phone"`
	Timeout struct {
		Message string
		MS      int
	} `json:"timeout"`
	// Stopped is the Stop button's answer, MS after the click.
	Stopped struct {
		Message    string
		MS         int
		StopHidden bool
	} `json:"stopped"`
	Generated struct {
		Puzzle, Shown, Status string
	} `json:"generated"`
	// Setter is what the setter's buttons showed: the pencil marks
	// ("r1c2:34", or "r1c2:3=2,4=1" when counted) and the cells marked
	// ("r3c3=4", "+" when a removable given can go with the others).
	Setter struct {
		Candidates struct {
			Puzzle, Status string
			Marks          []string
		}
		Counted struct {
			Status string
			Marks  []string
			Shades int // different shades behind the marks
		}
		Typed struct {
			Puzzle, Status string
			Marks          []string
		}
		Hint, Conflict, Thermo setterMarked
		Minimal                struct {
			Puzzle string
			setterMarked
		}
		MinimalChecked map[string]setterMarked
	} `json:"setter"`
	// Explain is what Explain showed: paths stepped through on the
	// desktop and on the phone, one stuck at a rating, and what was left
	// of a path once a puzzle was typed.
	Explain struct {
		Seventeen, Miracle           browserPath
		PhoneSeventeen, PhoneMiracle browserPath
		Stuck                        struct {
			Status string
			Shown  browserStep
			Grid   string
			Marks  []string
		}
		Ended struct{ Steps, Layers int }
	} `json:"explain"`
	// PhoneCandidates is what the phone showed after Candidates.
	PhoneCandidates struct {
		Width  int
		Status string
		Marks  int
		Boxes  []struct {
			Sel         string
			Top, Bottom int
			Visible     bool
		}
	} `json:"phoneCandidates"`
	// Killer and PhoneKiller are the 9×9 killer's drawing with its
	// candidates, at 1280×900 and on the phone.
	Killer      cageLayout `json:"killer"`
	PhoneKiller cageLayout `json:"phoneKiller"`
	// MinimalProgress and PhoneMinimalProgress are the statuses the page
	// showed while Minimal worked on the 9×9 killer, and the last.
	MinimalProgress      progressSeen `json:"minimalProgress"`
	PhoneMinimalProgress progressSeen `json:"phoneMinimalProgress"`
}

// progressSeen is every status the page showed during one operation, in
// order, and the one it ended with.
type progressSeen struct {
	Seen   []string
	Status string
}

// cageLayout is a killer's drawing as the page showed it: the dashed
// outlines, the dashed lines (a box in each cell, as cages were drawn),
// the cage sums and pencil marks, and how many marks met a sum.
type cageLayout struct {
	Status                                       string
	Outlines, DashedLines, Sums, Marks, Overlaps int
}

// setterMarked is a setter's answer on the page: the status, and the
// cells marked.
type setterMarked struct {
	Status string
	Marked []string
}

// TestBrowser loads the page from "sudokusat serve" in headless Chromium
// (Debian's chromium, driven by playwright-core from web/node_modules):
// pastes Arto Inkala's puzzle, solves it with both engines and checks the
// grid drawn, downloads the DIMACS, tries a bad puzzle (its clashing cells
// marked) and one that runs past the time limit, types on the grid, asks
// the setter's questions (checkBrowserSetter), generates a puzzle,
// explains puzzles (checkBrowserExplain), solves and explains on a
// phone-sized screen, and keeps screenshots
// in web/testdata/artifacts/MODE (or $SUDOKUSAT_ARTIFACTS/MODE).
//
// MODE is how the page runs: "api", on the server, as a fresh clone
// builds the binary, or "wasm", in the browser, once "go generate ./web"
// has built main.wasm into it; .ci/run tests both.
func TestBrowser(t *testing.T) {
	required := os.Getenv(browserTestEnv) == "require"
	skip := func(why string) {
		if required {
			t.Fatalf("%s, and %s=require", why, browserTestEnv)
		}
		t.Skipf("%s: the browser test needs it (.ci/run installs it; %s=require makes this a failure)", why, browserTestEnv)
	}
	chromium := os.Getenv("CHROMIUM")
	for _, name := range []string{"chromium", "chromium-browser"} {
		if chromium == "" {
			chromium, _ = exec.LookPath(name)
		}
	}
	if chromium == "" {
		skip("no chromium (apt-get install chromium, or set CHROMIUM)")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		skip("no node")
	}
	webDir, err := filepath.Abs("../../web")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(webDir, "node_modules", "playwright-core")); err != nil {
		skip("no playwright-core in web/node_modules (cd web && npm ci)")
	}
	artifacts := os.Getenv("SUDOKUSAT_ARTIFACTS")
	if artifacts == "" {
		artifacts = filepath.Join(webDir, "testdata", "artifacts")
	}
	mode := "api"
	wantVersion := regexp.MustCompile(`^Your puzzles are solved by the server that sent this page\.$`)
	wantBuild := regexp.MustCompile(`^Running on the server \(sudokusat serve\)\.$`)
	if wasmEmbedded(t) {
		mode = "wasm"
		wantVersion = regexp.MustCompile(`^Your puzzles are solved in this tab: nothing is sent to the server\.$`)
		wantBuild = regexp.MustCompile(`^Running in this tab: WebAssembly built with go1\.[0-9]`)
	}
	t.Logf("the page runs its work: %s", mode)
	if artifacts, err = filepath.Abs(filepath.Join(artifacts, mode)); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"solved.png", "variant.png", "page.png", "clash.png", "candidates.png", "hint.png", "minimal.png",
		"explain.png", "explain-variant.png", "explain-variant-last.png", "phone-empty.png", "phone-solved.png", "phone-candidates.png",
		"phone-explain.png", "phone-explain-variant.png", "minimal-progress.png", "phone-minimal-progress.png", "printed.pdf", "sudoku-9x9-reduced.cnf", "killer-candidates.png", "phone-killer-candidates.png"} {
		// A file left by an earlier run must not pass for this one's.
		if err := os.Remove(filepath.Join(artifacts, name)); err != nil && !errors.Is(err, os.ErrNotExist) {
			t.Fatal(err)
		}
	}

	url := startServe(t)
	// Some 40 s on a loaded two-core machine with the page on the server;
	// the Miracle's solve path takes seconds, longer in the browser.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, filepath.Join("e2e", "page.mjs"))
	cmd.Dir = webDir
	cmd.Env = append(os.Environ(), "SUDOKUSAT_URL="+url, "CHROMIUM="+chromium, "ARTIFACTS="+artifacts)
	start := time.Now()
	out, err := cmd.CombinedOutput()
	t.Logf("node e2e/page.mjs (%v):\n%s", time.Since(start).Round(time.Millisecond), out)
	if err != nil {
		t.Fatalf("the browser script failed: %v", err)
	}
	i := bytes.LastIndex(out, []byte("RESULT "))
	if i < 0 {
		t.Fatal("the browser script reported no RESULT line")
	}
	var res browserResult
	if err := json.Unmarshal(bytes.TrimSpace(out[i+len("RESULT "):]), &res); err != nil {
		t.Fatal(err)
	}

	if len(res.Errors) > 0 {
		t.Errorf("errors in the page: %q", res.Errors)
	}
	// No load fails: the page asks for main.wasm only when the server
	// says it has it (and Chrome would log a 404 in the console).
	if len(res.Failed) > 0 {
		t.Errorf("failed loads %q, want none", res.Failed)
	}
	askedWasm := 0
	for _, u := range res.Requests {
		if !strings.HasPrefix(u, url) && !strings.HasPrefix(u, "blob:"+strings.TrimSuffix(url, "/")) && !strings.HasPrefix(u, "data:") {
			t.Errorf("the page asked for %s, off the loopback server", u)
		}
		if u == url+"main.wasm" || u == url+"wasm_exec.js" {
			askedWasm++
		}
	}
	if mode == "api" && askedWasm > 0 {
		t.Errorf("the page asked %d times for main.wasm or wasm_exec.js, which this server does not have", askedWasm)
	} else if mode == "wasm" && askedWasm == 0 {
		t.Errorf("the page ran in the browser without loading main.wasm")
	}
	if !wantVersion.MatchString(res.Version) || !wantBuild.MatchString(res.Build) {
		t.Errorf("footer: %q, and in its details %q; want them to match %v and %v", res.Version, res.Build, wantVersion, wantBuild)
	}
	checkBrowserWords(t, res)
	if !strings.Contains(res.SolveTitle, "Ctrl+Enter") || res.SolveKey != "Ctrl+Enter" {
		t.Errorf("the Solve button's title %q and hint %q do not say Ctrl+Enter", res.SolveTitle, res.SolveKey)
	}
	// The puzzle box says which sizes this page takes: the server's limit,
	// or any in the browser.
	wantSizes := fmt.Sprintf(" Sizes 4×4 to %d×%d (this server's limit).", web.DefaultLimits().MaxSize, web.DefaultLimits().MaxSize)
	if mode == "wasm" {
		wantSizes = " Any size, 4×4 and up."
	}
	if !strings.HasSuffix(res.Placeholder, wantSizes) || strings.Contains(res.Placeholder, "400") {
		t.Errorf("the puzzle box says %q, want it to end %q", res.Placeholder, wantSizes)
	}
	if d := res.EncodingDisabled; !d["native"] || d["sat"] {
		t.Errorf("encoding selector disabled: %v, want for native only", d)
	}
	puzzle, err := sudokusat.Parse(inkala)
	if err != nil {
		t.Fatal(err)
	}
	for _, solved := range []struct {
		engine     string
		grid, line string
		status     string
		wantStatus *regexp.Regexp
	}{
		{"native", res.Native.Grid, res.Native.Line, res.Native.Status, regexp.MustCompile(`^Solved in [0-9.]+ m?s \(native\)\.$`)},
		{"sat", res.SAT.Grid, res.SAT.Line, res.SAT.Status, regexp.MustCompile(`^Solved in [0-9.]+ m?s \(gophersat, reduced encoding\)\.$`)},
	} {
		if solved.grid != inkalaSolution || solved.line != inkalaSolution {
			t.Errorf("%s: the page drew %q and wrote %q, want %s", solved.engine, solved.grid, solved.line, inkalaSolution)
		}
		if g, err := sudokusat.Parse(solved.grid); err != nil {
			t.Errorf("%s: the grid drawn does not parse: %v", solved.engine, err)
		} else if err := sudokusat.CheckSolution(puzzle, g); err != nil {
			t.Errorf("%s: the grid drawn is not a solution: %v", solved.engine, err)
		}
		if !solved.wantStatus.MatchString(solved.status) {
			t.Errorf("%s: status %q, want the time taken, matching %v", solved.engine, solved.status, solved.wantStatus)
		}
	}
	if !strings.HasPrefix(res.Unique, "Unique: exactly one solution.") {
		t.Errorf("uniqueness: %q", res.Unique)
	}

	checkBrowserVariant(t, res)

	cliBad, _, _ := runCLI(t, res.Bad.Puzzle, "solve")
	if res.Bad.Message+"\n" != cliBad || res.Bad.Message == "" {
		t.Errorf("bad input: the page says %q, the command line %q", res.Bad.Message, cliBad)
	}
	// The message names r1c1 and r1c2; the drawing marks them, and the
	// solution of the puzzle before is gone.
	if want := []string{"r1c1=4", "r1c2=4"}; !slices.Equal(res.Bad.Marked, want) || res.Bad.Shown != "441" || res.Bad.Line != "" {
		t.Errorf("clashing givens: marked %q, drew %q, solution line %q; want %q marked, 441 drawn, no solution", res.Bad.Marked, res.Bad.Shown, res.Bad.Line, want)
	}

	// .2.1 / .... / .... / 4.2. with 3 typed in r1c1, 4 in r1c3, r4c3 blanked.
	if res.Typed.Puzzle != "3241........4..." || res.Typed.Shown != "32414" || res.Typed.Cell != "Row 4, column 3: blank." {
		t.Errorf("typing on the grid: puzzle %q, drawn %q, cell %q", res.Typed.Puzzle, res.Typed.Shown, res.Typed.Cell)
	}
	if want := []string{"r1c1=3", "r2c1=3"}; res.TypedClash.Puzzle != "32413.......4..." || !slices.Equal(res.TypedClash.Marked, want) ||
		!strings.HasPrefix(res.TypedClash.Message, "invalid: line 1: conflicting givens: 3 appears twice in") {
		t.Errorf("a clash typed on the grid: puzzle %q, message %q, marked %q; want %q marked", res.TypedClash.Puzzle, res.TypedClash.Message, res.TypedClash.Marked, want)
	}

	// A phone has no keyboard for Ctrl+Enter, and its narrow rows must
	// not wrap a label away from its button.
	if !res.KeyHintShown || res.PhoneLoad.KeyHintShown {
		t.Errorf("the Ctrl+Enter hint is shown on the desktop: %v, on the phone: %v; want on the desktop only", res.KeyHintShown, res.PhoneLoad.KeyHintShown)
	}
	if len(res.SplitLabels) > 0 || len(res.PhoneLoad.SplitLabels) > 0 {
		t.Errorf("labels not on their button's line: %q on the desktop, %q on the phone", res.SplitLabels, res.PhoneLoad.SplitLabels)
	}
	if res.Phone.Width > 390 || !strings.HasPrefix(res.Phone.Status, "Solved in ") || len(res.Phone.Boxes) != 2 {
		t.Errorf("phone: page %d px wide (want 390), status %q", res.Phone.Width, res.Phone.Status)
	}
	for _, b := range res.Phone.Boxes {
		if !b.Visible {
			t.Errorf("phone: after Solve, %s spans y %d to %d, out of the 844 px screen", b.Sel, b.Top, b.Bottom)
		}
	}

	checkBrowserSetter(t, res)
	checkBrowserExplain(t, res)
	pc := res.PhoneCandidates
	if pc.Width > 390 || !strings.HasPrefix(pc.Status, "Candidates: one digit in every cell") || pc.Marks != 81-21 || len(pc.Boxes) != 2 {
		t.Errorf("phone: after Candidates, page %d px wide, status %q, %d cells pencilled (want 60)", pc.Width, pc.Status, pc.Marks)
	}
	for _, b := range pc.Boxes {
		if !b.Visible {
			t.Errorf("phone: after Candidates, %s spans y %d to %d, out of the 844 px screen", b.Sel, b.Top, b.Bottom)
		}
	}

	// A killer's cages: one outline a cage, as f-puzzles and SudokuPad
	// draw them, and the pencil marks clear of the cage sums, on the
	// desktop and on the phone (the sums overlapped the marks there).
	for _, k := range []struct {
		where string
		got   cageLayout
	}{{"1280×900", res.Killer}, {"phone", res.PhoneKiller}} {
		if !strings.HasPrefix(k.got.Status, "Candidates: one digit in every cell") || k.got.Outlines != 29 || k.got.DashedLines != 0 ||
			k.got.Sums != 29 || k.got.Marks != 81 || k.got.Overlaps != 0 {
			t.Errorf("%s: the killer's candidates: %+v; want 29 outlines, no dashed lines, 29 sums, 81 marks, none over a sum", k.where, k.got)
		}
	}

	// Minimal on the 9×9 killer, seconds of work: the status says what is
	// being done and how far it has got, not "Working…" alone, and it
	// changes as the work goes on (it showed only "Working…" before).
	progress := regexp.MustCompile(`^Minimal: \d+ of 29 rules tried (alone, \d+ removable|together \(pass \d+\), \d+ removed)…$`)
	for _, m := range []struct {
		where string
		got   progressSeen
	}{{"1280×900", res.MinimalProgress}, {"phone", res.PhoneMinimalProgress}} {
		var reports []string
		for _, s := range m.got.Seen {
			if progress.MatchString(s) && !slices.Contains(reports, s) {
				reports = append(reports, s)
			}
		}
		if len(reports) < 2 || !strings.HasPrefix(m.got.Status, "Not minimal: ") {
			t.Errorf("%s: Minimal on the killer showed %q and ended with %q; want at least two progress reports (%v), then the answer", m.where, m.got.Seen, m.got.Status, progress)
		}
	}

	// The limit is 1 s; the worker's end and the message must follow it
	// closely, whatever gophersat was doing.
	if res.Timeout.Message != "timeout: no answer within 1s" || res.Timeout.MS > 5000 {
		t.Errorf("time limit: the page said %q after %d ms, want a timeout at about 1s", res.Timeout.Message, res.Timeout.MS)
	}

	if res.Stopped.Message != "stopped: the search was ended" || res.Stopped.MS > 3000 || !res.Stopped.StopHidden {
		t.Errorf("Stop: the page said %q after %d ms (Stop hidden: %v), want the search ended at once", res.Stopped.Message, res.Stopped.MS, res.Stopped.StopHidden)
	}

	cnf, err := os.ReadFile(res.DIMACS)
	if err != nil {
		t.Fatal(err)
	}
	if cliCNF, _, _ := runCLI(t, inkala, "encode"); string(cnf) != cliCNF {
		t.Errorf("the downloaded DIMACS differs from sudokusat encode's")
	}

	gen, err := sudokusat.Parse(res.Generated.Puzzle)
	if err != nil {
		t.Fatalf("generated %q: %v", res.Generated.Puzzle, err)
	}
	if n, err := native.Count(context.Background(), gen, 2); err != nil || n.Count != 1 {
		t.Errorf("generated %s: %d solutions (%v), want 1", res.Generated.Puzzle, n.Count, err)
	}
	if givens := strings.ReplaceAll(res.Generated.Puzzle, ".", ""); res.Generated.Shown != givens || gen.Givens() < 24 {
		t.Errorf("generated %s with %d givens (at least 24 asked): the page drew %q", res.Generated.Puzzle, gen.Givens(), res.Generated.Shown)
	}
	if !strings.HasPrefix(res.Generated.Status, "Generated a 9×9 puzzle with ") {
		t.Errorf("generate status %q", res.Generated.Status)
	}

	for _, shot := range []struct {
		name       string
		minW, minH int
	}{{"solved.png", 1000, 600}, {"variant.png", 1000, 600}, {"page.png", 1000, 600}, {"clash.png", 1000, 600},
		{"candidates.png", 1000, 600}, {"hint.png", 1000, 600}, {"minimal.png", 1000, 600},
		{"explain.png", 1280, 900}, {"explain-variant.png", 1280, 900}, {"explain-variant-last.png", 1280, 900},
		{"phone-empty.png", 780, 1688}, {"phone-solved.png", 780, 1688}, {"phone-candidates.png", 780, 1688},
		{"phone-explain.png", 780, 1688}, {"phone-explain-variant.png", 780, 1688},
		{"minimal-progress.png", 1280, 900}, {"phone-minimal-progress.png", 780, 1688}} {
		path := filepath.Join(artifacts, shot.name)
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(f)
		f.Close()
		if err != nil || cfg.Width < shot.minW || cfg.Height < shot.minH {
			t.Errorf("%s: %dx%d, %v: want a PNG of at least %dx%d", path, cfg.Width, cfg.Height, err, shot.minW, shot.minH)
		}
		t.Logf("screenshot: %s (%dx%d)", path, cfg.Width, cfg.Height)
	}
	if pdf, err := os.ReadFile(filepath.Join(artifacts, "printed.pdf")); err != nil || !bytes.HasPrefix(pdf, []byte("%PDF")) {
		t.Errorf("printed.pdf: %v, want a PDF", err)
	}
}

// developerWords are the internals that the intro and the footer keep to
// the footer's <details>: a puzzle fan reads what the page does for them.
var developerWords = regexp.MustCompile(`(?i)WebAssembly|compiled|Go packages|go1\.|bitmask|propagation|\bCNF\b|exact.cover|worker|single.threaded|sudokusat serve|\bAPI\b`)

// checkBrowserWords checks that the intro says what the page does for a
// reader (solve, prove unique, grade, explain, generate, print, f-puzzles and SudokuPad links for
// variants) and not how, and that the footer's internals are behind a
// closed <details>.
func checkBrowserWords(t *testing.T, res browserResult) {
	t.Helper()
	w := res.Words
	for _, what := range []string{"solve", "exactly one solution", "grade", "generate", "print", "variant", "f-puzzles or sudokupad link",
		"candidates", "make unique", "minimal?", "explain"} {
		if !strings.Contains(strings.ToLower(w.Intro), what) {
			t.Errorf("the intro does not say %q: %q", what, w.Intro)
		}
	}
	if m := developerWords.FindString(w.Intro); m != "" {
		t.Errorf("the intro speaks of %q: %q", m, w.Intro)
	}
	if strings.Contains(w.Intro, "server") {
		t.Errorf("the intro says where the work runs, which is the footer's to say: %q", w.Intro)
	}
	if m := developerWords.FindString(w.Footer); m != "" {
		t.Errorf("the footer, as shown, speaks of %q: %q", m, w.Footer)
	}
	if w.DetailsOpen == nil || *w.DetailsOpen {
		t.Errorf("the footer's internals are not in a closed <details> (open: %v)", w.DetailsOpen)
	}
	for _, what := range []string{"WebAssembly", "gophersat", "dancing links", "CNF"} {
		if !strings.Contains(w.Details, what) {
			t.Errorf("the footer's <details> do not speak of %s: %q", what, w.Details)
		}
	}
}

// checkBrowserVariant checks what the page showed for variant puzzles: the
// example link described, not typed on, solved by both engines (the grid
// drawn checked by the variant validator), and a puzzle with several
// solutions counted with two of them and the cells where they differ.
func checkBrowserVariant(t *testing.T, res browserResult) {
	t.Helper()
	v := res.Variant
	p, err := variant.ParseLink(v.Link)
	if err != nil {
		t.Fatalf("the variant example %q: %v", v.Link, err)
	}
	if v.Described != "9×9 variant (anti-king, anti-knight, non-consecutive), 2 givens." {
		t.Errorf("the variant example is described as %q", v.Described)
	}
	if v.AfterTyping != v.Link {
		t.Errorf("typing on a variant's drawing changed its text to %q", v.AfterTyping)
	}
	for _, solved := range []struct {
		engine                    string
		status, grid, line, share string
		wantStatus                *regexp.Regexp
	}{
		{"fastest", v.Fastest.Status, v.Fastest.Grid, v.Fastest.Line, v.Fastest.Share, regexp.MustCompile(`^Solved in [0-9.]+ m?s \(variant search\)\.$`)},
		{"sat", v.SAT.Status, v.SAT.Grid, v.SAT.Line, v.SAT.Share, regexp.MustCompile(`^Solved in [0-9.]+ m?s \(gophersat, variant CNF\)\.$`)},
	} {
		if !solved.wantStatus.MatchString(solved.status) {
			t.Errorf("variant, %s: status %q, want it to match %v", solved.engine, solved.status, solved.wantStatus)
		}
		g, err := sudokusat.Parse(solved.grid)
		if err != nil || solved.line != solved.grid {
			t.Errorf("variant, %s: the page drew %q and wrote %q (%v)", solved.engine, solved.grid, solved.line, err)
			continue
		}
		if err := variant.Check(p, g); err != nil {
			t.Errorf("variant, %s: the grid drawn is not a solution: %v", solved.engine, err)
		}
		// The link shown to share opens the same puzzle with the
		// solution drawn as its stated solution.
		shared, err := variant.ParseLink(solved.share)
		if err != nil || shared.Published == nil || shared.Published.String() != solved.grid || shared.Grid.String() != p.Grid.String() || len(shared.Rules) != len(p.Rules) {
			t.Errorf("variant, %s: the link to share %q: %v", solved.engine, solved.share, err)
		}
	}
	sev := v.Several
	lines := strings.Fields(sev.Lines)
	if !strings.HasPrefix(sev.Status, "Not unique: at least 2 solutions. Two of them differ in ") || len(lines) != 2 || len(lines[0]) != 16 || len(lines[1]) != 16 {
		t.Fatalf("a variant with several solutions: status %q, lines %q", sev.Status, sev.Lines)
	}
	var want []string
	for c := range 16 {
		if lines[0][c] != lines[1][c] {
			want = append(want, fmt.Sprintf("r%dc%d=%c", c/4+1, c%4+1, lines[1][c]))
		}
	}
	if len(want) == 0 || !slices.Equal(sev.Marked, want) {
		t.Errorf("a variant with several solutions: marked %q, want %q", sev.Marked, want)
	}
	u := v.Unread
	if warning := "Warning: 2 drawings (1 line, 1 text) not read as rules: the answer holds for the rules read."; u.Before || !u.Shown || u.After || u.Text != warning {
		t.Errorf("drawings not read: warning shown before %v, with the answer %v (%q, want %q), after %v", u.Before, u.Shown, u.Text, warning, u.After)
	}
}

// wantMarks is the page's form of api.Candidates' answer for puzzle: each
// cell without a given, "r1c2:34", or with counts "r1c2:3=2,4=1".
func wantMarks(t *testing.T, puzzle string, limit int) []string {
	t.Helper()
	r := api.Candidates(context.Background(), api.Request{Puzzle: puzzle, Limit: limit})
	if r.Status != api.StatusFound {
		t.Fatalf("candidates of %s: %s %s", puzzle, r.Status, r.Message)
	}
	var out []string
	for c, ds := range r.Candidates {
		if puzzle[c] != '.' {
			continue
		}
		var b strings.Builder
		fmt.Fprintf(&b, "r%dc%d:", c/r.Size+1, c%r.Size+1)
		for i, d := range ds {
			switch {
			case r.Counts == nil:
				fmt.Fprint(&b, d)
			case i > 0:
				fmt.Fprintf(&b, ",%d=%d", d, r.Counts[c][d-1])
			default:
				fmt.Fprintf(&b, "%d=%d", d, r.Counts[c][d-1])
			}
		}
		out = append(out, b.String())
	}
	return out
}

// checkBrowserSetter checks what the setter's buttons showed against
// package api's answers: the pencil marks, counted and shaded, followed
// after a given typed on the grid; the givens that make a puzzle unique
// marked and listed; a conflict's givens marked and its rule named; the
// givens a unique puzzle can do without marked, and "minimal" said.
func checkBrowserSetter(t *testing.T, res browserResult) {
	t.Helper()
	ctx := context.Background()
	st := res.Setter
	if want := wantMarks(t, st.Candidates.Puzzle, 1); !slices.Equal(st.Candidates.Marks, want) ||
		!strings.HasPrefix(st.Candidates.Status, "Candidates: the digits some solution puts in each cell (") {
		t.Errorf("candidates: drew %q, want %q; status %q", st.Candidates.Marks, want, st.Candidates.Status)
	}
	if want := wantMarks(t, st.Candidates.Puzzle, 3); !slices.Equal(st.Counted.Marks, want) || st.Counted.Shades < 2 ||
		!strings.Contains(st.Counted.Status, "Shaded by how many solutions use each digit: the darkest, 3 or more.") {
		t.Errorf("candidates up to 3: drew %q in %d shades, want %q; status %q", st.Counted.Marks, st.Counted.Shades, want, st.Counted.Status)
	}
	if want := wantMarks(t, st.Typed.Puzzle, 3); st.Typed.Puzzle != "1234......4.2..." || !slices.Equal(st.Typed.Marks, want) {
		t.Errorf("a given typed with the candidates shown: puzzle %q, drew %q, want %q", st.Typed.Puzzle, st.Typed.Marks, want)
	}

	h := api.Hint(ctx, api.Request{Puzzle: st.Candidates.Puzzle})
	cells := map[string]string{}
	var order []string
	var names []string
	for _, x := range h.Unique {
		if _, ok := cells[x.Cell]; !ok {
			order = append(order, x.Cell)
		}
		cells[x.Cell] += strconv.Itoa(x.Digit)
		names = append(names, x.Name)
	}
	var want []string
	for _, c := range order {
		want = append(want, c+"="+cells[c])
	}
	if !slices.Equal(st.Hint.Marked, want) || len(want) == 0 ||
		!strings.HasPrefix(st.Hint.Status, fmt.Sprintf("Not unique: %d solutions; each of these makes it unique: %s (marked).", h.Count, strings.Join(names, " "))) {
		t.Errorf("make unique: marked %q, want %q; status %q", st.Hint.Marked, want, st.Hint.Status)
	}
	if want := []string{"r2c3=3", "r3c4=2", "r4c1=3"}; !slices.Equal(st.Conflict.Marked, want) ||
		!strings.HasPrefix(st.Conflict.Status, "No solution: these givens (marked) conflict: r2c3=3 r3c4=2 r4c1=3; removing any one of them gives a solution.") {
		t.Errorf("make unique without a solution: marked %q, want %q; status %q", st.Conflict.Marked, want, st.Conflict.Status)
	}
	if want := []string{"r1c1=1"}; !slices.Equal(st.Thermo.Marked, want) ||
		!strings.HasPrefix(st.Thermo.Status, "No solution: these givens (marked) and rules conflict: r1c1=1, thermo r1c2-r1c1") {
		t.Errorf("make unique, a given that breaks a rule: marked %q, want %q; status %q", st.Thermo.Marked, want, st.Thermo.Status)
	}

	m := api.Minimal(ctx, api.Request{Puzzle: st.Minimal.Puzzle})
	want = nil
	for _, x := range m.Alone {
		mark := fmt.Sprintf("%s=%d", x.Cell, x.Digit)
		if slices.ContainsFunc(m.Together, func(y api.Part) bool { return y.Name == x.Name }) {
			mark += "+"
		}
		want = append(want, mark)
	}
	if !slices.Equal(st.Minimal.Marked, want) || len(want) == 0 || !strings.HasPrefix(st.Minimal.Status, "Not minimal: each of these givens can go, the puzzle staying unique (shaded): ") {
		t.Errorf("minimal?: marked %q, want %q; status %q", st.Minimal.Marked, want, st.Minimal.Status)
	}
	if c := st.MinimalChecked["inkala"]; !strings.HasPrefix(c.Status, "Minimal: every given and rule is needed") || len(c.Marked) > 0 {
		t.Errorf("minimal? of a minimal puzzle: status %q, marked %q", c.Status, c.Marked)
	}
	if c := st.MinimalChecked["several"]; c.Status != "Not unique: more than one solution, so nothing can go. Make unique shows which given would leave one." || len(c.Marked) > 0 {
		t.Errorf("minimal? of a puzzle with several solutions: status %q, marked %q", c.Status, c.Marked)
	}
}
