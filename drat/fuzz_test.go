package drat_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sudokusat/sudokusat/drat"
)

// FuzzCheck feeds arbitrary bytes as CNF and as proof: Check must never
// panic or hang, and its error must be nil exactly when it says Refuted.
func FuzzCheck(f *testing.F) {
	seeds := []struct{ cnf, proof string }{
		{contradiction, "0\n"},
		{four, "1 0\n0\n"},
		{four, "d 1 2 0\n1 0\n0\n"},
		{one, "3 -1 -2 0\n-3 1 0\n-3 2 0\n"},
		{withReason, "d 2 -1 0\n3 0\n0\n"},
		{chain, "c x\n-1 -3 2 0\n2 0\n"},
		{four, string([]byte{'a', 3, 0, 'd', 2, 4, 0, 'a', 0})},
		{"p cnf 2 1\n1 3 0\n", "0"},
		{four, "o 1 1 2 0\na 5 1 0 l 1 0\nd 5 1 0\n"}, // text FRAT
		{four, "%RUPD32 2 4  \n1 0\n0\n"},             // PicoSAT's RUP
	}
	for _, s := range seeds {
		f.Add([]byte(s.cnf), []byte(s.proof))
	}
	f.Fuzz(func(t *testing.T, cnf, proof []byte) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		res, err := drat.Check(ctx, bytes.NewReader(cnf), bytes.NewReader(proof))
		if errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("no answer in 5 s: %v", err)
		}
		if res.Refuted != (err == nil) {
			t.Fatalf("Refuted %v with error %v", res.Refuted, err)
		}
		if err != nil && !errors.Is(err, drat.ErrSyntax) && !errors.Is(err, drat.ErrLemma) && !errors.Is(err, drat.ErrNotRefuted) {
			t.Fatalf("error %v wraps none of the package's errors", err)
		}
		if res.Steps != res.Lemmas+res.Deletions || res.MissingDeletions > res.IgnoredDeletions || res.IgnoredDeletions > res.Deletions {
			t.Fatalf("inconsistent counts %+v", res)
		}
	})
}

// FuzzCheckFRAT reads arbitrary bytes as text FRAT: besides FuzzCheck's
// conditions, whenever fratToDRAT, a translation that shares no code with
// the reader, makes a DRAT proof of them, checking that proof must give
// the same counts and the same kind of error.
func FuzzCheckFRAT(f *testing.F) {
	php, err := os.ReadFile("testdata/php43.cnf")
	if err != nil {
		f.Fatal(err)
	}
	cms, err := os.ReadFile("testdata/php43-cryptominisat5.frat")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(php, cms)
	seeds := []struct{ cnf, proof string }{
		{four, "o 1 1 2 0\no 2 1 -2 0\na 5 1 0 l 1 2 0\na 6 0\nf 5 1 0\n"},
		{four, "d 1 1 2 0\na 5 1 0\na 6 0\n"},
		{chain, "c x\na 4 -1 -3 2 0\nr 4 6 0\nd 6 2 -1 -3 0\na 7 2 0 l 6 0\n"},
		{one, "a 2 3 -1 -2 0\na 3 -3 1 0 l -2 1 0\n"},
		{four, "a 5 1 0 0\n"},
		{four, "a 5\n1 0\nl\n1 0 c\n"},
	}
	for _, s := range seeds {
		f.Add([]byte(s.cnf), []byte(s.proof))
	}
	f.Fuzz(func(t *testing.T, cnf, proof []byte) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		res, err := drat.CheckFormat(ctx, bytes.NewReader(cnf), bytes.NewReader(proof), drat.FormatFRAT)
		if errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("no answer in 5 s: %v", err)
		}
		if res.Refuted != (err == nil) {
			t.Fatalf("Refuted %v with error %v", res.Refuted, err)
		}
		if err != nil && !errors.Is(err, drat.ErrSyntax) && !errors.Is(err, drat.ErrLemma) && !errors.Is(err, drat.ErrNotRefuted) {
			t.Fatalf("error %v wraps none of the package's errors", err)
		}
		if res.Steps != res.Lemmas+res.Deletions || res.MissingDeletions > res.IgnoredDeletions || res.IgnoredDeletions > res.Deletions {
			t.Fatalf("inconsistent counts %+v", res)
		}
		text, ok := fratToDRAT(proof)
		if !ok {
			return
		}
		want, wantErr := drat.CheckFormat(ctx, bytes.NewReader(cnf), bytes.NewReader(text), drat.FormatText)
		if res != want || kind(err) != kind(wantErr) {
			t.Fatalf("FRAT: %+v, %v\nas DRAT:\n%s\n%+v, %v", res, err, text, want, wantErr)
		}
	})
}

// kind names the package error that err wraps.
func kind(err error) error {
	for _, k := range []error{drat.ErrSyntax, drat.ErrLemma, drat.ErrNotRefuted} {
		if errors.Is(err, k) {
			return k
		}
	}
	return err
}

// fratToDRAT translates a well-formed text FRAT proof into text DRAT: each
// "a" step's literals as a lemma, each "d" step's as a deletion, the rest
// dropped. It reports false for anything it does not take as FRAT.
func fratToDRAT(frat []byte) ([]byte, bool) {
	var toks []string
	for _, line := range bytes.Split(frat, []byte("\n")) {
		for _, field := range bytes.FieldsFunc(line, func(r rune) bool { return r < 0x80 && strings.ContainsRune(" \t\r\v\f", r) }) {
			if field[0] == 'c' {
				break
			}
			if len(field) > 24 {
				return nil, false
			}
			toks = append(toks, string(field))
		}
	}
	var out bytes.Buffer
	// list reads numbers up to a 0, each as parse takes it.
	list := func(parse func(string) (int64, bool)) ([]string, bool) {
		var got []string
		for len(toks) > 0 {
			tok := toks[0]
			toks = toks[1:]
			v, ok := parse(tok)
			if !ok {
				return nil, false
			}
			if v == 0 {
				return got, true
			}
			got = append(got, strconv.FormatInt(v, 10))
		}
		return nil, false
	}
	id := func(s string) (int64, bool) { v, err := strconv.ParseUint(s, 10, 63); return int64(v), err == nil }
	lit := func(s string) (int64, bool) {
		v, err := strconv.ParseInt(s, 10, 32)
		return v, err == nil && v != -1<<31
	}
	hint := func(s string) (int64, bool) { v, err := strconv.ParseInt(s, 10, 64); return v, err == nil }
	for len(toks) > 0 {
		step := toks[0]
		toks = toks[1:]
		switch step {
		case "r":
			if _, ok := list(id); !ok {
				return nil, false
			}
			continue
		case "a", "d", "o", "f":
		default:
			return nil, false
		}
		if len(toks) == 0 {
			return nil, false
		}
		if v, ok := id(toks[0]); !ok || v == 0 {
			return nil, false
		}
		toks = toks[1:]
		lits, ok := list(lit)
		if !ok {
			return nil, false
		}
		if step == "a" && len(toks) > 0 && toks[0] == "l" {
			toks = toks[1:]
			if _, ok := list(hint); !ok {
				return nil, false
			}
		}
		switch step {
		case "a":
			fmt.Fprintf(&out, "%s 0\n", strings.Join(lits, " "))
		case "d":
			fmt.Fprintf(&out, "d %s 0\n", strings.Join(lits, " "))
		}
	}
	return out.Bytes(), true
}
