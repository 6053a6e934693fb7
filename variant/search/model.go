package search

import (
	"context"
	"encoding/binary"
	"fmt"
	"math/bits"
	"slices"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// maxCombos bounds the digit sets a killer cage keeps for its combination
// propagator. Cages of a 9×9 grid have at most a dozen; a cage with more
// than this many (a large cage of a large grid) is left to the bounds on
// its sum (see cageBounds), which are weaker but cost nothing to set up.
const maxCombos = 4096

// maxTableSets bounds the digit sets of all the cages' tables together: 8
// MB of them. Puzzles come far below it (a 25×25 grid cut into 100 cages
// has at most 410,000), but a document of thousands of overlapping cages
// could ask for gigabytes, and each table costs its length at every wake;
// the cages past it get the bounds.
const maxTableSets = 1 << 20

// maxCircle is the longest arrow circle (a pill) taken: its number, read
// as decimal digits, must fit the sums' int64 arithmetic with room to
// spare.
const maxCircle = 9

// model is a puzzle compiled into the tables the propagation reads: who
// must differ from whom, which units must hold every digit, which pairs of
// cells restrict each other, and the propagators of the longer rules. It
// is read-only once built, so searches may share nothing else.
type model struct {
	n, nn int
	all   uint64   // the candidates of an open cell: bits 0..n-1, bit d-1 for digit d
	init  []uint64 // each cell's candidates before any propagation
	// peers[c] are the cells that must hold a digit other than c's:
	// same row, column, region, extra region, diagonal, cage, and the
	// chess moves of the anti-knight and anti-king rules.
	peers [][]int32
	// peerBits holds the same as a bitset over the cells, words words
	// per cell.
	peerBits []uint64
	words    int
	// units are the groups of exactly n distinct cells, which must hold
	// every digit (hidden singles); cellUnits[c] lists c's.
	units     [][]int32
	cellUnits [][]int32
	// arcs[c] are the binary relations (dots, XV, negative rules) from c
	// to another cell; tables[a.table][d-1] is the mask of the other
	// cell's digits compatible with digit d in c.
	arcs   [][]arc
	tables [][]uint64
	// props are the longer rules; cellProps[c] lists those that read c.
	props     []prop
	cellProps [][]int32
	// impossible is set when compiling already shows that no filling can
	// meet a rule: a group of more than n distinct cells, a cage sum no
	// digits reach.
	impossible bool
	// maxCombos is the most digit sets a killer cage's table may hold
	// (see addCage): maxCombos but for tests, which set 0 to reach the
	// bounds that larger cages get. setsLeft is what maxTableSets leaves
	// for the tables still to come.
	maxCombos, setsLeft int
}

// arc is one direction of a binary relation.
type arc struct{ other, table int32 }

type propKind uint8

const (
	// propThermo: cells strictly increase.
	propThermo propKind = iota
	// propLinear: Σ coefs[i]·digit(cells[i]) = target.
	propLinear
	// propCage: the cells hold one of combos, each a set of digits
	// (cells distinct, so a set of len(cells) digits).
	propCage
	// propCageBounds: the cells hold distinct digits summing to target
	// (see cageBounds), for a cage with too many digit sets to list.
	propCageBounds
	// propTable: the cells hold digits that ok accepts (see table).
	propTable
	// propFunc: fn narrows the cells as its kind of rule says.
	propFunc
)

// prop is one propagator over several cells.
type prop struct {
	kind   propKind
	cells  []int32
	coefs  []int64
	target int64
	combos []uint64
	// differ, set for the sums marked enumerate (arrows and little
	// killers) of at most 64 cells, has bit j of differ[i] set when
	// cells[j] (j < i) is a peer of cells[i]: the enumeration of the
	// sum's fillings keeps them apart. Killer cages are not enumerated:
	// their digit sets do nearly as well for far less.
	differ    []uint64
	enumerate bool
	// ok and partial are a propTable's: ok accepts or refuses a filling
	// of the cells, in their order; partial, when not nil, refuses a
	// prefix that no filling can complete.
	ok, partial func(ds []int) bool
	// fn is a propFunc's propagator: it narrows the cells (s.narrow)
	// and reports false when one is left without a candidate.
	fn func(s *state, p *prop) bool
}

// pairKey names an unordered pair of cells, smaller first.
type pairKey struct{ a, b int32 }

func keyOf(a, b int) pairKey {
	if a > b {
		a, b = b, a
	}
	return pairKey{int32(a), int32(b)}
}

// pairRel collects the dots on a pair of cells while compiling: the digit
// pairs they allow (allow[da-1] is the mask of db, a being the pair's
// smaller cell) and which kinds they are, for the negative rules.
type pairRel struct {
	allow                       []uint64
	white, black, grey, xvMarks bool
}

// compile checks p's structure and builds its model, a killer cage's
// table holding up to maxCombos digit sets. It fails on anything the
// engine cannot read: sizes, cells or digits out of range, malformed
// regions, unknown kinds, constraints with the wrong number of cells; and
// when ctx ends first, with an error wrapping ctx.Err(): a document of
// thousands of rules on a large grid takes a while to compile.
func compile(ctx context.Context, p *sudokusat.Puzzle, maxCombos int) (*model, error) {
	if p == nil || p.Grid == nil || p.Grid.Size() == 0 {
		return nil, fmt.Errorf("search: no grid")
	}
	n := p.Size()
	if n > MaxSize {
		return nil, fmt.Errorf("search: %w: side %d, it takes up to %d", ErrUnsupported, n, MaxSize)
	}
	nn := n * n
	m := &model{
		n: n, nn: nn,
		all:       uint64(1)<<n - 1, // n = 64 wraps to 0, less 1 is all ones
		init:      make([]uint64, nn),
		peers:     make([][]int32, nn),
		cellUnits: make([][]int32, nn),
		arcs:      make([][]arc, nn),
		cellProps: make([][]int32, nn),
		maxCombos: maxCombos,
		setsLeft:  maxTableSets,
	}
	for c := range m.init {
		d := p.Grid.Cell(c)
		switch {
		case d > n:
			return nil, fmt.Errorf("search: cell %s holds %d, beyond %d", cellName(c, n), d, n)
		case d > 0:
			m.init[c] = 1 << (d - 1)
		default:
			m.init[c] = m.all
		}
	}
	var groups [][]int32 // all-different groups
	for i := 0; i < n; i++ {
		row, col := make([]int32, n), make([]int32, n)
		for j := 0; j < n; j++ {
			row[j], col[j] = int32(i*n+j), int32(j*n+i)
		}
		groups = append(groups, row, col)
	}
	regions, err := regionGroups(p, n)
	if err != nil {
		return nil, err
	}
	groups = append(groups, regions...)

	b := &builder{m: m, p: p, groups: groups, dots: map[pairKey]*pairRel{}, ctx: ctx}
	kinds := kindRules()
	for i, c := range p.Rules {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("search: setting up, at constraint %d of %d: %w", i+1, len(p.Rules), err)
		}
		where := func(format string, args ...any) error {
			return fmt.Errorf("search: constraint %d (%s): %w", i+1, c.Kind, fmt.Errorf(format, args...))
		}
		// A loop's closing cell is its first again: the rule's cells
		// are the others.
		list, _ := variant.LoopCells(c)
		cells, err := cellList(list, nn)
		if err != nil {
			return nil, where("%w", err)
		}
		k, ok := kinds[c.Kind]
		if !ok {
			return nil, fmt.Errorf("search: constraint %d: unknown kind %q", i+1, c.Kind)
		}
		if err := k.compile(b, c, cells); err != nil {
			return nil, where("%w", err)
		}
	}
	groups = b.groups
	antiKnight, antiKing := b.antiKnight, b.antiKing
	m.addPairs(b.dots, b.nonConsecutive, b.noBlack, b.noXV)
	cellGroups := make([][]int32, nn)
	for i, g := range groups {
		if len(g) > n {
			m.impossible = true // n digits cannot fill more than n distinct cells
		}
		for _, c := range g {
			cellGroups[c] = append(cellGroups[c], int32(i))
		}
		if len(g) == n {
			u := int32(len(m.units))
			m.units = append(m.units, g)
			for _, c := range g {
				m.cellUnits[c] = append(m.cellUnits[c], u)
			}
		}
	}
	var moves [][2]int
	if antiKnight {
		moves = append(moves, [][2]int{{-2, -1}, {-2, 1}, {-1, -2}, {-1, 2}, {1, -2}, {1, 2}, {2, -1}, {2, 1}}...)
	}
	if antiKing {
		moves = append(moves, [][2]int{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}}...)
	}
	// The peer lists share one backing array, each cut to the most it
	// may hold, so that filling them allocates once.
	room := make([]int, nn)
	total := 0
	for c := range room {
		room[c] = len(moves)
		for _, g := range cellGroups[c] {
			room[c] += len(groups[g])
		}
		total += room[c]
	}
	buf := make([]int32, total)
	// seen[o] == c+1 marks o as already a peer of c.
	seen := make([]int32, nn)
	for c := 0; c < nn; c++ {
		if c%n == 0 {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("search: setting up the peers: %w", err)
			}
		}
		m.peers[c], buf = buf[:0:room[c]], buf[room[c]:]
		stamp := int32(c + 1)
		seen[c] = stamp
		add := func(o int32) {
			if seen[o] != stamp {
				seen[o] = stamp
				m.peers[c] = append(m.peers[c], o)
			}
		}
		for _, g := range cellGroups[c] {
			for _, o := range groups[g] {
				add(o)
			}
		}
		for _, mv := range moves {
			r, col := c/n+mv[0], c%n+mv[1]
			if r >= 0 && r < n && col >= 0 && col < n {
				add(int32(r*n + col))
			}
		}
	}
	m.words = (nn + 63) / 64
	m.peerBits = make([]uint64, nn*m.words)
	for c, ps := range m.peers {
		for _, o := range ps {
			m.peerBits[c*m.words+int(o)/64] |= 1 << (o % 64)
		}
	}
	for _, v := range m.init {
		if v == 0 {
			m.impossible = true // a given of the wrong parity
		}
	}
	for i := range m.props {
		if m.props[i].enumerate {
			m.props[i].differ = m.differ(m.props[i])
		}
	}
	return m, nil
}

