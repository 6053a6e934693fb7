package render_test

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/render"
)

// TestLatinSquareSVG: a Latin square, stated as regions that are the rows,
// is drawn with its rows apart and no box or column border: a thick line
// between each two rows (a region's border) and none inside a row.
func TestLatinSquareSVG(t *testing.T) {
	g, err := sudokusat.Parse("1......2..3.....")
	if err != nil {
		t.Fatal(err)
	}
	regions := make([]int, 16)
	for c := range regions {
		regions[c] = c / 4
	}
	var b bytes.Buffer
	if err := render.SVG(&b, &sudokusat.Puzzle{Grid: g, Regions: regions}, render.Options{}); err != nil {
		t.Fatal(err)
	}
	d := xml.NewDecoder(bytes.NewReader(b.Bytes()))
	thick, vertical, horizontal := false, 0, 0
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("not XML: %v", err)
		}
		e, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		attr := map[string]string{}
		for _, a := range e.Attr {
			attr[a.Name.Local] = a.Value
		}
		if e.Name.Local == "g" && attr["stroke"] != "" {
			thick = attr["stroke"] == render.ThickColour
		}
		if e.Name.Local == "line" && thick {
			if attr["x1"] == attr["x2"] {
				vertical++
			} else {
				horizontal++
			}
		}
	}
	if vertical != 0 || horizontal != 3*4 {
		t.Errorf("%d thick vertical and %d thick horizontal cell sides, want 0 and 12:\n%s", vertical, horizontal, strings.TrimSpace(b.String()))
	}
}
