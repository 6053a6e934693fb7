package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/engine"
	"github.com/sudokusat/sudokusat/internal/varianttest"
)

// TestVersionAndHelp checks what a newcomer types first.
func TestVersionAndHelp(t *testing.T) {
	for _, args := range [][]string{{"--version"}, {"version"}} {
		out, _, code := runCLI(t, "", args...)
		if code != 0 || !strings.HasPrefix(out, "sudokusat version ") || !strings.Contains(out, runtime.Version()) {
			t.Errorf("%v: exit %d, %q", args, code, out)
		}
	}
	out, _, code := runCLI(t, "", "help")
	if code != 0 || !strings.Contains(out, "COMMANDS:") || !strings.Contains(out, "solve") || strings.Contains(out, workerCommand) {
		t.Errorf("help: exit %d\n%s", code, out)
	}
	// Every command's help has examples, each naming the command.
	for _, c := range newApp(engine.Engines(), nil, nil, nil).Commands {
		if c.Hidden || c.Name == "version" {
			continue
		}
		out, _, code := runCLI(t, "", "help", c.Name)
		if code != 0 || !strings.Contains(out, "Examples:") || !strings.Contains(out, "sudokusat "+c.Name) {
			t.Errorf("help %s: exit %d, no examples:\n%s", c.Name, code, out)
		}
	}
	out, _, _ = runCLI(t, "", "grade", "--help")
	if !strings.Contains(out, "3.2  X-wing") || !strings.Contains(out, "10.0 a guess") {
		t.Errorf("grade --help lacks the difficulty scale:\n%s", out)
	}
}

// TestUsageErrorsNameTheFlag checks that a bad flag or engine is one line on standard
// error that names it, says what is wanted and where help is, exit 2,
// before any puzzle is read.
func TestUsageErrorsNameTheFlag(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"solve", "--workers", "0"}, "--workers 0: want at least 1"},
		{[]string{"count", "--workers", "-1"}, "--workers -1: want at least 1"},
		{[]string{"solve", "--timeout", "-1s"}, "--timeout -1s: want 0 (no limit) or more"},
		{[]string{"solve", "--timeout", "5"}, "want a duration such as 500ms"},
		{[]string{"generate", "--seed", "x"}, "want a whole number"},
		{[]string{"solve", "--engine", "kissat-not-here"}, `no program "kissat-not-here" on PATH`},
		{[]string{"count", "--engine", "sat", "--encoding", "fancy"}, `unknown encoding "fancy"`},
		{[]string{"check", "--engines", "native,nope-solver"}, `no program "nope-solver" on PATH`},
		// An engine's name mistyped gets the engine it was likely meant
		// to be, as a flag or a command does.
		{[]string{"solve", "--engine", "natve"}, `no program "natve" on PATH (engines: native, `},
		{[]string{"solve", "--engine", "natve"}, `; did you mean "native"?`},
		{[]string{"check", "--engines", "native,cadicall"}, `; did you mean "cadical"?`},
		{[]string{"bench", "--engines", "satt", testdata + "large-4.txt"}, `; did you mean "sat"?`},
		{[]string{"generate", "--hints", "90"}, "--hints 90: want 0 to 81 for a 9×9 grid"},
		{[]string{"nonsense"}, `unknown command "nonsense" (see`},
		// Flags as they are typed, two dashes for a long one, and the
		// flag or command a typo was likely meant to be.
		{[]string{"solve", "--nonesuch"}, "unknown flag --nonesuch (see"},
		{[]string{"solve", "--engin", "sat"}, "unknown flag --engin; did you mean --engine?"},
		{[]string{"count", "--limt", "3"}, "unknown flag --limt; did you mean --limit?"},
		{[]string{"solve", "-x"}, "unknown flag -x (see"},
		{[]string{"--verison"}, "unknown flag --verison; did you mean --version?"},
		{[]string{"solve", "--engine"}, "flag needs an argument: --engine"},
		{[]string{"solve", "--timeout", "5"}, `invalid value "5" for flag --timeout`},
		{[]string{"solv"}, `unknown command "solv"; did you mean "solve"?`},
		{[]string{"help", "nonesuch"}, `unknown command "nonesuch" (see`},
		{[]string{"help", "sovle"}, `unknown command "sovle"; did you mean "solve"?`},
		{[]string{"bench", "--max", "-1", testdata + "large-4.txt"}, "--max -1: want 0 (all) or more"},
	}
	for _, tt := range tests {
		// Standard input holds a puzzle: none may be solved.
		out, errOut, code := runCLI(t, inkala+"\n", tt.args...)
		lines := strings.Split(strings.TrimSpace(errOut), "\n")
		if code != exitUsage || out != "" || len(lines) != 1 || !strings.Contains(errOut, tt.want) || !strings.Contains(errOut, "(see 'sudokusat ") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2, one line naming %q and the help", tt.args, code, out, errOut, tt.want)
		}
	}
}

