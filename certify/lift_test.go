package certify

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/drat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/internal/datasets"
	"github.com/sudokusat/sudokusat/native"
	"github.com/sudokusat/sudokusat/satsolve"
)

// cadicalRefutes writes f plus blocks as DIMACS, runs cadical on it with a
// text proof, and returns the CNF and the proof; cadical must answer UNSAT.
func cadicalRefutes(t testing.TB, f *encode.Formula, blocks ...*sudokusat.Grid) (cnf, proof []byte) {
	t.Helper()
	g := f.Clone()
	for _, s := range blocks {
		var block []int32
		for v, c := range f.Cands {
			if s.Cell(int(c.Cell)) == int(c.Digit) {
				block = append(block, -int32(v+1))
			}
		}
		g.Add(block...)
	}
	dir := t.TempDir()
	var b bytes.Buffer
	if err := encode.WriteDIMACS(&b, g); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "f.cnf")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("cadical", "-q", "--no-binary", path, filepath.Join(dir, "proof"))
	out, err := cmd.CombinedOutput()
	var x *exec.ExitError
	if !errors.As(err, &x) || x.ExitCode() != 20 {
		t.Fatalf("cadical did not answer UNSAT: %v\n%s", err, out)
	}
	proof, err = os.ReadFile(filepath.Join(dir, "proof"))
	if err != nil {
		t.Fatal(err)
	}
	return b.Bytes(), proof
}

func needCadical(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Skip("cadical is not installed; .ci/run installs it")
	}
}

func solveNative(t testing.TB, g *sudokusat.Grid) *sudokusat.Grid {
	t.Helper()
	r, err := native.Count(context.Background(), g, 1)
	if err != nil || r.Count != 1 {
		t.Fatalf("native: %v %v", r.Count, err)
	}
	return r.Solution
}

// TestCheckReduced checks cadical's proofs over reduced formulas from the
// puzzle's extended encoding: uniqueness of solvable puzzles (the formula
// plus the clause blocking the solution), puzzles that propagation or
// search prove unsolvable, and grids large enough for the product
// encoding's auxiliary variables.
func TestCheckReduced(t *testing.T) {
	needCadical(t)
	wrong := func(p *sudokusat.Grid) *sudokusat.Grid { return wrongGiven(t, p) }
	tests := []struct {
		name   string
		puzzle *sudokusat.Grid
		unique bool // else unsolvable
		aux    bool // the formula must have auxiliary variables
	}{
		{"settled by propagation", readGrid(t, "easy-sample.txt"), true, false},
		{"inkala unique", grid(t, inkala), true, false},
		{"top95 #2 unique", grid(t, "52...6.........7.13...........4..8..6......5...........418.........3..2...87....."), true, false},
		{"inkala plus a wrong given", wrong(grid(t, inkala)), false, false},
		{"16x16 unique", readGrid(t, "large-16.txt"), true, false},
		{"16x16 plus a wrong given", wrong(readGrid(t, "large-16.txt")), false, false},
		{"25x25 unique", readGrid(t, "large-25.txt"), true, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, err := encode.Puzzle(&sudokusat.Puzzle{Grid: tc.puzzle}, encode.Options{Encoding: "reduced"})
			if err != nil {
				t.Fatal(err)
			}
			if tc.aux && f.Vars == len(f.Cands) {
				t.Fatal("the formula has no auxiliary variable: the test no longer covers them")
			}
			var blocks []*sudokusat.Grid
			if tc.unique {
				blocks = append(blocks, solveNative(t, tc.puzzle))
			}
			cnf, proof := cadicalRefutes(t, f, blocks...)
			if err := checkReduced(context.Background(), f, bytes.NewReader(cnf), bytes.NewReader(proof)); err != nil {
				t.Fatalf("a real proof rejected: %v", err)
			}
			// Without the proof the claim stands only where unit
			// propagation refutes the extended encoding by itself.
			err = checkReduced(context.Background(), f, bytes.NewReader(cnf), strings.NewReader(""))
			if f.NumClauses() > 2 && !errors.Is(err, drat.ErrNotRefuted) {
				t.Errorf("an empty proof: %v, want ErrNotRefuted", err)
			}
		})
	}
}

