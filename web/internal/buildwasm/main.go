// Command buildwasm builds cmd/wasm for the browser and copies the
// wasm_exec.js of the same Go release beside it: the two halves of the
// page's WebAssembly runtime. "go generate ./web" runs it.
//
// Usage:
//
//	go run ./internal/buildwasm -o DIR
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/sudokusat/sudokusat/web/internal/wasmbuild"
)

func main() {
	dir := flag.String("o", "static", "write main.wasm and wasm_exec.js into `DIR`")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "buildwasm: no arguments expected, got %q\n", flag.Args())
		os.Exit(2)
	}
	size, version, err := wasmbuild.Build(*dir)
	if err != nil {
		fmt.Fprintf(os.Stderr, "buildwasm: %v\n", err)
		os.Exit(1)
	}
	fmt.Printf("buildwasm: wrote %s/main.wasm (%d bytes, %s) and %s/wasm_exec.js\n", *dir, size, version, *dir)
}
