package verdict

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/engine"
	"github.com/sudokusat/sudokusat/internal/compress"
)

// A Case is one puzzle of a batch: its place, for the reports, and where
// its reproducers go.
type Case struct {
	Index  int    // the puzzle's place in the batch, from 1: it names the files
	Where  string // FILE:LINE, for messages
	Puzzle *sudokusat.Puzzle
}

// A Reproducer says where the files that reproduce a case go.
type Reproducer struct {
	Dir        string // the folder; "" for none
	Suffix     string // ".gz" or ".xz" to compress the CNFs, else ""
	MaxClauses int    // the bound on a CNF's clauses, as the engines had it
}

// Report prints a case whose engines disagreed (agree false), failed or
// timed out, each engine's verdict vs[i] on a line, and writes into r's
// folder, when there is one, the CNF of each SAT encoding involved, so
// that the case can be rerun. A case that only timed out is reported
// without one: it holds nothing to reproduce.
func Report(w io.Writer, engines []*engine.Engine, c Case, vs []Verdict, agree bool, r Reproducer) {
	what := "TIMEOUT"
	for _, v := range vs {
		if v.Kind == Wrong || v.Kind == Error {
			what = "FAILED"
		}
	}
	if !agree {
		what = "DISAGREE"
	}
	if what == "TIMEOUT" {
		r = Reproducer{}
	}
	fmt.Fprintf(w, "%s #%d (%s): %s\n", what, c.Index, c.Where, c.Puzzle.Grid)
	written := map[string]bool{}
	for i, e := range engines {
		if vs[i].Kind == "" {
			continue
		}
		fmt.Fprintf(w, "  %-16s %v\n", e.Name()+":", vs[i])
		if r.Dir == "" || e.Encoding() == "" {
			continue
		}
		f, err := encode.Puzzle(c.Puzzle, encode.Options{Encoding: e.Encoding(), MaxClauses: r.MaxClauses})
		if err != nil {
			continue
		}
		path := filepath.Join(r.Dir, fmt.Sprintf("check-%06d-%s.cnf%s", c.Index, f.Encoding, r.Suffix))
		if written[path] {
			continue
		}
		written[path] = true
		if err := WriteCNF(path, f); err != nil {
			fmt.Fprintf(w, "  (could not write %s: %v)\n", path, err)
			continue
		}
		fmt.Fprintf(w, "  reproduce: %s\n", path)
	}
	if r.Dir == "" && what != "TIMEOUT" {
		fmt.Fprintf(w, "  (--out-dir DIR writes the CNF that reproduces this, shrunk)\n")
	}
}

// WriteCNF writes f as DIMACS CNF to path, compressed as its name says
// (compress.ByName), making its folder if it is missing.
func WriteCNF(path string, f *encode.Formula) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return compress.Create(path, func(w io.Writer) error { return encode.WriteDIMACS(w, f) })
}
