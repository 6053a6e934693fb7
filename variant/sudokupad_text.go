package variant

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// This file reads a SudokuPad puzzle's rules text: the sentences that
// name each kind of rule (in the words setters use), the colours they
// give the kind's drawings, and which sentences no rule read accounts
// for. It never reads a rule from the text alone but for the few rules
// of the whole grid that no drawing shows (see spGlobalRules).

// spSentence is one sentence of the rules text: as written, and as
// words, lower case, with punctuation as spaces and apostrophes dropped,
// between spaces (" digits on a thermometer increase ").
type spSentence struct {
	raw, words string
	// n is the grid's size: a sentence naming the digits 1 to n names
	// them all (spSome).
	n int
}

// spText is a puzzle's rules text in sentences.
type spText struct {
	sentences []spSentence
	n         int
}

// newSPText splits the rules text into sentences: at line breaks (a
// written "\n" too, which some tools leave in the text) and after a full
// stop, question or exclamation mark followed by a space, but not after
// "e.g.", "i.e." and the like. n is the grid's size.
func newSPText(text string, n int) *spText {
	text = strings.ReplaceAll(text, `\n`, "\n")
	t := &spText{n: n}
	for line := range strings.Lines(text) {
		line = strings.TrimSpace(line)
		start := 0
		for i := 0; i < len(line); i++ {
			if strings.IndexByte(".!?", line[i]) < 0 || i+1 < len(line) && line[i+1] != ' ' {
				continue
			}
			if abbreviation(line[start : i+1]) {
				continue
			}
			t.add(line[start : i+1])
			start = i + 1
		}
		t.add(line[start:])
	}
	return t
}

// abbreviation reports whether s ends with an abbreviation's full stop,
// in plain letters or a mathematical alphabet's ("𝘪.𝘦.").
func abbreviation(s string) bool {
	s = strings.Map(plainLetter, strings.ToLower(s))
	for _, a := range []string{"e.g.", "i.e.", "eg.", "ie.", "vs.", "etc.", "approx.", " no.", "(e.g.", "(i.e."} {
		if strings.HasSuffix(s, a) {
			return true
		}
	}
	return false
}

func (t *spText) add(raw string) {
	raw = strings.TrimSpace(raw)
	// Bullets and numbering are no part of the sentence.
	raw = strings.TrimLeft(raw, "-•*–—·> ")
	if w := spBetweenEnds(spPlainRepeats.Replace(spWords(raw))); strings.TrimSpace(w) != "" {
		t.sentences = append(t.sentences, spSentence{raw: raw, words: w, n: t.n})
	}
}

// spPlainRepeats says in the rules' own words ("may repeat", "may not
// repeat", "once") what setters say of repeats in others: "are allowed to
// repeat", "may be repeated", "repeats are allowed", "need not be
// distinct", and their negations, which it rewrites first ("are not
// allowed to repeat" is no "allowed to repeat"). A digit that "appears at
// least once" somewhere appears there.
var spPlainRepeats = strings.NewReplacer(
	" not allowed to repeat ", " may not repeat ", " never allowed to repeat ", " may not repeat ",
	" not permitted to repeat ", " may not repeat ", " may not be repeated ", " may not repeat ",
	" cannot be repeated ", " cannot repeat ", " can not be repeated ", " cannot repeat ", " cant be repeated ", " cannot repeat ",
	" must not be repeated ", " may not repeat ", " repeats are not allowed ", " may not repeat ", " repetition is not allowed ", " may not repeat ",
	" repeated digits are not allowed ", " may not repeat ", " no repeats ", " may not repeat ",
	" allowed to repeat ", " may repeat ", " permitted to repeat ", " may repeat ", " may be repeated ", " may repeat ",
	" can be repeated ", " can repeat ", " repeats are allowed ", " may repeat ", " repeats allowed ", " may repeat ",
	" repeated digits are allowed ", " may repeat ", " repeated digits allowed ", " may repeat ", " repetition is allowed ", " may repeat ",
	" repetition allowed ", " may repeat ", " need not be distinct ", " may repeat ", " need not be unique ", " may repeat ",
	" need not be different ", " may repeat ", " dont have to be different ", " may repeat ", " do not have to be different ", " may repeat ",
	" dont need to be different ", " may repeat ", " do not need to be different ", " may repeat ", " exactly once ", " once ",
	" appear at least once ", " appear ", " appears at least once ", " appears ")

// spBetweenEnds says in the words of a between line ("strictly between
// the ends") what setters say of it otherwise: that a digit is "greater
// than one end and less than the other", or "less than one circle and
// greater than the other", which would else read as a comparison that
// changes the rule (spAlters). Only a comparison with the ends or circles
// is rewritten: "greater than one neighbour and less than the other" is
// another rule.
func spBetweenEnds(words string) string {
	more := []string{"greater", "larger", "higher", "bigger"}
	less := []string{"less", "smaller", "lower"}
	f := strings.Fields(words)
	for i := 0; i+3 < len(f); i++ {
		var other []string
		switch {
		case slices.Contains(more, f[i]):
			other = less
		case slices.Contains(less, f[i]):
			other = more
		default:
			continue
		}
		if f[i+1] != "than" || f[i+2] != "one" {
			continue
		}
		// "one end", "one of the circles", "one circled digit": then
		// "and", a few words ("must be", "strictly"), and the other
		// comparison with "the other".
		and := slices.Index(f[i+3:min(i+8, len(f))], "and")
		if and < 0 {
			continue
		}
		and += i + 3
		ends := slices.ContainsFunc(f[i+3:and], func(w string) bool { return strings.HasPrefix(w, "end") || strings.HasPrefix(w, "circle") })
		for j := and + 1; ends && j+3 < len(f) && j <= and+4; j++ {
			if slices.Contains(other, f[j]) && f[j+1] == "than" && f[j+2] == "the" && f[j+3] == "other" {
				start := i
				if start > 0 && f[start-1] == "strictly" {
					start--
				}
				out := slices.Concat(f[:start], []string{"strictly", "between", "the", "ends"}, f[j+4:])
				return " " + strings.Join(out, " ") + " "
			}
		}
	}
	return words
}

