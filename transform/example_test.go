package transform_test

import (
	"context"
	"fmt"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/transform"
)

func ExampleMap_Rotate() {
	g, _ := sudokusat.Parse("12..\n....\n....\n...4")
	m, err := transform.Identity(g).Rotate(90)
	if err != nil {
		fmt.Println(err)
		return
	}
	r, _ := m.Apply(g)
	fmt.Print(r.Pretty())
	// Output:
	// . . | . 1
	// . . | . 2
	// ----+----
	// . . | . .
	// 4 . | . .
}

func ExampleCanonical() {
	a, _ := sudokusat.Parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	// a turned upside down and relabelled 1↔9, 2↔8, …: the same puzzle.
	m, _ := transform.Identity(a).Rotate(180)
	m, _ = m.Relabel([]int{9, 8, 7, 6, 5, 4, 3, 2, 1})
	b, _ := m.Apply(a)
	ca, _ := transform.Canonical(context.Background(), a)
	cb, _ := transform.Canonical(context.Background(), b)
	fmt.Println(ca)
	fmt.Println(ca.Equal(cb))
	// Output:
	// ........1.....1.23..4.5..........5.....6..74.38............2.....7...6...1...8...
	// true
}
