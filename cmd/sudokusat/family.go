package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/family"
	"github.com/sudokusat/sudokusat/internal/compress"
)

func familyCommand() *cli.Command {
	var kinds []string
	for _, k := range family.Kinds() {
		kinds = append(kinds, fmt.Sprintf("  %-11s %s", k.Kind, k.Doc))
	}
	return &cli.Command{
		Name:      "family",
		Usage:     "write a family of CNF instances with known answers, and their manifest",
		ArgsUsage: " ",
		Description: "Writes --count instances of each --kind into --out-dir: KIND-NNN.cnf in the chosen --encoding,\n" +
			"whose first comment lines state the kind, size, seed, expected status and count and, when\n" +
			"satisfiable, a solution; and " + family.ManifestName + ", one JSON object per instance with the same and\n" +
			"the file's sha256. Every expected answer is checked before it is written: each solution by the\n" +
			"validator, each count by gophersat on the CNF read back (and the native solver). The same flags\n" +
			"and --seed give byte-identical files. The qwh and qcp kinds default, per --size, to the open fraction\n" +
			"at which they were hardest for CaDiCaL, in the strongest encoding whose peak took it a median of\n" +
			"1 s or more: extended at 36×36; efficient at 25×25, where extended's peak took 0.38 s; extended at\n" +
			"16×16, where no encoding's took over 0.04 s. The pigeonhole kind is hard at every size from\n" +
			"its --pigeons alone (10 by default: CaDiCaL 4–5 s at 16×16, 9–10 s at 25×25). Kinds (see docs/families.md):\n" +
			strings.Join(kinds, "\n") + "\n\n" +
			examples(
				"sudokusat family --out-dir fam --seed 1", "10 instances of each kind: the 9×9 ones, 16×16 QWH and QCP, and variants when run in a checkout",
				"sudokusat family --out-dir fam --kind unique,refutation --count 100 --seed 7", "100 unique puzzles and 100 uniqueness refutations",
				"sudokusat family --out-dir hard --kind qwh,qcp --size 36 --seed 3",
				"36×36 quasigroup-with-holes and quasigroup-completion instances at their hardness peaks",
				"sudokusat family --out-dir fam --kind unique --from puzzles.txt --seed 1", "unique puzzles taken from a file",
				"sudokusat family --out-dir php --kind pigeonhole --pigeons 9 --size 16 --seed 1",
				"16×16 grids hiding the pigeonhole formula PHP(9, 8): half a second each for CaDiCaL"),
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "out-dir", Aliases: []string{"o"}, Usage: "(required) write the instances and the manifest into `DIR` (made if missing)"},
			&cli.StringSliceFlag{Name: "kind", Usage: "the `KINDS` to write, repeated or comma-separated (default: all; variant only where its folder is)"},
			&cli.IntFlag{Name: "count", Value: 10, Usage: "`K` instances of each kind"},
			&cli.BoolFlag{Name: "projection", Usage: "add the lines \"c p show … 0\" and \"c ind … 0\" of the cell variables, so that a model counter's count is the manifest's (as encode --projection)"},
			&cli.Uint64Flag{Name: "seed", DefaultText: "random, reported on standard error", Usage: "random `SEED`, for reproducible output"},
			&cli.StringFlag{Name: "encoding", DefaultText: family.DefaultEncoding + "; qwh and qcp: by --size, " + peakEncodings() + "; pigeonhole: " + family.PigeonholeEncoding,
				Usage: "CNF `ENCODING` of classic puzzles: " + strings.Join(encode.Names(), ", ")},
			&cli.IntFlag{Name: "size", Aliases: []string{"n"}, Value: 16, Usage: "grid side `N` of the qwh, qcp and pigeonhole kinds"},
			&cli.IntFlag{Name: "pigeons", DefaultText: fmt.Sprintf("%d, at most N−1", family.DefaultPigeons), Usage: "`K` open cells in the pigeonhole kind's row, with K−1 digits for them (2 to N−1)"},
			&cli.Float64Flag{Name: "open", DefaultText: "each kind's hardness peak for --size in the default encoding", Usage: "`FRACTION` of cells left open in the qwh and qcp kinds"},
			&cli.StringFlag{Name: "from", Usage: "take the 9×9 kinds' base puzzles from `FILE` instead of generating them (those not unique are passed over)"},
			&cli.StringFlag{Name: "variants", Value: filepath.Join("testdata", "variants"), Usage: "`DIR` of f-puzzles files NAME.json, each with NAME.solution, for the variant kind"},
			&cli.DurationFlag{Name: "count-budget", Value: 10 * time.Second, Usage: "count each qwh and qcp puzzle to 2 for at most `DURATION` (past it a qwh count is stated as >=1 and a qcp puzzle is drawn again; 0: no count, no qcp)"},
			compressFlag(false),
			familyFormats.flag(),
			maxDecompressedFlag(),
		},
		Action: runFamily,
	}
}

// familyFormats are family's output formats.
var familyFormats = plainFormats{{name: "line", note: "a line per file"}, {name: "json", note: "the manifest's records"}}

