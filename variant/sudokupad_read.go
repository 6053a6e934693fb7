package variant

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/sudokusat/sudokusat"
)

// This file holds the steps of reading a SudokuPad document beyond its
// grid: its drawings as shapes (addDrawings), the rules of the whole grid
// (readGlobals), the stated solution's check of the rules read (veto),
// and what was not read (unread).

// spHiddenRegions reads the regions of a document that lists none but
// states them as hidden cages whose digits do not repeat, as setters'
// tools write irregular regions: N cages of N cells that cover the grid
// are its regions. It reports whether it read them.
func spHiddenRegions(r *spReader, doc map[string]any) bool {
	if list, _ := doc["regions"].([]any); len(list) > 0 {
		return false
	}
	n := r.n
	var cages []int
	regions := make([]int, n*n)
	for i := range regions {
		regions[i] = -1
	}
	for d, dr := range r.draws {
		c := dr.cage
		if c == nil || !c.hidden || !c.unique || c.value != "" || len(c.cells) != n {
			continue
		}
		for _, cell := range c.cells {
			if regions[cell] != -1 {
				return false
			}
			regions[cell] = len(cages)
		}
		cages = append(cages, d)
	}
	if len(cages) != n {
		return false
	}
	for _, d := range cages {
		r.draws[d].taken = true
	}
	r.p.Regions = regions
	return true
}

// spThirdHouse reports a sentence that names a third house after the
// rows and columns, in a word of its own: "a row, column or kingdom".
func spThirdHouse(s spSentence) bool {
	f := strings.Fields(s.words)
	for i := 0; i+2 < len(f); i++ {
		if (f[i] == "column" || f[i] == "columns") && (f[i+1] == "and" || f[i+1] == "or") {
			return true
		}
	}
	return false
}

// spStatesBoxes reports a sentence that states a rule of boxes, not one
// that only names them ("a thermometer may cross box borders"): it names
// rows and columns too, or is of the classic rules' words alone ("each
// 2x2 box holds 1-4 once").
func spStatesBoxes(s spSentence, n int) bool {
	return s.has("box") && (s.has("row") && s.has("column") || spClassicOnly(s, n))
}

// spRowsColumnsOnly reports a sentence that names rows and columns and no
// third house: "Sudoku rules apply to rows and columns" says the boxes'
// rule does not.
func spRowsColumnsOnly(s spSentence) bool {
	return s.has("row") && s.has("column") && !spNamesRegions(s) && !spThirdHouse(s)
}

// readUndrawnRegions reads the houses of a document that draws no
// regions, from its rules text: SudokuPad then draws no boxes, and the
// grid's boxes hold only when the text says so. A text that names boxes,
// or says Sudoku's rules apply (not an irregular Sudoku's), keeps the
// grid's boxes (boxes: a side that has them). A text that names other
// regions (a row, column and region, kingdom, an irregular Sudoku) names
// houses the document does not draw, regions to be found: its sentences
// are listed unread. Otherwise the puzzle is a Latin square, its houses
// the rows and columns alone: stated so by a sentence (spLatin), or by
// nothing, which a warning says when the side has boxes. The rows and columns alone are stated in the model as
// regions that are the rows, and they are what the boxes or regions not
// read leave too: the answer holds for the rules read.
func (r *spReader) readUndrawnRegions(boxes bool) {
	var sudoku, regions, latin []int
	for i, s := range r.text.sentences {
		irregular := s.has("irregular") || s.has("jigsaw")
		switch {
		case spNoHouse(s):
			// "Sudoku rules apply, without boxes": no boxes, and the
			// sentence is no classic rule's (spClassicOnly), unread.
		case spStatesBoxes(s, r.n) || s.has("sudoku") && s.has("rule") && !irregular && !spRowsColumnsOnly(s):
			sudoku = append(sudoku, i)
		case irregular || s.has("row") && s.has("column") && (spNamesRegions(s) || spThirdHouse(s)):
			regions = append(regions, i)
		case spLatin(s, r.n):
			latin = append(latin, i)
		}
	}
	if len(sudoku) > 0 && boxes {
		return
	}
	n := r.n
	r.p.Regions = make([]int, n*n)
	for c := range r.p.Regions {
		r.p.Regions[c] = c / n
	}
	switch {
	case len(sudoku) > 0:
		// A side without boxes, which SudokuPad draws as its rows.
	case len(regions) > 0:
		for _, i := range regions {
			r.houses[i] = "it names regions, but the document draws none: read with the rows and columns alone"
		}
	case len(latin) > 0:
		// Stated: the sentence is boilerplate (spBoilerplate).
	case boxes:
		r.p.Warnings = append(r.p.Warnings, "the document draws no regions and the rules text names no boxes: read with the rows and columns alone")
	}
}