// spWords returns the words of s, lower case, each between spaces.
func spWords(s string) string {
	var b strings.Builder
	b.WriteByte(' ')
	space := true
	for _, r := range strings.ToLower(s) {
		r = plainLetter(r)
		switch {
		case r == '\'' || r == '’' || r == '‘' || r == '`':
			continue // knight's → knights
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
			space = false
		case !space:
			b.WriteByte(' ')
			space = true
		}
	}
	if !space {
		b.WriteByte(' ')
	}
	return b.String()
}

// plainLetter maps the letters and digits of Unicode's mathematical
// alphabets (bold, sans-serif, …: "𝗦𝘂𝗱𝗼𝗸𝘂", which setters use for
// headings) to their plain lower-case ASCII forms.
func plainLetter(r rune) rune {
	switch {
	case r >= 0x1D400 && r <= 0x1D6A3:
		k := (r - 0x1D400) % 52
		if k < 26 {
			return 'a' + k
		}
		return 'a' + k - 26
	case r >= 0x1D7CE && r <= 0x1D7FF:
		return '0' + (r-0x1D7CE)%10
	}
	return r
}

// has reports whether the sentence holds a term: a word, or words, that
// start a word of the sentence ("thermo" is in "thermometers"); a term
// ending in a space is whole words ("x " is not in "xv").
func (s spSentence) has(term string) bool {
	// strings.Contains(s.words, " "+term), without building the string:
	// the reader asks this hundreds of thousands of times a puzzle.
	w := s.words
	for off := 0; off <= len(w); {
		i := strings.Index(w[off:], term)
		if i < 0 {
			return false
		}
		i += off
		if i > 0 && w[i-1] == ' ' {
			return true
		}
		off = i + 1
	}
	return false
}

// spWordList is a rule's words: a sentence names the rule when it holds
// every term of one of any, and none of not; or when it holds one of
// called, the rule's own well-defined name ("palindrome", "German
// whispers"), and no word that would change the rule (spModifiers). In
// both, a word of spAlters that is not the rule's own (a term of any or
// called, or one of own) changes the rule: the sentence names none.
type spWordList struct {
	any    [][]string
	not    []string
	called []string
	// noTotal marks a rule whose sentences state no total: one that does
	// ("segments each summing to 10") is of a sum line's rule, not its.
	noTotal bool
	// own are the words of spAlters that the rule's own statement
	// uses ("at least" of whispers, "exactly" of counting circles).
	own []string
	// gainsay, for a kind the format states (a cage), are the words by
	// which a sentence about it (one that holds the first term of one of
	// any) says it means something else: "digits in cages may repeat".
	gainsay []string
	// whole marks a rule of the whole grid: a sentence that restricts it
	// to some digits or cells (spSome) names none.
	whole bool
	// negated are the terms the rule states only negated ("cannot hold
	// the same digit", "no digit lies between them"): a sentence that
	// holds one and no word of spNegations states the rule's inverse
	// ("must lie between them") and names none.
	negated []string
	// part are groups of terms by which a sentence states a part of the
	// rule ("The diamonds differ by at least 4" of a lockout line): it
	// names the rule as one of any would, but only in a text that names
	// it otherwise too (naming).
	part [][]string
	// pill marks a rule whose circle may be a pill, read as a number in
	// the kind's order: a sentence that says so ("the 2-digit number in
	// the pill", "pills read left to right") keeps the words of spAlters
	// by which it does, and one that reads a pill otherwise ("right to
	// left", "the sum of the digits in the pill") names none.
	pill bool
	// pairs marks a rule whose clue is (count, value) pairs of digits: a
	// sentence that says which digit of a pair is which otherwise, or in
	// words pairsOther does not know, names none.
	pairs bool
}

// spNegations are the words that negate a statement.
var spNegations = []string{"not", "cannot", "cant", "never", "no ", "nor ", "neither", "dont", "doesnt", "mustnt", "outside"}

// inverted returns the term of negated that a sentence states without a
// negation, or "".
func (w spWordList) inverted(s spSentence) string {
	if i := slices.IndexFunc(w.negated, s.has); i >= 0 && !slices.ContainsFunc(spNegations, s.has) {
		return strings.TrimSpace(w.negated[i])
	}
	return ""
}

// gainsaid returns the first sentence that speaks of the rule in words
// of gainsay, spChanged or spAlters (not its own), or "". The terms by
// which one of others names a sentence state a rule of their own ("no
// two cages … the same" of the cages together), and gainsay nothing.
func (t *spText) gainsaid(w spWordList, others []spWordList) string {
	for _, raw := range t.sentences {
		s := raw
		for _, o := range others {
			s = o.strip(s)
		}
		if !slices.ContainsFunc(w.gainsay, s.has) && !slices.ContainsFunc(spChanged, s.has) && w.altered(s) == "" {
			continue
		}
		for _, all := range w.any {
			if s.hasBeyond(all[0], w.not) {
				return s.raw
			}
		}
	}
	return ""
}

// strip returns the sentence without the terms of each group of any it
// holds every term of, when it names the rule.
func (w spWordList) strip(s spSentence) spSentence {
	if !w.names(s) {
		return s
	}
	for _, all := range w.any {
		if !slices.ContainsFunc(all, func(t string) bool { return !s.has(t) }) {
			for _, t := range all {
				s.words = strings.ReplaceAll(s.words, " "+t, " ")
			}
		}
	}
	return s
}

