package family

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/internal/varianttest"
	"github.com/sudokusat/sudokusat/satsolve"
	"github.com/sudokusat/sudokusat/variant"
)

// makeAll makes a family of every kind and returns its instances and
// their manifest lines.
func makeAll(t *testing.T, o Options) ([]*Instance, []byte) {
	t.Helper()
	var ins []*Instance
	var manifest bytes.Buffer
	err := Make(context.Background(), o, func(in *Instance) error {
		ins = append(ins, in)
		b, err := json.Marshal(in)
		manifest.Write(append(b, '\n'))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return ins, manifest.Bytes()
}

func allKinds() []Kind {
	var ks []Kind
	for _, k := range Kinds() {
		ks = append(ks, k.Kind)
	}
	return ks
}

// testOptions are the family tests' options. CountBudget, the one place
// where time enters a family, is a minute: the QWH and QCP counts take
// milliseconds, and must not turn into ">=1" on a loaded machine, which
// would make two families with one seed differ.
func testOptions(t *testing.T) Options {
	vs, err := LoadVariants(varianttest.Dir(t))
	if err != nil {
		t.Fatal(err)
	}
	return Options{Kinds: allKinds(), Count: 2, Seed: 1, Size: 16, Open: 0.4, Pigeons: 5,
		Variants: vs, CountBudget: time.Minute}
}

// TestMakeDeterministic makes the same family twice: the instances and the
// manifest must be byte-identical; another seed must change them.
func TestMakeDeterministic(t *testing.T) {
	o := testOptions(t)
	o.Count = 1
	a, ma := makeAll(t, o)
	b, mb := makeAll(t, o)
	if len(a) != len(allKinds()) || len(a) != len(b) {
		t.Fatalf("%d and %d instances, want %d", len(a), len(b), len(allKinds()))
	}
	for i := range a {
		if !bytes.Equal(a[i].CNF, b[i].CNF) {
			t.Errorf("%s: two runs wrote different files", a[i].File)
		}
	}
	if !bytes.Equal(ma, mb) {
		t.Errorf("two runs wrote different manifests:\n%s\n%s", ma, mb)
	}
	o.Seed = 2
	c, _ := makeAll(t, o)
	for i := range a {
		if a[i].Kind != Variant && bytes.Equal(a[i].CNF, c[i].CNF) {
			t.Errorf("%s: seeds 1 and 2 wrote the same file", a[i].File)
		}
	}
}

// TestMakeAnswers makes two instances of every kind and has checkAnswers
// solve every CNF, read back from its bytes, with gophersat and check it
// against what the instance states: the status, the count up to 2, the solution (decoded, validated, and the one
// stated when the count is 1), the hash and the comments; an unsat
// instance must survive unit propagation.
func TestMakeAnswers(t *testing.T) {
	o := testOptions(t)
	ins, _ := makeAll(t, o)
	checkAnswers(t, o, ins)
	kinds := map[Kind]int{}
	for _, in := range ins {
		kinds[in.Kind]++
	}
	for _, k := range allKinds() {
		if kinds[k] != 2 {
			t.Errorf("kind %s: %d instances, want 2", k, kinds[k])
		}
	}
}

// TestMakeEncodings checks one instance of each classic kind in every
// other encoding: the blocking clause and the propagation test depend on
// how the encoding numbers its variables.
func TestMakeEncodings(t *testing.T) {
	for _, e := range encode.Names() {
		if e == encode.Default {
			continue
		}
		t.Run(e, func(t *testing.T) {
			o := testOptions(t)
			o.Kinds, o.Count, o.Encoding, o.Size = []Kind{Unique, Several, Refutation, Unsat, QWH}, 1, e, 9
			ins, _ := makeAll(t, o)
			if len(ins) != 5 {
				t.Fatalf("%d instances, want 5", len(ins))
			}
			for _, in := range ins {
				if in.Encoding != e {
					t.Errorf("%s: encoding %s, want %s", in.File, in.Encoding, e)
				}
			}
			checkAnswers(t, o, ins)
		})
	}
}

// TestMakeLargeQWH makes a QWH puzzle above 30×30, where the
// full grid starts from a pattern grid and gophersat does not count the
// CNF but checks that the stated solution is a model of it.
func TestMakeLargeQWH(t *testing.T) {
	o := Options{Kinds: []Kind{QWH}, Count: 1, Seed: 3, Size: 36, Open: 0.3, CountBudget: time.Second}
	ins, _ := makeAll(t, o)
	in := ins[0]
	if !strings.Contains(strings.Join(in.Verified, "; "), "gophersat on the CNF with the solution as units: SAT") {
		t.Errorf("verified: %q", in.Verified)
	}
	f, err := encode.ReadDIMACS(bytes.NewReader(in.CNF))
	if err != nil {
		t.Fatal(err)
	}
	sol, err := sudokusat.ParseLine(in.Solution, 6, 6)
	if err != nil {
		t.Fatal(err)
	}
	if err := sudokusat.CheckSolution(f.Puzzle.Grid, sol); err != nil {
		t.Error(err)
	}
	if open := f.Puzzle.Grid.Len() - f.Puzzle.Grid.Givens(); open != 389 { // 0.3 of 1296, rounded
		t.Errorf("%d open cells, want 389", open)
	}
	// A wrong solution must be caught: swap two digits of a row.
	wrong := sol.Clone()
	a, b := wrong.Cell(0), wrong.Cell(1)
	wrong.SetCell(0, b)
	wrong.SetCell(1, a)
	if err := witnessModel(context.Background(), &Instance{}, f, wrong); err == nil {
		t.Error("a grid that is not a solution passed as a model of the CNF")
	}
}

// checkAnswers solves every instance's CNF, read back from its bytes, with
// gophersat and checks it against what the instance states.
func checkAnswers(t *testing.T, o Options, ins []*Instance) {
	t.Helper()
	for _, in := range ins {
		t.Run(in.File, func(t *testing.T) {
			sum := sha256.Sum256(in.CNF)
			if hex.EncodeToString(sum[:]) != in.SHA256 {
				t.Error("sha256 does not match the file")
			}
			for _, line := range []string{
				"c family sudokusat " + string(in.Kind),
				"c expected status " + in.Status,
				"c expected count " + in.Count,
				fmt.Sprintf("c seed %d stream %d", in.Seed, in.Stream),
			} {
				if !bytes.Contains(in.CNF, []byte(line+"\n")) {
					t.Errorf("no comment %q", line)
				}
			}
			if in.Solution != "" && !bytes.Contains(in.CNF, []byte("c solution "+in.Solution+"\n")) {
				t.Error("the solution is not in the comments")
			}
			f, err := encode.ReadDIMACS(bytes.NewReader(in.CNF))
			if err != nil {
				t.Fatal(err)
			}
			p := f.Puzzle
			if p.Grid.String() != in.Puzzle {
				t.Errorf("the CNF's puzzle %s, the manifest's %s", p.Grid, in.Puzzle)
			}
			r, err := satsolve.Count(context.Background(), f, 2)
			if err != nil {
				t.Fatal(err)
			}
			for _, g := range r.Solutions {
				if err := variant.Check(p, g); err != nil {
					t.Errorf("gophersat's model: %v", err)
				}
			}
			wantCount := map[string]func(int) bool{
				CountOne:  func(c int) bool { return c == 1 },
				CountMany: func(c int) bool { return c == 2 },
				CountSome: func(c int) bool { return c >= 1 },
				CountNone: func(c int) bool { return c == 0 },
			}[in.Count]
			if wantCount == nil || !wantCount(r.Count) {
				t.Fatalf("gophersat counts %d, the instance states %s", r.Count, in.Count)
			}
			if (in.Status == SAT) != (r.Count > 0) {
				t.Errorf("status %s, count %d", in.Status, r.Count)
			}
			if in.Solution != "" {
				g, err := sudokusat.ParseLine(in.Solution, p.Grid.BoxRows(), p.Grid.BoxCols())
				if err != nil {
					t.Fatal(err)
				}
				if err := variant.Check(p, g); err != nil {
					t.Errorf("stated solution: %v", err)
				}
				if in.Count == CountOne && !r.Solutions[0].Equal(g) {
					t.Error("gophersat's one solution is not the one stated")
				}
			}
			switch in.Kind {
			case Unsat, Pigeonhole:
				if UnitRefutes(f) {
					t.Errorf("unit propagation refutes the %s instance", in.Kind)
				}
			case Refutation:
				if in.Blocked == "" {
					t.Error("no blocked solution stated")
				}
			case QWH, QCP:
				n := p.Grid.Size()
				if open, want := p.Grid.Len()-p.Grid.Givens(), int(o.open(in.Kind)*float64(n*n)+0.5); open != want {
					t.Errorf("%d open cells, want %d", open, want)
				}
			}
		})
	}
}

// TestUnitRefutes checks the propagation on small formulas whose verdict is
// known by hand.
func TestUnitRefutes(t *testing.T) {
	for _, tc := range []struct {
		name    string
		vars    int
		clauses [][]int32
		want    bool
	}{
		{"empty clause", 1, [][]int32{{}}, true},
		{"x and not x", 1, [][]int32{{1}, {-1}}, true},
		{"chain to a conflict", 3, [][]int32{{1}, {-1, 2}, {-2, 3}, {-3, -1}}, true},
		{"chain without one", 3, [][]int32{{1}, {-1, 2}, {-2, 3}}, false},
		{"needs a branch", 2, [][]int32{{1, 2}, {1, -2}, {-1, 2}, {-1, -2}}, false},
		{"long clause falls to a unit", 3, [][]int32{{-1}, {-2}, {1, 2, 3}, {-3}}, true},
	} {
		f := &encode.Formula{Vars: tc.vars}
		for _, c := range tc.clauses {
			f.Add(c...)
		}
		if got := UnitRefutes(f); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestDefaultInstances: with no encoding and no open fraction given, QWH
// and QCP instances leave the peak's share of cells open and are written
// in their size's encoding (extended at 16×16, efficient at 25×25), every
// variable and clause of it there: the encoder has solved nothing away
// (the reduced encoding left 16–27 variables of a 16×16 QWH at 40 % open,
// and none of a 25×25 at 42 %).
func TestDefaultInstances(t *testing.T) {
	for _, n := range []int{16, 25} {
		for _, k := range []Kind{QWH, QCP} {
			t.Run(fmt.Sprintf("%s %d", k, n), func(t *testing.T) {
				o := Options{Kinds: []Kind{k}, Count: 1, Seed: 1, Size: n, CountBudget: time.Minute}
				ins, _ := makeAll(t, o)
				in := ins[0]
				f, err := encode.ReadDIMACS(bytes.NewReader(in.CNF))
				if err != nil {
					t.Fatal(err)
				}
				g := f.Puzzle.Grid
				if open, want := g.Len()-g.Givens(), int(PeakOpen(k, n)*float64(n*n)+0.5); open != want {
					t.Errorf("%d open cells, want %d (%v of %d)", open, want, PeakOpen(k, n), n*n)
				}
				enc := PeakEncoding(k, n)
				empty, err := encode.Puzzle(&sudokusat.Puzzle{Grid: emptyLike(t, g)}, encode.Options{Encoding: enc})
				if err != nil {
					t.Fatal(err)
				}
				if in.Encoding != enc || f.Encoding != enc || f.Vars != n*n*n || f.NumClauses() != empty.NumClauses()+g.Givens() {
					t.Errorf("%s (CNF %s), %d variables, %d clauses; want %s, %d, %d", in.Encoding, f.Encoding, f.Vars, f.NumClauses(),
						enc, n*n*n, empty.NumClauses()+g.Givens())
				}
			})
		}
	}
}

// TestEncodingOverride: an encoding named in the options replaces the
// size's default for QWH and QCP, and the 9×9 kinds keep DefaultEncoding
// whatever the size's default.
func TestEncodingOverride(t *testing.T) {
	for _, tc := range []struct {
		kind     Kind
		encoding string
		want     string
	}{
		{QWH, "", PeakEncoding(QWH, 25)},
		{QWH, "extended", "extended"},
		{QWH, "minimal", "minimal"},
		{Unique, "", DefaultEncoding},
		{Unique, "minimal", "minimal"},
	} {
		t.Run(fmt.Sprintf("%s %q", tc.kind, tc.encoding), func(t *testing.T) {
			// 30 % open: the puzzle and its check are quick.
			o := Options{Kinds: []Kind{tc.kind}, Count: 1, Seed: 2, Size: 25, Open: 0.3, Encoding: tc.encoding, CountBudget: time.Minute}
			ins, _ := makeAll(t, o)
			if got := ins[0].Encoding; got != tc.want {
				t.Errorf("encoding %s, want %s", got, tc.want)
			}
		})
	}
}

func emptyLike(t *testing.T, g *sudokusat.Grid) *sudokusat.Grid {
	t.Helper()
	e, err := sudokusat.NewGrid(g.BoxRows(), g.BoxCols())
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestQCPStatuses: QCP instances at their peak are satisfiable or not as
// it falls, each as stated (checkAnswers has gophersat count them), and
// the peak, where about half are satisfiable, gives some of each; QWH
// instances are all satisfiable.
func TestQCPStatuses(t *testing.T) {
	o := Options{Kinds: []Kind{QWH, QCP}, Count: 8, Seed: 1, Size: 16, CountBudget: time.Minute}
	ins, _ := makeAll(t, o)
	checkAnswers(t, o, ins)
	statuses := map[Kind]map[string]int{QWH: {}, QCP: {}}
	for _, in := range ins {
		statuses[in.Kind][in.Status]++
	}
	if statuses[QWH][SAT] != 8 {
		t.Errorf("QWH statuses %v, want 8 SAT", statuses[QWH])
	}
	if statuses[QCP][SAT] == 0 || statuses[QCP][UNSAT] == 0 {
		t.Errorf("QCP statuses %v, want both", statuses[QCP])
	}
}

// TestParseKind: the kinds by name, and completion, the old name of QWH.
func TestParseKind(t *testing.T) {
	for _, tt := range []struct {
		name string
		want Kind
	}{{"qwh", QWH}, {"completion", QWH}, {"qcp", QCP}, {"unique", Unique}} {
		if k, err := ParseKind(tt.name); err != nil || k != tt.want {
			t.Errorf("ParseKind(%q) = %q, %v; want %q", tt.name, k, err, tt.want)
		}
	}
	if _, err := ParseKind("latin"); err == nil || !strings.Contains(err.Error(), "qwh") {
		t.Errorf("ParseKind(latin): %v", err)
	}
}
