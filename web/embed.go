// Package web holds sudokusat's web page, HTML, CSS and JavaScript, and the
// HTTP server that serves it (NewHandler, Serve), which "sudokusat serve"
// only starts: the server lives beside the page it serves, and its answers
// are tested without the command line. The files are embedded, so that
// "sudokusat serve" needs nothing beside its binary: the page then sends
// its work to the server's JSON API, package web/api's operations.
//
// "go generate ./web" also builds cmd/wasm into static/main.wasm and copies
// the Go release's static/wasm_exec.js beside it. Neither is committed;
// a binary built afterwards embeds them, and its server tells the page
// (PageConfig) to do its work in the browser instead, which is also how
// the page runs from a static file host.
package web

import (
	"embed"
	"io/fs"
)

//go:generate go run ./internal/buildwasm -o static

//go:embed static
var static embed.FS

// FS returns the page's files, with index.html at the root.
func FS() fs.FS {
	sub, err := fs.Sub(static, "static")
	if err != nil { // "static" is a valid path, so Sub cannot fail
		return static
	}
	return sub
}