// hasBeyond reports whether the sentence holds term outside the phrases
// of not that contain it: "killer" in "little killer diagonals" is not
// a killer cage's.
func (s spSentence) hasBeyond(term string, not []string) bool {
	words := s.words
	for _, n := range not {
		if strings.Contains(n, strings.TrimSpace(term)) {
			words = strings.ReplaceAll(words, " "+n, " ")
		}
	}
	return strings.Contains(words, " "+term)
}

// spChanged are words that make a rule another: a sentence that holds
// one names no rule. spModifiers are more words that may change a rule's
// name ("not thermometers"): a sentence that holds one names a rule only
// by what the rule does.
var (
	spChanged   = []string{"modified", "reverse", "inverse", "negat", "broken", "wrong", "lying", "liar", "instead"}
	spModifiers = []string{"not ", "except", "but ", "however", "anti "}
	// spLies are the words of spAlters by which a sentence says a clue is
	// not what it shows, beside spChanged's "wrong" and "lying": said of
	// the clues given ("All dots are given, but one is a lie"), they take
	// the marks back.
	spLies = []string{"a lie", "false", "incorrect"}
)

// spSaysLie reports whether a sentence says that clues are wrong or lie:
// a word of spChanged or spLies.
func spSaysLie(s spSentence) bool {
	return slices.ContainsFunc(spChanged, s.has) || slices.ContainsFunc(spLies, s.has)
}

// spAlters are words by which setters state a variant of a rule in the
// words of the rule itself: another operation ("the product of the digits
// on the arrow"), a bound other than the rule's ("differ by at most 4",
// "increase by at least 2"), a comparison, an exception or a clue that
// may lie ("except one", "off by one"). A rule whose statement uses one
// lists it in own (or has it in a term): a sentence naming the rule with
// any other names none, and the drawing is left unread with it.
var spAlters = []string{"product", "multipl", "modulo", "mod ", "plus ", "minus ", "triple", "three times", "average", "prime",
	"multiple of", "multiples of", "divisible", "concatenat", "digit number", "as a number", "at most", "at least", "or more", "or less",
	"no more than", "no less than", "except", "unless", "inclusive", "including", "a lie", "lie by", "lies by", "false",
	"incorrect", "off by", "otherwise", "opposite", "either end", "either direction", "both directions", "more than", "fewer than", "less than",
	"greater than", "smaller than", "larger than", "bigger than", "higher than", "lower than", "square", "parity"}

// altered returns the first word of spAlters in the sentence that is not
// the rule's own, or "".
func (w spWordList) altered(s spSentence) string {
	for _, a := range spAlters {
		if s.has(a) && !w.owns(a) && !(w.pill && slices.Contains(spPillNumbers, a) && s.pillNumbers()) {
			return a
		}
	}
	return ""
}

// owns reports whether a word of spAlters is the rule's own: in own, or
// in one of its terms.
func (w spWordList) owns(a string) bool {
	in := func(t string) bool { return strings.Contains(" "+t+" ", " "+a) }
	if slices.Contains(w.own, a) || slices.ContainsFunc(w.called, in) {
		return true
	}
	for _, all := range w.any {
		if slices.ContainsFunc(all, in) {
			return true
		}
	}
	return false
}

// mentions reports whether the sentence holds the rule's words, whatever
// else it says: every term of one of any, or one of called.
func (w spWordList) mentions(s spSentence) bool {
	return slices.ContainsFunc(w.called, s.has) || w.holdsAny(s)
}

// holdsAny reports whether the sentence holds every term of one of any.
func (w spWordList) holdsAny(s spSentence) bool {
	return slices.ContainsFunc(w.any, func(all []string) bool {
		return !slices.ContainsFunc(all, func(t string) bool { return !s.has(t) })
	})
}

// otherwise returns, for a sentence that holds the rule's words but names
// it not, the word by which it says otherwise (one of not, spChanged or
// spAlters), or "".
func (w spWordList) otherwise(s spSentence) string {
	if !w.mentions(s) || w.names(s) {
		return ""
	}
	return w.changes(s)
}

// changes returns the word by which a sentence makes the rule another,
// whatever words of the rule it holds, or "": one of not or spChanged, a
// pill read otherwise, a total the rule has none of, a word of spAlters
// not the rule's own, the inverse of a rule stated negated, or a rule of
// the whole grid restricted to some digits or cells. A sentence that
// holds one names no rule (names), and one that no rule read accounts
// for leaves the drawings it speaks of unread (takeBackChanged).
func (w spWordList) changes(s spSentence) string {
	for _, list := range [][]string{w.not, spChanged} {
		if i := slices.IndexFunc(list, s.has); i >= 0 {
			return strings.TrimSpace(list[i])
		}
	}
	if o := s.pillOther(); w.pill && o != "" {
		return o
	}
	if w.pairs {
		if o := s.pairsOther(); o != "" {
			return o
		}
	}
	if w.noTotal && len(spTotals(s)) > 0 {
		return "a total"
	}
	if a := w.altered(s); a != "" {
		return strings.TrimSpace(a)
	}
	if a := w.alternative(s); a != "" {
		return a
	}
	if i := w.inverted(s); i != "" {
		return i
	}
	if w.whole {
		return w.some(s)
	}
	// A rule of drawings said of one house by number is said of part of
	// the grid ("the diamonds differ by at least 4 in box 1").
	if what, house := s.numbered(); house {
		return what
	}
	return ""
}

