package variant

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/internal/lzstring"
)

// ParseLink reads a puzzle link, or its payload alone:
//   - an f-puzzles link (https://www.f-puzzles.com/?load=…), or the
//     compressed text alone: lz-string's base64 form, or its URI form;
//   - a SudokuPad or Cracking the Cryptic link that wraps an f-puzzles
//     document (https://sudokupad.app/fpuzzles…, …/fpuz…,
//     https://beta.sudokupad.app/sudoku/fpuz…,
//     https://app.crackingthecryptic.com/fpuz…, ?puzzleid=fpuz…), URL-encoded
//     or not;
//   - a SudokuPad puzzle in its own format (scl… or ctc…), its drawings
//     read by SudokuPad's conventions where its rules text names them (see
//     ParseSudokuPad).
//
// A short SudokuPad id names a puzzle kept on SudokuPad's server, which
// sudokusat does not ask: the error says to paste the full link.
func ParseLink(s string) (*sudokusat.Puzzle, error) {
	return parseLink(s, maxDocument)
}

// parseLink is ParseLink with the document bounded to max bytes.
func parseLink(s string, max int) (*sudokusat.Puzzle, error) {
	s = strings.TrimSpace(s)
	if i := strings.Index(s, "load="); i >= 0 {
		s = s[i+len("load="):]
		if j := strings.IndexAny(s, "&#"); j >= 0 {
			s = s[:j]
		}
		if u, err := url.QueryUnescape(strings.ReplaceAll(s, "+", "%2B")); err == nil {
			s = u
		}
		return parseFPuzzlesPayload(s, max)
	}
	kind, payload, err := linkPayload(s)
	if err != nil {
		return nil, err
	}
	switch kind {
	case "scl", "ctc":
		text, err := decompressPayload(payload, max)
		if err != nil {
			return nil, formatErrorf("SudokuPad", "%v", err)
		}
		return ParseSudokuPad([]byte(text))
	}
	return parseFPuzzlesPayload(payload, max)
}

// linkPayload finds a link's payload and what it is: "fpuzzles" for an
// f-puzzles document, "scl" or "ctc" for SudokuPad's own format. Text that
// is not a URL is a payload as it is: an f-puzzles document's compressed
// text, unless it starts with a SudokuPad prefix.
func linkPayload(s string) (kind, payload string, err error) {
	if !strings.HasPrefix(s, "http://") && !strings.HasPrefix(s, "https://") {
		return payloadKind(s)
	}
	rest := s[strings.Index(s, "//")+2:]
	host, path, _ := strings.Cut(rest, "/")
	path, query, _ := strings.Cut(path, "?")
	path, _, _ = strings.Cut(path, "#")
	// The query is read raw: a "+" of base64 is not a space there.
	for _, kv := range strings.Split(query, "&") {
		if id, ok := strings.CutPrefix(kv, "puzzleid="); ok && id != "" {
			return payloadKind(id)
		}
	}
	// The payload is the path from a segment that starts with a known
	// prefix: base64 holds slashes of its own, so the path is not cut
	// at them.
	segments := strings.Split(path, "/")
	for i, seg := range segments {
		for _, prefix := range []string{"fpuzzles", "fpuz", "scl", "ctc"} {
			if strings.HasPrefix(seg, prefix) {
				return payloadKind(strings.Join(segments[i:], "/"))
			}
		}
	}
	last := segments[len(segments)-1]
	if last != "" && len(last) <= 20 && !strings.Contains(host, "f-puzzles") {
		return "", "", formatErrorf("link", "%q is a short id of a puzzle kept on %s's server, which sudokusat does not ask: paste the full link (SudokuPad's share link with the puzzle in it, or the f-puzzles link)", last, host)
	}
	return "", "", formatErrorf("link", "no puzzle in %q (want an f-puzzles ?load= link, or a SudokuPad link with fpuzzles…, scl… or ctc… in it)", cut(s, 80))
}

// payloadKind splits a payload's prefix off, URL-decoding it when that
// makes it shorter (SudokuPad's own rule for a link that may or may not be
// encoded).
func payloadKind(p string) (kind, payload string, err error) {
	if u, err := url.PathUnescape(p); err == nil && len(u) < len(p) {
		p = u
	}
	for _, prefix := range []string{"fpuzzles", "fpuz", "scl", "ctc"} {
		if rest, ok := strings.CutPrefix(p, prefix); ok && len(rest) > 0 && isCompressed(rest) {
			if prefix == "fpuz" {
				prefix = "fpuzzles"
			}
			return prefix, rest, nil
		}
	}
	return "fpuzzles", p, nil
}