// differ returns the differ table of a sum, or nil when it is too long
// to enumerate.
func (m *model) differ(p prop) []uint64 {
	if len(p.cells) > 64 {
		return nil
	}
	d := make([]uint64, len(p.cells))
	for i, c := range p.cells {
		row := m.peerBits[int(c)*m.words:]
		for j, o := range p.cells[:i] {
			if row[o/64]&(1<<(o%64)) != 0 {
				d[i] |= 1 << j
			}
		}
	}
	return d
}

// regionGroups returns the puzzle's regions as groups: the grid's boxes,
// or the jigsaw regions of p.Regions, leaving out a region no cell is in.
func regionGroups(p *sudokusat.Puzzle, n int) ([][]int32, error) {
	if p.Regions != nil && len(p.Regions) != n*n {
		return nil, fmt.Errorf("search: %d regions given for %d cells", len(p.Regions), n*n)
	}
	var groups [][]int32
	for r, cells := range p.RegionCells() {
		if len(cells) == 0 {
			continue
		}
		if len(cells) != n {
			return nil, fmt.Errorf("search: region %d has %d cells, want %d", r, len(cells), n)
		}
		g := make([]int32, n)
		for i, c := range cells {
			g[i] = int32(c)
		}
		groups = append(groups, g)
	}
	for c := range n * n {
		if r := p.Region(c); r != sudokusat.NoRegion && (r < 0 || r >= n) {
			return nil, fmt.Errorf("search: cell %s in region %d, outside 0..%d", cellName(c, n), r, n-1)
		}
	}
	return groups, nil
}