// addDrawings adds the document's lines, arrows, overlays and underlays
// to the drawings, but for those that show nothing, each once (a copy of
// a drawing is the same drawing: a document of a million copies of one
// dot has one), and its fog of war.
func (r *spReader) addDrawings(doc map[string]any) {
	seen := map[string]bool{}
	once := func(d spDrawing) {
		var key string
		if d.line != nil {
			key = fmt.Sprint(*d.line)
		} else {
			key = fmt.Sprint(*d.shape)
		}
		if !seen[key] {
			seen[key] = true
			r.draws = append(r.draws, d)
		}
	}
	for _, key := range []string{"lines", "arrows"} {
		list, _ := doc[key].([]any)
		for _, x := range list {
			obj, _ := x.(map[string]any)
			l := &spLine{arrow: key == "arrows", colour: parseColour(str(obj["color"])), thick: num(obj["thickness"])}
			pts, _ := obj["wayPoints"].([]any)
			for _, pt := range pts {
				if p, ok := point(pt); ok {
					l.points = append(l.points, p)
				}
			}
			if len(l.points) < 2 || !l.colour.ok {
				continue // nothing drawn
			}
			if _, ok := obj["thickness"]; !ok {
				l.thick = 2 // SudokuPad's default
			}
			once(spDrawing{on: map[bool]spLayer{false: spOnLines, true: spOnArrows}[l.arrow], line: l})
		}
	}
	for _, key := range []string{"underlays", "overlays"} {
		list, _ := doc[key].([]any)
		for _, x := range list {
			obj, _ := x.(map[string]any)
			at, ok := point(obj["center"])
			if !ok {
				continue
			}
			s := &spShape{at: at, w: num(obj["width"]), h: num(obj["height"]),
				rounded: truth(obj["rounded"]), fill: parseColour(str(obj["backgroundColor"])),
				border: parseColour(str(obj["borderColor"])), angle: num(obj["angle"])}
			if t, ok := obj["text"]; ok && t != nil {
				s.text = strings.TrimSpace(fmt.Sprint(t))
			}
			if !s.visible() {
				continue
			}
			once(spDrawing{on: spOnShapes, shape: s})
		}
	}
	if fog, _ := doc["foglight"].([]any); len(fog) > 0 || doc["foglight"] != nil {
		var cells []int
		for _, x := range fog {
			if c, err := spCells([]any{x}, r.n); err == nil {
				cells = append(cells, c...)
			}
		}
		slices.Sort(cells)
		r.fog = &sudokusat.Unread{Kind: sudokusat.UnreadFog, Cells: slices.Compact(cells)}
	}
}

// str, num and point read a drawing's fields.
func str(v any) string {
	s, _ := v.(string)
	return s
}

func num(v any) float64 {
	switch v := v.(type) {
	case float64:
		return v
	case string:
		var f float64
		if _, err := fmt.Sscan(v, &f); err == nil {
			return f
		}
	}
	return 0
}

func point(v any) (spPoint, bool) {
	pair, _ := v.([]any)
	if len(pair) != 2 {
		return spPoint{}, false
	}
	a, ok1 := pair[0].(float64)
	b, ok2 := pair[1].(float64)
	if !ok1 || !ok2 || math.IsNaN(a) || math.IsNaN(b) || math.Abs(a) > 1e4 || math.Abs(b) > 1e4 {
		return spPoint{}, false
	}
	return spPoint{a, b}, true
}

