package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io"
	"io/fs"
	"mime"
	"net"
	"net/http"
	"net/netip"
	"path"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"sync"
	"time"

	"github.com/sudokusat/sudokusat/engine"
	"github.com/sudokusat/sudokusat/web/api"
)

// Limits bounds what the server does for any one client, so that a page
// left open, or a hostile client, cannot take the machine. The command
// line prints them in its help, so they are plain fields.
type Limits struct {
	MaxBody     int64         // bytes in one API request
	MaxSize     int           // the largest grid side the API takes; 0, any
	MaxDocument int           // bytes of a variant puzzle's document, after a link's decompression
	PerRequest  time.Duration // time for one API call
	AtOnce      int           // API calls worked on at once; more get 503
	MaxConns    int           // open connections; a new one closes one that waits for its request
	Grace       time.Duration // a new connection's time to send its request before that
	Idle        time.Duration // a keep-alive connection's idle time
}

// DefaultLimits returns the limits "sudokusat serve" runs with: enough
// for the page on one machine, with calls at once bounded by its CPUs
// because each call is CPU-bound.
func DefaultLimits() Limits {
	return Limits{
		MaxBody: 64 << 10,
		MaxSize: 25,
		// A link in a 64 KiB request can decompress to 13 MB, a gigabyte
		// once read. 1 MiB leaves room for any real puzzle: the examples
		// are under 2 KB, a 25×25 grid at 100 bytes a cell 63 KB.
		MaxDocument: 1 << 20,
		PerRequest:  30 * time.Second, // the page's default time limit: the server's is a backstop
		AtOnce:      runtime.NumCPU(),
		// A browser opens six connections. The other places take in
		// clients that never finish a request (slowloris), at some 20 KB
		// each: up to this many, they close no one's connection; beyond,
		// a new one waits some (clients-MaxConns)×Grace/MaxConns to be
		// read: 0.2 s for 2,000 such clients. A browser's request comes
		// at once; a loaded machine may take some milliseconds to read it.
		MaxConns: 1024,
		Grace:    200 * time.Millisecond,
		Idle:     60 * time.Second,
	}
}

// Serve serves h on ln until ctx ends, then lets requests in flight
// finish for a few seconds. It writes the page's URL on stdout first, so
// that a caller who asked for a free port (":0") learns which one it got.
// A nil error means ctx ended and the server stopped cleanly.
func Serve(ctx context.Context, ln net.Listener, h http.Handler, l Limits, stdout io.Writer) error {
	if loopback(ln.Addr()) {
		h = loopbackHosts(h)
	}
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      l.PerRequest + 20*time.Second,
		IdleTimeout:       l.Idle,
		MaxHeaderBytes:    16 << 10,
	}
	trackConns(srv)
	fmt.Fprintf(stdout, "sudokusat: serving the page at %s (Ctrl-C stops)\n", pageURL(ln.Addr()))
	done := make(chan error, 1)
	go func() { done <- srv.Serve(limitListener(ln, l.MaxConns, l.Grace)) }()
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

// loopback reports whether a listener's address is a loopback one.
func loopback(a net.Addr) bool {
	host, _, err := net.SplitHostPort(a.String())
	ip, perr := netip.ParseAddr(host)
	return err == nil && perr == nil && ip.IsLoopback()
}