// alternative returns the words by which a sentence that holds a group of
// any offers another value beside the group's: one of its terms after the
// first (what the rule does, not the drawing it is said of) that states a
// number, followed by "or" ("differ by exactly 1 or 3", "are one apart or
// two apart", "differ by 1 or sum to 5", "sum to 10 or 15"), or "". A term
// without a number may be followed by "or" in the rule's own statement
// ("between or equal to" of a lockout line).
func (w spWordList) alternative(s spSentence) string {
	number := func(t string) bool {
		return strings.ContainsAny(t, "0123456789") || slices.ContainsFunc(strings.Fields(t), func(f string) bool { return slices.Contains(spNumberWords, f) })
	}
	for _, all := range w.any {
		if len(all) < 2 || slices.ContainsFunc(all, func(t string) bool { return !s.has(t) }) {
			continue
		}
		for _, t := range all[1:] {
			if a := strings.TrimSpace(t) + " or "; number(t) && s.has(a) {
				return strings.TrimSpace(a)
			}
		}
	}
	return ""
}

// spSomeWords are words by which a sentence restricts a rule to some
// digits or some cells: "only", "odd digits", "on the diagonals",
// "outside box 5".
var spSomeWords = []string{"only", "mostly", "half", "odd digit", "even digit", "odd number", "even number", "odds ", "evens ", "outside", "among",
	"diagonal ", "diagonals ", "centre box", "center box", "central box", "middle box", "centre cell", "center cell"}

// spHouseWords are the houses a sentence names by number ("box 5").
var spHouseWords = map[string]bool{"box": true, "boxes": true, "row": true, "rows": true, "column": true, "columns": true,
	"region": true, "regions": true, "nonet": true, "nonets": true}

// some returns the words by which a sentence restricts the rule to some
// digits or cells, or "": a word of spSomeWords not the rule's own, the
// digits it names by number but 1 to n ("digits 1-5", "the digit 5",
// "digits one to five"), a house by number, spelt or not ("in boxes 1, 5
// and 9", "rows 1 to 3", "box five"), or by place ("the fifth box", "the
// top row").
func (w spWordList) some(s spSentence) string {
	for _, a := range spSomeWords {
		if s.has(a) && !w.owns(strings.TrimSpace(a)) {
			return strings.TrimSpace(a)
		}
	}
	what, _ := s.numbered()
	return what
}

// numbered returns the digits or the house a sentence names by number,
// spelt or not, or by place, and whether it is a house: "digits 1 5"
// (from "digits 1-5"), "box 5", "box five", "fifth box", "top row"; "" for
// none, and for the digits 1 to n, which are all of them.
func (s spSentence) numbered() (what string, house bool) {
	// The words, in which "1-5" is "1 5": a digit or a range after
	// "digit", a number after a house.
	f := strings.Fields(s.words)
	// A spelt number or place counts only where the text has no stop
	// between it and its house ("column, three digits" names no column).
	raw := strings.ToLower(s.raw)
	joined := func(i int) bool { return i > 0 && strings.Contains(raw, f[i-1]+" "+f[i]) }
	num := func(i int) string {
		if i >= len(f) {
			return ""
		}
		if strings.Trim(f[i], "0123456789") == "" {
			return f[i]
		}
		if n := slices.Index(spNumberWords, f[i]); n >= 0 && joined(i) {
			return strconv.Itoa(n + 1)
		}
		return ""
	}
	for i, word := range f {
		switch {
		case (word == "digit" || word == "digits") && num(i+1) != "":
			hi, j := "", i+2
			if j < len(f) && (f[j] == "to" || f[j] == "through") {
				j++
			}
			hi = num(j)
			if num(i+1) != "1" || hi != strconv.Itoa(s.n) {
				return strings.Join(f[i:min(j+1, len(f))], " "), false
			}
		case spHouseWords[word] && num(i+1) != "":
			return word + " " + f[i+1], true
		case spHouseWords[word] && joined(i) && (slices.Contains(spOrdinals, f[i-1]) || f[i-1] == "top" || f[i-1] == "bottom"):
			return f[i-1] + " " + word, true
		}
	}
	return "", false
}

