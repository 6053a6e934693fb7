package native

import (
	"os"
	"strings"
	"testing"
)

// TestNogoodsKeepCounts restarts the general solver after every dead end, so
// that every run records nogoods and the later runs are steered by them, and
// compares its counts with a search without restarts or nogoods. Hard 9×9
// puzzles (the top95 sample) are taken as they are (one solution), with
// givens taken away (several) and with a given that breaks their solution
// (none). A nogood that excluded a solution not yet found would count fewer.
func TestNogoodsKeepCounts(t *testing.T) {
	data, err := os.ReadFile("../testdata/top95-sample.txt")
	if err != nil {
		t.Fatal(err)
	}
	var puzzles [][81]uint8
	for _, line := range strings.Fields(string(data)) {
		p := mustParse81(t, line)
		puzzles = append(puzzles, p)
		var sol [81]int32
		if n, _, _ := countGeneral(grid81(&p), 1, sol[:], nil); n != 1 {
			t.Fatalf("%s: no solution", line)
		}
		fewer, wrong := p, p
		taken, broken := 0, false
		for i := range p {
			if p[i] != 0 && taken < 4 {
				fewer[i] = 0
				taken++
			}
			if p[i] == 0 && !broken {
				wrong[i] = uint8(sol[i])%9 + 1
				broken = true
			}
		}
		puzzles = append(puzzles, fewer, wrong)
	}
	nogoods, taken := 0, 0
	seen := map[int]bool{}
	for i := range puzzles {
		g := grid81(&puzzles[i])
		all, _, _ := countGeneral(g, restartLimit+1, nil, nil) // no restarts
		for _, limit := range []int{1, 2, 3, 17, restartLimit} {
			s := runGeneral(g, limit, nil, nil, 1, 0)
			nogoods += len(s.nogoods)
			taken += s.ngTaken
			if want := min(all, limit); s.count != want {
				t.Fatalf("puzzle %d (%s), limit %d: %d with nogoods, want %d", i+1, g, limit, s.count, want)
			}
			seen[min(all, 3)] = true
		}
	}
	// The test means something only if it met nogoods and every kind of count.
	if nogoods == 0 || taken == 0 || !seen[0] || !seen[1] || !seen[3] {
		t.Fatalf("%d nogoods recorded, %d digits taken by watched nogoods, counts seen %v", nogoods, taken, seen)
	}
	t.Logf("%d puzzles, %d nogoods recorded, %d digits taken by watched nogoods", len(puzzles), nogoods, taken)
}
