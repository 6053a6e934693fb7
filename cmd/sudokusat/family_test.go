package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/family"
	"github.com/sudokusat/sudokusat/satsolve"
	"github.com/sudokusat/sudokusat/variant"
)

// readFamily returns the files of a family folder by name.
func readFamily(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for _, e := range entries {
		files[e.Name()], err = os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
	}
	return files
}

// TestFamily writes a family of every kind twice with the same seed: the
// folders must be byte-identical. Each manifest record must name a file
// with its hash, and gophersat, on the file read back, must agree with the
// record: status, count up to 2, the solution decoded and validated.
func TestFamily(t *testing.T) {
	args := []string{"family", "--seed", "5", "--count", "2", "--size", "9",
		"--variants", "../../testdata/variants", "--format", "json"}
	dirs := []string{t.TempDir(), t.TempDir()}
	var outs []string
	for _, dir := range dirs {
		out, errOut, code := runCLI(t, "", append(args, "--out-dir", dir)...)
		if code != 0 || !strings.Contains(errOut, "12 instances") {
			t.Fatalf("exit %d\n%s", code, errOut)
		}
		outs = append(outs, out)
	}
	a, b := readFamily(t, dirs[0]), readFamily(t, dirs[1])
	if len(a) != 13 || len(a) != len(b) {
		t.Fatalf("%d and %d files, want 12 instances and the manifest", len(a), len(b))
	}
	for name, data := range a {
		if !bytes.Equal(data, b[name]) {
			t.Errorf("%s differs between two runs with the same seed", name)
		}
	}
	if outs[0] != outs[1] || outs[0] != string(a["manifest.jsonl"]) {
		t.Error("--format json's output is not the manifest, or differs between runs")
	}
	sc := bufio.NewScanner(bytes.NewReader(a["manifest.jsonl"]))
	sc.Buffer(nil, 1<<20)
	records := 0
	for sc.Scan() {
		records++
		var rec family.Instance
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatal(err)
		}
		data := a[rec.File]
		sum := sha256.Sum256(data)
		if data == nil || hex.EncodeToString(sum[:]) != rec.SHA256 {
			t.Errorf("%s: missing, or its sha256 is not the manifest's", rec.File)
			continue
		}
		f, err := encode.ReadDIMACS(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", rec.File, err)
		}
		p := f.Variant
		if p == nil {
			p = &sudokusat.Puzzle{Grid: f.Puzzle}
		}
		r, err := satsolve.Count(context.Background(), f, 2)
		if err != nil {
			t.Fatalf("%s: %v", rec.File, err)
		}
		want := map[string]bool{family.CountOne: r.Count == 1, family.CountMany: r.Count == 2,
			family.CountSome: r.Count >= 1, family.CountNone: r.Count == 0}
		if !want[rec.Count] || (rec.Status == family.SAT) != (r.Count > 0) {
			t.Errorf("%s: gophersat counts %d, the manifest says %s %s", rec.File, r.Count, rec.Status, rec.Count)
		}
		for _, g := range r.Solutions {
			if err := variant.Check(p, g); err != nil {
				t.Errorf("%s: %v", rec.File, err)
			}
		}
		if rec.Count == family.CountOne && r.Count == 1 && r.Solutions[0].String() != rec.Solution {
			t.Errorf("%s: gophersat's solution is not the manifest's", rec.File)
		}
	}
	if records != 12 {
		t.Errorf("%d manifest records, want 12", records)
	}
}

// TestFamilyUsage checks that bad options are usage errors naming the
// flag, before anything is written.
func TestFamilyUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--kind", "easy"}, `unknown kind "easy"`},
		{[]string{"--kind", "completion", "--open", "1.5"}, "open 1.5: want a fraction between 0 and 1"},
		{[]string{"--kind", "completion", "--size", "7"}, "size 7"},
		{[]string{"--kind", "variant", "--variants", "no-such-dir"}, "--variants: no-such-dir: no .json puzzle files"},
		{[]string{"--encoding", "fancy"}, `unknown encoding "fancy"`},
		{[]string{"--count", "0"}, "count 0: want at least 1"},
	} {
		dir := filepath.Join(t.TempDir(), "out")
		_, errOut, code := runCLI(t, "", append([]string{"family", "--out-dir", dir}, tc.args...)...)
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", tc.args, code, errOut, tc.want)
		}
		if _, err := os.Stat(dir); err == nil {
			t.Errorf("%v: the folder was made", tc.args)
		}
	}
}
