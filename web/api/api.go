// Package api is what the web page asks of sudokusat: solve, count, grade,
// encode and draw one puzzle given as text, answer a setter's questions
// about it (its true candidates, what would make it unique, what it does
// not need), and generate new ones. A
// puzzle is a classic grid in any format the command line reads, or a
// variant puzzle as an f-puzzles JSON document or link. Requests
// and replies are plain records that travel as JSON, so that cmd/wasm only
// carries them across to JavaScript and the page holds no Sudoku logic of
// its own. Bad input gets the command line's messages, in its form
// "STATUS: line N: reason".
package api

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/engine"
	"github.com/sudokusat/sudokusat/explain"
	"github.com/sudokusat/sudokusat/setter"
)

// Engines the page runs are the rows of its table (Service.Table) that
// start no process (engine.Info.Page): the native solver, the search,
// dancing links and the embedded gophersat, under the command line's
// names, which mean the same here. An empty name is the engine that is
// fast on the puzzle (engine.For): native for a classic grid, the search
// for one with rules or regions.

// Statuses of a successful reply, by operation. Solve's is "solved"; a
// failure's status is the engine layer's, as the command line prints it
// (engine.Status: "unsolvable", "invalid", "timeout", "error", …).
const (
	StatusCounted   = "counted"
	StatusGraded    = "graded"
	StatusGenerated = "generated"
	StatusEncoded   = "encoded"
	StatusDrawn     = "drawn"
	// StatusWorking is a progress report's, sent while an operation
	// works (CallProgress): it is never an answer.
	StatusWorking = "working"
)

// Request is one call's input. Each operation reads only the fields its
// doc comment names; the zero value of the others is ignored.
type Request struct {
	// Puzzle is the puzzle as text, in any format the command line reads:
	// a classic grid, or a variant puzzle as one f-puzzles JSON document
	// or link.
	Puzzle string `json:"puzzle"`
	// Engine names one of the page's engines (Engines); empty means the
	// one that is fast on the puzzle (engine.For).
	Engine string `json:"engine"`
	// Encoding names the CNF encoding for the SAT engine and Encode;
	// empty means encode.Default.
	Encoding string `json:"encoding"`
	// Limit is how many solutions Count looks for; 0 means 2. It is
	// the cap of Candidates (each candidate's solutions counted up to
	// it; 0 means 1, possible or not) and of Hint (the puzzle's; 0 means
	// 10), at most MaxCap.
	Limit int `json:"limit"`
	// Size, Hints, Difficulty and Symmetric are Generate's targets, as
	// the generate command's flags of the same names.
	Size       int     `json:"size"`
	Hints      int     `json:"hints"`
	Difficulty float64 `json:"difficulty"`
	Symmetric  bool    `json:"symmetric"`
	// Seed makes Generate reproducible: a whole number, written as a
	// string because JavaScript numbers lose precision above 2⁵³. Empty
	// means a random seed, reported in the reply.
	Seed string `json:"seed"`
	// MaxRating and NoGuess are Explain's: stop where only steps harder
	// than MaxRating remain (0: no limit), or where a guess would be next.
	MaxRating float64 `json:"maxRating"`
	NoGuess   bool    `json:"noGuess"`
	// CellSize is a drawn cell's side in pixels, render.MinCellSize to
	// render.MaxCellSize (4 to 400); 0 means 40. Any other is an error
	// reply, before any work.
	CellSize float64 `json:"cellSize"`
}

