package native

import (
	"encoding/binary"
	"math/bits"
)

// state9 is the whole search state of the 9×9 solver. It is small (136
// bytes) so that a branch copies it instead of keeping an undo log.
type state9 struct {
	cand     [27]uint32 // cells where digit d may go in band b, at 3d+b
	unsolved [3]uint32  // cells not yet placed, per band
	pairs    [3]uint32  // bivalue cells, from the last naked-single pass
	dirty    uint32     // digits whose cells changed since their last update
}

// search9 carries what one search needs besides the state.
type search9 struct {
	// stack holds the state of each level of the search: a branch copies
	// its state one level down. Every level places at least one cell, so
	// 82 levels suffice. Keeping them here, not in the frames of a recursive
	// function, keeps them off the heap.
	stack   [82]state9
	limit   int
	count   int
	guesses int
	nodes   uint
	fails   uint
	budget  uint // branch points allowed, looked at with done; 0: no bound
	done    <-chan struct{}
	stopped bool // by done or the budget
	aborted bool // by the budget
	sol     *[81]uint8
	tri     [9]uint64 // the triads of the last fixpoint with them
}

// ctxCheckMask sets how often the search polls for cancellation: every
// ctxCheckMask+1 branch points, cheap against the work between them.
const ctxCheckMask = 1023

// init loads the givens; it fails on two equal digits in one unit or a
// digit over 9. Its only branches that depend on the puzzle end its three
// loops over the givens of a band: the givens are sorted into per-digit
// masks, and each digit's masks then give its candidates and, by counting,
// its conflicts. Branching on each cell instead mispredicts about once per
// given.
func (s *state9) init(p *[81]uint8) bool {
	// The givens' cells first, eight bytes at a time; then only the
	// givens are read one by one (17 to 40 of 81 cells): on the 17-clue
	// set 5 % faster, on serg 3 %.
	lo := nonzeroBytes(binary.LittleEndian.Uint64(p[0:8])) |
		nonzeroBytes(binary.LittleEndian.Uint64(p[8:16]))<<8 |
		nonzeroBytes(binary.LittleEndian.Uint64(p[16:24]))<<16 |
		nonzeroBytes(binary.LittleEndian.Uint64(p[24:32]))<<24 |
		nonzeroBytes(binary.LittleEndian.Uint64(p[32:40]))<<32 |
		nonzeroBytes(binary.LittleEndian.Uint64(p[40:48]))<<40 |
		nonzeroBytes(binary.LittleEndian.Uint64(p[48:56]))<<48 |
		nonzeroBytes(binary.LittleEndian.Uint64(p[56:64]))<<56
	hi := nonzeroBytes(binary.LittleEndian.Uint64(p[64:72])) |
		nonzeroBytes(binary.LittleEndian.Uint64(p[72:80]))<<8 |
		uint64(nonzero(uint32(p[80])))<<16
	given := [3]uint32{uint32(lo) & all27, uint32(lo>>27) & all27, uint32(lo>>54|hi<<10) & all27}
	var g [3][16]uint32 // per band, the cells of each value; [0]: blanks
	var over uint8
	for b := range g {
		gb := &g[b]
		gb[0] = all27 &^ given[b]
		for x := given[b]; x != 0; x &= x - 1 {
			pos := bits.TrailingZeros32(x)
			v := p[27*b+pos]
			over |= v
			gb[v&15] |= 1 << pos
		}
	}
	var bad uint32
	for v := 10; v < 16; v++ {
		bad |= g[0][v] | g[1][v] | g[2][v]
	}
	blank0, blank1, blank2 := g[0][0], g[1][0], g[2][0]
	s.unsolved = [3]uint32{blank0, blank1, blank2}
	s.dirty = 0x1ff
	for d := range 9 {
		x0, x1, x2 := g[0][d+1], g[1][d+1], g[2][d+1]
		// Rows, boxes and columns holding a given of d: n givens clash
		// unless they lie in n distinct rows, n boxes and n columns.
		k0, h0, u0 := givenUnits(x0)
		k1, h1, u1 := givenUnits(x1)
		k2, h2, u2 := givenUnits(x2)
		cols := h0 | h1 | h2
		n := bits.OnesCount32(x0) + bits.OnesCount32(x1) + bits.OnesCount32(x2)
		bad |= uint32(bits.OnesCount32(u0|u1<<6|u2<<12|cols<<18) ^ 3*n)
		cols *= spread
		c := s.digit(d)
		c[0] = blank0&^(k0|cols) | x0
		c[1] = blank1&^(k1|cols) | x1
		c[2] = blank2&^(k2|cols) | x2
	}
	return bad == 0 && over < 16
}