// readGlobals reads the rules of the whole grid: those the metadata names
// (antiknight, antiking, and SudokuPad's "global" list, which its
// f-puzzles importer fills), those the text states in the fixed words of
// the table's text rows, and the negative rules of the dots and XV that
// a sentence states ("All possible dots are given") when the puzzle has
// such marks read (grey dots' being the white and black dots' together).
func (r *spReader) readGlobals(table []spConvention, meta map[string]string, doc map[string]any) {
	has := func(k Kind) bool {
		return slices.ContainsFunc(r.reads, func(rd spRead) bool { return rd.rule.Kind == k })
	}
	addValue := func(k Kind, v int, conv *spConvention, sentence int) {
		if sentence >= 0 {
			r.accounts[sentence] = true
		}
		if slices.ContainsFunc(r.reads, func(rd spRead) bool { return rd.rule.Kind == k && rd.rule.Value == v }) {
			return
		}
		rule := sudokusat.Rule{Kind: k, Value: v}
		if info, _ := Info(k); info.on != nil && v == 0 {
			rule = info.on(r.n) // a diagonal's cells
		}
		r.reads = append(r.reads, spRead{rule: rule, conv: conv, sentence: sentence})
	}
	add := func(k Kind, conv *spConvention, sentence int) { addValue(k, 0, conv, sentence) }
	byGlobal := map[string]Kind{"antiknight": AntiKnight, "antiking": AntiKing, "nonconsecutive": NonConsecutive}
	for _, k := range Kinds() {
		if k.Negative != "" {
			byGlobal["anti"+k.Negative] = k.Name
		}
	}
	for _, key := range []string{"antiknight", "antiking"} {
		if v := meta[key]; v == "true" || v == "1" {
			add(byGlobal[key], nil, -1)
		}
	}
	globals, _ := doc["global"].([]any)
	for _, g := range globals {
		if k, ok := byGlobal[strings.ToLower(str(g))]; ok {
			add(k, nil, -1)
		}
	}
	for i := range table {
		c := &table[i]
		if c.on != spOnText || len(c.words.any) == 0 {
			continue
		}
		if c.kind == DistinctSums {
			r.readDistinctSums(c, table)
			continue
		}
		if idx := r.text.naming(c.words); len(idx) > 0 {
			add(c.kind, c, idx[0])
		}
	}
	conv := func(k Kind) *spConvention {
		for i := range table {
			if table[i].kind == k && table[i].on == spOnText {
				return &table[i]
			}
		}
		return nil
	}
	for i, s := range r.text.sentences {
		if !spAllGiven(s) {
			continue
		}
		// "All such pairs are given": the marks are those of the
		// sentence before.
		if s.has("such ") && i > 0 {
			s = spSentence{raw: s.raw, words: r.text.sentences[i-1].words + s.words, n: s.n}
		}
		// A grey dot's negative (no pair without a dot is consecutive
		// or 1:2) is both of the others, which every dot exempts: a
		// sentence of grey dots, or of dots of no colour, states both
		// when grey dots are read. No-black forbids the black dots'
		// ratios, so with black dots of which none is 1:2 it cannot say
		// the grey dots' 2: the sentence is left unread.
		greyToo := (s.has("grey") || s.has("gray") || !s.has("white") && !s.has("black")) && has(GreyDot)
		if (s.has("dot") || s.has("kropki")) && (!greyToo || slices.Contains(negativeRatios(r.rules()), 2)) {
			if (s.has("white") || !s.has("black")) && (has(White) || has(GreyDot)) {
				add(NonConsecutive, conv(NonConsecutive), i)
			}
			if (s.has("black") || !s.has("white")) && (has(Black) || has(GreyDot)) {
				add(NoBlack, conv(NoBlack), i)
			}
		}
		x, v := s.has("x ") || s.has("xs "), s.has("v ") || s.has("vs ")
		switch {
		case !has(XV):
		case s.has("xv") || x && v:
			add(NoXV, conv(NoXV), i)
		case v:
			addValue(NoXV, 5, conv(NoXV), i)
		case x:
			addValue(NoXV, 10, conv(NoXV), i)
		}
	}
}