// TestCheckReducedRejects checks the claims the lifting must not let pass.
func TestCheckReducedRejects(t *testing.T) {
	needCadical(t)
	g := grid(t, inkala)
	f, err := encode.Puzzle(&sudokusat.Puzzle{Grid: g}, encode.Options{Encoding: "reduced"})
	if err != nil {
		t.Fatal(err)
	}
	sol := solveNative(t, g)
	cnf, proof := cadicalRefutes(t, f, sol)

	// A blocking clause that blocks a grid which is not a solution: its
	// refutation would prove nothing about the puzzle.
	notSol := sol.Clone()
	for v, c := range f.Cands {
		if sol.Cell(int(c.Cell)) != int(c.Digit) {
			notSol.SetCell(int(c.Cell), int(c.Digit))
			_ = v
			break
		}
	}
	bad, badProof := cadicalRefutes(t, f, notSol, sol)
	if err := checkReduced(context.Background(), f, bytes.NewReader(bad), bytes.NewReader(badProof)); err == nil || !strings.Contains(err.Error(), "blocking clause 1") {
		t.Errorf("a clause blocking a non-solution: %v, want an error naming it", err)
	}

	// The proof cut short: every lemma after the first half is dropped.
	lines := strings.SplitAfter(string(proof), "\n")
	half := strings.Join(lines[:len(lines)/2], "")
	if err := checkReduced(context.Background(), f, bytes.NewReader(cnf), strings.NewReader(half)); !errors.Is(err, drat.ErrNotRefuted) {
		t.Errorf("half a proof: %v, want ErrNotRefuted", err)
	}

	// A solvable formula (no blocking clause) with a made-up refutation.
	var plain bytes.Buffer
	if err := encode.WriteDIMACS(&plain, f); err != nil {
		t.Fatal(err)
	}
	if err := checkReduced(context.Background(), f, bytes.NewReader(plain.Bytes()), strings.NewReader("0\n")); !errors.Is(err, drat.ErrLemma) {
		t.Errorf("a made-up proof of a solvable puzzle: %v, want ErrLemma", err)
	}
	// Grids beyond the extended encoding's reach are refused, not trusted.
	big, err := sudokusat.NewGridSize(36)
	if err != nil {
		t.Fatal(err)
	}
	bf, err := encode.Puzzle(&sudokusat.Puzzle{Grid: big}, encode.Options{Encoding: "reduced"})
	if err != nil {
		t.Fatal(err)
	}
	if err := checkReduced(context.Background(), bf, strings.NewReader(""), strings.NewReader("")); err == nil || !strings.Contains(err.Error(), "25×25") {
		t.Errorf("a 36×36 grid: %v, want the size refused", err)
	}
	// The context bounds the check.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := checkReduced(ctx, f, bytes.NewReader(cnf), bytes.NewReader(proof)); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled check: %v, want context.Canceled", err)
	}
}

