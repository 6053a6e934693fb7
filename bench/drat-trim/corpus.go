package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/drat"
	"github.com/sudokusat/sudokusat/encode"
)

// A base is an unsatisfiable formula with a proof that refutes it (or, for
// the fuzz corpus, any formula and proof), before mutation.
type base struct {
	name   string
	size   string // 9x9, 16x16, 25x25 or other
	cnf    string
	proof  string
	binary bool // the proof is binary DRAT
}

// The unsolvable puzzles of drat/cadical_test.go, with the encodings its
// TestCadicalProofs uses: the project's own proofs from cadical.
var testPuzzles = []struct {
	name, puzzle, encoding string
}{
	{"unsat9-trivial", ".23456789" + "1........" + "...............................................................", "extended"},
	{"unsat9", "4.....815.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", "extended"},
	{"unsat16", ".F.1.2AEC........6.GC..4.F1.2...E..7B3F.........4D2C.........F1.....E.B.3.A.....3G..2....E7D..5FB.5A7....9...6..........F..C.............83A..F.2C.....3.4....9.63....D..B91.C....A4......C.8.67C8..G..A.D......5......6.1F......916.E....2...A8.E...D..4CB8..2.", "extended"},
	{"unsat16", ".F.1.2AEC........6.GC..4.F1.2...E..7B3F.........4D2C.........F1.....E.B.3.A.....3G..2....E7D..5FB.5A7....9...6..........F..C.............83A..F.2C.....3.4....9.63....D..B91.C....A4......C.8.67C8..G..A.D......5......6.1F......916.E....2...A8.E...D..4CB8..2.", "minimal"},
}

// puzzleSets are the test files whose puzzles are made unsolvable, with
// how many of each to use: files of puzzles with one solution (not
// serg-sample, whose puzzles have several).
var puzzleSets = []struct {
	file string
	max  int
}{
	{"top95-sample.txt", 20},
	{"magictour-sample.txt", 21},
	{"17clue-sample.txt", 30},
	{"large-16.txt", 1},
	{"large-25.txt", 1},
}

// variants is how many unsolvable formulas each puzzle of a size gives:
// for a 9×9 one of each kind, for the two large grids several, each with
// another encoding or another wrong given.
var variants = map[int]int{9: 1, 16: 8, 25: 3}

// corpus writes the bases into dir: the project's test proofs and, for
// each puzzle of puzzleSets, uniqueness refutations (the puzzle's formula
// with its solution blocked) and unsolvable puzzles (a wrong, clash-free
// given added), in the encodings in turn, proved by cadical in text and
// binary DRAT in turn.
func corpus(ctx context.Context, repo, dir string, timeout time.Duration) ([]base, error) {
	var bases []base
	add := func(b base, err error) error {
		if err != nil {
			return err
		}
		if b.name != "" {
			bases = append(bases, b)
		}
		return nil
	}
	// PicoSAT's RUP and CryptoMiniSat's FRAT proofs of drat/testdata, as
	// the DRAT proofs they hold (drat-trim reads neither form).
	td := filepath.Join(repo, "drat", "testdata")
	for _, p := range []string{"php43-picosat.rup", "php43-cryptominisat5.frat"} {
		steps, err := readSteps(filepath.Join(td, p))
		if err != nil {
			return nil, err
		}
		out := filepath.Join(dir, "test-"+strings.TrimSuffix(p, filepath.Ext(p))+".drat")
		if err := writeSteps(out, steps, false); err != nil {
			return nil, err
		}
		bases = append(bases, base{name: "test-" + p, size: "other", cnf: filepath.Join(td, "php43.cnf"), proof: out})
	}
	fuzz, err := fuzzCorpus(filepath.Join(td, "fuzz", "FuzzCheck"), dir)
	if err != nil {
		return nil, err
	}
	bases = append(bases, fuzz...)
	for _, tp := range testPuzzles {
		g, err := sudokusat.Parse(tp.puzzle)
		if err != nil {
			return nil, err
		}
		for _, bin := range []bool{false, true} {
			name := fmt.Sprintf("test-%s-%s-%s", tp.name, tp.encoding, form(bin))
			if err := add(prove(ctx, dir, name, g, tp.encoding, nil, bin, timeout)); err != nil {
				return nil, err
			}
		}
	}
	encodings := encode.Names()
	rng := rand.New(rand.NewPCG(1, 2))
	turn := 0
	for _, set := range puzzleSets {
		puzzles, err := readPuzzles(filepath.Join(repo, "testdata", set.file), set.max)
		if err != nil {
			return nil, err
		}
		for i, g := range puzzles {
			n := g.Size()
			sol, err := solve(ctx, dir, g, timeout)
			if err != nil {
				return nil, fmt.Errorf("%s puzzle %d: %w", set.file, i+1, err)
			}
			for v := range variants[n] {
				for _, kind := range []string{"block", "wrong"} {
					turn++
					enc := encodings[turn%len(encodings)]
					bin := (turn/2)%2 == 0 // block and wrong each in both forms
					name := fmt.Sprintf("%dx%d-%s-%02d-%s-%d-%s-%s", n, n, strings.TrimSuffix(set.file, ".txt"), i+1, kind, v+1, enc, form(bin))
					p, block := g, []int32(nil)
					if kind == "block" {
						if v >= len(encodings) {
							continue
						}
						block = []int32{} // the solution, blocked in the encoding's variables
					} else {
						p = wrongGiven(rng, g, sol)
					}
					if err := add(prove(ctx, dir, name, p, enc, block, bin, timeout)); err != nil {
						return nil, err
					}
				}
			}
		}
	}
	return bases, nil
}

