package variant

// This file is the model and the validator of the cells group of rule
// kinds (see rules.go for the kinds already known and how a section is
// written). cellKinds lists its rows of Kinds.

// cellKinds returns the rows of Kinds for this file's kinds.
func cellKinds() []KindInfo { return nil }
