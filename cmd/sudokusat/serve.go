package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net"
	"net/http"
	"path"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/sudokusat/sudokusat/engine"
	"github.com/sudokusat/sudokusat/web"
	"github.com/sudokusat/sudokusat/web/api"
)

// serveLimits bounds what the server does for any one client, so that a
// page left open, or a hostile client, cannot take the machine.
type serveLimits struct {
	maxBody    int64         // bytes in one API request
	maxSize    int           // the largest grid side the API takes
	perRequest time.Duration // time for one API call
	atOnce     int           // API calls worked on at once; more get 503
	maxConns   int           // open connections; more wait to be accepted
	idle       time.Duration // a keep-alive connection's idle time
}

func defaultLimits() serveLimits {
	return serveLimits{
		maxBody:    64 << 10,
		maxSize:    25,
		perRequest: 30 * time.Second, // the page's default time limit: the server's is a backstop
		atOnce:     runtime.NumCPU(),
		maxConns:   256,
		idle:       60 * time.Second,
	}
}

func serveCommand() *cli.Command {
	l := defaultLimits()
	return &cli.Command{
		Name:      "serve",
		Usage:     "serve the web page that solves, generates and draws puzzles",
		ArgsUsage: " ",
		Description: "Serves the page, embedded in this binary, and answers its calls as a JSON API (POST\n" +
			"/api/OP, OP one of solve, count, grade, generate, encode, render; the body, of type\n" +
			"application/json, is a request record, the reply a reply record of package web/api).\n" +
			"When the binary was built after 'go generate ./web', the page runs sudokusat's\n" +
			"WebAssembly build in the browser instead.\n" +
			"The URL is printed on standard output (--addr 127.0.0.1:0 picks a free port); Ctrl-C\n" +
			"stops the server.\n\n" +
			fmt.Sprintf("Limits of the API: a request of at most %d KiB; grids up to %d×%d; %v per call (a\n",
				l.maxBody>>10, l.maxSize, l.maxSize, l.perRequest) +
			fmt.Sprintf("\"timeout\" reply past it); %d calls at once, more get 503; engines native, sat and dlx only\n", l.atOnce) +
			fmt.Sprintf("(gophersat in worker processes, killed at the deadline). At most %d connections, idle\n", l.maxConns) +
			fmt.Sprintf("ones closed after %v.", l.idle) + "\n\n" +
			examples(
				"sudokusat serve", "the page at http://127.0.0.1:8080/",
				"sudokusat serve --addr 127.0.0.1:0", "on a free port",
				`curl -s -H 'Content-Type: application/json' -d '{"puzzle":"1...............","engine":"sat"}' http://127.0.0.1:8080/api/count`,
				"the API, from a script"),
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "addr", Value: "127.0.0.1:8080", Usage: "listen on `HOST:PORT`"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usagef("serve takes no arguments; got %q", c.Args().First())
			}
			ln, err := net.Listen("tcp", c.String("addr"))
			if err != nil {
				return usagef("--addr: %w", err)
			}
			pool, err := newWorkers(l.atOnce, true)
			if err != nil {
				return err
			}
			defer pool.Close()
			h, err := newServer(web.FS(), api.Service{Workers: pool, MaxSize: l.maxSize}, l)
			if err != nil {
				return err
			}
			return serve(c.Context, ln, h, l, c.App.Writer)
		},
	}
}

// serve serves h on ln until ctx ends, then lets requests in flight
// finish for a few seconds.
func serve(ctx context.Context, ln net.Listener, h http.Handler, l serveLimits, stdout io.Writer) error {
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      l.perRequest + 20*time.Second,
		IdleTimeout:       l.idle,
		MaxHeaderBytes:    16 << 10,
	}
	fmt.Fprintf(stdout, "sudokusat: serving the page at %s (Ctrl-C stops)\n", pageURL(ln.Addr()))
	done := make(chan error, 1)
	go func() { done <- srv.Serve(limitListener(ln, l.maxConns)) }()
	select {
	case err := <-done:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		// Past the grace period, what is left is cut: a call still
		// running, or a connection opened and never used (a browser's
		// spare one), which Shutdown counts as busy for 5 s.
		srv.Close()
	}
	if err := <-done; !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	return nil
}

// pageURL is the address a browser opens for the listener: a wildcard
// host (":8080", "0.0.0.0") becomes localhost.
func pageURL(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return "http://" + a.String() + "/"
	}
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port) + "/"
}

// server answers the page's files and its API calls.
type server struct {
	files  map[string]*asset // by path, "" for index.html
	svc    api.Service
	limits serveLimits
	slots  chan struct{} // one per API call under way
}

// asset is one of the page's files, ready to send: its bytes, gzipped
// when that makes it smaller, and an ETag from its content.
type asset struct {
	data, gz []byte
	ctype    string
	etag     string
}

