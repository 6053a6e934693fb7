package render

import (
	"github.com/sudokusat/sudokusat/variant"
)

// This file is the drawing of the clues group of rule kinds (see
// variant/rules_clues.go), on the canvas of rules.go.

// clueDrawings returns the drawing of each of this file's kinds.
func clueDrawings() map[variant.Kind]kindDrawing { return nil }