// givenUnits takes the givens x of one digit in one band and returns the
// cells of the rows and boxes they lie in, the columns they use (9 bits),
// and the rows (bits 0-2) and boxes (bits 3-5) they lie in.
func givenUnits(x uint32) (kill, cols, units uint32) {
	m := minirowsOf(x)
	return givenKill[m], (x | x>>9 | x>>18) & low9, uint32(givenUnitBits[m])
}

// nakedSingles places every cell left with one digit and records the
// bivalue cells for branching. found says whether it placed any; ok is false
// when a cell has no digit left.
func (s *state9) nakedSingles() (found, ok bool) {
	for b := 0; b < 3; b++ {
		c := (*[25]uint32)(s.cand[b : b+25])
		c1 := c[0]
		c2 := c1 & c[3]
		c1 |= c[3]
		c3 := c2 & c[6]
		c2 |= c1 & c[6]
		c1 |= c[6]
		c3 |= c2 & c[9]
		c2 |= c1 & c[9]
		c1 |= c[9]
		c3 |= c2 & c[12]
		c2 |= c1 & c[12]
		c1 |= c[12]
		c3 |= c2 & c[15]
		c2 |= c1 & c[15]
		c1 |= c[15]
		c3 |= c2 & c[18]
		c2 |= c1 & c[18]
		c1 |= c[18]
		c3 |= c2 & c[21]
		c2 |= c1 & c[21]
		c1 |= c[21]
		c3 |= c2 & c[24]
		c2 |= c1 & c[24]
		c1 |= c[24]
		if c1 != all27 {
			return false, false
		}
		s.pairs[b] = c2 &^ c3
		singles := c1 &^ c2 & s.unsolved[b]
		if singles == 0 {
			continue
		}
		found = true
		// A naked single has no other digit to take away: taking it out
		// of unsolved spares the digit updates that pass over the nine digits.
		s.unsolved[b] &^= singles
		for d := 0; d < 9; d++ {
			hits := c[3*d] & singles
			for ; hits != 0; hits &= hits - 1 {
				c[3*d] &= peerKeep[bits.TrailingZeros32(hits)&31]
				s.dirty |= 1 << d
			}
		}
	}
	return found, true
}

// solved reports whether every cell is placed.
func (s *state9) solved() bool { return s.unsolved == [3]uint32{} }

// write stores a solved state as digits. Every cell of a solved state
// lies in the mask of one digit only, so OR-ing the masks of the digits
// with bit k set gives bit k of each cell's digit; a table spreads eight
// cells' bits to eight bytes.
func (s *state9) write(out *[81]uint8) {
	for b := range 3 {
		c := (*[25]uint32)(s.cand[b : b+25])
		s0 := c[0] | c[6] | c[12] | c[18] | c[24] // 1, 3, 5, 7, 9
		s1 := c[3] | c[6] | c[15] | c[18]         // 2, 3, 6, 7
		s2 := c[9] | c[12] | c[15] | c[18]        // 4, 5, 6, 7
		s3 := c[21] | c[24]                       // 8, 9
		o := (*[27]uint8)(out[27*b : 27*b+27])
		binary.LittleEndian.PutUint64(o[0:8], byteBits[s0&255]|byteBits[s1&255]<<1|byteBits[s2&255]<<2|byteBits[s3&255]<<3)
		binary.LittleEndian.PutUint64(o[8:16], byteBits[s0>>8&255]|byteBits[s1>>8&255]<<1|byteBits[s2>>8&255]<<2|byteBits[s3>>8&255]<<3)
		binary.LittleEndian.PutUint64(o[16:24], byteBits[s0>>16&255]|byteBits[s1>>16&255]<<1|byteBits[s2>>16&255]<<2|byteBits[s3>>16&255]<<3)
		v := byteBits[s0>>24&7] | byteBits[s1>>24&7]<<1 | byteBits[s2>>24&7]<<2 | byteBits[s3>>24&7]<<3
		o[24], o[25], o[26] = uint8(v), uint8(v>>8), uint8(v>>16)
	}
}

