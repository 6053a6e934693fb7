package lzstring

import (
	"encoding/json"
	"errors"
	"os"
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

// FuzzDecompress: any input decompresses or fails with ErrCorrupt, never
// panics or runs away.
func FuzzDecompress(f *testing.F) {
	f.Add("N4IgzglgXgpiBcIDCAbAhgJ")
	f.Add("CIVwTgBAhg")
	f.Fuzz(func(t *testing.T, s string) {
		if _, err := DecompressFromBase64(s); err != nil && !errors.Is(err, ErrCorrupt) {
			t.Fatal(err)
		}
		if _, err := DecompressFromEncodedURIComponent(s); err != nil && !errors.Is(err, ErrCorrupt) {
			t.Fatal(err)
		}
	})
}
