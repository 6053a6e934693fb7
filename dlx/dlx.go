// Package dlx solves and counts Sudoku puzzles with Knuth's Algorithm X on
// dancing links. It shares no code with the native solver or the CNF
// encodings: it is a third opinion, built on the textbook exact-cover view
// of Sudoku, that checks the others.
//
// An N×N Sudoku is an exact-cover problem. The matrix has 4N² columns,
// one for each constraint that a solution meets exactly once:
//
//   - cell (r, c) holds a digit;
//   - row r holds digit d;
//   - column c holds digit d;
//   - box b holds digit d.
//
// and N³ rows, one for each candidate "digit d in cell (r, c)", each with
// a 1 in exactly four columns: its cell, its row-digit, its column-digit and
// its box-digit constraint. A solution is a set of rows that puts exactly
// one 1 in every column.
//
// The givens are placed first, as covering their rows would: the columns
// they satisfy are left out of the column list, and so are the rows that
// clash with them (a row of another digit in a given's cell, or of a
// given's digit in its row, column or box). What remains is exactly the
// matrix that covering the givens' rows leaves, without ever building the
// rows that covering would remove at once, which on a large grid with many
// givens are most of them. Algorithm X then branches on the column with the
// fewest rows (the MRV heuristic), trying each of its rows in turn.
//
// Each 1 is a node linked to its neighbours up and down its column; a row's
// four nodes are stored side by side, so that left and right are index
// arithmetic. Every Count builds its own matrix: nothing is shared between
// calls, and any number may run at once.
package dlx

import (
	"context"
	"errors"
	"fmt"

	"github.com/sudokusat/sudokusat"
)

// MaxNodes is the largest matrix Count builds, in nodes (four per
// candidate row, plus one header per column). At about twelve bytes a node
// it bounds the matrix near 200 MB: an empty grid fits up to 160×160, and
// larger grids fit when their givens rule out enough candidates.
const MaxNodes = 1 << 24

// ErrTooLarge reports a puzzle whose matrix would exceed MaxNodes.
var ErrTooLarge = errors.New("dlx: exact-cover matrix too large")

// Result is the outcome of a count.
type Result struct {
	Count    int             // solutions found, capped at the limit given
	Solution *sudokusat.Grid // the first solution found; nil when Count == 0
	// Nodes is the number of nodes of the search tree: rows the search
	// placed, forced ones (a column with one row) included, and the givens
	// not.
	Nodes int
}

// The search looks at its context after every checkWork units of work: a
// node costs nodeWork, a column looked at by the MRV scan one. On a 9×9
// grid that is every few hundred nodes; on a 400×400 grid, whose scan
// alone may see hundreds of thousands of columns, it is still every few
// milliseconds. A look costs a few nanoseconds.
const (
	checkWork = 1 << 16
	nodeWork  = 16
)

// Count looks for up to limit solutions of g (limit ≥ 1), which it does not
// modify; Count(ctx, g, 2) proves a puzzle unique when it returns a Count of
// 1. A puzzle without a solution, clashing givens included, gives Count 0
// and no error. When ctx ends first, Count returns what it found so far and
// an error wrapping ctx.Err().
func Count(ctx context.Context, g *sudokusat.Grid, limit int) (Result, error) {
	if g == nil || g.Size() == 0 {
		return Result{}, errors.New("dlx: no grid")
	}
	if limit < 1 {
		return Result{}, fmt.Errorf("dlx: limit %d, want at least 1", limit)
	}
	if err := ctx.Err(); err != nil {
		return Result{}, fmt.Errorf("dlx: search not started: %w", err)
	}
	m, clash, err := build(ctx, g)
	if err != nil || clash {
		return Result{}, err
	}
	var r Result
	stopped := m.search(limit, ctx.Done())
	r.Count, r.Nodes = m.count, m.nodes
	if m.count > 0 {
		r.Solution = g.Clone()
		for _, cand := range m.first {
			r.Solution.SetCell(int(cand)/m.n, int(cand)%m.n+1)
		}
	}
	if stopped {
		return r, fmt.Errorf("dlx: search stopped: %w", ctx.Err())
	}
	return r, nil
}

