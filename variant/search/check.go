package search

import (
	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// checker tests a complete filling against the puzzle's rules as written
// in package variant, reading the constraints themselves rather than the
// tables the propagation built from them: a solution is accepted only when
// every rule holds, however weak the propagation of some rule may be.
type checker struct {
	p *sudokusat.Puzzle
	n int
	// The dots of each orthogonal pair, for the negative rules.
	white, black, xv map[pairKey]bool
}

func newChecker(p *sudokusat.Puzzle) *checker {
	k := &checker{p: p, n: p.Size(), white: map[pairKey]bool{}, black: map[pairKey]bool{}, xv: map[pairKey]bool{}}
	for _, c := range p.Rules {
		if len(c.Cells) != 2 {
			continue
		}
		key := keyOf(c.Cells[0], c.Cells[1])
		switch c.Kind {
		case variant.White:
			k.white[key] = true
		case variant.Black:
			k.black[key] = true
		case variant.XV:
			k.xv[key] = true
		}
	}
	return k
}

// holds reports whether the digits v (one per cell, row-major) meet every
// rule of the puzzle.
func (k *checker) holds(v []int) bool {
	n := k.n
	rowSeen, colSeen, regSeen := make([]uint64, n), make([]uint64, n), make([]uint64, n)
	for c, d := range v {
		if d < 1 || d > n {
			return false
		}
		bit := uint64(1) << (d - 1)
		r, col, reg := c/n, c%n, k.p.Region(c)
		if rowSeen[r]&bit != 0 || colSeen[col]&bit != 0 || regSeen[reg]&bit != 0 {
			return false
		}
		rowSeen[r] |= bit
		colSeen[col] |= bit
		regSeen[reg] |= bit
		if g := k.p.Grid.Cell(c); g != 0 && g != d {
			return false
		}
	}
	for _, c := range k.p.Rules {
		if !k.rule(c, v) {
			return false
		}
	}
	return true
}

// rule reports whether one constraint holds.
func (k *checker) rule(c sudokusat.Rule, v []int) bool {
	switch c.Kind {
	case variant.Region, variant.DiagonalMain, variant.DiagonalAnti:
		return distinct(c.Cells, v)
	case variant.Killer:
		if !distinct(c.Cells, v) {
			return false
		}
		return c.Value == 0 || sumOf(c.Cells, v) == c.Value
	case variant.Thermo:
		for i := 1; i < len(c.Cells); i++ {
			if v[c.Cells[i]] <= v[c.Cells[i-1]] {
				return false
			}
		}
		return true
	case variant.Arrow:
		circle := 0
		for _, x := range c.Cells {
			circle = circle*10 + v[x]
		}
		total := 0
		for _, line := range c.Lines {
			total += sumOf(line, v)
		}
		return total == circle
	case variant.White:
		return consecutive(v[c.Cells[0]], v[c.Cells[1]])
	case variant.Black:
		return double(v[c.Cells[0]], v[c.Cells[1]])
	case variant.XV:
		return v[c.Cells[0]]+v[c.Cells[1]] == c.Value
	case variant.Even:
		return v[c.Cells[0]]%2 == 0
	case variant.Odd:
		return v[c.Cells[0]]%2 == 1
	case variant.AntiKnight:
		return k.moves(v, [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}})
	case variant.AntiKing:
		return k.moves(v, [][2]int{{0, 1}, {1, -1}, {1, 0}, {1, 1}})
	case variant.NonConsecutive:
		return k.orthogonal(v, func(a, b int, key pairKey) bool { return k.white[key] || k.black[key] || !consecutive(a, b) })
	case variant.NoBlack:
		return k.orthogonal(v, func(a, b int, key pairKey) bool { return k.white[key] || k.black[key] || !double(a, b) })
	case variant.NoXV:
		return k.orthogonal(v, func(a, b int, key pairKey) bool { return k.xv[key] || (a+b != 5 && a+b != 10) })
	}
	return false // compile refuses unknown kinds; a rule not understood never holds
}

// moves reports whether no two cells one of the moves apart hold the same
// digit; each move is listed in one direction only, as the other is the
// same pair seen from its far end.
func (k *checker) moves(v []int, moves [][2]int) bool {
	n := k.n
	for c := range v {
		for _, m := range moves {
			r, col := c/n+m[0], c%n+m[1]
			if r < n && col >= 0 && col < n && v[r*n+col] == v[c] {
				return false
			}
		}
	}
	return true
}

// orthogonal reports whether ok holds for every pair of orthogonally
// adjacent cells.
func (k *checker) orthogonal(v []int, ok func(a, b int, key pairKey) bool) bool {
	n := k.n
	for c := range v {
		if c%n < n-1 && !ok(v[c], v[c+1], keyOf(c, c+1)) {
			return false
		}
		if c+n < len(v) && !ok(v[c], v[c+n], keyOf(c, c+n)) {
			return false
		}
	}
	return true
}

func distinct(cells []int, v []int) bool {
	var seen uint64
	for _, c := range cells {
		bit := uint64(1) << (v[c] - 1)
		if seen&bit != 0 {
			return false
		}
		seen |= bit
	}
	return true
}

func sumOf(cells []int, v []int) int {
	s := 0
	for _, c := range cells {
		s += v[c]
	}
	return s
}
