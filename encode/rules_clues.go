package encode

import (
	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// This file is the encoder of the clues group of rule kinds (see
// variant/rules_clues.go). The clause families to build from are in
// variant.go: distinct, relation (a support encoding between two cells),
// forbid, table (a table of accepted digit tuples over a few cells),
// tupleSum, pbSum, killerSum, and newVar and amo for auxiliary variables.

// clueEncoders returns the encoder of each of this file's kinds.
func clueEncoders() map[variant.Kind]func(*venc, sudokusat.Rule) error { return nil }
