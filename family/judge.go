package family

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/sudokusat/sudokusat/drat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/internal/compress"
	"github.com/sudokusat/sudokusat/satsolve"
	"github.com/sudokusat/sudokusat/variant"
)

// The verdicts of Judge.
const (
	Right   = "right"
	Wrong   = "wrong"   // a wrong status, a model that is no model or no solution, or a malformed answer
	Unknown = "unknown" // the solver gave no answer (UNKNOWN, INDETERMINATE, or nothing)
	Missing = "missing" // no answer file
	// Unverified is the verdict on the right status UNSAT when proofs
	// are asked for and none was found: the answer may be right, but
	// nothing shows it.
	Unverified = "unverified"
)

// A Judgement is the verdict on a solver's answer to one instance.
type Judgement struct {
	File     string   `json:"file"`
	Kind     string   `json:"kind"`
	Expected string   `json:"expected"`
	Count    string   `json:"count"`
	Answer   string   `json:"answer"` // SAT, UNSAT, UNKNOWN, or "" when none was read
	Verdict  string   `json:"verdict"`
	Checked  string   `json:"checked,omitempty"` // "model" when a model was checked against the clauses and the validator; for UNSAT "DRAT proof" or "LRAT proof" when its proof was checked, else "claimed"
	Seconds  *float64 `json:"seconds,omitempty"` // the run's time, when it is known
	Reason   string   `json:"reason,omitempty"`
	// GBDHash identifies the instance's formula in the Global Benchmark
	// Database; Generator, Seed and Stream say what made it.
	GBDHash   string `json:"gbd_hash"`
	Generator string `json:"generator,omitempty"`
	Seed      uint64 `json:"seed"`
	Stream    uint64 `json:"stream"`
}

// Judge judges the solver's answer in the file answer (SAT competition,
// MiniSat or PB form; compressed too) to the instance in, whose file is
// in dir and must still hash to its manifest's sum. A model must satisfy
// every clause of the file, read here, by the literals it lists: a
// variable it does not list is free, not false, so a model of positive
// literals alone is checked as the partial assignment it is. Its grid
// must be one the validator accepts: the one solution when the manifest
// states one. A status must be the one the manifest states.
//
// proofs nil takes an UNSAT answer on the manifest's word. Otherwise
// proofs are the files its proof may be in, tried in order: the first
// that exists is checked against the instance's file by package drat, as
// LRAT when its name ends in ".lrat" (compressed: ".lrat.gz", ".lrat.xz"),
// else as DRAT, binary or text, or FRAT. A proof that does not refute the
// file makes the answer wrong; with no proof the verdict is Unverified.
func Judge(ctx context.Context, dir, answer string, in Instance, proofs []string) Judgement {
	j := Judgement{File: in.File, Kind: string(in.Kind), Expected: in.Status, Count: in.Count,
		GBDHash: in.GBDHash, Generator: in.Generator, Seed: in.Seed, Stream: in.Stream}
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
	cnf, raw, err := readInstance(filepath.Join(dir, in.File), in.SHA256)
	if err != nil {
		return wrong("%v", err)
	}
	if j.GBDHash == "" {
		j.GBDHash = GBDHash(raw) // a manifest from before gbd_hash
	}
	// A solver's answer, not a puzzle: no bound on what it decompresses to.
	ar, _, err := compress.NewReader(af)
	if err != nil {
		// As ReadAnswer reports an error of its reader.
		return wrong("%s: line 1: %v", af.Name(), err)
	}
	ab, err := io.ReadAll(ar)
	if err != nil {
		return wrong("%s: %v", af.Name(), err)
	}
	if silent(ab) {
		// A solver stopped at its limit (ulimit -t, runsolver, a
		// timeout) writes nothing: no answer, as the SAT competitions
		// count it, not a wrong one.
		j.Verdict, j.Reason = Unknown, "no answer: the file holds no line but comments"
		return j
	}
	a, err := satsolve.ReadAnswer(bytes.NewReader(ab), cnf.Vars)
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
		if proofs != nil {
			return checkUnsat(ctx, j, raw, proofs)
		}
		j.Verdict = Right
		return j
	}
	// A model: every clause of the file satisfied, checked here, and its
	// grid accepted by the validator.
	j.Checked = "model"
	val := make([]int8, cnf.Vars+1) // 1 true, -1 false, 0 not listed
	for _, l := range a.Model {
		if l > 0 {
			val[l] = 1
		} else {
			val[-l] = -1
		}
	}
	k := 0
	for cl := range cnf.Clauses() {
		k++
		sat, free := false, false
		for _, l := range cl {
			v := val[max(l, -l)]
			if l < 0 {
				v = -v
			}
			sat = sat || v == 1
			free = free || v == 0
		}
		switch {
		case sat:
		case free:
			return wrong("the model does not satisfy clause %d (%v): it sets none of its literals true, and a variable it does not list is free, not false", k, cl)
		default:
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

// silent reports whether an answer holds nothing but comment lines and
// blank ones.
func silent(answer []byte) bool {
	for line := range strings.Lines(string(answer)) {
		if t := strings.TrimSpace(line); t != "" && !strings.HasPrefix(t, "c") {
			return false
		}
	}
	return true
}

// readInstance reads an instance's CNF, gzip or xz compressed too, whose
// bytes, decompressed, must hash to sum, and returns it with those bytes.
func readInstance(path, sum string) (*encode.Formula, []byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	// A family's instance, not a puzzle: no bound on what it
	// decompresses to.
	r, _, err := compress.NewReader(f)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	h := sha256.Sum256(b)
	if got := hex.EncodeToString(h[:]); sum != "" && got != sum {
		return nil, nil, fmt.Errorf("%s: its sha256 is %s, not the manifest's %s: the file changed", path, got, sum)
	}
	formula, err := encode.ReadDIMACS(bytes.NewReader(b))
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	return formula, b, nil
}

// checkUnsat judges a right UNSAT status by its proof: the first of
// proofs that exists, checked against the instance's bytes cnf.
func checkUnsat(ctx context.Context, j Judgement, cnf []byte, proofs []string) Judgement {
	for _, p := range proofs {
		f, err := os.Open(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			j.Verdict, j.Reason = Wrong, err.Error()
			return j
		}
		defer f.Close()
		r, _, err := compress.NewReader(f)
		if err != nil {
			j.Verdict, j.Reason = Wrong, fmt.Sprintf("%s: %v", p, err)
			return j
		}
		name := strings.TrimSuffix(strings.TrimSuffix(p, ".gz"), ".xz")
		if strings.HasSuffix(name, ".lrat") {
			j.Checked = "LRAT proof"
			_, err = drat.CheckLRAT(ctx, bytes.NewReader(cnf), r)
		} else {
			j.Checked = "DRAT proof"
			_, err = drat.Check(ctx, bytes.NewReader(cnf), r)
		}
		if err != nil {
			j.Verdict, j.Reason = Wrong, fmt.Sprintf("%s: %v", p, err)
			return j
		}
		j.Verdict = Right
		return j
	}
	j.Checked, j.Verdict = "claimed", Unverified
	j.Reason = fmt.Sprintf("no proof: no file %s", filepath.Base(proofs[0]))
	if len(proofs) > 1 {
		j.Reason += fmt.Sprintf(" nor any of %d other names", len(proofs)-1)
	}
	return j
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
	// Unverified counts the UNSAT answers whose proof was asked for and
	// not found; they are not right answers for PAR-2.
	Unverified int `json:"unverified,omitempty"`
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
		case Unverified:
			s.Unverified++
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
