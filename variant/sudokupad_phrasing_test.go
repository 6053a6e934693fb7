package variant

import (
	"slices"
	"strings"
	"testing"
)

// TestSPPhrasings reads, for rows of the table of conventions, their test
// puzzle (spConventionCases) under rules texts that state the row's rule,
// or a variant of it in the row's own words, as setters write them: the
// product on an arrow, whispers of at most 4, cages whose digits may
// repeat, clues given in part of the grid. A variant is not read as the
// row's rule: its drawing is left unread, saying why (why, a part of a
// reason not read), or the rule it is (a thermometer whose digits may
// repeat is a slow one). want are the rules read; why "" means nothing is
// left unread.
func TestSPPhrasings(t *testing.T) {
	docs := map[string]scl{}
	for _, c := range spConventionCases() {
		if _, ok := docs[c.conv]; !ok {
			docs[c.conv] = c.doc
		}
	}
	for _, c := range []struct {
		conv, text string
		want       []string
		why        string
	}{
		{"an extra region", "Digits may repeat in an extra region.", []string(nil), "drawn as an extra region, but the rules text says otherwise"},
		{"an extra region", "Digits in an extra region sum to 20 and do not repeat.", []string(nil), "drawn as an extra region, but the rules text says otherwise"},
		{"an arrow", "Digits along an arrow sum to the number in its circle.", []string{"arrow r1c1 / r1c2,r1c3 / r2c2", "arrow r4c3,r4c4 / r5c4,r6c4,r7c4"}, ""},
		{"an arrow", "Digits along an arrow multiply to the number in its circle.", []string(nil), "drawn as an arrow or a difference arrow, which the rules text does not name"},
		{"an arrow", "The digit in the circle is the product of the digits on its arrow.", []string(nil), "drawn as an arrow or a difference arrow, which the rules text does not name"},
		{"an arrow", "Digits along an arrow sum to the number in its circle, reading the circle as a two-digit number.", []string(nil), "drawn as an arrow, but the rules text says otherwise of it (\"digit number\")"},
		{"an arrow", "Digits along an arrow sum to a multiple of the number in its circle.", []string(nil), "drawn as an arrow, but the rules text says otherwise of it (\"multipl\")"},
		{"an arrow", "Digits along an arrow sum to the number in its circle, modulo 10.", []string(nil), "drawn as an arrow, but the rules text says otherwise of it (\"modulo\")"},
		{"an arrow", "Digits along an arrow sum to the number in its circle, plus one.", []string(nil), "drawn as an arrow, but the rules text says otherwise of it (\"plus\")"},
		{"an arrow", "The sum of the digits along an arrow is the difference between the digits in its circle.", []string(nil), "drawn as an arrow, but the rules text says otherwise of it (\"differ\")"},
		{"an arrow", "Digits along an arrow sum to the number in its circle; the arrow points to the smallest digit.", []string(nil), "drawn as an arrow, but the rules text says otherwise of it (\"smallest\")"},
		{"an arrow", "Digits along an arrow sum to at least the number in its circle.", []string(nil), "drawn as an arrow, but the rules text says otherwise of it (\"at least\")"},
		{"an arrow", "Digits along an arrow sum to the number in its circle, except on one arrow.", []string(nil), "drawn as an arrow, but the rules text says otherwise of it (\"except\")"},
		{"an arrow", "The digit in the circle is the average of the digits along its arrow.", []string(nil), "drawn as an arrow or a difference arrow, which the rules text does not name"},
		{"an arrow", "The digits along an arrow, read as a number, sum to the circle.", []string(nil), "drawn as an arrow, but the rules text says otherwise of it (\"as a number\")"},
		{"an arrow", "Digits on an arrow add up to twice the circle.", []string(nil), "drawn as an arrow, but the rules text says otherwise of it (\"twice\")"},
		{"an arrow", "Digits along an arrow sum to the number in its circle, and digits on an arrow may not repeat.", []string(nil), "drawn as an arrow, but the rules text says otherwise of it (\"may not repeat\")"},
		{"a little killer", "Digits along the diagonal an arrow outside the grid points along sum to the number beside it.", []string{"little-killer r1c1,r2c2,r3c3,r4c4 = 10"}, ""},
		{"a little killer", "Digits along the diagonal an arrow outside the grid points along sum to the number beside it, and may not repeat.", []string(nil), "drawn as a little killer, but the rules text says otherwise of it (\"may not repeat\")"},
		{"a little killer", "Little killer: the clue is the product of the digits along the diagonal.", []string(nil), "drawn as a little killer, but the rules text says otherwise of it (\"product\")"},
		// Look-and-say clues, as setters phrase them; a sum, a bound, a
		// cage or a lie is another rule.
		{"a look-and-say clue", "Look-and-say: each pair of digits XY in a clue outside the grid means that digit Y appears exactly X times along the indicated diagonal.", []string{"look-and-say r1c1,r2c2,r3c3,r4c4 = 2113", "look-and-say r4c2,r3c3,r2c4 = 3"}, ""},
		{"a look-and-say clue", "Clues outside the grid are look and say clues: the first digit of each pair says how many times the second digit occurs on the diagonal.", []string{"look-and-say r1c1,r2c2,r3c3,r4c4 = 2113", "look-and-say r4c2,r3c3,r2c4 = 3"}, ""},
		{"a look-and-say clue", "Look and Say: read each clue in pairs of digits (count, value) along the diagonal. Digits may repeat along the diagonals.", []string{"look-and-say r1c1,r2c2,r3c3,r4c4 = 2113", "look-and-say r4c2,r3c3,r2c4 = 3"}, ""},
		{"a look-and-say clue", "Look and say: the first digit of a clue is the sum of the times the second digit occurs on the diagonal.", []string(nil), "but the rules text says otherwise of it"},
		{"a look-and-say clue", "Look and say: the first digit of a clue says at least how many times the second digit occurs on the diagonal.", []string(nil), "drawn as a look-and-say clue, but the rules text says otherwise of it (\"at least\")"},
		{"a look-and-say clue", "Look and say: the first digit of a clue says how many times the second digit occurs on the diagonal, but one clue is a lie.", []string(nil), "drawn as a look-and-say clue, but the rules text says otherwise of it"},
		// The count and the value the other way round, over a row, in
		// runs, or of some digits, is another rule.
		{"a look-and-say clue", "Look and say: the second digit of each pair says how many times the first digit appears on the diagonal.", []string(nil), "drawn as a look-and-say clue"},
		{"a look-and-say clue", "Look-and-say clues: a pair XY means that digit X appears Y times along the diagonal.", []string(nil), "drawn as a look-and-say clue"},
		{"a look-and-say clue", "Look and say: a clue's first digit appears along the diagonal as many times as its second digit says.", []string(nil), "drawn as a look-and-say clue"},
		{"a look-and-say clue", "Look and say: a clue's pairs are (value, count) along the diagonal.", []string(nil), "drawn as a look-and-say clue"},
		{"a look-and-say clue", "Look and say clues give, for the row, how many times each digit appears.", []string(nil), "drawn as a look-and-say clue"},
		{"a look-and-say clue", "Look and say: the clue describes the diagonal from the arrow in order, 2113 being two 1s followed by one 3.", []string(nil), "drawn as a look-and-say clue"},
		{"a look-and-say clue", "Look and say: each pair in a clue says how many times a digit appears along the diagonal, in either order.", []string(nil), "drawn as a look-and-say clue"},
		{"a look-and-say clue", "Look and say: each pair in a clue says how many odd digits appear along the diagonal.", []string(nil), "drawn as a look-and-say clue"},
		{"a look-and-say clue", "Look and say: the first digit of a clue says how many times the second appears along the diagonal, and no other digit appears there.", []string(nil), "drawn as a"},
		{"a look-and-say clue", "Look-and-say: in each pair, the first digit is the count and the second the digit counted along the diagonal.", []string{"look-and-say r1c1,r2c2,r3c3,r4c4 = 2113", "look-and-say r4c2,r3c3,r2c4 = 3"}, ""},
		{"a look-and-say clue", "Look and say: the clue lists (count, value) pairs of the digits along the diagonal; other digits may appear too.", []string{"look-and-say r1c1,r2c2,r3c3,r4c4 = 2113", "look-and-say r4c2,r3c3,r2c4 = 3"}, ""},
		{"a little killer", "Little killer: the clue counts the odd digits along the diagonal.", []string(nil), "drawn as a little killer, but the rules text says otherwise of it (\"count\")"},
		{"a little killer", "Little killer: the clue counts how many digits along the diagonal are odd, not their sum.", []string(nil), "drawn as a little killer, but the rules text says otherwise of it (\"count\")"},
		{"a little killer", "Little killer clues give the sum of the digits on the indicated diagonal, but only the first three.", []string(nil), "drawn as a little killer, but the rules text says otherwise of it (\"first\")"},
		{"a little killer", "Little killer: the clue is the sum of the digits along the diagonal, including repeats, modulo 10.", []string(nil), "drawn as a little killer, but the rules text says otherwise of it (\"modulo\")"},
		{"a little killer", "Little killer: the clue is the sum of the distinct digits along the diagonal.", []string(nil), "drawn as a little killer, but the rules text says otherwise of it (\"distinct\")"},
		{"a white dot", "Digits separated by a white dot are consecutive.", []string{"white r1c1,r1c2"}, ""},
		{"a white dot", "Digits separated by a white dot differ by 2.", []string(nil), "drawn as a white dot, which the rules text does not name"},
		{"a white dot", "Digits separated by a white dot have a difference of 2; they are not consecutive.", []string(nil), "drawn as a white dot, but the rules text says otherwise of it (\"not consecutive\")"},
		{"a white dot", "Digits separated by a white dot are consecutive or sum to 10.", []string(nil), "drawn as a white dot, but the rules text says otherwise of it (\"consecutive or\")"},
		{"a white dot", "Digits separated by a white dot are not consecutive.", []string(nil), "drawn as a white dot, but the rules text says otherwise of it (\"not consecutive\")"},
		{"a white dot", "Digits separated by a white dot are consecutive, and digits separated by no dot are never consecutive.", []string(nil), "drawn as a white dot, but the rules text says otherwise of it (\"never consecutive\")"},
		{"a white dot", "Kropki: a white dot between two digits means they are consecutive, but only in rows.", []string(nil), "drawn as a white dot, but the rules text says otherwise of it (\"only in\")"},
		{"a white dot", "Digits separated by a white dot are consecutive or in a 1:2 ratio.", []string(nil), "drawn as a white dot, but the rules text says otherwise of it (\"consecutive or\")"},
		{"a white dot", "White dots: the digits are consecutive; black dots: one is triple the other.", []string(nil), "drawn as a white dot, but the rules text says otherwise of it (\"triple\")"},
		{"a white dot", "Digits separated by a white dot are consecutive; not all dots are given.", []string{"white r1c1,r1c2"}, ""},
		{"a white dot", "Digits separated by a white dot are consecutive. All dots are given, but one is a lie.", []string(nil), "drawn as a white dot, but the rules text says otherwise of it (\"a lie\")"},
		{"a white dot", "Digits separated by a white dot are consecutive. All possible dots are given; one of them is false.", []string(nil), "drawn as a white dot, but the rules text says otherwise of it (\"false\")"},
		{"a white dot", "Digits separated by a white dot differ by 1 or 2.", []string(nil), "drawn as a white dot, but the rules text says otherwise of it (\"1 or 2\")"},
		{"a black dot", "Digits separated by a black dot are in a 1:2 ratio.", []string{"black r2c2,r2c3"}, ""},
		{"a black dot", "Digits separated by a black dot are in a 1:3 ratio.", []string(nil), "drawn as a black dot, but the rules text says otherwise of it (\"1 3\")"},
		{"a black dot", "Digits separated by a black dot are in a 2:3 ratio.", []string(nil), "drawn as a black dot, but the rules text says otherwise of it (\"2 3\")"},
		{"a black dot", "Digits separated by a black dot: one is triple the other.", []string(nil), "drawn as a black dot, which the rules text does not name"},
		{"a black dot", "Digits separated by a black dot: one is double the other, or half.", []string{"black r2c2,r2c3"}, ""},
		{"a black dot", "Digits separated by a black dot: one is double the other plus one.", []string(nil), "drawn as a black dot, but the rules text says otherwise of it (\"plus\")"},
		{"a black dot", "Digits separated by a black dot are in a ratio of 1:2 or 1:3.", []string(nil), "drawn as a black dot, but the rules text says otherwise of it (\"1 3\")"},
		{"a black dot", "Digits separated by a black dot have a ratio that is a whole number.", []string(nil), "drawn as a black dot, but the rules text says otherwise of it (\"whole number\")"},
		{"a black dot", "Digits separated by a black dot are in any ratio but 1:2.", []string(nil), "drawn as a black dot, but the rules text says otherwise of it (\"any ratio\")"},
		{"a black dot", "Digits separated by a black dot double: one is twice the other. All possible black dots are given.", []string{"no-black", "black r2c2,r2c3"}, ""},
		{"a black dot", "Digits separated by a black dot double: one is twice the other. Not all possible black dots are given.", []string{"black r2c2,r2c3"}, ""},
		{"a black dot", "Digits separated by a black dot double: one is twice the other. All possible black dots are given in rows only.", []string{"black r2c2,r2c3"}, "sentence: no rule read accounts for it"},
		{"a black dot", "Digits separated by a black dot double: one is twice the other. All possible black dots between cells of box 1 are given.", []string{"black r2c2,r2c3"}, "sentence: no rule read accounts for it"},
		{"a black dot", "Digits separated by a black dot double: one is twice the other. All possible black dots are given for digits 1-3.", []string{"black r2c2,r2c3"}, "sentence: no rule read accounts for it"},
		{"a black dot", "Digits separated by a black dot double: one is twice the other. All possible black dots are given among odd digits.", []string{"black r2c2,r2c3"}, "sentence: no rule read accounts for it"},
		{"a black dot", "Digits separated by a black dot double: one is twice the other. All possible black dots are given on the diagonals.", []string{"black r2c2,r2c3"}, "sentence: no rule read accounts for it"},
		{"an X", "Digits separated by an X sum to 10. All possible Xs are given, outside box 1.", []string{"xv r1c1,r1c2 = 10"}, "sentence: no rule read accounts for it"},
		{"an X", "Digits separated by an X sum to 10. All Xs are given where both digits are odd.", []string{"xv r1c1,r1c2 = 10"}, "sentence: no rule read accounts for it"},
		{"a white dot", "Digits separated by a white dot are consecutive. All possible white dots are given, except where noted.", []string{"white r1c1,r1c2"}, "sentence: no rule read accounts for it"},
		{"a white dot", "Digits separated by a white dot are consecutive. All dots are given in the highlighted regions.", []string{"white r1c1,r1c2"}, "sentence: no rule read accounts for it"},
		{"a white dot", "Digits separated by a white dot are consecutive. Not all white dots are given, but all black dots are.", []string{"white r1c1,r1c2"}, ""},
		{"a white dot", "Digits separated by a white dot are consecutive. All white dots are given but one.", []string{"white r1c1,r1c2"}, "sentence: no rule read accounts for it"},
		{"a white dot", "Digits separated by a white dot are consecutive. All white dots are not given.", []string{"white r1c1,r1c2"}, "sentence: no rule read accounts for it"},
		{"an X", "Digits separated by an X sum to 10.", []string{"xv r1c1,r1c2 = 10"}, ""},
		{"an X", "Digits separated by an X sum to 10 or multiply to 10.", []string(nil), "drawn as an X, but the rules text says otherwise of it (\"multipl\")"},
		{"an X", "Digits separated by an X differ by 10.", []string(nil), "drawn as an X, but the rules text says otherwise of it (\"differ\")"},
		{"an X", "Digits separated by an X multiply to 10.", []string(nil), "drawn as an X, but the rules text says otherwise of it (\"multipl\")"},
		{"an X", "Digits separated by an X sum to 10; not all Xs are given.", []string{"xv r1c1,r1c2 = 10"}, ""},
		{"an X", "Digits separated by an X sum to 10. All possible Xs are given.", []string{"no-xv = 10", "xv r1c1,r1c2 = 10"}, ""},
		{"an X", "Digits separated by an X sum to 10. All Xs are given, but not all Vs.", []string{"xv r1c1,r1c2 = 10"}, ""},
		{"an X", "Digits separated by an X sum to 10. Every X is given in rows; columns may have others.", []string{"xv r1c1,r1c2 = 10"}, "sentence: no rule read accounts for it"},
		{"a V", "Digits separated by a V sum to 5.", []string{"xv r1c1,r2c1 = 5"}, ""},
		{"a V", "Digits separated by a V sum to 5 or differ by 5.", []string(nil), "drawn as a V, but the rules text says otherwise of it (\"differ\")"},
		{"a V", "Digits separated by a V sum to a multiple of 5.", []string(nil), "drawn as a V, but the rules text says otherwise of it (\"multipl\")"},
		{"a V", "Digits separated by a V sum to 5 and digits separated by an X sum to 10. All possible Xs and Vs are given.", []string{"no-xv", "xv r1c1,r2c1 = 5"}, ""},
		{"a V", "Digits separated by a V sum to 5. All Vs are given but not all Xs.", []string{"xv r1c1,r2c1 = 5"}, ""},
		{"an inequality sign", "The inequality signs point to the lower digit.", []string{"inequality r1c1,r1c2", "inequality r2c2,r2c1", "inequality r1c3,r2c3", "inequality r2c4,r1c4", "inequality r4c1,r3c1", "inequality r3c2,r3c3", "inequality r3c4,r4c4"}, ""},
		{"an inequality sign", "The inequality signs point to the lower digit, by at least 2.", []string(nil), "drawn as an inequality sign, but the rules text says otherwise of it (\"at least\")"},
		{"an inequality sign", "Inequality signs: the digit on the open side is larger, by exactly 1.", []string(nil), "drawn as an inequality sign, but the rules text says otherwise of it (\"exactly\")"},
		{"an inequality sign", "The inequality signs point to the lower digit, and all inequality signs between adjacent cells are given.", []string{"inequality r1c1,r1c2", "inequality r2c2,r2c1", "inequality r1c3,r2c3", "inequality r2c4,r1c4", "inequality r4c1,r3c1", "inequality r3c2,r3c3", "inequality r3c4,r4c4"}, ""},
		{"an inequality sign", "The inequality signs point to the lower digit, except one which lies.", []string(nil), "drawn as an inequality sign, but the rules text says otherwise of it (\"except\")"},
		{"an even cell", "A cell with a grey square holds an even digit.", []string{"even r2c2"}, ""},
		{"an even cell", "A cell with a grey square holds an odd digit.", []string(nil), "drawn as an even cell, which the rules text does not name"},
		{"an even cell", "A cell with a grey square holds an even digit; cells with circles are odd.", []string{"even r2c2"}, ""},
		{"an even cell", "A cell with a grey square does not hold an even digit.", []string(nil), "drawn as an even cell, but the rules text says otherwise of it (\"not\")"},
		{"an even cell", "A cell with a grey square holds an even digit greater than 2.", []string(nil), "drawn as an even cell, but the rules text says otherwise of it (\"greater than\")"},
		{"an odd cell", "The yellow circles hold odd digits.", []string{"odd r2c2"}, ""},
		{"an odd cell", "The yellow circles hold odd digits, except one.", []string(nil), "drawn as an odd cell, but the rules text says otherwise of it (\"except\")"},
		{"an odd cell", "The yellow circles hold even digits. Odd digits are in circles only in box 1.", []string(nil), "drawn as an odd cell, but the rules text says otherwise of it (\"box 1\")"},
		{"a lockout line", "Lockout lines: digits on the line lie outside the range of the diamonds, which differ by at least 4 in box 1.", []string(nil), "drawn as a lockout line, but the rules text says otherwise of it (\"box 1\")"},
		{"a thermometer", "Digits on a thermometer increase from the bulb in the fifth box.", []string(nil), "drawn as a thermometer, but the rules text says otherwise of it (\"fifth box\")"},
		{"an odd cell", "Digits in circles are odd and sum to 10.", []string(nil), "drawn as an odd cell, but the rules text says otherwise of it (\"sum\")"},
		{"an odd cell", "Digits in circles are odd primes.", []string(nil), "drawn as an odd cell, but the rules text says otherwise of it (\"prime\")"},
		{"a maximum cell", "Digits in grey shaded cells are greater than every orthogonally adjacent digit.", []string{"maximum r2c2"}, ""},
		{"a maximum cell", "Digits in grey shaded cells are greater than every diagonally adjacent digit.", []string(nil), "no kind of rule is drawn so"},
		{"a maximum cell", "Digits in grey shaded cells are greater than at least one adjacent digit.", []string(nil), "no kind of rule is drawn so"},
		{"a maximum cell", "Digits in grey shaded cells are greater than the sum of their adjacent digits.", []string(nil), "no kind of rule is drawn so"},
		{"a maximum cell", "Digits in grey shaded cells are greater than every orthogonally adjacent digit by at least 2.", []string(nil), "no kind of rule is drawn so"},
		{"a minimum cell", "A digit in a shaded cell is less than its orthogonally adjacent digits.", []string{"minimum r2c2"}, ""},
		{"a minimum cell", "A digit in a shaded cell is less than exactly two of its orthogonally adjacent digits.", []string(nil), "drawn as a minimum cell, but the rules text says otherwise of it (\"exactly\")"},
		{"a quadruple", "The digits in a circle on a corner (a quadruple) appear in the four cells around it.", []string{"quadruple r1c1,r1c2,r2c1,r2c2 = 12"}, ""},
		{"a quadruple", "The digits in a circle on a corner (a quadruple) do not appear in the four cells around it.", []string(nil), "drawn as a quadruple, but the rules text says otherwise of it (\"not\")"},
		{"a quadruple", "The digits in a circle on a corner (a quadruple) appear in the four cells around it at least twice.", []string(nil), "drawn as a quadruple, but the rules text says otherwise of it (\"at least\")"},
		{"a quadruple", "The digits in a circle on a corner sum to the four cells around it; quadruples appear elsewhere.", []string(nil), "drawn as a quadruple, but the rules text says otherwise of it (\"sum\")"},
		{"a quadruple", "The digits in a circle on a corner appear in the four cells around it, or in the next ones.", []string(nil), "drawn as a quadruple, which the rules text does not name"},
		{"a quadruple", "The digits in a circle on a corner (a quadruple) appear exactly once in the four cells around it.", []string(nil), "drawn as a quadruple, but the rules text says otherwise of it (\"once\")"},
		{"a quadruple", "The digits in a circle on a corner (a quadruple) are all the odd digits that appear in the four cells around it.", []string(nil), "drawn as a quadruple, but the rules text says otherwise of it (\"odd\")"},
		{"a counting circle", "Counting circles: if a digit n is in a circle, then n is in exactly n circles.", []string{"counting-circles r1c1,r2c3,r4c2"}, ""},
		{"a counting circle", "If a digit n is in a circle, then n is in exactly n+1 circles.", []string(nil), "drawn as a counting circle, but the rules text says otherwise of it (\"n 1\")"},
		{"a counting circle", "If a digit n is in a circle, then n is in exactly n circles, in its row.", []string(nil), "drawn as a counting circle, but the rules text says otherwise of it (\"row\")"},
		{"a counting circle", "If a digit n is in a circle, then n is in at least n circles.", []string(nil), "drawn as a counting circle or an entropic knight circle, which the rules text does not name"},
		{"an entropic knight circle", "Every cell a chess knight's move from a circled digit holds a digit of that circle's entropic group (low, middle or high).", []string{"entropic-knight-circle r1c1", "entropic-knight-circle r3c2"}, ""},
		{"an entropic knight circle", "Every cell a chess knight's move from a circled digit holds a digit of a different entropic group (low, middle or high).", []string(nil), "drawn as an entropic knight circle, but the rules text says otherwise of it (\"differ\")"},
		{"an entropic knight circle", "A cell a chess knight's move from a circled digit does not hold a digit of that circle's entropic group (low, middle or high).", []string(nil), "drawn as an entropic knight circle, but the rules text says otherwise of it (\"not\")"},
		{"an entropic knight circle", "At least one cell a chess knight's move from a circled digit holds a digit of that circle's entropic group (low, middle or high).", []string(nil), "drawn as an entropic knight circle, but the rules text says otherwise of it (\"at least\")"},
		{"a sandwich clue", "A sandwich clue outside the grid is the sum of the digits between the 1 and the 4 of its column.", []string{"sandwich r1c2,r2c2,r3c2,r4c2 = 3"}, ""},
		{"a sandwich clue", "A sandwich clue outside the grid is the sum of the digits between the 2 and the 3 of its column.", []string(nil), "drawn as a sandwich clue, but the rules text says otherwise of it (\"2 and\")"},
		{"a sandwich clue", "A sandwich clue outside the grid is the sum of the digits between the 1 and the 4 of its column, including them.", []string(nil), "drawn as a sandwich clue, but the rules text says otherwise of it (\"including\")"},
		{"a sandwich clue", "A sandwich clue outside the grid is the product of the digits between the 1 and the 4 of its column.", []string(nil), "drawn as a sandwich clue, but the rules text says otherwise of it (\"product\")"},
		{"a sandwich clue", "A sandwich clue outside the grid is the sum of the digits between the smallest and largest digits of its column.", []string{"sandwich r1c2,r2c2,r3c2,r4c2 = 3"}, ""},
		{"a sandwich clue", "A sandwich clue outside the grid is the number of digits between the 1 and the 4 of its column.", []string(nil), "drawn as a sandwich clue, but the rules text says otherwise of it (\"number of\")"},
		{"a sandwich clue", "A sandwich clue outside the grid is the sum of the digits between the 1 and the 4 of its column, which may be wrong.", []string(nil), "drawn as a sandwich clue, but the rules text says otherwise of it (\"wrong\")"},
		{"a sandwich clue", "Sandwich sums: clues outside the grid give the sum of the digits between the two odd digits.", []string(nil), "drawn as a sandwich clue, but the rules text says otherwise of it (\"odd\")"},
		{"a sandwich clue", "Sandwich: a clue is the sum of the digits sandwiched between the 1 and 9, or between the 2 and 8.", []string(nil), "drawn as a sandwich clue, but the rules text says otherwise of it (\"2 and\")"},
		{"an x-sum clue", "X-sums: a clue outside the grid is the sum of the first X digits of its row, X being the first of them.", []string{"x-sum r2c4,r2c3,r2c2,r2c1 = 7"}, ""},
		{"an x-sum clue", "X-sums: a clue outside the grid is the sum of the first X digits of its row, X being the last of them.", []string(nil), "drawn as an x-sum clue, but the rules text says otherwise of it (\"last\")"},
		{"an x-sum clue", "X-sums: a clue outside the grid is the product of the first X digits of its row, X being the first of them.", []string(nil), "drawn as an x-sum clue, but the rules text says otherwise of it (\"product\")"},
		{"an x-sum clue", "X-sums: a clue outside the grid is the sum of the first X digits of its row, X being the first of them, or the sum of the last X.", []string(nil), "drawn as an x-sum clue, but the rules text says otherwise of it (\"last\")"},
		{"an x-sum clue", "Clues outside the grid are X-sums, but count the digit X itself twice.", []string(nil), "drawn as an x-sum clue, but the rules text says otherwise of it (\"twice\")"},
		{"a skyscraper clue", "Skyscrapers: a clue outside the grid counts the skyscrapers seen from it.", []string{"skyscraper r4c1,r3c1,r2c1,r1c1 = 2"}, ""},
		{"a skyscraper clue", "Skyscrapers: a clue outside the grid is the sum of the skyscrapers seen from it.", []string(nil), "drawn as a skyscraper clue, but the rules text says otherwise of it (\"sum\")"},
		{"a skyscraper clue", "Skyscrapers: a clue outside the grid counts the skyscrapers seen from it, where a skyscraper hides those behind only if taller by 2.", []string(nil), "drawn as a skyscraper clue, but the rules text says otherwise of it (\"only if\")"},
		{"a skyscraper clue", "Skyscrapers: a clue outside the grid counts the skyscrapers seen from it; the clue is the number of visible even skyscrapers.", []string(nil), "drawn as a skyscraper clue, but the rules text says otherwise of it (\"even\")"},
		{"a skyscraper clue", "Skyscrapers: clues outside the grid count the visible skyscrapers, but lie by one.", []string(nil), "drawn as a skyscraper clue, but the rules text says otherwise of it (\"lie by\")"},
		{"a skyscraper clue", "Skyscrapers: a clue outside the grid counts the skyscrapers seen from the opposite side.", []string(nil), "drawn as a skyscraper clue, but the rules text says otherwise of it (\"opposite\")"},
		{"a killer cage", "Digits in cages sum to the total in their corner. Digits are allowed to repeat in cages.", []string(nil), "drawn as a killer cage, but the rules text says otherwise"},
		{"a killer cage", "Digits in cages are not allowed to repeat and sum to the total in their corner.", []string{"killer r1c1,r1c2 = 3"}, ""},
		{"a killer cage", "Digits in cages sum to the total in their corner. Digits may repeat on little killer diagonals.", []string{"killer r1c1,r1c2 = 3"}, "sentence: no rule read accounts for it"},
		{"a killer cage", "Killer cages: repeats are allowed, and digits sum to the clue.", []string(nil), "drawn as a killer cage, but the rules text says otherwise"},
		{"a killer cage", "Digits in a cage need not be distinct and sum to the total in the corner.", []string(nil), "drawn as a killer cage, but the rules text says otherwise"},
		{"a killer cage", "The clue in a cage is the sum of its digits modulo 10.", []string(nil), "drawn as a killer cage, but the rules text says otherwise"},
		{"a killer cage", "Clues in cages give the last digit of the sum of the digits.", []string(nil), "drawn as a killer cage, but the rules text says otherwise"},
		{"a killer cage", "Digits in cages must not repeat and sum to the total, except in the grey cages.", []string(nil), "drawn as a killer cage, but the rules text says otherwise"},
		{"a killer cage", "Clues in cages show the sum of the squares of the digits.", []string(nil), "drawn as a killer cage, but the rules text says otherwise"},
		{"a killer cage", "Digits in cages sum to the total; one cage clue is a lie.", []string(nil), "drawn as a killer cage, but the rules text says otherwise"},
		{"a killer cage", "Cage totals give the sum of the digits in the cage, read as a two digit number.", []string(nil), "drawn as a killer cage, but the rules text says otherwise"},
		{"a cage without a total", "Each cage contains digits that sum to the same total.", []string(nil), "drawn as a cage without a total, but the rules text says otherwise"},
		{"a thermometer", "Digits along a thermometer increase from the bulb; digits may repeat on a thermometer.", []string{"slow-thermo r1c1,r1c2,r1c3", "slow-thermo r2c3,r2c2,r2c1"}, ""},
		{"a thermometer", "Digits along thermometers increase from the bulb, by at least 2 each step.", []string(nil), "drawn as a thermometer, but the rules text says otherwise of it (\"step\")"},
		{"a thermometer", "Digits along thermometers increase from the tip to the bulb.", []string(nil), "drawn as a thermometer, but the rules text says otherwise of it (\"to the bulb\")"},
		{"a thermometer", "Digits along thermometers increase from the bulb, but the bulb is the sum of the others.", []string(nil), "drawn as a thermometer, but the rules text says otherwise of it (\"sum\")"},
		{"a thermometer", "Digits increase along each thermometer from the bulb end, with repeats allowed.", []string{"slow-thermo r1c1,r1c2,r1c3", "slow-thermo r2c3,r2c2,r2c1"}, ""},
		{"a thermometer", "Digits along thermometers increase from either end.", []string(nil), "drawn as a thermometer, but the rules text says otherwise of it (\"either end\")"},
		{"a renban line", "Digits on a purple renban line are a set of consecutive digits in any order; repeats are allowed.", []string(nil), "drawn as a renban line, but the rules text says otherwise of it (\"may repeat\")"},
		{"a renban line", "Renban lines contain a non-repeating set of consecutive digits in increasing order.", []string(nil), "drawn as a renban line, but the rules text says otherwise of it (\"increasing\")"},
		{"a renban line", "Purple lines are renban lines, except the digits need not be consecutive.", []string(nil), "drawn as a renban line, but the rules text says otherwise of it (\"except\")"},
		{"a renban line", "Digits on a purple line are a set of consecutive even numbers in any order.", []string(nil), "drawn as a renban line, but the rules text says otherwise of it (\"even\")"},
		{"a whispers line", "German whispers: adjacent digits along a green line differ by at most 4.", []string(nil), "drawn as a whispers line, but the rules text says otherwise of it (\"at most\")"},
		{"a whispers line", "German whispers: adjacent digits along a green line differ by exactly 5.", []string(nil), "drawn as a whispers line, but the rules text bounds its difference otherwise than \"at least\" a number"},
		{"a whispers line", "Adjacent digits along a green line differ by more than 3.", []string(nil), "drawn as a whispers line, which the rules text does not name"},
		{"a whispers line", "Adjacent digits along a green line have a difference of at least X, where X is the number of cells on the line.", []string(nil), "drawn as a whispers line, but the rules text bounds its difference otherwise than \"at least\" a number"},
		{"a whispers line", "Along green lines, adjacent digits differ by at least 5; along other lines, by at least 4.", []string(nil), "drawn as a whispers line, but the rules text bounds its difference otherwise than \"at least\" a number"},
		{"a whispers line", "Adjacent digits along green lines must have a difference of at least 3 and at most 6.", []string(nil), "drawn as a whispers line, but the rules text says otherwise of it (\"at most\")"},
		{"a lockout line", "The diamonds of a lockout line differ by exactly 4, and no digit on the line lies between them.", []string(nil), "drawn as a lockout line, but the rules text bounds its difference otherwise than \"at least\" a number"},
		{"a sum line", "Every line splits into one or more segments, each with digits that sum to 10 or 15.", []string(nil), "drawn as a sum line, but the sentences naming it state no total, or several"},
		{"a region sum line", "Box borders divide blue lines into segments each summing to 10.", []string(nil), "drawn as a region sum line, but the rules text says otherwise of it (\"a total\")"},
		{"a zipper line", "Digits on a lavender zipper line at the same distance from its middle sum to 10.", []string(nil), "drawn as a zipper line, but the rules text says otherwise of it (\"a total\")"},
		{"an arrow", "The digit in the circle is the product of the digits on its arrow.", []string(nil), "drawn as an arrow or a difference arrow, which the rules text does not name"},
		{"an arrow", "Digits along an arrow sum to the number in its circle, and digits on an arrow may not repeat.", []string(nil), "drawn as an arrow, but the rules text says otherwise of it (\"may not repeat\")"},
		{"a little killer", "Little killer: the clue counts the odd digits along the diagonal.", []string(nil), "drawn as a little killer, but the rules text says otherwise of it (\"count\")"},
		{"a main diagonal", "Digits on the marked diagonal may be repeated.", []string(nil), "drawn as a main diagonal, but the rules text says otherwise of it (\"may repeat\")"},
		{"a main diagonal", "Each digit appears exactly once on the marked diagonal.", []string{"diagonal- r1c1,r2c2,r3c3,r4c4"}, ""},
		{"a black dot", "Digits separated by a black dot are in a 1:3 ratio.", []string(nil), "drawn as a black dot, but the rules text says otherwise of it (\"1 3\")"},
		{"a white dot", "A white dot between two cells requires that the value in one cell is exactly 1 greater than the value of the other cell.", []string{"white r1c1,r1c2"}, ""},
		{"a slow thermometer", "Slow thermometers: digits along a thermometer either increase or stay the same from the bulb end.", []string{"slow-thermo r1c1,r1c2,r1c3"}, ""},
		{"a between line", "Digits on a line between two circles lie between the digits in the circles, inclusive.", []string(nil), "drawn as a between line, but the rules text says otherwise of it (\"inclusive\")"},
		{"a between line", "Digits on a line between two circles lie outside the range of the circles.", []string(nil), "drawn as a between line, but the rules text says otherwise of it (\"outside\")"},
		{"a between line", "Digits on a line between two circles sum to the digits in the circles.", []string(nil), "drawn as a between line, but the rules text says otherwise of it (\"sum\")"},
		{"a double arrow", "The digits in the circles of a double arrow multiply to the total of the digits between them.", []string(nil), "drawn as a double arrow, but the rules text says otherwise of it (\"multipl\")"},
		{"a renban line", "Renban lines hold a set of digits that can be rearranged to be consecutive, with one digit missing.", []string(nil), "drawn as a renban line, but the rules text says otherwise of it (\"missing\")"},
		{"a whispers line", "Adjacent digits along a green line differ by at least 4.", []string{"whispers r1c1,r1c2,r2c3 = 4"}, ""},
		{"a whispers line", "Adjacent digits along a green line differ by more than 3.", []string(nil), "drawn as a whispers line, which the rules text does not name"},
		{"a whispers line", "Adjacent digits along a green line differ by at least 5 and sum to at least 10.", []string(nil), "drawn as a whispers line, but the rules text says otherwise of it (\"sum\")"},
		{"a Dutch whispers line", "Dutch whispers: adjacent digits along an orange line differ by at most 4.", []string(nil), "drawn as a Dutch whispers line, but the rules text says otherwise of it (\"at most\")"},
		{"a region sum line", "Digits on a blue line have the same sum in each box it passes through.", []string{"region-sum-line r1c1,r1c2,r1c3,r1c4"}, ""},
		{"a region sum line", "Box borders divide blue lines into segments with the same sum, except the first segment, which is double.", []string(nil), "drawn as a region sum line, but the rules text says otherwise of it (\"double\")"},
		{"a palindrome line", "A grey line reads the same in either direction, after adding 1 to each digit.", []string(nil), "drawn as a palindrome line, but the rules text says otherwise of it (\"add\")"},
		{"a palindrome line", "Grey lines are parity palindromes.", []string(nil), "drawn as a palindrome line, but the rules text says otherwise of it (\"parity\")"},
		{"an entropic line", "Every four adjacent digits along a peach entropic line hold a low (123), a middle (456) and a high (789) digit.", []string(nil), "drawn as an entropic line, but the rules text says otherwise of it (\"four\")"},
		{"a modular line", "Every three adjacent digits along a modular line have the same remainder mod 3.", []string(nil), "drawn as a modular line, but the rules text says otherwise of it (\"same remainder\")"},
		{"a nabner line", "No two digits on a nabner line differ by 2 or less: they are not consecutive.", []string(nil), "drawn as a nabner line, but the rules text says otherwise of it (\"differ by 2\")"},
		{"a zipper line", "Digits on a lavender zipper line at the same distance from its middle multiply to the same total.", []string(nil), "drawn as a zipper line, but the rules text says otherwise of it (\"multipl\")"},
		{"a sum line", "10 lines: every line splits into one or more segments, each with digits that sum to 10.", []string{"sum-line r1c1,r1c2,r1c3", "sum-line r3c1,r3c2,r4c2,r4c1,r3c1"}, ""},
		{"a sum line", "Every line splits into one or more segments, each with digits that sum to 10 or 15.", []string(nil), "drawn as a sum line, but the sentences naming it state no total, or several"},
		{"a difference count line", "For any two adjacent digits on a coloured line, their difference says how many adjacent pairs on that line have this difference or more.", []string(nil), "drawn as a zipper line, which the rules text does not name"},
		{"a Fibonacci line", "Digits along a Fibonacci line increase from one end to the other, each digit after the first three being the sum of the three before it.", []string(nil), "drawn as a palindrome line, a sum line or a sequence line, which the rules text does not name"},
		{"a sequence line", "Digits along a grey line form an arithmetic sequence, with a difference of at least 2.", []string(nil), "drawn as a sequence line, but the rules text says otherwise of it (\"at least\")"},
		{"a pair sum line", "On each line of four cells, twice the sum of the last two digits equals the total of the first two.", []string(nil), "drawn as a whispers line, which the rules text does not name"},
		{"a main diagonal", "Digits on the marked diagonal are all odd, and do not repeat.", []string(nil), "drawn as a main diagonal, but the rules text says otherwise of it (\"odd\")"},
		{"a maximum cell", "Digits in grey shaded cells are greater than every diagonally adjacent digit.", []string(nil), "no kind of rule is drawn so"},
		{"a cage without a total", "Each cage contains digits that sum to a square number.", []string(nil), "drawn as a cage without a total, but the rules text says otherwise"},
		{"anti-knight", "Anti-knight: cells a knight's move apart cannot hold the same digit.", []string{"anti-knight"}, ""},
		{"anti-knight", "Cells separated by a knight's move (in chess) cannot contain a repeated digit.", []string{"anti-knight"}, ""},
		{"anti-knight", "Anti-Knight: Digits that are a knight's move apart cannot be identical anywhere in the grid.", []string{"anti-knight"}, ""},
		{"anti-knight", "Anti-knight applies to digits 1-5 only.", []string(nil), "sentence: no rule read accounts for it"},
		{"anti-knight", "Odd digits cannot repeat a knight's move apart.", []string(nil), "sentence: no rule read accounts for it"},
		{"anti-knight", "Anti-knight: digits 1-3 cannot repeat a knight's move apart.", []string(nil), "sentence: no rule read accounts for it"},
		{"anti-knight", "Cells a knight's move apart cannot contain the same digit, in boxes 1 and 4.", []string(nil), "sentence: no rule read accounts for it"},
		{"anti-knight", "Anti-knight for even digits.", []string(nil), "sentence: no rule read accounts for it"},
		{"anti-king", "Anti-king: cells a king's move apart (even diagonally) cannot hold the same digit.", []string{"anti-king"}, ""},
		{"anti-king", "Anti-king applies in box 2.", []string(nil), "sentence: no rule read accounts for it"},
		{"anti-king", "Anti-king applies in box five.", []string(nil), "sentence: no rule read accounts for it"},
		{"anti-king", "Anti-king applies in the fifth box.", []string(nil), "sentence: no rule read accounts for it"},
		{"anti-king", "Anti-king applies in the top row.", []string(nil), "sentence: no rule read accounts for it"},
		{"anti-king", "Anti-king applies to digits one to five.", []string(nil), "sentence: no rule read accounts for it"},
		{"anti-king", "Anti-king applies among odd digits.", []string(nil), "sentence: no rule read accounts for it"},
		{"non-consecutive", "Non-consecutive: orthogonally adjacent digits cannot be consecutive.", []string{"non-consecutive"}, ""},
		{"non-consecutive", "Orthogonally adjacent digits in box 1 cannot be consecutive.", []string(nil), "sentence: no rule read accounts for it"},
		{"non-consecutive", "Adjacent digits 1-3 cannot be consecutive.", []string(nil), "sentence: no rule read accounts for it"},
		{"non-consecutive", "Non-consecutive: adjacent cells may not be consecutive, in rows only.", []string(nil), "sentence: no rule read accounts for it"},
		{"both diagonals, named only", "Digits 1-3 do not repeat on the two main diagonals.", []string(nil), "sentence: no rule read accounts for it"},
		{"both diagonals, named only", "Odd digits may not repeat on both main diagonals.", []string(nil), "sentence: no rule read accounts for it"},
		{"disjoint groups", "Disjoint groups apply to odd digits only.", []string(nil), "sentence: no rule read accounts for it"},
		{"disjoint groups", "Digits 1-3 may not repeat in cells in the same position in their boxes.", []string(nil), "sentence: no rule read accounts for it"},
		{"disjoint groups", "Disjoint groups: digits may not repeat in cells in the same position in boxes 1, 2 and 3.", []string(nil), "sentence: no rule read accounts for it"},
		{"disjoint groups", "Disjoint groups: cells in the same position in the centre box and the corner boxes cannot hold the same digit.", []string(nil), "sentence: no rule read accounts for it"},
		{"no parity triple", "In rows only, a string of 3 adjacent digits is never all even or all odd; in columns it may be.", []string(nil), "sentence: no rule read accounts for it"},
		{"no parity triple", "Rows and columns hold no three consecutive odd digits nor three consecutive even digits.", []string{"no-parity-triple"}, ""},
		{"anti-knight", "Identical digits must be a knight's move apart.", []string(nil), "sentence: no rule read accounts for it"},
		{"anti-knight", "Digits a knight's move apart must be the same.", []string(nil), "sentence: no rule read accounts for it"},
		{"anti-king", "Identical digits must be a king's move apart.", []string(nil), "sentence: no rule read accounts for it"},
		{"disjoint groups", "Cells in the same position in each box must hold the same digit.", []string(nil), "sentence: no rule read accounts for it"},
		{"a lockout line", "Lockout lines: the diamonds differ by at least 4; digits on the line may not be between the diamond digits.", []string{"lockout r1c1,r1c2,r1c3 = 4"}, ""},
		{"a lockout line", "The ends of a lockout line differ by 4 or more, and the digits on the line lie outside the range of the ends.", []string{"lockout r1c1,r1c2,r1c3 = 4"}, ""},
		{"a lockout line", "The diamond ends of a lockout line differ by at least 4, and digits on the line must lie between them.", []string(nil), "drawn as a lockout line, but the rules text says otherwise of it (\"between\")"},
		{"a lockout line", "Lockout lines: the diamonds differ by at least 4; the digits on the line lie between them.", []string(nil), "drawn as a lockout line, but the rules text says otherwise of it (\"between\")"},
		// A pill read as a number, left to right or top to bottom, is the
		// kind's; one read otherwise, or summed, is not.
		{"an arrow", "Digits along an arrow sum to the number in the attached circle or pill. Numbers in pills read from left to right / top to bottom.", []string{"arrow r1c1 / r1c2,r1c3 / r2c2", "arrow r4c3,r4c4 / r5c4,r6c4,r7c4"}, ""},
		{"an arrow", "Digits on an 𝗮𝗿𝗿𝗼𝘄 sum to the number in the attached circle or pill. Pills are read in normal reading order. 𝘪.𝘦. 𝘧𝘳𝘰𝘮 𝘭𝘦𝘧𝘵 𝘵𝘰 𝘳𝘪𝘨𝘩𝘵 𝘢𝘯𝘥 𝘵𝘰𝘱 𝘵𝘰 𝘣𝘰𝘵𝘵𝘰𝘮.", []string{"arrow r1c1 / r1c2,r1c3 / r2c2", "arrow r4c3,r4c4 / r5c4,r6c4,r7c4"}, ""},
		{"an arrow", "Digits along an arrow sum to the 2-digit number in the pill.", []string{"arrow r1c1 / r1c2,r1c3 / r2c2", "arrow r4c3,r4c4 / r5c4,r6c4,r7c4"}, ""},
		{"an arrow", "Digits along an arrow sum to the number in the attached circle or pill; pills are read as two-digit numbers.", []string{"arrow r1c1 / r1c2,r1c3 / r2c2", "arrow r4c3,r4c4 / r5c4,r6c4,r7c4"}, ""},
		{"an arrow", "Digits along an arrow sum to the sum of the digits in the pill.", []string(nil), "drawn as an arrow, but the rules text says otherwise of it (\"sum of\")"},
		{"an arrow", "Digits in a pill sum to the digits along its arrow.", []string(nil), "drawn as an arrow, but the rules text says otherwise of it (\"sum\")"},
		{"an arrow", "Digits along an arrow sum to the number in the attached circle or pill. Numbers in pills read from right to left.", []string{"arrow r1c1 / r1c2,r1c3 / r2c2"}, "drawn as an arrow, but the rules text reads its pill otherwise (\"right to left\")"},
		{"an arrow", "Digits along an arrow sum to the number in the attached circle or pill. Pills may be read as a number in any order.", []string{"arrow r1c1 / r1c2,r1c3 / r2c2"}, "drawn as an arrow, but the rules text reads its pill otherwise (\"any order\")"},
		{"an arrow", "Digits along an arrow sum to the number in the pill, read in either direction.", []string(nil), "drawn as an arrow, but the rules text says otherwise of it (\"either direction\")"},
		{"an arrow", "The digits along an arrow, read as a number, sum to the pill.", []string(nil), "drawn as an arrow, but the rules text says otherwise of it (\"as a number\")"},
		{"a between line", "Digits on a line between two circles must be greater than one end and less than the other.", []string{"between-line r1c1,r1c2,r1c3"}, ""},
		{"a between line", "Digits on a line must be less than one of the circled digits and greater than the other.", []string{"between-line r1c1,r1c2,r1c3"}, ""},
		{"a between line", "Digits on a line between circles are greater than one neighbour and less than the other.", []string(nil), "drawn as a between line, but the rules text says otherwise of it (\"neighbo\")"},
		{"a between line", "Digits on a line between two circles must be greater than one end and less than or equal to the other.", []string(nil), "drawn as a between line, but the rules text says otherwise of it (\"equal\")"},
		{"a white dot", "Digits separated by a white dot differ by exactly 1.", []string{"white r1c1,r1c2"}, ""},
		{"a white dot", "Digits separated by a white dot differ by exactly 2.", []string(nil), "drawn as a white dot, which the rules text does not name"},
		{"anti-king", "Digits separated by a chess king's move are different.", []string{"anti-king"}, ""},
		{"anti-king", "Digits a king's move apart cannot be different.", []string(nil), "sentence: no rule read accounts for it"},
		{"anti-knight", "Digits separated by a chess knight's move are different.", []string{"anti-knight"}, ""},
		{"anti-knight", "Digits a knight's move apart are different in box 1.", []string(nil), "sentence: no rule read accounts for it"},
		{"a quadruple", "Digits in a quadruple circle appear at least once in the surrounding cells.", []string{"quadruple r1c1,r1c2,r2c1,r2c2 = 12"}, ""},
		{"a quadruple", "Digits in a quadruple circle appear at least twice in the surrounding cells.", []string(nil), "drawn as a quadruple, but the rules text says otherwise of it (\"at least\")"},
		{"a lockout line", "Digits on a blue lockout line must not be between or equal to the digits in the diamonds. The diamonds differ by at least 4.", []string{"lockout r1c1,r1c2,r1c3 = 4"}, ""},
		// A sentence no rule read accounts for that speaks of a kind read,
		// in its words or by what its drawings look like, and changes its
		// rule leaves the drawings unread, with it as the reason.
		{"a lockout line", "Digits on a blue lockout line must not be between or equal to the digits in the diamonds. The diamonds differ by at most 4.", []string(nil), "drawn as a lockout line, but the rules text says otherwise of it (\"at most\")"},
		{"a lockout line", "Digits on a lockout line must be at least 4 away from the diamonds. The diamonds differ by at most 4.", []string(nil), "drawn as a lockout line, but the rules text says otherwise of it (\"at most\")"},
		{"a renban line", "Digits on a purple renban line are a set of consecutive digits in any order. Digits may repeat on these lines.", []string(nil), "drawn as a renban line, but the rules text says otherwise of it (\"may repeat\")"},
		{"an arrow", "Digits along an arrow sum to the number in its circle. The circles hold the product of the digits instead.", []string(nil), "drawn as an arrow, but the rules text says otherwise of it (\"instead\")"},
		{"an arrow", "Digits along an arrow sum to the number in its circle. The arrows may hold repeated digits only if their sum is a multiple of 3.", []string(nil), "drawn as an arrow, but the rules text says otherwise of it (\"multipl\")"},
		{"a white dot", "Digits separated by a white dot are consecutive. One of the dots is wrong.", []string(nil), "drawn as a white dot, but the rules text says otherwise of it (\"wrong\")"},
		{"a whispers line", "German whispers: adjacent digits along a green line differ by at least 3. Neighbours on these lines must be 2 or more apart.", []string(nil), "drawn as a whispers line, but the rules text states two least differences, 3 and 2"},
		{"an X", "Digits separated by an X sum to 10. One of the Xs is false.", []string(nil), "drawn as an X, but the rules text says otherwise of it (\"false\")"},
		{"an X", "Digits separated by an X sum to 10. XV clues in shaded cells are modified: their digits count as negative.", []string(nil), "drawn as an X, but the rules text says otherwise of it (\"modified\")"},
		{"an X", "Digits separated by an X sum to 10. Values in shaded cells count as negative.", []string{"xv r1c1,r1c2 = 10"}, "sentence: no rule read accounts for it"},
		// The dots taken back, the negative rule of the dots is not read.
		{"a white dot", "Digits separated by a white dot are consecutive. All possible white dots are given. The dots are lying.", []string(nil), "drawn as a white dot, but the rules text says otherwise of it (\"lying\")"},
		// A separate sentence that changes no rule read, or speaks of
		// another kind or colour, leaves the rule read.
		{"a whispers line", "German whispers: adjacent digits along a green line differ by at least 3. Digits on purple lines differ by at most 2.", []string{"whispers r1c1,r1c2,r2c3"}, "sentence: no rule read accounts for it"},
		{"a whispers line", "German whispers: adjacent digits along a green line differ by at least 3. Digits on the line differ by at least 3.", []string{"whispers r1c1,r1c2,r2c3"}, ""},
		{"a zipper line", "Digits on a lavender zipper line at the same distance from its middle sum to the middle digit. The centre of the zipper line is marked with a dot.", []string{"zipper-line r1c1,r1c2,r1c3"}, ""},
		{"a white dot", "Digits separated by a white dot are consecutive. Not all dots are given.", []string{"white r1c1,r1c2"}, ""},
		{"a white dot", "Digits separated by a white dot are consecutive. Black dots are in a 1:3 ratio.", []string{"white r1c1,r1c2"}, "sentence: no rule read accounts for it"},
		{"an entropic line", "Every group of three consecutive cells along a peach line contains one low (123), one middle (456) and one high (789) digit.", []string{"entropic-line r1c1,r1c2,r1c3,r1c4"}, ""},
		{"an entropic line", "Every group of four consecutive cells along a peach line contains a low (123), a middle (456) and a high (789) digit.", []string(nil), "drawn as a Dutch whispers line or an entropic line, which the rules text does not name"},
		// Phrasings of the standard ones that say more, or another value
		// beside theirs: the drawings are left unread.
		{"an arrow", "Digits along an arrow sum to the number in the pill. Pills hold a number whose digits sum to the arrow.", []string(nil), "(\"whose digits\")"},
		{"an arrow", "Digits along an arrow sum to the 2-digit number in the pill, read from the end nearest the arrow.", []string(nil), "drawn as an arrow, but the rules text says otherwise of it (\"nearest\")"},
		{"an arrow", "Digits along an arrow sum to the digits in the pill added together.", []string(nil), "drawn as an arrow, but the rules text says otherwise of it (\"added\")"},
		{"an arrow", "Digits along an arrow sum to the 2-digit number in the pill, in some order.", []string(nil), "drawn as an arrow, but the rules text says otherwise of it (\"some order\")"},
		{"an arrow", "Digits along an arrow sum to the number in the pill. Pills are read as a number, units first.", []string{"arrow r1c1 / r1c2,r1c3 / r2c2"}, "drawn as an arrow, but the rules text reads its pill otherwise (\"units\")"},
		{"an arrow", "Digits along an arrow sum to the number in the pill. Pills are read as a number in base 8.", []string{"arrow r1c1 / r1c2,r1c3 / r2c2"}, "drawn as an arrow, but the rules text reads its pill otherwise (\"base \")"},
		{"an arrow", "Digits along an arrow sum to the number in the pill. Pills are read as a number, with the larger digit on the left.", []string{"arrow r1c1 / r1c2,r1c3 / r2c2", "arrow r4c3,r4c4 / r5c4,r6c4,r7c4"}, "sentence: no rule read accounts for it"},
		{"an arrow", "Digits along an arrow sum to the number in the attached circle or pill. Pills contain 2-digit numbers read from left to right.", []string{"arrow r1c1 / r1c2,r1c3 / r2c2", "arrow r4c3,r4c4 / r5c4,r6c4,r7c4"}, ""},
		{"a between line", "No digit on a line between two circles is greater than one end and less than the other.", []string(nil), "drawn as a between line, but the rules text says otherwise of it (\"no digit\")"},
		{"a between line", "Exactly one digit on a line between two circles is greater than one end and less than the other.", []string(nil), "drawn as a between line, but the rules text says otherwise of it (\"exactly\")"},
		{"a between line", "Digits on a line are not greater than one circle and less than the other.", []string(nil), "drawn as a between line, but the rules text says otherwise of it (\"not\")"},
		{"a between line", "Digits on a line are greater than one circle and less than the other, and digits on the line may repeat.", []string(nil), "drawn as a between line, but the rules text says otherwise of it (\"repeat\")"},
		{"a white dot", "Digits separated by a white dot differ by exactly 1 or 3.", []string(nil), "drawn as a white dot, but the rules text says otherwise of it (\"differ by exactly 1 or\")"},
		{"a white dot", "Digits separated by a white dot are one apart or two apart.", []string(nil), "drawn as a white dot, but the rules text says otherwise of it (\"one apart or\")"},
		{"a white dot", "Digits separated by a white dot differ by exactly 1 when in box 5, otherwise by 2.", []string(nil), "drawn as a white dot, but the rules text says otherwise of it (\"otherwise\")"},
		{"an X", "Digits separated by an X sum to 10 or 15.", []string(nil), "drawn as an X, but the rules text says otherwise of it (\"10 or\")"},
		{"anti-king", "Digits a king's move apart are different than digits a knight's move apart.", []string(nil), "sentence: no rule read accounts for it"},
		{"anti-king", "Digits a king's move apart are not all different.", []string(nil), "sentence: no rule read accounts for it"},
		{"anti-knight", "Digits a knight's move apart must be as different as possible.", []string(nil), "sentence: no rule read accounts for it"},
		{"a lockout line", "The diamonds on a line differ by at least 4.", []string(nil), "drawn as a lockout line, which the rules text does not name"},
		{"a lockout line", "Digits on a blue lockout line must not be between or equal to the digits in the diamonds. The diamonds differ by at least 5.", []string{"lockout r1c1,r1c2,r1c3 = 5"}, ""},
		{"a lockout line", "Digits on a lockout line must not be between the diamonds. Diamond digits differ by at least 4 or are equal.", []string(nil), "drawn as a lockout line, but the rules text bounds its difference otherwise than \"at least\" a number"},
		{"an entropic line", "Every group of three consecutive cells along a line contains one low (1-3), one middle (4-7) and one high (8-9) digit.", []string(nil), "drawn as a Dutch whispers line or an entropic line, which the rules text does not name"},
		{"an entropic line", "Every group of three cells along a line contains one low (123), one middle (456) and one high (789) digit.", []string(nil), "drawn as a Dutch whispers line or an entropic line, which the rules text does not name"},
		{"an entropic line", "No group of three consecutive cells along a line contains one low (123), one middle (456) and one high (789) digit.", []string(nil), "drawn as an entropic line, but the rules text says otherwise of it (\"no\")"},
		{"an entropic line", "Every group of three consecutive cells along a line contains one low (123), one middle (456) and one high (789) digit, in that order.", []string(nil), "drawn as an entropic line, but the rules text says otherwise of it (\"that order\")"},
		// A sentence that says only that digits may repeat on drawings of
		// kinds read whose rule lets them is accounted for; said of a
		// kind whose rule does not, it changes that rule.
		{"an arrow", "Digits along an arrow sum to the number in its circle. Digits may repeat on arrows.", []string{"arrow r1c1 / r1c2,r1c3 / r2c2", "arrow r4c3,r4c4 / r5c4,r6c4,r7c4"}, ""},
		{"an arrow", "Digits along an arrow sum to the number in its circle. Digits can repeat within an arrow, subject to the normal sudoku rules.", []string{"arrow r1c1 / r1c2,r1c3 / r2c2", "arrow r4c3,r4c4 / r5c4,r6c4,r7c4"}, ""},
		{"an arrow drawn as lines", "Digits along an arrow sum to the digit in its circle. Repeats are allowed on arrows.", []string{"arrow r1c1 / r1c2,r1c3"}, ""},
		{"a little killer", "Digits along the diagonal an arrow outside the grid points along sum to the number beside it. Digits may repeat along the diagonals.", []string{"little-killer r1c1,r2c2,r3c3,r4c4 = 10"}, ""},
		{"a little killer", "Digits along the diagonal an arrow outside the grid points along sum to the number beside it. Digits may repeat on arrows.", []string{"little-killer r1c1,r2c2,r3c3,r4c4 = 10"}, ""},
		{"a whispers line", "German whispers: adjacent digits along a green line differ by at least 3. Digits may repeat on lines.", []string{"whispers r1c1,r1c2,r2c3"}, ""},
		{"a whispers line", "German whispers: adjacent digits along a green line differ by at least 3. Digits can repeat on green lines if allowed by other rules.", []string{"whispers r1c1,r1c2,r2c3"}, ""},
		{"a Dutch whispers line", "Adjacent digits along an orange Dutch whispers line have a difference of at least 4. Digits may repeat on orange lines.", []string{"whispers r1c1,r1c2,r2c3 = 4"}, ""},
		{"a region sum line", "Digits on a blue line have the same sum in each box it passes through. Repeated digits are allowed on blue lines.", []string{"region-sum-line r1c1,r1c2,r1c3,r1c4"}, ""},
		{"a between line", "Digits on a line between two circles lie strictly between the digits in the circles. Digits may repeat on between lines.", []string{"between-line r1c1,r1c2,r1c3"}, ""},
		{"a palindrome line", "A grey palindrome line reads the same in either direction. Digits can repeat on these lines.", []string{"palindrome r4c1,r4c2,r4c3"}, ""},
		{"an entropic line", "Every three adjacent digits along a peach entropic line hold a low (123), a middle (456) and a high (789) digit. Digits may repeat on peach lines.", []string{"entropic-line r1c1,r1c2,r1c3,r1c4"}, ""},
		{"a modular line", "Every three adjacent digits along a modular line have different remainders modulo 3. Digits may repeat on the lines.", []string{"modular-line r1c1,r1c2,r1c3"}, ""},
		{"a zipper line", "Digits on a lavender zipper line at the same distance from its middle (the dot) sum to the middle digit. Digits may repeat on lavender lines.", []string{"zipper-line r1c1,r1c2,r1c3"}, ""},
		{"a double arrow", "The digits in the circles of a double arrow sum to the total of the digits between them. Digits may repeat on lines.", []string{"double-arrow r1c1,r1c2,r1c3"}, ""},
		{"a slow thermometer", "Digits along a thermometer increase or stay the same from the bulb. Digits may repeat on lines.", []string{"slow-thermo r1c1,r1c2,r1c3"}, ""},
		{"a lockout line", "The diamonds of a lockout line differ by at least 4, and no digit on the line lies between them. Repetition is allowed on the lines.", []string{"lockout r1c1,r1c2,r1c3 = 4"}, ""},
		{"a sum line", "10 lines: every line splits into one or more segments, each with digits that sum to 10. Digits may repeat on white lines.", []string{"sum-line r1c1,r1c2,r1c3", "sum-line r3c1,r3c2,r4c2,r4c1,r3c1"}, ""},
		{"a sequence line", "Digits along a grey line form an arithmetic sequence, read from one end to the other. Digits may repeat on lines.", []string{"sequence-line r1c1,r1c2,r1c3", "sequence-line r3c3,r2c4,r2c5,r3c6", "sequence-line r5c5,r6c5"}, ""},
		{"a difference count line", "For any two adjacent digits on a coloured line, their difference says exactly how many adjacent pairs on that line have this same difference. Digits may repeat on lines.", []string{"difference-count-line r1c1,r1c2,r2c3", "difference-count-line r3c2,r4c3,r5c4,r5c5"}, ""},
		{"a renban line", "Digits on a purple renban line are a set of consecutive digits in any order. Digits can repeat on lines if allowed by other rules.", []string(nil), "drawn as a renban line, but the rules text says otherwise of it (\"can repeat\")"},
		{"a thermometer", "Digits along a thermometer increase from the bulb. Repeated digits are allowed on lines.", []string(nil), "drawn as a thermometer, but the rules text says otherwise of it (\"may repeat\")"},
		{"a thermometer", "Digits along a thermometer increase from the bulb. Digits may repeat on thermometers.", []string(nil), "a thermometer or a slow thermometer"},
		{"a nabner line", "No two digits on a nabner line are equal or consecutive. Digits may repeat on lines.", []string(nil), "drawn as a nabner line, but the rules text says otherwise of it (\"may repeat\")"},
		{"a Fibonacci line", "Digits along a Fibonacci line strictly increase from one end to the other, each digit after the lowest two being the sum of the two before it. Digits may repeat on Fibonacci lines.", []string(nil), "drawn as a Fibonacci line, but the rules text says otherwise of it (\"may repeat\")"},
		{"a main diagonal", "Digits may not repeat on the marked diagonal. Digits may repeat on lines.", []string(nil), "drawn as a main diagonal, but the rules text says otherwise of it (\"may repeat\")"},
		{"an anti-diagonal", "Digits may not repeat on the marked diagonal. Repeats are allowed on the line.", []string(nil), "drawn as an anti-diagonal, but the rules text says otherwise of it (\"may repeat\")"},
		{"a killer cage", "Digits in cages sum to the total in their corner. Digits may repeat in cages.", []string(nil), "drawn as a killer cage, but the rules text says otherwise"},
		{"a cage without a total", "Digits cannot repeat within a cage. Digits may repeat in cages.", []string(nil), "drawn as a cage without a total, but the rules text says otherwise"},
		{"an arrow", "Digits along an arrow sum to the number in its circle. Digits may repeat on arrows but must be odd.", []string{"arrow r1c1 / r1c2,r1c3 / r2c2", "arrow r4c3,r4c4 / r5c4,r6c4,r7c4"}, "sentence: no rule read accounts for it"},
		{"an arrow", "Digits along an arrow sum to the number in its circle. Digits may repeat on arrows and in boxes.", []string{"arrow r1c1 / r1c2,r1c3 / r2c2", "arrow r4c3,r4c4 / r5c4,r6c4,r7c4"}, "sentence: no rule read accounts for it"},
		{"an arrow", "Digits along an arrow sum to the number in its circle. Digits may repeat.", []string{"arrow r1c1 / r1c2,r1c3 / r2c2", "arrow r4c3,r4c4 / r5c4,r6c4,r7c4"}, "sentence: no rule read accounts for it"},
		{"an arrow", "Digits along an arrow sum to the number in its circle. Digits may repeat on lines.", []string{"arrow r1c1 / r1c2,r1c3 / r2c2", "arrow r4c3,r4c4 / r5c4,r6c4,r7c4"}, "sentence: no rule read accounts for it"},
		{"a whispers line", "German whispers: adjacent digits along a green line differ by at least 3. Digits may repeat on purple lines.", []string{"whispers r1c1,r1c2,r2c3"}, "sentence: no rule read accounts for it"},
		{"a whispers line", "German whispers: adjacent digits along a green line differ by at least 3. Digits may repeat on lines, except in box 1.", []string(nil), "drawn as a whispers line, but the rules text says otherwise of it (\"except\")"},
		// A difference arrow, a region difference line, Roman numeral
		// cages, prime cages and cages of distinct totals said
		// otherwise: negated, scaled, in another order, of the digits
		// rather than the numbers, of some cages.
		{"a difference arrow", "The difference between the two digits on an arrow is not the digit in its circle.", []string(nil), "drawn as a"},
		{"a difference arrow", "The difference between the two digits on an arrow is never the digit in its circle.", []string(nil), "drawn as a"},
		{"a difference arrow", "The difference between the two digits on an arrow is twice the digit in its circle.", []string(nil), "drawn as a"},
		{"a difference arrow", "The digit in the circle is the difference between the two digits on its arrow, or half of it.", []string(nil), "drawn as a"},
		{"a difference arrow", "The difference between the digits on an arrow, divided by the digit in its circle, is 1.", []string(nil), "drawn as a"},
		{"a difference arrow", "The digit in the circle is the difference of the two digits on its arrow, taken in the arrow's direction.", []string(nil), "drawn as a"},
		{"a difference arrow", "The difference between the two digits on an arrow is the digit in its circle; the circle holds the smaller digit.", []string(nil), "drawn as a"},
		{"a difference arrow", "The difference between the digit in the circle and the first digit on its arrow is the second digit.", []string(nil), "drawn as a"},
		{"a difference arrow", "The digit in the circle is the difference between the two digits on its arrow, ignoring sign.", []string{"difference-arrow r1c1 / r1c2,r1c3 / r2c2,r3c2", "difference-arrow r5c5 / r6c5,r7c5"}, ""},
		{"a region difference line", "No two boxes on a blue line have the same difference.", []string(nil), "drawn as a"},
		{"a region difference line", "The difference between the digits on a blue line in each box it passes through is not the same.", []string(nil), "drawn as a"},
		{"a region difference line", "Digits on a blue line have the same signed difference in each box it passes through.", []string(nil), "drawn as a"},
		{"a region difference line", "Each box along a blue line holds two digits that differ by the same amount, the larger always first.", []string(nil), "drawn as a"},
		{"a Roman numeral between cages", "Roman numeral cages: the larger number of two cages joined by a numeral is its value.", []string(nil), "drawn as a"},
		{"a Roman numeral between cages", "Roman numeral cages: the number in each cage joined by a numeral is its value.", []string(nil), "drawn as a"},
		{"a Roman numeral between cages", "Roman numeral cages: the numbers in two cages joined by a numeral sum to its value, with the numeral read backwards.", []string(nil), "drawn as a"},
		{"a Roman numeral between cages", "Roman numeral cages: the digits of two cages joined by a Roman numeral sum to its value.", []string(nil), "drawn as a"},
		{"a Roman numeral between cages", "Roman numeral cages: each cage's digits sum to the value of the numeral beside it.", []string(nil), "drawn as a"},
		{"a Roman numeral between cages", "Roman numeral cages: two cages joined by a numeral hold numbers that sum to its value, each number read from the numeral outward.", []string(nil), "drawn as a"},
		{"a prime cage", "No cage sums to a prime.", []string(nil), "drawn as a"},
		{"a prime cage", "Digits in a cage never sum to a prime number.", []string(nil), "drawn as a"},
		{"a prime cage", "Each digit in a cage is prime.", []string(nil), "drawn as a"},
		{"a prime cage", "Every cage contains a prime digit.", []string(nil), "drawn as a"},
		{"a prime cage", "The number of digits in a cage is prime.", []string(nil), "drawn as a"},
		{"a prime cage", "Digits in a cage sum to a prime number or to 1.", []string(nil), "drawn as a"},
		{"a prime cage", "The sum of a cage's digits is prime, or the cage holds a 1.", []string(nil), "drawn as a"},
		{"a prime cage", "Digits in a cage sum to an odd prime.", []string(nil), "drawn as a"},
		{"a prime cage", "Digits in a cage sum to a two-digit prime.", []string(nil), "drawn as a"},
		{"a prime cage", "Digits in a cage sum to a prime number, and the largest digit in each cage is prime.", []string(nil), "drawn as a"},
		{"a prime cage", "Cage totals are prime numbers below 20.", []string(nil), "drawn as a"},
		{"a prime cage", "Each cage's sum is a prime, counting repeated digits once.", []string(nil), "drawn as a"},
		{"a prime cage", "Each cage sums to a prime number, ignoring 1s.", []string(nil), "drawn as a"},
		{"a prime cage", "Each cage's total, read backwards, is a prime.", []string(nil), "drawn as a"},
		{"a prime cage", "Each cage sums to a prime number; a prime cage's digits are all odd.", []string(nil), "drawn as a"},
		{"a prime cage", "The digits in a cage add up to a prime.", []string{"prime-cage r1c1,r2c1"}, ""},
		{"cages of distinct totals", "Each cage's digits total a prime; no two cages have the same total, and no two cages have consecutive totals.", []string(nil), "drawn as a"},
		{"cages of distinct totals", "Each cage's digits total a prime; no two cages in a row sum to the same prime.", []string(nil), "drawn as a"},
		{"cages of distinct totals", "Each cage's digits total a prime; no two cages have the same total, other than the 2-cell cages.", []string(nil), "drawn as a"},
		{"cages of distinct totals", "Each cage's digits total a prime, but no two cages have the same total.", []string{"prime-cage r1c1,r1c2", "prime-cage r3c1,r4c1", "distinct-sums / r1c1,r1c2 / r3c1,r4c1"}, ""},
		{"cages of distinct totals", "Each cage's digits total a prime. All cages have distinct sums but one.", []string{"prime-cage r1c1,r1c2", "prime-cage r3c1,r4c1"}, "sentence: no rule read accounts for it"},
		{"cages of distinct totals", "Each cage's digits total a prime. Cages don't have distinct totals.", []string{"prime-cage r1c1,r1c2", "prime-cage r3c1,r4c1"}, "sentence: no rule read accounts for it"},
		{"cages of distinct totals", "Each cage's digits total a prime. Not all cages have different totals.", []string{"prime-cage r1c1,r1c2", "prime-cage r3c1,r4c1"}, "sentence: no rule read accounts for it"},
		{"cages of distinct totals", "Each cage's digits total a prime. Two cages share a total; all other cage totals are different.", []string{"prime-cage r1c1,r1c2", "prime-cage r3c1,r4c1"}, "sentence: no rule read accounts for it"},
		{"cages of distinct totals", "Each cage's digits total a prime. No two cages have the same number of cells.", []string{"prime-cage r1c1,r1c2", "prime-cage r3c1,r4c1"}, "sentence: no rule read accounts for it"},
		{"cages of distinct totals", "Each cage's digits total a prime. No two cages sum to the same prime, and no cage sums to 2.", []string(nil), "drawn as a prime cage, but the rules text says otherwise of it (\"no cage\")"},
		// A sentence saying digits may repeat in the houses states no
		// classic rule.
		{"a killer cage", "Digits may repeat in rows, columns and boxes.", []string{"killer r1c1,r1c2 = 3"}, "sentence: no rule read accounts for it"},
	} {
		d, ok := docs[c.conv]
		if !ok {
			t.Fatalf("no test puzzle for %q", c.conv)
		}
		d.rules = "Normal sudoku rules apply. " + c.text
		p := parseSCL(t, d, false)
		var got, left []string
		for _, r := range p.Rules {
			got = append(got, ruleString(p.Size(), r))
		}
		for _, u := range p.Unread {
			left = append(left, u.Kind+": "+u.Reason)
		}
		fits := len(left) == 0
		if c.why != "" {
			fits = slices.ContainsFunc(left, func(u string) bool { return strings.Contains(u, c.why) })
		}
		if !slices.Equal(got, c.want) || !fits {
			t.Errorf("%s, %q: rules %q, not read %q; want %q, not read %q", c.conv, c.text, got, left, c.want, c.why)
		}
	}
}

