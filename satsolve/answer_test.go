package satsolve

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/sudokusat/sudokusat/encode"
)

func TestReadAnswer(t *testing.T) {
	const nv = 10 // the formula's variable count in every case
	tests := []struct {
		name   string
		in     string
		status Status
		model  []int
		errMsg string
	}{
		{"competition sat", "c hello\ns SATISFIABLE\nv 1 -2\nv 3 0\n", Satisfiable, []int{1, -2, 3}, ""},
		{"competition unsat", "s UNSATISFIABLE\n", Unsatisfiable, nil, ""},
		{"unknown", "s UNKNOWN\n", Unknown, nil, ""},
		{"minisat sat", "SAT\n1 -2 3 0\n", Satisfiable, []int{1, -2, 3}, ""},
		{"minisat sat on lines", "SAT\n1 -2\n3\n0\n", Satisfiable, []int{1, -2, 3}, ""},
		{"minisat unsat", "UNSAT\n", Unsatisfiable, nil, ""},
		{"minisat indet", "INDET\n", Unknown, nil, ""},
		{"crlf", "s SATISFIABLE\r\nv 1 0\r\n", Satisfiable, []int{1}, ""},
		{"a byte-order mark", "\ufeffs SATISFIABLE\nv 1 0\n", Satisfiable, []int{1}, ""},
		{"a byte-order mark, minisat", "\ufeffSAT\n1 0\n", Satisfiable, []int{1}, ""},
		{"tabs and blanks", "\t c x\n  s   SATISFIABLE  \n\nv\t1  -10\t0", Satisfiable, []int{1, -10}, ""},
		{"no final newline", "s SATISFIABLE\nv 1 0", Satisfiable, []int{1}, ""},
		{"empty model", "s SATISFIABLE\nv 0\n", Satisfiable, nil, ""},
		{"comment after model", "s SATISFIABLE\nv 2 0\nc time 0.1 s\n", Satisfiable, []int{2}, ""},
		{"long comment", "c " + strings.Repeat("x", 1<<20) + "\ns UNSATISFIABLE\n", Unsatisfiable, nil, ""},
		{"empty", "", 0, nil, "no verdict"},
		{"only comments", "c a\nc b\n", 0, nil, "no verdict"},
		{"no zero", "s SATISFIABLE\nv 1 2\n", 0, nil, "not ended by 0"},
		{"garbage", "s SATISFIABLE\nhello\n", 0, nil, `line 2: unexpected line "hello"`},
		{"garbage words", "s SATISFIABLE\nhello  world\n", 0, nil, `line 2: unexpected line "hello world"`},
		{"minisat word after SAT", "SAT now\n", 0, nil, `line 1: unexpected line "SAT now"`},
		{"bad literal", "s SATISFIABLE\nv 1 x 0\n", 0, nil, `line 2: "x" is not a literal`},
		{"huge literal", "s SATISFIABLE\nv 1 " + strings.Repeat("9", 100) + " 0\n", 0, nil, `line 2: "9999`},
		{"two verdicts", "s SATISFIABLE\ns UNSATISFIABLE\n", 0, nil, "line 2: second verdict"},
		{"v before s", "v 1 0\ns SATISFIABLE\n", 0, nil, "line 1: model line without a verdict"},
		{"v in minisat", "SAT\nv 1 0\n", 0, nil, "line 2: model line without a verdict"},
		{"bad verdict", "s MAYBE\n", 0, nil, `unknown verdict "MAYBE"`},
		{"after zero", "s SATISFIABLE\nv 1 0 2\n", 0, nil, "line 2: literal 2 after the model's closing 0"},
		{"zero in the middle", "s SATISFIABLE\nv 1 0\nv 2 3 0\n", 0, nil, "line 3: literal 2 after the model's closing 0"},
		{"second zero", "s SATISFIABLE\nv 1 0 0\n", 0, nil, "literal 0 after the model's closing 0"},
		{"minisat zero in the middle", "SAT\n1 0 -2 0\n", 0, nil, "line 2: literal -2 after the model's closing 0"},
		{"x and -x", "s SATISFIABLE\nv 1 -2\nv 3 2 0\n", 0, nil, "line 3: literal 2 contradicts literal -2"},
		{"-x and x", "SAT\n-4 5 4 0\n", 0, nil, "line 2: literal 4 contradicts literal -4"},
		{"repeated", "s SATISFIABLE\nv 7 7 0\n", 0, nil, "line 2: literal 7 given twice"},
		{"above the count", "s SATISFIABLE\nv 1 11 0\n", 0, nil, "line 2: literal 11 out of range: the formula has 10 variables"},
		{"below minus the count", "SAT\n-11 0\n", 0, nil, "literal -11 out of range"},
		{"int overflow", "s SATISFIABLE\nv -9223372036854775808 0\n", 0, nil, "literal -9223372036854775808 out of range"},
		{"unsat with model", "s UNSATISFIABLE\nv 1 0\n", 0, nil, "a model with verdict"},
		{"pb sat", "c minisat+\ns SATISFIABLE\nv x1 -x2\nv x10\n", Satisfiable, []int{1, -2, 10}, ""},
		{"pb optimum", "s OPTIMUM FOUND\nv -x3 x4\n", Satisfiable, []int{-3, 4}, ""},
		{"pb unsat", "s UNSATISFIABLE\n", Unsatisfiable, nil, ""},
		{"pb then dimacs", "s SATISFIABLE\nv x1 2\n", 0, nil, `line 2: "2" is not a literal`},
		{"dimacs then pb", "s SATISFIABLE\nv 1 x2 0\n", 0, nil, `line 2: "x2" is not a literal`},
		{"pb zero", "s SATISFIABLE\nv x1 x0\n", 0, nil, `"x0" is not a literal`},
		{"pb closing zero", "s SATISFIABLE\nv x1 0\n", 0, nil, `"0" is not a literal`},
		{"pb sign inside", "s SATISFIABLE\nv x-1\n", 0, nil, `"x-1" is not a literal`},
		{"pb plus", "s SATISFIABLE\nv +x1\n", 0, nil, `"+x1" is not a literal`},
		{"pb x alone", "s SATISFIABLE\nv -x\n", 0, nil, `"-x" is not a literal`},
		{"pb out of range", "s SATISFIABLE\nv x11\n", 0, nil, "literal 11 out of range"},
		{"pb contradiction", "s SATISFIABLE\nv x4 -x4\n", 0, nil, "literal -4 contradicts literal 4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := ReadAnswer(strings.NewReader(tt.in), nv)
			if tt.errMsg != "" {
				if !errors.Is(err, encode.ErrDIMACS) || !strings.Contains(err.Error(), tt.errMsg) {
					t.Errorf("err = %v, want ErrDIMACS mentioning %q", err, tt.errMsg)
				}
				return
			}
			if err != nil || a.Status != tt.status || fmt.Sprint(a.Model) != fmt.Sprint(tt.model) {
				t.Errorf("got %v %v %v, want %v %v", a.Status, a.Model, err, tt.status, tt.model)
			}
		})
	}
}

