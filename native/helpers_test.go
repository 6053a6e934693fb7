package native

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/internal/datasets"
)

// inkala is Arto Inkala's puzzle, the seed articles' benchmark, and
// inkalaSolution its published solution.
const (
	inkala         = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
	inkalaSolution = "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
)

// loadLines reads up to max one-line 9×9 puzzles (max ≤ 0: all) from a file
// of the data sets, or skips the test with the data sets' one message.
func loadLines(tb testing.TB, name string, max int) [][81]uint8 {
	tb.Helper()
	out := datasets.Load(tb, name, parse81)
	if max > 0 && len(out) > max {
		out = out[:max]
	}
	return out
}

// parse81 reads an 81-symbol line; '.' and '0' are blanks.
func parse81(s string) ([81]uint8, error) {
	var p [81]uint8
	if len(s) != 81 {
		return p, errors.New("not 81 symbols: " + s)
	}
	for i := range 81 {
		switch c := s[i]; {
		case c >= '1' && c <= '9':
			p[i] = c - '0'
		case c == '.' || c == '0':
		default:
			return p, errors.New("bad symbol in " + s)
		}
	}
	return p, nil
}

func mustParse81(tb testing.TB, s string) [81]uint8 {
	tb.Helper()
	p, err := parse81(s)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// grid81 turns digits into a 9×9 Grid.
func grid81(p *[81]uint8) *sudokusat.Grid {
	g, _ := sudokusat.NewGrid(3, 3)
	for i, d := range p {
		g.SetCell(i, int(d))
	}
	return g
}

// loadLarge reads the one puzzle of large/sudoku-N-1.txt.
func loadLarge(tb testing.TB, n int) *sudokusat.Grid {
	tb.Helper()
	name := datasets.Path(tb, filepath.Join("large", "sudoku-"+itoa(n)+"-1.txt"))
	f, err := os.Open(name)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	p, err := sudokusat.NewReader(f).Read()
	if err != nil && err != io.EOF {
		tb.Fatalf("%s: %v", name, err)
	}
	if p == nil || p.Grid.Size() != n {
		tb.Fatalf("%s: no %d×%d puzzle", name, n, n)
	}
	return p.Grid
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// checkSolved fails unless sol solves puzzle by the validator's judgement.
func checkSolved(tb testing.TB, what string, puzzle, sol *sudokusat.Grid) {
	tb.Helper()
	if sol == nil {
		tb.Fatalf("%s: no solution returned", what)
	}
	if err := sudokusat.CheckSolution(puzzle, sol); err != nil {
		tb.Fatalf("%s: %v\npuzzle   %s\nsolution %s", what, err, puzzle, sol)
	}
}