// search branches on the propagated state at level depth of the stack.
func (sr *search9) search(depth int) {
	s := &sr.stack[depth]
	if s.solved() {
		sr.count++
		if sr.count == 1 && sr.sol != nil {
			s.write(sr.sol)
		}
		return
	}
	sr.nodes++
	if sr.nodes&ctxCheckMask == 0 && sr.poll() {
		return
	}
	if sr.fails >= cheapFails {
		if c := sr.pickConfig(); c.digit >= 0 {
			sr.guesses += 2
			child := &sr.stack[depth+1]
			*child = *s
			child.restrict(c, c.first)
			if child.fixpoint(&sr.tri) {
				sr.search(depth + 1)
			} else {
				sr.fails++
			}
			if sr.count >= sr.limit || sr.stopped {
				return
			}
			s.restrict(c, c.second)
			if s.fixpoint(&sr.tri) {
				sr.search(depth)
			} else {
				sr.fails++
			}
			return
		}
	}
	b, pos := s.pickCell()
	bit := uint32(1) << pos
	keep := peerKeep[pos&31]
	// The cell's digits, unrolled: a loop costs twice its body here.
	c := (*[25]uint32)(s.cand[b : b+25])
	ds := c[0]>>pos&1 | c[3]>>pos&1<<1 | c[6]>>pos&1<<2 | c[9]>>pos&1<<3 | c[12]>>pos&1<<4 |
		c[15]>>pos&1<<5 | c[18]>>pos&1<<6 | c[21]>>pos&1<<7 | c[24]>>pos&1<<8
	for ds != 0 {
		d := bits.TrailingZeros32(ds)
		ds &= ds - 1
		i := 3*d + b
		sr.guesses++
		if ds == 0 {
			// The last digit left needs no copy: this level is done with.
			s.cand[i] &= keep
			s.dirty |= 1 << d
			if s.fixpoint(sr.triads()) {
				sr.search(depth)
			} else {
				sr.fails++
			}
			return
		}
		child := &sr.stack[depth+1]
		*child = *s
		child.cand[i] &= keep
		child.dirty |= 1 << d
		if child.fixpoint(sr.triads()) {
			sr.search(depth + 1)
		} else {
			sr.fails++
		}
		if sr.count >= sr.limit || sr.stopped {
			return
		}
		s.cand[i] &^= bit
		s.dirty |= 1 << d
	}
}

// pickCell chooses the cell to branch on: the first bivalue cell when
// there is one (nearly always), else the unsolved cell with the fewest
// candidates. Scoring the bivalue cells by their bivalue peers, as this
// did before, made a third fewer branch points on magictour when every
// search started with these branches; since wide-open puzzles start with
// tdoku's (see wideOpen), the cells come from puzzles the first
// propagation leaves narrower: on serg, the first bivalue cell makes 4 %
// fewer guesses and 11 % fewer instructions, the scoring's loop gone, and
// on the 17-clue set 10 % more guesses for 0.8 % more instructions.
func (s *state9) pickCell() (band, pos int) {
	switch {
	case s.pairs[0] != 0:
		return 0, bits.TrailingZeros32(s.pairs[0])
	case s.pairs[1] != 0:
		return 1, bits.TrailingZeros32(s.pairs[1])
	case s.pairs[2] != 0:
		return 2, bits.TrailingZeros32(s.pairs[2])
	}
	fewest := 10
	for b := 0; b < 3; b++ {
		u := s.unsolved[b]
		for u != 0 {
			p := bits.TrailingZeros32(u)
			u &= u - 1
			n := 0
			for i := b; i < 27; i += 3 {
				n += int(s.cand[i] >> p & 1)
			}
			if n < fewest {
				fewest, band, pos = n, b, p
				if n <= 3 {
					return
				}
			}
		}
	}
	return
}

