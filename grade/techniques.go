package grade

import "math/bits"

// board holds the fixed tables of a grid shape: its units and peers.
type board struct {
	n      int
	full   uint64   // every digit's bit
	units  [][]int  // rows 0..n-1, columns n..2n-1, boxes 2n..3n-1
	unitOf [][3]int // a cell's row, column and box units
	peers  [][]int  // the other cells of a cell's three units
}

func newBoard(br, bc int) *board {
	n := br * bc
	b := &board{n: n, units: make([][]int, 3*n), unitOf: make([][3]int, n*n), peers: make([][]int, n*n)}
	if n == 64 {
		b.full = ^uint64(0)
	} else {
		b.full = 1<<n - 1
	}
	for r := range n {
		for c := range n {
			i := r*n + c
			box := (r/br)*br + c/bc
			b.unitOf[i] = [3]int{r, n + c, 2*n + box}
			b.units[r] = append(b.units[r], i)
			b.units[n+c] = append(b.units[n+c], i)
			b.units[2*n+box] = append(b.units[2*n+box], i)
		}
	}
	for i := range n * n {
		for j := range n * n {
			if j != i && b.isPeer(i, j) {
				b.peers[i] = append(b.peers[i], j)
			}
		}
	}
	return b
}

func (b *board) isPeer(i, j int) bool {
	u, v := b.unitOf[i], b.unitOf[j]
	return u[0] == v[0] || u[1] == v[1] || u[2] == v[2]
}

// state is a grid being solved: placed digits and the candidates of the
// open cells.
type state struct {
	b    *board
	cand []uint64 // candidates of each open cell; 0 once placed
	val  []uint8  // placed digit, 0 while open
	left int      // open cells
}

func (b *board) newState() *state {
	s := &state{b: b, cand: make([]uint64, b.n*b.n), val: make([]uint8, b.n*b.n), left: b.n * b.n}
	for i := range s.cand {
		s.cand[i] = b.full
	}
	return s
}

func (s *state) clone() *state {
	t := *s
	t.cand = append([]uint64(nil), s.cand...)
	t.val = append([]uint8(nil), s.val...)
	return &t
}

// place puts d in cell i and removes it from the peers. It returns false
// on a contradiction: d is not a candidate there, or a peer is left with
// none.
func (s *state) place(i, d int) bool {
	if s.val[i] != 0 {
		return int(s.val[i]) == d
	}
	bit := uint64(1) << (d - 1)
	if s.cand[i]&bit == 0 {
		return false
	}
	s.val[i], s.cand[i] = uint8(d), 0
	s.left--
	for _, p := range s.b.peers[i] {
		if s.val[p] == 0 {
			s.cand[p] &^= bit
			if s.cand[p] == 0 {
				return false
			}
		} else if int(s.val[p]) == d {
			return false
		}
	}
	return true
}

// eliminate removes the digits of mask from open cell i. It reports
// whether anything went and whether candidates are left.
func (s *state) eliminate(i int, mask uint64) (removed, ok bool) {
	if s.val[i] != 0 || s.cand[i]&mask == 0 {
		return false, true
	}
	s.cand[i] &^= mask
	return true, s.cand[i] != 0
}

// apply tries technique t once. It reports whether it made progress and
// false for ok on a contradiction.
func (s *state) apply(t Technique) (progress, ok bool) {
	switch t {
	case HiddenSingle:
		return s.hiddenSingle()
	case NakedSingle:
		return s.nakedSingle()
	case LockedCandidates:
		return s.locked()
	case NakedPair:
		return s.nakedSubset(2)
	case NakedTriple:
		return s.nakedSubset(3)
	case NakedQuad:
		return s.nakedSubset(4)
	case HiddenPair:
		return s.hiddenSubset(2)
	case HiddenTriple:
		return s.hiddenSubset(3)
	case HiddenQuad:
		return s.hiddenSubset(4)
	case XWing:
		return s.fish(2)
	case Swordfish:
		return s.fish(3)
	case XYWing:
		return s.xyWing()
	}
	return false, true
}

