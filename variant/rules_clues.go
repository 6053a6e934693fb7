package variant

// This file is the model and the validator of the clues group of rule
// kinds (see rules.go for the kinds already known and how a section is
// written). clueKinds lists its rows of Kinds.

// clueKinds returns the rows of Kinds for this file's kinds.
func clueKinds() []KindInfo { return nil }
