package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/sudokusat/sudokusat/engine"
	"github.com/urfave/cli/v2"
)

// shardFlag is --shard, on every command that reads puzzles as a batch.
func shardFlag() cli.Flag {
	return &cli.StringFlag{Name: "shard", Usage: "answer only shard `I/N` of the input: every N-th puzzle from the I-th, counted over all inputs (1/3, 2/3 and 3/3 cover it once)",
		Action: func(_ *cli.Context, s string) error {
			// Checked before any engine starts or file is read.
			_, _, err := parseShard(s)
			return err
		}}
}

// resumeFlag is --resume, on the batch commands that write JSON records.
func resumeFlag() cli.Flag {
	return &cli.StringFlag{Name: "resume", Usage: "skip the puzzles that `FILE`, an earlier --format json output of the same command, answered: write only the rest (append it to FILE with >>)"}
}

// parseShard reads --shard I/N.
func parseShard(s string) (i, n int, err error) {
	a, b, ok := strings.Cut(s, "/")
	i, erri := strconv.Atoi(a)
	n, errn := strconv.Atoi(b)
	if !ok || erri != nil || errn != nil || n < 1 || i < 1 || i > n {
		return 0, 0, usagef("--shard %q: want I/N with I from 1 to N, e.g. 2/8", s)
	}
	return i, n, nil
}

// errLocked is a file that another process holds the lock of.
var errLocked = errors.New("locked by another process")

// selection is the puzzles of the input that a run answers: those of its
// shard (--shard I/N) that an earlier output (--resume FILE) has not
// answered. The zero selection, and a nil one, keep every puzzle.
type selection struct {
	shard, shards int // I and N of --shard; shards 0 for the whole input
	resume        string
	done          map[int]answered // by the puzzle's index
	lock          *os.File         // the --resume file, locked while the run writes
	// groups is a file of check's: records of several engines' runs per
	// puzzle, one after the other, and summary records after a run's.
	groups bool
}

// answered is a puzzle the --resume file answered: the place its record
// names, and the record's line in the file.
type answered struct {
	file string
	line int
	at   int
}

// selectionOf reads --shard and --resume. A partial last line of the
// --resume file is cut off it (see readResume).
func selectionOf(c *cli.Context) (*selection, error) {
	s := &selection{}
	if c.IsSet("shard") {
		var err error
		if s.shard, s.shards, err = parseShard(c.String("shard")); err != nil {
			return nil, err
		}
	}
	if !c.IsSet("resume") {
		return s, nil
	}
	if c.String("format") != "json" {
		return nil, usagef("--resume continues a --format json output: add --format json")
	}
	s.resume = c.String("resume")
	s.groups = c.Command.Name == "check"
	if err := s.readResume(c.App.ErrWriter); err != nil {
		return nil, err
	}
	return s, nil
}

// inShard reports whether the puzzle at index is in the selection's shard.
func (s *selection) inShard(index int) bool {
	return s.shards == 0 || (index-1)%s.shards == s.shard-1
}

// resumeError is a --resume file that is not an earlier output of the
// run: a usage error, reported without a pointer to the help.
type resumeError struct {
	file string
	line int // 0 for the whole file
	err  error
}

func (e *resumeError) Error() string {
	if e.line == 0 {
		return fmt.Sprintf("--resume %s: %v", e.file, e.err)
	}
	return fmt.Sprintf("--resume %s:%d: %v", e.file, e.line, e.err)
}

func (e *resumeError) Unwrap() error { return e.err }

// fail is a usage error of the --resume file at its line n.
func (s *selection) fail(n int, format string, args ...any) error {
	return usageError{&resumeError{s.resume, n, fmt.Errorf(format, args...)}}
}

// release lets go of the --resume file's lock, once the run has written
// every record.
func (s *selection) release() {
	if s != nil && s.lock != nil {
		s.lock.Close()
		s.lock = nil
	}
}

