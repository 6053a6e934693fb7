package main

import (
	"encoding/json"
	"encoding/xml"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestCheckPAR2: the PAR-2 score the README and check's help promise is
// there without --timeout when every run answered (the limit does not
// matter then), in the table and in JSON, rounded to 6 significant
// digits; for an engine with a run that gave no answer, the table shows
// "-" and a line, and JSON par2_needs, says it needs --timeout. Before,
// the column and the field came only with --timeout, and the field had
// every bit of its float ("0.00003966815000000001").
func TestCheckPAR2(t *testing.T) {
	broken := filepath.Join(t.TempDir(), "broken.sh")
	if err := os.WriteFile(broken, []byte("#!/bin/sh\nexit 3\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	in := testdata + "top95-sample.txt"
	out, stderr, code := runCLI(t, "", "check", "-q", "--engines", "native,"+broken, in)
	lines := strings.Split(out, "\n")
	row := func(engine string) []string {
		for _, l := range lines {
			if f := strings.Fields(l); len(f) > 0 && f[0] == engine {
				return f
			}
		}
		return nil
	}
	native, bad := row("native"), row(broken)
	if code != 1 || !strings.HasSuffix(row("engine")[len(row("engine"))-1], "s") || !strings.Contains(out, "PAR-2 s\n") ||
		len(native) < 11 || len(bad) < 11 || bad[10] != "-" ||
		!strings.Contains(out, "\nPAR-2 of "+broken+" needs --timeout D: 20 runs gave no right answer, which PAR-2 counts as twice the time limit\n") {
		t.Fatalf("exit %d:\n%s\n%s", code, out, stderr)
	}
	if p, err := strconv.ParseFloat(native[10], 64); err != nil || p <= 0 {
		t.Errorf("native's PAR-2 %q: %v", native[10], err)
	}
	out, _, _ = runCLI(t, "", "check", "-q", "--format", "json", "--engines", "native,"+broken, in)
	var sums []map[string]json.RawMessage
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var r map[string]json.RawMessage
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatalf("not JSON: %q", l)
		}
		if _, ok := r["summary"]; ok {
			sums = append(sums, r)
		}
	}
	if len(sums) != 2 || sums[1]["par2"] != nil || !strings.Contains(string(sums[1]["par2_needs"]), "--timeout") {
		t.Fatalf("summaries %s", out)
	}
	digits := strings.TrimLeft(strings.ReplaceAll(string(sums[0]["par2"]), ".", ""), "0")
	if sums[0]["par2"] == nil || len(digits) > 6 || sums[0]["par2_needs"] != nil {
		t.Errorf("native's summary: par2 %s, par2_needs %s", sums[0]["par2"], sums[0]["par2_needs"])
	}
}

// TestCheckJSONRuns reads check --format json: one record per engine's run
// on each puzzle, in input order, then one summary per engine whose
// figures are those of its records, PAR-2 included (each run's time, a run
// without an answer counted as twice the timeout).
func TestCheckJSONRuns(t *testing.T) {
	dir := t.TempDir()
	// A solver that fails on every puzzle: its PAR-2 is twice the timeout.
	broken := filepath.Join(dir, "broken.sh")
	if err := os.WriteFile(broken, []byte("#!/bin/sh\nexit 3\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	plot, scat := filepath.Join(dir, "cactus.svg"), filepath.Join(dir, "scatter.svg")
	out, stderr, code := runCLI(t, "", "check", "--limit", "2", "--engines", "native,sat,"+broken, "--timeout", "5s",
		"--format", "json", "--plot", plot, "--scatter", scat, testdata+"top95-sample.txt")
	if code != 1 {
		t.Fatalf("exit %d (want 1: an engine failed): %s", code, stderr)
	}
	type rec struct {
		Summary  bool     `json:"summary"`
		Index    int      `json:"index"`
		Line     int      `json:"line"`
		Engine   string   `json:"engine"`
		Status   string   `json:"status"`
		Checked  string   `json:"checked"`
		Agree    bool     `json:"agree"`
		Micros   float64  `json:"us"`
		Runs     int      `json:"runs"`
		Answered int      `json:"answered"`
		Errors   int      `json:"errors"`
		PAR2     *float64 `json:"par2"`
	}
	runs := map[string][]rec{}
	sums := map[string]rec{}
	lastIndex := 0
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var r rec
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("not JSON: %q: %v", line, err)
		}
		if r.Summary {
			sums[r.Engine] = r
			continue
		}
		if len(sums) > 0 || r.Index < lastIndex {
			t.Errorf("run record %q out of order", line)
		}
		lastIndex = r.Index
		runs[r.Engine] = append(runs[r.Engine], r)
	}
	for _, e := range []string{"native", "sat/reduced", broken} {
		rs, s := runs[e], sums[e]
		if len(rs) != 20 || s.Runs != 20 {
			t.Fatalf("%s: %d run records, summary of %d runs; want 20", e, len(rs), s.Runs)
		}
		want, answered := 0.0, 0
		for _, r := range rs {
			if r.Status == "solved" {
				answered++
				want += r.Micros / 1e6
				if r.Checked != "model+claimed" && r.Checked != "model+proof" {
					t.Errorf("%s line %d: checked %q", e, r.Line, r.Checked)
				}
			} else {
				want += 2 * 5 // twice the timeout
			}
			if !r.Agree {
				t.Errorf("%s line %d: engines disagree", e, r.Line)
			}
		}
		want /= 20
		if s.Answered != answered || s.PAR2 == nil || abs(*s.PAR2-want) > 1e-6*max(want, 1) {
			t.Errorf("%s: summary answered %d, PAR-2 %v; the records give %d and %g", e, s.Answered, s.PAR2, answered, want)
		}
	}
	if sums[broken].Errors != 20 || sums[broken].Answered != 0 {
		t.Errorf("the broken solver: %+v", sums[broken])
	}
	// The plot is SVG with a line per engine that answered.
	b, err := os.ReadFile(plot)
	if err != nil {
		t.Fatal(err)
	}
	var svg struct {
		Polylines []struct {
			Points string `xml:"points,attr"`
		} `xml:"polyline"`
	}
	if err := xml.Unmarshal(b, &svg); err != nil {
		t.Fatalf("the plot is not XML: %v", err)
	}
	if len(svg.Polylines) != 2 {
		t.Fatalf("%d lines in the plot, want 2 (native and sat; the broken solver answered nothing)", len(svg.Polylines))
	}
	for _, p := range svg.Polylines {
		if n := len(strings.Fields(p.Points)); n != 20 {
			t.Errorf("a line of %d points, want 20", n)
		}
	}
	// The scatter plot: a point per puzzle both first engines answered.
	b, err = os.ReadFile(scat)
	if err != nil {
		t.Fatal(err)
	}
	var dots struct {
		Circles []struct{} `xml:"circle"`
	}
	if err := xml.Unmarshal(b, &dots); err != nil || len(dots.Circles) != 20 {
		t.Errorf("the scatter plot has %d points (%v), want 20", len(dots.Circles), err)
	}
}

func abs(x float64) float64 { return max(x, -x) }

// TestMemoryLimit runs a solver that takes memory without end under
// --mem-limit: it is killed, and the answer is memout, not a timeout.
func TestMemoryLimit(t *testing.T) {
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("no /proc: the memory limit is enforced on Linux only")
	}
	hog := filepath.Join(t.TempDir(), "hog.sh")
	// awk (mawk or gawk: one of them is on every Debian) doubles a string
	// for ever.
	if err := os.WriteFile(hog, []byte("#!/bin/sh\nexec awk 'BEGIN { s = \"a\"; while (1) s = s s }'\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	out, _, code := runCLI(t, inputPuzzle+"\n", "check", "--engines", "native,"+hog, "--mem-limit", "64", "--timeout", "60s", "--format", "json", "-")
	if code != 1 || !strings.Contains(out, `"status":"memout"`) || !strings.Contains(out, "took more than 64 MB") {
		t.Fatalf("exit %d, want 1 and a memout record:\n%s", code, out)
	}
	var r struct {
		PeakKB int64 `json:"peak_kb"`
	}
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, `"memout"`) {
			json.Unmarshal([]byte(line), &r)
		}
	}
	if r.PeakKB < 64<<10 || r.PeakKB > 1<<20 {
		t.Errorf("peak %d KB: want past the limit of 64 MB, and caught well before a gigabyte", r.PeakKB)
	}
	if _, stderr, code := runCLI(t, "", "check", "--mem-limit", "-1", "-"); code != 2 {
		t.Errorf("--mem-limit -1: exit %d, %s", code, stderr)
	}
}

