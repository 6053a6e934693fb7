package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime"
	"sync"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/internal/compress"
	"github.com/sudokusat/sudokusat/variant"
	"github.com/urfave/cli/v2"
)

// item is one input puzzle, or the error that stands in its place.
type item struct {
	index  int    // position in the whole input, from 1
	file   string // the file's name, "-" for standard input
	line   int    // the line the puzzle (or its error) is on
	puzzle *sudokusat.Puzzle
	err    error // a parse error; puzzle is nil
}

// where names the puzzle's place for messages: "FILE:LINE" or "line LINE".
func (it *item) where() string {
	switch {
	case it.line == 0 && it.file == "-":
		return "standard input"
	case it.line == 0:
		return it.file
	case it.file == "-":
		return fmt.Sprintf("line %d", it.line)
	}
	return fmt.Sprintf("%s:%d", it.file, it.line)
}

// inputs streams the puzzles of the named files (standard input for "-" or
// when there are none) to fn, in order, one item per puzzle. Every file is
// opened, and checked not to be a directory nor without a puzzle, before
// the first puzzle is read: such a file is a usage error, and nothing
// reaches fn, rather than a batch that stops halfway with its summary lost.
// A read error in the middle of a file is reported through fn as one error
// item; the next file is read after it. A stream (standard input, a pipe)
// without a puzzle is known only at its end: it gives no item, since it has
// no record to answer, the other inputs are read, and inputs then returns
// the usage error.
//
// The files stay open until their turn, so that a named pipe is opened once
// and a file removed in the meantime is still read. What the reading of a
// puzzle found doubtful but read anyway (Puzzle.Warnings), and what its
// document shows that was not read as a rule (Puzzle.Unread, in one
// line), is written on warn as it is read, a line each naming the
// puzzle's place.
//
// A compressed input is read up to limit bytes once decompressed (0: no
// bound), the bound of --max-decompressed; past it, the rest of the input
// is an error.
func inputs(names []string, stdin io.Reader, warn io.Writer, limit int64, fn func(*item) error) error {
	return readInputs(names, stdin, warn, limit, nil, nil, fn)
}

// readInputs is inputs that also counts the bytes it reads in m, when m is
// not nil, against the inputs' total size where every input has one, and
// passes fn only the puzzles that sel keeps (--shard, --resume), with
// their indices in the whole input. A read error (an error item without
// a line) reaches fn in every shard: the rest of its input is lost to
// each.
func readInputs(names []string, stdin io.Reader, warn io.Writer, limit int64, m *meter, sel *selection, fn func(*item) error) error {
	if len(names) == 0 {
		names = []string{"-"}
	}
	files := make([]*os.File, len(names))
	defer func() {
		for _, f := range files {
			if f != nil {
				f.Close()
			}
		}
	}()
	for i, name := range names {
		if name == "-" {
			continue
		}
		f, err := openInput(name, limit)
		if err != nil {
			return usageError{err}
		}
		files[i] = f
	}
	if m != nil {
		m.measure(files, stdin)
	}
	index := 0
	var empty error // the first stream without a puzzle
	for i, name := range names {
		var r io.Reader = stdin
		if files[i] != nil {
			r = files[i]
		}
		if m != nil {
			r = m.reader(r) // the bytes of the file, compressed or not
		}
		err := readInput(name, decompressed(r, limit), &index, sel, warn, fn)
		if files[i] != nil {
			files[i].Close()
			files[i] = nil
		}
		var np noPuzzleError
		switch {
		case errors.As(err, &np) && empty == nil:
			empty = usageError{err}
		case errors.As(err, &np):
		case err != nil:
			return err
		}
	}
	if empty != nil {
		return empty
	}
	return sel.finish(index)
}

// errNotReadable is the reason given for an input that is neither a file
// nor a stream, such as a block device.
var errNotReadable = errors.New("not a regular file, pipe or character device")

// openInput opens a named input and checks that it reads as a stream of
// text: a regular file, a pipe, a socket or a character device such as
// /dev/stdin, not a directory, whose read error would otherwise come only
// when its turn came, in the middle of the batch. limit is the bound on
// its decompressed size.
func openInput(name string, limit int64) (*os.File, error) {
	f, err := openStream(name)
	if err != nil {
		return nil, err
	}
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
		if err := checkHasPuzzle(f, name, limit); err != nil {
			f.Close()
			return nil, err
		}
	}
	return f, nil
}

