package native

// Nogoods recorded from restarts (Lecoutre, Sais, Tabary and Vidal, "Recording
// and minimizing nogoods from restarts", JSAT 2007). When a run is cut short,
// its path from the root is a list of decisions: placements (cell = d) and
// removals (cell ≠ d) taken after the placement's subtree was searched through
// without a new solution. Each removal says that its placement, together with
// the placements above it on the path, leads nowhere new: a nogood. Recorded
// and propagated, these keep a later run out of the subtrees the earlier runs
// already refuted, so the restarts that cut heavy tails short no longer throw
// that work away. A solution found before the cut was counted then, and is
// remembered by its hash, so a nogood that excludes it loses nothing.
//
// A nogood {x₁=a₁, …, x_k=a_k} is the clause ¬(x₁=a₁) ∨ … ∨ ¬(x_k=a_k),
// propagated with two watched literals: a literal is false when its cell is
// placed with its digit and true when the digit has left the cell. When all
// but one are false, the last digit is removed from its cell. Backtracking
// keeps the watches valid, as in a CDCL solver, so undo leaves them alone.

// recordNogoods takes the nogoods of the path at the moment a run is cut
// short. The last decision, a placement refuted by propagation, counts as
// a removal.
func (s *general) recordNogoods() {
	var placed []int32
	for i, lit := range s.path {
		if lit >= 0 && i < len(s.path)-1 {
			placed = append(placed, lit)
			continue
		}
		if lit < 0 {
			lit = ^lit
		}
		if len(placed)+1 > maxNogood {
			return // every later nogood is longer still
		}
		ng := make([]int32, 0, len(placed)+1)
		ng = append(ng, lit)
		ng = append(ng, placed...)
		s.pending = append(s.pending, ng)
	}
}

// maxNogood bounds the literals of a recorded nogood: a long one is rarely
// all but true and costs a watch move at each placement it holds.
const maxNogood = 256

// addNogoods adds the pending nogoods at the root, which is never undone,
// and propagates. It reports false when they leave nothing to search: every
// solution not yet found is excluded.
func (s *general) addNogoods() bool {
	if len(s.pending) == 0 {
		return true
	}
	if s.watches == nil {
		s.watches = make(map[int32][]int32)
	}
	n := s.n
	s.trailing = false // what the root learns stays learned
	defer func() { s.trailing = true }()
	for _, ng := range s.pending {
		// Drop the literals the root falsifies for good; a literal it makes
		// true satisfies the nogood for good.
		k := 0
		satisfied := false
		for _, lit := range ng {
			cell, d := int(lit)/n, int(lit)%n
			if !s.has(cell, d) {
				satisfied = true
				break
			}
			if s.val[cell] != int32(d+1) {
				ng[k] = lit
				k++
			}
		}
		if satisfied {
			continue
		}
		ng = ng[:k]
		switch k {
		case 0:
			s.pending = s.pending[:0]
			return false
		case 1:
			cell, d := int(ng[0])/n, int(ng[0])%n
			if !s.remove(cell, d) {
				s.pending = s.pending[:0]
				return false
			}
		default:
			i := int32(len(s.nogoods))
			s.nogoods = append(s.nogoods, ng)
			s.watches[ng[0]] = append(s.watches[ng[0]], i)
			s.watches[ng[1]] = append(s.watches[ng[1]], i)
		}
	}
	s.pending = s.pending[:0]
	return s.propagate()
}

// watched looks at the nogoods watching lit (cell*n+d), just placed: each
// moves its watch to another literal that is not false, or else removes the
// digit of its other watch from that cell. It reports false on a
// contradiction.
func (s *general) watched(lit int32) bool {
	ws := s.watches[lit]
	if len(ws) == 0 {
		return true
	}
	n := s.n
	kept := ws[:0]
	ok := true
	for j, i := range ws {
		if !ok {
			kept = append(kept, ws[j:]...)
			break
		}
		ng := s.nogoods[i]
		if ng[0] == lit {
			ng[0], ng[1] = ng[1], ng[0]
		}
		other := ng[0]
		oc, od := int(other)/n, int(other)%n
		if !s.has(oc, od) {
			kept = append(kept, i) // satisfied: the watch may stay
			continue
		}
		moved := false
		for k := 2; k < len(ng); k++ {
			c, d := int(ng[k])/n, int(ng[k])%n
			if s.val[c] != int32(d+1) {
				ng[1], ng[k] = ng[k], ng[1]
				s.watches[ng[1]] = append(s.watches[ng[1]], i)
				moved = true
				break
			}
		}
		if moved {
			continue
		}
		kept = append(kept, i)
		s.ngTaken++
		ok = s.remove(oc, od)
	}
	s.watches[lit] = kept
	return ok
}
