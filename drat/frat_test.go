package drat_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat/drat"
)

// TestFRAT reads text FRAT: additions are lemmas and deletions deletions,
// matched by literals; "o", "f" and "r" lines, IDs and hints are skipped.
// Every case is read both as FormatFRAT and as FormatAuto, which must
// tell it from DRAT by its first step.
func TestFRAT(t *testing.T) {
	tests := []struct {
		name    string
		cnf     string
		proof   string
		want    drat.Result
		wantErr error
		inErr   string
	}{
		// With four, the lemma 1 refutes: unit propagation then reaches a
		// conflict, and the empty clause after it is not read.
		{"hints, originals and finals", four, "o 1 1 2 0\no 2 1 -2 0\no 3 -1 2 0\no 4 -1 -2 0\na 5 1 0 l 1 2 0\na 6 0 l 5 3 4 0\nf 5 1 0\nf 6 0\n",
			drat.Result{Steps: 1, Lemmas: 1, Refuted: true}, nil, ""},
		{"no hints, no originals", four, "a 5 1 0\na 6 0\n", drat.Result{Steps: 1, Lemmas: 1, Refuted: true}, nil, ""},
		{"a step spread over lines, comments", four, "c FRAT\na 5\n1 0\nl 1\n2 0 c end\na 6 0\n",
			drat.Result{Steps: 1, Lemmas: 1, Refuted: true}, nil, ""},
		{"relocation skipped", four, "o 1 1 2 0\nr 1 7 2 8 0\na 9 1 0 l 7 8 0\na 10 0\n",
			drat.Result{Steps: 1, Lemmas: 1, Refuted: true}, nil, ""},
		{"steps after a lemma without hints", chain, "a 4 -1 -3 2 0\nd 1 1 2 0\na 5 -1 -3 0\nr 4 6 0\nf 6 -1 -3 2 0\n",
			drat.Result{Steps: 3, Lemmas: 2, Deletions: 1}, drat.ErrNotRefuted, "3 steps checked (2 lemmas)"},
		{"deletion by literals, any order", four, "o 1 1 2 0\nd 1 2 1 0\na 5 1 0\na 6 0\n",
			drat.Result{Steps: 2, Lemmas: 1, Deletions: 1}, drat.ErrLemma, "step 2 (proof line 3): lemma 1 0"},
		{"a lemma that is not implied", chain, "a 4 -1 -3 2 0\na 5 2 0 l 4 0\na 6 0\n",
			drat.Result{Steps: 2, Lemmas: 2}, drat.ErrLemma, "step 2 (proof line 2): lemma 2 0 is neither RUP nor RAT on 2"},
		// The formula is the CNF given: an "o" line adds no clause, an
		// "f" line deletes none, whatever their literals.
		{"an original the CNF lacks adds nothing", one, "o 1 -1 0\no 2 -2 0\na 3 0 l 1 2 0\n",
			drat.Result{Steps: 1, Lemmas: 1}, drat.ErrLemma, "the empty clause 0 is not RUP"},
		{"a final line deletes nothing", four, "f 1 1 2 0\nf 2 1 -2 0\na 5 1 0\n",
			drat.Result{Steps: 1, Lemmas: 1, Refuted: true}, nil, ""},
		{"RAT on the first literal", one, "a 2 3 -1 -2 0\na 3 -3 1 0\na 4 -3 2 0\n",
			drat.Result{Steps: 3, Lemmas: 3}, drat.ErrNotRefuted, "3 steps checked"},
		{"no refutation", chain, "o 1 1 2 0\na 4 -1 -3 2 0\nf 4 -1 -3 2 0\n",
			drat.Result{Steps: 1, Lemmas: 1}, drat.ErrNotRefuted, ""},
		{"steps after the refutation are not read", four, "a 5 1 0\nx\n", drat.Result{Steps: 1, Lemmas: 1, Refuted: true}, nil, ""},

		{"unknown step", four, "o 1 1 2 0\nx 2 1 0\n", drat.Result{}, drat.ErrSyntax, `proof line 2: "x" is not a FRAT step`},
		{"hints without a step", four, "o 1 1 2 0\nl 1 0\n", drat.Result{}, drat.ErrSyntax, `"l" is not a FRAT step`},
		{"two zeros", chain, "a 4 -1 -3 2 0 0\n", drat.Result{Steps: 1, Lemmas: 1}, drat.ErrSyntax, `"0" is not a FRAT step`},
		{"clause ID 0", four, "a 0 1 0\n", drat.Result{}, drat.ErrSyntax, "proof line 1: clause ID 0"},
		{"negative clause ID", four, "o -1 1 2 0\n", drat.Result{}, drat.ErrSyntax, `proof line 1: "-1" is not a clause ID`},
		{"bad hint", four, "a 5 1 0 l 1 x 0\n", drat.Result{}, drat.ErrSyntax, `proof line 1: "x" is not a clause ID`},
		{"bad relocation", four, "r 1 y 0\n", drat.Result{}, drat.ErrSyntax, `"y" is not a clause ID`},
		{"bad literal", four, "a 5 1 z 0\n", drat.Result{}, drat.ErrSyntax, `proof line 1: "z" is not a literal`},
		{"step without its ID", four, "o 1 1 2 0\nd", drat.Result{}, drat.ErrSyntax, "proof line 2: the last step is not ended by 0"},
		{"step without its 0", four, "a 5 1", drat.Result{}, drat.ErrSyntax, "proof line 1: the last step is not ended by 0"},
		{"hints without their 0", four, "a 5 1 0 l 1 2", drat.Result{}, drat.ErrSyntax, "proof line 1: the last step is not ended by 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := drat.CheckFormat(context.Background(), strings.NewReader(tt.cnf), strings.NewReader(tt.proof), drat.FormatFRAT)
			check(t, res, err, tt.want, tt.wantErr, tt.inErr)
			res, err = drat.Check(context.Background(), strings.NewReader(tt.cnf), strings.NewReader(tt.proof))
			check(t, res, err, tt.want, tt.wantErr, tt.inErr)
		})
	}
}

