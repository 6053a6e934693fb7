package variant

import (
	"runtime"
	"slices"
	"sync"
	"weak"

	"github.com/sudokusat/sudokusat"
)

// Warnings returns what reading p from an f-puzzles document or link
// found doubtful but read anyway, a sentence each: a killer cage labelled
// with text rather than a sum (read without one), a clue whose label is
// not a number (ignored, as the f-puzzles solver ignores it). It is nil
// for a puzzle read without a doubt, or not read by this package. The
// command line prints them on standard error.
//
// The warnings are kept beside the puzzle, not in it, for as long as it
// lives: a copy of the Puzzle value has none.
func Warnings(p *sudokusat.Puzzle) []string {
	warned.Lock()
	defer warned.Unlock()
	return slices.Clone(warned.m[weak.Make(p)])
}

// warned holds the warnings of the puzzles read with some, by a weak
// pointer to each, which a cleanup removes once the puzzle is collected.
var warned struct {
	sync.Mutex
	m map[weak.Pointer[sudokusat.Puzzle]][]string
}

// setWarnings records ws as p's warnings.
func setWarnings(p *sudokusat.Puzzle, ws []string) {
	if len(ws) == 0 {
		return
	}
	k := weak.Make(p)
	warned.Lock()
	if warned.m == nil {
		warned.m = map[weak.Pointer[sudokusat.Puzzle]][]string{}
	}
	warned.m[k] = ws
	warned.Unlock()
	runtime.AddCleanup(p, func(k weak.Pointer[sudokusat.Puzzle]) {
		warned.Lock()
		delete(warned.m, k)
		warned.Unlock()
	}, k)
}