func readGrid(t *testing.T, name string) *sudokusat.Grid {
	t.Helper()
	file, err := os.Open(filepath.Join("..", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	p, err := sudokusat.NewReader(file).Read()
	if err != nil {
		t.Fatal(err)
	}
	return p.Grid
}

// TestCheckReducedByPropagation: when propagation solves the puzzle, the
// formula has no variable, and the blocking clause is empty: the claim of
// uniqueness is proved by unit propagation on the extended encoding, with
// no proof at all.
func TestCheckReducedByPropagation(t *testing.T) {
	f, err := encode.Puzzle(&sudokusat.Puzzle{Grid: readGrid(t, "easy-sample.txt")}, encode.Options{Encoding: "reduced"})
	if err != nil {
		t.Fatal(err)
	}
	if f.Vars != 0 {
		t.Fatalf("the easy puzzle left %d variables: the test needs one that propagation solves", f.Vars)
	}
	g := f.Clone()
	g.Add()
	var b bytes.Buffer
	if err := encode.WriteDIMACS(&b, g); err != nil {
		t.Fatal(err)
	}
	if err := checkReduced(context.Background(), f, &b, strings.NewReader("")); err != nil {
		t.Errorf("uniqueness by propagation: %v", err)
	}
	// Without the clause blocking the one solution, nothing is refuted,
	// however settled the puzzle.
	b.Reset()
	if err := encode.WriteDIMACS(&b, f); err != nil {
		t.Fatal(err)
	}
	if err := checkReduced(context.Background(), f, &b, strings.NewReader("")); !errors.Is(err, drat.ErrNotRefuted) {
		t.Errorf("a settled puzzle, its solution not blocked: %v, want ErrNotRefuted", err)
	}
}

// BenchmarkCheckReduced times the check of cadical's uniqueness proofs over
// the reduced formulas of testdata/magictour-sample.txt: checked from the
// puzzle's extended encoding (lifted), and, beside it, checked against the
// reduced formula alone, as drat.Check of the solver's own files. One op
// checks the whole sample.
func BenchmarkCheckReduced(b *testing.B) {
	if _, err := exec.LookPath("cadical"); err != nil {
		b.Skip("cadical is not installed; .ci/run installs it")
	}
	data, err := os.ReadFile(filepath.Join("..", "testdata", "magictour-sample.txt"))
	if err != nil {
		b.Fatal(err)
	}
	type claim struct {
		f          *encode.Formula
		cnf, proof []byte
	}
	var claims []claim
	for _, line := range strings.Fields(string(data)) {
		g, err := sudokusat.Parse(line)
		if err != nil {
			b.Fatal(err)
		}
		f, err := encode.Puzzle(&sudokusat.Puzzle{Grid: g}, encode.Options{Encoding: "reduced"})
		if err != nil {
			b.Fatal(err)
		}
		cnf, proof := cadicalRefutes(b, f, solveNative(b, g))
		claims = append(claims, claim{f, cnf, proof})
	}
	b.Run("lifted", func(b *testing.B) {
		for b.Loop() {
			for _, c := range claims {
				if err := checkReduced(context.Background(), c.f, bytes.NewReader(c.cnf), bytes.NewReader(c.proof)); err != nil {
					b.Fatal(err)
				}
			}
		}
		datasets.ReportPerPuzzle(b, len(claims))
	})
	b.Run("reduced-only", func(b *testing.B) {
		for b.Loop() {
			for _, c := range claims {
				if _, err := drat.Check(context.Background(), bytes.NewReader(c.cnf), bytes.NewReader(c.proof)); err != nil {
					b.Fatal(err)
				}
			}
		}
		datasets.ReportPerPuzzle(b, len(claims))
	})
}

// TestGophersatCutProof: the check refuses gophersat's proof of a
// puzzle's uniqueness cut to its first half.
func TestGophersatCutProof(t *testing.T) {
	g := grid(t, inkala)
	f, err := encode.Puzzle(&sudokusat.Puzzle{Grid: g}, encode.Options{Encoding: "extended"})
	if err != nil {
		t.Fatal(err)
	}
	r, proof, err := satsolve.CountProof(context.Background(), f, 2)
	if err != nil || r.Count != 1 {
		t.Fatalf("%v %v", r.Count, err)
	}
	lines := strings.SplitAfter(string(proof.DRAT), "\n")
	if len(lines) < 4 {
		t.Fatalf("a proof of %d lines: too short to cut", len(lines))
	}
	var cnf bytes.Buffer
	if err := proof.CNF(&cnf, f); err != nil {
		t.Fatal(err)
	}
	half := strings.Join(lines[:len(lines)/2], "")
	if err := Refutation(context.Background(), f, &cnf, strings.NewReader(half)); err == nil {
		t.Error("half of gophersat's proof accepted")
	}
}

// BenchmarkCertifyGophersat sets gophersat's uniqueness proof beside its
// search, on testdata/magictour-sample.txt with the reduced encoding: the
// count alone, the count collecting its proof, and the check of the proofs
// from the puzzles' extended encodings. One op covers the whole sample.
func BenchmarkCertifyGophersat(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "magictour-sample.txt"))
	if err != nil {
		b.Fatal(err)
	}
	var fs []*encode.Formula
	for _, line := range strings.Fields(string(data)) {
		g, err := sudokusat.Parse(line)
		if err != nil {
			b.Fatal(err)
		}
		f, err := encode.Puzzle(&sudokusat.Puzzle{Grid: g}, encode.Options{Encoding: "reduced"})
		if err != nil {
			b.Fatal(err)
		}
		fs = append(fs, f)
	}
	ctx := context.Background()
	b.Run("count", func(b *testing.B) {
		for b.Loop() {
			for _, f := range fs {
				if _, err := satsolve.Count(ctx, f, 2); err != nil {
					b.Fatal(err)
				}
			}
		}
		datasets.ReportPerPuzzle(b, len(fs))
	})
	b.Run("count+proof", func(b *testing.B) {
		for b.Loop() {
			for _, f := range fs {
				if _, _, err := satsolve.CountProof(ctx, f, 2); err != nil {
					b.Fatal(err)
				}
			}
		}
		datasets.ReportPerPuzzle(b, len(fs))
	})
	type claim struct {
		f     *encode.Formula
		proof *satsolve.Proof
	}
	var claims []claim
	for _, f := range fs {
		_, p, err := satsolve.CountProof(ctx, f, 2)
		if err != nil {
			b.Fatal(err)
		}
		claims = append(claims, claim{f, p})
	}
	b.Run("check", func(b *testing.B) {
		for b.Loop() {
			for _, c := range claims {
				if err := Gophersat(ctx, c.f, c.proof); err != nil {
					b.Fatal(err)
				}
			}
		}
		datasets.ReportPerPuzzle(b, len(claims))
	})
}

// wrongGiven gives the first blank cell where it can a digit that clashes
// with no given but is not the solution's: a puzzle with no solution that
// propagation alone may not see.
func wrongGiven(t *testing.T, p *sudokusat.Grid) *sudokusat.Grid {
	t.Helper()
	s := solveNative(t, p)
	for cell := 0; cell < p.Len(); cell++ {
		for d := 1; d <= p.Size() && p.Cell(cell) == 0; d++ {
			q := p.Clone()
			q.SetCell(cell, d)
			if d != s.Cell(cell) && q.Validate() == nil {
				return q
			}
		}
	}
	t.Fatal("no wrong given fits")
	return nil
}