// spOrdinals are the places by which a sentence may name a house ("the
// fifth box", "the last row").
var spOrdinals = []string{"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
	"eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "last"}

// names reports whether the sentence names the rule.
func (w spWordList) names(s spSentence) bool {
	// The rule's words first: most sentences hold none of a row's, and
	// changes reads many lists.
	named := w.namesWhole(s) || slices.ContainsFunc(w.part, func(all []string) bool {
		return !slices.ContainsFunc(all, func(t string) bool { return !s.has(t) })
	})
	return named && w.changes(s) == ""
}

// namesWhole reports whether a sentence that changes no rule names it
// otherwise than by a part (names).
func (w spWordList) namesWhole(s spSentence) bool {
	return slices.ContainsFunc(w.called, s.has) && !slices.ContainsFunc(spModifiers, s.has) || w.holdsAny(s)
}

// accountsPill reports whether the sentence states how a pill of the
// rule reads, in the kind's order and nothing else of it: "Pills are read
// in normal reading order", "Numbers in pills read from left to right".
// It names no rule, but accounts for itself when the rule is read.
// Each of its words is one of spPillReading: a sentence that says more
// ("read from the end nearest the arrow", "as a number in base 8", "units
// first") reads the pill otherwise, in words no list foresees.
func (w spWordList) accountsPill(s spSentence) bool {
	return w.pill && s.hasPill() && (s.has("read") || s.has("number")) && s.pillOther() == "" && w.altered(s) == "" &&
		!slices.ContainsFunc(w.not, s.has) && !slices.ContainsFunc(spChanged, s.has) &&
		!slices.ContainsFunc(strings.Fields(s.words), func(word string) bool { return !spPillReading[word] })
}

// pairsOther returns, for a sentence that says which digit of a clue's
// pairs is the count and which the value counted, the words by which it
// says so otherwise than (count, value), or in words it cannot tell, or
// "". It knows three ways of saying so, and reads a sentence that says so
// in none of them as saying otherwise: the first digit (of a pair) says
// how many times (how often) the second appears, before any word of the
// first appearing ("the first digit says how many times the second
// appears", not "the first digit appears as many times as the second
// says"); letters, the one before "times" the count and first of the
// pair ("XY: Y appears X times"); "count" before "value".
func (s spSentence) pairsOther() string {
	f := strings.Fields(s.words)
	at := func(w string) int { return slices.Index(f, w) }
	if first, second := at("first"), at("second"); first >= 0 || second >= 0 {
		switch {
		case first < 0 || second >= 0 && second < first:
			return "second" // the second digit the count
		case second < 0:
			return "first" // a first digit, of a pair or not
		}
		for _, w := range f[first+1 : second] {
			if spCountingWords[w] {
				break
			}
			if spAppearWords[w] {
				return "first " + w
			}
		}
		if !slices.ContainsFunc(f[first+1:second], func(w string) bool { return spCountingWords[w] }) {
			return "first"
		}
	}
	// Letters: a pair of two ("xy") names them; the count is the letter
	// before "times".
	for _, w := range f {
		if len(w) != 2 || !isLetter(w[0]) || !isLetter(w[1]) || w[0] == w[1] || !slices.Contains(f, w[:1]) || !slices.Contains(f, w[1:]) {
			continue
		}
		count := ""
		for j := 1; j < len(f); j++ {
			if f[j] == "times" && len(f[j-1]) == 1 {
				count = f[j-1]
			}
		}
		if count != w[:1] {
			return w
		}
	}
	if c, v := at("count"), at("value"); c >= 0 && v >= 0 && v < c {
		return "value count"
	}
	return ""
}

// isLetter reports a lower-case ASCII letter, as spWords writes them.
func isLetter(b byte) bool { return b >= 'a' && b <= 'z' }

// spCountingWords are the words by which a sentence says a digit counts
// ("how many", "the number of times"); spAppearWords, those by which it
// says a digit is counted (appears, occurs).
var (
	spCountingWords = map[string]bool{"many": true, "often": true, "times": true, "count": true, "counts": true, "frequency": true, "occurrences": true, "quantity": true, "amount": true}
	spAppearWords   = map[string]bool{"appear": true, "appears": true, "appearing": true, "occur": true, "occurs": true, "occurring": true, "present": true, "found": true, "repeat": true, "repeats": true, "exist": true, "exists": true}
)

// spSaysRepeats reports whether a sentence says that digits may repeat
// (in spPlainRepeats' words), without a negation ("no digit may repeat").
func spSaysRepeats(s spSentence) bool {
	return (s.has("may repeat") || s.has("can repeat")) && !slices.ContainsFunc(spNegations, s.has)
}

// spRepeatWords are the words, beside those that refer to drawings, of a
// sentence that says only that digits may repeat on them (see
// spReader.accountsRepeats), in spWords' form: "Digits can repeat on
// lines if allowed by other rules", "subject to the normal sudoku rules".
var spRepeatWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`digit digits number numbers value values may can repeat on along in within inside across
		the a an any all each every these those such this that its their of both and or also still if where when allowed
		permitted by other rules rule constraints subject to normal standard usual regular classic sudoku clue clues`) {
		m[w] = true
	}
	return m
}()

// terms returns the terms by which a sentence may refer to the rule
// without stating it: the names it is called, and the first term of each
// group of any ("arrow", "little killer", "region sum").
func (w spWordList) terms() []string {
	out := slices.Clone(w.called)
	for _, all := range w.any {
		if !slices.Contains(out, all[0]) {
			out = append(out, all[0])
		}
	}
	return out
}

// termAt returns how many words of f, from the i-th, are the term t: its
// words, the last one starting a word ("thermo" is "thermometers"; a term
// ending in a space is whole words), or 0.
func termAt(f []string, i int, t string) int {
	tw := strings.Fields(t)
	if len(tw) == 0 || i+len(tw) > len(f) {
		return 0
	}
	last := len(tw) - 1
	for j, w := range tw {
		if j < last || strings.HasSuffix(t, " ") {
			if f[i+j] != w {
				return 0
			}
		} else if !strings.HasPrefix(f[i+j], w) {
			return 0
		}
	}
	return len(tw)
}

// spPillReading are the words of sentences that say a pill reads as one
// number left to right and top to bottom ("Numbers in pills read from
// left to right / top to bottom", "Pills are read in normal reading
// order, i.e. from left to right and top to bottom"), in spWords' form.
var spPillReading = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`pill pills oval ovals number numbers digit digits multi 2 3 4 two three four
		the a an in inside within of are is be must should always read reads reading from left to right top bottom
		then and or as normal usual standard reading order direction i e ie each every all contain contains hold
		holds written like english text`) {
		m[w] = true
	}
	return m
}()

// spPillWords name an arrow's circle over several cells.
var spPillWords = []string{"pill", "oval"}

// spPillNumbers are the words of spAlters by which a sentence reads a
// pill as a number: "the 2-digit number in the pill", "pills are read as
// a number".
var spPillNumbers = []string{"digit number", "as a number"}

// spPillOrders are the words by which a sentence reads a pill otherwise
// than the kind (one number, left to right, top to bottom): in another
// order, or one that depends on its arrow ("from the end nearest the
// arrow"), its digits placed otherwise ("units first", "in base 8",
// "in descending order"), or summed ("a number whose digits sum to",
// "the digits in the pill added together").
var spPillOrders = []string{"right to left", "bottom to top", "either direction", "any direction", "both directions", "either order",
	"any order", "some order", "reverse", "backward", "opposite", "clockwise", "counterclockwise", "anticlockwise", "toward", "away from",
	"nearest", "closest", "furthest", "farthest", "from the end", "from the arrow", "arrow end", "starting", "units", "ones digit", "tens",
	"first digit", "last digit", "base ", "descending", "ascending", "increasing", "decreasing", "sorted", "whose digits", "added",
	"summed", "digit sum"}

