package compress

import (
	"bytes"
	"io"
	"testing"
)

// FuzzNewReader: any input reads without a panic; one that is not an
// archive reads as it is, and an archive's text reads back whole.
func FuzzNewReader(f *testing.F) {
	for _, s := range []string{"", "..3.2.6..\n", "\x1f\x8b", "\xfd7zXZ\x00", "BZh91AY&SY", "BZh", "{\"size\":9}"} {
		f.Add([]byte(s))
	}
	f.Add(compressed(f, Gzip, []byte("1.2.3\n")))
	f.Add(compressed(f, Xz, []byte("1.2.3\n")))
	f.Fuzz(func(t *testing.T, in []byte) {
		d, format, err := NewReader(bytes.NewReader(in))
		if err != nil {
			t.Fatalf("NewReader of bytes: %v", err)
		}
		// A bomb is read no further than a bound.
		got, err := io.ReadAll(io.LimitReader(d, 1<<20))
		if format == None && (err != nil || !bytes.Equal(got, in)) {
			t.Fatalf("text read as %q, %v", got, err)
		}
		if f, complete := Detect(in); complete && f != format {
			t.Fatalf("Detect says %v, NewReader %v", f, format)
		}
		// What NewWriter writes of the input reads back as it.
		for _, cf := range []Format{Gzip, Xz} {
			z := compressed(t, cf, in)
			d, rf, err := NewReader(bytes.NewReader(z))
			if err != nil || rf != cf {
				t.Fatalf("%v archive read as %v, %v", cf, rf, err)
			}
			back, err := io.ReadAll(d)
			if err != nil || !bytes.Equal(back, in) {
				t.Fatalf("%v round trip: %v", cf, err)
			}
		}
	})
}