// TestReadAnswerUntrustedCount: the table of values given follows the
// literals read, not the variable count, which decode takes from a CNF's
// problem line that nothing vouches for: with 2·10⁹ variables, a table
// sized by the count took 2 GB for any answer. Repeated and contradictory
// literals are still caught wherever they fall: in the table, far beyond
// it, and where the table grew over a variable met far beyond it before.
func TestReadAnswerUntrustedCount(t *testing.T) {
	const nv = 2_000_000_000
	far := 1_999_999_999
	tests := []struct {
		name, in string
		model    int // literals in the model, when no error
		errMsg   string
	}{
		{"far", fmt.Sprintf("s SATISFIABLE\nv 1 -%d 2 0\n", far), 3, ""},
		{"far repeated", fmt.Sprintf("s SATISFIABLE\nv %d 1 %d 0\n", far, far), 0, fmt.Sprintf("literal %d given twice", far)},
		{"far contradicted", fmt.Sprintf("SAT\n-%d %d 0\n", far, far), 0, fmt.Sprintf("literal %d contradicts", far)},
		{"near repeated", "s SATISFIABLE\nv 5 -3 5 0\n", 0, "literal 5 given twice"},
		{"grown over", "s SATISFIABLE\nv 5000 " + seq(1, 1000) + " 6000 -5000 0\n", 0, "literal -5000 contradicts literal 5000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			a, err := ReadAnswer(strings.NewReader(tt.in), nv)
			runtime.ReadMemStats(&after)
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
				t.Errorf("%d bytes allocated for a %d-byte answer", alloc, len(tt.in))
			}
			if tt.errMsg != "" {
				if !errors.Is(err, encode.ErrDIMACS) || !strings.Contains(err.Error(), tt.errMsg) {
					t.Errorf("err = %v, want ErrDIMACS mentioning %q", err, tt.errMsg)
				}
				return
			}
			if err != nil || len(a.Model) != tt.model {
				t.Errorf("model of %d literals, %v; want %d", len(a.Model), err, tt.model)
			}
		})
	}
}

