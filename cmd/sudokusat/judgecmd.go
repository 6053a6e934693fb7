package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/urfave/cli/v2"

	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/family"
	"github.com/sudokusat/sudokusat/satsolve"
	"github.com/sudokusat/sudokusat/variant"
)

func judgeCommand() *cli.Command {
	return &cli.Command{
		Name:      "judge",
		Usage:     "judge a solver's answers on a family against its manifest",
		ArgsUsage: "MANIFEST",
		Description: "Reads the manifest.jsonl that 'sudokusat family' wrote and, for each instance, the answer a\n" +
			"solver gave on it (SAT competition, MiniSat or PB form; gzip or xz too) from ANSWERS/FILE.out,\n" +
			"run by any script. Each answer is judged: a model must satisfy every clause of the instance,\n" +
			"read from its file, and decode to a grid the validator accepts (the one solution when the\n" +
			"manifest states one); a status must be the one the manifest states. One record per instance,\n" +
			"then a summary with the PAR-2 score when --times and --timeout are given.\n" +
			"Exit status 1 when an answer is wrong or malformed.\n\n" +
			examples(
				"for f in fam/*.cnf; do cadical -q $f > $f.out; done; sudokusat judge fam/manifest.jsonl",
				"CaDiCaL's answers judged",
				"sudokusat judge --answers runs/kissat --times runs/kissat/times.txt --timeout 60s fam/manifest.jsonl",
				"answers kept apart, with each run's seconds: PAR-2"),
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "answers", Usage: "the `DIR` of the answers, FILE.out for each instance FILE (default: the manifest's)"},
			&cli.StringFlag{Name: "suffix", Value: ".out", Usage: "the answers' file name `SUFFIX`"},
			&cli.StringFlag{Name: "times", Usage: "a `FILE` of lines \"INSTANCE SECONDS\": each run's time"},
			timeoutFlag("the runs' time limit, for PAR-2: a run without a right answer counts twice `DURATION`"),
			&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "text", Usage: "output `FORMAT`: text or json"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usagef("judge takes one manifest; got %d arguments", c.NArg())
			}
			format := c.String("format")
			if format != "text" && format != "json" {
				return usagef("unknown format %q (want text or json)", format)
			}
			manifest := c.Args().First()
			instances, err := readManifest(manifest)
			if err != nil {
				return usageError{err}
			}
			dir := filepath.Dir(manifest)
			answers := c.String("answers")
			if answers == "" {
				answers = dir
			}
			var times map[string]float64
			if c.String("times") != "" {
				if times, err = readTimes(c.String("times")); err != nil {
					return usageError{err}
				}
			}
			timeout := c.Duration("timeout")
			w := bufio.NewWriter(c.App.Writer)
			tally := map[string]int{}
			par2, timed := 0.0, times != nil && timeout > 0
			for _, in := range instances {
				j := judgeInstance(dir, answers+string(filepath.Separator), c.String("suffix"), in)
				if t, ok := times[in.File]; ok {
					j.Seconds = &t
				}
				tally[j.Verdict]++
				if timed {
					if j.Verdict == verdictRight && j.Seconds != nil && *j.Seconds <= timeout.Seconds() {
						par2 += *j.Seconds
					} else {
						par2 += 2 * timeout.Seconds()
					}
				}
				if format == "json" {
					b, _ := json.Marshal(j)
					w.Write(append(b, '\n'))
					continue
				}
				fmt.Fprintf(w, "%s: %s: expected %s %s, answered %s", j.Verdict, j.File, j.Expected, j.Count, j.Answer)
				if j.Reason != "" {
					fmt.Fprintf(w, ": %s", j.Reason)
				}
				fmt.Fprintln(w)
			}
			n := len(instances)
			summary := struct {
				Summary   bool     `json:"summary"`
				Instances int      `json:"instances"`
				Right     int      `json:"right"`
				Wrong     int      `json:"wrong"`
				Unknown   int      `json:"unknown"`
				Missing   int      `json:"missing"`
				PAR2      *float64 `json:"par2,omitempty"`
			}{true, n, tally[verdictRight], tally[verdictWrong], tally[verdictUnknown], tally[verdictMissing], nil}
			if timed && n > 0 {
				p := par2 / float64(n)
				summary.PAR2 = &p
			}
			if format == "json" {
				b, _ := json.Marshal(summary)
				w.Write(append(b, '\n'))
			} else {
				tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
				fmt.Fprintln(tw, "instances\tright\twrong\tunknown\tmissing\tPAR-2 s\t")
				p := "-"
				if summary.PAR2 != nil {
					p = fmt.Sprintf("%.4g", *summary.PAR2)
				}
				fmt.Fprintf(tw, "%d\t%d\t%d\t%d\t%d\t%s\t\n", n, summary.Right, summary.Wrong, summary.Unknown, summary.Missing, p)
				tw.Flush()
			}
			if err := w.Flush(); err != nil {
				return err
			}
			if summary.Wrong > 0 {
				return errUnsolved
			}
			return nil
		},
	}
}

