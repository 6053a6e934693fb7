package variant

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/internal/lineskip"
)

// Reader reads the puzzles of one input, in every format sudokusat takes:
// classic grids as sudokusat.Reader reads them (one a line, drawn grids,
// rows of numbers), one JSON document of f-puzzles or SudokuPad (the whole
// input), or f-puzzles and SudokuPad links, or their compressed text, one
// a line.
//
// The format is decided once, from the input's first line that is not
// blank or a comment, which the Reader buffers and then reads as any
// other: nothing is read twice, so pipes, FIFOs and terminals work as
// files do, and the decision waits for that one line only.
//
// Every puzzle of the input gives one result, in input order: a puzzle
// with its Line and Layout (LayoutFPuzzles for documents and links), or a
// *sudokusat.ParseError naming the line at fault, after which Read goes
// on. At the end Read returns io.EOF; an error of the input itself is
// returned as it is, and is returned again by every later Read.
type Reader struct {
	// MaxDocument, when above zero, bounds one f-puzzles document in
	// bytes, as read or as decompressed from a link, below the 1 MiB
	// read otherwise: a server's bound on the memory one request costs,
	// since a link of kilobytes can decompress to megabytes.
	MaxDocument int

	br   *bufio.Reader
	next func() (*sudokusat.Puzzle, error) // nil until the format is decided
}

// readerSize is the Reader's buffer, and so the most it looks at to
// decide the format: sudokusat.Reader takes a bufio.Reader of this size as
// its own, with what it has buffered.
const readerSize = 64 << 10

// NewReader returns a Reader of the puzzles of r.
func NewReader(r io.Reader) *Reader {
	return &Reader{br: bufio.NewReaderSize(&stickyReader{r: r}, readerSize)}
}

// Read returns the next puzzle.
func (r *Reader) Read() (*sudokusat.Puzzle, error) {
	if r.next == nil {
		max := maxDocument
		if r.MaxDocument > 0 {
			max = min(r.MaxDocument, maxDocument)
		}
		switch r.format() {
		case formatLinks:
			r.next = (&linkReader{br: r.br, max: max, parse: parseLink}).read
		case formatCandidates:
			r.next = (&linkReader{br: r.br, max: max, parse: func(line string, _ int) (*sudokusat.Puzzle, error) { return ParseCandidates(line) }}).read
		default:
			r.next = sudokusat.NewReader(r.br).Read
		}
	}
	return r.next()
}

// inputFormat is what an input holds, decided from its first line.
type inputFormat int

const (
	formatClassic    inputFormat = iota // classic grids, as sudokusat.Reader reads them
	formatLinks                         // f-puzzles documents, f-puzzles and SudokuPad links
	formatCandidates                    // candidate grids, one a line (ParseCandidates)
)

// format decides what the input holds, reading no more of it than its
// first line that is not blank or a comment (or a first line that is not
// one yet, after readerSize bytes).
func (r *Reader) format() inputFormat {
	for {
		_, err := r.br.Peek(r.br.Buffered() + 1) // waits for one byte more, or the end
		head, _ := r.br.Peek(r.br.Buffered())
		if v, ok := sniff(head, err != nil); ok {
			return v
		}
	}
}

// sniff decides from the head of an input what it holds: f-puzzles
// documents or links, when its first line (after blank and '#' lines)
// opens a JSON object, is a link, or is a line of compressed text long
// enough to be one (classic lines hold digits, dots, spaces and drawing,
// never letters in both cases beside "/" or "+"); candidate grids, when
// that line is one (see candidateSide); else classic grids. ok is false
// when head ends before that line does, unless final says that no more
// will come.
func sniff(head []byte, final bool) (f inputFormat, ok bool) {
	head = bytes.TrimPrefix(head, []byte("\ufeff"))
	of := func(t []byte) inputFormat {
		switch {
		case looksCompressed(t):
			return formatLinks
		case candidateSide(t) > 0:
			return formatCandidates
		}
		return formatClassic
	}
	for {
		line, rest, complete := bytes.Cut(head, []byte("\n"))
		t := bytes.TrimSpace(line)
		switch {
		case bytes.HasPrefix(t, []byte("{")), bytes.HasPrefix(t, []byte("http://")), bytes.HasPrefix(t, []byte("https://")):
			return formatLinks, true
		case !complete && !final:
			return formatClassic, false
		case !complete:
			return of(t), true
		case len(t) == 0 || t[0] == '#':
			head = rest
			continue
		}
		return of(t), true
	}
}

