package encode

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzReadDIMACS feeds arbitrary text to the CNF reader: it must never
// panic, every failure must be ErrDIMACS, ErrNoMap or a syntax error of the
// puzzle line, and what it accepts must write back and read again the same.
func FuzzReadDIMACS(f *testing.F) {
	f.Add("p cnf 3 2\n1 -2 0\n2 3 0\n")
	f.Add("c comment\np cnf 0 0\n")
	f.Add("p cnf 1 1\n1\n0\n%\n0\n")
	f.Add(headerMark + "\nc encoding reduced\nc box 2x2\nc puzzle 1...............\nc fixed 1...............\nc map explicit\nc v 1 1 2 2\np cnf 1 1\n1 0\n")
	var buf bytes.Buffer
	formula, _ := Reduced(mustGrid(f, "1.........2....."))
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
