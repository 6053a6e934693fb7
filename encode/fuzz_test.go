package encode

import (
	"bytes"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
)

// FuzzReadDIMACS feeds arbitrary text to the CNF reader: it must never
// panic, every failure must be ErrDIMACS, ErrNoMap or a syntax error of the
// puzzle line, and what it accepts must write back and read again the same.
func FuzzReadDIMACS(f *testing.F) {
	f.Add("p cnf 3 2\n1 -2 0\n2 3 0\n")
	f.Add("c comment\np cnf 0 0\n")
	f.Add("p cnf 1 1\n1\n0\n%\n0\n")
	f.Add(headerMark + "\nc encoding reduced\nc box 2x2\nc puzzle 1...............\nc fixed 1...............\nc map explicit\nc v 1 1 2 2\np cnf 1 1\n1 0\n")
	f.Add(headerMark + "\nc encoding variant\nc box 2x2\nc puzzle 1...............\nc variant {\"regions\":[0,0,1,1,0,0,1,1,2,2,3,3,2,2,3,3],\"constraints\":[{\"kind\":\"killer\",\"cells\":[1,2],\"value\":5}]}\nc map direct\np cnf 64 1\n1 0\n")
	var buf bytes.Buffer
	formula, _ := Puzzle(&sudokusat.Puzzle{Grid: mustGrid(f, "1.........2.....")}, Options{Encoding: "reduced"})
	WriteDIMACS(&buf, formula)
	f.Add(buf.String())
	f.Fuzz(func(t *testing.T, in string) {
		got, err := ReadDIMACS(strings.NewReader(in))
		if err != nil {
			return
		}
		for c := range got.Clauses() {
			for _, l := range c {
				if l == 0 || l > int32(got.Vars) || -l > int32(got.Vars) {
					t.Fatalf("accepted literal %d outside 1..%d", l, got.Vars)
				}
			}
		}
		if got.Puzzle == nil {
			return // no map: nothing to write back
		}
		// Every accepted map must decode any model without a panic: the
		// all-true model (each cell gets every candidate) and the model
		// of the odd variables. The problem line may declare up to 2³⁰
		// variables; the models stop at the map's own, bounded for speed.
		nv := min(got.Vars, got.VarMap.NumVars(), 1<<16)
		all, odd := make([]int, nv), make([]int, nv)
		for v := range all {
			all[v] = v + 1
			odd[v] = v + 1
			if v%2 == 1 {
				odd[v] = -odd[v]
			}
		}
		checkDecode(t, &got.VarMap, all)
		checkDecode(t, &got.VarMap, odd)
		var out bytes.Buffer
		if err := WriteDIMACS(&out, got); err != nil {
			t.Fatal(err)
		}
		again, err := ReadDIMACS(&out)
		if err != nil {
			t.Fatalf("written back, it no longer reads: %v\n%s", err, out.String())
		}
		if again.NumClauses() != got.NumClauses() || again.Vars != got.Vars {
			t.Fatalf("round trip changed the formula")
		}
	})
}

// FuzzDecode sends a CNF header and a model through the decode path as
// "sudokusat decode" does: ReadVarMap, DecodeLits, CheckSolution. Nothing
// may panic; the readers may only fail with ErrDIMACS or ErrNoMap; a
// decoded grid is full and keeps the fixed cells; ReadDIMACS accepts no
// header that ReadVarMap refuses and reads the same map.
func FuzzDecode(f *testing.F) {
	// A box changed after the variable lines: this indexed past the grid.
	f.Add(headerMark+"\nc encoding reduced\nc box 3x3\nc map explicit\nc v 1 9 9 9\nc box 2x2\nc puzzle 1...............\nc fixed 1...............\np cnf 1 1\n1 0\n", "1")
	f.Add(headerMark+"\nc encoding reduced\nc box 2x2\nc puzzle 1...............\nc fixed 1...............\nc map explicit\nc v 1 1 2 2\np cnf 1 1\n1 0\n", "1 -2")
	f.Add(headerMark+"\nc encoding minimal\nc box 2x2\nc puzzle 1...............\nc map direct\np cnf 64 0\n", "1 6 11 16")
	for _, enc := range []string{"reduced", "minimal"} {
		e, _ := Lookup(enc)
		g := mustGrid(f, "1.........2.....")
		formula, err := e(g)
		if err != nil {
			f.Fatal(err)
		}
		var buf bytes.Buffer
		WriteDIMACS(&buf, formula)
		f.Add(buf.String(), "1 2 3 4 5 6 7 8 9 10 11 12")
	}
	f.Fuzz(func(t *testing.T, cnf, model string) {
		m, err := ReadVarMap(strings.NewReader(cnf))
		full, ferr := ReadDIMACS(strings.NewReader(cnf))
		if err != nil {
			if !errors.Is(err, ErrDIMACS) && !errors.Is(err, ErrNoMap) {
				t.Fatalf("error %v is neither ErrDIMACS nor ErrNoMap", err)
			}
			if ferr == nil && full.Puzzle != nil {
				t.Fatalf("ReadVarMap refuses (%v) a header ReadDIMACS reads", err)
			}
			return
		}
		if ferr == nil && (full.Puzzle == nil || !full.Puzzle.Grid.Equal(m.Puzzle.Grid) || !full.Fixed.Equal(m.Fixed) || len(full.Cands) != len(m.Cands)) {
			t.Fatalf("ReadDIMACS and ReadVarMap read different maps")
		}
		if m.NumVars() > 1<<20 {
			return // a large direct map decodes the same way, only slower
		}
		var lits []int
		for _, tok := range strings.Fields(model) {
			if l, err := strconv.Atoi(tok); err == nil {
				lits = append(lits, l)
			}
		}
		checkDecode(t, m, lits)
	})
}

// checkDecode decodes lits with m and checks what it can without a solver.
func checkDecode(t *testing.T, m *VarMap, lits []int) {
	t.Helper()
	g, err := m.DecodeLits(lits)
	if err != nil {
		if !errors.Is(err, ErrDecode) {
			t.Fatalf("decode error %v is not ErrDecode", err)
		}
		return
	}
	if g.Size() != m.Puzzle.Size() {
		t.Fatalf("decoded a %d×%d grid from a %d×%d puzzle", g.Size(), g.Size(), m.Puzzle.Size(), m.Puzzle.Size())
	}
	for i := range g.Len() {
		if g.Cell(i) == 0 || m.Fixed.Cell(i) != 0 && g.Cell(i) != m.Fixed.Cell(i) {
			t.Fatalf("cell %d decoded as %d (fixed %d)", i, g.Cell(i), m.Fixed.Cell(i))
		}
	}
	err = sudokusat.CheckSolution(m.Puzzle.Grid, g)
	if err != nil && !errors.Is(err, sudokusat.ErrNotSolution) {
		t.Fatalf("CheckSolution: %v is not ErrNotSolution", err)
	}
}
