package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat/engine"
	"github.com/urfave/cli/v2"
)

// updateDocs rewrites the expected output of every example in the Markdown
// files with what the commands print now:
//
//	go test ./cmd/sudokusat -run TestDocs -update
var updateDocs = flag.Bool("update", false, "rewrite the expected output of the examples in README.md and docs/*.md")

// docsRoot is the repository's root, where README.md and docs/ are.
const docsRoot = "../.."

// An example is one command of a ```console block: the line after "$ " and
// the lines up to the next "$ " line or the end of the block, which are its
// expected standard output. In an expected line, "…" matches any run of
// characters, for figures that change from run to run (times).
type example struct {
	line    int      // the command's line in the file, from 1
	command string   // run with sh -c
	want    []string // expected stdout, one entry per line
	first   int      // index in the file's lines of the first expected line
}

// A docBlock is one ```console block: its examples run in order in one
// fresh directory, so that a file one writes the next can read.
type docBlock struct {
	line     int
	examples []example
}

// parseDocBlocks finds the ```console blocks of a Markdown file's lines.
func parseDocBlocks(lines []string) []docBlock {
	var blocks []docBlock
	var cur *docBlock
	for i, l := range lines {
		switch {
		case cur == nil && strings.TrimSpace(l) == "```console":
			blocks = append(blocks, docBlock{line: i + 1})
			cur = &blocks[len(blocks)-1]
		case cur == nil:
		case strings.TrimSpace(l) == "```":
			cur = nil
		case strings.HasPrefix(l, "$ "):
			cur.examples = append(cur.examples, example{line: i + 1, command: l[2:], first: i + 1})
		case len(cur.examples) > 0:
			e := &cur.examples[len(cur.examples)-1]
			e.want = append(e.want, l)
		}
	}
	return blocks
}

// matchLine reports whether got is want, where each "…" in want stands for
// any run of characters.
func matchLine(want, got string) bool {
	if !strings.Contains(want, "…") {
		return want == got
	}
	parts := strings.Split(want, "…")
	for i := range parts {
		parts[i] = regexp.QuoteMeta(parts[i])
	}
	return regexp.MustCompile("^" + strings.Join(parts, ".*") + "$").MatchString(got)
}

// elide returns got with "…" for each word (split at single spaces, so
// that aligned columns keep their width) that is "…" in want, and whether
// every "…" of want found its place. -update uses it so that a rewritten
// line keeps its timings elided.
func elide(want, got string) (string, bool) {
	w, g := strings.Split(want, " "), strings.Split(got, " ")
	if len(w) != len(g) {
		return got, false
	}
	for i := range w {
		if w[i] == "…" {
			g[i] = "…"
		}
	}
	m := strings.Join(g, " ")
	return m, strings.Count(m, "…") == strings.Count(want, "…")
}

// externalPrograms are the programs an example may pipe to that are not
// everywhere: an example that names a missing one is skipped.
var externalPrograms = []string{"cadical", "kissat", "minisat", "minisat+", "picosat", "cryptominisat5", "rsvg-convert", "xz"}

var wordRE = regexp.MustCompile(`[A-Za-z0-9_+-]+`)

// missingProgram returns the first external program the command uses that
// is not installed, or "".
func missingProgram(command string) string {
	words := map[string]bool{}
	for _, w := range wordRE.FindAllString(command, -1) {
		words[w] = true
	}
	for _, p := range externalPrograms {
		if words[p] {
			if _, err := exec.LookPath(p); err != nil {
				return p
			}
		}
	}
	return ""
}

