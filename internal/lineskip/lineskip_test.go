package lineskip

import (
	"bufio"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

func TestBlank(t *testing.T) {
	long := strings.Repeat("\n", 200_000) // beyond bufio's buffer, several fills
	tests := []struct {
		name  string
		in    string
		lines int
		rest  string // what is left to read
		err   error
	}{
		{"empty", "", 0, "", io.EOF},
		{"no blank line", "12.4\n", 0, "12.4\n", nil},
		{"newlines then text", "\n\n\nab\n", 3, "ab\n", nil},
		{"CRLF", "\r\n\r\nab", 2, "ab", nil},
		{"spaces start the next line", "\n \t\n  ab\n", 2, "  ab\n", nil},
		{"trailing spaces without newline", "\n\n  ", 2, "  ", nil},
		{"only newlines", "\n\n\n\n\n\n\n\n\n\n", 10, "", io.EOF},
		{"a long run", long + "x", 200_000, "x", nil},
		{"a long run to the end", long, 200_000, "", io.EOF},
		{"nine newlines then a comment", "\n\n\n\n\n\n\n\n\n#c\n", 9, "#c\n", nil},
		{"not whitespace: NUL", "\n\x00\n", 1, "\x00\n", nil},
	}
	for _, tt := range tests {
		br := bufio.NewReaderSize(strings.NewReader(tt.in), 16) // the minimum: runs cross fills
		lines, err := Blank(br)
		rest, _ := io.ReadAll(br)
		if lines != tt.lines || string(rest) != tt.rest || !errors.Is(err, tt.err) && (err != nil || tt.err != nil) {
			t.Errorf("%s: %d lines, rest %.20q, err %v; want %d, %.20q, %v",
				tt.name, lines, rest, err, tt.lines, tt.rest, tt.err)
		}

		// Read a few bytes at a time, a run may be cut where a fill
		// ends in whitespace before its '\n': Blank stops there, for
		// the caller to read that line as it reads any. What it skipped
		// must still be whole blank lines, and counted.
		br = bufio.NewReaderSize(iotest.HalfReader(iotest.OneByteReader(strings.NewReader(tt.in))), 16)
		lines, _ = Blank(br)
		rest, _ = io.ReadAll(br)
		skipped := tt.in[:len(tt.in)-len(rest)]
		if lines != strings.Count(skipped, "\n") || strings.TrimSpace(skipped) != "" ||
			skipped != "" && !strings.HasSuffix(skipped, "\n") || lines > tt.lines {
			t.Errorf("%s, read in pieces: skipped %.20q as %d lines", tt.name, skipped, lines)
		}
	}
}

func TestBlankKeepsReadError(t *testing.T) {
	boom := errors.New("disk on fire")
	br := bufio.NewReader(io.MultiReader(strings.NewReader("\n\n"), iotest.ErrReader(boom)))
	lines, err := Blank(br)
	if lines != 2 || !errors.Is(err, boom) {
		t.Errorf("got %d lines, %v; want 2, %v", lines, err, boom)
	}
}
