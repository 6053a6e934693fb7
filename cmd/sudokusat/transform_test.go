package main

import (
	"context"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/native"
)

// TestTransformCommand runs each transform over a sample file and checks
// that every output puzzle is valid with the same number of solutions.
func TestTransformCommand(t *testing.T) {
	puzzles := puzzleLines(t, "top95-sample.txt")
	ctx := context.Background()
	for _, args := range [][]string{
		{"--rotate", "90"}, {"--rotate", "180"}, {"--rotate", "270"}, {"--transpose"}, {"--mirror"},
		{"--relabel"}, {"--shuffle-rows"}, {"--shuffle-bands"}, {"--shuffle-cols"}, {"--shuffle-stacks"},
		{"--random"}, {"--canonical"}, {"--mirror", "--relabel", "--shuffle-rows", "--rotate", "90"},
	} {
		out, stderr, code := runCLI(t, "", append(append([]string{"transform", "--seed", "1"}, args...), testdata+"top95-sample.txt")...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		ls := lines(out)
		if len(ls) != len(puzzles) {
			t.Fatalf("%v: %d lines for %d puzzles", args, len(ls), len(puzzles))
		}
		changed := 0
		for i, l := range ls {
			g, err := sudokusat.Parse(l)
			if err != nil {
				t.Fatalf("%v line %d: %v", args, i+1, err)
			}
			if err := g.Validate(); err != nil || g.Givens() != puzzles[i].Givens() {
				t.Errorf("%v line %d: %v, %d givens for %d", args, i+1, err, g.Givens(), puzzles[i].Givens())
			}
			a, _ := native.Count(ctx, puzzles[i], 2)
			b, _ := native.Count(ctx, g, 2)
			if a.Count != b.Count {
				t.Errorf("%v line %d: %d solutions became %d", args, i+1, a.Count, b.Count)
			}
			if !g.Equal(puzzles[i]) {
				changed++
			}
		}
		if changed == 0 {
			t.Errorf("%v changed no puzzle", args)
		}
	}
}

// TestTransformCanonical checks that random images of a file have the
// canonical forms of the originals, and that reruns with a seed agree.
func TestTransformCanonical(t *testing.T) {
	file := testdata + "magictour-sample.txt"
	want, _, code := runCLI(t, "", "transform", "--canonical", file)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	shuffled, _, _ := runCLI(t, "", "transform", "--random", "--seed", "7", file)
	again, _, _ := runCLI(t, "", "transform", "--random", "--seed", "7", file)
	if shuffled != again {
		t.Error("same seed, different output")
	}
	got, _, code := runCLI(t, shuffled, "transform", "--canonical")
	if code != 0 || got != want {
		t.Errorf("canonical forms of the shuffled file differ (exit %d)", code)
	}
}

func TestTransformErrors(t *testing.T) {
	six := "1.....\n..3...\n......\n...2..\n....5.\n.6....\n"
	out, _, code := runCLI(t, six, "transform", "--transpose")
	if code != 1 || !strings.HasPrefix(out, "error: line 1: transform changes the box shape") {
		t.Errorf("6×6 transpose: exit %d, %q", code, out)
	}
	out, _, code = runCLI(t, six, "transform", "--rotate", "180")
	if g, err := sudokusat.Parse(out); code != 0 || err != nil || g.Get(5, 5) != 1 || g.Get(0, 4) != 6 {
		t.Errorf("6×6 half turn: exit %d, %v, %q", code, err, out)
	}
	b, err := os.ReadFile(testdata + "large-16.txt")
	if err != nil {
		t.Fatal(err)
	}
	out, _, code = runCLI(t, string(b), "transform", "--canonical")
	if code != 1 || !strings.Contains(out, "too many layouts") {
		t.Errorf("16×16 canonical: exit %d, %q", code, out)
	}
	out, _, code = runCLI(t, "11"+strings.Repeat(".", 79)+"\n", "transform", "--mirror")
	if code != 1 || !strings.HasPrefix(out, "invalid: line 1: conflicting givens") {
		t.Errorf("conflict: exit %d, %q", code, out)
	}
	if _, _, code := runCLI(t, "", "transform", "--rotate", "45"); code != 2 {
		t.Errorf("--rotate 45: exit %d, want 2", code)
	}
}

// TestTransformCanonicalHelp: transform's help states one largest size
// for --canonical, in its example and its flag alike, and a puzzle of
// that size gets its canonical form. The example said "9×9 and smaller",
// the flag "up to 12×12".
func TestTransformCanonicalHelp(t *testing.T) {
	help, _, _ := runCLI(t, "", "transform", "--help")
	sizeRE := regexp.MustCompile(`(\d+)×(\d+)`)
	sizes := map[string]bool{}
	ls := strings.Split(help, "\n")
	for i, l := range ls {
		if !strings.Contains(l, "--canonical") || i+1 == len(ls) {
			continue
		}
		// An example's words are on the line under it.
		for _, m := range sizeRE.FindAllStringSubmatch(l+ls[i+1], -1) {
			sizes[m[1]] = true
		}
	}
	if len(sizes) != 1 {
		t.Fatalf("the help states the sizes %v for --canonical, want one:\n%s", sizes, help)
	}
	for n := range sizes {
		p, stderr, code := runCLI(t, "", "generate", "--size", n, "--seed", "1")
		if code != 0 {
			t.Fatalf("generate --size %s: exit %d: %s", n, code, stderr)
		}
		if out, _, code := runCLI(t, p, "transform", "--canonical"); code != 0 || len(lines(out)) != 1 {
			t.Errorf("--canonical on a %s×%s puzzle, the largest the help states: exit %d, %q", n, n, code, out)
		}
	}
}