func newServer(fsys fs.FS, svc api.Service, l serveLimits) (*server, error) {
	s := &server{files: map[string]*asset{}, svc: svc, limits: l, slots: make(chan struct{}, max(l.atOnce, 1))}
	err := fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(data)
		a := &asset{data: data, etag: `"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`,
			ctype: mime.TypeByExtension(path.Ext(name))}
		if a.ctype == "" {
			a.ctype = http.DetectContentType(data)
		}
		var b bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression) // the level is valid
		zw.Write(data)
		zw.Close()
		if b.Len() < len(data) {
			a.gz = b.Bytes()
		}
		s.files[name] = a
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("serve: the page's files: %w", err)
	}
	if s.files["index.html"] == nil {
		return nil, errors.New("serve: the page's files hold no index.html")
	}
	return s, nil
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Security-Policy", "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; "+
		"style-src 'self'; img-src 'self' data: blob:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'")
	// Cross-origin isolation gives the page's worker a finer clock, so
	// that sub-millisecond solve times are measured.
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	h.Set("Cross-Origin-Embedder-Policy", "require-corp")
	h.Set("X-Content-Type-Options", "nosniff")
	if op, ok := strings.CutPrefix(r.URL.Path, "/api/"); ok {
		s.api(w, r, op)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		h.Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name := strings.TrimPrefix(r.URL.Path, "/")
	if name == "" {
		name = "index.html"
	} else if name == "index.html" {
		http.Redirect(w, r, "./", http.StatusMovedPermanently)
		return
	}
	a := s.files[name]
	if a == nil {
		http.Error(w, "404 page not found", http.StatusNotFound)
		return
	}
	body, etag := a.data, a.etag
	h.Add("Vary", "Accept-Encoding")
	if a.gz != nil && acceptsGzip(r) {
		body, etag = a.gz, strings.TrimSuffix(a.etag, `"`)+`-gz"`
		h.Set("Content-Encoding", "gzip")
	}
	// no-cache: a browser asks again, and gets 304 while the file is the
	// same, so that a rebuilt binary's page is never stale.
	h.Set("Cache-Control", "no-cache")
	h.Set("ETag", etag)
	if match := r.Header.Get("If-None-Match"); match != "" && etagMatches(match, etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", a.ctype)
	h.Set("Content-Length", fmt.Sprint(len(body)))
	if r.Method == http.MethodHead {
		return
	}
	w.Write(body)
}

func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		enc, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.TrimSpace(enc) == "gzip" && strings.ReplaceAll(q, " ", "") != "q=0" {
			return true
		}
	}
	return false
}

func etagMatches(header, etag string) bool {
	for _, t := range strings.Split(header, ",") {
		if t = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(t), "W/")); t == etag || t == "*" {
			return true
		}
	}
	return false
}

// api answers POST /api/OP: the request record in the body, the reply
// record back, always JSON, with the HTTP status saying only whether the
// call was taken (a failed solve is a 200 with an "error" reply).
func (s *server) api(w http.ResponseWriter, r *http.Request, op string) {
	reply := func(code int, body []byte) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(code)
		w.Write(body)
	}
	fail := func(code int, msg string) {
		b, _ := json.Marshal(api.Reply{Status: engine.Failed.String(), Message: engine.Failed.String() + ": " + msg})
		reply(code, b)
	}
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "POST")
		fail(http.StatusMethodNotAllowed, "the API takes POST")
		return
	}
	if _, ok := s.svc.Ops()[op]; !ok {
		fail(http.StatusNotFound, fmt.Sprintf("unknown operation %q", op))
		return
	}
	// A form on another site cannot send this type without a CORS
	// preflight, which this server does not grant: other sites cannot
	// spend its CPU through a visitor's browser.
	if ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); ct != "application/json" {
		fail(http.StatusUnsupportedMediaType, fmt.Sprintf("Content-Type %q, want application/json", r.Header.Get("Content-Type")))
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.limits.maxBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			fail(http.StatusRequestEntityTooLarge, fmt.Sprintf("request over %d KiB", s.limits.maxBody>>10))
			return
		}
		fail(http.StatusBadRequest, err.Error())
		return
	}
	select {
	case s.slots <- struct{}{}:
		defer func() { <-s.slots }()
	default:
		w.Header().Set("Retry-After", "1")
		fail(http.StatusServiceUnavailable, fmt.Sprintf("the server is busy with %d calls: try again", cap(s.slots)))
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.limits.perRequest)
	defer cancel()
	reply(http.StatusOK, s.svc.Call(ctx, op, body))
}

// limitListener accepts at most n connections at once: the next waits
// until one closes. (golang.org/x/net/netutil has one; this is the few
// lines of it that serve needs.)
func limitListener(ln net.Listener, n int) net.Listener {
	return &limited{Listener: ln, slots: make(chan struct{}, n)}
}

type limited struct {
	net.Listener
	slots chan struct{}
}

func (l *limited) Accept() (net.Conn, error) {
	l.slots <- struct{}{}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.slots
		return nil, err
	}
	return &limitedConn{Conn: c, release: sync.OnceFunc(func() { <-l.slots })}, nil
}

type limitedConn struct {
	net.Conn
	release func()
}

func (c *limitedConn) Close() error {
	err := c.Conn.Close()
	c.release()
	return err
}