// Solver9 is the fast path for 9×9 puzzles held as [81]uint8 (row-major, 0
// for a blank, 1-9 for a given). Its zero value is ready to use. It holds
// the search's scratch space (about 11 KB), reused by every call, and the
// statistics of the last call: keep one per goroutine, as a Solver9 must
// not be used by two goroutines at once; separate ones run in parallel
// safely. Its methods allocate nothing.
type Solver9 struct {
	guesses int
	sr      search9 // kept between calls so that no call clears 11 KB
}

// Count looks for up to limit solutions of the puzzle and returns how many
// it found. When solution is not nil, the first solution found is written
// there (it is left alone when there is none). Count(p, 2, &sol) == 1 proves
// p has exactly one solution. Givens that conflict, or digits over 9, give 0.
func (sv *Solver9) Count(puzzle *[81]uint8, limit int, solution *[81]uint8) int {
	n, _ := sv.count(puzzle, limit, solution, nil)
	return n
}

// Solve writes a solution of the puzzle to solution and reports whether
// there is one.
func (sv *Solver9) Solve(puzzle, solution *[81]uint8) bool {
	return sv.Count(puzzle, 1, solution) == 1
}

// Guesses returns the number of branching decisions the last call made.
func (sv *Solver9) Guesses() int { return sv.guesses }

// poll reports whether the search must stop, for done or for the budget,
// and marks it stopped.
func (sr *search9) poll() bool {
	if sr.budget != 0 && sr.nodes >= sr.budget {
		sr.stopped, sr.aborted = true, true
		return true
	}
	if sr.done != nil {
		select {
		case <-sr.done:
			sr.stopped = true
			return true
		default:
		}
	}
	return false
}

// count is Count with cancellation: it stops soon after done closes and
// then reports stopped.
func (sv *Solver9) count(puzzle *[81]uint8, limit int, solution *[81]uint8, done <-chan struct{}) (n int, stopped bool) {
	n, stopped, _ = sv.countWithin(puzzle, limit, solution, done, 0)
	return n, stopped
}

// countWithin is count that gives up, reporting aborted, once the search
// has passed budget branch points (0: no bound; looked at every
// ctxCheckMask+1).
func (sv *Solver9) countWithin(puzzle *[81]uint8, limit int, solution *[81]uint8, done <-chan struct{}, budget uint) (n int, stopped, aborted bool) {
	sv.guesses = 0
	if limit < 1 {
		return 0, false, false
	}
	sr := &sv.sr
	sr.limit, sr.count, sr.guesses, sr.nodes, sr.fails, sr.budget = limit, 0, 0, 0, 0, budget
	sr.sol, sr.done, sr.stopped, sr.aborted = solution, done, false, false
	s := &sr.stack[0]
	if !s.init(puzzle) || !s.fixpoint(nil) {
		return 0, false, false
	}
	if s.open() >= wideOpen {
		sr.fails = cheapFails
		if !s.fixpoint(&sr.tri) {
			return 0, false, false
		}
	}
	sr.search(0)
	sv.guesses = sr.guesses
	return sr.count, sr.stopped && !sr.aborted, sr.aborted
}

