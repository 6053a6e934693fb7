package family

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/internal/compress"
	"github.com/sudokusat/sudokusat/satsolve"
	"github.com/sudokusat/sudokusat/variant"
)

// The verdicts of Judge.
const (
	Right   = "right"
	Wrong   = "wrong"   // a wrong status, a model that is no model or no solution, or a malformed answer
	Unknown = "unknown" // the solver gave no answer (UNKNOWN, INDETERMINATE)
	Missing = "missing" // no answer file
)

// A Judgement is the verdict on a solver's answer to one instance.
type Judgement struct {
	File     string   `json:"file"`
	Kind     string   `json:"kind"`
	Expected string   `json:"expected"`
	Count    string   `json:"count"`
	Answer   string   `json:"answer"` // SAT, UNSAT, UNKNOWN, or "" when none was read
	Verdict  string   `json:"verdict"`
	Checked  string   `json:"checked,omitempty"` // "model" when a model was checked against the clauses and the validator; "claimed" for UNSAT
	Seconds  *float64 `json:"seconds,omitempty"` // the run's time, when it is known
	Reason   string   `json:"reason,omitempty"`
}

// Judge judges the solver's answer in the file answer (SAT competition,
// MiniSat or PB form; compressed too) to the instance in, whose file is
// in dir and must still hash to its manifest's sum. A model must satisfy
// every clause of the file, read here, and decode to a grid the validator
// accepts: the one solution when the manifest states one. A status must
// be the one the manifest states.
func Judge(dir, answer string, in Instance) Judgement {
	j := Judgement{File: in.File, Kind: string(in.Kind), Expected: in.Status, Count: in.Count}
	wrong := func(format string, args ...any) Judgement {
		j.Verdict, j.Reason = Wrong, fmt.Sprintf(format, args...)
		return j
	}
	af, err := os.Open(answer)
	if err != nil {
		j.Verdict, j.Reason = Missing, err.Error()
		return j
	}
	defer af.Close()
	cnf, err := readInstance(filepath.Join(dir, in.File), in.SHA256)
	if err != nil {
		return wrong("%v", err)
	}
	// A solver's answer, not a puzzle: no bound on what it decompresses to.
	ar, _, err := compress.NewReader(af)
	if err != nil {
		// As ReadAnswer reports an error of its reader.
		return wrong("%s: line 1: %v", af.Name(), err)
	}
	a, err := satsolve.ReadAnswer(ar, cnf.Vars)
	if err != nil {
		return wrong("%s: %v", af.Name(), err)
	}
	j.Answer = map[satsolve.Status]string{satsolve.Satisfiable: SAT, satsolve.Unsatisfiable: UNSAT, satsolve.Unknown: "UNKNOWN"}[a.Status]
	switch a.Status {
	case satsolve.Unknown:
		j.Verdict = Unknown
		return j
	case satsolve.Unsatisfiable:
		j.Checked = "claimed"
		if in.Status != UNSAT {
			return wrong("UNSAT claimed on a satisfiable instance (the manifest's solution satisfies it)")
		}
		j.Verdict = Right
		return j
	}
	// A model: every clause of the file satisfied, checked here, and its
	// grid accepted by the validator.
	j.Checked = "model"
	val := make([]bool, cnf.Vars+1)
	for _, l := range a.Model {
		if l > 0 {
			val[l] = true
		}
	}
	k := 0
	for cl := range cnf.Clauses() {
		k++
		sat := false
		for _, l := range cl {
			if (l > 0) == val[max(l, -l)] {
				sat = true
				break
			}
		}
		if !sat {
			return wrong("the model falsifies clause %d (%v)", k, cl)
		}
	}
	if in.Status != SAT {
		return wrong("a model of an instance the manifest states UNSAT: the manifest is wrong, or the file is not the instance")
	}
	m := &cnf.VarMap
	if m.Puzzle == nil {
		return wrong("%s has no sudokusat header to decode a model with", in.File)
	}
	g, err := m.DecodeLits(a.Model)
	if err == nil {
		err = variant.Check(m.Puzzle, g)
	}
	if err != nil {
		return wrong("the model's grid: %v", err)
	}
	if in.Count == CountOne && in.Solution != "" && !strings.EqualFold(strings.Join(strings.Fields(in.Solution), " "), strings.Join(strings.Fields(g.String()), " ")) {
		return wrong("the model's grid is not the one solution the manifest states")
	}
	j.Verdict = Right
	return j
}