func (s *state) hiddenSingle() (bool, bool) {
	for _, unit := range s.b.units {
		var placed, once, twice uint64
		for _, i := range unit {
			if v := s.val[i]; v != 0 {
				placed |= 1 << (v - 1)
			} else {
				twice |= once & s.cand[i]
				once |= s.cand[i]
			}
		}
		if s.b.full&^placed&^once != 0 {
			return false, false // a digit with no place left in this unit
		}
		hs := once &^ twice
		if hs == 0 {
			continue
		}
		d := bits.TrailingZeros64(hs)
		for _, i := range unit {
			if s.cand[i]&(1<<d) != 0 {
				return true, s.place(i, d+1)
			}
		}
	}
	return false, true
}

func (s *state) nakedSingle() (bool, bool) {
	for i, c := range s.cand {
		if s.val[i] == 0 && bits.OnesCount64(c) == 1 {
			return true, s.place(i, bits.TrailingZeros64(c)+1)
		}
	}
	return false, true
}

// locked finds a digit whose candidates in a box lie on one line
// (pointing), or whose candidates on a line lie in one box (claiming), and
// removes it from the rest of that line or box.
func (s *state) locked() (bool, bool) {
	n := s.b.n
	for u, unit := range s.b.units {
		var union uint64
		for _, i := range unit {
			union |= s.cand[i]
		}
		for m := union; m != 0; m &= m - 1 {
			bit := m & -m
			// The units shared by every cell of unit holding the digit.
			common := [3]int{-1, -1, -1}
			first := true
			for _, i := range unit {
				if s.cand[i]&bit == 0 {
					continue
				}
				uo := s.b.unitOf[i]
				if first {
					common, first = uo, false
					continue
				}
				for k := range 3 {
					if common[k] != uo[k] {
						common[k] = -1
					}
				}
			}
			for k := range 3 {
				target := common[k]
				if target < 0 || target == u {
					continue
				}
				// A box's digits on one line point; a line's in one box claim.
				if (u >= 2*n) == (target >= 2*n) {
					continue
				}
				progress := false
				for _, i := range s.b.units[target] {
					if s.b.unitOf[i][0] == u || s.b.unitOf[i][1] == u || s.b.unitOf[i][2] == u {
						continue
					}
					removed, ok := s.eliminate(i, bit)
					if !ok {
						return true, false
					}
					progress = progress || removed
				}
				if progress {
					return true, true
				}
			}
		}
	}
	return false, true
}

// nakedSubset finds k open cells of a unit whose candidates are k digits
// together, and removes those digits from the unit's other cells.
func (s *state) nakedSubset(k int) (bool, bool) {
	for _, unit := range s.b.units {
		var cells []int
		open := 0
		for _, i := range unit {
			if s.val[i] != 0 {
				continue
			}
			open++
			if c := bits.OnesCount64(s.cand[i]); c >= 2 && c <= k {
				cells = append(cells, i)
			}
		}
		if len(cells) < k || open <= k {
			continue
		}
		chosen := make([]int, 0, k)
		var try func(start int, union uint64) (bool, bool)
		try = func(start int, union uint64) (bool, bool) {
			if bits.OnesCount64(union) > k {
				return false, true
			}
			if len(chosen) == k {
				progress := false
				for _, i := range unit {
					if s.val[i] != 0 || contains(chosen, i) {
						continue
					}
					removed, ok := s.eliminate(i, union)
					if !ok {
						return true, false
					}
					progress = progress || removed
				}
				return progress, true
			}
			for j := start; j < len(cells); j++ {
				chosen = append(chosen, cells[j])
				p, ok := try(j+1, union|s.cand[cells[j]])
				chosen = chosen[:len(chosen)-1]
				if p || !ok {
					return p, ok
				}
			}
			return false, true
		}
		if p, ok := try(0, 0); p || !ok {
			return p, ok
		}
	}
	return false, true
}