func form(binary bool) string {
	if binary {
		return "binary"
	}
	return "text"
}

func readPuzzles(path string, max int) ([]*sudokusat.Grid, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := sudokusat.NewReader(f)
	var gs []*sudokusat.Grid
	for len(gs) < max {
		p, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		gs = append(gs, p.Grid)
	}
	return gs, nil
}

// wrongGiven returns g with one open cell given a digit other than the
// solution's that clashes with no given in its row, column or box: a
// puzzle with no solution, since g has only sol.
func wrongGiven(rng *rand.Rand, g, sol *sudokusat.Grid) *sudokusat.Grid {
	n := g.Size()
	for {
		r, c := rng.IntN(n), rng.IntN(n)
		if g.Get(r, c) != 0 {
			continue
		}
		d := 1 + rng.IntN(n)
		if d == sol.Get(r, c) || clashes(g, r, c, d) {
			continue
		}
		w := g.Clone()
		w.Set(r, c, d)
		return w
	}
}

func clashes(g *sudokusat.Grid, r, c, d int) bool {
	n := g.Size()
	for i := range n {
		if g.Get(r, i) == d || g.Get(i, c) == d {
			return true
		}
	}
	for i := range g.Len() {
		if g.Cell(i) == d && g.Box(i/n, i%n) == g.Box(r, c) {
			return true
		}
	}
	return false
}

// solve returns the puzzle's solution, found by cadical on its extended
// encoding and checked by the validator.
func solve(ctx context.Context, dir string, g *sudokusat.Grid, timeout time.Duration) (*sudokusat.Grid, error) {
	f, err := encode.Puzzle(&sudokusat.Puzzle{Grid: g}, encode.Options{Encoding: "extended"})
	if err != nil {
		return nil, err
	}
	path := filepath.Join(dir, "solve.cnf")
	if err := writeFormula(path, f); err != nil {
		return nil, err
	}
	defer os.Remove(path)
	status, model, err := cadical(ctx, path, "", false, timeout)
	if err != nil {
		return nil, err
	}
	if status != 10 {
		return nil, fmt.Errorf("cadical: exit status %d, want 10 (SAT)", status)
	}
	sol, err := f.VarMap.DecodeLits(model)
	if err != nil {
		return nil, err
	}
	if err := sudokusat.CheckSolution(g, sol); err != nil {
		return nil, err
	}
	return sol, nil
}

// prove writes g's formula in encoding enc as dir/name.cnf (with its model
// blocked when block is not nil: the formula's first solution, found by
// cadical, as a clause of the negated true cell variables) and cadical's
// proof as dir/name.drat. It returns a zero base when the formula is
// satisfiable (a puzzle with several solutions) or cadical times out.
func prove(ctx context.Context, dir, name string, g *sudokusat.Grid, enc string, block []int32, binary bool, timeout time.Duration) (base, error) {
	build, err := encode.Lookup(enc)
	if err != nil {
		return base{}, err
	}
	f, err := build(g)
	if err != nil {
		return base{}, fmt.Errorf("%s: %w", name, err)
	}
	cnf := filepath.Join(dir, name+".cnf")
	if err := writeFormula(cnf, f); err != nil {
		return base{}, err
	}
	if block != nil {
		status, model, err := cadical(ctx, cnf, "", false, timeout)
		if err != nil || status != 10 {
			return base{}, fmt.Errorf("%s: cadical: status %d, %v", name, status, err)
		}
		for _, l := range model {
			if l > 0 && l <= f.VarMap.NumVars() {
				block = append(block, int32(-l))
			}
		}
		f.Add(block...)
		if err := writeFormula(cnf, f); err != nil {
			return base{}, err
		}
	}
	proof := filepath.Join(dir, name+".drat")
	status, _, err := cadical(ctx, cnf, proof, binary, timeout)
	if err != nil {
		return base{}, fmt.Errorf("%s: %w", name, err)
	}
	if status != 20 {
		fmt.Fprintf(os.Stderr, "%s: cadical status %d, not UNSAT: left out\n", name, status)
		os.Remove(cnf)
		os.Remove(proof)
		return base{}, nil
	}
	return base{name: name, size: fmt.Sprintf("%dx%d", g.Size(), g.Size()), cnf: cnf, proof: proof, binary: binary}, nil
}