// take removes the cells p0, p1, p2 of the three bands from digit e and
// reports 1 when it had any of them, else 0. A mask of at most 27 bits plus
// 2³²-1 carries into bit 32 exactly when it is not empty: no branch.
func (s *state9) take(e int, p0, p1, p2 uint32) uint32 {
	o := s.digit(e)
	lost := uint64(o[0]&p0 | o[1]&p1 | o[2]&p2)
	o[0] &^= p0
	o[1] &^= p1
	o[2] &^= p2
	return uint32((lost + 1<<32 - 1) >> 32)
}

// take1 removes the cells p from *o and reports 1 when it had any of them.
func take1(o *uint32, p uint32) uint32 {
	lost := uint64(*o & p)
	*o &^= p
	return uint32((lost + 1<<32 - 1) >> 32)
}

// nonzeroBytes gives the bytes of v that are not 0, bit i for byte i.
// Adding 0x7f to a byte's low seven bits carries into its high bit
// exactly when they are not all 0, and never further; a multiply then
// gathers the eight high bits into the top byte.
func nonzeroBytes(v uint64) uint64 {
	const low7, high = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	h := (v&low7 + low7 | v) & high
	return (h >> 7) * 0x0102040810204080 >> 56
}

// nonzero is 1 when v is not 0, else 0, without a branch: v plus 2³²-1
// carries into bit 32 exactly when v is not empty.
func nonzero(v uint32) uint32 { return uint32((uint64(v) + 1<<32 - 1) >> 32) }

// digit returns the three band masks of digit d.
func (s *state9) digit(d int) *[3]uint32 {
	return (*[3]uint32)(s.cand[3*d : 3*d+3])
}

// spread copies 9 column bits to the three rows of a band.
const spread = 1 | 1<<9 | 1<<18

// gatherRows moves bits 2, 5, 8 (row 0 of a band), 11, 14, 17 (row 1) and
// 20, 23, 26 (row 2) of a word to bits 18, 21, 24, 19, 22, 25 and 20, 23,
// 26 of its product with the word: row r, box k at bit 18+3k+r. No two
// shifted copies share a bit, so nothing carries.
const gatherRows = 1 | 1<<8 | 1<<16

// gather3 moves bits 0-2, 9-11 and 18-20 of a word to bits 12-20 of its
// product with the word (to bits 12-14, 15-17 and 18-20): no two shifted
// copies overlap, so nothing carries.
const gather3 = 1 | 1<<6 | 1<<12

// bandStep keeps the cells of band mask x (one digit) in the minirows that
// some fitting permutation uses; 0 when none fits.
func bandStep(x uint32) uint32 {
	return x & bandPerm[minirowsOf(x)]
}

// minirowsOf gives the minirows of band mask x that hold a cell: bit 3k+r
// for row r, box k. Adding 3 to each minirow's two low bits carries into
// its high bit exactly when they are not both 0 (never further), which
// leaves minirow j's occupancy at bit 3j+2; one multiply gathers the nine.
func minirowsOf(x uint32) uint32 {
	t := (x&0o333333333 + 0o333333333 | x) & 0o444444444
	return t * gatherRows >> 18 & low9
}