// TestHelpHelp: help asked about itself answers with its help, exit 0.
// It used to answer 'unknown command "help"; did you mean "help"?': urfave
// adds the help command after the check of a help topic reads the list.
func TestHelpHelp(t *testing.T) {
	for _, args := range [][]string{{"help", "help"}, {"help", "h"}, {"h", "help"}} {
		out, errOut, code := runCLI(t, "", args...)
		if code != 0 || errOut != "" || !strings.Contains(out, "help for one command") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
	if got := suggest("help", []string{"solve", "help"}); got != "" {
		t.Errorf("suggest(help) among help = %q: a name is no typo of itself", got)
	}
}

// TestNoMisleadingDefaults checks flags whose help once said what they
// do not do.
func TestNoMisleadingDefaults(t *testing.T) {
	out, _, _ := runCLI(t, "", "generate", "--help")
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "--seed") && !strings.Contains(line, "(default: random, reported on standard error)") {
			t.Errorf("generate --seed's default: %s", line)
		}
	}
	if strings.Contains(out, "-k ") {
		t.Errorf("generate still has -k, which is --limit elsewhere:\n%s", out)
	}
	if out, _, _ := runCLI(t, "", "render", "--help"); strings.Contains(out, "--svg") {
		t.Errorf("render --help shows --svg, which does nothing:\n%s", out)
	}
}

func TestCompletion(t *testing.T) {
	out, _, code := runCLI(t, "", "completion", "bash")
	if code != 0 || !strings.Contains(out, "complete ") || !strings.Contains(out, "--generate-bash-completion") {
		t.Errorf("completion bash: exit %d\n%s", code, out)
	}
	out, _, _ = runCLI(t, "", "--generate-bash-completion")
	if !strings.Contains(out, "solve\n") || !strings.Contains(out, "count\n") {
		t.Errorf("commands are not completed: %q", out)
	}
	out, _, _ = runCLI(t, "", "solve", "--eng", "--generate-bash-completion")
	if !strings.Contains(out, "--engine") {
		t.Errorf("solve's flags are not completed: %q", out)
	}
	if _, _, code := runCLI(t, "", "completion", "fish"); code != exitUsage {
		t.Errorf("completion fish: exit %d, want 2", code)
	}
}

