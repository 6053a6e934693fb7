package native

import "testing"

// TestTriads builds states on the empty grid by taking digits out of cells
// and checks what one pass of triads infers: a minirow or minicolumn where
// only three digits can go keeps them (they leave the rest of the box),
// one to which three digits are confined in their box holds only them,
// and fewer than three possible or more than three confined is a
// contradiction. Before the triads the solver inferred none of these
// without branching.
func TestTriads(t *testing.T) {
	box0 := []int{0, 1, 2, 9, 10, 11, 18, 19, 20} // band 0 cells of box 0
	for _, tc := range []struct {
		name string
		// take: digits (0-8) taken out of cells (band 0, 0-26)
		take []struct{ digits, cells []int }
		ok   bool
		// gone: digits that must have left cells; kept: that must not
		gone, kept []struct{ digits, cells []int }
	}{{
		name: "three digits left in a minirow",
		take: []struct{ digits, cells []int }{{[]int{3, 4, 5, 6, 7, 8}, []int{0, 1, 2}}},
		ok:   true,
		gone: []struct{ digits, cells []int }{{[]int{0, 1, 2}, []int{9, 10, 11, 18, 19, 20}}},
		kept: []struct{ digits, cells []int }{{[]int{0, 1, 2}, []int{0, 1, 2, 3, 4, 5, 12, 21}}, {[]int{3, 4, 5, 6, 7, 8}, []int{9, 10, 11, 18, 19, 20}}},
	}, {
		name: "three digits confined to a minirow",
		take: []struct{ digits, cells []int }{{[]int{0, 1, 2}, []int{9, 10, 11, 18, 19, 20}}},
		ok:   true,
		gone: []struct{ digits, cells []int }{{[]int{3, 4, 5, 6, 7, 8}, []int{0, 1, 2}}},
		kept: []struct{ digits, cells []int }{{[]int{0, 1, 2}, []int{0, 1, 2}}, {[]int{3, 4, 5, 6, 7, 8}, []int{3, 4, 5, 9, 10, 11}}},
	}, {
		name: "three digits left in a minicolumn",
		take: []struct{ digits, cells []int }{{[]int{0, 1, 2, 3, 7, 8}, []int{0, 9, 18}}},
		ok:   true,
		gone: []struct{ digits, cells []int }{{[]int{4, 5, 6}, []int{1, 2, 10, 11, 19, 20}}},
		kept: []struct{ digits, cells []int }{{[]int{4, 5, 6}, []int{0, 9, 18, 3, 4}}, {[]int{0, 1, 2}, []int{1, 2, 10, 11}}},
	}, {
		name: "three digits confined to a minicolumn",
		take: []struct{ digits, cells []int }{{[]int{6, 7, 8}, []int{1, 2, 10, 11, 19, 20}}},
		ok:   true,
		gone: []struct{ digits, cells []int }{{[]int{0, 1, 2, 3, 4, 5}, []int{0, 9, 18}}},
		kept: []struct{ digits, cells []int }{{[]int{6, 7, 8}, []int{0, 9, 18}}, {[]int{0, 1, 2, 3, 4, 5}, []int{1, 2, 10}}},
	}, {
		name: "two digits left in a minirow",
		take: []struct{ digits, cells []int }{{[]int{2, 3, 4, 5, 6, 7, 8}, []int{0, 1, 2}}},
		ok:   false,
	}, {
		name: "four digits confined to a minirow",
		take: []struct{ digits, cells []int }{{[]int{0, 1, 2, 3}, []int{9, 10, 11, 18, 19, 20}}},
		ok:   false,
	}, {
		name: "nothing to infer",
		take: []struct{ digits, cells []int }{{[]int{0, 1}, box0[3:]}},
		ok:   true,
		kept: []struct{ digits, cells []int }{{[]int{2, 3, 4, 5, 6, 7, 8}, box0}, {[]int{0, 1}, []int{0, 1, 2}}},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			var empty [81]uint8
			var s state9
			if !s.init(&empty) {
				t.Fatal("the empty grid does not load")
			}
			for _, tk := range tc.take {
				for _, d := range tk.digits {
					for _, c := range tk.cells {
						s.cand[3*d] &^= 1 << c
					}
				}
			}
			s.dirty = 0
			var tri [9]uint64
			changed, ok := s.triads(&tri)
			if ok != tc.ok {
				t.Fatalf("triads ok = %v, want %v", ok, tc.ok)
			}
			if !ok {
				return
			}
			if changed != (len(tc.gone) > 0) {
				t.Errorf("triads changed = %v, want %v", changed, len(tc.gone) > 0)
			}
			for _, g := range tc.gone {
				for _, d := range g.digits {
					if s.dirty>>d&1 == 0 {
						t.Errorf("digit %d lost cells but is not marked dirty", d+1)
					}
					for _, c := range g.cells {
						if s.cand[3*d]>>c&1 != 0 {
							t.Errorf("digit %d still in band cell %d", d+1, c)
						}
					}
				}
			}
			for _, k := range tc.kept {
				for _, d := range k.digits {
					for _, c := range k.cells {
						if s.cand[3*d]>>c&1 == 0 {
							t.Errorf("digit %d taken from band cell %d", d+1, c)
						}
					}
				}
			}
		})
	}
}

// TestWideOpen: a search whose first propagation leaves wideOpen or more
// cells open starts with the triads and tdoku's branching, as a search does
// after cheapFails dead ends; one that leaves fewer starts with the cheap
// branching on bivalue cells. Each puzzle's branches are counted against
// searches driven here from the root in one way or the other; the two
// differ on these puzzles.
func TestWideOpen(t *testing.T) {
	for _, tc := range []struct {
		name, puzzle string
		wide         bool
		want         int // Count to 2
	}{
		{"magictour", "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........", true, 1},
		{"top95", "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....", true, 1},
		{"serg", "8.........95.......76.........426798...571243...893165......916....3.487....1.532", false, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := parse81(tc.puzzle)
			if err != nil {
				t.Fatal(err)
			}
			// guesses counts the branches of a search from the propagated
			// root, with the triads from the start or not.
			guesses := func(strong bool) (open, n, guesses int) {
				var sr search9
				sr.limit = 2
				s := &sr.stack[0]
				if !s.init(&p) || !s.fixpoint(nil) {
					t.Fatal("the puzzle fails at the root")
				}
				open = s.open()
				if strong {
					sr.fails = cheapFails
					if !s.fixpoint(&sr.tri) {
						t.Fatal("the puzzle fails at the root with the triads")
					}
				}
				sr.search(0)
				return open, sr.count, sr.guesses
			}
			open, _, cheap := guesses(false)
			_, _, strong := guesses(true)
			if open >= wideOpen != tc.wide {
				t.Fatalf("%d cells open after the first propagation; want wide %v", open, tc.wide)
			}
			if cheap == strong {
				t.Fatalf("%d guesses both ways: the puzzle does not tell them apart", cheap)
			}
			want := cheap
			if tc.wide {
				want = strong
			}
			var sv Solver9
			if n := sv.Count(&p, 2, nil); n != tc.want || sv.Guesses() != want {
				t.Errorf("Count = %d with %d guesses, want %d with %d (cheap start %d, strong %d)",
					n, sv.Guesses(), tc.want, want, cheap, strong)
			}
		})
	}
}
