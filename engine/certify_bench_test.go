package engine

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/internal/datasets"
)

// certifySets are the puzzles BenchmarkCertify counts: the samples of
// testdata, and, when the shared data sets are here, the first 300
// puzzles of magictour-top1465.txt and the large 16×16 and 25×25 grids.
func certifySets(b *testing.B) []struct {
	name    string
	puzzles []*sudokusat.Puzzle
} {
	type set = struct {
		name    string
		puzzles []*sudokusat.Puzzle
	}
	file := func(path string) []*sudokusat.Puzzle {
		f, err := os.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		defer f.Close()
		var ps []*sudokusat.Puzzle
		r := sudokusat.NewReader(f)
		for {
			p, err := r.Read()
			if err == io.EOF {
				return ps
			}
			if err != nil {
				b.Fatalf("%s: %v", path, err)
			}
			ps = append(ps, p)
		}
	}
	testdata := func(name string) string { return filepath.Join("..", "testdata", name) }
	sets := []set{
		{"magictour-sample", file(testdata("magictour-sample.txt"))},
		{"large-16", file(testdata("large-16.txt"))},
		{"large-25", file(testdata("large-25.txt"))},
	}
	if datasets.Available() {
		mt := datasets.Load(b, "magictour-top1465.txt", sudokusat.Parse)[:300]
		var ps []*sudokusat.Puzzle
		for _, g := range mt {
			ps = append(ps, &sudokusat.Puzzle{Grid: g})
		}
		sets = append(sets,
			set{"magictour-300", ps},
			set{"sudoku-16-1", file(datasets.Path(b, filepath.Join("large", "sudoku-16-1.txt")))},
			set{"sudoku-25-1", file(datasets.Path(b, filepath.Join("large", "sudoku-25-1.txt")))},
		)
	} else {
		b.Log(datasets.SkipMessage + ": timing testdata only")
	}
	return sets
}

// BenchmarkCertify sets gophersat's count with --certify (in this
// process, the reduced encoding, each uniqueness proof checked from the
// puzzle's extended encoding) beside the same count without it, over
// each set: the certify/plain ratio is what certification costs. One op
// is one pass over a set.
func BenchmarkCertify(b *testing.B) {
	ctx := context.Background()
	for _, s := range certifySets(b) {
		for _, certify := range []bool{false, true} {
			name := s.name + "/plain"
			if certify {
				name = s.name + "/certify"
			}
			e, err := Open(NameSAT, Options{Certify: certify})
			if err != nil {
				b.Fatal(err)
			}
			b.Run(name, func(b *testing.B) {
				for b.Loop() {
					for _, p := range s.puzzles {
						a := Count(ctx, e, p, 2, 0)
						if !a.Unique() || a.Certified != certify {
							b.Fatalf("%v count %d certified=%v %v", a.Status, a.Count, a.Certified, a.Err)
						}
					}
				}
				datasets.ReportPerPuzzle(b, len(s.puzzles))
			})
		}
	}
}
