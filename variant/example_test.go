package variant_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/variant"
)

// Reading an f-puzzles document, checking a proposed solution against its
// rules, and writing it back.
func ExampleParseFPuzzles() {
	// A 4×4 with a killer cage r1c1+r2c1 = 7 and a thermometer along row 1.
	doc := `{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{"value":3,"given":true}],[{},{},{},{}]],
	"thermometer":[{"lines":[["R1C1","R1C2","R1C3","R1C4"]]}],
	"killercage":[{"cells":["R2C1","R3C1"],"value":"7"}]}`
	p, err := variant.ParseFPuzzles([]byte(doc))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range p.Rules {
		fmt.Println(c.Kind, c.Cells, c.Value)
	}
	for _, answer := range []string{"1234341241232341", "1234432121433412"} {
		s, _ := sudokusat.Parse(answer)
		fmt.Println(answer, variant.Check(p, s))
	}
	back, _ := variant.FPuzzles(p)
	fmt.Println(strings.Contains(string(back), `"thermometer"`))
	// Output:
	// killer [4 8] 7
	// thermo [0 1 2 3] 0
	// 1234341241232341 <nil>
	// 1234432121433412 not a solution: killer constraint 1: cage r2c1,r3c1 sums to 6, not 7
	// true
}

// Reading puzzles of any format with one Reader: here f-puzzles links one
// a line, as a setter's batch file holds them. A line that is not a link
// is an error naming it, and reading goes on.
func ExampleReader() {
	input := "# my puzzles\n" +
		"https://www.f-puzzles.com/?load=N4IghgdgLglg1jCBzEAuKAnArgUwDTjTwQxIAWUamuBSGMAJmgNrPAC+eHXn3fvAngF08bQfx6SJHEWKniF82dMUrho6SABuYADa40ARlowtOCFWw5VN5Tfldteg6gBMJsxfRWFdh2pU/APsZDRDwoREQCAB7CABjOIBnHHisWDNLGhAkmAAvHDQATnYgA==\n" +
		"not a link\n"
	r := variant.NewReader(strings.NewReader(input))
	for {
		p, err := r.Read()
		if err != nil {
			fmt.Println(err)
			var pe *sudokusat.ParseError
			if errors.As(err, &pe) {
				continue // a bad line: the next one is read
			}
			break
		}
		fmt.Println(p.Line, p.Size(), p.Grid.Givens(), len(p.Rules), "rules")
	}
	// Output:
	// 2 9 2 3 rules
	// line 3: f-puzzles: the link does not decompress: lzstring: corrupt input: ' ' at byte 3 is not in the alphabet
	// EOF
}