// fixpoint runs digit updates and naked singles to a fixpoint. It reports
// false on a contradiction.
//
// An update brings every digit whose cells changed up to date, until none
// changes. For each such digit it applies what the digit's cells imply, in
// both directions: in each band, the minirows outside every fitting
// permutation die (locked candidates along rows, and hidden singles in rows
// and boxes); in each stack of three boxes, the same holds for columns
// across bands (locked candidates along columns, hidden singles in
// columns). A row left with one cell places the digit there, and the cell
// is taken from the other digits. The digit's update and the loop over
// digits are written out here: the calls cost 3 % of the solver's
// instructions.
//
// When tri is not nil it adds the triads (see triads) at each fixpoint and
// leaves in tri the triads of the last.
func (s *state9) fixpoint(tri *[9]uint64) bool {
	for {
		for s.dirty != 0 {
			d := bits.TrailingZeros32(s.dirty)
			s.dirty &^= 1 << d
			c := s.digit(d)
			x0, x1, x2 := c[0], c[1], c[2]
			y0, y1, y2 := bandStep(x0), bandStep(x1), bandStep(x2)
			for {
				// Columns each band still uses, band b at bits 9b-9b+8;
				// then, stack by stack, the band×column occupancy goes
				// through the same permutation test. A multiply gathers a
				// stack's three 3-bit pieces into bits 12-20.
				z := (y0|y0>>9|y0>>18)&low9 | (y1<<9|y1|y1>>9)&(low9<<9) | (y2<<18|y2<<9|y2)&(low9<<18)
				k := stackKeep[0][(z&0o007007007)*gather3>>12&low9] |
					stackKeep[1][(z>>3&0o007007007)*gather3>>12&low9] |
					stackKeep[2][(z>>6&0o007007007)*gather3>>12&low9]
				// A stack where some permutation fits keeps a column of
				// every band, one the band uses: no band is left empty
				// unless none fits and all are.
				if k == 0 {
					return false
				}
				// Both steps are idempotent: when one takes nothing from what
				// the other left, neither has anything more to take. The
				// stack step takes nothing when it keeps every column used.
				if k == z {
					x0, x1, x2 = y0, y1, y2
					break
				}
				x0, x1, x2 = y0&(k&low9*spread), y1&(k>>9&low9*spread), y2&(k>>18*spread)
				b0, b1, b2 := bandPerm[minirowsOf(x0)], bandPerm[minirowsOf(x1)], bandPerm[minirowsOf(x2)]
				y0, y1, y2 = x0&b0, x1&b1, x2&b2
				if b0&b1&b2 >= keepsAll { // the band step took nothing
					break
				}
			}
			c[0], c[1], c[2] = x0, x1, x2
			p0 := (loneAt[0][x0&low9] | loneAt[1][x0>>9&low9] | loneAt[2][x0>>18&low9]) & s.unsolved[0]
			p1 := (loneAt[0][x1&low9] | loneAt[1][x1>>9&low9] | loneAt[2][x1>>18&low9]) & s.unsolved[1]
			p2 := (loneAt[0][x2&low9] | loneAt[1][x2>>9&low9] | loneAt[2][x2>>18&low9]) & s.unsolved[2]
			if p0|p1|p2 != 0 {
				s.unsolved[0] &^= p0
				s.unsolved[1] &^= p1
				s.unsolved[2] &^= p2
				// Unconditional masking with a branch-free dirty flag: which
				// digits lose a cell is unpredictable, and mispredicted branches
				// cost more than the work.
				// Unrolled: the loop's counter and reloads cost as much as its body.
				var dirty uint32
				b, p := -1, uint32(0)
				switch {
				case p1|p2 == 0:
					b, p = 0, p0
				case p0|p2 == 0:
					b, p = 1, p1
				case p0|p1 == 0:
					b, p = 2, p2
				}
				if b >= 0 {
					// Cells of one band only (most placements): that band of
					// the nine digits, written out here as a call costs more.
					o := (*[25]uint32)(s.cand[b : b+25])
					dirty = take1(&o[0], p) | take1(&o[3], p)<<1 | take1(&o[6], p)<<2 | take1(&o[9], p)<<3 |
						take1(&o[12], p)<<4 | take1(&o[15], p)<<5 | take1(&o[18], p)<<6 | take1(&o[21], p)<<7 | take1(&o[24], p)<<8
				} else {
					dirty = s.take(0, p0, p1, p2) | s.take(1, p0, p1, p2)<<1 | s.take(2, p0, p1, p2)<<2 |
						s.take(3, p0, p1, p2)<<3 | s.take(4, p0, p1, p2)<<4 | s.take(5, p0, p1, p2)<<5 |
						s.take(6, p0, p1, p2)<<6 | s.take(7, p0, p1, p2)<<7 | s.take(8, p0, p1, p2)<<8
				}
				c[0], c[1], c[2] = x0, x1, x2
				s.dirty |= dirty &^ (1 << (uint(d) & 31))
			}
		}
		if s.unsolved == [3]uint32{} {
			return true
		}
		found, ok := s.nakedSingles()
		if !ok {
			return false
		}
		if !found {
			if tri == nil {
				return true
			}
			if found, ok = s.triads(tri); !found || !ok {
				return ok
			}
		}
	}
}

