package certify

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/satsolve"
)

// TestCertifyReusedChecker: the checks share drat.Checkers (checkers,
// each Reset before use), so a proof that certified one puzzle must
// not certify another checked after it on the same checker. Each puzzle
// of serg-sample has a second solution, so no proof can show that its
// first one is the only one: its claims, made of its own partial proof,
// of another puzzle's real proof, or of the empty clause alone, must each
// fail, right after the real proof of a unique puzzle passed. The same
// checks run at once from several goroutines, for the race detector.
func TestCertifyReusedChecker(t *testing.T) {
	ctx := context.Background()
	type claim struct {
		name  string
		f     *encode.Formula
		proof *satsolve.Proof
	}
	unique := func(s string) claim {
		f, err := encode.Puzzle(&sudokusat.Puzzle{Grid: grid(t, s)}, encode.Options{Encoding: "reduced"})
		if err != nil {
			t.Fatal(err)
		}
		r, p, err := satsolve.CountProof(ctx, f, 2)
		if err != nil || r.Count != 1 {
			t.Fatalf("%v %v", r.Count, err)
		}
		return claim{s[:12], f, p}
	}
	good := []claim{
		unique(inkala),
		unique("52...6.........7.13...........4..8..6......5...........418.........3..2...87....."),
	}
	data, err := os.ReadFile(filepath.Join("..", "testdata", "serg-sample.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var bad []claim
	for _, line := range strings.Fields(string(data))[:6] {
		g, err := sudokusat.Parse(line)
		if err != nil {
			t.Fatal(err)
		}
		f, err := encode.Puzzle(&sudokusat.Puzzle{Grid: g}, encode.Options{Encoding: "reduced"})
		if err != nil {
			t.Fatal(err)
		}
		r, p, err := satsolve.CountProof(ctx, f, 2)
		if err != nil || r.Count != 2 || len(p.Blocks) != 1 {
			t.Fatalf("%s: %d solutions, %d blocks, %v: want a puzzle with two", line, r.Count, len(p.Blocks), err)
		}
		// "No solution but the first": its own lemmas (which found the
		// second), each good claim's lemmas, and the empty clause alone.
		bad = append(bad, claim{line[:12] + " own", f, p})
		for _, c := range good {
			bad = append(bad, claim{line[:12] + " with " + c.name + "'s proof", f, &satsolve.Proof{Blocks: p.Blocks, DRAT: c.proof.DRAT}})
		}
		bad = append(bad, claim{line[:12] + " empty clause", f, &satsolve.Proof{Blocks: p.Blocks, DRAT: []byte("0\n")}})
	}
	run := func(t *testing.T) {
		for _, b := range bad {
			for _, g := range good {
				if err := Gophersat(ctx, g.f, g.proof); err != nil {
					t.Errorf("%s: a real proof refused: %v", g.name, err)
				}
			}
			if err := Gophersat(ctx, b.f, b.proof); err == nil {
				t.Errorf("%s: certified, but the puzzle has a second solution", b.name)
			}
		}
	}
	run(t)
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			run(t)
		}()
	}
	wg.Wait()
}
