package dlx_test

import (
	"context"
	"fmt"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/dlx"
)

func ExampleCount() {
	ctx := context.Background()
	// A limit of 2 tells a proper puzzle from one with several solutions.
	g, err := sudokusat.Parse("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..")
	if err != nil {
		panic(err)
	}
	r, err := dlx.Count(ctx, g, 2)
	if err != nil {
		panic(err)
	}
	fmt.Println("Inkala's puzzle:", r.Count, "solution")
	fmt.Println(r.Solution)

	// Every solution of the empty 4×4 grid.
	empty, _ := sudokusat.NewGridSize(4)
	r, _ = dlx.Count(ctx, empty, 1000)
	fmt.Println("empty 4×4:", r.Count)
	// Output:
	// Inkala's puzzle: 1 solution
	// 812753649943682175675491283154237896369845721287169534521974368438526917796318452
	// empty 4×4: 288
}
