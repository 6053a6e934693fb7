package family

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/engine"
)

// qcp fills part of an empty grid at random, a partial Latin square with
// boxes that may have no completion: the cells are visited in random
// order, each given a digit drawn from those that no filled cell of its
// row, column or box holds (a cell left with none stays open), until all
// but the open fraction are filled. The native solver answers the puzzle,
// counting to 2, within the count budget; a puzzle it does not answer in
// time is replaced by another (nil, nil).
func (m *maker) qcp(ctx context.Context, rng *rand.Rand) (*Instance, error) {
	n := m.o.Size
	g, err := sudokusat.NewGridSize(n)
	if err != nil {
		return nil, err
	}
	br, bc := g.BoxRows(), g.BoxCols()
	// used[u][d] is set when unit u (rows, then columns, then boxes)
	// holds digit d.
	used := make([][]bool, 3*n)
	for u := range used {
		used[u] = make([]bool, n+1)
	}
	units := func(cell int) [3]int {
		r, c := cell/n, cell%n
		return [3]int{r, n + c, 2*n + (r/br)*(n/bc) + c/bc}
	}
	filled := n*n - int(m.o.open(QCP)*float64(n*n)+0.5)
	cands := make([]int, 0, n)
	for _, cell := range rng.Perm(n * n) {
		if filled == 0 {
			break
		}
		us := units(cell)
		cands = cands[:0]
		for d := 1; d <= n; d++ {
			if !used[us[0]][d] && !used[us[1]][d] && !used[us[2]][d] {
				cands = append(cands, d)
			}
		}
		if len(cands) == 0 {
			continue
		}
		d := cands[rng.IntN(len(cands))]
		g.SetCell(cell, d)
		for _, u := range us {
			used[u][d] = true
		}
		filled--
	}
	p := &sudokusat.Puzzle{Grid: g}
	a := engine.Count(ctx, engine.Native(), p, 2, m.o.CountBudget)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	f, err := m.encodeGrid(QCP, g)
	if err != nil {
		return nil, err
	}
	in, raw, err := m.instance(f, g)
	if err != nil {
		return nil, err
	}
	in.raw = raw
	switch {
	case a.Status == engine.Timeout:
		return nil, nil
	case a.Status == engine.Unsolvable:
		in.Status, in.Count = UNSAT, CountNone
		in.Verified = append(in.Verified, "native: no solution")
		if n > 16 {
			// gophersat's search of a large UNSAT instance cannot be
			// stopped; the native solver's word stands alone.
			return in, nil
		}
		return in, verify(ctx, in, p, true)
	case a.Status == engine.Solved:
		in.Status, in.Count, in.Solution = SAT, CountOne, a.Solutions[0].String()
		in.Verified = append(in.Verified, "native: count 1")
		if a.Count >= 2 {
			in.Count = CountMany
			in.Verified[len(in.Verified)-1] = "native: count 2, both validated"
		}
		return in, verify(ctx, in, p, n <= 16)
	}
	return nil, fmt.Errorf("native count: %s: %w", a.Status, a.Err)
}
