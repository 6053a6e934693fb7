package render_test

import (
	"bytes"
	"encoding/xml"
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/internal/varianttest"
	"github.com/sudokusat/sudokusat/render"
)

var updateVariant = flag.Bool("update-variant", false, "rewrite testdata/variant-*.svg")

func readVariant(t *testing.T, name string) (*sudokusat.Puzzle, *sudokusat.Grid) {
	t.Helper()
	f := varianttest.Load(t, name)
	return f.Puzzle, f.Solution
}

// TestVariantSVG draws every variant test puzzle with its solution: well
// formed XML, each kind's mark present, the drawings of the 9×9 ones kept
// as golden files, and a rasteriser that reads them when one is installed.
func TestVariantSVG(t *testing.T) {
	marks := map[string]string{
		"killer-9": "stroke-dasharray", "thermo-9": "stroke-linecap=\"round\"", "arrow-9": "fill=\"#ffffff\" stroke",
		"miracle-9": "anti-knight", "kropki-4": "<circle", "xv-4": ">V<", "parity-4": "<circle", "jigsaw-4": "<line",
		"regions-4": render.RegionColour,
	}
	for name, mark := range marks {
		t.Run(name, func(t *testing.T) {
			p, sol := readVariant(t, name)
			var b bytes.Buffer
			if err := render.SVG(&b, p, render.Options{Solution: sol, Title: name}); err != nil {
				t.Fatal(err)
			}
			d := xml.NewDecoder(bytes.NewReader(b.Bytes()))
			for {
				if _, err := d.Token(); err != nil {
					if err.Error() != "EOF" {
						t.Fatalf("not XML: %v", err)
					}
					break
				}
			}
			if !strings.Contains(b.String(), mark) {
				t.Errorf("no %q in the drawing", mark)
			}
			golden := filepath.Join("testdata", "variant-"+name+".svg")
			if strings.HasSuffix(name, "-9") {
				if *updateVariant {
					if err := os.WriteFile(golden, b.Bytes(), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(b.Bytes(), want) {
					t.Errorf("differs from %s (-update-variant rewrites it)", golden)
				}
				if _, err := exec.LookPath("rsvg-convert"); err == nil {
					cmd := exec.Command("rsvg-convert", "-o", filepath.Join(t.TempDir(), "out.png"))
					cmd.Stdin = bytes.NewReader(b.Bytes())
					if out, err := cmd.CombinedOutput(); err != nil {
						t.Errorf("rsvg-convert: %v %s", err, out)
					}
				}
			}
		})
	}
	p, sol := readVariant(t, "killer-9")
	bad := sol.Clone()
	bad.SetCell(0, sol.Cell(1))
	bad.SetCell(1, sol.Cell(0))
	if err := render.SVG(&bytes.Buffer{}, p, render.Options{Solution: bad}); !errors.Is(err, render.ErrSolution) {
		t.Errorf("a wrong solution: %v, want ErrSolution", err)
	}
}
