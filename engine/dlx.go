package engine

import (
	"context"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/dlx"
)

// NameDLX names Knuth's dancing-links exact-cover solver.
const NameDLX = "dlx"

// DLX returns the dancing-links solver. Its Stats report the nodes of its
// search tree as Guesses: rows placed by the search, forced ones included.
func DLX() Engine { return dlxEngine{} }

type dlxEngine struct{}

func (dlxEngine) Name() string { return NameDLX }

func (dlxEngine) Count(ctx context.Context, g *sudokusat.Grid, limit int) (Result, error) {
	r, err := dlx.Count(ctx, g, limit)
	if err != nil {
		return Result{}, err
	}
	return Result{Count: r.Count, Solutions: grids(r.Solution), Stats: Stats{Guesses: r.Nodes}}, nil
}
