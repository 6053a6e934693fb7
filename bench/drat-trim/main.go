// Command drat-trim is the yardstick for package drat: it checks the same
// (formula, proof) pairs with package drat and with drat-trim, the SAT
// competition's DRAT checker, built from its public source outside this
// repository (see run.sh), and reports where they disagree and how long
// each took.
//
// The pairs are the project's test proofs (drat/testdata, its fuzz corpus,
// cadical's proofs of the puzzles drat's tests refute), cadical's proofs
// of unsatisfiable Sudoku formulas written by the encoder (uniqueness
// refutations and puzzles with a wrong given, 9×9, 16×16 and 25×25, in
// every encoding, text and binary DRAT), and mutants of each proof: a
// lemma dropped or a literal flipped, the proof cut short, a bogus lemma
// added, original clauses deleted. Some mutants still refute their
// formula; what is measured is agreement.
//
// drat-trim runs twice on each pair: with -f (forward: every lemma
// checked, as package drat does, so the two must agree on every pair) and
// in its default backward mode (only the lemmas the refutation needs are
// checked, so it accepts a proof with a bogus lemma it does not use, which
// package drat rejects: such pairs are counted apart).
//
//	go run ./bench/drat-trim -drat-trim PATH [-work DIR] [-timeout 60s]
package main

import (
	"cmp"
	"context"
	"encoding/csv"
	"flag"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"time"
)

// A pair is one formula and one proof, a base's or a mutant's.
type pair struct {
	base            base
	mutant          string // "" for the base's own proof
	proof           string
	ours, fwd, back verdict
}

func (p *pair) name() string {
	if p.mutant == "" {
		return p.base.name
	}
	return p.base.name + "/" + p.mutant
}

func main() {
	bin := flag.String("drat-trim", "", "the drat-trim `PROGRAM` to compare with (required)")
	work := flag.String("work", "", "write the corpus and results.csv into `DIR` (default: a new temporary directory)")
	repo := flag.String("repo", ".", "the sudokusat repository, for its test data")
	timeout := flag.Duration("timeout", time.Minute, "time limit of each solver run and each check")
	flag.Parse()
	if *bin == "" || flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, *bin, *work, *repo, *timeout); err != nil {
		fmt.Fprintln(os.Stderr, "drat-trim yardstick:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, bin, work, repo string, timeout time.Duration) error {
	if work == "" {
		var err error
		if work, err = os.MkdirTemp("", "drat-yardstick-"); err != nil {
			return err
		}
	}
	dir := filepath.Join(work, "corpus")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	start := time.Now()
	bases, err := corpus(ctx, repo, dir, timeout)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "corpus: %d proofs in %v\n", len(bases), time.Since(start).Round(time.Second))
	pairs, err := mutate(bases)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "%d pairs with the mutants: checking\n", len(pairs))
	for i := range pairs {
		p := &pairs[i]
		p.ours = ours(ctx, p.base.cnf, p.proof, timeout)
		p.fwd = dratTrim(ctx, bin, p.base.cnf, p.proof, true, timeout)
		p.back = dratTrim(ctx, bin, p.base.cnf, p.proof, false, timeout)
		if err := ctx.Err(); err != nil {
			return err
		}
	}
	if err := writeCSV(filepath.Join(work, "results.csv"), pairs); err != nil {
		return err
	}
	report(pairs, work)
	return nil
}

// bigProof is the number of steps above which a proof gets only the
// mutations marked big: the 25×25 proofs of the minimal and efficient
// encodings have a million steps and take each checker seconds.
const bigProof = 200_000

// mutate returns every base's own pair, then its mutants', each mutant's
// proof written beside the base's in the base's form.
func mutate(bases []base) ([]pair, error) {
	var pairs []pair
	for i, b := range bases {
		pairs = append(pairs, pair{base: b, proof: b.proof})
		if !checkable(b) {
			continue // a malformed fuzz input: nothing to mutate
		}
		formula, err := readFormula(b.cnf)
		if err != nil {
			return nil, err
		}
		steps, err := readSteps(b.proof)
		if err != nil {
			return nil, err
		}
		if len(formula) == 0 {
			continue
		}
		rng := rand.New(rand.NewPCG(uint64(i), 7))
		for _, m := range mutations {
			if len(steps) > bigProof && !m.big {
				continue
			}
			mut, ok := m.fn(rng, formula, steps)
			if !ok {
				continue
			}
			path := b.proof + "." + m.name
			if err := writeSteps(path, mut, b.binary); err != nil {
				return nil, err
			}
			pairs = append(pairs, pair{base: b, mutant: m.name, proof: path})
		}
	}
	return pairs, nil
}

