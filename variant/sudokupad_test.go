package variant

import (
	"encoding/json"
	"reflect"
	"testing"
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
