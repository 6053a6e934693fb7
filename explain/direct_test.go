package explain

import "testing"

// TestDirectHints: the direct hints place the digit their removals leave
// alone, as Sudoku Explainer's do on these dev puzzles (SE: direct
// pointing r8c4,r8c6 on 1; direct hidden pair r8c1,r9c1 on 1,7 in
// column 1; direct hidden triple r1c4,r2c4,r2c6 on 2,5,7 in box 2).
func TestDirectHints(t *testing.T) {
	testPatterns(t, []patternCase{
		{"800472600000060010007805000400000100970000056002000009000507800020090000005384002", []string{DirectPointing}, 1.7, "r7c9=1"},
		{"800472600000060010007805000400000100970000056002000009000507800020090000005384002", []string{DirectHiddenPair}, 2.0, "r7c1=3"},
		{"200004006006080030070060025030640000001000500000059060320090040060070200500800007", []string{DirectHiddenTriple}, 2.5, "r3c4=9"},
		{"200004006006080030070060025030640000001000500000059060320090040060070200500800007", []string{FullHouse}, 1.0, "r6c4=1"},
	})
}
