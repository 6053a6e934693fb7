// Package lzstring decompresses text compressed by the JavaScript library
// lz-string (compressToBase64 and compressToEncodedURIComponent), the
// form in which f-puzzles and SudokuPad share puzzles in links, and
// compresses to the base64 form, to write f-puzzles links.
package lzstring

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf16"
)

// ErrCorrupt reports input that is not lz-string output.
var ErrCorrupt = errors.New("lzstring: corrupt input")

const (
	base64Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="
	uriAlphabet    = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$"
)

// ErrTooLong reports a text that decompresses to more than the bound.
var ErrTooLong = errors.New("lzstring: the text is too long")

// MaxOutput bounds the decompressed text, in UTF-16 characters: the
// dictionary lets a short input expand quadratically (a 70 KB link held
// 16 MB of JSON), and the largest published f-puzzles documents seen are
// tens of kilobytes. A caller may ask for less (DecompressMax).
const MaxOutput = 1 << 20

// DecompressFromBase64 decompresses the output of lz-string's
// compressToBase64.
func DecompressFromBase64(s string) (string, error) {
	return decompressWith(s, base64Alphabet, MaxOutput)
}

// DecompressFromEncodedURIComponent decompresses the output of lz-string's
// compressToEncodedURIComponent.
func DecompressFromEncodedURIComponent(s string) (string, error) {
	return DecompressMax(s, true, MaxOutput)
}

// DecompressMax decompresses the output of compressToEncodedURIComponent
// (uri) or compressToBase64, and fails with ErrTooLong as soon as the text
// passes max characters (at most MaxOutput), before the memory a longer
// one would take is spent.
func DecompressMax(s string, uri bool, max int) (string, error) {
	max = min(max, MaxOutput)
	if !uri {
		return decompressWith(s, base64Alphabet, max)
	}
	// A URL may carry the "+" of the alphabet as a space.
	return decompressWith(strings.ReplaceAll(s, " ", "+"), uriAlphabet, max)
}

func decompressWith(s, alphabet string, max int) (string, error) {
	if s == "" {
		return "", nil
	}
	vals := make([]int, len(s))
	for i := 0; i < len(s); i++ {
		v := strings.IndexByte(alphabet, s[i])
		if v < 0 {
			return "", fmt.Errorf("%w: %q at byte %d is not in the alphabet", ErrCorrupt, s[i], i)
		}
		vals[i] = v
	}
	return decompress(vals, 32, max)
}

// bits reads the compressed stream: each input value holds log2(reset)+1
// bits, read from the high one down, and a number is assembled low bit
// first.
type bits struct {
	vals       []int
	val, index int
	pos, reset int
}

func (b *bits) read(n int) (int, error) {
	out := 0
	for i := 0; i < n; i++ {
		if b.val&b.pos != 0 {
			out |= 1 << i
		}
		b.pos >>= 1
		if b.pos == 0 {
			if b.index >= len(b.vals) {
				return 0, fmt.Errorf("%w: the input ends inside a code", ErrCorrupt)
			}
			b.pos = b.reset
			b.val = b.vals[b.index]
			b.index++
		}
	}
	return out, nil
}

// decompress is the LZW-like decoder of lz-string: codes 0 and 1 bring a
// new 8- or 16-bit character, 2 ends the text, and every other code names a
// dictionary entry; the code width grows as the dictionary does.
func decompress(vals []int, reset, max int) (string, error) {
	b := &bits{vals: vals, val: vals[0], index: 1, pos: reset, reset: reset}
	dict := [][]uint16{nil, nil, nil} // codes 0-2 are the commands
	enlargeIn, numBits := 4, 3

	first, err := b.read(2)
	if err != nil {
		return "", err
	}
	var w []uint16
	switch first {
	case 0, 1:
		c, err := b.read(8 << first)
		if err != nil {
			return "", err
		}
		w = []uint16{uint16(c)}
	case 2:
		return "", nil
	default:
		return "", fmt.Errorf("%w: bad first code %d", ErrCorrupt, first)
	}
	dict = append(dict, w)
	out := append([]uint16(nil), w...)
	for {
		code, err := b.read(numBits)
		if err != nil {
			return "", err
		}
		switch code {
		case 0, 1:
			c, err := b.read(8 << code)
			if err != nil {
				return "", err
			}
			dict = append(dict, []uint16{uint16(c)})
			code = len(dict) - 1
			enlargeIn--
		case 2:
			return string(utf16.Decode(out)), nil
		}
		if enlargeIn == 0 {
			enlargeIn = 1 << numBits
			numBits++
		}
		var entry []uint16
		switch {
		case code < len(dict):
			entry = dict[code]
		case code == len(dict):
			entry = append(append([]uint16(nil), w...), w[0])
		default:
			return "", fmt.Errorf("%w: code %d beyond the dictionary's %d entries", ErrCorrupt, code, len(dict))
		}
		if len(out)+len(entry) > max {
			return "", fmt.Errorf("%w: more than %d characters", ErrTooLong, max)
		}
		out = append(out, entry...)
		dict = append(dict, append(append([]uint16(nil), w...), entry[0]))
		enlargeIn--
		w = entry
		if enlargeIn == 0 {
			enlargeIn = 1 << numBits
			numBits++
		}
	}
}
