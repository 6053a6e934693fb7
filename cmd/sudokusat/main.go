// Command sudokusat solves, encodes and decodes Sudoku puzzles through SAT.
//
// Run "sudokusat help" for the commands, and "sudokusat help COMMAND" for
// one command's flags and examples.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"

	"github.com/sudokusat/sudokusat/engine"
	"github.com/urfave/cli/v2"
)

// Exit statuses.
const (
	exitOK          = 0   // every puzzle solved
	exitUnsolved    = 1   // some puzzle unsolvable, invalid, timed out or failed
	exitUsage       = 2   // the command itself was wrong: flags, engine, files
	exitInterrupted = 130 // stopped by Ctrl-C (128 + SIGINT), the shells' convention
	exitTerminated  = 143 // stopped by SIGTERM (128 + SIGTERM): kill, timeout(1), systemd, docker
)

// errUnsolved marks a run that went through but left some puzzle unsolved.
var errUnsolved = errors.New("not every puzzle was solved")

// exitStatus is an error that asks for a given exit status and prints
// nothing: decode --competition-codes exits 10 or 20 as a SAT solver does.
type exitStatus int

func (e exitStatus) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

// errInterrupted marks a run stopped by an interrupt, after it wrote the
// records and the summary of what it had done.
var errInterrupted = errors.New("interrupted")

// usageError marks an error in how the command was called.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error {
	return usageError{fmt.Errorf(format, args...)}
}

func main() {
	tuneGC()
	ctx, stop := signalContext()
	code := run(ctx, os.Args, os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// signalContext returns a context that Ctrl-C (SIGINT) or SIGTERM ends,
// its cause a stopSignal naming which. The first signal ends the batch
// with its records and summary, and the worker processes and solvers with
// it; a second one, with the default behaviour restored, ends the process.
func signalContext() (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case sig := <-sigs:
			signal.Stop(sigs)
			cancel(stopSignal{sig})
		case <-done:
		}
	}()
	return ctx, func() {
		signal.Stop(sigs)
		close(done)
		cancel(nil)
	}
}

// stopSignal is the cause of a context ended by a signal.
type stopSignal struct{ sig os.Signal }

func (s stopSignal) Error() string { return "stopped by " + s.sig.String() }

// interruptStatus returns the exit status and the word for a run that a
// signal ended: 130 and "interrupted" for Ctrl-C, 143 and "terminated"
// for SIGTERM.
func interruptStatus(ctx context.Context) (int, string) {
	var s stopSignal
	if errors.As(context.Cause(ctx), &s) && s.sig == syscall.SIGTERM {
		return exitTerminated, "terminated"
	}
	return exitInterrupted, "interrupted"
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
	return runWith(ctx, engine.Engines(), args, stdin, stdout, stderr)
}

// runWith is run with the engines of table t: every command opens its
// engines from it, and the help texts and the page list them.
func runWith(ctx context.Context, t engine.Table, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if f, ok := stdin.(*os.File); ok && isTerminal(f) {
		stdin = &announcedReader{r: stdin, w: stderr}
	}
	app := newApp(t, stdin, stdout, stderr)
	err := helpTopic(app, args)
	if err == nil {
		err = app.RunContext(ctx, flagsFirst(app, args))
	}
	var ue usageError
	var es exitStatus
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &es):
		return int(es)
	case errors.Is(err, errInterrupted) || (ctx.Err() != nil && errors.Is(err, context.Canceled)):
		code, word := interruptStatus(ctx)
		fmt.Fprintln(stderr, "sudokusat: "+word)
		return code
	case errors.Is(err, errUnsolved):
		return exitUnsolved
	case errors.As(err, &ue):
		// A file that cannot be opened, or holds no puzzle, needs no
		// pointer to the help.
		var np noPuzzleError
		var re *resumeError
		var me *mergeError
		if pe := (*fs.PathError)(nil); errors.As(err, &pe) || errors.As(err, &np) || errors.As(err, &re) || errors.As(err, &me) {
			fmt.Fprintf(stderr, "sudokusat: %v\n", err)
			return exitUsage
		}
		help := "sudokusat help"
		if c := commandOf(app, args); c != "" {
			help = "sudokusat " + c + " --help"
		}
		fmt.Fprintf(stderr, "sudokusat: %v (see '%s')\n", err, help)
		return exitUsage
	}
	fmt.Fprintf(stderr, "sudokusat: %v\n", err)
	return exitUnsolved
}

