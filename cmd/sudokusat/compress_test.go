package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
	"github.com/ulikunitz/xz"
)

// gzipped returns b compressed by the standard library's gzip, which
// shares nothing with what the command writes.
func gzipped(t *testing.T, b []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if _, err := zw.Write(b); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// xzed returns b compressed as xz.
func xzed(t *testing.T, b []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw, err := xz.NewWriter(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := zw.Write(b); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// unpack reads a gzip or xz file by its name, with the libraries
// themselves, and fails the test if it is not one.
func unpack(t *testing.T, path string) []byte {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var r io.Reader
	switch {
	case strings.HasSuffix(path, ".gz"):
		r, err = gzip.NewReader(f)
	case strings.HasSuffix(path, ".xz"):
		r, err = xz.NewReader(f)
	default:
		t.Fatalf("%s: not a compressed name", path)
	}
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return b
}

// TestCompressedInputs solves a sample file as it is, gzipped and xzed,
// from a file and from standard input: the records must be the same, with
// the same line numbers. A gzip file cut short, or one that is not gzip
// past its magic bytes, is an error naming the file.
func TestCompressedInputs(t *testing.T) {
	plain, err := os.ReadFile(testdata + "top95-sample.txt")
	if err != nil {
		t.Fatal(err)
	}
	// The records less their names and times.
	same := func(out, name string) string {
		return timing.ReplaceAllString(strings.ReplaceAll(out, `"file":"`+name+`"`, `"file":"FILE"`), "")
	}
	want, _, code := runCLI(t, "", "count", "--format", "json", testdata+"top95-sample.txt")
	if code != 0 {
		t.Fatalf("count of the plain file exits %d", code)
	}
	want = same(want, testdata+"top95-sample.txt")
	dir := t.TempDir()
	for _, z := range []struct {
		ext  string
		data []byte
	}{{".gz", gzipped(t, plain)}, {".xz", xzed(t, plain)}} {
		path := filepath.Join(dir, "top95-sample.txt"+z.ext)
		if err := os.WriteFile(path, z.data, 0o644); err != nil {
			t.Fatal(err)
		}
		got, stderr, code := runCLI(t, "", "count", "--format", "json", path)
		if code != 0 || same(got, path) != want {
			t.Errorf("%s: exit %d, records differ from the plain file's:\n%s\n%s", z.ext, code, got, stderr)
		}
		// Standard input, named so in its records: told by its bytes.
		got, _, code = runCLI(t, string(z.data), "count", "--format", "json")
		if code != 0 || same(got, "-") != want {
			t.Errorf("%s on standard input: exit %d, records differ:\n%s", z.ext, code, got)
		}
	}
	gz := gzipped(t, plain)
	for name, data := range map[string][]byte{
		"cut.gz": gz[:len(gz)/2],
		"bad.gz": append(append([]byte{}, gz[:3]...), bytes.Repeat([]byte{'x'}, 40)...),
	} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		// The error is the input's last record, as any read error is.
		out, _, code := runCLI(t, "", "solve", path)
		lines := strings.Split(strings.TrimSpace(out), "\n")
		last := lines[len(lines)-1]
		if code != 1 || !strings.HasPrefix(last, "invalid: "+path+": line ") || !strings.Contains(last, "gzip: ") {
			t.Errorf("%s: exit %d, last record %q: want an error naming the file, the line and gzip", name, code, last)
		}
		for _, l := range lines[:len(lines)-1] {
			if strings.HasPrefix(l, "invalid") {
				t.Errorf("%s: %q before the error: a line cut by the archive's end was read as a puzzle", name, l)
			}
		}
	}
}

// TestCompressedOutputs writes a CNF by -o FILE.gz and FILE.xz and by
// --out-dir --compress, reads them back with the libraries, and decodes
// an answer from the compressed CNF: the written files are what encode
// writes plain, compressed.
func TestCompressedOutputs(t *testing.T) {
	dir := t.TempDir()
	puzzle := testdata + "top95-sample.txt"
	one := filepath.Join(dir, "one.txt")
	line := strings.SplitN(readFile(t, puzzle), "\n", 2)[0]
	if err := os.WriteFile(one, []byte(line+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	plain, _, code := runCLI(t, "", "encode", "-o", "-", one)
	if code != 0 {
		t.Fatal("encode exits", code)
	}
	for _, ext := range []string{".gz", ".xz"} {
		path := filepath.Join(dir, "p.cnf"+ext)
		if _, stderr, code := runCLI(t, "", "encode", "-o", path, one); code != 0 {
			t.Fatalf("encode -o %s: exit %d: %s", path, code, stderr)
		}
		if got := unpack(t, path); string(got) != plain {
			t.Errorf("%s holds %d bytes, not encode's %d", path, len(got), len(plain))
		}
	}
	out := filepath.Join(dir, "out")
	if _, stderr, code := runCLI(t, "", "encode", "--out-dir", out, "--compress", "xz", puzzle); code != 0 {
		t.Fatalf("encode --out-dir --compress: exit %d: %s", code, stderr)
	}
	first := unpack(t, filepath.Join(out, "puzzle-0001.cnf.xz"))
	if !bytes.HasPrefix(first, []byte("c sudokusat cnf v1")) {
		t.Errorf("puzzle-0001.cnf.xz starts %.30q", first)
	}
	if _, stderr, code := runCLI(t, "", "encode", "--compress", "xz", puzzle); code != 2 || !strings.Contains(stderr, "--out-dir") {
		t.Errorf("--compress without --out-dir: exit %d, %q; want 2 and a word on --out-dir", code, stderr)
	}

	// minisat's answer for the puzzle's CNF, gzipped: decode reads a compressed CNF and a compressed answer.
	cnf := filepath.Join(dir, "one.cnf.xz")
	if _, stderr, code := runCLI(t, "", "encode", "-o", cnf, one); code != 0 {
		t.Fatal(stderr)
	}
	if _, err := exec.LookPath("minisat"); err != nil {
		t.Skip("minisat is not installed: skipping the decode of a compressed answer (.ci/run installs it)")
	}
	raw := filepath.Join(dir, "one.cnf")
	if err := os.WriteFile(raw, unpack(t, cnf), 0o644); err != nil {
		t.Fatal(err)
	}
	ans := filepath.Join(dir, "one.out")
	exec.Command("minisat", raw, ans).Run() // exits 10 when satisfiable
	b, err := os.ReadFile(ans)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(ans+".gz", gzipped(t, b), 0o644); err != nil {
		t.Fatal(err)
	}
	got, stderr, code := runCLI(t, "", "decode", "--cnf", cnf, ans+".gz")
	g, err := sudokusat.ParseLine(strings.TrimSpace(got), 3, 3)
	if code != 0 || err != nil {
		t.Fatalf("decode of compressed files: exit %d, %v: %s", code, err, stderr)
	}
	p, _ := sudokusat.ParseLine(line, 3, 3)
	if err := sudokusat.CheckSolution(p, g); err != nil {
		t.Errorf("decoded grid: %v", err)
	}
}

// timing matches the time field of a JSON record.
var timing = regexp.MustCompile(`,"us":[0-9.e+-]+`)

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestCompressedProof checks an UNSAT answer whose DRAT proof and CNF are
// both compressed: cadical writes them plain, the test compresses them.
func TestCompressedProof(t *testing.T) {
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Skip("cadical is not installed: skipping the compressed proof (.ci/run installs it)")
	}
	dir := t.TempDir()
	// A top95 puzzle with a wrong digit in r1c4: no solution, and no
	// refutation by unit propagation alone (cadical's proof has 52 steps),
	// so that the checker needs the proof.
	bad := "4..1..8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"
	cnf := filepath.Join(dir, "u.cnf")
	if _, stderr, code := runCLI(t, bad, "encode", "--encoding", "extended", "-o", cnf); code != 0 {
		t.Fatal(stderr)
	}
	proof, ans := filepath.Join(dir, "u.drat"), filepath.Join(dir, "u.out")
	out, _ := exec.Command("cadical", "-q", cnf, proof).Output() // exits 20
	if err := os.WriteFile(ans, out, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{cnf, proof, ans} {
		if err := os.WriteFile(f+".gz", gzipped(t, []byte(readFile(t, f))), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, stderr, code := runCLI(t, "", "decode", "--cnf", cnf+".gz", "--certify", "--proof", proof+".gz", ans+".gz")
	if code != 1 || !strings.Contains(got, "certified") {
		t.Errorf("decode --certify of compressed files: exit %d, %q %q; want 1 and a certified refutation", code, got, stderr)
	}
	// The proof cut in half is rejected, not read as a shorter proof.
	z := gzipped(t, []byte(readFile(t, proof)))
	if err := os.WriteFile(proof+".gz", z[:len(z)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	got, stderr, code = runCLI(t, "", "decode", "--cnf", cnf+".gz", "--certify", "--proof", proof+".gz", ans+".gz")
	if code == 0 || strings.Contains(got, "certified") {
		t.Errorf("a truncated compressed proof: exit %d, %q %q", code, got, stderr)
	}
}

// TestOPBRoundTrip encodes every variant test puzzle and a classic one as
// OPB, solves it with minisat+ (Debian's, the PB solver the OPB is
// written for) and decodes its answer: the grid must be the puzzle's
// published solution, checked by the validator.
func TestOPBRoundTrip(t *testing.T) {
	if _, err := exec.LookPath("minisat+"); err != nil {
		t.Skip("minisat+ is not installed: skipping the OPB round trip (.ci/run installs it)")
	}
	files, err := filepath.Glob(testdata + "variants/*.json")
	if err != nil || len(files) == 0 {
		t.Fatal("no variant puzzles", err)
	}
	dir := t.TempDir()
	classic := filepath.Join(dir, "classic.txt")
	if err := os.WriteFile(classic, []byte(strings.SplitN(readFile(t, testdata+"top95-sample.txt"), "\n", 2)[0]+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, file := range append(files, classic) {
		t.Run(filepath.Base(file), func(t *testing.T) {
			opb, ans := filepath.Join(dir, "p.opb"), filepath.Join(dir, "p.out")
			if _, stderr, code := runCLI(t, "", "encode", "--format", "opb", "-o", opb, file); code != 0 {
				t.Fatalf("encode: exit %d: %s", code, stderr)
			}
			out, _ := exec.Command("minisat+", opb, "-v0").Output()
			if err := os.WriteFile(ans, out, 0o644); err != nil {
				t.Fatal(err)
			}
			got, stderr, code := runCLI(t, "", "decode", "--cnf", opb, ans)
			if code != 0 {
				t.Fatalf("decode: exit %d: %s\nminisat+ said %.200q", code, stderr, out)
			}
			f, err := os.Open(file)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			p, err := variant.NewReader(f).Read()
			if err != nil {
				t.Fatal(err)
			}
			g, err := sudokusat.ParseLine(strings.TrimSpace(got), p.Grid.BoxRows(), p.Grid.BoxCols())
			if err != nil {
				t.Fatalf("decode printed %q: %v", got, err)
			}
			if err := variant.Check(p, g); err != nil {
				t.Errorf("minisat+'s answer decodes to a wrong grid: %v", err)
			}
			if sol, err := os.ReadFile(strings.TrimSuffix(file, ".json") + ".solution"); err == nil {
				if want := strings.Join(strings.Fields(string(sol)), ""); strings.TrimSpace(got) != want {
					t.Errorf("decoded %s, published %s", strings.TrimSpace(got), want)
				}
			}
		})
	}
}

// TestMaxDecompressed: a compressed input that decompresses past
// --max-decompressed is refused, on every command that reads puzzles,
// with an error naming the file, the bound and the flag; raised, the
// bound lets the same file through. A file past the bound before its
// first puzzle is a usage error, found before any puzzle is read; a
// stream past it gives the records of the puzzles before, then an error
// in its place.
func TestMaxDecompressed(t *testing.T) {
	const puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	blank := strings.Repeat("\n", 3<<20) // cheap to read: a bomb of blank lines
	dir := t.TempDir()
	late := filepath.Join(dir, "late.txt.gz") // its puzzle past 1 MiB
	if err := os.WriteFile(late, gzipped(t, []byte(blank+puzzle+"\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	tooLarge := late + ": line 1048577: gzip: decompresses to more than 1 MiB, the bound that --max-decompressed sets"
	for _, args := range [][]string{
		{"solve"}, {"count"}, {"candidates"}, {"hint"}, {"minimal"}, {"check", "--engines", "native"}, {"grade"},
		{"encode"}, {"render"}, {"transform"}, {"bench", "--engines", "native"},
	} {
		name := args[0]
		out, stderr, code := runCLI(t, "", append(args, "--max-decompressed", "1", late)...)
		if code != exitUsage || out != "" || !strings.Contains(stderr, tooLarge) {
			t.Errorf("%s --max-decompressed 1: exit %d, stdout %.60q, stderr %q; want exit 2 and %q", name, code, out, stderr, tooLarge)
		}
		out, stderr, code = runCLI(t, "", append(args, "--max-decompressed", "4", late)...)
		if code != 0 || out == "" {
			t.Errorf("%s --max-decompressed 4: exit %d, stdout %.60q, stderr %q; want the file read whole", name, code, out, stderr)
		}
	}
	out, stderr, code := runCLI(t, "", "family", "--max-decompressed", "1", "--from", late, "--kind", "unique", "--count", "1", "-o", filepath.Join(dir, "fam"))
	if code != exitUsage || !strings.Contains(stderr, tooLarge) {
		t.Errorf("family --from: exit %d, stdout %.60q, stderr %q; want exit 2 and %q", code, out, stderr, tooLarge)
	}

	// On standard input: the puzzle before the bound is answered.
	stream := gzipped(t, []byte(puzzle+"\n"+blank+puzzle+"\n"))
	out, _, code = runCLI(t, string(stream), "solve", "--engine", "native", "--max-decompressed", "1")
	want := "invalid: standard input: line 1048496: gzip: decompresses to more than 1 MiB, the bound that --max-decompressed sets (the rest of this input is not read)"
	if lines := strings.Split(strings.TrimSpace(out), "\n"); code != 1 || len(lines) != 2 || lines[1] != want {
		t.Errorf("standard input past the bound: exit %d, records %q; want a solution, then %q", code, out, want)
	}
	// 0 is no bound; a plain file is never bounded.
	if out, _, code := runCLI(t, string(stream), "solve", "--engine", "native", "--max-decompressed", "0"); code != 0 || strings.Count(out, "\n") != 2 {
		t.Errorf("--max-decompressed 0: exit %d, %q; want both puzzles solved", code, out)
	}
	plain := filepath.Join(dir, "plain.txt")
	if err := os.WriteFile(plain, []byte(blank+puzzle+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, _, code := runCLI(t, "", "solve", "--engine", "native", "--max-decompressed", "1", plain); code != 0 || strings.Count(out, "\n") != 1 {
		t.Errorf("a plain file past the bound: exit %d, %q; want it solved", code, out)
	}
	if _, stderr, code := runCLI(t, "", "solve", "--max-decompressed", "-1", late); code != exitUsage || !strings.Contains(stderr, "--max-decompressed -1: want 0 (no limit) or more") {
		t.Errorf("--max-decompressed -1: exit %d, %q", code, stderr)
	}
}