// TestSPRepeatsOfSeveralKinds: a sentence that digits may repeat on
// drawings speaks of every kind read whose drawings it may mean ("lines"
// of whispers and renban lines alike, unless a colour keeps one): it is
// accounted for only when each of them lets digits repeat, and leaves the
// drawings of a kind that does not unread.
func TestSPRepeatsOfSeveralKinds(t *testing.T) {
	whispers, renban := "whispers r1c1,r1c2,r2c3", "renban r4c1,r5c2,r6c3"
	for _, c := range []struct {
		text string
		want []string
		why  string // a reason among the not read, or "" for none
	}{
		{"Digits may repeat on green lines.", []string{renban, whispers}, ""},
		{"Digits may repeat on the green lines if allowed by other rules.", []string{renban, whispers}, ""},
		{"Digits may repeat on lines.", []string{whispers}, "drawn as a renban line, but the rules text says otherwise of it (\"may repeat\")"},
		{"Digits may repeat on green and purple lines.", []string{whispers}, "drawn as a renban line, but the rules text says otherwise of it (\"may repeat\")"},
		{"Digits may repeat on purple lines.", []string{whispers}, "drawn as a renban line, but the rules text says otherwise of it (\"may repeat\")"},
		{"Digits may repeat on red lines.", []string{renban, whispers}, "sentence: no rule read accounts for it"},
	} {
		d := scl{n: 6, rules: "Normal sudoku rules apply. German whispers: adjacent digits along a green line differ by at least 3. " +
			"Digits on a purple renban line are a set of consecutive digits in any order. " + c.text,
			lines: []map[string]any{drawLine("#67F067", 6, "r1c1 r1c2 r2c3"), drawLine("#F067F0", 8, "r4c1 r5c2 r6c3")}}
		p := parseSCL(t, d, false)
		var got, left []string
		for _, r := range p.Rules {
			got = append(got, ruleString(p.Size(), r))
		}
		slices.Sort(got)
		for _, u := range p.Unread {
			left = append(left, u.Kind+": "+u.Reason)
		}
		fits := len(left) == 0
		if c.why != "" {
			fits = slices.ContainsFunc(left, func(u string) bool { return strings.Contains(u, c.why) })
		}
		if !slices.Equal(got, c.want) || !fits {
			t.Errorf("%q: rules %q, not read %q; want %q, not read %q", c.text, got, left, c.want, c.why)
		}
	}
}

