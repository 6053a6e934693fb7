package drat_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat/drat"
)

// binaryProof writes a text proof in the binary DRAT form; it shares no code
// with the checker's reader.
func binaryProof(t testing.TB, text string) []byte {
	t.Helper()
	var out []byte
	for _, line := range strings.Split(text, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || f[0] == "c" {
			continue
		}
		if f[0] == "d" {
			out = append(out, 'd')
			f = f[1:]
		} else {
			out = append(out, 'a')
		}
		for _, s := range f {
			l, err := strconv.Atoi(s)
			if err != nil {
				t.Fatalf("bad test proof line %q", line)
			}
			if l == 0 {
				break
			}
			u := uint64(2 * l)
			if l < 0 {
				u = uint64(-2*l) + 1
			}
			for u >= 0x80 {
				out = append(out, byte(u)|0x80)
				u >>= 7
			}
			out = append(out, byte(u))
		}
		out = append(out, 0)
	}
	return out
}

const (
	contradiction = "p cnf 1 2\n1 0\n-1 0\n"
	four          = "c all four clauses over two variables\np cnf 2 4\n1 2 0\n1 -2 0\n-1 2 0\n-1 -2 0\n"
	fourTwice     = "p cnf 2 5\n1 2 0\n1 -2 0\n-1 2 0\n-1 -2 0\n2 1 0\n"
	chain         = "p cnf 3 3\n1 2 0\n-2 3 0\n-1 -3 0\n"
	one           = "p cnf 2 1\n1 2 0\n"
	// Unit 1 keeps the other four clauses from being a contradiction by
	// propagation alone; with 2 they are.
	withUnit = "p cnf 3 5\n1 0\n-1 2 3 0\n-1 2 -3 0\n-1 -2 3 0\n-1 -2 -3 0\n"
	// 1 implies 2 at the top level through (-1 2).
	withReason = "p cnf 4 6\n1 0\n-1 2 0\n-2 3 4 0\n-2 3 -4 0\n-2 -3 4 0\n-2 -3 -4 0\n"
)