// cellList checks that the cells are on the grid and listed once each.
func cellList(cells []int, nn int) ([]int32, error) {
	out := make([]int32, len(cells))
	for i, c := range cells {
		if c < 0 || c >= nn {
			return nil, fmt.Errorf("cell %d outside the grid's %d cells", c, nn)
		}
		if slices.Contains(cells[:i], c) { // lists are short: at most N cells but for odd inputs
			return nil, fmt.Errorf("cell %d listed twice", c)
		}
		out[i] = int32(c)
	}
	return out, nil
}

// addProp adds a propagator and registers it with the cells it reads.
func (m *model) addProp(p prop) {
	k := int32(len(m.props))
	m.props = append(m.props, p)
	for _, c := range p.cells {
		m.cellProps[c] = append(m.cellProps[c], k)
	}
}

// addCage adds a killer cage's sum: the bounds on the sum always, and
// the digit sets that make it when there are at most m.maxCombos of them
// (and the tables before it left room), else the bounds that distinct
// digits put on it (propCageBounds). It reports false when ctx ended while
// it listed the sets.
func (m *model) addCage(ctx context.Context, cells []int32, sum int) bool {
	m.addLinear(cells, slices.Repeat([]int64{1}, len(cells)), int64(sum))
	if len(cells) > m.n {
		return true // already impossible as a group
	}
	combos, ok := digitCombos(ctx, m.n, len(cells), sum, min(m.maxCombos, m.setsLeft))
	switch {
	case ctx.Err() != nil:
		return false
	case ok && len(combos) == 0:
		m.impossible = true
	case ok:
		m.setsLeft -= len(combos)
		m.addProp(prop{kind: propCage, cells: cells, combos: combos, target: int64(sum)})
	default:
		m.addProp(prop{kind: propCageBounds, cells: cells, target: int64(sum)})
	}
	return true
}

