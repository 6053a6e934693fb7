package encode

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sudokusat/sudokusat"
)

// ErrDIMACS is wrapped by every error about malformed DIMACS or solver
// output.
var ErrDIMACS = errors.New("malformed DIMACS")

// ErrNoMap reports a CNF file without sudokusat's variable map.
var ErrNoMap = errors.New("no sudokusat variable map in the CNF comments")

// headerMark opens the comment block WriteDIMACS writes and ReadVarMap
// looks for. No word "cnf" in a comment is followed by a number: drat-trim
// (and other tools that scan for the problem line as "cnf" and two
// numbers after any word) read the mark of the first version, legacyMark,
// as a formula of one variable and no clauses. ReadVarMap takes both.
const (
	headerMark = "c sudokusat cnf v1"
	legacyMark = "c sudokusat cnf 1"
)

// maxLine bounds one line of DIMACS or solver output: a puzzle comment line
// of a 400×400 grid is under 1 MB.
const maxLine = 16 << 20

// MaxComment bounds the comment lines WriteDIMACS and the family writer
// write, newline excluded: a longer value (the puzzle line of a 36×36
// grid is over 3,000 bytes) goes on in continuation lines "c + REST".
// Proof checkers read the comments before the problem line into fixed
// buffers: lrat-check refuses a line of 1,024 bytes or more.
const MaxComment = 1000

// AppendComment appends to b the comment "MARK KEY VAL" in lines of at
// most MaxComment bytes: the first holds the key and the start of val,
// each next one "MARK + " and the next part, cut after a byte that is
// not a space, so that a reader trimming lines loses nothing. A reader
// appends each continuation's part, as written, to the value before it.
func AppendComment(b []byte, mark byte, key, val string) []byte {
	b = append(append(append(b, mark, ' '), key...), ' ')
	room := MaxComment - len(key) - 3
	for {
		if len(val) <= room {
			return append(append(b, val...), '\n')
		}
		cut := room
		for cut > 1 && (val[cut-1] == ' ' || val[cut-1] == '\t') {
			cut--
		}
		b = append(append(b, val[:cut]...), '\n', mark, ' ', '+', ' ')
		val = val[cut:]
		room = MaxComment - 4
	}
}

// WriteDIMACS writes f in DIMACS CNF. The comment lines before the problem
// line record the tool, the encoding, the box shape, the puzzle, and the
// variable map: the formula for the direct encodings, or for the reduced one
// the fixed grid and one "c v VAR ROW COL DIGIT" line per variable (rows,
// columns from 1). ReadVarMap reads them back.
func WriteDIMACS(w io.Writer, f *Formula) error {
	return WriteDIMACSWith(w, f, DIMACSOptions{})
}

// DIMACSOptions are the choices of WriteDIMACSWith.
type DIMACSOptions struct {
	// Projection adds, after the problem line, the lines that tell a
	// model counter to count the assignments of the map's variables (the
	// cells' digits, 1..NumVars()) only, not those of the auxiliary
	// variables an encoding adds after them: "c p show V… 0" in one line,
	// as the model counting competition's projected track and ganak,
	// d4 and sharpSAT-TD read it, and the same variables in "c ind V… 0"
	// lines of at most MaxComment bytes, as ApproxMC and CryptoMiniSat
	// read them. Counted so, the models are the puzzle's solutions.
	// The "c p show" line of a grid of 9×9 or more is longer than
	// lrat-check reads: off by default.
	Projection bool
}

