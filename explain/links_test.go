package explain

import "testing"

// TestStrongLinkChains: chains of two and three strong links on one
// digit, found and rated as Sudoku Explainer does on these dev puzzles
// (its chains, by their cells: skyscraper r5c8,r5c2,r9c2,r9c7 on 1;
// r6c5,r4c6,r4c8,r8c8 on 4; grouped skyscraper r2c2,r2c5,r5c5,r5c2 on 4;
// three skyscrapers r8c4,r5c4,r5c2,r6c2,r6c7,r7c7 on 4; three strong
// links r4c5,r5c4,r7c4,r7c2,r3c2,r3c9 on 4; grouped three strong links
// r2c1,r1c3,r1c7,r3c8,r4c8,r4c2 on 4; an X-loop r2c3,r2c7,r8c7,r8c5,
// r3c5,r3c2 on 8).
func TestStrongLinkChains(t *testing.T) {
	two := []string{Skyscraper, TwoStringKite, TurbotFish, GroupedTurbotFish, XLoop}
	three := []string{ThreeSkyscrapers, ThreeStringKite, ThreeStrongLinks, GroupedStrongLinks3, XLoop}
	testPatterns(t, []patternCase{
		{"900050200020746000507000000009200030304080602060004900000000703000871020005030008", two, 4.0, "r4c7≠1 r7c8≠1"},
		{"918000364002000800000030000700080005803609207590000038070193080000000000080070020", two, 4.1, "r8c5≠4"},
		{"000012500900007032201000000700020000006308200000050003000000308460200009007490000", []string{GroupedTurbotFish}, 4.3, "r1c2≠4"},
		{"004001520006000000300009074050600802000010000207005060870900006000000200093100700", three, 5.4, "r7c6≠4"},
		{"100000052720800090009500600000106580000000000058703000002007900080005017670000005", three, 5.5, "r4c9≠4"},
		{"000583000000020000008601700807010502030000080009000300002907800000030000501000209", []string{GroupedStrongLinks3}, 5.7, "r5c1≠4 r6c1≠4"},
		{"007040530430000090905200607000104200100000004006805000501002309070000025029030400", three, 5.4, "r1c1≠8 r7c5≠8"},
	})
}
