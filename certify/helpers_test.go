package certify

import (
	"testing"

	"github.com/sudokusat/sudokusat"
)

// Arto Inkala's puzzle, unique.
const inkala = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."

func grid(t *testing.T, s string) *sudokusat.Grid {
	t.Helper()
	g, err := sudokusat.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
