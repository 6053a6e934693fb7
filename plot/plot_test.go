package plot

import (
	"encoding/xml"
	"strings"
	"testing"
	"time"
)

// svg is what the tests read of a plot.
type svg struct {
	Title     string `xml:"title"`
	Polylines []struct {
		Points string `xml:"points,attr"`
	} `xml:"polyline"`
	Circles []struct {
		CX float64 `xml:"cx,attr"`
		CY float64 `xml:"cy,attr"`
	} `xml:"circle"`
	Paths []struct {
		Class string `xml:"class,attr"`
	} `xml:"path"`
	Texts []string `xml:"text"`
}

// limits counts the plot's time-limit lines.
func (s svg) limits() int {
	n := 0
	for _, p := range s.Paths {
		if p.Class == "limit" {
			n++
		}
	}
	return n
}

func parse(t *testing.T, b []byte) svg {
	t.Helper()
	var s svg
	if err := xml.Unmarshal(b, &s); err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	return s
}

// TestCactus: a line per series with answered runs, a point per run,
// the legend's name escaped with its runs answered of all and its PAR-2
// score (a series without a line too), the title, and the time limit
// drawn when there is one.
func TestCactus(t *testing.T) {
	ms := time.Millisecond
	par2, none := 20.0015, 0.02
	series := []Series{
		{Name: "a<b", Times: []time.Duration{3 * ms, ms, 2 * ms}, Runs: 4, PAR2: &par2},
		{Name: "none", Runs: 4, PAR2: &none},
		{Name: "c", Times: []time.Duration{time.Second}, Runs: 1},
	}
	for _, tc := range []struct {
		limit  time.Duration
		limits int
	}{{0, 0}, {10 * time.Second, 1}} {
		s := parse(t, Cactus("9×9 & co", tc.limit, series))
		if len(s.Polylines) != 2 || len(strings.Fields(s.Polylines[0].Points)) != 3 || len(strings.Fields(s.Polylines[1].Points)) != 1 {
			t.Fatalf("lines %+v, want 3 points and 1", s.Polylines)
		}
		texts := strings.Join(s.Texts, "|")
		if !strings.Contains(texts, "a<b (3/4, PAR-2 20 s)") || !strings.Contains(texts, "c (1/1)") || !strings.Contains(texts, "none (0/4, PAR-2 20 ms)") {
			t.Errorf("legend %q", s.Texts)
		}
		if s.Title != "9×9 & co" || s.Texts[0] != "9×9 & co" {
			t.Errorf("title %q, first text %q", s.Title, s.Texts[0])
		}
		if s.limits() != tc.limits || tc.limit > 0 && !strings.Contains(texts, "time limit 10s") {
			t.Errorf("limit %v: %d limit lines, want %d; texts %q", tc.limit, s.limits(), tc.limits, s.Texts)
		}
	}
}

// TestScatter: a point per puzzle both engines answered, and one per
// puzzle only one answered, its other time at the limit; a puzzle one
// engine did not run is left out.
func TestScatter(t *testing.T) {
	a := Side{Name: "x", Answered: map[int]time.Duration{1: time.Millisecond, 2: time.Second, 3: time.Microsecond}, Unanswered: map[int]bool{5: true}}
	b := Side{Name: "y & z", Answered: map[int]time.Duration{2: time.Millisecond, 3: time.Second, 4: time.Second, 5: time.Millisecond}, Unanswered: map[int]bool{1: true}}
	s := parse(t, Scatter(a, b, 10*time.Second))
	if len(s.Circles) != 4 || s.Title != "x against y & z, puzzle by puzzle" {
		t.Fatalf("%d points, title %q; want 4", len(s.Circles), s.Title)
	}
	if !strings.Contains(strings.Join(s.Texts, "|"), "2 puzzles both answered, 2 only one") || s.limits() != 1 {
		t.Errorf("texts %q, %d limit lines", s.Texts, s.limits())
	}
	// Puzzle 1 (x 1 ms, y none) and 5 (x none, y 1 ms) mirror each other
	// about the diagonal, at the limit.
	p1, p5 := s.Circles[0], s.Circles[3]
	if p1.CX+p5.CY != p5.CX+p1.CY || p5.CX <= s.Circles[1].CX || p1.CY >= s.Circles[2].CY {
		t.Errorf("puzzle 1 at %+v, puzzle 5 at %+v: want mirrored, the missing time at the limit", p1, p5)
	}
}

// TestDecadeLabels: both plots label their decades as whole powers of
// ten, from 100 ms up: counting up from log10(0.1), which is not quite
// -1, once labelled 1 s "1.0000000000000002 s".
func TestDecadeLabels(t *testing.T) {
	times := []time.Duration{150 * time.Millisecond, 2 * time.Second, 19 * time.Second}
	cactus := parse(t, Cactus("t", 20*time.Second, []Series{{Name: "a", Times: times, Runs: 3}}))
	answered := map[int]time.Duration{1: times[0], 2: times[1], 3: times[2]}
	scatter := parse(t, Scatter(Side{Name: "a", Answered: answered}, Side{Name: "b", Answered: answered}, 20*time.Second))
	for name, s := range map[string]svg{"cactus": cactus, "scatter": scatter} {
		texts := "|" + strings.Join(s.Texts, "|") + "|"
		for _, want := range []string{"|100 ms|", "|1 s|", "|10 s|", "|100 s|"} {
			if !strings.Contains(texts, want) {
				t.Errorf("%s: no label %q among %q", name, strings.Trim(want, "|"), s.Texts)
			}
		}
	}
}
