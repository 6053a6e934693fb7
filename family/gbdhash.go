package family

import (
	"bytes"
	"crypto/md5"
	"encoding/hex"
)

// GBDHash returns the identifier the Global Benchmark Database (GBD) gives
// the DIMACS CNF cnf, its gbd_hash, so that an instance can be looked up
// there and its records joined with others' runs on the same formula: the
// MD5 sum of the clauses, normalised, as gbdc's CNF::gbdhash computes it
// (src/identify/GBDHash.h): comment and header lines ("c", "p") left out
// wherever they are, each clause written as its literals as they stand in
// the file, each followed by a space, then "0", the clauses joined by one
// space, with no newline. Whitespace and line breaks, within a clause or
// between clauses, and comments do not change it; the order of clauses and
// literals does.
func GBDHash(cnf []byte) string {
	h := md5.New()
	first := true
	clause := false // a clause under way
	for line := range bytes.Lines(cnf) {
		fields := bytes.Fields(line)
		if len(fields) == 0 {
			continue
		}
		if !clause && (fields[0][0] == 'c' || fields[0][0] == 'p') {
			continue
		}
		for _, lit := range fields {
			if !clause {
				if !first {
					h.Write([]byte{' '})
				}
				first, clause = false, true
			}
			if string(lit) == "0" {
				h.Write([]byte{'0'})
				clause = false
				continue
			}
			h.Write(lit)
			h.Write([]byte{' '})
		}
	}
	if clause {
		// A last clause without its 0, as gbdc ends it.
		h.Write([]byte{'0'})
	}
	return hex.EncodeToString(h.Sum(nil))
}
