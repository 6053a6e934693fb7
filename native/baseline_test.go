package native

// The seed baselines: the two backtracking solvers the project started
// from, kept (in a test file, outside the package's API) so that benchmarks
// can show what the native solver gains. Both fill the blank cells in
// row-major order, trying digits 1 to 9, and stop at the first solution.
// Neither propagates anything.

// baselinePlain solves a 9×9 puzzle (row-major, 0 for a blank) by plain
// backtracking: each try scans the cell's row, column and box for the
// digit. It writes the first solution to solution and reports whether there
// is one; conflicting givens give false.
func baselinePlain(puzzle, solution *[81]uint8) bool {
	g := *puzzle
	for i, d := range g {
		if d == 0 {
			continue
		}
		if d > 9 {
			return false
		}
		g[i] = 0
		ok := plainFits(&g, i, d)
		g[i] = d
		if !ok {
			return false
		}
	}
	if !plainFill(&g, 0) {
		return false
	}
	*solution = g
	return true
}

// plainFits reports whether digit d may go in cell i: no equal digit in its
// row, column or box.
func plainFits(g *[81]uint8, i int, d uint8) bool {
	r, c := i/9, i%9
	for k := range 9 {
		if g[r*9+k] == d || g[k*9+c] == d {
			return false
		}
	}
	r0, c0 := r/3*3, c/3*3
	for rr := r0; rr < r0+3; rr++ {
		for cc := c0; cc < c0+3; cc++ {
			if g[rr*9+cc] == d {
				return false
			}
		}
	}
	return true
}

func plainFill(g *[81]uint8, i int) bool {
	for i < 81 && g[i] != 0 {
		i++
	}
	if i == 81 {
		return true
	}
	for d := uint8(1); d <= 9; d++ {
		if plainFits(g, i, d) {
			g[i] = d
			if plainFill(g, i+1) {
				return true
			}
		}
	}
	g[i] = 0
	return false
}

// tables are the "used" tables of baselineTables: whether row, column or
// box k already holds digit d, at [k][d].
type tables struct {
	row, col, box [9][10]bool
	g             [81]uint8
}

// baselineTables solves a 9×9 puzzle like baselinePlain, but keeps a table
// of the digits each row, column and box already holds, so each try is three
// lookups instead of three scans.
func baselineTables(puzzle, solution *[81]uint8) bool {
	var t tables
	t.g = *puzzle
	for i, d := range t.g {
		if d == 0 {
			continue
		}
		if d > 9 {
			return false
		}
		r, c := i/9, i%9
		b := r/3*3 + c/3
		if t.row[r][d] || t.col[c][d] || t.box[b][d] {
			return false
		}
		t.row[r][d], t.col[c][d], t.box[b][d] = true, true, true
	}
	if !t.fill(0) {
		return false
	}
	*solution = t.g
	return true
}

func (t *tables) fill(i int) bool {
	for i < 81 && t.g[i] != 0 {
		i++
	}
	if i == 81 {
		return true
	}
	r, c := i/9, i%9
	b := r/3*3 + c/3
	for d := uint8(1); d <= 9; d++ {
		if t.row[r][d] || t.col[c][d] || t.box[b][d] {
			continue
		}
		t.row[r][d], t.col[c][d], t.box[b][d] = true, true, true
		t.g[i] = d
		if t.fill(i + 1) {
			return true
		}
		t.row[r][d], t.col[c][d], t.box[b][d] = false, false, false
	}
	t.g[i] = 0
	return false
}