// hasPill reports whether the sentence speaks of a pill.
func (s spSentence) hasPill() bool {
	return slices.ContainsFunc(spPillWords, s.has)
}

// isPill reports whether a word is a pill's ("pill", "pills", "oval").
func isPill(word string) bool {
	return slices.ContainsFunc(spPillWords, func(p string) bool { return strings.HasPrefix(word, p) })
}

// pillNumbers reports whether each word of spPillNumbers in the sentence
// is said of a pill: in a clause (between commas, semicolons or colons)
// that names a pill before it ("pills are read as two-digit numbers"),
// or after it and a sum before it ("sum to the 2-digit number in the
// pill"). One said of the arrow's digits ("the digits along an arrow,
// read as a number, sum to the pill") or of a circle is not.
func (s spSentence) pillNumbers() bool {
	sums := []string{"sum", "sums", "add", "adds", "total", "totals", "equal", "equals"}
	found := false
	for clause := range strings.FieldsFuncSeq(s.raw, func(r rune) bool { return strings.ContainsRune(",;:", r) }) {
		f := strings.Fields(spWords(clause))
		for i := range f {
			for _, p := range spPillNumbers {
				if !strings.HasPrefix(strings.Join(f[i:], " "), p) {
					continue
				}
				found = true
				before, after := slices.ContainsFunc(f[:i], isPill), slices.ContainsFunc(f[i:], isPill)
				if !before && !(after && slices.ContainsFunc(f[:i], func(w string) bool { return slices.Contains(sums, w) })) {
					return false
				}
			}
		}
	}
	return found
}

// pillOther returns, for a sentence that speaks of a pill, the words by
// which it reads the pill otherwise than the kind (left to right, top to
// bottom, as one number), or "": another order, or its digits summed
// ("the sum of the digits in the pill", "digits in a pill sum to").
func (s spSentence) pillOther() string {
	if !s.hasPill() {
		return ""
	}
	if i := slices.IndexFunc(spPillOrders, s.has); i >= 0 {
		return spPillOrders[i]
	}
	f := strings.Fields(s.words)
	for i, w := range f {
		switch {
		case (w == "sum" || w == "total") && i+1 < len(f) && f[i+1] == "of":
			// "the sum of the digits in the pill": a pill before the
			// arrow, if the sentence names one after.
			for _, v := range f[i+2 : min(i+8, len(f))] {
				if strings.HasPrefix(v, "arrow") || v == "line" || v == "shaft" {
					break
				}
				if isPill(v) {
					return "sum of"
				}
			}
		case isPill(w):
			// "digits in a pill sum to".
			for _, v := range f[i+1 : min(i+4, len(f))] {
				if slices.Contains([]string{"sum", "sums", "add", "adds", "total", "totals"}, v) {
					return v
				}
			}
		}
	}
	return ""
}

// naming returns the sentences that name a rule, by index: none when
// each names only a part of it.
func (t *spText) naming(w spWordList) []int {
	var out []int
	whole := false
	for i, s := range t.sentences {
		if w.names(s) {
			out = append(out, i)
			whole = whole || w.namesWhole(s)
		}
	}
	if !whole {
		return nil
	}
	return out
}

// spColourWords are the colour words of rules texts and the colours each
// covers; setters call SudokuPad's magenta renban lines purple or pink,
// and its light blue lines blue.
var spColourWords = []struct {
	word string
	is   func(spColour) bool
}{
	{"grey", func(c spColour) bool { return c.grey() && !c.white() && !c.black() }},
	{"gray", func(c spColour) bool { return c.grey() && !c.white() && !c.black() }},
	{"black", spColour.black},
	{"white", spColour.white},
	{"red", hueRange{340, 20}.in},
	{"orange", hueRange{15, 50}.in},
	{"peach", hueRange{10, 45}.in},
	{"yellow", hueRange{40, 75}.in},
	{"green", hueRange{70, 165}.in},
	{"turquoise", hueRange{150, 200}.in},
	{"teal", hueRange{150, 200}.in},
	{"cyan", hueRange{160, 205}.in},
	{"blue", hueRange{180, 260}.in},
	{"purple", hueRange{245, 335}.in},
	{"violet", hueRange{245, 300}.in},
	{"lavender", hueRange{235, 300}.in},
	{"lilac", hueRange{235, 300}.in},
	{"magenta", hueRange{280, 340}.in},
	{"pink", hueRange{285, 355}.in},
}

// colours returns the colour words of a sentence.
func (s spSentence) colours() []string {
	var out []string
	for _, cw := range spColourWords {
		if strings.Contains(s.words, " "+cw.word+" ") {
			out = append(out, cw.word)
		}
	}
	return out
}

// colourFits reports whether a colour is one of the words.
func colourFits(c spColour, words []string) bool {
	for _, w := range words {
		for _, cw := range spColourWords {
			if cw.word == w && cw.is(c) {
				return true
			}
		}
	}
	return false
}

// spBoilerplate reports a sentence that states a classic Sudoku's rules
// for an n×n grid (or irregular regions), or its rows' and columns', or
// none: "Normal sudoku rules
// apply", "Place the digits 1 to 9 once each in every row, column and
// box". A range of digits other than 1 to n is no boilerplate: the
// puzzle is not what its grid says.
func spBoilerplate(s spSentence, n int) bool {
	if !spClassicOnly(s, n) {
		return false
	}
	if s.has("sudoku") && s.has("rule") && (s.has("apply") || s.has("applies")) {
		return true
	}
	// The rows' and columns' rules alone (spLatin) hold in every grid.
	return s.has("row") && s.has("column") && spNamesRegions(s) || spLatin(s, n)
}

