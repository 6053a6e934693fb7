package lzstring

import (
	"strings"
	"unicode/utf16"
)

// CompressToBase64 compresses s as lz-string's compressToBase64 does, to
// the same text: the form of an f-puzzles link, which f-puzzles and
// SudokuPad open.
func CompressToBase64(s string) string {
	out := compress(utf16.Encode([]rune(s)), base64Alphabet)
	if r := len(out) % 4; r != 0 {
		out += strings.Repeat("=", 4-r)
	}
	return out
}

// writer packs codes into 6-bit symbols: a code's bits go low bit first,
// each symbol fills from its high bit down, as the decoder reads them.
type writer struct {
	out      strings.Builder
	alphabet string
	val, pos int
}

func (w *writer) write(v, n int) {
	for range n {
		w.val = w.val<<1 | v&1
		v >>= 1
		if w.pos == 5 {
			w.out.WriteByte(w.alphabet[w.val])
			w.val, w.pos = 0, 0
		} else {
			w.pos++
		}
	}
}

// compress is the encoder that decompress undoes: an LZW over UTF-16 code
// units whose dictionary also holds each character on its first use (code
// 0 then 8 bits, or 1 then 16), ended by code 2, the code width growing
// with the dictionary exactly when the decoder's does.
func compress(text []uint16, alphabet string) string {
	w := &writer{alphabet: alphabet}
	dict := map[string]int{}
	fresh := map[string]bool{} // characters in dict not yet written out
	size, numBits, enlargeIn := 3, 2, 2
	grow := func() {
		if enlargeIn--; enlargeIn == 0 {
			enlargeIn = 1 << numBits
			numBits++
		}
	}
	// emit writes the code of phrase, or the character itself on its
	// first use, which the decoder adds to its dictionary (one more
	// step of growth).
	emit := func(phrase string, units []uint16) {
		if fresh[phrase] {
			if c := units[0]; c < 256 {
				w.write(0, numBits)
				w.write(int(c), 8)
			} else {
				w.write(1, numBits)
				w.write(int(c), 16)
			}
			grow()
			delete(fresh, phrase)
		} else {
			w.write(dict[phrase], numBits)
		}
		grow()
	}
	// Phrases are keyed by their code units, two bytes each: a lone
	// surrogate is a unit like any other.
	key := func(units []uint16) string {
		b := make([]byte, 2*len(units))
		for i, u := range units {
			b[2*i], b[2*i+1] = byte(u>>8), byte(u)
		}
		return string(b)
	}
	var cur []uint16
	for i, c := range text {
		ck := key(text[i : i+1])
		if _, ok := dict[ck]; !ok {
			dict[ck] = size
			size++
			fresh[ck] = true
		}
		next := append(cur[:len(cur):len(cur)], c)
		if _, ok := dict[key(next)]; ok {
			cur = next
			continue
		}
		emit(key(cur), cur)
		dict[key(next)] = size
		size++
		cur = text[i : i+1]
	}
	if len(cur) > 0 {
		emit(key(cur), cur)
	}
	w.write(2, numBits)
	// Pad with zero bits to the end of a symbol, one symbol more when
	// the last code ended on a boundary, as lz-string does.
	for {
		last := w.pos == 5
		w.write(0, 1)
		if last {
			break
		}
	}
	return w.out.String()
}