// TestSPAsideNeedNot: "need not" makes a note of a sentence only when it
// speaks of no house, cage, cell or digit: one that relaxes the grid's
// own rules is no aside, and stays for the rules to account for.
func TestSPAsideNeedNot(t *testing.T) {
	for _, c := range []struct {
		text  string
		aside bool
	}{
		{"Lines need not have different totals.", true},
		{"Different lines need not share a sum.", true},
		{"Normal sudoku rules apply, but boxes need not hold every digit.", false},
		{"Digits need not be distinct in a row.", false},
		{"A cage need not hold distinct digits.", false},
	} {
		s := newSPText(c.text, 9).sentences[0]
		if got := spAside(s); got != c.aside {
			t.Errorf("%q: aside %v, want %v", c.text, got, c.aside)
		}
	}
}

// TestSPClassicRepeats: a sentence in the classic rules' words that lets
// digits repeat states no classic rule, however it says so.
func TestSPClassicRepeats(t *testing.T) {
	for _, c := range []struct {
		text    string
		classic bool
	}{
		{"Place the digits 1 to 9 once each in every row, column and box.", true},
		{"Digits cannot be repeated in a row, column or box.", true},
		{"Rows, columns and boxes may contain repeated digits.", false},
		{"Repeated digits are allowed in rows, columns and boxes.", false},
		{"Digits can repeat in rows, columns and boxes.", false},
	} {
		s := newSPText(c.text, 9).sentences[0]
		if got := spBoilerplate(s, 9); got != c.classic {
			t.Errorf("%q: classic %v, want %v", c.text, got, c.classic)
		}
	}
}
