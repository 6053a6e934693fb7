package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/sudokusat/sudokusat"
)

// emitter writes a batch's records to standard output and, on a terminal,
// a progress line to standard error. Records are buffered and flushed at
// least every flushEvery, so that a pipeline fed one puzzle at a time sees
// each answer soon after it is found. With the progress line on, every
// flush first clears it and then draws it again below the records, so that
// the two never mix on the screen.
type emitter struct {
	mu   sync.Mutex // w and prog, between the batch and the ticker
	w    *sudokusat.Writer
	prog *progress
	stop func() // ends the ticker
}

// flushEvery bounds how long a record waits in the buffer, and how often
// the progress line is drawn.
const flushEvery = 100 * time.Millisecond

// newEmitter returns the emitter of a batch command. Its progress line is
// on when standard error is a terminal and --quiet is not given; m, when
// not nil, measures how much of the input has been read.
func newEmitter(c *cli.Context, m *meter) *emitter {
	em := &emitter{w: sudokusat.NewWriter(c.App.Writer), prog: newProgress(c.App.ErrWriter, m)}
	if c.Bool("quiet") || c.String("progress") == "json" {
		em.prog.on = false
	}
	done := make(chan struct{})
	go func() {
		tick := time.NewTicker(flushEvery)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				em.mu.Lock()
				em.flush() // an error stays in w for the next record
				em.mu.Unlock()
			}
		}
	}()
	em.stop = sync.OnceFunc(func() { close(done) })
	return em
}

// flush writes the buffered records and redraws the progress line below
// them. em.mu must be held.
func (em *emitter) flush() error {
	if em.prog.on {
		em.prog.clear()
	}
	err := em.w.Flush()
	if em.prog.on {
		em.prog.draw()
	}
	return err
}

// record writes one puzzle's record with write (which may write nothing)
// and counts the puzzle.
func (em *emitter) record(write func(w *sudokusat.Writer)) error {
	em.mu.Lock()
	defer em.mu.Unlock()
	write(em.w)
	em.prog.done++
	if !em.prog.on && em.w.Buffered() > 32<<10 {
		return writeErr(em.w.Flush())
	}
	return writeErr(em.w.Error())
}

// close clears the progress line and flushes the records, and whatever
// last writes (a summary table) after them; it returns the first write
// error, so that output that was lost is never a success.
func (em *emitter) close(last func(w *sudokusat.Writer)) error {
	em.stop()
	em.mu.Lock()
	defer em.mu.Unlock()
	em.prog.clear()
	if last != nil {
		last(em.w)
	}
	return writeErr(em.w.Flush())
}

func quietFlag() cli.Flag {
	return &cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "no progress line on standard error (it is shown only on a terminal)"}
}

// progress is a one-line report on standard error: puzzles done, how much
// of the input was read when its size is known, the rate, and the time
// elapsed or left.
type progress struct {
	w       io.Writer
	on      bool
	meter   *meter
	start   time.Time
	done    int
	printed bool
}

// newProgress reports on w only when w is a terminal.
func newProgress(w io.Writer, m *meter) *progress {
	return &progress{w: w, on: isTerminal(w), meter: m, start: time.Now()}
}

// isTerminal reports whether w is a terminal: a character device other
// than the null device, which is one too (< /dev/null is no terminal to
// talk to).
func isTerminal(w any) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	null, err := os.Stat(os.DevNull)
	return err != nil || !os.SameFile(fi, null)
}

// sameFile reports whether the writers a and b are one file, as standard
// output and standard error are on a terminal or after 2>&1: a line
// written to both would be read twice.
func sameFile(a, b io.Writer) bool {
	fa, ok := a.(*os.File)
	fb, okb := b.(*os.File)
	if !ok || !okb {
		return false
	}
	sa, err := fa.Stat()
	if err != nil {
		return false
	}
	sb, err := fb.Stat()
	return err == nil && os.SameFile(sa, sb)
}

// clear erases the progress line, if one is shown.
func (p *progress) clear() {
	if p.printed {
		fmt.Fprint(p.w, "\r\033[K")
		p.printed = false
	}
}

// draw shows the progress line.
func (p *progress) draw() {
	fmt.Fprint(p.w, "\r\033[K"+p.line(time.Since(p.start)))
	p.printed = true
}

// line is the progress line after elapsed, e.g.
// "[#######.............]  35%  1,204 puzzles  812/s  0:03 left".
func (p *progress) line(elapsed time.Duration) string {
	var b strings.Builder
	rate := float64(p.done) / max(elapsed.Seconds(), 1e-3)
	frac := p.meter.fraction()
	if frac >= 0 {
		const width = 20
		n := int(frac * width)
		fmt.Fprintf(&b, "[%s%s] %3.0f%%  ", strings.Repeat("#", n), strings.Repeat(".", width-n), 100*frac)
	}
	fmt.Fprintf(&b, "%d %s  %.0f/s  ", p.done, plural(p.done, "puzzle", "puzzles"), rate)
	if frac > 0 && frac < 1 {
		left := time.Duration(float64(elapsed) * (1 - frac) / frac)
		b.WriteString(clock(left) + " left")
	} else {
		b.WriteString(clock(elapsed))
	}
	return b.String()
}

// clock writes d as m:ss or h:mm:ss.
func clock(d time.Duration) string {
	s := int(d.Round(time.Second).Seconds())
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// meter counts the bytes read of a batch's inputs against their total
// size, known when every input is a regular file.
type meter struct {
	total int64 // 0 when not known
	read  atomic.Int64
}

// measure sums the sizes of the inputs: the opened files, and stdin where
// files holds nil (a "-" argument).
func (m *meter) measure(files []*os.File, stdin io.Reader) {
	var total int64
	for _, f := range files {
		if f == nil {
			var ok bool
			if f, ok = stdin.(*os.File); !ok {
				return
			}
		}
		fi, err := f.Stat()
		if err != nil || !fi.Mode().IsRegular() {
			return
		}
		total += fi.Size()
	}
	m.total = total
}

// fraction returns the part of the input read so far, or -1 when its
// size is not known.
func (m *meter) fraction() float64 {
	if m == nil || m.total <= 0 {
		return -1
	}
	return min(float64(m.read.Load())/float64(m.total), 1)
}

func (m *meter) reader(r io.Reader) io.Reader { return &countingReader{r, m} }

type countingReader struct {
	r io.Reader
	m *meter
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.m.read.Add(int64(n))
	return n, err
}