// TestCheckTimedRuns: by default each timed run is one solver call, and
// its record carries BenchExec's figures, the solver process's own; a
// solver past --cpu-limit is killed, its status timeout, though its wall
// time is far from --timeout.
func TestCheckTimedRuns(t *testing.T) {
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("no /proc: the limits are enforced and the figures measured on Linux only")
	}
	calls := filepath.Join(t.TempDir(), "calls")
	counter := script(t, "counter", "#!/bin/sh\necho call >> "+calls+"\nexec cadical -q \"$@\"\n")
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Skip("cadical is not installed: .ci/run installs it")
	}
	out, stderr, code := runCLI(t, "", "check", "--engines", "native,"+counter, "--format", "json", testdata+"top95-sample.txt")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	puzzles := 0
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var r struct {
			Engine   string   `json:"engine"`
			Summary  bool     `json:"summary"`
			CPUTime  float64  `json:"cputime"`
			WallTime *float64 `json:"walltime"`
			Memory   int64    `json:"memory"`
		}
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatal(err)
		}
		if r.Summary || r.Engine != counter {
			continue
		}
		puzzles++
		if r.CPUTime <= 0 || r.WallTime == nil || *r.WallTime <= 0 || r.Memory < 1<<20 || r.Memory > 256<<20 {
			t.Errorf("record %s: want cputime, walltime above 0 and memory of a few MB", line)
		}
	}
	if n := strings.Count(readFile(t, calls), "call"); puzzles != 20 || n != puzzles {
		t.Errorf("%d solver calls for %d timed runs, want one each of 20", n, puzzles)
	}

	busy := script(t, "busy", "#!/bin/sh\nwhile :; do :; done\n")
	out, _, code = runCLI(t, inputPuzzle+"\n", "check", "--engines", "native,"+busy, "--cpu-limit", "300ms", "--timeout", "10m", "--format", "json", "-")
	if code != 1 || !strings.Contains(out, `"status":"timeout"`) || !strings.Contains(out, "CPU time limit exceeded") {
		t.Errorf("exit %d, want 1 and a timeout past the CPU limit:\n%s", code, out)
	}
	// PAR-2 charges the run the limit that stopped it, the CPU limit,
	// not the far --timeout: one run, twice 0.3 s.
	if !strings.Contains(out, `"engine":"`+busy+`","runs":1,"answered":0,"wrong":0,"errors":0,"timeouts":1,`) ||
		!strings.Contains(out, `"par2":0.6,"time_limit":0.3}`) {
		t.Errorf("want the busy solver's PAR-2 of 0.6 s against the 0.3 s CPU limit:\n%s", out)
	}
	if _, stderr, code := runCLI(t, "", "check", "--cpu-limit", "-1s", "-"); code != 2 {
		t.Errorf("--cpu-limit -1s: exit %d, %s", code, stderr)
	}
}