// loopbackHosts answers only requests whose Host is a loopback name or
// address, with any port: a server on 127.0.0.1 is for this machine,
// and a page of another site that has its name resolve to 127.0.0.1
// (DNS rebinding) sends that name, which gets 421 and no API.
func loopbackHosts(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !loopbackHost(r.Host) {
			http.Error(w, "misdirected request: this server answers to localhost, 127.0.0.1 and [::1] only", http.StatusMisdirectedRequest)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// loopbackHost reports whether a Host header names this machine:
// localhost, or a loopback address, with or without a port.
func loopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	} else if strings.HasPrefix(host, "[") && strings.HasSuffix(host, "]") {
		host = host[1 : len(host)-1]
	}
	if strings.EqualFold(strings.TrimSuffix(host, "."), "localhost") {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.Zone() == "" && ip.IsLoopback()
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

// handler answers the page's files and its API calls.
type handler struct {
	files  map[string]*asset // by path, "" for index.html
	svc    api.Service
	limits Limits
	slots  chan struct{} // one per API call under way
}

// asset is one of the page's files, ready to send: its bytes, gzipped
// when that makes it smaller, and an ETag from its content.
type asset struct {
	data, gz []byte
	ctype    string
	etag     string
}

// NewHandler returns the handler for the page in fsys (FS, or a test's
// files; it must hold index.html) and for its JSON API, POST /api/OP,
// answered by svc.Call within l. svc's MaxSize and MaxDocument are set to
// l's, so that all the limits are given in one place. The files are read,
// and gzipped, once here, so that serving one costs no more than writing
// it.
//
// index.html's <meta name="sudokusat-server" content=""> is filled in
// with how the page is to run (PageConfig), so that the page asks for
// main.wasm only when fsys holds it and says which grids the server takes.
func NewHandler(fsys fs.FS, svc api.Service, l Limits) (http.Handler, error) {
	svc.MaxSize, svc.MaxDocument = l.MaxSize, l.MaxDocument
	s := &handler{files: map[string]*asset{}, svc: svc, limits: l, slots: make(chan struct{}, max(l.AtOnce, 1))}
	cfg, err := pageConfig(fsys, l)
	if err != nil {
		return nil, fmt.Errorf("serve: the page's files: %w", err)
	}
	err = fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return err
		}
		if name == "index.html" {
			data = bytes.Replace(data, []byte(pageMeta+`""`), []byte(pageMeta+`"`+html.EscapeString(cfg)+`"`), 1)
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

// PageConfig is what the server tells the page, as JSON in index.html's
// <meta name="sudokusat-server">: where the page's work runs, "server"
// (POST /api/OP) or "browser" (main.wasm, which the server then has), and,
// on the server, the largest grid side it takes (0: any). A static file
// host leaves the tag empty, and the page runs main.wasm.
type PageConfig struct {
	Runs    string `json:"runs"`
	MaxSize int    `json:"maxSize,omitempty"`
}

// pageMeta is the tag the server fills in, up to its content's value.
const pageMeta = `<meta name="sudokusat-server" content=`

// pageConfig returns the page's configuration, as JSON, for the files in
// fsys served within l: the page runs in the browser when fsys holds
// main.wasm (built by "go generate ./web"), else on the server.
func pageConfig(fsys fs.FS, l Limits) (string, error) {
	cfg := PageConfig{Runs: "server", MaxSize: l.MaxSize}
	_, err := fs.Stat(fsys, "main.wasm")
	switch {
	case err == nil:
		cfg = PageConfig{Runs: "browser"}
	case !errors.Is(err, fs.ErrNotExist):
		return "", err
	}
	b, err := json.Marshal(cfg)
	return string(b), err
}

func (s *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
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

// ndjson is the type of a reply that streams progress: JSON records, one
// a line.
const ndjson = "application/x-ndjson"

// acceptsNDJSON reports whether a request's Accept header names ndjson.
func acceptsNDJSON(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept"), ",") {
		t, _, err := mime.ParseMediaType(strings.TrimSpace(part))
		if err == nil && t == ndjson {
			return true
		}
	}
	return false
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
func (s *handler) api(w http.ResponseWriter, r *http.Request, op string) {
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
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.limits.MaxBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			fail(http.StatusRequestEntityTooLarge, fmt.Sprintf("request over %d KiB", s.limits.MaxBody>>10))
			return
		}
		fail(http.StatusBadRequest, err.Error())
		return
	}
	select {
	case s.slots <- struct{}{}:
	default:
		w.Header().Set("Retry-After", "1")
		fail(http.StatusServiceUnavailable, fmt.Sprintf("the server is busy with %d calls: try again", cap(s.slots)))
		return
	}
	// A client that accepts NDJSON gets the operation's progress reports
	// (api.CallProgress) as lines while it works, each flushed, then the
	// reply as the last line; one that does not, or an operation that
	// reports nothing, gets the reply alone.
	streaming := false
	var progress func([]byte)
	if acceptsNDJSON(r) {
		progress = func(line []byte) {
			if !streaming {
				streaming = true
				w.Header().Set("Content-Type", ndjson)
				w.Header().Set("Cache-Control", "no-store")
				w.WriteHeader(http.StatusOK)
			}
			w.Write(append(line, '\n'))
			http.NewResponseController(w).Flush()
		}
	}
	allocated := heapAllocs()
	b := func() []byte {
		// The slot is given back before the reply is written, so that a
		// client that reads it slowly holds no slot.
		defer func() { <-s.slots }()
		c := connOf(r.Context())
		c.set(computing)
		defer c.set(working)
		ctx, cancel := context.WithTimeout(r.Context(), s.limits.PerRequest)
		defer cancel()
		if progress != nil {
			return s.svc.CallProgress(ctx, op, body, progress)
		}
		return s.svc.Call(ctx, op, body)
	}()
	if streaming {
		w.Write(append(b, '\n'))
	} else {
		reply(http.StatusOK, b)
	}
	if heapAllocs()-allocated > freeAfter {
		// The reply goes out first: held in the connection's buffer
		// until the handler returns, it would wait for the collection,
		// time past the call's deadline for nothing.
		http.NewResponseController(w).Flush()
		freeOSMemory()
	}
}

// freeAfter is how much a call may allocate before the server gives the
// memory back to the system at once. The runtime gives it back by itself
// only minutes later: a 1 MiB document of 37,000 thermometers took the
// server from 14 to 95 MB, and it stayed there.
const freeAfter = 16 << 20

// heapAllocs returns the bytes allocated on the heap so far. Calls at
// once add to it together, which only makes freeing more likely.
func heapAllocs() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// freeing is held while freeOSMemory runs: calls that end together free
// once.
var freeing sync.Mutex

// freeOSMemory runs a garbage collection and gives the free memory back
// to the system, unless that is under way already.
func freeOSMemory() {
	if freeing.TryLock() {
		debug.FreeOSMemory()
		freeing.Unlock()
	}
}
