package grade_test

import (
	"context"
	"fmt"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/grade"
)

func ExampleGrade() {
	for _, s := range []string{
		"003020600900305001001806400008102900700000008006708200002609500800203009005010300",
		"8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
	} {
		g, _ := sudokusat.Parse(s)
		r, err := grade.Grade(context.Background(), g)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%.1f %v guesses=%d\n", r.Score, r.Hardest, r.Guesses)
	}
	// Output:
	// 1.0 hidden-single guesses=0
	// 5.0 guessing guesses=21
}