// TestInterrupt sends SIGINT to the built binary while it waits for more
// input on a pipe that stays open: it must write the records of what it
// read, its summary, and exit 130 at once, not wait for the next line.
func TestInterrupt(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGINT to send on Windows")
	}
	var classic []string
	for _, g := range puzzleLines(t, "17clue-sample.txt")[:20] {
		classic = append(classic, g.String())
	}
	for _, tc := range []struct {
		args    []string
		puzzles []string
	}{
		{[]string{"solve"}, classic}, {[]string{"count", "--engine", "native"}, classic}, {[]string{"grade"}, classic},
		// Puzzles with rules go through the same batch.
		{[]string{"count", "--engine", "search"}, varianttest.Links(t)},
	} {
		args, puzzles := tc.args, tc.puzzles
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			cmd := exec.Command(binary, append(args, "-")...)
			stdin, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer stdin.Close()
			for _, p := range puzzles {
				fmt.Fprintln(stdin, p)
			}
			// Records reach a pipe within flushEvery of being found; a
			// batch that waits for the end of its input before the
			// first record never sends them.
			watchdog := time.AfterFunc(30*time.Second, func() { cmd.Process.Kill() })
			defer watchdog.Stop()
			lines := bufio.NewScanner(stdout)
			var got []string
			for len(got) < len(puzzles) && lines.Scan() {
				got = append(got, lines.Text())
			}
			if err := cmd.Process.Signal(os.Interrupt); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() {
				for lines.Scan() {
					got = append(got, lines.Text())
				}
				done <- cmd.Wait()
			}()
			select {
			case <-done:
			case <-time.After(20 * time.Second):
				cmd.Process.Kill()
				t.Fatalf("still running 20 s after SIGINT")
			}
			if code := cmd.ProcessState.ExitCode(); code != exitInterrupted {
				t.Errorf("exit %d, want %d; stderr %s", code, exitInterrupted, stderr.String())
			}
			if len(got) != len(puzzles) {
				t.Errorf("%d records for the %d puzzles read", len(got), len(puzzles))
			}
			if !strings.Contains(stderr.String(), fmt.Sprintf("%d puzzles", len(puzzles))) || !strings.HasSuffix(stderr.String(), "sudokusat: interrupted\n") {
				t.Errorf("no summary of the %d puzzles, or no word of the interrupt:\n%s", len(puzzles), stderr.String())
			}
		})
	}
}

// TestDecodeCompetitionCodes checks decode's SAT-competition exit codes,
// and that an UNSAT answer is reported as the solver's claim.
func TestDecodeCompetitionCodes(t *testing.T) {
	dir := t.TempDir()
	cnf := dir + "/p.cnf"
	out, _, code := runCLI(t, "1...............\n", "encode", "--encoding", "minimal", "-o", cnf, "-")
	if code != 0 {
		t.Fatalf("encode: exit %d %s", code, out)
	}
	// The minimal encoding's model: a solution of the 4×4 puzzle 1... .
	solved, _, _ := runCLI(t, "1...............\n", "solve", "--engine", "native", "-")
	var lits []string
	for i, ch := range strings.TrimSpace(solved) {
		d := int(ch - '0')
		lits = append(lits, fmt.Sprint(i*4+d)) // v(r,c,d) = (r·4+c)·4 + d, 1-based d
	}
	model := "s SATISFIABLE\nv " + strings.Join(lits, " ") + " 0\n"
	tests := []struct {
		answer     string
		plain, sat int
		want       string
	}{
		{model, 0, 10, strings.TrimSpace(solved)},
		{"s UNSATISFIABLE\n", 1, 20, "no solution (claimed by the solver, not verified)"},
		{"s UNKNOWN\n", 1, 0, "the solver gave no answer"},
	}
	for _, tt := range tests {
		for _, flags := range [][]string{nil, {"--competition-codes"}} {
			args := append([]string{"decode", "--cnf", cnf}, flags...)
			out, errOut, code := runCLI(t, tt.answer, append(args, "-")...)
			want := tt.plain
			if flags != nil {
				want = tt.sat
			}
			if code != want || !strings.Contains(out, tt.want) {
				t.Errorf("%v on %q: exit %d (want %d), out %q, err %q", flags, tt.answer, code, want, out, errOut)
			}
		}
	}
}

