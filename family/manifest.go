package family

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/sudokusat/sudokusat/internal/compress"
)

// ManifestName is the manifest's file name in a family's folder.
const ManifestName = "manifest.jsonl"

// ManifestLine returns in's manifest record, a JSON line, with ">="
// written as such rather than escaped for HTML.
func (in *Instance) ManifestLine() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(in); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// ReadManifest reads the manifest at path, as ManifestLine writes its
// lines (gzip, xz or bzip2 compressed too): one instance a line, blank
// lines skipped. Each must name a file in the manifest's folder and state
// SAT or UNSAT; errors name the line.
func ReadManifest(path string) ([]Instance, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// A manifest, not puzzles: no bound on what it decompresses to.
	r, _, err := compress.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	var out []Instance
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 64<<20)
	for no := 1; sc.Scan(); no++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var in Instance
		if err := json.Unmarshal(line, &in); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, no, err)
		}
		if in.File == "" || filepath.Base(in.File) != in.File || (in.Status != SAT && in.Status != UNSAT) {
			return nil, fmt.Errorf("%s:%d: not a family instance (want a file name and status SAT or UNSAT)", path, no)
		}
		out = append(out, in)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no instance", path)
	}
	return out, nil
}
