package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/sudokusat/sudokusat/internal/compress"
	"github.com/sudokusat/sudokusat/variant"
	"github.com/urfave/cli/v2"
)

// perPuzzle writes one output per input puzzle with write: the single
// puzzle of the input to standard output (also for --output -) or to
// --output FILE, or each puzzle to DIR/puzzle-0001.EXT, … with --out-dir
// DIR. Without --out-dir a second
// puzzle in the input is a usage error, found before anything is written.
// A puzzle that cannot be written is reported on standard error and the
// others go on; the run then ends with errUnsolved.
func perPuzzle(c *cli.Context, ext string, write func(io.Writer, *item) error) error {
	if c.NArg() > 1 {
		return usagef("%s takes one input; got %d", c.Command.Name, c.NArg())
	}
	outDir, output := c.String("out-dir"), c.String("output")
	if output == "-" {
		// "-" is standard output, as it is standard input among the
		// inputs, never a file of that name.
		output = ""
	}
	if outDir != "" && output != "" {
		return usagef("--output and --out-dir exclude each other")
	}
	z, err := compressOption(c, outDir)
	if err != nil {
		return err
	}
	if outDir != "" {
		if err := os.MkdirAll(outDir, 0o755); err != nil {
			return usageError{err}
		}
	}
	failed := 0
	do := func(it *item) error {
		path := output
		if outDir != "" {
			path = filepath.Join(outDir, fmt.Sprintf("puzzle-%04d.%s%s", it.index, ext, z.Suffix()))
		}
		if err := writeTo(c, path, it, write); err != nil {
			var ue usageError
			if errors.As(err, &ue) {
				return err
			}
			failed++
			fmt.Fprintf(c.App.ErrWriter, "sudokusat: %s: %v\n", it.where(), err)
		}
		return nil
	}
	sel, err := selectionOf(c)
	if err != nil {
		return err
	}
	var first *item
	err = readInputs(c.Args().Slice(), c.App.Reader, c.App.ErrWriter, maxDecompressed(c), nil, sel, func(it *item) error {
		if outDir != "" {
			return do(it)
		}
		if first != nil {
			return usagef("%s: more than one puzzle in the input: use --out-dir DIR", it.where())
		}
		first = it
		return nil
	})
	if err == nil && first != nil {
		err = do(first)
	}
	if err != nil {
		return err
	}
	if failed > 0 {
		return errUnsolved
	}
	return nil
}

// writeTo writes one puzzle's output to path, or to standard output when
// path is empty. A puzzle that could not be read, or whose givens clash,
// is an error of its own. So is one that write refuses (the extended
// encoding of a 100×100 grid, too large to build): only an error of the
// writer itself is reported as a failed write, and a file the puzzle
// could not be written to whole is removed (see compress.WriteFile) rather
// than left empty or cut short, for a solver or decode to read.
func writeTo(c *cli.Context, path string, it *item, write func(io.Writer, *item) error) error {
	if it.err != nil {
		return it.err
	}
	if err := variant.Validate(it.puzzle); err != nil {
		return err
	}
	if path == "" {
		w := &recordingWriter{w: c.App.Writer}
		err := write(w, it)
		if err != nil && w.err != nil {
			return writeErr(err)
		}
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return usageError{err}
	}
	err = compress.WriteFile(f, path, func(w io.Writer) error { return write(w, it) })
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// compressFlag is --compress, for the files of --out-dir.
// compressFlag is --compress of a command that writes files into
// --out-dir; output says whether it has -o FILE too, which compresses by
// FILE's name, and so whether its help says so.
func compressFlag(output bool) cli.Flag {
	usage := "compress the files of --out-dir as `FORMAT`: gz or xz"
	if output {
		usage += " (-o FILE.gz or FILE.xz compresses by the name)"
	}
	return &cli.StringFlag{Name: "compress", Usage: usage}
}

// compressOption reads --compress, which names the files --out-dir writes:
// -o FILE, where the command has it, compresses by FILE's name, and
// standard output is not compressed (a pipe to gzip or xz does that).
func compressOption(c *cli.Context, outDir string) (compress.Format, error) {
	if !c.IsSet("compress") {
		return compress.None, nil
	}
	z, err := compress.Parse(c.String("compress"))
	if err != nil {
		return z, usagef("--compress: %w", err)
	}
	if outDir == "" {
		if hasFlag(c.Command, "output") {
			return z, usagef("--compress names the files of --out-dir: -o FILE compresses when FILE ends .gz or .xz")
		}
		return z, usagef("--compress names the files of --out-dir, which is not given")
	}
	return z, nil
}

// hasFlag reports whether command cmd has a flag named name.
func hasFlag(cmd *cli.Command, name string) bool {
	if cmd == nil {
		return false
	}
	for _, f := range cmd.Flags {
		if slices.Contains(f.Names(), name) {
			return true
		}
	}
	return false
}

// recordingWriter keeps the first error of the writer it wraps, so that an
// error returned through it can be told to be the writer's or not.
type recordingWriter struct {
	w   io.Writer
	err error
}

func (r *recordingWriter) Write(p []byte) (int, error) {
	n, err := r.w.Write(p)
	if err != nil && r.err == nil {
		r.err = err
	}
	return n, err
}
