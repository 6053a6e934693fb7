package render_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/render"
)

func ExampleSVG() {
	g, _ := sudokusat.Parse(".2.1........4.2.")
	var b strings.Builder
	if err := render.SVG(&b, &sudokusat.Puzzle{Grid: g}, render.Options{CellSize: 30}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return
	}
	lines := strings.Split(b.String(), "\n")
	fmt.Println(lines[1])
	fmt.Println(strings.Count(b.String(), "<text "), "digits")
	// Output:
	// <svg xmlns="http://www.w3.org/2000/svg" width="129" height="129" viewBox="0 0 129 129">
	// 4 digits
}
