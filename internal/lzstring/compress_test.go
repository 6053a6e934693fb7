package lzstring

import (
	"bufio"
	"encoding/json"
	"os"
	"testing"
)

// TestCompressReference compresses what the reference JavaScript
// implementation compressed (lz-string 1.5 from npm: testdata/reference.json,
// and testdata/compress.jsonl, one [plain, compressToBase64(plain)] pair a
// line, from random and repetitive text, the empty string and text beyond
// the 16-bit plane) and wants its text exactly: a link f-puzzles makes and
// one sudokusat makes are the same link.
func TestCompressReference(t *testing.T) {
	type pair struct{ plain, base64 string }
	var pairs []pair
	data, err := os.ReadFile("testdata/reference.json")
	if err != nil {
		t.Fatal(err)
	}
	var samples []struct{ Plain, Base64 string }
	if err := json.Unmarshal(data, &samples); err != nil {
		t.Fatal(err)
	}
	for _, s := range samples {
		pairs = append(pairs, pair{s.Plain, s.Base64})
	}
	f, err := os.Open("testdata/compress.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var p [2]string
		if err := json.Unmarshal(sc.Bytes(), &p); err != nil {
			t.Fatal(err)
		}
		pairs = append(pairs, pair{p[0], p[1]})
	}
	if len(pairs) < 50 {
		t.Fatalf("%d pairs", len(pairs))
	}
	for i, p := range pairs {
		if got := CompressToBase64(p.plain); got != p.base64 {
			t.Errorf("pair %d (%q): %q, want %q", i, trunc(p.plain), trunc(got), trunc(p.base64))
		}
	}
}

// FuzzCompress: whatever is compressed decompresses to itself.
func FuzzCompress(f *testing.F) {
	f.Add("")
	f.Add(`{"size":9,"grid":[[{}]]}`)
	f.Add("ababababab Ω 𝄞")
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 1<<16 {
			return
		}
		z := CompressToBase64(s)
		got, err := DecompressFromBase64(z)
		want := string([]rune(s)) // invalid UTF-8 reads as U+FFFD
		if err != nil || got != want {
			t.Fatalf("%q → %q → %q, %v", s, z, got, err)
		}
	})
}
