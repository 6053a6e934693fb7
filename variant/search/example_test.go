package search_test

import (
	"context"
	"fmt"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
	"github.com/sudokusat/sudokusat/variant/search"
)

func ExampleCount() {
	// The "Miracle Sudoku": two givens, and no two cells a king's or a
	// knight's move apart, nor orthogonal neighbours holding consecutive
	// digits, may hold the same digit.
	g, _ := sudokusat.NewGridSize(9)
	g.Set(4, 2, 1)
	g.Set(5, 6, 2)
	p := &sudokusat.Puzzle{Grid: g, Rules: []sudokusat.Rule{
		{Kind: variant.AntiKing}, {Kind: variant.AntiKnight}, {Kind: variant.NonConsecutive},
	}}
	// A limit of 2 tells a proper puzzle from one with several solutions.
	r, err := search.Count(context.Background(), p, 2)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Count, "solution")
	for _, s := range r.Solutions {
		fmt.Print(s.Pretty())
	}

	// Without the givens, the rules alone allow many.
	p.Grid, _ = sudokusat.NewGridSize(9)
	r, _ = search.Count(context.Background(), p, 100)
	fmt.Println("without givens:", r.Count)
	// Output:
	// 1 solution
	// 4 8 3 | 7 2 6 | 1 5 9
	// 7 2 6 | 1 5 9 | 4 8 3
	// 1 5 9 | 4 8 3 | 7 2 6
	// ------+-------+------
	// 8 3 7 | 2 6 1 | 5 9 4
	// 2 6 1 | 5 9 4 | 8 3 7
	// 5 9 4 | 8 3 7 | 2 6 1
	// ------+-------+------
	// 3 7 2 | 6 1 5 | 9 4 8
	// 6 1 5 | 9 4 8 | 3 7 2
	// 9 4 8 | 3 7 2 | 6 1 5
	// without givens: 72
}
