package compress

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"
)

// compressed returns text in format f, written by NewWriter.
func compressed(t testing.TB, f Format, text []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	w, err := NewWriter(&b, f)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write(text); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func readAll(t testing.TB, r io.Reader) ([]byte, Format, error) {
	t.Helper()
	d, f, err := NewReader(r)
	if err != nil {
		return nil, f, err
	}
	b, err := io.ReadAll(d)
	return b, f, err
}

var text = []byte(strings.Repeat("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n", 200))

func TestRoundTrip(t *testing.T) {
	for _, f := range []Format{None, Gzip, Xz} {
		t.Run(f.String(), func(t *testing.T) {
			z := compressed(t, f, text)
			if f != None && len(z) >= len(text)/10 {
				t.Errorf("%d bytes compressed to %d", len(text), len(z))
			}
			// One byte a read, as a slow pipe gives them.
			got, gf, err := readAll(t, iotest.OneByteReader(bytes.NewReader(z)))
			if err != nil || gf != f || !bytes.Equal(got, text) {
				t.Fatalf("read back: format %v, err %v, equal %v", gf, err, bytes.Equal(got, text))
			}
		})
	}
}

// Inputs shorter than a magic, or starting as one does, are text, unless
// they start with a byte no text has: those are archives cut short.
func TestShortAndTextInputs(t *testing.T) {
	for _, in := range []string{"", "1", "BZh", "BZh9", "BZh91AY&S", "BZhello world, not bzip2"} {
		got, f, err := readAll(t, strings.NewReader(in))
		if err != nil || f != None || string(got) != in {
			t.Errorf("%q: read %q as %v, %v", in, got, f, err)
		}
	}
	for _, in := range []string{"\x1f", "\xfd7zX", "\xfd7zXZ"} {
		_, _, err := readAll(t, strings.NewReader(in))
		if err == nil || !strings.Contains(err.Error(), "ends early") {
			t.Errorf("%q: %v; want a truncated archive", in, err)
		}
	}
}

func TestDetect(t *testing.T) {
	for _, c := range []struct {
		head     string
		f        Format
		complete bool
	}{
		{"\x1f\x8b\x08", Gzip, true},
		{"\x1f", Gzip, false},
		{"\xfd7zXZ\x00", Xz, true},
		{"\xfd7z", Xz, false},
		{"BZh91AY&SY", Bzip2, true},
		{"BZh1\x17rE8P\x90", Bzip2, true},
		{"BZh91A", Bzip2, false},
		{"BZh0", None, true},
		{"BZ", None, false},
		{"..3.2.6..", None, true},
		{"", Gzip, false},
	} {
		f, complete := Detect([]byte(c.head))
		if f != c.f || complete != c.complete {
			t.Errorf("Detect(%q) = %v, %v; want %v, %v", c.head, f, complete, c.f, c.complete)
		}
	}
}

// A standard input that is a terminal or a slow pipe is not waited on for
// more than the bytes that decide: a text line's first byte.
func TestPeeksNoMoreThanNeeded(t *testing.T) {
	r := &countingReader{r: strings.NewReader("..3.2.6..\n")}
	_, f, err := NewReader(iotest.OneByteReader(r))
	if err != nil || f != None || r.n != 1 {
		t.Errorf("format %v, err %v, %d bytes read to decide; want 1", f, err, r.n)
	}
}

type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

func TestTruncated(t *testing.T) {
	for _, f := range []Format{Gzip, Xz} {
		z := compressed(t, f, text)
		for _, cut := range []int{len(gzipMagic) + 1, 14, len(z) / 2, len(z) - 1} {
			_, _, err := readAll(t, bytes.NewReader(z[:cut]))
			if err == nil || !strings.HasPrefix(err.Error(), f.String()+": ") {
				t.Errorf("%v cut at %d of %d: %v; want an error naming %v", f, cut, len(z), err, f)
			}
			if cut == len(z)/2 && !strings.Contains(fmt_(err), "ends early") {
				t.Errorf("%v cut in the middle: %v; want it said to end early", f, err)
			}
		}
	}
}

func fmt_(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func TestCorrupt(t *testing.T) {
	for _, f := range []Format{Gzip, Xz} {
		z := compressed(t, f, text)
		// A flipped byte in the middle of the data, and one in the
		// checksum at the end.
		for _, at := range []int{len(z) / 2, len(z) - 10} {
			bad := bytes.Clone(z)
			bad[at] ^= 0x55
			got, _, err := readAll(t, bytes.NewReader(bad))
			if err == nil {
				t.Errorf("%v with byte %d of %d changed: no error (%d bytes read)", f, at, len(z), len(got))
			} else if !strings.HasPrefix(err.Error(), f.String()) {
				t.Errorf("%v with byte %d changed: %v; want the format named", f, at, err)
			}
		}
	}
	// gzip's magic with a header that is not one.
	_, _, err := readAll(t, strings.NewReader("\x1f\x8bnot gzip at all"))
	if err == nil || err.Error() != "gzip: invalid header" {
		t.Errorf("bad gzip header: %v", err)
	}
}

// An error of the source is returned as it is, not blamed on the archive.
func TestSourceError(t *testing.T) {
	boom := errors.New("boom")
	z := compressed(t, Gzip, text)
	_, _, err := readAll(t, io.MultiReader(bytes.NewReader(z[:len(z)/2]), iotest.ErrReader(boom)))
	if !errors.Is(err, boom) || strings.Contains(err.Error(), "gzip") {
		t.Errorf("got %v; want boom as it is", err)
	}
	_, _, err = readAll(t, iotest.ErrReader(boom))
	if !errors.Is(err, boom) {
		t.Errorf("got %v; want boom", err)
	}
}

// An xz archive whose dictionary is larger than MaxXzDict is refused before
// the decoder allocates it.
func TestXzDictBound(t *testing.T) {
	z := compressed(t, Xz, text)
	// The stream header (12 bytes), then the block header: size, flags,
	// then (no sizes) the LZMA2 filter: id 0x21, 1 byte of properties,
	// the dictionary.
	if z[12+2] != 0x21 || z[12+3] != 1 {
		t.Fatalf("block header % x: not the layout this test patches", z[12:12+8])
	}
	for _, c := range []struct {
		dict byte
		ok   bool
	}{{z[12+4], true}, {28, true}, {29, false}, {40, false}} {
		bad := bytes.Clone(z)
		bad[12+4] = c.dict
		// The block header's CRC32 is checked by the decoder: mend it.
		fixBlockCRC(bad[12:])
		_, _, err := readAll(t, bytes.NewReader(bad))
		refused := err != nil && strings.Contains(err.Error(), "dictionary")
		if refused == c.ok {
			t.Errorf("dictionary byte %d: %v", c.dict, err)
		}
	}
}

// The system's tools read what NewWriter writes, and NewReader reads what
// they write (bzip2 too), where they are installed.
func TestSystemTools(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		tool string
		f    Format
	}{{"gzip", Gzip}, {"xz", Xz}, {"bzip2", Bzip2}} {
		if _, err := exec.LookPath(c.tool); err != nil {
			t.Logf("%s not installed: its cross-check is skipped", c.tool)
			continue
		}
		if c.f != Bzip2 {
			cmd := exec.Command(c.tool, "-dc")
			cmd.Stdin = bytes.NewReader(compressed(t, c.f, text))
			out, err := cmd.Output()
			if err != nil || !bytes.Equal(out, text) {
				t.Errorf("%s -dc of our output: %v, equal %v", c.tool, err, bytes.Equal(out, text))
			}
		}
		path := filepath.Join(dir, "in.txt")
		if err := os.WriteFile(path, text, 0o644); err != nil {
			t.Fatal(err)
		}
		z, err := exec.Command(c.tool, "-c", path).Output()
		if err != nil {
			t.Fatal(err)
		}
		got, f, err := readAll(t, bytes.NewReader(z))
		if err != nil || f != c.f || !bytes.Equal(got, text) {
			t.Errorf("%s's output read as %v: %v, equal %v", c.tool, f, err, bytes.Equal(got, text))
		}
	}
}

// Members of a gzip file one after another read as one text, as gzip -d
// reads them.
func TestGzipMembers(t *testing.T) {
	z := append(compressed(t, Gzip, []byte("one\n")), compressed(t, Gzip, []byte("two\n"))...)
	got, _, err := readAll(t, bytes.NewReader(z))
	if err != nil || string(got) != "one\ntwo\n" {
		t.Errorf("got %q, %v", got, err)
	}
}

func TestByNameAndParse(t *testing.T) {
	for name, f := range map[string]Format{"x.cnf.gz": Gzip, "X.CNF.GZ": Gzip, "a.xz": Xz, "a.cnf": None, "gz": None, "-": None} {
		if got := ByName(name); got != f {
			t.Errorf("ByName(%q) = %v; want %v", name, got, f)
		}
	}
	for s, f := range map[string]Format{"gz": Gzip, "gzip": Gzip, "xz": Xz, "none": None} {
		if got, err := Parse(s); got != f || err != nil {
			t.Errorf("Parse(%q) = %v, %v", s, got, err)
		}
	}
	if _, err := Parse("zip"); err == nil {
		t.Error("Parse(zip): no error")
	}
}

// fixBlockCRC sets the CRC32 at the end of the xz block header that h
// starts with.
func fixBlockCRC(h []byte) {
	size := (int(h[0]) + 1) * 4
	binary.LittleEndian.PutUint32(h[size-4:], crc32.ChecksumIEEE(h[:size-4]))
}

// TestLimit: an archive that decompresses past the bound gives the bound's
// bytes, then a *TooLargeError naming the format and the bound; one that
// fits exactly, or is read with no bound, reads whole. Text that is not
// compressed has no bound.
func TestLimit(t *testing.T) {
	const size = 3 << 20
	newlines := bytes.Repeat([]byte("\n"), size)
	bz, err := os.ReadFile(filepath.Join("testdata", "newlines-3MiB.bz2")) // bzip2 -9: NewWriter writes no bzip2
	if err != nil {
		t.Fatal(err)
	}
	inputs := []struct {
		f Format
		z []byte
	}{{None, newlines}, {Gzip, compressed(t, Gzip, newlines)}, {Xz, compressed(t, Xz, newlines)}, {Bzip2, bz}}
	tests := []struct {
		limit int64
		want  string // the error, "" for none
	}{
		{0, ""},
		{size, ""},
		{size + 1, ""},
		{size - 1, "decompresses to more than 3145727 bytes"},
		{1 << 20, "decompresses to more than 1 MiB"},
		{1, "decompresses to more than 1 bytes"},
	}
	for _, in := range inputs {
		for _, tt := range tests {
			d, f, err := NewLimitedReader(bytes.NewReader(in.z), tt.limit)
			if err != nil || f != in.f {
				t.Fatalf("%v: format %v, %v", in.f, f, err)
			}
			got, err := io.ReadAll(d)
			var tl *TooLargeError
			switch {
			case tt.want == "" || in.f == None:
				if err != nil || len(got) != size {
					t.Errorf("%v, limit %d: %d bytes, %v; want all %d", in.f, tt.limit, len(got), err, size)
				}
			case !errors.As(err, &tl) || tl.Max != tt.limit || err.Error() != in.f.String()+": "+tt.want:
				t.Errorf("%v, limit %d: error %v; want %q", in.f, tt.limit, err, in.f.String()+": "+tt.want)
			case int64(len(got)) != tt.limit || !bytes.Equal(got, newlines[:len(got)]):
				t.Errorf("%v, limit %d: %d bytes before the error, want the limit's", in.f, tt.limit, len(got))
			}
			if _, again := d.Read(make([]byte, 10)); tt.want != "" && in.f != None && !errors.As(again, &tl) {
				t.Errorf("%v, limit %d: a Read after the error gave %v", in.f, tt.limit, again)
			}
		}
	}
}
