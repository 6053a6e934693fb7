package explain

import (
	"context"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
)

// TestChainRatings: puzzles of the Sudoku Exchange bank whose hardest
// step Sudoku Explainer (1.16.11) finds with each kind of chain get SE's
// rating, from the same kind of chain, every step checked.
func TestChainRatings(t *testing.T) {
	tests := []struct {
		puzzle string
		se     float64
		tech   string
	}{
		{"400005007051700090006001480708040030000807000010090804067400300030008650100600002", 6.6, YCycle},
		{"020010050039060000010703800000006400002304700003900000004801070000090580090040020", 6.7, YCycle},
		{"009010400004703100020000080000000000060208070400137005006050700003402600070000010", 6.8, YCycle},
		{"027000450000050000100408002210345076070000040003010500005806200000000000690000085", 6.9, YCycle},
		{"000003500008200004000009037042070006300000001800030240690400000100005600007300000", 6.6, ForcingXChain},
		{"100400300007023800040000106000876005000000000700592000903000070002730500005009003", 7.0, XYCycle},
		{"070080009080002010000300006004000003002896100700000900400005000060400070500010030", 7.1, ForcingChain},
		{"009500800050030790810700005000070308030805060708020000300007082087060010005004900", 7.3, ForcingChain},
		{"408006001000300000500201090900003000005000400000600007060102004000007000200400108", 7.4, ForcingChain},
		{"870040029009000700020000040700563004560704081000080000008020400000000000040809070", 7.7, NishioChain},
		{"040500001009400200200000040030750082000090000560024030070000003004001700600007010", 8.0, NishioChain},
		{"210008000300000900087000402000700020004030700050006000905000180001000009000200074", 8.3, CellForcingChain},
		{"701003050030070000006000097510032000004000500000540012670000900000020070080600103", 8.6, CellForcingChain},
		{"020904070008030900900000001090000060800106005700080003504000307000000000000865000", 8.6, RegionForcingChain},
		{"400000003030400780081300500000207490000050000072104000004003650057001040300000002", 8.8, DynamicContradiction},
		{"050017090000020005073500000000000703910000054607000000000008410700030000080450030", 8.8, DynamicDoubleChain},
		{"210000500000085000070020498000010086900634005130050000851060030000540000004000052", 8.9, DynamicCellChain},
		{"080060140200081000006700000000000209120090084405000000000005600000610007061020030", 9.0, DynamicRegionChain},
	}
	for _, tt := range tests {
		t.Run(tt.tech, func(t *testing.T) {
			g, err := sudokusat.ParseLine(tt.puzzle, 3, 3)
			if err != nil {
				t.Fatal(err)
			}
			p := &sudokusat.Puzzle{Grid: g}
			sol := solve(t, p)
			// SE's ratings count its uniqueness techniques.
			path, err := Explain(context.Background(), p, Options{Solution: sol, Unique: true})
			if err != nil {
				t.Fatal(err)
			}
			checkPath(t, p, sol, path)
			h := path.Steps[path.Hardest()]
			// The rating must be SE's; the kind may differ where two
			// kinds tie (SE's own path through its patterns can reach
			// another state than ours with the same rating).
			if math.Abs(h.Rating-tt.se) > 1e-9 {
				t.Errorf("%s: hardest step %s %.1f, SE rates it %.1f by %s", tt.puzzle, h.Technique, h.Rating, tt.se, tt.tech)
			} else if h.Technique != tt.tech {
				t.Logf("%s: hardest step %s %.1f, SE's is %s", tt.puzzle, h.Technique, h.Rating, tt.tech)
			}
			if !strings.Contains(h.Text, " → ") {
				t.Errorf("the chain's text reads no chain: %q", h.Text)
			}
		})
	}
}

// TestLengthAddition: what a chain's complexity adds to its base rating,
// SE's table.
func TestLengthAddition(t *testing.T) {
	tests := []struct {
		complexity int
		add        float64
	}{
		{4, 0}, {6, 0}, {7, 0.1}, {8, 0.1}, {9, 0.2}, {10, 0.2}, {11, 0.3}, {14, 0.3},
		{15, 0.4}, {18, 0.4}, {19, 0.5}, {26, 0.5}, {27, 0.6}, {34, 0.6}, {35, 0.7},
		{50, 0.7}, {51, 0.8}, {66, 0.8}, {67, 0.9}, {98, 0.9}, {99, 1.0}, {130, 1.0},
		{131, 1.1}, {194, 1.1}, {195, 1.2}, {258, 1.2}, {259, 1.3},
	}
	for _, tt := range tests {
		if got := lengthAddition(tt.complexity); math.Abs(got-tt.add) > 1e-9 {
			t.Errorf("lengthAddition(%d) = %.2f, want %.1f", tt.complexity, got, tt.add)
		}
	}
}

// TestChainPremisesNeeded: each premise of each chain step of a few
// paths is needed: the checker, given no solution to compare with,
// rejects the step without it.
func TestChainPremisesNeeded(t *testing.T) {
	ctx := context.Background()
	for _, puzzle := range []string{
		"400005007051700090006001480708040030000807000010090804067400300030008650100600002", // y-cycle
		"408006001000300000500201090900003000005000400000600007060102004000007000200400108", // forcing chain
		"020904070008030900900000001090000060800106005700080003504000307000000000000865000", // region chains
		"400000003030400780081300500000207490000050000072104000004003650057001040300000002", // dynamic
	} {
		g, err := sudokusat.ParseLine(puzzle, 3, 3)
		if err != nil {
			t.Fatal(err)
		}
		p := &sudokusat.Puzzle{Grid: g}
		path, err := Explain(ctx, p, Options{Solution: solve(t, p)})
		if err != nil {
			t.Fatal(err)
		}
		k, err := NewChecker(p, nil)
		if err != nil {
			t.Fatal(err)
		}
		tried := 0
		for i, st := range path.Steps {
			if !strings.Contains(st.Technique, "chain") && !strings.Contains(st.Technique, "cycle") {
				continue
			}
			for j := range st.Premises {
				m := st
				m.Premises = append(slices.Clone(st.Premises[:j]), st.Premises[j+1:]...)
				tried++
				if k.Check(ctx, &m) == nil {
					t.Errorf("%s step %d (%s: %s) checks without premise %+v", puzzle, i+1, st.Technique, st.Text, st.Premises[j])
				}
			}
		}
		if tried == 0 {
			t.Errorf("%s: no chain step with premises", puzzle)
		}
	}
}