// Reply is one call's answer. Message is set exactly when the call failed,
// and holds the line the command line would print for it.
type Reply struct {
	Status  string `json:"status"`
	Message string `json:"message,omitempty"`
	// Puzzle is the puzzle's givens on one line; Size its side and
	// Givens its number of givens.
	Puzzle string `json:"puzzle,omitempty"`
	Size   int    `json:"size,omitempty"`
	Givens int    `json:"givens,omitempty"`
	// Variant lists the rules of a variant puzzle beyond rows, columns and
	// boxes ("jigsaw", "killer", "anti-knight", …), each once, in the
	// order the puzzle gives them; it is empty for a classic puzzle, whose
	// Puzzle line says it all.
	Variant []string `json:"variant,omitempty"`
	// NotRead lists what the puzzle's document shows that was not read
	// as a rule (drawings, fog of war), as the command line's JSON
	// records do under the same name: the answer holds for the rules
	// read, whatever these mean.
	NotRead []Unread `json:"not_read,omitempty"`
	// NotReadNote says NotRead in the command line's warning sentence
	// (sudokusat.NotReadNote), for the page to show beside the answer.
	NotReadNote string `json:"not_read_note,omitempty"`
	// RulesText is the rules the puzzle's document states in words
	// (SudokuPad's rules metadata), quoted, as the command line's JSON
	// records carry it.
	RulesText string `json:"rules_text,omitempty"`
	// Title and Author are the puzzle's title and setter as its document
	// states them, as the command line's JSON records carry them.
	Title  string `json:"title,omitempty"`
	Author string `json:"author,omitempty"`
	// Solution is the solution on one line.
	Solution string `json:"solution,omitempty"`
	// Other and Differ are Count's answer when a puzzle has several
	// solutions: a second solution on one line, and the cells ("r1c2")
	// where it differs from Solution, where a setter may add a given.
	Other  string   `json:"other,omitempty"`
	Differ []string `json:"differ,omitempty"`
	// Link is Solve's puzzle as an f-puzzles link carrying the solution
	// found as its stated solution, to share (grids up to 35×35), or as a
	// SudokuPad link when it has a rule f-puzzles has no form for.
	Link string `json:"link,omitempty"`
	// Stated compares the solution the puzzle states, when it states one,
	// with Solve's or Count's answer, as the command line's JSON does:
	// "agrees", "differs" or "breaks"; StatedNote says it in a sentence
	// unless it agrees.
	Stated     string `json:"stated,omitempty"`
	StatedNote string `json:"statedNote,omitempty"`
	// Text is the record the command line prints on success: the
	// solution in the puzzle's own layout (solve), the count ("1", "≥2"),
	// or the grade line ("5.0 guessing guesses=21").
	Text string `json:"text,omitempty"`
	// Count and Limit are Count's answer: solutions found, capped at Limit.
	// Hint's count is the puzzle's, up to its cap; Minimal's, of a puzzle
	// that is not unique, up to 2. Candidates' and Hint's Limit is the
	// cap they used.
	Count int `json:"count,omitempty"`
	Limit int `json:"limit,omitempty"`
	// Candidates are Candidates' answer: each cell's possible digits,
	// row-major, givens included; Counts, with a cap above 1, each cell's
	// count of solutions for digits 1 to N, up to the cap. Met is the
	// number of distinct solutions found on the way.
	Candidates [][]int `json:"candidates,omitempty"`
	Counts     [][]int `json:"counts,omitempty"`
	Met        int     `json:"met,omitempty"`
	// Unique, Closest and Left, Core and Fixes are Hint's answer: the
	// givens that each make the puzzle unique; when none does, those that
	// leave the fewest solutions, Left of them; for a puzzle without a
	// solution, givens and rules with none among themselves, and those
	// of them whose removal alone gives it one.
	Unique  []Part `json:"unique,omitempty"`
	Closest []Part `json:"closest,omitempty"`
	Left    int    `json:"left,omitempty"`
	// Pair, Tried and Ranked are Hint's answer when no one given makes
	// the puzzle unique: two givens that together do, the givens weighed,
	// and the count up to which the closest were counted past the cap
	// (Left at Ranked: at least that many).
	Pair   []Part `json:"pair,omitempty"`
	Tried  int    `json:"tried,omitempty"`
	Ranked int    `json:"ranked,omitempty"`
	Core   []Part `json:"core,omitempty"`
	Fixes  []Part `json:"fixes,omitempty"`
	// Alone, Together and IsMinimal are Minimal's answer: the givens and
	// rules that can each go alone with the puzzle staying unique, one
	// maximal set that can go together, and whether nothing can go.
	Alone     []Part `json:"alone,omitempty"`
	Together  []Part `json:"together,omitempty"`
	IsMinimal bool   `json:"minimal,omitempty"`
	// Questions is the number of counts the setters' questions asked.
	Questions int `json:"questions,omitempty"`
	// Progress is a progress report's (StatusWorking): how far the
	// operation has got.
	Progress *Progress `json:"progress,omitempty"`
	// Score, Hardest and Guesses are the grade, from Grade, or from
	// Generate with a difficulty target.
	Score   float64 `json:"score,omitempty"`
	Hardest string  `json:"hardest,omitempty"`
	Guesses int     `json:"guesses,omitempty"`
	// Reached, Attempts and Seed describe a generated puzzle: whether its
	// targets were met, how many full grids were tried, and the seed that
	// makes it again.
	Reached  bool   `json:"reached,omitempty"`
	Attempts int    `json:"attempts,omitempty"`
	Seed     string `json:"seed,omitempty"`
	// Engine and Encoding say what solved or counted; Encoding also names
	// Encode's encoding.
	Engine   string `json:"engine,omitempty"`
	Encoding string `json:"encoding,omitempty"`
	// Micros is the time the work took, in microseconds.
	Micros float64 `json:"us,omitempty"`
	// SVG draws the puzzle, with the solution in blue when there is one.
	SVG string `json:"svg,omitempty"`
	// Engines are the engines the page runs, from Engines.
	Engines []EngineInfo `json:"engines,omitempty"`
	// Explanation is Explain's solve path, as explain --format json writes
	// it.
	Explanation *explain.Report `json:"explanation,omitempty"`
	// DIMACS is Encode's CNF, Vars and Clauses its size, and Filename a
	// name to save it under.
	DIMACS   string `json:"dimacs,omitempty"`
	Vars     int    `json:"vars,omitempty"`
	Clauses  int    `json:"clauses,omitempty"`
	Filename string `json:"filename,omitempty"`
}

