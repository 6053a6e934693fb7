package web

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/web/internal/wasmbuild"
)

// TestFS checks that each file the page loads is embedded and named where
// it is loaded from. main.wasm and wasm_exec.js are built, not committed:
// they are checked only when "go generate ./web" has made them.
func TestFS(t *testing.T) {
	fsys := FS()
	_, err := fs.Stat(fsys, "main.wasm")
	haveWasm := err == nil
	if !haveWasm && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		built bool     // made by go generate
		want  []string // strings the file must contain
	}{
		// The server fills in the meta tag (NewHandler), which tells
		// app.js whether to run the WebAssembly worker or the server's API.
		{"index.html", false, []string{`src="app.js"`, `href="style.css"`, `id="puzzle"`, `id="board"`, `id="generate"`, pageMeta + `"">`}},
		{"app.js", false, []string{"'worker.js'", "`api/${op}`", `meta[name="sudokusat-server"]`}},
		{"worker.js", false, []string{"'wasm_exec.js'", "'main.wasm'"}},
		{"style.css", false, []string{"@media print"}},
		{"wasm_exec.js", true, []string{"globalThis.Go = class"}},
		{"main.wasm", true, []string{"\x00asm"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.built && !haveWasm {
				t.Skipf("no main.wasm embedded (go generate ./web builds it): the page uses the server's API")
			}
			b, err := fs.ReadFile(fsys, tt.name)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.want {
				if !bytes.Contains(b, []byte(w)) {
					t.Errorf("%s does not contain %q", tt.name, w)
				}
			}
			if tt.name == "main.wasm" {
				if len(b) > wasmbuild.MaxBytes {
					t.Errorf("main.wasm is %d bytes, over the %d budget", len(b), wasmbuild.MaxBytes)
				}
				t.Logf("main.wasm: %d bytes", len(b))
			}
		})
	}
}

// TestEncodingOptions checks that the page offers the encodings that
// encode.Encodings lists, in its order, with the default selected: the
// page's list is written out in index.html, not built from that table.
func TestEncodingOptions(t *testing.T) {
	b, err := fs.ReadFile(FS(), "index.html")
	if err != nil {
		t.Fatal(err)
	}
	sel := regexp.MustCompile(`(?s)<select id="encoding">(.*?)</select>`).FindSubmatch(b)
	if sel == nil {
		t.Fatal(`index.html has no <select id="encoding">`)
	}
	var names []string
	selected := ""
	for _, m := range regexp.MustCompile(`<option( selected)?>([^<]*)</option>`).FindAllSubmatch(sel[1], -1) {
		names = append(names, string(m[2]))
		if len(m[1]) > 0 {
			selected = string(m[2])
		}
	}
	if !slices.Equal(names, encode.Names()) {
		t.Errorf("the page offers the encodings %v, encode.Names() is %v", names, encode.Names())
	}
	if selected != encode.Default {
		t.Errorf("the page selects the encoding %q, the default is %q", selected, encode.Default)
	}
}

// TestWasmBuilds builds cmd/wasm for the browser, as "go generate ./web"
// does, into a temporary folder: it must build, stay under its size
// budget, link none of the heavy packages, and come with its wasm_exec.js.
func TestWasmBuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: not building cmd/wasm for GOOS=js GOARCH=wasm (about 20 s)")
	}
	dir := t.TempDir()
	size, goVersion, err := wasmbuild.Build(dir)
	if err != nil {
		t.Fatal(err)
	}
	wasm, err := os.ReadFile(filepath.Join(dir, "main.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(wasm, []byte("\x00asm")) || int64(len(wasm)) != size {
		t.Errorf("main.wasm: %d bytes starting %q, want %d bytes of WebAssembly", len(wasm), wasm[:min(len(wasm), 4)], size)
	}
	if !bytes.Contains(wasm, []byte(goVersion)) {
		t.Errorf("main.wasm does not name %s, the Go that built it", goVersion)
	}
	execJS, err := os.ReadFile(filepath.Join(dir, "wasm_exec.js"))
	if err != nil || !bytes.Contains(execJS, []byte("globalThis.Go = class")) {
		t.Errorf("wasm_exec.js: %v, want Go's JavaScript runtime", err)
	}
	t.Logf("main.wasm: %d bytes (budget %d), %s", size, wasmbuild.MaxBytes, goVersion)
	imports, err := wasmbuild.Imports()
	if err != nil {
		t.Fatal(err)
	}
	if len(imports) < 20 || !slices.Contains(imports, "encoding/json") {
		t.Fatalf("go list -deps: %q, want the packages cmd/wasm links", imports)
	}
	for _, heavy := range wasmbuild.Heavy {
		if slices.Contains(imports, heavy) {
			t.Errorf("main.wasm links %s, which the page has no use for", heavy)
		}
	}
}