// triads applies what the digits' updates cannot see, each digit alone:
// a minirow (three cells of a row in one box) and a minicolumn hold
// exactly three digits. Where only three digits can still go in one, each
// of them must: it leaves the rest of its box. Where three digits have no
// other place in their box, they fill it: every other digit leaves it.
// Fewer than three possible, or more than three with no other place, is a
// contradiction. tdoku's triads make these inferences; the digit-by-digit
// band and stack steps do not.
//
// Each digit's triads go into one word: its minirows (minirowsOf of each
// band, bit 9b+3k+r) in the low half, its minicolumns (bit 9b+3s+k: band b
// has a cell in column 3s+k) in the high half, so that in both halves
// three adjacent bits are the triads of one box. Counts across the digits
// add up bit-sliced.
func (s *state9) triads(tri *[9]uint64) (changed, ok bool) {
	var lone [9]uint64
	var ge1, ge2, ge3, ge4 uint64 // triads where at least n digits can go
	var l1, l2, l3, l4 uint64     // triads where at least n digits must go
	for d := range 9 {
		c := s.digit(d)
		x0, x1, x2 := c[0], c[1], c[2]
		h := minirowsOf(x0) | minirowsOf(x1)<<9 | minirowsOf(x2)<<18
		v := (x0|x0>>9|x0>>18)&low9 | (x1<<9|x1|x1>>9)&(low9<<9) | (x2<<18|x2<<9|x2)&(low9<<18)
		t := uint64(h) | uint64(v)<<32
		l := t &^ boxMates(t)
		tri[d], lone[d] = t, l
		ge4 |= ge3 & t
		ge3 |= ge2 & t
		ge2 |= ge1 & t
		ge1 |= t
		l4 |= l3 & l
		l3 |= l2 & l
		l2 |= l1 & l
		l1 |= l
	}
	if l4 != 0 || ^ge3&bothHalves != 0 {
		return false, false
	}
	// A triad where exactly three digits can go and three are confined
	// holds the same three and nothing else: nothing left to take. Where
	// only one of the two holds, something is.
	exact, full := ge3&^ge4, l3
	if exact == full {
		return false, true
	}
	exact, full = exact&^full, full&^exact
	var dirty uint32
	for d := range 9 {
		t := tri[d]
		f := t & exact
		out := (boxMates(f)&^f | full&^lone[d]) & t
		if out == 0 {
			continue
		}
		dirty |= 1 << d
		h, v := uint32(out), uint32(out>>32)
		c := s.digit(d)
		c[0] &^= minirowCells[h&low9] | v&low9*spread
		c[1] &^= minirowCells[h>>9&low9] | v>>9&low9*spread
		c[2] &^= minirowCells[h>>18&low9] | v>>18&low9*spread
	}
	s.dirty |= dirty
	return dirty != 0, true
}

// bothHalves selects the triads of triads' words: 27 bits in each half.
const bothHalves = all27 | all27<<32

// boxMates gives, for each bit set in t, the other two bits of its group
// of three (bits 3g, 3g+1, 3g+2): the other triads of its box.
func boxMates(t uint64) uint64 {
	const (
		g0 = 0o111111111 | 0o111111111<<32
		g1 = g0 << 1
		g2 = g0 << 2
	)
	r1 := (t&(g0|g1))<<1 | (t&g2)>>2 // each bit to the next in its group
	r2 := (t&g0)<<2 | (t&(g1|g2))>>1 // and to the one after
	return r1 | r2
}

// config is a branch on the places of one digit in one band or stack with
// two arrangements left: its minirows (first, second) in one or the other.
type config struct {
	digit, band   int  // band or stack 0-2; digit -1: none
	stack         bool // a stack of three boxes, not a band
	first, second uint32
}

