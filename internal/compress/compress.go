// Package compress reads the compressed forms of sudokusat's inputs, known by
// their first bytes (gzip, xz, bzip2), and writes gzip and xz outputs,
// chosen by the output's name (.gz, .xz).
//
// A reader looks at no more of its input than the magic bytes, through a
// buffer it then reads on from, so that standard input, pipes and FIFOs are
// read once, as files are. What it decompresses is a stream: the readers
// that take it keep their own bounds (a line, a document, a literal), so
// that memory stays bounded by them and by the decompressor's window, not
// by how far the data expands. How far it may expand, which bounds the
// time reading it takes, is NewLimitedReader's bound. The xz dictionary,
// which the archive names and the decoder allocates, is bounded by
// MaxXzDict.
package compress

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/ulikunitz/xz"
)

// ErrTruncated is wrapped by the error of an archive that ends before its
// end: a file cut short, or a download or copy not finished.
var ErrTruncated = errors.New("the compressed data ends early (a truncated archive?)")

// Format is a compressed format, or None.
type Format int

const (
	None  Format = iota // not compressed
	Gzip                // RFC 1952, as gzip writes it; members may follow each other
	Xz                  // the xz container with LZMA2, as xz writes it
	Bzip2               // bzip2, read only
)

func (f Format) String() string {
	switch f {
	case Gzip:
		return "gzip"
	case Xz:
		return "xz"
	case Bzip2:
		return "bzip2"
	}
	return "none"
}

// Suffix is the file name ending of the format: ".gz", ".xz", ".bz2", or
// "" for None.
func (f Format) Suffix() string {
	switch f {
	case Gzip:
		return ".gz"
	case Xz:
		return ".xz"
	case Bzip2:
		return ".bz2"
	}
	return ""
}

var (
	gzipMagic = []byte{0x1f, 0x8b}
	xzMagic   = []byte{0xfd, '7', 'z', 'X', 'Z', 0x00}
	// bzip2: "BZh", the block size '1'…'9', then the magic of the first
	// block (π) or, for an empty stream, of its end (√π): ten bytes, so
	// that a text line starting "BZh" is never taken for one.
	bzipBlock = []byte{0x31, 0x41, 0x59, 0x26, 0x53, 0x59}
	bzipEnd   = []byte{0x17, 0x72, 0x45, 0x38, 0x50, 0x90}
)

// Detect returns the format whose magic bytes head starts with, and
// whether head was long enough to tell: complete is false when head is a
// beginning of a magic but too short to decide (more input may make it
// one). Text never starts with these bytes: 0x1f and 0xfd are no
// characters of a text file, and "BZh" must be followed by a digit and
// six binary bytes.
func Detect(head []byte) (f Format, complete bool) {
	prefix := func(magic []byte) (match, short bool) {
		n := min(len(head), len(magic))
		if !bytes.Equal(head[:n], magic[:n]) {
			return false, false
		}
		return n == len(magic), n < len(magic)
	}
	if m, short := prefix(gzipMagic); m || short {
		return Gzip, m
	}
	if m, short := prefix(xzMagic); m || short {
		return Xz, m
	}
	if m, short := prefix([]byte("BZh")); short {
		return None, false
	} else if m {
		if len(head) < 4 {
			return None, false
		}
		if head[3] < '1' || head[3] > '9' {
			return None, true
		}
		rest := head[4:]
		n := min(len(rest), len(bzipBlock))
		if bytes.Equal(rest[:n], bzipBlock[:n]) || bytes.Equal(rest[:n], bzipEnd[:n]) {
			return Bzip2, n == len(bzipBlock)
		}
	}
	return None, true
}

// ByName returns the format an output named name is to be written in: Gzip
// for a name ending ".gz", Xz for ".xz" (in any case), None otherwise.
func ByName(name string) Format {
	lower := strings.ToLower(name)
	switch {
	case strings.HasSuffix(lower, ".gz"):
		return Gzip
	case strings.HasSuffix(lower, ".xz"):
		return Xz
	}
	return None
}

// Parse reads a format's name as the --compress flag gives it: "gz" or
// "gzip", "xz", or "none".
func Parse(s string) (Format, error) {
	switch strings.ToLower(s) {
	case "gz", "gzip":
		return Gzip, nil
	case "xz":
		return Xz, nil
	case "", "none":
		return None, nil
	}
	return None, fmt.Errorf("unknown compression %q (want gz, xz or none)", s)
}

// MaxXzDict bounds the dictionary an xz archive may ask for: 64 MiB, the
// largest of xz's presets (-9), and what the decoder holds in memory at
// most. An archive that names a larger one is refused rather than given
// gigabytes. The bound is checked on the first block of each stream, the
// one xz writes.
const MaxXzDict = 64 << 20