// TestBenchRuns: bench --runs writes a record per engine's run, each
// engine's in input order, and the table's mean is their mean.
func TestBenchRuns(t *testing.T) {
	runs := filepath.Join(t.TempDir(), "runs.jsonl")
	out, stderr, code := runCLI(t, "", "bench", "--engines", "native,sat", "--runs", runs, testdata+"top95-sample.txt")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	sum := map[string]float64{}
	last := map[string]int{}
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(readFile(t, runs)), "\n") {
		var r struct {
			Index  int     `json:"index"`
			Engine string  `json:"engine"`
			Status string  `json:"status"`
			Micros float64 `json:"us"`
		}
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		if r.Status != "solved" || r.Index != last[r.Engine]+1 {
			t.Errorf("record %q: want solved, index %d", line, last[r.Engine]+1)
		}
		last[r.Engine] = r.Index
		sum[r.Engine] += r.Micros
		n++
	}
	if n != 40 {
		t.Fatalf("%d records, want 40 (20 puzzles, 2 engines)", n)
	}
	for _, row := range strings.Split(out, "\n") {
		cells := strings.Split(row, "|")
		if len(cells) < 6 {
			continue
		}
		e := strings.TrimSpace(cells[1])
		if mean, ok := sum[e]; ok {
			// The table prints its mean to 0.1 µs: within 0.05 of the
			// records' (in ns), which two roundings of a mean ending in
			// 5 may print 0.1 apart (1809.2 and 1809.3).
			got, err := strconv.ParseFloat(strings.TrimSpace(cells[5]), 64)
			if err != nil || math.Abs(got-mean/20) > 0.051 {
				t.Errorf("%s: the table's mean %s µs, the records' %.3f", e, strings.TrimSpace(cells[5]), mean/20)
			}
		}
	}
}

// sameMean reports whether the table's mean, cell, rounded to 0.1 µs, is
// the records' mean, recomputed from each run's µs: within the rounding
// (0.05) and the table's mean truncated to the ns. The two once rounded
// apart: the records' sum, added in floating point, came to 12.35 plus an
// ulp, "12.4", where the table's, added in ns, gave 12.35 and "12.3".
func sameMean(cell string, records float64) bool {
	table, err := strconv.ParseFloat(cell, 64)
	return err == nil && math.Abs(table-records) <= 0.05+0.001
}

func TestSameMean(t *testing.T) {
	tests := []struct {
		cell    string
		records float64
		want    bool
	}{
		{"12.3", 247.00000000000003 / 20, true}, // the two rounded apart
		{"12.3", 12.3, true},
		{"12.3", 12.2501, true},
		{"12.3", 12.4, false},
		{"12.3", 12.2, false},
		{"-", 12.3, false},
	}
	for _, tt := range tests {
		if got := sameMean(tt.cell, tt.records); got != tt.want {
			t.Errorf("sameMean(%q, %v) = %v, want %v", tt.cell, tt.records, got, tt.want)
		}
	}
}