// spClassicOnly reports a sentence every word of which is one of the
// classic rules' words, and which names no range of digits but 1 to n and
// no exception: a sentence with a word of its own ("negator", "kingdom")
// states more than a classic Sudoku's rules.
func spClassicOnly(s spSentence, n int) bool {
	if lo, hi, ok := digitRange(s.words); ok && (lo != 1 || hi != n) {
		return false
	}
	if s.has("not apply") || s.has("dont apply") || s.has("doesnt apply") || s.has("except") || s.has("instead") || s.has("but ") {
		return false
	}
	// Digits that may repeat, and houses there are none of, are no
	// classic rule: "Digits may repeat in rows and columns", "Sudoku
	// rules apply, without boxes".
	if spSaysRepeats(s) || spAllowsRepeats(s) || spNoHouse(s) {
		return false
	}
	for _, w := range strings.Fields(s.words) {
		if !spClassicWords[w] && strings.Trim(w, "0123456789x") != "" {
			return false
		}
	}
	return true
}

// spAllowsRepeats reports a sentence that lets digits repeat in other
// words than spSaysRepeats' ("may contain repeated digits", "repeats are
// allowed"): a word of repeating with one of leave, and no negation.
func spAllowsRepeats(s spSentence) bool {
	return s.has("repeat") && slices.ContainsFunc([]string{"may", "can ", "allowed", "permitted"}, s.has) &&
		!slices.ContainsFunc(spNegations, s.has)
}

// spNoHouse reports a sentence that says there is no house of a kind:
// "no" or "without" before a house's word, past a size ("no 2x2 boxes").
// "Without repeating" is a classic rule's.
func spNoHouse(s spSentence) bool {
	f := strings.Fields(s.words)
	for i, w := range f {
		if w != "no" && w != "without" {
			continue
		}
		j := i + 1
		for j < len(f) && strings.Trim(f[j], "0123456789x") == "" {
			j++
		}
		if j < len(f) && (spHouseWords[f[j]] || f[j] == "block" || f[j] == "blocks") {
			return true
		}
	}
	return false
}

// spNamesRegions reports a sentence that names the third house of a
// classic Sudoku: boxes, regions, nonets, blocks, outlined areas.
func spNamesRegions(s spSentence) bool {
	return s.has("box") || s.has("region") || s.has("nonet") || s.has("block") || s.has("outlined") || s.has("bold")
}

// spLatin reports a sentence that states a Latin square's rules, the
// digits once each in every row and column (spOnceEach), and names no
// third house nor Sudoku: "In every row and every column, each of the
// digits 1-4 appears once".
func spLatin(s spSentence, n int) bool {
	if !spClassicOnly(s, n) || !s.has("row") || !s.has("column") || spNamesRegions(s) || s.has("sudoku") {
		return false
	}
	return spOnceEach(s, n)
}

// spOnceEach reports a sentence, of the classic rules' words, that says
// every digit appears once in its houses, or none repeats: the digits
// 1 to n, each (every) digit, or once, not negated ("no digit appears
// once"); or repeating negated ("digits may not repeat", "no digit
// repeats"). The classic rules' words say other things too: "rows and
// columns may contain repeated digits", "digits must repeat", "each row
// contains the digit 4 once", "each row contains a digit".
func spOnceEach(s spSentence, n int) bool {
	if what, _ := s.numbered(); what != "" {
		return false // some digits, or a house by number
	}
	negated := slices.ContainsFunc(spNegations, s.has)
	if s.has("repeat") {
		return negated && slices.ContainsFunc([]string{"not repeat", "cannot repeat", "cant repeat", "dont repeat", "doesnt repeat", "never repeat", "no digit repeat", "no number repeat", "without repeat"}, s.has)
	}
	if negated {
		return false
	}
	_, _, all := digitRange(s.words)
	return all || slices.ContainsFunc([]string{"once", "every digit", "each digit", "each of the digits", "all digits", "all the digits", "every number", "each number", "all numbers", "all the numbers"}, s.has)
}

// spClassicWords are the words of sentences that state a classic
// Sudoku's rules ("Place the digits 1 to 9 once each in every row, column
// and box"), in spWords' form.
var spClassicWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`normal standard classic usual regular irregular jigsaw sudoku sudokus
		rules rule apply applies place placing put fill enter write the digits digit numbers number from to through
		once each in into every all any row rows column columns box boxes region regions nonet nonets block blocks
		and or so that no not dont doesnt cannot can may must do does repeat repeats repeated repeating repeats
		without within a an grid cell cells contain contains containing appear appears exactly marked outlined
		bold bolded heavy heavily thick shown given of with ie i e eg is are be same one it its their also as has
		have clue clues x`) {
		m[w] = true
	}
	return m
}()

// digitRange finds "1 to 9", "1-9" (words "1 9"), "1 through 9" in words.
func digitRange(words string) (lo, hi int, ok bool) {
	f := strings.Fields(words)
	for i := 0; i+1 < len(f); i++ {
		a, err := strconv.Atoi(f[i])
		if err != nil || a > 1 {
			continue
		}
		j := i + 1
		if f[j] == "to" || f[j] == "through" || f[j] == "and" {
			j++
		}
		if j < len(f) {
			if b, err := strconv.Atoi(f[j]); err == nil && b > a && b <= 36 && (j > i+1 || i > 0 && f[i-1] == "digits") {
				return a, b, true
			}
		}
	}
	return 0, 0, false
}

// spRuleNouns are the words of the grid's own rules: a sentence that
// holds one is no aside.
var spRuleNouns = []string{"box", "row", "column", "region", "nonet", "cage", "digit", "number", "cell"}

