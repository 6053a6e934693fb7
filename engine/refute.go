package engine

import (
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
