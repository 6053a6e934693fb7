package web

import (
	"bytes"
	"flag"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rebuild static/main.wasm and copy static/wasm_exec.js from GOROOT")

// maxWasmBytes bounds the WebAssembly file the page downloads. It is
// about 4.3 MB (1.2 MB gzipped); a jump past this means a heavy package
// crept into the build.
const maxWasmBytes = 6 << 20

func TestFS(t *testing.T) {
	fsys := FS()
	tests := []struct {
		name string
		want []string // strings the file must contain
	}{
		// Each file the page loads is named where it is loaded from.
		{"index.html", []string{`src="app.js"`, `href="style.css"`, `id="puzzle"`, `id="board"`, `id="generate"`}},
		{"app.js", []string{"'worker.js'"}},
		{"worker.js", []string{"'wasm_exec.js'", "'main.wasm'"}},
		{"wasm_exec.js", []string{"globalThis.Go = class"}},
		{"style.css", []string{"@media print"}},
		{"main.wasm", []string{"\x00asm"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := fs.ReadFile(fsys, tt.name)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.want {
				if !bytes.Contains(b, []byte(w)) {
					t.Errorf("%s does not contain %q", tt.name, w)
				}
			}
		})
	}
	st, err := fs.Stat(fsys, "main.wasm")
	if err != nil {
		t.Fatal(err)
	}
	if st.Size() > maxWasmBytes {
		t.Errorf("main.wasm is %d bytes, over the %d budget", st.Size(), maxWasmBytes)
	}
	t.Logf("main.wasm: %d bytes", st.Size())
}

// wasmBuild is how static/main.wasm is built: stripped, with no paths and
// no version-control stamp, so that the same code and Go version give the
// same bytes on any machine and in any checkout.
var wasmBuild = []string{"build", "-trimpath", "-buildvcs=false", "-ldflags=-s -w"}

// TestWasmUpToDate rebuilds cmd/wasm and fails when static/main.wasm
// differs: the page would run code other than the packages'. With -update
// it writes the new build and GOROOT's wasm_exec.js instead.
func TestWasmUpToDate(t *testing.T) {
	if testing.Short() && !*update {
		t.Skip("-short: not rebuilding the WebAssembly file")
	}
	goVersion := goEnv(t, "GOVERSION")
	out := filepath.Join(t.TempDir(), "main.wasm")
	cmd := exec.Command("go", append(wasmBuild, "-o", out, "../cmd/wasm")...)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "GOFLAGS=", "GOWASM=")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(cmd.Args[1:], " "), err, b)
	}
	built, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	// wasm_exec.js is the JavaScript half of the Go runtime: it must come
	// from the Go that built main.wasm.
	execJS, err := os.ReadFile(filepath.Join(goEnv(t, "GOROOT"), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		for name, b := range map[string][]byte{"main.wasm": built, "wasm_exec.js": execJS} {
			if err := os.WriteFile(filepath.Join("static", name), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		t.Logf("wrote static/main.wasm (%d bytes, %s) and static/wasm_exec.js", len(built), goVersion)
		return
	}
	committed, err := os.ReadFile(filepath.Join("static", "main.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(committed, []byte(goVersion)) {
		// Another Go release builds other bytes from the same code.
		t.Skipf("static/main.wasm was not built by %s, so its bytes cannot be compared; run go generate ./web to rebuild it", goVersion)
	}
	if !bytes.Equal(committed, built) {
		t.Errorf("static/main.wasm is stale: it is not what the Go code builds now (%d bytes built, %d kept); run go generate ./web and commit web/static", len(built), len(committed))
	}
	kept, err := os.ReadFile(filepath.Join("static", "wasm_exec.js"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(kept, execJS) {
		t.Errorf("static/wasm_exec.js differs from %s's; run go generate ./web", goVersion)
	}
}

// goEnv returns the go command's value of the environment variable key.
func goEnv(t *testing.T, key string) string {
	t.Helper()
	b, err := exec.Command("go", "env", key).Output()
	if err != nil {
		t.Fatalf("go env %s: %v", key, err)
	}
	return strings.TrimSpace(string(b))
}
