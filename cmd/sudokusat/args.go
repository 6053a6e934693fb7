package main

import (
	"strings"

	"github.com/urfave/cli/v2"
)

// flagsFirst moves a command's flags ahead of its file arguments, so that
// "sudokusat solve FILE --engine native" means what it says: urfave/cli v2
// stops reading flags at the first argument, and would take "--engine" for
// a file. A flag's value moves with it when the flag takes one; "--" ends
// the flags, and everything after it stays an argument: the "--" goes
// right after the flags, ahead of every file, since urfave (Go's flag
// package) drops it only there and would take it for a file name after
// the first file.
func flagsFirst(app *cli.App, args []string) []string {
	// urfave/cli looks for its completion flag in the last place only.
	if n := len(args); n > 0 && args[n-1] == "--generate-bash-completion" {
		return append(flagsFirst(app, args[:n-1]), args[n-1])
	}
	if len(args) < 3 {
		return args
	}
	var cmd *cli.Command
	for _, c := range app.Commands {
		if c.HasName(args[1]) {
			cmd = c
		}
	}
	if cmd == nil {
		return args
	}
	takesValue := map[string]bool{}
	for _, f := range cmd.Flags {
		_, isBool := f.(*cli.BoolFlag)
		for _, name := range f.Names() {
			takesValue[name] = !isBool
		}
	}
	flags := []string{}
	var rest []string
	rest = append(rest, args[:2]...)
	positional := []string{}
	var dashes []string // "--" when args have it
	for i := 2; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			dashes = []string{a}
			positional = append(positional, args[i+1:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' {
			positional = append(positional, a)
			continue
		}
		flags = append(flags, a)
		name := strings.TrimLeft(a, "-")
		if strings.Contains(name, "=") {
			continue
		}
		if takesValue[name] && i+1 < len(args) {
			i++
			flags = append(flags, args[i])
		}
	}
	return append(append(append(rest, flags...), dashes...), positional...)
}