// isCompressed reports whether s is made of lz-string's characters.
func isCompressed(s string) bool {
	for i := 0; i < len(s); i++ {
		b := s[i]
		if !(b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || strings.IndexByte("+/=-$", b) >= 0) {
			return false
		}
	}
	return true
}

// cut shortens s to n bytes for a message.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// parseFPuzzlesPayload reads an f-puzzles document from its compressed
// text, of at most max bytes.
func parseFPuzzlesPayload(s string, max int) (*sudokusat.Puzzle, error) {
	text, err := decompressPayload(s, max)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrFormat, err)
	}
	return ParseFPuzzles([]byte(text))
}

// decompressPayload decompresses lz-string text, base64 or URI form, to
// at most max bytes; its error says what is wrong with the link. A link
// that went through a server which turned "//" into "/" (base64 holds
// slashes) is mended as SudokuPad mends it: the first few ways of doubling
// its slashes back are tried, fewest first, until one gives JSON-like text.
func decompressPayload(s string, max int) (string, error) {
	uri := strings.ContainsAny(s, "-$")
	tooLong := false
	decompress := func(s string) (string, error) {
		// A character is one to three bytes: the bytes are counted after.
		text, err := lzstring.DecompressMax(s, uri, max)
		if errors.Is(err, lzstring.ErrTooLong) || len(text) > max {
			tooLong = true
			return "", fmt.Errorf("the link decompresses to more than %d bytes", max)
		}
		if err != nil {
			return "", fmt.Errorf("the link does not decompress: %v", err)
		}
		if text == "" {
			return "", fmt.Errorf("the link holds nothing")
		}
		return text, nil
	}
	text, err := decompress(s)
	// A link too long as it is is not mended: each try would cost as
	// much again.
	if err == nil && looksJSON(text) || !strings.Contains(s, "/") || tooLong {
		return text, err
	}
	var slashes []int
	for i := 0; i < len(s) && len(slashes) < 12; i++ {
		if s[i] == '/' {
			slashes = append(slashes, i)
		}
	}
	// Doubling one slash, then two, …: the mended link has the fewest
	// changes, as SudokuPad's mending prefers.
	for k := 1; k <= len(slashes) && k <= 3; k++ {
		var found string
		eachSubset(len(slashes), k, func(pick []int) bool {
			var b strings.Builder
			last := 0
			for _, j := range pick {
				b.WriteString(s[last : slashes[j]+1])
				b.WriteByte('/')
				last = slashes[j] + 1
			}
			b.WriteString(s[last:])
			if t, e := decompress(b.String()); e == nil && looksJSON(t) {
				found = t
				return false
			}
			return !tooLong // one mended link too long ends the mending
		})
		if found != "" {
			return found, nil
		}
	}
	return text, err
}

// eachSubset calls fn with each k-subset of 0..n-1, in order, until fn
// returns false.
func eachSubset(n, k int, fn func([]int) bool) {
	pick := make([]int, k)
	var rec func(i, from int) bool
	rec = func(i, from int) bool {
		if i == k {
			return fn(pick)
		}
		for j := from; j < n; j++ {
			pick[i] = j
			if !rec(i+1, j+1) {
				return false
			}
		}
		return true
	}
	rec(0, 0)
}

// looksJSON reports whether decompressed text is a JSON object or
// SudokuPad's zipped form of one.
func looksJSON(t string) bool {
	t = strings.TrimSpace(t)
	if !strings.HasPrefix(t, "{") || !strings.HasSuffix(t, "}") {
		return false
	}
	return json.Valid([]byte(t)) || !strings.Contains(t, "\"")
}

// FPuzzlesLink writes p as an f-puzzles link, which f-puzzles opens and
// SudokuPad opens too (as https://sudokupad.app/fpuzzles followed by the
// same payload): its document is FPuzzles(p), the stated solution
// included.
func FPuzzlesLink(p *sudokusat.Puzzle) (string, error) {
	doc, err := FPuzzles(p)
	if err != nil {
		return "", err
	}
	return "https://www.f-puzzles.com/?load=" + lzstring.CompressToBase64(string(doc)), nil
}