func TestCheck(t *testing.T) {
	tests := []struct {
		name    string
		cnf     string
		proof   string
		want    drat.Result
		wantErr error  // nil when the proof must be accepted
		inErr   string // in the error message
	}{
		{"contradiction, empty clause", contradiction, "0\n", drat.Result{Refuted: true}, nil, ""},
		{"four clauses, RUP unit then empty clause", four, "1 0\n0\n",
			drat.Result{Steps: 1, Lemmas: 1, Refuted: true}, nil, ""},
		{"four clauses, empty clause alone is not RUP", four, "0\n",
			drat.Result{Steps: 1, Lemmas: 1}, drat.ErrLemma, "step 1 (proof line 1): the empty clause"},
		{"four clauses, comments and lemmas spread over lines", four, "c first\n1\n0 c trailing\n",
			drat.Result{Steps: 1, Lemmas: 1, Refuted: true}, nil, ""},
		{"not implied lemma named", chain, "c a comment\n-1 -3 2 0\n2 0\n0\n",
			drat.Result{Steps: 2, Lemmas: 2}, drat.ErrLemma,
			"step 2 (proof line 3): lemma 2 0 is neither RUP nor RAT on 2"},
		{"extended resolution: x3 <-> x1 & x2 by RAT", one, "3 -1 -2 0\n-3 1 0\n-3 2 0\n",
			drat.Result{Steps: 3, Lemmas: 3}, drat.ErrNotRefuted, "3 steps checked"},
		{"fresh variable, then a unit on it that is not RAT", one, "-3 1 0\n3 -1 0\n3 0\n",
			drat.Result{Steps: 3, Lemmas: 3}, drat.ErrLemma, "step 3 (proof line 3): lemma 3 0 is neither RUP nor RAT on 3"},
		{"RAT is on the first literal only", one, "-3 1 0\n1 3 0\n1 -3 0\n",
			drat.Result{Steps: 3, Lemmas: 3}, drat.ErrNotRefuted, ""},
		{"RAT on the second literal is not enough", chain, "-4 1 0\n2 -4 0\n",
			drat.Result{Steps: 2, Lemmas: 2}, drat.ErrLemma, "lemma 2 -4 0 is neither RUP nor RAT on 2"},
		{"deleting a needed clause fails", four, "d 1 2 0\n1 0\n0\n",
			drat.Result{Steps: 2, Lemmas: 1, Deletions: 1}, drat.ErrLemma, "step 2 (proof line 2): lemma 1 0"},
		{"deletion of one copy keeps the other", fourTwice, "d 2 1 0\n1 0\n0\n",
			drat.Result{Steps: 2, Lemmas: 1, Deletions: 1, Refuted: true}, nil, ""},
		{"deletion of both copies, then the lemma fails", fourTwice, "d 2 1 0\nd 1 2 0\n1 0\n0\n",
			drat.Result{Steps: 3, Lemmas: 1, Deletions: 2}, drat.ErrLemma, "step 3"},
		{"deletion of a unit ignored and counted", withUnit, "d 1 0\n2 0\n0\n",
			drat.Result{Steps: 2, Lemmas: 1, Deletions: 1, IgnoredDeletions: 1, Refuted: true}, nil, ""},
		{"deletion of a unit that is not a reason ignored", "p cnf 2 3\n2 0\n-2 1 0\n1 0\n", "d 1 0\n",
			drat.Result{Steps: 1, Deletions: 1, IgnoredDeletions: 1}, drat.ErrNotRefuted, ""},
		{"deletion of a top-level reason ignored", withReason, "d 2 -1 0\n3 0\n0\n",
			drat.Result{Steps: 2, Lemmas: 1, Deletions: 1, IgnoredDeletions: 1, Refuted: true}, nil, ""},
		{"deletion of an absent clause counted", four, "d 1 2 -3 0\n1 0\n",
			drat.Result{Steps: 2, Lemmas: 1, Deletions: 1, IgnoredDeletions: 1, MissingDeletions: 1, Refuted: true}, nil, ""},
		{"repeated literals in a lemma and a deletion", four, "d -1 2 -1 0\n1 1 0\n",
			drat.Result{Steps: 2, Lemmas: 1, Deletions: 1}, drat.ErrNotRefuted, ""},
		{"no empty clause: not refuted", chain, "-1 -3 2 0\n", drat.Result{Steps: 1, Lemmas: 1}, drat.ErrNotRefuted, ""},
		{"empty proof of a satisfiable formula", one, "", drat.Result{}, drat.ErrNotRefuted, ""},
		{"steps after the refutation are not read", four, "1 0\n7 0\n", drat.Result{Steps: 1, Lemmas: 1, Refuted: true}, nil, ""},

		{"CNF literal above V", "p cnf 2 1\n1 3 0\n", "0\n", drat.Result{}, drat.ErrSyntax, "CNF line 2: literal 3"},
		{"CNF last clause without 0", "p cnf 2 1\n1 2\n", "0\n", drat.Result{}, drat.ErrSyntax, "CNF line 2: the last clause is not ended by 0"},
		{"CNF without header", "1 2 0\n", "0\n", drat.Result{}, drat.ErrSyntax, "CNF line 1"},
		{"CNF bad header", "p cnf 2\n1 2 0\n", "0\n", drat.Result{}, drat.ErrSyntax, "header"},
		{"CNF more clauses than the header", "p cnf 2 1\n1 0\n2 0\n", "0\n", drat.Result{}, drat.ErrSyntax, "CNF line 3: more clauses"},
		{"CNF fewer clauses than the header", "p cnf 2 3\n1 0\n2 0\n", "0\n", drat.Result{}, drat.ErrSyntax, "2 clauses where the header says 3"},
		{"CNF bad literal", "p cnf 2 1\n1 two 0\n", "0\n", drat.Result{}, drat.ErrSyntax, `CNF line 2: "two"`},
		{"proof last step without 0", chain, "-1 -3 2 0\n\n2", drat.Result{Steps: 1, Lemmas: 1}, drat.ErrSyntax, "proof line 3: the last step is not ended by 0"},
		{"proof bad literal", chain, "-1 -3 2 0\n1 x 0\n", drat.Result{Steps: 1, Lemmas: 1}, drat.ErrSyntax, `proof line 2: "x"`},
		{"proof literal too large", chain, "99999999999 0\n", drat.Result{}, drat.ErrSyntax, "proof line 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := drat.Check(context.Background(), strings.NewReader(tt.cnf), strings.NewReader(tt.proof))
			check(t, res, err, tt.want, tt.wantErr, tt.inErr)
			if errors.Is(err, drat.ErrSyntax) && !strings.Contains(tt.inErr, "CNF") {
				return // a text syntax error has no binary twin
			}
			// The same proof in binary form gives the same result.
			bin := binaryProof(t, tt.proof)
			res, err = drat.Check(context.Background(), strings.NewReader(tt.cnf), bytes.NewReader(bin))
			inErr := strings.ReplaceAll(tt.inErr, "proof line", "proof byte")
			if strings.Contains(inErr, "proof byte") {
				inErr = "" // offsets differ from lines
			}
			if len(bin) > 0 && bin[0] == 'a' && len(bin) > 1 && bin[1] >= 0x20 && bin[1] < 0x7f {
				// Printable first bytes would be read as text: say binary.
				res, err = drat.CheckFormat(context.Background(), strings.NewReader(tt.cnf), bytes.NewReader(bin), drat.FormatBinary)
			}
			check(t, res, err, tt.want, tt.wantErr, inErr)
		})
	}
}