// readDistinctSums reads the rule that no two cages share a total, which
// a sentence states of the cages read (c's words): a rule over each cage
// read, killer or prime. A sentence naming prime cages that speaks of the
// cages together (spCagesTogether) in words c does not read states what
// no rule read does: the prime cages are taken back, with it as the
// reason.
func (r *spReader) readDistinctSums(c *spConvention, table []spConvention) {
	idx := r.text.naming(c.words)
	var cages [][]int
	for _, rd := range r.reads {
		if rd.conv != nil && rd.conv.on == spOnCages && rd.rule.Kind != Region {
			cages = append(cages, rd.rule.Cells)
		}
	}
	if len(idx) > 0 && len(cages) >= 2 {
		r.reads = append(r.reads, spRead{rule: sudokusat.Rule{Kind: DistinctSums, Lines: cages}, conv: c, sentence: idx[0]})
		for _, i := range idx {
			r.accounts[i] = true
		}
	}
	why := map[int]string{} // by read
	for i := range table {
		p := &table[i]
		if p.kind != PrimeCage && p.kind != PrimeCageRepeat {
			continue
		}
		for _, j := range r.text.naming(p.words) {
			s := r.text.sentences[j]
			if slices.Contains(idx, j) && len(cages) >= 2 || !slices.ContainsFunc(spCagesTogether, s.has) {
				continue
			}
			for k, rd := range r.reads {
				if rd.conv == p && why[k] == "" {
					why[k] = fmt.Sprintf("drawn as %s, but the rules text says more of the cages: %q", p.name, s.raw)
				}
			}
		}
	}
	if len(why) > 0 {
		r.takeBack(why)
	}
}

// veto checks every rule read against the puzzle's stated solution and
// takes back those it breaks, with the drawings they were read from: a
// rule the setter's own solution breaks was not read as the setter meant
// it (a rule the text changes, a drawing of another kind in the same
// style). A stated solution that breaks the grid's own rules (its givens,
// rows, columns and regions) judges no rule: it is said in a warning.
func (r *spReader) veto(solution *sudokusat.Grid) {
	if solution == nil {
		return
	}
	p := r.p
	if err := Check(&sudokusat.Puzzle{Grid: p.Grid, Regions: p.Regions}, solution); err != nil {
		p.Warnings = append(p.Warnings, fmt.Sprintf("the stated solution breaks the grid as read (%v): the rules read are not checked against it", err))
		return
	}
	all := &sudokusat.Puzzle{Grid: p.Grid, Regions: p.Regions}
	for _, rd := range r.reads {
		all.Rules = append(all.Rules, rd.rule)
	}
	c := &checking{n: r.n, s: solution, p: all}
	broken := map[int]string{} // by read
	for i, rd := range r.reads {
		if err := r.info(rd.rule.Kind).check(c, rd.rule); err != nil {
			broken[i] = err.Error()
		}
	}
	if len(broken) == 0 {
		return
	}
	why := map[int]string{} // by read
	for i, broke := range broken {
		rd := r.reads[i]
		name := rd.rule.Kind
		if rd.conv != nil {
			name = rd.conv.name
		}
		why[i] = "read as " + name + ", but the stated solution breaks it: " + broke
	}
	r.takeBack(why)
}

