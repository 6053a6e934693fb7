package variant

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/internal/lzstring"
)

// scl is a SudokuPad document made by a test from Go values: a grid of
// side n (its boxes as regions unless regions says otherwise), its rules
// text and stated solution, and its drawings as SudokuPad's JSON has
// them. Positions are [row, column] on the grid's plane (at writes a
// cell's centre).
type scl struct {
	n                                         int
	givens                                    string // one digit or . per cell, or ""
	regions                                   [][]string
	noRegions                                 bool // leave "regions" out
	rules, solution                           string
	lines, arrows, overlays, underlays, cages []map[string]any
	meta                                      map[string]any
	global                                    []string
}

// at returns the centre of a cell named r1c1.
func at(name string) [2]float64 {
	var r, c int
	if _, err := fmt.Sscanf(name, "r%dc%d", &r, &c); err != nil {
		panic("not a cell: " + name)
	}
	return [2]float64{float64(r) - 0.5, float64(c) - 0.5}
}

// path returns the centres of cells named "r1c1 r1c2 …".
func path(names string) [][2]float64 {
	var out [][2]float64
	for _, f := range strings.Fields(names) {
		out = append(out, at(f))
	}
	return out
}

// rc returns cells named "r1c1 r1c2" as SudokuPad's [row, column] pairs.
func rc(names string) [][2]int {
	var out [][2]int
	for _, p := range path(names) {
		out = append(out, [2]int{int(p[0]), int(p[1])})
	}
	return out
}

// mid returns the middle of cells' centres: an edge's, or a corner's.
func mid(names string) [2]float64 {
	ps := path(names)
	var r, c float64
	for _, p := range ps {
		r, c = r+p[0], c+p[1]
	}
	return [2]float64{r / float64(len(ps)), c / float64(len(ps))}
}

// document returns the document's JSON.
func (d scl) document() []byte {
	n := d.n
	cells := make([][]map[string]any, n)
	for r := range cells {
		cells[r] = make([]map[string]any, n)
		for c := range cells[r] {
			cells[r][c] = map[string]any{}
			if i := r*n + c; i < len(d.givens) && d.givens[i] != '.' {
				cells[r][c]["value"] = int(d.givens[i] - '0')
			}
		}
	}
	meta := map[string]any{}
	if d.rules != "" {
		meta["rules"] = d.rules
	}
	if d.solution != "" {
		meta["solution"] = d.solution
	}
	for k, v := range d.meta {
		meta[k] = v
	}
	doc := map[string]any{"cellSize": 50, "cells": cells, "metadata": meta}
	for k, v := range map[string][]map[string]any{"lines": d.lines, "arrows": d.arrows, "overlays": d.overlays, "underlays": d.underlays, "cages": d.cages} {
		if v == nil {
			v = []map[string]any{}
		}
		doc[k] = v
	}
	if !d.noRegions {
		regions := d.regions
		if regions == nil {
			g, _, _ := fpGrid(n)
			regions = make([][]string, n)
			for cell := range n * n {
				b := g.Box(cell/n, cell%n)
				regions[b] = append(regions[b], fmt.Sprintf("r%dc%d", cell/n+1, cell%n+1))
			}
		}
		var list [][][2]int
		for _, reg := range regions {
			list = append(list, rc(strings.Join(reg, " ")))
		}
		doc["regions"] = list
	}
	if d.global != nil {
		doc["global"] = d.global
	}
	b, err := json.Marshal(doc)
	if err != nil {
		panic(err)
	}
	return b
}

// link returns the document as a SudokuPad link: zipped as SudokuPad's
// own zipper writes it (zip), or its JSON as it is.
func (d scl) link(zip bool) string {
	text := string(d.document())
	if zip {
		text = zipSCL(text)
	}
	return "https://sudokupad.app/scl" + lzstring.CompressToBase64(text)
}

// zipSCL writes a document's JSON in SudokuPad's zipped form, as its
// zipper does: short keys without quotes, strings in single quotes,
// strings of digits as numbers, true and false as t and f, "#000000",
// "#FFFFFF" and other six-digit colours shortened, and empty objects in
// arrays left out.
func zipSCL(text string) string {
	short := map[string]string{}
	for k, long := range spLongKeys {
		if k != "d2" {
			short[long] = k
		}
	}
	short["d"] = "d2"
	var v any
	if err := json.Unmarshal([]byte(text), &v); err != nil {
		panic(err)
	}
	var b strings.Builder
	var write func(v any)
	write = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			b.WriteByte('{')
			i := 0
			for _, long := range slices.Sorted(maps.Keys(v)) {
				if list, ok := v[long].([]any); ok && len(list) == 0 {
					continue // the zipper drops empty lists
				}
				if i > 0 {
					b.WriteByte(',')
				}
				i++
				name := long
				if s, ok := short[long]; ok {
					name = s
				}
				b.WriteString(name + ":")
				write(v[long])
			}
			b.WriteByte('}')
		case []any:
			b.WriteByte('[')
			for i, x := range v {
				if i > 0 {
					b.WriteByte(',')
				}
				if m, ok := x.(map[string]any); ok && len(m) == 0 {
					continue
				}
				write(x)
			}
			b.WriteByte(']')
		case string:
			switch {
			case v == "#000000":
				b.WriteString("#0")
			case v == "#FFFFFF":
				b.WriteString("#F")
			case len(v) == 7 && v[0] == '#' && isHex(v[1:]):
				b.WriteString(v[1:])
			case strconv.Itoa(atoi(v)) == v:
				b.WriteString(v)
			default:
				b.WriteString("'" + strings.ReplaceAll(strings.ReplaceAll(v, "'", `\'`), `"`, "'") + "'")
			}
		case bool:
			b.WriteString(map[bool]string{true: "t", false: "f"}[v])
		case float64:
			b.WriteString(strconv.FormatFloat(v, 'f', -1, 64))
		default:
			j, _ := json.Marshal(v)
			b.Write(j)
		}
	}
	write(v)
	return b.String()
}

func atoi(s string) int {
	v, err := strconv.Atoi(s)
	if err != nil {
		return math.MinInt
	}
	return v
}

// ruleString writes a rule as tests compare them: kind, cells by name,
// lines, value.
func ruleString(n int, r sudokusat.Rule) string {
	s := r.Kind
	if len(r.Cells) > 0 {
		s += " " + cellNames(n, r.Cells)
	}
	for _, l := range r.Lines {
		s += " / " + cellNames(n, l)
	}
	if r.Value != 0 {
		s += " = " + strconv.Itoa(r.Value)
	}
	return s
}

// checkRead fails unless p was read as the rules want (as ruleString
// writes them) with the drawings and sentences unread left unread ("kind:
// reason").
func checkRead(t *testing.T, name string, p *sudokusat.Puzzle, want, unread []string) {
	t.Helper()
	var got, left []string
	for _, r := range p.Rules {
		got = append(got, ruleString(p.Size(), r))
	}
	for _, u := range p.Unread {
		left = append(left, u.Kind+": "+u.Reason)
	}
	if !slices.Equal(got, want) || !slices.Equal(left, unread) {
		t.Errorf("%s: rules %q, not read %q; want %q, not read %q", name, got, left, want, unread)
	}
}

// parseSCL reads a made document through ParseLink, zipped or not.
func parseSCL(t *testing.T, d scl, zip bool) *sudokusat.Puzzle {
	t.Helper()
	p, err := ParseLink(d.link(zip))
	if err != nil {
		t.Fatalf("%s", err)
	}
	return p
}
