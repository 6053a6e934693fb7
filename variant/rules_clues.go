package variant

import "strings"

// This file is the model and the validator of the clues group of rule
// kinds (see rules.go for the kinds already known and how a section is
// written). clueKinds lists its rows of Kinds.

// clueKinds returns the rows of Kinds for this file's kinds.
func clueKinds() []KindInfo { return nil }

// cellNames names cells as "r1c1,r1c2", for messages.
func cellNames(n int, cells []int) string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = cellName(n, c)
	}
	return strings.Join(out, ",")
}
