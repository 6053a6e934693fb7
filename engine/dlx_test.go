package engine

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/sudokusat/sudokusat"
)

// TestDLX: Open and OpenList know "dlx", its answers agree with what the
// puzzles are known to have, and a deadline stops it.
func TestDLX(t *testing.T) {
	e, err := Open(" dlx ", Options{Encoding: "no-such-encoding"}) // an engine without CNF ignores the encoding
	if err != nil {
		t.Fatal(err)
	}
	if e.Name() != NameDLX || e.Encoding() != "" {
		t.Fatalf("Open(dlx) gave %q, encoding %q", e.Name(), e.Encoding())
	}
	es, err := Engines().OpenList([]string{"native", "dlx"}, nil, Options{})
	if err != nil || len(es) != 2 || es[1].Name() != NameDLX {
		t.Fatalf("OpenList(native, dlx): %v, %v", es, err)
	}
	if _, err := Open("no-such-solver-xyz", Options{}); !errors.Is(err, ErrEngine) || !strings.Contains(err.Error(), "native, search, dlx, sat") {
		t.Errorf("an unknown engine's error does not list dlx: %v", err)
	}

	noSolution := ".23456789" + "1........" + strings.Repeat(".", 63)
	tests := []struct {
		puzzle string
		limit  int
		status Status
		count  int
	}{
		{inkala, 2, Solved, 1},
		{noSolution, 2, Unsolvable, 0},
		{strings.Repeat(".", 16), 1000, Solved, 288},
		{"1...............", 2, Solved, 2},
		{"11..............", 2, Invalid, 0},
	}
	for _, tt := range tests {
		a := Count(context.Background(), mustOpen(NameDLX), puzzle(t, tt.puzzle), tt.limit, 0)
		if a.Status != tt.status || a.Count != tt.count {
			t.Errorf("%s: %v count %d (%v), want %v %d", tt.puzzle, a.Status, a.Count, a.Err, tt.status, tt.count)
		}
		if tt.status == Solved && a.Stats.Guesses == 0 {
			t.Errorf("%s: no search nodes reported", tt.puzzle)
		}
	}
	if a := Count(context.Background(), mustOpen(NameDLX), puzzle(t, inkala), 2, 0); a.Solution().String() != solution {
		t.Errorf("Inkala: %v", a.Solution())
	}

	big, err := sudokusat.NewGridSize(25)
	if err != nil {
		t.Fatal(err)
	}
	// The count would run for ever: a minute is a hang.
	start := time.Now()
	a := Count(context.Background(), mustOpen(NameDLX), &sudokusat.Puzzle{Grid: big}, 1_000_000_000, 100*time.Millisecond)
	if a.Status != Timeout || time.Since(start) > time.Minute {
		t.Errorf("an endless count: %v after %v (%v), want %v", a.Status, time.Since(start), a.Err, Timeout)
	}
}