// pickConfig chooses a branch as tdoku does, from the triads of the state
// just propagated (sr.tri): in the band or stack with the fewest
// arrangements left, counted over the nine digits, that is not solved,
// the first digit with exactly two. Such a branch decides where the digit
// goes in three boxes at once. digit is -1 when that band or stack has no
// such digit.
func (sr *search9) pickConfig() config {
	var n [6]int // arrangements left per band, then per stack
	for _, t := range &sr.tri {
		h, v := uint32(t), uint32(t>>32)
		n[0] += int(permCount[h&low9])
		n[1] += int(permCount[h>>9&low9])
		n[2] += int(permCount[h>>18&low9])
		n[3] += int(permCount[(v&0o007007007)*gather3>>12&low9])
		n[4] += int(permCount[(v>>3&0o007007007)*gather3>>12&low9])
		n[5] += int(permCount[(v>>6&0o007007007)*gather3>>12&low9])
	}
	best, bi := 1000, -1
	for i, k := range n {
		if k > 9 && k < best {
			best, bi = k, i
		}
	}
	if bi < 0 {
		return config{digit: -1}
	}
	for d, t := range &sr.tri {
		m := triadsOf(t, bi)
		if permCount[m] == 2 {
			pp := permPair[m]
			return config{digit: d, band: bi % 3, stack: bi >= 3, first: uint32(pp[0]), second: uint32(pp[1])}
		}
	}
	return config{digit: -1}
}

// triadsOf gives the triads of a digit's word t in band i (0-2) or stack
// i-3: minirows as minirowsOf gives them, or minicolumns at bit 3b+k for
// band b, column k of the stack.
func triadsOf(t uint64, i int) uint32 {
	if i < 3 {
		return uint32(t) >> (9 * i) & low9
	}
	return (uint32(t>>32) >> (3 * (i - 3)) & 0o007007007) * gather3 >> 12 & low9
}

// restrict keeps the digit of c to the triads tr (c.first or c.second) in
// its band or stack.
func (s *state9) restrict(c config, tr uint32) {
	s.dirty |= 1 << c.digit
	if !c.stack {
		s.cand[3*c.digit+c.band] &= minirowCells[tr]
		return
	}
	stack := uint32(0o7<<(3*c.band)) * spread
	for b := range 3 {
		s.cand[3*c.digit+b] &= ^stack | (tr>>(3*b)&7)<<(3*c.band)*spread
	}
}

// cheapFails is how many dead ends a search meets before it turns to the
// triads and tdoku's branching (see triads and pickConfig). They cost
// about 0.2 µs a branch point and save branch points where branches fail:
// on the forum's hardest lists they cut the search tree from 107 and 214
// branch points a puzzle to 70 and 121, near tdoku's 62 and 111. Most of
// serg's puzzles, with several solutions, meet none or one dead end and
// gain nothing from them; always on, they made serg 1.4–1.6× slower.
const cheapFails = 2

// wideOpen is how many cells the first propagation must leave open for a
// search to start with the triads and tdoku's branching instead of waiting
// for cheapFails dead ends (a search that starts so counts as having met
// them). Branches near the root decide the size of the tree, and the cheap
// ones taken before the second dead end cost the forum's hardest lists,
// magictour and top95 10–15 % of their branch points. Nearly all of these
// puzzles leave 50 or more cells open; serg's, with several solutions each
// and whose searches rarely fail, leave 30–49, as do the 17-clue puzzles
// not solved by propagation alone, and for them the triads cost more than
// they save.
const wideOpen = 50

// open counts the cells not yet placed.
func (s *state9) open() int {
	return bits.OnesCount32(s.unsolved[0]) + bits.OnesCount32(s.unsolved[1]) + bits.OnesCount32(s.unsolved[2])
}

// triads gives the scratch for the triads of the next fixpoint once the
// search has met cheapFails dead ends, else nil: no triads.
func (sr *search9) triads() *[9]uint64 {
	if sr.fails >= cheapFails {
		return &sr.tri
	}
	return nil
}
