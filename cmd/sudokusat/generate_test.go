package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/native"
)

// lines splits command output into its lines.
func lines(out string) []string {
	out = strings.TrimSuffix(out, "\n")
	if out == "" {
		return nil
	}
	return strings.Split(out, "\n")
}

// TestGenerateCommand checks the promise on a smaller batch:
// distinct puzzles at the hint target, each unique, the same for a seed
// whatever the number of workers.
func TestGenerateCommand(t *testing.T) {
	out, stderr, code := runCLI(t, "", "generate", "--hints", "24", "--count", "30", "--seed", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	ls := lines(out)
	if len(ls) != 30 {
		t.Fatalf("%d lines, want 30", len(ls))
	}
	seen := map[string]bool{}
	for i, l := range ls {
		g, err := sudokusat.Parse(l)
		if err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		if g.Givens() > 24 {
			t.Errorf("line %d: %d givens, want at most 24", i+1, g.Givens())
		}
		r, err := native.Count(context.Background(), g, 2)
		if err != nil || r.Count != 1 {
			t.Errorf("line %d: %d solutions (%v), want 1", i+1, r.Count, err)
		}
		if seen[l] {
			t.Errorf("line %d repeats an earlier puzzle", i+1)
		}
		seen[l] = true
	}
	if !strings.Contains(stderr, "gophersat") {
		t.Errorf("summary does not mention the SAT proof: %q", stderr)
	}
	again, _, _ := runCLI(t, "", "generate", "--hints", "24", "--count", "30", "--seed", "1", "--workers", "1")
	if again != out {
		t.Error("same seed, one worker: different output")
	}
	other, _, _ := runCLI(t, "", "generate", "--hints", "24", "--count", "30", "--seed", "2")
	if other == out {
		t.Error("seeds 1 and 2 gave the same output")
	}
}

func TestGenerateOptions(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		lines  int
		size   int
		solved bool // a solution follows each puzzle
	}{
		{"with solution", []string{"--count", "3", "--with-solution", "--seed", "3"}, 6, 9, true},
		{"symmetric", []string{"--count", "2", "--symmetric", "--seed", "4"}, 2, 9, false},
		{"difficulty", []string{"--count", "2", "--difficulty", "3", "--seed", "5"}, 2, 9, false},
		{"6x6", []string{"--size", "6", "--count", "5", "--seed", "6"}, 5, 6, false},
		{"16x16", []string{"--size", "16", "--hints", "140", "--count", "2", "--seed", "7"}, 2, 16, false},
		{"4x4 many", []string{"--size", "4", "--count", "40", "--seed", "8", "--no-sat-check"}, 40, 4, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, stderr, code := runCLI(t, "", append([]string{"generate"}, tt.args...)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			ls := lines(out)
			if len(ls) != tt.lines {
				t.Fatalf("%d lines, want %d", len(ls), tt.lines)
			}
			seen := map[string]bool{}
			for i := 0; i < len(ls); i++ {
				g, err := sudokusat.Parse(ls[i])
				if err != nil || g.Size() != tt.size {
					t.Fatalf("line %d: %v (size %d)", i+1, err, g.Size())
				}
				if seen[ls[i]] {
					t.Errorf("line %d repeats an earlier puzzle", i+1)
				}
				seen[ls[i]] = true
				if tt.solved {
					i++
					sol, err := sudokusat.Parse(ls[i])
					if err == nil {
						err = sudokusat.CheckSolution(g, sol)
					}
					if err != nil {
						t.Errorf("line %d: %v", i+1, err)
					}
				}
			}
		})
	}
}

func TestGenerateJSONAndErrors(t *testing.T) {
	out, stderr, code := runCLI(t, "", "generate", "--format", "json", "--difficulty", "2", "--seed", "9", "--with-solution")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rec struct {
		Index    int
		Status   string
		Puzzle   string
		Solution string
		Score    float64
		Hardest  string
		Reached  bool
	}
	if err := json.Unmarshal([]byte(out), &rec); err != nil {
		t.Fatalf("%v: %q", err, out)
	}
	if rec.Index != 1 || rec.Status != "generated" || rec.Score < 2 || rec.Hardest == "" || !rec.Reached || len(rec.Solution) != 81 {
		t.Errorf("record %+v", rec)
	}

	out, _, code = runCLI(t, "", "generate", "--size", "16", "--timeout", "1ns", "--count", "2", "--seed", "1")
	if code != 1 || !strings.HasPrefix(out, "timeout: puzzle 1: ") || len(lines(out)) != 2 {
		t.Errorf("timeout: exit %d, output %q", code, out)
	}
	for _, args := range [][]string{
		{"--size", "7"},
		{"--hints", "82"},
		{"--difficulty", "11"},
		{"--count", "0"},
		{"--format", "xml"},
		{"stray"},
	} {
		if _, stderr, code := runCLI(t, "", append([]string{"generate"}, args...)...); code != 2 {
			t.Errorf("%v: exit %d, want 2 (%s)", args, code, stderr)
		}
	}
}