// takeBack takes back the reads of why (by read, with the reason each is
// listed with). A drawing read as several rules is taken back whole, with
// the reason of its first read taken back; the drawings of a read after
// the first are its parts (an arrow's circle) and go with it, but for
// counting circles, each a circle of the rule. A read without a drawing
// is listed as the sentence it was read from.
func (r *spReader) takeBack(why map[int]string) {
	byDrawing := map[int]string{}
	for i, rd := range r.reads {
		if w, ok := why[i]; ok && len(rd.draws) > 0 && byDrawing[rd.draws[0]] == "" {
			byDrawing[rd.draws[0]] = w
		}
	}
	var kept []spRead
	for i, rd := range r.reads {
		w, ok := why[i]
		if len(rd.draws) > 0 {
			w, ok = byDrawing[rd.draws[0]]
		}
		switch {
		case !ok:
			kept = append(kept, rd)
		case len(rd.draws) == 0:
			r.vetoed = append(r.vetoed, sudokusat.Unread{Kind: sudokusat.UnreadSentence, Text: r.sentenceOf(rd), Reason: w})
		default:
			back := rd.draws[:1]
			if rd.rule.Kind == CountingCircles {
				back = rd.draws
			}
			for _, d := range back {
				r.draws[d].taken, r.draws[d].why = false, w
			}
		}
	}
	r.reads = kept
}

// sentenceOf returns the sentence a rule without a drawing was read from,
// or the metadata's name for it.
func (r *spReader) sentenceOf(rd spRead) string {
	if rd.sentence >= 0 {
		return r.text.sentences[rd.sentence].raw
	}
	return "metadata: " + rd.rule.Kind
}

// rules returns the rules read, in order, an arrow's lines from one
// circle joined into one rule (a difference arrow's too, apart).
func (r *spReader) rules() []sudokusat.Rule {
	var out []sudokusat.Rule
	circles := map[string]int{}
	for _, rd := range r.reads {
		rule := rd.rule
		if rule.Kind == Arrow || rule.Kind == DifferenceArrow {
			key := rule.Kind + " " + cellSet(rule.Cells)
			if i, ok := circles[key]; ok {
				out[i].Lines = append(out[i].Lines, rule.Lines...)
				continue
			}
			circles[key] = len(out)
			rule.Lines = slices.Clone(rule.Lines)
		}
		out = append(out, rule)
	}
	return out
}

// unread lists what was not read: every drawing no rule took, with why,
// each sentence of the rules text that no rule read accounts for, and the
// fog of war.
func (r *spReader) unread(table []spConvention) []sudokusat.Unread {
	var out []sudokusat.Unread
	for _, d := range r.draws {
		if d.taken || d.outline {
			continue // an outline is listed as its line
		}
		u := sudokusat.Unread{Reason: d.why}
		switch {
		case d.cage != nil:
			u.Kind, u.Cells, u.Text = sudokusat.UnreadCage, d.cage.cells, d.cage.value
			if u.Reason == "" {
				u.Reason = "a cage without a total, whose digits may repeat"
			}
		case d.line != nil:
			u.Kind = sudokusat.UnreadLine
			if d.line.arrow {
				u.Kind = sudokusat.UnreadArrow
			}
			centres, _ := pathCells(r.n, d.line.points)
			u.Cells = slices.Compact(clipCells(r.n, centres))
		default:
			s := d.shape
			u.Cells, u.Text = touchedCells(r.n, s.at), s.text
			switch {
			case s.text != "":
				u.Kind = sudokusat.UnreadText
			case s.square() && s.sized(0.9, 1.05):
				u.Kind = sudokusat.UnreadShading
			case s.round():
				u.Kind = sudokusat.UnreadCircle
			default:
				u.Kind = sudokusat.UnreadRectangle
			}
		}
		out = append(out, u)
	}
	out = append(out, r.vetoed...)
	sentences := r.unaccounted(table, false)
	for i := range r.houses {
		if !slices.Contains(sentences, i) {
			sentences = append(sentences, i)
		}
	}
	slices.Sort(sentences)
	for _, i := range sentences {
		s := r.text.sentences[i]
		if slices.ContainsFunc(r.vetoed, func(u sudokusat.Unread) bool { return u.Text == s.raw }) {
			continue // listed already, as taken back
		}
		why := "no rule read accounts for it"
		if h := r.houses[i]; h != "" {
			why = h
		}
		out = append(out, sudokusat.Unread{Kind: sudokusat.UnreadSentence, Text: s.raw, Reason: why})
	}
	if r.fog != nil {
		out = append(out, *r.fog)
	}
	return out
}

