package verdict

import (
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"
	"time"

	"github.com/sudokusat/sudokusat/engine"
)

// A Tally sums one engine's verdicts over a batch.
type Tally struct {
	Puzzles, Solved, Unsolvable, Multiple, Wrong, Errors int
	Timeouts, Canceled                                   int
	Certified                                            int // UNSAT answers proved
	Total                                                time.Duration
	Times                                                []time.Duration       // of the runs that answered
	Answered                                             map[int]time.Duration // the same, by puzzle index
	Unanswered                                           map[int]bool          // the runs that did not answer, by puzzle index
}

// Add counts v, the verdict on the puzzle at index.
func (t *Tally) Add(index int, v Verdict) {
	t.Puzzles++
	t.Total += v.Elapsed
	if v.Answered() {
		t.Times = append(t.Times, v.Elapsed)
		if t.Answered == nil {
			t.Answered = map[int]time.Duration{}
		}
		t.Answered[index] = v.Elapsed
	} else {
		if t.Unanswered == nil {
			t.Unanswered = map[int]bool{}
		}
		t.Unanswered[index] = true
	}
	if v.Certified {
		t.Certified++
	}
	switch v.Kind {
	case Solved:
		t.Solved++
	case Unsolvable:
		t.Unsolvable++
	case Multiple:
		t.Multiple++
	case Wrong:
		t.Wrong++
	case Timeout:
		t.Timeouts++
	case Canceled:
		t.Canceled++
	default:
		t.Errors++
	}
}

// PAR2 is the PAR-2 score of t's runs in seconds: the mean of each run's
// time, a run without an answer counted as twice the timeout, as the SAT
// competitions score solvers. When every run answered the timeout does
// not matter, and the score is the mean time; otherwise, without a
// timeout, there is none (PAR2Needs says so).
func (t *Tally) PAR2(timeout time.Duration) (float64, bool) {
	if t.Puzzles == 0 || timeout <= 0 && len(t.Times) < t.Puzzles {
		return 0, false
	}
	sum := 0.0
	for _, d := range t.Times {
		sum += d.Seconds()
	}
	sum += float64(t.Puzzles-len(t.Times)) * 2 * timeout.Seconds()
	return sum / float64(t.Puzzles), true
}

// PAR2Needs says what t's PAR-2 score needs when PAR2 has none, or "".
func (t *Tally) PAR2Needs(timeout time.Duration) string {
	if _, ok := t.PAR2(timeout); ok || t.Puzzles == 0 {
		return ""
	}
	k := t.Puzzles - len(t.Times)
	return fmt.Sprintf("--timeout D: %d %s no right answer, which PAR-2 counts as twice the time limit", k, plural(k, "run gave", "runs gave"))
}

// Round6 rounds a score in seconds to 6 significant digits, as the JSON
// records give it: what a float's last bits add is noise.
func Round6(x float64) float64 {
	r, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'g', 6, 64), 64)
	return r
}

// Shown lists the tallies of a summary: those of the engines that ran on
// some puzzle (check's default engines run on the puzzles they fit), or
// all of them when none did.
func Shown(ts []Tally) []int {
	var ran, all []int
	for i, t := range ts {
		all = append(all, i)
		if t.Puzzles > 0 {
			ran = append(ran, i)
		}
	}
	if len(ran) == 0 {
		return all
	}
	return ran
}

// WriteTable writes the summary table of engines' tallies ts, a row for
// each engine shown, with its PAR-2 score, or "-" and a line under the
// table that says what it needs; with certify, a column counts each
// engine's certified UNSAT answers (no solution, or no second one), and
// says "uncertified" for an engine that gives no proof.
func WriteTable(w io.Writer, engines []*engine.Engine, ts []Tally, certify bool, timeout time.Duration) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	head := "engine\tpuzzles\tsolved\tunsolvable\tmultiple\twrong\terrors\ttimeouts\ttotal\tmean µs\tPAR-2 s\t"
	if certify {
		head += "certified\t"
	}
	fmt.Fprintln(tw, head)
	for _, i := range Shown(ts) {
		e, t := engines[i], ts[i]
		mean := 0.0
		if t.Puzzles > 0 {
			mean = float64(t.Total.Microseconds()) / float64(t.Puzzles)
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%v\t%.1f\t", e.Name(), t.Puzzles, t.Solved, t.Unsolvable,
			t.Multiple, t.Wrong, t.Errors, t.Timeouts, t.Total.Round(time.Millisecond), mean)
		if p, ok := t.PAR2(timeout); ok {
			fmt.Fprintf(tw, "%.4g\t", p)
		} else {
			fmt.Fprint(tw, "-\t")
		}
		switch {
		case !certify:
		case e.Certifies():
			fmt.Fprintf(tw, "%d\t", t.Certified)
		default:
			fmt.Fprint(tw, "uncertified\t")
		}
		fmt.Fprintln(tw)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, i := range Shown(ts) {
		if need := ts[i].PAR2Needs(timeout); need != "" {
			if _, err := fmt.Fprintf(w, "PAR-2 of %s needs %s\n", engines[i].Name(), need); err != nil {
				return err
			}
		}
	}
	return nil
}