// readResume reads the records of the --resume file. Every complete line
// must be a JSON record with the index and the file (and line) of its
// puzzle, one of this shard's, each answered once.
//
// What a stopped run leaves at the end of its output is no answer: a last
// line without its newline (killed while writing), and a record whose
// status is canceled (Ctrl-C or SIGTERM stopped the puzzle under way). The
// file is cut at the first of these, when it is a regular file, and its
// puzzles from there are answered again: the records appended to it
// (>> FILE) then begin on a line of their own, and FILE and the new
// records, concatenated, answer every puzzle once.
//
// A regular file is locked first, and stays locked until release: a
// second run resuming the same file (a shard started again while its first
// run goes on, on this machine or another one of a shared file system)
// would answer the same puzzles again and append them beside the first
// run's records. It is refused instead, before it reads or cuts the file.
func (s *selection) readResume(warn io.Writer) error {
	// Opened for reading only: a pipe opened for writing too would never
	// reach its end.
	f, err := os.Open(s.resume)
	if err != nil {
		return usageError{err}
	}
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
		switch err := lockFile(f); {
		case errors.Is(err, errLocked):
			f.Close()
			return s.fail(0, "another run is resuming it and appends to it: not started, so that no puzzle is answered twice (wait for that run, or stop it, then run again)")
		case err != nil:
			f.Close()
			return s.fail(0, "cannot lock it against a second run: %w", err)
		}
		s.lock = f
	} else {
		defer f.Close()
	}
	s.done = map[int]answered{}
	r := bufio.NewReader(f)
	var size int64 // of the lines read
	// With several records per puzzle (check's, an engine's run each),
	// the last puzzle's records and where they begin: a stopped run's
	// last puzzle may lack some, and is cut off whole.
	last, lastAt, lastLine := 0, int64(0), 0
	summaries := false // the lines read end with summaries: the run ended
	cutLast := func(n int, why string) error {
		if last == 0 {
			return s.cut(f, size, n, why, warn)
		}
		delete(s.done, last)
		return s.cut(f, lastAt, lastLine, why, warn)
	}
	for n := 1; ; n++ {
		line, err := r.ReadBytes('\n')
		if err == io.EOF && len(line) > 0 {
			return cutLast(n, "the last line was cut short (a run killed while writing)")
		}
		if err == io.EOF {
			if s.groups && last != 0 && !summaries {
				return cutLast(n, "no summary after the last puzzle's records, which may lack some (a run killed while writing)")
			}
			return nil
		}
		if err != nil {
			return s.fail(0, "%w", err)
		}
		var rec struct {
			Index   *int    `json:"index"`
			File    *string `json:"file"`
			Line    int     `json:"line"`
			Status  string  `json:"status"`
			Summary bool    `json:"summary"`
		}
		if json.Unmarshal(bytes.TrimSpace(line), &rec) == nil && s.groups && rec.Summary {
			// A summary of an earlier run's records, which merge
			// recomputes: no answer.
			summaries = true
			size += int64(len(line))
			continue
		}
		if json.Unmarshal(bytes.TrimSpace(line), &rec) != nil || rec.Index == nil || rec.File == nil {
			return s.fail(n, "not a JSON record with index and file: --resume reads what --format json wrote")
		}
		summaries = false
		i := *rec.Index
		same := s.groups && i == last
		if !same {
			last, lastAt, lastLine = 0, size, n
		}
		if rec.Status == engine.Canceled.String() {
			return cutLast(n, "a canceled record (a run stopped by Ctrl-C or SIGTERM)")
		}
		if prev, ok := s.done[i]; ok && !same {
			return s.fail(n, "puzzle %d is answered a second time (first on line %d)", i, prev.at)
		}
		if !s.inShard(i) {
			return s.fail(n, "puzzle %d is not in shard %d/%d: an output of another shard?", i, s.shard, s.shards)
		}
		if !same {
			s.done[i] = answered{*rec.File, rec.Line, n}
		}
		if s.groups {
			last = i
		}
		size += int64(len(line))
	}
}

// cut cuts the file f at size, the start of its line n, which is no
// answer for the reason given: that line's puzzle and those after it are
// answered again. A pipe is read to its end and left.
func (s *selection) cut(f *os.File, size int64, n int, why string, warn io.Writer) error {
	done := ""
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
		if err := os.Truncate(s.resume, size); err != nil {
			return s.fail(n, "%s: it cannot be cut off: %w", why, err)
		}
		done = "cut off, "
	}
	fmt.Fprintf(warn, "sudokusat: --resume %s:%d: %s: %sits puzzles are answered again\n", s.resume, n, why, done)
	return nil
}

// keep reports whether the run answers it: a puzzle of the shard that the
// --resume file has not answered. A puzzle the file answered must be
// where its record says, or the file is the output of other inputs.
func (s *selection) keep(it *item) (bool, error) {
	if s == nil {
		return true, nil
	}
	if !s.inShard(it.index) {
		return false, nil
	}
	a, ok := s.done[it.index]
	if !ok {
		return true, nil
	}
	if a.file != it.file || a.line != it.line {
		return false, s.fail(a.at, "puzzle %d is %s:%d, here %s:%d: not an output of these inputs", it.index, a.file, a.line, it.file, it.line)
	}
	return false, nil
}

// finish checks, once the inputs' last puzzle was read (the total-th),
// that the --resume file answered none beyond it.
func (s *selection) finish(total int) error {
	if s == nil {
		return nil
	}
	// The first such record, for a message that does not vary.
	beyond := 0
	for i, a := range s.done {
		if i > total && (beyond == 0 || a.at < s.done[beyond].at) {
			beyond = i
		}
	}
	if beyond > 0 {
		return s.fail(s.done[beyond].at, "puzzle %d, but the inputs hold %d: not an output of these inputs", beyond, total)
	}
	return nil
}