// digitCombos lists the sets of k distinct digits from 1 to n that sum to
// sum, as masks, or reports false when there are more than limit of them
// or ctx ends first. Each digit is tried only where the digits after it
// can still make the rest: the sums of j distinct digits from an interval
// are every number between the j smallest and the j largest, so every
// branch taken ends in a set, and the listing costs at most k steps a set
// (it once tried every increasing run, 2^k of them for a large cage: 3.5 s
// for one cage of 28 cells on a 35×35 grid, hours for a cage per row).
func digitCombos(ctx context.Context, n, k, sum, limit int) ([]uint64, bool) {
	var out []uint64
	steps := 0
	// walk adds the sets of the digits in set and left more digits from
	// from to n, which add rest more.
	var walk func(from, left, rest int, set uint64) bool
	walk = func(from, left, rest int, set uint64) bool {
		if left == 0 {
			if rest != 0 {
				return true // no cells and a sum: no set
			}
			if len(out) == limit {
				return false
			}
			out = append(out, set)
			return true
		}
		if steps++; steps%4096 == 0 && ctx.Err() != nil {
			return false
		}
		// d, then left−1 digits above it: at least left·d + (left−1)·left/2
		// and at most d plus the left−1 largest, n down to n−left+2.
		lo := max(from, rest-(left-1)*n+(left-1)*(left-2)/2)
		hi := min(n-left+1, (rest-left*(left-1)/2)/left) // rounded up only below 1
		for d := lo; d <= hi; d++ {
			if !walk(d+1, left-1, rest-d, set|1<<(d-1)) {
				return false
			}
		}
		return true
	}
	if k > n || !walk(1, k, sum, 0) {
		return nil, false
	}
	return out, true
}

// addArrow adds one line of an arrow as the linear rule Σ line digits −
// circle = 0, the circle's cells weighing 10^k by their place in its
// number.
func (m *model) addArrow(circle []int32, line []int) error {
	if len(circle) == 0 {
		return fmt.Errorf("no circle")
	}
	if len(circle) > maxCircle {
		return fmt.Errorf("%w: a circle of %d cells, the engine takes up to %d", ErrUnsupported, len(circle), maxCircle)
	}
	if len(circle) > 1 && m.n > 9 {
		// A pill's cells are read as decimal digits, which digits above
		// 9 are not: rather than guess a reading, refuse.
		return fmt.Errorf("%w: an arrow pill on a grid with digits above 9", ErrUnsupported)
	}
	cells, err := cellList(line, m.nn)
	if err != nil {
		return err
	}
	coefs := make([]int64, len(cells))
	for i := range coefs {
		coefs[i] = 1
	}
	w := int64(1)
	for i := len(circle) - 1; i >= 0; i-- {
		cells = append(cells, circle[i])
		coefs = append(coefs, -w)
		w *= 10
	}
	if k := m.addLinear(cells, coefs, 0); k >= 0 {
		m.props[k].enumerate = true
	}
	return nil
}

// addLinear adds Σ coefs[i]·digit(cells[i]) = target, merging a cell
// listed more than once into one term. It returns the propagator's index,
// or -1 when no cell is left (the rule then holds or is impossible).
func (m *model) addLinear(cells []int32, coefs []int64, target int64) int {
	var pc []int32
	var pk []int64
	for i, c := range cells {
		if j := slices.Index(pc, c); j >= 0 {
			pk[j] += coefs[i]
			continue
		}
		pc, pk = append(pc, c), append(pk, coefs[i])
	}
	var keepC []int32
	var keepK []int64
	for i := range pc {
		if pk[i] != 0 {
			keepC, keepK = append(keepC, pc[i]), append(keepK, pk[i])
		}
	}
	if len(keepC) == 0 {
		if target != 0 {
			m.impossible = true
		}
		return -1
	}
	m.addProp(prop{kind: propLinear, cells: keepC, coefs: keepK, target: target})
	return len(m.props) - 1
}

