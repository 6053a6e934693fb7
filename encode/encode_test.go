package encode

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
)

// inkala is Arto Inkala's hard puzzle; inkalaSolution is its published
// solution.
const (
	inkala         = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
	inkalaSolution = "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
)

func mustGrid(t testing.TB, s string) *sudokusat.Grid {
	t.Helper()
	g, err := sudokusat.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// lookup returns the encoding of that name, as the table gives it.
func lookup(tb testing.TB, name string) Encoding {
	tb.Helper()
	enc, err := Lookup(name)
	if err != nil {
		tb.Fatal(err)
	}
	return enc
}

func emptyGrid(t testing.TB, n int) *sudokusat.Grid {
	t.Helper()
	g, err := sudokusat.NewGridSize(n)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestClauseCounts checks the counts before givens against the notes'
// formulas, computed here from scratch.
func TestClauseCounts(t *testing.T) {
	tests := []struct {
		n                            int
		minimal, efficient, extended int
	}{
		{4, 304, 400, 448},
		{9, 8829, 11745, 11988},
		{16, 92416, 123136, 123904},
		{25, 563125, 750625, 752500},
	}
	for _, tt := range tests {
		g := emptyGrid(t, tt.n)
		for _, c := range []struct {
			enc  Encoding
			want int
		}{{lookup(t, "minimal"), tt.minimal}, {lookup(t, "efficient"), tt.efficient}, {lookup(t, "extended"), tt.extended}} {
			f, err := c.enc(g)
			if err != nil {
				t.Fatal(err)
			}
			if f.NumClauses() != c.want || f.Vars != tt.n*tt.n*tt.n {
				t.Errorf("%s N=%d: %d clauses, %d vars; want %d, %d", f.Encoding, tt.n, f.NumClauses(), f.Vars, c.want, tt.n*tt.n*tt.n)
			}
		}
	}
}

func TestGivensAddUnits(t *testing.T) {
	g := mustGrid(t, inkala)
	for _, name := range []string{"minimal", "efficient", "extended"} {
		enc, _ := Lookup(name)
		f, _ := enc(g)
		empty, _ := enc(emptyGrid(t, 9))
		if got := f.NumClauses() - empty.NumClauses(); got != g.Givens() {
			t.Errorf("%s: givens added %d clauses, want %d", name, got, g.Givens())
		}
	}
}

// TestReducedShrinks checks that the reduced formula is a small fraction of
// the extended one and that propagation-only puzzles need no variables.
func TestReducedShrinks(t *testing.T) {
	ext, _ := Puzzle(&sudokusat.Puzzle{Grid: mustGrid(t, inkala)}, Options{Encoding: "extended"})
	red, _ := Puzzle(&sudokusat.Puzzle{Grid: mustGrid(t, inkala)}, Options{Encoding: "reduced"})
	if red.Vars >= ext.Vars/2 || red.NumClauses() >= ext.NumClauses()/4 {
		t.Errorf("reduced %d vars %d clauses is not much smaller than extended %d/%d",
			red.Vars, red.NumClauses(), ext.Vars, ext.NumClauses())
	}
	solved, _ := Puzzle(&sudokusat.Puzzle{Grid: mustGrid(t, inkalaSolution[:80]+".")}, Options{Encoding: "reduced"})
	if solved.Vars != 0 || solved.NumClauses() != 0 || solved.Fixed.String() != inkalaSolution {
		t.Errorf("one blank: got %d vars, %d clauses, fixed %s", solved.Vars, solved.NumClauses(), solved.Fixed)
	}
	// A puzzle whose propagation meets a contradiction is the formula
	// (x1)(¬x1). Row 1 needs a 1 but every cell of it sees one.
	bad := mustGrid(t, ".23456789"+"........."+"........."+".1......."+"........."+"........."+"........."+"........."+".........")
	bad.Set(4, 0, 1) // column 0 now holds 1 below: r1c1 cannot be 1
	f, _ := Puzzle(&sudokusat.Puzzle{Grid: bad}, Options{Encoding: "reduced"})
	if f.NumClauses() != 2 || f.Vars != 1 {
		t.Errorf("contradiction: got %d vars, %d clauses", f.Vars, f.NumClauses())
	}
}

// TestDecodeSolution checks that the variables of a known solution decode
// to it under every encoding, for direct and explicit maps.
func TestDecodeSolution(t *testing.T) {
	sol := mustGrid(t, inkalaSolution)
	for _, name := range Names() {
		enc, _ := Lookup(name)
		f, err := enc(mustGrid(t, inkala))
		if err != nil {
			t.Fatal(err)
		}
		var lits []int
		if f.Direct() {
			for i := 0; i < 81; i++ {
				lits = append(lits, Var(9, i/9, i%9, sol.Cell(i)))
			}
		} else {
			for v, c := range f.Cands {
				if sol.Cell(int(c.Cell)) == int(c.Digit) {
					lits = append(lits, v+1)
				}
			}
		}
		g, err := f.DecodeLits(lits)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !g.Equal(sol) {
			t.Errorf("%s: decoded %s", name, g)
		}
		if !satisfies(f, lits) {
			t.Errorf("%s: the solution does not satisfy the formula", name)
		}
	}
}

// satisfies evaluates f under the model given by the true literals.
func satisfies(f *Formula, trueLits []int) bool {
	val := make([]bool, f.Vars+1)
	for _, l := range trueLits {
		val[l] = true
	}
	for c := range f.Clauses() {
		ok := false
		for _, l := range c {
			if (l > 0) == val[abs(l)] {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

func abs(l int32) int32 {
	if l < 0 {
		return -l
	}
	return l
}

func TestDecodeErrors(t *testing.T) {
	f, _ := Puzzle(&sudokusat.Puzzle{Grid: mustGrid(t, inkala)}, Options{Encoding: "extended"})
	if _, err := f.DecodeLits([]int{1}); !errors.Is(err, ErrDecode) {
		t.Errorf("partial model: err = %v, want ErrDecode", err)
	}
	if _, err := f.DecodeLits([]int{1, 2}); !errors.Is(err, ErrDecode) {
		t.Errorf("two digits in a cell: err = %v, want ErrDecode", err)
	}
}

// TestDIMACSRoundTrip writes each encoding and reads it back: same counts,
// same clauses, and a map that decodes the same way, from the DIMACS and
// from the OPB of the formula.
func TestDIMACSRoundTrip(t *testing.T) {
	for _, p := range []string{inkala, "1...." + strings.Repeat(".", 11)} {
		for _, name := range Names() {
			enc, _ := Lookup(name)
			f, err := enc(mustGrid(t, p))
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := WriteDIMACS(&buf, f); err != nil {
				t.Fatal(err)
			}
			text := buf.String()
			for _, want := range []string{"c sudokusat", "c encoding " + name, "c puzzle " + f.Puzzle.Grid.String()} {
				if !strings.Contains(text, want) {
					t.Errorf("%s: header lacks %q", name, want)
				}
			}
			g, err := ReadDIMACS(strings.NewReader(text))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if g.Vars != f.Vars || g.NumClauses() != f.NumClauses() || !slices.Equal(flat(f), flat(g)) {
				t.Errorf("%s: read %d vars %d clauses, wrote %d, %d", name, g.Vars, g.NumClauses(), f.Vars, f.NumClauses())
			}
			// The OPB of the same formula carries the same map under "*".
			var opb bytes.Buffer
			if err := WriteOPB(&opb, f); err != nil {
				t.Fatal(err)
			}
			for form, text := range map[string]string{"dimacs": text, "opb": opb.String()} {
				m, err := ReadVarMap(strings.NewReader(text))
				if err != nil {
					t.Fatalf("%s %s: %v", name, form, err)
				}
				if m.Encoding != name || !m.Puzzle.Grid.Equal(f.Puzzle.Grid) || !m.Fixed.Equal(f.Fixed) || len(m.Cands) != len(f.Cands) || m.Direct() != f.Direct() {
					t.Errorf("%s %s: map read back differs: %+v", name, form, m)
				}
				for i := range m.Cands {
					if m.Cands[i] != f.Cands[i] {
						t.Fatalf("%s %s: candidate %d = %v, want %v", name, form, i+1, m.Cands[i], f.Cands[i])
					}
				}
			}
		}
	}
}

// flat returns f's clauses as Clauses writes them, each ended by 0.
func flat(f *Formula) []int32 {
	var out []int32
	for c := range f.Clauses() {
		out = append(append(out, c...), 0)
	}
	return out
}

func TestReadDIMACSErrors(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"no problem line", "1 2 0\n", `line 1: want the problem line "p cnf VARS CLAUSES" after the comments, not "1 2 0"`},
		{"empty", "", "no problem line"},
		{"bad problem line", "p dnf 2 1\n1 0\n", "problem line"},
		{"literal out of range", "p cnf 2 1\n1 3 0\n", "line 2: literal 3 out of range"},
		{"not a literal", "p cnf 2 1\n1 x 0\n", `line 2: "x" is not a literal`},
		{"unterminated", "p cnf 2 1\n1 2\n", "not ended by 0"},
		{"count mismatch", "p cnf 2 2\n1 2 0\n", "line 1: the problem line says 2 clauses, but the file holds 1"},
		{"second p line", "p cnf 2 1\np cnf 2 1\n", "second problem line"},
		{"binary", "\x00\x01\x02\xff\n", "want the problem line"},
		{"OPB", "* #variable= 2 #constraint= 1\n+1 x1 >= 1 ;\n", "line 1: an OPB file, not CNF"},
		{"too many variables", "c\np cnf 1073741825 0\n", "line 2: 1073741825 variables, more than 1073741824"},
		{"bad map line", headerMark + "\nc box 3x3\nc v 5 1 1 1\np cnf 1 0\n", "out of order"},
	}
	for _, tt := range tests {
		_, err := ReadDIMACS(strings.NewReader(tt.in))
		if !errors.Is(err, ErrDIMACS) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: err = %v, want ErrDIMACS mentioning %q", tt.name, err, tt.want)
		}
	}
	if _, err := ReadVarMap(strings.NewReader("p cnf 1 1\n1 0\n")); !errors.Is(err, ErrNoMap) {
		t.Errorf("foreign CNF: err = %v, want ErrNoMap", err)
	}
}

// TestRectangularAndLarge checks the direct formula and the reduced one on
// a 6×6 grid with 2×3 boxes and that the reduced formula stays small on the
// empty 25×25.
func TestRectangularAndLarge(t *testing.T) {
	g := emptyGrid(t, 6)
	f, _ := Puzzle(&sudokusat.Puzzle{Grid: g}, Options{Encoding: "extended"})
	if want := 4 * 36 * (1 + 15); f.NumClauses() != want {
		t.Errorf("6×6 extended: %d clauses, want %d", f.NumClauses(), want)
	}
	red, _ := Puzzle(&sudokusat.Puzzle{Grid: g}, Options{Encoding: "reduced"})
	if red.Vars != 216 {
		t.Errorf("empty 6×6 reduced: %d vars, want 216", red.Vars)
	}
	// Box pairs in one row or column are not repeated: 4·36 ALO, 36·15 cell
	// pairs, 2·36·15 row and column pairs, and per box and digit the 15
	// pairs less the 2·3 + 3·1 that share a row or column.
	if want := 4*36 + 36*15 + 2*36*15 + 36*(15-6-3); red.NumClauses() != want {
		t.Errorf("empty 6×6 reduced: %d clauses, want %d", red.NumClauses(), want)
	}
}
