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
	Circles []struct{} `xml:"circle"`
	Texts   []string   `xml:"text"`
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
// the legend's name escaped with its runs answered of all.
func TestCactus(t *testing.T) {
	ms := time.Millisecond
	s := parse(t, Cactus([]Series{
		{Name: "a<b", Times: []time.Duration{3 * ms, ms, 2 * ms}, Runs: 4},
		{Name: "none", Runs: 4},
		{Name: "c", Times: []time.Duration{time.Second}, Runs: 1},
	}))
	if len(s.Polylines) != 2 || len(strings.Fields(s.Polylines[0].Points)) != 3 || len(strings.Fields(s.Polylines[1].Points)) != 1 {
		t.Fatalf("lines %+v, want 3 points and 1", s.Polylines)
	}
	if !strings.Contains(strings.Join(s.Texts, "|"), "a<b (3/4)") || strings.Contains(strings.Join(s.Texts, "|"), "none") {
		t.Errorf("legend %q", s.Texts)
	}
}

// TestScatter: a point per puzzle both engines answered.
func TestScatter(t *testing.T) {
	ta := map[int]time.Duration{1: time.Millisecond, 2: time.Second, 3: time.Microsecond}
	tb := map[int]time.Duration{2: time.Millisecond, 3: time.Second, 4: time.Second}
	s := parse(t, Scatter("x", "y & z", ta, tb))
	if len(s.Circles) != 2 || s.Title != "x against y & z, puzzle by puzzle" {
		t.Errorf("%d points, title %q; want 2", len(s.Circles), s.Title)
	}
}
