// Package certify checks the proofs of SAT solvers' UNSAT answers on
// Sudoku formulas: that a puzzle has no solution, or none besides the
// grids already found. A proof of a direct encoding is checked against the
// formula as it is; one of the reduced encoding, which the encoder's
// propagation derived, is checked from the puzzle's extended encoding,
// built here from the grid alone (see Refutation). The checker is package
// drat's, which shares no code with the encoder or the solvers. The engines
// (package engine) call it for --certify; the decode command calls File.
package certify

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/sudokusat/sudokusat"

	"github.com/sudokusat/sudokusat/drat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/satsolve"
)

// Refutation is the one check of a SAT solver's UNSAT claim: proof, a
// DRAT proof, must refute cnf, the formula the solver was given (f's
// clauses, then any clauses blocking grids found before). For a direct
// encoding that is drat's check of the files as they are, package drat
// sharing no code with the encoder or the solvers. A reduced formula was
// derived by the encoder's propagation, which a proof over it would take on
// trust: checkReduced checks it from the puzzle's extended encoding.
func Refutation(ctx context.Context, f *encode.Formula, cnf, proof io.Reader) error {
	if !f.Direct() {
		return checkReduced(ctx, f, cnf, proof)
	}
	_, err := drat.Check(ctx, cnf, proof)
	return err
}

// Gophersat is Refutation of gophersat's proof of the UNSAT answer that
// ended its count of f, given as clauses: the formula it refutes is f's
// clauses then the proof's blocking clauses. checkLifted needs only f's
// clauses that name an auxiliary variable: it is given f's clauses without
// the pairwise at-most-one ones over candidates, nine in ten of a 25×25
// puzzle's.
func Gophersat(ctx context.Context, f *encode.Formula, proof *satsolve.Proof) error {
	if !f.Direct() {
		return checkLifted(ctx, f, f.ClausesButPairwise(), slices.Values(proof.Blocks), bytes.NewReader(proof.DRAT))
	}
	var cnf bytes.Buffer
	if err := proof.CNF(&cnf, f); err != nil {
		return err
	}
	return Refutation(ctx, f, &cnf, bytes.NewReader(proof.DRAT))
}

// ErrNotChecked is wrapped by File's error when the proof was not
// checked at all: the CNF file is not its puzzle's formula (with clauses
// that block solutions after it), or it is too large to check. The
// solver may be right; nothing is certified.
var ErrNotChecked = errors.New("the proof is not checked")

// File checks a DRAT proof that the formula a solver was given,
// given, read from a CNF file that "sudokusat encode" or "sudokusat
// family" wrote, has no solution; m is the variable map of the file's
// comments. What is certified is the puzzle m describes: its formula is
// encoded again from m's puzzle, the file's clauses must begin with it,
// clause for clause, and each clause after it must block a grid the
// validator accepts as a solution (the clause that makes a refutation
// instance of a unique puzzle). The proof is checked against those
// clauses, the formula the solver refuted. File returns the number
// of blocking clauses: with none, the puzzle has no solution; with k, it
// has none but the grids they block.
//
// m comes from the file's header, which anyone can write, and the
// formula rebuilt from it may be far larger than the file: a 4 KB header
// claiming an empty 64×64 grid rebuilt 33 million clauses (3.6 GB, 30 s)
// before a three-line proof was read. So a direct encoding is rebuilt
// only when the file holds at least the clauses every direct encoding of
// the grid has, and a reduced one, whose proofs are checked up to
// maxLiftSize, is refused above it before anything is built (a 42 KB
// header claiming an empty 144×144 grid built 2 GB before that refusal).
func File(ctx context.Context, m *encode.VarMap, given *encode.Formula, proof io.Reader) (blocks int, err error) {
	build, err := encode.Lookup(m.Encoding)
	if err != nil {
		return 0, err
	}
	n := m.Puzzle.Size()
	switch {
	case !direct(build):
		if err := liftable(n); err != nil {
			return 0, fmt.Errorf("%w: %w", ErrNotChecked, err)
		}
	case given.NumClauses() < minDirectClauses(n):
		return 0, fmt.Errorf("%w: the CNF file holds %d clauses, fewer than the %d that every direct encoding of a %d×%d grid has: it is not the %s formula of its puzzle", ErrNotChecked, given.NumClauses(), minDirectClauses(n), n, n, m.Encoding)
	}
	f, err := build(m.Puzzle.Grid)
	if err != nil {
		return 0, err
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if i := firstDifference(f, given); i >= 0 {
		return 0, fmt.Errorf("%w: clause %d of the CNF file is not clause %d of its puzzle's %s formula: the file is not the formula its comments describe", ErrNotChecked, i+1, i+1, m.Encoding)
	}
	blocks = given.NumClauses() - f.NumClauses()
	if !f.Direct() {
		return blocks, checkGiven(ctx, f, given, proof)
	}
	i := 0
	for c := range given.Clauses() {
		if i++; i > f.NumClauses() {
			if err := blocksGrid(m.Puzzle.Grid, c); err != nil {
				return 0, fmt.Errorf("%w: clause %d of the CNF file, after its puzzle's formula, blocks no solution: %w", ErrNotChecked, i, err)
			}
		}
	}
	// given is f's clauses and the blocking ones: with f's map, it is
	// written as f is.
	given.VarMap = f.VarMap
	var cnf bytes.Buffer
	if err := encode.WriteDIMACS(&cnf, given); err != nil {
		return 0, err
	}
	_, err = drat.Check(ctx, &cnf, proof)
	return blocks, err
}

// firstDifference returns the index of the first of f's clauses that
// given does not hold at the same place, or -1 when given begins with f.
func firstDifference(f, given *encode.Formula) int {
	if given.NumClauses() < f.NumClauses() {
		return given.NumClauses()
	}
	var want [][]int32
	for c := range f.Clauses() {
		want = append(want, slices.Clone(c))
	}
	i := 0
	for c := range given.Clauses() {
		if i == len(want) {
			break
		}
		if !slices.Equal(c, want[i]) {
			return i
		}
		i++
	}
	return -1
}

// blocksGrid checks that c, a clause over a direct encoding's variables,
// blocks a solution of p: it negates one digit in each blank cell, and
// those digits with the givens make a grid the validator accepts.
func blocksGrid(p *sudokusat.Grid, c []int32) error {
	n := p.Size()
	g := p.Clone()
	for _, x := range c {
		if x >= 0 || int(-x) > n*n*n {
			return fmt.Errorf("literal %d is not a negated cell digit", x)
		}
		v := int(-x) - 1
		cell, d := v/n, v%n+1
		if p.Cell(cell) != 0 || g.Cell(cell) != 0 {
			return fmt.Errorf("literal %d names a given or a cell named before", x)
		}
		g.SetCell(cell, d)
	}
	return sudokusat.CheckSolution(p, g)
}

// minDirectClauses is the fewest clauses a direct encoding of an n×n grid
// has: the minimal encoding's n² at-least-one clauses and 3n²·C(n,2)
// pairwise at-most-one clauses, to which efficient and extended add.
func minDirectClauses(n int) int { return n*n + 3*n*n*(n*(n-1)/2) }

// direct reports whether build makes a direct formula (a variable per
// cell and digit, its clauses fixed by the grid's size), asked of the
// encoding itself on an empty 4×4 grid, so that no list of names here can
// drift from encode's.
func direct(build encode.Encoding) bool {
	g, err := sudokusat.ParseLine(strings.Repeat(".", 16), 2, 2)
	if err != nil {
		return false
	}
	f, err := build(g)
	return err == nil && f.Direct()
}
