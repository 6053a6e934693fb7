package render

import (
	"github.com/sudokusat/sudokusat/variant"
)

// This file is the drawing of the cells group of rule kinds (see
// variant/rules_cells.go), on the canvas of rules.go.

// cellDrawings returns the drawing of each of this file's kinds.
func cellDrawings() map[variant.Kind]kindDrawing { return nil }
