package search

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// TestDifferenceCountNarrow holds the propagator of difference count
// lines to the rule on random candidates of lines of 2 to 10 cells on a
// 9×9 grid (so differences up to 8, and subset sums over them), the cells
// read alone (digits may repeat, as the propagator does not know the
// peers): every digit of a filling of the candidates that keeps the rule
// stays, a line with no such filling may be refused but one with some
// never is, and a line of fixed digits is refused exactly when it breaks
// the rule. Some lines must be narrowed, and some refused.
func TestDifferenceCountNarrow(t *testing.T) {
	const n = 9
	rng := rand.New(rand.NewPCG(9, 9))
	narrowed, refused := 0, 0
	for i := range 600 {
		k := 2 + i%9
		cells := make([]int32, k) // along row 1, then back along row 2
		for j := range cells {
			cells[j] = int32(j)
			if j >= n {
				cells[j] = int32(3*n - 1 - j)
			}
		}
		g, _ := sudokusat.NewGridSize(n)
		rule := sudokusat.Rule{Kind: variant.DifferenceCount}
		for _, c := range cells {
			rule.Cells = append(rule.Cells, int(c))
		}
		m, err := compile(bg, &sudokusat.Puzzle{Grid: g, Rules: []sudokusat.Rule{rule}}, maxCombos)
		if err != nil {
			t.Fatal(err)
		}
		s := newState(m, make(chan struct{}))
		fixed := i%5 == 0
		for _, c := range cells {
			s.cand[c] = 0
			for s.cand[c] == 0 {
				if fixed {
					s.cand[c] = 1 << rng.IntN(n)
				} else {
					// About half the digits, a quarter on long lines.
					s.cand[c] = rng.Uint64() & (1<<n - 1)
					if k > 6 {
						s.cand[c] &= rng.Uint64()
					}
				}
			}
		}
		before := make([]uint64, k)
		for j, c := range cells {
			before[j] = s.cand[c]
		}
		support := fillingDigits(before)
		ok := differenceCountNarrow(s, &prop{cells: cells})
		some := support[0] != 0
		switch {
		case !ok && some:
			t.Fatalf("line of %d cells, candidates %v: refused, but a filling keeps the rule (its digits %v)", k, masks(before), masks(support))
		case fixed && ok != some:
			t.Fatalf("fixed line %v: propagator says %v, the rule %v", masks(before), ok, some)
		case !ok:
			refused++
			continue
		}
		changed := false
		for j, c := range cells {
			if s.cand[c]&support[j] != support[j] {
				t.Fatalf("line of %d cells, candidates %v: cell %d keeps %v, but fillings use %v", k, masks(before), j, masks([]uint64{s.cand[c]}), masks([]uint64{support[j]}))
			}
			changed = changed || s.cand[c] != before[j]
		}
		if changed {
			narrowed++
		}
	}
	t.Logf("%d lines narrowed, %d refused", narrowed, refused)
	if narrowed == 0 || refused == 0 {
		t.Errorf("%d narrowed, %d refused: want some of each", narrowed, refused)
	}
}

// fillingDigits returns, for each cell of a line with candidates cand,
// the digits it takes in the fillings that keep the difference count
// rule, read plainly: every pair's difference appears as many times as
// it says.
func fillingDigits(cand []uint64) []uint64 {
	k := len(cand)
	out := make([]uint64, k)
	ds := make([]int, k)
	var fill func(j int)
	fill = func(j int) {
		if j == k {
			diffs := make([]int, k-1)
			for i := range diffs {
				diffs[i] = max(ds[i]-ds[i+1], ds[i+1]-ds[i])
			}
			for _, d := range diffs {
				count := 0
				for _, e := range diffs {
					if e == d {
						count++
					}
				}
				if count != d {
					return
				}
			}
			for i, d := range ds {
				out[i] |= 1 << (d - 1)
			}
			return
		}
		for f := cand[j]; f != 0; f &= f - 1 {
			ds[j] = bits.TrailingZeros64(f) + 1
			fill(j + 1)
		}
	}
	fill(0)
	return out
}

// digitMask is the candidate mask of digits ds.
func digitMask(ds ...int) uint64 {
	var m uint64
	for _, x := range ds {
		m |= 1 << (x - 1)
	}
	return m
}

// masks writes candidate masks as digit lists, for messages.
func masks(ms []uint64) [][]int {
	out := make([][]int, len(ms))
	for i, m := range ms {
		for ; m != 0; m &= m - 1 {
			out[i] = append(out[i], bits.TrailingZeros64(m)+1)
		}
	}
	return out
}

// TestSequenceNarrow holds the propagator of sequence lines to the rule
// on random candidates of lines of 3 to 9 cells on a 9×9 grid, the cells
// read alone: each cell keeps exactly the digits it takes in some
// arithmetic sequence (step 0 included) of the candidates, and a line
// with none is refused. Some lines must be narrowed, and some refused.
func TestSequenceNarrow(t *testing.T) {
	const n = 9
	rng := rand.New(rand.NewPCG(3, 7))
	narrowed, refused := 0, 0
	for i := range 600 {
		k := 3 + i%7
		g, _ := sudokusat.NewGridSize(n)
		rule := sudokusat.Rule{Kind: variant.SequenceLine}
		cells := make([]int32, k)
		for j := range cells {
			cells[j] = int32(j) // along row 1
			rule.Cells = append(rule.Cells, j)
		}
		m, err := compile(bg, &sudokusat.Puzzle{Grid: g, Rules: []sudokusat.Rule{rule}}, maxCombos)
		if err != nil {
			t.Fatal(err)
		}
		s := newState(m, make(chan struct{}))
		before := make([]uint64, k)
		for j, c := range cells {
			s.cand[c] = 0
			for s.cand[c] == 0 {
				// About half the digits, three quarters on long lines.
				s.cand[c] = rng.Uint64() & (1<<n - 1)
				if k > 4 {
					s.cand[c] |= rng.Uint64() & (1<<n - 1)
				}
			}
			before[j] = s.cand[c]
		}
		// The digits of each cell in the sequences the candidates allow.
		want := make([]uint64, k)
		for a := 1; a <= n; a++ {
			for d := -(n - 1); d <= n-1; d++ {
				fits := true
				for j := range k {
					x := a + j*d
					fits = fits && x >= 1 && x <= n && before[j]&(1<<(x-1)) != 0
				}
				for j := range k {
					if fits {
						want[j] |= 1 << (a + j*d - 1)
					}
				}
			}
		}
		ok := sequenceNarrow(s, &prop{cells: cells})
		if ok != (want[0] != 0) {
			t.Fatalf("candidates %v: propagator says %v, sequences %v", masks(before), ok, masks(want))
		}
		if !ok {
			refused++
			continue
		}
		changed := false
		for j, c := range cells {
			if s.cand[c] != want[j] {
				t.Fatalf("candidates %v: cell %d keeps %v, sequences use %v", masks(before), j, masks([]uint64{s.cand[c]}), masks([]uint64{want[j]}))
			}
			changed = changed || s.cand[c] != before[j]
		}
		if changed {
			narrowed++
		}
	}
	t.Logf("%d lines narrowed, %d refused", narrowed, refused)
	if narrowed == 0 || refused == 0 {
		t.Errorf("%d narrowed, %d refused: want some of each", narrowed, refused)
	}
}
