package lzstring

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"
)

// TestReference decompresses strings compressed by the reference
// JavaScript implementation (lz-string 1.5 from npm, by
// testdata/reference.json's generator: each sample with compressToBase64
// and compressToEncodedURIComponent).
func TestReference(t *testing.T) {
	data, err := os.ReadFile("testdata/reference.json")
	if err != nil {
		t.Fatal(err)
	}
	var samples []struct{ Plain, Base64, URI string }
	if err := json.Unmarshal(data, &samples); err != nil {
		t.Fatal(err)
	}
	if len(samples) < 5 {
		t.Fatalf("%d samples", len(samples))
	}
	for i, s := range samples {
		got, err := DecompressFromBase64(s.Base64)
		if err != nil || got != s.Plain {
			t.Errorf("sample %d base64: %q, %v; want %q", i, trunc(got), err, trunc(s.Plain))
		}
		got, err = DecompressFromEncodedURIComponent(s.URI)
		if err != nil || got != s.Plain {
			t.Errorf("sample %d uri: %q, %v; want %q", i, trunc(got), err, trunc(s.Plain))
		}
	}
}

func trunc(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

func TestCorrupt(t *testing.T) {
	for _, s := range []string{"!!!", "A", "BBBB", "N4Ig", "////////"} {
		if _, err := DecompressFromBase64(s); err != nil && !errors.Is(err, ErrCorrupt) {
			t.Errorf("%q: %v, want nil or ErrCorrupt", s, err)
		}
	}
	if _, err := DecompressFromBase64("ab!c"); !errors.Is(err, ErrCorrupt) {
		t.Errorf("a character outside the alphabet: %v", err)
	}
}

// FuzzDecompress: any input decompresses or fails with ErrCorrupt (or
// ErrTooLong, past MaxOutput), never panics or runs away.
func FuzzDecompress(f *testing.F) {
	f.Add("N4IgzglgXgpiBcIDCAbAhgJ")
	f.Add("CIVwTgBAhg")
	f.Fuzz(func(t *testing.T, s string) {
		if _, err := DecompressFromBase64(s); err != nil && !errors.Is(err, ErrCorrupt) && !errors.Is(err, ErrTooLong) {
			t.Fatal(err)
		}
		if _, err := DecompressFromEncodedURIComponent(s); err != nil && !errors.Is(err, ErrCorrupt) && !errors.Is(err, ErrTooLong) {
			t.Fatal(err)
		}
	})
}

// TestCompress checks the compressor against the reference
// implementation's output, and that long repetitive text, the kind whose
// decompression is bounded, comes back whole.
func TestCompress(t *testing.T) {
	data, err := os.ReadFile("testdata/reference.json")
	if err != nil {
		t.Fatal(err)
	}
	var samples []struct{ Plain, Base64, URI string }
	if err := json.Unmarshal(data, &samples); err != nil {
		t.Fatal(err)
	}
	for i, s := range samples {
		if got := CompressToBase64(s.Plain); got != s.Base64 {
			t.Errorf("sample %d base64: %q, want %q", i, trunc(got), trunc(s.Base64))
		}
		if got := CompressToEncodedURIComponent(s.Plain); got != s.URI {
			t.Errorf("sample %d uri: %q, want %q", i, trunc(got), trunc(s.URI))
		}
	}
	long := `{"thermometer":[` + strings.Repeat(`{"lines":[["R1C1","R1C2"]]},`, 20000) + `{}]}`
	got, err := DecompressFromEncodedURIComponent(CompressToEncodedURIComponent(long))
	if err != nil || got != long {
		t.Errorf("a %d-byte text does not come back (%v)", len(long), err)
	}
}

// TestDecompressMax checks the caller's bound: a text of exactly max
// characters comes back, one more fails with ErrTooLong, in either
// alphabet, and a bound above MaxOutput is MaxOutput.
func TestDecompressMax(t *testing.T) {
	text := strings.Repeat("{\"lines\":[[\"R1C1\",\"R1C2\"]]},", 1000) // 28,000 characters
	tests := []struct {
		max  int
		uri  bool
		fail bool
	}{
		{len(text), false, false},
		{len(text), true, false},
		{len(text) - 1, false, true},
		{len(text) - 1, true, true},
		{1 << 10, false, true},
		{MaxOutput + 1, false, false},
	}
	for _, tt := range tests {
		in := CompressToBase64(text)
		if tt.uri {
			in = CompressToEncodedURIComponent(text)
		}
		got, err := DecompressMax(in, tt.uri, tt.max)
		switch {
		case tt.fail && !errors.Is(err, ErrTooLong):
			t.Errorf("max %d (uri %v): %d characters, %v; want ErrTooLong", tt.max, tt.uri, len(got), err)
		case !tt.fail && (err != nil || got != text):
			t.Errorf("max %d (uri %v): %d characters, %v; want the text", tt.max, tt.uri, len(got), err)
		}
	}
}
