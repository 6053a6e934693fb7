package variant

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/internal/datasets"
)

// TestUnzipSudokuPad undoes what SudokuPad's own zipper made of these
// documents (sudokutools' PuzzleZipper, 2026-11-25): every shortening it
// does. The zipper loses a string's quotes when it holds a number and
// turns double quotes inside a string into single ones; the documents
// wanted here say so.
func TestUnzipSudokuPad(t *testing.T) {
	for _, c := range []struct{ zipped, want string }{
		{`{metadata:{antiknight:t,antiking:f},ce:[[,{v:1},],[,,],[{v:3},,]],a:[],o:[,],u:[{ct:[1,1],w:1,h:1,r:t,c2:#F,c1:#0}],ca:[{ce:[[0,0],[0,1]],v:9},{v:'title: It\'s a \'test\''}]}`,
			`{"cells":[[{},{"value":1},{}],[{},{},{}],[{"value":3},{},{}]],"arrows":[{}],"overlays":[{},{}],"underlays":[{"center":[1,1],"width":1,"height":1,"rounded":true,"backgroundColor":"#FFFFFF","borderColor":"#000000"}],"cages":[{"cells":[[0,0],[0,1]],"value":9},{"value":"title: It's a 'test'"}],"metadata":{"antiknight":true,"antiking":false}}`},
		{`{ce:[[,],[,]],re:[[[0,0],[0,1]],[[1,0],[1,1]]],l:[{wp:[[0.5,0.5],[1.5,1.5]],c:CFCFCF,th:10}],o:[{ct:[0,0],w:0.3,h:0.3,r:t,c2:#F,c1:#0,te:'',fs:12}]}`,
			`{"cells":[[{},{}],[{},{}]],"regions":[[[0,0],[0,1]],[[1,0],[1,1]]],"lines":[{"wayPoints":[[0.5,0.5],[1.5,1.5]],"color":"#CFCFCF","thickness":10}],"overlays":[{"center":[0,0],"width":0.3,"height":0.3,"rounded":true,"backgroundColor":"#FFFFFF","borderColor":"#000000","text":"","fontSize":12}]}`},
	} {
		var got, want any
		text := unzipSudokuPad(c.zipped)
		if err := json.Unmarshal([]byte(text), &got); err != nil {
			t.Errorf("%s → %s: %v", c.zipped, text, err)
			continue
		}
		if err := json.Unmarshal([]byte(c.want), &want); err != nil {
			t.Fatal(err)
		}
		if got = longKeys(got); !reflect.DeepEqual(got, want) {
			t.Errorf("%s\n→ %v\nwant %v", c.zipped, got, want)
		}
	}
}

// TestSPDevAccounted: in every real puzzle of sudokupad-dev.txt, every
// drawing the document holds is either part of a rule read or listed in
// the puzzle's Unread; none is dropped without a word. The drawings are
// counted here from the document's JSON, apart from the reader.
func TestSPDevAccounted(t *testing.T) {
	f, err := os.Open(datasets.Path(t, "sudokupad-dev.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for line := 1; sc.Scan(); line++ {
		link := strings.TrimSpace(sc.Text())
		if link == "" || strings.HasPrefix(link, "#") {
			continue
		}
		_, payload, err := linkPayload(link)
		if err != nil {
			t.Fatal(err)
		}
		text, err := decompressPayload(payload, maxDocument)
		if err != nil {
			t.Fatal(err)
		}
		p, r, err := parseSudokuPad([]byte(text))
		if err != nil {
			t.Errorf("line %d: %v", line, err)
			continue
		}
		if !json.Valid([]byte(text)) {
			text = unzipSudokuPad(text)
		}
		var raw any
		if err := json.Unmarshal([]byte(text), &raw); err != nil {
			t.Fatal(err)
		}
		doc := longKeys(raw).(map[string]any)
		drawn := 0
		for _, key := range []string{"lines", "arrows", "overlays", "underlays", "cages"} {
			list, _ := doc[key].([]any)
			copies := map[string]bool{} // a copy of a drawing is that drawing
			for _, x := range list {
				j, _ := json.Marshal(x)
				if shows(key, x.(map[string]any)) && (key == "cages" || !copies[string(j)]) {
					drawn++
				}
				copies[string(j)] = true
			}
		}
		read := map[int]bool{}
		for _, rd := range r.reads {
			for _, d := range rd.draws {
				read[d] = true
			}
		}
		hidden := 0 // the hidden cages read as the regions
		for d, dr := range r.draws {
			if dr.taken && !read[d] {
				hidden++
			}
		}
		listed := 0
		for _, u := range p.Unread {
			if u.Kind != sudokusat.UnreadSentence && u.Kind != sudokusat.UnreadFog {
				listed++
			}
		}
		if drawn != len(read)+hidden+listed {
			t.Errorf("line %d: %d drawings, %d read, %d read as regions, %d listed as not read", line, drawn, len(read), hidden, listed)
		}
	}
}

// shows reports whether an entry of a document's list shows anything: a
// line or an arrow with two points and a colour, a shape with a text or a
// colour that is not fully transparent, a cage with cells.
func shows(key string, e map[string]any) bool {
	clear := func(c any) bool {
		s, _ := c.(string)
		s = strings.ToLower(strings.TrimPrefix(s, "#"))
		return s == "" || s == "none" || s == "transparent" || len(s) == 8 && s[6:] == "00" || len(s) == 4 && s[3] == '0'
	}
	switch key {
	case "lines", "arrows":
		pts, _ := e["wayPoints"].([]any)
		return len(pts) >= 2 && !clear(e["color"])
	case "cages":
		cells, _ := e["cells"].([]any)
		return len(cells) > 0 && !(e["hidden"] == true && e["unique"] != true)
	}
	if t, ok := e["text"]; ok && strings.TrimSpace(fmt.Sprint(t)) != "" {
		return true
	}
	return !clear(e["backgroundColor"]) || !clear(e["borderColor"])
}

// BenchmarkSudokuPadDev reads every link of sudokupad-dev.txt: the time
// to read a SudokuPad link (decompress, unzip, read the drawings by the
// table, check the rules against the stated solution), per link.
func BenchmarkSudokuPadDev(b *testing.B) {
	data, err := os.ReadFile(datasets.Path(b, "sudokupad-dev.txt"))
	if err != nil {
		b.Fatal(err)
	}
	var links []string
	for line := range strings.Lines(string(data)) {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			links = append(links, line)
		}
	}
	for b.Loop() {
		for _, l := range links {
			if _, err := ParseLink(l); err != nil {
				b.Fatal(err)
			}
		}
	}
	datasets.ReportPerPuzzle(b, len(links))
}