// TestCheckSummaryOnce: with standard output and standard error one file,
// as on a terminal or after 2>&1, check's summary line is written once;
// it was written to both. To a file of its own, standard error still gets
// it, and with --format json it is the only place the line is.
func TestCheckSummaryOnce(t *testing.T) {
	in := testdata + "easy-sample.txt"
	tests := []struct {
		name      string
		args      []string
		same      bool
		out, errs int // the summary lines each has
	}{
		{"one file", []string{"check", "-q", in}, true, 1, 0},
		{"apart", []string{"check", "-q", in}, false, 1, 1},
		{"json, one file", []string{"check", "-q", "--format", "json", in}, true, 1, 0},
	}
	for _, tt := range tests {
		dir := t.TempDir()
		outF, err := os.Create(filepath.Join(dir, "out"))
		if err != nil {
			t.Fatal(err)
		}
		errF := outF
		if !tt.same {
			if errF, err = os.Create(filepath.Join(dir, "err")); err != nil {
				t.Fatal(err)
			}
		}
		cmd := exec.Command(binary, tt.args...)
		cmd.Stdout, cmd.Stderr = outF, errF
		if err := cmd.Run(); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		outF.Close()
		errF.Close()
		count := func(name string) int {
			b, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				return 0
			}
			return strings.Count(string(b), "check: 10 puzzles, ")
		}
		if got, gotErr := count("out"), count("err"); got != tt.out || gotErr != tt.errs {
			t.Errorf("%s: the summary %d times in standard output, %d in standard error; want %d and %d", tt.name, got, gotErr, tt.out, tt.errs)
		}
	}
}

// runLines returns check's JSON run records in out, in their order,
// without their measurements, and the number of summary records.
func runLines(t *testing.T, out string) (runs []string, summaries int) {
	t.Helper()
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("not a JSON record: %q: %v", line, err)
		}
		if rec["summary"] == true {
			summaries++
			continue
		}
		for _, k := range []string{"us", "cpu_us", "peak_kb", "cputime", "walltime", "memory"} {
			delete(rec, k)
		}
		b, _ := json.Marshal(rec)
		runs = append(runs, string(b))
	}
	return runs, summaries
}

// TestCheckResume: check --resume FILE goes on after what a stopped run
// left in FILE, its records of two engines per puzzle and the summaries
// of earlier runs: the last puzzle's records cut off when they may lack
// some (no summary after them, a line cut short, a canceled run), and
// FILE with the rest appended holds each run once, as one run writes them.
func TestCheckResume(t *testing.T) {
	in := testdata + "top95-sample.txt"
	args := []string{"check", "--engines", "native,sat", "--format", "json", in}
	whole, stderr, code := runCLI(t, "", args...)
	if code != 0 {
		t.Fatalf("one run: exit %d: %s", code, stderr)
	}
	want, _ := runLines(t, whole)
	lines := strings.SplitAfter(whole, "\n")
	// Records 1-10 are puzzles 1-5, two engines each.
	canceled := strings.Replace(lines[9], `"status":"solved"`, `"status":"canceled"`, 1)
	summaries := strings.Join(lines[40:42], "")
	for _, tc := range []struct {
		name, file, note string
		kept             int // records kept of the file
	}{
		{"puzzle cut between its engines", strings.Join(lines[:9], ""), "no summary after the last puzzle's records", 8},
		{"line cut short", strings.Join(lines[:8], "") + lines[8][:30], "the last line was cut short", 6},
		{"canceled", strings.Join(lines[:9], "") + canceled + summaries, "a canceled record", 8},
		{"summaries between", strings.Join(lines[:4], "") + summaries + strings.Join(lines[4:9], ""), "no summary after", 8},
		{"whole", whole, "", 40},
		{"empty", "", "", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "out.jsonl")
			writeText(t, file, tc.file)
			rest, stderr, code := runCLI(t, "", append(slices.Clone(args), "--resume", file)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			if !strings.Contains(stderr, tc.note) {
				t.Errorf("stderr %q, want %q", stderr, tc.note)
			}
			kept := mustRead(t, file)
			if k, _ := runLines(t, kept+"{}"); len(k)-1 != tc.kept {
				t.Errorf("%d records kept, want %d", len(k)-1, tc.kept)
			}
			got, _ := runLines(t, kept+rest)
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("the file and the rest differ from one run's records: %s", firstDiff(strings.Join(got, "\n"), strings.Join(want, "\n")))
			}
			if _, n := runLines(t, rest+"{}"); tc.kept == 40 && (rest != "" || n != 0) {
				t.Errorf("all answered, yet %q written", rest)
			}
		})
	}
}