// addPairs turns the dots and the negative rules into arcs, two for each
// pair of cells they restrict, one each way: first the orthogonal pairs in
// cell order, then the dots on other pairs in theirs, so that the search
// is the same on every run.
func (m *model) addPairs(dots map[pairKey]*pairRel, nonConsecutive, noBlack bool, noXV []int) {
	var negs [3][]uint64
	if nonConsecutive {
		negs[0] = m.table(func(da, db int) bool { return !consecutive(da, db) })
	}
	if noBlack {
		negs[1] = m.table(func(da, db int) bool { return !double(da, db) })
	}
	if noXV != nil {
		negs[2] = m.table(func(da, db int) bool { return !forbidsXV(noXV, da+db) })
	}
	ids := map[string]int32{} // tables by content: most pairs share a few
	emit := func(k pairKey, allow []uint64) {
		if allow == nil {
			return
		}
		fwd, back := m.intern(ids, allow), m.intern(ids, transpose(allow))
		m.arcs[k.a] = append(m.arcs[k.a], arc{other: k.b, table: fwd})
		m.arcs[k.b] = append(m.arcs[k.b], arc{other: k.a, table: back})
	}
	n := m.n
	for c := 0; c < m.nn; c++ {
		for _, o := range [2]int{1, n} { // right and below
			if (o == 1 && c%n == n-1) || c+o >= m.nn {
				continue
			}
			k := keyOf(c, c+o)
			var allow []uint64
			r := dots[k]
			if r != nil {
				allow = r.allow
				delete(dots, k)
			} else {
				r = &pairRel{}
			}
			// A Kropki dot of any colour exempts its pair from both
			// Kropki negatives (variant.NonConsecutive).
			dot := r.white || r.black || r.grey
			for i, marked := range [3]bool{dot, dot, r.xvMarks} {
				if negs[i] != nil && !marked {
					allow = and(allow, negs[i])
				}
			}
			emit(k, allow)
		}
	}
	rest := make([]pairKey, 0, len(dots))
	for k := range dots {
		rest = append(rest, k)
	}
	slices.SortFunc(rest, func(x, y pairKey) int {
		if x.a != y.a {
			return int(x.a - y.a)
		}
		return int(x.b - y.b)
	})
	for _, k := range rest {
		emit(k, dots[k].allow)
	}
}

// table returns the relation ok as a table: t[da-1] is the mask of the
// digits db with ok(da, db).
func (m *model) table(ok func(da, db int) bool) []uint64 {
	t := make([]uint64, m.n)
	for da := 1; da <= m.n; da++ {
		for db := 1; db <= m.n; db++ {
			if ok(da, db) {
				t[da-1] |= 1 << (db - 1)
			}
		}
	}
	return t
}

// intern returns the index of table t in m.tables, adding it when no
// table with the same content is there yet.
func (m *model) intern(ids map[string]int32, t []uint64) int32 {
	key := make([]byte, 0, 8*len(t))
	for _, w := range t {
		key = binary.LittleEndian.AppendUint64(key, w)
	}
	if id, ok := ids[string(key)]; ok {
		return id
	}
	id := int32(len(m.tables))
	m.tables = append(m.tables, t)
	ids[string(key)] = id
	return id
}

// transpose returns the table of the same relation seen from the other
// cell.
func transpose(t []uint64) []uint64 {
	back := make([]uint64, len(t))
	for da, row := range t {
		for ; row != 0; row &= row - 1 {
			back[bits.TrailingZeros64(row)] |= 1 << da
		}
	}
	return back
}

// and returns the relation that both tables allow; a nil table allows
// everything.
func and(t, u []uint64) []uint64 {
	if t == nil {
		return u
	}
	out := make([]uint64, len(t))
	for i := range t {
		out[i] = t[i] & u[i]
	}
	return out
}

// cellName writes a cell as rXcY, counted from 1.
func cellName(c, n int) string { return fmt.Sprintf("r%dc%d", c/n+1, c%n+1) }
