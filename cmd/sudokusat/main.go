// Command sudokusat solves, encodes and decodes Sudoku puzzles through SAT.
//
// Run "sudokusat --help" for the commands; the README has examples.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"

	"github.com/urfave/cli/v2"
)

// Exit statuses.
const (
	exitOK       = 0 // every puzzle solved
	exitUnsolved = 1 // some puzzle unsolvable, invalid, timed out or failed
	exitUsage    = 2 // the command itself was wrong: flags, engine, files
)

// errUnsolved marks a run that went through but left some puzzle unsolved.
var errUnsolved = errors.New("not every puzzle was solved")

// usageError marks an error in how the command was called.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error {
	return usageError{fmt.Errorf(format, args...)}
}

func main() {
	tuneGC()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args, os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// tuneGC sets the garbage collector for sudokusat's work: many short
// searches that each leave a few hundred KB of garbage on a live heap of a
// few MB, where Go's default (GOGC=100) collects every few puzzles. At 400
// it collects a quarter as often: gophersat on magictour took 10–35% less
// time per puzzle, side by side. The soft limit of 1.5 GiB keeps a large
// grid, whose live heap is big, from growing to five times that. GOGC and
// GOMEMLIMIT in the environment override both.
func tuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(1536 << 20)
	}
}

// run runs the command line args and returns the exit status.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	app := newApp(stdin, stdout, stderr)
	err := app.RunContext(ctx, flagsFirst(app, args))
	var ue usageError
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, errUnsolved):
		return exitUnsolved
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "sudokusat: %v\n", err)
		return exitUsage
	}
	fmt.Fprintf(stderr, "sudokusat: %v\n", err)
	return exitUnsolved
}

func newApp(stdin io.Reader, stdout, stderr io.Writer) *cli.App {
	return &cli.App{
		Name:  "github.com/sudokusat/sudokusat",
		Usage: "solve Sudoku puzzles through SAT, or with the native solver",
		Description: "Puzzles are read from files or standard input (\"-\"): one per line (81 symbols for 9×9),\n" +
			"drawn grids one row per line, or rows of whitespace-separated numbers for large grids.\n" +
			"Exit status: 0 when every puzzle was solved, 1 when any was not, 2 for usage errors.",
		Reader:          stdin,
		Writer:          stdout,
		ErrWriter:       stderr,
		HideHelpCommand: true,
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return usageError{err}
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usagef("unknown command %q (see sudokusat --help)", c.Args().First())
			}
			return cli.ShowAppHelp(c)
		},
		Commands: commands(solveCommand(), encodeCommand(), decodeCommand(), countCommand(), checkCommand(), benchCommand(), generateCommand(), gradeCommand(), transformCommand(), renderCommand(), serveCommand(), workerCommandDef()),
		ExitErrHandler: func(*cli.Context, error) {
			// run maps errors to exit statuses; urfave must not exit itself.
		},
	}
}

// commands makes every command report flag errors as usage errors and hide
// the help sub-command that urfave adds (--help is there on every command).
func commands(cs ...*cli.Command) []*cli.Command {
	for _, c := range cs {
		c.HideHelpCommand = true
		c.OnUsageError = func(_ *cli.Context, err error, _ bool) error { return usageError{err} }
	}
	return cs
}