func check(t *testing.T, res drat.Result, err error, want drat.Result, wantErr error, inErr string) {
	t.Helper()
	if wantErr == nil && err != nil {
		t.Fatalf("error %v, want none", err)
	}
	if wantErr != nil && !errors.Is(err, wantErr) {
		t.Fatalf("error %v, want %v", err, wantErr)
	}
	if err != nil && !strings.Contains(err.Error(), inErr) {
		t.Errorf("error %q does not say %q", err, inErr)
	}
	if res != want {
		t.Errorf("result %+v, want %+v", res, want)
	}
	if res.Refuted != (err == nil) {
		t.Errorf("Refuted %v with error %v", res.Refuted, err)
	}
}

func TestBinarySyntax(t *testing.T) {
	tests := []struct {
		name  string
		proof []byte
		inErr string
	}{
		{"bad step marker", []byte{'a', 2, 4, 0, 0x7f, 4, 0}, "proof byte 4: 0x7f is neither 'a' nor 'd'"},
		{"binary FRAT", []byte{'o', 2, 2, 4, 0}, "proof byte 0: 0x6f ('o') is neither 'a' nor 'd': binary FRAT is not read"},
		{"truncated literal", []byte{'a', 0x82}, "not ended by 0"},
		{"missing final 0", []byte{'a', 2, 5}, "the step starting at byte 0 is not ended by 0"},
		{"literal -0", []byte{'a', 1, 0}, "proof byte 1: 1 is not a literal"},
		{"literal too large", []byte{'a', 0xff, 0xff, 0xff, 0xff, 0xff, 0x01, 0}, "proof byte 1: literal too large"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := drat.CheckFormat(context.Background(), strings.NewReader(one), bytes.NewReader(tt.proof), drat.FormatBinary)
			if !errors.Is(err, drat.ErrSyntax) || !strings.Contains(err.Error(), tt.inErr) {
				t.Errorf("error %v, want ErrSyntax saying %q", err, tt.inErr)
			}
		})
	}
}

func TestDetectBinary(t *testing.T) {
	// 'a', literal -1 (byte 3), 0: the byte 3 is not printable.
	res, err := drat.Check(context.Background(), strings.NewReader(four), bytes.NewReader([]byte{'a', 3, 0, 0}))
	if err != nil || res.Steps != 1 {
		t.Fatalf("binary proof read as %+v, %v", res, err)
	}
	// A deletion of 19 … 27 (bytes '&' to '6', all printable) then the
	// empty clause: the first ten bytes look like text, the 0 that ends
	// the first step does not.
	del := []byte{'d', 38, 40, 42, 44, 46, 48, 50, 52, 54, 0, 'a', 0}
	cnf := "p cnf 27 2\n19 20 21 22 23 24 25 26 27 0\n-19 0\n"
	res, err = drat.Check(context.Background(), strings.NewReader(cnf), bytes.NewReader(del))
	if err == nil || !errors.Is(err, drat.ErrLemma) || res.Deletions != 1 {
		t.Fatalf("binary proof starting with printable bytes read as %+v, %v; want its deletion read and the empty clause rejected", res, err)
	}
	// The same bytes forced to text are malformed.
	_, err = drat.CheckFormat(context.Background(), strings.NewReader(four), bytes.NewReader([]byte{'a', 3, 0, 0}), drat.FormatText)
	if !errors.Is(err, drat.ErrSyntax) {
		t.Fatalf("binary proof read as text: %v, want ErrSyntax", err)
	}
}

func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := drat.Check(ctx, strings.NewReader(four), strings.NewReader("1 0\n0\n"))
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
}

func Example() {
	cnf := "p cnf 2 4\n1 2 0\n1 -2 0\n-1 2 0\n-1 -2 0\n"
	res, err := drat.Check(context.Background(), strings.NewReader(cnf), strings.NewReader("1 0\n0\n"))
	fmt.Println(res.Refuted, res.Lemmas, err)

	_, err = drat.Check(context.Background(), strings.NewReader(cnf), strings.NewReader("d 1 2 0\n1 0\n0\n"))
	fmt.Println(err)
	// Output:
	// true 1 <nil>
	// drat: lemma is not implied: step 2 (proof line 2): lemma 1 0 is neither RUP nor RAT on 1
}