// bufSize is the buffer of NewReader, which peeks the magic bytes through
// it; the xz check reads a block header through it too (at most 1 KiB).
const bufSize = 64 << 10

// DefaultMaxSize is the commands' bound on what one compressed input may
// decompress to, given to NewLimitedReader unless set otherwise: 1 GiB. The
// largest real inputs are far below it (the largest puzzle file of the
// shared data sets is 4 MB, and a collection of nine million puzzles of 81
// symbols a line is 740 MB), while a bzip2 file of 1.4 KB holds 2 GB of
// zeros and an xz file of 29 KB 200 MB of newlines: the bound is what
// keeps reading such a file from taking minutes. Reaching it takes some
// 4 s of bzip2 and 7 s of xz decompression.
const DefaultMaxSize = 1 << 30

// TooLargeError is the error of an archive that decompresses to more than
// the bound that NewLimitedReader was given.
type TooLargeError struct {
	Format Format
	Max    int64 // the bound, in bytes
}

func (e *TooLargeError) Error() string {
	size := fmt.Sprintf("%d bytes", e.Max)
	if e.Max%(1<<20) == 0 {
		size = fmt.Sprintf("%d MiB", e.Max>>20)
	}
	return fmt.Sprintf("%s: decompresses to more than %s", e.Format, size)
}

// NewLimitedReader is NewReader with a bound on what an archive may
// decompress to: past limit bytes, Read returns a *TooLargeError after the
// first limit bytes. limit ≤ 0 sets no bound; input that is not compressed
// is never bounded, its size being what it is on disk.
func NewLimitedReader(r io.Reader, limit int64) (io.Reader, Format, error) {
	d, f, err := NewReader(r)
	if a, ok := d.(*archiveReader); ok && limit > 0 {
		a.max = limit
	}
	return d, f, err
}

// NewReader returns the content of r: decompressed when r starts with the
// magic bytes of gzip, xz or bzip2, as it is otherwise. It reads r through
// a buffer and looks at its first bytes only, waiting for no more of them
// than it needs to decide. An archive's errors come from the returned
// reader's Read, prefixed with the format ("gzip: invalid header", "xz:
// the compressed data ends early"); errors of r itself are returned as
// they are.
func NewReader(r io.Reader) (io.Reader, Format, error) {
	src := &sourceReader{r: r}
	br := bufio.NewReaderSize(src, bufSize)
	var f Format
	for n := 1; ; n++ {
		head, err := br.Peek(n)
		var complete bool
		f, complete = Detect(head)
		if complete || err != nil {
			if err != nil && !errors.Is(err, io.EOF) {
				return nil, None, err
			}
			if !complete && f == Bzip2 || len(head) == 0 {
				// A short input is text, unless it starts with a byte
				// no text has: then it is an archive cut short.
				f = None
			}
			break
		}
	}
	if f == None {
		return br, None, nil
	}
	return &archiveReader{f: f, br: br, src: src}, f, nil
}

// sourceReader keeps the last error of the reader under the archive, so
// that it is told apart from the decompressor's own.
// It also keeps the last two bytes before any zero bytes at its end: an xz
// file ends with its footer's magic "YZ" and padding of zeros, which tells
// an archive cut at a block header (whose decoder sees a clean end there)
// from a whole one.
type sourceReader struct {
	r          io.Reader
	err        error
	prev, last byte // the last two bytes other than trailing zeros
	zeros      int  // the zero bytes after them
}

func (s *sourceReader) Read(p []byte) (int, error) {
	n, err := s.r.Read(p)
	if err != nil && !errors.Is(err, io.EOF) {
		s.err = err
	}
	for _, b := range p[:n] {
		if b == 0 {
			s.zeros++
			continue
		}
		if s.zeros > 0 {
			s.prev = 0
		} else {
			s.prev = s.last
		}
		s.last, s.zeros = b, 0
	}
	return n, err
}

// xzEnded reports whether the source ended as an xz file does.
func (s *sourceReader) xzEnded() bool {
	return s.prev == 'Y' && s.last == 'Z' && s.zeros%4 == 0
}

// archiveReader decompresses; the decompressor is made at the first Read,
// so that an archive's header error is an error of reading, as a later
// one is, and reaches the caller where its input's errors do.
type archiveReader struct {
	f   Format
	br  *bufio.Reader
	src *sourceReader
	d   io.Reader
	err error
	max int64 // the bound on what it gives, 0 for none
	n   int64 // what it gave
}