// TestDetectFRAT: FormatAuto reads FRAT only when the first step is one
// that DRAT has not; a DRAT proof starting with a deletion stays DRAT.
func TestDetectFRAT(t *testing.T) {
	for _, tt := range []struct{ proof, inErr string }{
		{"c comment first\no 1 1 2 0\na 5 1 0\na 6 0\n", ""},
		{"f 1 1 2 0\na 5 1 0\na 6 0\n", ""},
		{"r 1 2 0\na 5 1 0\na 6 0\n", ""},
		{"d 1 2 0\n1 0\n0\n", "step 2 (proof line 2): lemma 1 0"},    // DRAT: the deletion of (1 2)
		{"-1 -3 2 0\na 6 0\n", `proof line 2: "a" is not a literal`}, // DRAT from the first step on
	} {
		_, err := drat.Check(context.Background(), strings.NewReader(four), strings.NewReader(tt.proof))
		if (tt.inErr == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), tt.inErr) {
			t.Errorf("%q: error %v, want %q", tt.proof, err, tt.inErr)
		}
	}
	// FormatText never reads FRAT.
	if _, err := drat.CheckFormat(context.Background(), strings.NewReader(chain), strings.NewReader("a 5 1 0\na 6 0\n"), drat.FormatText); !errors.Is(err, drat.ErrSyntax) {
		t.Errorf("FRAT read as FormatText: %v, want ErrSyntax", err)
	}
}

// TestRUPHeader: the "%RUPD32 VARIABLES CLAUSES" line PicoSAT's -R writes
// first is skipped in text DRAT, and nowhere else.
func TestRUPHeader(t *testing.T) {
	header := "%RUPD32 2 4" + strings.Repeat(" ", 245) + "\n"
	for _, f := range []drat.Format{drat.FormatAuto, drat.FormatText} {
		res, err := drat.CheckFormat(context.Background(), strings.NewReader(four), strings.NewReader(header+"1 0\n0"), f)
		if err != nil || res.Lemmas != 1 {
			t.Errorf("format %d: %+v, %v", f, res, err)
		}
	}
	for _, tt := range []struct {
		proof string
		f     drat.Format
		inErr string
	}{
		{"-1 -3 2 0\n" + header + "0\n", drat.FormatAuto, `proof line 2: "%RUPD32" is not a literal`},
		{header + "a 5 1 0\na 6 0\n", drat.FormatAuto, `proof line 2: "a" is not a literal`},
		{header + "a 5 1 0\na 6 0\n", drat.FormatFRAT, `proof line 1: "%RUPD32" is not a FRAT step`},
	} {
		_, err := drat.CheckFormat(context.Background(), strings.NewReader(four), strings.NewReader(tt.proof), tt.f)
		if !errors.Is(err, drat.ErrSyntax) || !strings.Contains(err.Error(), tt.inErr) {
			t.Errorf("%q: error %v, want ErrSyntax saying %q", tt.proof, err, tt.inErr)
		}
	}
	// A header alone on its line, and one ending the proof.
	if _, err := drat.Check(context.Background(), strings.NewReader(four), strings.NewReader("%RUPD32\n1 0\n0\n")); err != nil {
		t.Errorf("a bare header: %v", err)
	}
	if _, err := drat.Check(context.Background(), strings.NewReader(four), strings.NewReader("%RUPD32 2 4")); !errors.Is(err, drat.ErrNotRefuted) {
		t.Errorf("a header alone: %v, want ErrNotRefuted", err)
	}
}

// TestSolverProofs checks the proofs two solvers wrote of the pigeonhole
// formula PHP(4,3), kept in testdata so that no solver is needed:
// CryptoMiniSat 5.11.4's text FRAT (cryptominisat5 --frat, with "o"
// lines, hints and "f" lines) and PicoSAT 965's RUP (picosat -R, with
// its header). Each is accepted as written and refused without its
// lemmas but the last.
func TestSolverProofs(t *testing.T) {
	cnf, err := os.ReadFile("testdata/php43.cnf")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		file string
		keep func(line string) bool // the lines a tampered proof keeps
	}{
		{"testdata/php43-cryptominisat5.frat", func(l string) bool { f := strings.Fields(l); return f[0] != "a" || f[2] == "0" }},
		{"testdata/php43-picosat.rup", func(l string) bool { return strings.HasPrefix(l, "%") || l == "0" }},
	} {
		proof, err := os.ReadFile(tt.file)
		if err != nil {
			t.Fatal(err)
		}
		res, err := drat.Check(context.Background(), bytes.NewReader(cnf), bytes.NewReader(proof))
		if err != nil || res.Lemmas == 0 {
			t.Errorf("%s: %+v, %v", tt.file, res, err)
		}
		var tampered []string
		for _, l := range strings.Split(strings.TrimSpace(string(proof)), "\n") {
			if tt.keep(l) {
				tampered = append(tampered, l)
			}
		}
		res, err = drat.Check(context.Background(), bytes.NewReader(cnf), strings.NewReader(strings.Join(tampered, "\n")))
		if !errors.Is(err, drat.ErrLemma) || !strings.Contains(err.Error(), "the empty clause 0 is not RUP") {
			t.Errorf("%s without its lemmas: %+v, %v, want the empty clause refused", tt.file, res, err)
		}
	}
}
