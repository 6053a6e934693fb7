package sudokusat

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"testing"
)

// filled returns a valid full grid of side n (a pattern solution).
func filled(t *testing.T, n int) *Grid {
	t.Helper()
	br, bc, err := BoxShape(n)
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGrid(br, bc)
	if err != nil {
		t.Fatal(err)
	}
	for r := range n {
		for c := range n {
			g.Set(r, c, (bc*(r%br)+r/br+c)%n+1)
		}
	}
	if err := CheckSolution(g, g); err != nil {
		t.Fatal(err)
	}
	return g
}

// TestWriterRoundTrip writes grids in each layout, several in a row, and
// reads them back with the Reader: each must come back whole, in order.
func TestWriterRoundTrip(t *testing.T) {
	for _, n := range []int{4, 6, 9, 16, 25, 36} {
		for _, layout := range []Layout{LayoutLine, LayoutRows, LayoutNumbers} {
			if layout == LayoutLine && n > MaxSymbolSize {
				continue // one line of numbers reads back as one row
			}
			t.Run(fmt.Sprintf("%d/%d", n, layout), func(t *testing.T) {
				var buf bytes.Buffer
				w := NewWriter(&buf)
				g := filled(t, n)
				h := g.Clone()
				h.SetCell(0, 0) // a puzzle with a blank, so that the two differ
				for _, x := range []*Grid{g, h, g} {
					if err := w.WriteGrid(x, layout); err != nil {
						t.Fatal(err)
					}
				}
				if err := w.Flush(); err != nil {
					t.Fatal(err)
				}
				r := NewReader(&buf)
				for i, want := range []*Grid{g, h, g} {
					p, err := r.Read()
					if err != nil {
						t.Fatalf("record %d: %v\n%s", i+1, err, buf.String())
					}
					// The layout read back can differ: rows of one-digit
					// numbers are a drawn grid to the Reader.
					if !p.Grid.Equal(want) || (layout == LayoutLine) != (p.Layout == LayoutLine) {
						t.Fatalf("record %d: read %v in layout %d, wrote %v in %d", i+1, p.Grid, p.Layout, want, layout)
					}
				}
				if p, err := r.Read(); !errors.Is(err, io.EOF) {
					t.Errorf("a fourth record: %v %v", p, err)
				}
			})
		}
	}
}

// failAfter accepts n bytes, then fails every write.
type failAfter struct{ n int }

var errFull = errors.New("no space left on device")

func (f *failAfter) Write(p []byte) (int, error) {
	if len(p) > f.n {
		k := f.n
		f.n = 0
		return k, errFull
	}
	f.n -= len(p)
	return len(p), nil
}

// TestWriterStickyError shows that the first write error is kept and
// returned by every later call, Flush included, so that it cannot be lost.
func TestWriterStickyError(t *testing.T) {
	w := NewWriter(&failAfter{n: 100})
	g := filled(t, 9)
	for range 2000 { // far more than the buffer holds
		w.WriteGrid(g, LayoutLine)
	}
	if err := w.Error(); !errors.Is(err, errFull) {
		t.Fatalf("Error() = %v, want the write error", err)
	}
	if _, err := fmt.Fprintln(w, "a line"); !errors.Is(err, errFull) {
		t.Errorf("a later Write: %v", err)
	}
	if err := w.WriteGrid(g, LayoutRows); !errors.Is(err, errFull) {
		t.Errorf("a later WriteGrid: %v", err)
	}
	if err := w.Flush(); !errors.Is(err, errFull) {
		t.Errorf("Flush: %v", err)
	}
	// An error that only Flush meets is kept too.
	w = NewWriter(&failAfter{n: 10})
	w.WriteGrid(g, LayoutLine)
	if err := w.Flush(); !errors.Is(err, errFull) || !errors.Is(w.Error(), errFull) {
		t.Errorf("Flush: %v, Error: %v", err, w.Error())
	}
}

func ExampleWriter() {
	g, _ := Parse("1234341221434321")
	w := NewWriter(os.Stdout)
	w.WriteGrid(g, LayoutLine)
	w.WriteGrid(g, LayoutRows)
	if err := w.Flush(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 1234341221434321
	// 1 2 | 3 4
	// 3 4 | 1 2
	// ----+----
	// 2 1 | 4 3
	// 4 3 | 2 1
}
