package main

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/engine"
	"github.com/sudokusat/sudokusat/web/api"
)

// TestOneRow: a new engine is one row of the table. A throwaway engine,
// added to the table in this test and nowhere else, is listed by solve's
// help, solves on the command line, and is offered by the API's list of
// the page's engines (the page draws its choice from it) and answers
// there, under the same name.
func TestOneRow(t *testing.T) {
	counted := 0
	row := engine.Info{Name: "throwaway", Doc: "a test's engine: the native solver, counted", Guesses: true, Runs: engine.InProcess, Page: true,
		Open: func(row engine.Info, _ string, o engine.Options) (*engine.Engine, error) {
			return engine.New(row, o, engine.CounterFunc(func(ctx context.Context, p *sudokusat.Puzzle, limit int) (engine.Result, error) {
				counted++
				return engine.Native().Count(ctx, p, limit)
			})), nil
		}}
	table := append(engine.Engines(), row)

	cli := func(stdin string, args ...string) (string, int) {
		var out, errOut bytes.Buffer
		code := runWith(context.Background(), table, append([]string{"sudokusat"}, args...), strings.NewReader(stdin), &out, &errOut)
		return out.String() + errOut.String(), code
	}
	if out, _ := cli("", "solve", "--help"); !strings.Contains(out, "throwaway") {
		t.Errorf("solve --help does not list the new engine:\n%s", out)
	}
	out, code := cli(inkala+"\n", "solve", "--engine", "throwaway", "-")
	if code != 0 || !strings.HasPrefix(out, inkalaSolution+"\n") || !strings.Contains(out, "(engine throwaway)") || counted != 1 {
		t.Errorf("solve --engine throwaway: exit %d, counted %d\n%s", code, counted, out)
	}
	// A classic engine: a variant puzzle is refused, naming the engines
	// that take rules, as for native.
	if out, code := cli("", "solve", "--engine", "throwaway", testdata+"variants/killer-4.json"); code != exitUnsolved || !strings.Contains(out, "engine throwaway takes classic grids only") {
		t.Errorf("a variant: exit %d\n%s", code, out)
	}

	svc := api.Service{Table: table}
	var list struct {
		Engines []struct{ Name string }
	}
	if err := json.Unmarshal(svc.Call(context.Background(), "engines", []byte(`{}`)), &list); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range list.Engines {
		names = append(names, e.Name)
	}
	if !slices.Contains(names, "throwaway") || slices.Contains(names, engine.NameAuto) {
		t.Errorf("the page's engines: %v", names)
	}
	r := svc.Solve(context.Background(), api.Request{Puzzle: inkala, Engine: "throwaway"})
	if r.Status != "solved" || r.Solution != inkalaSolution || r.Engine != "throwaway" {
		t.Errorf("the API: %s %q by %q", r.Status, r.Message, r.Engine)
	}
}
