package render

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
)

// TestCellSizeBounds: both drawings, drawClassic and drawVariant, draw cells of 4 to 400 pixels (0
// meaning 40) and refuse any other size: 1e308 wrote width="+Inf", -5 and
// 1e-7 drawings of negative or no size, NaN width="NaN".
func TestCellSizeBounds(t *testing.T) {
	p9 := mustParse(t, puzzle9)
	tests := []struct {
		px    float64
		width string // of the 9×9 drawing, "" for an error
	}{
		{0, `width="372"`},
		{4, `width="37.2"`},
		{400, `width="3720"`},
		{3.99, ""},
		{400.5, ""},
		{-5, ""},
		{1e-7, ""},
		{1e308, ""},
		{math.Inf(1), ""},
		{math.NaN(), ""},
	}
	for _, tt := range tests {
		for kind, draw := range map[string]func(*bytes.Buffer) error{
			"drawClassic": func(b *bytes.Buffer) error { return drawClassic(b, p9, Options{CellSize: tt.px}) },
			"drawVariant": func(b *bytes.Buffer) error {
				return drawVariant(b, &sudokusat.Puzzle{Grid: p9}, Options{CellSize: tt.px})
			},
		} {
			var b bytes.Buffer
			err := draw(&b)
			switch {
			case tt.width == "" && (err == nil || !strings.Contains(err.Error(), "want 4 to 400 pixels")):
				t.Errorf("%s, cell size %g: %v, %.80q; want an error saying the range", kind, tt.px, err, b.String())
			case tt.width != "" && (err != nil || !strings.Contains(b.String(), tt.width)):
				t.Errorf("%s, cell size %g: %v; want %s in %.300q", kind, tt.px, err, tt.width, b.String())
			}
		}
	}
}