// TestDocs runs every example of README.md and docs/*.md with the built
// sudokusat first on PATH, from a fresh directory holding a link to the
// repository's testdata/, and compares its standard output with the lines
// the Markdown shows under it. Standard error and the exit status are not
// compared; examples that need them echo them.
func TestDocs(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(docsRoot, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	files = append([]string{filepath.Join(docsRoot, "README.md")}, files...)
	bin := t.TempDir()
	if err := os.Symlink(binary, filepath.Join(bin, "sudokusat")); err != nil {
		t.Fatal(err)
	}
	testdataDir, err := filepath.Abs(filepath.Join(docsRoot, "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	total := 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		blocks := parseDocBlocks(lines)
		name := strings.TrimPrefix(filepath.ToSlash(file), docsRoot+"/")
		// Replacements for -update, by the index of the first expected line.
		type repl struct {
			first, n int
			got      []string
		}
		var repls []repl
		for _, b := range blocks {
			total += len(b.examples)
			t.Run(fmt.Sprintf("%s:%d", name, b.line), func(t *testing.T) {
				for _, e := range b.examples {
					if p := missingProgram(e.command); p != "" {
						t.Skipf("%s:%d: %s is not installed (.ci/run installs it)", name, e.line, p)
					}
				}
				dir := t.TempDir()
				if err := os.Symlink(testdataDir, filepath.Join(dir, "testdata")); err != nil {
					t.Fatal(err)
				}
				for _, e := range b.examples {
					cmd := exec.Command("sh", "-c", e.command)
					cmd.Dir, cmd.Env = dir, env
					var stdout, stderr bytes.Buffer
					cmd.Stdout, cmd.Stderr = &stdout, &stderr
					if err := cmd.Run(); err != nil {
						var exitErr *exec.ExitError
						if !errors.As(err, &exitErr) {
							t.Fatalf("%s:%d: %v", name, e.line, err)
						}
					}
					got := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
					if stdout.Len() == 0 {
						got = nil
					}
					same := len(got) == len(e.want)
					for i := 0; same && i < len(got); i++ {
						same = matchLine(e.want[i], got[i])
					}
					if same {
						continue
					}
					if *updateDocs {
						// Lines that still match keep their "…"; a line
						// that had one keeps it in the same places when
						// it has as many words.
						merged := append([]string{}, got...)
						if len(got) == len(e.want) {
							for i := range got {
								if !strings.Contains(e.want[i], "…") {
									continue
								}
								if m, ok := elide(e.want[i], got[i]); ok {
									merged[i] = m
								} else {
									t.Errorf("%s:%d: a line with \"…\" is rewritten as it came out; elide what varies again by hand:\n%s", name, e.first+i+1, got[i])
								}
							}
						}
						repls = append(repls, repl{e.first, len(e.want), merged})
						continue
					}
					t.Errorf("%s:%d: $ %s\nstdout:\n%s\nthe Markdown shows:\n%s\nstderr:\n%s(go test ./cmd/sudokusat -run TestDocs -update rewrites the Markdown)",
						name, e.line, e.command, strings.Join(got, "\n"), strings.Join(e.want, "\n"), stderr.String())
				}
			})
		}
		if *updateDocs && len(repls) > 0 {
			// From the end, so that earlier indices stay right.
			for i := len(repls) - 1; i >= 0; i-- {
				r := repls[i]
				lines = append(lines[:r.first], append(append([]string{}, r.got...), lines[r.first+r.n:]...)...)
			}
			if err := os.WriteFile(file, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: %d examples rewritten", name, len(repls))
		}
	}
	if total == 0 {
		t.Fatal("no ```console examples found in README.md and docs/*.md")
	}
}

// TestDocsParsing checks the reading of examples and the "…" wildcard on a
// made-up file, so that TestDocs cannot pass by finding nothing to compare.
func TestDocsParsing(t *testing.T) {
	md := strings.Split("text\n```console\n$ echo a | cat\na\n$ true\n```\n```sh\n$ not run\n```\n```console\n$ x\n1 … 3\n```\n", "\n")
	blocks := parseDocBlocks(md)
	if len(blocks) != 2 || len(blocks[0].examples) != 2 || len(blocks[1].examples) != 1 {
		t.Fatalf("blocks %+v", blocks)
	}
	if e := blocks[0].examples[0]; e.command != "echo a | cat" || len(e.want) != 1 || e.want[0] != "a" || e.line != 3 {
		t.Errorf("first example %+v", e)
	}
	if e := blocks[0].examples[1]; len(e.want) != 0 {
		t.Errorf("second example %+v", e)
	}
	for _, tt := range []struct {
		want, got string
		ok        bool
	}{
		{"1 … 3", "1 22ms 3", true},
		{"1 … 3", "1  3", true},
		{"1 … 3", "1 2 4", false},
		{"a.b", "axb", false},
		{"abc", "abc", true},
	} {
		if matchLine(tt.want, tt.got) != tt.ok {
			t.Errorf("matchLine(%q, %q) = %v", tt.want, tt.got, !tt.ok)
		}
	}
	for _, tt := range []struct {
		want, got, merged string
		ok                bool
	}{
		{"| a | … | 3 |", "| a | 22.5 | 4 |", "| a | … | 4 |", true},
		{"x  …  1", "x  9  2", "x  …  2", true},
		{"x … 1", "x 9 9 2", "x 9 9 2", false},
		{"1…", "12 3", "12 3", false},
		{"a 1… …", "a 12 3", "a 12 …", false},
	} {
		if m, ok := elide(tt.want, tt.got); m != tt.merged || ok != tt.ok {
			t.Errorf("elide(%q, %q) = %q, %v; want %q, %v", tt.want, tt.got, m, ok, tt.merged, tt.ok)
		}
	}
	if p := missingProgram("sudokusat encode x | no-such-solver-here"); p != "" {
		t.Errorf("missingProgram found %q in a command that names none of the known solvers", p)
	}
}

// readmeMaxBytes keeps README.md a page that is read through: the detail
// goes to docs/.
const readmeMaxBytes = 10000

// TestReadmeInstall runs the commands of README.md's Install section from
// the repository's root, as a reader with a fresh clone would: the ```sh
// block must install the command, with no network (GOPROXY=off), since the
// module is not published and a first command that fails is the first
// thing a newcomer meets. The line for the published module is in prose
// after the block, not run.
func TestReadmeInstall(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(docsRoot, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if len(data) >= readmeMaxBytes {
		t.Errorf("README.md is %d bytes; keep it under %d (move the detail to docs/)", len(data), readmeMaxBytes)
	}
	_, section, ok := strings.Cut(string(data), "\n## Install\n")
	if !ok {
		t.Fatal("README.md has no ## Install section")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	_, block, ok := strings.Cut(section, "```sh\n")
	if !ok {
		t.Fatal("README.md's Install section has no ```sh block")
	}
	block, _, _ = strings.Cut(block, "```")
	var commands []string
	for _, l := range strings.Split(block, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			commands = append(commands, l)
		}
	}
	if len(commands) == 0 {
		t.Fatal("README.md's Install block has no command")
	}
	gobin := t.TempDir()
	for _, command := range commands {
		cmd := exec.Command("sh", "-c", command)
		cmd.Dir = docsRoot
		cmd.Env = append(os.Environ(), "GOBIN="+gobin, "GOPROXY=off", "GOFLAGS=-mod=readonly -buildvcs=false")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("README.md's Install: $ %s: %v\n%s", command, err, out)
		}
	}
	if _, err := os.Stat(filepath.Join(gobin, "sudokusat")); err != nil {
		t.Errorf("README.md's Install put no sudokusat in GOBIN: %v", err)
	}
}

// TestDocsFlags checks docs/commands.md's flags against the commands' own:
// a flag the docs name, in a command's synopsis, its table or its prose,
// is that command's, and every name a table row or a "`--long` (`-x`)"
// pair gives for one flag is one of its names. The docs once listed a
// short form the command did not have, and a user's first try failed.
func TestDocsFlags(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(docsRoot, "docs", "commands.md"))
	if err != nil {
		t.Fatal(err)
	}
	app := newApp(engine.Engines(), nil, nil, nil)
	// flagsOf maps each command to its flags by every name.
	flagsOf := map[string]map[string][]string{}
	for _, c := range app.Commands {
		m := map[string][]string{"help": {"help", "h"}, "h": {"help", "h"}}
		for _, f := range c.Flags {
			for _, n := range f.Names() {
				m[n] = f.Names()
			}
		}
		flagsOf[c.Name] = m
	}
	appFlags := map[string]bool{"help": true, "h": true, "version": true, "v": true}
	flagRE := regexp.MustCompile(`(?:^|[\s\[])--?([a-z][a-z0-9-]*)`)
	spanRE := regexp.MustCompile("`(-[^`]*)`")
	pairRE := regexp.MustCompile("`--([a-z][a-z0-9-]*)` \\(`-([a-z])`")
	// names returns the flag names the code spans of s that begin with a
	// dash mention.
	names := func(s string) []string {
		var ns []string
		for _, m := range spanRE.FindAllStringSubmatch(s, -1) {
			for _, f := range flagRE.FindAllStringSubmatch(m[1], -1) {
				ns = append(ns, f[1])
			}
		}
		return ns
	}
	checked, pairs := 0, 0
	cmd, fenced := "", false
	for i, line := range strings.Split(string(data), "\n") {
		where := fmt.Sprintf("docs/commands.md:%d", i+1)
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
			continue
		}
		if fenced {
			continue
		}
		if h, ok := strings.CutPrefix(line, "## "); ok {
			cmd = strings.Fields(h)[0]
			if flagsOf[cmd] == nil {
				cmd = "" // a section of every command
			}
			continue
		}
		var mentioned []string
		if s, ok := strings.CutPrefix(line, "    sudokusat "); ok {
			if c := strings.Fields(s)[0]; c != cmd {
				t.Errorf("%s: the synopsis of %s in the section of %q", where, c, cmd)
			}
			for _, f := range flagRE.FindAllStringSubmatch(s, -1) {
				mentioned = append(mentioned, f[1])
			}
		} else {
			mentioned = names(line)
		}
		// One flag's names, in a table row or a pair.
		var sets [][]string
		if strings.HasPrefix(line, "| `-") {
			first, _, _ := strings.Cut(line[1:], "|")
			sets = append(sets, names(first))
		}
		for _, m := range pairRE.FindAllStringSubmatch(line, -1) {
			sets = append(sets, m[1:])
		}
		for _, n := range mentioned {
			checked++
			switch {
			case cmd != "" && flagsOf[cmd][n] == nil:
				t.Errorf("%s: %s has no flag %s", where, cmd, dashed(n))
			case cmd == "" && !appFlags[n] && !slices.ContainsFunc(app.Commands, func(c *cli.Command) bool { return flagsOf[c.Name][n] != nil }):
				t.Errorf("%s: no command has a flag %s", where, dashed(n))
			}
		}
		for _, set := range sets {
			pairs++
			for _, c := range app.Commands {
				if (cmd != "" && c.Name != cmd) || flagsOf[c.Name][set[0]] == nil {
					continue
				}
				own := flagsOf[c.Name][set[0]]
				switch {
				case strings.HasPrefix(line, "| "):
					// A table row gives all of a flag's names.
					if !slices.Equal(set, own) {
						t.Errorf("%s: the table gives %s's flag as %q; its names are %q", where, c.Name, set, own)
					}
				case !slices.Contains(own, set[1]):
					t.Errorf("%s: -%s is not a name of %s --%s (%q)", where, set[1], c.Name, set[0], own)
				}
			}
		}
	}
	if checked < 50 || pairs < 10 {
		t.Errorf("only %d flags and %d sets of names found in docs/commands.md: the test no longer reads it", checked, pairs)
	}
}
