package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

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
		if code != 0 || !strings.Contains(errOut, "16 instances") {
			t.Fatalf("exit %d\n%s", code, errOut)
		}
		outs = append(outs, out)
	}
	a, b := readFamily(t, dirs[0]), readFamily(t, dirs[1])
	if len(a) != 17 || len(a) != len(b) {
		t.Fatalf("%d and %d files, want 16 instances and the manifest", len(a), len(b))
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
		p := f.Puzzle
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
	if records != 16 {
		t.Errorf("%d manifest records, want 16", records)
	}
}

// TestFamilyFrom takes the base puzzles from a file: a puzzle that is not
// unique is passed over with a warning, every kind starts from the first
// puzzle, and the manifest names each instance's line.
func TestFamilyFrom(t *testing.T) {
	dir := t.TempDir()
	from := filepath.Join(dir, "puzzles.txt")
	lines := []string{
		"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
		"1" + strings.Repeat(".", 80),
		"52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
	}
	if err := os.WriteFile(from, []byte(strings.Join(lines, "\n")+"\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runCLI(t, "", "family", "--out-dir", filepath.Join(dir, "fam"), "--from", from,
		"--kind", "unique,refutation", "--count", "2", "--seed", "1", "--format", "json")
	if code != 0 || !strings.Contains(errOut, from+":2: ") || !strings.Contains(errOut, "not unique") {
		t.Fatalf("exit %d, no warning about line 2:\n%s", code, errOut)
	}
	var sources []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var rec family.Instance
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatal(err)
		}
		sources = append(sources, string(rec.Kind)+" "+strings.TrimPrefix(rec.Source, from))
	}
	want := "unique :1,unique :3,refutation :1,refutation :3"
	if got := strings.Join(sources, ","); got != want {
		t.Errorf("instances from %s, want %s", got, want)
	}
	// Fewer unique puzzles than asked: the kind stops, exit status 1.
	_, errOut, code = runCLI(t, "", "family", "--out-dir", filepath.Join(dir, "fam2"), "--from", from,
		"--kind", "unique", "--count", "3", "--seed", "1")
	if code != 1 || !strings.Contains(errOut, "fewer instances than asked") {
		t.Errorf("3 asked of 2 unique puzzles: exit %d\n%s", code, errOut)
	}
}

// TestFamilyUsage checks that bad options are usage errors naming the
// flag, a line and exit 2 with no help text, before anything is written. Without
// --out-dir, family used to print its whole help and exit 1.
func TestFamilyUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "family needs --out-dir DIR"},
		{[]string{"--kind", "easy"}, `unknown kind "easy"`},
		{[]string{"--kind", "completion", "--open", "1.5"}, "open 1.5: want a fraction between 0 and 1"},
		{[]string{"--kind", "completion", "--size", "7"}, "size 7"},
		{[]string{"--kind", "variant", "--variants", "no-such-dir"}, "--variants: no-such-dir: no .json puzzle files"},
		{[]string{"--encoding", "fancy"}, `unknown encoding "fancy"`},
		{[]string{"--count", "0"}, "count 0: want at least 1"},
	} {
		dir := filepath.Join(t.TempDir(), "out")
		args := append([]string{"family", "--out-dir", dir}, tc.args...)
		if tc.args == nil {
			args = []string{"family", "--seed", "1"}
		}
		out, errOut, code := runCLI(t, "", args...)
		if code != 2 || !strings.Contains(errOut, tc.want) || strings.Contains(out+errOut, "USAGE") {
			t.Errorf("%v: exit %d, %q; want 2 and %q", tc.args, code, errOut, tc.want)
		}
		if _, err := os.Stat(dir); err == nil {
			t.Errorf("%v: the folder was made", tc.args)
		}
	}
}

// TestFamilyDefaultKinds runs without --kind where there is no
// testdata/variants (the test runs in cmd/sudokusat): every other kind is
// written, and a note says why variant is not.
func TestFamilyDefaultKinds(t *testing.T) {
	dir := t.TempDir()
	out, errOut, code := runCLI(t, "", "family", "--out-dir", dir, "--count", "1", "--seed", "2")
	if code != 0 || !strings.Contains(errOut, "kind variant left out") || strings.Count(out, "\n") != 7 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	// Asked for by name, a missing folder is an error.
	_, errOut, code = runCLI(t, "", "family", "--out-dir", dir, "--kind", "variant")
	if code != 2 || !strings.Contains(errOut, "--variants") {
		t.Errorf("exit %d\n%s", code, errOut)
	}
}

