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
	white, black, grey, xv map[pairKey]bool
	kinds                  map[variant.Kind]kindRule
}

func newChecker(p *sudokusat.Puzzle) *checker {
	k := &checker{p: p, n: p.Size(), white: map[pairKey]bool{}, black: map[pairKey]bool{}, grey: map[pairKey]bool{}, xv: map[pairKey]bool{}, kinds: kindRules()}
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
		case variant.GreyDot:
			k.grey[key] = true
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
		r, col := c/n, c%n
		if rowSeen[r]&bit != 0 || colSeen[col]&bit != 0 {
			return false
		}
		rowSeen[r] |= bit
		colSeen[col] |= bit
		if reg := k.p.Region(c); reg != sudokusat.NoRegion {
			if regSeen[reg]&bit != 0 {
				return false
			}
			regSeen[reg] |= bit
		}
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

// rule reports whether one rule holds, as its kind reads it (kindRules).
func (k *checker) rule(c sudokusat.Rule, v []int) bool {
	r, ok := k.kinds[c.Kind]
	return ok && r.holds(k, c, v) // compile refuses unknown kinds; a rule not understood never holds
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