func runFamily(c *cli.Context) error {
	if c.NArg() > 0 {
		return usagef("family takes no arguments; got %q", c.Args().First())
	}
	// Checked here, not by the flag's Required: cli prints the whole
	// help and exits 1 for that, where every other usage error is a line.
	if c.String("out-dir") == "" {
		return usagef("family needs --out-dir DIR, the folder to write the instances and their manifest into")
	}
	f, err := familyFormats.of(c)
	if err != nil {
		return err
	}
	format := f.name
	o := family.Options{Generator: "sudokusat " + version(), Count: c.Int("count"), Seed: c.Uint64("seed"), Encoding: c.String("encoding"),
		Size: c.Int("size"), Open: c.Float64("open"), Pigeons: c.Int("pigeons"), CountBudget: c.Duration("count-budget"), Projection: c.Bool("projection")}
	if !c.IsSet("seed") {
		o.Seed = uint64(time.Now().UnixNano())
	}
	var names []string
	for _, s := range c.StringSlice("kind") {
		names = append(names, splitList(s)...)
	}
	if len(names) == 0 {
		for _, k := range family.Kinds() {
			// Out of a checkout, without --variants, there are no variant
			// files: every other kind is still wanted.
			if k.Kind == family.Variant && !c.IsSet("variants") {
				if _, err := os.Stat(c.String("variants")); err != nil {
					fmt.Fprintf(c.App.ErrWriter, "sudokusat: no %s folder: kind variant left out (see --variants)\n", c.String("variants"))
					continue
				}
			}
			names = append(names, string(k.Kind))
		}
	}
	for _, name := range names {
		k, err := family.ParseKind(name)
		if err != nil {
			return usagef("--kind: %w", err)
		}
		o.Kinds = append(o.Kinds, k)
	}
	if err := o.Check(); err != nil {
		return usagef("%w", err)
	}
	warn := func(s string) { fmt.Fprintf(c.App.ErrWriter, "sudokusat: warning: %s\n", s) }
	o.Warn = warn
	for _, k := range o.Kinds {
		if k == family.Variant {
			vs, err := family.LoadVariants(c.String("variants"))
			if err != nil {
				return usagef("--variants: %w", err)
			}
			o.Variants = vs
			break
		}
	}
	if from := c.String("from"); from != "" {
		err := inputs([]string{from}, c.App.Reader, c.App.ErrWriter, maxDecompressed(c), func(it *item) error {
			if it.err != nil {
				return fmt.Errorf("%s: %w", it.where(), it.err)
			}
			o.From = append(o.From, family.Source{Name: it.where(), Puzzle: it.puzzle})
			return nil
		})
		if err != nil {
			return err
		}
	}
	dir := c.String("out-dir")
	z, err := compressOption(c, dir)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return err
	}
	mf, err := os.Create(filepath.Join(dir, family.ManifestName))
	if err != nil {
		return err
	}
	defer mf.Close()
	manifest := bufio.NewWriter(mf)
	out := bufio.NewWriter(c.App.Writer)
	start := time.Now()
	written := map[family.Kind]int{}
	total := 0
	err = family.Make(c.Context, o, func(in *family.Instance) error {
		// The manifest names the file as written, KIND-NNN.cnf.gz with
		// --compress gz; its sha256 stays the CNF's, which judge
		// decompresses to check.
		in.File += z.Suffix()
		path := filepath.Join(dir, in.File)
		if err := compress.Create(path, func(w io.Writer) error { _, err := w.Write(in.CNF); return err }); err != nil {
			return err
		}
		rec, err := in.ManifestLine()
		if err != nil {
			return err
		}
		if _, err := manifest.Write(rec); err != nil {
			return err
		}
		if format == "json" {
			out.Write(rec)
		} else {
			fmt.Fprintf(out, "%s %s %s %s\n", path, in.Kind, in.Status, in.Count)
		}
		if err := out.Flush(); err != nil {
			return writeErr(err)
		}
		written[in.Kind]++
		total++
		return nil
	})
	if err != nil {
		return err
	}
	if err := manifest.Flush(); err != nil {
		return err
	}
	if err := mf.Close(); err != nil {
		return err
	}
	var parts []string
	short := false
	for _, k := range o.Kinds {
		parts = append(parts, fmt.Sprintf("%d %s", written[k], k))
		short = short || written[k] < o.Count
	}
	fmt.Fprintf(c.App.ErrWriter, "sudokusat: %d %s in %s (%s), each answer checked; %v (seed %d)\n",
		total, plural(total, "instance", "instances"), dir, strings.Join(parts, ", "),
		time.Since(start).Round(time.Millisecond), o.Seed)
	if short {
		return errors.New("fewer instances than asked: a kind ran out of puzzles")
	}
	return nil
}

// peakEncodings says, for --encoding's help, which encoding the qwh and
// qcp kinds take by default at which sizes ("extended below 21, efficient
// 21–30, extended from 31"), read from family.PeakEncoding so that it
// cannot drift from the table. Both kinds share the encoding of a size
// (TestPeakOpen), and the table's sizes are all below 64.
func peakEncodings() string {
	const top = 64
	var parts []string
	from := 1
	for n := 2; n <= top+1; n++ {
		enc := family.PeakEncoding(family.QWH, from)
		if n <= top && family.PeakEncoding(family.QWH, n) == enc {
			continue
		}
		switch {
		case from == 1 && n > top:
			parts = append(parts, enc)
		case from == 1:
			parts = append(parts, fmt.Sprintf("%s below %d", enc, n))
		case n > top:
			parts = append(parts, fmt.Sprintf("%s from %d", enc, from))
		default:
			parts = append(parts, fmt.Sprintf("%s %d–%d", enc, from, n-1))
		}
		from = n
	}
	return strings.Join(parts, ", ")
}
