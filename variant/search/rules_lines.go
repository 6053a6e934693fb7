package search

import (
	"github.com/sudokusat/sudokusat/variant"
)

// This file is the search's part of the lines group of rule kinds (see
// variant/rules_lines.go). The building blocks are in rules.go and
// model.go: distinct groups (builder.groups), relations between two cells
// (builder.dot with model.table), linear sums (model.addLinear), tables
// over a few cells (a prop of kind propTable) and propagators of a kind's
// own (a prop of kind propFunc).

// lineRules returns the search's part of each of this file's kinds.
func lineRules() map[variant.Kind]kindRule { return nil }