// hiddenSubset finds k digits of a unit whose places are k cells together,
// and removes every other digit from those cells.
func (s *state) hiddenSubset(k int) (bool, bool) {
	n := s.b.n
	pos := make([]uint64, n)
	for _, unit := range s.b.units {
		clear(pos)
		for j, i := range unit {
			for m := s.cand[i]; m != 0; m &= m - 1 {
				pos[bits.TrailingZeros64(m)] |= 1 << j
			}
		}
		var digits []int
		for d, p := range pos {
			if c := bits.OnesCount64(p); c >= 2 && c <= k {
				digits = append(digits, d)
			}
		}
		if len(digits) < k {
			continue
		}
		var try func(start, depth int, union, dmask uint64) (bool, bool)
		try = func(start, depth int, union, dmask uint64) (bool, bool) {
			if bits.OnesCount64(union) > k {
				return false, true
			}
			if depth == k {
				progress := false
				for m := union; m != 0; m &= m - 1 {
					removed, ok := s.eliminate(unit[bits.TrailingZeros64(m)], ^dmask)
					if !ok {
						return true, false
					}
					progress = progress || removed
				}
				return progress, true
			}
			for j := start; j < len(digits); j++ {
				d := digits[j]
				if p, ok := try(j+1, depth+1, union|pos[d], dmask|1<<d); p || !ok {
					return p, ok
				}
			}
			return false, true
		}
		if p, ok := try(0, 0, 0, 0); p || !ok {
			return p, ok
		}
	}
	return false, true
}

// fish finds, for one digit, k rows whose places for it lie in k columns
// together (or k columns in k rows), and removes the digit from the rest of
// those columns (rows): X-wing for k = 2, swordfish for k = 3.
func (s *state) fish(k int) (bool, bool) {
	n := s.b.n
	pos := make([]uint64, n)
	for d := range n {
		bit := uint64(1) << d
		for _, byCols := range []bool{false, true} {
			cell := func(line, x int) int {
				if byCols {
					return x*n + line
				}
				return line*n + x
			}
			var lines []int
			for l := range n {
				pos[l] = 0
				for x := range n {
					if s.cand[cell(l, x)]&bit != 0 {
						pos[l] |= 1 << x
					}
				}
				if c := bits.OnesCount64(pos[l]); c >= 2 && c <= k {
					lines = append(lines, l)
				}
			}
			if len(lines) < k {
				continue
			}
			chosen := make([]int, 0, k)
			var try func(start int, union uint64) (bool, bool)
			try = func(start int, union uint64) (bool, bool) {
				if bits.OnesCount64(union) > k {
					return false, true
				}
				if len(chosen) == k {
					progress := false
					for m := union; m != 0; m &= m - 1 {
						x := bits.TrailingZeros64(m)
						for l := range n {
							if contains(chosen, l) {
								continue
							}
							removed, ok := s.eliminate(cell(l, x), bit)
							if !ok {
								return true, false
							}
							progress = progress || removed
						}
					}
					return progress, true
				}
				for j := start; j < len(lines); j++ {
					chosen = append(chosen, lines[j])
					p, ok := try(j+1, union|pos[lines[j]])
					chosen = chosen[:len(chosen)-1]
					if p || !ok {
						return p, ok
					}
				}
				return false, true
			}
			if p, ok := try(0, 0); p || !ok {
				return p, ok
			}
		}
	}
	return false, true
}

// xyWing finds a pivot cell {x,y} that sees pincers {x,z} and {y,z}, and
// removes z from every cell that sees both pincers.
func (s *state) xyWing() (bool, bool) {
	for p, pc := range s.cand {
		if s.val[p] != 0 || bits.OnesCount64(pc) != 2 {
			continue
		}
		for _, a := range s.b.peers[p] {
			ac := s.cand[a]
			if s.val[a] != 0 || bits.OnesCount64(ac) != 2 || bits.OnesCount64(ac&pc) != 1 {
				continue
			}
			z := ac &^ pc
			want := (pc &^ ac) | z // the other pincer: {y, z}
			for _, b := range s.b.peers[p] {
				if b == a || s.val[b] != 0 || s.cand[b] != want {
					continue
				}
				progress := false
				for _, c := range s.b.peers[a] {
					if c == b || c == p || !s.b.isPeer(c, b) {
						continue
					}
					removed, ok := s.eliminate(c, z)
					if !ok {
						return true, false
					}
					progress = progress || removed
				}
				if progress {
					return true, true
				}
			}
		}
	}
	return false, true
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
