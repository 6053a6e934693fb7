package native_test

import (
	"context"
	"fmt"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/native"
)

// A limit of 1 solves a puzzle: the first solution found.
func ExampleCount_solve() {
	g, err := sudokusat.Parse("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..")
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := native.Count(context.Background(), g, 1)
	if err != nil || r.Count == 0 {
		fmt.Println("no solution", err)
		return
	}
	fmt.Print(r.Solution.Pretty())
	// Output:
	// 8 1 2 | 7 5 3 | 6 4 9
	// 9 4 3 | 6 8 2 | 1 7 5
	// 6 7 5 | 4 9 1 | 2 8 3
	// ------+-------+------
	// 1 5 4 | 2 3 7 | 8 9 6
	// 3 6 9 | 8 4 5 | 7 2 1
	// 2 8 7 | 1 6 9 | 5 3 4
	// ------+-------+------
	// 5 2 1 | 9 7 4 | 3 6 8
	// 4 3 8 | 5 2 6 | 9 1 7
	// 7 9 6 | 3 1 8 | 4 5 2
}

func ExampleCount() {
	ctx := context.Background()
	// A limit of 2 is enough to tell a proper puzzle from one with
	// several solutions.
	proper, _ := sudokusat.Parse("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..")
	r, _ := native.Count(ctx, proper, 2)
	fmt.Println("Inkala's puzzle:", r.Count)

	loose, _ := sudokusat.Parse(".....6....59.....82....8....45........3........6..3.54...325..6..................")
	r, _ = native.Count(ctx, loose, 2)
	fmt.Println("Norvig's hardlong:", r.Count)

	// Every solution of the empty 4×4 grid.
	empty, _ := sudokusat.NewGridSize(4)
	r, _ = native.Count(ctx, empty, 1000)
	fmt.Println("empty 4×4:", r.Count)
	// Output:
	// Inkala's puzzle: 1
	// Norvig's hardlong: 2
	// empty 4×4: 288
}

func ExampleSolver9() {
	var p, sol [81]uint8
	for i, c := range "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.." {
		if c != '.' {
			p[i] = uint8(c - '0')
		}
	}
	var sv native.Solver9 // one per goroutine; reusable
	fmt.Println(sv.Count(&p, 2, &sol), sol[:9])
	// Output: 1 [8 1 2 7 5 3 6 4 9]
}