// unaccounted returns, by index, the sentences of the text that no rule
// read accounts for: each that is not boilerplate, an aside, a sentence a
// rule was read from, nor one that names a row read (or a rule of the
// whole grid read). Before the rules of the whole grid are read
// (pending), a sentence that names a row of the text, or says that every
// clue of a kind is given, is left to them.
func (r *spReader) unaccounted(table []spConvention, pending bool) []int {
	read := map[*spConvention]bool{}
	sentences := map[int]bool{}
	global := map[Kind]bool{}
	for _, rd := range r.reads {
		if rd.conv != nil {
			read[rd.conv] = true
		}
		if rd.sentence >= 0 {
			sentences[rd.sentence] = true
		}
		if len(rd.rule.Cells) == 0 {
			global[rd.rule.Kind] = true
		}
	}
	var out []int
	for i, s := range r.text.sentences {
		if sentences[i] || r.accounts[i] || spBoilerplate(s, r.n) || spAside(s) || pending && spAllGiven(s) {
			continue
		}
		accounted := false
		for j := range table {
			c := &table[j]
			text := c.on == spOnText && (pending || global[c.kind])
			if len(c.words.any) > 0 && (c.words.names(s) || read[c] && c.words.accountsPill(s)) && (read[c] || text) {
				accounted = true
				break
			}
		}
		if !accounted && !r.accountsRepeats(s) {
			out = append(out, i)
		}
	}
	return out
}

// accountsRepeats reports whether a sentence says only that digits may
// repeat on drawings of rules read ("Digits may repeat on arrows",
// "Repeated digits are allowed on region sum lines", "Digits can repeat
// on lines if allowed by other rules") and every kind it may refer to
// lets them by its own rule (KindInfo.Repeats): it states nothing the
// rules read do not. Said of a kind whose rule does not (a renban line, a
// thermometer, a cage), it changes that rule (changedBy, gainsaid).
func (r *spReader) accountsRepeats(s spSentence) bool {
	if !spSaysRepeats(s) {
		return false
	}
	kinds := r.repeatsOf(s)
	return len(kinds) > 0 && !slices.ContainsFunc(kinds, func(k Kind) bool { return !r.info(k).Repeats })
}

// repeatsOf returns the kinds of the rules read that a sentence saying
// digits may repeat refers to, or none when one of its words is neither
// one of spRepeatWords nor refers to a rule read. A rule read is referred
// to by its row's own terms (a name it is called, the first term of one
// of its groups: "region sum", "little killer", "diagonal"; not a house,
// "boxes") or by what one of its drawings looks like ("lines", "arrows",
// spDrawing.nouns), which after a row's term is that row's ("region sum
// lines") and otherwise every row's it fits ("lines" of thermometers and
// whispers alike); a colour the sentence gives keeps the rules with a
// drawing of that colour, and each colour must be one of theirs.
func (r *spReader) repeatsOf(s spSentence) []Kind {
	f := strings.Fields(s.words)
	type match struct{ read, at, n int }
	var matches []match
	for k, rd := range r.reads {
		if rd.conv == nil || len(rd.draws) == 0 && len(rd.rule.Lines) > 0 {
			continue // a rule of drawings others are (the cages of distinct totals)
		}
		for _, t := range rd.conv.words.terms() {
			if spHouseWords[strings.TrimSpace(t)] || slices.ContainsFunc(rd.draws, func(d int) bool { return r.draws[d].looks(t) }) {
				continue // said of the drawings by their look, or a house
			}
			for i := range f {
				if n := termAt(f, i, t); n > 0 {
					matches = append(matches, match{k, i, n})
				}
			}
		}
	}
	// A word of a longer term is that term's: "little killer" is no
	// "killer" cage.
	slices.SortStableFunc(matches, func(a, b match) int { return b.n - a.n })
	used := make([]bool, len(f))
	own := make([]int, len(f)) // the length of the term a word is of
	refs := map[int]bool{}     // by read
	for _, m := range matches {
		if slices.ContainsFunc(own[m.at:m.at+m.n], func(n int) bool { return n > m.n }) {
			continue
		}
		refs[m.read] = true
		for j := m.at; j < m.at+m.n; j++ {
			used[j], own[j] = true, m.n
		}
	}
	colours := s.colours()
	for i, w := range f {
		if used[i] || slices.Contains(colours, w) {
			used[i] = true
			continue
		}
		for k, rd := range r.reads {
			if rd.conv != nil && slices.ContainsFunc(rd.draws, func(d int) bool { return r.draws[d].looks(w) }) {
				used[i] = true
				if i == 0 || own[i-1] == 0 {
					refs[k] = true
				}
			}
		}
	}
	for i, w := range f {
		if !used[i] && !spRepeatWords[w] {
			return nil
		}
	}
	var kinds []Kind
	fits := map[string]bool{}
	for k := range refs {
		rd := r.reads[k]
		if len(colours) > 0 {
			in := slices.DeleteFunc(slices.Clone(colours), func(c string) bool {
				return !slices.ContainsFunc(rd.draws, func(d int) bool { return colourFits(r.draws[d].colour(), []string{c}) })
			})
			if len(in) == 0 {
				continue
			}
			for _, c := range in {
				fits[c] = true
			}
		}
		kinds = append(kinds, rd.rule.Kind)
	}
	if len(fits) < len(colours) {
		return nil
	}
	return kinds
}

