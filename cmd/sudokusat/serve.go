package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/sudokusat/sudokusat/web"
)

func serveCommand() *cli.Command {
	return &cli.Command{
		Name:      "serve",
		Usage:     "serve the web page that solves, generates and draws puzzles in the browser",
		ArgsUsage: " ",
		Description: "Serves the page and the WebAssembly build of sudokusat's packages, both embedded in this\n" +
			"binary. The puzzles are solved in the browser, not by the server. The URL is printed on\n" +
			"standard output (--addr 127.0.0.1:0 picks a free port); Ctrl-C stops the server." + "\n\n" +
			examples(
				"sudokusat serve", "the page at http://127.0.0.1:8080/",
				"sudokusat serve --addr 127.0.0.1:0", "on a free port"),
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
			return serve(c.Context, ln, c.App.Writer)
		},
	}
}

// serve serves the page on ln until ctx ends, then lets requests in
// flight finish for a few seconds.
func serve(ctx context.Context, ln net.Listener, stdout io.Writer) error {
	srv := &http.Server{
		Handler:           pageHandler(web.FS()),
		ReadHeaderTimeout: 10 * time.Second,
	}
	fmt.Fprintf(stdout, "sudokusat: serving the page at %s (Ctrl-C stops)\n", pageURL(ln.Addr()))
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		return fmt.Errorf("serve: %w", err)
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

// pageHandler serves the files of fsys read-only, with headers that keep
// the page to its own origin: its scripts, styles, WebAssembly and fetches
// come from this server only. Cross-origin isolation also gives the page's
// worker a finer clock, so that sub-millisecond solve times are measured.
// no-cache makes a browser ask again after the binary was rebuilt.
func pageHandler(fsys fs.FS) http.Handler {
	files := http.FileServerFS(fsys)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		h := w.Header()
		h.Set("Content-Security-Policy", "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; "+
			"style-src 'self'; img-src 'self' data: blob:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Cross-Origin-Embedder-Policy", "require-corp")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Cache-Control", "no-cache")
		files.ServeHTTP(w, r)
	})
}
