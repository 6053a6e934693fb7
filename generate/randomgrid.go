package generate

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/sudokusat/sudokusat"
)

// RandomGridOptions says how RandomGrid draws a full grid.
type RandomGridOptions struct {
	// Size is the grid side N (boxes as sudokusat.BoxShape gives them).
	Size int
	// Seed and Stream seed the random generator: the same pair gives the
	// same grid.
	Seed, Stream uint64
}

// kempeSweeps is how many Kempe-chain swaps per cell RandomGrid makes.
// A swap costs O(N); on a 64×64 pattern grid about a third of them move a
// proper part of the grid (the rest relabel two digits everywhere), and 16
// sweeps take milliseconds.
const kempeSweeps = 16

// RandomGrid returns a solved grid drawn at random, for every size, in two
// steps:
//
//  1. a start: up to 30×30 the randomised backtracking fill of Generate
//     (fewest candidates first, digits in random order); above, where that
//     search wanders, the pattern grid (bc·(r mod br) + ⌊r/br⌋ + c) mod N
//     under a random symmetry;
//  2. kempeSweeps·N² Kempe-chain swaps: two digits a and b, and a cell
//     holding one of them, drawn uniformly; the cells holding a or b that
//     are linked to it through shared rows, columns and boxes swap a and b.
//     Every unit holds one a and one b, linked to each other, so the grid
//     stays solved; the move is its own inverse and as likely both ways, so
//     this Markov chain's stationary distribution is uniform over the grids
//     it can reach from the start.
//
// The distribution is not claimed uniform over all solved grids: the
// chain's mixing time is not known, nor whether every grid is reachable.
// What the grid is not is a pattern grid under a symmetry (how Generate's
// fallback and the large grids of the data sets are made): such a grid is a
// group table, and the native solver and grouptable.Guess take a hint from
// that structure, which the swaps destroy (the tests check that Guess no
// longer finds it).
//
// Completing a random partial grid with the native solver was tried first
// and dropped: on 64×64 its time is heavy-tailed (0.2 s to over 30 s for
// the same kind of draw), and a time budget would make the grid depend on
// the machine; this method depends on the seed alone. It stops with an
// error wrapping ctx.Err() when ctx ends first.
func RandomGrid(ctx context.Context, o RandomGridOptions) (*sudokusat.Grid, error) {
	br, bc, err := sudokusat.BoxShape(o.Size)
	if err != nil {
		return nil, fmt.Errorf("generate: %w", err)
	}
	rng := newRand(o.Seed, o.Stream)
	g, err := fullGrid(ctx, br, bc, rng)
	if err != nil {
		return nil, err
	}
	kempeMix(g, rng, kempeSweeps*o.Size*o.Size)
	return g, nil
}

// kempeMix makes moves Kempe-chain swaps on the solved grid g (see
// RandomGrid) and returns how many moved a proper part of the grid, not
// every cell of the two digits. It works on its own copy of the digits
// and writes them back once: a move on a 400×400 grid may visit 800
// cells, and RandomGrid makes 16·N² moves, so the loop allocates nothing
// and calls nothing per cell.
func kempeMix(g *sudokusat.Grid, rng *rand.Rand, moves int) (proper int) {
	n, br, bc := g.Size(), g.BoxRows(), g.BoxCols()
	if n < 2 {
		return 0
	}
	val := make([]int32, n*n) // digit of each cell, from 0
	// unit[3*cell+i]: the row, column and box of cell, as unit numbers.
	unit := make([]int32, 3*n*n)
	// at[u*n+d]: the cell of unit u holding digit d, kept up to date.
	at := make([]int32, 3*n*n)
	for cell := range n * n {
		r, c := cell/n, cell%n
		us := unit[3*cell : 3*cell+3]
		us[0], us[1], us[2] = int32(r), int32(n+c), int32(2*n+(r/br)*br+c/bc)
		d := int32(g.Cell(cell) - 1)
		val[cell] = d
		for _, u := range us {
			at[int(u)*n+int(d)] = int32(cell)
		}
	}
	seen := make([]bool, n*n)
	// The component, in the order found: comp[head:] is still to visit.
	comp := make([]int32, 0, 2*n)
	for range moves {
		a := rng.IntN(n)
		b := rng.IntN(n - 1)
		if b >= a {
			b++
		}
		// A cell holding a or b: the one of a random row.
		r := rng.IntN(n)
		start := at[r*n+a]
		if rng.IntN(2) == 1 {
			start = at[r*n+b]
		}
		comp = append(comp[:0], start)
		seen[start] = true
		for head := 0; head < len(comp); head++ {
			cell := comp[head]
			other := int32(b)
			if val[cell] == int32(b) {
				other = int32(a)
			}
			for _, u := range unit[3*cell : 3*cell+3] {
				if next := at[int(u)*n+int(other)]; !seen[next] {
					seen[next] = true
					comp = append(comp, next)
				}
			}
		}
		if len(comp) < 2*n {
			proper++
		}
		for _, cell := range comp {
			seen[cell] = false
			if val[cell] == int32(a) {
				val[cell] = int32(b)
			} else {
				val[cell] = int32(a)
			}
		}
		for _, cell := range comp {
			d := int(val[cell])
			for _, u := range unit[3*cell : 3*cell+3] {
				at[int(u)*n+d] = cell
			}
		}
	}
	for cell, d := range val {
		g.SetCell(cell, int(d)+1)
	}
	return proper
}