// info returns the row of Kinds for a kind.
func (r *spReader) info(k Kind) KindInfo {
	if r.kinds == nil {
		r.kinds = kinds()
	}
	return r.kinds[k]
}

// takeBackChanged takes back the rules read from drawings that a
// sentence no rule read accounts for speaks of (speaksOf: in the row's
// words, or by what the drawings look like, "the diamonds", "these
// lines") with a word that makes the rule another (spWordList.changes),
// or a least difference other than the one read: the text names the kind
// in one sentence and changes it in another ("The diamonds differ by at
// most 4."), and the drawings are left unread with that sentence as the
// reason, not read as a rule the text contradicts. A sentence that says
// which clues are given (spOfGiven) speaks of where a negative rule
// holds, not of what the clues mean: only a word of spChanged ("wrong",
// "lying") or spLies ("a lie") in it does (spSaysLie). Drawings taken
// back leave the sentences that named their row unaccounted for, which
// may speak so of another row: it is done again until nothing changes.
// It runs before the rules of the whole grid are read, whose negative
// rules of dots and XV hold only with the marks read.
func (r *spReader) takeBackChanged(table []spConvention) {
	for {
		back := map[int]string{} // by read
		for _, i := range r.unaccounted(table, true) {
			s := r.text.sentences[i]
			if spOfGiven(s) && !spSaysLie(s) {
				continue
			}
			t := newSPTalk(table, s)
			for k, rd := range r.reads {
				c := rd.conv
				if c == nil || c.format || len(rd.draws) == 0 || back[k] != "" || !r.speaksOf(t, c, rd.draws) {
					continue
				}
				if why := r.changedBy(t, c, rd.rule); why != "" {
					back[k] = why
				}
			}
		}
		if len(back) == 0 {
			return
		}
		r.takeBack(back)
	}
}

// spTalk is what one sentence says of the table's rows, worked out once:
// takeBackChanged asks it of every read, and a puzzle has hundreds of
// reads of a few rows.
type spTalk struct {
	s spSentence
	// colours are the colours the sentence names (spSentence.colours).
	colours []string
	// mentions holds the rows whose words the sentence mentions
	// (spWordList.mentions).
	mentions map[*spConvention]bool
	// changes holds, by row, the word of spWordList.changes the
	// sentence says of it, or "", as it is asked for.
	changes map[*spConvention]string
}

func newSPTalk(table []spConvention, s spSentence) *spTalk {
	t := &spTalk{s: s, colours: s.colours(), mentions: map[*spConvention]bool{}, changes: map[*spConvention]string{}}
	for i := range table {
		if table[i].words.mentions(s) {
			t.mentions[&table[i]] = true
		}
	}
	return t
}