// TestNothingWrittenUnasked checks that check writes no file into the
// working directory unless --out-dir asks for one, and that a random
// transform reports the seed that repeats it.
func TestNothingWrittenUnasked(t *testing.T) {
	dir := t.TempDir()
	liar := t.TempDir() + "/liar.sh"
	if err := os.WriteFile(liar, []byte("#!/bin/sh\necho 's UNSATISFIABLE'\nexit 20\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(binary, "check", "--engines", "native,"+liar, "-")
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(inkala + "\n")
	out, _ := cmd.Output()
	if !strings.Contains(string(out), "FAILED") || !strings.Contains(string(out), "--out-dir DIR writes the CNF") {
		t.Errorf("the false UNSAT is not reported with the hint:\n%s", out)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 0 {
		t.Errorf("check wrote into the working directory: %v", entries)
	}

	out1, errOut, _ := runCLI(t, inkala+"\n", "transform", "--random")
	var seed string
	if _, err := fmt.Sscanf(errOut, "sudokusat: transform --random with seed %s", &seed); err != nil {
		t.Fatalf("no seed reported: %q", errOut)
	}
	out2, _, _ := runCLI(t, inkala+"\n", "transform", "--random", "--seed", seed)
	if out1 != out2 || out1 == "" {
		t.Errorf("seed %s does not repeat the run: %q, then %q", seed, out1, out2)
	}
}

// TestEncodeSaysWhyEmpty checks the comment on a CNF that propagation
// emptied.
func TestEncodeSaysWhyEmpty(t *testing.T) {
	out, _, code := runCLI(t, "1234341221434321\n", "encode", "-")
	if code != 0 || !strings.Contains(out, "p cnf 0 0") || !strings.Contains(out, "c propagation alone solved the puzzle") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	// The file still decodes: an empty model gives the solution.
	dir := t.TempDir()
	os.WriteFile(dir+"/p.cnf", []byte(out), 0o644)
	got, _, code := runCLI(t, "s SATISFIABLE\nv 0\n", "decode", "--cnf", dir+"/p.cnf", "-")
	if code != 0 || strings.TrimSpace(got) != "1234341221434321" {
		t.Errorf("decode: exit %d, %q", code, got)
	}
}

// TestDecodeKeepsNumbers checks that a puzzle given as rows of numbers is
// decoded into rows of numbers, not into letters.
func TestDecodeKeepsNumbers(t *testing.T) {
	cnf := t.TempDir() + "/p.cnf"
	if _, errOut, code := runCLI(t, "", "encode", "--encoding", "minimal", "-o", cnf, testdata+"large-16.txt"); code != 0 {
		t.Fatalf("encode: %s", errOut)
	}
	line, _, _ := runCLI(t, "", "solve", "--engine", "native", testdata+"large-16.txt")
	g, err := sudokusat.Parse(strings.TrimSpace(line))
	if err != nil {
		t.Fatal(err)
	}
	var lits []string
	for i := range g.Len() {
		lits = append(lits, fmt.Sprint(i*16+g.Cell(i))) // the direct map: v = cell·N + d
	}
	out, errOut, code := runCLI(t, "s SATISFIABLE\nv "+strings.Join(lits, " ")+" 0\n", "decode", "--cnf", cnf, "-")
	if code != 0 || strings.TrimSpace(out) != strings.TrimSpace(g.Rows()) {
		t.Errorf("exit %d (%s), decoded\n%s\nwant the rows of numbers\n%s", code, errOut, out, g.Rows())
	}
}

// TestSolveCertify: a solver that claims UNSAT with a made-up proof is
// caught by solve --certify with no other engine running.
func TestSolveCertify(t *testing.T) {
	liar := t.TempDir() + "/liar.sh"
	if err := os.WriteFile(liar, []byte("#!/bin/sh\necho 's UNSATISFIABLE'\necho '0' > \"$2\"\nexit 20\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	out, _, code := runCLI(t, inkala+"\n", "solve", "--engine", liar+" {cnf} {proof}", "--encoding", "extended", "--certify", "-")
	if code != exitUnsolved || !strings.HasPrefix(out, "wrong: line 1: ") || !strings.Contains(out, "proof") {
		t.Errorf("exit %d, %q: want the made-up proof refused", code, out)
	}
	if _, errOut, code := runCLI(t, inkala+"\n", "solve", "--engine", "native", "--certify", "-"); code != exitUsage || !strings.Contains(errOut, "gives no proof") {
		t.Errorf("--certify with gophersat: exit %d, %q", code, errOut)
	}
	// MiniSat writes no proof: the usage error names the engines that do.
	if _, err := exec.LookPath("minisat"); err == nil {
		_, errOut, code := runCLI(t, inkala+"\n", "solve", "--engine", "minisat", "--certify", "-")
		if code != exitUsage || !strings.Contains(errOut, "engine minisat gives no proof; engines that do: sat, auto, cadical, kissat, picosat, cryptominisat5, or a command line with {proof}") {
			t.Errorf("--certify with minisat: exit %d, %q", code, errOut)
		}
	}
}

// TestCheckCertified: check --certify counts each engine's certified UNSAT
// answers (every uniqueness proof of cadical here, with the default
// reduced encoding), and marks the engines that give no proof.
func TestCheckCertified(t *testing.T) {
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Skip("cadical is not installed; .ci/run installs it")
	}
	out, errOut, code := runCLI(t, "", "check", "--limit", "2", "--engines", "native,cadical", "--certify", "../../testdata/magictour-sample.txt")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	rows := map[string]string{}
	for _, line := range strings.Split(out, "\n") {
		if f := strings.Fields(line); len(f) > 0 {
			rows[f[0]] = f[len(f)-1]
		}
	}
	if rows["engine"] != "certified" || rows["native"] != "uncertified" || rows["cadical"] != "21" {
		t.Errorf("the certified column: %q", out)
	}
}

// TestCertifiedJSON: the JSON records mark certified answers.
func TestCertifiedJSON(t *testing.T) {
	out, _, _ := runCLI(t, inkala+"\n", "count", "--certify", "--format", "json", "-")
	if !strings.Contains(out, `"count":1`) || !strings.Contains(out, `"certified":true`) {
		t.Errorf("count --certify: %s", out)
	}
	out, _, _ = runCLI(t, inkala+"\n", "count", "--format", "json", "-")
	if strings.Contains(out, "certified") {
		t.Errorf("count without --certify: %s", out)
	}
}

// TestDecodeCertify: decode --certify refuses a made-up proof of a
// solvable puzzle's UNSAT, and needs --proof.
func TestDecodeCertify(t *testing.T) {
	dir := t.TempDir()
	cnf := dir + "/p.cnf"
	if _, errOut, code := runCLI(t, inkala+"\n", "encode", "-o", cnf, "-"); code != 0 {
		t.Fatalf("encode: %s", errOut)
	}
	proof := dir + "/p.drat"
	if err := os.WriteFile(proof, []byte("0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, code := runCLI(t, "s UNSATISFIABLE\n", "decode", "--cnf", cnf, "--certify", "--proof", proof, "-")
	if code != exitUnsolved || !strings.HasPrefix(out, "wrong: standard input: proof rejected: ") {
		t.Errorf("a made-up proof: exit %d, %q", code, out)
	}
	if _, errOut, code := runCLI(t, "s UNSATISFIABLE\n", "decode", "--cnf", cnf, "--certify", "-"); code != exitUsage || !strings.Contains(errOut, "--proof") {
		t.Errorf("--certify without --proof: exit %d, %q", code, errOut)
	}
}

// TestCompressHelp: --compress's help speaks of -o FILE.gz only for a
// command that has -o; check has none and its help offered it, and so
// did its error for --compress without --out-dir.
func TestCompressHelp(t *testing.T) {
	tests := []struct {
		command string
		output  bool // the command has -o FILE
	}{
		{"encode", true},
		{"render", true},
		{"check", false},
	}
	for _, tt := range tests {
		help, _, _ := runCLI(t, "", tt.command, "--help")
		var line string
		for _, l := range strings.Split(help, "\n") {
			if strings.HasPrefix(strings.TrimSpace(l), "--compress") {
				line = l
			}
		}
		_, errOut, code := runCLI(t, "", tt.command, "--compress", "gz", testdata+"easy-sample.txt")
		if line == "" || strings.Contains(line, "-o FILE") != tt.output || code != exitUsage || strings.Contains(errOut, "-o FILE") != tt.output {
			t.Errorf("%s: --compress's help %q; without --out-dir: exit %d, %q", tt.command, line, code, errOut)
		}
	}
}