// readInstance reads an instance's CNF, gzip or xz compressed too, whose
// bytes, decompressed, must hash to sum.
func readInstance(path, sum string) (*encode.Formula, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// A family's instance, not a puzzle: no bound on what it
	// decompresses to.
	r, _, err := compress.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	h := sha256.Sum256(b)
	if got := hex.EncodeToString(h[:]); sum != "" && got != sum {
		return nil, fmt.Errorf("%s: its sha256 is %s, not the manifest's %s: the file changed", path, got, sum)
	}
	formula, err := encode.ReadDIMACS(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return formula, nil
}

// ReadTimes reads a file of lines "INSTANCE SECONDS", each run's time, by
// the instance's file name; blank lines and lines starting with "#" are
// skipped.
func ReadTimes(path string) (map[string]float64, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	times := map[string]float64{}
	for no, line := range strings.Split(string(b), "\n") {
		fs := strings.Fields(line)
		if len(fs) == 0 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		s := 0.0
		if len(fs) == 2 {
			s, err = strconv.ParseFloat(fs[1], 64)
		}
		if len(fs) != 2 || err != nil || s < 0 {
			return nil, fmt.Errorf("%s:%d: want \"INSTANCE SECONDS\", not %q", path, no+1, line)
		}
		times[filepath.Base(fs[0])] = s
	}
	return times, nil
}

// A Summary sums the judgements of a family's answers.
type Summary struct {
	Summary   bool `json:"summary"` // always true: tells the summary from the judgements in JSON lines
	Instances int  `json:"instances"`
	Right     int  `json:"right"`
	Wrong     int  `json:"wrong"`
	Unknown   int  `json:"unknown"`
	Missing   int  `json:"missing"`
	// PAR2 is the PAR-2 score in seconds, as the SAT competitions score
	// solvers: the mean of each run's time, a run without a right answer
	// within the limit counted as twice the limit. Without a limit there
	// is one only when every run answered right in a known time.
	PAR2 *float64 `json:"par2,omitempty"`
	// PAR2Needs says what the score needs when there is none: the runs'
	// times, the limit, or both.
	PAR2Needs string `json:"par2_needs,omitempty"`
}

// Summarize sums judgements. limit is the runs' time limit, 0 when it is
// not known: then the PAR-2 score is the mean time when every answer is
// right and timed, and otherwise there is none and PAR2Needs says why.
func Summarize(js []Judgement, limit time.Duration) Summary {
	s := Summary{Summary: true, Instances: len(js)}
	par2, timed, failed := 0.0, 0, 0
	for _, j := range js {
		switch j.Verdict {
		case Right:
			s.Right++
		case Wrong:
			s.Wrong++
		case Unknown:
			s.Unknown++
		case Missing:
			s.Missing++
		}
		if j.Seconds != nil {
			timed++
		}
		if j.Verdict == Right && j.Seconds != nil && (limit <= 0 || *j.Seconds <= limit.Seconds()) {
			par2 += *j.Seconds
		} else {
			par2 += 2 * limit.Seconds()
			failed++
		}
	}
	switch {
	case len(js) == 0:
	case limit > 0 || failed == 0:
		p := par2 / float64(len(js))
		s.PAR2 = &p
	case timed == 0:
		s.PAR2Needs = "--times FILE (each run's seconds) and --timeout D (the time limit)"
	default:
		s.PAR2Needs = fmt.Sprintf("--timeout D: %d of %d runs gave no right answer in a known time, which PAR-2 counts as twice the time limit", failed, len(js))
	}
	return s
}
