package family

import "testing"

// TestGBDHash: the MD5 of the clauses normalised as gbdc writes them
// ("1 -2 0 2 3 0", whose sum md5sum gives), whatever the comments,
// header, whitespace and line breaks around them; another order of the
// clauses is another formula.
func TestGBDHash(t *testing.T) {
	const formula = "5c199826eee734c6484e691f3c129214" // printf '1 -2 0 2 3 0' | md5sum
	for _, tc := range []struct {
		name, cnf, want string
	}{
		{"plain", "p cnf 3 2\n1 -2 0\n2 3 0\n", formula},
		{"comments", "c made by a test\np cnf 3 2\nc a comment between clauses\n1 -2 0\n2 3 0\nc a trailing comment\n", formula},
		{"whitespace", "p  cnf 3 2\r\n  1\t-2   0 \r\n\r\n2 3 0", formula},
		{"a clause over two lines", "p cnf 3 2\n1\n-2 0 2\n3 0\n", formula},
		{"two clauses on a line", "p cnf 3 2\n1 -2 0 2 3 0\n", formula},
		{"no last 0", "p cnf 3 2\n1 -2 0\n2 3\n", formula},
		{"clauses swapped", "p cnf 3 2\n2 3 0\n1 -2 0\n", "623c3e2cd0165d5acac273f747f9d921"},
		{"the empty clause", "p cnf 0 1\n0\n", "cfcd208495d565ef66e7dff9f98764da"},
		{"no clause", "p cnf 0 0\n", "d41d8cd98f00b204e9800998ecf8427e"},
	} {
		if got := GBDHash([]byte(tc.cnf)); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, got, tc.want)
		}
	}
}
