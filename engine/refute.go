package engine

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/sudokusat/sudokusat"

	"github.com/sudokusat/sudokusat/drat"
	"github.com/sudokusat/sudokusat/encode"
	"github.com/sudokusat/sudokusat/satsolve"
)

// checkRefutation is the one check of a SAT solver's UNSAT claim: proof, a
// DRAT proof, must refute cnf, the formula the solver was given (f's
// clauses, then any clauses blocking grids found before). For a direct
// encoding that is drat's check of the files as they are, package drat
// sharing no code with the encoder or the solvers. A reduced formula was
// derived by the encoder's propagation, which a proof over it would take on
// trust: checkReduced checks it from the puzzle's extended encoding.
func checkRefutation(ctx context.Context, f *encode.Formula, cnf, proof io.Reader) error {
	if !f.Direct() {
		return checkReduced(ctx, f, cnf, proof)
	}
	_, err := drat.Check(ctx, cnf, proof)
	return err
}

// checkProof is checkRefutation of gophersat's proof, given as clauses:
// the formula it refutes is f's clauses then the proof's blocking clauses.
// checkLifted needs only f's clauses that name an auxiliary variable: it
// is given f's clauses without the pairwise at-most-one ones over
// candidates, nine in ten of a 25×25 puzzle's.
func checkProof(ctx context.Context, f *encode.Formula, proof *satsolve.Proof) error {
	if !f.Direct() {
		return checkLifted(ctx, f, f.ClausesButPairwise(), slices.Values(proof.Blocks), bytes.NewReader(proof.DRAT))
	}
	var cnf bytes.Buffer
	if err := proof.CNF(&cnf, f); err != nil {
		return err
	}
	return checkRefutation(ctx, f, &cnf, bytes.NewReader(proof.DRAT))
}

// CheckProof checks a DRAT proof that the puzzle m describes has no
// solution in m's encoding: the formula is encoded again from m's puzzle,
// so that what is certified is the puzzle, whatever the file a solver was
// given held. It is decode's check of an external solver's UNSAT answer
// for a CNF written by "sudokusat encode".
//
// given is the number of clauses the CNF file the solver was given holds,
// counted in it. m comes from that file's header, which anyone can write,
// and the formula rebuilt from it may be far larger than the file: a 4 KB
// header claiming an empty 64×64 grid rebuilt 33 million clauses (3.6 GB,
// 30 s) before a three-line proof was read. So a direct encoding is rebuilt
// only when the file holds at least the clauses every direct encoding of
// the grid has, and a reduced one, whose proofs are checked up to
// maxLiftSize, is refused above it before anything is built (a 42 KB header
// claiming an empty 144×144 grid built 2 GB before that refusal).
func CheckProof(ctx context.Context, m *encode.VarMap, given int, proof io.Reader) error {
	build, err := encode.Lookup(m.Encoding)
	if err != nil {
		return err
	}
	n := m.Puzzle.Size()
	switch {
	case !direct(build):
		if err := liftable(n); err != nil {
			return err
		}
	case given < minDirectClauses(n):
		return fmt.Errorf("the CNF file holds %d clauses, fewer than the %d that every direct encoding of a %d×%d grid has: it is not the %s formula of its puzzle, so the proof is not checked", given, minDirectClauses(n), n, n, m.Encoding)
	}
	f, err := build(m.Puzzle)
	if err != nil {
		return err
	}
	var cnf bytes.Buffer
	if err := encode.WriteDIMACS(&cnf, f); err != nil {
		return err
	}
	return checkRefutation(ctx, f, &cnf, proof)
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
