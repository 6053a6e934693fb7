package encode

import (
	"bytes"
	"errors"
	"io"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/sudokusat/sudokusat"
)

// TestCNFReaderAsReadVarMap: one pass over a CNF gives the map ReadVarMap
// gives, the problem line's counts, and the formula's clauses, however
// the reader splits the bytes, and after a byte-order mark.
func TestCNFReaderAsReadVarMap(t *testing.T) {
	g, err := sudokusat.ParseLine("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", 3, 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"extended", "reduced"} {
		build, _ := Lookup(name)
		f, err := build(g)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := WriteDIMACS(&b, f); err != nil {
			t.Fatal(err)
		}
		want, err := ReadVarMap(bytes.NewReader(b.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		for _, split := range []struct {
			name string
			r    func(io.Reader) io.Reader
		}{{"whole", func(r io.Reader) io.Reader { return r }}, {"bytes", iotest.OneByteReader}, {"halves", iotest.HalfReader},
			// A byte-order mark, which puzzle files may have, is read
			// past; it made the map's first comment unknown.
			{"a byte-order mark", func(r io.Reader) io.Reader { return io.MultiReader(strings.NewReader("\ufeff"), r) }},
			{"a byte-order mark, bytes", func(r io.Reader) io.Reader {
				return iotest.OneByteReader(io.MultiReader(strings.NewReader("\ufeff"), r))
			}}} {
			c, err := NewCNFReader(split.r(bytes.NewReader(b.Bytes())))
			if err != nil {
				t.Fatalf("%s, %s: %v", name, split.name, err)
			}
			if !reflect.DeepEqual(c.VarMap, want) || c.Vars != f.Vars || c.Clauses != f.NumClauses() {
				t.Errorf("%s, %s: map equal %v, p cnf %d %d; want %d %d", name, split.name, reflect.DeepEqual(c.VarMap, want), c.Vars, c.Clauses, f.Vars, f.NumClauses())
			}
			given, err := c.ReadClauses()
			if err != nil || !slices.EqualFunc(clausesOf(given), clausesOf(f), slices.Equal) {
				t.Errorf("%s, %s: the clauses read (%v) are not the formula's", name, split.name, err)
			}
		}
	}
}

// TestCNFReaderErrors: what the reader refuses in a CNF's problem line
// and in its clauses, each error naming the line; ReadDIMACS, which reads
// with it, refuses the same.
func TestCNFReaderErrors(t *testing.T) {
	const header = "c sudokusat cnf v1\nc encoding extended\nc box 2x2\nc puzzle ................\nc map direct: variable r*16 + c*4 + d is digit d at row r, column c (r, c from 0; d from 1)\n"
	tests := []struct {
		name, body string
		clauses    int    // counted, when no error
		err        string // from NewCNFReader, else from ReadClauses
	}{
		{"clauses", "p cnf 64 2\n1 -2 0\n3 0\n", 2, ""},
		{"comments, blanks, CRLF and SATLIB's end", "p cnf 64 2\r\nc 0 0 0\r\n\r\n  1 -2\t0 3\r\n 0\r\n%\r\n0\r\n", 2, ""},
		{"no final newline", "p cnf 64 1\n1 0", 1, ""},
		{"no problem line", "", 0, "malformed DIMACS: no problem line"},
		{"clause first", "1 2 0\np cnf 64 1\n", 0, `line 6: want the problem line "p cnf VARS CLAUSES" after the comments, not "1 2 0"`},
		{"bad problem line", "p cnf 64\n", 0, "line 6: want the problem line"},
		{"bad variable count", "p cnf -1 0\n", 0, `line 6: bad variable count "-1"`},
		{"bad clause count", "p cnf 64 x\n", 0, `line 6: bad clause count "x"`},
		{"fewer clauses than said", "p cnf 64 3\n1 0\n2 0\n", 0, "line 6: the problem line says 3 clauses, but the file holds 2"},
		{"more clauses than said", "p cnf 64 0\n1 0\n", 0, "line 6: the problem line says 0 clauses, but the file holds 1"},
		{"open clause", "p cnf 64 1\n1 0\n2 3\n\n", 0, "line 8: the last clause is not ended by 0"},
		{"literal out of range", "p cnf 64 1\n1\n-65 0\n", 0, "line 8: literal -65 out of range: the problem line (line 6) says 64 variables"},
		{"not a literal", "p cnf 64 1\n1 x 0\n", 0, `line 7: "x" is not a literal`},
		{"long literal", "p cnf 64 1\n1 " + strings.Repeat("9", 40) + " 0\n", 0, `line 7: "999999999999999999999999…" is not a literal`},
		{"second problem line", "p cnf 64 1\n1 0\np cnf 64 1\n", 0, "line 8: a second problem line (the first is line 6)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := NewCNFReader(strings.NewReader(header + tt.body))
			n := 0
			if err == nil {
				var given *Formula
				if given, err = c.ReadClauses(); err == nil {
					n = given.NumClauses()
				}
			}
			f, derr := ReadDIMACS(strings.NewReader(header + tt.body))
			if tt.err == "" {
				if err != nil || n != tt.clauses {
					t.Errorf("%d clauses, %v; want %d", n, err, tt.clauses)
				}
				if derr != nil || f.NumClauses() != tt.clauses {
					t.Errorf("ReadDIMACS: %v; want %d clauses", derr, tt.clauses)
				}
				return
			}
			for _, err := range []error{err, derr} {
				if !errors.Is(err, ErrDIMACS) || !strings.Contains(err.Error(), tt.err) {
					t.Errorf("error %v; want ErrDIMACS with %q", err, tt.err)
				}
			}
		})
	}
}

// TestCNFReaderOPB: an OPB file's counts are on its first line, and its
// constraints are no clauses to read.
func TestCNFReaderOPB(t *testing.T) {
	g, err := sudokusat.ParseLine("1...............", 2, 2)
	if err != nil {
		t.Fatal(err)
	}
	build, _ := Lookup("extended")
	f, err := build(g)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteOPB(&b, f); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	c, err := NewCNFReader(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if !c.OPB || c.Vars != f.Vars || c.Clauses != f.NumClauses() || c.VarMap.Puzzle.Grid.String() != g.String() {
		t.Errorf("OPB %v, %d variables, %d constraints, puzzle %v; want %d, %d, %v", c.OPB, c.Vars, c.Clauses, c.VarMap.Puzzle, f.Vars, f.NumClauses(), g)
	}
	if _, err := c.ReadClauses(); !errors.Is(err, ErrDIMACS) {
		t.Errorf("ReadClauses of an OPB file: %v, want ErrDIMACS", err)
	}
	bad := strings.Replace(text, "#constraint= ", "#constraint= x", 1)
	if _, err := NewCNFReader(strings.NewReader(bad)); err == nil || !strings.Contains(err.Error(), `line 1: bad constraint count "x`) {
		t.Errorf("a bad OPB count: %v", err)
	}
}

// clausesOf copies f's clauses, which Clauses yields in a buffer it reuses.
func clausesOf(f *Formula) [][]int32 {
	var cs [][]int32
	for c := range f.Clauses() {
		cs = append(cs, slices.Clone(c))
	}
	return cs
}