// newApp is the command line, its engines those of table t.
func newApp(t engine.Table, stdin io.Reader, stdout, stderr io.Writer) *cli.App {
	return &cli.App{
		Metadata: map[string]any{tableKey: t},
		Name:     "sudokusat",
		Usage:    "solve Sudoku puzzles through SAT, or with the native solver",
		Version:  version(),
		Description: "Puzzles are read from files or standard input (\"-\"): one per line (81 symbols for 9×9),\n" +
			"drawn grids one row per line, or rows of whitespace-separated numbers for large grids.\n" +
			"Exit status: 0 when every puzzle was solved, 1 when any was not, 2 for usage errors,\n" +
			"130 after Ctrl-C, 143 after SIGTERM.\n\n" +
			examples(
				"sudokusat solve puzzles.txt", "solve every puzzle of a file with the embedded gophersat",
				"sudokusat count --engine native puzzles.txt", "prove each puzzle unique (1) or not (≥2)",
				"sudokusat encode puzzle.txt > p.cnf && cadical p.cnf > p.out; sudokusat decode --cnf p.cnf p.out",
				"the bridge: any DIMACS solver, its answer read back and checked",
				"sudokusat help solve", "one command's flags and examples"),
		Reader:               stdin,
		Writer:               stdout,
		ErrWriter:            stderr,
		EnableBashCompletion: true,
		OnUsageError: func(c *cli.Context, err error, _ bool) error {
			return usageError{explainFlagError(err, c.App.VisibleFlags())}
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return unknownCommand(c.App, c.Args().First())
			}
			return cli.ShowAppHelp(c)
		},
		Commands: commands(solveCommand(t), encodeCommand(), decodeCommand(), countCommand(), candidatesCommand(), hintCommand(), minimalCommand(), checkCommand(), mergeCommand(), benchCommand(),
			generateCommand(), familyCommand(), judgeCommand(), gradeCommand(), explainCommand(), transformCommand(), renderCommand(), serveCommand(), versionCommand(),
			completionCommand(), workerCommandDef()),
		ExitErrHandler: func(*cli.Context, error) {
			// run maps errors to exit statuses; urfave must not exit itself.
		},
	}
}

// tableKey is where the App's Metadata holds its table of engines.
const tableKey = "engines"

// tableOf returns the table of engines of c's App.
func tableOf(c *cli.Context) engine.Table {
	if t, ok := c.App.Metadata[tableKey].(engine.Table); ok {
		return t
	}
	return engine.Engines()
}

// commands makes every command report flag errors as usage errors that
// name the flag and say what it wants, and hide the help sub-command that
// urfave adds (--help is there on every command).
func commands(cs ...*cli.Command) []*cli.Command {
	for _, c := range cs {
		c.HideHelpCommand = true
		c.OnUsageError = func(_ *cli.Context, err error, _ bool) error {
			return usageError{explainFlagError(err, c.VisibleFlags())}
		}
	}
	return cs
}

// commandOf returns the name of the command args run, or "".
func commandOf(app *cli.App, args []string) string {
	if len(args) < 2 {
		return ""
	}
	for _, c := range app.Commands {
		if c.HasName(args[1]) && !c.Hidden {
			return c.Name
		}
	}
	return ""
}

// examples formats pairs of command line and what it does as a help
// section.
func examples(pairs ...string) string {
	var b strings.Builder
	b.WriteString("Examples:")
	for i := 0; i+1 < len(pairs); i += 2 {
		fmt.Fprintf(&b, "\n  %s\n      %s", pairs[i], pairs[i+1])
	}
	return b.String()
}

// version is the module's version and the VCS revision it was built from,
// as the Go toolchain recorded them.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := info.Main.Version
	var rev, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = ", modified"
			}
		}
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if rev != "" {
		v += " (" + rev + modified + ")"
	}
	return v + " " + info.GoVersion
}

func versionCommand() *cli.Command {
	return &cli.Command{
		Name:      "version",
		Usage:     "print the version, as --version does",
		ArgsUsage: " ",
		Action: func(c *cli.Context) error {
			cli.ShowVersion(c)
			return nil
		},
	}
}
