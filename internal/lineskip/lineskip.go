// Package lineskip skips runs of blank lines in bulk, for the readers of
// puzzles and links, which otherwise take them a line at a time.
//
// A line at a time costs some 25 ns a line: a file of 200 MB of newlines
// took 5 s of CPU to read, twice that for a command that looks for its
// first puzzle before reading it, and a compressed file of a few
// kilobytes can hold that many. Skipped in bulk, a run of newlines costs
// what scanning its bytes does.
package lineskip

import (
	"bufio"
	"encoding/binary"
)

// newlines is eight '\n' bytes read as one word.
const newlines = 0x0a0a0a0a0a0a0a0a

// Blank consumes the blank lines at br's position: whitespace (space, tab,
// CR, VT, FF) up to and including the last '\n' of the run, and returns how
// many lines it consumed. It stops before a line that has any other byte,
// and leaves the whitespace that starts such a line, or that ends the
// input without a '\n', to be read as part of it; it also stops where
// what br has buffered ends in whitespace without its '\n' yet, leaving
// that line for the caller to read as it reads any, rather than read on
// and meet an end of input that bufio.Reader would not report again.
// err is the error that
// ended the input, io.EOF included, when nothing is left to read: br's
// caller must keep it, since bufio.Reader returns an error once.
func Blank(br *bufio.Reader) (lines int, err error) {
	for {
		if _, err := br.Peek(1); err != nil {
			return lines, err
		}
		buf, _ := br.Peek(br.Buffered())
		end, n := scan(buf)
		br.Discard(end)
		lines += n
		if end < len(buf) {
			return lines, nil
		}
	}
}

// scan returns the length of the blank lines that buf starts with, up to
// and including their last '\n', and their number.
func scan(buf []byte) (end, lines int) {
	i := 0
	for {
		// Newlines only, the common run, eight at a time.
		for i+8 <= len(buf) && binary.LittleEndian.Uint64(buf[i:]) == newlines {
			i += 8
			lines += 8
			end = i
		}
		if i == len(buf) {
			return end, lines
		}
		switch buf[i] {
		case '\n':
			lines++
			end = i + 1
		case ' ', '\t', '\r', '\v', '\f':
		default:
			return end, lines
		}
		i++
	}
}
