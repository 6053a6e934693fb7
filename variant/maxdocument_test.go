package variant_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/internal/lzstring"
	"github.com/sudokusat/sudokusat/variant"
)

// TestReaderMaxDocument checks Reader.MaxDocument: a document, or a link's
// decompressed text, of up to that many bytes is read, and one byte more
// is a ParseError that says so, whichever way the puzzle comes. A server
// sets it so that a link of kilobytes cannot cost it gigabytes.
func TestReaderMaxDocument(t *testing.T) {
	// A 4×4 with a thermometer, padded with spaces to a length.
	doc := func(n int) string {
		d := `{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"thermometer":[{"lines":[["R1C1","R1C2"]]}]}`
		return d[:len(d)-1] + strings.Repeat(" ", n-len(d)) + "}"
	}
	const max = 4096
	tests := []struct {
		name, input string
		max         int
		err         string // "" when the puzzle is read
	}{
		{"a document at the bound", doc(max), max, ""},
		{"a document over it", doc(max + 1), max, "more than 4096 bytes"},
		{"a link at the bound", "https://www.f-puzzles.com/?load=" + lzstring.CompressToBase64(doc(max)), max, ""},
		{"a link over it", "https://www.f-puzzles.com/?load=" + lzstring.CompressToBase64(doc(max+1)), max, "the link decompresses to more than 4096 bytes"},
		{"URI text over it", lzstring.CompressToEncodedURIComponent(doc(max + 1)), max, "the link decompresses to more than 4096 bytes"},
		{"no bound", lzstring.CompressToBase64(doc(1 << 20)), 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := variant.NewReader(strings.NewReader(tt.input))
			r.MaxDocument = tt.max
			p, err := r.Read()
			var pe *sudokusat.ParseError
			switch {
			case tt.err == "" && (err != nil || len(p.Rules) != 1):
				t.Errorf("%v, want the puzzle and its thermometer", err)
			case tt.err != "" && (!errors.As(err, &pe) || pe.Line != 1 || !errors.Is(err, variant.ErrFormat) || !strings.Contains(err.Error(), tt.err)):
				t.Errorf("%v, want a ParseError of line 1 saying %q", err, tt.err)
			}
		})
	}
}
