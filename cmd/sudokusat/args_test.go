package main

import (
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat/engine"
)

func TestFlagsFirst(t *testing.T) {
	app := newApp(engine.Engines(), strings.NewReader(""), io.Discard, io.Discard)
	for _, tc := range []struct{ in, want string }{
		{"sudokusat solve a.txt --engine native", "sudokusat solve --engine native a.txt"},
		{"sudokusat solve a.txt -e native b.txt --timeout=2s", "sudokusat solve -e native --timeout=2s a.txt b.txt"},
		{"sudokusat generate --count 3 --symmetric", "sudokusat generate --count 3 --symmetric"},
		{"sudokusat render x.txt --svg --solution", "sudokusat render --svg --solution x.txt"},
		{"sudokusat solve - --format json", "sudokusat solve --format json -"},
		{"sudokusat solve -- --odd-name.txt --engine", "sudokusat solve -- --odd-name.txt --engine"},
		{"sudokusat solve t1.txt -- -weird.txt", "sudokusat solve -- t1.txt -weird.txt"},
		{"sudokusat solve a.txt -e native -- -b.txt --timeout", "sudokusat solve -e native -- a.txt -b.txt --timeout"},
		{"sudokusat solve a.txt -- --", "sudokusat solve -- a.txt --"},
		{"sudokusat solve a.txt --bogus b.txt", "sudokusat solve --bogus a.txt b.txt"},
		{"sudokusat --help", "sudokusat --help"},
		{"sudokusat nosuch a --x", "sudokusat nosuch a --x"},
	} {
		got := strings.Join(flagsFirst(app, strings.Fields(tc.in)), " ")
		if got != tc.want {
			t.Errorf("%q:\n got %q\nwant %q", tc.in, got, tc.want)
		}
	}
	if args := []string{"sudokusat"}; !slices.Equal(flagsFirst(app, args), args) {
		t.Error("no command: args changed")
	}
}
