package main

import (
	"fmt"
	"net"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/sudokusat/sudokusat/web"
	"github.com/sudokusat/sudokusat/web/api"
)

// serveCommand only reads --addr and starts gophersat's worker pool, which
// is processes of this binary and so the command line's to start; the
// server itself is package web's, so that its HTTP answers are tested
// there without building the binary.
func serveCommand() *cli.Command {
	l := web.DefaultLimits()
	return &cli.Command{
		Name:      "serve",
		Usage:     "serve the web page that solves, generates and draws puzzles",
		ArgsUsage: " ",
		Description: "Serves the page, embedded in this binary, and answers its calls as a JSON API, POST\n" +
			"/api/OP; the body, of type application/json, is a request record, the reply a reply\n" +
			"record of package web/api. OP is one of:\n" +
			"  " + strings.Join(api.OpNames(), ", ") + ".\n" +
			"When the binary was built after 'go generate ./web', the page runs sudokusat's\n" +
			"WebAssembly build in the browser instead.\n" +
			"The URL is printed on standard output (--addr 127.0.0.1:0 picks a free port); Ctrl-C\n" +
			"stops the server.\n\n" +
			fmt.Sprintf("Limits of the API: a request of at most %d KiB; a variant puzzle's f-puzzles document\n", l.MaxBody>>10) +
			fmt.Sprintf("of at most %d KiB, a link's once decompressed; grids up to %d×%d; %v per call (a\n",
				l.MaxDocument>>10, l.MaxSize, l.MaxSize, l.PerRequest) +
			fmt.Sprintf("\"timeout\" reply past it); %d calls at once, more get 503; engines native, sat and dlx only\n", l.AtOnce) +
			"(gophersat in worker processes, killed at the deadline).\n" +
			fmt.Sprintf("At most %d connections, idle ones closed after %v; when all are open, a new one takes\n", l.MaxConns, l.Idle) +
			"the place of one waiting for its request (of the client address holding the most, the\n" +
			fmt.Sprintf("one that has waited longest, once it has had %v), so that clients that never finish\n", l.Grace) +
			"a request (slowloris) close each other's connections and not a browser's.\n" +
			"On a loopback address, as by default, the server answers only requests for localhost,\n" +
			"127.0.0.1 or [::1] (421 otherwise): a site whose name resolves to 127.0.0.1 (DNS\n" +
			"rebinding) reaches neither the page nor the API. On another address any name is answered.\n\n" +
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
			pool, err := newWorkers(l.AtOnce, true)
			if err != nil {
				return err
			}
			defer pool.Close()
			h, err := web.NewHandler(web.FS(), api.Service{Table: tableOf(c), Workers: pool}, l)
			if err != nil {
				return err
			}
			return web.Serve(c.Context, ln, h, l, c.App.Writer)
		},
	}
}
