// Package grouptable guesses the solution of a puzzle whose givens fit a
// group table, as puzzles cut from shuffled pattern grids do: a hint for the
// first phase of a SAT search and the value order of the native solver,
// never a deduction.
package grouptable

import (
	"math/rand/v2"

	"github.com/sudokusat/sudokusat"
)

// Guess guesses the open cells of g when its filled cells fit a group
// table: a grid whose cell (r, c) is σ(α(r)·β(c)) for some group, as every
// grid made from the usual pattern (bc·(r mod br) + ⌊r/br⌋ + c) mod N by
// shuffling rows within bands, bands, columns within stacks, stacks and
// digits is (the cyclic group of order N). Large puzzles are commonly made
// that way, since random large grids are hard to generate.
//
// In such a grid, the map π_ab taking each digit of row a to the digit
// below it in row b is left multiplication by α(b)α(a)⁻¹: two row pairs
// with the same quotient have the same map, and two with different ones
// disagree on every digit. So a row's map from a reference row, known on
// the columns both fill, is completed from any other pair found to share
// it, and each row is then the reference row mapped. The guess is checked
// against every filled cell; it returns nil as soon as the filled cells
// contradict the group structure, which random grids do at once.
//
// The guess is a hint, not a deduction: it is meant as the first phase of
// a SAT search, which stays complete and whose answer is validated. Cells
// the structure does not settle (a row that shares no filled column with
// the reference row) are 0.
func Guess(g *sudokusat.Grid) *sudokusat.Grid {
	// Each round reads the maps from more filled cells: rows that shared
	// too few columns with the reference row get theirs from the guess.
	filled := g.Givens()
	for {
		guess := groupRound(g)
		if guess == nil {
			return nil
		}
		now := guess.Givens()
		if now == filled || now == guess.Len() {
			return guess
		}
		g, filled = guess, now
	}
}

// groupRound is one round of Guess.
func groupRound(g *sudokusat.Grid) *sudokusat.Grid {
	n := g.Size()
	// colOf[r*(n+1)+d] is the column of digit d in row r, or -1;
	// rowOf[c*(n+1)+d] is the row of digit d in column c, or -1.
	colOf := make([]int32, n*(n+1))
	rowOf := make([]int32, n*(n+1))
	for i := range colOf {
		colOf[i], rowOf[i] = -1, -1
	}
	r0, best := 0, -1
	for r := 0; r < n; r++ {
		filled := 0
		for c := 0; c < n; c++ {
			if d := g.Get(r, c); d != 0 {
				colOf[r*(n+1)+d] = int32(c)
				rowOf[c*(n+1)+d] = int32(r)
				filled++
			}
		}
		if filled > best {
			r0, best = r, filled
		}
	}
	if best < 2 {
		return nil
	}
	// maps[b*(n+1)+x] is π_{r0,b}(x), 0 while unknown; inv is its inverse.
	maps := make([]uint16, n*(n+1))
	inv := make([]uint16, n+1)
	for b := 0; b < n; b++ {
		m := maps[b*(n+1) : (b+1)*(n+1)]
		clear(inv)
		known := 0
		set := func(x, y int) bool {
			switch {
			case m[x] == uint16(y):
				return true
			case m[x] != 0 || inv[y] != 0:
				return false
			}
			m[x], inv[y] = uint16(y), uint16(x)
			known++
			return true
		}
		for c := 0; c < n; c++ {
			if x, y := g.Get(r0, c), g.Get(b, c); x != 0 && y != 0 && !set(x, y) {
				return nil
			}
		}
		if known == 0 {
			continue
		}
		// Any row a, with the row c holding π(x) below x's place in a, is
		// a pair with the same map: c reads the missing values.
		// Every pair is checked, even once the map is complete, so that a
		// grid that is no group table is told apart.
		for a := 0; a < n; a++ {
			if a == b {
				continue
			}
			c := -1
			for x := 1; x <= n; x++ {
				if k := colOf[a*(n+1)+x]; m[x] != 0 && k >= 0 {
					if r := rowOf[int(k)*(n+1)+int(m[x])]; r >= 0 {
						c = int(r)
						break
					}
				}
			}
			if c < 0 || c == a {
				continue
			}
			for x := 1; x <= n; x++ {
				k := colOf[a*(n+1)+x]
				if k < 0 {
					continue
				}
				if y := g.Get(c, int(k)); y != 0 && !set(x, y) {
					return nil // filled cells that no group table has
				}
			}
		}
	}
	guess := g.Clone()
	ref := make([]uint16, n) // the reference row, completed
	for k := 0; k < n; k++ {
		ref[k] = uint16(g.Get(r0, k))
		for b := 0; b < n && ref[k] == 0; b++ {
			if y := g.Get(b, k); y != 0 {
				for x := 1; x <= n; x++ {
					if maps[b*(n+1)+x] == uint16(y) {
						ref[k] = uint16(x)
						break
					}
				}
			}
		}
	}
	// A column with no filled cell and no reference value: each digit the
	// reference row lacks fits if its image in every row is free there
	// (with one such column, only one digit does).
	inRef := make([]bool, n+1)
	for _, x := range ref {
		inRef[x] = true
	}
	image := func(b, x int) int {
		if b == r0 {
			return x
		}
		return int(maps[b*(n+1)+x])
	}
	for k := 0; k < n; k++ {
		for x := 1; x <= n && ref[k] == 0; x++ {
			if inRef[x] {
				continue
			}
			fits := true
			for b := 0; b < n && fits; b++ {
				y := image(b, x)
				at := -1
				if y != 0 {
					at = int(colOf[b*(n+1)+y])
				}
				fits = y != 0 && (at < 0 || at == k)
			}
			if fits {
				ref[k], inRef[x] = uint16(x), true
			}
		}
	}
	for b := 0; b < n; b++ {
		for k := 0; k < n; k++ {
			x := ref[k]
			if x == 0 {
				continue
			}
			y := image(b, int(x))
			if y == 0 {
				continue
			}
			if d := g.Get(b, k); d != 0 && d != y {
				return nil
			}
			guess.Set(b, k, y)
		}
	}
	return guess
}

// Shuffled returns the pattern grid (bc·(r mod br) + ⌊r/br⌋ + c)
// mod N + 1 with its rows shuffled within bands, its bands, its columns
// within stacks, its stacks and its digits, as large-puzzle generators do.
// It is how the tests make large puzzles that fit a group table.
func Shuffled(br, bc int, rng *rand.Rand) (*sudokusat.Grid, error) {
	n := br * bc
	g, err := sudokusat.NewGrid(br, bc)
	if err != nil {
		return nil, err
	}
	// order returns a permutation of 0..groups·size−1 that keeps groups of
	// size together.
	order := func(groups, size int) []int {
		var out []int
		for _, grp := range rng.Perm(groups) {
			for _, i := range rng.Perm(size) {
				out = append(out, grp*size+i)
			}
		}
		return out
	}
	rows, cols, digits := order(n/br, br), order(n/bc, bc), rng.Perm(n)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			pr, pc := rows[r], cols[c]
			g.Set(r, c, digits[(bc*(pr%br)+pr/br+pc)%n]+1)
		}
	}
	return g, nil
}
