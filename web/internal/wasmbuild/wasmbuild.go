// Package wasmbuild builds the page's WebAssembly: cmd/wasm for GOOS=js
// GOARCH=wasm, and the wasm_exec.js of the Go release that built it.
package wasmbuild

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// MaxBytes bounds main.wasm, which the page downloads. It grows with the
// rule kinds, each of which brings its validator, encoder, search and
// drawing (7.0 MB, 1.9 MB gzipped, with go1.26, 16 kinds and the setters'
// questions, 2026-11-25; 8.8 MB with explain's finders and checker and
// SudokuPad's reader and writer, 2026-11-28): the bound leaves room for
// them, and Heavy, not the size, is what keeps a heavy package out.
const MaxBytes = 10 << 20

// Heavy lists packages that main.wasm must not link: each would add
// hundreds of kilobytes for work the page does not need (regexp cost
// 600 KB for one parser, which a scan replaced), or belongs on a server.
var Heavy = []string{"regexp", "net/http", "text/template", "html/template", "crypto/tls", "go/parser"}

// Imports lists the packages cmd/wasm links, as go list -deps gives them
// for GOOS=js GOARCH=wasm.
func Imports() ([]string, error) {
	cmd := exec.Command("go", "list", "-deps", Package)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "GOFLAGS=")
	b, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list -deps %s: %w", Package, err)
	}
	return strings.Fields(string(b)), nil
}

// Package is the program built.
const Package = "github.com/sudokusat/sudokusat/cmd/wasm"

// flags build main.wasm stripped, with no paths and no version-control
// stamp, so that the same code and Go release give the same bytes on any
// machine and in any checkout.
var flags = []string{"build", "-trimpath", "-buildvcs=false", "-ldflags=-s -w"}

// Build writes dir/main.wasm and dir/wasm_exec.js, and returns the size of
// main.wasm and the Go release that built it. It fails when main.wasm is
// over MaxBytes.
func Build(dir string) (size int64, goVersion string, err error) {
	env, err := goEnv("GOROOT", "GOVERSION")
	if err != nil {
		return 0, "", err
	}
	goroot, goVersion := env[0], env[1]
	// wasm_exec.js is the JavaScript half of the Go runtime: it must come
	// from the Go that builds main.wasm. Go 1.24 moved it from misc/wasm.
	var execJS []byte
	for _, sub := range []string{"lib", "misc"} {
		if execJS, err = os.ReadFile(filepath.Join(goroot, sub, "wasm", "wasm_exec.js")); !errors.Is(err, fs.ErrNotExist) {
			break
		}
	}
	if err != nil {
		return 0, goVersion, fmt.Errorf("wasm_exec.js of %s: %w", goVersion, err)
	}
	out, err := filepath.Abs(filepath.Join(dir, "main.wasm"))
	if err != nil {
		return 0, goVersion, err
	}
	cmd := exec.Command("go", append(flags, "-o", out, Package)...)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "GOFLAGS=", "GOWASM=")
	if b, err := cmd.CombinedOutput(); err != nil {
		return 0, goVersion, fmt.Errorf("go %s: %w\n%s", strings.Join(cmd.Args[1:], " "), err, b)
	}
	st, err := os.Stat(out)
	if err != nil {
		return 0, goVersion, err
	}
	if st.Size() > MaxBytes {
		return st.Size(), goVersion, fmt.Errorf("main.wasm is %d bytes, over the %d budget: has a heavy package crept into %s?", st.Size(), MaxBytes, Package)
	}
	if err := os.WriteFile(filepath.Join(dir, "wasm_exec.js"), execJS, 0o644); err != nil {
		return st.Size(), goVersion, err
	}
	return st.Size(), goVersion, nil
}

// goEnv returns the go command's values of keys.
func goEnv(keys ...string) ([]string, error) {
	b, err := exec.Command("go", append([]string{"env"}, keys...)...).Output()
	if err != nil {
		return nil, fmt.Errorf("go env: %w", err)
	}
	vals := strings.Split(string(bytes.TrimRight(b, "\n")), "\n")
	if len(vals) != len(keys) {
		return nil, fmt.Errorf("go env %s: %d lines, want %d", strings.Join(keys, " "), len(vals), len(keys))
	}
	return vals, nil
}
