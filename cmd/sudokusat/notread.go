package main

import "github.com/sudokusat/sudokusat"

// notReadJSON is what a record says of the parts of its puzzle's document
// that were not read as rules (Puzzle.Unread: drawings, fog of war), in
// JSON; nothing when there are none. Every command's records that answer
// an input puzzle carry it, as their standard error carries the sentence.
type notReadJSON struct {
	NotRead []unreadJSON `json:"not_read,omitempty"`
}

// unreadJSON is one part not read: its kind ("line", "circle", "text",
// "cage", "shading", "fog of war", …), its cells ("r1c2") and its text.
type unreadJSON struct {
	Kind  string   `json:"kind"`
	Cells []string `json:"cells"`
	Text  string   `json:"text,omitempty"`
}

// notRead returns the not_read field of the records of it's puzzle; none
// for an item that is an error.
func (it *item) notRead() notReadJSON {
	if it.puzzle == nil || len(it.puzzle.Unread) == 0 {
		return notReadJSON{}
	}
	return notReadJSON{unreadList(it.puzzle)}
}

func unreadList(p *sudokusat.Puzzle) []unreadJSON {
	out := make([]unreadJSON, len(p.Unread))
	for i, u := range p.Unread {
		out[i] = unreadJSON{Kind: u.Kind, Cells: cellNames(p.Size(), u.Cells), Text: u.Text}
	}
	return out
}
