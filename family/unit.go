package family

import "github.com/sudokusat/sudokusat/encode"

// UnitRefutes reports whether unit propagation alone derives the empty
// clause from f: the unit clauses set their literals, every clause left
// with one unassigned literal and no true one sets it, to a fixpoint. It
// is written apart from the encoder's own propagation (which works on the
// grid, not on clauses), with watched literals, so that it runs in time
// linear in the formula per assignment made.
func UnitRefutes(f *encode.Formula) bool {
	clauses := f.Slices()
	val := make([]int8, f.Vars+1) // 1 true, -1 false, 0 unassigned
	value := func(l int) int8 {
		if l > 0 {
			return val[l]
		}
		return -val[-l]
	}
	// watches[lit index]: the clauses watching the literal, which look for
	// another watch when it becomes false.
	idx := func(l int) int {
		if l > 0 {
			return 2 * l
		}
		return -2*l + 1
	}
	watches := make([][]int, 2*f.Vars+2)
	var queue []int
	assign := func(l int) bool {
		switch value(l) {
		case 1:
			return true
		case -1:
			return false
		}
		if l > 0 {
			val[l] = 1
		} else {
			val[-l] = -1
		}
		queue = append(queue, l)
		return true
	}
	for ci, c := range clauses {
		switch len(c) {
		case 0:
			return true
		case 1:
			if !assign(c[0]) {
				return true
			}
		default:
			watches[idx(c[0])] = append(watches[idx(c[0])], ci)
			watches[idx(c[1])] = append(watches[idx(c[1])], ci)
		}
	}
	for len(queue) > 0 {
		l := queue[0]
		queue = queue[1:]
		falseLit := -l
		ws := watches[idx(falseLit)]
		kept := ws[:0]
		conflict := false
		for wi, ci := range ws {
			if conflict {
				kept = append(kept, ws[wi:]...)
				break
			}
			c := clauses[ci]
			// Keep the false watch second.
			if c[0] == falseLit {
				c[0], c[1] = c[1], c[0]
			}
			if value(c[0]) == 1 {
				kept = append(kept, ci)
				continue
			}
			moved := false
			for k := 2; k < len(c); k++ {
				if value(c[k]) != -1 {
					c[1], c[k] = c[k], c[1]
					watches[idx(c[1])] = append(watches[idx(c[1])], ci)
					moved = true
					break
				}
			}
			if moved {
				continue
			}
			kept = append(kept, ci)
			if !assign(c[0]) {
				conflict = true
			}
		}
		watches[idx(falseLit)] = kept
		if conflict {
			return true
		}
	}
	return false
}