// matrix is the exact-cover matrix of one puzzle and the state of its
// search. Nodes 0 to ncols-1 are the column headers; root, at ncols, heads
// the list of columns still to cover. Row k's four nodes are at
// base+4k .. base+4k+3.
type matrix struct {
	n     int
	ncols int32
	root  int32
	base  int32
	// up, down and col are per node; a header's col is itself.
	up, down, col []int32
	// left, right and size are per header (and root): the column list.
	left, right, size []int32
	// cand is per row: cell·N + digit-1.
	cand []int32

	count, nodes int
	first        []int32 // the first solution's candidates, givens left out
}

// build makes the matrix of g with its givens already placed. It reports
// clash when two givens share a constraint, and fails when the matrix
// would exceed MaxNodes or ctx ends.
func build(ctx context.Context, g *sudokusat.Grid) (*matrix, bool, error) {
	n := g.Size()
	nn := n * n
	for i := range nn {
		if d := g.Cell(i); d < 0 || d > n {
			return nil, false, fmt.Errorf("dlx: cell r%dc%d holds %d, outside 0..%d", i/n+1, i%n+1, d, n)
		}
	}
	// covered marks the columns the givens satisfy.
	covered := make([]bool, 4*nn)
	for i := range nn {
		d := g.Cell(i)
		if d == 0 {
			continue
		}
		lines := digitColumns(g, i)
		for _, c := range [4]int{i, lines[0] + d, lines[1] + d, lines[2] + d} {
			if covered[c] {
				return nil, true, nil
			}
			covered[c] = true
		}
	}
	// Count the rows first, to allocate the matrix once, and stop
	// counting as soon as they are too many: an empty 400×400 grid has
	// 64 million.
	ncols := 4 * nn
	maxRows := (MaxNodes - ncols - 1) / 4
	rows := 0
	err := eachOpen(ctx, g, covered, func(int, int, [3]int) bool {
		rows++
		return rows <= maxRows
	})
	if err != nil {
		return nil, false, err
	}
	if rows > maxRows {
		return nil, false, fmt.Errorf("%w: a %d×%d grid with %d givens needs more than %d nodes",
			ErrTooLarge, n, n, g.Givens(), MaxNodes)
	}
	total := ncols + 1 + 4*rows
	m := &matrix{
		n:     n,
		ncols: int32(ncols),
		root:  int32(ncols),
		base:  int32(ncols + 1),
		up:    make([]int32, total),
		down:  make([]int32, total),
		col:   make([]int32, total),
		left:  make([]int32, ncols+1),
		right: make([]int32, ncols+1),
		size:  make([]int32, ncols+1),
		cand:  make([]int32, 0, rows),
	}
	for c := range int32(ncols) {
		m.up[c], m.down[c], m.col[c] = c, c, c
	}
	// Only the open columns join the list; a covered one keeps no rows.
	prev := m.root
	for c := range int32(ncols) {
		if !covered[c] {
			m.right[prev], m.left[c] = c, prev
			prev = c
		}
	}
	m.right[prev], m.left[m.root] = m.root, prev
	node := m.base
	err = eachOpen(ctx, g, covered, func(i, d int, lines [3]int) bool {
		m.cand = append(m.cand, int32(i*n+d-1))
		for _, c := range [4]int32{int32(i), int32(lines[0] + d), int32(lines[1] + d), int32(lines[2] + d)} {
			// Append node at the bottom of column c.
			m.col[node] = c
			m.up[node], m.down[node] = m.up[c], c
			m.down[m.up[c]] = node
			m.up[c] = node
			m.size[c]++
			node++
		}
		return true
	})
	if err != nil {
		return nil, false, err
	}
	m.first = make([]int32, 0, nn-g.Givens())
	return m, false, nil
}

// eachOpen calls fn, in order, for every digit d of every empty cell i
// that clashes with no given (lines being i's digitColumns), checking ctx
// once per grid row; it stops early when fn returns false.
func eachOpen(ctx context.Context, g *sudokusat.Grid, covered []bool, fn func(i, d int, lines [3]int) bool) error {
	n := g.Size()
	for i := range n * n {
		if i%n == 0 {
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("dlx: building the matrix: %w", err)
			}
		}
		if g.Cell(i) != 0 {
			continue
		}
		lines := digitColumns(g, i)
		for d := 1; d <= n; d++ {
			if open(covered, lines, d) && !fn(i, d, lines) {
				return nil
			}
		}
	}
	return nil
}

