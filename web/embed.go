// Package web holds sudokusat's web page: HTML, CSS, JavaScript, and the
// WebAssembly build of cmd/wasm that does the page's work in the browser.
// The files are embedded, so that "sudokusat serve" needs nothing beside
// its binary.
//
// static/main.wasm and static/wasm_exec.js are built files, kept in the
// repository so that the module builds with Go alone; TestWasmUpToDate
// fails when they no longer match the Go code, and "go generate ./web"
// rebuilds them.
package web

import (
	"embed"
	"io/fs"
)

//go:generate go test -run ^TestWasmUpToDate$ -update .

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
