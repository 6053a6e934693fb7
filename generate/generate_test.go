package generate

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/native"
	"github.com/sudokusat/sudokusat/satsolve"
)

// TestGenerate makes puzzles of several sizes and targets and proves each
// unique twice: by the native count and by gophersat on the reduced CNF.
func TestGenerate(t *testing.T) {
	tests := []struct {
		name string
		o    Options
		max  int // givens must not exceed this when the target is reached
	}{
		{"4x4 minimal", Options{Size: 4, Seed: 1}, 16},
		{"6x6 minimal", Options{Size: 6, Seed: 2}, 36},
		{"9x9 minimal", Options{Size: 9, Seed: 3}, 81},
		{"9x9 24 hints", Options{Size: 9, Hints: 24, Seed: 4}, 24},
		{"9x9 symmetric", Options{Size: 9, Hints: 28, Symmetric: true, Seed: 5}, 28},
		{"9x9 difficulty 2", Options{Size: 9, Difficulty: 2, Seed: 6}, 81},
		{"9x9 difficulty 3", Options{Size: 9, Difficulty: 3, Seed: 6}, 81},
		{"9x9 difficulty 4", Options{Size: 9, Difficulty: 4, Seed: 6}, 81},
		{"12x12 90 hints", Options{Size: 12, Hints: 90, Seed: 7}, 90},
		{"16x16 150 hints", Options{Size: 16, Hints: 150, Seed: 8}, 150},
	}
	ctx := context.Background()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Generate(ctx, tt.o)
			if err != nil {
				t.Fatal(err)
			}
			g := p.Puzzle.Grid
			if !p.Puzzle.Classic() {
				t.Fatalf("a puzzle with rules or regions: %+v", p.Puzzle)
			}
			if g.Size() != tt.o.Size {
				t.Fatalf("size %d, want %d", g.Size(), tt.o.Size)
			}
			if err := sudokusat.CheckSolution(g, p.Solution); err != nil {
				t.Fatalf("solution: %v", err)
			}
			if !p.Reached {
				t.Errorf("target not reached: %d givens", g.Givens())
			}
			if g.Givens() > tt.max {
				t.Errorf("%d givens, want at most %d", g.Givens(), tt.max)
			}
			nc, err := native.Count(ctx, g, 2)
			if err != nil || nc.Count != 1 {
				t.Fatalf("native count %d, %v: want exactly 1", nc.Count, err)
			}
			f, err := encode.Puzzle(&sudokusat.Puzzle{Grid: g}, encode.Options{Encoding: "reduced"})
			if err != nil {
				t.Fatal(err)
			}
			sc, err := satsolve.Count(ctx, f, 2)
			if err != nil || sc.Count != 1 {
				t.Fatalf("gophersat count %d, %v: want exactly 1", sc.Count, err)
			}
			if tt.o.Symmetric {
				for i := range g.Len() {
					if (g.Cell(i) == 0) != (g.Cell(g.Len()-1-i) == 0) {
						t.Fatalf("cell %d and its partner differ: givens not symmetric", i)
					}
				}
			}
			if tt.o.Difficulty > 0 {
				if p.Grade == nil || p.Grade.Rating < tt.o.Difficulty || p.Grade.Rating > tt.o.Difficulty+overshoot {
					t.Errorf("grade %+v, want a rating from %.1f to %.1f", p.Grade, tt.o.Difficulty, tt.o.Difficulty+overshoot)
				}
			}
			// Minimal puzzles: no given can go.
			if tt.o.Hints == 0 && tt.o.Difficulty == 0 {
				for i := range g.Len() {
					if d := g.Cell(i); d != 0 {
						g.SetCell(i, 0)
						if c, _ := native.Count(ctx, g, 2); c.Count == 1 {
							t.Fatalf("given r%dc%d can go: the puzzle is not minimal", i/g.Size()+1, i%g.Size()+1)
						}
						g.SetCell(i, d)
					}
				}
			}
		})
	}
}

// TestReproducible checks that a seed and stream fix the puzzle, and that
// other streams give other puzzles.
func TestReproducible(t *testing.T) {
	ctx := context.Background()
	seen := map[string]uint64{}
	for stream := range uint64(20) {
		o := Options{Size: 9, Hints: 26, Seed: 42, Stream: stream}
		a, err := Generate(ctx, o)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Generate(ctx, o)
		if err != nil {
			t.Fatal(err)
		}
		if !a.Puzzle.Grid.Equal(b.Puzzle.Grid) {
			t.Fatalf("stream %d: two runs gave %s and %s", stream, a.Puzzle.Grid, b.Puzzle.Grid)
		}
		if s, ok := seen[a.Puzzle.Grid.String()]; ok {
			t.Errorf("streams %d and %d gave the same puzzle", s, stream)
		}
		seen[a.Puzzle.Grid.String()] = stream
	}
}

func TestGenerateErrors(t *testing.T) {
	tests := []struct {
		name string
		o    Options
		want error
	}{
		{"prime size", Options{Size: 7}, sudokusat.ErrSize},
		{"zero size", Options{}, sudokusat.ErrSize},
		{"too many hints", Options{Size: 9, Hints: 82}, ErrOptions},
		{"negative hints", Options{Size: 9, Hints: -1}, ErrOptions},
		{"difficulty", Options{Size: 9, Difficulty: 11}, ErrOptions},
		{"difficulty too large", Options{Size: 81, Difficulty: 2}, ErrOptions},
	}
	for _, tt := range tests {
		if _, err := Generate(context.Background(), tt.o); !errors.Is(err, tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, err, tt.want)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
	defer cancel()
	<-ctx.Done()
	if _, err := Generate(ctx, Options{Size: 16}); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("expired context: %v, want context.DeadlineExceeded", err)
	}
}

// TestFullGrid checks the random full grids of every search size and the
// pattern fallback beyond it.
func TestFullGrid(t *testing.T) {
	for _, n := range []int{4, 6, 8, 9, 10, 12, 16, 25, 36, 49} {
		br, bc, err := sudokusat.BoxShape(n)
		if err != nil {
			t.Fatal(err)
		}
		g, err := fullGrid(context.Background(), br, bc, newRand(1, uint64(n)))
		if err != nil {
			t.Fatal(err)
		}
		if err := sudokusat.CheckSolution(mustEmpty(t, n), g); err != nil {
			t.Errorf("%d×%d: %v", n, n, err)
		}
	}
}

func mustEmpty(t *testing.T, n int) *sudokusat.Grid {
	t.Helper()
	g, err := sudokusat.NewGridSize(n)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