// WriteDIMACSWith writes f in DIMACS CNF as WriteDIMACS does, with the
// choices of o.
func WriteDIMACSWith(w io.Writer, f *Formula, o DIMACSOptions) error {
	if len(f.pb) > 0 {
		return ErrHasPB
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	writeHeader(bw, f, 'c')
	if f.Vars == 0 && f.nClauses == 0 {
		// "p cnf 0 0" alone looks like a bug to whoever opens the file.
		fmt.Fprintf(bw, "c propagation alone solved the puzzle (the solution is the fixed line above): the formula is empty, so any solver answers SATISFIABLE with an empty model\n")
	}
	fmt.Fprintf(bw, "p cnf %d %d\n", f.Vars, f.nClauses)
	if o.Projection {
		writeProjection(bw, f.NumVars())
	}
	var b []byte
	for c := range f.Clauses() {
		b = b[:0]
		for _, l := range c {
			b = strconv.AppendInt(b, int64(l), 10)
			b = append(b, ' ')
		}
		b = append(b, '0', '\n')
		if _, err := bw.Write(b); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// writeProjection writes the projection lines of DIMACSOptions.Projection
// for the variables 1..n.
func writeProjection(bw *bufio.Writer, n int) {
	b := []byte("c p show")
	for v := 1; v <= n; v++ {
		b = strconv.AppendInt(append(b, ' '), int64(v), 10)
	}
	bw.Write(append(b, " 0\n"...))
	b = append(b[:0], "c ind"...)
	for v := 1; v <= n; v++ {
		if len(b)+12 > MaxComment {
			bw.Write(append(b, " 0\n"...))
			b = append(b[:0], "c ind"...)
		}
		b = strconv.AppendInt(append(b, ' '), int64(v), 10)
	}
	bw.Write(append(b, " 0\n"...))
}

// writeHeader writes the comment lines that record the tool, the encoding,
// the box shape, the puzzle and the variable map, each started by mark:
// 'c' in DIMACS, '*' in OPB. ReadVarMap reads either.
func writeHeader(bw *bufio.Writer, f *Formula, mark byte) {
	n := f.Puzzle.Size()
	fmt.Fprintf(bw, "%c%s\n", mark, headerMark[1:])
	if f.Encoding != "" {
		// A map read from a header without the line has no name to give.
		fmt.Fprintf(bw, "%c encoding %s\n", mark, f.Encoding)
	}
	g := f.Puzzle.Grid
	fmt.Fprintf(bw, "%c box %dx%d\n", mark, g.BoxRows(), g.BoxCols())
	bw.Write(AppendComment(nil, mark, "puzzle", g.String()))
	if !f.Puzzle.Classic() {
		bw.Write(AppendComment(nil, mark, "variant", string(marshalRules(f.Puzzle))))
	}
	switch f.Puzzle.Layout {
	case sudokusat.LayoutRows:
		fmt.Fprintf(bw, "%c layout rows\n", mark)
	case sudokusat.LayoutNumbers:
		fmt.Fprintf(bw, "%c layout numbers\n", mark)
	}
	if f.Direct() {
		fmt.Fprintf(bw, "%c map direct: variable r*%d + c*%d + d is digit d at row r, column c (r, c from 0; d from 1)\n", mark, n*n, n)
	} else {
		bw.Write(AppendComment(nil, mark, "fixed", f.Fixed.String()))
		fmt.Fprintf(bw, "%c map explicit: %c v VAR ROW COL DIGIT (rows and columns from 1)\n", mark, mark)
		var b []byte
		for i, c := range f.Cands {
			b = append(append(b[:0], mark), " v "...)
			b = strconv.AppendInt(b, int64(i+1), 10)
			b = append(b, ' ')
			b = strconv.AppendInt(b, int64(int(c.Cell)/n+1), 10)
			b = append(b, ' ')
			b = strconv.AppendInt(b, int64(int(c.Cell)%n+1), 10)
			b = append(b, ' ')
			b = strconv.AppendInt(b, int64(c.Digit), 10)
			b = append(b, '\n')
			bw.Write(b)
		}
	}
}

func dimacsErr(line int, format string, args ...any) error {
	return fmt.Errorf("%w: line %d: %s", ErrDIMACS, line, fmt.Sprintf(format, args...))
}

// header collects the sudokusat comment lines. Every key may appear once;
// a repeated or changed key is an error, since the variable lines read so
// far were checked against the first value and a second one cannot be
// honoured.
type header struct {
	seen             bool
	encoding         string
	boxRows, boxCols int
	puzzle, fixed    string
	variant          string // the variant rules' JSON, "" for a classic puzzle
	mapKind          string // "direct" or "explicit"
	layout           sudokusat.Layout
	cands            []Cand
	candIndex        map[int64]int // cell·(N+1)+digit → variable, to refuse duplicates
	candLines        []int         // the line of each variable, for later errors
	// the line of each key, 0 while unseen
	markLine, encLine, boxLine, puzzleLine, fixedLine, mapLine, layoutLine, variantLine int
	// more is the value that a continuation line "c + REST" extends:
	// the last puzzle, fixed or variant line's, nil after any other.
	more *string
}

// once records the first line of a key and refuses a second one.
func once(at *int, no int, key string) error {
	if *at != 0 {
		return dimacsErr(no, "second %q line (the first is line %d)", key, *at)
	}
	*at = no
	return nil
}

// comment reads one comment line of the header: "c …" in DIMACS, "* …"
// in OPB, whose comments are DIMACS's under another mark.
func (h *header) comment(line []byte, no int) error {
	s := string(line)
	if s[0] == '*' {
		s = "c" + s[1:]
	}
	if s == headerMark || s == legacyMark {
		if h.seen {
			return dimacsErr(no, "second %q line (the first is line %d)", headerMark, h.markLine)
		}
		h.seen, h.markLine = true, no
		return nil
	}
	if !h.seen {
		return nil
	}
	if rest, ok := strings.CutPrefix(s, "c + "); ok {
		if h.more == nil {
			return dimacsErr(no, "continuation line after no puzzle, fixed or variant line")
		}
		*h.more += rest
		return nil
	}
	h.more = nil
	key, val, _ := strings.Cut(strings.TrimPrefix(s, "c "), " ")
	val = strings.TrimSpace(val)
	switch key {
	case "encoding":
		if err := once(&h.encLine, no, "c encoding"); err != nil {
			return err
		}
		if val == "" {
			return dimacsErr(no, "encoding line without a name")
		}
		h.encoding = val
	case "box":
		if err := once(&h.boxLine, no, "c box"); err != nil {
			return err
		}
		r, c, ok := parseBox(val)
		if !ok {
			return dimacsErr(no, "bad box shape %q (want RxC, e.g. 3x3, at most %d cells a side)", val, sudokusat.MaxSize)
		}
		h.boxRows, h.boxCols = r, c
	case "puzzle":
		if err := once(&h.puzzleLine, no, "c puzzle"); err != nil {
			return err
		}
		h.puzzle, h.more = val, &h.puzzle
	case "variant":
		if err := once(&h.variantLine, no, "c variant"); err != nil {
			return err
		}
		h.variant, h.more = val, &h.variant
	case "fixed":
		if err := once(&h.fixedLine, no, "c fixed"); err != nil {
			return err
		}
		h.fixed, h.more = val, &h.fixed
	case "map":
		if err := once(&h.mapLine, no, "c map"); err != nil {
			return err
		}
		switch {
		case strings.HasPrefix(val, "explicit"):
			h.mapKind = "explicit"
		case strings.HasPrefix(val, "direct"):
			h.mapKind = "direct"
		default:
			return dimacsErr(no, "unknown map %.40q (want direct or explicit)", val)
		}
	case "layout":
		if err := once(&h.layoutLine, no, "c layout"); err != nil {
			return err
		}
		switch val {
		case "rows":
			h.layout = sudokusat.LayoutRows
		case "numbers":
			h.layout = sudokusat.LayoutNumbers
		case "line":
		default:
			return dimacsErr(no, "unknown layout %.40q (want line, rows or numbers)", val)
		}
	case "v":
		return h.variable(val, no)
	}
	return nil
}

// parseBox reads a box shape "RxC" that makes a grid the model accepts.
func parseBox(s string) (int, int, bool) {
	rs, cs, ok := strings.Cut(s, "x")
	if !ok {
		return 0, 0, false
	}
	r, err1 := strconv.Atoi(rs)
	c, err2 := strconv.Atoi(cs)
	// Each side is bounded before the product is taken, which could
	// otherwise overflow.
	// Boxes of one row are the rows, as sudokusat.NewGrid allows them: a
	// side with no box shape (7×7) whose regions the puzzle gives.
	if err1 != nil || err2 != nil || r < 1 || c < 2 || r > sudokusat.MaxSize || c > sudokusat.MaxSize || r*c > sudokusat.MaxSize || r*c < 4 {
		return 0, 0, false
	}
	return r, c, true
}

// variable reads one "c v VAR ROW COL DIGIT" line. The box must be known,
// since every position is checked against it as it is read.
func (h *header) variable(val string, no int) error {
	f := strings.Fields(val)
	if len(f) != 4 {
		return dimacsErr(no, "variable line needs VAR ROW COL DIGIT")
	}
	var x [4]int
	for i := range x {
		v, err := strconv.Atoi(f[i])
		if err != nil {
			return dimacsErr(no, "bad number %.24q in variable line", f[i])
		}
		x[i] = v
	}
	if x[0] != len(h.cands)+1 {
		return dimacsErr(no, "variable %d out of order: want %d", x[0], len(h.cands)+1)
	}
	if h.boxLine == 0 {
		return dimacsErr(no, "variable line before the box line")
	}
	n := h.boxRows * h.boxCols
	for i, what := range [3]string{"row", "column", "digit"} {
		if x[i+1] < 1 || x[i+1] > n {
			return dimacsErr(no, "variable %d: %s %d out of range 1..%d", x[0], what, x[i+1], n)
		}
	}
	cell := (x[1]-1)*n + x[2] - 1
	key := int64(cell)*int64(n+1) + int64(x[3])
	if h.candIndex == nil {
		h.candIndex = map[int64]int{}
	}
	if v, dup := h.candIndex[key]; dup {
		return dimacsErr(no, "variable %d: r%dc%d digit %d is variable %d already", x[0], x[1], x[2], x[3], v)
	}
	h.candIndex[key] = x[0]
	h.cands = append(h.cands, Cand{Cell: int32(cell), Digit: int16(x[3])})
	h.candLines = append(h.candLines, no)
	return nil
}

// varMap checks that the header lines make one map and returns it. line is
// the line the header ended on, for what is missing.
func (h *header) varMap(line int) (*VarMap, error) {
	if !h.seen {
		return nil, ErrNoMap
	}
	var missing []string
	for _, k := range []struct {
		at   int
		name string
	}{{h.boxLine, "box"}, {h.puzzleLine, "puzzle"}, {h.mapLine, "map"}} {
		if k.at == 0 {
			missing = append(missing, "c "+k.name)
		}
	}
	if len(missing) > 0 {
		return nil, dimacsErr(line, "the sudokusat header (line %d) lacks its %s line", h.markLine, strings.Join(missing, ", "))
	}
	g, err := sudokusat.ParseLine(h.puzzle, h.boxRows, h.boxCols)
	if err != nil {
		return nil, dimacsErr(h.puzzleLine, "puzzle: %v", err)
	}
	m := &VarMap{Encoding: h.encoding, Puzzle: &sudokusat.Puzzle{Grid: g}, Fixed: g}
	if h.variantLine != 0 {
		if m.Puzzle, err = unmarshalRules(h.variant, g); err != nil {
			return nil, dimacsErr(h.variantLine, "%v", err)
		}
	}
	m.Puzzle.Layout = h.layout
	if h.mapKind != "explicit" {
		if len(h.cands) > 0 {
			return nil, dimacsErr(h.candLines[0], "variable line in a header whose map (line %d) is %s, not explicit", h.mapLine, h.mapKind)
		}
		return m, nil
	}
	if h.fixedLine == 0 {
		return nil, dimacsErr(h.mapLine, "explicit map without a \"c fixed\" line")
	}
	if m.Fixed, err = sudokusat.ParseLine(h.fixed, h.boxRows, h.boxCols); err != nil {
		return nil, dimacsErr(h.fixedLine, "fixed grid: %v", err)
	}
	n := g.Size()
	for i := range g.Len() {
		if d := g.Cell(i); d != 0 && m.Fixed.Cell(i) != d {
			return nil, dimacsErr(h.fixedLine, "fixed grid has %d at r%dc%d, where the puzzle gives %d", m.Fixed.Cell(i), i/n+1, i%n+1, d)
		}
	}
	for i, c := range h.cands {
		if d := m.Fixed.Cell(int(c.Cell)); d != 0 {
			return nil, dimacsErr(h.candLines[i], "variable %d: r%dc%d is fixed to %d, so it has no variables", i+1, int(c.Cell)/n+1, int(c.Cell)%n+1, d)
		}
	}
	m.Cands = h.cands
	if m.Cands == nil {
		m.Cands = []Cand{}
	}
	return m, nil
}

// ReadVarMap reads the sudokusat comment lines at the top of a CNF file and
// returns its variable map, stopping at the problem line, so that a large
// formula is never read whole to decode a model. A file without them gives
// an error wrapping ErrNoMap. A header that does not make one map is an
// error wrapping ErrDIMACS that names the line: a key given twice (the
// variable lines were checked against the first), a variable line before
// the box line, out of order, out of the grid, repeated or in a fixed cell,
// a fixed grid that changes a given, or a missing box, puzzle or map line.
func ReadVarMap(r io.Reader) (*VarMap, error) {
	c, err := readCNFHeader(r)
	if err != nil {
		return nil, err
	}
	return c.h.varMap(c.bodyLine)
}

// ReadDIMACS reads a whole CNF file, as a CNFReader does. The variable map
// is read too when the file has sudokusat's comments before its problem
// line, with the same checks as ReadVarMap; otherwise the formula's VarMap
// is zero.
func ReadDIMACS(r io.Reader) (*Formula, error) {
	c, err := readCNFHeader(r)
	if err != nil {
		return nil, err
	}
	var m *VarMap
	if c.h.seen {
		if m, err = c.h.varMap(c.bodyLine); err != nil {
			return nil, err
		}
	}
	if err := c.readProblem(); err != nil {
		return nil, err
	}
	switch {
	case c.OPB:
		return nil, dimacsErr(1, "an OPB file, not CNF")
	case c.Vars > maxVars:
		return nil, dimacsErr(c.Line, "%d variables, more than %d", c.Vars, maxVars)
	}
	f, err := c.ReadClauses()
	if err != nil {
		return nil, err
	}
	if m != nil {
		f.VarMap = *m
	}
	return f, nil
}

// maxVars bounds the variables of a formula ReadDIMACS reads, whose
// readers may make a table of them.
const maxVars = 1 << 30
