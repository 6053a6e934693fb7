package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/sudokusat/sudokusat"
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
// when there are none) to fn, in order, one item per puzzle. It opens each
// file only when its turn comes; a file that cannot be opened is a usage
// error. A file with no puzzle is reported through fn as an error item.
func inputs(names []string, stdin io.Reader, fn func(*item) error) error {
	if len(names) == 0 {
		names = []string{"-"}
	}
	for _, name := range names {
		if name != "-" {
			if _, err := os.Stat(name); err != nil {
				return usagef("%v", err)
			}
		}
	}
	index := 0
	for _, name := range names {
		if name == "-" {
			if err := readInput(name, stdin, &index, fn); err != nil {
				return err
			}
			continue
		}
		f, err := os.Open(name)
		if err != nil {
			return usagef("%v", err)
		}
		err = readInput(name, f, &index, fn)
		f.Close()
		if err != nil {
			return err
		}
	}
	return nil
}

// readInput streams the puzzles of one input to fn, numbering them on from
// *index.
func readInput(name string, r io.Reader, index *int, fn func(*item) error) error {
	pr := sudokusat.NewReader(r)
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
			return fmt.Errorf("%s: %w", name, err) // an I/O error: nothing more to read
		}
		found = true
		if err := fn(it); err != nil {
			return err
		}
	}
	if !found {
		*index++
		return fn(&item{index: *index, file: name, err: errNoPuzzle})
	}
	return nil
}

var errNoPuzzle = errors.New("no puzzle in the input")
