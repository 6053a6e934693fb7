package engine

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/satsolve"
)

// TestCertify: a solver that claims UNSAT with a made-up proof is caught
// as wrong (TestCertifySolvers checks real solvers' real proofs).
func TestCertify(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the lying solver is a shell script")
	}
	liar := filepath.Join(t.TempDir(), "liar.sh")
	// UNSAT for everything, with a "proof" that only claims the empty clause.
	if err := os.WriteFile(liar, []byte("#!/bin/sh\necho 's UNSATISFIABLE'\necho '0' > \"$2\"\nexit 20\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, enc := range []string{"extended", "reduced"} {
		e, err := Open(liar+" {cnf} {proof}", Options{Encoding: enc, Certify: true})
		if err != nil {
			t.Fatal(err)
		}
		if a := Count(context.Background(), e, puzzle(t, inkala), 2, 0); a.Status != Wrong || !errors.Is(a.Err, ErrWrong) {
			t.Errorf("%s: a made-up proof: %v %v, want Wrong", enc, a.Status, a.Err)
		}
	}
}

// noDigit is a puzzle with no solution: its first cell can hold no digit.
var noDigit = ".23456789" + "1........" + strings.Repeat(".", 63)

// TestCertifySolvers certifies the UNSAT answers of each external solver
// that satsolve.Programs gives proof arguments, through the engine: an
// unsolvable puzzle, and Inkala's puzzle's "no second solution", in a
// direct and in the reduced encoding. CaDiCaL writes binary DRAT, PicoSAT
// RUP (text DRAT under a header), CryptoMiniSat text FRAT; kissat, which
// CI does not install, is skipped when missing like the others.
func TestCertifySolvers(t *testing.T) {
	for _, p := range satsolve.Programs() {
		if p.ProofArgs == nil {
			continue
		}
		name := p.Name
		t.Run(name, func(t *testing.T) {
			if _, err := exec.LookPath(name); err != nil {
				t.Skipf("%s is not installed; .ci/run installs the solvers Debian packages (kissat is not among them)", name)
			}
			info, ok := Engines().lookup(name)
			if !ok || !info.Proofs || !strings.Contains(Engines().ProofEngines(), name) {
				t.Fatalf("%s: Proofs %v, ProofEngines %q", name, info.Proofs, Engines().ProofEngines())
			}
			for _, enc := range []string{"extended", "reduced"} {
				t.Run(enc, func(t *testing.T) { certifySolver(t, name, enc) })
			}
		})
	}
}

// certifySolver checks a solver's real proofs in one encoding.
func certifySolver(t *testing.T, name, enc string) {
	e, err := Open(name, Options{Encoding: enc, Certify: true})
	if err != nil {
		t.Fatal(err)
	}
	if !e.Certifies() || Native().Certifies() {
		t.Errorf("Certifies: %s %v, native %v", name, e.Certifies(), Native().Certifies())
	}
	a := Count(context.Background(), e, puzzle(t, noDigit), 2, 0)
	if a.Status != Unsolvable || !a.Certified || !strings.Contains(a.Err.Error(), "certified") {
		t.Errorf("an unsolvable puzzle: %v certified=%v %v", a.Status, a.Certified, a.Err)
	}
	a = Count(context.Background(), e, puzzle(t, inkala), 2, 0)
	if !a.Unique() || !a.Certified {
		t.Errorf("Inkala's puzzle: %v count %d certified=%v %v", a.Status, a.Count, a.Certified, a.Err)
	}
	// Without --certify the same answer is a claim.
	plain, _ := Open(name, Options{Encoding: enc})
	if a := Count(context.Background(), plain, puzzle(t, noDigit), 2, 0); a.Certified || !strings.Contains(a.Err.Error(), "not verified") {
		t.Errorf("uncertified: certified=%v %v", a.Certified, a.Err)
	}
}

// TestCertifyTampered runs PicoSAT and CryptoMiniSat through a script
// that calls them as the engine would and then strips their text proof of
// every lemma but the empty clause: the "no second solution" of Inkala's
// puzzle, which needs the lemmas, is then Wrong. The same script passing
// the proof on untouched is certified, so that the tampering is what is
// refused.
func TestCertifyTampered(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the tampering wrapper is a shell script")
	}
	// FRAT keeps its o, d, f and r lines and its empty clause "a ID 0";
	// RUP its header and its empty clause "0".
	const strip = `awk '$1 == "a" ? $3 == "0" : ($1 ~ /^[%odfr]/ || $0 == "0")' "$2" > "$2.t" && mv "$2.t" "$2"`
	for _, p := range satsolve.Programs() {
		if p.Name != "picosat" && p.Name != "cryptominisat5" {
			continue
		}
		t.Run(p.Name, func(t *testing.T) {
			if _, err := exec.LookPath(p.Argv[0]); err != nil {
				t.Skipf("%s is not installed; .ci/run installs the solvers Debian packages (kissat is not among them)", p.Argv[0])
			}
			var call []string
			for _, a := range append(slices.Clone(p.Argv), p.ProofArgs...) {
				call = append(call, strings.NewReplacer("{cnf}", `"$1"`, "{proof}", `"$2"`).Replace(a))
			}
			for _, tamper := range []bool{false, true} {
				script := "#!/bin/sh\n" + strings.Join(call, " ") + "\nrc=$?\n"
				if tamper {
					script += strip + "\n"
				}
				script += "exit $rc\n"
				wrapper := filepath.Join(t.TempDir(), "wrapper.sh")
				if err := os.WriteFile(wrapper, []byte(script), 0o755); err != nil {
					t.Fatal(err)
				}
				for _, enc := range []string{"extended", "reduced"} {
					e, err := Open(wrapper+" {cnf} {proof}", Options{Encoding: enc, Certify: true})
					if err != nil {
						t.Fatal(err)
					}
					a := Count(context.Background(), e, puzzle(t, inkala), 2, 0)
					switch {
					case !tamper && (!a.Unique() || !a.Certified):
						t.Errorf("%s, proof untouched: %v count %d certified=%v %v", enc, a.Status, a.Count, a.Certified, a.Err)
					case tamper && (a.Status != Wrong || !errors.Is(a.Err, ErrWrong) || !strings.Contains(a.Err.Error(), "not RUP")):
						t.Errorf("%s, proof stripped of its lemmas: %v %v, want Wrong", enc, a.Status, a.Err)
					}
				}
			}
		})
	}
}

