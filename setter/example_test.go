package setter_test

import (
	"context"
	"fmt"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/engine"
	"github.com/sudokusat/sudokusat/setter"
)

// A setter's questions: which digits can still go where, which given
// would make an open puzzle unique, and which givens a unique one does
// not need. Each is a series of validated counts.
func ExampleTrueCandidates() {
	search, err := engine.Open(engine.NameSearch, engine.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	g, _ := sudokusat.Parse("1234........2...")
	p := &sudokusat.Puzzle{Grid: g}
	k, err := setter.TrueCandidates(context.Background(), search, p, 1, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	for cell := range 4 {
		var ds []int
		for d := 1; d <= 4; d++ {
			if k.Possible(4+cell, d) {
				ds = append(ds, d)
			}
		}
		fmt.Print(ds, " ")
	}
	fmt.Println("in row 2;", len(k.Solutions), "solutions met")

	h, _ := setter.MakeUnique(context.Background(), search, p, 10, 0)
	fmt.Println(h.Solutions, "solutions; a given that leaves one:", h.Givens[0])

	full, _ := sudokusat.Parse("1234341221434321")
	m, _ := setter.Minimal(context.Background(), search, &sudokusat.Puzzle{Grid: full}, 0)
	fmt.Println(len(m.Alone), "givens removable alone,", len(m.Together), "together")
	// Output:
	// [3 4] [3 4] [1 2] [1 2] in row 2; 4 solutions met
	// 6 solutions; a given that leaves one: {10 4}
	// 16 givens removable alone, 10 together
}