// looksCompressed reports whether a line is lz-string output (base64 or
// its URI form) of some length.
func looksCompressed(line []byte) bool {
	lower, upper := false, false
	for _, b := range line {
		switch {
		case b >= 'a' && b <= 'z':
			lower = true
		case b >= 'A' && b <= 'Z':
			upper = true
		case b >= '0' && b <= '9', b == '+', b == '/', b == '=', b == '-', b == '$':
		default:
			return false
		}
	}
	return len(line) >= 16 && lower && upper
}

// stickyReader returns its reader's first error, io.EOF included, on every
// later call, so that an end of input seen while deciding the format is
// not waited for again (a terminal's Ctrl-D comes once).
type stickyReader struct {
	r   io.Reader
	err error
}

func (s *stickyReader) Read(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.r.Read(p)
	s.err = err
	return n, err
}

// maxDocument bounds one f-puzzles document or link, unless
// Reader.MaxDocument is lower: the largest published documents seen are
// tens of kilobytes (a link of 4 KB), and what a document holds is built
// in memory several times over.
const maxDocument = 1 << 20

// linkReader reads f-puzzles inputs: one JSON document, or one link or
// compressed text per line, blank lines and lines starting with # skipped.
// A line that cannot be read is an error naming it, and the next read
// goes on with the line after it.
type linkReader struct {
	br *bufio.Reader
	// parse reads one line, a link or compressed text (parseLink), or a
	// candidate grid; only links' inputs may be one JSON document.
	parse func(line string, max int) (*sudokusat.Puzzle, error)
	max   int  // the bound on a document or link, at most maxDocument
	line  int  // the number of the last line read
	seen  bool // whether the first non-blank line has been read
	done  bool
}

func (r *linkReader) read() (*sudokusat.Puzzle, error) {
	for !r.done {
		// Runs of blank lines in bulk, not a string each. An error that
		// ends the input is the stickyReader's: readLine meets it again.
		n, _ := lineskip.Blank(r.br)
		r.line += n
		text, err := r.readLine()
		if err != nil {
			var pe *sudokusat.ParseError
			if errors.As(err, &pe) {
				return nil, err
			}
			r.done = true
			if errors.Is(err, io.EOF) {
				break
			}
			return nil, err
		}
		if !r.seen {
			text = strings.TrimPrefix(text, "\ufeff")
		}
		t := strings.TrimSpace(text)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		line := r.line
		var p *sudokusat.Puzzle
		if !r.seen && strings.HasPrefix(t, "{") {
			// A JSON document, which may span lines: the rest of the
			// input is it.
			r.done = true
			rest, rerr := io.ReadAll(io.LimitReader(r.br, int64(r.max)+1))
			if rerr != nil {
				return nil, rerr
			}
			if len(rest)+len(t) > r.max {
				return nil, &sudokusat.ParseError{Line: line, Err: fmt.Errorf("%w: more than %d bytes", ErrFormat, r.max)}
			}
			p, err = parseDocument(append([]byte(t+"\n"), rest...))
		} else {
			r.seen = true
			p, err = r.parse(t, r.max)
		}
		if err != nil {
			return nil, &sudokusat.ParseError{Line: line, Err: err}
		}
		p.Line = line
		return p, nil
	}
	return nil, io.EOF
}

// parseDocument reads a JSON document: SudokuPad's (what its links hold,
// decompressed, as its own files save it), which lists "cells" and no
// "grid", or else f-puzzles'.
func parseDocument(data []byte) (*sudokusat.Puzzle, error) {
	var keys map[string]json.RawMessage
	if json.Unmarshal(data, &keys) == nil && keys["cells"] != nil && keys["grid"] == nil {
		return ParseSudokuPad(data)
	}
	return ParseFPuzzles(data)
}

// readLine returns the next line without its line ending; a line over
// r.max bytes is read whole and refused.
func (r *linkReader) readLine() (string, error) {
	var b []byte
	long := false
	for {
		chunk, err := r.br.ReadSlice('\n')
		if long = long || len(b)+len(chunk) > r.max+2; !long {
			b = append(b, chunk...)
		}
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF) && len(b) > 0: // a last line without its newline
		case err != nil:
			return "", err
		}
		r.line++
		if long {
			return "", &sudokusat.ParseError{Line: r.line, Err: fmt.Errorf("%w: line longer than %d bytes", ErrFormat, r.max)}
		}
		return strings.TrimRight(string(b), "\r\n"), nil
	}
}
