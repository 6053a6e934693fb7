package render

import (
	"bytes"
	"encoding/xml"
	"errors"
	"image"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
)

const (
	puzzle9   = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	solution9 = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
	puzzle6   = "1.....\n..3...\n......\n...2..\n....5.\n.6...."
)

func mustParse(t *testing.T, s string) *sudokusat.Grid {
	t.Helper()
	g, err := sudokusat.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// grid16 reads the 16×16 puzzle of the test data.
func grid16(t *testing.T) *sudokusat.Grid {
	t.Helper()
	b, err := os.ReadFile("../testdata/large-16.txt")
	if err != nil {
		t.Fatal(err)
	}
	return mustParse(t, string(b))
}

// svgCounts parses an SVG and counts its text and line elements.
func svgCounts(t *testing.T, doc []byte) (texts, lines int) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(doc))
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			switch se.Name.Local {
			case "text":
				texts++
			case "line":
				lines++
			}
		}
	}
}

func TestSVG(t *testing.T) {
	p9, s9 := mustParse(t, puzzle9), mustParse(t, solution9)
	p16 := grid16(t)
	p6 := mustParse(t, puzzle6)
	tests := []struct {
		name     string
		puzzle   *sudokusat.Grid
		solution *sudokusat.Grid
		texts    int
		lines    int // 2(N-1) inner lines
	}{
		{"9x9", p9, nil, p9.Givens(), 16},
		{"9x9 solved", p9, s9, 81, 16},
		{"16x16", p16, nil, p16.Givens(), 30},
		{"6x6", p6, nil, p6.Givens(), 10},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := SVG(&b, &sudokusat.Puzzle{Grid: tt.puzzle}, Options{Solution: tt.solution, Title: "a <test> & more"}); err != nil {
				t.Fatal(err)
			}
			texts, lines := svgCounts(t, b.Bytes())
			if texts != tt.texts || lines != tt.lines {
				t.Errorf("%d texts and %d lines, want %d and %d", texts, lines, tt.texts, tt.lines)
			}
			if got := strings.Count(b.String(), FilledColour); (got > 0) != (tt.solution != nil) {
				t.Errorf("filled colour used %d times", got)
			}
		})
	}
}

func TestSVGErrors(t *testing.T) {
	p9 := mustParse(t, puzzle9)
	wrong := mustParse(t, solution9)
	wrong.Set(0, 1, 2) // breaks row 1 and the given at r1c1 stays
	wrong.Set(0, 2, 1)
	var b bytes.Buffer
	if err := SVG(&b, &sudokusat.Puzzle{Grid: p9}, Options{Solution: wrong}); !errors.Is(err, ErrSolution) {
		t.Errorf("wrong solution: %v, want ErrSolution", err)
	}
	bad := mustParse(t, "44"+puzzle9[2:])
	if err := SVG(&b, &sudokusat.Puzzle{Grid: bad}, Options{}); !errors.Is(err, sudokusat.ErrConflict) {
		t.Errorf("conflicting givens: %v, want ErrConflict", err)
	}
}

// TestRasterise draws puzzles with rsvg-convert and checks that the image
// is a grid, not a blank page: dark and light pixels, dark ones in a sane
// share, and blue ones exactly when a solution is drawn.
func TestRasterise(t *testing.T) {
	bin, err := exec.LookPath("rsvg-convert")
	if err != nil {
		t.Skip("rsvg-convert not installed (Debian package librsvg2-bin; .ci/run installs it): SVG not rasterised")
	}
	p9, s9 := mustParse(t, puzzle9), mustParse(t, solution9)
	tests := []struct {
		name     string
		puzzle   *sudokusat.Grid
		solution *sudokusat.Grid
	}{
		{"9x9", p9, nil},
		{"9x9-solved", p9, s9},
		{"16x16", grid16(t), nil},
		{"6x6", mustParse(t, puzzle6), nil},
	}
	dir := t.TempDir()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			svg := filepath.Join(dir, tt.name+".svg")
			out := filepath.Join(dir, tt.name+".png")
			var b bytes.Buffer
			if err := SVG(&b, &sudokusat.Puzzle{Grid: tt.puzzle}, Options{Solution: tt.solution}); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(svg, b.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			if msg, err := exec.Command(bin, "-o", out, svg).CombinedOutput(); err != nil {
				t.Fatalf("rsvg-convert: %v: %s", err, msg)
			}
			f, err := os.Open(out)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			img, err := png.Decode(f)
			if err != nil {
				t.Fatal(err)
			}
			dark, light, blue, total := census(img)
			share := float64(dark) / float64(total)
			t.Logf("%v: %d pixels, %.1f%% dark, %d blue", img.Bounds().Size(), total, 100*share, blue)
			if light == 0 || share < 0.02 || share > 0.4 {
				t.Errorf("%d dark and %d light of %d pixels: not a drawn grid", dark, light, total)
			}
			if (blue > 50) != (tt.solution != nil) {
				t.Errorf("%d blue pixels with solution %v", blue, tt.solution != nil)
			}
		})
	}
}

// census counts dark, light and distinctly blue pixels.
func census(img image.Image) (dark, light, blue, total int) {
	r := img.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			cr, cg, cb = cr>>8, cg>>8, cb>>8
			total++
			switch lum := (299*cr + 587*cg + 114*cb) / 1000; {
			case lum < 128:
				dark++
			case lum > 200:
				light++
			}
			if cb > 150 && cb > cr+60 && cb > cg+40 {
				blue++
			}
		}
	}
	return
}