// openStream opens a named file that reads as a stream: a regular file,
// a pipe, a socket or a character device, not a directory. Its errors
// are *fs.PathError, "open NAME: reason", which the exit status counts
// as an input that cannot be opened (2), as a missing file is.
func openStream(name string) (*os.File, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err == nil {
		switch m := fi.Mode(); {
		case m.IsDir():
			err = &fs.PathError{Op: "open", Path: name, Err: errIsDir}
		case !m.IsRegular() && m&(fs.ModeNamedPipe|fs.ModeSocket|fs.ModeCharDevice) == 0:
			err = &fs.PathError{Op: "open", Path: name, Err: errNotReadable}
		}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

var errIsDir = errors.New("is a directory")

// checkHasPuzzle returns a noPuzzleError when the regular file f holds no
// puzzle (it is empty, or blank lines and comments), and leaves f at its
// start. The reader itself decides, so that what counts as a puzzle is
// what a batch would read; the first puzzle is read twice, which costs
// little beside solving it. A compressed file that decompresses past
// limit before its first puzzle is refused here too, a usage error that
// names the flag, rather than read to its bound twice.
func checkHasPuzzle(f *os.File, name string, limit int64) error {
	_, err := variant.NewReader(decompressed(f, limit)).Read()
	if _, serr := f.Seek(0, io.SeekStart); serr != nil {
		return serr
	}
	var tl *compress.TooLargeError
	switch {
	case errors.Is(err, io.EOF):
		return noPuzzleError{name}
	case errors.As(err, &tl):
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil // a puzzle, or an error that its item will report
}

// noPuzzleError is an input without a puzzle: no record can answer it, so
// that it is a usage error, as a directory is.
type noPuzzleError struct{ name string }

func (e noPuzzleError) Error() string {
	if e.name == "-" {
		return "no puzzle in standard input"
	}
	return "no puzzle in " + e.name
}

// readInput streams the puzzles of one input that sel keeps to fn,
// numbering them on from *index. An input without a puzzle gives no item
// and a noPuzzleError.
func readInput(name string, r io.Reader, index *int, sel *selection, warn io.Writer, fn func(*item) error) error {
	pr := variant.NewReader(r)
	found := false
	for {
		p, err := pr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		*index++
		it := &item{index: *index, file: name, puzzle: p}
		var pe *sudokusat.ParseError
		switch {
		case err == nil:
			it.line = p.Line
		case errors.As(err, &pe):
			it.line, it.err = pe.Line, pe.Err
		default:
			// An I/O error: the rest of this input cannot be read. It is
			// one error item in the input's place, and the batch goes on
			// with the next input.
			it.err = fmt.Errorf("%w (the rest of this input is not read)", err)
			return fn(it)
		}
		found = true
		if ok, err := sel.keep(it); !ok || err != nil {
			if err != nil {
				return err
			}
			continue
		}
		if it.err == nil {
			for _, w := range p.Warnings {
				fmt.Fprintf(warn, "sudokusat: %s: warning: %s\n", it.where(), w)
			}
			if note := sudokusat.NotReadNote(p.Unread); note != "" {
				fmt.Fprintf(warn, "sudokusat: %s: warning: %s\n", it.where(), note)
			}
		}
		if err := fn(it); err != nil {
			return err
		}
	}
	if !found {
		return noPuzzleError{name}
	}
	return nil
}

// decompressed returns what r holds: decompressed when it starts with the
// magic bytes of gzip, xz or bzip2, as it is otherwise. Its first bytes are
// peeked, not read twice, so that a pipe or a terminal works as a file
// does; an error reading them, or of the archive, comes from its Read, to
// be reported as the input's other read errors are ("FILE: gzip: invalid
// header"). What it gives is read by the same readers, with the same bounds
// on a line or a document, as text is. An archive that decompresses past
// limit bytes (0: no bound) is an error from then on, that names
// --max-decompressed.
func decompressed(r io.Reader, limit int64) io.Reader {
	d, _, err := compress.NewLimitedReader(r, limit)
	if err != nil {
		return errReader{err}
	}
	return boundReader{d}
}

// boundReader says which flag sets the bound that an archive went past.
type boundReader struct{ r io.Reader }

func (b boundReader) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	if tl := (*compress.TooLargeError)(nil); errors.As(err, &tl) {
		err = fmt.Errorf("%w, the bound that --max-decompressed sets", err)
	}
	return n, err
}

// maxDecompressedFlag is --max-decompressed, on every command that reads
// puzzles: the bound on what one compressed input may decompress to.
func maxDecompressedFlag() cli.Flag {
	return &cli.IntFlag{Name: "max-decompressed", Value: compress.DefaultMaxSize >> 20,
		Usage: "refuse a compressed input past `MB` megabytes once decompressed: the rest of it is an error (0: no limit)",
		Action: func(_ *cli.Context, n int) error {
			if n < 0 {
				return usagef("--max-decompressed %d: want 0 (no limit) or more", n)
			}
			return nil
		}}
}

// maxDecompressed is the bound --max-decompressed sets, in bytes, 0 for
// none; a command without the flag has the default bound, not none.
func maxDecompressed(c *cli.Context) int64 {
	if c.Value("max-decompressed") == nil {
		return compress.DefaultMaxSize
	}
	return int64(c.Int("max-decompressed")) << 20
}

type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

// announcedReader is standard input when it is a terminal: its first read
// says on w that the command waits for input there, since a command given
// no file otherwise sits silent, as if it hung. A pipe or a file needs no
// word, and a command that never reads standard input says nothing.
type announcedReader struct {
	r    io.Reader
	w    io.Writer
	once sync.Once
}

func (a *announcedReader) Read(p []byte) (int, error) {
	a.once.Do(func() {
		fmt.Fprintf(a.w, "sudokusat: reading standard input (end it with %s, or name a FILE)\n", endOfInput())
	})
	return a.r.Read(p)
}

// endOfInput is the keys that end a terminal's input.
func endOfInput() string {
	if runtime.GOOS == "windows" {
		return "Ctrl-Z and Enter"
	}
	return "Ctrl-D"
}
