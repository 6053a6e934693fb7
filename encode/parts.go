package encode

import (
	"context"
	"fmt"

	"github.com/sudokusat/sudokusat"
)

// PartKind says what kind of constraint a Part is.
type PartKind uint8

// The kinds of Part.
const (
	PartCell   PartKind = iota // a cell holds exactly one digit
	PartRow                    // a row holds each digit once
	PartColumn                 // a column holds each digit once
	PartRegion                 // a region (a box, or a jigsaw piece) holds each digit once
	PartRule                   // one of the puzzle's rules
)

// String names the kind as messages write it: "cell", "row", "column",
// "region" or "rule".
func (k PartKind) String() string {
	switch k {
	case PartCell:
		return "cell"
	case PartRow:
		return "row"
	case PartColumn:
		return "column"
	case PartRegion:
		return "region"
	case PartRule:
		return "rule"
	}
	return fmt.Sprintf("part kind %d", int(k))
}

// Part is one constraint of a puzzle's formula: the clauses From to To
// (from 0, To excluded) of the formula Parts returns.
type Part struct {
	Kind PartKind
	// Index is the cell (row-major from 0), the row, column or region
	// (from 0), or the rule's index in the puzzle's Rules.
	Index    int
	From, To int
}

// Parts encodes p as VariantFull does, with killer sums and arrows as
// clauses, and says which clauses each constraint wrote: every cell's, row's,
// column's and region's, and each rule's. The givens' unit clauses are in
// no part. A formula of some parts, with the facts known about the
// cells as unit clauses, is what a logical step's check solves: a step
// is sound when the parts it names and its premises rule out every
// assignment that breaks its conclusion.
func Parts(p *sudokusat.Puzzle) (*Formula, []Part, error) {
	var parts []Part
	f, err := variantSets(context.Background(), p, SumClauses, DefaultMaxClauses, cageSets, &parts)
	if err != nil {
		return nil, nil, err
	}
	return f, parts, nil
}
