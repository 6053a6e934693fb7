package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/sudokusat/sudokusat/drat"
)

// A verdict is one checker's answer on one (formula, proof) pair.
type verdict struct {
	kind   string // refuted, lemma (a lemma fails), not-refuted, syntax, timeout or error
	step   int    // the failing step, for lemma, as the checker numbers it
	detail string
	dur    time.Duration
	// For drat-trim: own is the time it reports itself (from its start,
	// parsing included, without the process's start and exit), and
	// otherPivot says a lemma was accepted as RAT on a literal other than
	// its first, after RAT on the first failed.
	own        time.Duration
	otherPivot bool
}

func (v verdict) accepted() bool { return v.kind == "refuted" }

func (v verdict) String() string {
	s := v.kind
	if v.kind == "lemma" {
		s += "@" + strconv.Itoa(v.step)
	}
	if v.otherPivot {
		s += " (a lemma RAT on another literal than its first)"
	}
	if v.detail != "" {
		s += " (" + v.detail + ")"
	}
	return s
}

// ours checks the pair with package drat, in this process: the time is
// that of reading both files and checking.
func ours(ctx context.Context, cnf, proof string, timeout time.Duration) verdict {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	start := time.Now()
	res, err := checkFiles(ctx, cnf, proof)
	v := verdict{dur: time.Since(start)}
	switch {
	case err == nil && res.Refuted:
		v.kind = "refuted"
	case err == nil:
		v.kind, v.detail = "error", fmt.Sprintf("no error but not refuted: %+v", res)
	case errors.Is(err, drat.ErrLemma):
		v.kind, v.step = "lemma", res.Steps
	case errors.Is(err, drat.ErrNotRefuted):
		v.kind = "not-refuted"
	case errors.Is(err, drat.ErrSyntax):
		v.kind, v.detail = "syntax", err.Error()
	case errors.Is(err, context.DeadlineExceeded):
		v.kind = "timeout"
	default:
		v.kind, v.detail = "error", err.Error()
	}
	return v
}

func checkFiles(ctx context.Context, cnf, proof string) (drat.Result, error) {
	c, err := os.Open(cnf)
	if err != nil {
		return drat.Result{}, err
	}
	defer c.Close()
	p, err := os.Open(proof)
	if err != nil {
		return drat.Result{}, err
	}
	defer p.Close()
	return drat.Check(ctx, c, p)
}

var (
	failedAt = regexp.MustCompile(`c failed at proof line (\d+)`)
	ownTime  = regexp.MustCompile(`c verification time: ([0-9.]+) seconds`)
)

// dratTrim runs drat-trim on the pair, in forward mode (every lemma
// checked, as package drat does) or in its default backward mode (only the
// lemmas the refutation needs), and reads its verdict from its "s" line.
// The time is the process's, from start to exit.
func dratTrim(ctx context.Context, bin, cnf, proof string, forward bool, timeout time.Duration) verdict {
	ctx, cancel := context.WithTimeout(ctx, timeout+5*time.Second)
	defer cancel()
	// Warnings are kept: one of them tells a lemma accepted as RAT on a
	// literal other than its first, which package drat does not try.
	args := []string{cnf, proof, "-t", strconv.Itoa(int(timeout.Seconds()))}
	if forward {
		args = append(args, "-f")
	}
	cmd := exec.CommandContext(ctx, bin, args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	err := cmd.Run()
	v := verdict{dur: time.Since(start)}
	s := out.String()
	if m := ownTime.FindStringSubmatch(s); m != nil {
		sec, _ := strconv.ParseFloat(m[1], 64)
		v.own = time.Duration(sec * float64(time.Second))
	}
	v.otherPivot = strings.Contains(s, "WARNING: RAT check on proof pivot failed")
	switch {
	case ctx.Err() != nil || strings.Contains(s, "s TIMEOUT"):
		v.kind = "timeout"
	case strings.Contains(s, "s VERIFIED"):
		v.kind = "refuted"
	case strings.Contains(s, "s DERIVATION"), strings.Contains(s, "c ERROR: no conflict"):
		v.kind = "not-refuted"
	case strings.Contains(s, "s NOT VERIFIED"):
		if m := failedAt.FindStringSubmatch(s); m != nil {
			v.kind = "lemma"
			v.step, _ = strconv.Atoi(m[1])
		} else {
			v.kind, v.detail = "lemma", lastLines(s, 3)
		}
	default:
		v.kind, v.detail = "error", fmt.Sprintf("%v: %s", err, lastLines(s, 3))
	}
	return v
}

// lastLines returns the last n non-empty lines of s, joined by " | ".
func lastLines(s string, n int) string {
	var keep []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(strings.ReplaceAll(l, "\r", "")); l != "" {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep[max(0, len(keep)-n):], " | ")
}
