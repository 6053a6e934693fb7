package sudokusat

import "testing"

// TestNotReadNote: the command line's sentence for what a puzzle's
// document shows that was not read, drawings counted by kind, most first.
func TestNotReadNote(t *testing.T) {
	u := func(kind string, k int) []Unread {
		out := make([]Unread, k)
		for i := range out {
			out[i] = Unread{Kind: kind, Cells: []int{i}}
		}
		return out
	}
	join := func(us ...[]Unread) []Unread {
		var out []Unread
		for _, x := range us {
			out = append(out, x...)
		}
		return out
	}
	fog := []Unread{{Kind: UnreadFog, Cells: []int{0, 1}}}
	for _, tc := range []struct {
		us   []Unread
		want string
	}{
		{nil, ""},
		{join(u(UnreadText, 1), u(UnreadCircle, 12), fog), "13 drawings (12 circles, 1 text) and fog of war not read as rules: the answer holds for the rules read"},
		{join(u(UnreadLine, 1), u(UnreadText, 1)), "2 drawings (1 line, 1 text) not read as rules: the answer holds for the rules read"},
		{u(UnreadCage, 1), "1 drawing (1 cage) not read as a rule: the answer holds for the rules read"},
		{fog, "fog of war not read as a rule: the answer holds for the rules read"},
		{join(u(UnreadShading, 3), u(UnreadRectangle, 1)), "4 drawings (3 shaded cells, 1 rectangle) not read as rules: the answer holds for the rules read"},
		{u(UnreadSentence, 1), "1 sentence of the rules text not read as a rule: the answer holds for the rules read"},
		{join(u(UnreadArrow, 2), u(UnreadSentence, 2)), "2 drawings (2 arrows) and 2 sentences of the rules text not read as rules: the answer holds for the rules read"},
		{join(u(UnreadLine, 1), u(UnreadSentence, 1), fog), "1 drawing (1 line), 1 sentence of the rules text and fog of war not read as rules: the answer holds for the rules read"},
	} {
		if got := NotReadNote(tc.us); got != tc.want {
			t.Errorf("%v:\n got %q\nwant %q", tc.us, got, tc.want)
		}
	}
}

// TestPuzzlePretty: a puzzle's grid drawn with its own regions, a jigsaw's
// edges where they are, and a puzzle of boxes as Grid.Pretty draws it.
func TestPuzzlePretty(t *testing.T) {
	g, err := Parse("1234241331424321")
	if err != nil {
		t.Fatal(err)
	}
	jigsaw := &Puzzle{Grid: g, Regions: []int{0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3}}
	for _, tc := range []struct {
		name string
		p    *Puzzle
		want string
	}{
		{"jigsaw", jigsaw, "" +
			"1   2   3 | 4\n" +
			"--+   +---+\n" +
			"2 | 4 | 1   3\n" +
			"  +---+---+\n" +
			"3   1 | 4 | 2\n" +
			"  +---+   +--\n" +
			"4 | 3   2   1\n"},
		{"boxes", &Puzzle{Grid: g}, g.Pretty()},
	} {
		if got := tc.p.Pretty(g); got != tc.want {
			t.Errorf("%s:\n%s\nwant\n%s", tc.name, got, tc.want)
		}
	}
}
