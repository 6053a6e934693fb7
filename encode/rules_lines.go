package encode

import (
	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// This file is the encoder of the lines group of rule kinds (see
// variant/rules_lines.go). The clause families to build from are in
// variant.go: distinct, relation (a support encoding between two cells),
// forbid, table (a table of accepted digit tuples over a few cells),
// tupleSum, pbSum, killerSum, and newVar and amo for auxiliary variables.

// lineEncoders returns the encoder of each of this file's kinds.
func lineEncoders() map[variant.Kind]func(*venc, sudokusat.Rule) error { return nil }
