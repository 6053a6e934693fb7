package engine

import (
	"bytes"
	"context"
	"io"

	"github.com/sudokusat/sudokusat/drat"
	"github.com/sudokusat/sudokusat/encode"
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

// CheckProof checks a DRAT proof that the puzzle m describes has no
// solution in m's encoding: the formula is encoded again from m's puzzle,
// so that what is certified is the puzzle, whatever the file a solver was
// given held. It is decode's check of an external solver's UNSAT answer
// for a CNF written by "sudokusat encode".
func CheckProof(ctx context.Context, m *encode.VarMap, proof io.Reader) error {
	build, err := encode.Lookup(m.Encoding)
	if err != nil {
		return err
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