// writeFormula writes f in DIMACS without the comment lines: drat-trim
// looks for the problem line as "cnf" and two numbers after any word, and
// so read the header's first comment as sudokusat wrote it until 25
// November 2026, "c sudokusat cnf 1", as a formula of one variable and no
// clauses, then rejected every proof. (The mark is now "c sudokusat cnf
// v1"; the comments stay out, so that the figures compare with the first
// runs'.)
func writeFormula(path string, f *encode.Formula) error {
	var b bytes.Buffer
	if err := encode.WriteDIMACS(&b, f); err != nil {
		return err
	}
	var out []byte
	for line := range bytes.Lines(b.Bytes()) {
		if !bytes.HasPrefix(line, []byte("c")) {
			out = append(out, line...)
		}
	}
	return os.WriteFile(path, out, 0o644)
}

// cadical runs cadical on cnf, writing a proof when proof is not empty,
// and returns its exit status (10 SAT, 20 UNSAT) and model.
func cadical(ctx context.Context, cnf, proof string, binary bool, timeout time.Duration) (int, []int, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	args := []string{"-q", cnf}
	if proof != "" {
		args = append(args, "--binary="+strconv.FormatBool(binary), proof)
	}
	out, err := exec.CommandContext(ctx, "cadical", args...).Output()
	var exit *exec.ExitError
	if ctx.Err() != nil {
		return 0, nil, ctx.Err()
	}
	if !errors.As(err, &exit) {
		return 0, nil, fmt.Errorf("cadical: %v", err)
	}
	var model []int
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		if f := strings.Fields(sc.Text()); len(f) > 0 && f[0] == "v" {
			for _, x := range f[1:] {
				l, err := strconv.Atoi(x)
				if err != nil {
					return 0, nil, fmt.Errorf("cadical: bad model literal %q", x)
				}
				model = append(model, l)
			}
		}
	}
	return exit.ExitCode(), model, nil
}

// fuzzCorpus writes each entry of drat's fuzz corpus (a formula and a
// proof, as Go's fuzzing stores them) as a pair of files.
func fuzzCorpus(src, dir string) ([]base, error) {
	entries, err := os.ReadDir(src)
	if err != nil {
		return nil, err
	}
	var bases []base
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			return nil, err
		}
		var vals [][]byte
		for _, line := range strings.Split(string(b), "\n") {
			if s, ok := strings.CutPrefix(line, "[]byte("); ok {
				v, err := strconv.Unquote(strings.TrimSuffix(s, ")"))
				if err != nil {
					return nil, fmt.Errorf("%s: %w", e.Name(), err)
				}
				vals = append(vals, []byte(v))
			}
		}
		if len(vals) != 2 {
			return nil, fmt.Errorf("%s: %d values, want 2", e.Name(), len(vals))
		}
		name := "fuzz-" + e.Name()
		cnf, proof := filepath.Join(dir, name+".cnf"), filepath.Join(dir, name+".drat")
		if err := os.WriteFile(cnf, vals[0], 0o644); err != nil {
			return nil, err
		}
		if err := os.WriteFile(proof, vals[1], 0o644); err != nil {
			return nil, err
		}
		bases = append(bases, base{name: name, size: "fuzz", cnf: cnf, proof: proof})
	}
	return bases, nil
}

// readFormula reads a DIMACS CNF's clauses, for the mutations.
func readFormula(path string) ([][]int32, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var cls [][]int32
	var c []int32
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || f[0] == "c" || f[0] == "p" {
			continue
		}
		for _, x := range f {
			l, err := strconv.Atoi(x)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", path, err)
			}
			if l == 0 {
				cls = append(cls, c)
				c = nil
				continue
			}
			c = append(c, int32(l))
		}
	}
	return cls, nil
}

// checkable reports whether package drat reads the pair without a syntax
// error, the condition for mutating it.
func checkable(b base) bool {
	_, err := checkFiles(context.Background(), b.cnf, b.proof)
	return !errors.Is(err, drat.ErrSyntax)
}