// seq writes the literals from to to.
func seq(from, to int) string {
	var b strings.Builder
	for v := from; v <= to; v++ {
		fmt.Fprintf(&b, "%d ", v)
	}
	return strings.TrimSpace(b.String())
}

// TestReadAnswerReaderError checks that a failing reader's error comes
// back, not a complaint about the half-read text.
func TestReadAnswerReaderError(t *testing.T) {
	boom := errors.New("boom")
	r := io.MultiReader(strings.NewReader("s SATISFIABLE\nv 1 2"), iotest.ErrReader(boom))
	if _, err := ReadAnswer(r, 10); !errors.Is(err, boom) || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("err = %v, want boom at line 2", err)
	}
}

// TestReadAnswerByteAtATime reads through a reader that returns one byte
// per call, so that every word and line is split across reads.
func TestReadAnswerByteAtATime(t *testing.T) {
	in := "c x\ns SATISFIABLE\nv 1 -2 3\nv -4 0\n"
	a, err := ReadAnswer(iotest.OneByteReader(strings.NewReader(in)), 4)
	if err != nil || fmt.Sprint(a.Model) != "[1 -2 3 -4]" {
		t.Errorf("got %v %v", a.Model, err)
	}
}

func ExampleReadAnswer() {
	out := "c a solver's comment\ns SATISFIABLE\nv 1 -2\nv -3 0\n"
	a, err := ReadAnswer(strings.NewReader(out), 3)
	fmt.Println(a.Status, a.Model, err)
	_, err = ReadAnswer(strings.NewReader("s SATISFIABLE\nv 1 -1 0\n"), 3)
	fmt.Println(err)
	// Output:
	// SATISFIABLE [1 -2 -3] <nil>
	// malformed DIMACS: line 2: literal -1 contradicts literal 1 given before
}

// FuzzReadAnswer feeds arbitrary text to the solver-answer reader, for a
// formula of 40 variables: no panic, only ErrDIMACS failures, and what it
// accepts is a consistent model that reads back the same once written out.
func FuzzReadAnswer(f *testing.F) {
	const nv = 40
	f.Add("s SATISFIABLE\nv 1 -2 0\n")
	f.Add("SAT\n1 -2 3 0\n")
	f.Add("UNSAT\n")
	f.Add("s UNSATISFIABLE\n")
	f.Add("c x\ns SATISFIABLE\nv 1\nv 0\n")
	f.Add("s SATISFIABLE\nv 1 -1 0\n")
	f.Add("s SATISFIABLE\nv 41 0\n")
	f.Add("SAT\n1 0 2 0\n")
	f.Add("s OPTIMUM FOUND\nv x1 -x2\nv x40\n")
	f.Add("s SATISFIABLE\nv x1 -x01 x\n")
	f.Fuzz(func(t *testing.T, in string) {
		a, err := ReadAnswer(strings.NewReader(in), nv)
		if err != nil {
			if !errors.Is(err, encode.ErrDIMACS) {
				t.Fatalf("error %v is not ErrDIMACS", err)
			}
			return
		}
		if a.Status != Satisfiable && len(a.Model) > 0 {
			t.Fatal("a model without SATISFIABLE")
		}
		seen := map[int]bool{}
		for _, l := range a.Model {
			v := max(l, -l)
			if l == 0 || v > nv || seen[v] {
				t.Fatalf("literal %d: zero, out of range or repeated in %v", l, a.Model)
			}
			seen[v] = true
		}
		var b strings.Builder
		fmt.Fprintf(&b, "s %v\n", a.Status)
		if a.Status == Satisfiable {
			b.WriteString("v")
			for _, l := range a.Model {
				fmt.Fprintf(&b, " %d", l)
			}
			b.WriteString(" 0\n")
		}
		again, err := ReadAnswer(strings.NewReader(b.String()), nv)
		if err != nil || again.Status != a.Status || fmt.Sprint(again.Model) != fmt.Sprint(a.Model) {
			t.Fatalf("written back as %q it reads %v %v %v", b.String(), again.Status, again.Model, err)
		}
	})
}