// TestFamilyCompress: family --compress gz writes KIND-NNN.cnf.gz, each
// the gzip of the file the same seed writes uncompressed, and a manifest
// that names it with the same sha256, the CNF's; judge reads it through.
// family had no --compress, where encode, check and render have it.
func TestFamilyCompress(t *testing.T) {
	dir := t.TempDir()
	plain, packed := filepath.Join(dir, "plain"), filepath.Join(dir, "gz")
	args := []string{"family", "--kind", "unique,refutation", "--count", "2", "--seed", "5", "--out-dir"}
	for _, d := range []string{plain, packed} {
		a := append(slices.Clone(args), d)
		if d == packed {
			a = append(a, "--compress", "gz")
		}
		if _, stderr, code := runCLI(t, "", a...); code != 0 {
			t.Fatalf("%v: exit %d: %s", a, code, stderr)
		}
	}
	want, got := readFamily(t, plain), readFamily(t, packed)
	if len(got) != len(want) {
		t.Fatalf("%d files compressed, %d not", len(got), len(want))
	}
	for name, b := range want {
		if name == family.ManifestName {
			if m := strings.ReplaceAll(string(b), `.cnf"`, `.cnf.gz"`); string(got[name]) != m {
				t.Errorf("manifests:\n%s\nwant\n%s", got[name], m)
			}
			continue
		}
		zr, err := gzip.NewReader(bytes.NewReader(got[name+".gz"]))
		if err != nil {
			t.Fatalf("%s.gz: %v", name, err)
		}
		if un, err := io.ReadAll(zr); err != nil || !bytes.Equal(un, b) {
			t.Errorf("%s.gz decompressed (%v) is not %s", name, err, name)
		}
	}
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Skip("cadical is not installed: skipping judge (.ci/run installs it)")
	}
	files, _ := filepath.Glob(filepath.Join(packed, "*.cnf.gz"))
	for _, f := range files {
		out, _ := exec.Command("cadical", "-q", f).Output() // exits 10 or 20
		if err := os.WriteFile(f+".out", out, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out, stderr, code := runCLI(t, "", "judge", filepath.Join(packed, family.ManifestName))
	if code != 0 || strings.Count(out, "right: ") != 4 {
		t.Errorf("judge: exit %d\n%s%s", code, out, stderr)
	}
}

// TestFamilyProjection: family --projection writes the instances it
// writes without, with a "c p show" line and "c ind" lines listing
// exactly each instance's cell variables (its map's, 1..NumVars()) added.
func TestFamilyProjection(t *testing.T) {
	dir := t.TempDir()
	plain, projected := filepath.Join(dir, "plain"), filepath.Join(dir, "projected")
	args := []string{"family", "--kind", "unique,several,refutation,qwh", "--count", "1", "--seed", "3", "--size", "16", "--out-dir"}
	for _, d := range []string{plain, projected} {
		a := append(slices.Clone(args), d)
		if d == projected {
			a = append(a, "--projection")
		}
		if _, stderr, code := runCLI(t, "", a...); code != 0 {
			t.Fatalf("%q: exit %d: %s", a, code, stderr)
		}
	}
	files, _ := filepath.Glob(filepath.Join(projected, "*.cnf"))
	if len(files) != 4 {
		t.Fatalf("%d instances, want 4", len(files))
	}
	for _, name := range files {
		cnf := readFile(t, name)
		f, err := encode.ReadDIMACS(strings.NewReader(cnf))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var rest strings.Builder
		var show, ind []string
		for line := range strings.Lines(cnf) {
			switch {
			case strings.HasPrefix(line, "c p show "):
				show = append(show, strings.Fields(line)[3:]...)
			case strings.HasPrefix(line, "c ind "):
				ind = append(ind, strings.Fields(line)[2:]...)
			default:
				rest.WriteString(line)
			}
		}
		var want []string
		for v := 1; v <= f.NumVars(); v++ {
			want = append(want, strconv.Itoa(v))
		}
		want = append(want, "0")
		if !slices.Equal(show, want) || !slices.Equal(slices.DeleteFunc(ind, func(s string) bool { return s == "0" }), want[:len(want)-1]) {
			t.Errorf("%s: show %d, ind %d variables; want the %d cell variables of %d", filepath.Base(name), len(show)-1, len(ind), f.NumVars(), f.Vars)
		}
		if got, want := rest.String(), readFile(t, filepath.Join(plain, filepath.Base(name))); got != want {
			t.Errorf("%s without its projection lines differs from the instance written without --projection", filepath.Base(name))
		}
	}
}