// Progress is how far a long operation has got, reported while it works
// (CallProgress); Minimal reports it, as the command line's minimal
// --progress json does: its Text says it in words, as the page shows it
// ("Minimal: 37 of 81 givens tried alone, 12 removable"), and its numbers
// are the Stage under way ("unique", "alone", "together", Pass after
// Pass), the parts Done of its Total and those found Removable, the
// Questions asked and the microseconds ("us") so far.
type Progress = setter.Progress

// ProgressEvery is how often CallProgress reports at most, after its
// first report, which it sends at once: a page shows a report for about
// this long, and a count can take microseconds.
const ProgressEvery = 100 * time.Millisecond

// progressKey carries an operation's progress reporter in its context.
type progressKey struct{}

// reporter returns the progress reporter in ctx, or nil.
func reporter(ctx context.Context) func(Progress) {
	report, _ := ctx.Value(progressKey{}).(func(Progress))
	return report
}

// Unread is one part of a puzzle's document that was not read as a rule
// (sudokusat.Unread): its kind ("line", "circle", "rectangle", "text",
// "cage", "shading", "arrow", "sentence", "fog of war"), the cells it is
// on ("r1c2"), the text it shows, if any, and why it was not read, when
// the reader says.
type Unread struct {
	Kind   string   `json:"kind"`
	Cells  []string `json:"cells"`
	Text   string   `json:"text,omitempty"`
	Reason string   `json:"reason,omitempty"`
}

// EngineInfo is one engine the page runs: its name, what it is, and
// whether it takes puzzles with rules or regions.
type EngineInfo struct {
	Name  string `json:"name"`
	Doc   string `json:"doc"`
	Rules bool   `json:"rules"`
}

// Op is one operation of the page.
type Op func(context.Context, Request) Reply

// Service runs the page's operations. Its zero value runs gophersat in
// this process, as the WebAssembly build does; a server sets Workers, so
// that searches run in parallel and a deadline stops them.
type Service struct {
	// Table is the table of engines whose page rows the page runs; nil
	// means engine.Engines().
	Table engine.Table
	// Workers, when not nil, runs gophersat in its worker processes.
	Workers *engine.Workers
	// MaxSize, when above zero, is the largest grid side the operations
	// take, Generate's Size included: a server's bound on the work and
	// the reply one call may cause.
	MaxSize int
	// MaxDocument, when above zero, bounds a variant puzzle's f-puzzles
	// document in bytes, as sent or as decompressed from a link (16 MiB
	// otherwise): a link of 60 KB can decompress to 13 MB of JSON, whose
	// rules take a gigabyte to read.
	MaxDocument int
}