func writeCSV(path string, pairs []pair) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := csv.NewWriter(f)
	w.Write([]string{"pair", "size", "form", "proof-bytes", "ours", "drat-trim-f", "drat-trim", "ours-ms", "drat-trim-f-ms", "drat-trim-ms", "drat-trim-own-ms"})
	for _, p := range pairs {
		st, _ := os.Stat(p.proof)
		var size int64
		if st != nil {
			size = st.Size()
		}
		w.Write([]string{p.name(), p.base.size, form(p.base.binary), strconv.FormatInt(size, 10),
			p.ours.String(), p.fwd.String(), p.back.String(),
			ms(p.ours.dur), ms(p.fwd.dur), ms(p.back.dur), ms(p.back.own)})
	}
	w.Flush()
	if err := w.Error(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func ms(d time.Duration) string { return strconv.FormatFloat(d.Seconds()*1000, 'f', 1, 64) }

// report prints the agreement counts, every disagreement, and the times.
func report(pairs []pair, work string) {
	fmt.Printf("%d pairs (%d proofs and their mutants); results per pair in %s\n\n",
		len(pairs), countIf(pairs, func(p pair) bool { return p.mutant == "" }), filepath.Join(work, "results.csv"))
	type tally struct{ accept, reject, disagree, kind, step, steps int }
	agree := func(other func(p pair) verdict) (t tally, bad []pair) {
		for _, p := range pairs {
			o := other(p)
			switch {
			case p.ours.accepted() != o.accepted():
				t.disagree++
				bad = append(bad, p)
				continue
			case p.ours.accepted():
				t.accept++
			default:
				t.reject++
			}
			if p.ours.kind == o.kind {
				t.kind++
			}
			if p.ours.kind == "lemma" && o.kind == "lemma" {
				t.steps++
				if p.ours.step == o.step {
					t.step++
				}
			}
		}
		return t, bad
	}
	for _, c := range []struct {
		name  string
		other func(p pair) verdict
	}{
		{"drat-trim -f (forward)", func(p pair) verdict { return p.fwd }},
		{"drat-trim (backward, its default)", func(p pair) verdict { return p.back }},
	} {
		t, bad := agree(c.other)
		fmt.Printf("package drat vs %s: %d agree (%d both accept, %d both reject), %d disagree\n",
			c.name, t.accept+t.reject, t.accept, t.reject, t.disagree)
		fmt.Printf("  same kind of verdict (refuted, failing lemma, no refutation, malformed): %d; same failing step: %d of %d\n",
			t.kind, t.step, t.steps)
		why := map[string]int{}
		for _, p := range bad {
			w := explain(p, c.other(p))
			why[w]++
			fmt.Printf("  DISAGREE %s\n    formula %s\n    proof   %s\n    package drat: %v\n    drat-trim:    %v\n    why: %s\n",
				p.name(), p.base.cnf, p.proof, p.ours, c.other(p), w)
		}
		for _, w := range slices.Sorted(maps.Keys(why)) {
			fmt.Printf("  %d disagreements: %s\n", why[w], w)
		}
		fmt.Println()
	}

	fmt.Println("verdicts of package drat by mutation:")
	byMut := map[string]map[string]int{}
	for _, p := range pairs {
		m := cmp.Or(p.mutant, "(none)")
		if byMut[m] == nil {
			byMut[m] = map[string]int{}
		}
		byMut[m][p.ours.kind]++
	}
	for _, m := range slices.Sorted(maps.Keys(byMut)) {
		fmt.Printf("  %-18s", m)
		for _, k := range slices.Sorted(maps.Keys(byMut[m])) {
			fmt.Printf(" %s %d", k, byMut[m][k])
		}
		fmt.Println()
	}

	fmt.Println("\ntimes (one run, one after the other on this machine; package drat in process, reading both files; drat-trim per process):")
	fmt.Printf("  %-8s %6s %12s %14s %12s %14s %8s %8s\n", "size", "pairs", "package drat", "drat-trim -f", "drat-trim", "(its own time)", "ratio", "(own)")
	sizes := map[string][4]time.Duration{}
	counts := map[string]int{}
	var total [4]time.Duration
	for _, p := range pairs {
		t := sizes[p.base.size]
		for i, d := range []time.Duration{p.ours.dur, p.fwd.dur, p.back.dur, p.back.own} {
			t[i] += d
			total[i] += d
		}
		sizes[p.base.size] = t
		counts[p.base.size]++
	}
	line := func(name string, n int, t [4]time.Duration) {
		fmt.Printf("  %-8s %6d %11.2fs %13.2fs %11.2fs %13.2fs %7.2fx %7.2fx\n", name, n,
			t[0].Seconds(), t[1].Seconds(), t[2].Seconds(), t[3].Seconds(),
			t[2].Seconds()/t[0].Seconds(), t[3].Seconds()/t[0].Seconds())
	}
	for _, s := range slices.Sorted(maps.Keys(sizes)) {
		line(s, counts[s], sizes[s])
	}
	line("all", len(pairs), total)
	fmt.Println("  (ratio: drat-trim's default mode over package drat; its own time is what it reports, without the process's start and exit)")

	fmt.Println("\nper proof, unmutated (ms):")
	fmt.Printf("  %-58s %9s %12s %14s %10s %6s\n", "proof", "bytes", "package drat", "drat-trim -f", "drat-trim", "(own)")
	for _, p := range pairs {
		if p.mutant != "" || p.base.size == "fuzz" {
			continue
		}
		st, _ := os.Stat(p.proof)
		var size int64
		if st != nil {
			size = st.Size()
		}
		fmt.Printf("  %-58s %9d %12s %14s %10s %6s\n", p.name(), size, ms(p.ours.dur), ms(p.fwd.dur), ms(p.back.dur), ms(p.back.own))
	}
}

// explain names the known cause of a disagreement between package drat
// and drat-trim's verdict o, or says it has none.
func explain(p pair, o verdict) string {
	switch {
	case p.ours.kind == "syntax":
		return "malformed input, which package drat refuses and drat-trim reads on"
	case !p.ours.accepted() && o.accepted() && o.otherPivot:
		return "drat-trim accepted a lemma as RAT on a literal other than its first; package drat tries the first only, as the DRAT format says"
	case !p.ours.accepted() && o.accepted() && !p.fwd.accepted() && o == p.back:
		return "drat-trim's backward mode checks only the lemmas the refutation uses; package drat and drat-trim -f reject a lemma it skipped"
	}
	return "UNEXPLAINED"
}

func countIf(pairs []pair, f func(pair) bool) int {
	n := 0
	for _, p := range pairs {
		if f(p) {
			n++
		}
	}
	return n
}
