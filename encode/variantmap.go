package encode

import (
	"encoding/json"
	"fmt"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// variantRules is how a CNF header records a variant puzzle's regions and
// constraints (its grid is the "c puzzle" line): one line of JSON, so that
// decode can check a solver's answer against every rule.
type variantRules struct {
	Regions     []int             `json:"regions,omitempty"`
	Constraints []variantRuleJSON `json:"constraints"`
}

// variantRuleJSON is a rule. Its value is left out when it is 0, and for
// a killer cage without a total (sudokusat.NoValue), which it always was:
// a killer cage's stated total is written, 0 too, and a CNF written before
// NoValue reads as it was meant.
type variantRuleJSON struct {
	Kind  variant.Kind `json:"kind"`
	Cells []int        `json:"cells,omitempty"`
	Lines [][]int      `json:"lines,omitempty"`
	Value *int         `json:"value,omitempty"`
}

// marshalRules returns the JSON of p's regions and constraints.
func marshalRules(p *sudokusat.Puzzle) []byte {
	r := variantRules{Regions: p.Regions, Constraints: make([]variantRuleJSON, len(p.Rules))}
	for i, c := range p.Rules {
		r.Constraints[i] = variantRuleJSON{Kind: c.Kind, Cells: c.Cells, Lines: c.Lines}
		if c.Value != sudokusat.NoValue && (c.Value != 0 || c.Kind == variant.Killer) {
			r.Constraints[i].Value = &c.Value
		}
	}
	b, _ := json.Marshal(r) // ints, strings and slices of them always marshal
	return b
}

// unmarshalRules reads what marshalRules wrote into a puzzle over g. The
// rules are only parsed here: what they mean is checked by whoever uses
// them (the validator refuses an unknown kind).
func unmarshalRules(s string, g *sudokusat.Grid) (*sudokusat.Puzzle, error) {
	var r variantRules
	if err := json.Unmarshal([]byte(s), &r); err != nil {
		return nil, fmt.Errorf("variant rules: %w", err)
	}
	n := g.Size()
	if r.Regions != nil && len(r.Regions) != n*n {
		return nil, fmt.Errorf("variant rules: %d region entries for %d cells", len(r.Regions), n*n)
	}
	p := &sudokusat.Puzzle{Grid: g, Regions: r.Regions}
	for _, c := range r.Constraints {
		value := 0
		switch {
		case c.Value != nil:
			value = *c.Value
		case c.Kind == variant.Killer:
			value = sudokusat.NoValue
		}
		p.Rules = append(p.Rules, sudokusat.Rule{Kind: c.Kind, Cells: c.Cells, Lines: c.Lines, Value: value})
	}
	return p, nil
}
