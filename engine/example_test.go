package engine_test

import (
	"context"
	"fmt"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/engine"
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
	a := engine.Count(context.Background(), sat, g, 2, 0)
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
	// unknown encoding "fancy" (want one of minimal, efficient, extended, reduced)
}
