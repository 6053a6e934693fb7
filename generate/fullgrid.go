package generate

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/transform"
)

// maxSearchSize is the largest side filled by search: beyond it the search
// wanders for seconds (36×36) to minutes (64×64) before it finds a grid.
const maxSearchSize = 30

// fullGrid returns a random solved grid with boxes of br×bc cells. Up to
// maxSearchSize digits it runs a randomised backtracking search (fewest candidates first,
// candidates in random order), restarted when it wanders; larger grids, or a
// search that keeps wandering, get a pattern solution under a random
// element of the symmetry group, which is valid for every size but covers
// fewer grids.
func fullGrid(ctx context.Context, br, bc int, rng *rand.Rand) (*sudokusat.Grid, error) {
	g, err := sudokusat.NewGrid(br, bc)
	if err != nil {
		return nil, err
	}
	n := g.Size()
	if n <= maxSearchSize {
		for range 10 {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("generate: full grid: %w", err)
			}
			if fill(g, rng, 10*n*n) {
				return g, nil
			}
		}
	}
	for r := range n {
		for c := range n {
			// Row r of band b starts one box row later than the row
			// above it, and each band shifts by one.
			g.Set(r, c, (bc*(r%br)+r/br+c)%n+1)
		}
	}
	return transform.Random(g, rng).Apply(g)
}

// fill completes the empty grid g by randomised backtracking, giving up
// after budget placements; it reports success, and leaves g empty on failure.
func fill(g *sudokusat.Grid, rng *rand.Rand, budget int) bool {
	n, br, bc := g.Size(), g.BoxRows(), g.BoxCols()
	full := uint64(1)<<n - 1
	if n == 64 {
		full = ^uint64(0)
	}
	rows, cols, boxes := make([]uint64, n), make([]uint64, n), make([]uint64, n)
	box := func(r, c int) int { return (r/br)*br + c/bc }
	for i := range g.Len() {
		g.SetCell(i, 0)
	}
	var dfs func(left int) bool
	dfs = func(left int) bool {
		if left == 0 {
			return true
		}
		if budget--; budget < 0 {
			return false
		}
		best, bestCount, bestMask := -1, n+1, uint64(0)
		for i := range n * n {
			if g.Cell(i) != 0 {
				continue
			}
			r, c := i/n, i%n
			m := full &^ (rows[r] | cols[c] | boxes[box(r, c)])
			k := bits.OnesCount64(m)
			if k < bestCount {
				best, bestCount, bestMask = i, k, m
				if k <= 1 {
					break
				}
			}
		}
		if bestCount == 0 {
			return false
		}
		digits := make([]int, 0, bestCount)
		for m := bestMask; m != 0; m &= m - 1 {
			digits = append(digits, bits.TrailingZeros64(m))
		}
		rng.Shuffle(len(digits), func(i, j int) { digits[i], digits[j] = digits[j], digits[i] })
		r, c := best/n, best%n
		b := box(r, c)
		for _, d := range digits {
			bit := uint64(1) << d
			rows[r] |= bit
			cols[c] |= bit
			boxes[b] |= bit
			g.SetCell(best, d+1)
			if dfs(left - 1) {
				return true
			}
			rows[r] &^= bit
			cols[c] &^= bit
			boxes[b] &^= bit
			g.SetCell(best, 0)
			if budget < 0 {
				return false
			}
		}
		return false
	}
	return dfs(n * n)
}
