package explain

import "github.com/sudokusat/sudokusat"

// Report is a path as JSON writes it, the one form the command line, the
// API and the page share.
type Report struct {
	// Status is "explained", "guessed" or "stuck".
	Status Status `json:"status"`
	// Steps are the steps, in order.
	Steps []StepReport `json:"steps"`
	// Solution is the grid the path ends at, when it is solved.
	Solution string `json:"solution,omitempty"`
	// Hardest is the hardest step; BreakIn the first past singles.
	Hardest *Mark `json:"hardest,omitempty"`
	BreakIn *Mark `json:"break_in,omitempty"`
	// Stuck is, for a stuck path, each cell's candidates where it stopped
	// (digits, "" for none), row by row.
	Stuck []string `json:"stuck,omitempty"`
}

// Mark names one step of a path and rates it.
type Mark struct {
	// Step is the step's number, from 1.
	Step      int    `json:"step"`
	Technique string `json:"technique"`
	// SE is the rating on Sudoku Explainer's scale, for a classic
	// puzzle; Cost the same ladder's figure for any puzzle.
	SE   *float64 `json:"se,omitempty"`
	Cost float64  `json:"cost"`
}

// StepReport is one step as JSON writes it: cells as "r1c1", facts as
// {cell, digit} with placed for a placement.
type StepReport struct {
	Technique    string     `json:"technique"`
	Rating       float64    `json:"rating"`
	Placements   []FactJSON `json:"placements,omitempty"`
	Eliminations []FactJSON `json:"eliminations,omitempty"`
	Cells        []string   `json:"cells,omitempty"`
	Rules        []RuleJSON `json:"rules,omitempty"`
	Premises     []FactJSON `json:"premises,omitempty"`
	// Deadly is, for a step that rests on the puzzle's uniqueness, the
	// pattern that would give it a second solution.
	Deadly  *DeadlyJSON `json:"deadly,omitempty"`
	Checked bool        `json:"checked"`
	Text    string      `json:"text"`
}

// DeadlyJSON is a deadly pattern: cells, each with its pair of digits.
type DeadlyJSON struct {
	Cells []string `json:"cells"`
	Pairs [][2]int `json:"pairs"`
}

// FactJSON is a candidate: a digit in a cell, placed or eliminated.
type FactJSON struct {
	Cell   string `json:"cell"`
	Digit  int    `json:"digit"`
	Placed bool   `json:"placed,omitempty"`
}

// RuleJSON is a constraint a step uses: its kind ("row", "column",
// "region", "rule"), its number from 1, and its name as a person reads
// it ("box 5", "killer r4c4-r5c5 (17)").
type RuleJSON struct {
	Kind  string `json:"kind"`
	Index int    `json:"index"`
	Name  string `json:"name"`
}

// NewReport writes path, found for p, in its JSON form; a classic 9×9
// puzzle's hardest step has its rating on Sudoku Explainer's scale.
func NewReport(p *sudokusat.Puzzle, path *Path) Report {
	b := newBoard(p)
	r := Report{Status: path.Status, Steps: make([]StepReport, len(path.Steps))}
	for i, st := range path.Steps {
		s := StepReport{Technique: st.Technique, Rating: st.Rating, Checked: st.Checked, Text: st.Text}
		for _, c := range st.Placements {
			s.Placements = append(s.Placements, FactJSON{Cell: b.cellName(c.Cell), Digit: c.Digit, Placed: true})
		}
		for _, c := range st.Eliminations {
			s.Eliminations = append(s.Eliminations, FactJSON{Cell: b.cellName(c.Cell), Digit: c.Digit})
		}
		for _, c := range st.Cells {
			s.Cells = append(s.Cells, b.cellName(c))
		}
		for _, ref := range st.Refs {
			s.Rules = append(s.Rules, RuleJSON{Kind: ref.Kind.String(), Index: ref.Index + 1, Name: b.refName(ref)})
		}
		for _, f := range st.Premises {
			s.Premises = append(s.Premises, FactJSON{Cell: b.cellName(f.Cell), Digit: f.Digit, Placed: f.Placed})
		}
		if d := st.Deadly; d != nil {
			s.Deadly = &DeadlyJSON{Pairs: d.Pairs}
			for _, c := range d.Cells {
				s.Deadly.Cells = append(s.Deadly.Cells, b.cellName(c))
			}
		}
		r.Steps[i] = s
	}
	if path.Status != Stuck && path.Grid != nil {
		r.Solution = path.Grid.String()
	}
	se := SEScale(p)
	mark := func(i int) *Mark {
		if i < 0 {
			return nil
		}
		st := path.Steps[i]
		m := &Mark{Step: i + 1, Technique: st.Technique, Cost: st.Rating}
		if se {
			v := st.Rating
			m.SE = &v
		}
		return m
	}
	r.Hardest, r.BreakIn = mark(path.Hardest()), mark(path.BreakIn())
	if path.Status == Stuck {
		for _, m := range path.Candidates {
			r.Stuck = append(r.Stuck, digitString(m))
		}
	}
	return r
}

// SEScale reports whether p's ratings are on Sudoku Explainer's scale:
// a classic 9×9 puzzle, the kind SE rates.
func SEScale(p *sudokusat.Puzzle) bool { return p.Classic() && p.Size() == 9 }

// digitString writes a candidate mask as its digits.
func digitString(m uint64) string {
	var b []byte
	for _, d := range digits(m) {
		b = append(b, sudokusat.Symbol(d))
	}
	return string(b)
}
