package main

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokusat/sudokusat/engine"
	"github.com/urfave/cli/v2"
)

// suggest returns the one name of names that typed is most likely a typo
// of, or "" when none is close. urfave's own suggestion (App.Suggest) is
// not used: it always names the nearest name, however far, so that
// --nonesuch would get "did you mean --seed?", and it prints only on the
// path without OnUsageError, to standard output with the help. Close
// means a unique name that typed begins (--eng for --engine), or one at
// most one edit away per three letters (solv, --engin, --wokers).
func suggest(typed string, names []string) string {
	if len(typed) < 2 || slices.Contains(names, typed) {
		return ""
	}
	var prefixed []string
	for _, n := range names {
		if strings.HasPrefix(n, typed) && n != typed {
			prefixed = append(prefixed, n)
		}
	}
	if len(prefixed) == 1 {
		return prefixed[0]
	}
	best, bestD, ties := "", max(1, len(typed)/3)+1, 0
	for _, n := range names {
		if len(n) == 1 {
			continue // -e for --en would be a guess, not a correction
		}
		switch d := editDistance(typed, n); {
		case d < bestD:
			best, bestD, ties = n, d, 0
		case d == bestD && n != best:
			ties++
		}
	}
	if ties > 0 {
		return "" // two names as close: naming one would be a guess
	}
	return best
}

// editDistance is the number of single-letter insertions, deletions,
// substitutions and swaps of neighbours that make a into b (the optimal
// string alignment distance), in bytes: flag and command names are ASCII.
// A swap counts one, as a typist makes it: sovle for solve.
func editDistance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

// dashed writes a flag's name as it is typed: -x, or --name.
func dashed(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// flagNames are the names of flags, hidden ones left out.
func flagNames(flags []cli.Flag) []string {
	var ns []string
	for _, f := range flags {
		if vf, ok := f.(cli.VisibleFlag); ok && !vf.IsVisible() {
			continue
		}
		ns = append(ns, f.Names()...)
	}
	return ns
}

// commandNames are the names of the commands a user may type.
func commandNames(app *cli.App) []string {
	var ns []string
	for _, c := range app.Commands {
		if !c.Hidden {
			ns = append(ns, c.Names()...)
		}
	}
	return append(ns, "help")
}

// unknownCommand is the usage error for a command name that app lacks,
// with the command typed meant when it is a typo of one.
func unknownCommand(app *cli.App, name string) error {
	if s := suggest(name, commandNames(app)); s != "" {
		return usagef("unknown command %q; did you mean %q?", name, s)
	}
	return usagef("unknown command %q", name)
}

// helpTopic returns a usage error when args ask for the help of a command
// that app lacks: urfave says so with exit status 3, which run would turn
// into 1, where every other usage error gives 2.
func helpTopic(app *cli.App, args []string) error {
	if len(args) < 3 || (args[1] != "help" && args[1] != "h") || strings.HasPrefix(args[2], "-") {
		return nil
	}
	// urfave adds the help command itself, after app.Commands is read
	// here: it answers its own help.
	if args[2] == "help" || args[2] == "h" {
		return nil
	}
	for _, c := range app.Commands {
		if c.HasName(args[2]) && !c.Hidden {
			return nil
		}
	}
	return unknownCommand(app, args[2])
}

var (
	// Go's flag package names a flag with one dash, whatever its length:
	// "flag provided but not defined: -nonesuch".
	oneDashRE   = regexp.MustCompile(`(^|[ :])-([A-Za-z][A-Za-z0-9-]+)\b`)
	undefinedRE = regexp.MustCompile(`^flag provided but not defined: -+(.+)$`)
)

// explainFlagError rewrites a flag error of urfave (and Go's flag package
// under it) as a user types flags: --name for a long one. An unknown flag
// gets the flag of flags it is likely a typo of; an invalid value gets
// what the flag wants, since the parser's own reason is "parse error".
func explainFlagError(err error, flags []cli.Flag) error {
	msg := err.Error()
	if m := undefinedRE.FindStringSubmatch(msg); m != nil {
		name, _, _ := strings.Cut(m[1], "=")
		if s := suggest(name, flagNames(flags)); s != "" {
			return fmt.Errorf("unknown flag %s; did you mean %s?", dashed(name), dashed(s))
		}
		return fmt.Errorf("unknown flag %s", dashed(name))
	}
	msg = oneDashRE.ReplaceAllString(msg, "$1--$2")
	if !strings.HasPrefix(msg, "invalid value") {
		if msg == err.Error() {
			return err
		}
		return fmt.Errorf("%s", msg)
	}
	switch {
	case strings.Contains(msg, "-timeout") || strings.Contains(msg, "-time"):
		return fmt.Errorf("%s (want a duration such as 500ms, 10s or 2m)", msg)
	case strings.Contains(msg, "-seed"):
		return fmt.Errorf("%s (want a whole number from 0 to 18446744073709551615)", msg)
	}
	return fmt.Errorf("%s (want a number)", msg)
}

// engineTypo adds to err, the error of opening the engines specs from
// table t, the engine a bare name among them is likely a typo of, as a
// mistyped flag or command gets. A name not in the table is tried as a
// program on PATH, so err alone says only that there is no such program.
func engineTypo(t engine.Table, specs []string, err error) error {
	var names []string
	for _, row := range t {
		names = append(names, row.Name)
		names = append(names, row.Aliases...)
	}
	for _, spec := range specs {
		spec = strings.TrimSpace(spec)
		if spec == "" || strings.ContainsAny(spec, " \t/{") || slices.Contains(names, spec) || !strings.Contains(err.Error(), strconv.Quote(spec)) {
			continue
		}
		if s := suggest(spec, names); s != "" {
			return fmt.Errorf("%w; did you mean %q?", err, s)
		}
	}
	return err
}