func (a *archiveReader) Read(p []byte) (int, error) {
	if a.err != nil {
		return 0, a.err
	}
	if a.max > 0 && int64(len(p)) > a.max-a.n+1 {
		p = p[:a.max-a.n+1] // one byte past the bound tells that there is more
	}
	if a.d == nil {
		d, err := a.open()
		if err != nil {
			a.err = a.explain(err)
			return 0, a.err
		}
		a.d = d
	}
	n, err := a.d.Read(p)
	a.n += int64(n)
	if a.max > 0 && a.n > a.max {
		a.err = &TooLargeError{a.f, a.max}
		return n - int(a.n-a.max), a.err
	}
	if errors.Is(err, io.EOF) && a.f == Xz && !a.src.xzEnded() {
		err = io.ErrUnexpectedEOF
	}
	if err != nil && !errors.Is(err, io.EOF) {
		a.err = a.explain(err)
		err = a.err
	}
	return n, err
}

func (a *archiveReader) open() (io.Reader, error) {
	switch a.f {
	case Gzip:
		return gzip.NewReader(a.br)
	case Xz:
		if err := checkXzDict(a.br); err != nil {
			return nil, err
		}
		return xz.NewReader(a.br)
	case Bzip2:
		return bzip2.NewReader(a.br), nil
	}
	return a.br, nil
}

// explain names the format in a decompressor's error and says what an
// early end means; an error of the source is returned as it is.
func (a *archiveReader) explain(err error) error {
	if a.src.err != nil && errors.Is(err, a.src.err) {
		return err
	}
	name := a.f.String()
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return fmt.Errorf("%s: %w", name, ErrTruncated)
	}
	msg := err.Error()
	// bzip2's errors read "bzip2 data invalid: …".
	if strings.HasPrefix(msg, name+":") || strings.HasPrefix(msg, name+" ") {
		return err
	}
	return fmt.Errorf("%s: %w", name, err)
}

// checkXzDict reads, without consuming it, the header of the xz stream at
// the start of br and of its first block, and refuses a dictionary larger
// than MaxXzDict. What it cannot read is left for the decoder to report.
func checkXzDict(br *bufio.Reader) error {
	const streamHeader = 12
	head, _ := br.Peek(streamHeader + 1)
	if len(head) <= streamHeader {
		return nil
	}
	size := (int(head[streamHeader]) + 1) * 4 // 0 is the index: no block
	if head[streamHeader] == 0 {
		return nil
	}
	h, _ := br.Peek(streamHeader + size)
	if len(h) < streamHeader+size {
		return nil
	}
	h = h[streamHeader : streamHeader+size]
	flags := h[1]
	nFilters := int(flags&3) + 1
	i := 2
	uvarint := func() (uint64, bool) {
		var v uint64
		for s := 0; i < len(h) && s < 63; s += 7 {
			b := h[i]
			i++
			v |= uint64(b&0x7f) << s
			if b < 0x80 {
				return v, true
			}
		}
		return 0, false
	}
	if flags&0x40 != 0 { // compressed size
		if _, ok := uvarint(); !ok {
			return nil
		}
	}
	if flags&0x80 != 0 { // uncompressed size
		if _, ok := uvarint(); !ok {
			return nil
		}
	}
	for range nFilters {
		id, ok1 := uvarint()
		n, ok2 := uvarint()
		if !ok1 || !ok2 || i+int(n) > len(h) {
			return nil
		}
		if id == 0x21 && n == 1 { // LZMA2: its one byte is the dictionary
			if d := lzma2Dict(h[i]); d > MaxXzDict {
				return fmt.Errorf("the archive asks for a dictionary of %d MiB, more than the %d MiB allowed", d>>20, MaxXzDict>>20)
			}
		}
		i += int(n)
	}
	return nil
}

// lzma2Dict decodes LZMA2's dictionary byte: 2 or 3 times a power of two,
// from 4 KiB; 40 is 4 GiB − 1.
func lzma2Dict(b byte) int64 {
	if b > 40 {
		return 1 << 40 // invalid: the decoder reports it, if allowed
	}
	if b == 40 {
		return 1<<32 - 1
	}
	return int64(2|b&1) << (b/2 + 11)
}

// NewWriter returns a writer that compresses what it is given in format f
// to w; Close ends the archive and does not close w. For None it is w with
// a Close that does nothing.
func NewWriter(w io.Writer, f Format) (io.WriteCloser, error) {
	switch f {
	case Gzip:
		return gzip.NewWriter(w), nil
	case Xz:
		return xz.NewWriter(w)
	case None:
		return nopCloser{w}, nil
	}
	return nil, fmt.Errorf("cannot write %s", f)
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }
