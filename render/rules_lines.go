package render

import (
	"github.com/sudokusat/sudokusat/variant"
)

// This file is the drawing of the lines group of rule kinds (see
// variant/rules_lines.go), on the canvas of rules.go.

// lineDrawings returns the drawing of each of this file's kinds.
func lineDrawings() map[variant.Kind]kindDrawing { return nil }