// The verdicts of judge.
const (
	verdictRight   = "right"
	verdictWrong   = "wrong"   // a wrong status, a model that is no model or no solution, or a malformed answer
	verdictUnknown = "unknown" // the solver gave no answer (UNKNOWN, INDETERMINATE)
	verdictMissing = "missing" // no answer file
)

// judgement is judge's record of one instance.
type judgement struct {
	File     string   `json:"file"`
	Kind     string   `json:"kind"`
	Expected string   `json:"expected"`
	Count    string   `json:"count"`
	Answer   string   `json:"answer"` // SAT, UNSAT, UNKNOWN, or "" when none was read
	Verdict  string   `json:"verdict"`
	Checked  string   `json:"checked,omitempty"` // "model" when a model was checked against the clauses and the validator; "claimed" for UNSAT
	Seconds  *float64 `json:"seconds,omitempty"`
	Reason   string   `json:"reason,omitempty"`
}

// judgeInstance judges the answer to one instance of the manifest in dir.
func judgeInstance(dir, answers, suffix string, in family.Instance) judgement {
	j := judgement{File: in.File, Kind: string(in.Kind), Expected: in.Status, Count: in.Count}
	wrong := func(format string, args ...any) judgement {
		j.Verdict, j.Reason = verdictWrong, fmt.Sprintf(format, args...)
		return j
	}
	af, err := os.Open(answers + in.File + suffix)
	if err != nil {
		j.Verdict, j.Reason = verdictMissing, err.Error()
		return j
	}
	defer af.Close()
	cnf, err := readInstance(filepath.Join(dir, in.File), in.SHA256)
	if err != nil {
		return wrong("%v", err)
	}
	// A solver's answer, not a puzzle: no bound of --max-decompressed.
	a, err := satsolve.ReadAnswer(decompressed(af, 0), cnf.Vars)
	if err != nil {
		return wrong("%s: %v", af.Name(), err)
	}
	j.Answer = map[satsolve.Status]string{satsolve.Satisfiable: family.SAT, satsolve.Unsatisfiable: family.UNSAT, satsolve.Unknown: "UNKNOWN"}[a.Status]
	switch a.Status {
	case satsolve.Unknown:
		j.Verdict = verdictUnknown
		return j
	case satsolve.Unsatisfiable:
		j.Checked = "claimed"
		if in.Status != family.UNSAT {
			return wrong("UNSAT claimed on a satisfiable instance (the manifest's solution satisfies it)")
		}
		j.Verdict = verdictRight
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
			if (l > 0) == val[abs32(l)] {
				sat = true
				break
			}
		}
		if !sat {
			return wrong("the model falsifies clause %d (%v)", k, cl)
		}
	}
	if in.Status != family.SAT {
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
	if in.Count == family.CountOne && in.Solution != "" && !strings.EqualFold(strings.Join(strings.Fields(in.Solution), " "), strings.Join(strings.Fields(g.String()), " ")) {
		return wrong("the model's grid is not the one solution the manifest states")
	}
	j.Verdict = verdictRight
	return j
}

func abs32(l int32) int32 { return max(l, -l) }

// readInstance reads an instance's CNF, whose bytes must hash to sum.
func readInstance(path, sum string) (*encode.Formula, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	h := sha256.Sum256(b)
	if got := hex.EncodeToString(h[:]); sum != "" && got != sum {
		return nil, fmt.Errorf("%s: its sha256 is %s, not the manifest's %s: the file changed", path, got, sum)
	}
	f, err := encode.ReadDIMACS(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return f, nil
}

// readManifest reads a family's manifest.jsonl.
func readManifest(path string) ([]family.Instance, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []family.Instance
	sc := bufio.NewScanner(decompressed(f, 0)) // a manifest, not puzzles: no bound
	sc.Buffer(make([]byte, 0, 64<<10), 64<<20)
	for no := 1; sc.Scan(); no++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var in family.Instance
		if err := json.Unmarshal(line, &in); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, no, err)
		}
		if in.File == "" || filepath.Base(in.File) != in.File || (in.Status != family.SAT && in.Status != family.UNSAT) {
			return nil, fmt.Errorf("%s:%d: not a family instance (want a file name and status SAT or UNSAT)", path, no)
		}
		out = append(out, in)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no instance", path)
	}
	return out, nil
}

// readTimes reads lines "INSTANCE SECONDS".
func readTimes(path string) (map[string]float64, error) {
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