// change returns the word of c's spWordList.changes the sentence says.
func (t *spTalk) change(c *spConvention) string {
	w, ok := t.changes[c]
	if !ok {
		w = c.words.changes(t.s)
		t.changes[c] = w
	}
	return w
}

// speaksOf reports whether a sentence speaks of a row's drawings (a rule
// read and its parts): in a colour one of them has, if it gives any, and
// in the row's words (spWordList.mentions: "The diamonds differ by at
// most 4"), or by what one of them looks like (nouns) when it mentions no
// other row ("Adjacent digits on German whispers lines differ by at least
// 3" speaks of whispers lines, not of every line).
func (r *spReader) speaksOf(t *spTalk, c *spConvention, draws []int) bool {
	s, cw := t.s, t.colours
	if len(cw) > 0 && !slices.ContainsFunc(draws, func(d int) bool { return colourFits(r.draws[d].colour(), cw) }) {
		return false
	}
	if t.mentions[c] {
		return true
	}
	if len(t.mentions) > 0 {
		return false
	}
	return slices.ContainsFunc(draws, func(d int) bool { return slices.ContainsFunc(r.draws[d].nouns(), s.has) })
}

// changedBy returns why a sentence that speaks of a rule read makes it
// another, or "": a word of spWordList.changes, or, for a kind whose
// value is a least difference, a bound other than the one read.
func (r *spReader) changedBy(t *spTalk, c *spConvention, rule sudokusat.Rule) string {
	s := t.s
	if w := t.change(c); w != "" {
		return fmt.Sprintf("drawn as %s, but the rules text says otherwise of it (%q): %q", c.name, w, s.raw)
	}
	if spSaysRepeats(s) && !r.info(rule.Kind).Repeats {
		return fmt.Sprintf("drawn as %s, but the rules text says otherwise of it (%q): %q", c.name, "may repeat", s.raw)
	}
	if !c.gap {
		return ""
	}
	read := rule.Value
	if read == 0 {
		read = spDefaultGap(c.kind, r.n)
	}
	switch g, ok := spWhispersGap(s); {
	case !ok:
		return fmt.Sprintf("drawn as %s, but the rules text bounds its difference otherwise than \"at least\" a number: %q", c.name, s.raw)
	case g > 0 && g != read:
		return fmt.Sprintf("drawn as %s, but the rules text states two least differences, %d and %d: %q", c.name, read, g, s.raw)
	}
	return ""
}

// looks reports whether a word (or term) speaks of the drawing by what
// it looks like: it starts with one of its nouns ("lines", "arrows").
func (d *spDrawing) looks(word string) bool {
	word = strings.TrimSpace(word)
	return slices.ContainsFunc(d.nouns(), func(n string) bool {
		n = strings.TrimSpace(n)
		return n != "" && strings.HasPrefix(word, n) && !strings.Contains(word, " ")
	})
}

// nouns returns the words by which a sentence speaks of a drawing by what
// it looks like: a line, an arrow, a circle or dot (a pill too, when
// longer than wide: "circles" may be said of pills, "pills" not of
// circles), a diamond, a square; and a text of letters by its letters as
// a word ("the Xs"; an X or a V as "XV" too, as setters call the two).
func (d *spDrawing) nouns() []string {
	s := d.shape
	switch {
	case d.line != nil && d.line.arrow:
		return []string{"arrow"}
	case d.line != nil:
		return []string{"line"}
	case s == nil:
		return nil
	}
	var out []string
	if t := spWords(s.text); strings.TrimSpace(t) != "" && !strings.ContainsAny(t, "0123456789") {
		out = append(out, t[1:], t[1:len(t)-1]+"s ")
		if t == " x " || t == " v " {
			out = append(out, "xv")
		}
	}
	switch {
	case !s.fill.ok && !s.border.ok:
	case s.round() && (s.w > 1.2*s.h || s.h > 1.2*s.w):
		out = append(out, "pill", "oval", "circle", "dot", "bulb", "disc")
	case s.round():
		out = append(out, "circle", "dot", "bulb", "disc")
	case s.diamond():
		out = append(out, "diamond")
	case s.square():
		out = append(out, "square")
	}
	return out
}
