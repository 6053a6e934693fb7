package variant

// This file is the model and the validator of the lines group of rule
// kinds (see rules.go for the kinds already known and how a section is
// written). lineKinds lists its rows of Kinds.

// lineKinds returns the rows of Kinds for this file's kinds.
func lineKinds() []KindInfo { return nil }