// digitColumns returns, for cell i, the columns of its row-digit,
// column-digit and box-digit constraints for digit 0: digit d's are d
// further on. Its cell constraint's column is i itself.
func digitColumns(g *sudokusat.Grid, i int) [3]int {
	n := g.Size()
	nn := n * n
	r, c := i/n, i%n
	return [3]int{nn + r*n - 1, 2*nn + c*n - 1, 3*nn + g.Box(r, c)*n - 1}
}

// open reports whether digit d in the cell whose digitColumns are lines
// clashes with no given. The cell's own column is open: its cell is empty.
func open(covered []bool, lines [3]int, d int) bool {
	return !covered[lines[0]+d] && !covered[lines[1]+d] && !covered[lines[2]+d]
}

// rightOf and leftOf step through a row's four nodes, round the ring.
func (m *matrix) rightOf(x int32) int32 {
	k := x - m.base
	return m.base + k&^3 + (k+1)&3
}

func (m *matrix) leftOf(x int32) int32 {
	k := x - m.base
	return m.base + k&^3 + (k+3)&3
}

// cover takes column c out of the list and every row that has a 1 in it
// out of the other columns.
func (m *matrix) cover(c int32) {
	m.right[m.left[c]] = m.right[c]
	m.left[m.right[c]] = m.left[c]
	for i := m.down[c]; i != c; i = m.down[i] {
		for j := m.rightOf(i); j != i; j = m.rightOf(j) {
			m.down[m.up[j]] = m.down[j]
			m.up[m.down[j]] = m.up[j]
			m.size[m.col[j]]--
		}
	}
}

// uncover undoes cover(c), in exactly the reverse order.
func (m *matrix) uncover(c int32) {
	for i := m.up[c]; i != c; i = m.up[i] {
		for j := m.leftOf(i); j != i; j = m.leftOf(j) {
			m.size[m.col[j]]++
			m.down[m.up[j]] = j
			m.up[m.down[j]] = j
		}
	}
	m.right[m.left[c]] = c
	m.left[m.right[c]] = c
}

// pick returns the open column with the fewest rows, and how many columns
// it looked at.
func (m *matrix) pick() (best int32, scanned int) {
	fewest := int32(1 << 30)
	for c := m.right[m.root]; c != m.root; c = m.right[c] {
		scanned++
		if s := m.size[c]; s < fewest {
			best, fewest = c, s
			if s <= 1 {
				break // nothing beats a dead end or a forced row
			}
		}
	}
	return best, scanned
}

// search runs Algorithm X without recursion, stack[k] holding the row
// tried at depth k (or, once its rows are spent, its column's header). It
// stops at limit solutions or when done closes, and reports the latter.
func (m *matrix) search(limit int, done <-chan struct{}) (stopped bool) {
	stack := make([]int32, 0, len(m.cand))
	work := 0
	for {
		// Go down: every column covered is a solution, else branch.
		if m.right[m.root] == m.root {
			m.count++
			if m.count == 1 {
				for _, x := range stack {
					m.first = append(m.first, m.cand[(x-m.base)/4])
				}
			}
			if m.count >= limit {
				return false
			}
		} else {
			c, scanned := m.pick()
			work += scanned
			m.cover(c)
			stack = append(stack, c)
		}
		// Next row: the one below the top of the stack; back up while a
		// column has none left.
		for {
			if len(stack) == 0 {
				return false
			}
			k := len(stack) - 1
			x := stack[k]
			if x >= m.base { // a row tried before: take it back
				for j := m.leftOf(x); j != x; j = m.leftOf(j) {
					m.uncover(m.col[j])
				}
			}
			x = m.down[x]
			if x < m.base { // back at the header: the column is spent
				m.uncover(x)
				stack = stack[:k]
				continue
			}
			stack[k] = x
			for j := m.rightOf(x); j != x; j = m.rightOf(j) {
				m.cover(m.col[j])
			}
			m.nodes++
			if work += nodeWork; work >= checkWork {
				work = 0
				select {
				case <-done:
					return true
				default:
				}
			}
			break
		}
	}
}