// Ops returns the page's operations by the names JavaScript calls them.
func (s Service) Ops() map[string]Op {
	return map[string]Op{
		"solve":    s.Solve,
		"count":    s.Count,
		"grade":    s.Grade,
		"generate": s.Generate,
		"encode":   s.Encode,
		"render":   s.Render,
		// The setters' questions.
		"candidates": s.Candidates,
		"hint":       s.Hint,
		"minimal":    s.Minimal,
		// Why and how hard.
		"explain": s.Explain,
		// What the page offers.
		"engines": s.Engines,
	}
}

// OpNames lists the names of the page's operations, sorted: those that
// Ops answers, for a help text to list.
func OpNames() []string { return slices.Sorted(maps.Keys(Ops())) }

// Ops returns the operations of the zero Service.
func Ops() map[string]Op { return Service{}.Ops() }

// Call is Service.Call on the zero Service.
func Call(ctx context.Context, op string, request []byte) []byte {
	return Service{}.Call(ctx, op, request)
}

// Call runs the operation named op on a JSON request and returns the JSON
// reply. It always returns a reply: an unknown operation, a malformed
// request or a panic in the solvers becomes an "error" reply, because a
// panic would end the WebAssembly program and leave the page dead.
func (s Service) Call(ctx context.Context, op string, request []byte) (reply []byte) {
	defer func() {
		if p := recover(); p != nil {
			reply = marshal(Reply{Status: engine.Failed.String(), Message: fmt.Sprintf("%s: %s: internal error: %v", engine.Failed.String(), op, p)})
		}
	}()
	fn, ok := s.Ops()[op]
	if !ok {
		return marshal(Reply{Status: engine.Failed.String(), Message: fmt.Sprintf("%s: unknown operation %q", engine.Failed.String(), op)})
	}
	var req Request
	if err := json.Unmarshal(request, &req); err != nil {
		return marshal(Reply{Status: engine.Failed.String(), Message: fmt.Sprintf("%s: %s: bad request: %v", engine.Failed.String(), op, err)})
	}
	return marshal(fn(ctx, req))
}

// CallProgress is Call that also reports how far a long operation has
// got: progress gets a reply whose Status is StatusWorking and whose
// Progress says it, as JSON, at once and then at most every
// ProgressEvery, in the operation's goroutine, before Call's reply.
// Operations that have no steps to count report nothing.
func (s Service) CallProgress(ctx context.Context, op string, request []byte, progress func([]byte)) []byte {
	var last time.Time
	report := func(p Progress) {
		if now := time.Now(); last.IsZero() || now.Sub(last) >= ProgressEvery {
			last = now
			progress(marshal(Reply{Status: StatusWorking, Progress: &p}))
		}
	}
	return s.Call(context.WithValue(ctx, progressKey{}, report), op, request)
}

func marshal(r Reply) []byte {
	b, err := json.Marshal(r)
	if err != nil { // only a NaN or infinite number could do this
		b, _ = json.Marshal(Reply{Status: engine.Failed.String(), Message: fmt.Sprintf("%s: %v", engine.Failed.String(), err)})
	}
	return b
}

// failed is failure for a puzzle that was read: its line is named, and
// what its document says beside its rules (document) given, as in a
// reply that did not fail.
func failed(status string, p *sudokusat.Puzzle, err error) Reply {
	r := failure(status, p.Line, err)
	r.document(p)
	return r
}

// document fills in what p's document says beside its rules: what was
// not read as rules, its rules text, title and author.
func (r *Reply) document(p *sudokusat.Puzzle) {
	r.NotRead, r.NotReadNote = notRead(p), sudokusat.NotReadNote(p.Unread)
	r.RulesText, r.Title, r.Author = p.RulesText, p.Title, p.Author
}

// failure is a reply that failed: status, and the command line's message,
// which names the puzzle's line when there is one.
func failure(status string, line int, err error) Reply {
	if line > 0 {
		return Reply{Status: status, Message: fmt.Sprintf("%s: line %d: %v", status, line, err)}
	}
	return Reply{Status: status, Message: fmt.Sprintf("%s: %v", status, err)}
}
