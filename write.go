package sudokusat

import (
	"bufio"
	"io"
	"strings"
)

// A Writer writes grids, and the lines between them, in the layouts the
// Reader reads, so that what one command writes another can read back.
// Like encoding/csv's Writer it buffers: call Flush at the end. The first
// write error is kept: every later call does nothing and returns it, and
// so do Flush and Error, so that a caller may check once at the end.
type Writer struct {
	w   *bufio.Writer
	err error
}

// NewWriter returns a Writer that writes to w.
func NewWriter(w io.Writer) *Writer {
	return &Writer{w: bufio.NewWriterSize(w, 64<<10)}
}

// WriteGrid writes g as one record in the given layout: LayoutLine on one
// line (numbers separated by spaces above 35×35), LayoutRows as a drawn
// grid and LayoutNumbers as rows of numbers, each of these two followed by
// a blank line, which ends a multi-line grid for the Reader.
func (w *Writer) WriteGrid(g *Grid, layout Layout) error {
	if w.err != nil {
		return w.err
	}
	switch layout {
	case LayoutRows:
		w.WriteString(strings.TrimRight(g.Pretty(), "\n"))
		w.WriteString("\n\n")
	case LayoutNumbers:
		w.WriteString(g.Rows())
		w.WriteString("\n")
	default:
		var b [81 + 1]byte
		w.Write(append(g.AppendLine(b[:0]), '\n'))
	}
	return w.err
}

// Write writes p as it is, so that a Writer can take fmt.Fprintf's lines
// between grids. It is io.Writer's Write, with the sticky error.
func (w *Writer) Write(p []byte) (int, error) {
	if w.err != nil {
		return 0, w.err
	}
	n, err := w.w.Write(p)
	w.err = err
	return n, err
}

// WriteString is Write for a string.
func (w *Writer) WriteString(s string) (int, error) {
	if w.err != nil {
		return 0, w.err
	}
	n, err := w.w.WriteString(s)
	w.err = err
	return n, err
}

// Buffered returns the number of bytes written but not yet flushed.
func (w *Writer) Buffered() int { return w.w.Buffered() }

// Flush writes any buffered data to the underlying writer and returns the
// first error of any write so far.
func (w *Writer) Flush() error {
	if w.err == nil {
		w.err = w.w.Flush()
	}
	return w.err
}

// Error returns the first error of any write or Flush so far.
func (w *Writer) Error() error { return w.err }
