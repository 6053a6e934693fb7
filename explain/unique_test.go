package explain

import (
	"context"
	"errors"
	"testing"

	"github.com/sudokusat/sudokusat"
)

// TestUniqueLoops: unique rectangles and loops of types 1 to 4, found
// and rated as Sudoku Explainer does on these dev puzzles (SE: type 3
// r7c7,r9c7,r9c4,r7c4 on 2,7; type 1 r1c6,r2c6,r2c2,r1c2 on 6,8; type 2
// r8c4,r9c4,r9c2,r8c2 on 4,9; type 4 r6c8,r6c9,r9c9,r9c8 on 2,5; loop of
// 6 type 1 on 2,9; loop of 8 type 2 on 4,5; loop of 10 type 1 on 2,4).
func TestUniqueLoops(t *testing.T) {
	ur := []string{UniqueRectangle}
	ul := []string{UniqueLoop}
	testPatterns(t, []patternCase{
		{"050000002007100500010540900470020010000805000060030027004018050001003400600000030", ur, 4.5, "r8c4≠6"},
		{"000400090009000307010705600000620035000080000340071000002809060604000700050007000", ur, 4.5, "r1c2≠6 r1c2≠8"},
		{"950040038008307600003805900000104000600000001104000803800206004000070000300000007", ur, 4.5, "r7c2≠1"},
		{"001230000009000200050009064005307006600080007900401300890600030006000700000098600", ur, 4.5, "r9c8≠5 r9c9≠5"},
		{"700901003006030500000070000400000006300256009050090020007000600000517000130000045", ul, 4.6, "r7c2≠2 r7c2≠9"},
		{"007004060829000030006001798201000000000060000000000807172300600080000372090800400", ul, 4.7, "r6c5≠1 r8c4≠1"},
		{"760000980001003000800060100000650030040000020020094000006070008000900300037000095", ul, 5.0, "r2c9≠2 r2c9≠4"},
	})
}

// TestBUG: BUG types 1, 2 and 3 as Sudoku Explainer finds them on these
// dev puzzles (SE: type 1 r6c8; type 3 r2c4,r8c4 on 5,8; type 3
// r2c1,r2c6 on 3,7; type 2 r1c3,r1c9,r4c1 on 8; type 2 r6c1,r4c8 on 8).
func TestBUG(t *testing.T) {
	bug := []string{BUG}
	testPatterns(t, []patternCase{
		{"800000001009000500016020840002809400004050600000040000000405000705000204600182005", bug, 5.6, "r6c8≠2 r6c8≠5"},
		{"400703006000010000005604300924000731000000000360000089070060020080000090009302800", bug, 5.8, "r7c4≠8"},
		{"200000005006000200080000010500040002400182006300506008000639000020000070803000609", bug, 5.8, "r2c2≠3 r2c5≠7"},
		{"050090030002000500060502010010607040007134900000000000300000007000479000600203001", bug, 5.7, "r1c1≠8"},
		{"004080100900000006000142000000060000503000901000507000050601040080090030046050710", bug, 5.7, "r4c1≠8 r4c3≠8 r6c7≠8 r6c8≠8"},
	})
}

// TestUniquenessNeedsUnique: without Options.Unique no step rests on a
// deadly pattern, and the checker refuses one that does, and one whose
// pattern breaks the two-per-house condition.
func TestUniquenessNeedsUnique(t *testing.T) {
	const puzzle = "000400090009000307010705600000620035000080000340071000002809060604000700050007000"
	g, err := sudokusat.ParseLine(puzzle, 3, 3)
	if err != nil {
		t.Fatal(err)
	}
	p := &sudokusat.Puzzle{Grid: g}
	sol := solve(t, p)
	ctx := context.Background()
	path, err := Explain(ctx, p, Options{Solution: sol})
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range path.Steps {
		if st.Deadly != nil {
			t.Fatalf("%s found without Unique", st.Text)
		}
	}
	path, err = Explain(ctx, p, Options{Solution: sol, Unique: true})
	if err != nil {
		t.Fatal(err)
	}
	var ur *Step
	for i := range path.Steps {
		if path.Steps[i].Deadly != nil {
			ur = &path.Steps[i]
			break
		}
	}
	if ur == nil {
		t.Fatal("no uniqueness step with Unique")
	}
	k, err := NewChecker(p, sol)
	if err != nil {
		t.Fatal(err)
	}
	if err := k.Check(ctx, ur); !errors.Is(err, ErrUnsound) {
		t.Errorf("checked without Unique: %v", err)
	}
	k.Unique = true
	if err := k.Check(ctx, ur); err != nil {
		t.Fatalf("%s: %v", ur.Text, err)
	}
	// Three cells of the rectangle: its rows and columns hold one cell
	// each, not two.
	bad := *ur
	bad.Deadly = &Deadly{Cells: ur.Deadly.Cells[:3], Pairs: ur.Deadly.Pairs[:3]}
	if err := k.Check(ctx, &bad); !errors.Is(err, ErrUnsound) {
		t.Errorf("a broken pattern checked: %v", err)
	}
	// A given in the pattern.
	bad.Deadly = &Deadly{Cells: append([]int{3}, ur.Deadly.Cells[1:]...), Pairs: ur.Deadly.Pairs}
	if err := k.Check(ctx, &bad); !errors.Is(err, ErrUnsound) {
		t.Errorf("a pattern with a given checked: %v", err)
	}
}