// TestProofEngines: an external engine gives proofs exactly when its row
// of satsolve.Programs has proof arguments, and ProofEngines, which the
// --certify usage error names, lists those and no other.
func TestProofEngines(t *testing.T) {
	for _, p := range satsolve.Programs() {
		info, ok := Engines().lookup(p.Name)
		if !ok || info.Proofs != (p.ProofArgs != nil) || !strings.Contains(info.Doc, p.Proof) {
			t.Errorf("%s: Proofs %v, ProofArgs %q, Doc %q", p.Name, info.Proofs, p.ProofArgs, info.Doc)
		}
		if listed := slices.Contains(strings.Split(strings.TrimSuffix(Engines().ProofEngines(), ", or a command line with {proof}"), ", "), p.Name); listed != info.Proofs {
			t.Errorf("%s: listed by ProofEngines %v, Proofs %v: %q", p.Name, listed, info.Proofs, Engines().ProofEngines())
		}
	}
	if !strings.Contains(Engines().ProofEngines(), "picosat") || !strings.Contains(Engines().ProofEngines(), "cryptominisat5") || strings.Contains(Engines().ProofEngines(), "minisat,") {
		t.Errorf("ProofEngines %q", Engines().ProofEngines())
	}
}

// TestCertifyGophersat: gophersat's own proofs, collected from its
// certificate channel, certify its UNSAT answers (no solution, and no
// second one) in a direct and in the reduced encoding, in this process and
// in worker processes (certify's TestGophersatCutProof refuses a proof
// with its lemmas cut).
func TestCertifyGophersat(t *testing.T) {
	wrong := func(p *sudokusat.Grid) *sudokusat.Grid { return wrongGiven(t, p) }
	puzzles := []struct {
		name   string
		g      *sudokusat.Grid
		status Status
	}{
		{"inkala", grid(t, inkala), Solved},
		{"top95 #2", grid(t, "52...6.........7.13...........4..8..6......5...........418.........3..2...87....."), Solved},
		{"inkala plus a wrong given", wrong(grid(t, inkala)), Unsolvable},
		{"easy", readGrid(t, "easy-sample.txt"), Solved},
		{"16x16", readGrid(t, "large-16.txt"), Solved},
		{"16x16 plus a wrong given", wrong(readGrid(t, "large-16.txt")), Unsolvable},
	}
	// In this process, and in worker processes, where the proof is
	// collected and sent back.
	for _, w := range []*Workers{nil, testWorkers(t, 1, true)} {
		for _, enc := range []string{"extended", "reduced"} {
			e, err := Open(NameSAT, Options{Encoding: enc, Certify: true, Workers: w})
			if err != nil {
				t.Fatal(err)
			}
			if !e.Certifies() {
				t.Fatalf("%s: Certifies is false", enc)
			}
			where := "in process"
			if w != nil {
				where = "in workers"
			}
			for _, p := range puzzles {
				t.Run(where+"/"+enc+"/"+p.name, func(t *testing.T) {
					a := Count(context.Background(), e, &sudokusat.Puzzle{Grid: p.g}, 2, 0)
					if a.Status != p.status || !a.Certified || (p.status == Solved && a.Count != 1) {
						t.Errorf("%v count %d certified=%v %v", a.Status, a.Count, a.Certified, a.Err)
					}
				})
			}
		}
	}
}

// readGrid reads the first puzzle of a file of testdata.
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

// wrongGiven gives the first blank cell where it can a digit that clashes
// with no given but is not the solution's: a puzzle with no solution that
// propagation alone may not see.
func wrongGiven(t *testing.T, p *sudokusat.Grid) *sudokusat.Grid {
	t.Helper()
	a := Solve(context.Background(), Native(), &sudokusat.Puzzle{Grid: p}, 0)
	if a.Status != Solved {
		t.Fatalf("native: %v %v", a.Status, a.Err)
	}
	s := a.Solution()
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
