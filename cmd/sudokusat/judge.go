package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"path/filepath"
	"text/tabwriter"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/sudokusat/sudokusat/family"
	"github.com/sudokusat/sudokusat/verdict"
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
			"manifest states one); a status must be the one the manifest states. A model is read as the\n" +
			"literals it lists: a variable it leaves out is free, not false. With --proofs an UNSAT answer\n" +
			"is right only when its proof, ANSWERS/FILE.lrat (LRAT) or FILE.drat, FILE.frat, FILE.proof\n" +
			"(DRAT, FRAT), refutes the instance; with none it is unverified. One record per instance,\n" +
			"then a summary with the PAR-2 score when --times and --timeout are given (or what it needs).\n" +
			"Exit status 1 when an answer is wrong or malformed.\n\n" +
			examples(
				"for f in fam/*.cnf; do cadical -q $f > $f.out; done; sudokusat judge fam/manifest.jsonl",
				"CaDiCaL's answers judged",
				"sudokusat judge --answers runs/kissat --times runs/kissat/times.txt --timeout 60s fam/manifest.jsonl",
				"answers kept apart, with each run's seconds: PAR-2",
				"for f in fam/*.cnf; do cadical -q $f $f.drat > $f.out; done; sudokusat judge --proofs fam/manifest.jsonl",
				"each UNSAT answer checked by its DRAT proof"),
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "answers", Usage: "the `DIR` of the answers, FILE.out for each instance FILE (default: the manifest's)"},
			&cli.StringFlag{Name: "suffix", Value: ".out", Usage: "the answers' file name `SUFFIX`"},
			&cli.BoolFlag{Name: "proofs", Usage: "check each UNSAT answer's proof (FILE.lrat, FILE.drat, FILE.frat or FILE.proof beside the answer, gzip or xz too); without one the answer is unverified"},
			&cli.StringFlag{Name: "times", Usage: "a `FILE` of lines \"INSTANCE SECONDS\": each run's time"},
			timeoutFlag("the runs' time limit, for PAR-2: a run without a right answer counts twice `DURATION`"),
			textOrJSON.flag(),
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usagef("judge takes one manifest; got %d arguments", c.NArg())
			}
			f, err := textOrJSON.of(c)
			if err != nil {
				return err
			}
			format := f.name
			manifest := c.Args().First()
			instances, err := family.ReadManifest(manifest)
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
				if times, err = family.ReadTimes(c.String("times")); err != nil {
					return usageError{err}
				}
			}
			var limit time.Duration
			if times != nil {
				limit = c.Duration("timeout")
			}
			w := bufio.NewWriter(c.App.Writer)
			var js []family.Judgement
			for _, in := range instances {
				base := answers + string(filepath.Separator) + in.File
				var proofs []string
				if c.Bool("proofs") {
					for _, ext := range []string{".lrat", ".drat", ".frat", ".proof"} {
						proofs = append(proofs, base+ext, base+ext+".gz", base+ext+".xz")
					}
				}
				j := family.Judge(c.Context, dir, base+c.String("suffix"), in, proofs)
				if t, ok := times[in.File]; ok {
					j.Seconds = &t
				}
				js = append(js, j)
				if format == "json" {
					b, _ := json.Marshal(j)
					w.Write(append(b, '\n'))
					continue
				}
				fmt.Fprintf(w, "%s: %s: expected %s %s, answered %s", j.Verdict, j.File, j.Expected, j.Count, j.Answer)
				if c.Bool("proofs") && j.Answer == family.UNSAT && j.Checked != "claimed" {
					fmt.Fprintf(w, " (%s checked)", j.Checked)
				}
				if j.Reason != "" {
					fmt.Fprintf(w, ": %s", j.Reason)
				}
				fmt.Fprintln(w)
			}
			summary := family.Summarize(js, limit)
			if summary.PAR2 != nil {
				p := verdict.Round6(*summary.PAR2)
				summary.PAR2 = &p
			}
			if format == "json" {
				b, _ := json.Marshal(summary)
				w.Write(append(b, '\n'))
			} else {
				tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
				p := "-"
				if summary.PAR2 != nil {
					p = fmt.Sprintf("%.4g", *summary.PAR2)
				}
				if c.Bool("proofs") {
					fmt.Fprintln(tw, "instances\tright\twrong\tunknown\tmissing\tunverified\tPAR-2 s\t")
					fmt.Fprintf(tw, "%d\t%d\t%d\t%d\t%d\t%d\t%s\t\n", summary.Instances, summary.Right, summary.Wrong, summary.Unknown, summary.Missing, summary.Unverified, p)
				} else {
					fmt.Fprintln(tw, "instances\tright\twrong\tunknown\tmissing\tPAR-2 s\t")
					fmt.Fprintf(tw, "%d\t%d\t%d\t%d\t%d\t%s\t\n", summary.Instances, summary.Right, summary.Wrong, summary.Unknown, summary.Missing, p)
				}
				tw.Flush()
				if summary.PAR2Needs != "" {
					fmt.Fprintf(w, "PAR-2 needs %s\n", summary.PAR2Needs)
				}
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