// spAside reports a sentence that states no rule: a heading (a few words
// and no digit), an example, a note that not every clue is given, that
// lines may differ, thanks and greetings.
func spAside(s spSentence) bool {
	f := strings.Fields(s.words)
	if len(f) <= 3 && !strings.ContainsAny(s.words, "0123456789") && !strings.ContainsAny(s.raw, ".!?") {
		return true
	}
	for _, start := range []string{" e g ", " eg ", " for example", " for instance", " example", " i e ", " ie ", " note ", " hint"} {
		if strings.HasPrefix(s.words, start) {
			return true
		}
	}
	switch {
	case s.has("not all") && (s.has("given") || s.has("shown") || s.has("marked") || s.has("necessarily")):
		return true
	case s.has("may have different") || s.has("can have different") || s.has("different lines may") || s.has("may differ"):
		return true
	case s.has("need not") && !slices.ContainsFunc(spRuleNouns, s.has):
		// "Lines need not have different sums" is an aside; "boxes
		// need not hold every digit" or "digits need not be distinct"
		// changes a rule, and is left for the rules to account for.
		return true
	case s.has("thank") || s.has("enjoy") || s.has("good luck") || s.has("have fun") || s.has("tested by") || s.has("testers"):
		return true
	}
	return false
}

// spAllGiven reports a sentence saying that every clue of a kind is
// given, which makes its negative rule: "All possible dots are given". One
// that gives them in part of the grid only, or all but some ("in rows
// only", "in the shaded boxes", "but one", "except where noted"), states
// no rule of the whole grid, nor one that gives them for some digits
// ("for digits 1-5", "among odd digits") or cells ("on the diagonals",
// "outside box 5"; spWordList.some), nor one that says some are not what
// they show ("one of them is false").
func spAllGiven(s spSentence) bool {
	return spOfGiven(s) && !s.has("not ") && !slices.ContainsFunc(spInPart, s.has) && (spWordList{}).some(s) == "" &&
		!spSaysLie(s)
}

// spOfGiven reports a sentence that says which clues of a kind are given
// ("All possible black dots are given for digits 1-3", "All white dots
// are given, except where noted"): where the kind's negative rule holds,
// which spAllGiven reads when it is the whole grid, not what a clue means.
func spOfGiven(s spSentence) bool {
	return (s.has("all ") || s.has("every ")) && (s.has("given") || s.has("shown") || s.has("marked"))
}

// spInPart are the words that restrict a statement to part of the grid,
// or make exceptions to it.
var spInPart = []string{"but ", "except", "unless", "only", "where ", "in row", "in column", "in box", "in region", "between cells of", "highlighted", "shaded", "some "}

// spNumberWords are the numbers setters write in words, from one.
var spNumberWords = []string{"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
	"twelve", "thirteen", "fourteen", "fifteen", "sixteen"}

// spWhispersGap reads the least difference a sentence gives whispers:
// "at least 4", "by 5 or more", "4 or more", "more than 3" (4), or 0 for
// none. A sentence that bounds the difference otherwise ("at most 4",
// "exactly 5", "4 or less"), gives two least differences, or says "at
// least" of no number ("at least X, the line's length") states none the
// kind can take: ok is false.
func spWhispersGap(s spSentence) (gap int, ok bool) {
	f := strings.Fields(s.words)
	at := func(i int, words ...string) bool { return i >= 0 && i < len(f) && slices.Contains(words, f[i]) }
	for i, w := range f {
		v, err := strconv.Atoi(w)
		if k := slices.Index(spNumberWords, w); k >= 0 {
			v, err = k+1, nil
		}
		if err != nil || v < 1 {
			continue
		}
		g := 0
		switch {
		case (at(i-2, "at") && at(i-1, "least") || at(i-2, "no") && at(i-1, "less")) && at(i+1, "or") && !at(i+2, "more", "greater", "larger", "higher"):
			// "at least 4 or equal", "at least 4, or sum to 10": another
			// difference beside the least.
			return 0, false
		case at(i-2, "at") && at(i-1, "least"), at(i-2, "no") && at(i-1, "less"), at(i+1, "or") && at(i+2, "more", "greater", "larger", "higher"):
			g = v
		case at(i-2, "more", "greater", "larger") && at(i-1, "than") && !at(i-3, "no"):
			g = v + 1
		case at(i-2, "at") && at(i-1, "most"), at(i-1, "exactly"), at(i-1, "than") && at(i-3, "no"), at(i-2, "less", "fewer", "smaller") && at(i-1, "than"),
			at(i+1, "or") && at(i+2, "less", "fewer", "smaller", "lower"), at(i-2, "up") && at(i-1, "to"):
			return 0, false
		default:
			continue
		}
		if gap > 0 && g != gap {
			return 0, false
		}
		gap = g
	}
	least := s.has("at least") || s.has("or more") || s.has("more than")
	if gap == 0 && least {
		return 0, false
	}
	return gap, true
}

// spTotals reads the totals a sentence gives segments of a sum line:
// "sum to 10", "add up to 15", "a total of 12", "10 lines", in digits or
// as "ten", and those it allows beside one ("sum to 10 or 15").
func spTotals(s spSentence) []int {
	f := strings.Fields(s.words)
	at := func(i int, words ...string) bool { return i >= 0 && i < len(f) && slices.Contains(words, f[i]) }
	var out []int
	for i, w := range f {
		v, err := strconv.Atoi(w)
		if w == "ten" {
			v, err = 10, nil
		}
		if err != nil {
			continue
		}
		sums := at(i-2, "sum", "sums", "summing", "add", "adds", "adding") && at(i-1, "to") ||
			at(i-3, "add", "adds", "adding") && at(i-2, "up") && at(i-1, "to") ||
			at(i-1, "total", "totals", "totalling", "totaling") ||
			at(i-2, "total", "sum") && at(i-1, "of") ||
			at(i+1, "line", "lines")
		if sums {
			out = append(out, v)
			// "sum to 10 or 15": each total the sentence allows.
			for j := i + 1; at(j, "or", "and") && j+1 < len(f); j += 2 {
				if u, err := strconv.Atoi(f[j+1]); err == nil {
					out = append(out, u)
				}
			}
		}
	}
	return out
}
