package main

import (
	"strings"

	"github.com/urfave/cli/v2"
)

// A format is one value of a command's --format: its name, a note on what
// it writes for the help ("" for none), and, for a command that picks its
// writer by the format, the writer.
type format[W any] struct {
	name, note string
	write      W
}

// formats are a command's --format values, the default first. Declared
// once, they make the flag and its help (flag) and check the value given
// (of).
type formats[W any] []format[W]

// plainFormats are the formats of a command that writes each itself.
type plainFormats = formats[struct{}]

// list joins fs as a person reads them, each with its note: "a, b or c".
func (fs formats[W]) list(notes bool) string {
	s := make([]string, len(fs))
	for i, f := range fs {
		s[i] = f.name
		if notes && f.note != "" {
			s[i] += " (" + f.note + ")"
		}
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

// flag is the command's --format flag, fs's first its default.
func (fs formats[W]) flag() cli.Flag {
	return &cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: fs[0].name, Usage: "output `FORMAT`: " + fs.list(true)}
}

// of returns the format that --format names, or the usage error that
// lists fs.
func (fs formats[W]) of(c *cli.Context) (format[W], error) {
	name := c.String("format")
	for _, f := range fs {
		if f.name == name {
			return f, nil
		}
	}
	return format[W]{}, usagef("unknown format %q (want %s)", name, fs.list(false))
}

// The formats that several commands share.
var (
	lineOrJSON = plainFormats{{name: "line"}, {name: "json"}}
	textOrJSON = plainFormats{{name: "text"}, {name: "json"}}
)
