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

type variantRuleJSON struct {
	Kind  variant.Kind `json:"kind"`
	Cells []int        `json:"cells,omitempty"`
	Lines [][]int      `json:"lines,omitempty"`
	Value int          `json:"value,omitempty"`
}

// marshalRules returns the JSON of p's regions and constraints.
func marshalRules(p *sudokusat.Puzzle) []byte {
	r := variantRules{Regions: p.Regions, Constraints: make([]variantRuleJSON, len(p.Rules))}
	for i, c := range p.Rules {
		r.Constraints[i] = variantRuleJSON{c.Kind, c.Cells, c.Lines, c.Value}
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
		p.Rules = append(p.Rules, sudokusat.Rule{Kind: c.Kind, Cells: c.Cells, Lines: c.Lines, Value: c.Value})
	}
	return p, nil
}
