package engine_test

import (
	"context"
	"fmt"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/engine"
	"github.com/sudokusat/sudokusat/variant"
)

// Solving and proving a puzzle unique with the embedded gophersat: the
// answer's grid has been checked by the validator before Count returns.
func ExampleCount() {
	g, err := sudokusat.Parse("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..")
	if err != nil {
		fmt.Println(err)
		return
	}
	sat, err := engine.Open("sat", engine.Options{Encoding: "extended"})
	if err != nil {
		fmt.Println(err)
		return
	}
	a := engine.Count(context.Background(), sat, &sudokusat.Puzzle{Grid: g}, 2, 0)
	fmt.Println(a.Status, a.Unique())
	fmt.Println(a.Solution())
	// Output:
	// solved true
	// 812753649943682175675491283154237896369845721287169534521974368438526917796318452
}

// Opening an engine checks its name, its encoding and its program before
// any puzzle is read.
func ExampleOpen() {
	_, err := engine.Open("sat", engine.Options{Encoding: "fancy"})
	fmt.Println(err)
	// Output:
	// unknown encoding "fancy" (want one of minimal, efficient, extended, reduced, reduced-pairwise)
}

// Counting a variant puzzle's solutions with two methods that share no
// code, the independent search and gophersat on the variant CNF: each
// answer is checked by the variant validator before Count returns. The
// native solver, which takes classic grids only, says which engines take
// the puzzle.
func ExampleCount_rules() {
	g, _ := sudokusat.NewGridSize(9)
	g.Set(4, 2, 1)
	g.Set(5, 6, 2)
	miracle := &sudokusat.Puzzle{Grid: g, Rules: []sudokusat.Rule{
		{Kind: variant.AntiKing}, {Kind: variant.AntiKnight}, {Kind: variant.NonConsecutive},
	}}
	for _, name := range []string{engine.NameSearch, engine.NameSAT, engine.NameNative} {
		e, err := engine.Open(name, engine.Options{})
		if err != nil {
			fmt.Println(err)
			return
		}
		a := engine.Count(context.Background(), e, miracle, 2, 0)
		if !a.Status.Answered() {
			fmt.Println(e.Name(), a.Status, a.Err)
			continue
		}
		fmt.Println(e.Name(), a.Status, a.Count, a.Solution())
	}
	// Output:
	// search solved 1 483726159726159483159483726837261594261594837594837261372615948615948372948372615
	// sat solved 1 483726159726159483159483726837261594261594837594837261372615948615948372948372615
	// native error engine native takes classic grids only: this puzzle has rules or regions (engines that take them: search, sat, auto, cadical, kissat, minisat, picosat, cryptominisat5)
}
