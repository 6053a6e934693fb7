package generate_test

import (
	"context"
	"fmt"

	"github.com/sudokusat/sudokusat/generate"
)

func ExampleGenerate() {
	p, err := generate.Generate(context.Background(), generate.Options{Size: 9, Hints: 24, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Puzzle.Grid.Givens() <= 24, p.Reached)
	fmt.Println(p.Puzzle.Grid)
	// Output:
	// true true
	// .9...8..3...7.1....2....7..4...1.5.86.29....41.....2..715..6.........9....6.8....
}
