package main

import "github.com/sudokusat/sudokusat"

// notReadJSON is what a record says of the parts of its puzzle's document
// that were not read as rules (Puzzle.Unread: drawings, sentences of the
// rules text, fog of war), in JSON, and what the document states in words
// (Puzzle.RulesText, Title, Author); nothing when there are none. Every
// command's records that answer an input puzzle carry it, as their
// standard error carries the sentence.
type notReadJSON struct {
	NotRead   []unreadJSON `json:"not_read,omitempty"`
	RulesText string       `json:"rules_text,omitempty"`
	Title     string       `json:"title,omitempty"`
	Author    string       `json:"author,omitempty"`
}

// unreadJSON is one part not read: its kind ("line", "circle", "text",
// "cage", "shading", "arrow", "sentence", "fog of war", …), its cells
// ("r1c2"), its text and why it was not read, when the reader says.
type unreadJSON struct {
	Kind   string   `json:"kind"`
	Cells  []string `json:"cells"`
	Text   string   `json:"text,omitempty"`
	Reason string   `json:"reason,omitempty"`
}

// notRead returns the not_read, rules_text, title and author fields of
// the records of it's puzzle; none for an item that is an error.
func (it *item) notRead() notReadJSON {
	if it.puzzle == nil {
		return notReadJSON{}
	}
	j := notReadJSON{RulesText: it.puzzle.RulesText, Title: it.puzzle.Title, Author: it.puzzle.Author}
	if len(it.puzzle.Unread) > 0 {
		j.NotRead = unreadList(it.puzzle)
	}
	return j
}

func unreadList(p *sudokusat.Puzzle) []unreadJSON {
	out := make([]unreadJSON, len(p.Unread))
	for i, u := range p.Unread {
		out[i] = unreadJSON{Kind: u.Kind, Cells: cellNames(p.Size(), u.Cells), Text: u.Text, Reason: u.Reason}
	}
	return out
}
