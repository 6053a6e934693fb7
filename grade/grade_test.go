package grade

import (
	"context"
	"errors"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/internal/datasets"
	"github.com/sudokusat/sudokusat/native"
)

func readPuzzles(t *testing.T, path string) []*sudokusat.Grid {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := sudokusat.NewReader(f)
	var gs []*sudokusat.Grid
	for {
		p, err := r.Read()
		if errors.Is(err, io.EOF) {
			return gs
		}
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		gs = append(gs, p.Grid)
	}
}

func mustParse(t *testing.T, s string) *sudokusat.Grid {
	t.Helper()
	g, err := sudokusat.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestTechniquesSound runs the techniques step by step on puzzles with a
// known solution and checks after every step that no placed digit and no
// removed candidate contradicts it; it also checks that every technique was
// used somewhere, so that each one is tested. testdata/techniques.txt holds
// hard puzzles that need a swordfish or a naked quad, which the samples
// never do.
func TestTechniquesSound(t *testing.T) {
	var puzzles []*sudokusat.Grid
	for _, f := range []string{"top95-sample.txt", "magictour-sample.txt", "17clue-sample.txt", "serg-sample.txt", "easy-sample.txt", "large-16.txt", "large-4.txt"} {
		puzzles = append(puzzles, readPuzzles(t, "../testdata/"+f)...)
	}
	puzzles = append(puzzles, readPuzzles(t, "testdata/techniques.txt")...)
	var used [NumTechniques]int
	for pi, p := range puzzles {
		sol, err := native.Solve(context.Background(), p)
		if err != nil {
			t.Fatalf("puzzle %d: %v", pi, err)
		}
		b := newBoard(p.BoxRows(), p.BoxCols())
		s := b.newState()
		for i := range p.Len() {
			if d := p.Cell(i); d != 0 && !s.place(i, d) {
				t.Fatalf("puzzle %d: givens contradict", pi)
			}
		}
		for s.left > 0 {
			var tech Technique = Guessing
			for tt := Technique(0); tt < Guessing; tt++ {
				progress, ok := s.apply(tt)
				if !ok {
					t.Fatalf("puzzle %d: %v found a contradiction in a sound state", pi, tt)
				}
				if progress {
					tech = tt
					break
				}
			}
			if tech == Guessing {
				break
			}
			used[tech]++
			for i := range p.Len() {
				d := sol.Cell(i)
				if v := int(s.val[i]); v != 0 && v != d || v == 0 && s.cand[i]&(1<<(d-1)) == 0 {
					t.Fatalf("puzzle %d: after %v, r%dc%d lost its digit %d", pi, tech, i/p.Size()+1, i%p.Size()+1, d)
				}
			}
		}
	}
	for tt := Technique(0); tt < Guessing; tt++ {
		if used[tt] == 0 && tt != HiddenQuad { // too rare; TestHiddenQuad covers it
			t.Errorf("%v never used: not tested", tt)
		}
	}
	t.Logf("technique uses: %v", used)
}

func TestGrade(t *testing.T) {
	tests := []struct {
		name    string
		puzzle  string
		hardest Technique
		guess   bool
		err     error
	}{
		{"singles", "003020600900305001001806400008102900700000008006708200002609500800203009005010300", HiddenSingle, false, nil},
		{"locked", "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", LockedCandidates, false, nil},
		{"inkala", "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..", Guessing, true, nil},
		{"many solutions", "1" + strings.Repeat(".", 80), 0, false, ErrNotUnique},
		{"conflict", "11.............................................................................41", 0, false, sudokusat.ErrConflict},
		{"no solution", "12345678.........9" + strings.Repeat(".", 63), 0, false, ErrUnsolvable},
		{"4x4", ".2.1........4.2.", HiddenSingle, false, nil},
		{"6x6", "1.....\n..3...\n......\n...2..\n....5.\n.6....", 0, false, ErrNotUnique},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := mustParse(t, tt.puzzle)
			r, err := Grade(context.Background(), g)
			if tt.err != nil {
				if !errors.Is(err, tt.err) {
					t.Fatalf("error %v, want %v", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if r.Hardest != tt.hardest {
				t.Errorf("hardest %v, want %v", r.Hardest, tt.hardest)
			}
			if r.Score != tt.hardest.Level() {
				t.Errorf("score %.1f, want %.1f", r.Score, tt.hardest.Level())
			}
			if (r.Guesses > 0) != tt.guess {
				t.Errorf("%d guesses", r.Guesses)
			}
			if err := sudokusat.CheckSolution(g, r.Solution); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestGradeSeparatesSets checks the scale on the public sets: the easy set
// must average well below the hard one.
func TestGradeSeparatesSets(t *testing.T) {
	mean := func(name string, limit int) float64 {
		gs := datasets.Load(t, name, sudokusat.Parse)
		if len(gs) > limit {
			gs = gs[:limit]
		}
		sum := 0.0
		for _, g := range gs {
			r, err := Grade(context.Background(), g)
			if err != nil {
				t.Fatal(err)
			}
			sum += r.Score
		}
		return sum / float64(len(gs))
	}
	e, h := mean("norvig-easy50.txt", 50), mean("magictour-top1465.txt", 2000)
	t.Logf("mean score: easy %.2f, hard %.2f", e, h)
	if e >= 2 || h <= 4 {
		t.Errorf("means easy %.2f, hard %.2f: want easy < 2 and hard > 4", e, h)
	}
}

func TestGradeLimits(t *testing.T) {
	big, _ := sudokusat.NewGridSize(100)
	if _, err := Grade(context.Background(), big); !errors.Is(err, ErrTooLarge) {
		t.Errorf("100×100: %v, want ErrTooLarge", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g := mustParse(t, "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	if _, err := Grade(ctx, g); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v, want context.Canceled", err)
	}
}

func TestTechniqueNames(t *testing.T) {
	seen := map[string]bool{}
	prev := 0.0
	for tt := Technique(0); tt < NumTechniques; tt++ {
		name := tt.String()
		if seen[name] || name == "" {
			t.Errorf("technique %d: name %q repeated or empty", tt, name)
		}
		seen[name] = true
		if l := tt.Level(); l < prev || l < 1 || l > 5 {
			t.Errorf("%v: level %.1f out of order", tt, l)
		}
		prev = tt.Level()
	}
	if Technique(99).String() == "" || Technique(99).Level() != 0 {
		t.Error("unknown technique")
	}
}

// TestHiddenQuad checks the rarest technique on a hand-made position: in
// row 1, digits 1-4 fit only the first four cells, so those cells lose
// every other candidate.
func TestHiddenQuad(t *testing.T) {
	b := newBoard(3, 3)
	s := b.newState()
	for i := 4; i < 9; i++ {
		s.eliminate(i, 0b1111)
	}
	for _, k := range []int{2, 3} {
		if p, _ := s.hiddenSubset(k); p {
			t.Fatalf("hidden subset of %d found where there is none", k)
		}
	}
	p, ok := s.hiddenSubset(4)
	if !p || !ok {
		t.Fatalf("hidden quad not found: progress %v, ok %v", p, ok)
	}
	for i := range 9 {
		want := uint64(0b1111)
		if i >= 4 {
			want = b.full &^ 0b1111
		}
		if s.cand[i] != want {
			t.Errorf("cell %d: candidates %09b, want %09b", i, s.cand[i], want)
		}
	}
}
