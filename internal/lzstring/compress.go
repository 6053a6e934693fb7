package lzstring

import (
	"strings"
	"unicode/utf16"
)

// CompressToBase64 is lz-string's compressToBase64: the same output, so
// that tests can make f-puzzles links, of any size, as the site does.
func CompressToBase64(s string) string {
	out := compress(s, base64Alphabet)
	if r := len(out) % 4; r != 0 {
		out += strings.Repeat("=", 4-r)
	}
	return out
}

// CompressToEncodedURIComponent is lz-string's
// compressToEncodedURIComponent.
func CompressToEncodedURIComponent(s string) string {
	return compress(s, uriAlphabet)
}

// compress is lz-string's _compress with 6 bits a character. Its
// dictionary of strings is kept as a trie, so that each input character
// costs one map look-up however long the repeated strings grow.
func compress(s string, alphabet string) string {
	type edge struct {
		node int32
		c    uint16
	}
	var (
		children = map[edge]int32{} // node and next character → node
		codes    = []int{0}         // by node; node 0 is the empty string
		chars    = []uint16{0}      // by node: the last character
		depth1   = []bool{false}    // by node: a single character
		pending  = map[int32]bool{} // single characters not yet written literally
		dictSize = 3
		enlarge  = 2 // as lz-string's: the first entry does not count
		numBits  = 2
		out      strings.Builder
		val, pos int
	)
	put := func(v, n int) { // n bits of v, low bit first
		for range n {
			val = val<<1 | v&1
			v >>= 1
			if pos == 5 {
				out.WriteByte(alphabet[val])
				pos, val = 0, 0
			} else {
				pos++
			}
		}
	}
	grow := func() {
		if enlarge--; enlarge == 0 {
			enlarge = 1 << numBits
			numBits++
		}
	}
	node := func(parent int32, c uint16, single bool) int32 {
		id := int32(len(codes))
		children[edge{parent, c}] = id
		codes = append(codes, dictSize)
		chars = append(chars, c)
		depth1 = append(depth1, single)
		dictSize++
		return id
	}
	emit := func(w int32) {
		if depth1[w] && pending[w] {
			c := int(chars[w])
			if c < 256 {
				put(0, numBits)
				put(c, 8)
			} else {
				put(1, numBits)
				put(c, 16)
			}
			grow()
			delete(pending, w)
		} else {
			put(codes[w], numBits)
		}
		grow()
	}
	var w int32
	for _, c := range utf16.Encode([]rune(s)) {
		single, ok := children[edge{0, c}]
		if !ok {
			single = node(0, c, true)
			pending[single] = true
		}
		if w == 0 {
			w = single
			continue
		}
		if next, ok := children[edge{w, c}]; ok {
			w = next
			continue
		}
		emit(w)
		node(w, c, false)
		w = single
	}
	if w != 0 {
		emit(w)
	}
	put(2, numBits)
	for { // flush the last character
		val <<= 1
		if pos == 5 {
			out.WriteByte(alphabet[val])
			break
		}
		pos++
	}
	return out.String()
}
